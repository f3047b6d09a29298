// The scans are static inline functions in include/CByteScan.h; the JSON escaper built on them is here.
#include "CByteScan.h"
#include <string.h>

size_t tidings_json_escape(const uint8_t *p, size_t n, uint8_t *out) {
    static const char hex[] = "0123456789abcdef";
    size_t i = 0;
    size_t o = 0;
    while (i < n) {
        size_t j = tidings_scan_json_special(p, i, n);
        memcpy(out + o, p + i, j - i);
        o += j - i;
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
