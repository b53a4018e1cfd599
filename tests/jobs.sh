#!/usr/bin/env bash
# jobs.sh — `check -j N` prints exactly what `check -j 1` prints (standard
# output, standard error, exit status), whatever order the threads finish
# in: over samples/, the e2e cases (records with every kind of problem,
# unreadable gzip among them) and the shared corpus, in each output mode;
# and `stats -j N` and `results -j N` what their -j 1 prints, as text
# and JSON; `annotate -j N` its listings and pages; `convert -j N` its
# standard output in every notation and, with -d, the same files (a
# file that cannot be opened among the inputs).
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
command=annotate same "annotate" -v "${operands[@]}"
command=annotate same "annotate -C 1 --problems" -C 1 --problems "${operands[@]}"
command=annotate same "annotate html" --format html "${operands[@]}"
command=annotate same "annotate html --problems" --format html --problems "${operands[@]}"
for to in mat yaml json sgf; do
  command=convert same "convert --to $to" --to "$to" -v missing.mat "${operands[@]}"
done
command=convert same "convert --strict" --to mat --strict "${operands[@]}"

# same_directory WHAT ARGS...: `convert -d` writes the same files, and says
# the same, with -j 1 and -j 2, 3, 0.  The e2e inputs of check alone: those
# of the other folders are links to them, which -d would write twice.
same_directory() {
  local what=$1 jobs
  shift
  for jobs in 1 2 3 0; do
    rm -rf "$work/out" && mkdir "$work/out"
    "$bin" convert -j "$jobs" -d "$work/out" "$@" >"$work/$jobs.out" 2>"$work/$jobs.err"
    echo $? >>"$work/$jobs.err"
    rm -rf "$work/tree.$jobs" && mv "$work/out" "$work/tree.$jobs"
    [[ $jobs == 1 ]] && continue
    if ! diff -r "$work/tree.1" "$work/tree.$jobs" >/dev/null ||
      ! cmp -s "$work/1.out" "$work/$jobs.out" || ! cmp -s "$work/1.err" "$work/$jobs.err"; then
      verdict FAIL "$what, -j $jobs" "differs from -j 1: $(diff -r "$work/tree.1" "$work/tree.$jobs" | head -n 3)"
      return
    fi
  done
  local files
  files=$(find "$work/tree.1" -type f | wc -l)
  if ((files == 0)); then
    verdict FAIL "$what" "-j 1 wrote no file: nothing was compared"
    return
  fi
  verdict ok "$what: -j 2, 3 and 0 write the $files files -j 1 writes, and say the same"
}
for to in mat yaml; do
  same_directory "convert -d --to $to" --to "$to" samples tests/e2e/cases/check missing.mat
done

# one_call_each WHAT DIR...: one `check` of every .mat and .txt record
# under the folders prints the diagnostics a `check` of each alone prints,
# in turn: a reader leaves its memos to the next (read_mat_spare.c), and
# nothing of one record may show in the next one's verdict.
one_call_each() {
  local what=$1 file
  shift
  find "$@" -type f \( -name '*.mat' -o -name '*.txt' \) | sort >"$work/records"
  : >"$work/each.out"
  while IFS= read -r file; do
    "$bin" check -- "$file" >>"$work/each.out" 2>/dev/null
  done <"$work/records"
  xargs -d '\n' "$bin" check -j 1 -- <"$work/records" >"$work/all.out" 2>/dev/null
  if [[ ! -s $work/each.out ]]; then
    verdict FAIL "$what, one call" "the records checked alone printed nothing: nothing was compared"
  elif ! cmp -s "$work/each.out" "$work/all.out"; then
    verdict FAIL "$what, one call" "differs from a call each: $(diff "$work/each.out" "$work/all.out" | head -n 3)"
  else
    verdict ok "$what: one call over $(wc -l <"$work/records") records prints what a call each prints ($(wc -l <"$work/all.out") lines)"
  fi
}
one_call_each "samples and e2e records" samples tests/e2e/cases/check

if [[ -d $corpus ]]; then
  same "corpus" --from=mat "$corpus" samples/broken
  one_call_each "corpus" "$corpus"
else
  skip_shared "corpus, -j" "$corpus not found"
fi
tally_end
