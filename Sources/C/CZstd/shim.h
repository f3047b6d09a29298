// zstd for FeedStore, which compresses the article bodies of a feed with a dictionary made from that
// feed's own text (BodyDictionary, BodyColumn): several times the speed of deflate, and a third smaller
// on short bodies that share words and markup. Only FeedStore imports this module.
#include <zstd.h>
