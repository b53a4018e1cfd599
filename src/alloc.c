/*
 * alloc.c — allocation that ends the program with status 2 when memory
 * runs out (see alloc.h for why).
 */
#include "alloc.h"

#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void bg_out_of_memory(void) {
  fflush(stdout);
  fputs("bgmatch: out of memory\n", stderr);
  exit(2);
}

void *bg_malloc(size_t size) {
  void *block = malloc(size ? size : 1);
  if (!block)
    bg_out_of_memory();
  return block;
}

void *bg_calloc(size_t count, size_t size) {
  void *block = calloc(count ? count : 1, size ? size : 1);
  if (!block)
    bg_out_of_memory();
  return block;
}

void *bg_realloc(void *block, size_t size) {
  void *grown = realloc(block, size ? size : 1);
  if (!grown)
    bg_out_of_memory();
  return grown;
}

void *bg_try_grow(void *array, size_t *capacity, size_t needed, size_t element_size,
                  size_t first) {
  if (needed <= *capacity && array)
    return array;
  size_t wanted = *capacity ? *capacity : first ? first : 1;
  while (wanted < needed) {
    if (wanted > SIZE_MAX / 2)
      return NULL;
    wanted *= 2;
  }
  if (element_size && wanted > SIZE_MAX / element_size)
    return NULL;
  void *grown = realloc(array, element_size ? wanted * element_size : 1);
  if (grown)
    *capacity = wanted;
  return grown;
}

void *bg_grow(void *array, size_t *capacity, size_t needed, size_t element_size,
              size_t first) {
  void *grown = bg_try_grow(array, capacity, needed, element_size, first);
  if (!grown)
    bg_out_of_memory();
  return grown;
}

char *bg_strdup(const char *text) {
  size_t size = strlen(text) + 1;
  return memcpy(bg_malloc(size), text, size);
}
