/*
 * annotate_html.c — the HTML page of `bgmatch annotate --format html`.
 */
#include "annotate.h"

bool annotate_write_html(FILE *out, FILE *source, const annotate_report *report,
                         const char *title) {
  (void)out;
  (void)source;
  (void)report;
  (void)title;
  return false;
}
