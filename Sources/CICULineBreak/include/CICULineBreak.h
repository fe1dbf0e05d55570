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

/// What text is itemized by, per UTF-8 byte of `utf8` (each array `length` long):
/// - `levels`: the bidi embedding level (ICU's ubidi, paragraph direction from the first
///   strong character); all 0 when nothing in the text is right-to-left;
/// - `scripts`: the ICU script code (UScriptCode), Common and Inherited characters taking
///   the script before them (leading ones the first real script after them);
/// - `emoji`: 1 inside an emoji presentation sequence (drawn by the emoji font).
/// Returns 1 when bidi levels were computed, 0 when the text has no right-to-left
/// character, -1 on an ICU error.
int32_t a11y_itemize_props(const char *utf8, int32_t length, uint8_t *levels, int32_t *scripts,
                           uint8_t *emoji);

#ifdef __cplusplus
}
#endif
#endif
