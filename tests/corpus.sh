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
# of tests/corpus-golden/ (show, stats and annotate on corpus records).
#
# Then the archive (${BGMATCH_SHARED:-../shared}/archive): each row of its
# EXPECTED.tsv is one case, the record checked in the archive folder (so
# that its name is the row's):
#   clean               exit 0 and no "error:" line (warnings allowed);
#   error LINE RULE     exit 1, and the FIRST error reported is on LINE with
#                       [RULE] (what follows it is not looked at);
#   warn * incomplete   exit 0, no error, and an [incomplete] warning.
# A record of records/ that has no row is a failure too, and so is a row
# whose record is missing or whose verdict is none of the three.  A row of
# tests/corpus-golden/archive-overrides.tsv replaces the archive's row for
# its file (the shared folder is read-only): each says why, in its reason.
#
# Then ${BGMATCH_SHARED:-../shared}/bulk/javafibs, the same way, against
# tests/corpus-golden/javafibs-EXPECTED.tsv: every JavaFIBS log with its
# verdict and, for each one once flagged, the reason read on the board.
#
# Without the corpus, or without the archive, that part says SKIP (one
# skipped case) and the other runs; under CI=true with the shared folder
# there but the part not in it, that is a failure.  Ends with
# "N passed, M failed, K skipped".
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
export LC_ALL=C

source "$here/lib/tally.sh"
bin=${1:-build/bgmatch}
corpus=${BGMATCH_SHARED:-../shared}/corpus
archive=${BGMATCH_SHARED:-../shared}/archive
javafibs=${BGMATCH_SHARED:-../shared}/bulk/javafibs
if [[ ! -d $corpus && ! -d $archive ]]; then
  skip_shared corpus "$corpus not found; set BGMATCH_SHARED to the shared folder"
  skip_shared archive "$archive not found; set BGMATCH_SHARED to the shared folder"
  skip_shared javafibs "$javafibs not found; set BGMATCH_SHARED to the shared folder"
  tally_end
  exit
fi
if [[ ! -x $bin ]]; then
  verdict FAIL corpus "$bin is not an executable (build it first: make all)"
  tally_end
  exit 1
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
# Both parts cd into their folder: their paths made absolute first.
[[ -d $corpus ]] && corpus=$(cd "$corpus" && pwd)
[[ -d $archive ]] && archive=$(cd "$archive" && pwd)
[[ -d $javafibs ]] && javafibs=$(cd "$javafibs" && pwd)

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

# ---- the corpus -------------------------------------------------------------

corpus_part() {
  cd "$corpus" || exit 2

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
}

# ---- the archive ------------------------------------------------------------

# archive_case FILE EXPECT LINE RULE: one row of EXPECTED.tsv, labelled
# with $part (the folder's name).
archive_case() {
  local file=$1 expect=$2 line=$3 rule=$4 first errors incomplete
  if [[ ! -f $file ]]; then
    verdict FAIL "$part $file" "listed in EXPECTED.tsv but not in the archive"
    return
  fi
  check "$file"
  first=$(grep -F -m 1 ': error: ' "$out")
  errors=$(grep -Fc ': error: ' "$out")
  incomplete=$(grep -Ec ': warning: .*\[incomplete\]$' "$out")
  case $expect in
  clean)
    if [[ $status -eq 0 && $errors -eq 0 ]]; then
      verdict ok "$part $file (clean)"
    else
      verdict FAIL "$part $file" "expected clean (exit 0, no error), got exit $status:
$(first_errors)"
    fi
    ;;
  error)
    if [[ $status -eq 1 && $first == "$file:$line:"[0-9]*": error: "*" [$rule]" ]]; then
      verdict ok "$part $file (first error on line $line, [$rule])"
    else
      verdict FAIL "$part $file" "expected exit 1 and the first error on line $line with [$rule], got exit $status:
${first:-no error}"
    fi
    ;;
  warn)
    if [[ $rule != incomplete ]]; then
      verdict FAIL "$part $file" "EXPECTED.tsv says warn $line $rule: only warn * incomplete is known here"
    elif [[ $status -eq 0 && $errors -eq 0 && $incomplete -gt 0 ]]; then
      verdict ok "$part $file (no error, an [incomplete] warning)"
    else
      verdict FAIL "$part $file" "expected exit 0, no error and an [incomplete] warning, got exit $status, $incomplete [incomplete]:
$(first_errors)"
    fi
    ;;
  *)
    verdict FAIL "$part $file" "EXPECTED.tsv gives an unknown verdict '$expect'"
    ;;
  esac
}

# expected_rows TSV [OVERRIDES]: the rows of TSV (file, expect, line, rule,
# then other columns; a header row), each replaced by the row of OVERRIDES
# with the same file where there is one.
expected_rows() {
  local tsv=$1 overrides=${2:-}
  if [[ -n $overrides ]]; then
    awk -F '\t' 'NR == FNR { if ($1 != "file") over[$1] = $0; next }
      { print (($1 in over) ? over[$1] : $0) }' <(tr -d '\r' <"$overrides") <(tr -d '\r' <"$tsv")
  else
    tr -d '\r' <"$tsv"
  fi
}

# expected_part NAME DIR TSV [OVERRIDES]: every row of TSV, a record of
# DIR/records checked in DIR; every record of DIR/records needs a row.
expected_part() {
  local name=$1 dir=$2 tsv=$3 overrides=${4:-}
  local file expect line rule rest listed=" " rows=0
  part=$name # the cases' label (archive_case)
  pushd "$dir" >/dev/null || exit 2
  shopt -s nullglob
  while IFS=$'\t' read -r file expect line rule rest; do
    [[ $file == file || -z $file ]] && continue
    archive_case "$file" "$expect" "$line" "$rule"
    listed+="$file "
    rows=$((rows + 1))
  done < <(expected_rows "$tsv" "$overrides")
  for file in records/*; do
    [[ $listed == *" $file "* ]] ||
      verdict FAIL "$name $file" "in $name but not in its EXPECTED.tsv"
  done
  echo "$name: $rows records of EXPECTED.tsv checked"
  popd >/dev/null || exit 2
}

archive_part() {
  if [[ ! -f $archive/EXPECTED.tsv ]]; then
    verdict FAIL archive "$archive/EXPECTED.tsv not found"
    return
  fi
  expected_part archive "$archive" "$archive/EXPECTED.tsv" "$here/corpus-golden/archive-overrides.tsv"
}

if [[ -d $corpus ]]; then
  corpus_part
else
  skip_shared corpus "$corpus not found; set BGMATCH_SHARED to the shared folder"
fi
if [[ -d $archive ]]; then
  archive_part
else
  skip_shared archive "$archive not found; set BGMATCH_SHARED to the shared folder"
fi
if [[ -d $javafibs ]]; then
  expected_part javafibs "$javafibs" "$here/corpus-golden/javafibs-EXPECTED.tsv"
else
  skip_shared javafibs "$javafibs not found; set BGMATCH_SHARED to the shared folder"
fi
tally_end
