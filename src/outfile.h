/*
 * outfile.h — where a command's output goes: standard output, or a file
 * written atomically.  The file is written as a temporary file in its own
 * directory and renamed over it only when everything was written: a
 * program reading it never sees half of it, and an error (a full disk, an
 * input that could not be read) leaves the old file as it was and no
 * temporary file behind.  A path that is no regular file (/dev/null, a
 * terminal, a FIFO) is written in place: renaming over it would replace
 * the device.
 */
#ifndef BG_OUTFILE_H
#define BG_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct {
  FILE *stream;    /* where to write */
  char *target;    /* the file the output replaces; NULL: written in place */
  char *temporary; /* the temporary file while it is written, else NULL */
} bg_outfile;

/* Opens the output `path`; NULL or "-" is standard output.  Returns false
 * (errno says why) when it cannot be written. */
bool outfile_open(bg_outfile *out, const char *path);

/* Finishes the output: flushes it, and puts the temporary file in the
 * target's place.  Returns false on a write error (errno says which);
 * then nothing was replaced and the temporary file is gone. */
bool outfile_commit(bg_outfile *out);

/* Gives the output up: the temporary file is removed and the target left
 * as it was (what was written to standard output stays written). */
void outfile_abandon(bg_outfile *out);

/* Would writing `output` (NULL or "-": standard output) overwrite the
 * file `input` ("-": standard input)?  True when the output is a regular
 * file and the input the same file, by device and inode: links and other
 * spellings of a path are seen through. */
bool outfile_is_input(const char *output, const char *input);

#endif
