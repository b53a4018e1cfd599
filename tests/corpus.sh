#!/usr/bin/env bash
# corpus.sh — every real record of the shared corpus gives the verdict its
# README states.
#
#   tests/corpus.sh [BIN]     BIN defaults to build/bgmatch; the corpus is
#                             ${BGMATCH_SHARED:-../shared}/corpus
#
# Every */*.txt and */*.mat file (SGF is not read yet) must check with exit
# status 0 and no "error:" line, except the three the README calls broken:
#   bgstudio/Minchy_-_Llabba_13pt_...txt, bgstudio/MrPurple_-_Lasse_3pt_...txt
#       exit 1, a [score] error on the line of "Wins 4016 point", no other error;
#   galaxy/match9814649.txt
#       exit 1, a [score] error on the Wins line of its game (the gammon scored
#       1 point), no other error; and with --jacoby no error at all.
# The lines are found with grep here, not written down.  Then the goldens
# of tests/corpus-golden/ (show, stats and annotate on corpus records).  Without the corpus
# the script says SKIP (one skipped case) and passes; under CI=true with the
# shared folder there but no corpus in it, that is a failure.  Ends with
# "N passed, M failed, K skipped".
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
export LC_ALL=C

source "$here/tally.sh"
bin=${1:-build/bgmatch}
corpus=${BGMATCH_SHARED:-../shared}/corpus
if [[ ! -d $corpus ]]; then
  skip_shared corpus "$corpus not found; set BGMATCH_SHARED to the shared folder"
  tally_end
  exit
fi
if [[ ! -x $bin ]]; then
  verdict FAIL corpus "$bin is not an executable (build it first: make all)"
  tally_end
  exit 1
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
cd "$corpus" || exit 2

out=$(mktemp "${TMPDIR:-/tmp}/bgmatch-corpus.XXXXXX")
trap 'rm -f "$out"' EXIT

# check FILE [OPTION...]: runs bgmatch; output in $out, status in $status.
check() {
  local file=$1
  shift
  "$bin" check "$@" "$file" >"$out" 2>&1
  status=$?
}

first_errors() {
  grep -F ': error: ' "$out" | head -n 5
}

expect_valid() { # expect_valid FILE [OPTION...]
  local file=$1
  check "$@"
  shift
  local label="$file${*:+ ($*)}"
  if [[ $status -eq 0 ]] && ! grep -Fq ': error: ' "$out"; then
    verdict ok "$label"
  else
    verdict FAIL "$label" "expected valid (exit 0, no error), got exit $status:
$(first_errors)"
  fi
}

# expect_score_error FILE LINE: exit 1, a [score] error on LINE, no other error.
expect_score_error() {
  local file=$1 line=$2
  if [[ -z $line ]]; then
    verdict FAIL "$file" "could not find the line to expect the error on"
    return
  fi
  check "$file"
  local hits others
  hits=$(grep -Ec "^${file//./\\.}:${line}:[0-9]+: error: .*\\[score\\]\$" "$out")
  others=$(($(grep -Fc ': error: ' "$out") - hits))
  if [[ $status -eq 1 && $hits -ge 1 && $others -eq 0 ]]; then
    verdict ok "$file (score error on line $line)"
  else
    verdict FAIL "$file" "expected exit 1 with a [score] error on line $line and no other error, got exit $status:
$(first_errors)"
  fi
}

# The line of the last grep match of PATTERN in FILE (the last game's).
last_line_of() {
  grep -n -E -- "$2" "$1" | tail -n 1 | cut -d: -f1
}


minchy=bgstudio/Minchy_-_Llabba_13pt_Backgammon_Studio_2023_02_24_19_44_27.txt
mrpurple=bgstudio/MrPurple_-_Lasse_3pt_Backgammon_Studio_2024_05_11_20_10_33.txt
galaxy=galaxy/match9814649.txt

shopt -s nullglob
for file in */*.txt */*.mat; do
  case $file in
  "$minchy" | "$mrpurple" | "$galaxy") continue ;;
  esac
  expect_valid "$file"
done

for file in "$minchy" "$mrpurple"; do
  if [[ -f $file ]]; then
    expect_score_error "$file" "$(last_line_of "$file" 'Wins 4016 point')"
  else
    verdict FAIL "$file" "missing from the corpus"
  fi
done
if [[ -f $galaxy ]]; then
  # One game, a gammon scored 1 point: its Wins line is the file's last.
  expect_score_error "$galaxy" "$(last_line_of "$galaxy" 'Wins [0-9]+ points?')"
  expect_valid "$galaxy" --jacoby
else
  verdict FAIL "$galaxy" "missing from the corpus"
fi

# Goldens of the commands people read (show, stats, annotate) on real
# records, valid and broken: tests/corpus-golden/NAME.cmd is one command
# line run in the corpus folder (so the names in the output are the
# corpus's own), NAME.expected its standard output, read by eye.
golden=$here/corpus-golden
for cmd in "$golden"/*.cmd; do
  name=$(basename "$cmd" .cmd)
  read -r -a words <"$cmd"
  got=$("$bin" "${words[@]}" 2>/dev/null) # in the corpus folder (cd above)
  if [[ ! -f $golden/$name.expected ]]; then
    verdict FAIL "golden $name" "no $name.expected"
  elif [[ $got == "$(cat "$golden/$name.expected")" ]]; then
    verdict ok "golden $name ($(wc -l <"$golden/$name.expected") lines)"
  else
    verdict FAIL "golden $name" "differs: $(diff <(echo "$got") "$golden/$name.expected" | head -n 4)"
  fi
done
tally_end
