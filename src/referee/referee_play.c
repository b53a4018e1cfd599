/*
 * referee_play.c — is a recorded play one of the legal plays of its roll,
 * and if not, which rule does it break?
 *
 * A recorded play is judged by where it leaves the mover's checkers: the
 * notation's moves are netted (a checker leaves each "from", arrives on each
 * "to"), so step order, combined hops, chains and repeats do not matter.
 * That roller-side position is compared with the legal plays' results; the
 * opponent side of those results (which blots were hit) is what the record
 * may leave open.  A play written one die per move that uses every die
 * needs no move generation at all (check_play_quickly); only on a miss
 * does the referee work out an explanation.
 */
#include "referee_int.h"
#include "referee_prove.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* A play_readings whose sets hold nothing: their boards are filled from
 * their counts, never read past them. */
static void readings_empty(play_readings *found) {
  found->path_and_marks.count = found->path.count = 0;
  found->marks.count = found->any.count = 0;
}

void referee_play_checker_init(play_checker *checker, const bg_match *match,
                               bg_diag_sink *sink) {
  long lost_turn_checks = 0;
  for (int g = 0; g < match->game_count; g++)
    lost_turn_checks += (long)LOST_TURN_CHECKS_PER_ACTION * match->games[g].action_count;
  checker->match = match;
  checker->sink = sink;
  checker->game_number = 0;
  checker->marks_hits = false;
  checker->last_rule = NULL;
  checker->last_pos = (bg_srcpos){0};
  checker->last_play_legal = false;
  checker->lost_turn_checks_left = lost_turn_checks;
  referee_plays_new_game(checker);
  /* The legal plays' list and the scratch sets are large: emptied by
   * their counts, never cleared (a clear per match was a thirtieth of the
   * time of checking). */
  movegen_playlist_init(&checker->legal.plays);
  checker->legal.roll = NULL;
  checker->legal.view = (bg_board){0};
  movegen_playlist_init(&checker->scratch.plays);
  readings_empty(&checker->scratch.found);
  checker->scratch.any_roll.count = 0;
}

void referee_play_checker_free(play_checker *checker) {
  movegen_playlist_free(&checker->legal.plays);
  movegen_playlist_free(&checker->scratch.plays);
}

static bool same_roller_side(const bg_board *a, const bg_board *b) {
  return board_roller_equal(a, b);
}

static bool play_hits_at(const bg_play *play, int point) {
  for (int s = 0; s < play->step_count; s++)
    if (play->steps[s].to == point && play->steps[s].hit)
      return true;
  return false;
}

/* With hit marks written, a destination marked '*' must be hit by the play
 * and an unmarked destination must not be; intermediate points of combined
 * hops are the notation's blind spot and stay free. */
static bool hits_agree(const bg_action *roll, const bg_play *play) {
  for (int i = 0; i < roll->move_count; i++) {
    int point = roll->moves[i].to;
    if (point == BG_OFF ? roll->moves[i].hit
                        : referee_marked_at(roll, point) != play_hits_at(play, point))
      return false;
  }
  return true;
}

/* Is every hit of the play marked where it happened?  Programs that write
 * marks mark a hit on the way too (a star after the point passed in a
 * chain), so of two readings the marks allow, the one with no hidden hit
 * is the likelier; in a record with no marks, one that hits nothing. */
static bool every_hit_marked(const bg_action *roll, const bg_play *play) {
  for (int s = 0; s < play->step_count; s++)
    if (play->steps[s].hit && !referee_marked_at(roll, play->steps[s].to))
      return false;
  return true;
}

/* Does the play land on every point the record's moves end on?  "13/7 7/5"
 * says the checker stopped on the 7, which 13/11/5 does not: the record
 * wrote its path, and the path decides which blots were hit. */
static bool path_agrees(const bg_action *roll, const bg_play *play) {
  for (int i = 0; i < roll->move_count; i++) {
    int point = roll->moves[i].to;
    bool landed = point == BG_OFF;
    for (int s = 0; s < play->step_count && !landed; s++)
      landed = play->steps[s].to == point;
    if (!landed)
      return false;
  }
  return true;
}

/* The hidden hit of `play`, a reading of `roll` whose every mark agrees
 * but which hits a blot on the way of a combined move ("8/2" for 8/7*\/2):
 * 1 + its place in checker->hidden.list, made once per roll; 0 when the
 * list is full (the hit then goes unsaid). */
static uint8_t hidden_hit_of(play_checker *checker, const bg_action *roll,
                             const bg_play *play) {
  if (checker->hidden.of_roll)
    return (uint8_t)checker->hidden.of_roll;
  if (checker->hidden.count == BG_MAX_HIDDEN_HITS)
    return 0;
  int point = 0;
  for (int s = 0; s < play->step_count && !point; s++)
    if (play->steps[s].hit && !referee_marked_at(roll, play->steps[s].to))
      point = play->steps[s].to;
  const bg_move *move = &roll->moves[0];
  for (int i = 0; i < roll->move_count; i++)
    if (roll->moves[i].from > point && roll->moves[i].to < point) {
      move = &roll->moves[i];
      break;
    }
  hidden_hit *hit = &checker->hidden.list[checker->hidden.count++];
  char text[32], name[8];
  snprintf(hit->message, sizeof hit->message,
           "%s hits the blot on the %s point on its way but is not marked with '*'",
           notation_move_text(move, text, sizeof text),
           notation_point_name(point, name, sizeof name));
  hit->pos = move->pos;
  hit->move_number = roll->move_number;
  hit->player = roll->player;
  return (uint8_t)(checker->hidden.of_roll = checker->hidden.count);
}

/* The record's moves as one position's legal plays are matched against
 * them: where they put the mover's checkers, and where a walk of them in
 * their own order ends (when it can be walked). */
typedef struct {
  const bg_action *roll;
  const bg_board *target;
  bg_board walked;
  bool walks;
} record_moves;

/* Does `play` take the record's path?  The move generator keeps one play
 * per position, whose steps may take another path than the record's
 * (19/14/13 for 19/18/13): a walk of the record's own moves vouches for
 * its path too. */
static bool on_record_path(const record_moves *record, const bg_play *play) {
  return path_agrees(record->roll, play) ||
         (record->walks && board_equal(&play->result, &record->walked));
}

/* Adds the position `play` leaves to each reading it fits; whether it
 * takes the record's path. */
static bool add_readings_of(play_checker *checker, const record_moves *record,
                            const bg_play *play, uint8_t hidden, play_readings *found) {
  const bg_action *roll = record->roll;
  bool on_path = on_record_path(record, play);
  bool marked = !checker->marks_hits || hits_agree(roll, play);
  referee_positions_add(&found->any, &play->result, roll->player, hidden);
  if (on_path)
    referee_positions_add(&found->path, &play->result, roll->player, hidden);
  if (marked)
    referee_positions_add(&found->marks, &play->result, roll->player, hidden);
  /* the likeliest reading first: it is the one the replay shows */
  if (on_path && marked && every_hit_marked(roll, play))
    referee_positions_add(&found->path_and_marks, &play->result, roll->player, hidden);
  return on_path;
}

/* After the likeliest readings, the plays on the record's path whose
 * marks agree but leave a hit unmarked: readings too, each with the hidden
 * hit it needs. */
static void add_unmarked_hit_readings(play_checker *checker, const record_moves *record,
                                      uint8_t hidden, play_readings *found) {
  const bg_action *roll = record->roll;
  for (int i = 0; i < checker->scratch.plays.count; i++) {
    const bg_play *play = &checker->scratch.plays.plays[i];
    if (same_roller_side(&play->result, record->target) &&
        (!checker->marks_hits || hits_agree(roll, play)) &&
        !every_hit_marked(roll, play) && on_record_path(record, play))
      referee_positions_add(
          &found->path_and_marks, &play->result, roll->player,
          hidden || !checker->marks_hits ? hidden : hidden_hit_of(checker, roll, play));
  }
}

/* Matches the play against one position's legal plays; `target` is where
 * the record's moves put the mover's checkers from there
 * (referee_moves_target), and the readings found need the hidden hit
 * `hidden` of the position.  Returns how many plays matched. */
static int match_from(play_checker *checker, const bg_action *roll, const bg_board *view,
                      const bg_board *target, uint8_t hidden, play_readings *found,
                      bool *path_found, bool *walks_found) {
  /* No way of the dice there, or only one of fewer dice than can be
   * played: no legal play there.  The common case of a record followed
   * after a mistake, from positions it no longer fits, decided without
   * listing each position's plays. */
  if (!movegen_may_be_legal(view, roll->die1, roll->die2, target))
    return 0;
  movegen_legal_plays(view, roll->die1, roll->die2, &checker->scratch.plays);
  record_moves record = {.roll = roll, .target = target};
  record.walks = *walks_found = referee_play_walk(roll, view, &record.walked);
  int matched = 0;
  for (int i = 0; i < checker->scratch.plays.count; i++) {
    const bg_play *play = &checker->scratch.plays.plays[i];
    if (!same_roller_side(&play->result, target))
      continue;
    matched++;
    *path_found |= add_readings_of(checker, &record, play, hidden, found);
  }
  add_unmarked_hit_readings(checker, &record, hidden, found);
  return matched;
}

/* Tells which unmarked or wrongly marked hit made the marks disagree: the
 * first move whose mark does not fit the blots of the position before. */
static void report_hit_marks(play_checker *checker, const bg_action *roll,
                             const bg_board *view) {
  char message[256], text[32], point[8];
  for (int i = 0; i < roll->move_count; i++) {
    const bg_move *move = &roll->moves[i];
    bool blot = move->to != BG_OFF && board_is_blot_of_opponent(view, move->to);
    const char *why = NULL;
    if (move->hit && move->to == BG_OFF)
      why = "%s marks a hit, but a bear-off hits nothing";
    else if (move->hit && !blot)
      why = "%s marks a hit, but no opposing blot stood on the %s point";
    else if (blot && !referee_marked_at(roll, move->to))
      why = "%s hits the blot on the %s point but is not marked with '*'";
    if (!why)
      continue;
    snprintf(message, sizeof message, why, notation_move_text(move, text, sizeof text),
             notation_point_name(move->to, point, sizeof point));
    referee_report_play(checker, roll, move->pos, DIAG_WARNING, RULE_SLUG(HIT_MARKER),
                        message, NULL);
    return;
  }
  referee_report_play(checker, roll, roll->pos, DIAG_WARNING, RULE_SLUG(HIT_MARKER),
                      "the '*' marks of this play do not match the blots it hits", NULL);
}

/* Most plays are written one die per move and use every die: then the play
 * is legal and its position unique, with no move generation.  Combined hops
 * that use every die and recorded no-plays where no die moves are proved
 * as cheaply (referee_prove_quickly): the move generator runs for a fifth
 * as many plays. */
static referee_proved check_play_quickly(play_checker *checker, const bg_action *roll,
                                         reading_set *positions) {
  if (positions->count != 1)
    return PROOF_NONE;
  return referee_prove_play_onto(checker->marks_hits, roll, &positions->boards[0]);
}

/* The readings the play makes from one of several positions followed.
 * Where the quick proof holds, its one position is the only legal play
 * there with the record's result, on its path (what check_play_quickly
 * relies on for a single position): with its hits marked, match_from
 * would find just that, after listing every legal play.  With a mark
 * that disagrees, no reading there is both on the path and marked, so
 * it adds nothing to found->path_and_marks; what it adds to the other
 * sets is left out (*left_out) unless `every_set`.  After a mistake a
 * record is followed from up to BG_MAX_CANDIDATES positions, and its
 * next plays fit most of them: this keeps that at the cost of a valid
 * record's plays. */
static int readings_from(play_checker *checker, const bg_action *roll,
                         const bg_board *view, uint8_t hidden, bool dice_fit,
                         play_readings *found, bool every_set, bool *left_out,
                         bool *on_path, bool *walks) {
  bg_board target, after;
  /* Moves from points without the checkers they take: no reading, proved
   * or listed (any play that makes the moves nets to this target).  The
   * common case of the positions a record is followed from after a
   * mistake, told before the proof's search over orders of its moves. */
  if (!referee_moves_target(view, roll, &target))
    return 0;
  if (dice_fit && referee_prove_quickly(false, roll, view, &after)) {
    referee_marks_verdict marks = checker->marks_hits
                                      ? referee_marks_of_quick_play(roll, view, &after)
                                      : MARKS_AGREE;
    if (marks == MARKS_AGREE || (marks == MARKS_DISAGREE && !every_set)) {
      if (marks == MARKS_AGREE)
        referee_positions_add(&found->path_and_marks, &after, roll->player, hidden);
      else
        *left_out = true;
      *on_path = *walks = true;
      return 1;
    }
  }
  return match_from(checker, roll, view, &target, hidden, found, on_path, walks);
}

/* The readings of the play from every position followed, into
 * checker->scratch.found, and the position it is judged from: the first where the
 * record's path fits, else the first where its result does (-1 none),
 * with whether the record's moves walk there (*walks).  True when sets
 * other than found->path_and_marks were left out (see readings_from). */
static bool read_positions(play_checker *checker, const bg_action *roll,
                           const reading_set *positions, bool every_set, int *judged_at,
                           bool *walks_there) {
  play_readings *found = &checker->scratch.found; /* large: kept with the checker */
  found->path_and_marks.count = found->path.count = found->marks.count =
      found->any.count = 0;
  int first_matching = -1, first_on_path = -1;
  bool walks_at_matching = false, walks_on_path = false, left_out = false;
  /* after a mistake a record is followed from many positions, and a record
   * of random plays has moves its dice cannot make from any of them */
  bool dice_fit = referee_dice_may_make_moves(roll);
  for (int i = 0; i < positions->count; i++) {
    bg_board view;
    board_seen_by(&positions->boards[i], roll->player, &view);
    bool on_path = false, walks = false;
    if (readings_from(checker, roll, &view, positions->hidden[i], dice_fit, found,
                      every_set, &left_out, &on_path, &walks) > 0 &&
        first_matching < 0) {
      first_matching = i;
      walks_at_matching = walks;
    }
    if (on_path && first_on_path < 0) {
      first_on_path = i;
      walks_on_path = walks;
    }
  }
  *judged_at = first_on_path >= 0 ? first_on_path : first_matching;
  *walks_there = first_on_path >= 0 ? walks_on_path : walks_at_matching;
  return left_out;
}

/* Of the positions followed, where the record's play is nearest to legal
 * (none of them has it as a legal play): the first whose moves the dice
 * make, else the first with checkers where its moves start, else the first.
 * An error is explained from there: after an earlier mistake the readings
 * differ, and the first may lack the very checkers the play moves. */
static int likeliest_for(const bg_action *roll, const reading_set *positions) {
  int with_checkers = -1;
  for (int i = 0; i < positions->count; i++) {
    bg_board view, target;
    board_seen_by(&positions->boards[i], roll->player, &view);
    if (!referee_moves_target(&view, roll, &target))
      continue;
    if (referee_play_is_made_by_dice(roll, &view))
      return i;
    if (with_checkers < 0)
      with_checkers = i;
  }
  return with_checkers >= 0 ? with_checkers : 0;
}

/* A play that does not fit while the checker is on probation: the record is
 * out of step with the game (see play_checker), which a note says once;
 * the plays of the rest of the game are followed as before, unreported
 * (so the game's result is judged the same whatever the notation says of
 * its line numbers). */
static void fall_silent(play_checker *checker, const bg_action *roll) {
  if (checker->recovery.silenced)
    return;
  if (checker->recovery.probation_for_numbers && referee_numbering_misfit(checker))
    referee_say_numbering_misfit(checker);
  char message[240], place[32];
  snprintf(message, sizeof message,
           checker->recovery.probation_for_numbers
               ? "this play fits none of the positions the game can be in: the move "
                 "numbers break off at %s (a line left out or written twice), and "
                 "the rest of this game is not checked"
               : "this play fits none of the positions the game can be in after the "
                 "play of %s, whose own position cannot stand: the record is out "
                 "of step with the game, and the rest of this game is not checked",
           match_place_name(checker->recovery.probation_pos, place, sizeof place));
  referee_report_play(checker, roll, roll->pos, DIAG_NOTE,
                      checker->recovery.probation_rule, message, NULL);
  checker->recovery.silenced = true;
}

/* Says why `roll`'s play is no legal play from `view`, unless the game is
 * silenced.  A game whose plays miss again and again is no record of it
 * (a variant, a record gone astray, noise): after MISSES_PER_GAME of them
 * a note says the rest of the game is not checked, and the game's plays
 * are followed unreported, at a bounded cost. */
static void explain_miss(play_checker *checker, const bg_action *roll,
                         const bg_board *view) {
  /* Counted whether the game is reported or not: what is followed after a
   * miss must not hang on it, or a record read from .mat (whose move
   * numbers may silence a game) and the same from YAML would differ. */
  ++checker->recovery.misses_in_game;
  if (checker->recovery.silenced)
    return;
  if (checker->recovery.misses_in_game > MISSES_PER_GAME) {
    char message[160];
    snprintf(message, sizeof message,
             "%d plays of this game fit no legal play: the rest of this game is not "
             "checked",
             MISSES_PER_GAME + 1);
    referee_report_play(checker, roll, roll->pos, DIAG_NOTE, checker->last_rule, message,
                        NULL);
    checker->recovery.silenced = true;
    return;
  }
  referee_explain_miss(checker, roll, view);
}

/* Of the readings found, the likeliest set: on the record's path with its
 * marks, else on its path, else with its marks, else any. */
static const reading_set *likeliest_readings(const play_readings *found) {
  return found->path_and_marks.count ? &found->path_and_marks
         : found->path.count         ? &found->path
         : found->marks.count        ? &found->marks
                                     : &found->any;
}

/* The play lands where legal plays do (`best`, from the readings found):
 * by the dice, it is legal, unless its hit marks disagree; by a wrong
 * path (`by_dice` false), it is a miss explained from `first` (the
 * reading at `explained`), after which the player may have made any
 * legal play. */
static void follow_readings(play_checker *checker, const bg_action *roll,
                            reading_set *positions, int explained, const bg_board *first,
                            const reading_set *best, bool by_dice) {
  const play_readings *found = &checker->scratch.found;
  bool marks_wrong = by_dice && best != &found->path_and_marks && best != &found->marks &&
                     checker->marks_hits;
  if (checker->recovery.plays_on_probation > 0 && (!by_dice || marks_wrong))
    fall_silent(checker, roll);
  if (!by_dice)
    explain_miss(checker, roll, first);
  else if (marks_wrong)
    report_hit_marks(checker, roll, first);
  checker->last_play_legal = by_dice;
  if (!by_dice)
    referee_follow_after_miss(checker, roll, positions, explained, best);
  else
    referee_positions_copy(positions, best);
}

static bool check_play(play_checker *checker, const bg_action *roll,
                       reading_set *positions, bool resigned_after) {
  if (positions->count == 0)
    return false;
  checker->hidden.of_roll = 0;
  int first_matching;
  bool walks_at_matching;
  /* the sets left out are needed only when no reading fits with its marks */
  if (read_positions(checker, roll, positions, false, &first_matching,
                     &walks_at_matching) &&
      checker->scratch.found.path_and_marks.count == 0)
    read_positions(checker, roll, positions, true, &first_matching, &walks_at_matching);
  int explained = first_matching >= 0 ? first_matching : likeliest_for(roll, positions);
  bg_board first;
  board_seen_by(&positions->boards[explained], roll->player, &first);
  const reading_set *best = likeliest_readings(&checker->scratch.found);
  if (best->count > 0) {
    follow_readings(checker, roll, positions, explained, &first, best, walks_at_matching);
    return true;
  }
  if (resigned_after &&
      (roll->move_count == 0 || referee_play_is_made_by_dice(roll, &first))) {
    /* The roller gave up after rolling, with the play unfinished. */
    positions->count = 0;
    referee_resynchronise(roll, &first, positions);
    return true;
  }
  if (checker->recovery.plays_on_probation > 0)
    fall_silent(checker, roll);
  explain_miss(checker, roll, &first);
  referee_follow_after_miss(checker, roll, positions, explained, NULL);
  return true;
}

/* What every play checked ends with. */
static bool play_checked(play_checker *checker, int on_probation, bool followed,
                         reading_set *positions) {
  if (on_probation && checker->recovery.plays_on_probation == on_probation)
    checker->recovery.plays_on_probation--; /* one more play checked on probation */
  if (checker->hidden.count > 0) /* tested here: most games have no hidden hit */
    referee_settle_hidden_hits(checker, positions);
  return followed;
}

referee_proved referee_check_play_if_proved(play_checker *checker, const bg_action *roll,
                                            reading_set *positions) {
  int on_probation = checker->recovery.plays_on_probation;
  referee_proved proved = check_play_quickly(checker, roll, positions);
  if (!proved)
    return PROOF_NONE;
  checker->last_play_legal = true;
  play_checked(checker, on_probation, true, positions);
  return proved;
}

bool referee_check_play_unproved(play_checker *checker, const bg_action *roll,
                                 reading_set *positions, bool resigned_after) {
  int on_probation = checker->recovery.plays_on_probation;
  bool followed = check_play(checker, roll, positions, resigned_after);
  return play_checked(checker, on_probation, followed, positions);
}

bool referee_check_play(play_checker *checker, const bg_action *roll,
                        reading_set *positions, bool resigned_after) {
  if (referee_check_play_if_proved(checker, roll, positions))
    return true; /* most plays of a valid record */
  return referee_check_play_unproved(checker, roll, positions, resigned_after);
}

void referee_plays_new_game(play_checker *checker) {
  checker->recovery = (game_recovery){.plays_on_probation = 0,
                                      .probation_pos = {0},
                                      .probation_rule = NULL,
                                      .probation_for_numbers = false,
                                      .silenced = false,
                                      .numbering_break = NULL,
                                      .numbering_break_said = false,
                                      .misses_in_game = 0,
                                      .lost_turn_followed = false,
                                      .cube = {.value = 0, .shares_waiting = false}};
  /* the list is read only below its count */
  checker->hidden.count = 0;
  checker->hidden.of_roll = 0;
}

bool referee_check_play_any_roll(play_checker *checker, const bg_action *roll,
                                 reading_set *positions) {
  if (positions->count == 0 || positions->count > READINGS_OF_ANY_ROLL) {
    positions->count = 0;
    return false;
  }
  reading_set *after = &checker->scratch.any_roll;
  after->count = 0;
  /* a full set is given up below: no need to fill it further */
  for (int i = 0; i < positions->count && after->count < BG_MAX_CANDIDATES; i++) {
    bg_board view;
    board_seen_by(&positions->boards[i], roll->player, &view);
    for (int high = 1; high <= 6 && after->count < BG_MAX_CANDIDATES; high++)
      for (int low = 1; low <= high && after->count < BG_MAX_CANDIDATES; low++)
        referee_plays_of_roll(roll, &view, high, low, &checker->scratch.plays, after);
  }
  if (after->count > 0 && after->count < BG_MAX_CANDIDATES) {
    referee_positions_copy(positions, after);
    return true;
  }
  bg_board first;
  board_seen_by(&positions->boards[0], roll->player, &first);
  positions->count = 0;
  return roll->move_count > 0 && referee_resynchronise(roll, &first, positions);
}
