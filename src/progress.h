/*
 * progress.h — a one-line progress indicator on stderr, for long runs at
 * a terminal: files done of the total and the reading speed, redrawn at
 * most five times a second and erased before any diagnostic is printed and
 * at the end.  Never drawn when stderr is not a terminal, nor when the
 * user asked for silence (-q).
 */
#ifndef BG_PROGRESS_H
#define BG_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

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
 * the caller cannot know it before it starts. */
#define PROGRESS_UNKNOWN_TOTAL (-1)

/* Whether the line is to be drawn: stderr is a terminal, there is more
 * than one file (or an unknown number), and the run is not quiet. */
bool progress_wanted(bool stderr_is_terminal, int files_total, bool quiet);

/* `quiet`: nothing is to be printed but trouble (-q): no line either. */
void progress_init(progress *bar, int files_total, bool quiet);

/* The text of the line into `line` (`size` bytes): "bgmatch: 3/12 files,
 * 4.2 MB/s", or "bgmatch: 3 files, 4.2 MB/s" when the total is unknown. */
void progress_format(char *line, size_t size, int files_done, int files_total,
                     double megabytes_per_second);

/* Erases the line, if it is shown. */
void progress_erase(progress *bar);

/* One more file done (`bytes` long).  The line appears only once the work
 * has taken a second: short runs stay quiet. */
void progress_step(progress *bar, double bytes);

#endif
