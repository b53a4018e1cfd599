/*
 * posid.c — GNU Backgammon's Position ID and Match ID and eXtreme Gammon's
 * XGID (posid.h), written from GNU Backgammon's documentation of the
 * formats ("Position ID" and "Match ID" in its manual) and XG's.
 *
 * Both of GNU Backgammon's IDs are bit strings in base64, least
 * significant bit of each byte first:
 *  - the Position ID: for the player NOT on roll, then the player on roll,
 *    each on its own points 1..24 and then its bar, as many 1 bits as
 *    checkers followed by a 0 (80 bits, 10 bytes, 14 characters);
 *  - the Match ID: fields of fixed width (66 bits, and a 67th for the
 *    Jacoby rule NOT in use, that GNU Backgammon 1.07 writes and reads;
 *    9 bytes, 12 characters).
 * Base64 is the standard alphabet without padding (base64.h).
 */
#include "posid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"

#define POSITION_BYTES 10
#define MATCH_BYTES 9
#define FIELD_SCORE_BITS 15

/* ---- bits ------------------------------------------------------------- */

/* GNU Backgammon numbers the bits of its keys from the least significant
 * bit of the first byte. */
static void put_bits(unsigned char *key, int at, int width, unsigned value) {
  for (int i = 0; i < width; i++)
    if ((value >> i) & 1u)
      key[(at + i) / 8] |= (unsigned char)(1u << ((at + i) % 8));
}

static unsigned get_bits(const unsigned char *key, int at, int width) {
  unsigned value = 0;
  for (int i = 0; i < width; i++)
    if ((key[(at + i) / 8] >> ((at + i) % 8)) & 1u)
      value |= 1u << i;
  return value;
}

/* ---- Position ID ----------------------------------------------------- */

/* The order of the key: the player not on roll (side 1) first. */
static const int key_sides[2] = {1, 0};

void posid_position_encode(const bg_board *board, char id[POSID_POSITION_LENGTH + 1]) {
  unsigned char key[POSITION_BYTES] = {0};
  int bit = 0;
  for (int s = 0; s < 2; s++)
    for (int point = 1; point <= BG_BAR; point++) {
      int count = board->checkers[key_sides[s]][point];
      /* A broken board (more than the key holds) is cut short, never
       * written past the key's end. */
      for (int c = 0; c < count && bit < POSITION_BYTES * 8; c++, bit++)
        put_bits(key, bit, 1, 1);
      bit++; /* the 0 that ends the point */
    }
  base64_encode(key, POSITION_BYTES, false, id);
}

bool posid_position_decode(const char *id, bg_board *board) {
  unsigned char key[POSITION_BYTES];
  if (!base64_decode(id, key, POSITION_BYTES))
    return false;
  bg_board decoded;
  memset(&decoded, 0, sizeof decoded);
  int bit = 0;
  for (int s = 0; s < 2; s++) {
    int total = 0;
    for (int point = 1; point <= BG_BAR; point++) {
      while (bit < POSITION_BYTES * 8 && get_bits(key, bit, 1)) {
        if (++total > BG_CHECKERS)
          return false;
        decoded.checkers[key_sides[s]][point]++;
        bit++;
      }
      if (bit++ >= POSITION_BYTES * 8)
        return false; /* the key ended inside a point */
    }
    decoded.checkers[key_sides[s]][BG_OFF] = (uint8_t)(BG_CHECKERS - total);
  }
  for (; bit < POSITION_BYTES * 8; bit++)
    if (get_bits(key, bit, 1))
      return false;
  if (!board_is_valid(&decoded))
    return false;
  *board = decoded;
  return true;
}

/* ---- Match ID -------------------------------------------------------- */

void posid_match_init(posid_match *match, int on_roll, int length, int score0,
                      int score1) {
  memset(match, 0, sizeof *match);
  match->on_roll = match->deciding = on_roll;
  match->cube = 1;
  match->cube_owner = -1;
  match->length = length;
  match->score[0] = score0;
  match->score[1] = score1;
  match->state = POSID_PLAYING;
}

static int log2_of(int value) {
  int log = 0;
  while (value > 1) {
    value >>= 1;
    log++;
  }
  return log;
}

/* Whether the Match ID says "this is the Crawford game".  A 1-point match
 * has none: both players stand at length - 1 from the start, and GNU
 * Backgammon leaves the bit clear there (it applies the Crawford rule only
 * to matches longer than one point), whatever the caller's state says. */
static bool crawford_game(const posid_match *match) {
  return match->crawford && match->length > 1;
}

void posid_match_encode(const posid_match *match, char id[POSID_MATCH_LENGTH + 1]) {
  unsigned char key[MATCH_BYTES] = {0};
  /* The higher die first, as GNU Backgammon writes them. */
  int high = match->dice[0] >= match->dice[1] ? match->dice[0] : match->dice[1];
  int low = match->dice[0] >= match->dice[1] ? match->dice[1] : match->dice[0];
  put_bits(key, 0, 4, (unsigned)log2_of(match->cube));
  put_bits(key, 4, 2, match->cube_owner < 0 ? 3u : (unsigned)match->cube_owner);
  put_bits(key, 6, 1, (unsigned)match->on_roll);
  put_bits(key, 7, 1, crawford_game(match));
  put_bits(key, 8, 3, (unsigned)match->state);
  put_bits(key, 11, 1, (unsigned)match->deciding);
  put_bits(key, 12, 1, match->doubled);
  put_bits(key, 13, 2, (unsigned)match->resigned);
  put_bits(key, 15, 3, (unsigned)high);
  put_bits(key, 18, 3, (unsigned)low);
  put_bits(key, 21, FIELD_SCORE_BITS, (unsigned)match->length & 0x7fffu);
  put_bits(key, 36, FIELD_SCORE_BITS, (unsigned)match->score[0] & 0x7fffu);
  put_bits(key, 51, FIELD_SCORE_BITS, (unsigned)match->score[1] & 0x7fffu);
  /* GNU Backgammon sets this bit when the Jacoby rule is NOT in use, which
   * is every match (the rule belongs to money play). */
  put_bits(key, 66, 1, !(match->length == 0 && match->jacoby));
  base64_encode(key, MATCH_BYTES, false, id);
}

/* What GNU Backgammon itself refuses in a Match ID. */
static bool match_fields_valid(const posid_match *m) {
  if (m->dice[0] > 6 || m->dice[1] > 6 || (m->dice[0] == 0) != (m->dice[1] == 0))
    return false;
  if (m->state > POSID_DROPPED)
    return false;
  if (m->length == 0)
    return !m->crawford;
  return m->score[0] <= m->length && m->score[1] <= m->length;
}

bool posid_match_decode(const char *id, posid_match *match) {
  unsigned char key[MATCH_BYTES];
  if (!base64_decode(id, key, MATCH_BYTES))
    return false;
  if (get_bits(key, 67, 5) != 0)
    return false; /* bits no version writes */
  posid_match m;
  memset(&m, 0, sizeof m);
  unsigned cube_log = get_bits(key, 0, 4);
  if (cube_log > 15)
    return false;
  m.cube = 1 << cube_log;
  unsigned owner = get_bits(key, 4, 2);
  if (owner == 2)
    return false;
  m.cube_owner = owner == 3 ? -1 : (int)owner;
  m.on_roll = (int)get_bits(key, 6, 1);
  m.crawford = get_bits(key, 7, 1);
  m.state = (posid_game_state)get_bits(key, 8, 3);
  m.deciding = (int)get_bits(key, 11, 1);
  m.doubled = get_bits(key, 12, 1);
  m.resigned = (int)get_bits(key, 13, 2);
  m.dice[0] = (int)get_bits(key, 15, 3);
  m.dice[1] = (int)get_bits(key, 18, 3);
  m.length = (int)get_bits(key, 21, FIELD_SCORE_BITS);
  m.score[0] = (int)get_bits(key, 36, FIELD_SCORE_BITS);
  m.score[1] = (int)get_bits(key, 51, FIELD_SCORE_BITS);
  m.jacoby = m.length == 0 && !get_bits(key, 66, 1);
  if (!match_fields_valid(&m))
    return false;
  *match = m;
  return true;
}

/* ---- XGID ------------------------------------------------------------ */

/* The XGID is absolute: player 1 at the bottom, whose points number its
 * 26 characters (0: the top player's bar, 1..24: the bottom player's
 * points, 25: the bottom player's bar); upper case the bottom player's
 * checkers, lower case the top player's. */
static char xgid_square(const bg_board *absolute, int index) {
  int bottom = index == 0 ? 0 : absolute->checkers[1][index];
  int top = index == BG_BAR ? 0 : absolute->checkers[0][index == 0 ? BG_BAR : 25 - index];
  if (bottom > 0)
    return (char)('A' + (bottom > BG_CHECKERS ? BG_CHECKERS : bottom) - 1);
  if (top > 0)
    return (char)('a' + (top > BG_CHECKERS ? BG_CHECKERS : top) - 1);
  return '-';
}

static int xgid_side(int player) {
  return player == 1 ? 1 : -1;
}

void posid_xgid_encode(const bg_board *board, const posid_match *match, char *out,
                       int size) {
  bg_board absolute;
  board_seen_by(board, match->on_roll, &absolute);
  char squares[27];
  for (int i = 0; i < 26; i++)
    squares[i] = xgid_square(&absolute, i);
  squares[26] = '\0';
  char dice[3] = "00";
  if (match->doubled) {
    dice[0] = 'D';
    dice[1] = '\0';
  } else if (match->dice[0] > 0) {
    int high = match->dice[0] >= match->dice[1] ? match->dice[0] : match->dice[1];
    int low = match->dice[0] >= match->dice[1] ? match->dice[1] : match->dice[0];
    dice[0] = (char)('0' + high % 10);
    dice[1] = (char)('0' + low % 10);
  }
  int rules = match->length > 0 ? match->crawford : match->jacoby + 2 * match->beavers;
  int owner = match->cube_owner < 0 ? 0 : xgid_side(match->cube_owner);
  snprintf(out, (size_t)size, "XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:%d", squares,
           log2_of(match->cube), owner, xgid_side(match->on_roll), dice, match->score[1],
           match->score[0], rules, match->length,
           match->max_cube > 0 ? log2_of(match->max_cube) : 10);
}

/* One of the XGID's numeric fields, within [low, high]. */
static bool xgid_number(const char *text, int low, int high, int *value) {
  char *end;
  long n = strtol(text, &end, 10);
  if (end == text || *end != '\0' || n < low || n > high)
    return false;
  *value = (int)n;
  return true;
}

static bool xgid_position(const char *squares, bg_board *absolute) {
  if (strlen(squares) != 26)
    return false;
  memset(absolute, 0, sizeof *absolute);
  for (int i = 0; i < 26; i++) {
    char c = squares[i];
    int bottom = c >= 'A' && c <= 'O' ? c - 'A' + 1 : 0;
    int top = c >= 'a' && c <= 'o' ? c - 'a' + 1 : 0;
    if (c != '-' && !bottom && !top)
      return false;
    if ((i == 0 && bottom) || (i == 25 && top))
      return false; /* a player on the other one's bar */
    if (bottom)
      absolute->checkers[1][i] = (uint8_t)bottom;
    if (top)
      absolute->checkers[0][i == 0 ? BG_BAR : 25 - i] = (uint8_t)top;
  }
  for (int s = 0; s < 2; s++) {
    int total = 0;
    for (int p = 1; p <= BG_BAR; p++)
      total += absolute->checkers[s][p];
    if (total > BG_CHECKERS)
      return false;
    absolute->checkers[s][BG_OFF] = (uint8_t)(BG_CHECKERS - total);
  }
  return board_is_valid(absolute);
}

static bool xgid_dice(const char *text, posid_match *m) {
  if (strcmp(text, "00") == 0)
    return true;
  if (strcmp(text, "D") == 0 || strcmp(text, "B") == 0 || strcmp(text, "R") == 0) {
    m->doubled = true;
    return true;
  }
  if (strlen(text) != 2 || text[0] < '1' || text[0] > '6' || text[1] < '1' ||
      text[1] > '6')
    return false;
  m->dice[0] = text[0] - '0';
  m->dice[1] = text[1] - '0';
  return true;
}

/* The ten fields of `copy` (cut in place at the colons). */
static bool xgid_fields(char *copy, char *fields[10]) {
  char *at = copy;
  for (int n = 0; n < 9; n++) {
    fields[n] = at;
    char *colon = strchr(at, ':');
    if (!colon)
      return false;
    *colon = '\0';
    at = colon + 1;
  }
  fields[9] = at;
  return !strchr(at, ':');
}

static bool xgid_numbers(char *fields[10], posid_match *m) {
  int cube_log, owner, turn, rules, max_log;
  if (!xgid_number(fields[1], 0, 15, &cube_log) ||
      !xgid_number(fields[2], -1, 1, &owner) || !xgid_number(fields[3], -1, 1, &turn) ||
      turn == 0 || !xgid_dice(fields[4], m) ||
      !xgid_number(fields[5], 0, 0x7fff, &m->score[1]) ||
      !xgid_number(fields[6], 0, 0x7fff, &m->score[0]) ||
      !xgid_number(fields[7], 0, 3, &rules) ||
      !xgid_number(fields[8], 0, 0x7fff, &m->length) ||
      !xgid_number(fields[9], 0, 15, &max_log))
    return false;
  m->cube = 1 << cube_log;
  m->cube_owner = owner == 0 ? -1 : owner == 1 ? 1 : 0;
  m->on_roll = m->deciding = turn == 1 ? 1 : 0;
  m->max_cube = 1 << max_log;
  if (m->length > 0) {
    if (rules > 1 || m->score[0] > m->length || m->score[1] > m->length)
      return false;
    m->crawford = rules == 1;
  } else {
    m->jacoby = rules & 1;
    m->beavers = (rules & 2) != 0;
  }
  return true;
}

bool posid_xgid_decode(const char *xgid, bg_board *board, posid_match *match) {
  if (!xgid)
    return false;
  if (strncmp(xgid, "XGID=", 5) == 0)
    xgid += 5;
  size_t length = strlen(xgid);
  if (length > POSID_XGID_SIZE)
    return false;
  char copy[POSID_XGID_SIZE + 1];
  memcpy(copy, xgid, length + 1);
  char *fields[10];
  posid_match m;
  posid_match_init(&m, 0, 0, 0, 0);
  bg_board absolute;
  if (!xgid_fields(copy, fields) || !xgid_position(fields[0], &absolute) ||
      !xgid_numbers(fields, &m))
    return false;
  board_seen_by(&absolute, m.on_roll, board);
  *match = m;
  return true;
}
