/*
 * cli_jobs.c — -j N for the commands that read many files (cli.h): N
 * threads each take the next file, print into buffers of their own, and
 * the calling thread prints each file's buffers in the order of the files,
 * so that the output is byte for byte what one file after another gives.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "alloc.h"
#include "cli.h"
#include "match.h"
#include "replay.h"

/* How many files may be read ahead of the one printed next, for each
 * thread: enough to keep threads busy past a slow file, few enough that
 * the buffered output stays small. */
#define JOBS_AHEAD 8

/* The most threads -j makes: past it, more threads only hold more
 * buffered output. */
#define MAX_JOBS 256

int cli_apply_jobs(const char *arg, int *jobs) {
  char *end;
  errno = 0;
  long n = strtol(arg, &end, 10);
  if (errno || end == arg || *end || n < 0 || n > MAX_JOBS)
    return cli_usage_error(
        "-j takes a number of files at once from 0 (one a processor) to 256, not", arg);
  if (n == 0) {
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    n = processors > 0 ? (processors < MAX_JOBS ? processors : MAX_JOBS) : 1;
  }
  *jobs = (int)n;
  return -1;
}

typedef struct {
  bool done;
  char *out, *err; /* what the file's work printed, to be printed in order */
  size_t out_size, err_size;
} job_result;

typedef struct {
  cli_job_work work;
  void *context;
  size_t count;
  job_result *results;
  size_t next;    /* the next file to take */
  size_t printed; /* the files printed so far */
  size_t ahead;   /* how far `next` may run ahead of `printed` */
  pthread_mutex_t lock;
  pthread_cond_t changed;
} job_queue;

static void run_one(job_queue *queue, size_t index) {
  job_result *result = &queue->results[index];
  FILE *out = open_memstream(&result->out, &result->out_size);
  FILE *err = open_memstream(&result->err, &result->err_size);
  if (!out || !err)
    bg_out_of_memory();
  queue->work(index, out, err, queue->context);
  fclose(out);
  fclose(err);
}

static void *job_worker(void *data) {
  job_queue *queue = data;
  pthread_mutex_lock(&queue->lock);
  while (queue->next < queue->count) {
    if (queue->next >= queue->printed + queue->ahead) {
      pthread_cond_wait(&queue->changed, &queue->lock);
      continue;
    }
    size_t index = queue->next++;
    pthread_mutex_unlock(&queue->lock);
    run_one(queue, index);
    pthread_mutex_lock(&queue->lock);
    queue->results[index].done = true;
    pthread_cond_broadcast(&queue->changed);
  }
  pthread_mutex_unlock(&queue->lock);
  match_pool_release(); /* the thread's pooled arrays end with it */
  bg_replay_pool_release();
  return NULL;
}

/* Prints each file's output in order as it is ready, then hands it to
 * `done`. */
static void print_in_order(job_queue *queue, cli_job_done done, progress *bar) {
  for (size_t index = 0; index < queue->count; index++) {
    job_result *result = &queue->results[index];
    pthread_mutex_lock(&queue->lock);
    while (!result->done)
      pthread_cond_wait(&queue->changed, &queue->lock);
    pthread_mutex_unlock(&queue->lock);
    if (bar && (result->out_size > 0 || result->err_size > 0))
      cli_progress_erase(bar);
    fwrite(result->out, 1, result->out_size, stdout);
    if (result->err_size > 0) {
      fflush(stdout);
      fwrite(result->err, 1, result->err_size, stderr);
    }
    free(result->out);
    free(result->err);
    done(index, queue->context);
    pthread_mutex_lock(&queue->lock);
    queue->printed++;
    pthread_cond_broadcast(&queue->changed);
    pthread_mutex_unlock(&queue->lock);
  }
}

void cli_jobs_run(size_t count, int jobs, cli_job_work work, cli_job_done done,
                  void *context, progress *bar) {
  job_queue queue = {.work = work,
                     .context = context,
                     .count = count,
                     .results = bg_calloc(count ? count : 1, sizeof(job_result)),
                     .ahead = (size_t)jobs * JOBS_AHEAD};
  pthread_mutex_init(&queue.lock, NULL);
  pthread_cond_init(&queue.changed, NULL);
  pthread_t *threads = bg_calloc((size_t)jobs, sizeof *threads);
  int started = 0;
  sigset_t old_mask;
  cli_hold_interruptions(&old_mask); /* held by the threads for good */
  while (started < jobs &&
         pthread_create(&threads[started], NULL, job_worker, &queue) == 0)
    started++;
  cli_release_interruptions(&old_mask);
  if (started == 0) { /* no thread could be made: this one does the work */
    queue.ahead = count;
    job_worker(&queue);
  }
  print_in_order(&queue, done, bar);
  for (int i = 0; i < started; i++)
    pthread_join(threads[i], NULL);
  pthread_mutex_destroy(&queue.lock);
  pthread_cond_destroy(&queue.changed);
  free(threads);
  free(queue.results);
}
