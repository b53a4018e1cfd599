/*
 * gen_match.c — writes .mat records of random, legal matches, played with
 * bgmatch's own engine, for the property tests (tests/property.sh), the
 * soak (make soak) and the bench corpus (tests/bench.sh).
 *
 *   gen_match --seed S [--matches N] [--bytes B]
 *             [--dialect gnubg|xg|bgblitz|jellyfish|fibs|canonical|mixed]
 *             [--length L | --money] [--mutate K]
 *
 * Every roll is played by picking one of movegen's legal plays with a
 * seeded splitmix64 generator of its own, so a seed gives the same bytes on
 * every machine.  The cube follows the rules: only the owner (or either
 * player when it is centred) doubles, never in the Crawford game, always
 * to twice its value (at most 64); the opponent takes or drops.  A game
 * ends when a player bears off (single, gammon or backgammon times the
 * cube) or on a drop (the cube before the double); the Crawford game comes
 * when a player first reaches length - 1; a match ends exactly when a
 * player reaches its length ("and the match"); `--money` or a mixed draw
 * gives a "0 point match" session of a few games.  --matches N writes N
 * matches (default 1), --bytes B as many as make B bytes at least.
 *
 * The dialects differ as the producers do (grammar/mat-grammar.md §4):
 *   gnubg      ` 5 point match`, tags, `25/` and `/0`, every step written,
 *              hits marked, a trailing blank after a play, no-play blank
 *   xg         BOM (first match of the output), CRLF, tags with the rules
 *              (money sessions: the Jacoby rule on or off at random),
 *              `Bar/` and `/Off`, `6/5(2)` repeats, `Cannot Move`,
 *              `Wins N point` always singular, right column at 38
 *   bgblitz    CRLF, `; Automated play by` comments, dice as rolled,
 *              `bar/` and `/off`, chains `24/18/13` (a hit marked on its hop)
 *   jellyfish  no header but a `; +---+` banner and a `#` line, combined
 *              hops `24/13` (where no order of the dice would hit on the
 *              way: mark_clear_hops), `(2)` repeats
 *   fibs       no header, ratings in the names, score line not aligned,
 *              dice as rolled, hits never marked, `25/` and `/0`
 *   canonical  bgmatch's own layout: the match generated as gnubg's, read
 *              back with reader.h and written with the canonical .mat
 *              writer (writer_write), as `bgmatch convert --to mat` would
 *   mixed      each match one of the above
 *
 * --mutate K writes the same record with one corruption, the site chosen
 * by K among the sites the record offers (a kind first, then one of its
 * sites), and prints on stderr one line
 *   mutation kind=KIND line=L equivalent=0|1 detail=...
 * L is the output line changed (for a "Takes" left out, the line of the
 * doubler's next roll, where the record first shows the double
 * unanswered).  equivalent=1 says the engine finds the mutated line legal
 * all the same: the mutated play ends where one of the legal plays of its
 * dice ends (in a dialect that never marks hits, leaves the roller's
 * checkers where one does: a hop may hit unmarked there), or the "Wins"
 * value is one the rules allow (capped at the points needed); a checker
 * must not be blamed for accepting it.  In a dialect that marks hits, a
 * mutated play legal only as a combined move that hits on its way without
 * a '*' is no equivalent: check warns there ([hit-marker]).
 * Kinds: die (one die changed), point (one step's destination moved),
 * step (one step left out), hitmark (a `*` on a step that hits nothing),
 * unmark (a hit written without its `*`, once the match has marked two;
 * both a warning by design, [hit-marker]), owner (a double by the player
 * who does not own the cube, dropped), crawford (a double in the Crawford game, dropped),
 * value (a double to a wrong value), take (a "Takes" left out), wins (the "Wins N"
 * changed), score (a score line of a later game changed).  Not with
 * --dialect canonical, whose lines the writer places; a mixed output then
 * draws no canonical match.
 *
 * Exit status: 0 written, 2 bad usage or a write error.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "diag.h"
#include "movegen.h"
#include "reader.h"
#include "replay.h"
#include "writer.h"

/* ---- the random numbers: splitmix64, the same on every machine -------- */

typedef struct {
  uint64_t state;
} gen_rng;

static uint64_t rng_next(gen_rng *rng) {
  uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* 0..n-1 (n > 0). */
static int rng_below(gen_rng *rng, int n) {
  return (int)(rng_next(rng) % (uint64_t)n);
}

static bool rng_chance(gen_rng *rng, int percent) {
  return rng_below(rng, 100) < percent;
}

/* ---- dialects --------------------------------------------------------- */

typedef enum {
  HEADER_NONE,
  HEADER_GNUBG,
  HEADER_XG,
  HEADER_BGBLITZ,
  HEADER_BANNER
} header_kind;

typedef struct {
  const char *name;
  bool canonical; /* written again through the project's .mat writer */
  const char *eol;
  const char *bar, *off;
  header_kind header;
  bool bom;            /* before the first match of the output */
  bool marks_hits;     /* '*' after a hitting step */
  bool repeats;        /* "13/11(2)" */
  bool chains;         /* "24/18/13" */
  bool hops;           /* "24/13" */
  bool dice_as_rolled; /* else the higher die first */
  bool cannot_move;    /* "Cannot Move", else a blank play */
  bool trailing_blank; /* after a play */
  bool singular_wins;  /* "Wins 2 point" */
  bool rated_names;    /* "marta,1612" */
  bool ragged_score;   /* the right name not at the right column */
  int right_column;    /* 0-based byte offset of the right cell */
  const char *length_indent;
} dialect;

static const dialect dialects[] = {
    {.name = "gnubg",
     .eol = "\n",
     .bar = "25",
     .off = "0",
     .header = HEADER_GNUBG,
     .marks_hits = true,
     .trailing_blank = true,
     .right_column = 33,
     .length_indent = " "},
    {.name = "xg",
     .eol = "\r\n",
     .bar = "Bar",
     .off = "Off",
     .header = HEADER_XG,
     .bom = true,
     .marks_hits = true,
     .repeats = true,
     .cannot_move = true,
     .singular_wins = true,
     .right_column = 38,
     .length_indent = ""},
    {.name = "bgblitz",
     .eol = "\r\n",
     .bar = "bar",
     .off = "off",
     .header = HEADER_BGBLITZ,
     .marks_hits = true,
     .chains = true,
     .dice_as_rolled = true,
     .right_column = 36,
     .length_indent = " "},
    {.name = "jellyfish",
     .eol = "\n",
     .bar = "bar",
     .off = "off",
     .header = HEADER_BANNER,
     .marks_hits = true,
     .repeats = true,
     .hops = true,
     .right_column = 34,
     .length_indent = " "},
    {.name = "fibs",
     .eol = "\n",
     .bar = "25",
     .off = "0",
     .header = HEADER_NONE,
     .dice_as_rolled = true,
     .rated_names = true,
     .ragged_score = true,
     .right_column = 33,
     .length_indent = " "},
    {.name = "canonical",
     .canonical = true,
     .eol = "\n",
     .bar = "25",
     .off = "0",
     .header = HEADER_GNUBG,
     .marks_hits = true,
     .trailing_blank = true,
     .right_column = 33,
     .length_indent = " "},
};
#define DIALECT_COUNT ((int)(sizeof dialects / sizeof dialects[0]))

/* ---- mutations -------------------------------------------------------- */

typedef enum {
  MUT_DIE,
  MUT_POINT,
  MUT_STEP,
  MUT_HITMARK,
  MUT_UNMARK,
  MUT_OWNER,
  MUT_CRAWFORD,
  MUT_VALUE,
  MUT_TAKE,
  MUT_WINS,
  MUT_SCORE,
  MUT_KINDS
} mutation_kind;

static const char *const mutation_names[MUT_KINDS] = {
    "die",      "point", "step", "hitmark", "unmark", "owner",
    "crawford", "value", "take", "wins",    "score"};

/* What the engine makes of a mutated line. */
typedef enum {
  MUTANT_BROKEN,     /* breaks a rule: the checker must say so on its line */
  MUTANT_EQUIVALENT, /* another legal line: nothing to say */
} mutant_verdict;

/* ---- the generator's state -------------------------------------------- */

typedef struct {
  char text[2][512];
  bool used[2];
  bool numbered;
  bool mutated; /* holds the mutated cell: its line is the mutation's */
} pending_line;

typedef struct {
  /* options */
  uint64_t seed;
  int dialect_choice; /* index into dialects, -1 mixed */
  int length_choice;  /* -1 random, 0 money, else points */
  /* output */
  FILE *out;
  long line; /* lines written */
  long long bytes;
  gen_rng rng;
  const dialect *d;
  pending_line pending;
  int move_number;
  /* mutation: sites seen per kind; the target (kind, index), -1 none */
  long sites[MUT_KINDS];
  int target_kind;
  long target_index;
  bool mutated;
  bool mark_next_cell; /* the next cell's line is the mutation's */
  long mutation_line;
  mutant_verdict mutation_verdict;
  char mutation_detail[160];
  /* the match */
  int length;       /* 0 money */
  long marked_hits; /* '*' written in the match so far */
  bool jacoby; /* the Jacoby rule: a money session of the xg dialect, half the time */
  char names[2][64];
  int score[2];
  bool crawford_played;
  bool crawford_game;
  /* the game */
  bg_board board; /* player 0's view */
  int cube, owner;
  bg_playlist plays;
} generator;

/* Is this the mutation's site?  Counts the sites of `kind` either way. */
static bool at_site(generator *g, mutation_kind kind) {
  if (g->d->canonical)
    return false;
  long index = g->sites[kind]++;
  return !g->mutated && g->target_kind == (int)kind && g->target_index == index;
}

static void note_mutation(generator *g, mutant_verdict verdict, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  vsnprintf(g->mutation_detail, sizeof g->mutation_detail, fmt, args);
  va_end(args);
  g->mutated = true;
  g->mutation_verdict = verdict;
}

/* ---- output lines ------------------------------------------------------ */

static void emit(generator *g, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  int n = vfprintf(g->out, fmt, args);
  va_end(args);
  if (n > 0)
    g->bytes += n;
}

static void end_line(generator *g) {
  emit(g, "%s", g->d->eol);
  g->line++;
}

static void flush_pending(generator *g) {
  pending_line *p = &g->pending;
  if (!p->used[0] && !p->used[1])
    return;
  int width = 5;
  if (p->numbered)
    emit(g, "%3d) ", ++g->move_number);
  else
    emit(g, "     ");
  emit(g, "%s", p->text[0]);
  width += (int)strlen(p->text[0]);
  if (p->used[1]) {
    int blanks = width < g->d->right_column ? g->d->right_column - width : 1;
    emit(g, "%*s%s", blanks, "", p->text[1]);
  }
  if (p->mutated)
    g->mutation_line = g->line + 1;
  end_line(g);
  memset(p, 0, sizeof *p);
}

/* Puts a cell in `column` of the line being filled, or of a new line. */
static void place_cell(generator *g, int column, const char *text, bool mutated) {
  pending_line *p = &g->pending;
  if (p->used[column] || (column == 0 && p->used[1]))
    flush_pending(g);
  snprintf(p->text[column], sizeof p->text[column], "%s", text);
  p->used[column] = true;
  p->numbered = true;
  p->mutated = p->mutated || mutated || g->mark_next_cell;
  g->mark_next_cell = false;
}

/* A result: a line of its own, unnumbered. */
static void place_result(generator *g, int column, const char *text, bool mutated) {
  flush_pending(g);
  place_cell(g, column, text, mutated);
  g->pending.numbered = false;
  flush_pending(g);
}

/* ---- plays as text ---------------------------------------------------- */

typedef struct {
  int from, to;
  bool hit;
  bool may_hop; /* may be joined with the next step as a combined hop */
} written_step;

/* Marks the steps a combined hop may join with the next one: the same
 * checker going on, and the other order of the two dice landing on no
 * opposing blot, since the hop would then also read as a hit and leave
 * the record ambiguous (the checker may rightly wait for later moves to
 * choose, and a mutation would not show on its own line). */
static void mark_clear_hops(const bg_board *view, written_step *steps, int count) {
  bg_board board = *view;
  for (int i = 0; i < count; i++)
    steps[i].may_hop = false;
  for (int i = 0; i < count; i++) {
    int from = steps[i].from, to = steps[i].to;
    if (from < 1 || from > BG_BAR || to < 0 || to >= from || board.checkers[0][from] == 0)
      return;
    if (i + 1 < count && steps[i + 1].from == to && to != BG_OFF) {
      int other_first = from - (steps[i + 1].from - steps[i + 1].to);
      steps[i].may_hop = other_first < 1 || other_first == to ||
                         board_opponent_checkers_on(&board, other_first) != 1;
    }
    if (to != BG_OFF && board_opponent_checkers_on(&board, to) > 1)
      return;
    board_apply_step(&board, from, to);
  }
}

static void point_text(const dialect *d, int point, bool is_from, char *buf,
                       size_t size) {
  if (is_from && point == BG_BAR)
    snprintf(buf, size, "%s", d->bar);
  else if (!is_from && point == BG_OFF)
    snprintf(buf, size, "%s", d->off);
  else
    snprintf(buf, size, "%d", point);
}

/* One move of the play starting at step `i`: a chain or a hop joins the
 * steps of one checker that follow each other; returns the steps used. */
static int move_text(const dialect *d, const written_step *steps, int count, int i,
                     char *buf, size_t size) {
  char point[8];
  point_text(d, steps[i].from, true, point, sizeof point);
  size_t used = (size_t)snprintf(buf, size, "%s", point);
  int j = i;
  for (;;) {
    bool joins =
        j + 1 < count && steps[j + 1].from == steps[j].to && steps[j].to != BG_OFF;
    bool hop = d->hops && joins && !steps[j].hit && steps[j].may_hop;
    bool chain = d->chains && joins;
    if (!hop) {
      point_text(d, steps[j].to, false, point, sizeof point);
      used += (size_t)snprintf(buf + used, size - used, "/%s%s", point,
                               steps[j].hit && d->marks_hits ? "*" : "");
    }
    if (!hop && !chain)
      break;
    j++;
  }
  return j - i + 1;
}

/* The play after the dice: moves separated by blanks, equal neighbouring
 * moves written once with "(N)" where the dialect does. */
static void play_text(const dialect *d, const written_step *steps, int count, char *buf,
                      size_t size) {
  char moves[BG_MAX_DICE_STEPS][48];
  int move_count = 0;
  for (int i = 0; i < count;)
    i += move_text(d, steps, count, i, moves[move_count++], sizeof moves[0]);
  size_t used = 0;
  buf[0] = '\0';
  for (int m = 0; m < move_count;) {
    int same = 1;
    while (d->repeats && m + same < move_count &&
           strcmp(moves[m], moves[m + same]) == 0 && strchr(moves[m], '*') == NULL)
      same++;
    if (same > 1)
      used += (size_t)snprintf(buf + used, size - used, "%s%s(%d)", used ? " " : "",
                               moves[m], same);
    else
      used +=
          (size_t)snprintf(buf + used, size - used, "%s%s", used ? " " : "", moves[m]);
    m += same;
  }
}

static void roll_cell(const dialect *d, int die1, int die2, const written_step *steps,
                      int count, char *cell, size_t size) {
  char play[400];
  play_text(d, steps, count, play, sizeof play);
  if (count == 0 && d->cannot_move)
    snprintf(play, sizeof play, "Cannot Move");
  snprintf(cell, size, "%d%d:%s%s%s", die1, die2, play[0] ? " " : "", play,
           play[0] && d->trailing_blank ? " " : "");
}

/* ---- the engine's view of a written play ------------------------------ */

/* Plays `steps` on `board` (the roller's view) checker by checker, marking
 * hits; false when a step cannot be made at all (no checker there, a
 * blocked point, the wrong way, a checker left on the bar). */
static bool follow_steps(const bg_board *board, written_step *steps, int count,
                         bg_board *after) {
  *after = *board;
  for (int i = 0; i < count; i++) {
    int from = steps[i].from, to = steps[i].to;
    steps[i].hit = false;
    if (from < 1 || from > BG_BAR || to < 0 || to >= from ||
        after->checkers[0][from] == 0)
      return false;
    if (from != BG_BAR && after->checkers[0][BG_BAR] > 0)
      return false;
    if (to != BG_OFF && board_opponent_checkers_on(after, to) > 1)
      return false;
    if (to == BG_OFF && board_checkers_outside_home(after, 0) > 0)
      return false;
    steps[i].hit = board_apply_step(after, from, to);
  }
  return true;
}

/* The roller's own checkers (side 0) stand alike in both positions. */
static bool same_own_checkers(const bg_board *a, const bg_board *b) {
  return memcmp(a->checkers[0], b->checkers[0], sizeof a->checkers[0]) == 0;
}

/* What the engine makes of `steps` played with the dice: equivalent when
 * they end where a legal play of the dice ends; in a dialect that never
 * marks hits, when they leave the roller's checkers where a legal play
 * does (there "10/7 7/6" with 11 is also the legal 10/9/8/7/6 that hits on
 * the way, and "2/0" with 12 the hop 2/1/0: the line is legal, the record
 * goes wrong later).  In a dialect that marks hits that second case is a
 * hit left unmarked on the way of a combined move: a [hit-marker] warning
 * on the line (make soak, seed 1510811: "22: 11/5 5/3" over a blot). */
static mutant_verdict judge_steps(generator *g, const bg_board *board, int die1, int die2,
                                  written_step *steps, int count) {
  bg_board after;
  if (!follow_steps(board, steps, count, &after))
    return MUTANT_BROKEN;
  movegen_legal_plays(board, die1, die2, &g->plays);
  bool own_alike = false;
  for (int i = 0; i < g->plays.count; i++) {
    const bg_board *legal = &g->plays.plays[i].result;
    if (board_equal(legal, &after))
      return MUTANT_EQUIVALENT;
    own_alike = own_alike || same_own_checkers(legal, &after);
  }
  return own_alike && !g->d->marks_hits ? MUTANT_EQUIVALENT : MUTANT_BROKEN;
}

/* ---- mutating a roll -------------------------------------------------- */

/* A destination other than `old` for a step from `from` (from >= 2):
 * one or two points either way, within 0..from-1. */
static int other_point(gen_rng *rng, int old, int from) {
  for (;;) {
    int to = old + (rng_chance(rng, 50) ? 1 : -1) * (1 + rng_below(rng, 2));
    if (to >= 0 && to < from && to != old)
      return to;
  }
}

/* Applies the target mutation of a roll if this roll is its site. */
static bool mutate_roll(generator *g, const bg_board *view, int *die1, int *die2,
                        written_step *steps, int *count) {
  if (at_site(g, MUT_DIE)) {
    int *die = rng_chance(&g->rng, 50) ? die1 : die2;
    int old = *die;
    *die = 1 + (old - 1 + 1 + rng_below(&g->rng, 5)) % 6;
    note_mutation(g, judge_steps(g, view, *die1, *die2, steps, *count), "die %d->%d", old,
                  *die);
    return true;
  }
  if (*count > 0 && at_site(g, MUT_POINT)) {
    int i = rng_below(&g->rng, *count);
    int old_from = steps[i].from, old_to = steps[i].to;
    if (old_from == 1) /* 1/off: no other destination, move the start */
      steps[i].from = 2;
    else
      steps[i].to = other_point(&g->rng, old_to, old_from);
    note_mutation(g, judge_steps(g, view, *die1, *die2, steps, *count),
                  "step %d: %d/%d->%d/%d", i + 1, old_from, old_to, steps[i].from,
                  steps[i].to);
    return true;
  }
  if (*count > 0 && at_site(g, MUT_STEP)) {
    int i = rng_below(&g->rng, *count);
    int from = steps[i].from, to = steps[i].to;
    memmove(&steps[i], &steps[i + 1], (size_t)(*count - i - 1) * sizeof steps[0]);
    (*count)--;
    note_mutation(g, judge_steps(g, view, *die1, *die2, steps, *count),
                  "step %d (%d/%d) left out", i + 1, from, to);
    return true;
  }
  return false;
}

/* A '*' on a step that lands on no opposing checker (none there before the
 * play either, so that no order of the steps makes it hit). */
static bool mutate_hitmark(generator *g, const bg_board *view, written_step *steps,
                           int count) {
  if (!g->d->marks_hits)
    return false;
  int candidates[BG_MAX_DICE_STEPS], n = 0;
  for (int i = 0; i < count; i++)
    if (!steps[i].hit && steps[i].to != BG_OFF &&
        board_opponent_checkers_on(view, steps[i].to) == 0 &&
        (i + 1 >= count || steps[i + 1].from != steps[i].to))
      candidates[n++] = i;
  if (n == 0 || !at_site(g, MUT_HITMARK))
    return false;
  int i = candidates[rng_below(&g->rng, n)];
  steps[i].hit = true;
  note_mutation(g, MUTANT_BROKEN, "'*' on %d/%d", steps[i].from, steps[i].to);
  return true;
}

/* A hit written without its '*' (a warning, [hit-marker]), once the match
 * has marked two hits (the referee takes a record with fewer marks for one
 * that does not mark hits as a habit: one '*' may be a slip); not
 * where a dialect of combined hops would then join it with the next step,
 * which could be read as a hop round the blot. */
static bool mutate_unmark(generator *g, written_step *steps, int count) {
  if (!g->d->marks_hits || g->marked_hits < 2)
    return false;
  int candidates[BG_MAX_DICE_STEPS], n = 0;
  for (int i = 0; i < count; i++)
    if (steps[i].hit &&
        !(g->d->hops && i + 1 < count && steps[i + 1].from == steps[i].to))
      candidates[n++] = i;
  if (n == 0 || !at_site(g, MUT_UNMARK))
    return false;
  int i = candidates[rng_below(&g->rng, n)];
  steps[i].hit = false;
  note_mutation(g, MUTANT_BROKEN, "no '*' on %d/%d", steps[i].from, steps[i].to);
  return true;
}

/* ---- playing ---------------------------------------------------------- */

static void roll_dice(generator *g, int *die1, int *die2) {
  *die1 = 1 + rng_below(&g->rng, 6);
  *die2 = 1 + rng_below(&g->rng, 6);
}

/* Plays one roll of `player`; returns true when it won the game. */
static bool play_roll(generator *g, int player, int die1, int die2) {
  bg_board view;
  board_seen_by(&g->board, player, &view);
  movegen_legal_plays(&view, die1, die2, &g->plays);
  const bg_play *play = &g->plays.plays[rng_below(&g->rng, g->plays.count)];
  bg_board result = play->result;
  written_step steps[BG_MAX_DICE_STEPS];
  int count = play->step_count;
  for (int i = 0; i < count; i++)
    steps[i] = (written_step){
        .from = play->steps[i].from, .to = play->steps[i].to, .hit = play->steps[i].hit};
  int shown1 = die1, shown2 = die2;
  if (!g->d->dice_as_rolled && shown2 > shown1) {
    shown1 = die2;
    shown2 = die1;
  }
  bool mutated = mutate_roll(g, &view, &shown1, &shown2, steps, &count) ||
                 mutate_hitmark(g, &view, steps, count) || mutate_unmark(g, steps, count);
  for (int i = 0; i < count; i++)
    g->marked_hits += steps[i].hit;
  mark_clear_hops(&view, steps, count);
  char cell[512];
  roll_cell(g->d, shown1, shown2, steps, count, cell, sizeof cell);
  place_cell(g, player, cell, mutated);
  board_seen_by(&result, player, &g->board);
  return result.checkers[0][BG_OFF] == BG_CHECKERS;
}

static void write_wins(generator *g, int winner, int points) {
  int need = g->length - g->score[winner];
  bool match_won = g->length > 0 && points >= need;
  int written = points;
  bool mutated = at_site(g, MUT_WINS);
  if (mutated) {
    do
      written = 1 + rng_below(&g->rng, 2 * points + 2);
    while (written == points);
    /* Allowed: the points the winner needed (a capped win), and a
     * centred gammon counted once in a money session without tags. */
    bool capped = g->length > 0 && need < points && written == need;
    bool centred_money = g->length == 0 && g->owner == -1 && written == g->cube;
    note_mutation(g, capped || centred_money ? MUTANT_EQUIVALENT : MUTANT_BROKEN,
                  "Wins %d->%d", points, written);
  }
  char cell[96];
  snprintf(cell, sizeof cell, " Wins %d point%s%s", written,
           written == 1 || g->d->singular_wins ? "" : "s",
           match_won ? " and the match" : "");
  place_result(g, winner, cell, mutated);
  g->score[winner] += points;
}

static int next_cube_value(generator *g) {
  return 2 * g->cube;
}

/* A double by `player` that the rules forbid here, dropped: the mutation
 * of kind `kind`; the game ends as a drop would end it. */
static void illegal_double(generator *g, int player, mutation_kind kind) {
  char cell[64];
  snprintf(cell, sizeof cell, " Doubles => %d", next_cube_value(g));
  note_mutation(g, MUTANT_BROKEN, "%s double by %s at cube %d",
                kind == MUT_OWNER ? "not the owner's" : "Crawford game", g->names[player],
                g->cube);
  place_cell(g, player, cell, true);
  place_cell(g, 1 - player, " Drops", false);
  write_wins(g, player, g->cube);
}

/* The cube before `player`'s roll: returns true when the game ended. */
static bool cube_turn(generator *g, int player) {
  bool may_double = !g->crawford_game && (g->owner == -1 || g->owner == player);
  if (!may_double) {
    mutation_kind kind = g->crawford_game ? MUT_CRAWFORD : MUT_OWNER;
    if (at_site(g, kind)) {
      illegal_double(g, player, kind);
      return true;
    }
    return false;
  }
  if (g->cube >= 64 || !rng_chance(&g->rng, 6))
    return false;
  int value = next_cube_value(g);
  bool mutated = at_site(g, MUT_VALUE);
  int written = value;
  if (mutated) {
    written = rng_chance(&g->rng, 50) ? value * 2 : (value == 2 ? 3 : value / 2);
    note_mutation(g, MUTANT_BROKEN, "Doubles => %d->%d", value, written);
  }
  char cell[64];
  snprintf(cell, sizeof cell, " Doubles => %d", written);
  place_cell(g, player, cell, mutated);
  if (rng_chance(&g->rng, 25)) {
    place_cell(g, 1 - player, " Drops", false);
    write_wins(g, player, g->cube);
    return true;
  }
  if (at_site(g, MUT_TAKE)) {
    /* Nothing says so until the doubler rolls on: its line is the one. */
    note_mutation(g, MUTANT_BROKEN, "Takes left out");
    g->mark_next_cell = true;
  } else {
    place_cell(g, 1 - player, " Takes", false);
  }
  g->cube = value;
  g->owner = 1 - player;
  return false;
}

static void score_line(generator *g, int game_number) {
  int shown[2] = {g->score[0], g->score[1]};
  bool mutated = game_number > 1 && at_site(g, MUT_SCORE);
  if (mutated) {
    int side = rng_below(&g->rng, 2);
    int delta =
        rng_chance(&g->rng, 50) || shown[side] < 2 ? 1 + rng_below(&g->rng, 2) : -1;
    shown[side] += delta;
    note_mutation(g, MUTANT_BROKEN, "score %d-%d -> %d-%d", g->score[0], g->score[1],
                  shown[0], shown[1]);
    g->mutation_line = g->line + 1;
  }
  char left[96];
  int n = snprintf(left, sizeof left, " %s : %d", g->names[0], shown[0]);
  int blanks =
      g->d->ragged_score ? 8 : (n < g->d->right_column ? g->d->right_column - n : 1);
  emit(g, "%s%*s%s : %d", left, blanks, "", g->names[1], shown[1]);
  end_line(g);
}

/* What the roller, who has just borne off its last checker (side 0 of
 * `view`), wins: the cube times 1, 2 or 3; only 1 under the Jacoby rule
 * (money, a centred cube). */
static int game_points(const generator *g, const bg_board *view) {
  int multiplier = board_win_multiplier(view, 0);
  if (g->jacoby && g->owner == -1)
    multiplier = 1;
  return g->cube * multiplier;
}

/* One game, from the opening roll to its result. */
static void play_game(generator *g, int game_number) {
  emit(g, " Game %d", game_number);
  end_line(g);
  score_line(g, game_number);
  board_initial(&g->board);
  g->cube = 1;
  g->owner = -1;
  g->move_number = 0;
  int die1, die2;
  do
    roll_dice(g, &die1, &die2);
  while (die1 == die2);
  int player = rng_below(&g->rng, 2);
  bool first = true;
  for (;; player = 1 - player, first = false) {
    if (!first && cube_turn(g, player))
      break;
    if (!first)
      roll_dice(g, &die1, &die2);
    if (play_roll(g, player, die1, die2)) {
      bg_board view;
      board_seen_by(&g->board, player, &view);
      flush_pending(g);
      write_wins(g, player, game_points(g, &view));
      break;
    }
  }
  flush_pending(g);
  end_line(g);
}

/* ---- matches ---------------------------------------------------------- */

static const char *const plain_names[] = {
    "Ana María", "Bob van Dijk", "Zoë",          "Kim Ødegård", "gerhard",
    "sunshine",  "Lucía",        "Søren Kähler", "Élise",       "nori"};
#define NAME_COUNT ((int)(sizeof plain_names / sizeof plain_names[0]))

static void pick_names(generator *g) {
  int a = rng_below(&g->rng, NAME_COUNT);
  int b = (a + 1 + rng_below(&g->rng, NAME_COUNT - 1)) % NAME_COUNT;
  int picked[2] = {a, b};
  for (int i = 0; i < 2; i++) {
    if (g->d->rated_names)
      snprintf(g->names[i], sizeof g->names[i], "%s,%d", plain_names[picked[i]],
               1400 + rng_below(&g->rng, 500));
    else
      snprintf(g->names[i], sizeof g->names[i], "%s", plain_names[picked[i]]);
  }
}

static void tag(generator *g, const char *key, const char *value) {
  emit(g, "; [%s \"%s\"]", key, value);
  end_line(g);
}

static void write_header(generator *g, bool first_of_output) {
  const dialect *d = g->d;
  if (d->bom && first_of_output)
    emit(g, "\xEF\xBB\xBF");
  if (d->header == HEADER_GNUBG || d->header == HEADER_XG) {
    tag(g, "Site", d->header == HEADER_XG ? "eXtreme Gammon" : "GNU Backgammon");
    tag(g, "Player 1", g->names[0]);
    tag(g, "Player 2", g->names[1]);
    tag(g, "EventDate", "2024.01.01");
    tag(g, "Variation", "Backgammon");
    if (d->header == HEADER_XG) {
      tag(g, "Crawford", "On");
      tag(g, "Jacoby", g->jacoby ? "On" : "Off");
      tag(g, "Beaver", "Off");
      tag(g, "CubeLimit", "1024");
    }
  } else if (d->header == HEADER_BGBLITZ) {
    emit(g, "; Automated play by BGBlitz, seed %llu", (unsigned long long)g->seed);
    end_line(g);
  } else if (d->header == HEADER_BANNER) {
    emit(g, "; +----------------------+");
    end_line(g);
    emit(g, "# transcribed by gen_match");
    end_line(g);
  }
  if (d->header != HEADER_NONE)
    end_line(g);
  emit(g, "%s%d point match", d->length_indent, g->length);
  end_line(g);
  end_line(g);
}

static int pick_length(generator *g) {
  static const int lengths[] = {1, 3, 3, 5, 5, 7, 7, 9, 11, 0};
  if (g->length_choice >= 0)
    return g->length_choice;
  return lengths[rng_below(&g->rng, (int)(sizeof lengths / sizeof lengths[0]))];
}

/* The Crawford game: the first game after a player reached length - 1. */
static void set_crawford(generator *g) {
  g->crawford_game = false;
  if (g->length == 0 || g->crawford_played)
    return;
  if (g->score[0] == g->length - 1 || g->score[1] == g->length - 1) {
    g->crawford_game = true;
    g->crawford_played = true;
  }
}

static void play_games(generator *g, bool first_of_output);

/* Writes the .mat text `text` again through the reader and the canonical
 * writer, counting the lines and bytes it writes. */
static bool rewrite_canonical(generator *g, FILE *text, bool first_of_output) {
  FILE *quiet = fopen("/dev/null", "w");
  char *written = NULL;
  size_t written_size = 0;
  FILE *canonical = open_memstream(&written, &written_size);
  bool ok = quiet && canonical && fseek(text, 0, SEEK_SET) == 0;
  bg_diag_sink sink;
  diag_sink_init(&sink, quiet ? quiet : stderr, DIAG_TEXT);
  bg_replay_options options;
  bg_replay_options_init(&options);
  const char *reason = NULL;
  bg_reader *reader =
      ok ? reader_open(text, "generated", &sink, BG_NOTATION_MAT, &reason) : NULL;
  bg_match *match;
  for (ok = reader != NULL; ok && (match = reader_next(reader)) != NULL;) {
    bg_replay *replay = bg_replay_new(match, &options, &sink);
    ok = writer_write(BG_FORMAT_MAT, canonical, match, replay, first_of_output);
    bg_replay_free(replay);
    diag_flush(&sink);
    match_free(match);
  }
  if (reader)
    reader_free(reader);
  diag_sink_free(&sink);
  if (quiet)
    fclose(quiet);
  if (canonical && fclose(canonical) == 0 && ok) {
    fwrite(written, 1, written_size, g->out);
    g->bytes += (long long)written_size;
    for (size_t i = 0; i < written_size; i++)
      g->line += written[i] == '\n';
  }
  free(written);
  return ok;
}

/* One match in the dialect drawn; the canonical one generated as gnubg's
 * into a temporary file first. */
static void play_match(generator *g, bool first_of_output) {
  /* The canonical dialect is the table's last: --mutate leaves it out. */
  int choices = g->target_kind >= 0 ? DIALECT_COUNT - 1 : DIALECT_COUNT;
  int d = g->dialect_choice >= 0 ? g->dialect_choice : rng_below(&g->rng, choices);
  g->d = &dialects[d];
  if (!g->d->canonical) {
    play_games(g, first_of_output);
    return;
  }
  FILE *real = g->out;
  long line = g->line;
  long long bytes = g->bytes;
  g->out = tmpfile();
  if (!g->out) {
    perror("gen_match: tmpfile");
    exit(2);
  }
  play_games(g, first_of_output);
  FILE *text = g->out;
  g->out = real;
  g->line = line;
  g->bytes = bytes;
  if (!rewrite_canonical(g, text, first_of_output)) {
    fprintf(stderr, "gen_match: the canonical writer failed (seed %llu)\n",
            (unsigned long long)g->seed);
    exit(2);
  }
  fclose(text);
}

static void play_games(generator *g, bool first_of_output) {
  g->length = pick_length(g);
  pick_names(g);
  g->marked_hits = 0;
  g->jacoby = g->length == 0 && g->d->header == HEADER_XG && rng_chance(&g->rng, 50);
  g->score[0] = g->score[1] = 0;
  g->crawford_played = false;
  write_header(g, first_of_output);
  int money_games = 1 + rng_below(&g->rng, 5);
  for (int game = 1;; game++) {
    set_crawford(g);
    play_game(g, game);
    if (g->length > 0 && (g->score[0] >= g->length || g->score[1] >= g->length))
      break;
    if (g->length == 0 && game == money_games)
      break;
  }
}

/* Writes the whole output once; `matches` 0 means "until min_bytes". */
static void generate(generator *g, int matches, long long min_bytes) {
  g->rng.state = g->seed;
  g->line = 0;
  g->bytes = 0;
  g->mutated = false;
  memset(g->sites, 0, sizeof g->sites);
  for (int m = 0; matches ? m < matches : g->bytes < min_bytes; m++)
    play_match(g, m == 0);
}

/* ---- the command line ------------------------------------------------- */

static int usage(void) {
  fprintf(stderr,
          "usage: gen_match --seed S [--matches N] [--bytes B]\n"
          "                 [--dialect gnubg|xg|bgblitz|jellyfish|fibs|canonical|mixed]\n"
          "                 [--length L | --money] [--mutate K]\n");
  return 2;
}

static int dialect_named(const char *name) {
  if (strcmp(name, "mixed") == 0)
    return -1;
  for (int i = 0; i < DIALECT_COUNT; i++)
    if (strcmp(name, dialects[i].name) == 0)
      return i;
  return -2;
}

typedef struct {
  int matches;
  long long min_bytes;
  long long mutate; /* -1 none */
} run_options;

static bool parse_options(int argc, char **argv, generator *g, run_options *run) {
  bool seeded = false;
  for (int i = 1; i < argc; i++) {
    const char *opt = argv[i];
    if (strcmp(opt, "--money") == 0) {
      g->length_choice = 0;
      continue;
    }
    if (i + 1 >= argc)
      return false;
    const char *value = argv[++i];
    char *end;
    long long number = strtoll(value, &end, 10);
    bool numeric = *value && !*end && number >= 0;
    if (strcmp(opt, "--dialect") == 0) {
      g->dialect_choice = dialect_named(value);
      if (g->dialect_choice == -2)
        return false;
      continue;
    }
    if (!numeric)
      return false;
    if (strcmp(opt, "--seed") == 0) {
      g->seed = (uint64_t)number;
      seeded = true;
    } else if (strcmp(opt, "--matches") == 0 && number > 0 && number < 1000000) {
      run->matches = (int)number;
    } else if (strcmp(opt, "--bytes") == 0) {
      run->min_bytes = number;
      run->matches = 0;
    } else if (strcmp(opt, "--length") == 0 && number > 0 && number < 64) {
      g->length_choice = (int)number;
    } else if (strcmp(opt, "--mutate") == 0) {
      run->mutate = number;
    } else {
      return false;
    }
  }
  return seeded;
}

/* Chooses the target of --mutate K from the sites a first pass saw: a kind
 * with sites, then one of them.  False when the record offers none. */
static bool choose_target(generator *g, long long k) {
  int kinds[MUT_KINDS], n = 0;
  for (int kind = 0; kind < MUT_KINDS; kind++)
    if (g->sites[kind] > 0)
      kinds[n++] = kind;
  if (n == 0)
    return false;
  gen_rng pick = {(uint64_t)k * 0x2545F4914F6CDD1Dull + 1};
  g->target_kind = kinds[rng_below(&pick, n)];
  g->target_index = (long)(rng_next(&pick) % (uint64_t)g->sites[g->target_kind]);
  return true;
}

static bool run_mutated(generator *g, const run_options *run) {
  FILE *real = g->out;
  if (g->dialect_choice >= 0 && dialects[g->dialect_choice].canonical) {
    fprintf(stderr, "gen_match: --mutate does not apply to the canonical dialect\n");
    return false;
  }
  g->target_kind = MUT_KINDS; /* counting: no site is the target */
  g->out = fopen("/dev/null", "w");
  if (!g->out)
    return false;
  generate(g, run->matches, run->min_bytes);
  fclose(g->out);
  g->out = real;
  if (!choose_target(g, run->mutate)) {
    fprintf(stderr, "gen_match: the record offers no mutation site\n");
    return false;
  }
  generate(g, run->matches, run->min_bytes);
  fprintf(stderr, "mutation kind=%s line=%ld equivalent=%d detail=%s\n",
          mutation_names[g->target_kind], g->mutation_line,
          g->mutation_verdict == MUTANT_EQUIVALENT, g->mutation_detail);
  return g->mutated;
}

int main(int argc, char **argv) {
  generator g;
  memset(&g, 0, sizeof g);
  g.length_choice = -1;
  g.target_kind = -1;
  g.out = stdout;
  run_options run = {1, 0, -1};
  if (!parse_options(argc, argv, &g, &run))
    return usage();
  movegen_playlist_init(&g.plays);
  bool ok = true;
  if (run.mutate >= 0)
    ok = run_mutated(&g, &run);
  else
    generate(&g, run.matches, run.min_bytes);
  movegen_playlist_free(&g.plays);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    perror("gen_match: stdout");
    return 2;
  }
  return ok ? 0 : 2;
}
