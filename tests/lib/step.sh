#!/usr/bin/env bash
# step.sh — one step of `make check`, and the total at the end.
#
#   tests/lib/step.sh DIR NAME COMMAND...
#                   runs COMMAND, shows its output, keeps a copy in
#                   DIR/NAME.log and appends "NAME PASSED FAILED SKIPPED
#                   STATUS" to DIR/tally
#   tests/lib/step.sh DIR --summary
#                   prints one line per step, then the total "N passed, M
#                   failed, K skipped" as the very last line; exits 1 if
#                   anything failed
#
# A step's cases are read from the last "N passed, M failed, K skipped" line
# it prints (every test runner here prints one; the older "N passed, M
# failed" without skips is still read, as 0 skipped).  A step that prints
# none counts as
# one failed case if it failed and as nothing if it succeeded (a build).
# A step that exits non-zero although it reported no failure counts one more
# failure, so a crash after the count is not lost.  The step itself always
# exits 0, so that `make check` runs every step.
set -u

dir=$1
shift
mkdir -p "$dir"

summary() {
  local passed=0 failed=0 skipped=0 name p f s status
  echo
  echo "==== summary"
  while read -r name p f s status; do
    printf '  %-16s %5d passed, %d failed, %d skipped%s\n' "$name" "$p" "$f" "$s" \
      "$([[ $status != 0 ]] && echo " (exit status $status)")"
    passed=$((passed + p))
    failed=$((failed + f))
    skipped=$((skipped + s))
  done <"$dir/tally"
  echo "$passed passed, $failed failed, $skipped skipped"
  [[ $failed -eq 0 ]]
}

if [[ ${1:-} == --summary ]]; then
  [[ -f $dir/tally ]] || { echo "0 passed, 1 failed, 0 skipped"; exit 1; }
  summary
  exit
fi

name=$1
shift
log=$dir/$name.log
echo
echo "==== $name: $*"
set -o pipefail
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$log" | tail -n 1)
skipped=0
if [[ -n $counts ]]; then
  read -r passed _ failed _ skipped _ <<<"$counts"
  skipped=${skipped:-0}
else
  passed=0
  failed=$((status != 0))
fi
if [[ $status -ne 0 && $failed -eq 0 ]]; then
  failed=1
fi
echo "$name $passed $failed $skipped $status" >>"$dir/tally"
exit 0
