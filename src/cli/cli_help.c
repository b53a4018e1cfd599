/*
 * cli_help.c — what bgmatch says to the user (cli.h): messages and usage
 * errors, and the help that teaches: `bgmatch --help` and `bgmatch help`
 * give the commands, `bgmatch help COMMAND` and `bgmatch COMMAND -h` that
 * command's own options and an example of it; a mistyped command or
 * option is answered with the nearest one.  It calls no other file of the
 * command line: they all call it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char overview_text[] =
    "Usage: bgmatch COMMAND [OPTION...] [FILE|DIR...]\n"
    "       bgmatch help [COMMAND] | COMMAND -h | --version\n"
    "Checks backgammon match records against the rules of the game,\n"
    "converts them from one notation to another and shows their positions.\n"
    "\n"
    "Commands:\n"
    "  check      validate records: one line a problem, with its line and column\n"
    "  convert    write records in another notation (mat, yaml, json, sgf)\n"
    "  annotate   the record's lines with each problem under its line\n"
    "  show       the position before one play: a board, the legal plays, IDs\n"
    "  stats      counts per file and in total: games, plays, cube, problems\n"
    "  results    one row a match: players, length, score, winner, verdict,\n"
    "             the same match handed in twice\n"
    "  help       this help, or a command's: bgmatch help check\n"
    "\n"
    "Example:\n"
    "  bgmatch check logs/           check every record under logs/\n"
    "\n"
    "With no FILE, or when FILE is -, standard input is read.  A directory is\n"
    "walked: every .mat .txt .yaml .yml .sgf .xg file under it is read, also\n"
    "gzip-compressed (.gz).  The notation is recognised from the content.\n"
    "Exit status: 0 all records valid, 1 a record breaks a rule,\n"
    "2 the tool could not do its job (bad usage, unreadable file, write error).\n"
    "See bgmatch(1) for more.\n";

static const char from_text[] =
    "  --from=auto|mat|yaml|json|sgf|xg\n"
    "                        the notation of the input: recognised from its\n"
    "                        content (auto, the default) or the one named\n";

static const char rules_text[] =
    "  --jacoby, --no-jacoby        gammons count only once the cube is turned\n"
    "  --crawford, --no-crawford    no double in the Crawford game of a match\n"
    "  --beavers, --no-beavers      beavers allowed in money play\n"
    "                        (these override the record's own header tags)\n"
    "  -h, --help            show this help and exit\n";

static const char walk_text[] =
    "With no FILE, or when FILE is -, standard input is read.  A directory is\n"
    "walked: every .mat .txt .yaml .yml .sgf .xg file under it (also .gz) is\n"
    "read; a .txt in it that holds no match (notes) is skipped.\n";

static const char check_text[] =
    "Usage: bgmatch check [OPTION...] [FILE|DIR...]\n"
    "Validates records: one line a problem (FILE:LINE:COL: severity: message\n"
    "[rule]), and a summary line on standard error.\n"
    "\n"
    "Options:\n"
    "  --format=text|json    diagnostics as FILE:LINE:COL: lines (the default)\n"
    "                        or as one JSON object a line\n"
    "  --strict              warnings count as errors for the exit status\n"
    "  -l, --files-with-errors      print only the names of files with errors\n"
    "  -L, --files-without-errors   print only the names of files without\n"
    "  -0, --null            end each name -l or -L prints with a NUL byte\n"
    "                        (for xargs -0), not a line break\n"
    "  -q, --quiet           print nothing: the exit status says it\n"
    "  -j, --jobs=N          check N files at once (0: one a processor); the\n"
    "                        output is the same, in the order of the files\n"
    "  -v, --verbose         name each file a directory walk skips\n";

static const char check_example[] =
    "  bgmatch check -l logs/        the records under logs/ with errors\n";

static const char convert_text[] =
    "Usage: bgmatch convert --to=FORMAT [-o OUT | -d DIR] [OPTION...] [FILE...]\n"
    "Writes records in another notation; diagnostics on standard error.\n"
    "\n"
    "Options:\n"
    "  --to=mat|yaml|json|sgf\n"
    "                        the notation to write: mat (the canonical .mat\n"
    "                        layout, which GNU Backgammon imports), yaml\n"
    "                        (bgmatch's notation, bgmatch(5)), json (the\n"
    "                        same, one object a match a line) or sgf (GNU\n"
    "                        Backgammon's saved matches)\n"
    "  -o, --output=OUT      write OUT, atomically, instead of standard output;\n"
    "                        never one of the inputs\n"
    "  -d, --directory=DIR   write one file in DIR for each FILE, atomically:\n"
    "                        its name without .gz and its extension, then the\n"
    "                        notation's (s002.txt.gz gives s002.yaml)\n"
    "  --strict              write no match that has an error or a warning\n"
    "  -j, --jobs=N          convert N files at once (0: one a processor); the\n"
    "                        outputs are the same, written in the order of the\n"
    "                        files\n"
    "  -v, --verbose         name each file a directory walk skips\n";

static const char convert_example[] =
    "  bgmatch convert --to yaml -o game.yaml game.mat\n";

static const char annotate_text[] =
    "Usage: bgmatch annotate [--board] [--ids] [-C N] [--problems]\n"
    "                        [--format=text|html] [-o OUT] [OPTION...] [FILE|DIR...]\n"
    "The record's lines, numbered, each problem under its line with a caret,\n"
    "the legal plays and the position before the action.\n"
    "\n"
    "Options:\n"
    "  --board               the text board of the position before each problem\n"
    "  --ids                 its Position ID and Match ID\n"
    "  -C, --context=N       only the lines within N of each problem\n"
    "  --problems            only the files with an error or a warning\n"
    "  --format=text|html    a text listing (the default), one file's after\n"
    "                        another under its name, or one HTML page with an\n"
    "                        SVG board under each problem (several files: a\n"
    "                        table of them on top, linked to their sections)\n"
    "  -o, --output=OUT      write OUT, atomically, instead of standard output\n"
    "  -j, --jobs=N          list N files at once (0: one a processor); the\n"
    "                        output is the same, in the order of the files\n"
    "  -v, --verbose         name each file a directory walk skips\n";

static const char annotate_example[] = "  bgmatch annotate -C 2 --problems logs/\n";

static const char show_text[] =
    "Usage: bgmatch show FILE (--game=G --play=N | --line=L [--col=C])\n"
    "                    [--format=text|json] [OPTION...]\n"
    "The position before one play: a text board, the dice, the legal plays,\n"
    "the Position ID, Match ID and XGID.\n"
    "\n"
    "Options:\n"
    "  --game=G              the game, from 1\n"
    "  --play=N              the play, from 1 in the game across both players:\n"
    "                        one a turn with dice (cube actions are none)\n"
    "  --line=L, --col=C     instead: the play a diagnostic at L:C names\n"
    "  --match=M             the match of a file that holds several (default 1)\n"
    "  --format=text|json    a text board (the default) or one JSON object\n";

static const char show_example[] = "  bgmatch show round3.mat --line 42 --col 7\n";

static const char stats_text[] =
    "Usage: bgmatch stats [--format=text|json] [OPTION...] [FILE|DIR...]\n"
    "Counts per file and in total: matches, games, plays, cube actions,\n"
    "gammons, resignations, Crawford games, pips per game, problems by rule.\n"
    "\n"
    "Options:\n"
    "  --format=text|json    a few lines a file (the default) or one JSON\n"
    "                        object a file and one for the total\n"
    "  -j, --jobs=N          count N files at once (0: one a processor); the\n"
    "                        output is the same, in the order of the files\n"
    "  -v, --verbose         name each file a directory walk skips\n";

static const char stats_example[] = "  bgmatch stats --format json logs/\n";

static const char results_text[] =
    "Usage: bgmatch results [--format=text|json|tsv] [OPTION...] [FILE|DIR...]\n"
    "One row a match: file, match, date, event, players, length, final score\n"
    "(capped at the length), winner, games, verdict (clean, warnings, errors,\n"
    "unreadable), and the earlier row of the same match when it was handed in\n"
    "twice (the same plays, cube actions and results, in any notation).\n"
    "The exit status is check's.\n"
    "\n"
    "Options:\n"
    "  --format=text|json|tsv\n"
    "                        an aligned table (the default), one JSON object a\n"
    "                        match, or tab-separated values for a spreadsheet\n"
    "  --strict              warnings count as errors for the exit status\n"
    "  -j, --jobs=N          read N files at once (0: one a processor); the\n"
    "                        output is the same, in the order of the files\n"
    "  -v, --verbose         name each file a directory walk skips\n";

static const char results_example[] =
    "  bgmatch results logs/         who won each match under logs/\n";

static const char help_text[] =
    "Usage: bgmatch help [COMMAND]\n"
    "The commands, or the options of COMMAND and an example of it.\n";

static const char help_example[] = "  bgmatch help results\n";

/* A command: its name, its own text, whether it takes --from and the rule
 * options, whether it walks directories, and its example. */
typedef struct {
  const char *name;
  const char *text;
  bool reads_records;
  bool walks;
  const char *example;
} command_help;

static const command_help commands[] = {
    {"check", check_text, true, true, check_example},
    {"convert", convert_text, true, true, convert_example},
    {"annotate", annotate_text, true, true, annotate_example},
    {"show", show_text, true, false, show_example},
    {"stats", stats_text, true, true, stats_example},
    {"results", results_text, true, true, results_example},
    {"help", help_text, false, false, help_example},
};

#define COMMAND_COUNT (sizeof commands / sizeof *commands)

static void say_to(FILE *err, const char *fmt, va_list args) {
  if (err == stderr)
    fflush(stdout);
  fputs("bgmatch: ", err);
  vfprintf(err, fmt, args);
  fputc('\n', err);
}

void cli_say(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  say_to(stderr, fmt, args);
  va_end(args);
}

void cli_say_to(FILE *err, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  say_to(err, fmt, args);
  va_end(args);
}

int cli_usage_error(const char *what, const char *word) {
  cli_say("%s '%s' (try 'bgmatch --help')", what, word);
  return EXIT_TROUBLE;
}

int cli_print_help(void) {
  fputs(overview_text, stdout);
  return EXIT_VALID;
}

static const command_help *find_command(const char *name) {
  for (size_t i = 0; i < COMMAND_COUNT; i++)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

int cli_print_command_help(const char *name) {
  const command_help *command = find_command(name);
  if (!command)
    return cli_print_help();
  fputs(command->text, stdout);
  if (command->reads_records) {
    fputs(from_text, stdout);
    fputs(rules_text, stdout);
  }
  fputs("\nExample:\n", stdout);
  fputs(command->example, stdout);
  if (command->walks) {
    fputs("\n", stdout);
    fputs(walk_text, stdout);
  }
  return EXIT_VALID;
}

int cli_help(int argc, char **argv) {
  if (argc < 2)
    return cli_print_help();
  if (argc > 2)
    return cli_usage_error("help takes one command, not", argv[2]);
  if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
    return cli_print_command_help("help");
  if (!find_command(argv[1]))
    return cli_usage_error_near("unknown command", argv[1], cli_command_names());
  return cli_print_command_help(argv[1]);
}

const char *const *cli_command_names(void) {
  static const char *names[COMMAND_COUNT + 1];
  for (size_t i = 0; i < COMMAND_COUNT; i++)
    names[i] = commands[i].name;
  return names;
}

/* ---- the nearest word ----------------------------------------------------- */

#define NEAR_MAX 64 /* longer words are never near anything */

static size_t smallest(size_t a, size_t b, size_t c) {
  size_t m = a < b ? a : b;
  return m < c ? m : c;
}

/* The edit distance from `a` to `b`: letters inserted, deleted, replaced
 * or two neighbours swapped ("chekc" is one from "check"). */
static size_t edit_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n >= NEAR_MAX || m >= NEAR_MAX)
    return NEAR_MAX;
  size_t d[NEAR_MAX + 1][NEAR_MAX + 1];
  for (size_t i = 0; i <= n; i++)
    d[i][0] = i;
  for (size_t j = 0; j <= m; j++)
    d[0][j] = j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      size_t cost = a[i - 1] != b[j - 1];
      d[i][j] = smallest(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          d[i - 2][j - 2] + 1 < d[i][j])
        d[i][j] = d[i - 2][j - 2] + 1;
    }
  return d[n][m];
}

const char *cli_nearest(const char *word, const char *const *candidates) {
  const char *best = NULL;
  size_t best_distance = NEAR_MAX;
  size_t length = strlen(word);
  /* near: at most a third of the word changed, and never all of it */
  size_t allowed = length < 6 ? 2 : length / 3;
  for (size_t i = 0; candidates[i]; i++) {
    size_t distance = edit_distance(word, candidates[i]);
    if (distance < best_distance && distance <= allowed && distance < length) {
      best = candidates[i];
      best_distance = distance;
    }
  }
  return best;
}

int cli_usage_error_near(const char *what, const char *word,
                         const char *const *candidates) {
  const char *near = cli_nearest(word, candidates);
  if (!near)
    return cli_usage_error(what, word);
  cli_say("%s '%s' (did you mean '%s'?)", what, word, near);
  return EXIT_TROUBLE;
}
