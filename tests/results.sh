#!/usr/bin/env bash
# results.sh — the results bgmatch writes agree with the record's own score
# lines, and its SGF starts each game at the score the record gives.
#
#   tests/results.sh [BIN]   BIN defaults to build/bgmatch
#
# The records: samples/*.mat (all valid), every record of the shared corpus
# (*.mat, *.txt, *.sgf, *.xg) that `bgmatch check` finds valid (corpus.sh
# says which those are), and every record of the shared archive that its
# EXPECTED.tsv calls `clean` or `warn * incomplete` (the expected verdict,
# not bgmatch's: a record the referee gets wrong is still tried here).
# Each is converted with `convert --to json` and `--to sgf`; one case a
# record (tests/lib/results_agree.py):
#   - each game's result (games[].result: winner, points) is what the next
#     game's score line adds to this one's (games[].score); a game with no
#     result, nothing;
#   - the last game, when its Wins line says "and the match": its winner's
#     score plus the points reaches the match length;
#   - the SGF has a game tree per game, whose MI[length:L][game:G][ws:A]
#     [bs:B] is the match length, the game's index and its score line (a
#     match resumed at 1-0 starts at 1-0 in gnubg too).
# Without python3 a SKIP (a failure under CI=true); without the corpus or
# the archive that part says SKIP.  Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2

bin=${1:-build/bgmatch}
[[ $bin == /* ]] || bin=$PWD/$bin
shared=${BGMATCH_SHARED:-../shared}
source "$here/lib/tally.sh"

python=""
for candidate in /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null 2>&1; then
    python=$candidate
    break
  fi
done
if [[ -z $python ]]; then
  skip_tool python3 results "python3 is not installed"
  tally_end
  exit
fi
if [[ ! -x $bin ]]; then
  verdict FAIL results "$bin is not an executable (build it first: make all)"
  tally_end
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-results.XXXXXX")
trap 'rm -rf "$work"' EXIT
list=$work/list

# convert FILE: both conversions, one line of the list (the conversion's
# status is not looked at: an invalid record is not tried here).
count=0
convert() {
  local file=$1
  count=$((count + 1))
  "$bin" convert --to json "$file" >"$work/$count.json" 2>/dev/null
  "$bin" convert --to sgf "$file" >"$work/$count.sgf" 2>/dev/null
  printf '%s\t%s\t%s\n' "$file" "$work/$count.json" "$work/$count.sgf" >>"$list"
}

: >"$list"
shopt -s nullglob
for file in samples/*.mat; do
  convert "$file"
done
if [[ -d $shared/corpus ]]; then
  while IFS= read -r file; do
    "$bin" check "$file" >/dev/null 2>&1 && convert "$file"
  done < <(find -H "$shared/corpus" -type f \( -name '*.mat' -o -name '*.txt' -o -name '*.sgf' \
    -o -name '*.xg' \) ! -name 'README*' | sort)
else
  skip_shared "results of the corpus records" "$shared/corpus not found"
fi
if [[ -f $shared/archive/EXPECTED.tsv ]]; then
  while IFS=$'\t' read -r file expect _; do
    [[ $expect == clean || $expect == warn ]] && convert "$shared/archive/$file"
  done < <(tr -d '\r' <"$shared/archive/EXPECTED.tsv")
else
  skip_shared "results of the archive records" "$shared/archive/EXPECTED.tsv not found"
fi

while IFS=$'\t' read -r what label why; do
  case $what in
  ok) verdict ok "$label ($why)" ;;
  FAIL) verdict FAIL "$label" "$why" ;;
  \#*) echo "$what" ;;
  *) verdict FAIL "results_agree.py" "unexpected output: $what $label $why" ;;
  esac
done < <("$python" "$here/lib/results_agree.py" "$list" 2>&1)
echo "results: $count records converted to JSON and SGF"
tally_end
