/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-hint.h: a hint while playing: the grader's next logical step on the
 * player's own board (the givens and the entries that are right), or the
 * first entry that is not right. It is worked out from the board alone, in
 * core values, and applied as ordinary moves of the game, so Undo takes it
 * back.
 *
 * Steps that place no digit (pointing, pairs, wings, ...) only help a
 * player who keeps pencil marks: while any empty cell has notes, such a
 * step is the hint when it removes at least one of them; otherwise, and
 * for a player without notes, the hint goes on to the first step that
 * places a digit and says how many steps that remove candidates it rests
 * on. */
#pragma once

#include <glib.h>

#include "nc-game.h"
#include "nc-grade.h"

G_BEGIN_DECLS

typedef enum
{
  NE_HINT_NONE,    /* nothing to hint: the board is full, or has no single solution */
  NE_HINT_WRONG,   /* target holds an entry that is not the solution's digit */
  NE_HINT_PLACE,   /* step places digit at target */
  NE_HINT_REMOVE,  /* step removes pencil marks (notes) and places nothing */
} NeHintKind;

typedef struct
{
  NeHintKind kind;
  NcStep     step;             /* PLACE and REMOVE: the grader's step, with its why;
                                * for a guess, the solution's digit as placed */
  int        target;           /* the cell the cursor goes to; -1 for NONE */
  int        digit;            /* PLACE: the digit for target; WRONG: the wrong entry */
  int        n_cells;          /* the cells the step rests on and changes, target first */
  uint8_t    cells[NC_CELLS];
  int        n_notes;          /* REMOVE: the player's marks it takes away */
  uint8_t    note_cell[NC_CELLS * 9];
  uint8_t    note_digit[NC_CELLS * 9];
  unsigned   n_skipped;        /* steps that remove candidates, passed over before it */
} NeHint;

/* The hint for game's board. solution may be NULL (unknown): the givens are
 * then solved first, and a puzzle without exactly one solution has no hint
 * (NE_HINT_NONE). Returns whether there is a hint. */
gboolean ne_hint_find     (const NcGame *game,
                           const NcGrid *solution,
                           NeHint       *hint);

/* "Hidden single", "Not right": what the hint is, as a heading. */
char    *ne_hint_title    (const NeHint *hint);
/* The sentence: "R3c5 must be 7: it is the only place for 7 in box 2",
 * "Row 3, column 4 is not right", with how many elimination steps the step
 * rests on when some were passed over. */
char    *ne_hint_describe (const NeHint *hint);
/* What applying it does: "Place 7 at row 3, column 5", "Clear row 3,
 * column 4", "Remove 2 pencil marks". */
char    *ne_hint_action   (const NeHint *hint);

/* The moves that apply hint (clean_notes: NC_MOVE_CLEAN_NOTES on a digit
 * placed): one for a digit placed or an entry cleared, one per pencil mark
 * removed. Returns how many were written to moves (room for
 * NE_HINT_MAX_MOVES). */
#define NE_HINT_MAX_MOVES (NC_CELLS * 9)
int      ne_hint_moves    (const NeHint *hint,
                           gboolean      clean_notes,
                           NcMove       *moves);
/* What a screen reader hears once it is applied: "Placed 4 at row 3,
 * column 5", "Cleared row 3, column 4", "Removed 2 pencil marks". */
char    *ne_hint_applied  (const NeHint *hint);

G_END_DECLS
