#include "CLiteralScan.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CLITSCAN_X86 1
#endif
#include <string.h>

// One byte per position, three table reads: for short subjects, tails, and machines
// without AVX2.
static size_t scan_plain(const CLiteralScanTables *tables, const uint8_t *subject, size_t end,
                         size_t *position, uint64_t *candidates, size_t written, size_t capacity) {
    size_t at = *position;
    while (at < end && written < capacity) {
        uint8_t buckets = tables->byte[0][subject[at]] & tables->byte[1][subject[at + 1]]
                        & tables->byte[2][subject[at + 2]];
        if (buckets) candidates[written++] = (uint64_t)at << 8 | buckets;
        at++;
    }
    *position = at;
    return written;
}

#ifdef CLITSCAN_X86
// 32 positions at a time (Teddy, as in Hyperscan and Rust's aho-corasick): each of the
// three bytes' low and high nibbles picks, by a byte shuffle, the buckets allowing it;
// a position is a candidate where some bucket allows all six. The three bytes come from
// three overlapping loads, not from shifting one load across the lanes.
__attribute__((target("avx2")))
static size_t scan_avx2(const CLiteralScanTables *tables, const uint8_t *subject, size_t count,
                        size_t *position, uint64_t *candidates, size_t written, size_t capacity) {
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    __m256i low[3], high[3];
    for (int k = 0; k < 3; k++) {
        low[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)tables->low[k]));
        high[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)tables->high[k]));
    }
    size_t at = *position;
    // The third load reads up to at + 33.
    while (at + 34 <= count && written + 32 <= capacity) {
        __m256i found = _mm256_set1_epi8((char)0xff);
        for (int k = 0; k < 3; k++) {
            __m256i bytes = _mm256_loadu_si256((const __m256i *)(subject + at + k));
            __m256i lows = _mm256_shuffle_epi8(low[k], _mm256_and_si256(bytes, nibble));
            __m256i highs = _mm256_shuffle_epi8(high[k], _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble));
            found = _mm256_and_si256(found, _mm256_and_si256(lows, highs));
        }
        uint32_t hits = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(found, _mm256_setzero_si256()));
        if (hits) {
            uint8_t buckets[32];
            _mm256_storeu_si256((__m256i *)buckets, found);
            do {
                unsigned lane = (unsigned)__builtin_ctz(hits);
                candidates[written++] = (uint64_t)(at + lane) << 8 | buckets[lane];
                hits &= hits - 1;
            } while (hits);
        }
        at += 32;
    }
    *position = at;
    return written;
}
#endif

size_t clitscan_candidates(const CLiteralScanTables *tables, const uint8_t *subject, size_t count,
                           size_t *position, uint64_t *candidates, size_t capacity, _Bool simd) {
    if (count < 3) {
        *position = count;
        return 0;
    }
    size_t written = 0;
#ifdef CLITSCAN_X86
    if (simd && __builtin_cpu_supports("avx2")) {
        written = scan_avx2(tables, subject, count, position, candidates, written, capacity);
        // Stopped for room, not at the tail: the caller makes room and calls again.
        if (*position + 34 <= count) return written;
    }
#endif
    return scan_plain(tables, subject, count - 2, position, candidates, written, capacity);
}

#ifdef CLITSCAN_X86
// Two overlapping loads, 32 places each: the first bytes and the last bytes of 32 places.
__attribute__((target("avx2")))
static _Bool find_by_ends_avx2(const uint8_t *subject, size_t count, size_t *position, const uint8_t *needle,
                               size_t length) {
    const size_t span = length - 1;
    const __m256i first = _mm256_set1_epi8((char)needle[0]);
    const __m256i last = _mm256_set1_epi8((char)needle[span]);
    size_t at = *position;
    // The second load reads up to at + span + 31: every place it marks has the needle's room.
    while (at + span + 32 <= count) {
        __m256i heads = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(subject + at)), first);
        __m256i tails = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(subject + at + span)), last);
        uint32_t places = (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(heads, tails));
        while (places) {
            size_t offset = at + (size_t)__builtin_ctz(places);
            if (memcmp(subject + offset, needle, length) == 0) {
                *position = offset;
                return 1;
            }
            places &= places - 1;
        }
        at += 32;
    }
    *position = at;
    return 0;
}
#endif

_Bool clitscan_find_by_ends(const uint8_t *subject, size_t count, size_t *position, const uint8_t *needle,
                            size_t length) {
#ifdef CLITSCAN_X86
    if (length >= 2 && __builtin_cpu_supports("avx2")) return find_by_ends_avx2(subject, count, position, needle, length);
#endif
    (void)subject; (void)count; (void)position; (void)needle; (void)length;
    return 0;
}

void clitscan_json_masks(const uint8_t *p, uint64_t masks[4]) {
    uint64_t quotes = 0, backslashes = 0, opens = 0, closes = 0;
#if defined(CLITSCAN_X86) && defined(__SSE2__)
    // `[`/`{` and `]`/`}` differ only in the 0x20 bit: one comparison each, with it set.
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    const __m128i fold = _mm_set1_epi8(0x20), open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
    for (int k = 0; k < 4; k++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        __m128i folded = _mm_or_si128(bytes, fold);
        int shift = 16 * k;
        quotes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quote)) << shift;
        backslashes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, backslash)) << shift;
        opens |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)) << shift;
        closes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)) << shift;
    }
#else
    for (int k = 0; k < 64; k++) {
        uint8_t byte = p[k], folded = byte | 0x20;
        uint64_t bit = (uint64_t)1 << k;
        if (byte == '"') quotes |= bit;
        if (byte == '\\') backslashes |= bit;
        if (folded == '{') opens |= bit;
        if (folded == '}') closes |= bit;
    }
#endif
    masks[0] = quotes;
    masks[1] = backslashes;
    masks[2] = opens;
    masks[3] = closes;
}

#ifdef CLITSCAN_X86
// 32 bytes a step; each block's line breaks are a bit mask, counted or walked bit by bit.
__attribute__((target("avx2,popcnt")))
static size_t count_newlines_avx2(const uint8_t *subject, size_t count, size_t *position) {
    const __m256i newline = _mm256_set1_epi8('\n');
    size_t at = 0, found = 0;
    for (; at + 32 <= count; at += 32) {
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(subject + at));
        found += (size_t)_mm_popcnt_u32((unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, newline)));
    }
    *position = at;
    return found;
}

__attribute__((target("avx2,bmi")))
static size_t line_starts_avx2(const uint8_t *subject, size_t count, intptr_t *starts, size_t *written,
                               size_t *longest, size_t *previous) {
    const __m256i newline = _mm256_set1_epi8('\n');
    size_t at = 0, n = 0, most = 0, last = 0;
    for (; at + 32 <= count; at += 32) {
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(subject + at));
        unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, newline));
        while (mask) {
            size_t start = at + (size_t)_tzcnt_u32(mask) + 1;
            if (start - last > most) most = start - last;
            starts[n++] = (intptr_t)start;
            last = start;
            mask = _blsr_u32(mask);
        }
    }
    *written = n;
    *longest = most;
    *previous = last;
    return at;
}
#endif

size_t clitscan_count_newlines(const uint8_t *subject, size_t count) {
    size_t at = 0, found = 0;
#ifdef CLITSCAN_X86
    if (__builtin_cpu_supports("avx2")) found = count_newlines_avx2(subject, count, &at);
#endif
    for (; at < count; at++) found += subject[at] == '\n';
    return found;
}

size_t clitscan_line_starts(const uint8_t *subject, size_t count, intptr_t *starts) {
    size_t at = 0, written = 0, longest = 0, previous = 0;
#ifdef CLITSCAN_X86
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi")) {
        at = line_starts_avx2(subject, count, starts, &written, &longest, &previous);
    }
#endif
    for (; at < count; at++) {
        if (subject[at] != '\n') continue;
        size_t start = at + 1;
        if (start - previous > longest) longest = start - previous;
        starts[written++] = (intptr_t)start;
        previous = start;
    }
    return count - previous > longest ? count - previous : longest;
}
