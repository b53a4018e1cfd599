/*
 * check_input.c — unit tests of the byte layer (input.h): byte order
 * marks, UTF-16 in both byte orders, line ends, the line bound, the end of
 * the input, bytes shown or read without lines, and gzip input (whole,
 * several members, truncated, corrupt).  Each test reads a
 * few bytes from a temporary file, as bgmatch reads a file.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "alloc.h"
#include "input.h"
#include "run_suite.h"

/* A stream holding `size` bytes (tmpfile: fmemopen refuses an empty buffer
 * on some C libraries). */
static FILE *stream_of(const char *bytes, size_t size) {
  FILE *in = tmpfile();
  ck_assert_ptr_nonnull(in);
  ck_assert_uint_eq(fwrite(bytes, 1, size, in), size);
  rewind(in);
  return in;
}

/* An input over `size` bytes, and its stream to close after it. */
typedef struct {
  FILE *stream;
  bg_input *input;
} opened;

static opened open_bytes(const char *bytes, size_t size) {
  opened o = {stream_of(bytes, size), NULL};
  o.input = input_new(o.stream);
  ck_assert_ptr_nonnull(o.input);
  return o;
}

static opened open_text(const char *text) {
  return open_bytes(text, strlen(text));
}

static void close_opened(opened *o) {
  input_free(o->input);
  fclose(o->stream);
}

/* The next line is `text` (compared as bytes), numbered `number`. */
static void expect_line(bg_input *input, const char *text, size_t length, int number) {
  bg_line line;
  ck_assert(input_next_line(input, &line));
  ck_assert(!line.too_long);
  ck_assert_int_eq(line.number, number);
  ck_assert_uint_eq(line.length, length);
  ck_assert(memcmp(line.text, text, length) == 0);
}

static void expect_text_line(bg_input *input, const char *text, int number) {
  expect_line(input, text, strlen(text), number);
}

static void expect_end(bg_input *input) {
  bg_line line;
  ck_assert(!input_next_line(input, &line));
  ck_assert(!input_next_line(input, &line)); /* stays at the end */
  ck_assert(!input_io_error(input));
}

/* ---- byte order marks and UTF-16 ---------------------------------------- */

/* A UTF-8 BOM is dropped on line 1 and where files were concatenated. */
START_TEST(utf8_bom_dropped) {
  opened o = open_text("\xEF\xBB\xBF"
                       "7 point match\n\xEF\xBB\xBF; [Site \"x\"]\nab\xEF\xBB\xBF\n");
  expect_text_line(o.input, "7 point match", 1);
  expect_text_line(o.input, "; [Site \"x\"]", 2);
  expect_text_line(o.input, "ab\xEF\xBB\xBF", 3); /* not at the start: kept */
  expect_end(o.input);
  close_opened(&o);
}
END_TEST

/* Units in the byte order of the mark; a pair is one code point; a lone
 * surrogate and a last odd byte are U+FFFD. */
static void check_utf16(const char *raw, size_t size) {
  opened o = open_bytes(raw, size);
  expect_text_line(o.input, "ab", 1);
  expect_text_line(o.input, "\xC3\xA9\xF0\x9F\x98\x80", 2); /* é U+1F600 */
  expect_text_line(o.input,
                   "\xEF\xBF\xBD"
                   "c\xEF\xBF\xBD",
                   3);
  expect_end(o.input);
  close_opened(&o);
}

START_TEST(utf16_little_endian) {
  static const char raw[] = "\xFF\xFE"
                            "a\0b\0\r\0\n\0"
                            "\xE9\0\x3D\xD8\x00\xDE\n\0"
                            "\x00\xDC"
                            "c\0x";
  check_utf16(raw, sizeof raw - 1);
}
END_TEST

START_TEST(utf16_big_endian) {
  static const char raw[] = "\xFE\xFF"
                            "\0a\0b\0\r\0\n"
                            "\0\xE9\xD8\x3D\xDE\x00\0\n"
                            "\xDC\x00"
                            "\0cx";
  check_utf16(raw, sizeof raw - 1);
}
END_TEST

/* A surrogate pair cut by a block read is joined: the high half waits for
 * the next block (blocks are 65,532 bytes of UTF-16 here). */
START_TEST(utf16_pair_across_blocks) {
  size_t units = 65530 / 2, size = 2 + 2 * units + 4 + 2;
  char *raw = malloc(size);
  memcpy(raw, "\xFF\xFE", 2);
  for (size_t i = 0; i < units; i++)
    memcpy(raw + 2 + 2 * i, "a", 2);
  memcpy(raw + 2 + 2 * units, "\x3D\xD8\x00\xDE\n\0", 6);
  opened o = open_bytes(raw, size);
  bg_line line;
  ck_assert(input_next_line(o.input, &line));
  ck_assert_uint_eq(line.length, units + 4);
  ck_assert(memcmp(line.text + units, "\xF0\x9F\x98\x80", 4) == 0);
  expect_end(o.input);
  close_opened(&o);
  free(raw);
}
END_TEST

/* ---- line ends ------------------------------------------------------------ */

/* LF ends a line; the CR of CRLF and trailing blanks and tabs are dropped. */
START_TEST(crlf_and_trailing_blanks) {
  opened o = open_text("a\r\n b \t\r\n\r\n \t \n");
  expect_text_line(o.input, "a", 1);
  expect_text_line(o.input, " b", 2);
  expect_text_line(o.input, "", 3);
  expect_text_line(o.input, "", 4);
  expect_end(o.input);
  close_opened(&o);
}
END_TEST

/* A CR alone ends no line (it never did for the .mat reader): it stays in
 * the text unless it ends the line. */
START_TEST(cr_alone_is_no_line_end) {
  opened o = open_text("a\rb\rc\r");
  expect_text_line(o.input, "a\rb\rc", 1);
  expect_end(o.input);
  close_opened(&o);
}
END_TEST

START_TEST(last_line_without_newline) {
  opened o = open_text("a\nb");
  expect_text_line(o.input, "a", 1);
  expect_text_line(o.input, "b", 2);
  expect_end(o.input);
  close_opened(&o);
  o = open_text("a\n"); /* a final newline ends the last line, starts none */
  expect_text_line(o.input, "a", 1);
  expect_end(o.input);
  close_opened(&o);
}
END_TEST

START_TEST(empty_input) {
  opened o = open_bytes("", 0);
  const char *bytes;
  ck_assert_uint_eq(input_peek(o.input, 10, &bytes), 0);
  expect_end(o.input);
  char out[4];
  ck_assert_uint_eq(input_read(o.input, out, sizeof out), 0);
  close_opened(&o);
}
END_TEST

/* NUL bytes and invalid UTF-8 are bytes like any other. */
START_TEST(nul_and_invalid_bytes_kept) {
  static const char raw[] = "a\0b\xFF\xC3\n";
  opened o = open_bytes(raw, sizeof raw - 1);
  expect_line(o.input, "a\0b\xFF\xC3", 5, 1);
  expect_end(o.input);
  close_opened(&o);
}
END_TEST

/* ---- the line bound ------------------------------------------------------- */

/* `count` bytes of `fill` followed by `end`, in a malloc'ed buffer. */
static char *filled(size_t count, char fill, const char *end, size_t *size) {
  *size = count + strlen(end);
  char *bytes = malloc(*size + 1);
  memset(bytes, fill, count);
  strcpy(bytes + count, end);
  return bytes;
}

/* INPUT_MAX_LINE bytes are a line; one more (a CR counts: the bound is on
 * the line as read) is skipped with its number, and the next line is read. */
START_TEST(line_over_the_limit) {
  size_t size;
  char *longest = filled(INPUT_MAX_LINE, 'x', "\n", &size);
  opened o = open_bytes(longest, size);
  bg_line line;
  ck_assert(input_next_line(o.input, &line));
  ck_assert(!line.too_long);
  ck_assert_uint_eq(line.length, INPUT_MAX_LINE);
  expect_end(o.input);
  close_opened(&o);
  free(longest);

  char *too_long = filled(INPUT_MAX_LINE, 'x', "\r\nnext\n", &size);
  o = open_bytes(too_long, size);
  ck_assert(input_next_line(o.input, &line));
  ck_assert(line.too_long);
  ck_assert_int_eq(line.number, 1);
  ck_assert_uint_eq(line.length, 0);
  expect_text_line(o.input, "next", 2);
  expect_end(o.input);
  close_opened(&o);
  free(too_long);
}
END_TEST

/* The next line's has_tab, and its text. */
static bool next_has_tab(bg_input *input, const char *text) {
  bg_line line;
  ck_assert(input_next_line(input, &line));
  ck_assert_uint_eq(line.length, strlen(text));
  ck_assert(memcmp(line.text, text, line.length) == 0);
  return line.has_tab;
}

/* A line says whether a tab stands in its text: not for a tab stripped
 * at its end, nor for one in the next line; a tab read in a later block,
 * after a skipped over-long line, or after bytes read, is found too. */
START_TEST(tabs_flagged) {
  size_t size;
  char *bytes = filled(INPUT_MAX_LINE + 1, 'x', "\na\tb\nab \t\r\nplain\n", &size);
  const char *head = "1\t2\nno tab\n\t\nend\t\n";
  size_t head_length = strlen(head);
  char *all = malloc(head_length + size + 20000 + 8);
  memcpy(all, head, head_length);
  memcpy(all + head_length, bytes, size);
  memset(all + head_length + size, 'y', 20000); /* over the first buffer */
  memcpy(all + head_length + size + 20000, "\tz\n", 3);
  opened o = open_bytes(all, head_length + size + 20003);
  ck_assert(next_has_tab(o.input, "1\t2"));
  ck_assert(!next_has_tab(o.input, "no tab"));
  ck_assert(!next_has_tab(o.input, ""));
  ck_assert(!next_has_tab(o.input, "end"));
  bg_line line;
  ck_assert(input_next_line(o.input, &line));
  ck_assert(line.too_long && !line.has_tab);
  ck_assert(next_has_tab(o.input, "a\tb"));
  ck_assert(!next_has_tab(o.input, "ab"));
  char read[3];
  ck_assert_uint_eq(input_read(o.input, read, 3), 3); /* "pla" */
  ck_assert(!next_has_tab(o.input, "in"));
  ck_assert(input_next_line(o.input, &line));
  ck_assert(line.has_tab);
  ck_assert_uint_eq(line.length, 20002);
  expect_end(o.input);
  close_opened(&o);
  free(all);
  free(bytes);
}
END_TEST

/* Lines of every length around the sizes the buffer grows through (it
 * starts at 16 KiB and doubles): each is handed out whole, its bytes its
 * own, in UTF-8 and in UTF-16 (which is turned into UTF-8 in the buffer). */
START_TEST(lines_longer_than_the_first_buffer) {
  static const size_t lengths[] = {3,     16379, 16380, 16384, 16385, 4000, 32767,
                                   32768, 40000, 65535, 1,     65536, 7};
  const int count = (int)(sizeof lengths / sizeof lengths[0]);
  size_t size = 0;
  for (int i = 0; i < count; i++)
    size += lengths[i] + 1;
  char *text = malloc(size);
  char *utf16 = malloc(2 * size + 2);
  size_t at = 0;
  for (int i = 0; i < count; i++) {
    for (size_t k = 0; k < lengths[i]; k++)
      text[at++] = (char)('a' + (i + (int)(k % 7)) % 26);
    text[at++] = '\n';
  }
  utf16[0] = (char)0xFF, utf16[1] = (char)0xFE;
  for (size_t k = 0; k < size; k++)
    utf16[2 + 2 * k] = text[k], utf16[3 + 2 * k] = 0;
  for (int encoding = 0; encoding < 2; encoding++) {
    opened o = encoding ? open_bytes(utf16, 2 * size + 2) : open_bytes(text, size);
    at = 0;
    for (int i = 0; i < count; i++) {
      expect_line(o.input, text + at, lengths[i], i + 1);
      at += lengths[i] + 1;
    }
    expect_end(o.input);
    close_opened(&o);
  }
  free(utf16);
  free(text);
}
END_TEST

/* A line of a megabyte with no newline after it: skipped to the end. */
START_TEST(huge_last_line) {
  size_t size;
  char *huge = filled(1 << 20, 'x', "", &size);
  huge[0] = '\n';
  opened o = open_bytes(huge, size);
  expect_text_line(o.input, "", 1);
  bg_line line;
  ck_assert(input_next_line(o.input, &line));
  ck_assert(line.too_long);
  ck_assert_int_eq(line.number, 2);
  expect_end(o.input);
  close_opened(&o);
  free(huge);
}
END_TEST

/* ---- bytes without lines -------------------------------------------------- */

/* Peeking shows the next bytes and consumes none of them. */
START_TEST(peek_does_not_consume) {
  opened o = open_text("abc\ndef\n");
  const char *bytes;
  ck_assert_uint_eq(input_peek(o.input, 3, &bytes), 3);
  ck_assert(memcmp(bytes, "abc", 3) == 0);
  ck_assert_uint_eq(input_peek(o.input, 100, &bytes), 8); /* fewer at the end */
  ck_assert(memcmp(bytes, "abc\ndef\n", 8) == 0);
  expect_text_line(o.input, "abc", 1);
  ck_assert_uint_eq(input_peek(o.input, 100, &bytes), 4);
  ck_assert(memcmp(bytes, "def\n", 4) == 0);
  expect_text_line(o.input, "def", 2);
  expect_end(o.input);
  close_opened(&o);
}
END_TEST

/* Peeking and reading skip a UTF-8 BOM at the start, after UTF-16 too;
 * reading consumes what it copies. */
START_TEST(peek_and_read_skip_bom) {
  opened o = open_text("\xEF\xBB\xBF(;FF[4])\nx\n");
  const char *bytes;
  ck_assert_uint_eq(input_peek(o.input, 2, &bytes), 2);
  ck_assert(memcmp(bytes, "(;", 2) == 0);
  char out[8];
  ck_assert_uint_eq(input_read(o.input, out, 7), 7);
  ck_assert(memcmp(out, "(;FF[4]", 7) == 0);
  expect_text_line(o.input, ")", 1);
  ck_assert_uint_eq(input_read(o.input, out, sizeof out), 2);
  ck_assert(memcmp(out, "x\n", 2) == 0);
  ck_assert_uint_eq(input_read(o.input, out, sizeof out), 0);
  close_opened(&o);

  static const char utf16[] = "\xFF\xFE\xFF\xFE-\0-\0-\0";
  o = open_bytes(utf16, sizeof utf16 - 1);
  ck_assert_uint_eq(input_peek(o.input, 10, &bytes), 3);
  ck_assert(memcmp(bytes, "---", 3) == 0);
  close_opened(&o);
}
END_TEST

/* A stream that cannot be read: no line, and the error is said. */
START_TEST(io_error_flagged) {
  FILE *unreadable = fopen("/dev/null", "w");
  ck_assert_ptr_nonnull(unreadable);
  bg_input *input = input_new(unreadable);
  bg_line line;
  ck_assert(!input_next_line(input, &line));
  ck_assert(input_io_error(input));
  input_free(input);
  fclose(unreadable);
}
END_TEST

/* `text` compressed as one gzip member into `out` (room `size`); returns
 * the bytes written. */
static size_t gzip_of(const char *text, unsigned char *out, size_t size) {
  z_stream stream = {0};
  ck_assert_int_eq(
      deflateInit2(&stream, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  stream.next_in = (unsigned char *)text;
  stream.avail_in = (uInt)strlen(text);
  stream.next_out = out;
  stream.avail_out = (uInt)size;
  ck_assert_int_eq(deflate(&stream, Z_FINISH), Z_STREAM_END);
  size_t written = size - stream.avail_out;
  deflateEnd(&stream);
  return written;
}

START_TEST(gzip_read_as_text) {
  unsigned char packed[256];
  size_t size = gzip_of("\xEF\xBB\xBF 1 point match\r\n Game 1\n", packed, sizeof packed);
  ck_assert_uint_eq(packed[0], 0x1F); /* gzip's magic, not text */
  opened o = open_bytes((const char *)packed, size);
  expect_text_line(o.input, " 1 point match", 1);
  expect_text_line(o.input, " Game 1", 2);
  bg_line line;
  ck_assert(!input_next_line(o.input, &line));
  ck_assert(!input_io_error(o.input));
  ck_assert_ptr_null(input_error_reason(o.input));
  close_opened(&o);
}
END_TEST

START_TEST(gzip_members_one_after_another) {
  unsigned char packed[512];
  size_t first = gzip_of("one\n", packed, sizeof packed);
  size_t second = gzip_of("two\n", packed + first, sizeof packed - first);
  opened o = open_bytes((const char *)packed, first + second);
  expect_text_line(o.input, "one", 1);
  expect_text_line(o.input, "two", 2);
  bg_line line;
  ck_assert(!input_next_line(o.input, &line));
  ck_assert(!input_io_error(o.input));
  close_opened(&o);
}
END_TEST

START_TEST(gzip_truncated) {
  unsigned char packed[256];
  size_t size = gzip_of("a line that is long enough to be cut\nand another\n", packed,
                        sizeof packed);
  opened o = open_bytes((const char *)packed, size - 6); /* trailer cut */
  bg_line line;
  while (input_next_line(o.input, &line))
    ;
  ck_assert(input_io_error(o.input));
  ck_assert_str_eq(input_error_reason(o.input), "truncated gzip data");
  close_opened(&o);
}
END_TEST

START_TEST(gzip_corrupt) {
  unsigned char packed[256];
  size_t size = gzip_of("some text\n", packed, sizeof packed);
  packed[size - 3] ^= 0xFF; /* the length in the trailer: the check fails */
  opened o = open_bytes((const char *)packed, size);
  bg_line line;
  while (input_next_line(o.input, &line))
    ;
  ck_assert(input_io_error(o.input));
  ck_assert_str_eq(input_error_reason(o.input), "corrupt gzip data");
  close_opened(&o);
}
END_TEST

/* Only both magic bytes make gzip: a text that starts with one is text. */
START_TEST(one_magic_byte_is_text) {
  opened o = open_text("\x1F\n");
  expect_line(o.input, "\x1F", 1, 1);
  ck_assert(!input_io_error(o.input));
  close_opened(&o);
}
END_TEST

/* ---- bg_grow: the one growable array ---- */

START_TEST(grow_from_first_then_doubling) {
  size_t capacity = 0;
  int *array = bg_grow(NULL, &capacity, 1, sizeof *array, 16);
  ck_assert_uint_eq(capacity, 16);
  for (int i = 0; i < 16; i++)
    array[i] = i;
  ck_assert_ptr_eq(bg_grow(array, &capacity, 16, sizeof *array, 16), array);
  ck_assert_uint_eq(capacity, 16); /* room enough: unchanged */
  array = bg_grow(array, &capacity, 17, sizeof *array, 16);
  ck_assert_uint_eq(capacity, 32);
  array = bg_grow(array, &capacity, 200, sizeof *array, 16);
  ck_assert_uint_eq(capacity, 256); /* doubled as far as needed */
  for (int i = 0; i < 16; i++)
    ck_assert_int_eq(array[i], i); /* what it held is kept */
  free(array);
}
END_TEST

static Suite *input_suite(void) {
  Suite *suite = suite_create("input");
  TCase *encodings = tcase_create("encodings");
  tcase_add_test(encodings, utf8_bom_dropped);
  tcase_add_test(encodings, utf16_little_endian);
  tcase_add_test(encodings, utf16_big_endian);
  tcase_add_test(encodings, utf16_pair_across_blocks);
  suite_add_tcase(suite, encodings);

  TCase *lines = tcase_create("lines");
  tcase_add_test(lines, crlf_and_trailing_blanks);
  tcase_add_test(lines, cr_alone_is_no_line_end);
  tcase_add_test(lines, last_line_without_newline);
  tcase_add_test(lines, empty_input);
  tcase_add_test(lines, nul_and_invalid_bytes_kept);
  tcase_add_test(lines, line_over_the_limit);
  tcase_add_test(lines, huge_last_line);
  tcase_add_test(lines, tabs_flagged);
  tcase_add_test(lines, lines_longer_than_the_first_buffer);
  suite_add_tcase(suite, lines);

  TCase *bytes = tcase_create("bytes");
  tcase_add_test(bytes, peek_does_not_consume);
  tcase_add_test(bytes, peek_and_read_skip_bom);
  tcase_add_test(bytes, io_error_flagged);
  suite_add_tcase(suite, bytes);

  TCase *gzip = tcase_create("gzip");
  tcase_add_test(gzip, gzip_read_as_text);
  tcase_add_test(gzip, gzip_members_one_after_another);
  tcase_add_test(gzip, gzip_truncated);
  tcase_add_test(gzip, gzip_corrupt);
  tcase_add_test(gzip, one_magic_byte_is_text);
  suite_add_tcase(suite, gzip);

  TCase *grow = tcase_create("grow");
  tcase_add_test(grow, grow_from_first_then_doubling);
  suite_add_tcase(suite, grow);
  return suite;
}

int main(void) {
  return run_suite(input_suite());
}
