/*
 * cli_walk.c — the files a command's operands stand for (cli.h): each
 * operand itself, or, for a directory, every record file under it, as
 * grep -r walks.  Names are visited in byte order, each directory's
 * entries sorted, so that output is the same on every machine and every
 * run.  The list is made before any file is read, so that a command knows
 * how many files there are (the progress line, -j's threads, annotate's
 * headers) before it starts.
 *
 * A walk takes files by name; a .txt may be anything (notes, a README),
 * so one found in a directory that holds no match is skipped and counted
 * with the files that are no record, not reported as a broken record.
 *
 * Also the progress line over those files (cli.h).  Deciding whether to
 * draw it and what it says are functions of their own, apart from the
 * terminal, so that tests can check them without one.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "cli.h"
#include "rules.h"

/* The extensions of record files; each may also end in .gz. */
static const char *const record_extensions[] = {".mat", ".txt", ".yaml",
                                                ".yml", ".sgf", ".xg"};

static bool ends_with(const char *name, size_t length, const char *suffix) {
  size_t n = strlen(suffix);
  return length >= n && strncasecmp(name + length - n, suffix, n) == 0;
}

/* The length of `name` without a final .gz. */
static size_t length_without_gz(const char *name) {
  size_t length = strlen(name);
  return ends_with(name, length, ".gz") ? length - 3 : length;
}

/* The length of the record extension `name` ends in (within `length`),
 * 0 when none. */
static size_t record_extension_length(const char *name, size_t length) {
  for (size_t i = 0; i < sizeof record_extensions / sizeof *record_extensions; i++)
    if (ends_with(name, length, record_extensions[i]))
      return strlen(record_extensions[i]);
  return 0;
}

bool cli_is_record_name(const char *name) {
  return record_extension_length(name, length_without_gz(name)) > 0;
}

bool cli_is_text_name(const char *name) {
  return ends_with(name, length_without_gz(name), ".txt");
}

size_t cli_record_stem(const char *name) {
  size_t length = length_without_gz(name);
  size_t extension = record_extension_length(name, length);
  if (extension == 0) { /* one the walk does not know (.xg, .json): the last */
    size_t dot = length;
    while (dot > 0 && name[dot - 1] != '.')
      dot--;
    extension = dot > 1 ? length - (dot - 1) : 0; /* not a leading dot */
  }
  /* a name that is all extension (".mat") is kept whole */
  return length > extension ? length - extension : strlen(name);
}

const bg_diag *cli_no_match_found(const bg_diag_sink *sink, long matches) {
  if (matches > 0)
    return NULL;
  /* The readers' one word for an input in which nothing looked like a
   * match (read_mat.h); a mistyped match line is said otherwise, and is
   * a record with a mistake, not notes. */
  static const char nothing_found[] = "no match found";
  for (size_t i = 0; i < diag_sink_held_count(sink); i++)
    if (strcmp(diag_sink_held(sink)[i].rule, RULE_SLUG(SYNTAX)) == 0 &&
        strncmp(diag_sink_held(sink)[i].message, nothing_found,
                sizeof nothing_found - 1) == 0)
      return &diag_sink_held(sink)[i];
  return NULL;
}

bool cli_skips_unmatched(const cli_file *file, const bg_diag_sink *sink, long matches) {
  return file->walked && cli_is_text_name(file->path) &&
         cli_no_match_found(sink, matches) != NULL;
}

const char *cli_unreadable_unmatched(const bg_reader *reader, const cli_file *file,
                                     bg_diag_sink *sink, long matches) {
  /* Standard input has no name: what came down a pipe is judged as a
   * record, and an empty one has no match in it (a syntax error). */
  if (matches > 0 || strcmp(file->path, "-") == 0)
    return NULL;
  const char *reason = reader_no_record_reason(reader);
  if (reason) /* "no match found" would call it a broken record */
    diag_discard(sink);
  return reason;
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of `dir` but . and .., sorted; NULL when it cannot be read. */
static char **sorted_entries(const char *dir, size_t *count) {
  DIR *stream = opendir(dir);
  if (!stream)
    return NULL;
  size_t capacity = 0;
  char **names = bg_grow(NULL, &capacity, 1, sizeof *names, 16);
  *count = 0;
  const struct dirent *entry;
  while ((entry = readdir(stream)) != NULL) {
    if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
      continue;
    names = bg_grow(names, &capacity, *count + 1, sizeof *names, 16);
    names[(*count)++] = bg_strdup(entry->d_name);
  }
  closedir(stream);
  qsort(names, *count, sizeof *names, compare_names);
  return names;
}

static char *join(const char *dir, const char *name) {
  size_t length = strlen(dir);
  bool slash = length > 0 && dir[length - 1] == '/';
  size_t size = length + strlen(name) + 2;
  char *path = bg_malloc(size);
  snprintf(path, size, "%s%s%s", dir, slash ? "" : "/", name);
  return path;
}

static void add_file(cli_file_list *list, const char *path, size_t below) {
  list->files =
      bg_grow(list->files, &list->capacity, list->count + 1, sizeof *list->files, 64);
  list->files[list->count++] = (cli_file){bg_strdup(path), below > 0, below};
}

static void walk_directory(const char *path, size_t below, cli_file_list *list);

/* A file the walk does not read: counted, and named under -v. */
static void skip(cli_file_list *list, const char *path, const char *why) {
  list->skipped++;
  if (list->verbose)
    cli_say_skipped_file(stderr, path, why);
}

void cli_say_skipped_file(FILE *err, const char *path, const char *why) {
  fflush(stdout);
  fprintf(err, "bgmatch: %s: skipped: %s\n", path, why);
}

/* One entry met in a walk: a directory is walked (not through a symbolic
 * link: a link back up would never end), a record file listed, anything
 * else counted as skipped. */
static void walk_entry(const char *path, const char *name, size_t below,
                       cli_file_list *list) {
  struct stat st;
  if (lstat(path, &st) != 0) {
    cli_say("%s: %s", path, strerror(errno));
    list->trouble = true;
    return;
  }
  if (S_ISDIR(st.st_mode)) {
    walk_directory(path, below, list);
    return;
  }
  bool is_link = S_ISLNK(st.st_mode);
  if (is_link && (stat(path, &st) != 0 || S_ISDIR(st.st_mode))) {
    skip(list, path, "a link to a directory (not followed)");
    return;
  }
  if (!S_ISREG(st.st_mode)) {
    skip(list, path, "not a regular file");
    return;
  }
  if (!cli_is_record_name(name)) {
    skip(list, path, "not a record's name (.mat .txt .yaml .yml .sgf .xg, or .gz)");
    return;
  }
  add_file(list, path, below);
}

/* `below`: where the part of a path below the operand walked starts. */
static void walk_directory(const char *path, size_t below, cli_file_list *list) {
  size_t count;
  char **names = sorted_entries(path, &count);
  if (!names) {
    cli_say("%s: %s", path, strerror(errno));
    list->trouble = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *entry = join(path, names[i]);
    walk_entry(entry, names[i], below, list);
    free(entry);
    free(names[i]);
  }
  free(names);
}

void cli_list_files(char **operands, int count, cli_file_list *list) {
  struct stat st;
  for (int i = 0; i < count; i++) {
    const char *path = operands[i];
    size_t length = strlen(path);
    bool slash = length > 0 && path[length - 1] == '/'; /* as join() writes */
    if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
      walk_directory(path, slash ? length : length + 1, list);
    else /* a file, standard input, or what cannot be opened (said later) */
      add_file(list, path, 0);
  }
}

void cli_file_list_free(cli_file_list *list) {
  for (size_t i = 0; i < list->count; i++)
    free(list->files[i].path);
  free(list->files);
  *list = (cli_file_list){0};
}

/* ---- the progress line -------------------------------------------------- */

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

bool cli_progress_wanted(bool stderr_is_terminal, int files_total, bool quiet) {
  bool several = files_total > 1 || files_total == PROGRESS_UNKNOWN_TOTAL;
  return stderr_is_terminal && several && !quiet;
}

void cli_progress_init(progress *bar, int files_total, bool quiet) {
  memset(bar, 0, sizeof *bar);
  bar->enabled = cli_progress_wanted(isatty(STDERR_FILENO), files_total, quiet);
  bar->shares_terminal = isatty(STDOUT_FILENO);
  bar->files_total = files_total;
  bar->started = bar->last_drawn = seconds_now();
}

void cli_progress_format(char *line, size_t size, int files_done, int files_total,
                         double megabytes_per_second) {
  if (files_total == PROGRESS_UNKNOWN_TOTAL)
    snprintf(line, size, "bgmatch: %d files, %.1f MB/s", files_done,
             megabytes_per_second);
  else
    snprintf(line, size, "bgmatch: %d/%d files, %.1f MB/s", files_done, files_total,
             megabytes_per_second);
}

void cli_progress_erase(progress *bar) {
  if (bar->shown)
    fputs("\r\033[K", stderr);
  bar->shown = false;
}

void cli_progress_step(progress *bar, double bytes) {
  bar->files_done++;
  bar->bytes_done += bytes;
  if (!bar->enabled)
    return;
  double now = seconds_now();
  if (now - bar->started < 1.0 || now - bar->last_drawn < 0.2)
    return;
  bar->last_drawn = now;
  cli_progress_erase(bar);
  char line[96];
  cli_progress_format(line, sizeof line, bar->files_done, bar->files_total,
                      bar->bytes_done / 1e6 / (now - bar->started));
  fputs(line, stderr);
  fflush(stderr);
  bar->shown = true;
}
