/*
 * cli_walk.c — the files a command-line operand stands for (cli.h): the
 * file itself, or, for a directory, every record file under it, as grep -r
 * walks.  Names are visited in byte order, each directory's entries
 * sorted, so that output is the same on every machine and every run.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "alloc.h"
#include "cli.h"

/* The extensions of record files; each may also end in .gz. */
static const char *const record_extensions[] = {".mat", ".txt", ".yaml",
                                                ".yml", ".sgf", ".xg"};

static bool ends_with(const char *name, size_t length, const char *suffix) {
  size_t n = strlen(suffix);
  return length >= n && strncasecmp(name + length - n, suffix, n) == 0;
}

bool cli_is_record_name(const char *name) {
  size_t length = strlen(name);
  if (ends_with(name, length, ".gz"))
    length -= 3;
  for (size_t i = 0; i < sizeof record_extensions / sizeof *record_extensions; i++)
    if (ends_with(name, length, record_extensions[i]))
      return true;
  return false;
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of `dir` but . and .., sorted; NULL when it cannot be read. */
static char **sorted_entries(const char *dir, size_t *count) {
  DIR *stream = opendir(dir);
  if (!stream)
    return NULL;
  size_t capacity = 16;
  char **names = bg_malloc(capacity * sizeof *names);
  *count = 0;
  const struct dirent *entry;
  while ((entry = readdir(stream)) != NULL) {
    if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
      continue;
    if (*count == capacity) {
      capacity *= 2;
      names = bg_realloc(names, capacity * sizeof *names);
    }
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

/* One entry met in a walk: a directory is walked (not through a symbolic
 * link: a link back up would never end), a record file visited, anything
 * else counted as skipped. */
static bool walk_entry(const char *path, const char *name, cli_visit visit, void *data,
                       cli_walk_counts *counts) {
  struct stat st;
  if (lstat(path, &st) != 0) {
    cli_say("%s: %s", path, strerror(errno));
    return false;
  }
  if (S_ISDIR(st.st_mode))
    return cli_walk(path, visit, data, counts);
  bool is_link = S_ISLNK(st.st_mode);
  if (is_link && (stat(path, &st) != 0 || S_ISDIR(st.st_mode))) {
    counts->skipped++;
    return true;
  }
  if (!S_ISREG(st.st_mode) || !cli_is_record_name(name)) {
    counts->skipped++;
    return true;
  }
  visit(path, data);
  return true;
}

bool cli_walk(const char *path, cli_visit visit, void *data, cli_walk_counts *counts) {
  struct stat st;
  if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
    visit(path, data); /* a file, standard input, or what cannot be opened */
    return true;
  }
  size_t count;
  char **names = sorted_entries(path, &count);
  if (!names) {
    cli_say("%s: %s", path, strerror(errno));
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < count; i++) {
    char *entry = join(path, names[i]);
    ok = walk_entry(entry, names[i], visit, data, counts) && ok;
    free(entry);
    free(names[i]);
  }
  free(names);
  return ok;
}

bool cli_any_directory(char **paths, int count) {
  struct stat st;
  for (int i = 0; i < count; i++)
    if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode))
      return true;
  return false;
}
