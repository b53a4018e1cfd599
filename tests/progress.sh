#!/usr/bin/env bash
# progress.sh — check's progress line at a terminal, on a pseudo-terminal
# made by script(1): after a directory walk it counts files done of the
# total ("bgmatch: 3/3 files, ..."), it is erased at the end, -q draws
# nothing, and nothing is drawn when standard error is not a terminal.
# The line appears only once a run has taken a second: the last operand is
# a FIFO whose writer waits two seconds, so the run lasts that long.
# (tests/unit/check_progress.c checks the wording and the decision.)
#
#   tests/progress.sh [BIN]     BIN defaults to build/bgmatch
#
# Without script(1) it says SKIP.  Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2
bin=${1:-build/bgmatch}
[[ $bin == /* ]] || bin=$PWD/$bin
source "$here/lib/tally.sh"
if ! command -v script >/dev/null 2>&1; then
  skip_tool script progress "script(1) (util-linux) is not installed"
  tally_end
  exit
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-progress.XXXXXX")
writer=
trap '[[ -n $writer ]] && kill "$writer" 2>/dev/null; rm -rf "$work"' EXIT
record=tests/e2e/cases/check/score/resigned.mat
mkdir "$work/dir"
cp "$record" "$work/dir/a.mat"
cp "$record" "$work/dir/b.mat"

# at_terminal OUT ARGS...: runs check ARGS on a pseudo-terminal, the last
# file a FIFO filled two seconds later; what the terminal showed into OUT.
at_terminal() {
  local out=$1
  shift
  rm -f "$work/late.mat"
  mkfifo "$work/late.mat"
  (sleep 2 && timeout 20 cat "$record" >"$work/late.mat") &
  writer=$!
  (cd "$work" && script -qec "$bin check $* dir late.mat" /dev/null) </dev/null >"$out"
  wait "$writer"
  writer=
}

at_terminal "$work/plain"
erase=$'\r\033[K'
line=$(grep -ao 'bgmatch: [0-9/]* files, [0-9.]* MB/s' "$work/plain" | tail -n 1)
if [[ $line == "bgmatch: 3/3 files, "* ]]; then
  verdict ok "after a walk the line counts files of the total: '$line'"
else
  verdict FAIL "the line after a walk" "expected 'bgmatch: 3/3 files, ...', the terminal showed: $(cat -v "$work/plain")"
fi
if [[ $(cat "$work/plain") == *"MB/s$erase"* ]]; then
  verdict ok "the line is erased before the summary"
else
  verdict FAIL "the line is erased" "the terminal showed: $(cat -v "$work/plain")"
fi

at_terminal "$work/quiet" -q
if [[ ! -s $work/quiet ]]; then
  verdict ok "-q: nothing at the terminal, no progress line"
else
  verdict FAIL "-q" "the terminal showed: $(cat -v "$work/quiet")"
fi

# Standard error a file: no line, whatever the length of the run.
rm -f "$work/late.mat"
mkfifo "$work/late.mat"
(sleep 2 && timeout 20 cat "$record" >"$work/late.mat") &
writer=$!
(cd "$work" && "$bin" check dir late.mat) </dev/null >/dev/null 2>"$work/err"
wait "$writer"
writer=
if [[ $(cat "$work/err") == "3 files, 0 with errors, 0 errors, 0 warnings" ]]; then
  verdict ok "standard error not a terminal: the summary alone"
else
  verdict FAIL "standard error not a terminal" "it got: $(cat -v "$work/err")"
fi
tally_end
