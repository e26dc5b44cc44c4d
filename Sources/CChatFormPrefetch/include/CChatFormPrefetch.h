#ifndef CCHATFORMPREFETCH_H
#define CCHATFORMPREFETCH_H

// Cache prefetch hints for Swift, which has no prefetch of its own: a loop over scattered
// objects (a table's measured rows and their prepared texts) asks for the memory of the
// object a few steps ahead while it works on this one. A hint never faults and never
// changes what a program computes, whatever the address (a stale one costs a wasted line).

#include <stddef.h>
#include <stdint.h>

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

#endif
