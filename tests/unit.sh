#!/usr/bin/env bash
# unit.sh — runs the Check unit-test programs given as arguments and totals
# their cases.
#
#   tests/unit.sh build/tests/check_engine build/tests/check_referee ...
#
# Each program prints "100%: Checks: 12, Failures: 0, Errors: 0"; its cases
# are counted from that line.  A program that prints no such line (it
# crashed before the end) counts as one failed case, and so does one that
# exits non-zero although it reported no failure.  Ends with
# "N passed, M failed" and exits 1 if anything failed.
set -u

passed=0
failed=0
if [[ $# -eq 0 ]]; then
  echo "unit: no unit-test programs (tests/unit/check_*.c) yet"
fi
for program in "$@"; do
  echo "== $program"
  output=$("$program" 2>&1)
  status=$?
  printf '%s\n' "$output"
  line=$(grep -E '^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+' <<<"$output" |
    tail -n 1)
  if [[ -z $line ]]; then
    echo "FAIL $program: no Check summary line (exit status $status)"
    failed=$((failed + 1))
    continue
  fi
  checks=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
  failures=$(sed -E 's/.*Failures: ([0-9]+).*/\1/' <<<"$line")
  errors=$(sed -E 's/.*Errors: ([0-9]+).*/\1/' <<<"$line")
  bad=$((failures + errors))
  if [[ $status -ne 0 && $bad -eq 0 ]]; then
    echo "FAIL $program: exit status $status"
    bad=1
  fi
  passed=$((passed + checks - failures - errors))
  failed=$((failed + bad))
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
