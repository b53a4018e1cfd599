/*
 * read_mat_grammar.c — the .mat reader's lexical patterns: compiles the
 * PCRE2 patterns of grammar/ (embedded by the build) once per process,
 * JIT-compiled when the platform allows and interpreted otherwise, and
 * answers "does this pattern match here".
 *
 * grammar/ is the single source of truth for what a token looks like and
 * for the names of its parts: the build lists each file's named groups
 * (grammar/gen.sh), and this file's tables, like the GRP_ names the reader
 * uses, are made from those lists.  The C code only walks what a pattern
 * has already accepted.
 *
 * Stage: the bottom of the reader's lexing: calls no other file of the
 * reader (the memo above it is made and freed by read_mat.c).
 */
#include "read_mat_int.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grammar_patterns.h"

/* A pathological line must not make a pattern backtrack for long. */
#define MAT_MATCH_LIMIT 1000000

/* Both tables are made from the .pcre files by the build (grammar_lists.h):
 * a pattern or a group is added in its .pcre file only. */
static const struct {
  const char *name; /* the grammar file, for messages */
  const char *source;
} pattern_sources[PAT_COUNT] = {
#define MAT_PATTERN_SOURCE(ID, file) [PAT_##ID] = {file, GRAMMAR_##ID},
    MAT_PATTERNS(MAT_PATTERN_SOURCE)
#undef MAT_PATTERN_SOURCE
};

static const struct {
  mat_pattern_id pattern;
  const char *name;
} group_names[GRP_COUNT] = {
#define MAT_GROUP_NAME(PATTERN, GROUP, name)                                             \
  [GRP_##PATTERN##_##GROUP] = {PAT_##PATTERN, name},
    MAT_GROUPS(MAT_GROUP_NAME)
#undef MAT_GROUP_NAME
};

/* The compiled grammar, shared by every reader of the process: compiling
 * and JIT-compiling costs about 0.1 ms, more than reading a small record,
 * and a run may read thousands of files (on several threads: compiled and
 * JIT code is read-only when matching).  It lives until the process ends. */
static struct {
  pcre2_code *code[PAT_COUNT];
  bool jit[PAT_COUNT];
  int group[GRP_COUNT];
  uint32_t pairs; /* ovector pairs the pattern with most groups needs */
  bool ok;
} grammar;
static pthread_once_t grammar_once = PTHREAD_ONCE_INIT;

static bool compile_one(mat_pattern_id id) {
  int error;
  PCRE2_SIZE error_offset;
  pcre2_code *code =
      pcre2_compile((PCRE2_SPTR)pattern_sources[id].source, PCRE2_ZERO_TERMINATED,
                    MAT_PATTERN_OPTIONS, &error, &error_offset, NULL);
  if (!code) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(error, message, sizeof message);
    fprintf(stderr, "bgmatch: grammar/%s.pcre: offset %zu: %s\n",
            pattern_sources[id].name, (size_t)error_offset, (const char *)message);
    return false;
  }
  /* JIT is an optimisation: where it is unavailable pcre2_match interprets. */
  grammar.jit[id] = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
  grammar.code[id] = code;
  /* A match whose groups do not all fit the match data is no match: size it
   * for the pattern with most groups, however many the grammar grows. */
  uint32_t captures = 0;
  pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &captures);
  if (captures + 1 > grammar.pairs)
    grammar.pairs = captures + 1;
  return true;
}

static bool resolve_groups(void) {
  for (int g = 0; g < GRP_COUNT; g++) {
    mat_pattern_id id = group_names[g].pattern;
    int number = pcre2_substring_number_from_name(grammar.code[id],
                                                  (PCRE2_SPTR)group_names[g].name);
    /* (?J) names several groups; C reads one group per name, which a branch
     * reset, (?| (?<n>...) | (?<n>...) ), gives its alternatives. */
    if (number == PCRE2_ERROR_NOUNIQUESUBSTRING) {
      fprintf(stderr,
              "bgmatch: grammar/%s.pcre: several groups are named '%s' ((?J)): the "
              "reader reads one group per name (alternatives can share one "
              "with a branch reset, (?|...|...))\n",
              pattern_sources[id].name, group_names[g].name);
      return false;
    }
    if (number <= 0) {
      fprintf(stderr, "bgmatch: grammar/%s.pcre: no group named '%s'\n",
              pattern_sources[id].name, group_names[g].name);
      return false;
    }
    grammar.group[g] = number;
  }
  return true;
}

static void compile_grammar(void) {
  bool ok = true;
  for (int id = 0; id < PAT_COUNT && ok; id++)
    ok = compile_one((mat_pattern_id)id);
  ok = ok && resolve_groups();
  if (!ok) {
    for (int id = 0; id < PAT_COUNT; id++) {
      pcre2_code_free(grammar.code[id]);
      grammar.code[id] = NULL;
    }
  }
  grammar.ok = ok;
}

bool mat_patterns_compile(mat_patterns *patterns) {
  memset(patterns, 0, sizeof *patterns);
  pthread_once(&grammar_once, compile_grammar);
  if (!grammar.ok)
    return false;
  memcpy(patterns->code, grammar.code, sizeof patterns->code);
  memcpy(patterns->jit, grammar.jit, sizeof patterns->jit);
  memcpy(patterns->group, grammar.group, sizeof patterns->group);
  patterns->data = pcre2_match_data_create(grammar.pairs, NULL);
  patterns->context = pcre2_match_context_create(NULL);
  if (!patterns->data || !patterns->context)
    return false;
  patterns->ovector = patterns->match_ovector = pcre2_get_ovector_pointer(patterns->data);
  patterns->ovector_pairs = pcre2_get_ovector_count(patterns->data);
  pcre2_set_match_limit(patterns->context, MAT_MATCH_LIMIT);
  return true;
}

/* Frees the reader's match data; the compiled grammar stays (shared).  The
 * memo above it (read_mat_memo.c) is freed first, by its owner. */
void mat_patterns_free(mat_patterns *patterns) {
  pcre2_match_data_free(patterns->data);
  pcre2_match_context_free(patterns->context);
  memset(patterns, 0, sizeof *patterns);
}

int mat_match_rc(mat_patterns *patterns, mat_pattern_id id, const char *text,
                 size_t length, size_t offset) {
  patterns->ovector = patterns->match_ovector;
  patterns->memo_mark = NULL;
  /* Anchored at compile time: JIT does not take PCRE2_ANCHORED at match time.
   * The JIT fast path skips pcre2_match's checks, which cost as much as the
   * match itself on these short tokens. */
  int rc = patterns->jit[id]
               ? pcre2_jit_match(patterns->code[id], (PCRE2_SPTR)text, length, offset, 0,
                                 patterns->data, patterns->context)
               : pcre2_match(patterns->code[id], (PCRE2_SPTR)text, length, offset, 0,
                             patterns->data, patterns->context);
  return rc;
}

bool mat_match_at(mat_patterns *patterns, mat_pattern_id id, const char *text,
                  size_t length, size_t offset) {
  /* No match, or the match limit hit on a pathological line: either way the
   * line is not this construct. */
  return mat_match_rc(patterns, id, text, length, offset) > 0;
}

const char *mat_match_mark(const mat_patterns *patterns) {
  if (patterns->memo_mark)
    return patterns->memo_mark;
  PCRE2_SPTR mark = pcre2_get_mark(patterns->data);
  return mark ? (const char *)mark : "";
}
