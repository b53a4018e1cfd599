# tally.sh — sourced by the test scripts: counts verdicts and prints the
# closing "N passed, M failed" line that make check totals.
#
#   verdict ok|FAIL WHAT [WHY]   one case; prints "ok WHAT" or
#                                "FAIL WHAT: WHY" unless TALLY_QUIET=true
#   tally_end                    the closing line; status 1 if any failed
passed=0
failed=0
TALLY_QUIET=${TALLY_QUIET:-false}

verdict() {
  if [[ $1 == ok ]]; then
    passed=$((passed + 1))
    $TALLY_QUIET || echo "ok $2"
  else
    failed=$((failed + 1))
    $TALLY_QUIET || echo "FAIL $2: $3"
  fi
}

tally_end() {
  echo "$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
}
