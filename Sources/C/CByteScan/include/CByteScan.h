// Byte scans for FeedHTML's hot paths (and the JSON string escaping built on one), sixteen bytes at a time with SSE2 (part of every x86-64; other
// machines take the byte loop). Swift's SIMD types compile these to per-lane loops, so they live in
// C, as static inline functions the Swift code inlines. Each returns the index of the first byte from
// `from` on that it looks for, or `n` when there is none.
#ifndef TIDINGS_CBYTESCAN_H
#define TIDINGS_CBYTESCAN_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__SSE2__)
/// Which of the sixteen bytes of `v` are C0 controls other than tab and line feed, one byte of all
/// ones each: what the text scans below stop at besides their own bytes.
static inline __m128i tidings_controls_but_tab_and_line_feed(__m128i v) {
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    __m128i allowed = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(9)), _mm_cmpeq_epi8(v, _mm_set1_epi8(10)));
    return _mm_andnot_si128(allowed, control);
}

/// Which of the sixteen bytes of `v` a JSON string cannot hold as they are (see
/// `tidings_scan_json_special`), one bit each.
static inline int tidings_json_special_bits(__m128i v) {
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i lineSeparatorLead = _mm_set1_epi8((char)0xE2);
    const __m128i lastControl = _mm_set1_epi8(0x1F);
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, lastControl), v);
    __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                _mm_or_si128(_mm_cmpeq_epi8(v, lineSeparatorLead), control));
    return _mm_movemask_epi8(hits);
}
#endif

/// A byte a JSON string cannot hold as it is: below 0x20, `"`, `\`, or 0xE2 (the lead byte of
/// U+2028 and U+2029, which JavaScript reads as line ends).
static inline size_t tidings_scan_json_special(const uint8_t *p, size_t from, size_t n) {
    size_t i = from;
#if defined(__SSE2__)
    for (; i + 16 <= n; i += 16) {
        int bits = tidings_json_special_bits(_mm_loadu_si128((const __m128i *)(const void *)(p + i)));
        if (bits != 0) return i + (size_t)__builtin_ctz((unsigned)bits);
    }
#endif
    for (; i < n; i++) {
        uint8_t b = p[i];
        if (b < 0x20 || b == '"' || b == '\\' || b == 0xE2) return i;
    }
    return n;
}

/// A C0 control character other than tab, line feed and carriage return (XML allows no other).
static inline size_t tidings_scan_forbidden_control(const uint8_t *p, size_t from, size_t n) {
    size_t i = from;
#if defined(__SSE2__)
    const __m128i lastControl = _mm_set1_epi8(0x1F);
    const __m128i tab = _mm_set1_epi8(9);
    const __m128i lineFeed = _mm_set1_epi8(10);
    const __m128i carriageReturn = _mm_set1_epi8(13);
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, lastControl), v);
        __m128i allowed = _mm_or_si128(_mm_cmpeq_epi8(v, tab),
                                       _mm_or_si128(_mm_cmpeq_epi8(v, lineFeed), _mm_cmpeq_epi8(v, carriageReturn)));
        int bits = _mm_movemask_epi8(_mm_andnot_si128(allowed, control));
        if (bits != 0) return i + (size_t)__builtin_ctz((unsigned)bits);
    }
#endif
    for (; i < n; i++) {
        uint8_t b = p[i];
        if (b < 0x20 && b != 9 && b != 10 && b != 13) return i;
    }
    return n;
}

/// `&` or `<`: where a reference or markup starts.
static inline size_t tidings_scan_markup(const uint8_t *p, size_t from, size_t n) {
    size_t i = from;
#if defined(__SSE2__)
    const __m128i ampersand = _mm_set1_epi8('&');
    const __m128i open = _mm_set1_epi8('<');
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        int bits = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, ampersand), _mm_cmpeq_epi8(v, open)));
        if (bits != 0) return i + (size_t)__builtin_ctz((unsigned)bits);
    }
#endif
    for (; i < n; i++) {
        if (p[i] == '&' || p[i] == '<') return i;
    }
    return n;
}

/// The index of the last `byte` in `p[from..<to]`, searching backwards; `from - 1` when there is none
/// (`from` must be at least 1).
static inline size_t tidings_scan_last(const uint8_t *p, size_t from, size_t to, uint8_t byte) {
    size_t i = to;
#if defined(__SSE2__)
    const __m128i needle = _mm_set1_epi8((char)byte);
    while (i >= from + 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i - 16));
        int bits = _mm_movemask_epi8(_mm_cmpeq_epi8(v, needle));
        if (bits != 0) return i - 16 + (size_t)(31 - __builtin_clz((unsigned)bits));
        i -= 16;
    }
#endif
    while (i > from) {
        i--;
        if (p[i] == byte) return i;
    }
    return from - 1;
}

/// A byte the feed parser's direct reading of text (FeedModel's `TextRunReader`) stops at: `&`, `>`,
/// or a C0 control other than tab and line feed (carriage return included).
static inline size_t tidings_scan_text_run_special(const uint8_t *p, size_t from, size_t n) {
    size_t i = from;
#if defined(__SSE2__)
    const __m128i ampersand = _mm_set1_epi8('&');
    const __m128i close = _mm_set1_epi8('>');
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i hits = _mm_or_si128(tidings_controls_but_tab_and_line_feed(v),
                                    _mm_or_si128(_mm_cmpeq_epi8(v, ampersand), _mm_cmpeq_epi8(v, close)));
        int bits = _mm_movemask_epi8(hits);
        if (bits != 0) return i + (size_t)__builtin_ctz((unsigned)bits);
    }
#endif
    for (; i < n; i++) {
        uint8_t b = p[i];
        if (b == '&' || b == '>' || (b < 0x20 && b != 9 && b != 10)) return i;
    }
    return n;
}

/// A byte that is not ASCII (0x80 and above).
static inline size_t tidings_scan_non_ascii(const uint8_t *p, size_t from, size_t n) {
    size_t i = from;
#if defined(__SSE2__)
    for (; i + 16 <= n; i += 16) {
        int bits = _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + i)));
        if (bits != 0) return i + (size_t)__builtin_ctz((unsigned)bits);
    }
#endif
    for (; i < n; i++) {
        if (p[i] >= 0x80) return i;
    }
    return n;
}

/// Writes `p[0..<n]` as the inside of a JSON string literal to `out`, which must have room for
/// `6 * n` bytes: `"` and `\` escaped with a backslash, line feed, carriage return, tab, backspace and
/// form feed as `\n` `\r` `\t` `\b` `\f`, other controls as `\u00xx`, U+2028 and U+2029 (line ends
/// to JavaScript) as `\u2028` `\u2029`, everything else copied. Returns the bytes written.
size_t tidings_json_escape(const uint8_t *p, size_t n, uint8_t *out);

/// 1 when `p[0..<n]` is well-formed UTF-8 (no overlong forms, surrogates, values beyond U+10FFFF or
/// sequences cut by the end), else 0. When it is, `*ascii` is set to 1 if every byte is ASCII, else 0.
int tidings_utf8_valid(const uint8_t *p, size_t n, int *ascii);

#endif
