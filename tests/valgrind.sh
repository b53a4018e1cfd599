#!/usr/bin/env bash
# valgrind.sh — a handful of bgmatch runs and one unit-test program under
# valgrind: no invalid access, no uninitialised read, no leak.
#
#   tests/valgrind.sh BIN [UNIT_PROGRAM [WRITER_DRIVER]]
#
# BIN checks YAML records too (the YAML reader: libyaml's parser and events
# freed).  WRITER_DRIVER (build/tests/tools/write_match) writes samples as YAML and
# JSON under valgrind: libyaml's emitter and jansson's tree freed.
#
# Each run passes when valgrind's log says "ERROR SUMMARY: 0 errors" and the
# program's exit status is the one the run expects (bgmatch's own 1 for a
# broken record is not a valgrind failure; --error-exitcode=1 still makes a
# run that should exit 0 fail on any error).  Without valgrind: SKIP, passes
# (a failure under CI=true, where .ci/run installs valgrind).
# Ends with "N passed, M failed, K skipped".
set -u

bin=${1:-build/bgmatch}
unit=${2:-}
driver=${3:-}
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
source tests/lib/tally.sh
if ! command -v valgrind >/dev/null 2>&1; then
  skip_tool valgrind valgrind "valgrind is not installed; apt-get install valgrind"
  tally_end
  exit
fi
[[ $bin == /* ]] || bin=./$bin
logs=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-valgrind.XXXXXX")
trap 'rm -rf "$logs"' EXIT
# shellcheck disable=SC2054 # the commas belong to the option
VALGRIND=(valgrind --leak-check=full --errors-for-leak-kinds=definite,possible
  --error-exitcode=1)

runs=0

# vg EXPECTED_STATUS STDIN COMMAND...
vg() {
  local want=$1 stdin=$2
  shift 2
  runs=$((runs + 1))
  local log=$logs/run$runs.log
  "${VALGRIND[@]}" --log-file="$log" "$@" <"$stdin" >/dev/null 2>&1
  local status=$?
  if ! grep -q 'ERROR SUMMARY: 0 errors' "$log" || [[ $status -ne $want ]]; then
    verdict FAIL "valgrind $*" "exit status $status (expected $want)
$(grep -v '^==[0-9]*== *$' "$log" | sed 's/^/  /' | head -n 40)"
  else
    verdict ok "valgrind $*"
  fi
}

cases=tests/e2e/cases
vg 0 /dev/null "$bin" --help
vg 0 /dev/null "$bin" check samples/gnubg-5pt-s201.mat samples/xg-style.mat
vg 0 /dev/null "$bin" check samples/fibs-two-matches.mat samples/bgstudio-style.mat
vg 1 /dev/null "$bin" check samples/broken/illegal-move.mat samples/broken/unplayed-dice.mat
vg 1 /dev/null "$bin" check --format json samples/broken/wrong-bear-off.mat samples/broken/cube.mat
# empty and binary files are unreadable (status 2); garbage-in-match is read
vg 2 /dev/null "$bin" check $cases/check/files/empty.mat $cases/check/files/garbage.mat $cases/check/syntax/garbage-in-match.mat
vg 0 samples/gnubg-money3g-s304.mat "$bin" check -
vg 2 /dev/null "$bin" check no-such-file.mat samples/broken/score.mat
# annotate: the text listing with boards, the HTML page, standard input,
# and a .xg listed as its canonical .mat, as text and as a page.
vg 1 /dev/null "$bin" annotate --board --ids samples/broken/illegal-move.mat
vg 1 /dev/null "$bin" annotate --format html samples/broken/cube.mat
vg 1 samples/broken/score.mat "$bin" annotate -
vg 1 /dev/null "$bin" annotate --board $cases/annotate/annotate-xg-valid.xg $cases/annotate/xg-places.xg
vg 1 /dev/null "$bin" annotate --format html $cases/annotate/xg-places.xg
# The YAML reader: a valid record, a broken rule, notation errors, aliases.
vg 1 /dev/null "$bin" check $cases/check/syntax/yaml-valid.yaml $cases/check/cube/yaml-cube.yaml \
  $cases/check/syntax/yaml-dubble.yaml $cases/check/syntax/yaml-alias-bomb.yaml $cases/check/syntax/yaml-missing-games.yaml
if [[ -n $driver ]]; then
  [[ $driver == /* ]] || driver=./$driver
  vg 0 /dev/null "$driver" yaml samples/fibs-two-matches.mat
  vg 0 /dev/null "$driver" json tests/notation/example.mat
  vg 0 /dev/null "$driver" yaml $cases/check/syntax/yaml-valid.yaml
fi
vg 0 /dev/null "$bin" convert --to mat -o "$logs/out.mat" samples/fibs-two-matches.mat
mkdir -p "$logs/tree"
vg 1 /dev/null "$bin" convert --to yaml -d "$logs/tree" $cases/check/files/tree
vg 1 /dev/null "$bin" convert --to mat --strict samples/broken/cube.mat samples/bgstudio-style.mat
vg 1 /dev/null "$bin" convert --to mat $cases/check/syntax/garbage-in-match.mat $cases/check/syntax/xg-set-position.mat
mkdir -p "$logs/dir"
vg 0 /dev/null "$bin" convert --to yaml -d "$logs/dir" samples/xg-style.mat samples/fibs-two-matches.mat
vg 0 /dev/null "$bin" convert --to json samples/bgstudio-style.mat
vg 1 /dev/null "$bin" check $cases/check/files/tree
vg 1 /dev/null "$bin" check -j 3 samples $cases/check/files/tree
mkdir -p "$logs/jobs"
vg 1 /dev/null "$bin" convert -j 2 --to yaml -d "$logs/jobs" $cases/check/files/tree samples/broken
vg 1 /dev/null "$bin" convert -j 2 --to mat samples/broken/cube.mat samples/bgstudio-style.mat
vg 1 /dev/null "$bin" annotate -j 2 --format html --problems $cases/check/files/tree samples/broken
vg 2 /dev/null "$bin" check -l $cases/check/files/corrupt.mat.gz $cases/check/files/truncated.mat.gz
vg 0 /dev/null "$bin" show samples/gnubg-3pt-s110.mat --game 2 --play 6
vg 0 /dev/null "$bin" show --format json samples/xg-style.mat --game 1 --play 3
vg 0 /dev/null "$bin" show samples/broken/illegal-move.mat --game 3 --play 28
vg 2 /dev/null "$bin" show $cases/show/show-unrecorded.mat --game 1 --play 4
vg 2 /dev/null "$bin" stats samples/gnubg-3pt-s110.mat samples/broken/illegal-move.mat \
  $cases/stats/garbage.mat
# lossy warnings said while the event's diagnostics are read (a fuzz find)
vg 1 /dev/null "$bin" convert --to sgf tests/fuzz/regress/lossy-moves-diags.mat
vg 0 samples/xg-style.mat "$bin" stats --format json -
vg 2 /dev/null "$bin" stats -j 2 samples $cases/check/files/corrupt.mat.gz
# results: the table, JSON and TSV over a folder with a duplicate pair, a
# broken record and a corrupt gzip file; help and a suggestion.
vg 2 /dev/null "$bin" results $cases/results/desk
vg 2 /dev/null "$bin" results --format json -v $cases/results/desk samples
vg 1 /dev/null "$bin" results --format tsv samples/broken
vg 0 /dev/null "$bin" help results
vg 2 /dev/null "$bin" chekc
# The .xg reader against what an independent reader decodes from five
# real files (check_read_xg: every score, play, cube action and result; it
# says SKIP inside where ../shared is absent).
xg_unit=$(dirname "${unit:-.}")/check_read_xg
if [[ -x $xg_unit ]]; then
  CK_FORK=no vg 0 /dev/null "$xg_unit"
fi
if [[ -n $unit && -x $unit ]]; then
  # CK_FORK=no: the tests run in the one process valgrind watches.
  CK_FORK=no vg 0 /dev/null "$unit"
elif [[ -n $unit ]]; then
  verdict FAIL "valgrind $unit" "not built"
else
  echo "valgrind: no unit-test program to run"
fi
tally_end
