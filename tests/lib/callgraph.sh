#!/usr/bin/env bash
# callgraph.sh — the call cycles between the files of src/, read from their
# object files: DESIGN.md section 8 wants files to call one way, by stage.
#
#   tests/lib/callgraph.sh [--allow FILE] [--edges FILE] OBJ...
#
# nm says which object defines an external symbol (T, D, B, R, ...) and
# which uses it (U); a use is an edge from the user's file to the
# definer's.  Files that reach each other through such edges form a cycle
# (a strongly connected component of more than one file); each is printed
# on one line, its files (foo.c for foo.o) sorted:
#
#   cycle: read_sgf.c read_sgf_match.c
#
# With --allow, FILE lists the cycles still accepted, one a line, files
# separated by blanks (# begins a comment): a cycle whose files are all on
# one allowed line is "allowed:", any other "cycle:".
#
# With --edges, FILE adds what the objects do not show (tests/lib/includes.py
# edges): "A edge B" for A including header B, and "H use NAME" for a static
# inline function of header H calling NAME.  A header is then a file like
# the others: one whose inline function calls into a .c file that includes
# it makes a cycle of the two.  The status is 1 if a
# cycle is not allowed, 2 on a usage error, 0 otherwise.  nm reads gcc's
# LTO objects through its plugin as it reads plain ones.
set -u

usage="usage: tests/lib/callgraph.sh [--allow FILE] [--edges FILE] OBJ..."
allow=/dev/null
edges=/dev/null
while [[ ${1:-} == --allow || ${1:-} == --edges ]]; do
  [[ $# -ge 2 ]] || { echo "$usage" >&2; exit 2; }
  if [[ $1 == --allow ]]; then allow=$2; else edges=$2; fi
  shift 2
done
if [[ $# -eq 0 && $edges == /dev/null ]]; then
  echo "$usage" >&2
  exit 2
fi
[[ -r $allow ]] || { echo "callgraph.sh: cannot read $allow" >&2; exit 2; }
[[ -r $edges ]] || { echo "callgraph.sh: cannot read $edges" >&2; exit 2; }

# "FILE KIND SYMBOL" for every external symbol of every object, KIND being
# "def" or "use"; then the lines of --edges.
symbols() {
  local obj file
  for obj in "$@"; do
    file=$(basename "${obj%.o}").c
    nm "$obj" | awk -v file="$file" '
      NF == 2 && $1 == "U" { print file, "use", $2 }
      NF == 3 && $2 ~ /^[TDBRVWC]$/ { print file, "def", $3 }'
  done
  cat "$edges"
}

# The edges, the transitive closure over them (Floyd-Warshall: a hundred
# files at most), then each cycle once, sorted, checked against the allowed.
cycles() {
  awk -v allowfile="$allow" '
    BEGIN {
      while ((getline line < allowfile) > 0) {
        sub(/#.*/, "", line)
        if (split(line, names) < 2) continue
        nallowed++
        for (i in names) allowed[nallowed, names[i]] = 1
      }
    }
    $2 == "def" { definer[$3] = $1; node($1) }
    $2 == "use" { used[++nuses] = $1 " " $3; node($1) }
    $2 == "edge" { direct[++ndirect] = $1 " " $3; node($1); node($3) }
    function node(f) { if (!(f in index_of)) { index_of[f] = ++n; name[n] = f } }
    function is_allowed(members, count,   a, i, ok) {
      for (a = 1; a <= nallowed; a++) {
        ok = 1
        for (i = 1; i <= count; i++) if (!((a, members[i]) in allowed)) ok = 0
        if (ok) return 1
      }
      return 0
    }
    END {
      for (u = 1; u <= nuses; u++) {
        split(used[u], pair, " ")
        if (!(pair[2] in definer) || definer[pair[2]] == pair[1]) continue
        reach[index_of[pair[1]], index_of[definer[pair[2]]]] = 1
      }
      for (d = 1; d <= ndirect; d++) {
        split(direct[d], pair, " ")
        reach[index_of[pair[1]], index_of[pair[2]]] = 1
      }
      for (k = 1; k <= n; k++)
        for (i = 1; i <= n; i++)
          if ((i, k) in reach)
            for (j = 1; j <= n; j++)
              if ((k, j) in reach) reach[i, j] = 1
      bad = 0
      for (i = 1; i <= n; i++) {
        if (i in done) continue
        count = 0
        for (j = 1; j <= n; j++)
          if (j == i || (((i, j) in reach) && ((j, i) in reach))) members[++count] = name[j]
        for (j = 1; j <= n; j++)
          if (j == i || (((i, j) in reach) && ((j, i) in reach))) done[j] = 1
        if (count < 2) continue
        for (a = 2; a <= count; a++)       # insertion sort, a few names
          for (b = a; b > 1 && members[b - 1] > members[b]; b--) {
            t = members[b]; members[b] = members[b - 1]; members[b - 1] = t
          }
        line = members[1]
        for (a = 2; a <= count; a++) line = line " " members[a]
        if (is_allowed(members, count)) print "allowed: " line
        else { print "cycle: " line; bad = 1 }
      }
      exit bad
    }'
}

symbols "$@" | cycles
