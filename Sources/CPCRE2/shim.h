#ifndef A11YLINT_CPCRE2_SHIM_H
#define A11YLINT_CPCRE2_SHIM_H
// The 8-bit library: patterns and subjects are UTF-8.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
