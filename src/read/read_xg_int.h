/*
 * read_xg_int.h — what the three parts of the .xg reader share:
 * read_xg.c opens the archive and inflates its game file record by
 * record; read_xg_record.c decodes a record's little-endian fields (the
 * published layout: which field stands at which byte); read_xg_match.c
 * turns the records, in order, into the model.  Internal to the reader.
 */
#ifndef BG_READ_XG_INT_H
#define BG_READ_XG_INT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "read_xg.h"

#define XG_RECORD_SIZE 2560 /* every record of the game file, padded */

/* The first line of a place (diag.h): places count up from here. */
#define XG_LINE_BASE (INT_MIN / 2)

/* The records' types, the byte at offset 8 of each. */
enum {
  XG_MATCH_HEADER = 0,
  XG_GAME_HEADER = 1,
  XG_CUBE = 2,
  XG_MOVE = 3,
  XG_GAME_FOOTER = 4,
  XG_MATCH_FOOTER = 5,
  XG_LAST_TYPE = 7, /* 6 and 7: kept by XG for itself, nothing of the match */
};

/* A string of the file as UTF-8: 128 UTF-16 units make at most 384 bytes. */
#define XG_TEXT_SIZE (3 * 128 + 1)

/* The match header: who plays, how long, under which rules. */
typedef struct {
  unsigned magic; /* "DMLI" in a game file */
  int version;    /* of the file's layout: 30 and 32 in the corpus */
  int length;     /* 99999: unlimited (a money session) */
  int variation;  /* 0 backgammon, 1 nackgammon, 2 hypergammon, 3 longgammon */
  bool crawford, jacoby, beaver;
  int cube_limit; /* log2 of the highest cube; 0 when none */
  double date;    /* days since 30 December 1899 */
  char players[2][XG_TEXT_SIZE];
  char event[XG_TEXT_SIZE], location[XG_TEXT_SIZE], round[XG_TEXT_SIZE];
  char transcriber[XG_TEXT_SIZE];
} xg_match_header;

typedef struct {
  int score[2];
  bool crawford;    /* this game is the Crawford game */
  int position[26]; /* player 1's view: + its checkers, 25 its bar */
} xg_game_header;

/* A cube decision: `doubled` 1 when the player doubled (0 no, -1 and -2
 * no decision recorded); `take` 0 drop, 1 take, 2 beaver; `cube` the cube
 * before, player 1's view: 0 centred, +n player 1 owns 2^n, -n player 2. */
typedef struct {
  int active; /* 1 player 1, -1 player 2 */
  int doubled, take, beaver_answer, raccoon_answer, cube;
} xg_cube;

/* A roll and its play: `steps` from/to pairs of points counted from 0 on
 * the mover's side (24 the bar, a negative destination off), ended by a
 * from of -1; `after` the position after the play, the mover's view. */
typedef struct {
  int active;
  int steps[8];
  int dice[2];
  int after[26];
} xg_move;

typedef struct {
  int score[2]; /* after the game */
  int winner;   /* 1 player 1, -1 player 2 */
  int points;
  int termination; /* 0 drop, 1-3 single to backgammon, +100 resigned, +1000 settled */
} xg_game_footer;

struct bg_xg_reader {
  /* (ordered for no padding) */
  bg_input *input;
  const char *file;
  bg_diag_sink *sink;
  const char *error;  /* why reading failed, for the user */
  bg_match **matches; /* read, handed out in order */
  /* read_xg_match.c: the record being read and what it belongs to */
  long record; /* from 1 */
  bg_match *match;
  diag_syntax_limit syntax_limit; /* syntax errors said in this match */
  int match_count, handed_out;
  size_t match_capacity;
  int version;   /* of the match header */
  int variation; /* of the match header */
  int plays;     /* of the open game */
  int places;    /* handed out: the next place's line is XG_LINE_BASE + places + 1 */
  /* the roll XG stores after a game's last action, until the footer says
   * whether it was played before a resignation */
  int pending_player, pending_dice[2];
  bg_srcpos pending_pos;
  /* the last play of the open game and the position after it */
  int last_mover;
  int last_after[26];
  bool read; /* the file has been read (at the first call of next) */
  bool io_error;
  bool comments; /* the archive holds comments (temp.xgc), not read */
  bool game_open;
  bool pending_roll;
  bool has_last_play;
};

/* read_xg.c: the reader cannot go on; `why` is a static string. */
bool xg_fail(bg_xg_reader *reader, const char *why);

/* read_xg_record.c: the fields of one XG_RECORD_SIZE record */
int xg_record_type(const unsigned char *record);
void xg_read_match_header(const unsigned char *record, xg_match_header *header);
void xg_read_game_header(const unsigned char *record, xg_game_header *header);
void xg_read_cube(const unsigned char *record, xg_cube *cube);
void xg_read_move(const unsigned char *record, xg_move *move);
void xg_read_game_footer(const unsigned char *record, xg_game_footer *footer);
/* A TDateTime as "2023.11.26" and "09.30" (.mat's EventDate, EventTime);
 * false when it is no date between the years 1900 and 9999. */
bool xg_date_text(double days, char date[16], char time[8]);
/* Little-endian fields, for the archive too. */
unsigned xg_u32(const unsigned char *at);
int xg_i32(const unsigned char *at);

/* read_xg_match.c: one record after another, then the end of them (with
 * the bytes of a last record cut short); false when reading cannot go on
 * (xg_fail said why) */
bool xg_take_record(bg_xg_reader *reader, const unsigned char *record);
bool xg_records_end(bg_xg_reader *reader, size_t left_over);
/* The note, once, that the comments are not read. */
void xg_note_comments(bg_xg_reader *reader);
/* Frees what the records left half-read (after a failure). */
void xg_records_free(bg_xg_reader *reader);

#endif
