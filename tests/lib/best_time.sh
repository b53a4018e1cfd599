# best_time.sh — sourced by the timing scripts (bench.sh, hostile.sh):
#
#   best_time COMMAND...   prints the best wall time of three runs of
#                          COMMAND (its output thrown away), in seconds
#                          (BEST_TIME_RUNS runs when it is set)
#
# The best of three, not the mean: on a shared machine the other runs
# measure the neighbours.
# shellcheck shell=bash
best_time() {
  local best="" run runs=${BEST_TIME_RUNS:-3}
  for ((run = 0; run < runs; run++)); do
    best=$(least_time "$(best_time_once "$@")" "$best")
  done
  echo "$best"
}

#   best_time_pair A B ARGS...   runs A ARGS and B ARGS alternately, three
#                                times each (or BEST_TIME_RUNS), and prints
#                                the best wall time of each ("ta tb"; "ta -"
#                                when B is empty)
#
# Alternated, so that a neighbour's burst slows both builds alike and their
# ratio holds where their times do not.
best_time_pair() {
  local first=$1 second=$2 best_first="" best_second="" run runs=${BEST_TIME_RUNS:-3}
  shift 2
  for ((run = 0; run < runs; run++)); do
    best_first=$(least_time "$(best_time_once "$first" "$@")" "$best_first")
    [[ -z $second ]] && continue
    best_second=$(least_time "$(best_time_once "$second" "$@")" "$best_second")
  done
  echo "$best_first ${best_second:--}"
}

#   best_time_once COMMAND...    the wall time of one run of COMMAND
best_time_once() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }'
}

#   least_time TIME BEST         the smaller of the two; TIME when BEST is
#                                empty (the first run)
least_time() {
  awk -v t="$1" -v b="$2" 'BEGIN { print (b == "" || t < b) ? t : b }'
}
