/*
 * write_sgf.c — GNU Backgammon's saved-match notation: SGF, game 6
 * (red-bean.com/sgf/backgammon.html), as gnubg 1.07 writes and loads it,
 * so that a converted record opens in gnubg for analysis.
 *
 * One game tree per game, as gnubg's `save match` writes them:
 *
 *   (;FF[4]GM[6]CA[UTF-8]AP[bgmatch]MI[length:5][game:0][ws:0][bs:0]
 *   PW[Alice]PB[Bob]RU[Crawford]RE[B+2]
 *   ;B[63aggj];W[double];B[take];W[52ywfa]C[error: ...] ...)
 *
 * White is the left column of a .mat (player 0), Black the right one:
 * what gnubg does on `import mat` then `save match`.  A point is a letter
 * counted from White's side: a = White's 1 point ... x = White's 24
 * (Black's 24 point is a), y the bar, z off.  A play is its dice then a
 * from/to pair per die; a beaver is the taker's own double, as gnubg
 * writes it; a resignation is only an R in the result (RE[W+2R]).
 *
 * The plays are the replay's steps (one pair per die, which gnubg needs),
 * not the record's text: a hop "24/13" is two dice.  Where the replay
 * cannot follow a play, or the play is not a legal one (the record is
 * wrong there), the record's own moves are written instead: a conversion
 * never makes an illegal play legal.  A result is written with the
 * points the record credits (its "Wins" line), not the board's.  The record's problems go
 * on the node they concern as a comment, C[error: ... [rule]], which gnubg shows beside
 * the move.
 *
 * What gnubg's SGF cannot hold is left out: hit marks (a point says it),
 * the beaver rule and a cube limit (no RU value for them), header tags
 * other than Site, Event, Round, EventDate and Transcriber (or Annotator),
 * move numbers (but where the record's break off, the node of that action
 * carries the break as NB[found:expected], a property of bgmatch's own
 * that gnubg ignores and read_sgf_match.c reads back);
 * and of the record's problems, a wrong cube value, a wrong score line,
 * text the record's reader could not read and a break of the move
 * numbers at an action with no node (a "Wins" line) that plays follow:
 * each said at conversion, at its place in the record, as a `lossy`
 * warning (write_sgf_lossy.c words them).  A roll whose dice could not be read is a node
 * all the same, whose value the SGF reader cannot read either (the .mat cell's text where
 * it can be, else empty: add_unreadable_roll), so that the syntax error comes back and
 * the turn stays in its place.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "notation.h"
#include "write_sgf_int.h"

/* ---- one game ------------------------------------------------------- */

typedef struct {
  const bg_match *match;
  sgf_text nodes;   /* the game's move nodes, but the last one's comment */
  sgf_text comment; /* the comment of the last node (or of the root) */
  bool crawford_game;
  int number;   /* 0-based, as MI's game: */
  int score[2]; /* at the game's start, as the record gives it */
  bg_game_result result;
  bool has_result;
  bg_replay *replay; /* where what SGF cannot hold is said (lossy) */
  /* A hop of both dice whose path the replay left open (which blot it hit
   * on its way: readings > 1), written by the likeliest path: where its
   * four letters stand in `nodes`, the other path's letters, and the
   * position that path leaves (absolute); settled by the next roll. */
  bool hop_open;
  size_t hop_at;
  char hop_letters[4];
  bg_board hop_other;
  /* The action whose line breaks the record's move numbers, until its
   * node carries the break (NB[], open_node); NULL when none. */
  const bg_action *numbering_break;
} sgf_game;

static const char *severity_word(bg_severity severity) {
  return severity == DIAG_ERROR ? "error" : severity == DIAG_WARNING ? "warning" : "note";
}

/* The diagnostics of an event, one line each, for the current node; an
 * error about what SGF cannot hold is also said at conversion, at its
 * place in the record (a `lossy` warning). */
static void add_diags(sgf_game *game, const bg_replay_event *event) {
  for (size_t i = 0; i < event->diag_count; i++) {
    const bg_diag *diag = &event->diags[i];
    const char *rule = diag->rule ? diag->rule : "";
    char head[64];
    snprintf(head, sizeof head, "%s%s: ", game->comment.length ? "\n" : "",
             severity_word(diag->severity));
    write_sgf_puts(&game->comment, head);
    write_sgf_puts(&game->comment, diag->message);
    write_sgf_puts(&game->comment, " [");
    write_sgf_puts(&game->comment, rule);
    write_sgf_puts(&game->comment, "]");
    if (diag->legal) {
      write_sgf_puts(&game->comment, "\nlegal plays: ");
      write_sgf_puts(&game->comment, diag->legal);
    }
  }
  write_sgf_say_unheld(game->replay, event);
}

/* Puts the pending comment on the last node written (the root's comes
 * with the root). */
static void close_node(sgf_game *game) {
  if (game->comment.length == 0 || game->nodes.length == 0)
    return;
  write_sgf_property(&game->nodes, "C", game->comment.text);
  game->comment.length = 0;
  game->comment.text[0] = '\0';
}

static void open_node(sgf_game *game) {
  close_node(game);
  write_sgf_puts(&game->nodes, "\n;");
  const bg_action *broken = game->numbering_break;
  if (broken)
    write_sgf_printf(&game->nodes, "NB[%d:%d]", broken->move_number,
                     broken->numbering_expected);
  game->numbering_break = NULL;
}

/* A point of the mover's side (1..24, 25 the bar, 0 off) as SGF's letter,
 * counted from White's side. */
static char point_letter(int player, int point) {
  if (point == BG_BAR)
    return 'y';
  if (point <= BG_OFF || point > 24)
    return 'z';
  return (char)(player == 0 ? 'a' + point - 1 : 'x' - (point - 1));
}

static void add_step(sgf_game *game, int player, int from, int to) {
  char pair[2] = {point_letter(player, from), point_letter(player, to)};
  write_sgf_add(&game->nodes, pair, 2);
}

/* The point a move of the record's is written at, going nowhere, when SGF
 * has no letters for it as written: a checker from off ('z' is no source:
 * gnubg reads it as the end of the play, read_sgf_match.c as no play) or
 * to the bar ('y' is no target).  Such a move goes backwards; one that
 * goes nowhere does too, so the copy reads back with the record's error
 * (illegal-move), not a syntax error.  The point is one of the move's own
 * that SGF holds, else the mover's 24; 0 when SGF holds the move. */
static int nowhere_point(const bg_move *move) {
  if (move->from > BG_OFF && move->to < BG_BAR)
    return 0;
  if (move->from > BG_OFF && move->from < BG_BAR)
    return move->from;
  if (move->to > BG_OFF && move->to < BG_BAR)
    return move->to;
  return 24;
}

/* The play as the record wrote it, one pair per move and repeat, at most
 * four (gnubg reads no more): for a play the replay cannot follow. */
static void add_record_moves(sgf_game *game, const bg_action *roll) {
  int pairs = 0;
  for (int m = 0; m < roll->move_count && pairs < BG_MAX_DICE_STEPS; m++) {
    const bg_move *move = &roll->moves[m];
    int nowhere = nowhere_point(move);
    if (nowhere)
      write_sgf_say_move_unheld(game->replay, move, nowhere);
    for (int c = 0; c < move->count && pairs < BG_MAX_DICE_STEPS; c++, pairs++)
      add_step(game, roll->player, nowhere ? nowhere : move->from,
               nowhere ? nowhere : move->to);
  }
}

/* The dice a play written without them measures: two moves of one die
 * each, or four of one die (a double); false when its moves say no dice
 * for sure (a bear-off, a hop, a play of one move). */
static bool dice_measured(const bg_action *roll, int *die1, int *die2) {
  int distances[BG_MAX_DICE_STEPS] = {0}, count = 0;
  for (int m = 0; m < roll->move_count; m++)
    for (int c = 0; c < roll->moves[m].count; c++) {
      int distance = roll->moves[m].from - roll->moves[m].to;
      if (count == BG_MAX_DICE_STEPS || roll->moves[m].to <= 0 || distance < 1 ||
          distance > 6)
        return false;
      distances[count++] = distance;
    }
  bool two = count == 2 && distances[0] != distances[1];
  bool four = count == 4 && distances[0] == distances[1] &&
              distances[1] == distances[2] && distances[2] == distances[3];
  *die1 = distances[0];
  *die2 = count > 1 ? distances[1] : 0;
  return two || four;
}

/* Does a move of the record go nowhere ("6/6")?  It is no step of the
 * engine's, and an error of the record's: written as the record wrote it. */
static bool moves_nowhere(const bg_action *roll) {
  for (int m = 0; m < roll->move_count; m++)
    if (roll->moves[m].from == roll->moves[m].to)
      return true;
  return false;
}

/* Does the engine's `play` move the pips the record's moves do?  After an
 * error the replay follows several positions, and the legal play to the
 * one it gives may not be the play written (a step short). */
static bool moves_the_written_pips(const bg_action *roll, const bg_play *play) {
  int written = 0, played = 0;
  for (int m = 0; m < roll->move_count; m++)
    written += (roll->moves[m].from - roll->moves[m].to) * roll->moves[m].count;
  for (int i = 0; i < play->step_count; i++)
    played += play->steps[i].from - play->steps[i].to;
  return written == played;
}

/* Notes the other path of a hop of both dice (`play`, by one path) that
 * the replay left open, whose letters start at `at` in the game's nodes. */
static void note_open_hop(sgf_game *game, const bg_replay_event *event,
                          const bg_play *play, size_t at) {
  const bg_action *roll = event->action;
  game->hop_open = false;
  if (event->readings < 2 || roll->move_count != 1 || roll->moves[0].count != 1 ||
      roll->die1 == roll->die2 || play->step_count != 2)
    return;
  int from = play->steps[0].from, to = play->steps[1].to;
  int first = play->steps[1].die, second = play->steps[0].die; /* the other order */
  bg_board view;
  board_seen_by(event->before, roll->player, &view);
  int middle = board_step_target(&view, from, first);
  if (middle <= 0)
    return;
  board_apply_step(&view, from, middle);
  if (board_step_target(&view, middle, second) != to)
    return;
  board_apply_step(&view, middle, to);
  board_seen_by(&view, roll->player, &game->hop_other);
  char letters[4] = {point_letter(roll->player, from), point_letter(roll->player, middle),
                     point_letter(roll->player, middle), point_letter(roll->player, to)};
  memcpy(game->hop_letters, letters, sizeof letters);
  game->hop_at = at;
  game->hop_open = true;
}

/* Does a play of `roll` lead from `before` to `after` (absolute), or is
 * nothing played between them? */
static bool play_leads(const bg_action *roll, const bg_board *before,
                       const bg_board *after) {
  bg_board from, to;
  board_seen_by(before, roll->player, &from);
  board_seen_by(after, roll->player, &to);
  bg_play play;
  return board_equal(&from, &to) ||
         movegen_play_to(&from, roll->die1, roll->die2, &to, &play);
}

/* The roll after an open hop says which path it took: where its play
 * leads only from the other path's position, that path's letters are
 * written in place of the likeliest's. */
static void settle_open_hop(sgf_game *game, const bg_replay_event *event) {
  const bg_action *roll = event->action;
  if (!game->hop_open)
    return;
  game->hop_open = false;
  if (!event->before_known || !event->after_known || !match_roll_has_dice(roll))
    return;
  if (play_leads(roll, &game->hop_other, event->after) &&
      !play_leads(roll, event->before, event->after))
    memcpy(game->nodes.text + game->hop_at, game->hop_letters, sizeof game->hop_letters);
}

static void add_roll(sgf_game *game, const bg_replay_event *event) {
  const bg_action *roll = event->action;
  settle_open_hop(game, event);
  char colour = roll->player == 0 ? 'W' : 'B';
  int die1, die2;
  if (match_roll_dice_unread(roll) && !match_roll_marked_unknown(roll) &&
      dice_measured(roll, &die1, &die2)) {
    /* SGF writes a play with its dice: the ones its moves measure */
    write_sgf_say_dice_measured(game->replay, roll, die1, die2);
    open_node(game);
    write_sgf_roll_head(&game->nodes, colour, die1, die2);
    add_record_moves(game, roll);
    write_sgf_add(&game->nodes, "]", 1);
    return;
  }
  if (!match_roll_has_dice(roll)) {
    /* nothing rolled ("00:"), or dice that cannot be read: no node */
    write_sgf_puts(&game->comment, game->comment.length ? "\n" : "");
    write_sgf_puts(&game->comment, "a turn with no readable dice is not written");
    return;
  }
  open_node(game);
  if (match_roll_marked_unknown(roll)) {
    /* the dice without a play: gnubg's "set dice" node */
    write_sgf_printf(&game->nodes, "PL[%c]DI[%d%d]", colour, roll->die1, roll->die2);
    return;
  }
  write_sgf_roll_head(&game->nodes, colour, roll->die1, roll->die2);
  bg_play play;
  if (!moves_nowhere(roll) && (bg_replay_steps_as_written(event, &play) ||
                               (event->play_legal && bg_replay_play(event, &play) &&
                                moves_the_written_pips(roll, &play)))) {
    size_t at = game->nodes.length;
    for (int i = 0; i < play.step_count; i++)
      add_step(game, roll->player, play.steps[i].from, play.steps[i].to);
    note_open_hop(game, event, &play, at);
  } else {
    add_record_moves(game, roll);
  }
  write_sgf_add(&game->nodes, "]", 1);
}

/* A position set up (eXtreme Gammon's "; Set Pos="), as gnubg writes one:
 * AE[a:y] clears the board, then AW and AB put a checker of White and of
 * Black per value on the point it names (y the bar). */
static void add_set_position(sgf_game *game, const bg_action *action) {
  open_node(game);
  write_sgf_puts(&game->nodes, "AE[a:y]");
  for (int side = 0; side < 2; side++) {
    int placed = 0; /* the property's name comes before its first value */
    for (int point = 1; point <= BG_BAR; point++)
      for (int c = 0; c < action->setup->checkers[side][point]; c++)
        write_sgf_printf(&game->nodes, "%s[%c]",
                         placed++ > 0 ? ""
                         : side == 0  ? "AW"
                                      : "AB",
                         point_letter(side, point));
  }
}

static void add_cube(sgf_game *game, const bg_action *action, const char *word) {
  open_node(game);
  char head[2] = {action->player == 0 ? 'W' : 'B', '['};
  write_sgf_add(&game->nodes, head, sizeof head);
  write_sgf_puts(&game->nodes, word);
  write_sgf_add(&game->nodes, "]", 1);
}

/* Can `text` be a node's value that the SGF reader cannot read either: no
 * dice first, and no cube word? */
static bool unreadable_value(const char *text) {
  static const char *const cube_words[] = {"double", "beaver", "take", "drop"};
  if (!text[0] || (text[0] >= '1' && text[0] <= '6' && text[1] >= '1' && text[1] <= '6'))
    return false;
  for (size_t i = 0; i < sizeof cube_words / sizeof cube_words[0]; i++)
    if (strcmp(text, cube_words[i]) == 0)
      return false;
  return true;
}

/* A roll the record's reader said a syntax error of and could not read the
 * dice of (add_roll writes no node for it) as a node the SGF reader cannot
 * read either: it says a syntax error again, and the turn stays in its
 * place.  The value is the .mat cell's text where the SGF reader cannot
 * read that either, else empty (and the text is said to be lost).  False
 * for any other action. */
static bool add_unreadable_roll(sgf_game *game, const bg_replay_event *event) {
  const bg_action *action = event->action;
  const char *text = action->written;
  int die1, die2;
  if (action->kind != ACT_ROLL || !text || (action->die1 >= 1 && action->die2 >= 1) ||
      (match_roll_dice_unread(action) && !match_roll_marked_unknown(action) &&
       dice_measured(action, &die1, &die2)))
    return false;
  bool as_text = action->written_mat && unreadable_value(text);
  if (!as_text)
    write_sgf_say_text_lost(game->replay, action, text);
  open_node(game);
  write_sgf_property(&game->nodes, event->player == 1 ? "B" : "W", as_text ? text : "");
  return true;
}

/* Does an action other than a result follow action `index` of `game`?  A
 * break of the move numbers that no node carries loses nothing when none
 * does: the plays after a break are what the referee judges it by, and
 * with none it reports nothing (a "Wins" line numbered on, as Backgammon
 * Studio writes it after "Concedes"). */
static bool plays_follow(const bg_game *game, int index) {
  for (int i = index; i < game->action_count; i++)
    if (game->actions[i].kind != ACT_WIN && game->actions[i].kind != ACT_RESIGN)
      return true;
  return false;
}

static void add_action(sgf_game *game, const bg_replay_event *event) {
  const bg_action *action = event->action;
  if (match_numbering_breaks_at(event->game, event->action_index))
    game->numbering_break = action;
  if (add_unreadable_roll(game, event)) {
    add_diags(game, event);
    return;
  }
  if (action->written)
    write_sgf_say_text_lost(game->replay, action, action->written);
  switch (action->kind) {
  case ACT_ROLL:
    add_roll(game, event);
    break;
  case ACT_DOUBLE:
  case ACT_BEAVER: /* gnubg writes a beaver as the taker's double */
    add_cube(game, action, "double");
    break;
  case ACT_TAKE:
    add_cube(game, action, "take");
    break;
  case ACT_DROP:
    add_cube(game, action, "drop");
    break;
  case ACT_SET_POSITION:
    add_set_position(game, action);
    break;
  default: /* a resignation or a "Wins" line: the root's RE says it */
    break;
  }
  if (game->numbering_break == action && plays_follow(event->game, event->action_index))
    write_sgf_say_numbering_lost(game->replay, action);
  game->numbering_break = NULL;
  add_diags(game, event);
}

/* ---- the root node -------------------------------------------------- */

/* The header tags gnubg's root node has room for, under the name gnubg's
 * own .mat export gives each. */
static const struct {
  const char *property;
  const char *tags[2];
} info_properties[] = {
    {"EV", {"Event", NULL}},
    {"RO", {"Round", NULL}},
    {"PC", {"Site", "Place"}},
    {"AN", {"Transcriber", "Annotator"}},
};

/* [EventDate "2024.01.01"] as gnubg's DT[2024-01-01]; nothing when the
 * tag is not such a date (gnubg reads no other). */
static void add_date(sgf_text *root, const bg_match *match) {
  const char *date = match_tag(match, "EventDate");
  long ymd[3];
  if (date && match_parse_date(date, '.', ymd) && ymd[0] > 0 && ymd[1] > 0 &&
      ymd[1] <= 12 && ymd[2] > 0 && ymd[2] <= 31)
    write_sgf_printf(root, "DT[%04d-%02d-%02d]", (int)ymd[0], (int)ymd[1], (int)ymd[2]);
}

static void add_info(sgf_text *root, const bg_match *match) {
  add_date(root, match);
  for (size_t i = 0; i < sizeof info_properties / sizeof info_properties[0]; i++)
    for (int t = 0; t < 2 && info_properties[i].tags[t]; t++) {
      const char *value = match_tag(match, info_properties[i].tags[t]);
      if (value && *value) {
        write_sgf_property(root, info_properties[i].property, value);
        break;
      }
    }
}

/* RU: gnubg reads its words joined by ':': the Crawford rule (and
 * whether this is the Crawford game) in a match, the Jacoby rule in a
 * money session, then the game when it is not backgammon.  A session
 * that does not say is played under gnubg's default, with the Jacoby
 * rule, as gnubg's own import of its .mat has it: only one that says the
 * rule is off goes without.  Nackgammon is the one variation the model
 * and gnubg share; LongGammon gnubg has not (it ignores the word), but
 * without it the copy's plays would be judged from backgammon's start:
 * read_sgf_match.c reads both words back. */
static void add_rules(sgf_text *root, const sgf_game *game) {
  const bg_match *match = game->match;
  const char *rule = NULL;
  if (match->length > 0 && (match->crawford != RULE_OFF || game->crawford_game))
    rule = game->crawford_game ? "Crawford:CrawfordGame" : "Crawford";
  else if (match->length == 0 && match->jacoby != RULE_OFF)
    rule = "Jacoby";
  const char *variation = match->variation == VARIATION_NACKGAMMON   ? "Nackgammon"
                          : match->variation == VARIATION_LONGGAMMON ? "LongGammon"
                                                                     : NULL;
  if (!rule && !variation)
    return;
  write_sgf_puts(root, "RU[");
  write_sgf_puts(root, rule ? rule : "");
  write_sgf_puts(root, rule && variation ? ":" : "");
  write_sgf_puts(root, variation ? variation : "");
  write_sgf_add(root, "]", 1);
}

static void add_result(sgf_text *root, const sgf_game *game) {
  const bg_game_result *result = &game->result;
  if (!game->has_result || result->winner < 0)
    return;
  /* the points the record credits (its "Wins" line), not the board's */
  int points = result->recorded ? result->recorded->value : result->points;
  if (points < 1)
    return; /* a result whose worth nobody knows: no RE */
  write_sgf_puts(root, result->winner == 0 ? "RE[W+" : "RE[B+");
  write_sgf_number(root, points);
  write_sgf_puts(root, result->by == BG_BY_RESIGN ? "R]" : "]");
}

static bool write_game(FILE *out, sgf_game *game) {
  sgf_text root = {0};
  const bg_match *match = game->match;
  write_sgf_puts(&root, "(;FF[4]GM[6]CA[UTF-8]AP[bgmatch]MI[length:");
  write_sgf_number(&root, match->length);
  write_sgf_puts(&root, "][game:");
  write_sgf_number(&root, game->number);
  write_sgf_puts(&root, "][ws:");
  write_sgf_number(&root, game->score[0]);
  write_sgf_puts(&root, "][bs:");
  write_sgf_number(&root, game->score[1]);
  write_sgf_add(&root, "]", 1);
  write_sgf_property(&root, "PW", match->players[0]);
  write_sgf_property(&root, "PB", match->players[1]);
  if (game->number == 0)
    add_info(&root, match);
  add_rules(&root, game);
  add_result(&root, game);
  if (game->nodes.length == 0 && game->comment.length)
    write_sgf_property(&root, "C", game->comment.text);
  close_node(game);
  bool ok = fputs(root.text, out) >= 0 &&
            (game->nodes.length == 0 || fputs(game->nodes.text, out) >= 0) &&
            fputs(")\n", out) >= 0;
  free(root.text);
  return ok;
}

/* A match with no game: game 0's root alone, so that the output is still
 * the match (its length, players, rules) and an SGF reader reads it back
 * as a match not yet played, not as an empty file; what was said of the
 * match goes in its comment. */
static bool write_empty_match(FILE *out, sgf_game *game, const bg_replay_event *end) {
  game->number = game->score[0] = game->score[1] = 0;
  game->crawford_game = game->has_result = game->hop_open = false;
  add_diags(game, end);
  return write_game(out, game);
}

static void game_reset(sgf_game *game, const bg_replay_event *start) {
  game->nodes.length = game->comment.length = 0;
  if (game->nodes.text)
    game->nodes.text[0] = '\0';
  if (game->comment.text)
    game->comment.text[0] = '\0';
  game->number = start->game_index;
  /* The score the record gives the game (its score line, MI's ws and bs
   * in an SGF), as the .mat writer writes it: gnubg takes each game's
   * score from MI, so a match resumed at 1-0 must say so in game 0. */
  game->score[0] = start->game->score[0];
  game->score[1] = start->game->score[1];
  /* the record's own mark where it has one (an SGF), right or wrong, so
   * that a wrong one is read again as the same error; else the replay's */
  const bg_game *record = start->game;
  game->crawford_game = record->crawford_marked == RULE_UNSET
                            ? start->cube.crawford
                            : record->crawford_marked == RULE_ON;
  game->has_result = game->hop_open = false;
  add_diags(game, start);
}

bool write_sgf(FILE *out, const bg_match *match, bg_replay *replay, bool first) {
  (void)first; /* a collection of game trees: matches simply follow */
  sgf_game game = {.match = match, .replay = replay};
  bool ok = true;
  bool started = false;
  const bg_replay_event *event;
  while ((event = bg_replay_next(replay)) != NULL) {
    /* A game is written when the next one starts or the match ends: the
     * diagnostics of the match's end go on its last node. */
    if (event->kind == BG_REPLAY_GAME_START) {
      if (game.has_result)
        ok = write_game(out, &game) && ok;
      game_reset(&game, event);
      started = true;
    } else if (event->kind == BG_REPLAY_ACTION) {
      add_action(&game, event);
    } else if (event->kind == BG_REPLAY_GAME_END) {
      game.result = event->result;
      game.has_result = true;
      add_diags(&game, event);
    } else if (game.has_result) {
      add_diags(&game, event);
      ok = write_game(out, &game) && ok;
    } else if (!started) {
      ok = write_empty_match(out, &game, event) && ok;
    }
  }
  free(game.nodes.text);
  free(game.comment.text);
  return ok;
}
