/*
 * read_xg.c — the container of a .xg file, and the reader's API (see
 * read_xg.h).  The file is read whole: its archive is found from its end
 * (ZLibArchive's layout: the members' data, their index, then a 36-byte
 * trailer saying how long both are), its member temp.xg inflated with
 * zlib a block at a time and handed to read_xg_match.c record by record,
 * then checked against the CRC the index gives.  Only when all of it is
 * read and sound are the matches handed out.
 *
 * Every size the file states is checked against the file before it is
 * used: a count or a length that lies is the file's error, never a read
 * past a buffer.  The game file's size is capped (XG_MAX_GAME_FILE): a
 * zip bomb costs the time of inflating that much, no memory.
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "alloc.h"
#include "read_xg_int.h"

#define HEADER_SIZE 8232    /* the RichGameHeader: "RGMH", then four names */
#define TRAILER_SIZE 36     /* the archive's last bytes: CRC, counts, sizes */
#define MEMBER_SIZE 532     /* one entry of the archive's index */
#define MAX_MEMBERS 16      /* XG writes four at most */
#define GAME_FILE "temp.xg" /* the member holding the match */
#define COMMENTS "temp.xgc" /* the one holding the comments */
#define READ_BLOCK 65536    /* input_read's most at a time */
#define INFLATE_RECORDS 16  /* records inflated at a time */

/* One member of the archive, as its index entry says. */
typedef struct {
  char name[256];
  long original_size, stored_size, start;
  unsigned long crc;
  bool compressed;
} archive_member;

/* The archive: the bytes of its members' data, and its index. */
typedef struct {
  const unsigned char *data;
  long data_size;
  archive_member members[MAX_MEMBERS];
  int member_count;
} archive;

/* ---- the file ------------------------------------------------------------ */

/* The whole input into *bytes (malloc'ed); false when it cannot be read or
 * is larger than XG_MAX_FILE. */
static bool read_whole(bg_xg_reader *reader, unsigned char **bytes, long *size) {
  size_t capacity = 0, length = 0;
  unsigned char *buffer = NULL;
  for (;;) {
    if (length > XG_MAX_FILE) {
      free(buffer);
      return xg_fail(reader, "larger than 64 MB: no eXtreme Gammon match file");
    }
    unsigned char *bigger =
        bg_try_grow(buffer, &capacity, length + READ_BLOCK, 1, 4 * READ_BLOCK);
    if (!bigger) {
      free(buffer);
      return xg_fail(reader, "out of memory");
    }
    buffer = bigger;
    size_t got = input_read(reader->input, (char *)buffer + length, READ_BLOCK);
    if (got == 0)
      break;
    length += got;
  }
  *bytes = buffer;
  *size = (long)length;
  return true;
}

/* ---- the archive's index ----------------------------------------------- */

/* Inflates exactly `want` bytes of the zlib stream at `in` (`in_size`
 * bytes) into `out`; false when the stream is corrupt or ends early. */
static bool inflate_exactly(const unsigned char *in, long in_size, unsigned char *out,
                            long want) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (inflateInit(&stream) != Z_OK)
    return false;
  stream.next_in = (unsigned char *)in;
  stream.avail_in = (uInt)in_size;
  stream.next_out = out;
  stream.avail_out = (uInt)want;
  int status = inflate(&stream, Z_FINISH);
  bool whole = (status == Z_STREAM_END || status == Z_BUF_ERROR || status == Z_OK) &&
               stream.avail_out == 0;
  inflateEnd(&stream);
  return whole;
}

/* A Pascal short string of 255 bytes at most: its length byte first. */
static void short_string(const unsigned char *at, char out[256]) {
  memcpy(out, at + 1, at[0]);
  out[at[0]] = '\0';
}

static void read_member(const unsigned char *entry, archive_member *member) {
  short_string(entry, member->name);
  member->original_size = xg_i32(entry + 512);
  member->stored_size = xg_i32(entry + 516);
  member->start = xg_i32(entry + 520);
  member->crc = xg_u32(entry + 524);
  member->compressed = entry[528] == 0;
}

/* The index at the end of the file: the trailer, then the entries it
 * counts, compressed or not. */
static bool read_index(bg_xg_reader *reader, const unsigned char *bytes, long size,
                       archive *arc) {
  const unsigned char *trailer = bytes + size - TRAILER_SIZE;
  long count = xg_i32(trailer + 4);
  long index_size = xg_i32(trailer + 12);
  long data_size = xg_i32(trailer + 16);
  bool index_compressed = xg_i32(trailer + 20) != 0;
  long room = size - HEADER_SIZE - TRAILER_SIZE;
  if (count == 0)
    return xg_fail(reader, "an empty .xg archive: no match in it");
  if (count < 0 || count > MAX_MEMBERS || index_size < 0 || data_size < 0 ||
      index_size > room || data_size > room - index_size)
    return xg_fail(
        reader, "truncated or corrupt .xg file: its archive's sizes do not fit the file");
  unsigned char entries[MAX_MEMBERS * MEMBER_SIZE];
  long want = count * MEMBER_SIZE;
  const unsigned char *index = trailer - index_size;
  if (index_compressed ? !inflate_exactly(index, index_size, entries, want)
                       : index_size < want)
    return xg_fail(reader, "corrupt .xg file: its archive's index cannot be read");
  if (!index_compressed)
    memcpy(entries, index, (size_t)want);
  arc->data = index - data_size;
  arc->data_size = data_size;
  arc->member_count = (int)count;
  for (int i = 0; i < arc->member_count; i++)
    read_member(entries + i * MEMBER_SIZE, &arc->members[i]);
  return true;
}

static const archive_member *find_member(const archive *arc, const char *name) {
  for (int i = 0; i < arc->member_count; i++)
    if (strcmp(arc->members[i].name, name) == 0)
      return &arc->members[i];
  return NULL;
}

/* ---- the game file ------------------------------------------------------ */

/* Hands the records of `out` [0, *held) to the match reader, keeping the
 * bytes of a record not complete yet at the front. */
static bool take_records(bg_xg_reader *reader, unsigned char *out, size_t *held) {
  size_t at = 0;
  for (; *held - at >= XG_RECORD_SIZE; at += XG_RECORD_SIZE)
    if (!xg_take_record(reader, out + at))
      return false;
  memmove(out, out + at, *held - at);
  *held -= at;
  return true;
}

/* The member's stored bytes, inflated when compressed, record by record;
 * exactly its original size, and its CRC right. */
static bool read_game_file(bg_xg_reader *reader, const archive *arc,
                           const archive_member *member, size_t *left_over) {
  if (member->original_size > XG_MAX_GAME_FILE)
    return xg_fail(reader, "its game file is over 256 MB: no eXtreme Gammon match");
  if (member->original_size < XG_RECORD_SIZE)
    return xg_fail(reader, "its game file holds no match");
  if (member->start < 0 || member->stored_size < 0 ||
      member->start > arc->data_size - member->stored_size ||
      (!member->compressed && member->stored_size != member->original_size))
    return xg_fail(reader, "corrupt .xg file: its game file lies outside the archive");
  static const size_t room = (size_t)INFLATE_RECORDS * XG_RECORD_SIZE;
  unsigned char *out = malloc(room);
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (!out || inflateInit(&stream) != Z_OK) {
    free(out);
    return xg_fail(reader, "out of memory");
  }
  stream.next_in = (unsigned char *)arc->data + member->start;
  stream.avail_in = (uInt)member->stored_size;
  unsigned long crc = crc32(0L, Z_NULL, 0);
  long total = 0;
  size_t held = 0;
  bool ok = true, ended = false;
  while (ok && !ended) {
    size_t before = held;
    if (member->compressed) {
      stream.next_out = out + held;
      stream.avail_out = (uInt)(room - held);
      int status = inflate(&stream, Z_NO_FLUSH);
      held = room - stream.avail_out;
      ended = status == Z_STREAM_END;
      if (status == Z_MEM_ERROR)
        ok = xg_fail(reader, "out of memory");
      else if (status == Z_DATA_ERROR || status == Z_NEED_DICT ||
               status == Z_STREAM_ERROR)
        ok = xg_fail(reader, "corrupt .xg file: its game file is no zlib data");
      else if (!ended && held == before)
        ok = xg_fail(reader, "truncated .xg file: its game file ends early");
    } else {
      size_t chunk = room - held;
      if ((long)chunk > member->original_size - total)
        chunk = (size_t)(member->original_size - total);
      memcpy(out + held, stream.next_in, chunk);
      stream.next_in += chunk;
      held += chunk;
      ended = total + (long)chunk == member->original_size;
    }
    total += (long)(held - before);
    crc = crc32(crc, out + before, (uInt)(held - before));
    if (ok && total > member->original_size)
      ok = xg_fail(reader,
                   "corrupt .xg file: its game file is longer than its index says");
    if (ok)
      ok = take_records(reader, out, &held);
  }
  inflateEnd(&stream);
  free(out);
  *left_over = held;
  if (!ok)
    return false;
  if (total != member->original_size)
    return xg_fail(reader,
                   "truncated .xg file: its game file is shorter than its index says");
  if (crc != member->crc)
    return xg_fail(reader, "corrupt .xg file: its game file's checksum is wrong");
  return true;
}

/* ---- reading it all ------------------------------------------------------ */

static bool read_file(bg_xg_reader *reader) {
  unsigned char *bytes = NULL;
  long size = 0;
  if (!read_whole(reader, &bytes, &size))
    return false;
  bool ok;
  archive arc = {.member_count = 0};
  if (size < 4 || memcmp(bytes, "RGMH", 4) != 0)
    ok = xg_fail(reader, "not an eXtreme Gammon file: no RGMH header");
  else if (size < HEADER_SIZE + TRAILER_SIZE)
    ok = xg_fail(reader, "truncated .xg file: no archive after its header");
  else
    ok = read_index(reader, bytes, size, &arc);
  const archive_member *game_file = ok ? find_member(&arc, GAME_FILE) : NULL;
  if (ok && !game_file)
    ok = xg_fail(reader, "no game file (temp.xg) in the .xg archive");
  if (ok) {
    const archive_member *comments = find_member(&arc, COMMENTS);
    reader->comments = comments && comments->original_size > 0;
    size_t left_over = 0;
    ok = read_game_file(reader, &arc, game_file, &left_over) &&
         xg_records_end(reader, left_over);
  }
  free(bytes);
  return ok;
}

/* ---- the API ------------------------------------------------------------- */

bg_xg_reader *xg_reader_open(bg_input *input, const char *file, bg_diag_sink *sink) {
  bg_xg_reader *reader = calloc(1, sizeof *reader);
  if (!reader)
    return NULL;
  reader->input = input;
  reader->file = file;
  reader->sink = sink;
  return reader;
}

static void free_matches(bg_xg_reader *reader) {
  for (int i = reader->handed_out; i < reader->match_count; i++)
    match_free(reader->matches[i]);
  free(reader->matches);
  reader->matches = NULL;
  reader->match_count = reader->handed_out = 0;
}

bg_match *xg_reader_next(bg_xg_reader *reader) {
  if (!reader->read) {
    reader->read = true;
    if (!read_file(reader)) {
      xg_records_free(reader);
      free_matches(reader);
      return NULL;
    }
    if (reader->comments)
      xg_note_comments(reader);
  }
  if (reader->handed_out >= reader->match_count)
    return NULL;
  return reader->matches[reader->handed_out++];
}

bool xg_reader_io_error(const bg_xg_reader *reader) {
  return reader->io_error;
}

const char *xg_reader_error(const bg_xg_reader *reader) {
  return reader->io_error ? reader->error : NULL;
}

void xg_reader_free(bg_xg_reader *reader) {
  if (!reader)
    return;
  xg_records_free(reader);
  free_matches(reader);
  free(reader);
}
