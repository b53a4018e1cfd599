# tally.sh — sourced by the test scripts: counts verdicts and prints the
# closing "N passed, M failed, K skipped" line that make check totals.
#
#   verdict ok|FAIL|skip WHAT [WHY]   one case; prints "ok WHAT",
#                                     "FAIL WHAT: WHY" or "SKIP: WHAT (WHY)"
#                                     (ok and FAIL not when TALLY_QUIET=true)
#   skip WHAT WHY                     the same as verdict skip WHAT WHY
#   skip_tool TOOL WHAT WHY           WHAT cannot run without TOOL: a skip,
#                                     but under CI=true a failure, for .ci/run
#                                     installs every tool a test here uses
#   skip_shared WHAT WHY              WHAT needs a part of the shared folder
#                                     (${BGMATCH_SHARED:-../shared}): a skip,
#                                     since users' clones have none, but a
#                                     failure under CI=true when the shared
#                                     folder is there and the part is not
#   tally_end                         the closing line; status 1 if any failed
#
# A skip is its own count: a test that did not run has not passed.
# shellcheck shell=bash
passed=0
failed=0
skipped=0
TALLY_QUIET=${TALLY_QUIET:-false}

verdict() {
  case $1 in
  ok)
    passed=$((passed + 1))
    $TALLY_QUIET || echo "ok $2"
    ;;
  skip)
    # Always printed: a skip is the thing one must not miss in the output.
    skipped=$((skipped + 1))
    echo "SKIP: $2 ($3)"
    ;;
  *)
    failed=$((failed + 1))
    $TALLY_QUIET || echo "FAIL $2: $3"
    ;;
  esac
}

skip() {
  verdict skip "$1" "$2"
}

# Whether a missing tool or shared part is a failure rather than a skip.
tally_ci() {
  [[ ${CI:-} == true ]]
}

skip_tool() {
  local tool=$1 what=$2 why=$3
  if tally_ci; then
    verdict FAIL "$what" "tool $tool missing under CI=true ($why)"
  else
    skip "$what" "$why"
  fi
}

skip_shared() {
  local what=$1 why=$2 shared=${BGMATCH_SHARED:-../shared}
  if tally_ci && [[ -d $shared ]]; then
    verdict FAIL "$what" "$why (CI=true and $shared exists)"
  else
    skip "$what" "$why"
  fi
}

tally_end() {
  echo "$passed passed, $failed failed, $skipped skipped"
  [[ $failed -eq 0 ]]
}
