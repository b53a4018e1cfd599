/*
 * read_yaml.h — the reader of bgmatch's own YAML notation (man/bgmatch.5,
 * grammar/bgmatch.schema.json), the one write_yaml.c writes.  It streams:
 * libyaml's parser is driven event by event, and each call returns the
 * match of the next YAML document, so memory is bounded by one match, not
 * by the file.
 *
 * What is valid YAML but no valid notation gets one `syntax` diagnostic
 * that says what was expected where; the reader then skips what it cannot
 * read (the action, the game or the document) and goes on.  What is not
 * YAML at all (libyaml's parse error) and what exceeds a limit below gets
 * one `syntax` diagnostic too, and reading that input stops there.
 */
#ifndef BG_READ_YAML_H
#define BG_READ_YAML_H

#include <stdbool.h>

#include "diag.h"
#include "input.h"
#include "match.h"

/* Limits, so that hostile YAML gets a diagnostic in bounded memory and
 * time (man/bgmatch.5, LIMITS).  The notation nests five collections deep
 * and its longest text is a name or a tag value (a .mat line is at most
 * INPUT_MAX_LINE bytes); anchors, aliases and tags it has none of, and
 * they are refused (an alias bomb never expands). */
#define YAML_MAX_DEPTH 32            /* nested collections */
#define YAML_MAX_TOKEN (1024 * 1024) /* bytes of one scalar (or comment) */

typedef struct bg_yaml_reader bg_yaml_reader;

/* Reads `input` (not owned: it must outlive the reader; the dispatcher of
 * reader.h calls this).  `file` is the name used in diagnostics (not
 * copied).  Out of memory ends the program (alloc.h). */
bg_yaml_reader *bg_yaml_reader_open(bg_input *input, const char *file,
                                    bg_diag_sink *sink);

/* The match of the next document that holds one, or NULL when there is
 * none left.  Documents that hold no match are reported and skipped.  The
 * caller frees the match with match_free. */
bg_match *bg_yaml_reader_next(bg_yaml_reader *reader);

/* True when reading stopped on an I/O error (the caller exits 2). */
bool bg_yaml_reader_io_error(const bg_yaml_reader *reader);

void bg_yaml_reader_free(bg_yaml_reader *reader);

#endif
