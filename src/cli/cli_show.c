/*
 * cli_show.c — `bgmatch show FILE --game G --play N`, or `--line L [--col
 * C]`: reads the record (any notation the readers know), finds the play
 * (by game and play, or as the play a diagnostic at that line and column
 * names: match.h) and prints the position before it (show.h).  The record's diagnostics
 * are not printed: that is check's job; a record with errors before the play gets one
 * line on standard error, since its position is the one check goes on from.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "diag.h"
#include "match.h"
#include "reader.h"
#include "replay.h"
#include "show.h"

enum { OPT_GAME = 512, OPT_PLAY, OPT_MATCH, OPT_LINE, OPT_COL };

typedef struct {
  bool json;
  bg_notation from;
  int game, play, match; /* 0 when not given (match: the first) */
  int line, col;         /* --line, --col: 0 when not given */
  bg_replay_options referee;
} show_options;

static const struct option show_long_options[] = {
    {"game", required_argument, NULL, OPT_GAME},
    {"play", required_argument, NULL, OPT_PLAY},
    {"match", required_argument, NULL, OPT_MATCH},
    {"line", required_argument, NULL, OPT_LINE},
    {"col", required_argument, NULL, OPT_COL},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"from", required_argument, NULL, OPT_FROM},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

/* A count from 1: "3", not "0", "-1", "3x" or one past INT_MAX. */
static bool parse_count(const char *text, int *value) {
  char *end;
  errno = 0;
  long n = strtol(text, &end, 10);
  if (end == text || *end != '\0' || errno || n < 1 || n > 1000000000L)
    return false;
  *value = (int)n;
  return true;
}

static int apply_show_option(int opt, const char *arg, const char *word, void *data) {
  show_options *options = data;
  switch (opt) {
  case OPT_GAME:
  case OPT_PLAY:
  case OPT_MATCH:
  case OPT_LINE:
  case OPT_COL: {
    int *target = opt == OPT_GAME   ? &options->game
                  : opt == OPT_PLAY ? &options->play
                  : opt == OPT_LINE ? &options->line
                  : opt == OPT_COL  ? &options->col
                                    : &options->match;
    return parse_count(arg, target)
               ? -1
               : cli_usage_error("expected a number from 1, not", arg);
  }
  case OPT_FORMAT:
    return cli_apply_format(arg, &options->json);
  case OPT_FROM:
    return cli_apply_from(arg, &options->from);
  default:
    return cli_apply_common_option(opt, word, &options->referee);
  }
}

/* The match `number` (from 1) of the input, NULL when there are fewer. */
static bg_match *nth_match(bg_reader *reader, int number) {
  bg_match *match = NULL;
  for (int i = 1; i <= number; i++) {
    match_free(match);
    match = reader_next(reader);
    if (!match)
      return NULL;
  }
  return match;
}

/* The match of the input line options->line stands in (of match
 * options->match alone when given), with the game and play it names set
 * in *options; NULL when no match writes an action on that line. */
static bg_match *match_of_line(bg_reader *reader, show_options *options) {
  if (options->match) {
    bg_match *match = nth_match(reader, options->match);
    if (match && match_play_on_line(match, options->line, options->col, &options->game,
                                    &options->play))
      return match;
    match_free(match);
    return NULL;
  }
  bg_match *match;
  while ((match = reader_next(reader)) != NULL) {
    if (match_play_on_line(match, options->line, options->col, &options->game,
                           &options->play))
      return match;
    match_free(match);
  }
  return NULL;
}

/* Says why the play is not shown, one line; returns the exit status. */
static int not_shown(const char *name, show_status status, const show_options *options,
                     const bg_match *match) {
  switch (status) {
  case SHOW_NO_GAME:
    cli_say("%s: no game %d (the match has %d)", name, options->game, match->game_count);
    break;
  case SHOW_NO_PLAY:
    cli_say("%s: game %d has no play %d (it has %d)", name, options->game, options->play,
            match_game_play_count(&match->games[options->game - 1]));
    break;
  default:
    cli_say("%s: game %d, play %d: the position before it is not known (a play before "
            "it was not recorded or cannot be followed; see bgmatch check)",
            name, options->game, options->play);
    break;
  }
  return EXIT_TROUBLE;
}

static int show_match(bg_match *match, const char *name, const show_options *options,
                      bg_diag_sink *sink) {
  long errors = 0;
  show_status status = show_play(stdout, options->json, match, &options->referee, sink,
                                 options->game, options->play, &errors);
  if (status != SHOW_FOUND)
    return not_shown(name, status, options, match);
  if (errors > 0)
    cli_say("%s: the record has %ld error%s up to this play (see bgmatch check); the "
            "position is the one check goes on from",
            name, errors, errors == 1 ? "" : "s");
  return EXIT_VALID;
}

/* Says why line options->line names no play; returns the exit status. */
static int no_play_on_line(const char *name, const show_options *options) {
  if (options->game)
    cli_say("%s: line %d: no play of its game follows what is written there", name,
            options->line);
  else
    cli_say("%s: line %d holds no action of a game", name, options->line);
  return EXIT_TROUBLE;
}

/* The match the options name, NULL (said) when there is none. */
static bg_match *find_match(bg_reader *reader, const char *name, show_options *options) {
  bg_match *match = options->line
                        ? match_of_line(reader, options)
                        : nth_match(reader, options->match ? options->match : 1);
  if (reader_io_error(reader)) {
    cli_say("%s: %s", name, reader_error_reason(reader));
    match_free(match);
    return NULL;
  }
  if (!match && !options->line)
    cli_say("%s: no match %d in the record", name, options->match ? options->match : 1);
  return match;
}

static int show_opened(FILE *in, const char *name, show_options *options) {
  bg_diag_sink sink; /* held, never printed: see the top of this file */
  diag_sink_init(&sink, stderr, DIAG_TEXT);
  const char *reason;
  int status = EXIT_TROUBLE;
  bg_reader *reader = reader_open(in, name, &sink, options->from, &reason);
  if (!reader) {
    cli_say("%s: %s", name, reason);
  } else {
    bg_match *match = find_match(reader, name, options);
    if (match && options->line && !options->play)
      status = no_play_on_line(name, options);
    else if (match)
      status = show_match(match, name, options, &sink);
    else if (options->line && !reader_io_error(reader))
      status = no_play_on_line(name, options);
    match_free(match);
    reader_free(reader);
  }
  diag_sink_free(&sink);
  return status;
}

int cli_show(int argc, char **argv) {
  show_options options = {.from = BG_NOTATION_AUTO};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":", show_long_options, apply_show_option,
                                 &options, &first_file);
  if (status >= 0)
    return status;
  bool by_line = options.line && !options.game && !options.play;
  bool by_play = !options.line && !options.col && options.game && options.play;
  if (first_file != argc - 1 || (!by_line && !by_play)) {
    cli_say("show needs one FILE, and --game G and --play N, or --line L [--col C] (try "
            "'bgmatch --help')");
    return EXIT_TROUBLE;
  }
  const char *path = argv[first_file];
  bool is_stdin = strcmp(path, "-") == 0;
  FILE *in = is_stdin ? stdin : cli_open_input(path);
  if (!in) {
    cli_say("%s: %s", path, strerror(errno));
    return EXIT_TROUBLE;
  }
  status = show_opened(in, is_stdin ? "<stdin>" : path, &options);
  if (!is_stdin)
    fclose(in);
  if (!cli_stdout_written())
    return EXIT_TROUBLE;
  return status;
}
