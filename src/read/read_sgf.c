/*
 * read_sgf.c — SGF's syntax (FF[4]): a collection of game trees, each a
 * sequence of nodes ";" holding properties IDENT[value][value]..., then
 * its variations, trees in their turn.  This file knows no backgammon: it
 * finds the main line and hands each of its nodes and property values to
 * read_sgf_match.c, with the line:column of the property.
 *
 * It streams, byte by byte through a block of the input, and keeps no
 * tree: the nesting is a counter, so variations nested 10,000 deep cost
 * nothing; a property value is held up to SGF_MAX_VALUE bytes, the rest
 * read and dropped.  The main line is each tree's first branch: a '('
 * opened directly in the deepest main-line tree, before any of its
 * branches closed, continues it; any other is a variation.
 *
 * Stage: the top of the SGF reader, over read_sgf_match.c, which it calls
 * for each tree, node and value (and to say what is wrong: sgf_syntax);
 * read_sgf_match.c never calls back.
 */
#include "read_sgf_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- bytes ------------------------------------------------------------ */

static bool fill(bg_sgf_reader *reader) {
  if (reader->block_at < reader->block_length)
    return true;
  if (reader->at_end)
    return false;
  reader->block_length = input_read(reader->input, reader->block, sizeof reader->block);
  reader->block_at = 0;
  reader->at_end = reader->block_length == 0;
  return !reader->at_end;
}

/* The next byte, not consumed; -1 at the end. */
static int peek(bg_sgf_reader *reader) {
  return fill(reader) ? (unsigned char)reader->block[reader->block_at] : -1;
}

static int next(bg_sgf_reader *reader) {
  int c = peek(reader);
  if (c < 0)
    return c;
  reader->block_at++;
  /* FF[4]'s line breaks: LF, CR LF, and a CR alone (old Macintosh files) */
  if (c == '\n' || (c == '\r' && peek(reader) != '\n')) {
    reader->line++;
    reader->column = 1;
  } else {
    reader->column++;
  }
  return c;
}

static bg_srcpos here(const bg_sgf_reader *reader) {
  return (bg_srcpos){reader->line, reader->column};
}

static bool is_blank(int c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static void skip_blanks(bg_sgf_reader *reader) {
  while (is_blank(peek(reader)))
    next(reader);
}

/* ---- values ------------------------------------------------------------ */

/* Reads a value after its '[' up to the ']' that ends it: "\x" is x, a
 * backslash before a line end removes both (a soft line break).  False at
 * the end of the input. */
static bool read_value(bg_sgf_reader *reader, bg_srcpos open) {
  reader->value_length = 0;
  bool cut = false;
  for (;;) {
    int c = next(reader);
    if (c == '\\') {
      c = next(reader);
      if (c == '\r' && peek(reader) == '\n')
        next(reader);
      if (c == '\n' || c == '\r')
        continue;
    } else if (c == ']') {
      break;
    }
    if (c < 0) {
      sgf_syntax(reader, open, "a property value opened here is never closed with ']'");
      return false;
    }
    if (reader->value_length < SGF_MAX_VALUE)
      reader->value[reader->value_length++] = (char)c;
    else
      cut = true;
  }
  reader->value[reader->value_length] = '\0';
  if (cut)
    sgf_syntax(reader, open,
               "a property value longer than %d bytes: the rest is not read",
               SGF_MAX_VALUE);
  return true;
}

static bool on_main_line(const bg_sgf_reader *reader) {
  return !reader->main_ended && reader->depth == reader->main_depth;
}

/* A property: its name (upper-case letters; FF[3]'s lower-case ones are
 * dropped), then one or more values. */
static bool read_property(bg_sgf_reader *reader) {
  bg_srcpos pos = here(reader);
  size_t length = 0;
  bool too_long = false;
  int c;
  while (((c = peek(reader)) >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
    next(reader);
    if (c >= 'a')
      continue;
    if (length < SGF_MAX_IDENT)
      reader->ident[length++] = (char)c;
    else
      too_long = true;
  }
  reader->ident[length] = '\0';
  if (too_long)
    sgf_syntax(reader, pos, "a property name longer than %d letters", SGF_MAX_IDENT);
  skip_blanks(reader);
  if (peek(reader) != '[') {
    sgf_syntax(reader, pos, "property %s has no value: '[' expected", reader->ident);
    return true;
  }
  while (peek(reader) == '[') {
    bg_srcpos open = here(reader);
    next(reader);
    if (!read_value(reader, open))
      return false;
    /* What a value says is said at its property's name, or at the value
     * when a line break parts them (a record laid out a token a line). */
    bg_srcpos at = open.line == pos.line ? pos : open;
    if (on_main_line(reader) && !too_long && length > 0)
      sgf_property_value(reader, reader->ident, at, reader->value, reader->value_length);
    skip_blanks(reader);
  }
  return true;
}

/* ---- trees --------------------------------------------------------------- */

static void open_tree(bg_sgf_reader *reader, bg_srcpos pos) {
  if (reader->depth == 0) {
    reader->main_depth = 1;
    reader->main_ended = false;
    reader->depth = 1;
    sgf_tree_begin(reader, pos);
    return;
  }
  if (on_main_line(reader)) {
    sgf_node_end(reader); /* the sequence of the tree above is done */
    reader->main_depth++;
  } else if (!reader->variation_said) {
    reader->variation_said = true;
    sgf_note(reader, pos, "the record has variations: only the main line is read");
  }
  if (reader->depth < INT_MAX)
    reader->depth++;
}

static void close_tree(bg_sgf_reader *reader) {
  if (on_main_line(reader)) {
    sgf_node_end(reader);
    reader->main_ended = true;
  }
  reader->depth--;
  if (reader->depth == 0)
    sgf_tree_end(reader);
}

/* One item inside a tree: a node, a property, a tree opening or closing.
 * False at the end of the input. */
static bool read_in_tree(bg_sgf_reader *reader) {
  skip_blanks(reader);
  bg_srcpos pos = here(reader);
  int c = peek(reader);
  if (c < 0) {
    sgf_syntax(reader, pos, "the input ends inside a game tree: %d ')' missing",
               reader->depth);
    if (!reader->main_ended)
      sgf_node_end(reader);
    reader->depth = 0;
    sgf_tree_end(reader);
    return false;
  }
  if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
    return read_property(reader);
  next(reader);
  if (c == ';') {
    if (on_main_line(reader)) {
      sgf_node_end(reader);
      sgf_node_begin(reader, pos, false);
    }
  } else if (c == '(') {
    open_tree(reader, pos);
  } else if (c == ')') {
    close_tree(reader);
  } else if (c == '[') {
    sgf_syntax(reader, pos, "a property value with no property name");
    return read_value(reader, pos);
  } else {
    sgf_syntax(reader, pos,
               "'%c' is not SGF: a node ';', a property, '(' or ')' expected",
               c >= 0x20 && c < 0x7f ? c : '?');
  }
  return true;
}

/* Between trees: only blanks.  A game tree must open with "(;". */
static bool read_outside(bg_sgf_reader *reader) {
  skip_blanks(reader);
  bg_srcpos pos = here(reader);
  int c = next(reader);
  if (c < 0)
    return false;
  if (c == '(') {
    reader->junk_said = false;
    open_tree(reader, pos);
    skip_blanks(reader);
    bg_srcpos node = here(reader);
    if (peek(reader) == ';') {
      next(reader);
      sgf_node_begin(reader, node, true);
    } else {
      sgf_syntax(reader, node, "a game tree must start with a node ';'");
      sgf_node_begin(reader, node, true);
    }
    return true;
  }
  if (!reader->junk_said) {
    reader->junk_said = true;
    sgf_syntax(reader, pos, "text outside a game tree: '(' expected");
  }
  return true;
}

/* ---- the API -------------------------------------------------------------- */

bg_sgf_reader *sgf_reader_open(bg_input *input, const char *file, bg_diag_sink *sink) {
  bg_sgf_reader *reader = calloc(1, sizeof *reader);
  if (!reader)
    return NULL;
  reader->value = malloc(SGF_MAX_VALUE + 1);
  if (!reader->value) {
    free(reader);
    return NULL;
  }
  reader->input = input;
  reader->file = file;
  reader->sink = sink;
  reader->line = reader->column = 1;
  return reader;
}

bg_match *sgf_reader_next(bg_sgf_reader *reader) {
  while (!reader->ready && !reader->io_error) {
    bool more = reader->depth > 0 ? read_in_tree(reader) : read_outside(reader);
    if (!more && reader->depth == 0) {
      /* The last tree may have handed out a match already: the one it
       * started is handed out on the next call. */
      if (!reader->ready)
        sgf_input_end(reader);
      break;
    }
  }
  bg_match *match = reader->ready;
  reader->ready = NULL;
  return match;
}

bool sgf_reader_io_error(const bg_sgf_reader *reader) {
  return reader->io_error;
}

void sgf_reader_free(bg_sgf_reader *reader) {
  if (!reader)
    return;
  sgf_tree_free(&reader->tree);
  match_free(reader->match);
  match_free(reader->ready);
  free(reader->value);
  free(reader);
}
