/*
 * read_mat_typo.c — a cube action misspelt by its transcriber ("Dubles =>
 * 2", "Tkaes", "Drpos"): the action it is nearest, so that the reader
 * reads it as meant after one syntax error.  Left unread, one such word
 * throws the rest of the game out of step: a take "with no double
 * offered", a turn out of order, a win "before the game was over".
 *
 * grammar/cube-typo.pcre says what may be one (a word, maybe "=> N" after
 * it); this file says which action it was meant to be, by spelling and by
 * shape: with "=> N" it is a double or a beaver, alone a take or a drop.
 * A word near none of those stays what it was, text that is no token.
 *
 * Stage: a cell token's, under read_mat_play.c.  Calls read_mat_grammar.c.
 */
#include "read_mat_int.h"
#include "read_spelling.h"

/* The cube words of grammar/cell-token.pcre, by their shape. */
static const spelling_word valued_words[] = {
    {"Doubles", ACT_DOUBLE}, {"Double", ACT_DOUBLE},   {"Beavers", ACT_BEAVER},
    {"Beaver", ACT_BEAVER},  {"Raccoons", ACT_BEAVER}, {"Raccoon", ACT_BEAVER},
};
static const spelling_word bare_words[] = {
    {"Takes", ACT_TAKE}, {"Take", ACT_TAKE},   {"Drops", ACT_DROP},
    {"Drop", ACT_DROP},  {"Passes", ACT_DROP}, {"Rejects", ACT_DROP},
};

#define COUNT(array) ((int)(sizeof(array) / sizeof((array)[0])))

bool mat_read_cube_typo(mat_patterns *patterns, const mat_line *line, size_t offset,
                        mat_cube_typo *typo) {
  if (!mat_match_at(patterns, PAT_CUBE_TYPO, line->text, line->length, offset))
    return false;
  mat_span word = {0, 0}, value = {0, 0};
  mat_group_span(patterns, GRP_CUBE_TYPO_WORD, &word);
  bool valued = mat_group_span(patterns, GRP_CUBE_TYPO_VALUE, &value);
  const spelling_word *known = valued ? valued_words : bare_words;
  int nearest = spelling_nearest(line->text + word.start, word.end - word.start, known,
                                 valued ? COUNT(valued_words) : COUNT(bare_words));
  if (nearest < 0)
    return false;
  *typo = (mat_cube_typo){.kind = (bg_action_kind)known[nearest].meaning,
                          .meant = known[nearest].word,
                          .value = valued ? mat_span_int(line->text, value) : 0,
                          .valued = valued,
                          .word = word,
                          .end = mat_match_end(patterns)};
  return true;
}
