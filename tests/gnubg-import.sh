#!/usr/bin/env bash
# gnubg-import.sh — interoperability the other way round from gnubg.sh: the
# canonical .mat that `bgmatch convert --to mat` writes must import into
# GNU Backgammon without a word, and come back as the same match.
#
#   tests/gnubg-import.sh [BIN] [FILE...]   BIN defaults to build/bgmatch
#
# The records tried: samples/*.mat, every record of the shared corpus that
# `bgmatch check` finds valid, as are the corpus's eXtreme Gammon .xg
# files (all five imported and their SGF loaded too: try_xg_sgf), every
# record of the shared archive that its
# EXPECTED.tsv calls clean (all 76 of them: about 20 s more, the whole
# script some 40 s), and the FILEs given.  Each match of a
# record's conversion goes to a file of its own (GNU Backgammon reads one
# match a file), which gnubg imports (`import mat`) and exports again
# (`export match mat`), with HOME in a temporary folder.  A match passes
# when
#  - gnubg says nothing about the import: no warning, "Invalid move",
#    "Unrecognised move", "had errors", "doesn't follow a double";
#  - gnubg's export, converted by bgmatch, holds the same games with the
#    same scores, and in each game the same actions in the same order: the
#    rolls with the same play (compared as the checkers it moves, so that a
#    hop and its steps are one play), the cube actions, the results, each
#    by the same player (a result that wins the match is compared as such:
#    a record may cap its points at what the winner needed, gnubg writes
#    the game's worth; gnubg 1.07 writes no "and the match", and leaves out
#    resignation lines, "????" and "Cannot Move", not compared either);
#  - `bgmatch check` finds the same problems in gnubg's export as in the
#    canonical record.
# Without gnubg it says SKIP (a failure under CI=true, where .ci/run
# installs gnubg); without the shared corpus that part says SKIP.  Ends
# with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2

bin=${1:-build/bgmatch}
[[ $# -gt 0 ]] && shift
[[ $bin == /* ]] || bin=$PWD/$bin
gnubg=${GNUBG:-/usr/games/gnubg}
corpus=${BGMATCH_SHARED:-../shared}/corpus
archive=${BGMATCH_SHARED:-../shared}/archive
source "$here/lib/tally.sh"
if [[ ! -x $gnubg ]]; then
  skip_tool gnubg gnubg-import "gnubg is not installed ($gnubg; apt-get install gnubg)"
  tally_end
  exit
fi
if [[ ! -x $bin ]]; then
  verdict FAIL gnubg-import "$bin is not an executable (build it first: make all)"
  tally_end
  exit
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-gnubg-import.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home/.gnubg"

# What a match says, one action a line, for comparing two writers' .mat:
# "game N", "score A B", each action with the side that took it (L or R:
# where its cell starts), each roll as its dice and the checkers its play
# moves ("L 63: 24:-1 18:+1 ..."), cube actions, results.  A result that
# gives the winner the match is "wins the match": a record may cap it at
# the points the winner needed, GNU Backgammon writes the game's worth.
actions() {
  awk '
    function play(token,   n, parts, i, m, ends, count, delta, text, p) {
      n = split(token, parts, " ")
      for (i = 2; i <= n; i++) {
        m = parts[i]
        gsub(/\*/, "", m)
        count = 1
        if (match(m, /\([0-9]+\)/)) {
          count = substr(m, RSTART + 1, RLENGTH - 2)
          m = substr(m, 1, RSTART - 1)
        }
        split(m, ends, "/")
        delta[ends[1] + 0] -= count
        delta[ends[2] + 0] += count
      }
      text = parts[1]
      for (p = 25; p >= 0; p--)
        if (delta[p]) text = text " " p ":" (delta[p] > 0 ? "+" : "") delta[p]
      return text
    }
    function result(side, token,   points) {
      points = token
      gsub(/[^0-9]/, "", points)
      if (length_ > 0 && score[side] + points >= length_) return "wins the match"
      return "Wins " points
    }
    !in_game && / point match$/ { length_ = $1 }
    /^ Game [0-9]+$/ { print "game " $2; in_game = 1; next }
    !in_game { next }
    / : [0-9]+ .* : [0-9]+$/ && !/\) / {
      n = split($0, halves, " : ")
      sub(/ .*/, "", halves[2])
      score["L"] = halves[2] + 0
      score["R"] = halves[n] + 0
      print "score " score["L"] " " score["R"]
      next
    }
    {
      line = $0
      at = 0
      while (match(line, /[0-6][0-6]:( [0-9]+\/[0-9]+\*?(\([0-9]+\))?)*|(Doubles|Beavers) => [0-9]+|Takes|Drops|Wins [0-9]+ points?/)) {
        token = substr(line, RSTART, RLENGTH)
        side = at + RSTART < 20 ? "L" : "R"
        at += RSTART + RLENGTH - 1
        line = substr(line, RSTART + RLENGTH)
        if (token ~ /^[0-6][0-6]:/) token = play(token)
        else if (token ~ /^Wins/) token = result(side, token)
        print side " " token
      }
    }' "$1"
}

# The errors and warnings of `check` on FILE, by severity and rule, counted.
problems() {
  "$bin" check "$1" 2>/dev/null |
    sed -nE 's/^.*:[0-9]+:[0-9]+: (error|warning): .*\[([a-z-]+)\]$/\1 \2/p' | sort | uniq -c
}

# Imports and exports one canonical match file; the verdict for it.
try_match() {
  local name=$1 canonical=$2 dir=${2%.mat}
  mkdir -p "$dir"
  printf 'set confirm default yes\nset confirm save off\nimport mat %s\nexport match mat %s\n' \
    "$canonical" "$dir/export.mat" >"$dir/commands"
  HOME=$work/home timeout 120 "$gnubg" -t -q -r -c "$dir/commands" </dev/null >"$dir/log" 2>&1
  local status=$?
  local said
  said=$(grep -iE "warning|invalid move|unrecognised|had errors|doesn't follow|garbage|not a valid" \
    "$dir/log" | head -n 3)
  "$bin" convert --to mat "$dir/export.mat" >"$dir/back.mat" 2>/dev/null
  if [[ $status != 0 || -n $said ]]; then
    verdict FAIL "$name" "gnubg exit $status: $said"
  elif [[ ! -s $dir/export.mat ]]; then
    verdict FAIL "$name" "gnubg exported nothing"
  elif ! diff <(actions "$canonical") <(actions "$dir/back.mat") >"$dir/diff"; then
    verdict FAIL "$name" "gnubg's export differs: $(head -n 6 "$dir/diff")"
  elif [[ $(problems "$canonical") != "$(problems "$dir/back.mat")" ]]; then
    verdict FAIL "$name" "check finds other problems in gnubg's export"
  else
    games=$((games + $(actions "$canonical" | grep -c '^game ')))
    rolls=$((rolls + $(actions "$canonical" | grep -c '^[LR] [0-6][0-6]:')))
    verdict ok "$name"
  fi
}

# Converts FILE and tries each of its matches.
try_record() {
  local file=$1 index=$((${#tried[@]} + 1))
  tried+=("$file")
  "$bin" convert --to mat "$file" >"$work/$index.mat" 2>/dev/null
  # one file per match: a header or match line after a game starts one
  awk -v out="$work/$index" '
    (/^; \[/ || / point match$/) && seen_game { part++; seen_game = 0 }
    /^ Game [0-9]+$/ { seen_game = 1 }
    { print > (out "-" (part + 1) ".mat") }
  ' "$work/$index.mat"
  local part
  for part in "$work/$index"-*.mat; do
    local suffix=${part##*-}
    try_match "$file (match ${suffix%.mat})" "$part"
  done
}

games=0
rolls=0
xg_sgf=0
tried=()
for file in samples/*.mat; do
  try_record "$file"
done
if [[ -d $corpus ]]; then
  while IFS= read -r file; do
    "$bin" check "$file" >/dev/null 2>&1 && try_record "$file"
  done < <(find "$corpus" -type f \( -name '*.mat' -o -name '*.txt' \) ! -name 'README*' | sort)
else
  skip_shared "gnubg-import of the corpus records" "$corpus not found"
fi
# eXtreme Gammon's .xg files of the corpus: the canonical .mat of those
# `check` finds valid tried as any record's; of all five, that .mat
# imported and the SGF converted loaded (`load match`) without a word,
# gnubg's export of the SGF holding the same match as its export of the
# .mat (the one with a real slip included: gnubg does not look at it).
try_xg_sgf() {
  local file=$1 dir
  dir=$work/xg-sgf-$(( ${#tried[@]} ))
  mkdir -p "$dir"
  "$bin" convert --to sgf "$file" >"$dir/record.sgf" 2>/dev/null
  "$bin" convert --to mat "$file" >"$dir/record.mat" 2>/dev/null
  printf 'set confirm default yes\nset confirm save off\nload match %s\nexport match mat %s\nimport mat %s\nexport match mat %s\n' \
    "$dir/record.sgf" "$dir/from-sgf.mat" "$dir/record.mat" "$dir/from-mat.mat" >"$dir/commands"
  HOME=$work/home timeout 120 "$gnubg" -t -q -r -c "$dir/commands" </dev/null >"$dir/log" 2>&1
  local status=$? said
  said=$(grep -iE "warning|invalid|unrecognised|had errors|doesn't follow|garbage|not a valid|error" \
    "$dir/log" | head -n 3)
  if [[ $status != 0 || -n $said ]]; then
    verdict FAIL "$file (SGF)" "gnubg exit $status: $said"
  elif [[ ! -s $dir/from-sgf.mat || ! -s $dir/from-mat.mat ]]; then
    verdict FAIL "$file (SGF)" "gnubg exported nothing"
  elif ! diff <(actions "$dir/from-sgf.mat") <(actions "$dir/from-mat.mat") >"$dir/diff"; then
    verdict FAIL "$file (SGF)" "gnubg's match from the SGF differs: $(head -n 6 "$dir/diff")"
  else
    verdict ok "$file (SGF): loaded without a word, the match of the .mat"
  fi
  xg_sgf=$((xg_sgf + 1))
}
if [[ -d $corpus/xg-binary ]]; then
  xg_files=("$corpus"/xg-binary/*.xg)
  for file in "${xg_files[@]}"; do
    "$bin" check "$file" >/dev/null 2>&1 && try_record "$file"
    try_xg_sgf "$file"
  done
  [[ ${#xg_files[@]} -ge 5 ]] || verdict FAIL "gnubg-import of .xg" "${#xg_files[@]} .xg files"
else
  skip_shared "gnubg-import of the .xg files" "$corpus/xg-binary not found"
fi
if [[ -f $archive/EXPECTED.tsv ]]; then
  while IFS=$'\t' read -r file expect _; do
    [[ $expect == clean ]] && try_record "$archive/$file"
  done < <(tr -d '\r' <"$archive/EXPECTED.tsv")
else
  skip_shared "gnubg-import of the archive records" "$archive/EXPECTED.tsv not found"
fi
for file in "$@"; do
  try_record "$file"
done
echo "gnubg-import: ${#tried[@]} records, $((passed + failed - xg_sgf)) matches imported," \
  "$((passed - xg_sgf)) clean and the same after gnubg's export ($games games, $rolls rolls);" \
  "$xg_sgf SGF of .xg files loaded"
tally_end
