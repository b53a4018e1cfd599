#!/usr/bin/env bash
# same-output.sh — bgmatch does what it did: every command over every record
# of samples/, of the e2e cases and of the shared corpus, archive and
# findings, against the SHA-256 digests of tests/same-output/digests.tsv.
#
#   tests/same-output.sh [--bless] BIN
#
# A run is one command over one record: check in text and in JSON, convert
# to mat, yaml, json and sgf, stats, annotate in text and in HTML.  Its
# digest is the SHA-256 of its standard output, its standard error and its
# exit status; a refactoring that changes none of them changes no digest.
# Each run is one case: a run whose digest differs, a record with no digest
# and a digest whose record is gone each fail with the record and command.
# --bless writes the manifest again from what BIN does (the rows of a set
# that cannot run here are kept); read `git diff` before committing it.
#
# Records are named relative to their set's root (the work tree, or the
# shared folder ${BGMATCH_SHARED:-../shared}), so the digests do not depend
# on where either is.  Without the shared folder its sets are skipped.
# Ends with "N passed, M failed, K skipped".
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
source tests/lib/tally.sh

bless=false
if [[ ${1:-} == --bless ]]; then
  bless=true
  shift
fi
bin=${1:?usage: tests/same-output.sh [--bless] BIN}
[[ -x $bin ]] || {
  echo "same-output: $bin is not an executable" >&2
  exit 2
}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
manifest=tests/same-output/digests.tsv
shared=${BGMATCH_SHARED:-../shared}
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-same.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The commands of a run, one a line: a name, then bgmatch's arguments
# before the record.
commands='check	check
check-json	check --format json
convert-mat	convert --to mat
convert-yaml	convert --to yaml
convert-json	convert --to json
convert-sgf	convert --to sgf
stats	stats
annotate	annotate
annotate-html	annotate --format html'

# The sets: a name, its root, and the folders under the root whose records
# it runs.  The e2e cases' symbolic links are the same inputs again.
sets='samples	.	samples
e2e	.	tests/e2e/cases
corpus	SHARED	corpus
archive	SHARED	archive/records
findings	SHARED	findings'

# The records of a set's folder, sorted: the e2e cases' inputs by their
# extension, the other folders' every file but their notes and indexes.
records_of() {
  local set=$1 folder=$2
  if [[ $set == e2e ]]; then
    find "$folder" -type f \( -name '*.mat' -o -name '*.sgf' -o -name '*.yaml' -o -name '*.xg' \)
  else
    find "$folder" -type f ! -name '*.md' ! -name '*.tsv' ! -name '*.xgdump' ! -name MANIFEST
  fi | LC_ALL=C sort
}

# One run: "SET<TAB>RECORD<TAB>COMMAND<TAB>DIGEST" on standard output.
run_one() {
  local set=$1 record=$2 name=$3 args=$4 status
  # shellcheck disable=SC2086 # args are words
  "$bin" $args "$record" >"$work/out" 2>"$work/err" </dev/null
  status=$?
  printf '%s\t%s\t%s\t%s\n' "$set" "$record" "$name" \
    "$({ cat "$work/out"; echo "-- stderr"; cat "$work/err"; echo "-- status $status"; } |
      sha256sum | cut -d' ' -f1)"
}

# Every run of a set, from its root, into $work/SET.tsv.
run_set() {
  local set=$1 root=$2 folder=$3 record name args
  (
    cd "$root" || exit 2
    records_of "$set" "$folder" | while IFS= read -r record; do
      while IFS=$'\t' read -r name args; do
        run_one "$set" "$record" "$name" "$args"
      done <<<"$commands"
    done
  ) >"$work/$set.tsv"
}

# The runs of SET against the manifest's rows for it: the same digest
# passes; a different one, a run with no row and a row with no run fail.
compare_set() {
  local set=$1 same=0 verdict_word run why
  while IFS=$'\t' read -r verdict_word run why; do
    case $verdict_word in
    same) same=$((same + 1)) ;;
    *) verdict FAIL "$set $run" "$why" ;;
    esac
  done < <(awk -F'\t' -v set="$set" -v manifest="$manifest" '
    FILENAME == manifest { if ($1 == set) digest[$2 " " $3] = $4; next }
    {
      run = $2 " " $3
      if (!(run in digest)) print "new\t" run "\tno digest in " manifest " (a new record? --bless)"
      else if (digest[run] != $4) print "differs\t" run "\tits output differs from the digest"
      else print "same\t" run
      delete digest[run]
    }
    END { for (run in digest) print "gone\t" run "\tthe record is gone, its digest is not" }
  ' "$manifest" "$work/$set.tsv" | LC_ALL=C sort -t$'\t' -k2)
  passed=$((passed + same))
  echo "ok $set: $same runs the same"
}

ran=()
kept=()
while IFS=$'\t' read -r set root folder; do
  if [[ $root == SHARED ]]; then
    root=$shared
    if [[ ! -d $root/$folder ]]; then
      skip_shared "same-output $set" "$root/$folder is not here"
      kept+=("$set")
      continue
    fi
  fi
  run_set "$set" "$root" "$folder"
  ran+=("$set")
done <<<"$sets"

if $bless; then
  mkdir -p "$(dirname "$manifest")"
  {
    for set in "${kept[@]}"; do
      awk -F'\t' -v set="$set" '$1 == set' "$manifest" 2>/dev/null
    done
    for set in "${ran[@]}"; do
      cat "$work/$set.tsv"
    done
  } | LC_ALL=C sort >"$work/manifest" && mv "$work/manifest" "$manifest"
  echo "blessed $manifest: $(wc -l <"$manifest") runs"
fi

for set in "${ran[@]}"; do
  compare_set "$set"
done
tally_end
