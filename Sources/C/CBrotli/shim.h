// The brotli decoder for FeedFetch, which decodes response bodies itself (ContentDecoding): a body
// sent with Content-Encoding: br. Only FeedFetch imports this module.
#include <brotli/decode.h>
