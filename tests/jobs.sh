#!/usr/bin/env bash
# jobs.sh — `check -j N` prints exactly what `check -j 1` prints (standard
# output, standard error, exit status), whatever order the threads finish
# in: over samples/, the e2e cases (records with every kind of problem,
# unreadable gzip among them) and the shared corpus, in each output mode;
# and `stats -j N` and `results -j N` what their -j 1 prints, as text
# and JSON.
#
#   tests/jobs.sh [BIN]     BIN defaults to build/bgmatch
#
# Without the shared corpus that part says SKIP.  Ends with
# "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2
bin=${1:-build/bgmatch}
[[ $bin == /* ]] || bin=$PWD/$bin
corpus=${BGMATCH_SHARED:-../shared}/corpus
source "$here/lib/tally.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-jobs.XXXXXX")
trap 'rm -rf "$work"' EXIT

# same WHAT ARGS...: -j 1 and -j 2, 3, 0 (one a processor) agree; the
# command is $command (check when unset).
same() {
  local what=$1 jobs
  shift
  "$bin" "${command:-check}" -j 1 "$@" >"$work/one.out" 2>"$work/one.err"
  echo $? >"$work/one.status"
  for jobs in 2 3 0; do
    "$bin" "${command:-check}" -j "$jobs" "$@" >"$work/many.out" 2>"$work/many.err"
    echo $? >"$work/many.status"
    if ! cmp -s "$work/one.out" "$work/many.out" || ! cmp -s "$work/one.err" "$work/many.err" ||
      ! cmp -s "$work/one.status" "$work/many.status"; then
      verdict FAIL "$what, -j $jobs" "differs from -j 1: $(diff "$work/one.out" "$work/many.out" | head -n 3)"
      return
    fi
  done
  if [[ ! -s $work/one.out && ! -s $work/one.err ]]; then
    verdict FAIL "$what" "-j 1 printed nothing: nothing was compared"
    return
  fi
  verdict ok "$what: -j 2, 3 and 0 print what -j 1 prints ($(wc -l <"$work/one.out") lines, status $(cat "$work/one.status"))"
}

operands=(samples tests/e2e/cases)
same "text" "${operands[@]}"
same "json" --format json "${operands[@]}"
same "-l" -l "${operands[@]}"
same "-L --strict" -L --strict "${operands[@]}"
same "-q" -q "${operands[@]}"
command=stats same "stats" -v "${operands[@]}"
command=stats same "stats json" --format json "${operands[@]}"
command=results same "results" -v "${operands[@]}"
command=results same "results json" --format json "${operands[@]}"
if [[ -d $corpus ]]; then
  same "corpus" --from=mat "$corpus" samples/broken
else
  skip_shared "corpus, -j" "$corpus not found"
fi
tally_end
