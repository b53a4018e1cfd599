#!/usr/bin/env bash
# parallel.sh — the recipe of bgmatch(1) (EXAMPLES) for going past one machine works: bgmatch
# is a filter, so GNU parallel can split an archive's files over jobs (and,
# with -S, over hosts), and what the pieces report together is what one
# `bgmatch check` call reports on all the files.
#
#   tests/parallel.sh [BIN]     BIN defaults to build/bgmatch
#
# The archive is samples/ (valid and broken records), the e2e cases and the
# shared corpus when present.  The recipe's local form,
#   find ARCHIVE -name '*.mat' | parallel -X bgmatch check --format json
# is run with small batches (-n) so that it really makes several calls;
# its JSON diagnostics, sorted, must equal those of one call, and the files
# that have errors (-l) must be the same.  parallel's exit status is the
# number of calls that failed, so it is not compared with check's.
# Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2
source "$here/lib/tally.sh"
bin=${1:-build/bgmatch}
[[ $bin == /* ]] || bin=$PWD/$bin
corpus=${BGMATCH_SHARED:-../shared}/corpus
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-parallel.XXXXXX")
trap 'rm -rf "$work"' EXIT

if ! command -v parallel >/dev/null 2>&1; then
  skip_tool parallel "GNU parallel recipe" "GNU parallel is not installed"
  tally_end
  exit
fi

archive=(samples tests/e2e/cases)
[[ -d $corpus ]] && archive+=("$corpus")

# recipe WHAT FIND-ARGS...: parallel over the files find lists against one call.
recipe() {
  local what=$1
  shift
  find "${archive[@]}" "$@" -type f | sort >"$work/files"
  local count
  count=$(wc -l <"$work/files")
  if ((count < 2)); then
    verdict FAIL "$what" "only $count files found: nothing to split"
    return
  fi
  # One call, the reference.
  tr '\n' '\0' <"$work/files" | xargs -0 "$bin" check --format json 2>/dev/null |
    sort >"$work/one.json"
  tr '\n' '\0' <"$work/files" | xargs -0 "$bin" check -l 2>/dev/null | sort >"$work/one.l"
  # The recipe, several calls of at most 5 files, 2 at a time.
  parallel --will-cite -X -n 5 -j 2 "$bin" check --format json <"$work/files" 2>/dev/null |
    sort >"$work/many.json"
  parallel --will-cite -X -n 5 -j 2 "$bin" check -l <"$work/files" 2>/dev/null |
    sort >"$work/many.l"
  if [[ ! -s $work/one.json ]]; then
    verdict FAIL "$what" "one call reported nothing: nothing was compared"
  elif cmp -s "$work/one.json" "$work/many.json" && cmp -s "$work/one.l" "$work/many.l"; then
    verdict ok "$what: $count files, $(wc -l <"$work/one.json") diagnostics and $(wc -l <"$work/one.l") files with errors, as one call"
  else
    verdict FAIL "$what" "differs from one call: $(diff "$work/one.json" "$work/many.json" | head -n 3)"
  fi
}

recipe ".mat files" -name '*.mat'
recipe "every record" \( -name '*.mat' -o -name '*.txt' -o -name '*.sgf' -o -name '*.yaml' \)
tally_end
