#ifndef CCHATFORMPREFETCH_H
#define CCHATFORMPREFETCH_H

// What Swift has no word for in a hot loop: cache prefetch hints, and the one vector compare
// the line walks take to find a line's end.
//
// Prefetch: a loop over scattered objects (a table's measured rows and their prepared texts)
// asks for the memory of the object a few steps ahead while it works on this one. A hint
// never faults and never changes what a program computes, whatever the address (a stale one
// costs a wasted line).

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Asks for the cache lines covering `bytes` bytes from `address` (at most 16 lines), to be
/// read (`for_write` 0) or written (`for_write` 1) soon. Address 0 asks for nothing.
static inline __attribute__((always_inline)) void cfp_prefetch(uintptr_t address, uint32_t bytes, int for_write) {
    if (address == 0) return;
    uintptr_t line = address & ~(uintptr_t)63;
    uintptr_t end = address + (bytes < 1024 ? bytes : 1024);
    for (; line < end; line += 64) {
        if (for_write) __builtin_prefetch((const void *)line, 1, 3);
        else __builtin_prefetch((const void *)line, 0, 3);
    }
}

/// How many of the 8 narrow line steps at `steps` (8 bytes each, its content end the first
/// `int32_t`) come before the first whose content end is over `threshold`: 0 to 8, with no
/// branch. All 64 bytes are read (the caller's memory must hold them: `ShapedColumns` keeps
/// 64 bytes past the last step), with SSE2 in one compare.
static inline __attribute__((always_inline)) intptr_t cfp_narrow_steps_fitting(const void *steps, int32_t threshold) {
#if defined(__SSE2__)
    const __m128i *p = (const __m128i *)steps;
    __m128 s0 = _mm_castsi128_ps(_mm_loadu_si128(p)), s1 = _mm_castsi128_ps(_mm_loadu_si128(p + 1));
    __m128 s2 = _mm_castsi128_ps(_mm_loadu_si128(p + 2)), s3 = _mm_castsi128_ps(_mm_loadu_si128(p + 3));
    // The content ends (every other 32-bit lane): steps 0-3 and 4-7.
    __m128i low = _mm_castps_si128(_mm_shuffle_ps(s0, s1, _MM_SHUFFLE(2, 0, 2, 0)));
    __m128i high = _mm_castps_si128(_mm_shuffle_ps(s2, s3, _MM_SHUFFLE(2, 0, 2, 0)));
    __m128i t = _mm_set1_epi32(threshold);
    __m128i over = _mm_packs_epi32(_mm_cmpgt_epi32(low, t), _mm_cmpgt_epi32(high, t));
    // Two mask bits a step; bit 16 stands for a ninth step that never fits.
    unsigned mask = (unsigned)_mm_movemask_epi8(over) | 0x10000u;
    return (intptr_t)(__builtin_ctz(mask) >> 1);
#else
    // The first step over, looked for from the last back (a select a step, no branch).
    const unsigned char *bytes = (const unsigned char *)steps;
    intptr_t first = 8;
    for (int k = 7; k >= 0; k--) {
        int32_t x;
        memcpy(&x, bytes + 8 * k, sizeof x);
        first = x > threshold ? k : first;
    }
    return first;
#endif
}

#endif
