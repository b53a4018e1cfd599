#!/usr/bin/env bash
# sgf-interop.sh — the SGF writer and reader against GNU Backgammon itself.
#
#   tests/sgf-interop.sh [BIN] [WRITE_MATCH] [DIR]
#       BIN defaults to build/bgmatch, WRITE_MATCH to
#       build/tests/tools/write_match, DIR (scratch) to build/sgf-interop
#
# (a) every valid record of the shared corpus, and fresh gnubg self-play:
#     the SGF bgmatch writes loads in gnubg (`load match`, gnubg -t -q)
#     without a message, and gnubg's `export match mat` of it equals its
#     `export match mat` after its own `import mat` of the record: the same
#     plays, cube actions, scores and results (compared with
#     tests/lib/sgf-interop-norm.py: the order of a play's steps and its hit
#     marks, header tags gnubg's SGF cannot hold, and the EventDate gnubg
#     gives a record without one, set aside);
# (b) self-play gnubg saved both as .mat and as .sgf: `bgmatch check`
#     gives the same verdict and the same diagnostics on both, and
#     write_match's YAML of both is the same but for what only one
#     notation holds: hit marks (.mat) and the rules line (SGF's RU says
#     the rules a gnubg .mat leaves unsaid);
# (c) a broken play put into gnubg's SGF is reported at its property's
#     line:column.
# Without gnubg: SKIP (a failure under CI=true); without the shared
# folder's corpus and tools: SKIP (a failure under CI=true when the shared
# folder is there).  Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(dirname "${BASH_SOURCE[0]}")
source "$here/lib/tally.sh"

bin=${1:-build/bgmatch}
write_match=${2:-build/tests/tools/write_match}
dir=${3:-build/sgf-interop}
shared=${BGMATCH_SHARED:-../shared}
selfplay=$shared/tools/gnubg/selfplay.sh
gnubg=${GNUBG:-/usr/games/gnubg}
norm="python3 $here/lib/sgf-interop-norm.py"

if [[ ! -x $selfplay || ! -d $shared/corpus ]]; then
  skip_shared sgf-interop "$shared/corpus or $selfplay not found"
  tally_end
  exit
fi
if [[ ! -x $gnubg ]]; then
  skip_tool gnubg sgf-interop "gnubg is not installed ($gnubg; apt-get install gnubg)"
  tally_end
  exit
fi
if ! command -v python3 >/dev/null 2>&1; then
  skip_tool python3 sgf-interop "python3 is not installed (it compares gnubg's exports)"
  tally_end
  exit
fi
for tool in "$bin" "$write_match"; do
  if [[ ! -x $tool ]]; then
    verdict FAIL sgf-interop "$tool is not an executable (build it first)"
    tally_end
    exit 1
  fi
done

rm -rf "$dir"
mkdir -p "$dir/home/.gnubg" "$dir/selfplay"
dir=$(cd "$dir" && pwd)
export HOME=$dir/home

# run_gnubg COMMAND...: runs the commands in gnubg (text mode, quiet, no
# rc file); prints what gnubg said but its banner and board displays.
run_gnubg() {
  {
    echo "set confirm default yes"
    echo "set confirm save off"
    printf '%s\n' "$@"
  } >"$dir/commands"
  "$gnubg" -t -q -r -c "$dir/commands" </dev/null 2>&1 |
    grep -v -e '^GNU Backgammon 1\.' -e '^Copyright' -e '^This program comes' \
      -e '^This is free' -e '^Will not ' -e '^[ ^v|+]' -e '^$'
}

# (a) one record: bgmatch's SGF through gnubg against gnubg's own import.
through_gnubg() {
  local record=$1 name
  name=$(basename "$record")
  rm -f "$dir/ours.mat" "$dir/theirs.mat"
  if ! "$write_match" sgf "$record" >"$dir/record.sgf"; then
    verdict FAIL "sgf-interop gnubg loads $name" "write_match sgf failed"
    return
  fi
  local said
  said=$(run_gnubg "load match $dir/record.sgf" "export match mat $dir/ours.mat")
  run_gnubg "import mat $record" "export match mat $dir/theirs.mat" >/dev/null
  if [[ -n $said ]]; then
    verdict FAIL "sgf-interop gnubg loads $name" "gnubg said: $(head -3 <<<"$said")"
  elif [[ ! -s $dir/ours.mat || ! -s $dir/theirs.mat ]]; then
    verdict FAIL "sgf-interop gnubg loads $name" "gnubg exported nothing"
  elif ! diff <($norm "$dir/ours.mat") <($norm "$dir/theirs.mat") >"$dir/diff"; then
    verdict FAIL "sgf-interop gnubg loads $name" \
      "gnubg's export differs from its import of the record: $(head -6 "$dir/diff")"
  else
    verdict ok "sgf-interop gnubg loads $name, same as its import mat"
  fi
}

# The valid records of the corpus (corpus/README.md names the broken ones).
while IFS= read -r record; do
  through_gnubg "$record"
done < <(find "$shared/corpus" -type f \( -name '*.mat' -o -name '*.txt' \) |
  grep -v -e 'Minchy_-_Llabba' -e 'MrPurple_-_Lasse' -e 'match9814649' -e 'README' | sort)

# Fresh self-play, saved both ways: 5-point matches and money sessions.
generate() {
  local len=$1 count=$2 seed=$3
  if ! env LC_ALL=C.UTF-8 FORMATS="mat sgf" GAMES=3 "$selfplay" "$count" "$len" \
    "$dir/selfplay" "$seed" >/dev/null 2>&1; then
    verdict FAIL "selfplay.sh $count $len $seed" "the generation failed"
  fi
}
generate 5 3 8100
generate 0 2 8200

for mat in "$dir"/selfplay/*.mat; do
  sgf=${mat%.mat}.sgf
  name=$(basename "$mat" .mat)
  through_gnubg "$mat"
  # (b) the same verdict and diagnostics, the same YAML
  "$bin" check "$mat" >"$dir/check-mat" 2>/dev/null
  mat_status=$?
  "$bin" check "$sgf" >"$dir/check-sgf" 2>/dev/null
  sgf_status=$?
  if [[ $mat_status != "$sgf_status" ]]; then
    verdict FAIL "sgf-interop check $name" "exit $mat_status on the .mat, $sgf_status on the .sgf"
  elif ! diff <(sed 's/^[^:]*:[0-9]*:[0-9]*://' "$dir/check-mat") \
    <(sed 's/^[^:]*:[0-9]*:[0-9]*://' "$dir/check-sgf") >/dev/null; then
    verdict FAIL "sgf-interop check $name" "other diagnostics: $(head -3 "$dir/check-sgf")"
  else
    verdict ok "sgf-interop check $name: the same verdict ($mat_status) from .mat and .sgf"
  fi
  if ! diff <("$write_match" yaml "$mat" | sed 's/\*//g; /^  rules: /d') \
    <("$write_match" yaml "$sgf" | sed '/^  rules: /d') >"$dir/diff"; then
    verdict FAIL "sgf-interop yaml $name" "the YAML of .mat and .sgf differ: $(head -6 "$dir/diff")"
  else
    verdict ok "sgf-interop yaml $name: the same YAML from .mat and .sgf"
  fi
done

# (c) a broken play in gnubg's own SGF: White's first play made to start
# from a point White has no checker on (its 10 point: j), at its place.
sgf=$(ls "$dir"/selfplay/*5pt*.sgf | head -1)
where=$(awk '/^;W\[[1-6][1-6][a-x]/ { print NR; exit }' "$sgf")
if [[ -z $sgf || -z $where ]]; then
  verdict FAIL "sgf-interop broken play" "no self-play SGF with a play of White's"
else
  sed "${where}s/^;W\[\([1-6][1-6]\)[a-x]/;W[\1j/" "$sgf" >"$dir/broken.sgf"
  "$bin" check "$dir/broken.sgf" >"$dir/check-broken" 2>/dev/null
  status=$?
  if [[ $status == 1 ]] && grep -q "^$dir/broken.sgf:$where:2: error: .*\[illegal-move\]" \
    "$dir/check-broken"; then
    verdict ok "sgf-interop broken play reported at its property ($where:2)"
  else
    verdict FAIL "sgf-interop broken play" \
      "expected an illegal-move error at $where:2, exit 1; got exit $status: $(head -2 "$dir/check-broken")"
  fi
fi

tally_end
