/*
 * alloc.c — allocation that ends the program with status 2 when memory
 * runs out (see alloc.h for why).
 */
#include "alloc.h"

#include <limits.h>
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

/* Per thread: -j checks files in threads. */
typedef struct {
  void *array;
  size_t bytes;
} pooled_array;

static _Thread_local pooled_array array_pool[BG_POOL_ARRAYS];
static _Thread_local int array_pool_count;

void bg_pool_keep(void *array, size_t bytes) {
  if (array && array_pool_count < BG_POOL_ARRAYS)
    array_pool[array_pool_count++] = (pooled_array){array, bytes};
  else
    free(array);
}

void bg_pool_release(void) {
  while (array_pool_count > 0)
    free(array_pool[--array_pool_count].array);
}

/* The newest kept array, for an array with no room yet, when it holds an
 * element; capacities count whole elements, so its bytes are divided. */
static void *take_pooled(int *capacity, size_t element_size) {
  if (array_pool_count == 0 || array_pool[array_pool_count - 1].bytes < element_size)
    return NULL;
  pooled_array taken = array_pool[--array_pool_count];
  size_t elements = taken.bytes / element_size;
  *capacity = elements < INT_MAX ? (int)elements : INT_MAX;
  return taken.array;
}

void *bg_pool_grow(void *array, int count, int *capacity, size_t element_size,
                   int first) {
  if (*capacity == 0 && !array && element_size)
    array = take_pooled(capacity, element_size);
  if (count < *capacity)
    return array;
  if (*capacity > INT_MAX / 2)
    return NULL; /* counts are int */
  size_t room = (size_t)*capacity;
  void *grown = bg_try_grow(array, &room, (size_t)count + 1, element_size, (size_t)first);
  if (grown)
    *capacity = (int)room;
  return grown;
}

char *bg_strdup(const char *text) {
  size_t size = strlen(text) + 1;
  return memcpy(bg_malloc(size), text, size);
}
