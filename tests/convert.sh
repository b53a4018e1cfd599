#!/usr/bin/env bash
# convert.sh — `bgmatch convert --to mat` beyond what the e2e cases can say:
#
#  - the output file: -o over one of the inputs is refused (status 2) and
#    the input is left as it was (same bytes, same inode), also through a
#    link, standard input or a redirected standard output; -o writes
#    atomically: a write that fails (a file-size limit) exits 2 and leaves
#    the old file and no temporary file; /dev/full exits 2 (also YAML and
#    JSON, whose writers flush only after an output's first match, with one
#    match and with many, and half-way through a file); --strict on a
#    broken sample exits 1 and writes nothing; -d names each output from
#    its input without every known extension (s002.txt.gz: s002.yaml) and
#    refuses two inputs that would write one file;
#  - the canonical layout: for every record of samples/ (valid and
#    broken), of the shared corpus (*.mat and *.txt, recursively), of the
#    shared archive's records its EXPECTED.tsv calls clean, and of the
#    DIRs given, the output converted again is the same bytes (a fixed
#    point), converting to YAML and that to .mat gives the same bytes too, `check` finds the same problems (rule and count of its errors
#    and warnings) in the original and in the output, and convert exits as
#    check does;
#  - the same match saved by GNU Backgammon as SGF and as .mat (the
#    corpus's twins) converts to one canonical .mat, header tags aside;
#    so does the same match saved by eXtreme Gammon as .xg and as .mat,
#    its resignations aside (see twin_xg); the .xg files are fixed points
#    as the other records are.
#
#   tests/convert.sh [BIN] [DIR...]   BIN defaults to build/bgmatch
#
# Without the shared corpus (${BGMATCH_SHARED:-../shared}/corpus) or
# archive (.../archive) that part says SKIP.  Ends with "N passed, M
# failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2

bin=${1:-build/bgmatch}
[[ $# -gt 0 ]] && shift
[[ $bin == /* ]] || bin=$PWD/$bin
corpus=${BGMATCH_SHARED:-../shared}/corpus
archive=${BGMATCH_SHARED:-../shared}/archive
source "$here/lib/tally.sh"
if [[ ! -x $bin ]]; then
  verdict FAIL convert "$bin is not an executable (build it first: make all)"
  tally_end
  exit
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-convert.XXXXXX")
trap 'rm -rf "$work"' EXIT
sample=samples/gnubg-3pt-s110.mat

# expect_status WHAT WANT GOT
expect_status() {
  if [[ $3 == "$2" ]]; then
    verdict ok "$1"
  else
    verdict FAIL "$1" "exit status $3, expected $2"
  fi
}

# untouched WHAT: $work/in.mat still holds the sample, in the same inode.
untouched() {
  if cmp -s "$sample" "$work/in.mat" && [[ $(stat -c %i "$work/in.mat") == "$inode" ]]; then
    verdict ok "$1: the input is untouched"
  else
    verdict FAIL "$1" "the input was changed"
    cp "$sample" "$work/in.mat"
  fi
  inode=$(stat -c %i "$work/in.mat")
}

# ---- the output file ------------------------------------------------------

cp "$sample" "$work/in.mat"
inode=$(stat -c %i "$work/in.mat")
ln -s in.mat "$work/symlink.mat"
ln "$work/in.mat" "$work/hardlink.mat"
(cd "$work" && "$bin" convert --to mat -o in.mat in.mat 2>/dev/null)
expect_status "-o over its input" 2 $?
untouched "-o over its input"
(cd "$work" && "$bin" convert --to mat -o symlink.mat in.mat 2>/dev/null)
expect_status "-o over its input through a symbolic link" 2 $?
untouched "-o over its input through a symbolic link"
(cd "$work" && "$bin" convert --to mat -o hardlink.mat in.mat 2>/dev/null)
expect_status "-o over its input through a hard link" 2 $?
untouched "-o over its input through a hard link"
(cd "$work" && "$bin" convert --to mat -o in.mat - <in.mat 2>/dev/null)
expect_status "-o over standard input" 2 $?
untouched "-o over standard input"
(cd "$work" && "$bin" convert --to mat in.mat >>in.mat 2>/dev/null)
expect_status "standard output appended to its input" 2 $?
untouched "standard output appended to its input"
rm -f "$work/symlink.mat" "$work/hardlink.mat"

"$bin" convert --to mat "$sample" >"$work/stdout.mat"
(umask 027 && "$bin" convert --to mat -o "$work/new.mat" "$sample")
if cmp -s "$work/stdout.mat" "$work/new.mat" && [[ $(stat -c %a "$work/new.mat") == 640 ]]; then
  verdict ok "-o writes what standard output gets, with the umask's permissions"
else
  verdict FAIL "-o to a new file" "differs from standard output or mode $(stat -c %a "$work/new.mat") is not 640"
fi
echo old >"$work/old.mat"
chmod 600 "$work/old.mat"
"$bin" convert --to mat -o "$work/old.mat" "$sample"
if cmp -s "$work/stdout.mat" "$work/old.mat" && [[ $(stat -c %a "$work/old.mat") == 600 ]]; then
  verdict ok "-o replaces a file and keeps its permissions"
else
  verdict FAIL "-o over an existing file" "wrong content or mode $(stat -c %a "$work/old.mat")"
fi

# A write that fails half-way: a 1 KB file-size limit (SIGXFSZ ignored, so
# the write returns EFBIG); the old file stays, no temporary file is left.
mkdir "$work/full"
echo old >"$work/full/out.mat"
(ulimit -f 1 && trap '' XFSZ && "$bin" convert --to mat -o "$work/full/out.mat" \
  samples/*.mat 2>/dev/null)
status=$?
left=$(ls -A "$work/full")
if [[ $status == 2 && $(cat "$work/full/out.mat") == old && $left == out.mat ]]; then
  verdict ok "a write that fails: exit 2, the old file kept, no temporary file"
else
  verdict FAIL "a write that fails" "exit $status, directory holds: $left"
fi
"$bin" convert --to mat "$sample" >/dev/full 2>/dev/null
expect_status "standard output on /dev/full" 2 $?
"$bin" convert --to mat -o /dev/full "$sample" 2>/dev/null
expect_status "-o /dev/full" 2 $?
# The YAML and JSON writers flush an output after its first match only: a
# write that fails later in it (many matches; an 8 KB file-size limit,
# which the first sample's 4 KB pass) is an error all the same, and -o
# keeps the old file.
for to in yaml json; do
  "$bin" convert --to $to "$sample" >/dev/full 2>/dev/null
  expect_status "--to $to: standard output on /dev/full" 2 $?
  "$bin" convert --to $to samples/*.mat >/dev/full 2>/dev/null
  expect_status "--to $to: several matches on /dev/full" 2 $?
  echo old >"$work/full/out.$to"
  # -o takes one FILE: the samples' matches as one input, on standard input
  (ulimit -f 8 && trap '' XFSZ && cat samples/*.mat |
    "$bin" convert --to $to -o "$work/full/out.$to" 2>"$work/full/err")
  status=$?
  if [[ $status == 2 && $(cat "$work/full/out.$to") == old ]] &&
    grep -q 'write error' "$work/full/err"; then
    verdict ok "--to $to: a write that fails half-way: exit 2, write error, the old file kept"
  else
    verdict FAIL "--to $to: a write that fails half-way" "exit $status: $(cat "$work/full/err")"
  fi
  rm -f "$work/full/out.$to" "$work/full/err"
done
if [[ -c /dev/full ]]; then
  verdict ok "-o /dev/full leaves the device a device"
else
  verdict FAIL "-o /dev/full" "/dev/full is no longer a character device"
fi
(cd "$work" && "$bin" convert --to mat -o kept.mat no-such.mat 2>/dev/null)
status=$?
if [[ $status == 2 && ! -e $work/kept.mat ]]; then
  verdict ok "an input that cannot be read: exit 2, -o not written"
else
  verdict FAIL "an input that cannot be read" "exit $status, or kept.mat was written"
fi

"$bin" convert --to mat --strict samples/broken/cube.mat >"$work/strict.out" 2>/dev/null
status=$?
"$bin" convert --to mat --strict -o "$work/strict.mat" samples/broken/cube.mat 2>/dev/null
if [[ $status == 1 && ! -s $work/strict.out && ! -e $work/strict.mat ]]; then
  verdict ok "--strict on a broken sample: exit 1, nothing written"
else
  verdict FAIL "--strict on a broken sample" "exit $status, or something was written"
fi

# ---- -d DIR: one output per input --------------------------------------------

mkdir "$work/dir" "$work/in"
cp samples/xg-style.mat "$work/in/xg.mat"
cp samples/fibs-two-matches.mat "$work/in/fibs.txt"
"$bin" convert --to yaml -d "$work/dir" "$work/in/xg.mat" "$work/in/fibs.txt"
status=$?
"$bin" convert --to yaml samples/xg-style.mat >"$work/xg.yaml"
"$bin" convert --to yaml samples/fibs-two-matches.mat >"$work/fibs.yaml"
if [[ $status == 0 && $(ls -A "$work/dir" | tr '\n' ' ') == "fibs.yaml xg.yaml " ]] &&
  cmp -s "$work/dir/xg.yaml" "$work/xg.yaml" && cmp -s "$work/dir/fibs.yaml" "$work/fibs.yaml"; then
  verdict ok "-d writes NAME.yaml for each input, what standard output gets"
else
  verdict FAIL "-d DIR" "exit $status, directory holds: $(ls -A "$work/dir")"
fi
cp samples/xg-style.mat "$work/in/xg.txt"
"$bin" convert --to json -d "$work/dir" "$work/in/xg.mat" "$work/in/xg.txt" 2>/dev/null
status=$?
if [[ $status == 2 && ! -e $work/dir/xg.json ]]; then
  verdict ok "-d: two inputs that would write one file are refused, nothing written"
else
  verdict FAIL "-d with two inputs of one name" "exit $status"
fi
# A compressed input is named without all its extensions: s002.txt.gz
# writes s002.yaml, as s002.txt does, so both at once would write one file.
mkdir "$work/gz" "$work/gz-both"
cp samples/fibs-two-matches.mat "$work/in/s002.txt"
gzip -c "$work/in/s002.txt" >"$work/in/s002.txt.gz"
"$bin" convert --to yaml -d "$work/gz" "$work/in/s002.txt.gz"
status=$?
if [[ $status == 0 && $(ls -A "$work/gz") == s002.yaml ]] && cmp -s "$work/gz/s002.yaml" "$work/fibs.yaml"; then
  verdict ok "-d: s002.txt.gz writes s002.yaml, what s002.txt gives"
else
  verdict FAIL "-d with s002.txt.gz" "exit $status, directory holds: $(ls -A "$work/gz")"
fi
said=$("$bin" convert --to yaml -d "$work/gz-both" "$work/in/s002.txt" "$work/in/s002.txt.gz" 2>&1)
status=$?
if [[ $status == 2 && -z $(ls -A "$work/gz-both") && $said == *"would both be written to $work/gz-both/s002.yaml" ]]; then
  verdict ok "-d: s002.txt and s002.txt.gz together are refused, nothing written"
else
  verdict FAIL "-d with s002.txt and s002.txt.gz" "exit $status, said '$said', directory holds: $(ls -A "$work/gz-both")"
fi
cp "$sample" "$work/in.mat"
inode=$(stat -c %i "$work/in.mat")
"$bin" convert --to mat -d "$work" "$work/in.mat" 2>/dev/null
expect_status "-d over its input" 2 $?
untouched "-d over its input"
"$bin" convert --to mat -d "$work/dir" - <"$sample" 2>/dev/null
expect_status "-d with standard input" 2 $?
"$bin" convert --to mat -d "$work/no-such-dir" "$sample" 2>/dev/null
expect_status "-d to a directory that does not exist" 2 $?
"$bin" convert --to mat -d "$work/dir" -o "$work/x.mat" "$sample" 2>/dev/null
expect_status "-d and -o together" 2 $?
"$bin" convert --to mat --strict -d "$work/dir" samples/broken/cube.mat "$sample" 2>/dev/null
status=$?
if [[ $status == 1 && ! -e $work/dir/cube.mat && -s $work/dir/gnubg-3pt-s110.mat ]]; then
  verdict ok "-d --strict: the broken input's file not written, the valid one's written, exit 1"
else
  verdict FAIL "-d --strict" "exit $status, directory holds: $(ls -A "$work/dir")"
fi

# -d over a folder mirrors the tree below it: each record walked as check
# walks it, written under the same folders, what standard output gets.
tree=tests/e2e/cases/check/files/tree
mkdir -p "$work/mirror"
"$bin" convert --to yaml -d "$work/mirror" "$tree" 2>/dev/null
status=$?
mirrored=true
while IFS= read -r -d '' record; do
  below=${record#"$tree"/}
  stem=${below%.gz}
  stem=${stem%.*}
  "$bin" convert --to yaml "$record" 2>/dev/null | cmp -s - "$work/mirror/$stem.yaml" ||
    mirrored=false
done < <(find "$tree" -type f \( -iname '*.mat' -o -iname '*.txt.gz' \) -print0)
outputs=$(find "$work/mirror" -type f | wc -l)
if [[ $status == 1 && $mirrored == true && $outputs == 3 ]] &&
  [[ -z $(find "$work/mirror" -name '.*') ]]; then
  verdict ok "-d over a folder: the tree below it mirrored, one output a record"
else
  verdict FAIL "-d over a folder" "exit $status, $outputs outputs, mirrored=$mirrored: $(cd "$work/mirror" && find . | sort | tr '\n' ' ')"
fi

# ---- the canonical layout ---------------------------------------------------

# The errors and warnings of `check` on FILE, by severity and rule, counted.
problems() {
  "$bin" check "$1" 2>/dev/null |
    sed -nE 's/^.*:[0-9]+:[0-9]+: (error|warning): .*\[([a-z-]+)\]$/\1 \2/p' | sort | uniq -c
}

# FILE: a fixed point of the writer, with the same problems and status.
round_trip() {
  local file=$1 once=$work/once.mat twice=$work/twice.mat status_check status_convert
  "$bin" check "$file" >/dev/null 2>&1
  status_check=$?
  "$bin" convert --to mat "$file" >"$once" 2>/dev/null
  status_convert=$?
  "$bin" convert --to mat "$once" >"$twice" 2>/dev/null
  "$bin" convert --to yaml "$file" >"$work/via.yaml" 2>/dev/null
  "$bin" convert --to mat "$work/via.yaml" >"$work/back.mat" 2>/dev/null
  if [[ $status_convert != "$status_check" ]]; then
    verdict FAIL "$file" "convert exits $status_convert, check $status_check"
  elif ! cmp -s "$once" "$twice"; then
    verdict FAIL "$file" "not a fixed point: $(diff "$once" "$twice" | head -n 4)"
  elif ! cmp -s "$once" "$work/back.mat"; then
    verdict FAIL "$file" "through YAML, not the .mat written directly: $(diff "$once" "$work/back.mat" | head -n 4)"
  elif [[ $(problems "$file") != "$(problems "$once")" ]]; then
    verdict FAIL "$file" "check finds other problems in the output:
$(diff <(problems "$file") <(problems "$once"))"
  else
    TALLY_QUIET=true verdict ok "$file"
    return 0
  fi
  return 1
}

# round_trip_all LABEL FILE...: one verdict each, a summary line for all.
round_trip_all() {
  local label=$1 good=0 file
  shift
  for file in "$@"; do
    round_trip "$file" && good=$((good + 1))
  done
  echo "$label: $good of $# records are fixed points, the same through YAML, with the same problems"
}

shopt -s nullglob
round_trip_all "samples" samples/*.mat samples/broken/*.mat
if [[ -d $corpus ]]; then
  mapfile -t corpus_files < <(find "$corpus" -type f \( -name '*.mat' -o -name '*.txt' \) \
    ! -name 'README*' | sort)
  round_trip_all "corpus" "${corpus_files[@]}"
else
  skip_shared "corpus round trips" "$corpus not found"
fi
if [[ -f $archive/EXPECTED.tsv ]]; then
  archive_files=()
  while IFS=$'\t' read -r file expect _; do
    [[ $expect == clean ]] && archive_files+=("$archive/$file")
  done < <(tr -d '\r' <"$archive/EXPECTED.tsv")
  round_trip_all "archive (clean)" "${archive_files[@]}"
else
  skip_shared "archive round trips" "$archive/EXPECTED.tsv not found"
fi
# The same match as GNU Backgammon saved it in SGF (no hit marks, no "and
# the match") and in .mat: one canonical .mat, header tags aside.
twin() {
  local sgf=$corpus/$1 mat=$corpus/$2
  if diff <("$bin" convert --to mat "$sgf" 2>/dev/null | grep -v '^;') \
    <("$bin" convert --to mat "$mat" 2>/dev/null | grep -v '^;') >"$work/twins.diff"; then
    verdict ok "$1 and $2: the same canonical .mat"
  else
    verdict FAIL "$1 and $2" "two canonical .mat: $(head -n 6 "$work/twins.diff")"
  fi
}
if [[ -d $corpus/gnubg-sgf ]]; then
  twin gnubg-sgf/test.sgf xg/test.mat
  twin gnubg-sgf/charlot1-charlot2_7p_2025-11-08-2305.sgf \
    xg-binary/charlot1-charlot2_7p_2025-11-08-2305.mat
else
  skip_shared "SGF and .mat twins" "$corpus/gnubg-sgf not found"
fi
# eXtreme Gammon's .xg and the .mat XG exported of the same match: one
# canonical .mat, header tags aside, and the .xg's "Resigns" cells: its
# game footers say what the loser resigned (a single game, the match),
# which XG's .mat export leaves out, giving only the "Wins".  Those cells
# are taken out here (a line left with nothing, or with the "Wins" alone
# in its column, as the twin's is), and counted.
without_resigns() {
  awk '
    match($0, / Resigns [a-z]+/) {
      resigns++
      before = substr($0, 1, RSTART - 1); after = substr($0, RSTART + RLENGTH)
      if (before ~ /^ *[0-9]+\) *$/ && after ~ /^ *$/) next
      sub(/^ +/, "", after)
      if (before ~ /^ *[0-9]+\) *$/) $0 = sprintf("%34s", "") after
      else { sub(/ +$/, "", before); $0 = before }
    }
    { print }
    END { print "resigns " resigns + 0 }'
}
twin_xg() {
  local xg=$corpus/$1 mat=$corpus/$2 resigns=$3
  if diff <("$bin" convert --to mat "$xg" 2>/dev/null | grep -v '^;' | without_resigns) \
    <("$bin" convert --to mat "$mat" 2>/dev/null | grep -v '^;' | without_resigns |
      sed "s/^resigns 0$/resigns $resigns/") >"$work/twins.diff"; then
    verdict ok "$1 and $2: the same canonical .mat but for the .xg's $resigns resignations"
  else
    verdict FAIL "$1 and $2" "two canonical .mat: $(head -n 6 "$work/twins.diff")"
  fi
}
if [[ -d $corpus/xg-binary ]]; then
  twin_xg xg-binary/test.xg xg/test.mat 3
  twin_xg xg-binary/charlot1-charlot2_7p_2025-11-08-2305.xg \
    xg-binary/charlot1-charlot2_7p_2025-11-08-2305.mat 2
  # The .xg files check finds valid: fixed points, the same through YAML
  # (the fifth holds a real slip, after which the .mat written marks no
  # hits of the .xg's, which marks none, and check then warns of them).
  xg_clean=()
  for file in "$corpus"/xg-binary/*.xg; do
    "$bin" check "$file" >/dev/null 2>&1 && xg_clean+=("$file")
  done
  round_trip_all "corpus (.xg)" "${xg_clean[@]}"
  [[ ${#xg_clean[@]} == 4 ]] || verdict FAIL "corpus (.xg)" "${#xg_clean[@]} valid .xg files, not 4"
else
  skip_shared ".xg and .mat twins" "$corpus/xg-binary not found"
fi
for dir in "$@"; do
  records=("$dir"/*.mat)
  if [[ ${#records[@]} -gt 0 ]]; then
    round_trip_all "$dir" "${records[@]}"
  else
    skip "round trips of $dir" "it holds no .mat record"
  fi
done
tally_end
