#ifndef CLITERALSCAN_H
#define CLITERALSCAN_H

#include <stddef.h>
#include <stdint.h>

/// The tables `clitscan_candidates` reads, filled by the caller (A11yPattern's LiteralSet):
/// for each of a fingerprint's three bytes (k = 0, 1, 2), which of eight buckets of texts
/// allow a byte with a given low nibble and with a given high nibble, and the two combined
/// for every byte value (`byte[k][b] == low[k][b & 15] & high[k][b >> 4]`).
typedef struct {
    uint8_t low[3][16];
    uint8_t high[3][16];
    uint8_t byte[3][256];
} CLiteralScanTables;

/// The candidate positions of `subject`, from `*position` on: each position `p` (with
/// `p + 3 <= count`) where some bucket allows all three of `subject[p]`, `subject[p + 1]`
/// and `subject[p + 2]`, written to `candidates` as `p << 8 | buckets` (one bit per
/// bucket), ascending. Writes at most `capacity` (at least 64); returns how many, and sets
/// `*position` to where the next call goes on (`count - 2` or more once done).
/// `simd`: false for the plain loop only, for tests (it is used anyway where the machine
/// has no AVX2).
size_t clitscan_candidates(const CLiteralScanTables *tables, const uint8_t *subject, size_t count,
                           size_t *position, uint64_t *candidates, size_t capacity, _Bool simd);

/// Looks for `needle` (`length` >= 2 bytes) in the `count` bytes of `subject` from
/// `*position` on, 32 places at a time where the machine has AVX2: only the places holding
/// both the needle's first byte and its last byte (at `length - 1` further) are compared in
/// full. Returns true with `*position` set to the first place found; false with `*position`
/// set to where a plain search of the remaining places goes on (the last few places, or
/// `*position` unchanged without AVX2). Nothing before the returned place holds the needle.
_Bool clitscan_find_by_ends(const uint8_t *subject, size_t count, size_t *position, const uint8_t *needle,
                            size_t length);

/// Which of the 64 bytes at `p` are JSON's string and nesting bytes, bit k for byte k:
/// `masks[0]` quotes, `masks[1]` backslashes, `masks[2]` `{` or `[`, `masks[3]` `}` or `]`.
/// Sixteen bytes at a time with SSE2 where the machine has it (every x86-64), else byte by byte.
void clitscan_json_masks(const uint8_t *p, uint64_t masks[4]);

/// How many `\n` bytes the `count` bytes of `subject` hold: 32 at a time where the machine has
/// AVX2, else byte by byte.
size_t clitscan_count_newlines(const uint8_t *subject, size_t count);

/// Writes where each line after a `\n` of `subject` starts (the offset after it), ascending, to
/// `starts`, which has room for `clitscan_count_newlines(subject, count)` of them; returns the
/// length of the longest line, its line break included (the last line runs to `count`). 32 bytes
/// at a time where the machine has AVX2 and BMI1, else byte by byte.
size_t clitscan_line_starts(const uint8_t *subject, size_t count, intptr_t *starts);

#endif
