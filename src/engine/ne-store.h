/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store.h: the game library, an SQLite database in the user data folder
 * ($XDG_DATA_HOME/nonet/library.db): puzzles (givens, solution, source) and
 * games (the moves, the position in them, the time played, the status).
 * Every save is one transaction in WAL mode, so killing the app loses at
 * most the move being made. Use a store from one thread (the main thread). */
#pragma once

#include <glib-object.h>

#include "nc-game.h"
#include "ne-game.h"

G_BEGIN_DECLS

/* The schema version this build creates and understands (PRAGMA user_version). */
#define NE_STORE_SCHEMA_VERSION 1

#define NE_STORE_ERROR (ne_store_error_quark ())

typedef enum
{
  NE_STORE_ERROR_OPEN,      /* the file cannot be opened or is not a library */
  NE_STORE_ERROR_NEWER,     /* written by a newer Nonet: a schema this build does not know */
  NE_STORE_ERROR_CORRUPT,   /* a game whose saved moves cannot be played back */
  NE_STORE_ERROR_NOT_FOUND, /* no puzzle or game with that id */
  NE_STORE_ERROR_FAILED,    /* a read or write failed (disk full, locked, I/O error) */
} NeStoreError;

typedef enum
{
  NE_GAME_STATUS_IN_PROGRESS,
  NE_GAME_STATUS_SOLVED,
} NeGameStatus;

#define NE_TYPE_STORE (ne_store_get_type ())

G_DECLARE_FINAL_TYPE (NeStore, ne_store, NE, STORE, GObject)

GQuark      ne_store_error_quark (void);

/* g_build_filename (g_get_user_data_dir (), "nonet", "library.db", NULL). */
char       *ne_store_default_path (void);

/* Opens the library at path, creating its folder and the file as needed and
 * bringing an older schema up to date. */
NeStore    *ne_store_open        (const char    *path,
                                  GError       **error);
const char *ne_store_get_path    (NeStore       *self);

/* Returns the puzzle's id (> 0): the existing one when a puzzle with these
 * givens is already in the library. solution and source may be NULL.
 * Returns 0 and sets error on failure. */
gint64      ne_store_add_puzzle  (NeStore       *self,
                                  const NcGrid  *givens,
                                  const NcGrid  *solution,
                                  const char    *source,
                                  GError       **error);
/* The id of the puzzle with these givens; 0 with no error when there is none. */
gint64      ne_store_find_puzzle (NeStore       *self,
                                  const NcGrid  *givens,
                                  GError       **error);

/* A new game of puzzle_id, with no moves. Returns its id, or 0 and error. */
gint64      ne_store_start_game  (NeStore       *self,
                                  gint64         puzzle_id,
                                  GError       **error);
/* Saves the game's moves, position and elapsed time in one transaction; its
 * status is solved when the board is (nc_game_is_solved), else in progress. */
gboolean    ne_store_save_game   (NeStore       *self,
                                  gint64         game_id,
                                  const NcGame  *game,
                                  gint64         elapsed_ms,
                                  GError       **error);
gboolean    ne_store_mark_solved (NeStore       *self,
                                  gint64         game_id,
                                  GError       **error);
/* The status of a game; FALSE and error when there is no such game. */
gboolean    ne_store_get_game_status (NeStore       *self,
                                      gint64         game_id,
                                      NeGameStatus  *status,
                                      GError       **error);

/* The most recently played game in progress: 0 with no error when none. */
gint64      ne_store_find_current_game (NeStore  *self,
                                        GError  **error);

/* The saved game, played back to its position and attached to the store so
 * each further move is saved. A corrupt save is an NE_STORE_ERROR_CORRUPT
 * naming the game. */
NeGame     *ne_store_load_game   (NeStore       *self,
                                  gint64         game_id,
                                  GError       **error);
/* ne_store_load_game of ne_store_find_current_game: NULL with no error when
 * no game is in progress. */
NeGame     *ne_store_resume_game (NeStore       *self,
                                  GError       **error);
/* Adds the puzzle (or finds it) and starts a game of it, attached. */
NeGame     *ne_store_new_game    (NeStore       *self,
                                  const NcGrid  *givens,
                                  const NcGrid  *solution,
                                  const char    *source,
                                  GError       **error);

G_END_DECLS
