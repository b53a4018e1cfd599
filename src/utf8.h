/*
 * utf8.h — UTF-8, the one place that encodes, tells and counts it.
 *
 * bgmatch's text is UTF-8 once read: the input turns UTF-16 files into it,
 * the .xg reader its UTF-16 and Latin-1 names, and every writer and report
 * counts characters or checks well-formedness with these functions.  A
 * record's bytes may be Latin-1 as well; what to make of those is the
 * notation's business (notation_utf8_from_record), not this file's.
 */
#ifndef BG_UTF8_H
#define BG_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* The most bytes one code point takes. */
#define UTF8_MAX_BYTES 4

/* Writes code point `code_point` (at most 0x10FFFF) as UTF-8 at `out`,
 * which has room for UTF8_MAX_BYTES; returns the bytes written (1..4).
 * Writes no NUL after them. */
size_t utf8_encode(unsigned long code_point, char *out);

/* Length of the well-formed UTF-8 sequence at `p` (1..4), 0 when the bytes
 * there are not one (overlong forms, surrogates and code points past
 * 0x10FFFF included).  Reads no further than a NUL. */
int utf8_sequence_length(const unsigned char *p);

/* Whether the NUL-ended `text` is well-formed UTF-8 throughout. */
bool utf8_is_valid(const char *text);

/* The characters of the NUL-ended `text`, -1 when it is not well-formed
 * UTF-8. */
long utf8_characters(const char *text);

/* Whether `byte` continues a sequence (10xxxxxx) rather than starting one:
 * a byte that starts none counts as one character where text is measured
 * byte by byte. */
static inline bool utf8_is_continuation(unsigned char byte) {
  return (byte & 0xC0) == 0x80;
}

/* The code point of the UTF-16 surrogate pair `high` (0xD800..0xDBFF),
 * `low` (0xDC00..0xDFFF). */
static inline unsigned long utf8_from_surrogates(unsigned long high, unsigned long low) {
  return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
}

/* Whether UTF-16 unit `unit` is a high (leading) or a low surrogate. */
static inline bool utf8_is_high_surrogate(unsigned long unit) {
  return unit >= 0xD800 && unit < 0xDC00;
}
static inline bool utf8_is_low_surrogate(unsigned long unit) {
  return unit >= 0xDC00 && unit < 0xE000;
}

#endif
