/*
 * progress.h — a one-line progress indicator on stderr, for long runs at
 * a terminal: files done of the total and the reading speed, redrawn at
 * most five times a second and erased before any diagnostic is printed and
 * at the end.  Never drawn when stderr is not a terminal.
 */
#ifndef BG_PROGRESS_H
#define BG_PROGRESS_H

#include <stdbool.h>

typedef struct {
  bool enabled;
  bool shown;
  bool shares_terminal; /* stdout is a terminal too: erase before printing */
  int files_total;
  int files_done;
  double bytes_done;
  double started, last_drawn;
} progress;

/* files_total: how many files there are, or PROGRESS_UNKNOWN_TOTAL when
 * directories are walked as they are checked. */
#define PROGRESS_UNKNOWN_TOTAL (-1)
void progress_init(progress *bar, int files_total);

/* Erases the line, if it is shown. */
void progress_erase(progress *bar);

/* One more file done (`bytes` long).  The line appears only once the work
 * has taken a second: short runs stay quiet. */
void progress_step(progress *bar, double bytes);

#endif
