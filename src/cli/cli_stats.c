/*
 * cli_stats.c — `bgmatch stats [--format text|json] [FILE|DIR...]`: reads
 * each file as check does (a directory walked as check walks it, cli.h)
 * and prints what it holds (stats.h), file by file and then in total.  The diagnostics
 * themselves are not printed, only counted by rule: check prints them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cli.h"
#include "diag.h"
#include "json_out.h"
#include "match.h"
#include "reader.h"
#include "replay.h"
#include "stats.h"

typedef struct {
  bool json;
  bool verbose; /* -v: the files a walk skips are named */
  int jobs;     /* files counted at once */
  bg_notation from;
  bg_replay_options referee;
} stats_options;

static const struct option stats_long_options[] = {
    {"format", required_argument, NULL, OPT_FORMAT},
    {"from", required_argument, NULL, OPT_FROM},
    {"verbose", no_argument, NULL, 'v'},
    {"jobs", required_argument, NULL, 'j'},
    CLI_RULE_OPTIONS,
    {NULL, 0, NULL, 0},
};

static int apply_stats_option(int opt, const char *arg, const char *word, void *data) {
  stats_options *options = data;
  switch (opt) {
  case OPT_FORMAT:
    return cli_apply_format(arg, &options->json);
  case OPT_FROM:
    return cli_apply_from(arg, &options->from);
  case 'v':
    options->verbose = true;
    return -1;
  case 'j':
    return cli_apply_jobs(arg, &options->jobs);
  default:
    return cli_apply_common_option(opt, word, &options->referee);
  }
}

/* The counts by rule, "illegal-move 2, score 1", of errors or warnings. */
static void print_rules(FILE *out, const bg_stats *s, bool errors) {
  const char *separator = "";
  for (int i = 0; i < s->rule_count; i++) {
    long n = errors ? s->rules[i].errors : s->rules[i].warnings;
    if (n > 0) {
      fprintf(out, "%s%s %ld", separator, s->rules[i].rule, n);
      separator = ", ";
    }
  }
}

static void print_text(FILE *out, const char *title, const bg_stats *s) {
  fprintf(out, "%s\n", title);
  fprintf(out, "  %ld %s, %ld %s, %ld %s\n", s->matches,
          cli_plural(s->matches, "match", "matches"), s->games,
          cli_plural(s->games, "game", "games"), s->plays,
          cli_plural(s->plays, "play", "plays"));
  fprintf(out, "  cube: %ld %s, %ld %s, %ld %s, %ld %s\n", s->doubles,
          cli_plural(s->doubles, "double", "doubles"), s->takes,
          cli_plural(s->takes, "take", "takes"), s->drops,
          cli_plural(s->drops, "drop", "drops"), s->beavers,
          cli_plural(s->beavers, "beaver", "beavers"));
  fprintf(out, "  won by: %ld %s, %ld %s, %ld %s\n", s->gammons,
          cli_plural(s->gammons, "gammon", "gammons"), s->backgammons,
          cli_plural(s->backgammons, "backgammon", "backgammons"), s->resignations,
          cli_plural(s->resignations, "resignation", "resignations"));
  fprintf(out, "  %ld Crawford %s\n", s->crawford_games,
          cli_plural(s->crawford_games, "game", "games"));
  if (s->pip_games > 0)
    fprintf(out, "  %.1f pips moved per game\n", stats_pips_per_game(s));
  else
    fprintf(out, "  pips moved per game: no game could be followed\n");
  fprintf(out, "  %ld %s", s->errors, cli_plural(s->errors, "error", "errors"));
  if (s->errors > 0) {
    fprintf(out, " (");
    print_rules(out, s, true);
    fprintf(out, ")");
  }
  fprintf(out, ", %ld %s", s->warnings, cli_plural(s->warnings, "warning", "warnings"));
  if (s->warnings > 0) {
    fprintf(out, " (");
    print_rules(out, s, false);
    fprintf(out, ")");
  }
  fprintf(out, "\n");
}

/* A file name as every JSON output names files (json_out.h). */
static void print_json_name(FILE *out, const char *name) {
  json_t *file = json_out_file(name);
  json_dumpf(file, out, JSON_COMPACT);
  json_decref(file);
}

static void print_json_rules(FILE *out, const bg_stats *s) {
  fprintf(out, "\"rules\":{");
  for (int i = 0; i < s->rule_count; i++)
    fprintf(out, "%s\"%s\":{\"errors\":%ld,\"warnings\":%ld}", i ? "," : "",
            s->rules[i].rule, s->rules[i].errors, s->rules[i].warnings);
  fprintf(out, "}");
}

static void print_json(FILE *out, const char *file, long files, long unreadable,
                       const bg_stats *s) {
  fprintf(out, "{");
  if (file) {
    fprintf(out, "\"file\":");
    print_json_name(out, file);
  } else {
    fprintf(out, "\"total\":true,\"files\":%ld,\"unreadable\":%ld", files, unreadable);
  }
  fprintf(out,
          ",\"matches\":%ld,\"games\":%ld,\"plays\":%ld,\"doubles\":%ld,\"takes\":%ld,"
          "\"drops\":%ld,\"beavers\":%ld,\"gammons\":%ld,\"backgammons\":%ld,"
          "\"resignations\":%ld,\"crawford_games\":%ld,\"pips_per_game\":",
          s->matches, s->games, s->plays, s->doubles, s->takes, s->drops, s->beavers,
          s->gammons, s->backgammons, s->resignations, s->crawford_games);
  if (s->pip_games > 0)
    fprintf(out, "%.1f", stats_pips_per_game(s));
  else
    fprintf(out, "null");
  fprintf(out, ",\"errors\":%ld,\"warnings\":%ld,", s->errors, s->warnings);
  print_json_rules(out, s);
  fprintf(out, "}\n");
}

/* A file that could not be read whole: its name and why, in place of
 * its counts, which would vouch for what was not read. */
static void print_unreadable(FILE *out, const char *name, const char *reason, bool json) {
  if (!json) {
    fprintf(out, "%s\n  unreadable: %s\n", name, reason);
    return;
  }
  fprintf(out, "{\"file\":");
  print_json_name(out, name);
  json_t *why = json_string(reason);
  fprintf(out, ",\"unreadable\":");
  json_dumpf(why, out, JSON_COMPACT | JSON_ENCODE_ANY);
  json_decref(why);
  fprintf(out, "}\n");
}

/* What counting one file gave. */
typedef enum { FILE_COUNTED, FILE_SKIPPED, FILE_TROUBLE, FILE_UNREADABLE } file_verdict;

/* One match counted. */
typedef struct {
  bg_stats *stats;
  const stats_options *options;
  bg_diag_sink *sink;
} stats_walk;

static bool count_one(bg_match *match, void *data) {
  stats_walk *walk = data;
  stats_add_match(walk->stats, match, &walk->options->referee, walk->sink);
  stats_take_diagnostics(walk->stats, walk->sink);
  match_free(match);
  return true;
}

/* Counts one opened input into `stats`: FILE_TROUBLE when no reader
 * could take it (said), FILE_UNREADABLE when it could not be read whole
 * (said; *why holds why, to be freed), FILE_SKIPPED when a walk skips it
 * for holding no match (cli.h). */
static file_verdict stats_opened(FILE *in, const char *name, const cli_file *file,
                                 const stats_options *options, bg_stats *stats,
                                 char **why, FILE *err) {
  bg_diag_sink sink;
  diag_sink_init(&sink, stderr, DIAG_TEXT);
  const char *reason;
  bg_reader *reader = reader_open(in, name, &sink, options->from, &reason);
  file_verdict verdict = FILE_COUNTED;
  if (!reader) {
    fprintf(err, "bgmatch: %s: %s\n", name, reason);
    verdict = FILE_TROUBLE;
  } else {
    long matches = 0;
    stats_walk walk = {.stats = stats, .options = options, .sink = &sink};
    const char *trouble = cli_each_match(reader, &sink, count_one, &walk, &matches);
    if (cli_skips_unmatched(file, &sink, matches)) {
      diag_discard(&sink);
      verdict = FILE_SKIPPED;
      if (options->verbose)
        cli_say_skipped_file(err, name, "a .txt with no match");
    } else if (!trouble) {
      trouble = cli_unreadable_unmatched(reader, file, &sink, matches);
    }
    stats_take_diagnostics(stats, &sink);
    if (trouble) {
      fprintf(err, "bgmatch: %s: %s\n", name, trouble);
      *why = bg_strdup(trouble);
      verdict = FILE_UNREADABLE;
    }
    reader_free(reader);
  }
  diag_sink_free(&sink);
  return verdict;
}

/* Over all files: the total, and what the exit status and the skipped
 * line need. */
typedef struct {
  bg_stats stats;
  long files, unreadable, skipped;
  bool trouble;
} stats_totals;

/* What one file gave: its counts, and whether it was counted. */
typedef struct {
  bg_stats stats;
  file_verdict verdict;
} stats_outcome;

/* One file counted and printed to `out` (`err` for trouble). */
static void stats_file(const cli_file *file, const stats_options *options, FILE *out,
                       FILE *err, stats_outcome *outcome) {
  stats_init(&outcome->stats);
  bool is_stdin = strcmp(file->path, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : file->path;
  FILE *in = is_stdin ? stdin : cli_open_input(file->path);
  if (!in) {
    fprintf(err, "bgmatch: %s: %s\n", file->path, strerror(errno));
    outcome->verdict = FILE_TROUBLE;
    return;
  }
  char *why = NULL;
  outcome->verdict = stats_opened(in, name, file, options, &outcome->stats, &why, err);
  if (!is_stdin)
    fclose(in);
  if (outcome->verdict == FILE_UNREADABLE) {
    print_unreadable(out, name, why, options->json);
    free(why);
  } else if (outcome->verdict == FILE_COUNTED && options->json) {
    print_json(out, name, 0, 0, &outcome->stats);
  } else if (outcome->verdict == FILE_COUNTED) {
    print_text(out, name, &outcome->stats);
  }
}

/* Adds one file's outcome to the totals. */
static void add_outcome(const stats_outcome *outcome, stats_totals *totals) {
  totals->skipped += outcome->verdict == FILE_SKIPPED;
  totals->trouble = totals->trouble || outcome->verdict == FILE_TROUBLE ||
                    outcome->verdict == FILE_UNREADABLE;
  totals->unreadable += outcome->verdict == FILE_UNREADABLE;
  if (outcome->verdict == FILE_UNREADABLE)
    totals->files++;
  if (outcome->verdict != FILE_COUNTED)
    return;
  stats_merge(&totals->stats, &outcome->stats);
  totals->files++;
}

/* -j N: the files counted in threads (cli_jobs.c), printed in order. */
typedef struct {
  const cli_file_list *list;
  const stats_options *options;
  stats_totals *totals;
  stats_outcome *outcomes;
} stats_jobs;

static void stats_job(size_t index, FILE *out, FILE *err, void *data) {
  stats_jobs *jobs = data;
  stats_file(&jobs->list->files[index], jobs->options, out, err, &jobs->outcomes[index]);
}

static void stats_job_done(size_t index, void *data) {
  stats_jobs *jobs = data;
  add_outcome(&jobs->outcomes[index], jobs->totals);
}

static void stats_all(const cli_file_list *list, const stats_options *options,
                      stats_totals *totals) {
  if (options->jobs > 1) {
    stats_jobs jobs = {list, options, totals,
                       bg_calloc(list->count ? list->count : 1, sizeof(stats_outcome))};
    cli_jobs_run(list->count, options->jobs, stats_job, stats_job_done, &jobs, NULL);
    free(jobs.outcomes);
    return;
  }
  for (size_t i = 0; i < list->count; i++) {
    stats_outcome outcome;
    stats_file(&list->files[i], options, stdout, stderr, &outcome);
    add_outcome(&outcome, totals);
  }
}

static void print_total(const stats_totals *totals, bool json) {
  if (json) {
    print_json(stdout, NULL, totals->files, totals->unreadable, &totals->stats);
    return;
  }
  char title[96];
  if (totals->unreadable > 0)
    snprintf(title, sizeof title, "total (%ld %s, %ld unreadable)", totals->files,
             cli_plural(totals->files, "file", "files"), totals->unreadable);
  else
    snprintf(title, sizeof title, "total (%ld %s)", totals->files,
             cli_plural(totals->files, "file", "files"));
  print_text(stdout, title, &totals->stats);
}

int cli_stats(int argc, char **argv) {
  stats_options options = {.from = BG_NOTATION_AUTO, .jobs = 1};
  bg_replay_options_init(&options.referee);
  int first_file = 0;
  int status = cli_parse_options(argc, argv, ":vj:", stats_long_options,
                                 apply_stats_option, &options, &first_file);
  if (status >= 0)
    return status;
  int count = 0;
  char **files = cli_operands(argc, argv, first_file, &count);
  if (!files)
    return EXIT_TROUBLE;
  cli_file_list list = {.verbose = options.verbose};
  cli_list_files(files, count, &list);
  stats_totals totals = {.skipped = list.skipped, .trouble = list.trouble};
  stats_init(&totals.stats);
  stats_all(&list, &options, &totals);
  cli_file_list_free(&list);
  print_total(&totals, options.json);
  cli_say_skipped(totals.skipped);
  if (!cli_stdout_written())
    return EXIT_TROUBLE;
  if (totals.trouble)
    return EXIT_TROUBLE;
  return totals.stats.errors > 0 ? EXIT_BROKEN : EXIT_VALID;
}
