#ifndef A11YLINT_CPCRE2_SHIM_H
#define A11YLINT_CPCRE2_SHIM_H
// The 8-bit library: patterns and subjects are UTF-8.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// A flag read and written across threads: a pattern's code is JIT-compiled by the first
// thread that matches with it, and every other thread must see the compiled code once it
// sees the flag set (Swift's own atomics need a newer macOS than the package supports).
static inline int a11y_flag_load_acquire(const int *flag) { return __atomic_load_n(flag, __ATOMIC_ACQUIRE); }
static inline void a11y_flag_store_release(int *flag, int value) { __atomic_store_n(flag, value, __ATOMIC_RELEASE); }
#endif
