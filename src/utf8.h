/*
 * utf8.h — text from records made fit for notations that must be UTF-8
 * (JSON, YAML).  Records carry names and tag values in UTF-8 or in
 * Latin-1, and a .mat file says not which: a byte that does not start a
 * well-formed UTF-8 sequence is taken as the Latin-1 character it stands
 * for, which is right for every Latin-1 name and leaves UTF-8 untouched.
 */
#ifndef BG_UTF8_H
#define BG_UTF8_H

/* Length of the well-formed UTF-8 sequence at `p` (1..4), 0 when the bytes
 * there are not one (overlong forms and surrogates included).  Reads no
 * further than a NUL. */
int utf8_sequence_length(const unsigned char *p);

/* A copy of `text` in well-formed UTF-8, each stray byte read as Latin-1;
 * malloc'ed (the caller frees it), never NULL (see alloc.h). */
char *utf8_from_record(const char *text);

#endif
