/*
 * read_mat_spare.c — the memos a closed .mat reader leaves to the next.
 *
 * The word and line memos (read_mat_memo.c, read_mat_line_memo.c) hold
 * PCRE2's answers for the one compiled grammar, keyed by the bytes asked:
 * they hold for any record.  A folder of small records opens a reader a
 * file, and clearing the memos' tables (some 100 KB) and matching the
 * same words again costs more than reading a record of a few KB.  So a
 * reader's memos are parked when it closes and taken by the next reader
 * opened, in whatever thread; those left when the program ends are freed
 * then.
 *
 * Stage: under the memos, which alone call it.  Calls pthread and libc.
 */
#include "read_mat_int.h"

#include <pthread.h>
#include <stdlib.h>

/* Parked memos of each kind: as many readers as are open at once (one a
 * thread of check -j N) find one; a reader closed beyond that frees its
 * memo. */
#define SPARES 16

static struct {
  pthread_mutex_t lock;
  void *parked[MAT_SPARE_KINDS][SPARES];
  int count[MAT_SPARE_KINDS];
  void (*destroy[MAT_SPARE_KINDS])(void *memo);
} spares = {.lock = PTHREAD_MUTEX_INITIALIZER};

static pthread_once_t freed_at_exit = PTHREAD_ONCE_INIT;

static void free_spares(void) {
  pthread_mutex_lock(&spares.lock);
  for (int kind = 0; kind < MAT_SPARE_KINDS; kind++) {
    while (spares.count[kind] > 0)
      spares.destroy[kind](spares.parked[kind][--spares.count[kind]]);
  }
  pthread_mutex_unlock(&spares.lock);
}

static void free_spares_at_exit(void) {
  atexit(free_spares);
}

void *mat_spare_take(mat_spare_kind kind) {
  pthread_mutex_lock(&spares.lock);
  void *memo = spares.count[kind] > 0 ? spares.parked[kind][--spares.count[kind]] : NULL;
  pthread_mutex_unlock(&spares.lock);
  return memo;
}

void mat_spare_park(mat_spare_kind kind, void *memo, void (*destroy)(void *memo)) {
  pthread_once(&freed_at_exit, free_spares_at_exit);
  pthread_mutex_lock(&spares.lock);
  bool room = spares.count[kind] < SPARES;
  if (room) {
    spares.parked[kind][spares.count[kind]++] = memo;
    spares.destroy[kind] = destroy;
  }
  pthread_mutex_unlock(&spares.lock);
  if (!room)
    destroy(memo);
}
