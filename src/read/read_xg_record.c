/*
 * read_xg_record.c — the fields of eXtreme Gammon's game-file records, at
 * the byte offsets of the layout XG's author published (Delphi records,
 * little-endian, each field on its natural boundary; every record padded
 * to 2560 bytes, its type at offset 8).  Only what the match model needs
 * is decoded: the analysis that fills most of each record is not.
 *
 * Strings are turned into UTF-8 here: the Unicode ones (UTF-16, since
 * version 24 of the layout) when they are there, else the older ANSI
 * ones (Latin-1); a control character becomes a blank, so that no name
 * can break the line of a notation written from it.
 */
#include <stdio.h>
#include <string.h>

#include "read_xg_int.h"
#include "utf8.h"

/* ---- fields ------------------------------------------------------------ */

unsigned xg_u32(const unsigned char *at) {
  return at[0] | (unsigned)at[1] << 8 | (unsigned)at[2] << 16 | (unsigned)at[3] << 24;
}

int xg_i32(const unsigned char *at) {
  unsigned value = xg_u32(at);
  /* two's complement, without relying on the conversion of a large value */
  return value <= INT_MAX ? (int)value : -(int)(~value) - 1;
}

static double xg_double(const unsigned char *at) {
  unsigned long long bits = 0;
  for (int i = 7; i >= 0; i--)
    bits = bits << 8 | at[i];
  double value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* array[0..25] of ShortInt: signed bytes. */
static void copy_position(int out[26], const unsigned char *at) {
  for (int i = 0; i < 26; i++)
    out[i] = at[i] <= 127 ? at[i] : at[i] - 256;
}

int xg_record_type(const unsigned char *record) {
  return record[8];
}

/* ---- strings ------------------------------------------------------------ */

/* Code point `c` of a name as UTF-8 at `out`; returns the bytes written. */
static int put_utf8(unsigned long c, char *out) {
  if (c < 0x20)
    c = ' '; /* a control character: no line break inside a name */
  return (int)utf8_encode(c, out);
}

/* array[0..128] of WideChar: up to 128 UTF-16 units and a NUL (a string
 * with none ends at the array's end); a lone surrogate becomes U+FFFD. */
static void read_utf16(const unsigned char *at, char out[XG_TEXT_SIZE]) {
  enum { UNITS = 128 };
  int written = 0;
  for (int i = 0; i < UNITS; i++) {
    unsigned long unit = at[2 * i] | (unsigned long)at[2 * i + 1] << 8;
    if (unit == 0)
      break;
    if (utf8_is_high_surrogate(unit) && i + 1 < UNITS) {
      unsigned long low = at[2 * i + 2] | (unsigned long)at[2 * i + 3] << 8;
      if (utf8_is_low_surrogate(low)) {
        unit = utf8_from_surrogates(unit, low);
        i++;
      }
    }
    if (unit >= 0xD800 && unit < 0xE000)
      unit = 0xFFFD;
    written += put_utf8(unit, out + written);
  }
  out[written] = '\0';
}

/* string[max]: a length byte, then that many Latin-1 bytes (a length over
 * `max` is cut there). */
static void read_ansi(const unsigned char *at, int max, char out[XG_TEXT_SIZE]) {
  int length = at[0] <= max ? at[0] : max;
  int written = 0;
  for (int i = 0; i < length; i++)
    written += put_utf8(at[1 + i], out + written);
  out[written] = '\0';
}

/* The Unicode string where the version has it and it is not empty, else
 * the ANSI one. */
static void read_text(const unsigned char *record, int version, int unicode_at,
                      int ansi_at, int ansi_max, char out[XG_TEXT_SIZE]) {
  out[0] = '\0';
  if (version >= 24 && unicode_at > 0)
    read_utf16(record + unicode_at, out);
  if (out[0] == '\0' && ansi_at > 0)
    read_ansi(record + ansi_at, ansi_max, out);
}

/* ---- records ------------------------------------------------------------ */

void xg_read_match_header(const unsigned char *record, xg_match_header *header) {
  memset(header, 0, sizeof *header);
  header->version = xg_i32(record + 552);
  header->magic = xg_u32(record + 556);
  header->length = xg_i32(record + 92);
  header->variation = xg_i32(record + 96);
  header->crawford = record[100] != 0;
  header->jacoby = record[101] != 0;
  header->beaver = record[102] != 0;
  header->date = xg_double(record + 128);
  if (header->version >= 8)
    header->cube_limit = xg_i32(record + 612);
  int version = header->version;
  read_text(record, version, 880, 9, 40, header->players[0]);
  read_text(record, version, 1138, 50, 40, header->players[1]);
  read_text(record, version, 622, 136, 128, header->event);
  read_text(record, version, 1396, 283, 128, header->location);
  read_text(record, version, 1654, 417, 128, header->round);
  if (version >= 30)
    read_text(record, version, 1960, 0, 0, header->transcriber);
}

void xg_read_game_header(const unsigned char *record, xg_game_header *header) {
  header->score[0] = xg_i32(record + 12);
  header->score[1] = xg_i32(record + 16);
  header->crawford = record[20] != 0;
  copy_position(header->position, record + 21);
}

void xg_read_cube(const unsigned char *record, xg_cube *cube) {
  cube->active = xg_i32(record + 12);
  cube->doubled = xg_i32(record + 16);
  cube->take = xg_i32(record + 20);
  cube->beaver_answer = xg_i32(record + 24);
  cube->raccoon_answer = xg_i32(record + 28);
  cube->cube = xg_i32(record + 32);
}

void xg_read_move(const unsigned char *record, xg_move *move) {
  copy_position(move->after, record + 35);
  move->active = xg_i32(record + 64);
  for (int i = 0; i < 8; i++)
    move->steps[i] = xg_i32(record + 68 + 4 * i);
  move->dice[0] = xg_i32(record + 100);
  move->dice[1] = xg_i32(record + 104);
}

void xg_read_game_footer(const unsigned char *record, xg_game_footer *footer) {
  footer->score[0] = xg_i32(record + 12);
  footer->score[1] = xg_i32(record + 16);
  footer->winner = xg_i32(record + 24);
  footer->points = xg_i32(record + 28);
  footer->termination = xg_i32(record + 32);
}

/* ---- dates -------------------------------------------------------------- */

/* The civil date of a day counted from 1 January 1970 (proleptic
 * Gregorian): 400-year eras of 146,097 days, years from March. */
static void civil_date(long day, long *year, int *month, int *mday) {
  long shifted = day + 719468; /* from 1 March of the year 0 */
  long era = (shifted >= 0 ? shifted : shifted - 146096) / 146097;
  long of_era = shifted - era * 146097;
  long year_of_era = (of_era - of_era / 1460 + of_era / 36524 - of_era / 146096) / 365;
  long of_year = of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  long month_from_march = (5 * of_year + 2) / 153;
  *mday = (int)(of_year - (153 * month_from_march + 2) / 5 + 1);
  *month = (int)(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
  *year = year_of_era + era * 400 + (*month <= 2);
}

bool xg_date_text(double days, char date[16], char time[8]) {
  enum { DAYS_1899_TO_1970 = 25569, LAST_DAY = 2958465 /* 31 December 9999 */ };
  if (!(days >= 1.0 && days < LAST_DAY + 1.0))
    return false;
  long whole = (long)days; /* days > 0: the cut is the floor */
  long year;
  int month, mday;
  civil_date(whole - DAYS_1899_TO_1970, &year, &month, &mday);
  int minutes = (int)((days - (double)whole) * 24 * 60 + 0.5);
  if (minutes >= 24 * 60)
    minutes = 24 * 60 - 1;
  /* (the remainders only tell the compiler the widths: the values fit) */
  snprintf(date, 16, "%04u.%02u.%02u", (unsigned)year % 10000u, (unsigned)month % 100u,
           (unsigned)mday % 100u);
  snprintf(time, 8, "%02u.%02u", (unsigned)minutes / 60u % 100u, (unsigned)minutes % 60u);
  return true;
}
