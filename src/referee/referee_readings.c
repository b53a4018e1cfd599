/*
 * referee_readings.c — the positions a record allows.
 *
 * The referee follows a set of positions, not one: a combined hop may have
 * hit a blot or not, a play that could not be read or was not recorded
 * may have been any legal play of its dice, and after a mistake every
 * legal play is a reading too.  This file keeps those sets (deduplicated
 * by position, each with the hidden hit its reading needed), makes the
 * readings of a roll whose play is unknown (a turn lost from the record:
 * referee_lost_turn.c), warns about a hidden hit once every
 * reading still followed needs it, and chooses, within a budget, the
 * readings followed after a play that fits none of them
 * (referee_follow_after_miss).
 */
#include "referee_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "position_set.h"

/* Copies the boards in use only: a set has room for hundreds. */
void referee_positions_copy(reading_set *to, const reading_set *from) {
  to->count = from->count;
  memcpy(to->boards, from->boards, (size_t)from->count * sizeof from->boards[0]);
  memcpy(to->slots, from->slots, sizeof to->slots);
  memcpy(to->hidden, from->hidden, (size_t)from->count);
}

/* The index over a set's boards, in the set's own slots; emptied when the
 * set is (its slots may still hold a former content's places). */
static position_set readings_index(reading_set *set) {
  position_set index = {.slots = set->slots, .mask = 2 * BG_MAX_CANDIDATES - 1};
  if (set->count == 0)
    position_set_clear(&index);
  return index;
}

/* Adds a position to a set once, with the hidden hit its reading needs (0
 * none: a position also reached without one needs none). */
void referee_positions_add(reading_set *set, const bg_board *view, int player,
                           uint8_t hidden) {
  bg_board absolute;
  board_seen_by(view, player, &absolute);
  position_set index = readings_index(set);
  position_boards boards = {.first = set->boards, .stride = sizeof set->boards[0]};
  uint32_t *slot = position_set_slot(&index, boards, &absolute, board_hash(&absolute));
  if (*slot) {
    if (!hidden)
      set->hidden[*slot - 1] = 0;
    return;
  }
  if (set->count < BG_MAX_CANDIDATES) {
    set->hidden[set->count] = hidden;
    board_copy(&set->boards[set->count++], &absolute);
    *slot = (uint32_t)set->count;
  }
}

void referee_positions_renumber(reading_set *set, int count) {
  reading_set kept_boards_only;
  kept_boards_only.count = 0;
  for (int i = 0; i < count; i++)
    referee_positions_add(&kept_boards_only, &set->boards[i], 0, set->hidden[i]);
  referee_positions_copy(set, &kept_boards_only);
}

void referee_positions_only(reading_set *set, const bg_board *board) {
  set->count = 1;
  set->boards[0] = *board;
  set->hidden[0] = 0;
}

void referee_settle_hidden_hits(play_checker *checker, reading_set *positions) {
  if (checker->hidden.count == 0 || positions->count == 0)
    return;
  if (checker->recovery.silenced || (checker->recovery.plays_on_probation > 0 &&
                                     checker->recovery.probation_for_numbers))
    return; /* the readings may owe their hit to a line left out */
  for (int i = 0; i < positions->count; i++)
    if (!positions->hidden[i])
      return;
  const hidden_hit *hit = &checker->hidden.list[positions->hidden[0] - 1];
  bg_diag diag = {.file = checker->match->file,
                  .line = hit->pos.line,
                  .column = hit->pos.column,
                  .severity = DIAG_WARNING,
                  .rule = RULE_SLUG(HIT_MARKER),
                  .message = hit->message,
                  .game = checker->game_number,
                  .move = hit->move_number,
                  .player = referee_play_player_name(checker, hit->player)};
  diag_emit(checker->sink, &diag);
  memset(positions->hidden, 0, (size_t)positions->count);
}

int referee_plays_of_roll(const bg_action *roll, const bg_board *view, int high, int low,
                          bg_playlist *plays, reading_set *after) {
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
    if (written && !board_roller_equal(&plays->plays[i].result, &target))
      continue;
    found++;
    if (after)
      referee_positions_add(after, &plays->plays[i].result, roll->player, 0);
  }
  return found;
}

bool referee_follow_every_play(play_checker *checker, const bg_action *roll,
                               reading_set *positions) {
  reading_set *after = &checker->scratch.any_roll;
  after->count = 0;
  if (positions->count > READINGS_OF_UNKNOWN_PLAY &&
      checker->recovery.misses_in_game > GENEROUS_MISSES) {
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
    referee_plays_of_roll(&unread, &view, roll->die1, roll->die2, &checker->scratch.plays,
                          after);
  }
  if (after->count == 0 || after->count == BG_MAX_CANDIDATES) {
    positions->count = 0;
    return false;
  }
  referee_positions_copy(positions, after);
  return true;
}

/* ---- after a miss ---------------------------------------------------- */

/* After an error, the record's own position is taken as the truth if it can
 * physically stand: the mover's checkers where the notation puts them, a
 * lone opposing checker on a destination hit. */
bool referee_resynchronise(const bg_action *roll, const bg_board *view,
                           reading_set *after) {
  bg_board target;
  if (!referee_moves_target(view, roll, &target))
    return false;
  for (int i = 0; i < roll->move_count; i++) {
    int point = roll->moves[i].to;
    if (point == BG_OFF)
      continue;
    int opposing = board_opponent_checkers_on(&target, point);
    if (opposing >= 2)
      return false;
    if (opposing == 1) {
      target.checkers[1][BG_BAR - point] = 0;
      target.checkers[1][BG_BAR]++;
    }
  }
  for (int point = 1; point <= 24; point++)
    if (target.checkers[0][point] && board_opponent_checkers_on(&target, point))
      return false;
  if (!board_is_valid(&target))
    return false;
  referee_positions_add(after, &target, roll->player, 0);
  return true;
}

/* What the nearest play would leave: the roller's counts changed as the
 * written moves change them.  Where that position stands, the opponent's
 * side is compared too (a play that hits is farther); where it cannot (a
 * move from a point without the checkers, "6/4 5/4" after a slip), the
 * counts are signed numbers and the roller's side alone is compared: the
 * plays that move most like the record are still the likeliest. */
typedef struct {
  int change[BG_SLOTS]; /* of the roller's counts, by the written moves */
  int base;             /* the distance of the position played from */
  bool both_sides;      /* the written position stands */
} written_aim;

static void aim_at_moves(written_aim *aim, const bg_board *view, const bg_action *roll) {
  uint32_t written;
  aim->both_sides = referee_moves_change(roll, aim->change, &written);
  aim->base = 0;
  for (; written; written &= written - 1) {
    int slot = __builtin_ctz(written);
    int count = view->checkers[0][slot] + aim->change[slot];
    aim->both_sides &= count >= 0 && count <= BG_CHECKERS;
    aim->base += abs(aim->change[slot]);
  }
}

/* How far a legal play's result is from the aim: checkers to move.  The
 * result differs from `view`, where it was played from, only where the
 * play's steps start, land or hit: those slots alone are counted again
 * (a roll has up to hundreds of plays, and a record of random plays asks
 * for them at nearly every play). */
static int distance_to_aim(const bg_play *play, const written_aim *aim,
                           const bg_board *view) {
  uint32_t touched = 0, hit = 0;
  for (int i = 0; i < play->step_count; i++) {
    const bg_step *step = &play->steps[i];
    touched |= 1u << step->from | 1u << step->to;
    if (step->hit)
      hit |= 1u << (BG_BAR - step->to) | 1u << BG_BAR;
  }
  int distance = aim->base;
  for (; touched; touched &= touched - 1) {
    int slot = __builtin_ctz(touched);
    int moved = play->result.checkers[0][slot] - view->checkers[0][slot];
    distance += abs(moved - aim->change[slot]) - abs(aim->change[slot]);
  }
  for (hit = aim->both_sides ? hit : 0; hit; hit &= hit - 1) {
    int slot = __builtin_ctz(hit);
    distance += abs(play->result.checkers[1][slot] - view->checkers[1][slot]);
  }
  return distance;
}

/* Distances are small: the plays are sorted by counting them, ties in the
 * engine's order (DISTANCE_BUCKETS, DISTANCES_KEPT: referee_budget.h). */
/* Puts the legal plays nearest to what the record wrote first: a slip of
 * the pen (17/14 for 17/15) is likelier than another play, so the note
 * shows it among its first few, and the referee, which follows at most
 * BG_MAX_CANDIDATES positions after a mistake, keeps it.  Where the written
 * moves describe no position, only when `rank_unstanding` (GENEROUS_MISSES,
 * referee_int.h). */
static void sort_nearest_first(bg_playlist *legal, const bg_action *roll,
                               const bg_board *view, bool rank_unstanding) {
  if (legal->count < 2)
    return;
  written_aim aim;
  aim_at_moves(&aim, view, roll);
  if (!aim.both_sides && !rank_unstanding)
    return;
  size_t count = (size_t)legal->count;
  uint8_t kept[DISTANCES_KEPT];
  uint8_t *distance = count <= DISTANCES_KEPT ? kept : bg_malloc(count);
  int farthest = 0;
  bool in_order = true;
  for (size_t i = 0; i < count; i++) {
    int d = distance_to_aim(&legal->plays[i], &aim, view);
    distance[i] = (uint8_t)(d < DISTANCE_BUCKETS ? d : DISTANCE_BUCKETS - 1);
    in_order &= distance[i] >= farthest;
    farthest = distance[i] > farthest ? distance[i] : farthest;
  }
  if (!in_order) {
    /* the buckets up to the farthest distance only: most lists are short */
    int starts[DISTANCE_BUCKETS + 1];
    memset(starts, 0, (size_t)(farthest + 2) * sizeof *starts);
    for (size_t i = 0; i < count; i++)
      starts[distance[i] + 1]++;
    for (int bucket = 1; bucket <= farthest + 1; bucket++)
      starts[bucket] += starts[bucket - 1];
    bg_play *sorted = bg_malloc(count * sizeof *sorted);
    for (size_t i = 0; i < count; i++)
      sorted[starts[distance[i]]++] = legal->plays[i];
    memcpy(legal->plays, sorted, count * sizeof *sorted);
    free(sorted);
  }
  if (distance != kept)
    free(distance);
}

void referee_legal_nearest_first(play_checker *checker, const bg_action *roll,
                                 const bg_board *view) {
  if (checker->legal.roll == roll && board_equal(&checker->legal.view, view))
    return;
  movegen_legal_plays(view, roll->die1, roll->die2, &checker->legal.plays);
  sort_nearest_first(&checker->legal.plays, roll, view,
                     checker->recovery.misses_in_game <= GENEROUS_MISSES);
  checker->legal.roll = roll;
  checker->legal.view = *view;
}

/* Adds the positions of the first `plays` legal plays in checker->legal.plays
 * (referee_legal_nearest_first) to `positions`, up to `room` positions in
 * all. */
static void add_legal_plays(play_checker *checker, const bg_action *roll,
                            reading_set *positions, int plays, int room) {
  for (int i = 0; i < checker->legal.plays.count && i < plays && positions->count < room;
       i++)
    referee_positions_add(positions, &checker->legal.plays.plays[i].result, roll->player,
                          0);
}

/* The first FOLLOWED_AFTER_MISS legal plays of a reading, nearest to the
 * record's first: their positions, seen by the roller. */
typedef struct {
  bg_board results[FOLLOWED_AFTER_MISS];
  int count;
} nearest_plays;

static void keep_nearest(nearest_plays *nearest, const bg_playlist *sorted) {
  nearest->count =
      sorted->count < FOLLOWED_AFTER_MISS ? sorted->count : FOLLOWED_AFTER_MISS;
  for (int n = 0; n < nearest->count; n++)
    nearest->results[n] = sorted->plays[n].result;
}

/* Where the written moves end by a wrong path is a legal play's place
 * (`landed`): those first; then the record's own position, which differs
 * from theirs where the written path hits a blot that no legal path to
 * that place passes (a wrong die: "31: bar/24 12/11 11/10* 10/9"). */
static void follow_wrong_path(const bg_action *roll, const bg_board *view,
                              const reading_set *landed, reading_set *after) {
  referee_positions_copy(after, landed);
  referee_resynchronise(roll, view, after);
}

/* A play whose own position cannot stand (a checker moved from where none
 * is): the plays that come next are on probation (see game_recovery). */
static void put_on_probation(play_checker *checker, const bg_action *roll) {
  checker->recovery.plays_on_probation = PLAYS_ON_PROBATION;
  checker->recovery.probation_pos = roll->pos;
  checker->recovery.probation_rule = checker->last_rule;
  checker->recovery.probation_for_numbers = false;
}

/* A play that lands on no legal play's place: the record's own position
 * as it stands from each reading, the explained one's (`view`) first. */
static void follow_written_play(play_checker *checker, const bg_action *roll,
                                const reading_set *positions, int explained,
                                const bg_board *view, reading_set *after) {
  if (!referee_resynchronise(roll, view, after) &&
      checker->recovery.plays_on_probation == 0)
    put_on_probation(checker, roll);
  for (int i = 0; i < positions->count; i++) {
    bg_board other;
    board_seen_by(&positions->boards[i], roll->player, &other);
    if (i != explained)
      referee_resynchronise(roll, &other, after);
  }
}

/* How many legal plays after a miss are followed, and from which readings
 * (see referee_follow_after_miss). */
typedef struct {
  int explained; /* the reading the miss was explained from: visited first */
  int readings;  /* the readings visited */
  int room;      /* the positions followed, at most */
  bool generous; /* within GENEROUS_MISSES: no plays kept between passes */
  /* outside it, each visited reading's plays nearest to the record's,
   * kept by the first pass for the second */
  nearest_plays kept[READINGS_AFTER_MISS + 1];
} miss_budget;

static void miss_budget_init(miss_budget *budget, const play_checker *checker,
                             int readings, int explained) {
  budget->explained = explained;
  budget->generous = checker->recovery.misses_in_game <= GENEROUS_MISSES;
  budget->readings =
      budget->generous || readings < READINGS_AFTER_MISS ? readings : READINGS_AFTER_MISS;
  budget->room = budget->generous ? BG_MAX_CANDIDATES : FOLLOWED_AFTER_MISS;
}

/* The plays kept of one reading by the first pass, up to `room`. */
static void add_kept_plays(const bg_action *roll, const nearest_plays *nearest, int room,
                           reading_set *after) {
  for (int n = 0; n < nearest->count && after->count < room; n++)
    referee_positions_add(after, &nearest->results[n], roll->player, 0);
}

/* The first `plays` legal plays of one reading (`board`), nearest to the
 * record's first, kept in `nearest` unless it is NULL.  The explained
 * reading's are the plays the miss was explained with: listed once
 * (checker->legal caches them). */
static void add_reading_plays(play_checker *checker, const bg_action *roll,
                              const bg_board *board, nearest_plays *nearest, int plays,
                              int room, reading_set *after) {
  bg_board view;
  board_seen_by(board, roll->player, &view);
  referee_legal_nearest_first(checker, roll, &view);
  if (nearest)
    keep_nearest(nearest, &checker->legal.plays);
  add_legal_plays(checker, roll, after, plays, room);
}

/* One pass over the readings, the explained one first: the first pass
 * adds each one's few nearest plays, the second more of theirs (outside
 * the generous budget, those the first pass kept, not a second move
 * generation: no more than `room` of them can be added). */
static void add_pass(play_checker *checker, const bg_action *roll,
                     const reading_set *positions, miss_budget *budget, bool first,
                     reading_set *after) {
  for (int k = -1, visit = 0; k < budget->readings && after->count < budget->room; k++) {
    int i = k < 0 ? budget->explained : k;
    if (k == budget->explained)
      continue;
    nearest_plays *nearest = budget->generous ? NULL : &budget->kept[visit++];
    if (!first && nearest)
      add_kept_plays(roll, nearest, budget->room, after);
    else
      add_reading_plays(checker, roll, &positions->boards[i], nearest,
                        first ? NEAREST_PLAYS_FIRST : INT_MAX, budget->room, after);
  }
}

/* After a play that is no legal play from any position followed: go on
 * from what the record says happened (its moves as written, where that
 * position can stand, or nothing moved for a recorded no-play; `landed`,
 * when not NULL: the legal plays' positions the written moves end on by a
 * wrong path) and from every legal play of the dice too, from each
 * position followed (the one the error was explained from, `explained`,
 * first, its plays nearest to the record's first): the mistake may be in
 * the dice, in the play or in an earlier reading, and the plays that
 * follow decide.
 *
 * A budget no record can defeat: the few plays of each of the likeliest
 * readings nearest to the record's (a slip of the pen), the explained
 * reading's first, then more of theirs, up to FOLLOWED_AFTER_MISS
 * positions.  A record that misses again and again costs what a valid one
 * costs, not a move generation for every position it allows. */
void referee_follow_after_miss(play_checker *checker, const bg_action *roll,
                               reading_set *positions, int explained,
                               const reading_set *landed) {
  reading_set *after = &checker->scratch.any_roll;
  after->count = 0;
  bg_board view;
  board_seen_by(&positions->boards[explained], roll->player, &view);
  if (landed)
    follow_wrong_path(roll, &view, landed, after);
  else
    follow_written_play(checker, roll, positions, explained, &view, after);
  miss_budget budget;
  miss_budget_init(&budget, checker, positions->count, explained);
  add_pass(checker, roll, positions, &budget, true, after);
  add_pass(checker, roll, positions, &budget, false, after);
  referee_positions_copy(positions, after);
}
