// libdeflate for FeedStore, which compresses stored article bodies into zlib streams (BodyColumn,
// BodyCompressor): about twice as fast as zlib's own deflate at level 1, with slightly smaller
// output. Only FeedStore imports this module; zlib (CZlib) still reads the streams back.
#include <libdeflate.h>
