#!/usr/bin/env bash
# notation.sh — what the YAML and JSON writers write is bgmatch's notation
# as grammar/bgmatch.schema.json and man/bgmatch.5 say.
#
#   tests/notation.sh [DRIVER]   DRIVER defaults to build/tests/tools/write_match
#
# Every record — samples/*.mat, samples/broken/*.mat, tests/e2e/cases/*/*.mat,
# tests/e2e/cases/check/*/*.mat, tests/notation/example.mat and the shared corpus (*/*.txt, */*.mat of
# ${BGMATCH_SHARED:-../shared}/corpus) — is written as YAML and as JSON by
# the driver (exit 0).  Broken records too: a writer writes whatever the
# model holds, and it must still be the notation.  Then:
#   - jq parses every JSON file (one JSON object per match per line);
#   - with Debian's python3-jsonschema and python3-yaml
#     (tests/lib/notation_schema.py): every YAML document validates against the
#     schema, every JSON file holds the YAML's documents value for value,
#     the schema rejects documents that break the notation, and the example
#     of the schema's description and of the man page is what the writer
#     writes for tests/notation/example.mat.
# Without jq, or without the Python modules, those parts are counted as
# skipped (a failure under CI=true);
# without the corpus, it is left out with a SKIP line.
# Ends with "N passed, M failed, K skipped".
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2
export LC_ALL=C.UTF-8

driver=${1:-build/tests/tools/write_match}
[[ $driver == /* ]] || driver=./$driver
source "$here/lib/tally.sh"

# Debian's python3 first: its modules are the ones .ci/run installs.
python=""
for candidate in /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null 2>&1 &&
    "$candidate" -c 'import yaml, jsonschema; jsonschema.Draft202012Validator' \
      >/dev/null 2>&1; then
    python=$candidate
    break
  fi
done
have_jq=false
command -v jq >/dev/null 2>&1 && have_jq=true
[[ -n $python ]] || skip_tool python3-jsonschema "schema validation" \
  "python3-jsonschema and python3-yaml are not installed"
$have_jq || skip_tool jq "jq checks" "jq is not installed"
if [[ -z $python ]] && ! $have_jq; then
  tally_end
  exit
fi
if [[ ! -x $driver ]]; then
  verdict FAIL "notation" "$driver is not an executable (make $driver)"
  tally_end
  exit
fi

shopt -s nullglob
records=(samples/*.mat samples/broken/*.mat tests/notation/example.mat)
for record in tests/e2e/cases/*/*.mat tests/e2e/cases/check/*/*.mat; do
  [[ -L $record ]] || records+=("$record") # a link is another folder's record
done
corpus=${BGMATCH_SHARED:-../shared}/corpus
if [[ -d $corpus ]]; then
  records+=("$corpus"/*/*.txt "$corpus"/*/*.mat)
else
  skip_shared "notation over the corpus" "$corpus not found (set BGMATCH_SHARED)"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-notation.XXXXXX")
trap 'rm -rf "$work"' EXIT
list=$work/list.tsv
: >"$list"

# write RECORD N: the YAML and the JSON of RECORD in $work/N.yaml, N.json.
write() {
  local record=$1 n=$2 format
  for format in yaml json; do
    if ! "$driver" "$format" "$record" >"$work/$n.$format" 2>"$work/$n.err"; then
      verdict FAIL "write $format $record" "the driver failed: $(head -n 3 "$work/$n.err")"
      return 1
    fi
  done
  printf '%s\t%s\t%s\n' "$record" "$work/$n.yaml" "$work/$n.json" >>"$list"
}

n=0
example_yaml=""
for record in "${records[@]}"; do
  n=$((n + 1))
  write "$record" "$n" || continue
  [[ $record == tests/notation/example.mat ]] && example_yaml=$work/$n.yaml
  if $have_jq; then
    if jq empty "$work/$n.json" 2>"$work/$n.err"; then
      verdict ok "jq $record"
    else
      verdict FAIL "jq $record" "$(head -n 3 "$work/$n.err")"
    fi
  fi
done

if [[ -n $python && -z $example_yaml ]]; then
  verdict FAIL "notation" "tests/notation/example.mat was not written"
elif [[ -n $python ]]; then
  while IFS=$'\t' read -r what label why; do
    case $what in
    ok) verdict ok "$label" ;;
    FAIL) verdict FAIL "$label" "$why" ;;
    \#*) echo "$what" ;;
    *) verdict FAIL "notation_schema.py" "unexpected output: $what $label $why" ;;
    esac
  done < <("$python" "$here/lib/notation_schema.py" grammar/bgmatch.schema.json man/bgmatch.5 \
    "$example_yaml" "$list" 2>&1)
fi

tally_end
