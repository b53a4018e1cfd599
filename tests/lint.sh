#!/usr/bin/env bash
# lint.sh — static analysis of C sources: cppcheck, then clang-tidy with the
# checks of .clang-tidy, then the call cycles between the files (headers'
# inline functions counted), then the prefixes of their external symbols,
# then the direction of includes between stages and each file in its
# stage's folder (tests/stages), then the
# registry of rules and the functions comments name
# (tests/lib/source_names.py); each is one case.
#
#   tests/lint.sh [--calls ALLOW OBJDIR] FILE... -- CFLAGS...
#        (make lint: src/*.c and src/*/*.c with the compiler's -std, -D
#        and -I flags)
#
# With --calls, the objects of FILE... in OBJDIR, which mirrors the folders
# below FILE's first one (src/read/foo.c's is OBJDIR/read/foo.o),
# go through tests/lib/callgraph.sh --allow ALLOW, with the includes and
# the calls of the headers' inline functions beside FILE... as edges
# (tests/lib/includes.py edges): a cycle between files that ALLOW does not
# accept fails (src/README.md, "One direction"), and so does an external
# symbol without its module's prefix (run_prefixes).
#
# The includes of FILE... and of the headers beside them go one way by
# stage: no file includes a header of a later stage of tests/stages but
# those tests/stages.allow lists, and each file stands in its stage's
# folder (tests/lib/includes.py stages).  The include checks are first
# shown to fail on planted cases.
#
# clang-tidy gets CFLAGS as they are; cppcheck only their -D, -U and -I
# (and -std=X as its --std=X), the rest being the compiler's business.
# cppcheck's false positives are suppressed, each with its reason, in
# .cppcheck-suppressions.xml; clang-tidy's checks are chosen in .clang-tidy.
# A case passes when its tool reports nothing.  A linter that is not
# installed is a SKIP, a failure under CI=true (.ci/run installs both).
# Ends with "N passed, M failed, K skipped".
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
source tests/lib/tally.sh

calls_allow=
calls_objdir=
if [[ ${1:-} == --calls ]]; then
  calls_allow=${2:?usage: tests/lint.sh [--calls ALLOW OBJDIR] FILE... -- CFLAGS...}
  calls_objdir=${3:?usage: tests/lint.sh [--calls ALLOW OBJDIR] FILE... -- CFLAGS...}
  shift 3
fi
files=()
while [[ $# -gt 0 && $1 != -- ]]; do
  files+=("$1")
  shift
done
[[ $# -gt 0 ]] && shift
cflags=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
  echo "usage: tests/lint.sh [--calls ALLOW OBJDIR] FILE... -- CFLAGS..." >&2
  exit 2
fi
logs=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-lint.XXXXXX")
trap 'rm -rf "$logs"' EXIT

# The compiler flags cppcheck understands: what the preprocessor sees
# ("-I src" and "-Isrc" alike), one a line.
cppcheck_flags() {
  local i flag
  for ((i = 0; i < ${#cflags[@]}; i++)); do
    flag=${cflags[i]}
    case $flag in
    -std=*) echo "--std=${flag#-std=}" ;;
    -D | -U | -I) echo "$flag${cflags[i + 1]:-}" && i=$((i + 1)) ;;
    -D* | -U* | -I*) echo "$flag" ;;
    esac
  done
}

# "1 finding", "2 findings": count N WORD.
count() {
  if [[ $1 -eq 1 ]]; then echo "1 $2"; else echo "$1 $2s"; fi
}

run_cppcheck() {
  if ! command -v cppcheck >/dev/null 2>&1; then
    skip_tool cppcheck cppcheck "cppcheck is not installed; apt-get install cppcheck"
    return
  fi
  local flags
  mapfile -t flags < <(cppcheck_flags)
  # style too: unused values, redundant conditions, scopes; --library=posix
  # knows strdup, getline and friends (leaks, arguments).
  cppcheck --enable=style,warning,performance,portability --library=posix \
    --suppress-xml=.cppcheck-suppressions.xml --inline-suppr --quiet \
    --error-exitcode=1 --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
    "${flags[@]}" "${files[@]}" >"$logs/cppcheck" 2>&1
  local status=$?
  cat "$logs/cppcheck"
  local found
  found=$(grep -cE '^[^ ]+:[0-9]+:[0-9]+: ' "$logs/cppcheck")
  if [[ $status -eq 0 && $found -eq 0 ]]; then
    verdict ok "cppcheck ($(count ${#files[@]} file))"
  else
    verdict FAIL cppcheck "$(count "$found" finding) (exit status $status)"
  fi
}

# One file through clang-tidy; its findings in $logs/N, its status in
# $logs/N.status.
tidy_one() {
  local n=$1 file=$2
  clang-tidy --quiet --config-file=.clang-tidy "$file" -- "${cflags[@]}" >"$logs/$n" 2>"$logs/$n.err"
  echo $? >"$logs/$n.status"
}

run_clang_tidy() {
  if ! command -v clang-tidy >/dev/null 2>&1; then
    skip_tool clang-tidy clang-tidy "clang-tidy is not installed; apt-get install clang-tidy"
    return
  fi
  # A file takes seconds (the analyzer): as many at once as there are cores.
  local jobs n running=0
  jobs=$(nproc 2>/dev/null || echo 2)
  for n in "${!files[@]}"; do
    tidy_one "$n" "${files[$n]}" &
    running=$((running + 1))
    if [[ $running -ge $jobs ]]; then
      wait -n
      running=$((running - 1))
    fi
  done
  wait
  local found broken=0
  for n in "${!files[@]}"; do
    cat "$logs/$n"
    # stderr holds "N warnings generated." for the checks not asked for:
    # only what else it says (a file that does not compile) is shown.
    grep -vE '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$' "$logs/$n.err"
    [[ $(<"$logs/$n.status") -ne 0 ]] && broken=$((broken + 1))
  done
  # A finding in a header shows once for each file that includes it.
  found=$(for n in "${!files[@]}"; do cat "$logs/$n"; done |
    grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' | sort -u | wc -l)
  if [[ $found -eq 0 && $broken -eq 0 ]]; then
    verdict ok "clang-tidy ($(count ${#files[@]} file), checks of .clang-tidy)"
  else
    verdict FAIL clang-tidy "$(count "$found" finding); clang-tidy failed on $broken of $(count ${#files[@]} file)"
  fi
}

# The headers beside FILE... (src/*.h for src/*.c, src/read/*.h for
# src/read/*.c), one a line.
headers() {
  local dir
  for dir in $(printf '%s\n' "${files[@]%/*}" | sort -u); do
    compgen -G "$dir/*.h"
  done
}

# The object of a source file: src/read/foo.c's is OBJDIR/read/foo.o.
object_of() {
  local below=${1#*/}
  echo "$calls_objdir/${below%.c}.o"
}

# The call cycles between the files, from their objects' symbols, and
# from the includes and the headers' inline functions.
run_callgraph() {
  [[ -n $calls_allow ]] || return
  if ! command -v nm >/dev/null 2>&1; then
    skip_tool nm "call cycles" "nm is not installed; apt-get install binutils"
    return
  fi
  local objects=() file
  for file in "${files[@]}"; do
    objects+=("$(object_of "$file")")
  done
  local sources
  mapfile -t sources < <(headers)
  if ! python3 tests/lib/includes.py edges "${files[@]}" "${sources[@]}" >"$logs/edges"; then
    verdict FAIL "call cycles" "tests/lib/includes.py edges failed"
    return
  fi
  tests/lib/callgraph.sh --allow "$calls_allow" --edges "$logs/edges" "${objects[@]}" \
    >"$logs/callgraph" 2>&1
  local status=$?
  cat "$logs/callgraph"
  local cycles
  cycles=$(grep -c '^cycle: ' "$logs/callgraph")
  if [[ $status -eq 0 ]]; then
    verdict ok "call cycles ($(count ${#objects[@]} object); $(grep -c '^allowed: ' "$logs/callgraph") allowed by $calls_allow)"
  else
    verdict FAIL "call cycles" "$(count "$cycles" cycle) not in $calls_allow (exit status $status)"
  fi
}

# Every external symbol carries its module's prefix (DESIGN.md section 8):
# the first word of its file's name (referee_ in referee_play.c), bg_, or
# a reader's notation (mat_ in read_mat_memo.c).
run_prefixes() {
  [[ -n $calls_allow ]] || return
  command -v nm >/dev/null 2>&1 || return # said by run_callgraph
  local file module word notation symbol wrong=()
  for file in "${files[@]}"; do
    module=$(basename "${file%.c}")
    word=${module%%_*}
    notation=
    [[ $word == read ]] && notation=${module#read_} && notation=${notation%%_*}
    while read -r symbol; do
      case $symbol in
      bg_* | "$word"_* | "$module" | main) ;;
      *) [[ -n $notation && $symbol == "$notation"_* ]] || wrong+=("$module.c: $symbol") ;;
      esac
    done < <(nm -g --defined-only "$(object_of "$file")" | awk '{print $3}')
  done
  if [[ ${#wrong[@]} -eq 0 ]]; then
    verdict ok "external symbols carry their module's prefix ($(count ${#files[@]} file))"
  else
    printf '%s\n' "${wrong[@]}"
    verdict FAIL "external symbols" "$(count ${#wrong[@]} symbol) without their module's prefix"
  fi
}

# The checks of includes fail where they should: a header whose inline
# function calls into the .c file that includes it is a cycle, an engine
# file that includes the model's header breaks the stages, and a referee
# file outside src/referee/ stands in no folder of its stage.
run_include_checks_fail() {
  local planted=$logs/planted
  mkdir -p "$planted"
  printf 'static inline int fast(void) { return slow(); }\n' >"$planted/fast.h"
  printf '#include "fast.h"\nint slow(void) { return 1; }\n' >"$planted/fast.c"
  printf '#include "match.h"\n' >"$planted/board_planted.c"
  printf '#include "match.h"\n' >"$planted/referee_planted.c"
  { python3 tests/lib/includes.py edges "$planted/fast.c" "$planted/fast.h" &&
    echo "fast.c def slow"; } >"$planted/edges"
  local cycle stage
  cycle=$(tests/lib/callgraph.sh --edges "$planted/edges")
  stage=$(python3 tests/lib/includes.py stages tests/stages /dev/null "$planted/board_planted.c"
    python3 tests/lib/includes.py stages tests/stages /dev/null "$planted/referee_planted.c")
  if [[ $cycle == "cycle: fast.c fast.h" && $stage == *"board_planted.c (engine) includes match.h"* &&
    $stage == *"referee_planted.c (referee) stands in "*", not in src/referee/"* ]]; then
    verdict ok "include checks fail on a planted cycle, stage break and misplaced file"
  else
    printf '%s\n%s\n' "$cycle" "$stage"
    verdict FAIL "include checks" "a planted cycle, stage break or misplaced file passed"
  fi
}

# No file includes a header of a later stage (tests/stages) but those
# tests/stages.allow accepts.
run_stages() {
  if ! command -v python3 >/dev/null 2>&1; then
    skip_tool python3 "include stages" "python3 is not installed"
    return
  fi
  run_include_checks_fail
  local sources found
  mapfile -t sources < <(headers)
  found=$(python3 tests/lib/includes.py stages tests/stages tests/stages.allow \
    "${files[@]}" "${sources[@]}")
  if [[ -z $found ]]; then
    verdict ok "include stages ($(count $((${#files[@]} + ${#sources[@]})) file), each in its stage's folder; $(grep -cvE '^[[:space:]]*(#|$)' tests/stages.allow) allowed by tests/stages.allow)"
  else
    echo "$found"
    verdict FAIL "include stages" "$(count "$(grep -c . <<<"$found")" finding)"
  fi
}

# The registry of rules (src/rules.def): every rule has its man page entry,
# a folder of e2e cases named after it (tests/e2e/cases/COMMAND/slug/) with
# a case that shows it, and a unit test; no code but the registry writes a
# slug.
run_rules() {
  if ! command -v python3 >/dev/null 2>&1; then
    skip_tool python3 "rule registry" "python3 is not installed"
    return
  fi
  local found
  found=$(python3 tests/lib/source_names.py rules src man/bgmatch.1 tests/unit tests/e2e/cases)
  if [[ -z $found ]]; then
    verdict ok "rule registry ($(grep -c '^RULE(' src/rules.def) rules: man page, e2e folder, unit, no slug string)"
  else
    echo "$found"
    verdict FAIL "rule registry" "$(count "$(grep -c . <<<"$found")" finding)"
  fi
}

# A comment that names a function (name_with_underscore() names one that
# src/ has: none left behind by a rename.
run_comment_names() {
  if ! command -v python3 >/dev/null 2>&1; then
    skip_tool python3 "names in comments" "python3 is not installed"
    return
  fi
  local found
  found=$(python3 tests/lib/source_names.py comments src)
  if [[ -z $found ]]; then
    verdict ok "names in comments (every function a comment of src/ names exists)"
  else
    echo "$found"
    verdict FAIL "names in comments" "$(count "$(grep -c . <<<"$found")" finding)"
  fi
}

run_cppcheck
run_clang_tidy
run_callgraph
run_prefixes
run_stages
run_rules
run_comment_names
tally_end
