/*
 * outfile.c — a command's output, written atomically (see outfile.h):
 * mkstemp beside the target, fsync, rename.
 */
/* realpath() is an X/Open function, beyond the POSIX base the build asks
 * for; a feature-test macro is a reserved name by design. */
// NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
#define _XOPEN_SOURCE 700

#include "outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_stdout(const char *path) {
  return !path || strcmp(path, "-") == 0;
}

/* "DIR/.NAME.XXXXXX" beside `target`: a hidden name in the same
 * directory, so that the rename stays on one file system. */
static char *temporary_name(const char *target) {
  const char *slash = strrchr(target, '/');
  int dir_length = slash ? (int)(slash - target + 1) : 0;
  size_t size = strlen(target) + sizeof "..XXXXXX";
  char *name = malloc(size);
  if (name)
    snprintf(name, size, "%.*s.%s.XXXXXX", dir_length, target, target + dir_length);
  return name;
}

/* The permissions a new file gets: 0666 less the umask, as fopen gives. */
static mode_t new_file_mode(void) {
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

static void forget(bg_outfile *out) {
  free(out->target);
  free(out->temporary);
  out->target = out->temporary = NULL;
  out->stream = NULL;
}

/* The temporary file for `path` (a regular file, or none yet), with the
 * permissions the target has or a new file would get. */
static bool open_temporary(bg_outfile *out, const char *path,
                           const struct stat *existing) {
  out->target = existing ? realpath(path, NULL) : strdup(path);
  out->temporary = out->target ? temporary_name(out->target) : NULL;
  if (!out->temporary) {
    forget(out);
    return false;
  }
  int fd = mkstemp(out->temporary);
  if (fd < 0) {
    int saved = errno;
    forget(out);
    errno = saved;
    return false;
  }
  mode_t mode = existing ? existing->st_mode & 07777 : new_file_mode();
  out->stream = fchmod(fd, mode) == 0 ? fdopen(fd, "wb") : NULL;
  if (!out->stream) {
    int saved = errno;
    close(fd);
    unlink(out->temporary);
    forget(out);
    errno = saved;
    return false;
  }
  return true;
}

bool outfile_open(bg_outfile *out, const char *path) {
  memset(out, 0, sizeof *out);
  if (is_stdout(path)) {
    out->stream = stdout;
    return true;
  }
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return false;
  }
  if (exists && !S_ISREG(st.st_mode)) {
    out->stream = fopen(path, "wb");
    return out->stream != NULL;
  }
  return open_temporary(out, path, exists ? &st : NULL);
}

bool outfile_commit(bg_outfile *out) {
  if (out->stream == stdout) {
    bool ok = fflush(stdout) == 0 && !ferror(stdout);
    out->stream = NULL;
    return ok;
  }
  bool ok = fflush(out->stream) == 0 && !ferror(out->stream);
  if (ok && out->temporary)
    ok = fsync(fileno(out->stream)) == 0;
  int saved = errno;
  if (fclose(out->stream) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  out->stream = NULL;
  if (ok && out->temporary && rename(out->temporary, out->target) != 0) {
    ok = false;
    saved = errno;
  }
  if (!ok && out->temporary)
    unlink(out->temporary);
  forget(out);
  errno = saved;
  return ok;
}

void outfile_abandon(bg_outfile *out) {
  if (out->stream == stdout)
    fflush(stdout);
  else if (out->stream)
    fclose(out->stream);
  if (out->temporary)
    unlink(out->temporary);
  forget(out);
}

bool outfile_is_input(const char *output, const char *input) {
  struct stat out_st, in_st;
  int got = is_stdout(output) ? fstat(STDOUT_FILENO, &out_st) : stat(output, &out_st);
  if (got != 0 || !S_ISREG(out_st.st_mode))
    return false;
  got = strcmp(input, "-") == 0 ? fstat(STDIN_FILENO, &in_st) : stat(input, &in_st);
  return got == 0 && in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino;
}
