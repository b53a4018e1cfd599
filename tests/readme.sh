#!/usr/bin/env bash
# readme.sh — every command the README shows runs as written.
#
#   tests/readme.sh BIN [README]      README defaults to the README.md
#                                     beside tests/
#
# The convention (README.md says it too): in a fenced block opened with
# ```sh, a line that starts with "$ " is a command; the lines after it, up
# to the next command or the end of the block, are what it prints.  A
# command ends with "# exit status N" when it exits with N; without it, 0
# is expected.  Blocks of any other kind (the set-up block, which installs
# packages, a record's text) are never run.
#
# Each command runs with bash -c, in one scratch directory that holds a
# copy of samples/ (commands after it see the files earlier ones wrote),
# with a directory holding BIN as `bgmatch` first on the PATH, standard
# input from /dev/null unless the command redirects it, LC_ALL=C.UTF-8.
# A case passes when the status is the one documented and every output
# line shown is a line of what the command printed (standard output and
# error together; "..." stands for lines left out and is not looked for).
# A command that calls a tool that is not installed (jq) is a skip, and a
# failure under CI=true (tally.sh's skip_tool).  The last lines say how
# many commands ran.  The project's own README.md is also a case of its
# own: it fails when the file is over 250 lines (README_MAX_LINES), and
# so does tests/README.md.
set -u
# shellcheck source=tests/lib/tally.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/tally.sh"

bin=${1:?usage: tests/readme.sh BIN [README]}
readme=${2:-}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ $bin = /* ]] || bin=$(pwd)/$bin
if [[ -z $readme ]]; then
  readme=$root/README.md
elif [[ $readme != /* ]]; then
  readme=$(pwd)/$readme
fi

# The project's README stays short (issue 23: at most README_MAX_LINES
# lines); what a user needs beyond it is in the man pages, src/README.md
# and tests/README.md.  Another Markdown file checked here has no limit.
README_MAX_LINES=250
if [[ $(cd "$(dirname "$readme")" && pwd)/$(basename "$readme") == "$root/README.md" ]]; then
  lines=$(wc -l <"$readme")
  if [[ $lines -le $README_MAX_LINES ]]; then
    verdict ok "README.md is $lines lines (at most $README_MAX_LINES)"
  else
    verdict FAIL "README.md length" "$lines lines, over $README_MAX_LINES: move detail to the man pages, src/README.md or tests/README.md"
  fi
  # tests/README.md is the maintainer's guide, not a log: the same bound.
  lines=$(wc -l <"$root/tests/README.md")
  if [[ $lines -le $README_MAX_LINES ]]; then
    verdict ok "tests/README.md is $lines lines (at most $README_MAX_LINES)"
  else
    verdict FAIL "tests/README.md length" "$lines lines, over $README_MAX_LINES: history goes in the commit log"
  fi
fi

if [[ ! -x $bin ]]; then
  verdict FAIL "readme" "$bin is not an executable"
  tally_end
  exit
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-readme.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/run"
ln -s "$bin" "$work/bin/bgmatch"
cp -R "$root/samples" "$work/run/samples"
export PATH="$work/bin:$PATH" LC_ALL=C.UTF-8 NO_COLOR=1

# The cases: one file per command (its line), its expected output lines
# beside it.  Written by awk so that the parsing is in one place.
awk -v dir="$work" '
  /^```sh[ \t]*$/ { inblock = 1; cmd = 0; next }
  /^```/ { inblock = 0; next }
  !inblock { next }
  /^\$ / {
    n++
    file = sprintf("%s/case%03d", dir, n)
    printf "%d\n", NR > (file ".line")
    print substr($0, 3) > (file ".cmd")
    printf "" > (file ".want")
    cmd = 1
    next
  }
  cmd { print > (file ".want") }
' "$readme"

ran=0
for cmdfile in "$work"/case*.cmd; do
  [[ -e $cmdfile ]] || break
  case=${cmdfile%.cmd}
  cmd=$(cat "$cmdfile")
  line=$(cat "$case.line")
  what="$(basename "$readme"):$line: \$ $cmd"
  want=0
  if [[ $cmd =~ \#\ exit\ status\ ([0-9]+)[[:space:]]*$ ]]; then
    want=${BASH_REMATCH[1]}
  fi
  missing=""
  for tool in jq parallel; do
    if [[ $cmd =~ (^|[|;&[:space:]])$tool([[:space:]]|$) ]] && ! command -v "$tool" >/dev/null 2>&1; then
      missing=$tool
    fi
  done
  if [[ -n $missing ]]; then
    skip_tool "$missing" "$what" "$missing is not installed"
    continue
  fi
  (cd "$work/run" && bash -c "$cmd" </dev/null >"$case.out" 2>&1)
  status=$?
  ran=$((ran + 1))
  if [[ $status -ne $want ]]; then
    verdict FAIL "$what" "exit status $status, the README documents $want; it printed:
$(head -n 20 "$case.out")"
    continue
  fi
  lost=""
  while IFS= read -r shown; do
    [[ -z $shown || $shown == "..." ]] && continue
    if ! grep -qxF -- "$shown" "$case.out"; then
      lost=$shown
      break
    fi
  done <"$case.want"
  if [[ -n $lost ]]; then
    verdict FAIL "$what" "the README shows the line
  $lost
but the command printed:
$(head -n 20 "$case.out")"
    continue
  fi
  verdict ok "$what"
done

if [[ $ran -eq 0 && $skipped -eq 0 ]]; then
  verdict FAIL "readme" "no command found in the sh blocks of $readme"
fi
echo "readme: ran $ran commands of $readme ($skipped skipped)"
tally_end
