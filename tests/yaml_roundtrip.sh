#!/usr/bin/env bash
# yaml_roundtrip.sh — the YAML reader reads back what the writers write: a
# fixed point, and the same match for the referee.
#
#   tests/yaml_roundtrip.sh [BIN] [DRIVER]   BIN defaults to build/bgmatch,
#                                            DRIVER to build/tests/tools/write_match
#
# For every record — samples/*.mat, samples/broken/*.mat,
# tests/e2e/cases/*/*.mat, tests/e2e/cases/check/*/*.mat (a rule's cases),
# tests/notation/example.mat, the shared corpus
# (valid and broken), the shared archive's records its EXPECTED.tsv calls
# clean, and fresh GNU Backgammon self-play records (a few
# matches and a money session, generated here with
# ${BGMATCH_SHARED:-../shared}/tools/gnubg/selfplay.sh, seeds from
# $YAML_SELFPLAY_SEED, default 8100) — one case:
#   - `write_match yaml X > a.yaml; write_match yaml a.yaml > b.yaml`: a
#     and b are the same bytes;
#   - `write_match json X` and `write_match json a.yaml` are the same bytes
#     but for match.source, the file each came from (the model read back
#     is the one written, results and all);
#   - `bgmatch check X` and `bgmatch check a.yaml` report the same problems
#     (severities and rule names, in the same order; the places differ),
#     with the same exit status.  Except for a .mat with syntax errors: a
#     cell the .mat reader could not read is written as an unrecorded play
#     ('????'), which the notation cannot tell from one, so only the first
#     two are compared there (said in the case's name).
# Without gnubg or the shared folder those parts are SKIP lines (failures
# under CI=true, as tally.sh says).  Ends with "N passed, M failed, K skipped".
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2
export LC_ALL=C

bin=${1:-build/bgmatch}
driver=${2:-build/tests/tools/write_match}
source "$here/lib/tally.sh"

for tool in "$bin" "$driver"; do
  if [[ ! -x $tool ]]; then
    verdict FAIL yaml-roundtrip "$tool is not an executable (make it first)"
    tally_end
    exit 1
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-roundtrip.XXXXXX")
trap 'rm -rf "$work"' EXIT

shopt -s nullglob
records=(samples/*.mat samples/broken/*.mat tests/notation/example.mat)
for record in tests/e2e/cases/*/*.mat tests/e2e/cases/check/*/*.mat; do
  [[ -L $record ]] || records+=("$record") # a link is another folder's record
done
shared=${BGMATCH_SHARED:-../shared}
if [[ -d $shared/corpus ]]; then
  records+=("$shared"/corpus/*/*.txt "$shared"/corpus/*/*.mat)
else
  skip_shared "yaml-roundtrip over the corpus" "$shared/corpus not found"
fi
if [[ -f $shared/archive/EXPECTED.tsv ]]; then
  while IFS=$'\t' read -r file expect _; do
    [[ $expect == clean ]] && records+=("$shared/archive/$file")
  done < <(tr -d '\r' <"$shared/archive/EXPECTED.tsv")
else
  skip_shared "yaml-roundtrip over the archive" "$shared/archive/EXPECTED.tsv not found"
fi

# Fresh self-play: 5- and 3-point matches, names with blanks and non-ASCII
# letters, and a money session.
selfplay=$shared/tools/gnubg/selfplay.sh
seed=${YAML_SELFPLAY_SEED:-8100}
if [[ ! -x $selfplay ]]; then
  skip_shared "yaml-roundtrip over gnubg self-play" "$selfplay not found"
elif [[ ! -x ${GNUBG:-/usr/games/gnubg} ]]; then
  skip_tool gnubg "yaml-roundtrip over gnubg self-play" "gnubg is not installed"
else
  mkdir -p "$work/selfplay/home/.gnubg"
  # play COUNT LEN SEED [VAR=VALUE...]
  play() {
    local count=$1 len=$2 seed=$3
    shift 3
    env LC_ALL=C.UTF-8 HOME="$work/selfplay/home" FORMATS=mat "$@" "$selfplay" \
      "$count" "$len" "$work/selfplay" "$seed" >"$work/selfplay/log" 2>&1 ||
      verdict FAIL "selfplay.sh $count $len DIR $seed" \
        "the generation failed: $(tail -n 2 "$work/selfplay/log")"
  }
  play 3 5 "$seed" "P0=Ana María" "P1=Bob van Dijk"
  play 3 3 "$((seed + 100))"
  play 1 0 "$((seed + 200))" GAMES=4
  records+=("$work"/selfplay/*.mat)
fi

# The problems of a check, without their places: "error cube", "legal".
problems() {
  sed -E 's/^.*: (error|warning|note): legal plays: .*$/legal/;
          s/^.*: (error|warning|note): .*\[([a-z-]+)\]$/\1 \2/' "$1"
}

# roundtrip RECORD: one case.
roundtrip() {
  local record=$1 a=$work/a.yaml b=$work/b.yaml
  if ! "$driver" yaml "$record" >"$a" 2>"$work/err" ||
    ! "$driver" yaml "$a" >"$b" 2>>"$work/err"; then
    verdict FAIL "yaml-roundtrip $record" "write_match failed: $(head -n 2 "$work/err")"
    return
  fi
  if ! cmp -s "$a" "$b"; then
    verdict FAIL "yaml-roundtrip $record" "YAML not a fixed point: $(diff "$a" "$b" | head -n 4)"
    return
  fi
  # The JSON names the file and line each match came from (match.source),
  # which are the record's in one and the YAML copy's in the other.
  "$driver" json "$record" 2>/dev/null | sed -E 's/,"source":\{"file":"([^"\\]|\\.)*"(,"line":[0-9]+)?\}//' >"$work/a.json"
  "$driver" json "$a" 2>/dev/null | sed -E 's/,"source":\{"file":"([^"\\]|\\.)*"(,"line":[0-9]+)?\}//' >"$work/b.json"
  if ! cmp -s "$work/a.json" "$work/b.json"; then
    verdict FAIL "yaml-roundtrip $record" "JSON of the .mat and of its YAML differ"
    return
  fi
  "$bin" check "$record" >"$work/x.out" 2>/dev/null
  local x_status=$?
  "$bin" check "$a" >"$work/a.out" 2>/dev/null
  local a_status=$?
  if grep -q ' \[syntax\]$' "$work/x.out"; then
    verdict ok "yaml-roundtrip $record (YAML and JSON; its syntax errors are the .mat's)"
    return
  fi
  if [[ $x_status != "$a_status" ]] || ! cmp -s <(problems "$work/x.out") <(problems "$work/a.out"); then
    verdict FAIL "yaml-roundtrip $record" "check differs (status $x_status vs $a_status): $(diff <(problems "$work/x.out") <(problems "$work/a.out") | head -n 4 | tr '\n' ' ')"
    return
  fi
  verdict ok "yaml-roundtrip $record"
}

for record in "${records[@]}"; do
  roundtrip "$record"
done

tally_end
