#ifndef TIDINGS_CPCRE2_SHIM_H
#define TIDINGS_CPCRE2_SHIM_H
// PCRE2 with 8-bit code units (UTF-8) for FeedStore's regular expressions. pcre2.h names its functions
// through macros Swift cannot import: Swift calls the `pcre2_*_8` functions they stand for.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
