/*
 * check_legal_plays.c — the move generator against GNU Backgammon's.
 *
 * Reads ../shared/fixtures/legal-plays.tsv (2,990 positions with a roll and
 * every legal play gnubg 1.07 lists; BGMATCH_SHARED overrides "../shared").
 * For each line it builds the board, asks movegen_legal_plays for the plays
 * and compares the SET of resulting positions with the set obtained by
 * applying gnubg's plays, parsed here independently of the engine.  It also
 * checks that play_format writes each play the way gnubg does.  When the
 * fixture is absent it says SKIP and passes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "notation.h"
#include "legal_fixture.h"
#include "run_suite.h"

#define MAX_GNUBG_PLAYS 4096
#define MAX_REPORTS 5

static char fixture_path[4096];

/* One fixture line, split into its columns. */
typedef struct {
  int line_number;
  char *position_id;
  bg_board board;
  int die1, die2;
  int play_count;
  char *plays; /* gnubg's plays, " | "-separated; may be empty */
} fixture_line;

/* Splits a line in place at tabs; returns the number of columns. */
static int split_columns(char *line, char **columns, int max_columns) {
  int count = 0;
  line[strcspn(line, "\r\n")] = '\0';
  while (count < max_columns) {
    columns[count++] = line;
    char *tab = strchr(line, '\t');
    if (!tab)
      break;
    *tab = '\0';
    line = tab + 1;
  }
  return count;
}

static bool parse_line(char *text, int line_number, fixture_line *line) {
  char *columns[6] = {0}; /* zeroed: -O3 with LTO cannot see count bound the reads */
  int count = split_columns(text, columns, 6);
  if (count < 5)
    return false;
  memset(line, 0, sizeof *line);
  line->line_number = line_number;
  line->position_id = columns[0];
  if (!legal_fixture_side(columns[1], line->board.checkers[0]) ||
      !legal_fixture_side(columns[2], line->board.checkers[1]))
    return false;
  if (strlen(columns[3]) != 2)
    return false;
  line->die1 = columns[3][0] - '0';
  line->die2 = columns[3][1] - '0';
  line->play_count = atoi(columns[4]);
  line->plays = count == 6 ? columns[5] : "";
  return true;
}

/* "bar" is 25, "off" is 0, a number is that point; -1 otherwise. */
static int parse_point(const char **at) {
  if (strncmp(*at, "bar", 3) == 0) {
    *at += 3;
    return BG_BAR;
  }
  if (strncmp(*at, "off", 3) == 0) {
    *at += 3;
    return BG_OFF;
  }
  char *end;
  long point = strtol(*at, &end, 10);
  if (end == *at || point < 1 || point > 24)
    return -1;
  *at = end;
  return (int)point;
}

/* Moves one checker of the roller from `from` to `to`, hitting a lone
 * opposing checker there.  Written here, not taken from board.c, so that the
 * oracle does not share the engine's mistakes. */
static bool oracle_hop(bg_board *board, int from, int to) {
  if (board->checkers[0][from] == 0 || to >= from)
    return false;
  board->checkers[0][from]--;
  board->checkers[0][to]++;
  if (to >= 1 && to <= 24 && board->checkers[1][25 - to] == 1) {
    board->checkers[1][25 - to] = 0;
    board->checkers[1][BG_BAR]++;
  }
  return true;
}

/* Applies one token: a chain of points joined by slashes ("bar/21", "6/off",
 * "13/9/4"; a star after a point marks a hit), then an optional "(n)"
 * repeat of the whole chain. */
static bool apply_token(bg_board *board, const char *token) {
  int points[8];
  int count = 0;
  const char *at = token;
  while (count < 8) {
    int point = parse_point(&at);
    if (point < 0)
      return false;
    points[count++] = point;
    if (*at == '*')
      at++;
    if (*at != '/')
      break;
    at++;
  }
  int repeats = 1;
  if (*at == '(') {
    repeats = atoi(at + 1);
    at = strchr(at, ')');
    if (!at)
      return false;
    at++;
  }
  if (*at != '\0' || count < 2)
    return false;
  for (int r = 0; r < repeats; r++)
    for (int i = 0; i + 1 < count; i++)
      if (!oracle_hop(board, points[i], points[i + 1]))
        return false;
  return true;
}

/* Applies a whole play such as "bar/21 8/3(2)", token by token. */
static bool apply_gnubg_play(const bg_board *start, const char *play, bg_board *result) {
  char token[64];
  *result = *start;
  const char *at = play;
  while (*at) {
    size_t length = strcspn(at, " ");
    if (length > 0) {
      if (length >= sizeof token)
        return false;
      memcpy(token, at, length);
      token[length] = '\0';
      if (!apply_token(result, token))
        return false;
    }
    at += length;
    at += strspn(at, " ");
  }
  return true;
}

typedef struct {
  bg_board results[MAX_GNUBG_PLAYS];
  char texts[MAX_GNUBG_PLAYS][64];
  int count;
} gnubg_plays;

/* Parses gnubg's " | "-separated plays; an empty list is the one "no play". */
static bool gnubg_results(const fixture_line *line, gnubg_plays *out) {
  out->count = 0;
  if (line->play_count == 0) {
    out->results[0] = line->board;
    out->texts[out->count++][0] = '\0';
    return true;
  }
  const char *at = line->plays;
  while (*at && out->count < MAX_GNUBG_PLAYS) {
    const char *bar = strstr(at, " | ");
    size_t length = bar ? (size_t)(bar - at) : strlen(at);
    if (length >= sizeof out->texts[0])
      return false;
    char *text = out->texts[out->count];
    memcpy(text, at, length);
    text[length] = '\0';
    if (!apply_gnubg_play(&line->board, text, &out->results[out->count]))
      return false;
    out->count++;
    at = bar ? bar + 3 : at + length;
  }
  return out->count == line->play_count;
}

static bool list_has_result(const bg_playlist *list, const bg_board *board) {
  for (int i = 0; i < list->count; i++)
    if (board_equal(&list->plays[i].result, board))
      return true;
  return false;
}

/* Index of gnubg's play reaching `board`, or -1. */
static int gnubg_index_of(const gnubg_plays *plays, const bg_board *board) {
  for (int i = 0; i < plays->count; i++)
    if (board_equal(&plays->results[i], board))
      return i;
  return -1;
}

static bool same_sets(const bg_playlist *engine, const gnubg_plays *gnubg) {
  if (engine->count != gnubg->count)
    return false;
  for (int i = 0; i < gnubg->count; i++)
    if (!list_has_result(engine, &gnubg->results[i]))
      return false;
  for (int i = 0; i < engine->count; i++)
    if (gnubg_index_of(gnubg, &engine->plays[i].result) < 0)
      return false;
  return true;
}

/* Plays whose text differs from gnubg's text for the same position. */
static int format_differences(const bg_playlist *engine, const gnubg_plays *gnubg,
                              bool report) {
  int differences = 0;
  char text[128];
  for (int i = 0; i < engine->count; i++) {
    int index = gnubg_index_of(gnubg, &engine->plays[i].result);
    notation_format_play(&engine->plays[i], text, sizeof text);
    if (index >= 0 && strcmp(text, gnubg->texts[index]) != 0) {
      if (report && differences == 0)
        printf("  format: engine \"%s\", gnubg \"%s\"\n", text, gnubg->texts[index]);
      differences++;
    }
  }
  return differences;
}

static void report_mismatch(const fixture_line *line, const bg_playlist *engine) {
  char text[128];
  printf("legal-plays.tsv:%d: %s roll %d%d: gnubg %d plays, engine %d:\n  engine:",
         line->line_number, line->position_id, line->die1, line->die2, line->play_count,
         engine->count);
  for (int i = 0; i < engine->count; i++)
    printf("%s%s", i ? " | " : " ",
           notation_format_play(&engine->plays[i], text, sizeof text));
  printf("\n  gnubg:  %s\n", line->plays);
}

static gnubg_plays expected; /* large: kept out of the stack */

START_TEST(test_fixture_agrees_with_gnubg) {
  FILE *file = fopen(fixture_path, "r");
  ck_assert_msg(file != NULL, "cannot open %s", fixture_path);
  bg_playlist engine;
  movegen_playlist_init(&engine);
  char *text = NULL;
  size_t text_size = 0;
  int lines = 0, agree = 0, unreadable = 0, plays = 0, formats_differ = 0;
  while (getline(&text, &text_size, file) > 0) {
    fixture_line line;
    lines++;
    if (!parse_line(text, lines, &line) || !gnubg_results(&line, &expected)) {
      if (unreadable++ < MAX_REPORTS)
        printf("legal-plays.tsv:%d: cannot read the line\n", lines);
      continue;
    }
    int count = movegen_legal_plays(&line.board, line.die1, line.die2, &engine);
    ck_assert_int_ge(count, 1);
    bool same = same_sets(&engine, &expected);
    if (same)
      agree++;
    else if (lines - agree - unreadable <= MAX_REPORTS)
      report_mismatch(&line, &engine);
    plays += engine.count;
    if (same)
      formats_differ += format_differences(&engine, &expected, formats_differ == 0);
  }
  free(text);
  fclose(file);
  movegen_playlist_free(&engine);
  printf("legal-plays: %d positions, %d agree; %d plays, %d written differently\n", lines,
         agree, plays, formats_differ);
  fflush(stdout);
  ck_assert_int_eq(unreadable, 0);
  ck_assert_int_eq(lines, 2990);
  ck_assert_int_eq(agree, lines);
  ck_assert_int_eq(formats_differ, 0);
}
END_TEST

/* Stands in for the fixture test when the fixture is absent, so that the
 * program still ends with Check's summary line; it checks the one thing it
 * can: that the skip was for a path that really does not open. */
START_TEST(test_fixture_absent) {
  ck_assert_ptr_null(fopen(fixture_path, "r"));
}
END_TEST

int main(void) {
  legal_fixture_path(fixture_path, sizeof fixture_path);
  Suite *suite = suite_create("legal_plays");
  TCase *fixture = tcase_create("gnubg");
  tcase_set_timeout(fixture, 60);
  if (legal_fixture_present(fixture_path, "legal-plays fixture"))
    tcase_add_test(fixture, test_fixture_agrees_with_gnubg);
  else
    tcase_add_test(fixture, test_fixture_absent);
  suite_add_tcase(suite, fixture);
  return run_suite(suite);
}
