#!/usr/bin/env bash
# run.sh — end-to-end tests: runs the built bgmatch on every case of
# tests/e2e/cases/ and compares what it prints and its exit status.
#
#   tests/e2e/run.sh [BIN] [CASE...]          BIN defaults to build/bgmatch
#   tests/e2e/run.sh --bless BIN CASE...      rewrite NAME.expected and
#                                             NAME.status from what BIN does
#                                             (review the diff before committing)
# CASE is its folder under cases/ and its NAME (check/cube/beaver-off), or
# a plain NAME when only one folder holds it.
#
# The cases are grouped by the command they run, one folder each (a GROUP):
# check/, convert/, annotate/, show/, stats/, and cli/ for what belongs to
# no one command (--help, -h, --version, no or an unknown command, the
# options every command parses). A GROUP may sort its cases into folders
# of its own (check/ has one a rule: check/README.md); a case is found at
# any depth. A case is a set of files in one folder sharing a NAME;
# NAME.status makes it a case.
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
# A case runs inside its own folder, so file names in diagnostics are
# plain NAMEs; an input that cases of two commands read (valid.mat) is a
# symbolic link to the one file in every other command's folder (a
# folder such as tree/ is a copy).
# Adding a case is dropping such files in its command's folder; nothing to
# register. Prints "ok FOLDER/NAME" or "FAIL FOLDER/NAME" with a diff, then
# "N passed, M failed, 0 skipped" (a case cannot skip); exits 1 if any case
# failed.
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
  echo "e2e: --bless needs the names of the cases to rewrite (tests/e2e/run.sh --bless BIN CASE...)" >&2
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

# The argument words of the case NAME of the folder DIR.
case_args() {
  local dir=$1 name=$2
  if [[ -f $dir/$name.args ]]; then
    eval "ARGS=($(<"$dir/$name.args"))"
  elif [[ -f $dir/$name.mat ]]; then
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
  local id=$1 dir=$cases/${1%/*} name=${1##*/} stdin=/dev/null status problems=""
  [[ -f $dir/$name.stdin ]] && stdin=$dir/$name.stdin
  case_args "$dir" "$name"
  (cd "$dir" && "${TIMEOUT[@]}" "$bin" "${ARGS[@]}" <"$stdin" >"$work/out" 2>"$work/err")
  status=$?
  if $bless; then
    echo "$status" >"$dir/$name.status"
    [[ -f $dir/$name.match ]] || cp "$work/out" "$dir/$name.expected"
    [[ -f $dir/$name.stderr ]] && cp "$work/err" "$dir/$name.stderr"
    echo "blessed $id (status $status)"
    return
  fi
  local want_status
  want_status=$(tr -d ' \n' <"$dir/$name.status")
  [[ $status == 124 && ${#TIMEOUT[@]} -gt 0 ]] && problems+="  timed out"$'\n'
  [[ $status != "$want_status" ]] &&
    problems+="  exit status $status, expected $want_status"$'\n'
  if [[ -f $dir/$name.expected ]]; then
    cmp -s "$dir/$name.expected" "$work/out" ||
      problems+=$(diff -u --label "$id.expected" --label "actual stdout" \
        "$dir/$name.expected" "$work/out" | head -n 40)$'\n'
  elif [[ -f $dir/$name.match ]]; then
    local m
    m=$(match_patterns "$dir/$name.match" "$work/out") || problems+="$m"$'\n'
  else
    problems+="  neither $name.expected nor $name.match exists"$'\n'
  fi
  if [[ -f $dir/$name.stderr ]]; then
    cmp -s "$dir/$name.stderr" "$work/err" ||
      problems+=$(diff -u --label "$id.stderr" --label "actual stderr" \
        "$dir/$name.stderr" "$work/err" | head -n 20)$'\n'
  fi
  if [[ -z $problems ]]; then
    echo "ok $id"
    passed=$((passed + 1))
  else
    echo "FAIL $id: bgmatch ${ARGS[*]}"
    printf '%s' "$problems"
    if [[ -s $work/err && ! -f $dir/$name.stderr ]]; then
      echo "  stderr:"
      head -n 10 "$work/err" | sed 's/^/    /'
    fi
    failed=$((failed + 1))
    failures+=("$id")
  fi
}

# The case a command-line word names: FOLDER/NAME as it stands, a plain
# NAME in whichever folder holds NAME.status (one only). Prints why not, and
# returns 1, when no case or more than one has that name.
resolve_case() {
  local word=$1 found=() status_file
  if [[ $word == */* ]]; then
    if [[ -f $cases/$word.status ]]; then
      echo "$word"
      return 0
    fi
    echo "no $word.status"
    return 1
  fi
  while IFS= read -r status_file; do
    status_file=${status_file#"$cases"/}
    found+=("${status_file%.status}")
  done < <(find "$cases" -mindepth 2 -name "$word.status" -type f | sort)
  if [[ ${#found[@]} -eq 1 ]]; then
    echo "${found[0]}"
    return 0
  fi
  if [[ ${#found[@]} -eq 0 ]]; then
    echo "no $word.status"
  else
    echo "$word names ${#found[@]} cases (${found[*]}): say FOLDER/NAME"
  fi
  return 1
}

if [[ $# -gt 0 ]]; then
  words=("$@")
else
  words=()
  while IFS= read -r status_file; do
    status_file=${status_file#"$cases"/}
    words+=("${status_file%.status}")
  done < <(find "$cases" -mindepth 2 -name '*.status' -type f | sort)
fi
for word in "${words[@]}"; do
  if id=$(resolve_case "$word"); then
    run_case "$id"
  else
    echo "FAIL $word: $id"
    failed=$((failed + 1))
    failures+=("$word")
  fi
done
$bless && exit 0
[[ $failed -gt 0 ]] && echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed, 0 skipped"
[[ $failed -eq 0 ]]
