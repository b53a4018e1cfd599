#!/usr/bin/env bash
# hostile.sh — a record full of mistakes costs about what a valid one
# costs: `check` on a file of random plays, dice, cube words, junk lines
# and ???? (tests/tools/gen_garbage.c) must not be more than LIMIT (15,
# the design's bound) times slower per byte than on a file of valid
# records of the same size (tests/tools/gen_match.c), both measured here
# in the same run, so the test is a ratio that holds on a slow or busy
# machine, not a time.
#
#   tests/hostile.sh BIN GEN_MATCH GEN_GARBAGE [DIR]
#
# Two shapes of garbage: one money session (every game in one match, the
# diagnostics held until its end) and many short matches.  Each time is the
# best of five runs, the three files alternated.  Prints the figures, then
# "N passed, M failed, 0 skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/lib/tally.sh"

bin=$1 gen_match=$2 gen_garbage=$3
dir=${4:-build/hostile}
limit=15
bytes=3700000
mkdir -p "$dir"

"$gen_match" --seed 20261126 --dialect mixed --bytes "$bytes" >"$dir/valid.mat" || exit 2
"$gen_garbage" --seed 20261126 --bytes "$bytes" >"$dir/session.mat" || exit 2
"$gen_garbage" --seed 20261127 --bytes "$bytes" --length 3 --games-per-match 4 \
  >"$dir/matches.mat" || exit 2

source "$here/lib/best_time.sh"

# The three files alternate in each of five rounds and each keeps its best
# time: a busy spell of the machine slows the valid file alike, so that the
# ratios hold where the times do not.
declare -A best
for ((round = 0; round < 5; round++)); do
  for shape in valid session matches; do
    best[$shape]=$(least_time "$(best_time_once "$bin" check -q "$dir/$shape.mat")" "${best[$shape]:-}")
  done
done

valid_time=${best[valid]}
valid_bytes=$(wc -c <"$dir/valid.mat")
printf "%-12s %9s %9s %12s\n" "" "MB" "seconds" "x valid/MB"
printf "%-12s %9.2f %9.3f %12s\n" valid "$(awk -v b="$valid_bytes" 'BEGIN{print b/1e6}')" \
  "$valid_time" 1.0
for shape in session matches; do
  file=$dir/$shape.mat
  t=${best[$shape]}
  b=$(wc -c <"$file")
  ratio=$(awk -v t="$t" -v b="$b" -v vt="$valid_time" -v vb="$valid_bytes" \
    'BEGIN { printf "%.1f", (t / b) / (vt / vb) }')
  printf "%-12s %9.2f %9.3f %12s\n" "$shape" "$(awk -v b="$b" 'BEGIN{print b/1e6}')" "$t" \
    "$ratio"
  if awk -v r="$ratio" -v l="$limit" 'BEGIN { exit !(r <= l) }'; then
    verdict ok "garbage $shape: $ratio times a valid record's time per byte (at most $limit)"
  else
    verdict FAIL "garbage $shape" "$ratio times a valid record's time per byte (more than $limit)"
  fi
done
tally_end
