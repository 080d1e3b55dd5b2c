/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store.h: the game library, an SQLite database in the user data folder
 * ($XDG_DATA_HOME/nonet/library.db): puzzles (givens, solution, source) and
 * games (the moves, the position in them, the time played, the status).
 * Every save is one transaction in WAL mode, so killing the app loses at
 * most the move being made. Use a store from one thread (the main thread). */
#pragma once

#include <gio/gio.h>

#include "nc-game.h"

G_BEGIN_DECLS

/* The schema version this build creates and understands (PRAGMA user_version). */
#define NE_STORE_SCHEMA_VERSION 5

/* PRAGMA application_id of every Nonet library: "NoNt" in ASCII. A file
 * without it is opened only when it is empty or holds the schema of a
 * Nonet from before it was set (which then gets it); any other database is
 * another program's, and is left untouched. */
#define NE_STORE_APPLICATION_ID 0x4E6F4E74

#define NE_STORE_ERROR (ne_store_error_quark ())

typedef enum
{
  NE_STORE_ERROR_OPEN,      /* the file cannot be opened or is not a library */
  NE_STORE_ERROR_NEWER,     /* written by a newer Nonet: a schema this build does not know */
  NE_STORE_ERROR_CORRUPT,   /* a damaged row: a game whose saved moves cannot be played
                             * back, a puzzle or game holding what no Nonet writes */
  NE_STORE_ERROR_NOT_FOUND, /* no puzzle or game with that id */
  NE_STORE_ERROR_FAILED,    /* a read or write failed (disk full, locked, I/O error) */
  NE_STORE_ERROR_DUPLICATE, /* the library holds this puzzle already (perhaps transformed) */
  NE_STORE_ERROR_INVALID,   /* a puzzle with conflicts, no solution or several */
  NE_STORE_ERROR_CONFLICT,  /* another instance of Nonet saved the same game meanwhile */
} NeStoreError;

typedef enum
{
  NE_GAME_STATUS_IN_PROGRESS,
  NE_GAME_STATUS_SOLVED,
} NeGameStatus;

/* A puzzle's status in the library: from its games. */
typedef enum
{
  NE_PUZZLE_STATUS_NEW,          /* never played */
  NE_PUZZLE_STATUS_IN_PROGRESS,  /* a game started, none solved */
  NE_PUZZLE_STATUS_SOLVED,       /* solved at least once */
} NePuzzleStatus;

const char *ne_puzzle_status_name (NePuzzleStatus status); /* translated "New", ... */

/* One puzzle of the library, as stored. Strings are owned (NULL when
 * unset); ne_puzzle_info_clear frees them. */
typedef struct
{
  gint64          id;
  NcGrid          givens;
  NcGrid          solution;       /* all zero when unknown */
  int             clues;
  int             grade;          /* NcGrade; -1 when not graded */
  int             score;          /* NcGradeResult.score; -1 when not graded */
  int             hardest;        /* NcGradeResult.hardest (NcTechnique); -1 when not graded */
  char           *title;
  char           *author;
  char           *source;
  char           *notes;
  gint64          added_ms;       /* Unix time in milliseconds */
  gint64          collection_id;  /* 0: in no collection */
  char           *collection;     /* its name, NULL for none */
  NePuzzleStatus  status;
  gint64          best_ms;        /* best solve time; -1 when never solved */
} NePuzzleInfo;

void ne_puzzle_info_clear (NePuzzleInfo *info);

/* What a person or a file says about a puzzle; any field may be NULL / 0. */
typedef struct
{
  const char *title;
  const char *author;
  const char *source;
  const char *notes;
  gint64      collection_id;      /* 0: none */
} NePuzzleMeta;

typedef struct
{
  gint64    id;
  char     *name;
  gboolean  builtin;     /* shipped with Nonet */
  guint     n_puzzles;   /* not counting puzzles in the trash */
} NeCollectionInfo;

void ne_collection_info_free (NeCollectionInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NeCollectionInfo, ne_collection_info_free)

#define NE_TYPE_STORE (ne_store_get_type ())

G_DECLARE_FINAL_TYPE (NeStore, ne_store, NE, STORE, GObject)

GQuark      ne_store_error_quark (void);

/* g_build_filename (g_get_user_data_dir (), "nonet", "library.db", NULL). */
char       *ne_store_default_path (void);

/* Opens the library at path, creating its folder and the file as needed and
 * bringing an older schema up to date. Refused, with nothing written: an
 * empty path, a folder or anything but a regular file, and a database that
 * is not a Nonet library (NE_STORE_APPLICATION_ID). Text read from the
 * library or written to it is made valid UTF-8 on the way; rows holding
 * what no Nonet writes are damaged: left out of lists with a warning naming
 * them, and refused with NE_STORE_ERROR_CORRUPT when asked for. */
NeStore    *ne_store_open        (const char    *path,
                                  GError       **error);
const char *ne_store_get_path    (NeStore       *self);

/* How long a write waits while another program holds the library (5 s
 * unless set) before it fails saying so. */
void        ne_store_set_busy_timeout (NeStore   *self,
                                       guint      ms);

/* Frees the pages of the library cached in memory that no statement is
 * using: they are read again when next needed. */
void        ne_store_release_memory (NeStore *self);

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
/* Saves the game's moves, position, elapsed time and the hints it was
 * given in one transaction; its
 * status is solved when the board is (nc_game_is_solved), else in progress.
 * *version is the game row's version as the caller last read or wrote it
 * (a new game's is 0; the game in play keeps it), and becomes the saved one. When
 * another instance of Nonet saved the game since, its moves stay as they
 * are: this game is saved as a new game of the same puzzle, *game_id and
 * *version become that one's, and the result is FALSE with
 * NE_STORE_ERROR_CONFLICT (nothing is lost; later saves go to the copy). */
gboolean    ne_store_save_game   (NeStore       *self,
                                  gint64        *game_id,
                                  gint64        *version,
                                  const NcGame  *game,
                                  gint64         elapsed_ms,
                                  guint          hints,
                                  GError       **error);
/* Also a change of the game row: its version goes up (ne_store_save_game). */
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

/* A game as the library holds it, in core values: what a game in play is
 * made from (ne_game_load in ne-game.h), and saved back to as game_id at
 * version. ne_store_game_clear frees core. */
typedef struct
{
  gint64    game_id;
  gint64    version;       /* the game row's (ne_store_save_game); 0 for a new game */
  gint64    elapsed_ms;
  guint     hints;         /* hints given (ne-hint.h) */
  NcGrid    givens;
  NcGame   *core;          /* owned: the moves played back to their position;
                            * NULL for a new game, with no moves yet */
  NcGrid    solution;
  gboolean  has_solution;  /* else the solution is unknown */
} NeStoreGame;

void        ne_store_game_clear  (NeStoreGame   *game);

/* The saved game, played back to its position. A corrupt save (moves that
 * cannot be played back, a time, status or date no Nonet writes, a puzzle
 * without givens or with colliding ones, a solution that does not solve
 * it) is an NE_STORE_ERROR_CORRUPT naming the game. FALSE and error when
 * it cannot be read; *out is then empty. */
gboolean    ne_store_load_game   (NeStore       *self,
                                  gint64         game_id,
                                  NeStoreGame   *out,
                                  GError       **error);
/* Adds the puzzle (or finds it) and starts a game of it: *out is that new
 * game. */
gboolean    ne_store_new_game    (NeStore       *self,
                                  const NcGrid  *givens,
                                  const NcGrid  *solution,
                                  const char    *source,
                                  NeStoreGame   *out,
                                  GError       **error);

/* ---- The library ----
 * Every function below is one transaction (one user action), except inside
 * ne_store_begin / ne_store_commit, which batch many into one. The store
 * emits "library-changed" (no arguments) on the main thread after any change
 * to puzzles or collections made through it; call ne_store_notify_changed
 * after a change made through another connection (an import on a worker). */

/* A transaction around several calls (an import batch). Nested calls to
 * the functions above do not open their own. */
gboolean    ne_store_begin       (NeStore *self, GError **error);
gboolean    ne_store_commit      (NeStore *self, GError **error);
void        ne_store_rollback    (NeStore *self);
void        ne_store_notify_changed (NeStore *self);

/* Adds a checked puzzle with everything known about it: givens with exactly
 * one solution (the caller has solved it), its grade, score and hardest
 * technique (NcGradeResult's; all -1 when not graded). When the
 * library already holds the same puzzle, or any transform of it (nc_canon),
 * nothing is added: returns 0 and NE_STORE_ERROR_DUPLICATE with a message
 * saying where the original is, e.g. "the same puzzle as “Easy 4” in
 * Easy", and *original_id (may be NULL) set to its id. An original in the
 * trash is taken out of it (the message says so: "…, which was in the
 * trash and is back in the library"), still with the DUPLICATE error.
 * NE_STORE_ERROR_INVALID when solution is not a solved grid holding the
 * givens. */
gint64      ne_store_insert_puzzle (NeStore             *self,
                                    const NcGrid        *givens,
                                    const NcGrid        *solution,
                                    int                  grade,
                                    int                  score,
                                    int                  hardest,
                                    const NePuzzleMeta  *meta,
                                    gint64              *original_id,
                                    GError             **error);
/* For an import that meets givens the library holds exactly (a line
 * repeated in a file, or a file imported again), without solving them
 * again: the original's id, taken out of the trash like
 * ne_store_insert_puzzle does (*was_trashed, may be NULL, says whether it
 * was); 0 with no error when the library holds no such givens. */
gint64      ne_store_find_duplicate  (NeStore *self, const NcGrid *givens, gboolean *was_trashed,
                                      GError **error);
/* The message of ne_store_insert_puzzle's DUPLICATE error for original_id. */
char       *ne_store_describe_duplicate (NeStore *self, gint64 original_id, gboolean was_trashed);
/* The puzzle equivalent to givens under a transform (in the trash or not);
 * 0 with no error when there is none. */
gint64      ne_store_find_equivalent (NeStore *self, const NcGrid *givens, GError **error);
/* "“Easy 4” in Easy", "#12", "#12 in Forum": how to name a puzzle to a person. */
char       *ne_store_describe_puzzle (NeStore *self, gint64 puzzle_id);

/* NE_STORE_ERROR_CORRUPT, naming the puzzle and what is wrong, for a row
 * the lists leave out (NE_STORE_PUZZLE_SOUND_SQL in ne-store-private.h). */
gboolean    ne_store_get_puzzle    (NeStore *self, gint64 puzzle_id, NePuzzleInfo *out, GError **error);
guint       ne_store_count_puzzles (NeStore *self, GError **error);   /* not in the trash, not damaged */
gboolean    ne_store_set_title     (NeStore *self, gint64 puzzle_id, const char *title, GError **error);
gboolean    ne_store_set_notes     (NeStore *self, gint64 puzzle_id, const char *notes, GError **error);
/* Moves puzzles into a collection (0: out of any). */
gboolean    ne_store_move_puzzles  (NeStore *self, const gint64 *ids, guint n_ids,
                                    gint64 collection_id, GError **error);
/* Deleting is two steps so it can be undone: trash hides the puzzles (and
 * their games) from every list, restore brings them back, purge deletes
 * what is in the trash for good (on the toast's dismissal, and at open). */
gboolean    ne_store_trash_puzzles   (NeStore *self, const gint64 *ids, guint n_ids, GError **error);
gboolean    ne_store_restore_puzzles (NeStore *self, const gint64 *ids, guint n_ids, GError **error);
gboolean    ne_store_purge_trash     (NeStore *self, GError **error);

/* The most recent game in progress of the puzzle, loaded like
 * ne_store_load_game, or a new game of it. A puzzle that cannot be played
 * (no givens, colliding ones, a solution that does not solve it) is an
 * NE_STORE_ERROR_CORRUPT, and no game is started. */
gboolean    ne_store_play_puzzle   (NeStore *self, gint64 puzzle_id, NeStoreGame *out,
                                    GError **error);
/* The puzzle a game is of. */
gint64      ne_store_get_game_puzzle (NeStore *self, gint64 game_id, GError **error);
/* The best time of the solved games of puzzles of grade (NcGrade) in the
 * library, except_game_id left out (the game just solved, to compare with):
 * -1 with no error when there is none. -1 and error when it cannot be read. */
gint64      ne_store_get_best_time   (NeStore *self, int grade, gint64 except_game_id,
                                      GError **error);

/* Collections. Adding a name that exists returns the existing id. */
gint64      ne_store_add_collection    (NeStore *self, const char *name, GError **error);
gint64      ne_store_find_collection   (NeStore *self, const char *name, GError **error); /* 0: none */
gboolean    ne_store_rename_collection (NeStore *self, gint64 collection_id, const char *name, GError **error);
/* Its puzzles stay in the library, in no collection. */
gboolean    ne_store_delete_collection (NeStore *self, gint64 collection_id, GError **error);
/* NeCollectionInfo*, by name; builtin ones first. */
GPtrArray  *ne_store_list_collections  (NeStore *self, GError **error);

/* The ids of puzzles (not in the trash, not damaged) in a collection (-1:
 * every collection; 0: in none) with a status (-1: any), ordered by id. */
GArray     *ne_store_list_puzzle_ids   (NeStore *self, gint64 collection_id, int status, GError **error);
/* The same, of the puzzles whose hardest technique is this one
 * (NcTechnique; -1: any, ungraded ones too). */
GArray     *ne_store_list_puzzle_ids_full (NeStore *self, gint64 collection_id, int status, int hardest,
                                           GError **error);

/* The built-in collections shipped with Nonet (resources under
 * /io/github/nonet/Nonet/collections/) are imported the first time a
 * library is opened, and again only when a newer build ships more;
 * ne_store_open does it. Returns how many puzzles were added. */
guint       ne_store_import_builtin    (NeStore *self, GError **error);

/* Opens the library like ne_store_open; when the file is corrupt or is not
 * a library, moves it aside as "library.db.corrupt-YYYY-MM-DD-HHMMSS"
 * (with its -wal and -shm), creates a fresh one, and says so in
 * *moved_aside_message (NULL when nothing was moved) for the app to show. */
NeStore    *ne_store_open_or_recover   (const char *path, char **moved_aside_message, GError **error);
/* The same, but a library that still lacks the built-in collections is
 * opened without them, at once: the app shows its first window without
 * waiting, and ne_store_import_builtin_async adds them meanwhile. */
NeStore    *ne_store_open_or_recover_later (const char *path, char **moved_aside_message,
                                            GError **error);
/* ne_store_import_builtin on a thread and a connection of its own (the
 * library lock then keeps this store's writes waiting, within its busy
 * timeout); at once, without a thread, when the library is up to date.
 * _finish says how many puzzles were added and, when some were, emits
 * ::library-changed on self. */
void        ne_store_import_builtin_async  (NeStore *self, GCancellable *cancellable,
                                            GAsyncReadyCallback callback, gpointer user_data);
guint       ne_store_import_builtin_finish (NeStore *self, GAsyncResult *result, GError **error);

G_END_DECLS
