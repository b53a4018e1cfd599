#!/usr/bin/env bash
# board-gnubg.sh — the text board `bgmatch show` prints against GNU
# Backgammon's own (`show board`): for every play of every game of each
# record, the 13 lines of the board (its frame, point numbers, checkers,
# bar and direction mark; not the notes beside it) must be the ones gnubg
# draws for the same Position ID with the player on roll at the bottom.
# A board mirrored or turned (points 1 and 24 swapped, a bar checker on
# the wrong half) differs in some line of some position.
#
#   tests/board-gnubg.sh [BIN]        BIN defaults to build/bgmatch
#
# The records: the valid samples (samples/*.mat) and the broken one whose
# positions have checkers on the bar (samples/broken/illegal-move.mat).
# gnubg writes a count of 10 or more checkers as a letter (A for 10),
# bgmatch in digits: the letter is read as its number before comparing.
# Without gnubg a SKIP (a failure under CI=true).  Ends with
# "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/lib/tally.sh"

bin=${1:-build/bgmatch}
gnubg=${GNUBG:-/usr/games/gnubg}
if [[ ! -x $gnubg ]]; then
  skip_tool gnubg board-gnubg "gnubg is not installed ($gnubg; apt-get install gnubg)"
  tally_end
  exit
fi
if [[ ! -x $bin ]]; then
  verdict FAIL board-gnubg "$bin is not an executable (build it first: make all)"
  tally_end
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-board.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home/.gnubg"

# shows FILE: every play's board, as "POSITION-ID" then its 13 lines, into
# $work/NAME.boards; stops at the first game without a play 1.
shows() {
  local file=$1 boards=$2 game=1 play out=$work/show
  : >"$boards"
  while "$bin" show "$file" --game "$game" --play 1 >/dev/null 2>&1; do
    play=1
    while "$bin" show "$file" --game "$game" --play "$play" >"$out" 2>/dev/null; do
      {
        sed -n 's/^Position ID: //p' "$out"
        head -n 13 "$out"
      } >>"$boards"
      play=$((play + 1))
    done
    game=$((game + 1))
  done
}

# gnubg_boards IDS OUT: gnubg's board for each Position ID of IDS, drawn
# with its player "root" (X, at the bottom) on roll.
gnubg_boards() {
  {
    echo "new match 7"
    while read -r id; do
      printf 'set turn root\nset board %s\nshow board\n' "$id"
    done <"$1"
  } >"$work/commands"
  HOME=$work/home timeout 300 "$gnubg" -t -q -r -c "$work/commands" </dev/null >"$2" 2>&1
}

compare() {
  python3 - "$1" "$2" <<'PY'
import re, sys
def blocks(lines, start):
    """Position ID -> its 13 board lines, each cut to the board's 44 columns."""
    out = {}
    for i, line in enumerate(lines):
        m = start(line)
        if m:
            out[m] = [l[:44].rstrip() for l in lines[i + 1 + skip(lines, i):][:13]]
    return out
def skip(lines, i):  # gnubg: a Match ID line between the ID and the board
    return 1 if "Match ID" in lines[i + 1] else 0
def gnubg_id(line):
    m = re.match(r" GNU Backgammon  Position ID: (\S+)", line)
    return m.group(1) if m else None
def digits(row):  # gnubg's count "A".."F" (10..15) as bgmatch writes it
    cells = list(row)
    for c, ch in enumerate(row):
        if ch in "ABCDEF" and "BAR" not in row:
            cells[c - 1:c + 1] = list(str(10 + "ABCDEF".index(ch)))
    return "".join(cells).rstrip()
ours_lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
ours = {}
for i in range(0, len(ours_lines) - 13, 14):
    ours[ours_lines[i]] = [l[:44].rstrip() for l in ours_lines[i + 1:i + 14]]
theirs = {k: [digits(r) for r in v]
          for k, v in blocks(open(sys.argv[2], encoding="utf-8", errors="replace")
                             .read().split("\n"), gnubg_id).items()}
bad = [k for k in ours if theirs.get(k) != ours[k]]
print(len(ours), len(bad))
for k in bad[:1]:
    print("position %s\nbgmatch:\n%s\ngnubg:\n%s" % (k, "\n".join(ours[k]),
          "\n".join(theirs.get(k, ["(none)"]))))
PY
}

total=0
for file in samples/*.mat samples/broken/illegal-move.mat; do
  name=$(basename "$file" .mat)
  shows "$file" "$work/$name.boards"
  awk 'NR % 14 == 1' "$work/$name.boards" | sort -u >"$work/$name.ids"
  if [[ ! -s $work/$name.ids ]]; then
    verdict FAIL "board-gnubg $name" "bgmatch show printed no board"
    continue
  fi
  if ! gnubg_boards "$work/$name.ids" "$work/$name.gnubg"; then
    verdict FAIL "board-gnubg $name" "gnubg failed: $(tail -n 3 "$work/$name.gnubg")"
    continue
  fi
  result=$(compare "$work/$name.boards" "$work/$name.gnubg")
  read -r positions differ <<<"$(head -n 1 <<<"$result")"
  total=$((total + positions))
  if [[ $differ -eq 0 ]]; then
    verdict ok "board-gnubg $name ($positions positions)"
  else
    verdict FAIL "board-gnubg $name" "$differ of $positions boards differ from gnubg's; first:
$(tail -n +2 <<<"$result")"
  fi
done
echo "board-gnubg: $total boards compared with GNU Backgammon's"
tally_end
