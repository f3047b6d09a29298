#ifndef TIDINGS_CCURL_SHIM_H
#define TIDINGS_CCURL_SHIM_H
#include <curl/curl.h>
// Typed shims for libcurl's variadic calls are added with FeedFetch.
#endif
