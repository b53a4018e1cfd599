/*
 * progress.c — the progress indicator of progress.h.
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

void progress_init(progress *bar, int files_total) {
  memset(bar, 0, sizeof *bar);
  bar->enabled =
      isatty(STDERR_FILENO) && (files_total > 1 || files_total == PROGRESS_UNKNOWN_TOTAL);
  bar->shares_terminal = isatty(STDOUT_FILENO);
  bar->files_total = files_total;
  bar->started = bar->last_drawn = seconds_now();
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
  double speed = bar->bytes_done / 1e6 / (now - bar->started);
  if (bar->files_total == PROGRESS_UNKNOWN_TOTAL)
    fprintf(stderr, "bgmatch: %d files, %.1f MB/s", bar->files_done, speed);
  else
    fprintf(stderr, "bgmatch: %d/%d files, %.1f MB/s", bar->files_done, bar->files_total,
            speed);
  fflush(stderr);
  bar->shown = true;
}
