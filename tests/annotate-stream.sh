#!/usr/bin/env bash
# annotate-stream.sh — `bgmatch annotate` streams match by match: on a
# large input of many small matches (16 MiB of tests/tools/gen_match.c's
# valid records, as make bench's corpus is made, then short matches full
# of mistakes from tests/tools/gen_garbage.c, more diagnostics in all than
# one match may hold) its peak resident set stays under 32 MB, as text and
# as HTML, and it loses nothing on the way: the text listing numbers every
# line of the input and shows each error and warning check reports, the
# HTML page's summary lists them all, and the exit status is check's.
# Before annotate streamed it held every match and every diagnostic to
# the end (365 MB for a 16 MB corpus, issue 24).
#
#   tests/annotate-stream.sh BIN GEN_MATCH GEN_GARBAGE [DIR]
#
# Peak RSS is GNU time's %M.  Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/lib/tally.sh"

bin=$1 gen_match=$2 gen_garbage=$3
dir=${4:-build/annotate-stream}
rss_limit_kb=32768
mkdir -p "$dir"
input=$dir/input.mat

if [[ ! -x /usr/bin/time ]]; then
  skip_tool time "annotate in bounded memory" "GNU time (/usr/bin/time) measures the peak RSS"
  tally_end
  exit
fi

"$gen_match" --seed 20261128 --dialect mixed --bytes $((16 * 1024 * 1024)) >"$input" || exit 2
printf '\n\n' >>"$input"
"$gen_garbage" --seed 20261128 --bytes 2000000 --length 3 --games-per-match 4 >>"$input" ||
  exit 2
what="annotate of $(($(wc -c <"$input") / 1024 / 1024)) MiB, $(grep -c 'point match' "$input") matches"

"$bin" check "$input" >"$dir/check.out" 2>/dev/null
check_status=$?
problems=$(grep -c -E ': (error|warning): ' "$dir/check.out")
lines=$(wc -l <"$input")

# One run: its status, its peak RSS against the limit.
measure() {
  local name=$1
  shift
  /usr/bin/time -f '%M %e' -o "$dir/$name.time" "$bin" annotate "$@" "$input" \
    >"$dir/$name.out" 2>"$dir/$name.err"
  local status=$? rss seconds
  read -r rss seconds < <(tail -n 1 "$dir/$name.time")
  if [[ $status -ne $check_status ]]; then
    verdict FAIL "$what ($name)" "exit status $status, check gives $check_status"
  elif ((rss < rss_limit_kb)); then
    verdict ok "$what ($name): peak RSS $rss KB (< $rss_limit_kb KB), $seconds s"
  else
    verdict FAIL "$what ($name)" "peak RSS $rss KB, the limit is $rss_limit_kb KB"
  fi
}

measure text
measure html --format html

listed=$(grep -c -E '^ *[0-9]+ \| ' "$dir/text.out")
shown=$(grep -c -E '^ +\| (error|warning): ' "$dir/text.out")
if [[ $listed -eq $lines && $shown -eq $problems ]]; then
  verdict ok "$what (text): all $lines lines listed, the $problems errors and warnings of check"
else
  verdict FAIL "$what (text)" "$listed of $lines lines listed, $shown of check's $problems problems"
fi

summary=$(grep -c '^<li><a href="#p' "$dir/html.out")
if [[ $summary -eq $problems ]] && tail -n 1 "$dir/html.out" | grep -q '^</html>$'; then
  verdict ok "$what (html): the summary lists check's $problems errors and warnings"
else
  verdict FAIL "$what (html)" "the summary lists $summary of check's $problems problems"
fi
rm -f "$input" "$dir"/*.out
tally_end
