/*
 * read_sgf_int.h — what the two halves of the SGF reader share:
 * read_sgf.c turns bytes into game trees, nodes and property values
 * (SGF's syntax, which knows no backgammon); read_sgf_match.c turns the
 * values of each tree's main line into the model (GNU Backgammon's
 * meaning of them).  read_sgf.c calls read_sgf_match.c, never the
 * reverse: what is wrong is said through read_sgf_match.c's sgf_syntax.
 * Internal to the reader.
 */
#ifndef BG_READ_SGF_INT_H
#define BG_READ_SGF_INT_H

#include <stddef.h>

#include "diag.h"
#include "read_sgf.h"

#define SGF_MAX_IDENT 8 /* a longer property name is no name */

/* What read_sgf_match.c keeps of the tree being read. */
typedef struct {
  bool skipped;   /* not a backgammon tree (GM other than 6): not read */
  bool in_root;   /* reading the tree's first node */
  bool node_open; /* a node of the main line is being read */
  bg_srcpos pos;  /* the tree's '(' */
  bg_srcpos root; /* its first node's ';' */
  int gm;         /* GM[...], -1 when none */
  bool has_mi;
  int length, number, score[2];
  bg_srcpos mi_pos;
  char *names[2]; /* PW, PB */
  char *rules;    /* RU */
  bg_srcpos ru_pos;
  int winner, points; /* RE: winner -1 when none */
  bool resigned;      /* RE's R: the game was resigned */
  bg_srcpos re_pos;
  char *info[5]; /* DT EV RO PC AN, as sgf_info_tags orders them */
  /* the cube as the moves so far leave it: gnubg's SGF writes no cube
   * values, a .mat does ("Doubles => 4"), so they are counted here */
  int cube, offered, offered_by;
  int dice_node[2];   /* PL/DI of the node being read: dice, */
  int dice_player;    /* and who rolls them, -1 none */
  bool node_play;     /* the node holds a W[] or B[] roll: PL/DI repeat it */
  bool setup_open;    /* the node holds AE/AW/AB: its set-up action is */
  int setup_index;    /* this one of the game's (read_sgf_setup.c) */
  bg_srcpos node_pos; /* the node's ';' */
  bg_srcpos dice_pos;
  /* NB[found:expected] was read: the record converted numbered the line
   * of the game's next action `found` where `expected` was due (bgmatch's
   * own property: SGF numbers no moves; read_sgf_numbering.c) */
  bool numbering_held;
  int numbering_found, numbering_expected;
  bg_srcpos numbering_pos;
} sgf_tree;

struct bg_sgf_reader {
  bg_input *input;
  const char *file;
  bg_diag_sink *sink;
  /* the scanner */
  char block[16384];
  size_t block_at, block_length;
  bool at_end;
  int line, column; /* of the next byte */
  /* the syntax */
  int depth;      /* open '(' */
  int main_depth; /* depth of the deepest tree on the main line */
  bool main_ended;
  bool variation_said;
  bool junk_said;
  diag_syntax_limit syntax_limit; /* syntax errors said in this match */
  char ident[SGF_MAX_IDENT + 1];
  bg_srcpos ident_pos;
  char *value; /* SGF_MAX_VALUE + 1 bytes */
  size_t value_length;
  /* the meaning */
  sgf_tree tree;
  bg_match *match; /* being read */
  bg_match *ready; /* read, to be handed out */
  bool any_game;
  bool io_error;
};

/* read_sgf_match.c: a `syntax` diagnostic at `pos` (severity error), the first
 * DIAG_SYNTAX_LIMIT of a match (diag.h). */
void sgf_syntax(bg_sgf_reader *reader, bg_srcpos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void sgf_note(bg_sgf_reader *reader, bg_srcpos pos, const char *message);

/* read_sgf_match.c: what the syntax found, on the main line */
void sgf_tree_begin(bg_sgf_reader *reader, bg_srcpos pos);
void sgf_node_begin(bg_sgf_reader *reader, bg_srcpos pos, bool root);
void sgf_node_end(bg_sgf_reader *reader);
void sgf_property_value(bg_sgf_reader *reader, const char *ident, bg_srcpos pos,
                        const char *value, size_t length);
void sgf_tree_end(bg_sgf_reader *reader);
/* The end of the input: the match being read is ready. */
void sgf_input_end(bg_sgf_reader *reader);
void sgf_tree_free(sgf_tree *tree);

/* read_sgf_game.c, at the end of a tree's first node: whether the tree
 * starts another match than the one being read; that match resolved and
 * made the next one to hand out; the game the tree opens, added to the
 * match being read (a new one when there is none). */
bool sgf_tree_starts_match(const bg_sgf_reader *reader);
void sgf_hand_out(bg_sgf_reader *reader);
void sgf_add_game(bg_sgf_reader *reader);

/* read_sgf_numbering.c: NB[found:expected], a break of the move numbers,
 * held for the game's next action (false for a value that is none); the
 * action made next, the last of `game`, is flagged with the break held,
 * if any, or with the break of the action before it on its .mat line. */
bool sgf_numbering_read(sgf_tree *tree, bg_srcpos pos, const char *value);
void sgf_numbering_flag(sgf_tree *tree, const bg_game *game, bg_action *action);

/* read_sgf_setup.c: a value of a set-up node's AE, AW or AB property, put
 * on the node's set-up action (made at the first); SGF_SETUP_NOT_MINE for
 * another property, SGF_SETUP_BAD for a value that is no point. */
enum { SGF_SETUP_READ, SGF_SETUP_NOT_MINE, SGF_SETUP_BAD };
int sgf_setup_value(sgf_tree *tree, bg_match *match, const char *ident, bg_srcpos pos,
                    const char *value, size_t length);
/* The end of a node: false when its set-up is no backgammon position (the
 * action is then unreadable). */
bool sgf_setup_end(sgf_tree *tree, bg_match *match);

#endif
