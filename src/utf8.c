/*
 * utf8.c — UTF-8 encoded, told well-formed and counted (utf8.h).
 */
#include "utf8.h"

size_t utf8_encode(unsigned long code_point, char *out) {
  if (code_point < 0x80) {
    out[0] = (char)code_point;
    return 1;
  }
  if (code_point < 0x800) {
    out[0] = (char)(0xC0 | code_point >> 6);
    out[1] = (char)(0x80 | (code_point & 0x3F));
    return 2;
  }
  if (code_point < 0x10000) {
    out[0] = (char)(0xE0 | code_point >> 12);
    out[1] = (char)(0x80 | ((code_point >> 6) & 0x3F));
    out[2] = (char)(0x80 | (code_point & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | code_point >> 18);
  out[1] = (char)(0x80 | ((code_point >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((code_point >> 6) & 0x3F));
  out[3] = (char)(0x80 | (code_point & 0x3F));
  return 4;
}

int utf8_sequence_length(const unsigned char *p) {
  if (p[0] < 0x80)
    return 1;
  int length = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC2 ? 2 : 0;
  if (length == 0 || p[0] > 0xF4)
    return 0;
  for (int i = 1; i < length; i++)
    if (!utf8_is_continuation(p[i]))
      return 0;
  /* the second byte rules out overlong forms, surrogates, past 0x10FFFF */
  if ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] >= 0xA0) ||
      (p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] >= 0x90))
    return 0;
  return length;
}

long utf8_characters(const char *text) {
  long characters = 0;
  for (const unsigned char *p = (const unsigned char *)text; *p; characters++) {
    int length = utf8_sequence_length(p);
    if (length == 0)
      return -1;
    p += length;
  }
  return characters;
}

bool utf8_is_valid(const char *text) {
  return utf8_characters(text) >= 0;
}
