#!/usr/bin/env bash
# unit.sh — runs the Check unit-test programs given as arguments and totals
# their cases.
#
#   tests/unit.sh build/tests/check_engine build/tests/check_referee ...
#
# Each program prints "100%: Checks: 12, Failures: 0, Errors: 0"; its cases
# are counted from that line.  A program that prints no such line (it
# crashed before the end) counts as one failed case, and so does one that
# exits non-zero although it reported no failure.
#
# A test that cannot do its work (a fixture or the corpus of the shared
# folder is absent) prints "SKIP: ..." and passes as far as Check knows;
# each such line counts as one skipped case instead of a passed one.  Every
# unit SKIP is about the shared folder, so under CI=true, when that folder
# is there, a SKIP is a failure (tally.sh's skip_shared).  Ends with
# "N passed, M failed, K skipped" and exits 1 if anything failed.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/tally.sh"

# The numbers of a Check summary LINE: "CHECKS FAILURES ERRORS".
check_counts() {
  sed -E 's/.*Checks: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+).*/\1 \2 \3/' <<<"$1"
}

# Counts PROGRAM's skips, each in place of one of the PASSES Check counted.
count_skips() {
  local program=$1 output=$2 passes=$3 line
  while IFS= read -r line; do
    if [[ $passes -eq 0 ]]; then
      break # the skipping test failed too: counted there already
    fi
    passes=$((passes - 1))
    passed=$((passed - 1))
    skip_shared "$program" "${line#SKIP: }"
  done < <(grep -E '^SKIP: ' <<<"$output")
}

if [[ $# -eq 0 ]]; then
  echo "unit: no unit-test programs (tests/unit/check_*.c) yet"
fi
for program in "$@"; do
  echo "== $program"
  output=$("$program" 2>&1)
  status=$?
  # The program's own SKIP lines are shown as count_skips words them.
  grep -vE '^SKIP: ' <<<"$output"
  line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' <<<"$output" |
    tail -n 1)
  if [[ -z $line ]]; then
    grep -E '^SKIP: ' <<<"$output"
    verdict FAIL "$program" "no Check summary line (exit status $status)"
    continue
  fi
  read -r checks failures errors <<<"$(check_counts "$line")"
  bad=$((failures + errors))
  if [[ $status -ne 0 && $bad -eq 0 ]]; then
    echo "FAIL $program: exit status $status"
    bad=1
  fi
  passes=$((checks - failures - errors))
  passed=$((passed + passes))
  failed=$((failed + bad))
  count_skips "$program" "$output" "$passes"
done
tally_end
