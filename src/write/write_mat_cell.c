/*
 * write_mat_cell.c — the text of one cell of the canonical .mat layout
 * (write_mat.c places the cells on their lines):
 *
 *  - a roll: "63:" and its play, "????" when it was not recorded, "Cannot
 *    Move" when the record says so.  A play the replay resolved (one
 *    position before, one after, a legal play between them, nothing
 *    reported) is the engine's steps, one die each, highest point first,
 *    the bar as 25 and off as 0, with the hits the position gives marked;
 *    any other play is the record's own moves, so that what was wrong with
 *    it stays wrong and nothing is invented;
 *  - a keyword: " Doubles => 2", " Beavers => 4", " Takes", " Drops",
 *    " Resigns ...", " Wins N point(s)[ and the match]", each starting with
 *    a blank of its own, as GNU Backgammon writes them;
 *  - eXtreme Gammon's "; Set Pos=" line of a set-up position.
 *
 * Each is put together by hand, not by printf: these run for every action
 * converted, and printf was a tenth of the writer's time.
 */
#include <stdio.h>
#include <string.h>

#include "notation.h"
#include "write_mat_int.h"

/* ---- a roll ----------------------------------------------------------- */

/* The play of a roll as the engine's steps, when the replay followed it
 * from one position (`positions`) to one position and reported nothing
 * about it. */
static bool resolved_play(int positions, const bg_replay_event *event, bg_play *play) {
  const bg_action *roll = event->action;
  if (match_roll_marked_unknown(roll) || roll->cannot_move ||
      match_roll_dice_unread(roll))
    return false;
  return event->errors == 0 && event->warnings == 0 && positions == 1 &&
         event->readings == 1 && bg_replay_play(event, play);
}

bool write_mat_roll_cell(int positions, const bg_replay_event *event, char *cell,
                         int size, size_t *length) {
  const bg_action *roll = event->action;
  /* "63:" by hand, and the play written in place after it */
  int at;
  if (roll->die1 >= 0 && roll->die1 <= 9 && roll->die2 >= 0 && roll->die2 <= 9) {
    cell[0] = (char)('0' + roll->die1);
    cell[1] = (char)('0' + roll->die2);
    cell[2] = ':';
    at = 3;
  } else {
    at = snprintf(cell, size, "%d%d:", roll->die1, roll->die2);
    if (at > size - 2 - PLAY_SIZE)
      at = size - 2 - PLAY_SIZE;
  }
  char *play_text = cell + at + 1; /* after the blank */
  bg_play play;
  bool resolved = false;
  size_t play_length;
  /* A resolved play's length is told by its writer: strlen read back, a
   * vector at a time, the bytes just stored one by one, and waited. */
  if ((resolved = resolved_play(positions, event, &play))) {
    play_length = notation_format_steps(&play, play_text, PLAY_SIZE);
  } else {
    if (match_roll_marked_unknown(roll))
      snprintf(play_text, PLAY_SIZE, "%s", NOTATION_UNRECORDED);
    else if (roll->cannot_move)
      snprintf(play_text, PLAY_SIZE, "Cannot Move");
    else
      notation_play_text_as(roll, NOTATION_STEPS, play_text, PLAY_SIZE);
    play_length = strlen(play_text);
  }
  cell[at] = play_length ? ' ' : '\0';
  *length = play_length ? (size_t)at + 1 + play_length : (size_t)at;
  return resolved;
}

/* ---- a keyword -------------------------------------------------------- */

static const char *plural_s(int n) {
  return n == 1 ? "" : "s";
}

/* " Resigns 2 points", or what was resigned when no points were written. */
static void resign_cell(const bg_action *act, char *cell, int size) {
  static const char *const levels[] = {
      [RESIGN_UNSAID] = "game",   [RESIGN_SINGLE] = "single",
      [RESIGN_GAMMON] = "gammon", [RESIGN_BACKGAMMON] = "backgammon",
      [RESIGN_MATCH] = "match",
  };
  int level = act->resign_level;
  if (act->value > 0)
    snprintf(cell, size, " Resigns %d point%s", act->value, plural_s(act->value));
  else
    snprintf(cell, size, " Resigns %s",
             level >= RESIGN_UNSAID && level <= RESIGN_MATCH ? levels[level] : "game");
}

/* `text` put at `cell + at`; returns the end. */
static int put_text(char *cell, int at, const char *text) {
  size_t length = strlen(text);
  memcpy(cell + at, text, length + 1); /* its NUL too: the cell may end there */
  return at + (int)length;
}

/* `value` in decimal put at `cell + at`; returns the end. */
static int put_number(char *cell, int at, int value) {
  return at + (int)notation_decimal(cell + at, value);
}

void write_mat_keyword_cell(const bg_replay_event *event, char *cell, int size) {
  const bg_action *act = event->action;
  int at = 0;
  switch (act->kind) {
  case ACT_DOUBLE:
  case ACT_BEAVER:
    at = put_text(cell, at, act->kind == ACT_DOUBLE ? " Doubles => " : " Beavers => ");
    at = put_number(cell, at, act->value);
    break;
  case ACT_TAKE:
    at = put_text(cell, at, " Takes");
    break;
  case ACT_DROP:
    at = put_text(cell, at, " Drops");
    break;
  case ACT_RESIGN:
    resign_cell(act, cell, size);
    return;
  case ACT_WIN:
    at = put_number(cell, put_text(cell, at, " Wins "), act->value);
    at = put_text(cell, at, act->value == 1 ? " point" : " points");
    if (act->and_match || event->ends_match)
      at = put_text(cell, at, " and the match");
    break;
  default:
    break;
  }
  cell[at] = '\0';
}

/* ---- a set-up position ------------------------------------------------ */

/* The letter of `count` checkers of a side on a point, from `one` (its
 * letter for one checker), 16 at most. */
static char checkers_letter(char one, int count) {
  return (char)(one + (count > 16 ? 16 : count) - 1);
}

void write_mat_set_position_line(const bg_replay_event *event, char *line, int size) {
  const bg_setup *setup = event->action->setup;
  char board[27];
  memset(board, '-', 26);
  board[26] = '\0';
  for (int i = 1; i <= 24; i++) {
    int left = setup->checkers[0][i], right = setup->checkers[1][BG_BAR - i];
    if (left > 0)
      board[i] = checkers_letter('A', left);
    else if (right > 0)
      board[i] = checkers_letter('a', right);
  }
  if (setup->checkers[1][BG_BAR] > 0)
    board[0] = checkers_letter('a', setup->checkers[1][BG_BAR]);
  if (setup->checkers[0][BG_BAR] > 0)
    board[25] = checkers_letter('A', setup->checkers[0][BG_BAR]);
  int exponent = 0;
  while (exponent < 30 && (1 << exponent) < event->cube.value)
    exponent++;
  if (event->cube.owner < 0)
    snprintf(line, size, "; Set Pos=%s/0\n", board);
  else
    snprintf(line, size, "; Set Pos=%s/%s%d\n", board, event->cube.owner == 0 ? "-" : "",
             exponent);
}
