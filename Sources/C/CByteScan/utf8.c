// UTF-8 validation sixteen bytes at a time (SSSE3) where the processor has it (checked once), after
// the lookup-table method of Keiser and Lemire ("Validating UTF-8 In Less Than One Instruction Per
// Byte", 2021): every pair of adjacent bytes is classified by three 16-entry tables (high nibble of the
// first byte, its low nibble, high nibble of the second) whose AND is nonzero exactly for the pairs
// no valid UTF-8 holds; the third and fourth bytes of long sequences are checked from the lead byte
// two or three places back. The tail is checked in a zero-padded block, so a sequence cut by the end
// is an error. Other machines take the scalar loop, which gives the same answers.
#include "CByteScan.h"
#include <string.h>

static int tidings_utf8_scalar(const uint8_t *p, size_t n, int *ascii) {
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

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// What is wrong with a pair of bytes (first, second); one bit per kind of error.
#define TOO_SHORT (1 << 0)      // lead byte, then no continuation byte
#define TOO_LONG (1 << 1)       // ASCII, then a continuation byte
#define OVERLONG_3 (1 << 2)     // E0, then 80-9F
#define TOO_LARGE (1 << 3)      // F4 then 90-BF, or F5-FF then 90-BF
#define SURROGATE (1 << 4)      // ED, then A0-BF
#define OVERLONG_2 (1 << 5)     // C0 or C1, then a continuation byte
#define TOO_LARGE_1000 (1 << 6) // F5-FF, then 80-8F
#define OVERLONG_4 (1 << 6)     // F0, then 80-8F
#define TWO_CONTS (1 << 7)      // two continuation bytes: an error unless a lead byte two or three back asks for it
#define CARRY (TOO_SHORT | TOO_LONG | TWO_CONTS)

static const uint8_t firstHighTable[16] = {
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
    TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
    TOO_SHORT | OVERLONG_2, TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4};
static const uint8_t firstLowTable[16] = {
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY, CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000};
static const uint8_t secondHighTable[16] = {
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT};

__attribute__((target("ssse3"))) static int tidings_utf8_ssse3(const uint8_t *p, size_t n, int *ascii) {
    const __m128i firstHigh = _mm_loadu_si128((const __m128i *)(const void *)firstHighTable);
    const __m128i firstLow = _mm_loadu_si128((const __m128i *)(const void *)firstLowTable);
    const __m128i secondHigh = _mm_loadu_si128((const __m128i *)(const void *)secondHighTable);
    const __m128i lowNibble = _mm_set1_epi8(0x0F);
    const __m128i highBit = _mm_set1_epi8((char)0x80);
    __m128i previous = _mm_setzero_si128();
    __m128i error = _mm_setzero_si128();
    int previousASCII = 1;
    int sawNonASCII = 0;
    uint8_t tail[16];
    size_t i = 0;
    for (;;) {
        __m128i block;
        int last = 0;
        if (i + 16 <= n) {
            block = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        } else {
            memset(tail, 0, sizeof tail);
            memcpy(tail, p + i, n - i);
            block = _mm_loadu_si128((const __m128i *)(const void *)tail);
            last = 1;
        }
        int isASCII = _mm_movemask_epi8(block) == 0;
        if (!(isASCII && previousASCII)) {
            sawNonASCII |= !isASCII;
            __m128i prev1 = _mm_alignr_epi8(block, previous, 15);
            __m128i prev2 = _mm_alignr_epi8(block, previous, 14);
            __m128i prev3 = _mm_alignr_epi8(block, previous, 13);
            __m128i special = _mm_and_si128(
                _mm_and_si128(
                    _mm_shuffle_epi8(firstHigh, _mm_and_si128(_mm_srli_epi16(prev1, 4), lowNibble)),
                    _mm_shuffle_epi8(firstLow, _mm_and_si128(prev1, lowNibble))),
                _mm_shuffle_epi8(secondHigh, _mm_and_si128(_mm_srli_epi16(block, 4), lowNibble)));
            // 0x80 where a lead byte two places back (E0 and up) or three back (F0 and up) wants a
            // second continuation byte here.
            __m128i third = _mm_subs_epu8(prev2, _mm_set1_epi8(0x60));
            __m128i fourth = _mm_subs_epu8(prev3, _mm_set1_epi8(0x70));
            __m128i wanted = _mm_and_si128(_mm_or_si128(third, fourth), highBit);
            error = _mm_or_si128(error, _mm_xor_si128(special, wanted));
        }
        if (last) break;
        previous = block;
        previousASCII = isASCII;
        i += 16;
        if ((i & 1023) == 0 && _mm_movemask_epi8(_mm_cmpeq_epi8(error, _mm_setzero_si128())) != 0xFFFF) return 0;
    }
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(error, _mm_setzero_si128())) != 0xFFFF) return 0;
    *ascii = !sawNonASCII;
    return 1;
}
#endif

int tidings_utf8_valid(const uint8_t *p, size_t n, int *ascii) {
#if defined(__x86_64__) || defined(__i386__)
    if (n >= 16 && __builtin_cpu_supports("ssse3")) return tidings_utf8_ssse3(p, n, ascii);
#endif
    return tidings_utf8_scalar(p, n, ascii);
}
