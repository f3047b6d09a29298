// UTF-8 validation: runs of ASCII skipped sixteen bytes at a time (`tidings_scan_non_ascii`), each
// other sequence checked by its lead byte's rules (no overlong forms, surrogates, values beyond
// U+10FFFF, or sequences cut by the end).
#include "CByteScan.h"

int tidings_utf8_valid(const uint8_t *p, size_t n, int *ascii) {
    size_t i = 0;
    int sawNonASCII = 0;
    while (i < n) {
        i = tidings_scan_non_ascii(p, i, n);
        if (i >= n) break;
        sawNonASCII = 1;
        uint8_t b = p[i];
        if (b < 0xC2) return 0;
        if (b < 0xE0) {
            if (i + 1 >= n || (p[i + 1] & 0xC0) != 0x80) return 0;
            i += 2;
            continue;
        }
        if (b < 0xF0) {
            if (i + 2 >= n) return 0;
            uint8_t c = p[i + 1];
            if ((c & 0xC0) != 0x80 || (p[i + 2] & 0xC0) != 0x80) return 0;
            if (b == 0xE0 && c < 0xA0) return 0;
            if (b == 0xED && c > 0x9F) return 0;
            i += 3;
            continue;
        }
        if (b > 0xF4 || i + 3 >= n) return 0;
        uint8_t c = p[i + 1];
        if ((c & 0xC0) != 0x80 || (p[i + 2] & 0xC0) != 0x80 || (p[i + 3] & 0xC0) != 0x80) return 0;
        if (b == 0xF0 && c < 0x90) return 0;
        if (b == 0xF4 && c > 0x8F) return 0;
        i += 4;
    }
    *ascii = !sawNonASCII;
    return 1;
}
