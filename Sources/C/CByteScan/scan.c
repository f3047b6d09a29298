// The scans are static inline functions in include/CByteScan.h; the JSON escaper built on them is here.
#include "CByteScan.h"
#include <string.h>

/// The index of the next byte `tidings_json_escape` cannot copy as it is, from `i` on, having copied
/// every byte before it to `out + o` (`*o` advanced by as many). Sixteen bytes are stored at a time
/// before looking at them: the caller's room of six bytes a byte always holds a whole block.
static inline size_t json_copy_plain(const uint8_t *p, size_t i, size_t n, uint8_t *out, size_t *o) {
#if defined(__SSE2__)
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        _mm_storeu_si128((__m128i *)(void *)(out + *o), v);
        int bits = tidings_json_special_bits(v);
        if (bits != 0) {
            size_t k = (size_t)__builtin_ctz((unsigned)bits);
            *o += k;
            return i + k;
        }
        *o += 16;
    }
#endif
    size_t j = tidings_scan_json_special(p, i, n);
    memcpy(out + *o, p + i, j - i);
    *o += j - i;
    return j;
}

size_t tidings_json_escape(const uint8_t *p, size_t n, uint8_t *out) {
    static const char hex[] = "0123456789abcdef";
    size_t i = 0;
    size_t o = 0;
    while (i < n) {
        size_t j = json_copy_plain(p, i, n, out, &o);
        if (j >= n) break;
        uint8_t b = p[j];
        i = j + 1;
        if (b == 0xE2) {
            if (j + 2 < n && p[j + 1] == 0x80 && (p[j + 2] == 0xA8 || p[j + 2] == 0xA9)) {
                memcpy(out + o, p[j + 2] == 0xA8 ? "\\u2028" : "\\u2029", 6);
                o += 6;
                i = j + 3;
            } else {
                out[o++] = b;
            }
            continue;
        }
        out[o++] = '\\';
        switch (b) {
        case '"': out[o++] = '"'; break;
        case '\\': out[o++] = '\\'; break;
        case '\n': out[o++] = 'n'; break;
        case '\r': out[o++] = 'r'; break;
        case '\t': out[o++] = 't'; break;
        case '\b': out[o++] = 'b'; break;
        case '\f': out[o++] = 'f'; break;
        default:
            memcpy(out + o, "u00", 3);
            out[o + 3] = (uint8_t)hex[b >> 4];
            out[o + 4] = (uint8_t)hex[b & 15];
            o += 5;
        }
    }
    return o;
}
