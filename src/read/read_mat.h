/*
 * read_mat.h — the .mat (Jellyfish match format) reader, in every dialect
 * real programs write.  It streams: each call returns the next match of the
 * input, so memory is bounded by one match, not by the file.
 *
 * Lines the notation does not allow are reported as `syntax` diagnostics
 * with their line and column; the reader then carries on with the next line.
 */
#ifndef BG_READ_MAT_H
#define BG_READ_MAT_H

#include <stdio.h>

#include "diag.h"
#include "input.h"
#include "match.h"

typedef struct bg_mat_reader bg_mat_reader;

/* Reads the lines of `input` (not owned: it must outlive the reader; the
 * dispatcher of reader.h calls this).  `file` is the name used in
 * diagnostics (not copied: it must outlive the reader too).  Returns NULL
 * on out of memory or when the patterns of grammar/ do not compile (a
 * build defect, said on stderr). */
bg_mat_reader *mat_reader_open(bg_input *input, const char *file, bg_diag_sink *sink);

/* The same over an input of its own, read from `in` (for callers that know
 * the input is .mat: the reader's tests). */
bg_mat_reader *mat_reader_new(FILE *in, const char *file, bg_diag_sink *sink);

/* The next match of the input, or NULL when there is none left.  A file with
 * no match at all gives one `syntax` diagnostic ("no match found") and NULL.
 * The caller frees the match with match_free. */
bg_match *mat_reader_next(bg_mat_reader *reader);

/* True when reading stopped on an I/O error (the caller exits 2). */
bool mat_reader_io_error(const bg_mat_reader *reader);

void mat_reader_free(bg_mat_reader *reader);

#endif
