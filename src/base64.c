/*
 * base64.c — base64 encoded and decoded (base64.h): twenty lines each, no
 * library for it.
 */
#include "base64.h"

#include <string.h>

static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t base64_encoded_length(size_t size, bool padded) {
  return padded ? (size + 2) / 3 * 4 : (size * 8 + 5) / 6;
}

size_t base64_encode(const unsigned char *bytes, size_t size, bool padded, char *out) {
  char *end = out;
  for (size_t at = 0; at < size; at += 3) {
    size_t left = size - at;
    unsigned long group = (unsigned long)bytes[at] << 16;
    if (left > 1)
      group |= (unsigned long)bytes[at + 1] << 8;
    if (left > 2)
      group |= bytes[at + 2];
    *end++ = alphabet[group >> 18 & 63];
    *end++ = alphabet[group >> 12 & 63];
    if (left > 1 || padded)
      *end++ = left > 1 ? alphabet[group >> 6 & 63] : '=';
    if (left > 2 || padded)
      *end++ = left > 2 ? alphabet[group & 63] : '=';
  }
  *end = '\0';
  return (size_t)(end - out);
}

/* The index of `c` in the alphabet, -1 when it is none of it. */
static int value_of(char c) {
  const char *at = c ? strchr(alphabet, c) : NULL;
  return at ? (int)(at - alphabet) : -1;
}

bool base64_decode(const char *text, unsigned char *bytes, size_t count) {
  size_t length = base64_encoded_length(count, false);
  if (!text || strlen(text) != length)
    return false;
  memset(bytes, 0, count);
  for (size_t i = 0; i < length; i++) {
    int value = value_of(text[i]);
    if (value < 0)
      return false;
    for (size_t b = 0; b < 6; b++) {
      size_t bit = i * 6 + b;
      bool set = (value >> (5 - b)) & 1;
      if (set && bit >= count * 8)
        return false;
      if (set)
        bytes[bit / 8] |= (unsigned char)(1u << (7 - bit % 8));
    }
  }
  return true;
}
