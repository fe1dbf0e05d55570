// The only file that sees the system ICU headers (see Package.swift for why).
#include "CICULineBreak.h"
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <string.h>

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

#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <stdlib.h>

static int emoji_base(UChar32 c) {
    return u_hasBinaryProperty(c, UCHAR_EMOJI) || u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC);
}

int32_t a11y_itemize_props(const char *utf8, int32_t length, uint8_t *levels, int32_t *scripts,
                           uint8_t *emoji) {
    const uint8_t *s = (const uint8_t *)utf8;
    int needsBidi = 0;
    // Scripts (Common and Inherited take the script before them; leading ones the first
    // real script after them) and bidi classes.
    int32_t current = -1, pendingFrom = 0;
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U8_NEXT(s, i, length, c);
        if (c < 0) c = 0xFFFD;
        UErrorCode status = U_ZERO_ERROR;
        int32_t script = uscript_getScript(c, &status);
        if (U_FAILURE(status)) script = USCRIPT_COMMON;
        if (script == USCRIPT_COMMON || script == USCRIPT_INHERITED) {
            script = current;
        } else if (current < 0) {
            for (int32_t k = pendingFrom; k < start; k++) scripts[k] = script;
            current = script;
        } else {
            current = script;
        }
        for (int32_t k = start; k < i; k++) scripts[k] = script;
        if (!needsBidi && c >= 0x590) {
            UCharDirection d = u_charDirection(c);
            needsBidi = d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC || d == U_ARABIC_NUMBER
                || d == U_RIGHT_TO_LEFT_EMBEDDING || d == U_RIGHT_TO_LEFT_OVERRIDE || d == U_RIGHT_TO_LEFT_ISOLATE;
        }
    }
    if (current < 0) for (int32_t k = 0; k < length; k++) scripts[k] = USCRIPT_COMMON;

    // Emoji presentation sequences (as Pango's and Chromium's emoji scanner find them, simplified):
    // a character with Emoji_Presentation not followed by VS15, an emoji followed by VS16, a
    // keycap, regional indicators; then modifiers, VS16, keycap marks, tags and ZWJ + emoji.
    memset(emoji, 0, (size_t)length);
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U8_NEXT(s, i, length, c);
        if (c < 0x80 && !(c == '#' || c == '*' || (c >= '0' && c <= '9'))) continue;
        UChar32 next = -1;
        int32_t j = i;
        if (j < length) U8_NEXT(s, j, length, next);
        int isEmoji = 0;
        if (u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) isEmoji = 1;
        else if (c < 0x80) {
            // keycap: base, optional VS16, U+20E3
            UChar32 after = -1;
            int32_t k = j;
            if (next == 0xFE0F && k < length) U8_NEXT(s, k, length, after);
            isEmoji = next == 0x20E3 || (next == 0xFE0F && after == 0x20E3);
        } else if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) isEmoji = next != 0xFE0E;
        else if (emoji_base(c)) isEmoji = next == 0xFE0F;
        if (!isEmoji) continue;
        int32_t end = i;
        while (end < length) {
            int32_t k = end;
            UChar32 d;
            U8_NEXT(s, k, length, d);
            if (d == 0xFE0F || d == 0x20E3 || u_hasBinaryProperty(d, UCHAR_EMOJI_MODIFIER)
                || (d >= 0xE0020 && d <= 0xE007F)
                || (u_hasBinaryProperty(d, UCHAR_REGIONAL_INDICATOR) && u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)
                    && end == i)) {
                end = k;
            } else if (d == 0x200D && k < length) {
                int32_t m = k;
                UChar32 e;
                U8_NEXT(s, m, length, e);
                if (e >= 0 && emoji_base(e)) end = m; else break;
            } else break;
        }
        for (int32_t k = start; k < end; k++) emoji[k] = 1;
        i = end;
    }

    if (!needsBidi) {
        memset(levels, 0, (size_t)length);
        return 0;
    }
    // Bidi levels (paragraph direction from the first strong character, as Pango's auto
    // direction and the platforms' natural direction), per UTF-16 unit, then per byte.
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, utf8, length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return -1;
    status = U_ZERO_ERROR;
    UChar *text = malloc(sizeof(UChar) * (size_t)(units + 1));
    if (!text) return -1;
    u_strFromUTF8(text, units + 1, NULL, utf8, length, &status);
    UBiDi *bidi = U_SUCCESS(status) ? ubidi_open() : NULL;
    if (bidi) ubidi_setPara(bidi, text, units, UBIDI_DEFAULT_LTR, NULL, &status);
    const UBiDiLevel *unitLevels = bidi && U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    if (!unitLevels || U_FAILURE(status)) {
        if (bidi) ubidi_close(bidi);
        free(text);
        return -1;
    }
    int32_t unit = 0;
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U8_NEXT(s, i, length, c);
        uint8_t level = unit < units ? unitLevels[unit] : 0;
        for (int32_t k = start; k < i; k++) levels[k] = level;
        unit += (c >= 0x10000) ? 2 : 1;
    }
    ubidi_close(bidi);
    free(text);
    return 1;
}
