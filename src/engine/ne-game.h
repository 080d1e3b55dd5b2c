/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-game.h: a game in play as a GObject, for the UI: an NcGame plus its
 * solution, the clock, change notification and, once attached to a store,
 * every move saved at once. */
#pragma once

#include <glib-object.h>

#include "nc-game.h"
#include "nc-grade.h"
#include "ne-store.h"

G_BEGIN_DECLS

#define NE_TYPE_GAME (ne_game_get_type ())

G_DECLARE_FINAL_TYPE (NeGame, ne_game, NE, GAME, GObject)

/* solution may be NULL while it is unknown (a puzzle being entered). */
NeGame       *ne_game_new          (const NcGrid *givens,
                                    const NcGrid *solution);

/* Borrowed: valid until the next change. */
const NcGame *ne_game_get_core     (NeGame       *self);
const NcGrid *ne_game_get_solution (NeGame       *self);

/* Each emits "changed" (with the cell, or -1 when many cells changed) and
 * notifies can-undo, can-redo and solved as they change. */
gboolean      ne_game_apply        (NeGame       *self,
                                    NcMove        move);
gboolean      ne_game_undo         (NeGame       *self);
gboolean      ne_game_redo         (NeGame       *self);

gboolean      ne_game_get_can_undo (NeGame       *self);
gboolean      ne_game_get_can_redo (NeGame       *self);
gboolean      ne_game_get_solved   (NeGame       *self);

/* The time played so far; the window runs the clock. */
gint64        ne_game_get_elapsed_ms (NeGame     *self);
void          ne_game_set_elapsed_ms (NeGame     *self,
                                      gint64      elapsed_ms);

/* The hints the player was given in this game (ne-hint.h): kept with it
 * in the store, never undone ("hints", notified). count_hint adds one
 * and saves at once. */
guint         ne_game_get_hints    (NeGame       *self);
void          ne_game_count_hint   (NeGame       *self);

/* Takes ownership of core (from nc_game_restore): a game already under way. */
NeGame       *ne_game_new_for_core (NcGame       *core,
                                    const NcGrid *solution);

/* Once attached, every apply, undo and redo saves the game as game_id in
 * store at once; the elapsed time alone is saved at most every
 * NE_GAME_ELAPSED_SAVE_INTERVAL_MS, and by ne_game_save_now. A failed save
 * emits "save-failed" with the GError. version is the game row's version
 * as read (ne_store_save_game). store NULL detaches. When another instance
 * of Nonet saved the same game meanwhile, the save makes a copy of it and
 * the game goes on as that one (its game id changes): "save-failed" says so
 * with NE_STORE_ERROR_CONFLICT. */
#define NE_GAME_ELAPSED_SAVE_INTERVAL_MS 10000
void          ne_game_attach_store (NeGame       *self,
                                    NeStore      *store,
                                    gint64        game_id,
                                    gint64        version);
NeStore      *ne_game_get_store    (NeGame       *self);

/* Games of the library, attached to store: what ne_store_load_game,
 * ne_store_new_game and ne_store_play_puzzle read or start, with the same
 * errors (NULL and error). */
NeGame       *ne_game_load         (NeStore      *store,
                                    gint64        game_id,
                                    GError      **error);
/* The game of ne_store_find_current_game: NULL with no error when no game
 * is in progress. */
NeGame       *ne_game_resume       (NeStore      *store,
                                    GError      **error);
NeGame       *ne_game_new_in_store (NeStore      *store,
                                    const NcGrid *givens,
                                    const NcGrid *solution,
                                    const char   *source,
                                    GError      **error);
NeGame       *ne_game_play_puzzle  (NeStore      *store,
                                    gint64        puzzle_id,
                                    GError      **error);
/* A new game of a puzzle the generator solved and graded: its solution,
 * grade and score go in as they are, and the puzzle and its game arrive
 * together or not at all. A puzzle known already (made again from its ID)
 * starts as any other. */
NeGame       *ne_game_new_graded_in_store (NeStore             *store,
                                           const NcGrid        *givens,
                                           const NcGrid        *solution,
                                           const NcGradeResult *graded,
                                           const char          *source,
                                           GError             **error);
/* 0 while not attached. */
gint64        ne_game_get_game_id  (NeGame       *self);
/* Saves now (e.g. on closing the window); TRUE when not attached. Reports a
 * failure through error, not "save-failed". */
gboolean      ne_game_save_now     (NeGame       *self,
                                    GError      **error);

G_END_DECLS
