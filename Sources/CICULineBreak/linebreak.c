// The only file that sees the system ICU headers (see Package.swift for why).
#include "CICULineBreak.h"
#include <unicode/ubrk.h>
#include <unicode/utext.h>

static int32_t boundaries(UBreakIteratorType type, const char *locale, const char *utf8, int32_t length,
                          int32_t *offsets, uint8_t *isMandatory, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UText *text = utext_openUTF8(NULL, utf8, length, &status);
    if (U_FAILURE(status)) return -1;
    UBreakIterator *it = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status)) { utext_close(text); return -1; }
    ubrk_setUText(it, text, &status);
    if (U_FAILURE(status)) { ubrk_close(it); utext_close(text); return -1; }
    int32_t count = 0;
    for (int32_t pos = ubrk_next(it); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (count < capacity) {
            offsets[count] = pos; // UTF-8 text: native index = byte offset
            if (isMandatory) {
                int32_t ruleStatus = ubrk_getRuleStatus(it);
                isMandatory[count] = ruleStatus >= UBRK_LINE_HARD && ruleStatus < UBRK_LINE_HARD_LIMIT;
            }
        }
        count++;
    }
    ubrk_close(it);
    utext_close(text);
    return count;
}

int32_t a11y_line_break_offsets(const char *utf8, int32_t length,
                                int32_t *offsets, int32_t capacity) {
    return boundaries(UBRK_LINE, NULL, utf8, length, offsets, NULL, capacity);
}

int32_t a11y_line_breaks(const char *utf8, int32_t length,
                         int32_t *offsets, uint8_t *isMandatory, int32_t capacity) {
    return boundaries(UBRK_LINE, NULL, utf8, length, offsets, isMandatory, capacity);
}

int32_t a11y_line_breaks_locale(const char *utf8, int32_t length, const char *locale,
                                int32_t *offsets, uint8_t *isMandatory, int32_t capacity) {
    return boundaries(UBRK_LINE, locale, utf8, length, offsets, isMandatory, capacity);
}

int32_t a11y_grapheme_offsets(const char *utf8, int32_t length,
                              int32_t *offsets, int32_t capacity) {
    return boundaries(UBRK_CHARACTER, NULL, utf8, length, offsets, NULL, capacity);
}
