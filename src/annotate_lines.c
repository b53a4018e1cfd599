/*
 * annotate_lines.c — the lines a listing of `bgmatch annotate` shows
 * (annotate.h): the record's own, read once from its start through a
 * second handle on it while the reader reads the first, so that no line
 * is held longer than it is listed; or, for a record without lines, each
 * batch's canonical text in turn, numbered after the lines before it.
 */
#include <stdio.h>
#include <string.h>

#include "annotate.h"

void annotate_lines_init(annotate_lines *lines, FILE *record) {
  memset(lines, 0, sizeof *lines);
  lines->record = record;
  lines->ended = record == NULL;
  if (!record)
    return;
  rewind(record);
  lines->input = input_new(record);
  if (!lines->input) {
    lines->ended = true;
    lines->read_error = true;
  }
}

/* Closes the canonical text being listed, when one is. */
static void close_memory(annotate_lines *lines) {
  if (!lines->memory)
    return;
  if (lines->input)
    input_free(lines->input);
  lines->input = NULL;
  fclose(lines->memory);
  lines->memory = NULL;
}

void annotate_lines_free(annotate_lines *lines) {
  if (lines->memory)
    close_memory(lines);
  else if (lines->input)
    input_free(lines->input);
  memset(lines, 0, sizeof *lines);
}

void annotate_lines_use(annotate_lines *lines, const annotate_batch *batch) {
  if (!batch->canonical)
    return;
  close_memory(lines);
  lines->current = false;
  lines->ended = true;
  if (batch->canonical_size == 0)
    return;
  lines->memory = fmemopen(batch->canonical, batch->canonical_size, "r");
  lines->input = lines->memory ? input_new(lines->memory) : NULL;
  if (!lines->input) {
    lines->read_error = true;
    return;
  }
  lines->offset = batch->first_line - 1;
  lines->ended = false;
}

bool annotate_lines_next(annotate_lines *lines) {
  lines->current = false;
  if (lines->ended)
    return false;
  if (!input_next_line(lines->input, &lines->line)) {
    lines->ended = true;
    if (input_io_error(lines->input))
      lines->read_error = true;
    close_memory(lines); /* a canonical text ends with its batch */
    return false;
  }
  lines->line.number += lines->offset;
  lines->number = lines->line.number;
  lines->current = true;
  return true;
}
