#ifndef A11YLINT_CICULINEBREAK_H
#define A11YLINT_CICULINEBREAK_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Finds the UAX #14 line-break opportunities of a UTF-8 string with ICU's line
/// break iterator. Writes the UTF-8 byte offsets of every opportunity after the
/// start (the end of the text is always one) into `offsets`, in increasing order.
/// Returns how many there are (which may exceed `capacity`: call again with more
/// room), or -1 when ICU reports an error.
int32_t a11y_line_break_offsets(const char *utf8, int32_t length,
                                int32_t *offsets, int32_t capacity);

/// Like `a11y_line_break_offsets`, and also writes into `isMandatory[i]` whether
/// the i-th opportunity is a mandatory (hard) break, such as the one after a line
/// feed (ICU's rule status in the UBRK_LINE_HARD range).
int32_t a11y_line_breaks(const char *utf8, int32_t length,
                         int32_t *offsets, uint8_t *isMandatory, int32_t capacity);

/// `a11y_line_breaks` with ICU's rules for `locale` (a BCP 47 / ICU locale id such as
/// "ja" or "th"; NULL or "" for the root rules): Japanese line breaking, for one.
int32_t a11y_line_breaks_locale(const char *utf8, int32_t length, const char *locale,
                                int32_t *offsets, uint8_t *isMandatory, int32_t capacity);

/// The same for extended grapheme cluster boundaries (used to split a word that is
/// wider than the line).
int32_t a11y_grapheme_offsets(const char *utf8, int32_t length,
                              int32_t *offsets, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
