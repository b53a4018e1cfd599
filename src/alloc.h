/*
 * alloc.h — memory for the parts of bgmatch that cannot go on without it.
 *
 * Running out of memory while replaying a match would lose a diagnostic
 * or report a wrong one; neither may pass for a verdict.  These functions
 * never return NULL: on failure they end the program with exit status 2
 * ("the tool could not do its job") after one line on stderr, as cmark's
 * default allocator ends it.  Readers that can report the failure in their
 * own terms (an input too large for memory) still use malloc themselves.
 */
#ifndef BG_ALLOC_H
#define BG_ALLOC_H

#include <stddef.h>

void *bg_malloc(size_t size);
void *bg_calloc(size_t count, size_t size);
void *bg_realloc(void *block, size_t size);
char *bg_strdup(const char *text);

/* The one growable array: `array` (NULL for none yet) with room for at
 * least `needed` elements of `element_size` bytes, *capacity doubled from
 * `first` as far as needed and updated.  Returns the array, moved or not;
 * a size past what memory can hold ends the program like a failure. */
void *bg_grow(void *array, size_t *capacity, size_t needed, size_t element_size,
              size_t first);

/* bg_grow for a reader that says "out of memory" in its own terms: NULL
 * when memory runs out, `array` and *capacity then left as they were. */
void *bg_try_grow(void *array, size_t *capacity, size_t needed, size_t element_size,
                  size_t first);

/* Room for one more element of an int-counted array of `count` elements
 * (*capacity allocated): an array that bg_pool_keep kept when the array
 * has none yet, else the array doubled from `first` as far as needed.
 * Returns the array, moved or not; NULL, with `array` and *capacity left
 * as they were, when memory is out or the count would pass INT_MAX. */
void *bg_pool_grow(void *array, int count, int *capacity, size_t element_size, int first);

/* Keeps an array of `bytes` for the thread's next bg_pool_grow of an empty
 * array (a stream of matches is read and freed one by one, and each game
 * growing its array again was 4% of check's instructions); frees it when
 * the pool is full. */
void bg_pool_keep(void *array, size_t bytes);
#define BG_POOL_ARRAYS 64 /* arrays kept at most */

/* Frees what bg_pool_keep kept; a thread calls it before it ends. */
void bg_pool_release(void);

/* Says "bgmatch: out of memory" on stderr and exits with status 2. */
_Noreturn void bg_out_of_memory(void);

#endif
