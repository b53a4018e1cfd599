/*
 * base64.h — base64 of RFC 4648 (the standard alphabet), the one encoder
 * and decoder: JSON writes a file name that is not UTF-8 as its bytes in
 * base64 with padding (json_out.h), and GNU Backgammon's Position and
 * Match IDs are bit strings in base64 without it (posid.h).
 */
#ifndef BG_BASE64_H
#define BG_BASE64_H

#include <stdbool.h>
#include <stddef.h>

/* The characters `size` bytes take in base64: 4 for every 3 bytes with
 * padding; without it, 4 for every 3 whole bytes and 2 or 3 for the rest. */
size_t base64_encoded_length(size_t size, bool padded);

/* Writes the base64 of `size` bytes at `bytes` to `out` (room for
 * base64_encoded_length + 1), each byte read most significant bit first,
 * '=' padding the last group when `padded`; NUL-ended.  Returns the
 * characters written. */
size_t base64_encode(const unsigned char *bytes, size_t size, bool padded, char *out);

/* The `count` bytes that the NUL-ended `text`, base64 without padding,
 * stands for; false when `text` is not exactly base64_encoded_length(count,
 * false) characters of the alphabet, or sets a bit past the last byte
 * (each text then stands for one value only). */
bool base64_decode(const char *text, unsigned char *bytes, size_t count);

#endif
