#!/usr/bin/env bash
# bench.sh — `make bench`: how fast bgmatch checks, as moves/s, MB/s and a
# ratio to `wc -l` over the same bytes, so the figure holds on a noisy machine.
#
#   tests/bench.sh [BIN] [DIR] [GEN] [GARBAGE]
#                                      BIN defaults to build/bgmatch, DIR to
#                                      build/bench, GEN (the record generator,
#                                      tests/tools/gen_match.c) to
#                                      build/tests/tools/gen_match, GARBAGE
#                                      (tests/tools/gen_garbage.c) beside it
#
# The previous release is the commit tests/bench-base.rev names: its tree
# (git archive) is built once in DIR/base-COMMIT (again when the flags
# change) with the flags of this build's environment (CC, CFLAGS, LDFLAGS,
# SAN: build_base), and every row of bgmatch
# runs both binaries alternately, so each row's new/old ratio shows a slip
# in the same run.  When the commit is not in the clone (a shallow one) or
# does not build, the bench says so and prints "-" in those columns.
#
# DIR/corpus.mat is made once and deterministically: at least 50 MB of
# random legal matches that GEN plays with a fixed seed in all its dialects
# (gen_match --seed 20261123 --dialect mixed --bytes 52428800: gnubg, XG,
# BGBlitz, Jellyfish and FIBS layouts, match lengths 1 to 11 and money
# sessions), followed by the valid records of samples/ and of
# ${BGMATCH_SHARED:-../shared}/corpus (when present; not the three broken
# ones, not SGF), byte-order marks removed, each followed by a blank line,
# in name order.  It is made again when GEN or a record is newer.  The
# corpus must check without an error: the bench fails otherwise (a bench of
# a checker that rejects its input measures nothing).  A "move" is a roll
# cell of a record ("63:"), counted here with grep -o.  Each
# command (wc -l, check, convert --to mat|yaml|json|sgf) runs five times
# (BEST_TIME_RUNS), alternated with the previous release's; the best time
# counts (on a shared machine the best of three still measured the
# neighbours).  Each writer's row also says its
# time over check's, measured in the same run: the design's budget is
# 2.5 (every writer within 2.5 times check).  The same volume, made as 200 files in
# DIR/parts, is checked with -j 1 and with -j N (N the processors), the two
# alternated in each of 15 rounds (BEST_JOBS_RUNS).  Peak RSS is check's, from GNU time or,
# without it, python3's resource module.  The last line is for scripts:
#   BENCH moves_per_s=N mb_per_s=N wc_ratio=R peak_rss_kb=K hostile_mb_per_s=N
#         hostile_ratio=R hostile_rss_kb=K  (the hostile row: gen_garbage)
#         mat_ratio=R yaml_ratio=R json_ratio=R sgf_ratio=R  (each writer's
#         time over check's) jobs_ratio=R (-j 1 over -j N)
#         base=COMMIT check_vs_base=R (check's time over the previous
#         release's; "-" when it could not be built)
set -u
export LC_ALL=C

bin=${1:-build/bgmatch}
dir=${2:-build/bench}
gen=${3:-build/tests/tools/gen_match}
garbage_gen=${4:-build/tests/tools/gen_garbage}
target_bytes=$((50 * 1024 * 1024))
seed=20261123
corpus=${BGMATCH_SHARED:-../shared}/corpus
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
[[ -x $bin ]] || { echo "bench: $bin is not an executable (make all first)"; exit 2; }
[[ -x $gen ]] || { echo "bench: $gen is not an executable (make $gen first)"; exit 2; }
mkdir -p "$dir"
big=$dir/corpus.mat

# The valid records, in a fixed order.
sources() {
  ls samples/*.mat
  if [[ -d $corpus ]]; then
    (cd "$corpus" && ls -- */*.txt */*.mat) | grep -v -e 'Minchy_-_Llabba' -e 'MrPurple_-_Lasse' \
      -e 'match9814649' | sed "s|^|$corpus/|"
  fi
}

make_corpus() {
  local file
  "$gen" --seed "$seed" --dialect mixed --bytes "$target_bytes" >"$big.tmp" || exit 2
  while read -r file; do
    printf '\n\n' >>"$big.tmp"
    sed '1s/^\xEF\xBB\xBF//' "$file" >>"$big.tmp"
  done < <(sources | LC_ALL=C sort)
  mv "$big.tmp" "$big"
  echo "bench: made $big: gen_match --seed $seed --dialect mixed --bytes $target_bytes," \
    "then $(sources | wc -l) real records"
}

# Made again only when the generator or a source record is newer than it.
stale() {
  [[ ! -s $big || $gen -nt $big ]] && return 0
  local file
  while read -r file; do
    [[ $file -nt $big ]] && return 0
  done < <(sources)
  return 1
}
stale && make_corpus

# DIR/parts/: the same volume as 200 files (gen_match, seeds 1..200 after
# the corpus's), for -j: files are what -j spreads over threads.
parts=$dir/parts
part_count=200
make_parts() {
  local i
  rm -rf "$parts" && mkdir -p "$parts"
  for ((i = 1; i <= part_count; i++)); do
    "$gen" --seed $((seed + i)) --dialect mixed --bytes $((target_bytes / part_count)) \
      >"$parts/part$(printf %03d $i).mat" || exit 2
  done
  echo "bench: made $parts: $part_count files of gen_match --dialect mixed"
}
[[ ! -s $parts/part$(printf %03d $part_count).mat || $gen -nt $parts/part001.mat ]] && make_parts

source "$(dirname "${BASH_SOURCE[0]}")/lib/best_time.sh"
export BEST_TIME_RUNS=${BEST_TIME_RUNS:-5}

# The previous release's binary, built once from git in DIR/base-COMMIT;
# base_bin stays empty (and its columns "-") when it cannot be had.
base_rev=$(head -n 1 tests/bench-base.rev 2>/dev/null)
base_commit=$(git rev-parse -q --verify "${base_rev:-none}^{commit}" 2>/dev/null)
base_bin=""
# The flags come from the environment as for this build (CC, CFLAGS,
# LDFLAGS, SAN: make exports those given on its command line); not make's
# own MAKEFLAGS, which would carry another BUILD folder into the tree.
build_base() {
  local tree=$dir/base-$base_commit
  local flags="CC=${CC:-} CFLAGS=${CFLAGS:-} LDFLAGS=${LDFLAGS:-} SAN=${SAN:-}"
  if [[ ! -x $tree/build/bgmatch || $(cat "$tree.flags" 2>/dev/null) != "$flags" ]]; then
    echo "bench: building the previous release $base_rev in $tree"
    rm -rf "$tree" && mkdir -p "$tree" || return 1
    git archive "$base_commit" | tar -x -C "$tree" || return 1
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$tree" -s -j 2 BUILD=build all \
      >"$tree.log" 2>&1 ||
      { echo "bench: the previous release $base_rev does not build (see $tree.log)"; return 1; }
    echo "$flags" >"$tree.flags"
  fi
  base_bin=$tree/build/bgmatch
}
if [[ -z $base_commit ]]; then
  echo "bench: the previous release ${base_rev:-(tests/bench-base.rev)} is not in this clone" \
    "(shallow?): its columns are skipped"
else
  build_base
fi

bytes=$(wc -c <"$big")
moves=$(grep -oE '(^|[ )])[1-6][1-6]:' "$big" | wc -l)
cat "$big" >/dev/null # warm the page cache
problems=$("$bin" check "$big" 2>/dev/null | grep -c ': error: ')
if [[ $problems -ne 0 ]]; then
  echo "bench: bgmatch reports $problems errors on a corpus of valid records ($big)"
  exit 1
fi
# peak_rss_kb COMMAND...: the peak resident set of COMMAND, in KB.
peak_rss_kb() {
  if [[ -x /usr/bin/time ]]; then
    /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1
  else
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
  fi
}

# The hostile row: one money session of random plays, dice, cube words,
# junk lines and ???? (gen_garbage, 3.7 MB), against the valid corpus.
garbage=$dir/garbage.mat
[[ ! -s $garbage || $garbage_gen -nt $garbage ]] &&
  { "$garbage_gen" --seed 20261126 --bytes 3700000 >"$garbage" || exit 2; }
garbage_bytes=$(wc -c <"$garbage")
garbage_times=$(best_time_pair "$bin" "$base_bin" check "$garbage")
garbage_rss=$(peak_rss_kb "$bin" check "$garbage")

wc_time=$(best_time wc -l "$big")
check_times=$(best_time_pair "$bin" "$base_bin" check "$big")
mat_times=$(best_time_pair "$bin" "$base_bin" convert --to mat "$big")
yaml_times=$(best_time_pair "$bin" "$base_bin" convert --to yaml "$big")
json_times=$(best_time_pair "$bin" "$base_bin" convert --to json "$big")
sgf_times=$(best_time_pair "$bin" "$base_bin" convert --to sgf "$big")
rss=$(peak_rss_kb "$bin" check "$big")
base_rss=-
[[ -n $base_bin ]] && base_rss=$(peak_rss_kb "$base_bin" check "$big")

# -j 1 against -j N (N the processors) over the parts.
cores=$(nproc 2>/dev/null || echo 1)
part_bytes=$(cat "$parts"/*.mat | wc -c)
part_moves=$(cat "$parts"/*.mat | grep -oE '(^|[ )])[1-6][1-6]:' | wc -l)
cat "$parts"/*.mat >/dev/null
part_wc_time=$(best_time wc -l "$parts"/*.mat)
# best_jobs_times: "one many" for this build, each "new old" as from
# best_time_pair, -j 1 and -j N alternated in every round (BEST_JOBS_RUNS,
# 15): their ratio is of two minima, and a minimum of -j N needs every
# processor free at once, which five rounds seldom catch.
best_jobs_times() {
  local run runs=${BEST_JOBS_RUNS:-15} b one_new="" one_old="" many_new="" many_old="" t
  for ((run = 0; run < runs; run++)); do
    for b in "$bin" ${base_bin:+"$base_bin"}; do
      t=$(best_time_once "$b" check -j 1 "$parts"/*.mat)
      if [[ $b == "$bin" ]]; then one_new=$(least_time "$t" "$one_new"); else one_old=$(least_time "$t" "$one_old"); fi
      t=$(best_time_once "$b" check -j "$cores" "$parts"/*.mat)
      if [[ $b == "$bin" ]]; then many_new=$(least_time "$t" "$many_new"); else many_old=$(least_time "$t" "$many_old"); fi
    done
  done
  echo "$one_new ${one_old:--}|$many_new ${many_old:--}"
}
jobs_times=$(best_jobs_times)
one_times=${jobs_times%|*}
many_times=${jobs_times#*|}

awk -v file="$big" -v bytes="$bytes" -v moves="$moves" -v wct="$wc_time" -v check="$check_times" \
  -v mat="$mat_times" -v yaml="$yaml_times" -v json="$json_times" -v sgf="$sgf_times" -v rss="$rss" \
  -v base_rss="$base_rss" -v parts="$parts" -v part_count="$part_count" -v part_bytes="$part_bytes" \
  -v part_moves="$part_moves" -v pwt="$part_wc_time" -v one="$one_times" -v many="$many_times" \
  -v cores="$cores" -v gb="$garbage_bytes" -v garbage="$garbage_times" -v grss="$garbage_rss" \
  -v gfile="$garbage" -v base="${base_commit:0:7}" -v base_bin="$base_bin" '
# new_time(PAIR): the new time of a "new old" pair; old_time(PAIR) the old
# one or "" when there is none.
function new_time(pair,  f) { split(pair, f, " "); return f[1] }
function old_time(pair,  f) { split(pair, f, " "); return f[2] == "-" ? "" : f[2] }
function old_cols(pair,  o) {
  o = old_time(pair)
  return o == "" ? sprintf(" %9s %8s", "-", "-") : sprintf(" %9.3f %8.2f", o, new_time(pair) / o)
}
function row(name, pair, mb, mv, wc, ck,  t) {
  t = new_time(pair)
  printf "%-22s %8.3f %10.1f %14.0f %10.1f %9s%s\n", name, t, mb / t, mv / t, t / wc, ck, old_cols(pair)
}
function ratio(a, b) { return (a == "" || b == "") ? "-" : sprintf("%.2f", a / b) }
BEGIN {
  mb = bytes / 1e6
  bgt = new_time(check)
  printf "corpus:  %s, %.1f MB, %d moves\n", file, mb, moves
  printf "previous release: %s\n", base == "" || base_bin == "" ? "none (its columns are -)" : base
  printf "%-22s %8s %10s %14s %10s %9s %9s %8s\n", "", "seconds", "MB/s", "moves/s", "x wc -l", "x check",
    "previous", "new/old"
  printf "%-22s %8.3f %10.1f %14s %10s\n", "wc -l", wct, mb / wct, "", "1.0"
  row("check", check, mb, moves, wct, "1.00")
  split("mat yaml json sgf", names, " ")
  pairs["mat"] = mat; pairs["yaml"] = yaml; pairs["json"] = json; pairs["sgf"] = sgf
  for (i = 1; i <= 4; i++) {
    t = new_time(pairs[names[i]])
    row("convert --to " names[i], pairs[names[i]], mb, moves, wct, sprintf("%.2f", t / bgt))
  }
  printf "(x check: the time of each writer over the time of check in this run; the budget is 2.5;\n"
  printf " previous: the previous release in the same run, alternated; new/old: the ratio of times)\n"
  pmb = part_bytes / 1e6
  printf "%s, %d files, %.1f MB, %d moves:\n", parts, part_count, pmb, part_moves
  printf "%-22s %8.3f %10.1f %14s %10s\n", "wc -l", pwt, pmb / pwt, "", "1.0"
  row("check -j 1", one, pmb, part_moves, pwt, "")
  row("check -j " cores, many, pmb, part_moves, pwt, "")
  printf "-j %d is %.2f times as fast as -j 1 (%d processors; previous release %s)\n", cores,
    new_time(one) / new_time(many), cores, ratio(old_time(one), old_time(many))
  printf "peak RSS of check: %d KB (previous release %s KB)\n", rss, base_rss
  gmb = gb / 1e6
  gt = new_time(garbage)
  printf "hostile: %s, %.1f MB of random plays, one money session:\n", gfile, gmb
  printf "%-22s %8.3f %10.1f %14s %10.1f %9s%s\n", "check", gt, gmb / gt, "", (gt / gmb) / (bgt / mb), "",
    old_cols(garbage)
  printf "(x wc -l here: times the valid corpus time per byte); peak RSS %d KB\n", grss
  printf "BENCH moves_per_s=%.0f mb_per_s=%.1f wc_ratio=%.1f peak_rss_kb=%d hostile_mb_per_s=%.1f hostile_ratio=%.1f hostile_rss_kb=%d mat_ratio=%.2f yaml_ratio=%.2f json_ratio=%.2f sgf_ratio=%.2f jobs_ratio=%.2f base=%s check_vs_base=%s\n", moves / bgt, mb / bgt, bgt / wct, rss, gmb / gt, (gt / gmb) / (bgt / mb), grss, new_time(mat) / bgt, new_time(yaml) / bgt, new_time(json) / bgt, new_time(sgf) / bgt, new_time(one) / new_time(many), base_bin == "" ? "-" : base, ratio(bgt, old_time(check))
}'
