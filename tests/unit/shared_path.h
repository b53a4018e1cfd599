/*
 * shared_path.h — for the unit tests: where the shared folder of real
 * records and fixtures is ($BGMATCH_SHARED, else ../shared, relative to
 * the repository root where the tests run).  A test that needs it and
 * does not find it prints "SKIP: ..." (tests/unit.sh counts it).
 */
#ifndef BG_TEST_SHARED_PATH_H
#define BG_TEST_SHARED_PATH_H

#include <stdio.h>
#include <stdlib.h>

/* `tail` under the shared folder, into `path` (`size` bytes); returns it. */
static inline const char *shared_path(const char *tail, char *path, size_t size) {
  const char *shared = getenv("BGMATCH_SHARED");
  snprintf(path, size, "%s/%s", shared && *shared ? shared : "../shared", tail);
  return path;
}

#endif
