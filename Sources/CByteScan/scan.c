// The scans are static inline functions in include/CByteScan.h; a C target needs a source file.
#include "CByteScan.h"
