/*
 * progress.c — the progress indicator of progress.h.  Deciding whether to
 * draw and what the line says are functions of their own, apart from the
 * terminal, so that tests can check them without one.
 */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

bool progress_wanted(bool stderr_is_terminal, int files_total, bool quiet) {
  bool several = files_total > 1 || files_total == PROGRESS_UNKNOWN_TOTAL;
  return stderr_is_terminal && several && !quiet;
}

void progress_init(progress *bar, int files_total, bool quiet) {
  memset(bar, 0, sizeof *bar);
  bar->enabled = progress_wanted(isatty(STDERR_FILENO), files_total, quiet);
  bar->shares_terminal = isatty(STDOUT_FILENO);
  bar->files_total = files_total;
  bar->started = bar->last_drawn = seconds_now();
}

void progress_format(char *line, size_t size, int files_done, int files_total,
                     double megabytes_per_second) {
  if (files_total == PROGRESS_UNKNOWN_TOTAL)
    snprintf(line, size, "bgmatch: %d files, %.1f MB/s", files_done,
             megabytes_per_second);
  else
    snprintf(line, size, "bgmatch: %d/%d files, %.1f MB/s", files_done, files_total,
             megabytes_per_second);
}

void progress_erase(progress *bar) {
  if (bar->shown)
    fputs("\r\033[K", stderr);
  bar->shown = false;
}

void progress_step(progress *bar, double bytes) {
  bar->files_done++;
  bar->bytes_done += bytes;
  if (!bar->enabled)
    return;
  double now = seconds_now();
  if (now - bar->started < 1.0 || now - bar->last_drawn < 0.2)
    return;
  bar->last_drawn = now;
  progress_erase(bar);
  char line[96];
  progress_format(line, sizeof line, bar->files_done, bar->files_total,
                  bar->bytes_done / 1e6 / (now - bar->started));
  fputs(line, stderr);
  fflush(stderr);
  bar->shown = true;
}
