/*
 * read_yaml_int.h — what the parts of the YAML reader share, by stage, each
 * calling only the ones below it: read_yaml_match.c (the document, the
 * match header and the games; the matches handed over), read_yaml_game.c
 * (`games:`), read_yaml_action.c (one action of a game),
 * read_yaml_action_text.c (an action's scalars, copied), read_yaml.c
 * (libyaml's events, the limits, diagnostics).
 *
 * Not part of the API (read_yaml.h is); only the reader's files include it.
 */
#ifndef BG_READ_YAML_INT_H
#define BG_READ_YAML_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "diag.h"
#include "read_yaml.h"

/* The last bytes fed to libyaml, and where their lines start, so that a
 * mark (libyaml counts columns in characters) becomes a column in bytes,
 * as every other diagnostic of bgmatch counts them.  Both rings grow by
 * doubling from the FIRST sizes up to these, as bytes and lines come: a
 * short record does not pay for 320 KB (an allocation that large is
 * mapped afresh each time under AddressSanitizer: a tenth of
 * fuzz_roundtrip_yaml's time).  Until a ring is full size nothing in it
 * has been overwritten, so growing it keeps every offset in its place. */
#define YAML_RING_BYTES (256 * 1024)
#define YAML_RING_LINES 8192
#define YAML_RING_FIRST_BYTES 4096
#define YAML_RING_FIRST_LINES 128

/* The largest number the notation reads (lengths, scores, line numbers):
 * far above any real match, far below a long's overflow. */
#define YAML_MAX_NUMBER (1L << 30)

struct bg_yaml_reader {
  bg_input *input;
  const char *file;
  bg_diag_sink *sink;
  yaml_parser_t parser;
  yaml_event_t event; /* the current event: valid while has_event */
  bool has_event;
  int depth;                      /* collections open at the current event */
  bool stopped;                   /* a parse error or a limit: no more events */
  bool finished;                  /* the stream ended */
  bool too_long;                  /* the read handler refused: a token over the limit */
  long documents;                 /* documents begun */
  bool said_empty;                /* "no match found" said */
  diag_syntax_limit syntax_limit; /* syntax errors since the last match handed over */
  size_t fed;                     /* bytes handed to libyaml */
  size_t fed_at_event;            /* ... when the last event came */
  size_t lines_fed;               /* line breaks seen */
  bg_match *match;                /* the match being read */
  int game_index;                 /* 1-based, of the game being read */
  int games_seen;                 /* games of the document begun, dropped ones too */
  int last_game_number;           /* ... the number of the last of them */
  int first_game_number;          /* ... and of the first */
  int action_index;               /* 1-based, of the action being read */
  /* A [numbered, N, expected, M] entry was read: the record's move numbers
   * broke off before the game's next action (read_actions clears it). */
  bool numbering_held;
  int numbering_found, numbering_expected;
  bg_srcpos numbering_pos;
  int numbering_actions; /* the entry's count of actions; 0: not given */
  /* the actions after the flagged one that share its break: a count, -1
   * for the next by its place (match_shares_mat_line), 0 none */
  int numbering_more;
  /* An [unreadable, mat|text, TEXT] entry was read: the next action of
   * the game is what the record's reader made of TEXT (kept by the match;
   * NULL when none held). */
  const char *written_held;
  size_t written_held_length; /* its bytes: a NUL byte is text too */
  bool written_held_mat;
  /* The rings' contents are never zeroed: each byte and line start is
   * read only once it is written. */
  unsigned char *ring; /* bytes by offset % ring_size */
  size_t ring_size;
  size_t *line_start; /* absolute offsets, by line % line_capacity */
  size_t line_capacity;
};

/* A scalar of an action, copied out of its event. */
typedef struct {
  char *text; /* NUL-terminated, the action's (read_yaml_action_text.c) */
  size_t length;
  bool plain; /* not quoted: may be a number, a boolean or null */
  yaml_mark_t start, end;
  yaml_scalar_style_t style;
} yaml_item;

/* The most items of an action ([position, board...] can hold several
 * boards), and the room for their texts (an action like [Bob, 52, 13/11
 * 13/8] needs a few dozen bytes). */
#define YAML_ACTION_ITEMS 12
#define YAML_ACTION_ROOM 256

/* The items of one action.  Their texts go into `room` while they fit, a
 * malloc'ed copy each only past it: three allocations an action were a
 * tenth of the allocations of reading a record (libyaml's are the rest). */
typedef struct {
  yaml_item items[YAML_ACTION_ITEMS];
  int count;
  yaml_mark_t mark;                  /* the sequence's */
  bool allocated[YAML_ACTION_ITEMS]; /* the item's text is malloc'ed, not in `room` */
  size_t room_used;
  char room[YAML_ACTION_ROOM];
} yaml_action_text;

/* Moves to the next event; false when there is none (reading stopped). */
bool bg_yaml_advance(bg_yaml_reader *reader);

/* Consumes events until the collections open at depth `depth` are closed
 * (the node being read is skipped); false when reading stopped. */
bool bg_yaml_skip_to(bg_yaml_reader *reader, int depth);

/* A syntax error at `mark`, prefixed with where in the record it is
 * ("game 2, action 14: "). */
void bg_yaml_syntax_error(bg_yaml_reader *reader, yaml_mark_t mark, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same at a source position (a column inside a scalar). */
void bg_yaml_syntax_error_at(bg_yaml_reader *reader, bg_srcpos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The source position of a mark, its column in bytes. */
bg_srcpos bg_yaml_position(const bg_yaml_reader *reader, yaml_mark_t mark);

/* What the current event is, for "found ..." in messages ("a mapping",
 * "'dubble'"); into buf. */
const char *bg_yaml_event_found(const bg_yaml_reader *reader, char *buf, size_t size);
/* Says "expected WHAT, found ..." (the current event) as a syntax error;
 * returns false, for the caller to return. */
bool bg_yaml_unexpected(bg_yaml_reader *reader, const char *what);

/* The current event is a scalar without anchor or tag (else a syntax
 * error said what was found, expecting `what`). */
bool bg_yaml_expect_scalar(bg_yaml_reader *reader, const char *what);

/* The depth the current event's node starts at. */
int bg_yaml_node_depth(const bg_yaml_reader *reader);

/* The current event may start a node of the notation: no alias, anchor or
 * tag (else a syntax error said which). */
bool bg_yaml_node_allowed(bg_yaml_reader *reader);

/* The current event starts a collection of `type` (else a syntax error
 * said what was found, expecting `what`). */
bool bg_yaml_expect_start(bg_yaml_reader *reader, yaml_event_type_t type,
                          const char *what);

/* The current scalar event's text, and whether it is plain (unquoted). */
const char *bg_yaml_scalar_text(const bg_yaml_reader *reader);
bool bg_yaml_scalar_is_plain(const bg_yaml_reader *reader);

/* A plain scalar that is a whole number 0..max: its value, else -1. */
long bg_yaml_item_number(const yaml_item *item, long max);

/* The current event as a number 0..max (else a syntax error, expecting
 * `what`). */
bool bg_yaml_read_number(bg_yaml_reader *reader, const char *what, long max, long *out);
/* The current scalar as a whole number 0..max, else -1. */
long bg_yaml_scalar_number(const bg_yaml_reader *reader, long max);

/* A mapping's next key into key[size] (cut to fit) and its mark;
 * KEY_END at the mapping's end; KEY_BAD for a key that is no scalar,
 * reported and skipped with its value; KEY_STOP when reading stopped. */
typedef enum { KEY_OK, KEY_END, KEY_BAD, KEY_STOP } key_status;
key_status bg_yaml_next_key(bg_yaml_reader *reader, char *key, size_t size,
                            yaml_mark_t *mark);
/* bg_yaml_next_key, then on to the key's value (KEY_OK: the value's first
 * event is the reader's); KEY_STOP also when that fails. */
key_status bg_yaml_next_entry(bg_yaml_reader *reader, char *key, size_t size,
                              yaml_mark_t *mark);

/* What an entry of a mapping was: read; wrong or unknown, the rest of its
 * value skipped (said by the entry); or wrong so that the rest of the
 * mapping is not read either (a game whose number is wrong is not this
 * game). */
typedef enum { BG_YAML_ENTRY_READ, BG_YAML_ENTRY_SKIP, BG_YAML_ENTRY_STOP } bg_yaml_entry;

static inline bg_yaml_entry bg_yaml_entry_of(bool ok) {
  return ok ? BG_YAML_ENTRY_READ : BG_YAML_ENTRY_SKIP;
}

/* One entry of a mapping, its value's first event the reader's. */
typedef bg_yaml_entry (*bg_yaml_entry_fn)(bg_yaml_reader *reader, const char *key,
                                          yaml_mark_t mark, void *data);

/* The entries of the mapping just started, each handed to `each`, up to
 * its end (true) or to a stop (false: the reader stopped, or an entry
 * said BG_YAML_ENTRY_STOP, its value skipped). */
bool bg_yaml_read_entries(bg_yaml_reader *reader, bg_yaml_entry_fn each, void *data);

/* A mapping (`what` says what was expected where another node stands),
 * its entries read by bg_yaml_read_entries. */
bool bg_yaml_read_mapping(bg_yaml_reader *reader, const char *what, bg_yaml_entry_fn each,
                          void *data);

/* One item of a sequence, its first event the reader's: false when the
 * item is wrong (said; bg_yaml_settle skips the rest of it). */
typedef bool (*bg_yaml_item_fn)(bg_yaml_reader *reader, void *data);

/* A sequence (`what` as for a mapping), each item handed to `each`;
 * false when the reader stopped. */
bool bg_yaml_read_sequence(bg_yaml_reader *reader, const char *what, bg_yaml_item_fn each,
                           void *data);

/* A key the mapping does not have: said, expecting `expected` (the caller
 * skips its value). */
void bg_yaml_unknown_key(bg_yaml_reader *reader, const char *key, yaml_mark_t mark,
                         const char *expected);

/* After reading the node that started at `depth`: skips what is left of
 * it when reading it failed.  False when reading stopped. */
bool bg_yaml_settle(bg_yaml_reader *reader, int depth, bool ok);

/* Consumes the node at the current event, refusing aliases, anchors and
 * tags in it (said once); false when one was found or reading stopped. */
bool bg_yaml_skip_checked(bg_yaml_reader *reader);

/* The match of the document whose start is the current event, or NULL
 * (its problems reported, or reading stopped): read_yaml_match.c. */
bg_match *bg_yaml_read_document(bg_yaml_reader *reader);

/* Reads `games:` (at `mark`), the value of the current key, into the
 * match being read: read_yaml_game.c.  False when reading stopped. */
bool bg_yaml_read_games(bg_yaml_reader *reader, yaml_mark_t mark);

/* Text quoted for a message: printable ASCII as is, other bytes as \xNN,
 * cut at 40 bytes. */
void bg_yaml_quote(const char *text, size_t length, char *out, size_t size);

/* read_yaml_action_text.c: the items of the action's flow sequence at
 * the current event into `text`; false when they could not be read (said;
 * the sequence skipped unless reading stopped).  Freed by
 * bg_yaml_free_action_text when true. */
bool bg_yaml_read_action_text(bg_yaml_reader *reader, yaml_action_text *text);
void bg_yaml_free_action_text(yaml_action_text *text);

/* Reads the action at the current event (a sequence start, or anything:
 * then reported) into the game being read.  False when reading stopped. */
bool bg_yaml_read_action(bg_yaml_reader *reader, bg_game *game);

/* Reads an item of `games:` that is a sequence, [unreadable, line, TEXT]:
 * a line the record's reader could not read before its first game (or in
 * a match with none), kept at its place; anything else is reported.
 * False when reading stopped. */
bool bg_yaml_read_games_line(bg_yaml_reader *reader);

#endif
