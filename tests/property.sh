#!/usr/bin/env bash
# property.sh — property tests of `bgmatch check` over records that
# tests/tools/gen_match.c plays at random with the engine (`make
# property-check`, a step of make check; `make soak` runs it at 100 times
# the volume on other seeds).
#
#   tests/property.sh GEN BIN [--scale N] [--seed-base S] [--dir DIR]
#
# (a) clean: FILES files of MATCHES matches each (seeds S+1.., the dialects
#     and lengths in turn: gnubg, xg, bgblitz, jellyfish, fibs, canonical
#     (the project's own writer), mixed; random
#     lengths, money sessions, 1, 5 and 11 points) all check clean:
#     `check --strict` exits 0 and reports no error and no warning.
# (b) mutation: RECORDS records, each written again with one corruption
#     (gen_match --mutate K: a die, a step's point, a step left out, a '*'
#     on a step that hits nothing or none on a hit, a double by the player who does not own
#     the cube or in the Crawford game or to a wrong value, a "Takes" left
#     out, the "Wins N", a later game's score line).  The property: under
#     --strict, check exits 1 and the FIRST diagnostic it reports (error or
#     warning; a wrong or missing '*' is a warning by design, [hit-marker]) is on the
#     mutated line.  For a "Takes" left out that line is the doubler's next
#     roll, where the record first shows the double unanswered.  A mutation
#     that gen_match's engine finds legal all the same (equivalent=1: the
#     mutated play ends in a legal play's position — in a dialect that
#     never marks hits, leaves the roller's checkers where a legal play
#     does, since a hop may hit unmarked there —, a capped "Wins") is
#     skipped and counted, not held against the checker.  In a dialect
#     that marks hits, a mutated play legal only as a combined move that
#     hits a blot on its way without a '*' is no equivalent: check warns
#     on its line ([hit-marker]).
#
# (c) determinism: one seed, run twice, gives the same bytes.
#
# Counts are printed (records, mutations, detected, equivalent-skipped,
# missed, per kind); a miss prints the reproducer (the gen_match command),
# the mutation and what check said, and fails the test.
set -u
export LC_ALL=C
source "$(dirname "${BASH_SOURCE[0]}")/lib/tally.sh"

gen=$1
bin=$2
shift 2
scale=1
seed_base=0
dir=build/property
while [[ $# -gt 0 ]]; do
  case $1 in
  --scale) scale=$2 ;;
  --seed-base) seed_base=$2 ;;
  --dir) dir=$2 ;;
  *) echo "usage: property.sh GEN BIN [--scale N] [--seed-base S] [--dir DIR]" >&2; exit 2 ;;
  esac
  shift 2
done
for tool in "$gen" "$bin"; do
  [[ -x $tool ]] || { echo "property: $tool is not an executable"; exit 2; }
done

files=$((60 * scale))
matches=50
records=$((300 * scale))
# The canonical dialect (the project's own writer) only in (a): its lines
# are the writer's, gen_match cannot say which one it mutated.
clean_dialects=(gnubg xg bgblitz jellyfish fibs canonical mixed)
dialects=(gnubg xg bgblitz jellyfish fibs mixed)
lengths=("" --money "--length 1" "--length 5" "--length 11")
rm -rf "$dir"
mkdir -p "$dir/clean"

# gen_args I [DIALECT...]: the dialect and length options of the I-th
# record or file, the dialects taken in turn from the list given.
gen_args() {
  local i=$1
  shift
  local list=("$@")
  echo "--dialect ${list[i % ${#list[@]}]} ${lengths[(i / ${#list[@]}) % ${#lengths[@]}]}"
}

# ---- (a) generated records check clean --------------------------------
clean_property() {
  local i seed args list=() summary status bad=0
  for ((i = 1; i <= files; i++)); do
    seed=$((seed_base + i))
    args=$(gen_args "$i" "${clean_dialects[@]}")
    # shellcheck disable=SC2086
    if ! "$gen" --seed "$seed" --matches "$matches" $args >"$dir/clean/$seed.mat"; then
      verdict FAIL "property clean" "gen_match --seed $seed --matches $matches $args failed"
      return
    fi
    list+=("$dir/clean/$seed.mat")
  done
  # In batches, so that a soak's many files fit on a command line.
  for ((i = 0; i < ${#list[@]}; i += 500)); do
    "$bin" check --strict "${list[@]:i:500}" >"$dir/clean.out" 2>"$dir/clean.err"
    status=$?
    summary=$(tail -n 1 "$dir/clean.err")
    if [[ $status -ne 0 || $summary != *" 0 errors, 0 warnings" ]]; then
      bad=1
      echo "property clean: check --strict exit $status: $summary"
      head -n 20 "$dir/clean.out"
      echo "(reproduce: the file SEED.mat is $gen --seed SEED --matches $matches"
      echo " with the options gen_args gives its number; files in $dir/clean)"
    fi
  done
  echo "property clean: $files files, $((files * matches)) records (matches), seeds" \
    "$((seed_base + 1))..$((seed_base + files))"
  if [[ $bad -eq 0 ]]; then
    rm -rf "$dir/clean" # a soak's are more than a GB
    verdict ok "property clean ($((files * matches)) generated records: check --strict exit 0, 0 errors, 0 warnings)"
  else
    verdict FAIL "property clean" "generated records do not check clean"
  fi
}

# ---- (b) one mutation per record: the first diagnostic on its line ------
declare -A detected_by equivalent_by missed_by
mutations=0
gen_failures=0
detected=0
equivalent=0
missed=0

# mutate_one I: generates record I mutated, checks it, counts the outcome.
mutate_one() {
  local i=$1 seed=$((seed_base + 500000 + $1)) args info kind line eq out status first
  args=$(gen_args "$i" "${dialects[@]}")
  # shellcheck disable=SC2086
  if ! "$gen" --seed "$seed" $args --mutate "$i" >"$dir/mutant.mat" 2>"$dir/mutant.info"; then
    gen_failures=$((gen_failures + 1))
    echo "property: gen_match --seed $seed $args --mutate $i failed: $(tail -n 1 "$dir/mutant.info")"
    return
  fi
  info=$(tail -n 1 "$dir/mutant.info")
  kind=$(sed -n 's/.*kind=\([a-z]*\).*/\1/p' <<<"$info")
  line=$(sed -n 's/.* line=\([0-9]*\).*/\1/p' <<<"$info")
  eq=$(sed -n 's/.*equivalent=\([01]\).*/\1/p' <<<"$info")
  mutations=$((mutations + 1))
  if [[ $eq == 1 ]]; then
    equivalent=$((equivalent + 1))
    equivalent_by[$kind]=$((${equivalent_by[$kind]:-0} + 1))
    return
  fi
  out=$("$bin" check --strict "$dir/mutant.mat" 2>/dev/null)
  status=$?
  first=$(grep -E ': (error|warning): ' <<<"$out" | head -n 1 | cut -d: -f2)
  if [[ $status -eq 1 && $first == "$line" ]]; then
    detected=$((detected + 1))
    detected_by[$kind]=$((${detected_by[$kind]:-0} + 1))
    return
  fi
  missed=$((missed + 1))
  missed_by[$kind]=$((${missed_by[$kind]:-0} + 1))
  cp "$dir/mutant.mat" "$dir/missed-$seed.mat"
  echo "property MISS: $info"
  echo "  reproduce: $gen --seed $seed $args --mutate $i >m.mat; $bin check --strict m.mat"
  echo "  expected: exit 1, first diagnostic on line $line; seen: exit $status, first on line ${first:-none}"
  echo "  line $line: $(sed -n "${line}p" "$dir/mutant.mat")"
  grep -E ': (error|warning): ' <<<"$out" | head -n 3 | sed 's/^/  /'
}

mutation_property() {
  local i kind
  for ((i = 1; i <= records; i++)); do
    mutate_one "$i"
  done
  echo "property mutation: records $records, mutations $mutations, detected $detected," \
    "equivalent-skipped $equivalent, missed $missed"
  for kind in die point step hitmark unmark owner crawford value take wins score; do
    printf '  %-9s detected %5d  equivalent-skipped %4d  missed %d\n' "$kind" \
      "${detected_by[$kind]:-0}" "${equivalent_by[$kind]:-0}" "${missed_by[$kind]:-0}"
  done
  if [[ $gen_failures -gt 0 ]]; then
    verdict FAIL "property mutation" "gen_match failed on $gen_failures records"
  elif [[ $missed -eq 0 && $detected -gt 0 ]]; then
    verdict ok "property mutation ($detected of $mutations mutations reported on their line, $equivalent equivalent skipped)"
  else
    verdict FAIL "property mutation" "$missed mutations not reported on their line (records in $dir/missed-*.mat)"
  fi
}

# ---- (c) a seed gives the same bytes ------------------------------------
# (the bench corpus and every reproducer above rely on it)
determinism_property() {
  local first second
  first=$("$gen" --seed 7 --matches 20 --dialect mixed | cksum)
  second=$("$gen" --seed 7 --matches 20 --dialect mixed | cksum)
  if [[ -n $first && $first == "$second" ]]; then
    verdict ok "property determinism (gen_match --seed 7 --matches 20 --dialect mixed twice: the same bytes)"
  else
    verdict FAIL "property determinism" "two runs of one seed differ ($first vs $second)"
  fi
}

clean_property
mutation_property
determinism_property
tally_end
