/*
 * referee_readings.c — the positions a record allows.
 *
 * The referee follows a set of positions, not one: a combined hop may have
 * hit a blot or not, a play that could not be read or was not recorded
 * may have been any legal play of its dice, and after a mistake every
 * legal play is a reading too.  This file keeps those sets (deduplicated
 * by position, each with the hidden hit its reading needed), makes the
 * readings of a roll whose play is unknown, and warns about a hidden hit
 * once every reading still followed needs it.
 */
#include "referee_int.h"

#include <string.h>

/* Copies the boards in use only: a set has room for hundreds. */
void referee_positions_copy(position_set *to, const position_set *from) {
  to->count = from->count;
  memcpy(to->boards, from->boards, (size_t)from->count * sizeof from->boards[0]);
  memcpy(to->hashes, from->hashes, (size_t)from->count * sizeof from->hashes[0]);
  memcpy(to->slots, from->slots, sizeof to->slots);
  memcpy(to->hidden, from->hidden, (size_t)from->count);
}

/* Adds a position to a set once, with the hidden hit its reading needs (0
 * none: a position also reached without one needs none); sets after an
 * error hold hundreds, so positions are told apart by their hash first. */
void referee_positions_add(position_set *set, const bg_board *view, int player,
                           uint8_t hidden) {
  bg_board absolute;
  board_seen_by(view, player, &absolute);
  uint64_t hash = board_hash(&absolute);
  const unsigned mask = 2 * BG_MAX_CANDIDATES - 1;
  if (set->count == 0)
    memset(set->slots, 0, sizeof set->slots);
  unsigned slot = (unsigned)hash & mask;
  for (; set->slots[slot]; slot = (slot + 1) & mask) {
    int i = set->slots[slot] - 1;
    if (set->hashes[i] == hash && board_equal(&set->boards[i], &absolute)) {
      if (!hidden)
        set->hidden[i] = 0;
      return;
    }
  }
  if (set->count < BG_MAX_CANDIDATES) {
    set->hidden[set->count] = hidden;
    set->hashes[set->count] = hash;
    set->boards[set->count++] = absolute;
    set->slots[slot] = (uint16_t)set->count;
  }
}

void referee_positions_renumber(position_set *set, int count) {
  position_set kept_boards_only;
  kept_boards_only.count = 0;
  for (int i = 0; i < count; i++)
    referee_positions_add(&kept_boards_only, &set->boards[i], 0, set->hidden[i]);
  referee_positions_copy(set, &kept_boards_only);
}

void referee_positions_only(position_set *set, const bg_board *board) {
  set->count = 1;
  set->boards[0] = *board;
  set->hidden[0] = 0;
}

void referee_settle_hidden_hits(play_checker *checker, position_set *positions) {
  if (checker->hidden_count == 0 || positions->count == 0)
    return;
  if (checker->silenced ||
      (checker->plays_on_probation > 0 && checker->probation_for_numbers))
    return; /* the readings may owe their hit to a line left out */
  for (int i = 0; i < positions->count; i++)
    if (!positions->hidden[i])
      return;
  const hidden_hit *hit = &checker->hidden[positions->hidden[0] - 1];
  bg_diag diag = {.file = checker->match->file,
                  .line = hit->pos.line,
                  .column = hit->pos.column,
                  .severity = DIAG_WARNING,
                  .rule = "hit-marker",
                  .message = hit->message,
                  .game = checker->game_number,
                  .move = hit->move_number,
                  .player = referee_play_player_name(checker, hit->player)};
  diag_emit(checker->sink, &diag);
  memset(positions->hidden, 0, (size_t)positions->count);
}

int referee_plays_of_roll(const bg_action *roll, const bg_board *view, int high, int low,
                          bg_playlist *plays, position_set *after) {
  bg_action tried = *roll;
  tried.die1 = high;
  tried.die2 = low;
  bg_board target;
  bool written = roll->move_count > 0;
  if (written && (!referee_moves_target(view, &tried, &target) ||
                  !referee_play_is_made_by_dice(&tried, view)))
    return 0;
  movegen_legal_plays(view, high, low, plays);
  int found = 0;
  for (int i = 0; i < plays->count; i++) {
    if (written &&
        memcmp(plays->plays[i].result.checkers[0], target.checkers[0], BG_SLOTS) != 0)
      continue;
    found++;
    if (after)
      referee_positions_add(after, &plays->plays[i].result, roll->player, 0);
  }
  return found;
}

/* The readings a play that is not known is followed from, at most, once
 * the game has missed more than GENEROUS_MISSES times. */
#define READINGS_OF_UNKNOWN_PLAY 8

bool referee_follow_every_play(play_checker *checker, const bg_action *roll,
                               position_set *positions) {
  position_set *after = &checker->any_roll;
  after->count = 0;
  if (positions->count > READINGS_OF_UNKNOWN_PLAY &&
      checker->misses_in_game > GENEROUS_MISSES) {
    /* every play of every reading of a game that keeps missing: more than
     * can be told apart, and a cost a record could multiply */
    positions->count = 0;
    return false;
  }
  bg_action unread = *roll;
  unread.move_count = 0; /* every legal play, whatever was read of it */
  /* a full set may have left the true position out: then nothing is sure,
   * and the readings left need not be listed */
  for (int i = 0; i < positions->count && after->count < BG_MAX_CANDIDATES; i++) {
    bg_board view;
    board_seen_by(&positions->boards[i], roll->player, &view);
    referee_plays_of_roll(&unread, &view, roll->die1, roll->die2, &checker->legal, after);
  }
  if (after->count == 0 || after->count == BG_MAX_CANDIDATES) {
    positions->count = 0;
    return false;
  }
  referee_positions_copy(positions, after);
  return true;
}
