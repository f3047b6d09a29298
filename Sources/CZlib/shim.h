// zlib for FeedStore, which compresses stored article bodies (BodyColumn). Only FeedStore imports
// this module. No shims are needed: the calls used (compressBound, compress2, uncompress) are plain
// C functions.
#include <zlib.h>
