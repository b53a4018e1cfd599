#!/usr/bin/env bash
# posid-gnubg.sh — the identifiers `bgmatch show` prints against GNU
# Backgammon's own: for every play of every game of each record, the
# Position ID and Match ID of the position before the play, with its dice,
# must be those gnubg gives after importing the same record
# (tests/lib/posid_gnubg.py, run inside `gnubg -t -q -r -p`).
#
#   tests/posid-gnubg.sh [BIN] [DIR]   BIN defaults to build/bgmatch, DIR
#                                      (fresh self-play records, made once)
#                                      to build/posid-selfplay
#
# The records: every .mat of ${BGMATCH_SHARED:-../shared}/corpus/gnubg, a
# 1-point match (corpus/galaxy/match9821661.txt) and a match with a
# Crawford game (corpus/xg-binary/charlot1-...-2305.mat), which decide the
# Match ID's Crawford bit, and a few fresh self-play matches and a money
# session (selfplay.sh, fixed seeds).  Each record is one case: ok when every play's two IDs agree and
# each game has as many plays for bgmatch as for gnubg.  Without gnubg a
# SKIP (a failure under CI=true); without the shared folder a SKIP.
# Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/lib/tally.sh"

bin=${1:-build/bgmatch}
dir=${2:-build/posid-selfplay}
shared=${BGMATCH_SHARED:-../shared}
selfplay=$shared/tools/gnubg/selfplay.sh
gnubg=${GNUBG:-/usr/games/gnubg}
if [[ ! -d $shared/corpus/gnubg || ! -x $selfplay ]]; then
  skip_shared posid-gnubg "$shared/corpus/gnubg or $selfplay not found"
  tally_end
  exit
fi
if [[ ! -x $gnubg ]]; then
  skip_tool gnubg posid-gnubg "gnubg is not installed ($gnubg; apt-get install gnubg)"
  tally_end
  exit
fi
if [[ ! -x $bin ]]; then
  verdict FAIL posid-gnubg "$bin is not an executable (build it first: make all)"
  tally_end
  exit 1
fi

mkdir -p "$dir/home/.gnubg"
dir=$(cd "$dir" && pwd)
# Fresh records, once: two 5-point matches and a money session.
if [[ ! -f $dir/.done ]]; then
  if env LC_ALL=C.UTF-8 HOME="$dir/home" FORMATS=mat "$selfplay" 2 5 "$dir" 8100 >/dev/null &&
    env LC_ALL=C.UTF-8 HOME="$dir/home" FORMATS=mat GAMES=3 "$selfplay" 1 0 "$dir" 8200 >/dev/null; then
    touch "$dir/.done"
  else
    verdict FAIL "selfplay.sh into $dir" "the generation failed"
  fi
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-posid.XXXXXX")
trap 'rm -rf "$work"' EXIT
positions=0
mismatches=0

# compare FILE: one case.
compare() {
  local file=$1 ids=$work/ids out=$work/show problems=0 games=0
  local tag game play posid matchid shown_pos shown_match
  if ! POSID_RECORD=$file HOME="$dir/home" LC_ALL=C.UTF-8 timeout 300 "$gnubg" -t -q -r \
    -p "$here/lib/posid_gnubg.py" </dev/null >"$work/gnubg.log" 2>&1; then
    verdict FAIL "$file" "gnubg failed: $(tail -n 3 "$work/gnubg.log")"
    return
  fi
  grep -E '^(ID|MISMATCH) ' "$work/gnubg.log" >"$ids"
  if grep -q '^MISMATCH' "$ids" || ! grep -q '^ID' "$ids"; then
    verdict FAIL "$file" "gnubg's navigation did not follow its own record: $(head -n 2 "$ids")"
    return
  fi
  local last_game=0 last_play=0 report=""
  while read -r tag game play posid matchid; do
    if [[ $game != "$last_game" && $last_game != 0 ]]; then
      check_count "$file" "$last_game" "$last_play" || problems=$((problems + 1))
    fi
    last_game=$game last_play=$play
    "$bin" show "$file" --game "$game" --play "$play" >"$out" 2>/dev/null
    shown_pos=$(sed -n 's/^Position ID: //p' "$out")
    shown_match=$(sed -n 's/^Match ID: //p' "$out")
    positions=$((positions + 1))
    if [[ $shown_pos != "$posid" || $shown_match != "$matchid" ]]; then
      mismatches=$((mismatches + 1))
      problems=$((problems + 1))
      [[ -z $report ]] && report="game $game play $play: bgmatch $shown_pos:$shown_match, gnubg $posid:$matchid"
    fi
  done <"$ids"
  check_count "$file" "$last_game" "$last_play" || problems=$((problems + 1))
  if [[ $problems -eq 0 ]]; then
    verdict ok "$file ($(grep -c '^ID' "$ids") plays)"
  else
    verdict FAIL "$file" "$problems problems; first: ${report:-the play count of a game differs}"
  fi
}

# check_count FILE GAME PLAYS: bgmatch has no play after gnubg's last.
check_count() {
  "$bin" show "$1" --game "$2" --play $(($3 + 1)) >/dev/null 2>&1
  [[ $? -eq 2 ]]
}

# Beside gnubg's own records, two whose Crawford bit gnubg decides: a
# 1-point match (no Crawford game: the bit stays clear) and a 7-point
# match with a Crawford game (game 4, at 6-2).
crawford_records=("$shared/corpus/galaxy/match9821661.txt"
  "$shared/corpus/xg-binary/charlot1-charlot2_7p_2025-11-08-2305.mat")
shopt -s nullglob
for file in "$shared"/corpus/gnubg/*.mat "${crawford_records[@]}" "$dir"/*.mat; do
  if [[ -f $file ]]; then
    compare "$file"
  else
    skip_shared "$file" "not in the shared corpus"
  fi
done
echo "posid-gnubg: $positions positions compared with GNU Backgammon, $mismatches mismatches"
tally_end
