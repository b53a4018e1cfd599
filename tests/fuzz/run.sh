#!/usr/bin/env bash
# run.sh — `make fuzz`: builds each libFuzzer target of tests/fuzz/ with
# clang (AddressSanitizer and UndefinedBehaviorSanitizer on, but for two
# checks of the latter: see FUZZ_FLAGS), then runs them
# all at once, SECONDS each, and prints per target the inputs run, inputs
# per second, CPU seconds and inputs per CPU second, and the coverage
# libFuzzer reached; a crash, leak, sanitizer
# report or hang fails the target (its reproducer is build-fuzz/TARGET-*).
#
#   tests/fuzz/run.sh SECONDS GEN_DIR TARGET...
#       (the Makefile passes CFLAGS_PKG, LIBS_PKG, LIB_SRC and SRC_INCLUDES
#       in the environment: the library's flags, libraries, sources and
#       the -I of each folder of src/)
#
# The corpus each target grows is kept in build-fuzz/corpus-TARGET between
# runs; the seeds are made again each time in build-fuzz/seeds-TARGET.
# The rules engine (board.c, movegen.c) and the referee's searches over
# positions (referee_proof.c, referee_readings.c) are built without
# coverage instrumentation (tests/fuzz/coverage-ignore.txt): their inner
# loops are what the targets spend their time in, their comparisons are no
# input's structure, and tracing each of them made fuzz_check run a few
# inputs a second (the two referee files: 1.4 times the inputs a second
# on fuzz_check's corpus).  They are still built with the sanitizers.
# -O2, not -O1: 1.1 times the inputs a second, the same reports.
# -reload=0: each target is one process with a corpus of its own, which
# libFuzzer otherwise lists again every second for inputs another process
# added (a tenth of fuzz_check's time with 8,000 inputs kept).
# Ends with "N passed, M failed, 0 skipped".
set -u
seconds=$1 gen=$2
shift 2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/../.." || exit 2
out=build-fuzz
mkdir -p "$out"

# The seeds of fuzz_read_xg, made in $out/xg-seeds: the e2e case's .xg,
# the corpus's when the shared folder is there (renamed: no blank in a
# name), and the game files alone of both (the target wraps an input that
# is not a whole .xg in an archive), cut out by tests/tools/gen_xg.
xg_seeds() {
  local dir=$out/xg-seeds shared=${BGMATCH_SHARED:-../shared} n=0 file
  rm -rf "$dir"
  mkdir -p "$dir"
  cp tests/e2e/cases/annotate/*.xg "$dir/"
  # shellcheck disable=SC2086 # libraries are words
  clang -std=c11 -D_POSIX_C_SOURCE=200809L -O1 tests/tools/gen_xg.c -o "$out/gen_xg" \
    $LIBS_PKG >"$out/build-gen_xg.log" 2>&1 || { cat "$out/build-gen_xg.log" >&2; return; }
  "$out/gen_xg" --records >"$dir/places.records"
  for file in "$shared"/corpus/xg-binary/*.xg; do
    [[ -f $file ]] || continue
    n=$((n + 1))
    cp "$file" "$dir/corpus-$n.xg"
    "$out/gen_xg" --records "$file" >"$dir/corpus-$n.records"
  done
  ls "$dir"/*
}

# The longest input a target is given: a real .xg is 100-160 KB.
# Inputs up to 16 KiB (a few games of a match, where the bugs of a reader
# and of the referee's states show, at many more inputs a second than
# records of 64 KiB); a .xg's compressed archive needs more.
max_len() {
  case $1 in
  fuzz_read_xg) echo 262144 ;;
  *) echo 16384 ;;
  esac
}

seeds() { # seeds TARGET: the files its seeds are copied from
  case $1 in
  fuzz_check | fuzz_convert | fuzz_show_stats) ls samples/*.mat samples/broken/*.mat ;;
  fuzz_read_yaml) ls tests/e2e/cases/*/*.yaml tests/e2e/cases/check/*/*.yaml ;;
  fuzz_roundtrip_yaml)
    ls samples/*.mat tests/e2e/cases/*/*.yaml tests/e2e/cases/check/*/*.yaml tests/fuzz/regress/roundtrip-*
    ;;
  fuzz_read_sgf) ls tests/e2e/cases/*/*.sgf tests/e2e/cases/check/*/*.sgf ;;
  fuzz_read_xg) xg_seeds ;;
  esac
}

# The library, built once for every target (six builds of it took twice
# as long), with libFuzzer's coverage and compare tracing.
# UndefinedBehaviorSanitizer without its alignment and pointer-overflow
# checks, as OSS-Fuzz builds its targets: they check every pointer
# dereference and every pointer sum, and took a fifth of each input's time
# (fuzz_roundtrip_yaml on 500 of its inputs, best of 9 runs: 1.88 s with
# them, 1.48 s without).  Both stay on in make check's asan-unit and
# asan-e2e (-fsanitize=undefined, Makefile's OPT), on every test's input.
# -fno-sanitize goes after -fsanitize in each command: the later one wins.
SANITIZERS=address,undefined
NOT_SANITIZED=alignment,pointer-overflow
# shellcheck disable=SC2206 # SRC_INCLUDES: -I and a folder, words
FUZZ_FLAGS=(-std=c11 -D_POSIX_C_SOURCE=200809L -g -O2 -fno-sanitize-recover=all
  -fsanitize-coverage-ignorelist=tests/fuzz/coverage-ignore.txt $SRC_INCLUDES -I "$gen")
library_objects() {
  local src obj status=0
  rm -rf "$out/obj"
  mkdir -p "$out/obj"
  for src in $LIB_SRC; do
    obj=$out/obj/${src#src/}
    obj=${obj%.c}.o
    mkdir -p "${obj%/*}"
    # shellcheck disable=SC2086 # flags are words
    clang "${FUZZ_FLAGS[@]}" -fsanitize=fuzzer-no-link,"$SANITIZERS" -fno-sanitize="$NOT_SANITIZED" $CFLAGS_PKG \
      -c "$src" -o "$obj" || status=1
    echo "$obj"
  done >"$out/objects"
  return $status
}

passed=0 failed=0
built=()
if ! library_objects >"$out/build-library.log" 2>&1; then
  cat "$out/build-library.log"
  echo "FAIL fuzz library: build"
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
fi
mapfile -t objects <"$out/objects"
for target in "$@"; do
  rm -rf "$out/seeds-$target"
  mkdir -p "$out/seeds-$target" "$out/corpus-$target"
  # shellcheck disable=SC2046 # one file a word
  cp $(seeds "$target") "$out/seeds-$target/"
  # shellcheck disable=SC2086 # flags and sources are words
  if clang "${FUZZ_FLAGS[@]}" -fsanitize=fuzzer,"$SANITIZERS" -fno-sanitize="$NOT_SANITIZED" $CFLAGS_PKG \
    "tests/fuzz/$target.c" "${objects[@]}" $LIBS_PKG -o "$out/$target" \
    >"$out/build-$target.log" 2>&1; then
    built+=("$target")
  else
    cat "$out/build-$target.log"
    echo "FAIL fuzz $target: build"
    failed=$((failed + 1))
  fi
done

# All at once: -j of make check's machine, and a long run by hand takes
# SECONDS, not SECONDS times the targets.
# Each target's CPU time (user + system, bash's `time` into cpu-TARGET):
# with more targets than cores, inputs per CPU second is the rate a
# target has on a core of its own, which inputs per second is not.
# ASan keeps freed memory from reuse in a quarantine of 256 MB by default:
# each target grew to about 350 MB, against -rss_limit_mb=512, and kept
# taking fresh pages; one input frees a few MB, so 32 MB still catches a
# use after free within an input and the ones after it.  First, so that
# the caller's own options (make's, or a quarantine of theirs) win.
export ASAN_OPTIONS=quarantine_size_mb=32${ASAN_OPTIONS:+:$ASAN_OPTIONS}
for target in "${built[@]}"; do
  (
    TIMEFORMAT='%3U %3S'
    time "$out/$target" -max_total_time="$seconds" -max_len="$(max_len "$target")" \
      -timeout=10 -rss_limit_mb=512 -reload=0 \
      -artifact_prefix="$out/$target-" -print_final_stats=1 \
      "$out/corpus-$target" "$out/seeds-$target" >"$out/run-$target.log" 2>&1
  ) 2>"$out/cpu-$target" &
  echo $! >"$out/pid-$target"
done
printf "%-22s %9s %9s %8s %11s %6s %7s\n" target inputs inputs/s cpu-s inputs/cpu-s cov features
for target in "${built[@]}"; do
  wait "$(cat "$out/pid-$target")"
  status=$?
  log=$out/run-$target.log
  units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | cut -d' ' -f2)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -n 1 | cut -d' ' -f2)
  cpu=$(awk 'NF == 2 { printf "%.1f", $1 + $2 }' "$out/cpu-$target")
  printf "%-22s %9s %9s %8s %11s %6s %7s\n" "$target" "${units:-?}" \
    "$(awk -v u="${units:-0}" -v s="$seconds" 'BEGIN { printf "%.0f", u / s }')" \
    "${cpu:-?}" \
    "$(awk -v u="${units:-0}" -v c="${cpu:-0}" 'BEGIN { if (c > 0) printf "%.0f", u / c; else print "?" }')" \
    "${cov:-?}" "${ft:-?}"
  if [[ $status -eq 0 ]]; then
    echo "ok fuzz $target ($seconds s of libFuzzer: no crash, leak or sanitizer report)"
    passed=$((passed + 1))
  else
    tail -40 "$log"
    echo "FAIL fuzz $target (reproducer: $out/$target-crash-*)"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed, 0 skipped"
[[ $failed -eq 0 ]]
