// zlib for FeedStore, which reads stored article bodies back (BodyColumn; they are written as zlib
// streams by libdeflate, CDeflate). Only FeedStore imports this module. No shims are needed: the call
// used (uncompress) is a plain C function.
#include <zlib.h>
