/*
 * check_mutations_exact.c — the EXACT mutation test: a valid record copied
 * with one machine-made mistake must give one error (or, for hit marks, one
 * warning), at the changed line, under the rule the mistake breaks, and
 * nothing else.
 *
 * The records are the valid ones of samples/ and of the shared corpus
 * ($BGMATCH_SHARED/corpus, default ../shared/corpus) but the three its
 * README names as broken.  For each kind of mistake (the table `kinds`) the
 * test lists every place of a record where it applies, takes at most
 * SITES_PER_KIND of them spread evenly over the file, runs the reader and
 * the referee on each copy and sorts the result:
 *   exact        one error, at the line, under the expected rule
 *   missed       no error at all
 *   wrong        errors, none of them the expected one at the line
 *   extra        the expected error and others besides
 * A play mistake counts only when the engine agrees that it breaks a rule:
 * a small replay of the original record gives the position before each
 * roll, and a changed play that is still legal is "not a break".
 *
 * Each kind has a floor, the percentage of exact copies it must keep.  The
 * floors are a ratchet: set to what the referee achieves today, to be raised
 * towards 100 as it improves, never lowered.  MUTATION_VERBOSE=1 prints
 * every copy that is not exact, with its diagnostics, on stderr (and, to
 * audit the replay, each copy it judged "not a break").  MUTATION_EXTRA=
 * PATTERN (a glob) adds records to try.
 */
#include <check.h>
#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "board.h"
#include "movegen.h"
#include "pipeline.h"
#include "read_mat.h"
#include "referee_int.h"
#include "play_path.h"
#include "run_suite.h"
#include "shared_path.h"

#define SITES_PER_KIND 8 /* copies per record per kind: keeps the test quick */

/* ---- the records ------------------------------------------------------- */

/* The corpus README's three records that are not valid. */
static const char *const broken_corpus[] = {
    "bgstudio/Minchy_-_Llabba_13pt_Backgammon_Studio_2023_02_24_19_44_27.txt",
    "bgstudio/MrPurple_-_Lasse_3pt_Backgammon_Studio_2024_05_11_20_10_33.txt",
    "galaxy/match9814649.txt",
};

typedef struct {
  char **paths;
  int count;
  int samples; /* the first `samples` paths are of samples/ */
} record_list;

static bool is_broken(const char *path) {
  size_t length = strlen(path);
  for (size_t i = 0; i < sizeof broken_corpus / sizeof broken_corpus[0]; i++) {
    size_t tail = strlen(broken_corpus[i]);
    if (length >= tail && strcmp(path + length - tail, broken_corpus[i]) == 0)
      return true;
  }
  return false;
}

static void add_matches(record_list *list, const char *pattern) {
  glob_t found;
  if (glob(pattern, 0, NULL, &found) != 0)
    return;
  list->paths = realloc(list->paths, (list->count + found.gl_pathc) * sizeof(char *));
  for (size_t i = 0; i < found.gl_pathc; i++)
    if (!is_broken(found.gl_pathv[i]))
      list->paths[list->count++] = strdup(found.gl_pathv[i]);
  globfree(&found);
}

/* The .mat files of samples/, then the corpus when there is one (when not,
 * a visible SKIP if `say_skip`: the test still runs on the samples). */
static void list_records(record_list *list, bool say_skip) {
  *list = (record_list){0};
  add_matches(list, "samples/*.mat");
  list->samples = list->count;
  /* MUTATION_EXTRA=PATTERN: more records to try (other producers, fresh
   * self-play), each clean to begin with */
  const char *extra = getenv("MUTATION_EXTRA");
  if (extra && *extra)
    add_matches(list, extra);
  char corpus[1024], pattern[1100];
  shared_path("corpus", corpus, sizeof corpus);
  struct stat info;
  if (stat(corpus, &info) != 0 || !S_ISDIR(info.st_mode)) {
    if (say_skip)
      printf("SKIP: corpus not found (%s): samples only\n", corpus);
    return;
  }
  snprintf(pattern, sizeof pattern, "%s/*/*.txt", corpus);
  add_matches(list, pattern);
  snprintf(pattern, sizeof pattern, "%s/*/*.mat", corpus);
  add_matches(list, pattern);
}

static void record_list_free(record_list *list) {
  for (int i = 0; i < list->count; i++)
    free(list->paths[i]);
  free(list->paths);
}

/* A record as lines, without their '\n' (a '\r' stays: CRLF records keep
 * their line ends when put back together). */
typedef struct {
  char **lines;
  int count;
  bool crlf;
} record;

static bool record_load(record *rec, const char *path) {
  FILE *in = fopen(path, "r");
  if (!in)
    return false;
  *rec = (record){0};
  int capacity = 0;
  char *line = NULL;
  size_t size = 0;
  ssize_t length;
  while ((length = getline(&line, &size, in)) >= 0) {
    if (length > 0 && line[length - 1] == '\n')
      line[--length] = '\0';
    if (length > 0 && line[length - 1] == '\r')
      rec->crlf = true;
    if (rec->count == capacity) {
      capacity = capacity ? 2 * capacity : 256;
      rec->lines = realloc(rec->lines, capacity * sizeof *rec->lines);
    }
    rec->lines[rec->count++] = strdup(line);
  }
  free(line);
  fclose(in);
  return true;
}

static void record_free(record *rec) {
  for (int i = 0; i < rec->count; i++)
    free(rec->lines[i]);
  free(rec->lines);
}

/* One change to a record: line `index` (0-based) replaced by `text`,
 * `text` inserted before line `index`, or line `index` deleted. */
typedef enum { EDIT_REPLACE, EDIT_INSERT, EDIT_DELETE } edit_op;

typedef struct {
  edit_op op;
  int index;
  char *text; /* malloc'ed; NULL for a deletion */
} edit;

static char *put_line(char *at, const char *line) {
  size_t length = strlen(line);
  memcpy(at, line, length);
  at[length] = '\n';
  return at + length + 1;
}

/* The whole text of the record with `change` made (NULL: as it is). */
static char *record_text(const record *rec, const edit *change) {
  size_t size = 1 + (change && change->text ? strlen(change->text) + 1 : 0);
  for (int i = 0; i < rec->count; i++)
    size += strlen(rec->lines[i]) + 1;
  char *text = malloc(size), *at = text;
  for (int i = 0; i < rec->count; i++) {
    const char *line = rec->lines[i];
    if (change && change->index == i) {
      if (change->op == EDIT_INSERT)
        at = put_line(at, change->text);
      else if (change->op == EDIT_DELETE)
        continue;
      else
        line = change->text;
    }
    at = put_line(at, line);
  }
  *at = '\0';
  return text;
}

/* ---- the engine's view of a play ---------------------------------------- */

static bool marked_on(const bg_action *roll, int point) {
  for (int i = 0; i < roll->move_count; i++)
    if (roll->moves[i].to == point && roll->moves[i].hit)
      return true;
  return false;
}

static bool hits_on(const bg_play *play, int point) {
  for (int s = 0; s < play->step_count; s++)
    if (play->steps[s].to == point && play->steps[s].hit)
      return true;
  return false;
}

/* The record's '*' agree with the play: a destination is marked exactly when
 * the play hits there.  Points a combined hop passes over are not written,
 * so they cannot disagree. */
static bool marks_agree(const bg_action *roll, const bg_play *play) {
  for (int i = 0; i < roll->move_count; i++) {
    int point = roll->moves[i].to;
    if (point == BG_OFF ? roll->moves[i].hit
                        : marked_on(roll, point) != hits_on(play, point))
      return false;
  }
  return true;
}

static bool same_mover(const bg_board *a, const bg_board *b) {
  return memcmp(a->checkers[0], b->checkers[0], BG_SLOTS) == 0;
}

static bool dice_known(const bg_action *roll) {
  return roll->die1 >= 1 && roll->die1 <= 6 && roll->die2 >= 1 && roll->die2 <= 6 &&
         !match_roll_play_unknown(roll);
}

/* Can moves [i, n) each take their own dice of those not in `used`?  A move
 * takes one die or several (a combined hop: their sum); a bear-off may take
 * more pips than it needs on its last die.  Whether the position allows that
 * overshoot is left to the legal plays: this check is only to catch steps no
 * dice make, so where in doubt it says yes. */
static bool dice_fit(const int *distance, const bool *off, int i, int n, const int *dice,
                     int dice_count, unsigned used) {
  if (i == n)
    return true;
  for (unsigned subset = 1; subset < (1u << dice_count); subset++) {
    if (subset & used)
      continue;
    int sum = 0, largest = 0;
    for (int d = 0; d < dice_count; d++)
      if (subset & (1u << d)) {
        sum += dice[d];
        largest = dice[d] > largest ? dice[d] : largest;
      }
    bool made = sum == distance[i] ||
                (off[i] && sum > distance[i] && sum - largest < distance[i]);
    if (made && dice_fit(distance, off, i + 1, n, dice, dice_count, used | subset))
      return true;
  }
  return false;
}

/* DESIGN 5: "each written step (or combined hop) is made by the dice". */
static bool steps_fit_dice(const bg_action *roll) {
  int distance[BG_MAX_DICE_STEPS], n = 0;
  bool off[BG_MAX_DICE_STEPS];
  for (int i = 0; i < roll->move_count; i++)
    for (int c = 0; c < roll->moves[i].count; c++) {
      if (n == BG_MAX_DICE_STEPS)
        return false; /* more moves than dice */
      distance[n] = roll->moves[i].from - roll->moves[i].to;
      off[n] = roll->moves[i].to == BG_OFF;
      if (distance[n] <= 0)
        return false; /* the wrong way */
      n++;
    }
  bool doubles = roll->die1 == roll->die2;
  int dice[4] = {roll->die1, roll->die2, roll->die1, roll->die1};
  return dice_fit(distance, off, 0, n, dice, doubles ? 4 : 2, 0);
}

/* Is the play of `roll` from `view` (the roller's side) against the rules:
 * its checkers end where no legal play puts them, or a written step is no
 * dice's?  False when that cannot be told (dice or play not known). */
static bool play_is_illegal(const bg_action *roll, const bg_board *view) {
  if (!dice_known(roll))
    return false;
  bg_board target;
  if (!referee_moves_target(view, roll, &target))
    return true; /* it moves checkers that are not there */
  bg_playlist legal;
  movegen_playlist_init(&legal);
  bool reached = false;
  if (movegen_legal_plays(view, roll->die1, roll->die2, &legal) > 0)
    for (int i = 0; i < legal.count && !reached; i++)
      reached = same_mover(&legal.plays[i].result, &target);
  movegen_playlist_free(&legal);
  return !reached || !steps_fit_dice(roll);
}

/* Are the hit marks of `roll` wrong while its checkers end where a legal play
 * puts them?  The plays that stop where the record says are its readings
 * (any play with the same end when none does).  False when the play itself
 * is illegal: then it is not a mark that is wrong. */
static bool marks_are_wrong(const bg_action *roll, const bg_board *view) {
  bg_board target;
  if (!dice_known(roll) || !referee_moves_target(view, roll, &target))
    return false;
  bg_playlist legal;
  movegen_playlist_init(&legal);
  bool reached = false, on_path = false, agreed = false, agreed_on_path = false;
  if (movegen_legal_plays(view, roll->die1, roll->die2, &legal) > 0)
    for (int i = 0; i < legal.count; i++) {
      const bg_play *play = &legal.plays[i];
      if (!same_mover(&play->result, &target))
        continue;
      bool path = play_lands_as_written(roll, play), marks = marks_agree(roll, play);
      reached = true;
      on_path = on_path || path;
      agreed = agreed || marks;
      agreed_on_path = agreed_on_path || (path && marks);
    }
  movegen_playlist_free(&legal);
  return reached && !(on_path ? agreed_on_path : agreed);
}

/* ---- replaying the original record -------------------------------------- */

/* A roll of the original whose position before it is known for sure. */
typedef struct {
  bg_action roll;
  bg_board view;   /* the roller's side: side 0 is the roller */
  bool marks_hits; /* its match writes '*' */
  int next_kind;   /* the game's next action, -1 when none */
} roll_site;

typedef struct {
  const char *path;
  record rec;
  bg_match **matches;
  int match_count;
  roll_site *rolls;
  int roll_count, roll_capacity;
} file_info;

/* The replay knows only backgammon's opening position. */
static bool plays_backgammon(const bg_match *match) {
  const char *variation = match_tag(match, "Variation");
  return variation == NULL || strncasecmp(variation, "Backgammon", 10) == 0;
}

static void orient(const bg_board *from, int player, bg_board *to) {
  *to = *from;
  if (player == 1)
    board_swap(to);
}

/* The one position the record allows after `roll`: false when no legal
 * play or more than one position fits the record (an unmarked hop over a
 * blot may or may not have hit it) — the replay cannot go on for sure. */
static bool replay_roll(const bg_action *roll, const bg_board *view, bool marks,
                        bg_board *after) {
  bg_board target;
  if (!dice_known(roll) || !referee_moves_target(view, roll, &target))
    return false;
  bg_playlist legal;
  movegen_playlist_init(&legal);
  int found = 0;
  if (movegen_legal_plays(view, roll->die1, roll->die2, &legal) > 0)
    for (int i = 0; i < legal.count; i++) {
      const bg_play *play = &legal.plays[i];
      if (!same_mover(&play->result, &target) || (marks && !marks_agree(roll, play)))
        continue;
      if (found == 0 || !board_equal(after, &play->result))
        found++;
      *after = play->result;
    }
  movegen_playlist_free(&legal);
  return found == 1;
}

static void add_site(file_info *file, const roll_site *site) {
  if (file->roll_count == file->roll_capacity) {
    file->roll_capacity = file->roll_capacity ? 2 * file->roll_capacity : 64;
    file->rolls = realloc(file->rolls, file->roll_capacity * sizeof *file->rolls);
  }
  file->rolls[file->roll_count++] = *site;
}

/* Follows one game from the opening position as long as every play is
 * legal and fixes the position; records each roll it passes.  A set
 * position, an unknown play or an ambiguous one ends what it can know. */
static void replay_game(file_info *file, const bg_game *game, bool marks) {
  bg_board board; /* absolute: side 0 is the left player */
  board_initial(&board);
  for (int a = 0; a < game->action_count; a++) {
    const bg_action *act = &game->actions[a];
    if (act->kind == ACT_SET_POSITION)
      return;
    if (act->kind != ACT_ROLL)
      continue;
    roll_site site = {.roll = *act, .marks_hits = marks, .next_kind = -1};
    if (a + 1 < game->action_count)
      site.next_kind = (int)game->actions[a + 1].kind;
    orient(&board, act->player, &site.view);
    bg_board after;
    if (!replay_roll(act, &site.view, marks, &after))
      return;
    /* The oracle must find the original legal, or it cannot judge copies. */
    if (!play_is_illegal(act, &site.view))
      add_site(file, &site);
    orient(&after, act->player, &board);
  }
}

static void replay(file_info *file) {
  for (int m = 0; m < file->match_count; m++) {
    const bg_match *match = file->matches[m];
    if (!plays_backgammon(match))
      continue;
    bool marks = match_marks_hits(match);
    for (int g = 0; g < match->game_count; g++)
      replay_game(file, &match->games[g], marks);
  }
}

static bool file_load(file_info *file, const char *path) {
  *file = (file_info){.path = path};
  if (!record_load(&file->rec, path))
    return false;
  char *text = record_text(&file->rec, NULL);
  file->match_count = read_all_matches(text, &file->matches);
  free(text);
  replay(file);
  return true;
}

static void file_free(file_info *file) {
  record_free(&file->rec);
  free_all_matches(file->matches, file->match_count);
  free(file->rolls);
}

/* ---- editing a line ------------------------------------------------------ */

/* `line` with [at, at + removed) replaced by `inserted`.  The reader may
 * place a cell by its column, so what follows the changed cell (from
 * `cell_end` on) keeps its column when the blanks there allow it. */
static char *splice(const char *line, int at, int removed, const char *inserted,
                    int cell_end) {
  int added = (int)strlen(inserted), delta = added - removed;
  int blanks = 0;
  while (line[cell_end + blanks] == ' ')
    blanks++;
  bool at_end = line[cell_end + blanks] == '\0' || line[cell_end + blanks] == '\r';
  int pad = 0, skip = 0;
  if (delta < 0 && !at_end)
    pad = -delta;
  else if (delta > 0 && blanks >= delta + (at_end ? 0 : 2))
    skip = delta;
  char *out = malloc(strlen(line) + added + pad + 1);
  sprintf(out, "%.*s%s%.*s%*s%s", at, line, inserted, cell_end - (at + removed),
          line + at + removed, pad, "", line + cell_end + skip);
  return out;
}

static int token_end(const char *line, int at) {
  while (line[at] && line[at] != ' ' && line[at] != '\t' && line[at] != '\r')
    at++;
  return at;
}

/* Where a move is written: its token and its one '/' (false for a chain
 * "24/18/13", which these mutations leave alone). */
typedef struct {
  int begin, slash, end;
} move_text_at;

static bool find_move(const char *line, const bg_move *move, move_text_at *where) {
  where->begin = move->pos.column - 1;
  if (where->begin < 0 || where->begin >= (int)strlen(line))
    return false;
  where->end = token_end(line, where->begin);
  int slashes = 0;
  for (int i = where->begin; i < where->end; i++)
    if (line[i] == '/') {
      where->slash = i;
      slashes++;
    }
  return slashes == 1;
}

/* The digits starting at `at`: their end, or `at` when there are none. */
static int digits_end(const char *line, int at) {
  while (isdigit((unsigned char)line[at]))
    at++;
  return at;
}

/* The end of the play's text: the end of its last move's token. */
static int play_end(const char *line, const bg_action *roll) {
  return token_end(line, roll->moves[roll->move_count - 1].pos.column - 1);
}

/* ---- the mutations -------------------------------------------------------- */

typedef struct {
  edit change;
  int line;              /* 1-based line of the copy where the diagnostic belongs */
  const roll_site *site; /* the roll a play mutation changed, or NULL */
} mutant;

typedef struct {
  mutant *items;
  int count, capacity;
} mutant_list;

static void add_mutant(mutant_list *list, edit_op op, int index, char *text, int line,
                       const roll_site *site) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 64;
    list->items = realloc(list->items, list->capacity * sizeof *list->items);
  }
  list->items[list->count++] = (mutant){{op, index, text}, line, site};
}

/* A copy of `site`'s line with [at, at + removed) replaced. */
static void replace_in_roll(mutant_list *out, const file_info *file,
                            const roll_site *site, int at, int removed,
                            const char *inserted) {
  int index = site->roll.pos.line - 1;
  const char *line = file->rec.lines[index];
  int cell_end = play_end(line, &site->roll);
  if (cell_end < at + removed)
    cell_end = at + removed;
  add_mutant(out, EDIT_REPLACE, index, splice(line, at, removed, inserted, cell_end),
             index + 1, site);
}

static const char *roll_line(const file_info *file, const roll_site *site) {
  return file->rec.lines[site->roll.pos.line - 1];
}

/* Moves written on the roll's own line, each a token with one '/'. */
static bool move_is_editable(const char *line, const bg_action *roll, const bg_move *move,
                             move_text_at *where) {
  return move->pos.line == roll->pos.line && find_move(line, move, where);
}

/* 1. A move's destination one point further or shorter: 13/9 -> 13/8. */
static void change_a_step(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    for (int m = 0; m < site->roll.move_count; m++) {
      const bg_move *move = &site->roll.moves[m];
      move_text_at where;
      if (move->to < 1 || move->to > 24 ||
          !move_is_editable(line, &site->roll, move, &where))
        continue;
      int begin = where.slash + 1, end = digits_end(line, begin);
      if (end == begin || atoi(line + begin) != move->to)
        continue;
      int sign = out->count % 2 ? -1 : 1, to = move->to + sign;
      if (to < 1 || to > 24 || to == move->from)
        to = move->to - sign;
      if (to < 1 || to > 24 || to == move->from)
        continue;
      char digits[12];
      snprintf(digits, sizeof digits, "%d", to);
      replace_in_roll(out, file, site, begin, end - begin, digits);
    }
  }
}

/* The die `which` (0 or 1) of "DE:" made another number, the k-th choice;
 * a roll that was no double stays none (a double opening roll is a
 * turn-order error of its own). */
static char other_die(const char *dice, int which, int k) {
  int old = dice[which] - '0', other = dice[1 - which] - '0';
  for (int step = 0; step < 5; step++) {
    int value = (old + (k + step) % 5) % 6 + 1;
    if (old == other || value != other)
      return (char)('0' + value);
  }
  return dice[which];
}

/* 2. One die of a roll with a play becomes another number: 63: -> 64:. */
static void change_a_die(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    int at = site->roll.pos.column - 1;
    if (site->roll.move_count == 0 || !isdigit((unsigned char)line[at]) ||
        !isdigit((unsigned char)line[at + 1]) || line[at + 2] != ':')
      continue;
    int which = out->count % 2;
    char die[2] = {other_die(line + at, which, out->count), '\0'};
    replace_in_roll(out, file, site, at + which, 1, die);
  }
}

/* 3. A hit left unmarked: 6/2* -> 6/2. */
static void unmark_a_hit(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    for (int m = 0; m < site->roll.move_count && site->marks_hits; m++) {
      move_text_at where;
      const bg_move *move = &site->roll.moves[m];
      if (!move->hit || !move_is_editable(line, &site->roll, move, &where))
        continue;
      const char *star = memchr(line + where.slash, '*', where.end - where.slash);
      if (star)
        replace_in_roll(out, file, site, (int)(star - line), 1, "");
    }
  }
}

/* 4. A '*' on a destination where no opposing checker stood: 13/9 -> 13/9*.
 * Only in records that mark hits: elsewhere one '*' would make every
 * unmarked hit of the match a warning. */
static void mark_a_non_hit(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    for (int m = 0; m < site->roll.move_count && site->marks_hits; m++) {
      move_text_at where;
      const bg_move *move = &site->roll.moves[m];
      if (move->hit || move->to < 1 || move->to > 24 ||
          board_opponent_checkers_on(&site->view, move->to) != 0 ||
          !move_is_editable(line, &site->roll, move, &where))
        continue;
      int end = digits_end(line, where.slash + 1);
      if (end > where.slash + 1)
        replace_in_roll(out, file, site, end, 0, "*");
    }
  }
}

/* 5. A line of noise inside a game, after a move line. */
static const char *const noise[] = {
    "~~~ line noise ~~~",
    "%%%% 12 / 34",
    "@#! garbage",
    "this was a great match",
};

static void insert_noise(const file_info *file, mutant_list *out, int after_line) {
  const char *variant = noise[out->count % (sizeof noise / sizeof noise[0])];
  char *text = malloc(strlen(variant) + 2);
  sprintf(text, "%s%s", variant, file->rec.crlf ? "\r" : "");
  add_mutant(out, EDIT_INSERT, after_line, text, after_line + 1, NULL);
}

static void add_a_stray_line(const file_info *file, mutant_list *out) {
  for (int m = 0; m < file->match_count; m++)
    for (int g = 0; g < file->matches[m]->game_count; g++) {
      const bg_game *game = &file->matches[m]->games[g];
      int last = 0;
      for (int a = 0; a + 1 < game->action_count; a++) {
        int line = game->actions[a].pos.line;
        if (game->actions[a].kind == ACT_ROLL && line != last &&
            game->actions[a + 1].pos.line == line + 1) {
          insert_noise(file, out, line);
          last = line;
        }
      }
    }
}

/* 6. Dice no one can roll, or without their colon: 63: -> 73:, 03:, 69:, "63 ". */
static void spoil_a_roll(const file_info *file, mutant_list *out) {
  static const struct {
    int offset;
    const char *text;
  } spoils[] = {{0, "7"}, {0, "0"}, {1, "9"}, {2, " "}};
  for (int m = 0; m < file->match_count; m++)
    for (int g = 0; g < file->matches[m]->game_count; g++) {
      const bg_game *game = &file->matches[m]->games[g];
      for (int a = 0; a < game->action_count; a++) {
        const bg_action *act = &game->actions[a];
        if (act->kind != ACT_ROLL || !dice_known(act))
          continue;
        const char *line = file->rec.lines[act->pos.line - 1];
        int at = act->pos.column - 1, s = out->count % 4;
        if (!isdigit((unsigned char)line[at]) || !isdigit((unsigned char)line[at + 1]) ||
            line[at + 2] != ':')
          continue;
        add_mutant(out, EDIT_REPLACE, act->pos.line - 1,
                   splice(line, at + spoils[s].offset, 1, spoils[s].text, at + 3),
                   act->pos.line, NULL);
      }
    }
}

/* 7. A play blanked, its dice kept — not right before a Wins or Losses line,
 * where an empty play is a resignation after rolling. */
static void empty_a_cell(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    if (site->roll.move_count == 0 || site->next_kind == ACT_WIN ||
        site->next_kind == ACT_RESIGN ||
        site->roll.moves[0].pos.line != site->roll.pos.line)
      continue;
    int begin = site->roll.moves[0].pos.column - 1, end = play_end(line, &site->roll);
    char *blank = malloc(end - begin + 1);
    memset(blank, ' ', end - begin);
    blank[end - begin] = '\0';
    replace_in_roll(out, file, site, begin, end - begin, blank);
    free(blank);
  }
}

/* Replaces the number at [begin, end) of line `index` by `value`. */
static void renumber(const file_info *file, mutant_list *out, int index, int begin,
                     int end, int value) {
  char digits[16];
  snprintf(digits, sizeof digits, "%d", value);
  add_mutant(out, EDIT_REPLACE, index,
             splice(file->rec.lines[index], begin, end - begin, digits, end), index + 1,
             NULL);
}

/* Where the last two "NAME : N" numbers of a score line start; false
 * when it has fewer. */
static bool score_columns(const char *line, int scores[2]) {
  scores[0] = scores[1] = -1;
  for (int i = 0; line[i]; i++) {
    int at = i + 1;
    while (line[i] == ':' && line[at] == ' ')
      at++;
    if (line[i] == ':' && isdigit((unsigned char)line[at])) {
      scores[0] = scores[1];
      scores[1] = at;
    }
  }
  return scores[0] >= 0;
}

/* 8. One player's score one more in the score line of a game after the first. */
static void change_a_score(const file_info *file, mutant_list *out) {
  for (int m = 0; m < file->match_count; m++)
    for (int g = 1; g < file->matches[m]->game_count; g++) {
      int index = file->matches[m]->games[g].score_pos.line - 1;
      const char *line = file->rec.lines[index];
      int scores[2];
      if (!score_columns(line, scores))
        continue;
      int at = scores[out->count % 2], end = digits_end(line, at);
      renumber(file, out, index, at, end, atoi(line + at) + 1);
    }
}

/* 21. The score line of a game after the first credits the previous
 * game's winner with one point more than its "Wins" line: after a
 * resignation, either line may be the wrong one, and the record after
 * them must tell which. */
static void credit_the_winner_more(const file_info *file, mutant_list *out) {
  for (int m = 0; m < file->match_count; m++)
    for (int g = 1; g < file->matches[m]->game_count; g++) {
      const bg_action *win = match_game_result(&file->matches[m]->games[g - 1]);
      int index = file->matches[m]->games[g].score_pos.line - 1;
      if (!win || index < 0)
        continue;
      const char *line = file->rec.lines[index];
      int scores[2];
      if (!score_columns(line, scores))
        continue;
      int at = scores[win->player], end = digits_end(line, at);
      renumber(file, out, index, at, end, atoi(line + at) + 1);
    }
}

/* A cube value times 1, 2 or 3 is 2^k or 3 * 2^k. */
static bool could_be_won(int points) {
  while (points % 2 == 0)
    points /= 2;
  return points == 1 || points == 3;
}

/* What a Wins line of game g becomes: one more, which the next score line
 * contradicts; in the match's last game a value above the match length
 * that no cube and gammon give.  0: leave it alone. */
static int wrong_win(const bg_match *match, int g, int value) {
  if (g + 1 < match->game_count)
    return value + 1;
  if (match->length <= 0)
    return 0;
  int points = match->length + 1;
  while (could_be_won(points) || points == value)
    points++;
  return points;
}

/* 9. The points of a Wins line. */
static void change_a_win(const file_info *file, mutant_list *out) {
  for (int m = 0; m < file->match_count; m++)
    for (int g = 0; g < file->matches[m]->game_count; g++) {
      const bg_game *game = &file->matches[m]->games[g];
      for (int a = 0; a < game->action_count; a++) {
        const bg_action *act = &game->actions[a];
        const char *line = file->rec.lines[act->pos.line - 1];
        int at = act->pos.column - 1;
        if (act->kind != ACT_WIN || strncasecmp(line + at, "Wins ", 5) != 0)
          continue;
        int begin = at + 5, end = digits_end(line, begin);
        int value = wrong_win(file->matches[m], g, act->value);
        if (end > begin && atoi(line + begin) == act->value && value > 0)
          renumber(file, out, act->pos.line - 1, begin, end, value);
      }
    }
}

/* 10. "Doubles => N" becomes "Doubles => 2N". */
static void change_a_cube(const file_info *file, mutant_list *out) {
  for (int m = 0; m < file->match_count; m++)
    for (int g = 0; g < file->matches[m]->game_count; g++) {
      const bg_game *game = &file->matches[m]->games[g];
      for (int a = 0; a < game->action_count; a++) {
        const bg_action *act = &game->actions[a];
        const char *line = file->rec.lines[act->pos.line - 1];
        const char *arrow = strstr(line + act->pos.column - 1, "=> ");
        if (act->kind != ACT_DOUBLE || !arrow)
          continue;
        int begin = (int)(arrow - line) + 3, end = digits_end(line, begin);
        if (end > begin && atoi(line + begin) == act->value)
          renumber(file, out, act->pos.line - 1, begin, end, 2 * act->value);
      }
    }
}

/* Can the dice bear a checker off from `point` by the book: a die of exactly
 * that many pips, or a hop of two or more dice ending there ("2/off" with
 * 11 is 2/1/off)?  Then "point/off" is no bear-off from a lower point. */
static bool bears_off_exactly(const bg_action *roll, int point) {
  int d1 = roll->die1, d2 = roll->die2;
  return point == d1 || point == d2 || point == d1 + d2 ||
         (d1 == d2 && point % d1 == 0 && point <= 4 * d1);
}

/* 11. "X/off" becomes "Y/off" for a lower point Y the mover holds, one that
 * only a larger die could bear off from (with an exact die "Y/off" is
 * by the book, and a play then short of a die breaks another rule). */
static void bear_off_lower(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    for (int m = 0; m < site->roll.move_count; m++) {
      const bg_move *move = &site->roll.moves[m];
      move_text_at where = {0};
      if (move->to != BG_OFF || move->from > 24 ||
          !move_is_editable(line, &site->roll, move, &where) ||
          digits_end(line, where.begin) != where.slash)
        continue;
      for (int lower = 1; lower < move->from && lower <= 6; lower++) {
        if (site->view.checkers[0][lower] < move->count ||
            bears_off_exactly(&site->roll, lower))
          continue;
        char digits[12];
        snprintf(digits, sizeof digits, "%d", lower);
        replace_in_roll(out, file, site, where.begin, where.slash - where.begin, digits);
      }
    }
  }
}

/* 12. A " Game N" line (N >= 2) deleted: its score line takes its place. */
static void remove_a_game_line(const file_info *file, mutant_list *out) {
  for (int m = 0; m < file->match_count; m++)
    for (int g = 0; g < file->matches[m]->game_count; g++) {
      const bg_game *game = &file->matches[m]->games[g];
      if (game->number >= 2 && game->score_pos.line == game->pos.line + 1)
        add_mutant(out, EDIT_DELETE, game->pos.line - 1, NULL, game->pos.line, NULL);
    }
}

/* 13. In match play, a take written as a beaver: "Takes" -> "Beavers =>
 * 2N".  The game goes on from the cube as taken, so the later cube
 * actions and the result are no second error. */
static void beaver_in_a_match(const file_info *file, mutant_list *out) {
  for (int m = 0; m < file->match_count; m++) {
    if (file->matches[m]->length <= 0)
      continue;
    for (int g = 0; g < file->matches[m]->game_count; g++) {
      const bg_game *game = &file->matches[m]->games[g];
      for (int a = 1; a < game->action_count; a++) {
        const bg_action *act = &game->actions[a], *offer = &game->actions[a - 1];
        const char *line = file->rec.lines[act->pos.line - 1];
        int at = act->pos.column - 1;
        if (act->kind != ACT_TAKE || offer->kind != ACT_DOUBLE ||
            strncasecmp(line + at, "Takes", 5) != 0)
          continue;
        char beaver[32];
        snprintf(beaver, sizeof beaver, "Beavers => %d", 2 * offer->value);
        add_mutant(out, EDIT_REPLACE, act->pos.line - 1,
                   splice(line, at, 5, beaver, at + 5), act->pos.line, NULL);
      }
    }
  }
}

/* 14. A move's destination made a point the opponent holds with two or
 * more checkers, a die's distance from its start: 13/9 -> 13/11. */
static void land_on_a_block(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    int dice[2] = {site->roll.die1, site->roll.die2};
    for (int m = 0; m < site->roll.move_count; m++) {
      const bg_move *move = &site->roll.moves[m];
      move_text_at where;
      if (move->to < 1 || !move_is_editable(line, &site->roll, move, &where))
        continue;
      int begin = where.slash + 1, end = digits_end(line, begin);
      for (int d = 0; d < 2 && end > begin; d++) {
        int to = move->from - dice[d];
        if (to < 1 || to == move->to || site->view.checkers[1][BG_BAR - to] < 2)
          continue;
        char digits[12];
        snprintf(digits, sizeof digits, "%d", to);
        replace_in_roll(out, file, site, begin, end - begin, digits);
        break;
      }
    }
  }
}

/* The highest point below the bar where the roller has a checker that can
 * move `distance` pips onto a point the opponent does not hold; 0 none. */
static int free_checker(const bg_board *view, int distance) {
  for (int from = 24; from > distance; from--)
    if (view->checkers[0][from] > 0 && view->checkers[1][BG_BAR - (from - distance)] < 2)
      return from;
  return 0;
}

/* 15. With a checker on the bar, its entry replaced by the same distance
 * moved by another checker: bar/22 -> 13/10. */
static void ignore_the_bar(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    for (int m = 0; m < site->roll.move_count; m++) {
      const bg_move *move = &site->roll.moves[m];
      move_text_at where;
      if (move->from != BG_BAR || move->to < 1 || move->count != 1 ||
          !move_is_editable(line, &site->roll, move, &where))
        continue;
      int distance = BG_BAR - move->to, from = free_checker(&site->view, distance);
      if (from == 0)
        continue;
      char play[16];
      snprintf(play, sizeof play, "%d/%d", from, from - distance);
      replace_in_roll(out, file, site, where.begin, where.end - where.begin, play);
    }
  }
}

/* Does the roller have a checker outside the home board (or on the bar)? */
static bool checker_outside_home(const bg_board *view) {
  for (int point = 7; point <= BG_BAR; point++)
    if (view->checkers[0][point] > 0)
      return true;
  return false;
}

/* 16. With a checker still outside the home board, a move of one die
 * replaced by a bear-off from that die's point: 9/5 -> 4/off. */
static void bear_off_too_soon(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const char *line = roll_line(file, site);
    if (!checker_outside_home(&site->view))
      continue;
    for (int m = 0; m < site->roll.move_count; m++) {
      const bg_move *move = &site->roll.moves[m];
      move_text_at where;
      int distance = move->from - move->to;
      if (move->to < 1 || move->count != 1 || distance > 6 ||
          (distance != site->roll.die1 && distance != site->roll.die2) ||
          site->view.checkers[0][distance] == 0 ||
          !move_is_editable(line, &site->roll, move, &where))
        continue;
      char play[16];
      snprintf(play, sizeof play, "%d/off", distance);
      replace_in_roll(out, file, site, where.begin, where.end - where.begin, play);
    }
  }
}

/* 17. A lone move of the higher die (the only die the position let be
 * played, or the one chosen) made the lower die's: 13/7 -> 13/10 with 63. */
static void play_the_lower_die(const file_info *file, mutant_list *out) {
  for (int r = 0; r < file->roll_count; r++) {
    const roll_site *site = &file->rolls[r];
    const bg_action *roll = &site->roll;
    const char *line = roll_line(file, site);
    int high = roll->die1 > roll->die2 ? roll->die1 : roll->die2;
    int low = roll->die1 + roll->die2 - high;
    move_text_at where;
    if (roll->move_count != 1 || roll->moves[0].count != 1 || high == low ||
        roll->moves[0].from - roll->moves[0].to != high ||
        roll->moves[0].from - low < 1 ||
        !move_is_editable(line, roll, &roll->moves[0], &where))
      continue;
    char play[16];
    snprintf(play, sizeof play, roll->moves[0].from == BG_BAR ? "bar/%d" : "%d/%d",
             roll->moves[0].from == BG_BAR ? BG_BAR - low : roll->moves[0].from,
             roll->moves[0].from - low);
    replace_in_roll(out, file, site, where.begin, where.end - where.begin, play);
  }
}

/* The column where `game`'s right player's cells start: the first of that
 * player's actions written on a numbered line; 0 when none is. */
static int right_column(const bg_game *game) {
  for (int a = 0; a < game->action_count; a++)
    if (game->actions[a].player == 1 && game->actions[a].kind == ACT_ROLL)
      return game->actions[a].pos.column;
  return 0;
}

/* Is `g` the match's Crawford game: a player has just reached one point
 * short of the length (with the rule not turned off by a tag)? */
static bool is_crawford_game(const bg_match *match, int g) {
  const char *crawford = match_tag(match, "Crawford");
  int before = match->length - 1;
  if (match->length < 2 || g == 0 || (crawford && strcasecmp(crawford, "Off") == 0))
    return false;
  const int *now = match->games[g].score, *earlier = match->games[g - 1].score;
  return (now[0] == before || now[1] == before) && earlier[0] < before &&
         earlier[1] < before;
}

/* A line "  k)  Doubles => VALUE      Takes" in the layout of `roll`'s
 * line, to stand before it. */
static char *double_line(const file_info *file, const bg_action *roll, int value,
                         int column) {
  const char *line = file->rec.lines[roll->pos.line - 1];
  const char *paren = strchr(line, ')');
  int number = paren ? (int)(paren - line) + 1 : 0;
  char cell[48];
  snprintf(cell, sizeof cell, "  Doubles => %d", value);
  int width = number + (int)strlen(cell);
  int pad = column - 1 > width ? column - 1 - width : 2;
  char *text = malloc((size_t)number + strlen(cell) + (size_t)pad + 8);
  sprintf(text, "%.*s%s%*sTakes%s", number, line, cell, pad, "",
          file->rec.crlf ? "\r" : "");
  return text;
}

/* 18. A double by the left player, taken, put in before one of their rolls
 * where the rules forbid it: in the Crawford game, or with the cube the
 * right player's.  The record goes on as if it was not there. */
static void double_out_of_turn(const file_info *file, mutant_list *out) {
  for (int m = 0; m < file->match_count; m++)
    for (int g = 0; g < file->matches[m]->game_count; g++) {
      const bg_game *game = &file->matches[m]->games[g];
      bool crawford = is_crawford_game(file->matches[m], g);
      int column = right_column(game), cube = 1, owner = -1, offered = 0, rolls = 0;
      for (int a = 0; a < game->action_count && column > 0; a++) {
        const bg_action *act = &game->actions[a];
        if (act->kind == ACT_DOUBLE)
          offered = act->value;
        else if (act->kind == ACT_TAKE && offered > 0) {
          cube = offered;
          owner = act->player;
        } else if (act->kind == ACT_ROLL && act->player == 0 && rolls++ > 0 &&
                   (crawford || owner == 1) && act->pos.column < column) {
          add_mutant(out, EDIT_INSERT, act->pos.line - 1,
                     double_line(file, act, 2 * cube, column), act->pos.line, NULL);
          break; /* once a game: the game after it is as written */
        }
      }
    }
}

/* The "N point match" line's length made `length + delta`, where the
 * record's own games tell: the length line is the one to blame. */
static void change_the_length(const file_info *file, mutant_list *out, int delta) {
  for (int m = 0; m < file->match_count; m++) {
    const bg_match *match = file->matches[m];
    int index = match->pos.line - 1, begin = match->pos.column - 1;
    if (match->length <= 0 || match->length + delta <= 0 || index < 0 ||
        index >= file->rec.count)
      continue;
    const char *line = file->rec.lines[index];
    while (line[begin] == ' ')
      begin++;
    int end = digits_end(line, begin);
    if (end > begin && atoi(line + begin) == match->length)
      renumber(file, out, index, begin, end, match->length + delta);
  }
}

/* 19. The match length two more: "7 point match" -> "9 point match".
 * Only a last game that ends "and the match" short of it tells: a record
 * that stops at a game's end without those words (GNU Backgammon's) reads
 * as a match abandoned there, an [incomplete] warning, hence its low
 * floor (1 of 37 exact on gnubg-check's self-play records). */
static void raise_the_length(const file_info *file, mutant_list *out) {
  change_the_length(file, out, 2);
}

/* 20. The match length two less: "7 point match" -> "5 point match". */
static void lower_the_length(const file_info *file, mutant_list *out) {
  change_the_length(file, out, -2);
}

/* The text of `roll`'s cell on its line: from its dice (`with_dice`) or
 * its play, to the end of the play. */
static void cell_span(const char *line, const bg_action *roll, bool with_dice, int *begin,
                      int *end) {
  *begin = with_dice ? roll->pos.column - 1 : roll->moves[0].pos.column - 1;
  *end = play_end(line, roll);
}

/* The line with the left roll's and the right roll's texts exchanged;
 * what stands between them (the right roll's dice, when they stay) keeps
 * its column where the new left text leaves room. */
static char *swap_cells(const char *line, const bg_action *left, const bg_action *right,
                        bool with_dice) {
  int left_begin, left_end, right_begin, right_end;
  cell_span(line, left, with_dice, &left_begin, &left_end);
  cell_span(line, right, with_dice, &right_begin, &right_end);
  int left_length = left_end - left_begin, right_length = right_end - right_begin;
  int middle = left_end;
  while (middle < right_begin && line[middle] == ' ')
    middle++;
  int pad = middle - (left_begin + right_length);
  if (pad < 2)
    pad = 2;
  char *out = malloc(strlen(line) + (size_t)left_length + (size_t)right_length + 8);
  sprintf(out, "%.*s%.*s%*s%.*s%.*s%s", left_begin, line, right_length,
          line + right_begin, pad, "", right_begin - middle, line + middle, left_length,
          line + left_begin, line + right_end);
  return out;
}

/* A roll of each player written on one line, both plays there. */
static bool rolls_share_a_line(const roll_site *left, const roll_site *right) {
  const bg_action *a = &left->roll, *b = &right->roll;
  return a->player == 0 && b->player == 1 && a->pos.line == b->pos.line &&
         a->move_count > 0 && b->move_count > 0 && a->moves[0].pos.line == a->pos.line &&
         b->moves[0].pos.line == b->pos.line && a->pos.column < b->pos.column;
}

static void swap_the_plays(const file_info *file, mutant_list *out, bool with_dice) {
  for (int r = 0; r + 1 < file->roll_count; r++) {
    const roll_site *left = &file->rolls[r], *right = &file->rolls[r + 1];
    if (!rolls_share_a_line(left, right))
      continue;
    const char *line = roll_line(file, left);
    int index = left->roll.pos.line - 1;
    add_mutant(out, EDIT_REPLACE, index,
               swap_cells(line, &left->roll, &right->roll, with_dice), index + 1, left);
  }
}

/* 22. The two plays of a line exchanged, each roll's dice left in place:
 * "52: 13/8 13/11    64: 24/18 13/9" -> "52: 24/18 13/9    64: 13/8 13/11". */
static void swap_plays_keep_dice(const file_info *file, mutant_list *out) {
  swap_the_plays(file, out, false);
}

/* 23. The two cells of a line exchanged, dice and play together. */
static void swap_plays_with_dice(const file_info *file, mutant_list *out) {
  swap_the_plays(file, out, true);
}

/* ---- judging the copies --------------------------------------------------- */

/* The changed roll as the copy reads: found by the original's place (the
 * mutations keep the dice where they were). */
static bool read_changed_roll(const char *text, const roll_site *site, bg_action *roll,
                              bool *marks) {
  bg_match **matches;
  int count = read_all_matches(text, &matches);
  bool found = false;
  for (int m = 0; m < count && !found; m++)
    for (int g = 0; g < matches[m]->game_count && !found; g++)
      for (int a = 0; a < matches[m]->games[g].action_count && !found; a++) {
        const bg_action *act = &matches[m]->games[g].actions[a];
        found = act->kind == ACT_ROLL && act->pos.line == site->roll.pos.line &&
                act->pos.column == site->roll.pos.column;
        if (found) {
          /* the moves copied out of the match, which is freed below */
          static bg_move moves[BG_MAX_MOVES];
          *roll = *act;
          if (act->move_count > 0)
            memcpy(moves, act->moves, (size_t)act->move_count * sizeof *moves);
          roll->moves = moves;
          *marks = match_marks_hits(matches[m]);
        }
      }
  free_all_matches(matches, count);
  return found;
}

/* For the play mutations: does the changed play break a rule of play? */
static bool play_breaks(const char *text, const roll_site *site) {
  bg_action roll;
  bool marks;
  return read_changed_roll(text, site, &roll, &marks) &&
         play_is_illegal(&roll, &site->view);
}

/* For the hit-mark mutations: is the play legal and only its marks wrong? */
static bool marks_break(const char *text, const roll_site *site) {
  bg_action roll;
  bool marks;
  return read_changed_roll(text, site, &roll, &marks) && marks &&
         marks_are_wrong(&roll, &site->view);
}

typedef void (*collector)(const file_info *file, mutant_list *out);

/* What a wrong play may be called: any of the rules of play. */
#define PLAY_RULES "illegal-move unplayed-dice wrong-bear-off"
typedef bool (*breaks_rule)(const char *text, const roll_site *site);

/* min_exact_percent is a ratchet: each floor is what the referee achieves
 * on both runs (with the corpus, and on samples/ alone when the corpus is
 * absent), never to be lowered.  Every kind is at 100 today. */
static const struct {
  const char *name;
  collector collect;
  breaks_rule breaks; /* NULL: every copy breaks a rule */
  const char *severity;
  const char *rules; /* the rules that are right, separated by spaces */
  int min_exact_percent;
} kinds[] = {
    {"step changed", change_a_step, play_breaks, "error", PLAY_RULES, 100},
    {"die changed", change_a_die, play_breaks, "error", PLAY_RULES, 100},
    {"hit mark removed", unmark_a_hit, marks_break, "warning", "hit-marker", 100},
    {"hit mark added", mark_a_non_hit, marks_break, "warning", "hit-marker", 100},
    {"stray line", add_a_stray_line, NULL, "error", "syntax", 100},
    {"unreadable roll", spoil_a_roll, NULL, "error", "syntax", 100},
    {"cell emptied", empty_a_cell, play_breaks, "error", "wrong-no-play", 100},
    {"score line changed", change_a_score, NULL, "error", "score", 100},
    {"Wins changed", change_a_win, NULL, "error", "score", 100},
    {"cube value changed", change_a_cube, NULL, "error", "cube", 100},
    {"bear-off from a lower point", bear_off_lower, play_breaks, "error",
     "wrong-bear-off illegal-move", 100},
    {"Game line removed", remove_a_game_line, NULL, "error", "syntax", 100},
    {"take written as a beaver", beaver_in_a_match, NULL, "error", "cube", 100},
    {"landed on a block", land_on_a_block, play_breaks, "error", "illegal-move", 100},
    {"bar ignored", ignore_the_bar, play_breaks, "error", "illegal-move", 100},
    {"bear-off too soon", bear_off_too_soon, play_breaks, "error",
     "wrong-bear-off illegal-move", 100},
    {"lower die played", play_the_lower_die, play_breaks, "error", PLAY_RULES, 100},
    {"double out of turn", double_out_of_turn, NULL, "error", "cube", 100},
    {"match length raised", raise_the_length, NULL, "error", "score", 2},
    {"match length lowered", lower_the_length, NULL, "error", "score", 72},
    {"score line credits the winner", credit_the_winner_more, NULL, "error", "score",
     100},
    {"plays swapped, dice kept", swap_plays_keep_dice, play_breaks, "error", PLAY_RULES,
     99},
    {"plays swapped with their dice", swap_plays_with_dice, play_breaks, "error",
     PLAY_RULES, 99},
};

#define KIND_COUNT ((int)(sizeof kinds / sizeof kinds[0]))

typedef enum { EXACT, MISSED, WRONG, EXTRA, VERDICTS } verdict;

static const char *const verdict_names[] = {"exact", "missed", "wrong place/rule",
                                            "extra", "not a break"};

typedef struct {
  int tried, not_a_break;
  int verdicts[VERDICTS];
} tally;

static bool expected_rule(int k, const char *rule) {
  size_t length = strlen(rule);
  for (const char *at = strstr(kinds[k].rules, rule); length && at;
       at = strstr(at + 1, rule))
    if ((at == kinds[k].rules || at[-1] == ' ') && (at[length] == ' ' || !at[length]))
      return true;
  return false;
}

/* One diagnostic line "t.mat:LINE:COL: SEVERITY: message [rule]". */
typedef struct {
  int line;
  char severity[16];
  char rule[32];
} diagnostic;

static void parse_diagnostic(const char *text, size_t length, diagnostic *diag) {
  *diag = (diagnostic){0};
  if (sscanf(text, "t.mat:%d:", &diag->line) != 1)
    diag->line = 0;
  static const char *const severities[] = {"error", "warning", "note"};
  for (int s = 0; s < 3; s++) {
    char word[16];
    snprintf(word, sizeof word, ": %s: ", severities[s]);
    const char *at = strstr(text, word);
    if (at && at < text + length) {
      snprintf(diag->severity, sizeof diag->severity, "%s", severities[s]);
      break;
    }
  }
  const char *open = text + length;
  while (open > text && *open != '[')
    open--;
  if (*open == '[' && text[length - 1] == ']')
    snprintf(diag->rule, sizeof diag->rule, "%.*s", (int)(text + length - open - 2),
             open + 1);
}

/* Sorts what the tool printed: the findings are every error, and for a
 * warning kind its warnings too; the one wanted is at `line`. */
static verdict classify(int k, const char *output, int line) {
  bool warning_kind = strcmp(kinds[k].severity, "warning") == 0, right = false;
  int findings = 0;
  for (const char *at = output; *at;) {
    const char *end = strchr(at, '\n');
    size_t length = end ? (size_t)(end - at) : strlen(at);
    diagnostic diag;
    parse_diagnostic(at, length, &diag);
    at += length + (end != NULL);
    bool is_error = strcmp(diag.severity, "error") == 0;
    if (!is_error && !(warning_kind && strcmp(diag.severity, "warning") == 0 &&
                       expected_rule(k, diag.rule)))
      continue;
    findings++;
    right =
        right || (diag.line == line && strcmp(diag.severity, kinds[k].severity) == 0 &&
                  expected_rule(k, diag.rule));
  }
  if (findings == 0)
    return MISSED;
  if (!right)
    return WRONG;
  return findings == 1 ? EXACT : EXTRA;
}

static bool verbose(void) {
  const char *value = getenv("MUTATION_VERBOSE");
  return value && *value && strcmp(value, "0") != 0;
}

/* `v` VERDICTS: the copy breaks no rule (the oracle said so), no output. */
static void show_copy(const file_info *file, int k, const mutant *m, verdict v,
                      const char *output) {
  static const char *const what[] = {"now reads", "inserted", "deleted"};
  const edit *change = &m->change;
  const char *text =
      change->op == EDIT_DELETE ? file->rec.lines[change->index] : change->text;
  int length = (int)strcspn(text, "\r"); /* a CRLF record's '\r' would garble the line */
  fprintf(stderr, "%s:%d: %s: %s; line %d %s: '%.*s'\n%s\n", file->path,
          change->index + 1, kinds[k].name, verdict_names[v], m->line, what[change->op],
          length, text, output);
}

static void try_copy(const file_info *file, int k, const mutant *m, tally *t) {
  char *text = record_text(&file->rec, &m->change);
  if (kinds[k].breaks && !kinds[k].breaks(text, m->site)) {
    t->not_a_break++;
    if (verbose())
      show_copy(file, k, m, VERDICTS, "");
    free(text);
    return;
  }
  check_result result = check_record(text, "t.mat", NULL);
  verdict v = classify(k, result.output, m->line);
  t->tried++;
  t->verdicts[v]++;
  if (v != EXACT && verbose())
    show_copy(file, k, m, v, result.output);
  free(result.output);
  free(text);
}

/* At most SITES_PER_KIND of the record's places, spread evenly over them. */
static void run_kind(const file_info *file, int k, tally *t) {
  mutant_list all = {0};
  kinds[k].collect(file, &all);
  int chosen = all.count < SITES_PER_KIND ? all.count : SITES_PER_KIND;
  for (int i = 0; i < chosen; i++)
    try_copy(file, k, &all.items[(long)i * all.count / chosen], t);
  for (int i = 0; i < all.count; i++)
    free(all.items[i].change.text);
  free(all.items);
}

static check_result check_original(const file_info *file) {
  char *text = record_text(&file->rec, NULL);
  check_result result = check_record(text, "t.mat", NULL);
  free(text);
  return result;
}

/* Runs every kind over one record; false (said on stdout) when the record
 * cannot be used: unreadable, or not clean to begin with. */
static bool mutate_record(const char *path, tally *tallies, int *rolls) {
  file_info file;
  if (!file_load(&file, path)) {
    printf("skip: %s: cannot be read\n", path);
    return false;
  }
  check_result original = check_original(&file);
  bool clean = original.errors == 0;
  if (!clean)
    printf("skip: %s: not clean (%ld errors)\n", path, original.errors);
  for (int k = 0; k < KIND_COUNT && clean; k++)
    run_kind(&file, k, &tallies[k]);
  *rolls += file.roll_count;
  free(original.output);
  file_free(&file);
  return clean;
}

static void print_tally(const char *name, const tally *t) {
  printf("exact: %-27s %4d of %4d exact (missed %d, wrong place/rule %d, extra %d; "
         "%d not a break)\n",
         name, t->verdicts[EXACT], t->tried, t->verdicts[MISSED], t->verdicts[WRONG],
         t->verdicts[EXTRA], t->not_a_break);
}

START_TEST(each_mistake_is_reported_exactly) {
  record_list records;
  list_records(&records, true);
  tally tallies[KIND_COUNT] = {0}, total = {0};
  int used = 0, rolls = 0;
  for (int i = 0; i < records.count; i++)
    used += mutate_record(records.paths[i], tallies, &rolls);
  printf("exact: %d of %d records used, %d rolls with a known position\n", used,
         records.count, rolls);
  for (int k = 0; k < KIND_COUNT; k++) {
    print_tally(kinds[k].name, &tallies[k]);
    total.tried += tallies[k].tried;
    total.not_a_break += tallies[k].not_a_break;
    for (int v = 0; v < VERDICTS; v++)
      total.verdicts[v] += tallies[k].verdicts[v];
  }
  print_tally("total", &total);
  fflush(stdout);
  for (int k = 0; k < KIND_COUNT; k++) {
    ck_assert_msg(tallies[k].tried > 0, "%s: no copy tried", kinds[k].name);
    ck_assert_msg(
        tallies[k].verdicts[EXACT] * 100 >= kinds[k].min_exact_percent * tallies[k].tried,
        "%s: %d of %d exact, below the floor of %d%%", kinds[k].name,
        tallies[k].verdicts[EXACT], tallies[k].tried, kinds[k].min_exact_percent);
  }
  record_list_free(&records);
}
END_TEST

/* The mutations mean something only if the originals are clean: no error
 * anywhere; no warning in samples/ (the corpus holds real matches that stop
 * early, which deserve their `incomplete` warning). */
START_TEST(original_records_are_clean) {
  record_list records;
  list_records(&records, false);
  int unclean = 0;
  for (int i = 0; i < records.count; i++) {
    file_info file;
    ck_assert_msg(file_load(&file, records.paths[i]), "cannot read %s", records.paths[i]);
    check_result result = check_original(&file);
    if (result.errors > 0 || (i < records.samples && result.warnings > 0)) {
      fprintf(stderr, "%s is not clean:\n%s", records.paths[i], result.output);
      unclean++;
    }
    free(result.output);
    file_free(&file);
  }
  ck_assert_msg(unclean == 0, "%d valid records are not clean", unclean);
  record_list_free(&records);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("exact mutations");
  TCase *cases = tcase_create("samples and corpus");
  tcase_set_timeout(cases, 300);
  tcase_add_test(cases, original_records_are_clean);
  tcase_add_test(cases, each_mistake_is_reported_exactly);
  suite_add_tcase(suite, cases);
  return run_suite(suite);
}
