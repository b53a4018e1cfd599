/*
 * match.c — the match model, the stage between the readers and the replay:
 * its memory (making a match, growing its games, actions and header tags,
 * looking tags up, freeing it all) and the small facts of an action (a
 * roll's dice and play, its hit mark, a break of the move numbers at it).
 * The dialects' conventions are resolved in match_resolve.c.
 *
 * Arrays grow by doubling.  An append returns a pointer into the array, so a
 * pointer to a game or an action is valid only until the next append to the
 * same array.
 */
#include "match.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "alloc.h"

const char *match_place_name(bg_srcpos pos, char *buf, size_t size) {
  if (pos.line >= 0)
    snprintf(buf, size, "line %d", pos.line);
  else if (pos.column > 0)
    snprintf(buf, size, "play %d", pos.column);
  else
    snprintf(buf, size, "the game's start");
  return buf;
}

bg_match *match_new(const char *file) {
  bg_match *match = calloc(1, sizeof *match);
  if (!match)
    return NULL;
  match->file = file;
  match->crawford = RULE_UNSET;
  match->jacoby = RULE_UNSET;
  match->beavers = RULE_UNSET;
  return match;
}

/* The action arrays of freed games go to the thread's pool (alloc.h),
 * room and all, for the games of the matches read next. */
static void free_game(bg_game *game) {
  bg_pool_keep(game->actions, (size_t)game->action_capacity * sizeof *game->actions);
}

void match_pool_release(void) {
  bg_pool_release();
  match_moves_pool_release();
}

bg_setup *match_new_setup(bg_match *match) {
  bg_setup *setup = calloc(1, sizeof *setup);
  if (!setup)
    return NULL;
  setup->next = match->setups;
  match->setups = setup;
  return setup;
}

/* The texts a match keeps (its tags, its players' names, the lines and
 * cells it keeps as written) share blocks freed with the match: a malloc
 * and a free a text were 1% of check's instructions, as a header holds
 * a few short tags a match. */
struct bg_kept_text {
  struct bg_kept_text *next;
  size_t used, room;
  char text[]; /* NUL-ended texts, one after another */
};

#define KEPT_TEXT_BLOCK 1024

void match_free(bg_match *match) {
  if (!match)
    return;
  match_moves_free(&match->moves);
  while (match->setups) {
    bg_setup *next = match->setups->next;
    free(match->setups);
    match->setups = next;
  }
  while (match->kept_texts) {
    struct bg_kept_text *next = match->kept_texts->next;
    free(match->kept_texts);
    match->kept_texts = next;
  }
  free(match->unread_lines);
  for (int i = 0; i < match->game_count; i++)
    free_game(&match->games[i]);
  free(match->games);
  free(match->tags);
  free(match);
}

/* Makes room for one more element in *array (count used, *capacity
 * allocated); false when the size would overflow or memory is out. */
static bool grow(void **array, int count, int *capacity, size_t element_size, int first) {
  if (count < *capacity)
    return true;
  if (*capacity > INT_MAX / 2)
    return false; /* the model counts in int */
  size_t room = (size_t)*capacity;
  void *grown =
      bg_try_grow(*array, &room, (size_t)count + 1, element_size, (size_t)first);
  if (!grown)
    return false;
  *array = grown;
  *capacity = (int)room;
  return true;
}

/* A game read to its end keeps the room its actions use, not the room
 * the array grew to: a money session of thousands of games is held whole
 * until it is checked (see match_add_game). */
static void fit_actions(bg_game *game) {
  if (game->action_capacity - game->action_count < 16 || game->action_count == 0)
    return;
  bg_action *fitted = realloc(game->actions, (size_t)game->action_count * sizeof *fitted);
  if (!fitted)
    return; /* the larger array still serves */
  game->actions = fitted;
  game->action_capacity = game->action_count;
}

bg_game *match_add_game(bg_match *match) {
  /* The first BG_POOL_ARRAYS games' arrays go back to the pool, room and
   * all, for the games read next: fitted, each of those grew again
   * (realloc copying its actions) as the next game outgrew it. */
  if (match->game_count > BG_POOL_ARRAYS)
    fit_actions(&match->games[match->game_count - 1]);
  if (!grow((void **)&match->games, match->game_count, &match->game_capacity,
            sizeof *match->games, 8))
    return NULL;
  bg_game *game = &match->games[match->game_count++];
  memset(game, 0, sizeof *game);
  game->crawford_marked = RULE_UNSET;
  return game;
}

/* A block with room for `length` bytes and a NUL, NULL when memory is
 * out.  A text longer than a block gets a block of its own behind the
 * first, so the first's room still serves the short texts that follow. */
static struct bg_kept_text *kept_text_room(bg_match *match, size_t length) {
  struct bg_kept_text *first = match->kept_texts;
  if (first && first->room - first->used > length)
    return first;
  if (length >= SIZE_MAX - sizeof *first - 1)
    return NULL;
  bool own = length >= KEPT_TEXT_BLOCK / 4;
  size_t room = own ? length + 1 : KEPT_TEXT_BLOCK;
  struct bg_kept_text *block = malloc(sizeof *block + room);
  if (!block)
    return NULL;
  block->used = 0;
  block->room = room;
  if (own && first) {
    block->next = first->next;
    first->next = block;
  } else {
    block->next = first;
    match->kept_texts = block;
  }
  return block;
}

static char *keep_bytes(bg_match *match, const char *text, size_t length) {
  struct bg_kept_text *block = kept_text_room(match, length);
  if (!block)
    return NULL;
  char *kept = block->text + block->used;
  memcpy(kept, text, length);
  kept[length] = '\0';
  block->used += length + 1;
  return kept;
}

const char *match_keep_text(bg_match *match, const char *text, size_t length) {
  return keep_bytes(match, text, length);
}

void match_take_texts(bg_match *match, bg_match *from) {
  struct bg_kept_text *last = from->kept_texts;
  if (!last)
    return;
  while (last->next)
    last = last->next;
  last->next = match->kept_texts;
  match->kept_texts = from->kept_texts;
  from->kept_texts = NULL;
}

bool match_add_unread_line(bg_match *match, const char *text, size_t length,
                           bg_srcpos pos) {
  if (match->unread_count == match->unread_capacity) {
    int capacity = match->unread_capacity ? 2 * match->unread_capacity : 4;
    bg_unread_line *grown =
        realloc(match->unread_lines, (size_t)capacity * sizeof *grown);
    if (!grown)
      return false;
    match->unread_lines = grown;
    match->unread_capacity = capacity;
  }
  const char *kept = match_keep_text(match, text, length);
  if (!kept)
    return false;
  int game = match->game_count - 1;
  match->unread_lines[match->unread_count++] =
      (bg_unread_line){.text = kept,
                       .length = length,
                       .pos = pos,
                       .game = game,
                       .actions_before = game >= 0 ? match->games[game].action_count : 0};
  return true;
}

const bg_unread_line *match_next_unread_line(const bg_match *match, int game,
                                             int action_index, int *next) {
  if (*next >= match->unread_count)
    return NULL;
  const bg_unread_line *line = &match->unread_lines[*next];
  if (line->game > game || (line->game == game && line->actions_before > action_index))
    return NULL;
  (*next)++;
  return line;
}

/* The room of a match's tags is told by their count alone (a reader
 * hands a match's tags to another as an array and a count): TAGS_FIRST,
 * then doubled.  It is full at 0, TAGS_FIRST, twice that...  (A realloc
 * a tag was 0.4% of check's instructions.) */
#define TAGS_FIRST 8

static bool tags_full(int count) {
  return count == 0 || (count >= TAGS_FIRST && (count & (count - 1)) == 0);
}

bool match_add_kept_tag(bg_match *match, char *key, char *value, bg_srcpos pos) {
  int count = match->tag_count;
  bg_tag *tags = match->tags;
  if (tags_full(count))
    tags = count > INT_MAX / 2
               ? NULL
               : realloc(tags, (count ? 2 * (size_t)count : TAGS_FIRST) * sizeof *tags);
  if (!tags)
    return false;
  match->tags = tags;
  match->tags[match->tag_count++] = (bg_tag){key, value, pos};
  return true;
}

bool match_add_tag_bytes(bg_match *match, const char *key, size_t key_length,
                         const char *value, size_t value_length, bg_srcpos pos) {
  char *key_copy = keep_bytes(match, key, key_length);
  char *value_copy = key_copy ? keep_bytes(match, value, value_length) : NULL;
  return value_copy && match_add_kept_tag(match, key_copy, value_copy, pos);
}

bool match_add_tag(bg_match *match, const char *key, const char *value, bg_srcpos pos) {
  return match_add_tag_bytes(match, key, strlen(key), value, strlen(value), pos);
}

/* The last tag wins: a header that repeats a key means the later value. */
const char *match_tag(const bg_match *match, const char *key) {
  for (int i = match->tag_count - 1; i >= 0; i--)
    if (strcasecmp(match->tags[i].key, key) == 0)
      return match->tags[i].value;
  return NULL;
}

bool match_set_player(bg_match *match, int i, const char *name) {
  return match_set_player_bytes(match, i, name, strlen(name));
}

bool match_set_player_bytes(bg_match *match, int i, const char *name, size_t length) {
  if (i < 0 || i > 1)
    return false;
  char *kept = keep_bytes(match, name, length);
  if (!kept)
    return false;
  match->players[i] = kept;
  return true;
}

bool match_setup_board(const bg_action *setup, bg_board *board) {
  memset(board, 0, sizeof *board);
  if (!setup->setup)
    return false;
  for (int side = 0; side < 2; side++) {
    int placed = 0;
    for (int slot = 1; slot < BG_SLOTS; slot++) {
      board->checkers[side][slot] = setup->setup->checkers[side][slot];
      placed += setup->setup->checkers[side][slot];
    }
    if (placed > BG_CHECKERS)
      return false;
    board->checkers[side][BG_OFF] = (uint8_t)(BG_CHECKERS - placed);
  }
  return board_is_valid(board);
}

bool match_roll_has_dice(const bg_action *roll) {
  return roll->die1 > 0 && roll->die2 > 0;
}

bool match_roll_dice_unread(const bg_action *roll) {
  return roll->dice == ROLL_DICE_UNREAD;
}

bool match_roll_as_written(const bg_action *roll) {
  return roll->dice == ROLL_DICE_READ && roll->play == ROLL_PLAY_AS_WRITTEN;
}

bool match_roll_marked_unknown(const bg_action *roll) {
  return roll->play == ROLL_PLAY_UNRECORDED || roll->play == ROLL_PLAY_UNREADABLE;
}

bool match_roll_play_unknown(const bg_action *roll) {
  return roll->play != ROLL_PLAY_AS_WRITTEN;
}

void match_roll_mark_nothing_rolled(bg_action *roll) {
  roll->die1 = roll->die2 = 0;
  roll->dice = ROLL_DICE_NONE;
}

void match_roll_mark_dice_unread(bg_action *roll) {
  roll->die1 = roll->die2 = 0;
  roll->dice = ROLL_DICE_UNREAD;
}

void match_roll_mark_unrecorded(bg_action *roll) {
  if (roll->play == ROLL_PLAY_AS_WRITTEN)
    roll->play = ROLL_PLAY_UNRECORDED;
  else if (roll->play == ROLL_PLAY_NOT_A_PLAY) /* "????" over a play not read */
    match_roll_mark_unreadable(roll);
}

/* A play not read stands for a turn taken: "00:" before it said the
 * player rolled nothing, which no longer holds (the dice read, 0). */
static void roll_taken(bg_action *roll) {
  if (roll->dice == ROLL_DICE_NONE)
    roll->dice = ROLL_DICE_READ;
}

void match_roll_mark_unreadable(bg_action *roll) {
  roll_taken(roll);
  roll->play = ROLL_PLAY_UNREADABLE;
}

void match_roll_mark_not_a_play(bg_action *roll) {
  roll_taken(roll);
  roll->play =
      match_roll_marked_unknown(roll) ? ROLL_PLAY_UNREADABLE : ROLL_PLAY_NOT_A_PLAY;
}

bool match_action_marks_hit(const bg_action *action) {
  for (int m = 0; m < action->move_count; m++)
    if (action->moves[m].hit)
      return true;
  return false;
}

/* Does any move of the store carry a hit mark?  The kept moves say it in
 * `marked`; the last room's are read (up to the first not written).  A
 * yes may be a move no action counts (a broken cell's), so it only
 * rules marks out. */
static bool store_may_mark_hits(const bg_move_store *store) {
  if (store->marked)
    return true;
  for (int m = 0;
       store->reserved && m < BG_MAX_MOVES && match_move_is_written(&store->reserved[m]);
       m++)
    if (store->reserved[m].hit)
      return true;
  return false;
}

int match_hit_marks(const bg_match *match, int enough) {
  if (!store_may_mark_hits(&match->moves))
    return 0;
  int marks = 0;
  for (int g = 0; g < match->game_count; g++)
    for (int a = 0; a < match->games[g].action_count; a++) {
      const bg_action *act = &match->games[g].actions[a];
      for (int m = 0; m < act->move_count && marks < enough; m++)
        marks += act->moves[m].hit;
      if (marks >= enough)
        return marks;
    }
  return marks;
}

bool match_marks_hits(const bg_match *match) {
  return match_hit_marks(match, 1) > 0;
}

bool match_same_numbering_break(const bg_action *a, const bg_action *b) {
  return a->after_numbering_break && b->after_numbering_break &&
         a->numbering_pos.line == b->numbering_pos.line &&
         a->numbering_pos.column == b->numbering_pos.column;
}

bool match_numbering_breaks_at(const bg_game *game, int index) {
  const bg_action *action = &game->actions[index];
  return action->after_numbering_break &&
         !(index > 0 && match_same_numbering_break(action - 1, action));
}

bool match_shares_mat_line(const bg_action *first, const bg_action *next) {
  return first->player == 0 && first->kind != ACT_WIN &&
         first->kind != ACT_SET_POSITION && next->player == 1 &&
         next->kind != ACT_SET_POSITION &&
         !(next->kind == ACT_WIN && first->kind == ACT_ROLL);
}

bool match_action_is_play(const bg_action *action) {
  return action->kind == ACT_ROLL && action->dice != ROLL_DICE_NONE;
}

int match_game_play_count(const bg_game *game) {
  int plays = 0;
  for (int i = 0; i < game->action_count; i++)
    plays += match_action_is_play(&game->actions[i]);
  return plays;
}

bool match_parse_date(const char *text, char sep, long parts[3]) {
  const char *at = text;
  for (int i = 0; i < 3; i++) {
    char *end;
    if (*at < '0' || *at > '9')
      return false;
    parts[i] = strtol(at, &end, 10);
    if (parts[i] > 9999 || (i < 2 && *end != sep) || (i == 2 && *end))
      return false;
    at = end + (i < 2);
  }
  return true;
}
