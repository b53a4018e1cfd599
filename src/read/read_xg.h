/*
 * read_xg.h — the reader of eXtreme Gammon's own match files (.xg), the
 * binary layout XG's author published (extremegammon.com/XGformat.aspx):
 * a header of 8232 bytes ("RGMH"), a thumbnail, then a zlib archive
 * whose member temp.xg is the match as fixed-size records of 2560 bytes
 * (match header, game header, cube, move, game footer, match footer).
 *
 * What the file says is put in the model as a .mat of the same match
 * would put it (read_xg_match.c), so that the referee sees one match
 * whichever of XG's formats it was saved in.  XG's analysis (the
 * rollouts of temp.xgr, the evaluations in each record) is not read;
 * comments (temp.xgc) are not either, and a note says so once.
 *
 * A .xg has no lines: an action's place is named by game and play, the
 * play counted as `bgmatch show --play` counts it (a cube action takes
 * the number of the play it comes before; a game's score and result, 0).
 * bg_srcpos holds it as diag.h says: a negative line that only orders the
 * places, and the play as the column.
 *
 * The archive is read whole (at most XG_MAX_FILE bytes), its game file
 * inflated as it is read (at most XG_MAX_GAME_FILE bytes: a zip bomb
 * stops there) and checked against its CRC before any match is handed
 * out: a file that is no .xg, truncated or corrupt is one error of the
 * reader (xg_reader_error), not diagnostics about where it broke.
 */
#ifndef BG_READ_XG_H
#define BG_READ_XG_H

#include <stdbool.h>

#include "diag.h"
#include "input.h"
#include "match.h"

#define XG_MAX_FILE (64L << 20)       /* the .xg itself */
#define XG_MAX_GAME_FILE (256L << 20) /* its game file, inflated */

typedef struct bg_xg_reader bg_xg_reader;

/* Reads `input` (not owned; the dispatcher of reader.h calls this); `file`
 * is the name used in diagnostics (not copied).  NULL when out of memory. */
bg_xg_reader *xg_reader_open(bg_input *input, const char *file, bg_diag_sink *sink);

/* The next match, or NULL when there is none left (or the file could not
 * be read: xg_reader_io_error).  The caller frees it. */
bg_match *xg_reader_next(bg_xg_reader *reader);

/* True when the file could not be read: not a .xg, truncated, corrupt,
 * too large, out of memory (the caller exits 2). */
bool xg_reader_io_error(const bg_xg_reader *reader);

/* Why, in a few words for the user ("truncated .xg file"); NULL when
 * reading did not fail. */
const char *xg_reader_error(const bg_xg_reader *reader);

void xg_reader_free(bg_xg_reader *reader);

#endif
