/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store-internal.h: what the files of the store share: the instance
 * struct, its prepared statements, and the helpers for errors,
 * transactions, binding and reading columns. ne-store.c holds the
 * connection, ne-store-games.c the games, ne-store-library.c the puzzles
 * and collections, ne-store-builtin.c the built-in collections. Only for
 * those files. */
#pragma once

#include <sqlite3.h>

#include "ne-store.h"
#include "ne-store-private.h"

G_BEGIN_DECLS

/* What a row may hold as a time: a game played for more than a century, or
 * a date after the year 9999, is a damaged row, not data. */
#define MAX_ELAPSED_MS G_GINT64_CONSTANT (3155760000000)
#define MAX_TIME_MS    G_GINT64_CONSTANT (253402300799999)
/* More hints than a game has cells to fill, a thousand times over. */
#define MAX_HINTS      (NC_CELLS * 1000)

typedef enum
{
  STMT_ADD_PUZZLE,
  STMT_FIND_PUZZLE,
  STMT_FIND_EQUIVALENT,
  STMT_UNTRASH,
  STMT_START_GAME,
  STMT_SAVE_GAME,
  STMT_GAME_VERSION,
  STMT_COPY_GAME,
  STMT_MARK_SOLVED,
  STMT_UPDATE_PUZZLE_STATUS,
  STMT_GAME_STATUS,
  STMT_GAME_PUZZLE,
  STMT_CURRENT_GAME,
  STMT_CURRENT_GAME_OF,
  STMT_LOAD_GAME,
  STMT_GET_PUZZLE,
  STMT_COUNT_PUZZLES,
  STMT_SET_TITLE,
  STMT_SET_NOTES,
  STMT_MOVE_PUZZLE,
  STMT_TRASH_PUZZLE,
  STMT_RESTORE_PUZZLE,
  STMT_PURGE_TRASH,
  STMT_ADD_COLLECTION,
  STMT_FIND_COLLECTION,
  STMT_COLLECTION_EXISTS,
  STMT_RENAME_COLLECTION,
  STMT_DELETE_COLLECTION,
  STMT_LIST_COLLECTIONS,
  STMT_LIST_PUZZLE_IDS,
  STMT_GET_META,
  STMT_SET_META,
  N_STMTS
} Stmt;

/* What nonet_grade, nonet_score and nonet_hardest return. */
typedef enum
{
  GRADED_GRADE,
  GRADED_SCORE,
  GRADED_HARDEST,
  N_GRADED
} GradedField;

/* The grading of the givens last asked of nonet_grade, nonet_score or
 * nonet_hardest: a migration asks for them one after the other, and the
 * puzzle is graded once. */
typedef struct
{
  char key[NC_CELLS + 1];
  int  values[N_GRADED];   /* values[GRADED_GRADE] -1: not unique */
} GradeCache;

struct _NeStore
{
  GObject       parent_instance;

  /* Owned. */
  char         *path;
  char         *display_path;
  sqlite3      *db;
  sqlite3_stmt *stmts[N_STMTS];

  GradeCache    grade_cache;
  int           tx_depth;        /* ne_store_tx_begin calls not yet ended */
  gboolean      changed;         /* emit library-changed after the outer commit */
  gboolean      corrupt;         /* the open failed on a damaged file */
  guint         busy_timeout_ms; /* how long a write waits for another program */
  GHashTable   *damaged_warned;  /* gint64* ids of damaged puzzles warned of */
};

/* The columns of a puzzle row that ne_store_puzzle_damage checks, in this order. */
enum
{
  PUZZLE_GIVENS,
  PUZZLE_CLUES,
  PUZZLE_GRADE,
  PUZZLE_SCORE,
  PUZZLE_STATUS,
  PUZZLE_BEST_MS,
  PUZZLE_ADDED,
  PUZZLE_HARDEST,
  N_PUZZLE_CHECKED
};

/* ne-store.c */
gint64        ne_store_now_ms         (void);
/* ne_store_open, importing the built-in collections only when builtin is
 * TRUE (ne_store_import_builtin_async opens one so, on its thread). */
NeStore      *ne_store_open_full      (const char    *path,
                                       gboolean       builtin,
                                       GError       **error);
/* A prepared statement, reset and unbound after its last use. */
sqlite3_stmt *ne_store_stmt           (NeStore       *self,
                                       Stmt           which);
/* "<what> <path>: <reason>", e.g. _("Could not save the game to
 * /home/ada/.local/share/nonet/library.db: the disk is full"). */
void          ne_store_set_error      (NeStore       *self,
                                       GError       **error,
                                       NeStoreError   code,
                                       const char    *what);
void          ne_store_set_not_found  (NeStore       *self,
                                       GError       **error,
                                       const char    *what,
                                       gint64         id);
/* Transactions nest: the outermost is BEGIN IMMEDIATE, the inner ones
 * savepoints. ne_store_tx_end commits when ok, else rolls back (the error
 * is already set). */
gboolean      ne_store_tx_begin       (NeStore       *self,
                                       GError       **error);
gboolean      ne_store_tx_end         (NeStore       *self,
                                       gboolean       ok,
                                       GError       **error);
/* A statement that returns at most one id (or count): 0 with no error
 * when it returns no row. */
gint64        ne_store_step_id        (NeStore       *self,
                                       sqlite3_stmt  *stmt,
                                       GError       **error);
/* A statement that changes rows: -1 and error when it fails, else how
 * many rows it changed. */
int           ne_store_step_change    (NeStore       *self,
                                       sqlite3_stmt  *stmt,
                                       GError       **error);
/* FALSE unless 81 characters of '1'..'9', '.' or '0'. */
gboolean      ne_store_grid_from_text (const char    *text,
                                       int            len,
                                       NcGrid        *out);
/* Text as the library may hold it as valid UTF-8; NULL for NULL. */
char         *ne_store_valid_text_dup (const char    *text,
                                       int            len);

/* ne-store-library.c */
/* The grade, score and hardest technique (NcTechnique) of a puzzle with
 * exactly one solution (stored in solution, which may be NULL); FALSE for
 * none or several. */
gboolean      ne_store_grade_if_unique     (const NcGrid        *givens,
                                            NcGrid              *solution,
                                            int                 *grade,
                                            int                 *score,
                                            int                 *hardest);
void          ne_store_canon_line          (const NcGrid        *givens,
                                            char                 out[NC_CELLS + 1]);
/* An integer column in [min, max]: not NULL, not text, not a real. */
gboolean      ne_store_column_int_in       (sqlite3_stmt        *stmt,
                                            int                  index,
                                            gint64               min,
                                            gint64               max);
/* A grid column: FALSE unless 81 characters of '1'..'9', '.' or '0'. */
gboolean      ne_store_column_grid         (sqlite3_stmt        *stmt,
                                            int                  index,
                                            NcGrid              *out);
/* Why a puzzle row (its N_PUZZLE_CHECKED columns) is damaged, or NULL. */
const char   *ne_store_puzzle_damage       (sqlite3_value      **values);
void          ne_store_warn_damaged_puzzle (NeStore             *self,
                                            gint64               puzzle_id,
                                            const char          *reason);
/* ne_store_add_puzzle inside the caller's transaction. */
gint64        ne_store_add_or_find_puzzle  (NeStore             *self,
                                            const NcGrid        *givens,
                                            const NcGrid        *solution,
                                            const char          *source,
                                            GError             **error);
/* A collection's id, added (as builtin or not) unless the name exists. */
gint64        ne_store_insert_collection   (NeStore             *self,
                                            const char          *name,
                                            gboolean             builtin,
                                            GError             **error);
gboolean      ne_store_purge_trashed_before (NeStore            *self,
                                             gint64              trashed_before,
                                             GError            **error);
gboolean      ne_store_repair_names        (NeStore             *self,
                                            GError             **error);

G_END_DECLS
