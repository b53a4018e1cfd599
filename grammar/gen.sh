#!/bin/sh
# gen.sh — makes the C headers of the grammar from the .pcre files, so that
# a pattern file is the one place a pattern or a named group is added:
#
#   grammar/gen.sh lists   grammar/*.pcre > grammar_lists.h
#   grammar/gen.sh sources grammar/*.pcre > grammar_patterns.h
#
# lists:   X-macro lists, from which src/read/read_mat_int.h makes the enums and
#          src/read/read_mat_grammar.c its tables:
#            MAT_PATTERNS(X): X(CELL_TOKEN, "cell-token") per file;
#            MAT_GROUPS(X):   X(CELL_TOKEN, DIE1, "die1") per named group
#                             ((?<n>...), (?P<n>...), (?'n'...)) of each
#                             file, in order of first appearance, once even
#                             when the pattern names it twice (a branch
#                             reset, (?J)).
# sources: each pattern as a C string, GRAMMAR_CELL_TOKEN, without its
#          whole-line '#' comments.
#
# The files are taken in the order given (the Makefile sorts them), so the
# output is the same on every machine.  It fails, saying which file and
# line, on a file name that makes no C name, a malformed group name, two
# names that would make one C name, or no named group at all.
#
# The group scan reads the patterns as PCRE2_EXTENDED does (how the reader
# compiles them): '#' to the end of the line is a comment, a group opened
# inside [...], after a '\' or within \Q...\E is no group.  The unit test
# tests/unit/check_grammar.c checks the lists against PCRE2's own name
# table, so a pattern this scan misreads fails `make check`.
set -eu
LC_ALL=C
export LC_ALL

mode=${1:-}
[ $# -ge 1 ] && shift
if [ "$mode" != lists ] && [ "$mode" != sources ]; then
  echo "usage: grammar/gen.sh lists|sources FILE.pcre..." >&2
  exit 2
fi
if [ $# -eq 0 ]; then
  echo "grammar/gen.sh: no .pcre file given" >&2
  exit 1
fi

# The C name of a pattern file: cell-token.pcre -> CELL_TOKEN.
pattern_id() {
  base=$(basename "$1" .pcre)
  case $1 in *.pcre) ;; *) base= ;; esac
  if ! printf '%s\n' "$base" | grep -Eq '^[a-z][a-z0-9-]*$'; then
    echo "grammar/gen.sh: $1: a pattern file is named like cell-token.pcre" \
      "(lower case letters, digits, '-')" >&2
    exit 1
  fi
  printf '%s\n' "$base" | tr 'a-z-' 'A-Z_'
}

# '?' is written \? so that no "??x" sequence of a pattern turns into a C
# trigraph.
sources() {
  echo "/* Generated from the .pcre files of grammar/ by grammar/gen.sh: do not edit. */"
  for f in "$@"; do
    id=$(pattern_id "$f")
    printf 'static const char GRAMMAR_%s[] =\n' "$id"
    grep -v '^#' "$f" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' \
      -e 's/^/  "/' -e 's/$/\\n"/'
    echo '  ;'
  done
}

# The files' names were checked by pattern_id; awk derives the same ids.
lists() {
  for f in "$@"; do
    pattern_id "$f" >/dev/null
  done
  awk "$LISTS_AWK" "$@"
}

# The scan (see the top of this file) and the output of `lists`.
LISTS_AWK=$(cat <<'AWK'
function fail(message) {
  printf "grammar/gen.sh: %s:%d: %s\n", FILENAME, FNR, message > "/dev/stderr"
  failed = 1
  exit 1
}

# A group name as PCRE2 takes it: a letter or '_', then letters, digits and
# '_', at most 32 of them.
function add_group(name, what,    upper, c_name) {
  if (name !~ /^[A-Za-z_][A-Za-z0-9_]*$/ || length(name) > 32)
    fail("malformed group name '" name "' in " what \
         " (a letter or '_', then letters, digits, '_'; at most 32)")
  if ((id, name) in seen)
    return # (?J) or alternatives: one group for C
  upper = toupper(name)
  c_name = "GRP_" id "_" upper
  if (c_name in c_names)
    fail("group '" name "' makes the C name " c_name ", as " c_names[c_name] " does")
  c_names[c_name] = "'" name "' of " FILENAME
  seen[id, name] = 1
  groups[++group_count] = "X(" id ", " upper ", \"" name "\")"
}

# The name that starts at `i` of `line`, up to `closer`; returns where the
# scan goes on.
function read_name(line, i, closer, what,    rest, end) {
  rest = substr(line, i)
  end = index(rest, closer)
  if (end == 0)
    fail("group name without its closing " closer " in " what)
  add_group(substr(rest, 1, end - 1), what)
  return i + end
}

# cell-token.pcre -> CELL_TOKEN
function id_of(file,    base) {
  base = file
  sub(/^.*\//, "", base)
  sub(/\.pcre$/, "", base)
  gsub(/-/, "_", base)
  return toupper(base)
}

BEGIN {
  for (a = 1; a < ARGC; a++) {
    base = ARGV[a]
    sub(/^.*\//, "", base)
    sub(/\.pcre$/, "", base)
    patterns[a] = "X(" id_of(ARGV[a]) ", \"" base "\")"
  }
  pattern_count = ARGC - 1
}

FNR == 1 { id = id_of(FILENAME); in_class = 0; quoted = 0 }
/^#/ { next } # dropped from the pattern by `sources`

{
  line = $0
  n = length(line)
  i = 1
  while (i <= n) {
    c = substr(line, i, 1)
    if (quoted) { # \Q...\E: all literal
      if (substr(line, i, 2) == "\\E") { quoted = 0; i += 2 } else i++
      continue
    }
    if (c == "\\") {
      if (substr(line, i + 1, 1) == "Q") quoted = 1
      i += 2
      continue
    }
    if (in_class) {
      c2 = substr(line, i + 1, 1)
      if (c == "[" && (c2 == ":" || c2 == "." || c2 == "=")) {
        end = index(substr(line, i + 2), c2 "]") # [:alpha:]
        if (end) { i += end + 3; continue }
      }
      if (c == "]") in_class = 0
      i++
      continue
    }
    if (c == "#") break # a comment to the end of the line
    if (c == "[") { # a ']' first in a class is literal
      in_class = 1
      i++
      if (substr(line, i, 1) == "^") i++
      if (substr(line, i, 1) == "]") i++
      continue
    }
    if (c != "(") { i++; continue }
    rest = substr(line, i, 4)
    if (substr(rest, 1, 3) == "(?#") { # a comment to the next ')'
      end = index(substr(line, i), ")")
      i = end ? i + end : n + 1
    } else if (substr(rest, 1, 3) == "(?<" && substr(rest, 4, 1) != "=" && substr(rest, 4, 1) != "!")
      i = read_name(line, i + 3, ">", "(?<" substr(line, i + 3, 12))
    else if (substr(rest, 1, 4) == "(?P<")
      i = read_name(line, i + 4, ">", "(?P<" substr(line, i + 4, 12))
    else if (substr(rest, 1, 3) == "(?'")
      i = read_name(line, i + 3, "'", "(?'" substr(line, i + 3, 12))
    else
      i++
  }
}

END {
  if (failed)
    exit 1
  if (group_count == 0) {
    printf "grammar/gen.sh: no named group in any .pcre file\n" > "/dev/stderr"
    exit 1
  }
  print "/* Generated from the .pcre files of grammar/ by grammar/gen.sh: do not edit. */"
  print "#ifndef BG_GRAMMAR_LISTS_H"
  print "#define BG_GRAMMAR_LISTS_H"
  print ""
  print "/* X(ID, \"file\"): each pattern file, in file-name order. */"
  print "#define MAT_PATTERNS(X) \\"
  for (p = 1; p <= pattern_count; p++)
    print "  " patterns[p] (p < pattern_count ? " \\" : "")
  print ""
  print "/* X(PATTERN_ID, GROUP_ID, \"name\"): each named group of each pattern. */"
  print "#define MAT_GROUPS(X) \\"
  for (g = 1; g <= group_count; g++)
    print "  " groups[g] (g < group_count ? " \\" : "")
  print ""
  print "#endif"
}
AWK
)

"$mode" "$@"
