#!/usr/bin/env bash
# hostile_table.sh — the README's table of hostile inputs: each made here,
# checked by BIN, with its exit status, wall time and peak RSS (GNU time).
# Not a test (make check has tests/hostile.sh and tests/stream.sh): the
# figures for the README, measured again by running it.
#
#   tests/hostile_table.sh [BIN] [GEN_GARBAGE] [GARBAGE_MB]
#
# GARBAGE_MB (default 1024) of gen_garbage's short matches go through a
# pipe, so that nothing that size is on disk.
set -u
export LC_ALL=C
bin=${1:-build/bgmatch}
garbage_gen=${2:-build/tests/tools/gen_garbage}
garbage_mb=${3:-1024}
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT

# row WHAT COMMAND...: one table row for check on what COMMAND writes.
row() {
  local what=$1
  shift
  local stats
  stats=$( { /usr/bin/time -f '%e %M' bash -c '"$@" | "'"$bin"'" check -q - >/dev/null 2>&1; \
    echo "status ${PIPESTATUS[1]}" >&2' _ "$@"; } 2>&1 | tr '\n' ' ')
  # "status S SECONDS KB"
  set -- $stats
  printf '| %s | %s | %s s | %s MB |\n' "$what" "$2" "$3" "$(awk -v k="$4" 'BEGIN { printf "%.1f", k / 1024 }')"
}

python3 - "$work" <<'EOF'
import sys, random
work = sys.argv[1]
# a billion laughs: nine levels of ten aliases
lines = ['bgmatch: 1', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]']
for i in range(1, 10):
    lines.append('a%d: &a%d [%s]' % (i, i, ', '.join(['*a%d' % (i - 1)] * 10)))
open(work + '/bomb.yaml', 'w').write('\n'.join(lines) + '\n')
open(work + '/nested.yaml', 'w').write('bgmatch: ' + '[' * 100000 + '\n')
with open(work + '/million.mat', 'w') as out:
    out.write(' 0 point match\n')
    for g in range(1, 1000001):
        out.write('\n Game %d\n A : 0                          B : 0\n  1) 31: 8/5 6/5\n'
                  '                                  Wins 1 point\n' % g)
open(work + '/longline.mat', 'w').write(' 3 point match\n\n Game 1\n' + 'x' * (10 << 20) + '\n')
random.seed(7)
open(work + '/nul.bin', 'wb').write(bytes(random.choice([0, 0, 10, 49, 58, 32, 47, 255])
                                          for _ in range(10 << 20)))
EOF

echo '| input | exit status | time | peak RSS |'
echo '|---|---|---|---|'
row "YAML alias bomb (10^9 nodes once expanded)" cat "$work/bomb.yaml"
row "YAML nested 100,000 deep" cat "$work/nested.yaml"
row "a million games in one money session (74 MB)" cat "$work/million.mat"
row "a 10 MB line" cat "$work/longline.mat"
row "10 MB of NUL bytes and digits" cat "$work/nul.bin"
row "$garbage_mb MB of garbage matches through a pipe" \
  "$garbage_gen" --seed 3 --length 3 --games-per-match 4 --bytes $((garbage_mb << 20))
