# best_time.sh — sourced by the timing scripts (bench.sh, hostile.sh):
#
#   best_time COMMAND...   prints the best wall time of three runs of
#                          COMMAND (its output thrown away), in seconds
#
# The best of three, not the mean: on a shared machine the other runs
# measure the neighbours.
# shellcheck shell=bash
best_time() {
  local best="" t0 t1 t
  for _ in 1 2 3; do
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
    if [[ -z $best ]] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then
      best=$t
    fi
  done
  echo "$best"
}
