#!/usr/bin/env bash
# run.sh — end-to-end tests: runs the built bgmatch on every case of
# tests/e2e/cases/ and compares what it prints and its exit status.
#
#   tests/e2e/run.sh [BIN] [NAME...]          BIN defaults to build/bgmatch
#   tests/e2e/run.sh --bless BIN NAME...      rewrite NAME.expected and
#                                             NAME.status from what BIN does
#                                             (review the diff before committing)
#
# A case is a set of files in tests/e2e/cases/ sharing a NAME; NAME.status
# makes it a case.
#   NAME.status    the expected exit status (required)
#   NAME.args      the arguments, shell words (quotes allowed); without it
#                  the arguments are "check NAME.mat" if NAME.mat exists,
#                  else "check" (standard input)
#   NAME.mat       the input record, if any
#   NAME.stdin     fed to standard input (otherwise /dev/null)
#   NAME.expected  the exact expected standard output, or instead
#   NAME.match     extended regular expressions, one a line ('#' lines are
#                  comments): every output line must match one of them
#                  whole, and each must match some line (for output whose
#                  wording belongs to another module)
#   NAME.stderr    optional: the exact expected standard error
# Commands run inside cases/, so file names in diagnostics are plain NAMEs.
# Adding a case is dropping such files in; nothing to register.
# Prints "ok NAME" or "FAIL NAME" with a diff, then "N passed, M failed,
# 0 skipped" (a case cannot skip); exits 1 if any case failed.
set -u
export LC_ALL=C

bless=false
if [[ ${1:-} == --bless ]]; then
  bless=true
  shift
fi
bin=${1:-build/bgmatch}
[[ $# -gt 0 ]] && shift
if $bless && [[ $# -eq 0 ]]; then
  # Blessing every case at once would turn every regression into the new
  # expectation: name the cases whose new output was read by eye.
  echo "e2e: --bless needs the names of the cases to rewrite (tests/e2e/run.sh --bless BIN NAME...)" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cases=$here/cases
if [[ ! -x $bin ]]; then
  echo "e2e: $bin is not an executable (build it first: make all)"
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-e2e.XXXXXX")
trap 'rm -rf "$work"' EXIT
TIMEOUT=()
command -v timeout >/dev/null 2>&1 && TIMEOUT=(timeout 60)

passed=0
failed=0
failures=()

# The argument words of a case.
case_args() {
  local name=$1
  if [[ -f $cases/$name.args ]]; then
    eval "ARGS=($(<"$cases/$name.args"))"
  elif [[ -f $cases/$name.mat ]]; then
    ARGS=(check "$name.mat")
  else
    ARGS=(check)
  fi
}

# Checks out.txt against NAME.match; prints what is wrong.
match_patterns() {
  local patterns=$1 out=$2 line pattern ok=0
  mapfile -t pats < <(grep -v -e '^#' -e '^$' "$patterns")
  if [[ ! -s $out ]]; then
    echo "  no output, expected lines matching $(basename "$patterns")"
    return 1
  fi
  while IFS= read -r line; do
    local hit=false
    for pattern in "${pats[@]}"; do
      if grep -Eqx -- "$pattern" <<<"$line"; then hit=true; break; fi
    done
    $hit || { echo "  unexpected line: $line"; ok=1; }
  done <"$out"
  for pattern in "${pats[@]}"; do
    grep -Eqx -- "$pattern" "$out" || { echo "  no line matches: $pattern"; ok=1; }
  done
  return $ok
}

run_case() {
  local name=$1 stdin=/dev/null status problems=""
  [[ -f $cases/$name.stdin ]] && stdin=$cases/$name.stdin
  case_args "$name"
  (cd "$cases" && "${TIMEOUT[@]}" "$bin" "${ARGS[@]}" <"$stdin" >"$work/out" 2>"$work/err")
  status=$?
  if $bless; then
    echo "$status" >"$cases/$name.status"
    [[ -f $cases/$name.match ]] || cp "$work/out" "$cases/$name.expected"
    [[ -f $cases/$name.stderr ]] && cp "$work/err" "$cases/$name.stderr"
    echo "blessed $name (status $status)"
    return
  fi
  local want_status
  want_status=$(tr -d ' \n' <"$cases/$name.status")
  [[ $status == 124 && ${#TIMEOUT[@]} -gt 0 ]] && problems+="  timed out"$'\n'
  [[ $status != "$want_status" ]] &&
    problems+="  exit status $status, expected $want_status"$'\n'
  if [[ -f $cases/$name.expected ]]; then
    cmp -s "$cases/$name.expected" "$work/out" ||
      problems+=$(diff -u --label "$name.expected" --label "actual stdout" \
        "$cases/$name.expected" "$work/out" | head -n 40)$'\n'
  elif [[ -f $cases/$name.match ]]; then
    local m
    m=$(match_patterns "$cases/$name.match" "$work/out") || problems+="$m"$'\n'
  else
    problems+="  neither $name.expected nor $name.match exists"$'\n'
  fi
  if [[ -f $cases/$name.stderr ]]; then
    cmp -s "$cases/$name.stderr" "$work/err" ||
      problems+=$(diff -u --label "$name.stderr" --label "actual stderr" \
        "$cases/$name.stderr" "$work/err" | head -n 20)$'\n'
  fi
  if [[ -z $problems ]]; then
    echo "ok $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name: bgmatch ${ARGS[*]}"
    printf '%s' "$problems"
    if [[ -s $work/err && ! -f $cases/$name.stderr ]]; then
      echo "  stderr:"
      head -n 10 "$work/err" | sed 's/^/    /'
    fi
    failed=$((failed + 1))
    failures+=("$name")
  fi
}

if [[ $# -gt 0 ]]; then
  names=("$@")
else
  names=()
  for status_file in "$cases"/*.status; do
    [[ -e $status_file ]] && names+=("$(basename "$status_file" .status)")
  done
fi
for name in "${names[@]}"; do
  if [[ ! -f $cases/$name.status ]]; then
    echo "FAIL $name: no $name.status"
    failed=$((failed + 1))
    continue
  fi
  run_case "$name"
done
$bless && exit 0
[[ $failed -gt 0 ]] && echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed, 0 skipped"
[[ $failed -eq 0 ]]
