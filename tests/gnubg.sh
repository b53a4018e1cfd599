#!/usr/bin/env bash
# gnubg.sh — interoperability with GNU Backgammon: records gnubg writes by
# playing itself must check clean.
#
#   tests/gnubg.sh [BIN] [DIR]    BIN defaults to build/bgmatch, DIR (where
#                                 the records are generated, once) to
#                                 build/gnubg-selfplay
#
# Generates a fixed set of self-play records with
# ${BGMATCH_SHARED:-../shared}/tools/gnubg/selfplay.sh (deterministic per
# seed: 5- and 7-point matches, a money session, names with spaces and
# non-ASCII letters; gnubg runs under LC_ALL=C.UTF-8 so that its Python
# reads them) and expects exit 0 and no error for each; a generation that
# fails is a failed case of its own.  Without the shared tools it says SKIP
# (a failure under CI=true when the shared folder is there); without gnubg
# it says SKIP, a failure under CI=true, where .ci/run installs gnubg.
#
# Then the exact mutation test (tests/unit/check_mutations_exact.c, built
# as MUTATIONS, default build/tests/check_mutations_exact) runs over these
# records and more made for it in DIR/more (3-, 11- and 1-point matches, a
# money session without the Jacoby rule, a name long enough to fuse the
# score line's columns): one machine-made mistake in a record gnubg wrote
# must give one diagnostic at its line.  The corpus holds a few producers'
# records; these are fresh ones each seed, and the mistakes they exposed
# (a colon lost where gnubg's long plays reach the right column, a score
# line wrong after a resignation) were found so.  Then the same on .sgf
# records made in DIR/sgf and on YAML written from the .mat ones in
# DIR/yaml (tests/mutations.sh), which found a lost turn, a lost double, a
# drop the game goes on after and a wrong name each blamed on the plays
# after them.
# Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
source "$(dirname "${BASH_SOURCE[0]}")/lib/tally.sh"

bin=${1:-build/bgmatch}
dir=${2:-build/gnubg-selfplay}
mutations=${MUTATIONS:-build/tests/check_mutations_exact}
selfplay=${BGMATCH_SHARED:-../shared}/tools/gnubg/selfplay.sh
gnubg=${GNUBG:-/usr/games/gnubg}
if [[ ! -x $selfplay ]]; then
  skip_shared gnubg-selfplay "$selfplay not found"
  tally_end
  exit
fi
if [[ ! -x $gnubg ]]; then
  skip_tool gnubg gnubg-selfplay "gnubg is not installed ($gnubg; apt-get install gnubg)"
  tally_end
  exit
fi
if [[ ! -x $bin ]]; then
  verdict FAIL gnubg-selfplay "$bin is not an executable (build it first: make all)"
  tally_end
  exit 1
fi

# generate_into DIR LEN COUNT SEED [VAR=VALUE...]: once; records stay in DIR.
generate_into() {
  local into=$1 len=$2 count=$3 seed=$4
  shift 4
  local stamp=$into/.done-$len-$count-$seed
  [[ -f $stamp ]] && return 0
  # gnubg makes ~/.gnubg when it starts; the self-play jobs running side by
  # side would race to make it, and the loser stops ("File exists").
  mkdir -p "$into/home/.gnubg"
  if env LC_ALL=C.UTF-8 HOME="$(cd "$into" && pwd)/home" FORMATS=mat "$@" "$selfplay" "$count" "$len" "$into" "$seed" >/dev/null; then
    touch "$stamp"
  else
    # Its records would be missing without a word but this: a failed case.
    verdict FAIL "selfplay.sh $count $len $into $seed" "the generation failed (status $?)"
  fi
}

generate() { generate_into "$dir" "$@"; }

generate 5 4 7100 "P0=Ana María" "P1=Bob van Dijk"
generate 7 2 7200 "P0=Zoë" "P1=Kim Ødegård"
generate 0 1 7300 GAMES=4 "P0=Money Player" "P1=Lucía"

out=$(mktemp "${TMPDIR:-/tmp}/bgmatch-gnubg.XXXXXX")
trap 'rm -f "$out"' EXIT
shopt -s nullglob
records=("$dir"/*.mat)
if [[ ${#records[@]} -eq 0 && $failed -eq 0 ]]; then # else a generation failed: counted
  verdict FAIL gnubg-selfplay "no record was generated"
fi
for file in "${records[@]}"; do
  "$bin" check "$file" >"$out" 2>&1
  status=$?
  if [[ $status -eq 0 ]] && ! grep -Fq ': error: ' "$out"; then
    verdict ok "$file"
  else
    verdict FAIL "$file" "expected valid (exit 0, no error), got exit $status:
$(grep -F ': error: ' "$out" | head -n 5)"
  fi
done

# The exact mutation test over these records and DIR/more: it reads the
# .mat files of CORPUS/*/ (its BGMATCH_SHARED/corpus), here two links.
more=$dir/more
generate_into "$more" 3 12 7400
generate_into "$more" 0 4 7500 GAMES=6 JACOBY=off
generate_into "$more" 11 4 7600 "P0=Left Player With A Long Name" "P1=bob"
generate_into "$more" 1 8 7700
if [[ ! -x $mutations ]]; then
  verdict FAIL "mutations of gnubg records" "$mutations is not built (make $mutations)"
else
  shared=$dir/mutations
  mkdir -p "$shared/corpus"
  ln -sfn "$(cd "$dir" && pwd)" "$shared/corpus/selfplay"
  ln -sfn "$(cd "$more" && pwd)" "$shared/corpus/more"
  if BGMATCH_SHARED=$shared "$mutations" >"$out" 2>&1; then
    verdict ok "mutations of gnubg records: $(grep -o 'total .*' "$out")"
  else
    verdict FAIL "mutations of gnubg records" "$(grep -E '^exact:|F:' "$out")"
  fi
fi
# The same on gnubg's .sgf records and on the YAML notation (written by
# bgmatch from gnubg's .mat records): tests/mutations.sh, a play, a die, a
# cube action, a name or a whole turn changed or left out.
sgf=$dir/sgf
generate_into "$sgf" 5 4 7800 "FORMATS=mat sgf"
generate_into "$sgf" 11 2 7900 "FORMATS=mat sgf" "P0=Left Player With A Long Name" "P1=bob"
generate_into "$sgf" 0 2 8000 "FORMATS=mat sgf" GAMES=6 "P0=Zoë" "P1=Kim Ødegård"
yaml=$dir/yaml
mkdir -p "$yaml"
for file in "$dir"/*.mat "$sgf"/*.mat; do
  "$bin" convert --to yaml -o "$yaml/$(basename "$file" .mat).yaml" "$file" 2>/dev/null
done
# mutations NOTATION FILE...: tests/mutations.sh over the records, a verdict
mutations() {
  local notation=$1
  shift
  if [[ $# -eq 0 ]]; then
    verdict FAIL "mutations of gnubg records in $notation" "no record was made"
  elif "$(dirname "${BASH_SOURCE[0]}")/mutations.sh" "$notation" "$bin" "$@" >"$out" 2>&1; then
    verdict ok "mutations of gnubg records in $notation: $(awk '/ exact / { e += $4; t += $6 } END { print e " of " t " copies exact" }' "$out")"
  else
    verdict FAIL "mutations of gnubg records in $notation" "$(cat "$out")"
  fi
}
mutations sgf "$sgf"/*.sgf
mutations yaml "$yaml"/*.yaml
tally_end
