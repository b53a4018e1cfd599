/*
 * gunzip.h — gzip-compressed input inflated as it is read, through zlib
 * (a well-kept library: inflate is not something to write again).  Used by
 * the byte layer (input.c) when an input starts with gzip's magic bytes,
 * so that FILE.gz is read like FILE whatever its name.  Concatenated gzip
 * members are read one after another, as gzip -d does.
 */
#ifndef BG_GUNZIP_H
#define BG_GUNZIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct bg_gunzip bg_gunzip;

/* Inflates `in` (not owned), whose first `prefix_length` bytes were already
 * read into `prefix` (at most 16).  Exits 2 when out of memory. */
bg_gunzip *gunzip_new(FILE *in, const unsigned char *prefix, size_t prefix_length);

/* Up to `size` inflated bytes into `out`; 0 at the end of the data or
 * after an error (gunzip_error says which). */
size_t gunzip_read(bg_gunzip *gunzip, unsigned char *out, size_t size);

/* Why reading stopped early: "corrupt gzip data", "truncated gzip data",
 * or the read error of the file; NULL when it did not. */
const char *gunzip_error(const bg_gunzip *gunzip);

void gunzip_free(bg_gunzip *gunzip);

#endif
