/*
 * utf8.c — well-formed UTF-8 out of record text (see utf8.h).
 */
#include "utf8.h"

#include <string.h>

#include "alloc.h"

int utf8_sequence_length(const unsigned char *p) {
  if (p[0] < 0x80)
    return 1;
  int length = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 ? 2 : 0;
  if (length == 0 || p[0] > 0xf4)
    return 0;
  for (int i = 1; i < length; i++)
    if ((p[i] & 0xc0) != 0x80)
      return 0;
  if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) ||
      (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))
    return 0;
  return length;
}

char *utf8_from_record(const char *text) {
  /* A Latin-1 byte takes two bytes of UTF-8: twice the length is enough. */
  char *copy = bg_malloc(2 * strlen(text) + 1);
  char *end = copy;
  for (const unsigned char *p = (const unsigned char *)text; *p;) {
    int length = utf8_sequence_length(p);
    if (length > 0) {
      memcpy(end, p, (size_t)length);
      end += length;
      p += length;
    } else {
      *end++ = (char)(0xc0 | *p >> 6);
      *end++ = (char)(0x80 | (*p & 0x3f));
      p++;
    }
  }
  *end = '\0';
  return copy;
}
