#ifndef TIDINGS_CCURL_SHIM_H
#define TIDINGS_CCURL_SHIM_H
// libcurl for FeedFetch. Swift cannot call C variadic functions, and it drops macros that are casts
// or expressions; each shim below exists for one of those two reasons and fixes the argument type.
#include <curl/curl.h>

// curl_easy_setopt is variadic: one typed entry per argument kind libcurl reads for an option.

/// Options whose argument is a `long` (flags, limits, timeouts in seconds).
static inline CURLcode tidings_curl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

/// Options whose argument is a C string; libcurl copies it, so it may be freed after the call.
static inline CURLcode tidings_curl_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

/// Options whose argument is an opaque pointer (callback context, header list, error buffer).
static inline CURLcode tidings_curl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

/// Options whose argument is a `curl_off_t` (sizes that may exceed `long`).
static inline CURLcode tidings_curl_easy_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: both take the same `curl_write_callback` shape.
static inline CURLcode tidings_curl_easy_setopt_write_function(CURL *easy, CURLoption option,
                                                              curl_write_callback callback) {
    return curl_easy_setopt(easy, option, callback);
}

// curl_easy_getinfo is variadic: one typed entry per result kind.

/// CURLINFO_* whose result is a `long` (response code, redirect count).
static inline CURLcode tidings_curl_easy_getinfo_long(CURL *easy, CURLINFO info, long *out) {
    return curl_easy_getinfo(easy, info, out);
}

/// CURLINFO_* whose result is a C string owned by the easy handle (effective URL).
static inline CURLcode tidings_curl_easy_getinfo_string(CURL *easy, CURLINFO info, char **out) {
    return curl_easy_getinfo(easy, info, out);
}

/// CURLINFO_*_T whose result is a `curl_off_t` (times in microseconds, sizes).
static inline CURLcode tidings_curl_easy_getinfo_off(CURL *easy, CURLINFO info, curl_off_t *out) {
    return curl_easy_getinfo(easy, info, out);
}

/// curl_multi_setopt is variadic; every multi option Tidings sets takes a `long`.
static inline CURLMcode tidings_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

// Macros Swift does not import because they are casts or expressions.

/// CURL_GLOBAL_ALL is an OR of two macros, which Swift does not import.
static inline long tidings_curl_global_all(void) { return CURL_GLOBAL_ALL; }

/// CURLAUTH_BASIC is a cast-and-shift expression, which Swift does not import.
static inline long tidings_curl_auth_basic(void) { return (long)CURLAUTH_BASIC; }

/// CURLMsg keeps its result in a union that Swift exposes awkwardly; read it here.
static inline CURLcode tidings_curl_msg_result(const CURLMsg *message) { return message->data.result; }

#endif
