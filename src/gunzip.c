/*
 * gunzip.c — gzip input inflated with zlib as it is read (see gunzip.h).
 */
#include "gunzip.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "alloc.h"

#define COMPRESSED_CHUNK 65536

struct bg_gunzip {
  FILE *in;
  z_stream stream;
  unsigned char compressed[COMPRESSED_CHUNK];
  bool in_member;    /* inside a gzip member: its end not reached yet */
  bool file_ended;   /* fread gave everything */
  const char *error; /* why reading stopped early, NULL when it did not */
  char read_error[80];
};

bg_gunzip *gunzip_new(FILE *in, const unsigned char *prefix, size_t prefix_length) {
  bg_gunzip *gunzip = bg_calloc(1, sizeof *gunzip);
  gunzip->in = in;
  memcpy(gunzip->compressed, prefix, prefix_length);
  gunzip->stream.next_in = gunzip->compressed;
  gunzip->stream.avail_in = (uInt)prefix_length;
  /* 16 + MAX_WBITS: a gzip header and trailer around the deflate data. */
  if (inflateInit2(&gunzip->stream, 16 + MAX_WBITS) != Z_OK)
    bg_out_of_memory();
  gunzip->in_member = true;
  return gunzip;
}

/* More compressed bytes from the file; false at its end or on an error. */
static bool refill(bg_gunzip *gunzip) {
  if (gunzip->file_ended)
    return false;
  size_t got = fread(gunzip->compressed, 1, sizeof gunzip->compressed, gunzip->in);
  if (got == 0) {
    gunzip->file_ended = true;
    if (ferror(gunzip->in)) {
      snprintf(gunzip->read_error, sizeof gunzip->read_error, "read error: %s",
               strerror(errno ? errno : EIO));
      gunzip->error = gunzip->read_error;
    }
    return false;
  }
  gunzip->stream.next_in = gunzip->compressed;
  gunzip->stream.avail_in = (uInt)got;
  return true;
}

/* At the end of a member: another one follows (concatenated files), or
 * the data ends here.  Anything after the last member but bytes of another
 * is corrupt data, as gzip -d says. */
static bool next_member(bg_gunzip *gunzip) {
  gunzip->in_member = false;
  if (gunzip->stream.avail_in == 0 && !refill(gunzip))
    return false;
  if (inflateReset(&gunzip->stream) != Z_OK)
    bg_out_of_memory();
  gunzip->in_member = true;
  return true;
}

size_t gunzip_read(bg_gunzip *gunzip, unsigned char *out, size_t size) {
  gunzip->stream.next_out = out;
  gunzip->stream.avail_out = (uInt)size;
  while (gunzip->stream.avail_out > 0 && !gunzip->error) {
    if (!gunzip->in_member && !next_member(gunzip))
      break;
    if (gunzip->stream.avail_in == 0 && !refill(gunzip)) {
      if (!gunzip->error)
        gunzip->error = "truncated gzip data";
      break;
    }
    int status = inflate(&gunzip->stream, Z_NO_FLUSH);
    if (status == Z_STREAM_END)
      gunzip->in_member = false;
    else if (status == Z_MEM_ERROR)
      bg_out_of_memory();
    else if (status != Z_OK && status != Z_BUF_ERROR)
      gunzip->error = "corrupt gzip data";
  }
  return size - gunzip->stream.avail_out;
}

const char *gunzip_error(const bg_gunzip *gunzip) {
  return gunzip->error;
}

void gunzip_free(bg_gunzip *gunzip) {
  if (!gunzip)
    return;
  inflateEnd(&gunzip->stream);
  free(gunzip);
}
