#!/usr/bin/env bash
# interrupt.sh — an interrupted conversion loses nothing and leaves
# nothing: SIGINT, SIGTERM and SIGHUP sent to `bgmatch convert` while it
# writes -o OUT, or the second file of -d DIR, end it with the signal (a
# shell's status 128 + N), remove the temporary file it was writing, leave
# OUT as it was and keep the outputs -d had finished, with -j 2 too.
#
# The conversion is held half-way by its input: a FIFO into which the test
# writes the first part of a record and which it keeps open, so the signal
# arrives while the temporary file is open, whatever the machine's speed.
#
#   tests/interrupt.sh [BIN]     BIN defaults to build/bgmatch
#
# Ends with "N passed, M failed, K skipped".
set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/
cd "$here/.." || exit 2

bin=${1:-build/bgmatch}
[[ $bin == /* ]] || bin=$PWD/$bin
source "$here/lib/tally.sh"
if [[ ! -x $bin ]]; then
  verdict FAIL interrupt "$bin is not an executable (build it first: make all)"
  tally_end
  exit
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-interrupt.XXXXXX")
trap 'rm -rf "$work"' EXIT
sample=samples/xg-style.mat
# Job control: a background command of a script otherwise ignores SIGINT,
# and bgmatch, rightly, leaves an ignored signal ignored.
set -m

# Waits (at most 10 s) until DIR holds a temporary file (.NAME.XXXXXX)
# and, when FILE is given, FILE is there too (an output finished before).
wait_for_temporary() {
  local tries=0
  while ((tries++ < 200)); do
    compgen -G "$1/.*.??????" >/dev/null && [[ -z ${2:-} || -e ${2:-} ]] && return 0
    sleep 0.05
  done
  return 1
}

# Waits (at most 10 s) until FILE is there.
wait_for_file() {
  local tries=0
  while ((tries++ < 200)); do
    [[ -e $1 ]] && return 0
    sleep 0.05
  done
  return 1
}

# interrupt SIGNAL DIR WATCH DONE ARGS...: runs `bgmatch convert ARGS` in
# DIR, whose FIFO in.mat gets the start of the sample and stays open; once
# the folder WATCH holds a temporary file (and the file DONE is there, if
# not empty), sends SIGNAL; sets $status and $left (what DIR holds but
# in.mat, sorted).  With no WATCH, the signal goes once DONE is there.
interrupt() {
  local signal=$1 dir=$2 watch=$3 done=$4
  shift 4
  rm -f "$dir/in.mat"
  mkfifo "$dir/in.mat"
  (cd "$dir" && exec "$bin" convert "$@" 2>/dev/null) &
  local pid=$!
  exec 3>"$dir/in.mat"
  head -c 2000 "$sample" >&3
  if [[ -z $watch ]] && wait_for_file "$done"; then
    kill -s "$signal" "$pid"
  elif [[ -n $watch ]] && wait_for_temporary "$watch" "$done"; then
    kill -s "$signal" "$pid"
  else
    kill -s KILL "$pid"
  fi
  wait "$pid"
  status=$?
  exec 3>&-
  left=$(cd "$dir" && find . -mindepth 1 ! -name in.mat | sort | tr '\n' ' ')
}

for signal in INT TERM HUP; do
  number=$(kill -l "$signal")
  want=$((128 + number))

  # -o OUT over an existing file: OUT keeps its bytes, no temporary file.
  dir=$work/o-$signal
  mkdir -p "$dir"
  echo "the old output" >"$dir/out.yaml"
  interrupt "$signal" "$dir" "$dir" "" --to yaml -o out.yaml in.mat
  if [[ $status == "$want" && $left == "./out.yaml " &&
    $(cat "$dir/out.yaml") == "the old output" ]]; then
    verdict ok "SIG$signal during -o: exit $want, the old output kept, no temporary file"
  else
    verdict FAIL "SIG$signal during -o" "exit $status (want $want), directory holds: $left"
  fi

  # -d DIR: the first input's output was complete and stays; the second's
  # temporary file goes.
  dir=$work/d-$signal
  mkdir -p "$dir/out"
  cp "$sample" "$dir/first.mat"
  interrupt "$signal" "$dir" "$dir/out" "$dir/out/first.yaml" --to yaml -d out first.mat in.mat
  if [[ $status == "$want" && $left == "./first.mat ./out ./out/first.yaml " ]] &&
    "$bin" convert --to yaml "$sample" | cmp -s - "$dir/out/first.yaml"; then
    verdict ok "SIG$signal during -d: exit $want, the finished output kept, no temporary file"
  else
    verdict FAIL "SIG$signal during -d" "exit $status (want $want), directory holds: $left"
  fi

  # -j 2 -d DIR: the threads convert into buffers and this thread writes
  # the files in order: the first is written, the second input (held by
  # the FIFO) is still read; nothing else is left, a third input's file
  # neither.
  dir=$work/j-$signal
  mkdir -p "$dir/out"
  cp "$sample" "$dir/first.mat"
  cp "$sample" "$dir/third.mat"
  interrupt "$signal" "$dir" "" "$dir/out/first.yaml" --to yaml -j 2 -d out first.mat in.mat third.mat
  if [[ $status == "$want" && $left == "./first.mat ./out ./out/first.yaml ./third.mat " ]] &&
    "$bin" convert --to yaml "$sample" | cmp -s - "$dir/out/first.yaml"; then
    verdict ok "SIG$signal during -j 2 -d: exit $want, the finished output kept, nothing else left"
  else
    verdict FAIL "SIG$signal during -j 2 -d" "exit $status (want $want), directory holds: $left"
  fi
done

# Standard output is no file of bgmatch's: nothing to remove, the signal's
# status all the same.
dir=$work/stdout
mkdir -p "$dir"
rm -f "$dir/in.mat"
mkfifo "$dir/in.mat"
(cd "$dir" && exec "$bin" convert --to yaml in.mat >/dev/null 2>&1) &
pid=$!
exec 3>"$dir/in.mat"
head -c 2000 "$sample" >&3
sleep 0.2
kill -s TERM "$pid"
wait "$pid"
status=$?
exec 3>&-
expect=$((128 + $(kill -l TERM)))
if [[ $status == "$expect" ]]; then
  verdict ok "SIGTERM while writing standard output: exit $expect"
else
  verdict FAIL "SIGTERM while writing standard output" "exit $status, want $expect"
fi

tally_end
