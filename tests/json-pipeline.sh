#!/usr/bin/env bash
# json-pipeline.sh — the JSON outputs are something a pipeline can trust
# (man/bgmatch.1, JSON OUTPUT):
#   - a file whose name is not UTF-8 (a Latin-1 "café.mat" on disk) is
#     named {"bytes": BASE64}, one whose name is UTF-8 {"text": NAME}, in
#     check's diagnostics, stats and show; the man page's recipe
#     (jq -r, base64 -d, xargs -0) reaches every file check names, and
#     nothing else;
#   - `legal` is one thing in check and show: check's array for a play
#     with more than 20 legal plays holds every one of them, the same plays
#     as show's for that play.
#
#   tests/json-pipeline.sh [BIN]   BIN defaults to build/bgmatch
#
# Needs jq and GNU base64 (coreutils): without jq it says SKIP (a failure
# under CI=true, where .ci/run installs jq).  Ends with "N passed, M
# failed, K skipped".
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2
export LC_ALL=C
source "$here/lib/tally.sh"

bin=${1:-build/bgmatch}
[[ $bin == /* ]] || bin=$PWD/$bin
if ! command -v jq >/dev/null 2>&1; then
  skip_tool jq "json pipeline" "jq is not installed"
  tally_end
  exit
fi
if [[ ! -x $bin ]]; then
  verdict FAIL "json pipeline" "$bin is not an executable (make all)"
  tally_end
  exit
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-json.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Three broken records, named in Latin-1, in UTF-8 and in ASCII with a
# blank; one clean record, which check names nowhere.
latin1=$(printf 'caf\351.mat')
utf8=$(printf 'caf\303\251.mat')
cp samples/broken/cube.mat "$work/$latin1"
cp samples/broken/score.mat "$work/$utf8"
cp samples/broken/illegal-move.mat "$work/round 3.mat"
cp samples/gnubg-3pt-s110.mat "$work/clean.mat"

# The recipe of the man page: every name as base64, each followed by the
# base64 of a NUL ("AA=="), decoded into NUL-ended names for xargs -0.
reached_names() {
  jq -r '.file | (.bytes // (.text | @base64)), "AA=="' | base64 -d
}

(cd "$work" && "$bin" check --format json -- * >"$work/check.json" 2>/dev/null)
if jq -e . "$work/check.json" >/dev/null 2>&1; then
  verdict ok "check --format json on a Latin-1 name is JSON"
else
  verdict FAIL "check --format json on a Latin-1 name is JSON" "jq cannot read it"
fi

want=$(printf '%s\n' "$latin1" "$utf8" "round 3.mat" | sort)
got=$(reached_names <"$work/check.json" | sort -zu | tr '\0' '\n')
if [[ $got == "$want" ]]; then
  verdict ok "jq + base64 + xargs reach each file check names (3 names, one Latin-1)"
else
  verdict FAIL "jq + base64 + xargs reach each file check names" \
    "names reached: $(printf '%q ' "$got")"
fi
# ... and reach them on disk: xargs -0 hands each to a program.
sums=$(cd "$work" && reached_names <check.json | sort -zu | xargs -0 cksum | wc -l)
if [[ $sums -eq 3 ]]; then
  verdict ok "xargs -0 cksum reads the 3 files"
else
  verdict FAIL "xargs -0 cksum reads the 3 files" "$sums read"
fi

# The Latin-1 name is bytes, the UTF-8 one text, in every output.
name_of() { # JSON-FILE: the distinct .file members, compact
  jq -c '.file // empty' "$1" | sort -u | tr '\n' ' '
}
bytes='{"bytes":"Y2Fm6S5tYXQ="}'
text="{\"text\":\"$utf8\"}"
check_names=$(name_of "$work/check.json")
(cd "$work" && "$bin" stats --format json -- "$latin1" "$utf8" >stats.json 2>/dev/null)
(cd "$work" && "$bin" show --format json "$latin1" --game 1 --play 1 >show.json 2>/dev/null)
for what in "check:$check_names" "stats:$(name_of "$work/stats.json")"; do
  names=${what#*:}
  if [[ $names == *"$bytes"* && $names == *"$text"* ]]; then
    verdict ok "${what%%:*} --format json names the Latin-1 file as bytes, the UTF-8 one as text"
  else
    verdict FAIL "${what%%:*} --format json names files as bytes or text" "$names"
  fi
done
if [[ $(name_of "$work/show.json") == "$bytes " ]]; then
  verdict ok "show --format json names a Latin-1 file as bytes"
else
  verdict FAIL "show --format json names a Latin-1 file as bytes" \
    "$(name_of "$work/show.json")"
fi

# legal: every play in check, the plays show lists for the same play.  The
# play is found in show by its game, line and player (show counts plays,
# the record numbers moves).
record=samples/broken/unplayed-dice.mat
"$bin" check --format json "$record" 2>/dev/null |
  jq -c 'select(.legal)' | head -n 1 >"$work/miss.json"
count=$(jq '.legal | if type == "array" then length else 0 end' "$work/miss.json")
if [[ ${count:-0} -gt 20 ]]; then
  verdict ok "check's legal lists all $count plays (more than 20)"
else
  verdict FAIL "check's legal lists more than 20 plays" "${count:-no} plays"
fi
read -r game line player < <(jq -r '[.game, .line, .player] | @tsv' "$work/miss.json")
found=false
for ((play = 1; play < 400; play++)); do
  "$bin" show --format json "$record" --game "$game" --play "$play" >"$work/show-play.json" \
    2>/dev/null || break
  if [[ $(jq -r '[.line, .player] | @tsv' "$work/show-play.json") == "$line	$player" ]]; then
    found=true
    break
  fi
done
if ! $found; then
  verdict FAIL "show finds the play of line $line" "no play of game $game there"
elif [[ $(jq -c '.legal | sort' "$work/miss.json") == \
  "$(jq -c '.legal | sort' "$work/show-play.json")" ]]; then
  verdict ok "check's legal is show's legal (game $game, play $play: $count plays)"
else
  verdict FAIL "check's legal is show's legal (game $game, play $play)" \
    "$(jq -c '.legal | length' "$work/show-play.json") plays in show"
fi

tally_end
