/*
 * check_read_mat.c — unit tests of the .mat reader (read_mat.h) and of the
 * match model's memory (match.h): one test per dialect feature, each on a
 * small record read from memory, asserting the model the reader builds;
 * then the real records of the shared corpus, which must all read with no
 * syntax diagnostic and the number of games their " Game N" lines say.
 *
 * The corpus is $BGMATCH_SHARED/corpus (default ../shared/corpus, relative
 * to the repository root where tests run); without it that test says SKIP.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "match.h"
#include "read_mat.h"
#include "run_suite.h"
#include "shared_path.h"

#define MAX_MATCHES 8

/* What reading one input gave: its matches and its diagnostics. */
typedef struct {
  bg_diag_sink sink;
  bg_match *matches[MAX_MATCHES];
  int match_count;
  bool io_error;
} parsed;

static void parse_bytes(parsed *result, const char *bytes, size_t size) {
  memset(result, 0, sizeof *result);
  diag_sink_init(&result->sink, stderr, DIAG_TEXT);
  FILE *in = fmemopen((void *)bytes, size, "r");
  ck_assert_ptr_nonnull(in);
  bg_mat_reader *reader = mat_reader_new(in, "test.mat", &result->sink);
  ck_assert_ptr_nonnull(reader);
  bg_match *match;
  while ((match = mat_reader_next(reader))) {
    ck_assert_int_lt(result->match_count, MAX_MATCHES);
    result->matches[result->match_count++] = match;
  }
  ck_assert_ptr_null(mat_reader_next(reader)); /* stays at the end */
  result->io_error = mat_reader_io_error(reader);
  mat_reader_free(reader);
  fclose(in);
}

static void parse(parsed *result, const char *text) {
  parse_bytes(result, text, strlen(text));
}

static void parsed_free(parsed *result) {
  for (int i = 0; i < result->match_count; i++)
    match_free(result->matches[i]);
  diag_sink_free(&result->sink);
}

static int syntax_errors(const parsed *result) {
  int count = 0;
  for (size_t i = 0; i < result->sink.pending_count; i++)
    if (result->sink.pending[i].severity == DIAG_ERROR &&
        strcmp(result->sink.pending[i].rule, "syntax") == 0)
      count++;
  return count;
}

static const bg_diag *diag_at(const parsed *result, size_t i) {
  ck_assert_uint_lt(i, result->sink.pending_count);
  return &result->sink.pending[i];
}

static const bg_action *action_at(const parsed *result, int match, int game, int index) {
  ck_assert_int_lt(match, result->match_count);
  const bg_match *m = result->matches[match];
  ck_assert_int_lt(game, m->game_count);
  ck_assert_int_lt(index, m->games[game].action_count);
  return &m->games[game].actions[index];
}

/* Does the cell of `action` say these two facts of its dice and play? */
static bool roll_says(const bg_action *action, bg_roll_dice dice, bg_roll_play play) {
  return action->dice == dice && action->play == play;
}

static void assert_roll(const bg_action *action, int player, int die1, int die2, int line,
                        int column) {
  ck_assert_int_eq(action->kind, ACT_ROLL);
  ck_assert_int_eq(action->player, player);
  ck_assert_int_eq(action->die1, die1);
  ck_assert_int_eq(action->die2, die2);
  ck_assert_int_eq(action->pos.line, line);
  ck_assert_int_eq(action->pos.column, column);
}

static void assert_move(const bg_action *action, int i, int from, int to, int count,
                        bool hit) {
  ck_assert_int_lt(i, action->move_count);
  const bg_move *move = &action->moves[i];
  ck_assert_int_eq(move->from, from);
  ck_assert_int_eq(move->to, to);
  ck_assert_int_eq(move->count, count);
  ck_assert_int_eq(move->hit, hit);
}

static void assert_action(const bg_action *action, bg_action_kind kind, int player,
                          int value) {
  ck_assert_int_eq(action->kind, kind);
  ck_assert_int_eq(action->player, player);
  ck_assert_int_eq(action->value, value);
}

/* ---- the match model ----------------------------------------------------- */

START_TEST(model_new_add_and_free) {
  bg_match *match = match_new("x.mat");
  ck_assert_ptr_nonnull(match);
  ck_assert_str_eq(match->file, "x.mat");
  ck_assert_int_eq(match->crawford, RULE_UNSET);
  ck_assert_int_eq(match->jacoby, RULE_UNSET);
  ck_assert_int_eq(match->beavers, RULE_UNSET);
  for (int g = 0; g < 40; g++) {
    bg_game *game = match_add_game(match);
    ck_assert_ptr_nonnull(game);
    ck_assert_int_eq(game->action_count, 0);
    for (int a = 0; a < 100; a++)
      ck_assert_ptr_nonnull(match_game_add_action(game));
  }
  ck_assert_int_eq(match->game_count, 40);
  ck_assert_int_eq(match->games[39].action_count, 100);
  ck_assert(match_add_tag(match, "Crawford", "Off", (bg_srcpos){1, 1}));
  ck_assert(match_add_tag(match, "crawford", "On", (bg_srcpos){2, 1}));
  ck_assert_str_eq(match_tag(match, "CRAWFORD"), "On"); /* last one wins */
  ck_assert_ptr_null(match_tag(match, "Jacoby"));
  ck_assert(match_set_player(match, 0, "Alice"));
  ck_assert(match_set_player(match, 0, "Alicia"));
  ck_assert_str_eq(match->players[0], "Alicia");
  ck_assert(!match_set_player(match, 2, "nobody"));
  match_free(match);
  match_free(NULL);
}
END_TEST

/* ---- structure ------------------------------------------------------------ */

/* GNU Backgammon 1.07's layout: header tag, " 5 point match", a lone right
 * cell opening the game, doubles written out, cube actions, result line. */
static const char GNUBG_RECORD[] = "; [EventDate \"2024.01.01\"]\n"
                                   "\n"
                                   " 5 point match\n"
                                   "\n"
                                   " Game 1\n"
                                   " Alice : 0                       Bob : 0\n"
                                   "  1)                             31: 8/5 6/5 \n"
                                   "  2) 41: 24/23 13/9              51: 24/23 13/8 \n"
                                   "  3) 44: 13/9 13/9 9/5 9/5       52: \n"
                                   "  4)  Doubles => 2                Drops\n"
                                   "      Wins 1 point\n";

START_TEST(gnubg_record) {
  parsed r;
  parse(&r, GNUBG_RECORD);
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_int_eq(r.match_count, 1);
  const bg_match *m = r.matches[0];
  ck_assert_int_eq(m->length, 5);
  ck_assert_int_eq(m->pos.line, 3);
  ck_assert_int_eq(m->pos.column, 2);
  ck_assert_str_eq(m->players[0], "Alice");
  ck_assert_str_eq(m->players[1], "Bob");
  ck_assert_int_eq(m->tag_count, 1);
  ck_assert_str_eq(match_tag(m, "EventDate"), "2024.01.01");
  ck_assert_int_eq(m->game_count, 1);
  const bg_game *game = &m->games[0];
  ck_assert_int_eq(game->number, 1);
  ck_assert_int_eq(game->pos.line, 5);
  ck_assert_int_eq(game->score[0], 0);
  ck_assert_int_eq(game->score[1], 0);
  ck_assert_int_eq(game->score_pos.line, 6);
  ck_assert_int_eq(game->action_count, 8);

  const bg_action *a = action_at(&r, 0, 0, 0);
  assert_roll(a, 1, 3, 1, 7, 34);
  ck_assert_int_eq(a->move_number, 1);
  ck_assert_int_eq(a->move_count, 2);
  assert_move(a, 0, 8, 5, 1, false);
  assert_move(a, 1, 6, 5, 1, false);
  ck_assert_int_eq(a->moves[1].pos.line, 7);
  ck_assert_int_eq(a->moves[1].pos.column, 42);

  assert_roll(action_at(&r, 0, 0, 1), 0, 4, 1, 8, 6);
  assert_roll(action_at(&r, 0, 0, 2), 1, 5, 1, 8, 34);
  a = action_at(&r, 0, 0, 3);
  assert_roll(a, 0, 4, 4, 9, 6);
  ck_assert_int_eq(a->move_count, 4);
  a = action_at(&r, 0, 0, 4);
  assert_roll(a, 1, 5, 2, 9, 34); /* "52:" alone: no play */
  ck_assert_int_eq(a->move_count, 0);
  ck_assert(!a->cannot_move);
  ck_assert(!match_roll_marked_unknown(a));
  a = action_at(&r, 0, 0, 5);
  assert_action(a, ACT_DOUBLE, 0, 2);
  ck_assert_int_eq(a->pos.column, 7);
  ck_assert_int_eq(a->move_number, 4);
  assert_action(action_at(&r, 0, 0, 6), ACT_DROP, 1, 0);
  a = action_at(&r, 0, 0, 7);
  assert_action(a, ACT_WIN, 0, 1);
  ck_assert_int_eq(a->pos.line, 11);
  ck_assert_int_eq(a->move_number, 0);
  ck_assert(!a->and_match);
  parsed_free(&r);
}
END_TEST

/* XG: UTF-8 BOM, CRLF, trailing blanks; columns count bytes after the BOM. */
START_TEST(bom_crlf_trailing_blanks) {
  parsed r;
  parse(&r,
        "\xEF\xBB\xBF; [Site \"Paris\"]\r\n"
        "\r\n"
        "7 point match\r\n"
        "\r\n"
        " Game 1\r\n"
        " K\xC3\xA9vin Unger : 0                       Maxence Job : 0\r\n"
        "  1) 51: 24/23 13/8                    61: 13/7 8/7                      \r\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_match *m = r.matches[0];
  ck_assert_str_eq(match_tag(m, "Site"), "Paris");
  ck_assert_int_eq(m->tags[0].pos.line, 1);
  ck_assert_int_eq(m->length, 7);
  ck_assert_int_eq(m->pos.column, 1);
  ck_assert_str_eq(m->players[0], "K\xC3\xA9vin Unger");
  ck_assert_str_eq(m->players[1], "Maxence Job");
  assert_roll(action_at(&r, 0, 0, 0), 0, 5, 1, 7, 6);
  const bg_action *a = action_at(&r, 0, 0, 1);
  assert_roll(a, 1, 6, 1, 7, 40);
  assert_move(a, 1, 8, 7, 1, false);
  parsed_free(&r);
}
END_TEST

/* Tabs separate like blanks; cells are placed with 8-column tab stops, as
 * an editor shows them, but columns are bytes (what vim's %c and Emacs
 * count): the right cell of this line, "62:", is byte 22. */
START_TEST(tabs_as_blanks) {
  parsed r;
  parse(&r, "3 point match\n Game 1\n A : 0\t\t\t\tB : 0\n"
            "  1) 31:\t8/5\t6/5\t\t\t\t\t62: 24/18 13/11\t\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_str_eq(r.matches[0]->players[1], "B");
  const bg_action *a = action_at(&r, 0, 0, 0);
  assert_roll(a, 0, 3, 1, 4, 6);
  ck_assert_int_eq(a->move_count, 2);
  assert_roll(action_at(&r, 0, 0, 1), 1, 6, 2, 4, 22);
  parsed_free(&r);
}
END_TEST

/* Names are kept as bytes: Latin-1, UTF-8, even invalid UTF-8. */
START_TEST(names_kept_as_bytes) {
  parsed r;
  parse(&r, "1 point match\n Game 1\n J\xF6rg M\xFCller : 0        \xFF\xFE\xC3 Z : 0\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_str_eq(r.matches[0]->players[0], "J\xF6rg M\xFCller");
  ck_assert_str_eq(r.matches[0]->players[1], "\xFF\xFE\xC3 Z");
  parsed_free(&r);
}
END_TEST

START_TEST(rule_tags) {
  parsed r;
  parse(&r, "; [Crawford \"Off\"]\n; [Jacoby \"On\"]\n; [Beaver \"On\"]\n"
            "; [CubeLimit \"1\"]\n; [Player 1 Elo \"9,00/0\"]\n\n0 point match\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_match *m = r.matches[0];
  ck_assert_int_eq(m->length, 0); /* money session */
  ck_assert_int_eq(m->crawford, RULE_OFF);
  ck_assert_int_eq(m->jacoby, RULE_ON);
  ck_assert_int_eq(m->beavers, RULE_ON);
  ck_assert_int_eq(m->cube_limit, 1);
  ck_assert_str_eq(match_tag(m, "player 1 elo"), "9,00/0");
  ck_assert_int_eq(m->tags[4].pos.line, 5);
  parsed_free(&r);

  parse(
      &r,
      "; [Crawford \"On\"]\n; [Beaver \"Off\"]\n; [CubeLimit \"1024\"]\n7 point match\n");
  ck_assert_int_eq(r.matches[0]->crawford, RULE_ON);
  ck_assert_int_eq(r.matches[0]->jacoby, RULE_UNSET);
  ck_assert_int_eq(r.matches[0]->beavers, RULE_OFF);
  ck_assert_int_eq(r.matches[0]->cube_limit, 1024);
  parsed_free(&r);

  /* the keys in any case */
  parse(&r, "; [jacoby \"On\"]\n; [BEAVERS \"On\"]\n; [crawford \"Off\"]\n"
            "; [cubelimit \"2\"]\n5 point match\n");
  ck_assert_int_eq(r.matches[0]->jacoby, RULE_ON);
  ck_assert_int_eq(r.matches[0]->beavers, RULE_ON);
  ck_assert_int_eq(r.matches[0]->crawford, RULE_OFF);
  ck_assert_int_eq(r.matches[0]->cube_limit, 2);
  parsed_free(&r);
}
END_TEST

/* Jellyfish banners, '#' lines, BGBlitz-era free comments: ignored. */
START_TEST(free_comments_ignored) {
  parsed r;
  parse(&r, "; +------------------------------+\n"
            "; | Monte Carlo 1998, final       |\n"
            "; +------------------------------+\n"
            "# transcribed by hand\n"
            "; Automated play by Dueller\n"
            ";\n"
            "11 point match\n"
            "# between games\n"
            " Game 1\n"
            " A : 0      B : 0\n"
            "; a remark inside the game\n"
            "  1) 31: 8/5 6/5\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_int_eq(r.matches[0]->tag_count, 0);
  ck_assert_int_eq(r.matches[0]->length, 11);
  ck_assert_int_eq(r.matches[0]->games[0].action_count, 1);
  parsed_free(&r);
}
END_TEST

/* Two matches in one file: streamed one by one; tags after the first
 * match's games belong to the second. */
START_TEST(several_matches) {
  parsed r;
  parse(&r, "; [Event \"one\"]\n"
            "3 point match\n"
            " Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n"
            "\n; [Event \"two\"]\n; [Crawford \"Off\"]\n"
            "5 point match\n"
            " Game 1\n C : 0      D : 0\n  1) 42: 8/4 6/4\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_int_eq(r.match_count, 2);
  ck_assert_int_eq(r.matches[0]->length, 3);
  ck_assert_int_eq(r.matches[0]->tag_count, 1);
  ck_assert_str_eq(match_tag(r.matches[0], "Event"), "one");
  ck_assert_int_eq(r.matches[0]->crawford, RULE_UNSET);
  ck_assert_int_eq(r.matches[1]->length, 5);
  ck_assert_int_eq(r.matches[1]->pos.line, 9);
  ck_assert_int_eq(r.matches[1]->tag_count, 2);
  ck_assert_str_eq(match_tag(r.matches[1], "Event"), "two");
  ck_assert_int_eq(r.matches[1]->crawford, RULE_OFF);
  ck_assert_str_eq(r.matches[1]->players[0], "C");
  assert_roll(action_at(&r, 1, 0, 0), 0, 4, 2, 12, 6);
  parsed_free(&r);
}
END_TEST

/* Tournament software concatenates files: a BOM may open any line; a tag
 * between a match line and its first game is that match's. */
START_TEST(concatenated_files) {
  parsed r;
  parse(&r, "\xEF\xBB\xBF; [Event \"one\"]\r\n3 point match\r\n"
            " Game 1\r\n A : 0      B : 0\r\n  1) 31: 8/5 6/5\r\n"
            "\xEF\xBB\xBF; [Event \"two\"]\r\n5 point match\r\n; [Jacoby \"Off\"]\r\n"
            " Game 1\r\n A : 0      B : 0\r\n  1) 31: 8/5 6/5\r\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_int_eq(r.match_count, 2);
  ck_assert_str_eq(match_tag(r.matches[1], "Event"), "two");
  ck_assert_int_eq(r.matches[1]->jacoby, RULE_OFF);
  ck_assert_int_eq(r.matches[1]->tag_count, 2);
  parsed_free(&r);
}
END_TEST

/* Keywords in any case, "Can't Move". */
START_TEST(keywords_any_case) {
  parsed r;
  parse(&r, "3 POINT MATCH\n game 1\n A : 0                          B : 0\n"
            "  1) 31: 8/5 BAR/22                    64: can't move\n"
            "  2)  DOUBLES => 2                      takes\n"
            "  3) 62: 6/OFF 2/off                   wins 2 points AND THE MATCH\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_int_eq(r.matches[0]->length, 3);
  assert_move(action_at(&r, 0, 0, 0), 1, 25, 22, 1, false);
  ck_assert(action_at(&r, 0, 0, 1)->cannot_move);
  assert_action(action_at(&r, 0, 0, 3), ACT_TAKE, 1, 0);
  ck_assert(action_at(&r, 0, 0, 5)->and_match);
  parsed_free(&r);
}
END_TEST

/* FIBS: names with ratings, misaligned columns, a resumed match's score. */
START_TEST(fibs_score_line_and_columns) {
  parsed r;
  parse(&r, "5 point match\n\n Game 3\n"
            " AnaGabriela,1570 : 2        nori,1774 : 1\n"
            "  1) 14: 24/23 13/9                  35: 13/10 13/8\n"
            "  2) 62: 24/18 13/11        41: 8/4 6/5\n"
            "  3)  Doubles => 2   Takes\n"
            "  4)                         66: 24/18(2) 13/7(2)\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_match *m = r.matches[0];
  ck_assert_str_eq(m->players[0], "AnaGabriela,1570");
  ck_assert_str_eq(m->players[1], "nori,1774");
  ck_assert_int_eq(m->games[0].number, 3);
  ck_assert_int_eq(m->games[0].score[0], 2);
  ck_assert_int_eq(m->games[0].score[1], 1);
  assert_roll(action_at(&r, 0, 0, 0), 0, 1, 4, 5, 6); /* dice as rolled */
  assert_roll(action_at(&r, 0, 0, 1), 1, 3, 5, 5, 38);
  assert_roll(action_at(&r, 0, 0, 3), 1, 4, 1, 6, 29);
  assert_action(action_at(&r, 0, 0, 4), ACT_DOUBLE, 0, 2);
  assert_action(action_at(&r, 0, 0, 5), ACT_TAKE, 1, 0);
  assert_roll(action_at(&r, 0, 0, 6), 1, 6, 6, 8, 30); /* lone, nearer right */
  parsed_free(&r);
}
END_TEST

/* GNU Backgammon 1.07 fuses the score line when the left name is long. */
START_TEST(fused_score_line) {
  parsed r;
  parse(&r,
        "3 point match\n Game 1\n"
        " Player With Spaces In Name Here : 0Other Long Player Name 2 : 0\n"
        " Game 2\n Player With Spaces In Name Here : 2Other Long Player Name 2 : 1\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_match *m = r.matches[0];
  ck_assert_str_eq(m->players[0], "Player With Spaces In Name Here");
  ck_assert_str_eq(m->players[1], "Other Long Player Name 2");
  ck_assert_int_eq(m->games[1].score[0], 2);
  ck_assert_int_eq(m->games[1].score[1], 1);
  parsed_free(&r);
}
END_TEST

/* Backgammon Studio: "  10)" not right-aligned; raccoon: "100)" at column 1. */
START_TEST(move_numbers_any_alignment) {
  parsed r;
  parse(&r, "9 point match\n Game 1\n A : 0                          B : 0\n"
            " 97) 65: 10/4 7/2                      66: 6/off(4)\n"
            "  98) 64: 8/2 4/off                     Doubles => 2\n"
            "  99)  Drops                            Wins 1 point\n"
            "100) 36: 25/22 25/19                    33: 22/19 19/16*\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  assert_roll(action_at(&r, 0, 0, 0), 0, 6, 5, 4, 6);
  ck_assert_int_eq(action_at(&r, 0, 0, 0)->move_number, 97);
  assert_roll(action_at(&r, 0, 0, 2), 0, 6, 4, 5, 7);
  ck_assert_int_eq(action_at(&r, 0, 0, 2)->move_number, 98);
  assert_action(action_at(&r, 0, 0, 3), ACT_DOUBLE, 1, 2);
  assert_action(action_at(&r, 0, 0, 4), ACT_DROP, 0, 0);
  assert_action(action_at(&r, 0, 0, 5), ACT_WIN, 1, 1);
  assert_roll(action_at(&r, 0, 0, 6), 0, 3, 6, 7, 6);
  ck_assert_int_eq(action_at(&r, 0, 0, 6)->move_number, 100);
  parsed_free(&r);
}
END_TEST

/* Lone cells take the side of the column they are nearer; results may sit
 * on an unnumbered or a numbered line. */
START_TEST(lone_cells_and_results) {
  parsed r;
  parse(&r, "13 point match\n Game 1\n A : 0                          B : 0\n"
            "  1)                                    61: 13/7 8/7\n"
            "  2) 52: 13/8 13/11                     31: 8/5 6/5\n"
            "  3) 42: 3/off\n"
            "  4)  Wins 4 point\n"
            " Game 2\n A : 4                          B : 0\n"
            "  1) 42: 8/4 6/4\n"
            "  2)                                    Wins 2 point\n"
            " Game 3\n A : 4                          B : 2\n"
            "  1) 21: 13/11 6/5                      43: 24/20 13/10\n"
            "                                        Wins 1 point\n"
            "      Wins 1 point\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  assert_roll(action_at(&r, 0, 0, 0), 1, 6, 1, 4, 41);
  assert_roll(action_at(&r, 0, 0, 3), 0, 4, 2, 6, 6);
  assert_action(action_at(&r, 0, 0, 4), ACT_WIN, 0, 4);
  ck_assert_int_eq(action_at(&r, 0, 0, 4)->move_number, 4);
  assert_action(action_at(&r, 0, 1, 1), ACT_WIN, 1, 2);
  assert_action(action_at(&r, 0, 2, 2), ACT_WIN, 1, 1);
  assert_action(action_at(&r, 0, 2, 3), ACT_WIN, 0, 1);
  ck_assert_int_eq(action_at(&r, 0, 2, 3)->pos.column, 7);
  parsed_free(&r);
}
END_TEST

/* gnubg: a long left play pushes the right cell right, with a single blank. */
START_TEST(overflowing_cells) {
  parsed r;
  parse(&r, "0 point match\n Game 1\n A : 0                     B : 0\n"
            " 13) 31: 8/5 6/5                43: 24/20 13/10\n"
            " 14) 22: 25/23* 25/23* 25/23 13/11 22: 25/23 20/18 18/16 16/14*\n"
            " 15) 44: 25/21* 19/15 22/18 21/17* 56: 25/20 25/19\n"
            " 16) 31: 6/5 6/3\n"
            " 17)                            41: 13/9 24/23\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_action *a = action_at(&r, 0, 0, 2);
  assert_roll(a, 0, 2, 2, 5, 6);
  ck_assert_int_eq(a->move_count, 4);
  assert_move(a, 1, 25, 23, 1, true);
  a = action_at(&r, 0, 0, 3);
  assert_roll(a, 1, 2, 2, 5, 36);
  assert_move(a, 3, 16, 14, 1, true);
  assert_roll(action_at(&r, 0, 0, 5), 1, 5, 6, 6, 36);
  assert_roll(action_at(&r, 0, 0, 6), 0, 3, 1, 7, 6);
  /* the right column is the nearest seen, not the overflowed one */
  assert_roll(action_at(&r, 0, 0, 7), 1, 4, 1, 8, 33);
  parsed_free(&r);
}
END_TEST

START_TEST(no_play_cannot_move_unknown) {
  parsed r;
  parse(&r, "7 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 64:                               64: Cannot Move\n"
            "  2) 33: ????                          21: ???\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_action *a = action_at(&r, 0, 0, 0);
  ck_assert(!a->cannot_move && match_roll_as_written(a) && a->move_count == 0);
  a = action_at(&r, 0, 0, 1);
  ck_assert(a->cannot_move && match_roll_as_written(a) && a->move_count == 0);
  a = action_at(&r, 0, 0, 2);
  ck_assert(roll_says(a, ROLL_DICE_READ, ROLL_PLAY_UNRECORDED) && !a->cannot_move);
  assert_roll(a, 0, 3, 3, 5, 6);
  ck_assert(match_roll_marked_unknown(action_at(&r, 0, 0, 3)));
  parsed_free(&r);
}
END_TEST

START_TEST(cube_actions) {
  parsed r;
  parse(&r, "0 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 31: 8/5 6/5                       Doubles => 2\n"
            "  2)  Beavers => 4                      Takes\n"
            "  3) 62: 24/18 13/11                   Doubles => 8\n"
            "  4)  Passes                            Wins 4 points\n"
            " Game 2\n A : 0                          B : 4\n"
            "  1)  Doubles => 2                      Rejects\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  assert_action(action_at(&r, 0, 0, 1), ACT_DOUBLE, 1, 2);
  assert_action(action_at(&r, 0, 0, 2), ACT_BEAVER, 0, 4);
  assert_action(action_at(&r, 0, 0, 3), ACT_TAKE, 1, 0);
  assert_action(action_at(&r, 0, 0, 5), ACT_DOUBLE, 1, 8);
  assert_action(action_at(&r, 0, 0, 6), ACT_DROP, 0, 0);
  assert_action(action_at(&r, 0, 0, 7), ACT_WIN, 1, 4);
  assert_action(action_at(&r, 0, 1, 1), ACT_DROP, 1, 0);
  parsed_free(&r);
}
END_TEST

/* "Wins N point(s) [and the match]", also inline on a move line after both
 * plays (placed by its column). */
START_TEST(wins_forms) {
  parsed r;
  parse(&r, "3 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 31: 8/5 6/5                       Doubles => 2\n"
            "  2)  Drops                             Wins 1 point\n"
            " Game 2\n A : 0                          B : 1\n"
            "  1) 31: 8/5 6/5                       64: 6/off 4/off       Wins 2 points\n"
            " Game 3\n A : 0                          B : 3\n"
            "      Wins 3 point and the match\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_action *a = action_at(&r, 0, 0, 3);
  assert_action(a, ACT_WIN, 1, 1);
  ck_assert(!a->and_match);
  a = action_at(&r, 0, 1, 2);
  assert_action(a, ACT_WIN, 1, 2);
  ck_assert_int_eq(a->pos.column, 62);
  a = action_at(&r, 0, 2, 0);
  assert_action(a, ACT_WIN, 0, 3);
  ck_assert(a->and_match);
  parsed_free(&r);
}
END_TEST

/* Galaxy's explicit resignations. */
START_TEST(galaxy_resignation) {
  parsed r;
  parse(&r,
        "3 point match\n Game 1\n pmachado : 0                    lasse : 0\n"
        " 25) 21:                         63: 2/0 2/0\n"
        " 26)  Losses 1 point                                               Wins 1 point "
        "and the match\n"
        " Game 2\n pmachado : 0                    lasse : 0\n"
        " 40) 43: 4/0 4/1                  Losses 2 point\n"
        "\n"
        "      Wins 2 point\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  assert_action(action_at(&r, 0, 0, 2), ACT_RESIGN, 0, 1);
  assert_action(action_at(&r, 0, 0, 3), ACT_WIN, 1, 1);
  ck_assert(action_at(&r, 0, 0, 3)->and_match);
  assert_action(action_at(&r, 0, 1, 1), ACT_RESIGN, 1, 2);
  assert_action(action_at(&r, 0, 1, 2), ACT_WIN, 0, 2);
  parsed_free(&r);
}
END_TEST

/* A resignation in the winner's column, rolls after it, then the "Wins":
 * the reader counts the game's two endings, and match_resolve's pass,
 * which ends once it has met them, still reaches the resignation (its
 * player is the loser) and the roll right before the "Wins" (cut short). */
START_TEST(resolved_up_to_the_first_ending) {
  parsed r;
  parse(&r, "3 point match\n Game 1\n"
            " A : 0                          B : 0\n"
            "  1)                                31: 8/5 6/5\n"
            "  2)  Losses 1 point\n"
            "  3) 42: 8/4 6/4                    62: 13/7\n"
            "      Wins 1 point\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_match *m = r.matches[0];
  ck_assert(m->endings_counted);
  ck_assert_int_eq(m->games[0].ending_actions, 2);
  assert_action(action_at(&r, 0, 0, 1), ACT_RESIGN, 1, 1); /* B's, not A's column */
  ck_assert(!action_at(&r, 0, 0, 2)->resigns_after);       /* a roll follows */
  ck_assert(action_at(&r, 0, 0, 3)->resigns_after);        /* B gave up after it */
  assert_action(action_at(&r, 0, 0, 4), ACT_WIN, 0, 1);
  parsed_free(&r);
}
END_TEST

/* A left name too long for the column leaves one blank before the right
 * name: that column says nothing about the right cells, which stay at 34. */
START_TEST(long_left_name) {
  parsed r;
  parse(&r, "3 point match\n Game 1\n"
            " Anastasia Maria Longname-Dubois the Third of Somewhere Far : 0 Bob : 0\n"
            "  1)                             51: 24/23 13/8\n"
            "  2) 42: 8/4 6/4\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_int_eq(action_at(&r, 0, 0, 0)->player, 1);
  ck_assert_int_eq(action_at(&r, 0, 0, 1)->player, 0);
  parsed_free(&r);
}
END_TEST

/* The resignations bgmatch's canonical layout writes: "Resigns N points"
 * (GNU Backgammon's import skips a line that starts with "resign"), or
 * what was resigned when the record gave no points. */
START_TEST(canonical_resignation) {
  parsed r;
  parse(&r, "3 point match\n Game 1\n A : 0                          B : 0\n"
            "  1)  Resigns 2 points              Wins 2 points\n"
            " Game 2\n A : 2                          B : 0\n"
            "  1)                                 Resigns gammon\n"
            "      Wins 2 points\n"
            " Game 3\n A : 4                          B : 0\n"
            "  1)  Resigns game                  Wins 1 point\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  assert_action(action_at(&r, 0, 0, 0), ACT_RESIGN, 0, 2);
  const bg_action *gammon = action_at(&r, 0, 1, 0);
  assert_action(gammon, ACT_RESIGN, 1, 0);
  ck_assert_int_eq(gammon->resign_level, RESIGN_GAMMON);
  const bg_action *game = action_at(&r, 0, 2, 0);
  assert_action(game, ACT_RESIGN, 0, 0);
  ck_assert_int_eq(game->resign_level, RESIGN_UNSAID);
  parsed_free(&r);
}
END_TEST

/* Every spelling of the bar and off, repeat counts, hit marks anywhere. */
START_TEST(move_notations) {
  parsed r;
  parse(&r, "7 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 41: bar/21 Bar/24*                  52: 25/20 6/off\n"
            "  2) 62: 6/Off 2/0                      44: 13/9(2) 6/2*(2)\n"
            "  3) 33: 8/5(2)* 13*/10 6/3(1)          63: 24/15\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_action *a = action_at(&r, 0, 0, 0);
  assert_move(a, 0, 25, 21, 1, false);
  assert_move(a, 1, 25, 24, 1, true);
  ck_assert_int_eq(a->moves[1].pos.column, 17);
  a = action_at(&r, 0, 0, 1);
  assert_move(a, 0, 25, 20, 1, false);
  assert_move(a, 1, 6, 0, 1, false);
  a = action_at(&r, 0, 0, 2);
  assert_move(a, 0, 6, 0, 1, false);
  assert_move(a, 1, 2, 0, 1, false);
  a = action_at(&r, 0, 0, 3);
  assert_move(a, 0, 13, 9, 2, false);
  assert_move(a, 1, 6, 2, 2, true);
  a = action_at(&r, 0, 0, 4);
  assert_move(a, 0, 8, 5, 2, true);
  assert_move(a, 1, 13, 10, 1, true); /* "13*\/10": lenient */
  assert_move(a, 2, 6, 3, 1, false);
  a = action_at(&r, 0, 0, 5);
  ck_assert_int_eq(a->move_count, 1);
  assert_move(a, 0, 24, 15, 1, false); /* a combined hop, kept as written */
  parsed_free(&r);
}
END_TEST

/* Chains a/b/c become one move per hop, each with its own column. */
START_TEST(move_chains) {
  parsed r;
  parse(&r, "7 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 65: 24/18/13                       41: 13/9*/8\n"
            "  2) 66: 24/18*/12/6*(2)\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  const bg_action *a = action_at(&r, 0, 0, 0);
  ck_assert_int_eq(a->move_count, 2);
  assert_move(a, 0, 24, 18, 1, false);
  assert_move(a, 1, 18, 13, 1, false);
  ck_assert_int_eq(a->moves[0].pos.column, 10);
  ck_assert_int_eq(a->moves[1].pos.column, 13);
  a = action_at(&r, 0, 0, 1);
  assert_move(a, 0, 13, 9, 1, true);
  assert_move(a, 1, 9, 8, 1, false);
  a = action_at(&r, 0, 0, 2);
  ck_assert_int_eq(a->move_count, 3);
  assert_move(a, 0, 24, 18, 2, true);
  assert_move(a, 1, 18, 12, 2, false);
  assert_move(a, 2, 12, 6, 2, true);
  parsed_free(&r);
}
END_TEST

/* A roll written without a blank before its play. */
START_TEST(roll_glued_to_play) {
  parsed r;
  parse(&r, "7 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 63:24/18 13/10\n");
  ck_assert_int_eq(syntax_errors(&r), 0);
  assert_move(action_at(&r, 0, 0, 0), 0, 24, 18, 1, false);
  parsed_free(&r);
}
END_TEST

/* ---- syntax errors ----------------------------------------------------------- */

/* FIBS raw server text in a cell: reported where it stands, then reading
 * goes on with the next cell and the next line. */
START_TEST(fibs_raw_text_in_cell) {
  parsed r;
  parse(&r, "5 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) Illegal play (25;0;1;0;0;0)           41: 13/9 24/23\n"
            "  2) 63: Illegal play (25;0;1)             52: 13/8 13/11\n"
            "  3) 31: 8/5 6/5\n");
  ck_assert_int_eq(syntax_errors(&r), 2);
  const bg_diag *d = diag_at(&r, 0);
  ck_assert_str_eq(d->rule, "syntax");
  ck_assert_int_eq(d->severity, DIAG_ERROR);
  ck_assert_str_eq(d->file, "test.mat");
  ck_assert_int_eq(d->line, 4);
  ck_assert_int_eq(d->column, 6);
  ck_assert_int_eq(d->game, 1);
  ck_assert_int_eq(d->move, 1);
  ck_assert_ptr_nonnull(
      strstr(d->message, "expected a roll like '63:' or 'Doubles => 2'"));
  ck_assert_ptr_nonnull(strstr(d->message, "'Illegal'"));
  d = diag_at(&r, 1);
  ck_assert_int_eq(d->line, 5);
  ck_assert_int_eq(d->column, 10);
  ck_assert_ptr_nonnull(strstr(d->message, "expected a move like '24/18' after '63:'"));
  assert_roll(action_at(&r, 0, 0, 0), 1, 4, 1, 4, 44);
  const bg_action *a = action_at(&r, 0, 0, 1);
  assert_roll(a, 0, 6, 3, 5, 6);
  /* its play could not be read */
  ck_assert(roll_says(a, ROLL_DICE_READ, ROLL_PLAY_UNREADABLE));
  assert_roll(action_at(&r, 0, 0, 2), 1, 5, 2, 5, 44);
  assert_roll(action_at(&r, 0, 0, 3), 0, 3, 1, 6, 6);
  parsed_free(&r);
}
END_TEST

START_TEST(bad_points_and_too_many_moves) {
  parsed r;
  parse(&r,
        "5 point match\n Game 1\n A : 0                          B : 0\n"
        "  1) 63: 30/24 13/10                   41: 13/9 24/23\n"
        "  2) 11: 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7 8/7\n"
        "  3) 52: 13/8 13/x                     61: 13/7*1\n");
  ck_assert_int_eq(syntax_errors(&r), 4);
  ck_assert_int_eq(diag_at(&r, 0)->line, 4);
  ck_assert_int_eq(diag_at(&r, 0)->column, 10);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 0)->message, "no point 30"));
  ck_assert_int_eq(diag_at(&r, 1)->line, 5);
  ck_assert_int_eq(diag_at(&r, 1)->column, 74);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 1)->message, "more than 16 moves"));
  ck_assert_int_eq(diag_at(&r, 2)->column, 15);
  ck_assert_int_eq(diag_at(&r, 3)->column, 44);
  ck_assert(match_roll_marked_unknown(action_at(&r, 0, 0, 0)));
  ck_assert_int_eq(action_at(&r, 0, 0, 1)->move_count, 2);
  ck_assert(match_roll_marked_unknown(action_at(&r, 0, 0, 2)));
  parsed_free(&r);
}
END_TEST

/* A number where a move belongs ("42: 4", a move cut short) makes the play
 * unreadable, one syntax error, not a second cell "4" without its colon:
 * the right player's cell is still the right player's.  A number with its
 * colon is a roll with a wrong die, a cell of its own even one blank after
 * an overflowing play; a number without one, apart in the other column,
 * is that player's roll written without its colon. */
START_TEST(number_inside_a_play) {
  parsed r;
  parse(&r, "5 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 42: 4                             41: 13/9 24/23\n"
            "  2) 42: 8/4 4                         41: 13/9 24/23\n"
            "  3) 44: 21/17 21/17 14/10 14/10 69: 24/18 18/16\n"
            "  4) 42: 8/4 6/4                       41 13/9 24/23\n");
  ck_assert_int_eq(syntax_errors(&r), 4);
  ck_assert_int_eq(diag_at(&r, 0)->line, 4);
  ck_assert_int_eq(diag_at(&r, 0)->column, 10);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 0)->message, "expected a move"));
  ck_assert_int_eq(diag_at(&r, 1)->line, 5);
  ck_assert_int_eq(diag_at(&r, 1)->column, 14);
  ck_assert_int_eq(diag_at(&r, 2)->line, 6);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 2)->message, "'69' is no roll"));
  ck_assert_int_eq(diag_at(&r, 3)->line, 7);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 3)->message, "expected ':'"));
  ck_assert_int_eq(r.matches[0]->games[0].action_count, 8);
  ck_assert(roll_says(action_at(&r, 0, 0, 0), ROLL_DICE_READ, ROLL_PLAY_UNREADABLE));
  assert_roll(action_at(&r, 0, 0, 1), 1, 4, 1, 4, 40);
  ck_assert(roll_says(action_at(&r, 0, 0, 2), ROLL_DICE_READ, ROLL_PLAY_UNREADABLE));
  assert_roll(action_at(&r, 0, 0, 3), 1, 4, 1, 5, 40);
  ck_assert_int_eq(action_at(&r, 0, 0, 4)->move_count, 4);
  ck_assert_int_eq(action_at(&r, 0, 0, 5)->player, 1);
  ck_assert(roll_says(action_at(&r, 0, 0, 5), ROLL_DICE_UNREAD, ROLL_PLAY_AS_WRITTEN));
  ck_assert_int_eq(action_at(&r, 0, 0, 6)->move_count, 2);
  ck_assert_int_eq(action_at(&r, 0, 0, 7)->player, 1);
  ck_assert(roll_says(action_at(&r, 0, 0, 7), ROLL_DICE_UNREAD, ROLL_PLAY_AS_WRITTEN));
  ck_assert_int_eq(action_at(&r, 0, 0, 7)->move_count, 2);
  parsed_free(&r);
}
END_TEST

/* GNU Backgammon's layout: a long left play runs up to the right column
 * with one blank before the right cell.  Dice there without their colon,
 * the line's last cell, are the right player's roll; and dice without
 * their colon before the other player's cube action are still a roll. */
START_TEST(roll_without_colon_at_the_right_column) {
  parsed r;
  parse(&r, "5 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 42: 8/4 6/4                 41: 13/9 24/23\n"
            "  2) 44: 24/20 24/20 20/16 20/16 51 13/8 8/7\n"
            "  3) 42                           Doubles => 2\n");
  ck_assert_int_eq(syntax_errors(&r), 2);
  ck_assert_int_eq(diag_at(&r, 0)->line, 5);
  ck_assert_int_eq(diag_at(&r, 0)->column, 34);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 0)->message, "expected ':'"));
  ck_assert_int_eq(diag_at(&r, 1)->line, 6);
  ck_assert_int_eq(diag_at(&r, 1)->column, 6);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 1)->message, "expected ':'"));
  ck_assert_int_eq(r.matches[0]->games[0].action_count, 6);
  ck_assert_int_eq(action_at(&r, 0, 0, 2)->move_count, 4);
  ck_assert_int_eq(action_at(&r, 0, 0, 3)->player, 1);
  ck_assert(roll_says(action_at(&r, 0, 0, 3), ROLL_DICE_UNREAD, ROLL_PLAY_AS_WRITTEN));
  ck_assert_int_eq(action_at(&r, 0, 0, 3)->move_count, 2);
  ck_assert_int_eq(action_at(&r, 0, 0, 4)->player, 0);
  ck_assert_int_eq(action_at(&r, 0, 0, 4)->kind, ACT_ROLL);
  ck_assert_int_eq(action_at(&r, 0, 0, 4)->move_count, 0);
  ck_assert_int_eq(action_at(&r, 0, 0, 5)->kind, ACT_DOUBLE);
  ck_assert_int_eq(action_at(&r, 0, 0, 5)->player, 1);
  parsed_free(&r);
}
END_TEST

START_TEST(misplaced_tokens) {
  parsed r;
  parse(&r, "5 point match\n Game 1\n A : 0                          B : 0\n"
            "  1) 24/18 13/10                       41: 13/9 24/23\n"
            "  2)  Takes 13/10                      41: Cannot Move 13/9\n"
            "  3) 31: 8/5 6/5   42: 8/4 6/4   51: 13/8 6/5\n");
  ck_assert_int_eq(syntax_errors(&r), 4);
  ck_assert_int_eq(diag_at(&r, 0)->column, 6);
  ck_assert_int_eq(diag_at(&r, 1)->column, 13);
  ck_assert_int_eq(diag_at(&r, 2)->column, 56);
  ck_assert_int_eq(diag_at(&r, 3)->column, 34);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 3)->message, "at most two cells"));
  assert_roll(action_at(&r, 0, 0, 0), 1, 4, 1, 4, 40);
  parsed_free(&r);
}
END_TEST

START_TEST(missing_game_and_score_lines) {
  parsed r;
  parse(&r, "5 point match\n  1) 31: 8/5 6/5\n Game 1\n  1) 31: 8/5 6/5\n"
            " Game 2\n no score here\n");
  ck_assert_int_eq(syntax_errors(&r), 3);
  ck_assert_int_eq(diag_at(&r, 0)->line, 2);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 0)->message, "Game 1"));
  ck_assert_int_eq(diag_at(&r, 1)->line, 4);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 1)->message, "score line"));
  ck_assert_int_eq(diag_at(&r, 2)->line, 6);
  /* the move line after a missing score line is still read */
  ck_assert_int_eq(r.matches[0]->games[0].action_count, 1);
  parsed_free(&r);
}
END_TEST

START_TEST(syntax_errors_capped_per_match) {
  char text[8192] = "5 point match\n Game 1\n A : 0      B : 0\n";
  for (int i = 0; i < 60; i++) {
    char line[32];
    snprintf(line, sizeof line, "  %d) nonsense\n", i + 1);
    strcat(text, line);
  }
  strcat(text, "7 point match\n Game 1\n A : 0      B : 0\n  1) nonsense\n");
  parsed r;
  parse(&r, text);
  ck_assert_int_eq(r.match_count, 2);
  ck_assert_int_eq(syntax_errors(&r), 51); /* 50 + 1 in the next match */
  ck_assert_int_eq(r.sink.notes, 1);
  const bg_diag *note = diag_at(&r, 50);
  ck_assert_int_eq(note->severity, DIAG_NOTE);
  ck_assert_str_eq(note->rule, "syntax");
  ck_assert_str_eq(note->message, "further syntax errors in this match not reported");
  ck_assert_int_eq(note->line, 54);
  parsed_free(&r);
}
END_TEST

/* The longest line read is 65,536 bytes (without its newline). */
START_TEST(line_length_limit) {
  const char *head = "5 point match\n Game 1\n A : 0      B : 0\n";
  size_t head_length = strlen(head), limit = 65536;
  char *text = malloc(head_length + 2 * (limit + 2) + 1);
  char *p = text + head_length;
  memcpy(text, head, head_length);
  for (int extra = 0; extra < 2; extra++) { /* a comment of limit + extra bytes */
    *p++ = ';';
    memset(p, 'x', limit - 1 + (size_t)extra);
    p += limit - 1 + (size_t)extra;
    *p++ = '\n';
  }
  *p = '\0';
  parsed r;
  parse(&r, text);
  free(text);
  ck_assert_int_eq(syntax_errors(&r), 1);
  ck_assert_int_eq(diag_at(&r, 0)->line, 5);
  parsed_free(&r);
}
END_TEST

/* A 1 MB line: one diagnostic, skipped, bounded memory; the rest is read. */
START_TEST(huge_line) {
  size_t huge = 1 << 20;
  const char *head = "5 point match\n Game 1\n A : 0      B : 0\n";
  const char *tail = "\n  2) 31: 8/5 6/5\n";
  char *text = malloc(strlen(head) + huge + strlen(tail) + 1);
  strcpy(text, head);
  memset(text + strlen(head), 'x', huge);
  strcpy(text + strlen(head) + huge, tail);
  parsed r;
  parse(&r, text);
  free(text);
  ck_assert_int_eq(syntax_errors(&r), 1);
  ck_assert_int_eq(diag_at(&r, 0)->line, 4);
  ck_assert_ptr_nonnull(strstr(diag_at(&r, 0)->message, "longer than"));
  assert_roll(action_at(&r, 0, 0, 0), 0, 3, 1, 5, 6);
  parsed_free(&r);
}
END_TEST

START_TEST(no_match_found) {
  static const char *const inputs[] = {
      "", "hello\nworld\n", "\n\n; [Site \"x\"]\n",
      "hello\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 6/5\n"};
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
    parsed r;
    parse(&r, inputs[i]);
    ck_assert_int_eq(r.match_count, 0);
    ck_assert_uint_eq(r.sink.pending_count, 1);
    const bg_diag *d = diag_at(&r, 0);
    ck_assert_int_eq(d->line, 1);
    ck_assert_int_eq(d->column, 1);
    ck_assert_str_eq(d->rule, "syntax");
    ck_assert_ptr_nonnull(strstr(d->message, "no match found"));
    ck_assert(!r.io_error);
    parsed_free(&r);
  }
}
END_TEST

/* A record that opens at " Game 1" with no "N point match" line (some
 * FIBS clients write none): one match of unknown length, no diagnostic
 * from the reader (the referee says the length is unknown). */
START_TEST(games_without_match_line) {
  parsed r;
  parse(&r, "\n; a comment\n Game 1\n A : 0                          B : 0\n"
            "  1) 31: 8/5 6/5                 42: 8/4 6/4\n");
  ck_assert_int_eq(r.match_count, 1);
  ck_assert_uint_eq(r.sink.pending_count, 0);
  ck_assert(r.matches[0]->length_unknown);
  ck_assert_int_eq(r.matches[0]->length, 0);
  ck_assert_int_eq(r.matches[0]->game_count, 1);
  ck_assert_int_eq(r.matches[0]->games[0].action_count, 2);
  ck_assert_int_eq(r.matches[0]->pos.line, 3);
  parsed_free(&r);
}
END_TEST

/* Binary bytes, NULs and invalid UTF-8: diagnostics, never a crash. */
START_TEST(binary_input) {
  static const char bytes[] = "\x00\x01\xFF\xFE 7 point match\n\x00\n"
                              "3 point match\n Game 1\n A : 0      B : 0\n"
                              "  1) 31: 8/5\x00 6/5 \xC3\x28\n\x7F\x80\x81\n";
  parsed r;
  parse_bytes(&r, bytes, sizeof bytes - 1);
  ck_assert_int_eq(r.match_count, 1);
  ck_assert_int_eq(r.matches[0]->length, 3);
  ck_assert_int_ge(syntax_errors(&r), 3);
  const bg_diag *stray = diag_at(&r, 0);
  ck_assert_int_eq(stray->line, 1); /* the first stray line, reported once */
  for (size_t i = 1; i < r.sink.pending_count; i++)
    ck_assert_int_gt(diag_at(&r, i)->line, 2);
  parsed_free(&r);

  char noise[4096];
  for (size_t i = 0; i < sizeof noise; i++)
    noise[i] = (char)((i * 7919u) % 251u);
  parse_bytes(&r, noise, sizeof noise);
  parsed_free(&r);
}
END_TEST

/* Text before the first match line: one diagnostic for its first line. */
START_TEST(stray_lines_before_match) {
  parsed r;
  parse(&r, "Exported by someone\nmore text\n\n7 point match\n");
  ck_assert_int_eq(r.match_count, 1);
  ck_assert_int_eq(syntax_errors(&r), 1);
  ck_assert_int_eq(diag_at(&r, 0)->line, 1);
  ck_assert_int_eq(diag_at(&r, 0)->column, 1);
  parsed_free(&r);
}
END_TEST

/* A record cut mid-game, without a final newline, is returned as it is. */
START_TEST(truncated_record) {
  parsed r;
  parse(&r, "7 point match\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5     42: 8/4");
  ck_assert_int_eq(syntax_errors(&r), 0);
  ck_assert_int_eq(r.match_count, 1);
  const bg_action *a = action_at(&r, 0, 0, 1);
  ck_assert_int_eq(a->move_count, 1);
  assert_move(a, 0, 8, 4, 1, false);
  parsed_free(&r);
}
END_TEST

/* ---- the real records ---------------------------------------------------------- */

static int count_game_lines(const char *path) {
  FILE *in = fopen(path, "rb");
  ck_assert_ptr_nonnull(in);
  char line[4096];
  int games = 0;
  while (fgets(line, sizeof line, in)) {
    const char *p = line + strspn(line, " \t");
    if (strncmp(p, "Game ", 5) == 0)
      games++;
  }
  fclose(in);
  return games;
}

static bool is_record(const char *name) {
  size_t n = strlen(name);
  return n > 4 &&
         (strcmp(name + n - 4, ".txt") == 0 || strcmp(name + n - 4, ".mat") == 0);
}

static int check_record(const char *path) {
  FILE *in = fopen(path, "rb");
  ck_assert_ptr_nonnull(in);
  bg_diag_sink sink;
  diag_sink_init(&sink, stdout, DIAG_TEXT);
  bg_mat_reader *reader = mat_reader_new(in, path, &sink);
  ck_assert_ptr_nonnull(reader);
  int games = 0, matches = 0;
  bg_match *match;
  while ((match = mat_reader_next(reader))) {
    games += match->game_count;
    matches++;
    match_free(match);
  }
  ck_assert(!mat_reader_io_error(reader));
  mat_reader_free(reader);
  fclose(in);
  if (sink.pending_count)
    diag_flush(&sink); /* show what went wrong before failing */
  ck_assert_msg(sink.errors == 0 && sink.notes == 0, "%s: %ld syntax diagnostics", path,
                sink.errors + sink.notes);
  ck_assert_msg(matches >= 1, "%s: no match", path);
  ck_assert_msg(games == count_game_lines(path), "%s: %d games read, %d Game lines", path,
                games, count_game_lines(path));
  diag_sink_free(&sink);
  return games;
}

START_TEST(corpus_reads_cleanly) {
  char corpus[1024];
  shared_path("corpus", corpus, sizeof corpus);
  DIR *top = opendir(corpus);
  if (!top) {
    printf("SKIP: corpus_reads_cleanly: no corpus at %s\n", corpus);
    return;
  }
  int files = 0, games = 0;
  struct dirent *entry;
  while ((entry = readdir(top))) {
    char folder[2048];
    struct stat info;
    snprintf(folder, sizeof folder, "%s/%s", corpus, entry->d_name);
    if (entry->d_name[0] == '.' || stat(folder, &info) != 0 || !S_ISDIR(info.st_mode))
      continue;
    DIR *dir = opendir(folder);
    ck_assert_ptr_nonnull(dir);
    struct dirent *file;
    while ((file = readdir(dir))) {
      if (!is_record(file->d_name))
        continue;
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", folder, file->d_name);
      games += check_record(path);
      files++;
    }
    closedir(dir);
  }
  closedir(top);
  ck_assert_int_gt(files, 0);
  printf("corpus: %d files, %d games, 0 syntax diagnostics\n", files, games);
}
END_TEST

static Suite *read_mat_suite(void) {
  Suite *suite = suite_create("read_mat");
  TCase *model = tcase_create("model");
  tcase_add_test(model, model_new_add_and_free);
  suite_add_tcase(suite, model);

  TCase *dialects = tcase_create("dialects");
  tcase_add_test(dialects, gnubg_record);
  tcase_add_test(dialects, bom_crlf_trailing_blanks);
  tcase_add_test(dialects, tabs_as_blanks);
  tcase_add_test(dialects, names_kept_as_bytes);
  tcase_add_test(dialects, rule_tags);
  tcase_add_test(dialects, free_comments_ignored);
  tcase_add_test(dialects, several_matches);
  tcase_add_test(dialects, concatenated_files);
  tcase_add_test(dialects, keywords_any_case);
  tcase_add_test(dialects, fibs_score_line_and_columns);
  tcase_add_test(dialects, fused_score_line);
  tcase_add_test(dialects, move_numbers_any_alignment);
  tcase_add_test(dialects, lone_cells_and_results);
  tcase_add_test(dialects, overflowing_cells);
  tcase_add_test(dialects, no_play_cannot_move_unknown);
  tcase_add_test(dialects, cube_actions);
  tcase_add_test(dialects, wins_forms);
  tcase_add_test(dialects, galaxy_resignation);
  tcase_add_test(dialects, resolved_up_to_the_first_ending);
  tcase_add_test(dialects, canonical_resignation);
  tcase_add_test(dialects, long_left_name);
  tcase_add_test(dialects, move_notations);
  tcase_add_test(dialects, move_chains);
  tcase_add_test(dialects, roll_glued_to_play);
  suite_add_tcase(suite, dialects);

  TCase *errors = tcase_create("errors");
  tcase_add_test(errors, fibs_raw_text_in_cell);
  tcase_add_test(errors, bad_points_and_too_many_moves);
  tcase_add_test(errors, number_inside_a_play);
  tcase_add_test(errors, roll_without_colon_at_the_right_column);
  tcase_add_test(errors, misplaced_tokens);
  tcase_add_test(errors, missing_game_and_score_lines);
  tcase_add_test(errors, syntax_errors_capped_per_match);
  tcase_add_test(errors, line_length_limit);
  tcase_add_test(errors, huge_line);
  tcase_add_test(errors, no_match_found);
  tcase_add_test(errors, games_without_match_line);
  tcase_add_test(errors, binary_input);
  tcase_add_test(errors, stray_lines_before_match);
  tcase_add_test(errors, truncated_record);
  suite_add_tcase(suite, errors);

  TCase *corpus = tcase_create("corpus");
  tcase_set_timeout(corpus, 60);
  tcase_add_test(corpus, corpus_reads_cleanly);
  suite_add_tcase(suite, corpus);
  return suite;
}

int main(void) {
  return run_suite(read_mat_suite());
}
