// The scan for C0 controls XML forbids over long buffers (a chunk of a document, a long text): sixty-four
// bytes a step with AVX2 where the processor has it (checked once); include/CByteScan.h sends buffers
// of 256 bytes and more here, and takes the shorter ones and other processors itself.
#include "CByteScan.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/// 0xFF in the bytes of `v` that are controls other than tab, line feed and carriage return. A byte
/// under 0x10 plus 0x70 indexes the table of allowed ones; any larger byte saturates to 0x80 or more,
/// which the shuffle turns into 0.
__attribute__((target("avx2"))) static inline __m256i forbidden_controls(__m256i v) {
    const __m256i allowedTable = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, -1, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, -1, 0, 0);
    __m256i control = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(0x1F)), v);
    __m256i allowed = _mm256_shuffle_epi8(allowedTable, _mm256_adds_epu8(v, _mm256_set1_epi8(0x70)));
    return _mm256_andnot_si256(allowed, control);
}

/// The first forbidden control from `i`, or where fewer than 64 bytes are left.
__attribute__((target("avx2"))) static size_t forbidden_control_avx2(const uint8_t *p, size_t i, size_t n) {
    for (; i + 64 <= n; i += 64) {
        __m256i a = forbidden_controls(_mm256_loadu_si256((const __m256i *)(const void *)(p + i)));
        __m256i b = forbidden_controls(_mm256_loadu_si256((const __m256i *)(const void *)(p + i + 32)));
        if (_mm256_testz_si256(_mm256_or_si256(a, b), _mm256_or_si256(a, b))) continue;
        unsigned low = (unsigned)_mm256_movemask_epi8(a);
        if (low != 0) return i + (size_t)__builtin_ctz(low);
        return i + 32 + (size_t)__builtin_ctz((unsigned)_mm256_movemask_epi8(b));
    }
    return i;
}
#endif

size_t tidings_scan_forbidden_control_long(const uint8_t *p, size_t from, size_t n) {
    size_t i = from;
#if defined(__x86_64__) || defined(__i386__)
    if (__builtin_cpu_supports("avx2")) i = forbidden_control_avx2(p, i, n);
#endif
    return tidings_scan_forbidden_control_short(p, i, n);
}
