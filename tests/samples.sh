#!/usr/bin/env bash
# samples.sh — the project's own records (samples/) through the built bgmatch.
#
#   tests/samples.sh [BIN]          test: every samples/*.mat checks clean
#                                   under --strict; every samples/broken/*.mat
#                                   gives exactly the problem its line of
#                                   samples/broken/EXPECTED.tsv states (that
#                                   rule, on that line, and no other error).
#                                   Ends with "N passed, M failed, K skipped".
#   tests/samples.sh --demo [BIN]   `make demo`: shows what bgmatch prints for
#                                   each sample and says which problems are
#                                   there on purpose, then one conversion;
#                                   never fails because a broken sample is
#                                   broken.
# BIN defaults to build/bgmatch.  Runs from the repository root, so file
# names in diagnostics read samples/...
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/

demo=false
if [[ ${1:-} == --demo ]]; then
  demo=true
  shift
fi
bin=${1:-build/bgmatch}
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
[[ $bin == /* ]] || bin=./$bin
expected_table=samples/broken/EXPECTED.tsv
if [[ ! -x $bin ]]; then
  echo "samples: $bin is not an executable (build it first: make all)"
  echo "0 passed, 1 failed, 0 skipped"
  exit 2
fi

TALLY_QUIET=$demo # the demo shows each record's output instead
source "$here/lib/tally.sh"
out=$(mktemp "${TMPDIR:-/tmp}/bgmatch-samples.XXXXXX")
trap 'rm -f "$out"' EXIT

# Runs bgmatch check on FILE (extra options first); output in $out, status
# in $status.  The demo shows the command and everything it prints.
run_check() {
  if $demo; then
    echo "\$ bgmatch check $*"
    "$bin" check "$@" >"$out" 2>&1
    status=$?
    sed 's/^/  /' "$out"
    echo "  (exit status $status)"
  else
    "$bin" check "$@" >"$out" 2>/dev/null
    status=$?
  fi
}

check_valid() {
  local file=$1
  run_check --strict "$file"
  if [[ $status -eq 0 ]] && ! grep -Eq ': (error|warning): ' "$out"; then
    verdict ok "$file"
  else
    verdict FAIL "$file" "expected a clean record (exit 0 under --strict), got exit $status:
$(grep -E ': (error|warning): ' "$out" | head -n 5)"
  fi
}

# The diagnostic lines of $out for FILE with SEVERITY and RULE, at LINE
# ("-" for any line).
count_expected() {
  local file=$1 line=$2 rule=$3 severity=$4 at='[0-9]+'
  [[ $line != - ]] && at=$line
  grep -Ec "^${file//./\\.}:${at}:[0-9]+: ${severity}: .*\\[${rule}\\]\$" "$out"
}

check_broken() {
  local file=$1 line=$2 rule=$3 severity=$4 want_status=0 where
  [[ $severity == error ]] && want_status=1
  where="at line $line"
  [[ $line == - ]] && where="(any line)"
  $demo && echo && echo "== $file: broken on purpose, expect $severity [$rule] $where"
  run_check "$file"
  local hits errors
  hits=$(count_expected "$file" "$line" "$rule" "$severity")
  errors=$(grep -Ec ': error: ' "$out")
  [[ $severity == error ]] && errors=$((errors - hits))
  if [[ $status -eq $want_status && $hits -ge 1 && $errors -eq 0 ]]; then
    verdict ok "$file"
    $demo && echo "  -> as expected"
  else
    verdict FAIL "$file" "expected exit $want_status with $severity [$rule] $where and no other error; got exit $status:
$(grep -E ': (error|warning): ' "$out" | head -n 5)"
    $demo && echo "  -> NOT as expected"
  fi
}

if $demo; then
  echo "== the valid samples, all at once (their names say where they come from)"
  run_check samples/*.mat
  if [[ $status -eq 0 ]]; then
    echo "  -> all clean, as expected"
  else
    echo "  -> NOT as expected: these samples are valid"
  fi
else
  for file in samples/*.mat; do
    check_valid "$file"
  done
fi

declare -A listed=()
while IFS=$'\t' read -r name line rule severity; do
  [[ -z $name || $name == \#* ]] && continue
  listed[$name]=1
  check_broken "samples/broken/$name" "$line" "$rule" "$severity"
done <"$expected_table"
for file in samples/broken/*.mat; do
  [[ -n ${listed[$(basename "$file")]:-} ]] ||
    verdict FAIL "$file" "not listed in $expected_table"
done

if $demo; then
  echo
  echo "== all samples at once, diagnostics as JSON (one object a line)"
  run_check --format json samples/*.mat samples/broken/*.mat
  echo
  echo "== a record converted to the canonical .mat layout, the one GNU Backgammon"
  echo "   imports (eXtreme Gammon's BOM, CRLF, Bar/20, 6/Off and 6/5(2) become"
  echo "   25/20, 6/0 and 6/5 6/5; the first game shown)"
  echo "\$ bgmatch convert --to mat samples/xg-style.mat"
  "$bin" convert --to mat samples/xg-style.mat 2>&1 | sed -n '/^ Game 1$/,/^$/{/^$/!p}' | sed 's/^/  /'
  echo
  echo "demo: of the $((passed + failed)) deliberately broken samples, $passed gave the"
  echo "expected problem and $failed did not; the problems shown for samples/broken/"
  echo "are there on purpose (see samples/README.md)."
  exit 0
fi
tally_end
