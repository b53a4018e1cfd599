#!/usr/bin/env bash
# stream.sh — bgmatch checks an archive-sized input in bounded memory and
# loses nothing on the way: 1 GiB of concatenated matches (by default) is
# checked in one call with a peak resident set under 16 MB, and what it
# reports is exactly what the piece it is made of reports, once per copy,
# at line numbers that keep counting across the whole input.
#
#   tests/stream.sh [--file PATH] [BIN]
#
# The input is samples/'s valid records and one broken sample (one error
# per copy, so that diagnostics flow all the way), byte-order marks removed,
# repeated to STREAM_MB megabytes (1024 unless set).  By default it goes
# through a pipe into `check -`, so nothing the size of the input is on disk
# and nothing can seek; with --file PATH it is written to PATH first and
# checked as a file (make bench does that).  Peak RSS is GNU time's %M.
# Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2
source "$here/lib/tally.sh"

file=
if [[ ${1:-} == --file ]]; then
  file=$2
  shift 2
fi
bin=${1:-build/bgmatch}
stream_mb=${STREAM_MB:-1024}
rss_limit_kb=16384
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-stream.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [[ ! -x /usr/bin/time ]]; then
  skip_tool time "1 GiB in bounded memory" "GNU time (/usr/bin/time) measures the peak RSS"
  tally_end
  exit
fi

# The piece: about 1 MiB of records, whole records only.
piece=$work/piece.mat
make_piece() {
  local once=$work/once.mat record
  : >"$once"
  for record in samples/*.mat samples/broken/illegal-move.mat; do
    sed '1s/^\xEF\xBB\xBF//' "$record" >>"$once"
    printf '\n\n' >>"$once"
  done
  : >"$piece"
  while (($(wc -c <"$piece") < 1024 * 1024)); do cat "$once" >>"$piece"; done
}
make_piece
piece_bytes=$(wc -c <"$piece")
piece_lines=$(wc -l <"$piece")
copies=$(((stream_mb * 1024 * 1024 + piece_bytes - 1) / piece_bytes))

# The piece alone, read from standard input as the stream will be.
"$bin" check - <"$piece" >"$work/piece.out" 2>"$work/piece.err"
piece_status=$?
piece_diags=$(wc -l <"$work/piece.out")
if [[ $piece_status -ne 1 || $piece_diags -eq 0 ]]; then
  verdict FAIL "the piece" "expected errors (status 1), got status $piece_status, $piece_diags lines"
  tally_end
  exit
fi

repeat() {
  local i
  for ((i = 0; i < copies; i++)); do cat "$piece"; done
}

if [[ -n $file ]]; then
  mkdir -p "$(dirname "$file")"
  repeat >"$file"
  what="a $(($(wc -c <"$file") / 1024 / 1024)) MiB file"
  /usr/bin/time -f '%M %e' -o "$work/time" "$bin" check "$file" >"$work/all.out" 2>"$work/all.err"
  status=$?
else
  what="$((copies * piece_bytes / 1024 / 1024)) MiB through a pipe"
  repeat | /usr/bin/time -f '%M %e' -o "$work/time" "$bin" check - >"$work/all.out" 2>"$work/all.err"
  status=${PIPESTATUS[1]}
fi
read -r rss_kb seconds < <(tail -n 1 "$work/time")

# What each copy must have said: the piece's diagnostics, their line numbers
# moved down by the lines of the copies before.
expected_diags() {
  local i
  for ((i = 0; i < copies; i++)); do
    awk -F: -v OFS=: -v shift=$((i * piece_lines)) '{ $2 += shift; print }' "$work/piece.out"
  done
}

if [[ $status -eq 1 ]]; then
  verdict ok "$what: exit status 1, as for the piece"
else
  verdict FAIL "$what" "exit status $status, the piece alone gives 1 ($(head -n 2 "$work/all.err"))"
fi

if cmp -s <(expected_diags | sed "s|^[^:]*:||") <(sed "s|^[^:]*:||" "$work/all.out"); then
  verdict ok "$what: the piece's $piece_diags diagnostics $copies times, at line numbers up to $((copies * piece_lines))"
else
  verdict FAIL "$what" "diagnostics differ from the piece's, once per copy: $(diff <(expected_diags |
    sed "s|^[^:]*:||") <(sed "s|^[^:]*:||" "$work/all.out") | head -n 3)"
fi

# The summary counts: the piece's errors and warnings times the copies.
counts() { sed -n 's/.* \([0-9]*\) errors\{0,1\}, \([0-9]*\) warnings\{0,1\}$/\1 \2/p' "$1" | tail -n 1; }
read -r piece_errors piece_warnings <<<"$(counts "$work/piece.err")"
read -r errors warnings <<<"$(counts "$work/all.err")"
if [[ $errors == $((piece_errors * copies)) && $warnings == $((piece_warnings * copies)) ]]; then
  verdict ok "$what: $errors errors, $warnings warnings in the summary"
else
  verdict FAIL "$what" "summary says ${errors:-?} errors, ${warnings:-?} warnings; expected $((piece_errors * copies)), $((piece_warnings * copies))"
fi

if ((rss_kb < rss_limit_kb)); then
  verdict ok "$what: peak RSS $rss_kb KB (< $rss_limit_kb KB), $seconds s"
else
  verdict FAIL "$what" "peak RSS $rss_kb KB, the limit is $rss_limit_kb KB"
fi
[[ -n $file ]] && rm -f "$file"
tally_end
