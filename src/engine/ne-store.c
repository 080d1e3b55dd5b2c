/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store.c: the game library in SQLite. The schema grows by migrations
 * keyed on PRAGMA user_version, each in its own transaction; statements are
 * prepared once per store, so a save after every move is one cheap UPDATE.
 * Every change is one transaction (a savepoint inside ne_store_begin), and
 * "library-changed" follows the outermost commit. */

#define G_LOG_DOMAIN "nonet-store"

#include "config.h"

#include "ne-store.h"
#include "ne-store-private.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nc-canon.h"
#include "nc-grade.h"
#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-collections-resources.h"

/* How long to wait for another Nonet holding the write lock. */
#define BUSY_TIMEOUT_MS 5000

/* Bump when the files in data/collections change: libraries that recorded
 * an older version import the built-in collections again (what they hold
 * already is skipped). */
#define BUILTIN_VERSION 1
#define BUILTIN_PATH "/io/github/nonet/Nonet/collections/"

/* What a row may hold as a time: a game played for more than a century, or
 * a date after the year 9999, is a damaged row, not data. */
#define MAX_ELAPSED_MS G_GINT64_CONSTANT (3155760000000)
#define MAX_TIME_MS    G_GINT64_CONSTANT (253402300799999)

/* ne_store_open purges only what was trashed this long ago, so a second
 * connection (an import on a worker) never purges a puzzle that an Undo
 * toast of the app may still restore. */
#define PURGE_AT_OPEN_AGE_MS (10 * 60 * 1000)

/* Migration i brings a library from user_version i to i + 1. Add steps at
 * the end; never edit one that has shipped. Times are Unix time in
 * milliseconds. A grid is its 81-character line, '.' for an empty cell. */
static const char *const migrations[] = {
  /* 0 -> 1: puzzles and the games played on them. */
  "CREATE TABLE puzzle ("
  "  id       INTEGER PRIMARY KEY,"
  "  givens   TEXT NOT NULL UNIQUE CHECK (length (givens) = 81),"
  "  solution TEXT CHECK (solution IS NULL OR length (solution) = 81),"
  "  source   TEXT,"
  "  added    INTEGER NOT NULL"
  ");"
  "CREATE TABLE game ("
  "  id         INTEGER PRIMARY KEY,"
  "  puzzle_id  INTEGER NOT NULL REFERENCES puzzle (id) ON DELETE CASCADE,"
  "  moves      TEXT NOT NULL DEFAULT '',"
  "  position   INTEGER NOT NULL DEFAULT 0,"
  "  elapsed_ms INTEGER NOT NULL DEFAULT 0,"
  "  status     TEXT NOT NULL DEFAULT 'in-progress',"
  "  started    INTEGER NOT NULL,"
  "  updated    INTEGER NOT NULL"
  ");"
  "CREATE INDEX game_by_puzzle ON game (puzzle_id);"
  "CREATE INDEX game_by_status ON game (status, updated);",

  /* 1 -> 2: the library. Collections; what is known of each puzzle (its
   * canonical form, to recognise a transformed copy; clues; grade; what a
   * person or a file says of it); its status and best time, kept from its
   * games; a trash. The nonet_* functions are registered on the connection
   * (ne_store_register_functions) and fill the new columns of old rows.
   * title_key is the title's sort key (ne_store_title_key), written with
   * it: no row of version 1 has a title, so none needs one here. */
  "CREATE TABLE collection ("
  "  id      INTEGER PRIMARY KEY,"
  "  name    TEXT NOT NULL UNIQUE,"
  "  builtin INTEGER NOT NULL DEFAULT 0,"
  "  added   INTEGER NOT NULL"
  ");"
  "CREATE TABLE meta ("
  "  key   TEXT PRIMARY KEY,"
  "  value TEXT"
  ");"
  "ALTER TABLE puzzle ADD COLUMN canon TEXT;"
  "ALTER TABLE puzzle ADD COLUMN clues INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE puzzle ADD COLUMN grade INTEGER;"
  "ALTER TABLE puzzle ADD COLUMN score INTEGER;"
  "ALTER TABLE puzzle ADD COLUMN title TEXT;"
  "ALTER TABLE puzzle ADD COLUMN title_key TEXT;"
  "ALTER TABLE puzzle ADD COLUMN author TEXT;"
  "ALTER TABLE puzzle ADD COLUMN notes TEXT;"
  "ALTER TABLE puzzle ADD COLUMN collection_id INTEGER"
  "  REFERENCES collection (id) ON DELETE SET NULL;"
  "ALTER TABLE puzzle ADD COLUMN status INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE puzzle ADD COLUMN best_ms INTEGER;"
  "ALTER TABLE puzzle ADD COLUMN trashed INTEGER;"
  "UPDATE puzzle SET canon = nonet_canon (givens), clues = nonet_clues (givens),"
  "  grade = nonet_grade (givens), score = nonet_score (givens);"
  "UPDATE puzzle SET (status, best_ms) = ("
  "  SELECT CASE WHEN count (*) = 0 THEN 0 WHEN max (status = 'solved') THEN 2 ELSE 1 END,"
  "         min (CASE WHEN status = 'solved' THEN elapsed_ms END)"
  "  FROM game WHERE game.puzzle_id = puzzle.id);"
  "CREATE INDEX puzzle_by_canon ON puzzle (canon);"
  "CREATE INDEX puzzle_by_collection ON puzzle (collection_id);"
  "CREATE INDEX puzzle_by_clues ON puzzle (clues, id);"
  "CREATE INDEX puzzle_by_grade ON puzzle (grade, id);"
  "CREATE INDEX puzzle_by_status ON puzzle (status, id);"
  "CREATE INDEX puzzle_by_best_ms ON puzzle (best_ms, id);"
  "CREATE INDEX puzzle_by_added ON puzzle (added, id);"
  "CREATE INDEX puzzle_by_title ON puzzle (title_key, id);"
  "CREATE INDEX puzzle_in_trash ON puzzle (trashed) WHERE trashed IS NOT NULL;",

  /* 2 -> 3: the file says it is a library (application_id); each game row
   * has a version, bumped by every save, so that a save notices another
   * instance of Nonet saved the same game meanwhile; and text another
   * build stored as it came (a collection named after a file whose name
   * is not UTF-8) made valid UTF-8, the title's key with it. Collection
   * names are repaired at every open (ne_store_repair_names). */
  "ALTER TABLE game ADD COLUMN version INTEGER NOT NULL DEFAULT 0;"
  "UPDATE puzzle SET title = nonet_valid_text (title),"
  "  title_key = nonet_title_key (nonet_valid_text (title))"
  "  WHERE title IS NOT nonet_valid_text (title);"
  "UPDATE puzzle SET author = nonet_valid_text (author)"
  "  WHERE author IS NOT nonet_valid_text (author);"
  "UPDATE puzzle SET source = nonet_valid_text (source)"
  "  WHERE source IS NOT nonet_valid_text (source);"
  "UPDATE puzzle SET notes = nonet_valid_text (notes)"
  "  WHERE notes IS NOT nonet_valid_text (notes);"
  "PRAGMA application_id = 1315917428;",
};

G_STATIC_ASSERT (NE_STORE_APPLICATION_ID == 1315917428);

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == NE_STORE_SCHEMA_VERSION);

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

/* A puzzle's status and best time from its games (NePuzzleStatus), for
 * the puzzle of game ?1; changes nothing when they are up to date, so
 * sqlite3_changes says whether the library view needs to know. */
#define UPDATE_PUZZLE_STATUS_SQL \
  "WITH of_game (id) AS (SELECT puzzle_id FROM game WHERE id = ?1)," \
  " games (status, best) AS (" \
  "  SELECT CASE WHEN count (*) = 0 THEN 0 WHEN max (status = 'solved') THEN 2 ELSE 1 END," \
  "         min (CASE WHEN status = 'solved' THEN elapsed_ms END)" \
  "  FROM game WHERE puzzle_id = (SELECT id FROM of_game))" \
  " UPDATE puzzle SET (status, best_ms) = (SELECT status, best FROM games)" \
  " WHERE id = (SELECT id FROM of_game)" \
  "  AND (status, best_ms) IS NOT (SELECT status, best FROM games)"

static const char *const stmt_sql[N_STMTS] = {
  [STMT_ADD_PUZZLE] =
    "INSERT INTO puzzle (givens, solution, source, added, canon, clues, grade, score,"
    "                    title, author, notes, collection_id, title_key)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
    " ON CONFLICT (givens) DO NOTHING",
  [STMT_FIND_PUZZLE] =
    "SELECT id FROM puzzle WHERE givens = ?1",
  [STMT_FIND_EQUIVALENT] =
    "SELECT id FROM puzzle WHERE canon = ?1 ORDER BY trashed IS NOT NULL, id LIMIT 1",
  [STMT_UNTRASH] =
    "UPDATE puzzle SET trashed = NULL WHERE id = ?1 AND trashed IS NOT NULL",
  [STMT_START_GAME] =
    "INSERT INTO game (puzzle_id, started, updated) VALUES (?1, ?2, ?2)",
  [STMT_SAVE_GAME] =
    "UPDATE game SET moves = ?2, position = ?3, elapsed_ms = ?4, status = ?5, updated = ?6,"
    " version = version + 1 WHERE id = ?1",
  [STMT_GAME_VERSION] =
    "SELECT version FROM game WHERE id = ?1",
  [STMT_COPY_GAME] =
    "INSERT INTO game (puzzle_id, moves, position, elapsed_ms, status, started, updated, version)"
    " SELECT puzzle_id, ?2, ?3, ?4, ?5, started, ?6, 1 FROM game WHERE id = ?1",
  [STMT_MARK_SOLVED] =
    "UPDATE game SET status = 'solved', updated = ?2, version = version + 1 WHERE id = ?1",
  [STMT_UPDATE_PUZZLE_STATUS] = UPDATE_PUZZLE_STATUS_SQL,
  [STMT_GAME_STATUS] =
    "SELECT status FROM game WHERE id = ?1",
  [STMT_GAME_PUZZLE] =
    "SELECT puzzle_id FROM game WHERE id = ?1",
  [STMT_CURRENT_GAME] =
    "SELECT game.id FROM game JOIN puzzle ON puzzle.id = game.puzzle_id"
    " WHERE game.status = 'in-progress' AND puzzle.trashed IS NULL"
    " ORDER BY game.updated DESC, game.id DESC LIMIT 1",
  [STMT_CURRENT_GAME_OF] =
    "SELECT id FROM game WHERE puzzle_id = ?1 AND status = 'in-progress'"
    " ORDER BY updated DESC, id DESC LIMIT 1",
  [STMT_LOAD_GAME] =
    "SELECT game.moves, game.position, game.elapsed_ms, puzzle.givens, puzzle.solution,"
    "       game.status, game.started, game.updated, game.version"
    " FROM game JOIN puzzle ON puzzle.id = game.puzzle_id WHERE game.id = ?1",
  /* The columns puzzle_damage checks first, in its order. */
  [STMT_GET_PUZZLE] =
    "SELECT puzzle.givens, puzzle.clues, puzzle.grade, puzzle.score, puzzle.status,"
    "       puzzle.best_ms, puzzle.added,"
    "       puzzle.solution, puzzle.title, puzzle.author, puzzle.source, puzzle.notes,"
    "       puzzle.collection_id, collection.name"
    " FROM puzzle LEFT JOIN collection ON collection.id = puzzle.collection_id"
    " WHERE puzzle.id = ?1",
  [STMT_COUNT_PUZZLES] =
    "SELECT count (*) FROM puzzle WHERE trashed IS NULL AND " NE_STORE_PUZZLE_SOUND_SQL ("puzzle"),
  [STMT_SET_TITLE] =
    "UPDATE puzzle SET title = ?2, title_key = ?3 WHERE id = ?1",
  [STMT_SET_NOTES] =
    "UPDATE puzzle SET notes = ?2 WHERE id = ?1",
  [STMT_MOVE_PUZZLE] =
    "UPDATE puzzle SET collection_id = ?2 WHERE id = ?1",
  [STMT_TRASH_PUZZLE] =
    "UPDATE puzzle SET trashed = coalesce (trashed, ?2) WHERE id = ?1",
  [STMT_RESTORE_PUZZLE] =
    "UPDATE puzzle SET trashed = NULL WHERE id = ?1",
  [STMT_PURGE_TRASH] =
    "DELETE FROM puzzle WHERE trashed <= ?1",
  [STMT_ADD_COLLECTION] =
    "INSERT INTO collection (name, builtin, added) VALUES (?1, ?2, ?3)"
    " ON CONFLICT (name) DO NOTHING",
  [STMT_FIND_COLLECTION] =
    "SELECT id FROM collection WHERE name = ?1",
  [STMT_COLLECTION_EXISTS] =
    "SELECT name FROM collection WHERE id = ?1",
  [STMT_RENAME_COLLECTION] =
    "UPDATE collection SET name = ?2 WHERE id = ?1",
  [STMT_DELETE_COLLECTION] =
    "DELETE FROM collection WHERE id = ?1",
  [STMT_LIST_COLLECTIONS] =
    "SELECT collection.id, collection.name, collection.builtin, count (puzzle.id)"
    " FROM collection LEFT JOIN puzzle"
    "  ON puzzle.collection_id = collection.id AND puzzle.trashed IS NULL"
    "  AND " NE_STORE_PUZZLE_SOUND_SQL ("puzzle")
    " GROUP BY collection.id"
    " ORDER BY collection.builtin DESC,"
    "  CASE WHEN collection.builtin THEN collection.id END,"
    "  collection.name COLLATE NOCASE, collection.id",
  [STMT_LIST_PUZZLE_IDS] =
    "SELECT id FROM puzzle WHERE trashed IS NULL"
    " AND (?1 < 0 OR collection_id IS nullif (?1, 0))"
    " AND (?2 < 0 OR status = ?2)"
    " AND " NE_STORE_PUZZLE_SOUND_SQL ("puzzle")
    " ORDER BY id",
  [STMT_GET_META] =
    "SELECT value FROM meta WHERE key = ?1",
  [STMT_SET_META] =
    "INSERT INTO meta (key, value) VALUES (?1, ?2)"
    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
};

/* nonet_grade and nonet_score of the same givens, one after the other in
 * the migration: grade once. */
typedef struct
{
  char key[NC_CELLS + 1];
  int  grade;   /* -1: not unique */
  int  score;
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

G_DEFINE_FINAL_TYPE (NeStore, ne_store, G_TYPE_OBJECT)

G_DEFINE_QUARK (ne-store-error-quark, ne_store_error)

enum {
  LIBRARY_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
status_to_string (NeGameStatus status)
{
  return status == NE_GAME_STATUS_SOLVED ? "solved" : "in-progress";
}

static gint64
now_ms (void)
{
  return g_get_real_time () / 1000;
}

const char *
ne_puzzle_status_name (NePuzzleStatus status)
{
  switch (status)
    {
    case NE_PUZZLE_STATUS_NEW:
      return _("New");
    case NE_PUZZLE_STATUS_IN_PROGRESS:
      return _("In progress");
    case NE_PUZZLE_STATUS_SOLVED:
      return _("Solved");
    default:
      g_return_val_if_reached (NULL);
    }
}

void
ne_puzzle_info_clear (NePuzzleInfo *info)
{
  g_return_if_fail (info != NULL);

  g_clear_pointer (&info->title, g_free);
  g_clear_pointer (&info->author, g_free);
  g_clear_pointer (&info->source, g_free);
  g_clear_pointer (&info->notes, g_free);
  g_clear_pointer (&info->collection, g_free);
}

void
ne_collection_info_free (NeCollectionInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info);
}

/* A prepared statement, reset and unbound after its last use. */
static sqlite3_stmt *
ne_store_stmt (NeStore *self,
               Stmt     which)
{
  sqlite3_stmt *stmt = self->stmts[which];

  g_assert (stmt != NULL);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return stmt;
}

static gboolean
is_corrupt_code (int rc)
{
  return (rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_NOTADB;
}

/* Why the last call failed, in words a person acts on. SQLite's own
 * ("database or disk is full", "unable to open database file") cannot
 * tell a full disk from a busy library or a folder that is read-only. */
static char *
ne_store_failure_reason (NeStore *self)
{
  int rc = sqlite3_extended_errcode (self->db);
  g_autofree char *dir = NULL;

  switch (rc & 0xff)
    {
    case SQLITE_FULL:
      return g_strdup (_("the disk is full"));
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      {
        guint seconds = MAX (1u, (self->busy_timeout_ms + 500) / 1000);

        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "the library is locked: another program is using it (waited %u second)",
                                             "the library is locked: another program is using it (waited %u seconds)",
                                             seconds),
                                seconds);
      }
    case SQLITE_IOERR:
      if (sqlite3_system_errno (self->db) == ENOSPC)
        return g_strdup (_("the disk is full"));
      break;
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
      /* The file may be writable while its folder (for the -wal and -shm
       * files) is not: say which. */
      dir = g_path_get_dirname (self->path);
      if (g_access (dir, W_OK) != 0)
        {
          int saved_errno = errno;
          g_autofree char *display_dir = g_filename_display_name (dir);

          return g_strdup_printf (_("its folder %s cannot be written: %s"),
                                  display_dir, g_strerror (saved_errno));
        }
      if ((rc & 0xff) == SQLITE_READONLY)
        return g_strdup (_("the file is read-only"));
      break;
    default:
      break;
    }
  return g_strdup (sqlite3_errmsg (self->db));
}

/* "<what> <path>: <reason>", e.g. _("Could not save the game to
 * /home/ada/.local/share/nonet/library.db: the disk is full"). */
static void
ne_store_set_error (NeStore     *self,
                    GError     **error,
                    NeStoreError code,
                    const char  *what)
{
  g_autofree char *reason = NULL;

  if (is_corrupt_code (sqlite3_extended_errcode (self->db)))
    self->corrupt = TRUE;
  reason = ne_store_failure_reason (self);
  g_set_error (error, NE_STORE_ERROR, code, "%s %s: %s",
               what, self->display_path, reason);
}

static void
set_not_found (NeStore     *self,
               GError     **error,
               const char  *what,
               gint64       id)
{
  g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
               _("%s %lld is not in the game library %s"),
               what, (long long) id, self->display_path);
}

static gboolean
ne_store_exec (NeStore     *self,
               const char  *sql,
               const char  *what,
               GError     **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, what);
      return FALSE;
    }
  return TRUE;
}

/* Transactions nest: the outermost is BEGIN IMMEDIATE (the write lock at
 * once, so a busy library waits here rather than failing mid-way), the
 * inner ones savepoints. */
static gboolean
ne_store_tx_begin (NeStore  *self,
                   GError  **error)
{
  const char *sql = self->tx_depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT nested";

  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          _("Could not write to the game library"));
      return FALSE;
    }
  self->tx_depth++;
  return TRUE;
}

static void
ne_store_tx_rollback (NeStore *self)
{
  g_assert (self->tx_depth > 0);

  self->tx_depth--;
  if (self->tx_depth > 0)
    sqlite3_exec (self->db, "ROLLBACK TO nested; RELEASE nested", NULL, NULL, NULL);
  else
    {
      if (!sqlite3_get_autocommit (self->db))
        sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      self->changed = FALSE;
    }
}

static gboolean
ne_store_tx_commit (NeStore  *self,
                    GError  **error)
{
  const char *sql = self->tx_depth == 1 ? "COMMIT" : "RELEASE nested";

  g_assert (self->tx_depth > 0);

  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          _("Could not write to the game library"));
      ne_store_tx_rollback (self);
      return FALSE;
    }
  self->tx_depth--;
  if (self->tx_depth == 0 && self->changed)
    {
      self->changed = FALSE;
      g_signal_emit (self, signals[LIBRARY_CHANGED], 0);
    }
  return TRUE;
}

/* Ends what ne_store_tx_begin started: commits when ok, else rolls back
 * (the error is already set). */
static gboolean
ne_store_tx_end (NeStore  *self,
                 gboolean  ok,
                 GError  **error)
{
  if (!ok)
    {
      ne_store_tx_rollback (self);
      return FALSE;
    }
  return ne_store_tx_commit (self, error);
}

gboolean
ne_store_begin (NeStore  *self,
                GError  **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return ne_store_tx_begin (self, error);
}

gboolean
ne_store_commit (NeStore  *self,
                 GError  **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (self->tx_depth > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return ne_store_tx_commit (self, error);
}

void
ne_store_rollback (NeStore *self)
{
  g_return_if_fail (NE_IS_STORE (self));
  g_return_if_fail (self->tx_depth > 0);

  ne_store_tx_rollback (self);
}

void
ne_store_notify_changed (NeStore *self)
{
  g_return_if_fail (NE_IS_STORE (self));

  g_signal_emit (self, signals[LIBRARY_CHANGED], 0);
}

sqlite3 *
ne_store_get_db (NeStore *self)
{
  g_return_val_if_fail (NE_IS_STORE (self), NULL);

  return self->db;
}

/* The first column of the first row of a statement such as a pragma, as
 * text (NULL for an SQL NULL). */
static gboolean
ne_store_query_text (NeStore     *self,
                     const char  *sql,
                     char       **out,
                     GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, _("Could not open the game library"));
      return FALSE;
    }
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *out = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  if (rc != SQLITE_ROW)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, _("Could not open the game library"));
      return FALSE;
    }
  return TRUE;
}

/* One integer from a pragma such as "PRAGMA user_version". */
static gboolean
ne_store_query_int (NeStore     *self,
                    const char  *sql,
                    int         *out,
                    GError     **error)
{
  g_autofree char *text = NULL;

  if (!ne_store_query_text (self, sql, &text, error))
    return FALSE;
  *out = text != NULL ? (int) g_ascii_strtoll (text, NULL, 10) : 0;
  return TRUE;
}

static gboolean
ne_store_check_version (NeStore  *self,
                        int       version,
                        GError  **error)
{
  if (version <= NE_STORE_SCHEMA_VERSION)
    return TRUE;
  g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NEWER,
               _("Could not open the game library %s: it was written by a newer version "
               "of Nonet (library version %d; this version reads up to %d)"),
               self->display_path, version, NE_STORE_SCHEMA_VERSION);
  return FALSE;
}

/* Brings the schema to NE_STORE_SCHEMA_VERSION one step at a time. Each
 * step re-reads the version inside its write transaction, so two instances
 * starting together never run a step twice. */
static gboolean
ne_store_migrate (NeStore  *self,
                  GError  **error)
{
  const char *what = _("Could not update the game library");

  for (;;)
    {
      g_autofree char *set_version = NULL;
      int version = 0;

      if (!ne_store_query_int (self, "PRAGMA user_version", &version, error)
          || !ne_store_check_version (self, version, error))
        return FALSE;
      if (version == NE_STORE_SCHEMA_VERSION)
        return TRUE;

      if (!ne_store_exec (self, "BEGIN IMMEDIATE", what, error))
        return FALSE;
      if (!ne_store_query_int (self, "PRAGMA user_version", &version, error))
        {
          sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
      if (version >= NE_STORE_SCHEMA_VERSION)
        {
          /* Another instance got there first; the loop checks again. */
          sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
          continue;
        }

      g_debug ("Migrating %s from version %d to %d", self->display_path, version, version + 1);
      set_version = g_strdup_printf ("PRAGMA user_version = %d", version + 1);
      if (!ne_store_exec (self, migrations[version], what, error)
          || !ne_store_exec (self, set_version, what, error)
          || !ne_store_exec (self, "COMMIT", what, error))
        {
          if (!sqlite3_get_autocommit (self->db))
            sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
    }
}

/* FALSE unless 81 characters of '1'..'9', '.' or '0'. */
static gboolean
grid_from_text (const char *text,
                int         len,
                NcGrid     *out)
{
  if (text == NULL || len != NC_CELLS)
    return FALSE;
  for (int i = 0; i < NC_CELLS; i++)
    {
      if (text[i] >= '1' && text[i] <= '9')
        out->cell[i] = (uint8_t) (text[i] - '0');
      else if (text[i] == '.' || text[i] == '0')
        out->cell[i] = 0;
      else
        return FALSE;
    }
  return TRUE;
}

/* The grade and score of a puzzle with exactly one solution (stored in
 * solution, which may be NULL); FALSE for none or several. */
static gboolean
grade_if_unique (const NcGrid *givens,
                 NcGrid       *solution,
                 int          *grade,
                 int          *score)
{
  NcGradeResult result;

  if (nc_solver_count (givens, 2, solution) != 1)
    return FALSE;
  nc_grade (givens, &result, NULL, NULL);
  *grade = (int) result.grade;
  *score = (int) result.score;
  return TRUE;
}

static void
canon_line (const NcGrid *givens,
            char          out[NC_CELLS + 1])
{
  NcGrid canon;

  nc_canon (givens, &canon);
  nc_grid_format_line (&canon, '.', out);
}

/* Text as the library may hold it (any bytes, when another program or an
 * older build wrote it) as valid UTF-8; NULL for NULL. */
static char *
valid_text_dup (const char *text,
                int         len)
{
  if (text == NULL)
    return NULL;
  return g_utf8_make_valid (text, len);
}

static gboolean
value_int_in (sqlite3_value *value,
              gint64         min,
              gint64         max)
{
  gint64 v;

  if (sqlite3_value_type (value) != SQLITE_INTEGER)
    return FALSE;
  v = sqlite3_value_int64 (value);
  return v >= min && v <= max;
}

static gboolean
value_null_or_int_in (sqlite3_value *value,
                      gint64         min,
                      gint64         max)
{
  return sqlite3_value_type (value) == SQLITE_NULL || value_int_in (value, min, max);
}

/* An integer column in [min, max]: not NULL, not text, not a real. */
static gboolean
column_int_in (sqlite3_stmt *stmt,
               int           index,
               gint64        min,
               gint64        max)
{
  gint64 v;

  if (sqlite3_column_type (stmt, index) != SQLITE_INTEGER)
    return FALSE;
  v = sqlite3_column_int64 (stmt, index);
  return v >= min && v <= max;
}

/* 81 characters of '1'..'9', '.' or '0', at least one a digit (text
 * from SQLite ends with a NUL, which a cell cannot be). */
static gboolean
givens_text_sound (const char *text,
                   int         len)
{
  return text != NULL && len == NC_CELLS
         && strspn (text, "123456789.0") == NC_CELLS
         && strspn (text, ".0") < NC_CELLS;
}

/* The columns of a puzzle row that puzzle_damage checks, in this order. */
enum
{
  PUZZLE_GIVENS,
  PUZZLE_CLUES,
  PUZZLE_GRADE,
  PUZZLE_SCORE,
  PUZZLE_STATUS,
  PUZZLE_BEST_MS,
  PUZZLE_ADDED,
  N_PUZZLE_CHECKED
};

/* Why a puzzle row is damaged, or NULL when it holds what Nonet writes. A
 * hand-edited row can pass the table's CHECKs and still hold letters, no
 * given at all or a status no Nonet knows. Every row of a list's count
 * comes here (NE_STORE_PUZZLE_SOUND_SQL): no allocation, no grid. */
static const char *
puzzle_damage (sqlite3_value **values)
{
  const char *givens = (const char *) sqlite3_value_text (values[PUZZLE_GIVENS]);

  if (!givens_text_sound (givens, sqlite3_value_bytes (values[PUZZLE_GIVENS])))
    return givens != NULL && strspn (givens, ".0") == NC_CELLS
           ? _("it has no givens") : _("its givens are not 81 digits and blanks");
  if (!value_int_in (values[PUZZLE_CLUES], 0, NC_CELLS))
    return _("its number of clues is not a number of cells");
  if (!value_null_or_int_in (values[PUZZLE_GRADE], 0, NC_GRADE_COUNT - 1))
    return _("its grade is not one Nonet knows");
  if (!value_null_or_int_in (values[PUZZLE_SCORE], 0, G_MAXINT))
    return _("its score is not a score");
  if (!value_int_in (values[PUZZLE_STATUS], NE_PUZZLE_STATUS_NEW, NE_PUZZLE_STATUS_SOLVED))
    return _("its status is not one Nonet knows");
  if (!value_null_or_int_in (values[PUZZLE_BEST_MS], 0, MAX_ELAPSED_MS))
    return _("its best time is not a time");
  if (!value_int_in (values[PUZZLE_ADDED], 0, MAX_TIME_MS))
    return _("the date it was added is not a date");
  return NULL;
}

/* Logs a damaged puzzle once per store: lists leave it out every time. */
static void
warn_damaged_puzzle (NeStore    *self,
                     gint64      puzzle_id,
                     const char *reason)
{
  if (g_hash_table_contains (self->damaged_warned, &puzzle_id))
    return;
  g_hash_table_add (self->damaged_warned, g_memdup2 (&puzzle_id, sizeof puzzle_id));
  g_warning ("Puzzle %" G_GINT64_FORMAT " in the game library %s is damaged (%s): "
             "it is left out of the lists", puzzle_id, self->display_path, reason);
}

/* nonet_puzzle_sound (id, givens, clues, grade, score, status, best_ms,
 * added): NE_STORE_PUZZLE_SOUND_SQL. */
static void
sql_puzzle_sound (sqlite3_context  *context,
                  int               argc,
                  sqlite3_value   **argv)
{
  NeStore *self = sqlite3_user_data (context);
  const char *reason = puzzle_damage (argv + 1);

  if (reason != NULL)
    warn_damaged_puzzle (self, sqlite3_value_int64 (argv[0]), reason);
  sqlite3_result_int (context, reason == NULL);
}

/* nonet_valid_text (text): the text as valid UTF-8; NULL for NULL. */
static void
sql_valid_text (sqlite3_context  *context,
                int               argc,
                sqlite3_value   **argv)
{
  char *text;

  if (sqlite3_value_type (argv[0]) == SQLITE_NULL)
    {
      sqlite3_result_null (context);
      return;
    }
  text = valid_text_dup ((const char *) sqlite3_value_text (argv[0]),
                         sqlite3_value_bytes (argv[0]));
  sqlite3_result_text (context, text, -1, g_free);
}

/* nonet_title_key (title): ne_store_title_key; NULL for NULL. */
static void
sql_title_key (sqlite3_context  *context,
               int               argc,
               sqlite3_value   **argv)
{
  const char *title = (const char *) sqlite3_value_text (argv[0]);

  if (title == NULL)
    sqlite3_result_null (context);
  else
    sqlite3_result_text (context, ne_store_title_key (title), -1, g_free);
}

/* The givens of a SQL function's argument; FALSE (and the result NULL)
 * when it is not a grid. */
static gboolean
sql_arg_grid (sqlite3_context  *context,
              sqlite3_value   **argv,
              NcGrid           *out)
{
  if (grid_from_text ((const char *) sqlite3_value_text (argv[0]),
                      sqlite3_value_bytes (argv[0]), out))
    return TRUE;
  sqlite3_result_null (context);
  return FALSE;
}

static void
sql_canon (sqlite3_context  *context,
           int               argc,
           sqlite3_value   **argv)
{
  NcGrid givens;
  char line[NC_CELLS + 1];

  if (!sql_arg_grid (context, argv, &givens))
    return;
  canon_line (&givens, line);
  sqlite3_result_text (context, line, NC_CELLS, SQLITE_TRANSIENT);
}

static void
sql_clues (sqlite3_context  *context,
           int               argc,
           sqlite3_value   **argv)
{
  NcGrid givens;

  if (sql_arg_grid (context, argv, &givens))
    sqlite3_result_int (context, nc_grid_count_filled (&givens));
}

/* nonet_grade (givens) and nonet_score (givens): NULL unless the puzzle
 * has exactly one solution. */
static void
sql_grade_or_score (sqlite3_context  *context,
                    sqlite3_value   **argv,
                    gboolean          want_score)
{
  NeStore *self = sqlite3_user_data (context);
  GradeCache *cache = &self->grade_cache;
  NcGrid givens;

  if (!sql_arg_grid (context, argv, &givens))
    return;
  if (memcmp (cache->key, sqlite3_value_text (argv[0]), NC_CELLS) != 0)
    {
      memcpy (cache->key, sqlite3_value_text (argv[0]), NC_CELLS);
      if (!grade_if_unique (&givens, NULL, &cache->grade, &cache->score))
        cache->grade = cache->score = -1;
    }
  if (cache->grade < 0)
    sqlite3_result_null (context);
  else
    sqlite3_result_int (context, want_score ? cache->score : cache->grade);
}

static void
sql_grade (sqlite3_context  *context,
           int               argc,
           sqlite3_value   **argv)
{
  sql_grade_or_score (context, argv, FALSE);
}

static void
sql_score (sqlite3_context  *context,
           int               argc,
           sqlite3_value   **argv)
{
  sql_grade_or_score (context, argv, TRUE);
}

static gboolean
ne_store_register_functions (NeStore  *self,
                             GError  **error)
{
  /* nonet_puzzle_sound warns: not deterministic, and only in Nonet's own
   * statements, never in a trigger or view the file might hold. */
  static const struct
  {
    const char *name;
    int         n_args;
    int         flags;
    void      (*func) (sqlite3_context *, int, sqlite3_value **);
  } functions[] = {
    { "nonet_canon", 1, SQLITE_DETERMINISTIC, sql_canon },
    { "nonet_clues", 1, SQLITE_DETERMINISTIC, sql_clues },
    { "nonet_grade", 1, SQLITE_DETERMINISTIC, sql_grade },
    { "nonet_score", 1, SQLITE_DETERMINISTIC, sql_score },
    { "nonet_valid_text", 1, SQLITE_DETERMINISTIC, sql_valid_text },
    { "nonet_title_key", 1, SQLITE_DETERMINISTIC, sql_title_key },
    { "nonet_puzzle_sound", 1 + N_PUZZLE_CHECKED, SQLITE_DIRECTONLY, sql_puzzle_sound },
  };

  for (guint i = 0; i < G_N_ELEMENTS (functions); i++)
    if (sqlite3_create_function (self->db, functions[i].name, functions[i].n_args,
                                 SQLITE_UTF8 | functions[i].flags, self,
                                 functions[i].func, NULL, NULL) != SQLITE_OK)
      {
        ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, _("Could not open the game library"));
        return FALSE;
      }
  return TRUE;
}

/* A file system without shared memory may refuse WAL; the library still
 * works there, in rollback-journal mode. */
static gboolean
ne_store_set_wal (NeStore  *self,
                  GError  **error)
{
  g_autofree char *mode = NULL;

  if (!ne_store_query_text (self, "PRAGMA journal_mode = WAL", &mode, error))
    return FALSE;
  if (g_ascii_strcasecmp (mode != NULL ? mode : "", "wal") != 0)
    g_debug ("%s is in journal mode %s, not WAL", self->display_path, mode);
  return TRUE;
}

/* PRAGMA quick_check: "ok", or the first problem found. */
static gboolean
ne_store_quick_check (NeStore  *self,
                      GError  **error)
{
  g_autofree char *result = NULL;

  if (!ne_store_query_text (self, "PRAGMA quick_check (1)", &result, error))
    return FALSE;
  if (g_strcmp0 (result, "ok") != 0)
    {
      self->corrupt = TRUE;
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                   _("Could not open the game library %s: it is damaged (%s)"),
                   self->display_path, result);
      return FALSE;
    }
  return TRUE;
}

/* What the library path names, before SQLite opens it: nothing yet (a new
 * library) or a regular file. A folder, a FIFO or a device is refused by
 * its type, so that opening never blocks and the message says what is
 * wrong rather than SQLite's "unable to open database file". */
static gboolean
ne_store_check_path (NeStore  *self,
                     GError  **error)
{
  GStatBuf st;

  if (g_stat (self->path, &st) != 0)
    {
      int saved_errno = errno;

      /* Not there: a new library, its folder made as needed. */
      if (saved_errno == ENOENT || saved_errno == ENOTDIR)
        return TRUE;
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                   _("Could not open the game library %s: %s"),
                   self->display_path, g_strerror (saved_errno));
      return FALSE;
    }
  if (S_ISDIR (st.st_mode))
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                   _("Could not open the game library %s: it is a folder, not a library file"),
                   self->display_path);
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                   _("Could not open the game library %s: it is not a regular file"),
                   self->display_path);
      return FALSE;
    }
  return TRUE;
}

/* Reads, and writes nothing: is the file a Nonet library? Yes when it has
 * Nonet's application_id (then its version must be one this build reads),
 * or none but the tables of a Nonet from before the id (version 1 or 2; the
 * migration to 3 sets it). Empty (a new file, 0 bytes, or a database with
 * nothing in it, as a first start killed before its first commit leaves
 * it): *is_new. Anything else is another program's database. */
static gboolean
ne_store_check_library (NeStore   *self,
                        gboolean  *is_new,
                        GError   **error)
{
  int application_id = 0;
  int version = 0;
  int n_objects = 0;
  int n_nonet_tables = 0;

  *is_new = FALSE;
  /* The first statement that reads the file: a file that is not a
   * database fails here with "file is not a database". */
  if (!ne_store_query_int (self, "PRAGMA application_id", &application_id, error)
      || !ne_store_query_int (self, "PRAGMA user_version", &version, error)
      || !ne_store_query_int (self, "SELECT count (*) FROM sqlite_master", &n_objects, error)
      || !ne_store_query_int (self, "SELECT count (*) FROM sqlite_master WHERE type = 'table'"
                                    " AND name IN ('puzzle', 'game')", &n_nonet_tables, error))
    return FALSE;

  if ((guint32) application_id == NE_STORE_APPLICATION_ID)
    return ne_store_check_version (self, version, error);
  if (application_id == 0 && version == 0 && n_objects == 0)
    {
      *is_new = TRUE;
      return TRUE;
    }
  if (application_id == 0 && version >= 1 && version < NE_STORE_SCHEMA_VERSION
      && n_nonet_tables == 2)
    return TRUE;

  g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
               _("Could not open %s: it is not a Nonet library (another program’s "
                 "database?); it was left as it was"),
               self->display_path);
  return FALSE;
}

static gboolean purge_trash (NeStore *self, gint64 trashed_before, GError **error);
static gboolean ne_store_repair_names (NeStore *self, GError **error);

static gboolean
ne_store_setup (NeStore   *self,
                gboolean   check,
                GError   **error)
{
  const char *what = _("Could not open the game library");
  g_autofree char *dir = NULL;
  gboolean is_new = FALSE;

  /* An empty path would be SQLite's temporary database: nothing kept. */
  if (self->path[0] == '\0')
    {
      g_set_error_literal (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                           _("Could not open the game library: its path is empty"));
      return FALSE;
    }
  if (!ne_store_check_path (self, error))
    return FALSE;

  dir = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                   _("Could not open the game library %s: could not create its folder: %s"),
                   self->display_path, g_strerror (saved_errno));
      return FALSE;
    }

  if (sqlite3_open_v2 (self->path, &self->db,
                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
    {
      if (self->db == NULL)
        g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                     _("Could not open the game library %s: out of memory"), self->display_path);
      else
        ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, what);
      return FALSE;
    }
  sqlite3_extended_result_codes (self->db, 1);
  ne_store_set_busy_timeout (self, BUSY_TIMEOUT_MS);

  /* Another program's database and a library from a newer Nonet are
   * refused before anything in them changes; closed without the checkpoint
   * that would write a log they may have into them. */
  if (!ne_store_check_library (self, &is_new, error))
    {
      if (!self->corrupt)
        sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
      return FALSE;
    }
  if (check && !is_new && !ne_store_quick_check (self, error))
    return FALSE;
  /* The first write to a new file says whose it is. */
  if (is_new)
    {
      g_autofree char *set_id = g_strdup_printf ("PRAGMA application_id = %d",
                                                 (int) NE_STORE_APPLICATION_ID);

      if (!ne_store_exec (self, set_id, what, error))
        return FALSE;
    }

  /* In WAL mode a commit is in the log once COMMIT returns, so killing the
   * process loses nothing committed; synchronous=NORMAL skips the fsync
   * per commit, so only a power cut can lose the last moves. */
  if (!ne_store_set_wal (self, error))
    return FALSE;
  if (!ne_store_exec (self, "PRAGMA foreign_keys = ON", what, error)
      || !ne_store_exec (self, "PRAGMA synchronous = NORMAL", what, error)
      /* Statement journals in memory: an import batch makes one per insert. */
      || !ne_store_exec (self, "PRAGMA temp_store = MEMORY", what, error))
    return FALSE;

  if (!ne_store_register_functions (self, error)
      || !ne_store_migrate (self, error))
    return FALSE;

  for (int i = 0; i < N_STMTS; i++)
    if (sqlite3_prepare_v3 (self->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT,
                            &self->stmts[i], NULL) != SQLITE_OK)
      {
        ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, what);
        return FALSE;
      }

  /* Names not UTF-8, leftovers from an earlier session, then what this
   * build ships. The repair and the purge can wait for another session that
   * holds the library: reading it meanwhile (a list, an export) still
   * works, and text is made valid as it is read. */
  {
    GError *local_error = NULL;

    if (!ne_store_repair_names (self, &local_error)
        || !purge_trash (self, now_ms () - PURGE_AT_OPEN_AGE_MS, &local_error))
      {
        int rc = sqlite3_extended_errcode (self->db) & 0xff;

        if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
          {
            g_propagate_error (error, local_error);
            return FALSE;
          }
        g_debug ("Not repairing or purging the library now: %s", local_error->message);
        g_error_free (local_error);
      }
  }
  {
    GError *local_error = NULL;

    ne_store_import_builtin (self, &local_error);
    if (local_error != NULL)
      {
        g_propagate_error (error, local_error);
        return FALSE;
      }
  }
  return TRUE;
}

static void
ne_store_finalize (GObject *object)
{
  NeStore *self = NE_STORE (object);

  for (int i = 0; i < N_STMTS; i++)
    g_clear_pointer (&self->stmts[i], sqlite3_finalize);
  g_clear_pointer (&self->db, sqlite3_close);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->display_path, g_free);
  g_clear_pointer (&self->damaged_warned, g_hash_table_unref);

  G_OBJECT_CLASS (ne_store_parent_class)->finalize (object);
}

static void
ne_store_class_init (NeStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ne_store_finalize;

  /**
   * NeStore::library-changed:
   *
   * Puzzles or collections changed through this store (after the commit).
   */
  signals[LIBRARY_CHANGED] =
    g_signal_new ("library-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ne_store_init (NeStore *self)
{
  self->damaged_warned = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

char *
ne_store_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "nonet", "library.db", NULL);
}

static NeStore *
ne_store_new_for_path (const char *path)
{
  NeStore *self = g_object_new (NE_TYPE_STORE, NULL);

  self->path = g_strdup (path);
  self->display_path = g_filename_display_name (path);
  return self;
}

NeStore *
ne_store_open (const char  *path,
               GError     **error)
{
  g_autoptr(NeStore) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = ne_store_new_for_path (path);
  if (!ne_store_setup (self, FALSE, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* Renames path and its -wal and -shm to "<path>.corrupt-<stamp>" (+ the
 * same suffixes); returns the new name of the library itself. */
static char *
move_aside (const char  *path,
            GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *target = g_strdup_printf ("%s.corrupt-%s", path, stamp);
  static const char *const suffixes[] = { "", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *from = g_strconcat (path, suffixes[i], NULL);
      g_autofree char *to = g_strconcat (target, suffixes[i], NULL);

      if (g_rename (from, to) != 0 && (i == 0 || errno != ENOENT))
        {
          int saved_errno = errno;
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                       _("The game library %s is damaged and could not be moved aside: %s"),
                       display, g_strerror (saved_errno));
          return NULL;
        }
    }
  return g_steal_pointer (&target);
}

NeStore *
ne_store_open_or_recover (const char  *path,
                          char       **moved_aside_message,
                          GError     **error)
{
  g_autoptr(NeStore) self = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *display_aside = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (moved_aside_message != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  *moved_aside_message = NULL;
  self = ne_store_new_for_path (path);
  if (ne_store_setup (self, TRUE, &local_error))
    return g_steal_pointer (&self);

  /* Only a damaged file is moved: a newer library, a folder that cannot be
   * written or a file that cannot be read stay as they are. */
  if (!self->corrupt)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  /* Moved while still open, and closed without a checkpoint: closing
   * first would let SQLite write to the damaged file and delete its log. */
  g_debug ("Moving aside %s: %s", path, local_error->message);
  if (self->db != NULL)
    sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
  aside = move_aside (path, error);
  g_clear_object (&self);
  if (aside == NULL)
    return NULL;

  self = ne_store_open (path, error);
  if (self == NULL)
    return NULL;
  display_aside = g_filename_display_name (aside);
  *moved_aside_message =
    g_strdup_printf ("The game library %s was damaged and could not be read. It was "
                     "moved to %s and a new library was started.",
                     self->display_path, display_aside);
  return g_steal_pointer (&self);
}

void
ne_store_set_busy_timeout (NeStore *self,
                           guint    ms)
{
  g_return_if_fail (NE_IS_STORE (self));

  self->busy_timeout_ms = ms;
  sqlite3_busy_timeout (self->db, (int) MIN (ms, (guint) G_MAXINT));
}

const char *
ne_store_get_path (NeStore *self)
{
  g_return_val_if_fail (NE_IS_STORE (self), NULL);

  return self->path;
}

/* The longest run of digits a title key orders by value: its length is
 * written in two digits (ne-store-private.h). */
#define TITLE_KEY_MAX_RUN 99

char *
ne_store_title_key (const char *title)
{
  g_autofree char *decomposed = NULL;
  g_autofree char *folded = NULL;
  GString *key;
  const char *p;

  g_return_val_if_fail (title != NULL, NULL);

  /* Compatibility forms (fullwidth digits, ligatures) as their plain
   * letters, then without case or accents. */
  decomposed = g_utf8_normalize (title, -1, G_NORMALIZE_ALL);
  if (decomposed == NULL)   /* not UTF-8: still a key, as the title has one */
    return g_strdup (title);
  folded = g_utf8_casefold (decomposed, -1);

  key = g_string_sized_new (strlen (folded) + 8);
  p = folded;
  while (*p != '\0')
    {
      if (g_ascii_isdigit (*p))
        {
          const char *digits;
          gsize len;

          while (*p == '0')
            p++;
          digits = p;
          while (g_ascii_isdigit (*p))
            p++;
          /* A longer run (no title has one) sorts among the 99-digit
           * numbers, by its digits. */
          len = p - digits;
          g_string_append_printf (key, "%02u", (guint) MIN (len, TITLE_KEY_MAX_RUN));
          g_string_append_len (key, digits, len);
        }
      else
        {
          gunichar c = g_utf8_get_char (p);

          if (g_unichar_type (c) != G_UNICODE_NON_SPACING_MARK)
            g_string_append_unichar (key, c);
          p = g_utf8_next_char (p);
        }
    }
  return g_string_free (key, FALSE);
}

static void
bind_grid (sqlite3_stmt *stmt,
           int           index,
           const NcGrid *grid)
{
  char line[82];

  if (grid == NULL)
    {
      sqlite3_bind_null (stmt, index);
      return;
    }
  nc_grid_format_line (grid, '.', line);
  sqlite3_bind_text (stmt, index, line, NC_CELLS, SQLITE_TRANSIENT);
}

/* Text as the library stores it: valid UTF-8, whatever the caller had. */
static void
bind_valid_text (sqlite3_stmt *stmt,
                 int           index,
                 const char   *text)
{
  if (g_utf8_validate (text, -1, NULL))
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_text (stmt, index, g_utf8_make_valid (text, -1), -1, g_free);
}

/* NULL for an empty string too. */
static void
bind_text_or_null (sqlite3_stmt *stmt,
                   int           index,
                   const char   *text)
{
  if (text == NULL || text[0] == '\0')
    sqlite3_bind_null (stmt, index);
  else
    bind_valid_text (stmt, index, text);
}

static void
bind_id_or_null (sqlite3_stmt *stmt,
                 int           index,
                 gint64        id)
{
  if (id == 0)
    sqlite3_bind_null (stmt, index);
  else
    sqlite3_bind_int64 (stmt, index, id);
}

static void
bind_int_or_null (sqlite3_stmt *stmt,
                  int           index,
                  int           value)
{
  if (value < 0)
    sqlite3_bind_null (stmt, index);
  else
    sqlite3_bind_int (stmt, index, value);
}

/* A grid column: FALSE unless 81 characters of '1'..'9', '.' or '0'. */
static gboolean
column_grid (sqlite3_stmt *stmt,
             int           index,
             NcGrid       *out)
{
  return grid_from_text ((const char *) sqlite3_column_text (stmt, index),
                         sqlite3_column_bytes (stmt, index), out);
}

/* A text column as valid UTF-8 (NULL for NULL), however it was written. */
static char *
column_strdup (sqlite3_stmt *stmt,
               int           index)
{
  return valid_text_dup ((const char *) sqlite3_column_text (stmt, index),
                         sqlite3_column_bytes (stmt, index));
}

/* A statement that returns at most one id (or count): 0 with no error
 * when it returns no row. */
static gint64
ne_store_step_id (NeStore       *self,
                  sqlite3_stmt  *stmt,
                  GError       **error)
{
  gint64 id = 0;
  int rc = sqlite3_step (stmt);

  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  else if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return id;
}

/* A statement that changes rows: -1 and error when it fails, else how
 * many rows it changed. */
static int
ne_store_step_change (NeStore       *self,
                      sqlite3_stmt  *stmt,
                      GError       **error)
{
  int rc = sqlite3_step (stmt);

  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          _("Could not write to the game library"));
      return -1;
    }
  return sqlite3_changes (self->db);
}

/* Runs a bound statement that changes the row of id (a "what", for the
 * error) and ends the transaction the caller began: NOT_FOUND when there
 * was no such row. */
static gboolean
change_one_and_end (NeStore       *self,
                    sqlite3_stmt  *stmt,
                    const char    *what,
                    gint64         id,
                    GError       **error)
{
  int changes = ne_store_step_change (self, stmt, error);

  if (changes == 0)
    set_not_found (self, error, what, id);
  if (changes > 0)
    self->changed = TRUE;
  return ne_store_tx_end (self, changes > 0, error);
}

gint64
ne_store_find_puzzle (NeStore       *self,
                      const NcGrid  *givens,
                      GError       **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_FIND_PUZZLE);
  bind_grid (stmt, 1, givens);
  return ne_store_step_id (self, stmt, error);
}

static gint64
find_by_canon (NeStore     *self,
               const char  *canon,
               GError     **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_FIND_EQUIVALENT);

  sqlite3_bind_text (stmt, 1, canon, NC_CELLS, SQLITE_TRANSIENT);
  return ne_store_step_id (self, stmt, error);
}

gint64
ne_store_find_equivalent (NeStore       *self,
                          const NcGrid  *givens,
                          GError       **error)
{
  char canon[NC_CELLS + 1];

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  canon_line (givens, canon);
  return find_by_canon (self, canon, error);
}

/* Inserts a row (grade and score -1 for unknown; canon is givens' canonical
 * line); returns its id, 0 with no error when a puzzle with the same givens
 * is there already. */
static gint64
insert_row (NeStore             *self,
            const NcGrid        *givens,
            const char          *canon,
            const NcGrid        *solution,
            int                  grade,
            int                  score,
            const NePuzzleMeta  *meta,
            GError             **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_ADD_PUZZLE);
  g_autofree char *title_key = NULL;
  int rc;

  bind_grid (stmt, 1, givens);
  bind_grid (stmt, 2, solution);
  bind_text_or_null (stmt, 3, meta->source);
  sqlite3_bind_int64 (stmt, 4, now_ms ());
  sqlite3_bind_text (stmt, 5, canon, NC_CELLS, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 6, nc_grid_count_filled (givens));
  bind_int_or_null (stmt, 7, grade);
  bind_int_or_null (stmt, 8, grade < 0 ? -1 : score);
  bind_text_or_null (stmt, 9, meta->title);
  bind_text_or_null (stmt, 10, meta->author);
  bind_text_or_null (stmt, 11, meta->notes);
  bind_id_or_null (stmt, 12, meta->collection_id);
  if (meta->title != NULL && meta->title[0] != '\0')
    {
      g_autofree char *title = g_utf8_make_valid (meta->title, -1);

      title_key = ne_store_title_key (title);
    }
  bind_text_or_null (stmt, 13, title_key);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
    {
      set_not_found (self, error, _("Collection"), meta->collection_id);
      return 0;
    }
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          _("Could not add the puzzle to the game library"));
      return 0;
    }
  if (sqlite3_changes (self->db) == 0)
    return 0;
  self->changed = TRUE;
  return sqlite3_last_insert_rowid (self->db);
}

/* Takes a puzzle out of the trash; *restored (may be NULL) says whether it
 * was in it. FALSE and error when that fails. */
static gboolean
untrash (NeStore   *self,
         gint64     puzzle_id,
         gboolean  *restored,
         GError   **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_UNTRASH);
  int changes;

  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  changes = ne_store_step_change (self, stmt, error);
  if (changes > 0)
    self->changed = TRUE;
  if (restored != NULL)
    *restored = changes > 0;
  return changes >= 0;
}

static gint64
add_puzzle (NeStore       *self,
            const NcGrid  *givens,
            const NcGrid  *solution,
            const char    *source,
            GError       **error)
{
  NePuzzleMeta meta = { .source = source };
  char canon[NC_CELLS + 1];
  int grade = -1;
  int score = -1;
  gint64 id;

  if (!grade_if_unique (givens, NULL, &grade, &score))
    grade = score = -1;
  canon_line (givens, canon);
  id = insert_row (self, givens, canon, solution, grade, score, &meta, error);
  if (id != 0 || (error != NULL && *error != NULL))
    return id;

  /* Already there: the same puzzle, out of the trash if it was in it. */
  id = ne_store_find_puzzle (self, givens, error);
  if (id == 0 && error != NULL && *error == NULL)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_FAILED,
                 _("Could not add the puzzle to the game library %s"), self->display_path);
  if (id != 0 && !untrash (self, id, NULL, error))
    return 0;
  return id;
}

gint64
ne_store_add_puzzle (NeStore       *self,
                     const NcGrid  *givens,
                     const NcGrid  *solution,
                     const char    *source,
                     GError       **error)
{
  gint64 id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!ne_store_tx_begin (self, error))
    return 0;
  id = add_puzzle (self, givens, solution, source, error);
  if (!ne_store_tx_end (self, id != 0, error))
    return 0;
  return id;
}

/* The puzzle's status and best time from its games, for the puzzle of
 * game_id; marks the library changed when they changed. */
static gboolean
update_puzzle_status (NeStore  *self,
                      gint64    game_id,
                      GError  **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_UPDATE_PUZZLE_STATUS);
  int changes;

  sqlite3_bind_int64 (stmt, 1, game_id);
  changes = ne_store_step_change (self, stmt, error);
  if (changes > 0)
    self->changed = TRUE;
  return changes >= 0;
}

static gint64
start_game (NeStore  *self,
            gint64    puzzle_id,
            GError  **error)
{
  sqlite3_stmt *stmt;
  gint64 game_id;
  int rc;

  stmt = ne_store_stmt (self, STMT_START_GAME);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  sqlite3_bind_int64 (stmt, 2, now_ms ());
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                   _("Could not start a game: puzzle %lld is not in the game library %s"),
                   (long long) puzzle_id, self->display_path);
      return 0;
    }
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          _("Could not start a game in the game library"));
      return 0;
    }
  game_id = sqlite3_last_insert_rowid (self->db);
  if (!update_puzzle_status (self, game_id, error))
    return 0;
  return game_id;
}

gint64
ne_store_start_game (NeStore  *self,
                     gint64    puzzle_id,
                     GError  **error)
{
  gint64 game_id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!ne_store_tx_begin (self, error))
    return 0;
  game_id = start_game (self, puzzle_id, error);
  if (!ne_store_tx_end (self, game_id != 0, error))
    return 0;
  return game_id;
}

/* The history as space-separated move texts, e.g. "n3:4 s3:4c c3". */
static char *
format_moves (const NcGame *game)
{
  size_t n_moves;
  const NcMove *moves = nc_game_moves (game, &n_moves);
  GString *text = g_string_sized_new (n_moves * 7 + 1);

  for (size_t i = 0; i < n_moves; i++)
    {
      char buf[NC_MOVE_TEXT_SIZE];

      nc_move_format (moves[i], buf, sizeof buf);
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, buf);
    }
  return g_string_free (text, FALSE);
}

/* After an UPDATE of one game row: the statement ran, and the row was
 * there; then the puzzle's status follows, in the same transaction. */
static gboolean
ne_store_check_game_updated (NeStore  *self,
                             int       rc,
                             gint64    game_id,
                             GError  **error)
{
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not save the game to"));
      return FALSE;
    }
  if (sqlite3_changes (self->db) != 1)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                   _("Could not save the game to %s: game %lld is no longer in the library"),
                   self->display_path, (long long) game_id);
      return FALSE;
    }
  return update_puzzle_status (self, game_id, error);
}

/* Binds ?2..?6 of STMT_SAVE_GAME and STMT_COPY_GAME: the moves (owned by
 * the caller until the statement is reset), position, time, status, now. */
static void
bind_game_state (sqlite3_stmt *stmt,
                 const char   *moves,
                 const NcGame *game,
                 gint64        elapsed_ms)
{
  NeGameStatus status = nc_game_is_solved (game) ? NE_GAME_STATUS_SOLVED
                                                 : NE_GAME_STATUS_IN_PROGRESS;

  sqlite3_bind_text (stmt, 2, moves, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, (sqlite3_int64) nc_game_position (game));
  sqlite3_bind_int64 (stmt, 4, elapsed_ms);
  sqlite3_bind_text (stmt, 5, status_to_string (status), -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 6, now_ms ());
}

/* Inside the save's transaction, when another instance saved game_id
 * since: the game as this one has it, as a new game of the same puzzle
 * (at version 1); its id, or 0 and error. */
static gint64
save_as_copy (NeStore       *self,
              gint64         game_id,
              const char    *moves,
              const NcGame  *game,
              gint64         elapsed_ms,
              GError       **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_COPY_GAME);
  gint64 copy_id;
  int rc;

  sqlite3_bind_int64 (stmt, 1, game_id);
  bind_game_state (stmt, moves, game, elapsed_ms);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not save the game to"));
      return 0;
    }
  copy_id = sqlite3_last_insert_rowid (self->db);
  if (!update_puzzle_status (self, copy_id, error))
    return 0;
  return copy_id;
}

gboolean
ne_store_save_game (NeStore       *self,
                    gint64        *game_id,
                    gint64        *version,
                    const NcGame  *game,
                    gint64         elapsed_ms,
                    GError       **error)
{
  g_autofree char *moves = NULL;
  sqlite3_stmt *stmt;
  gint64 stored_version;
  gint64 copy_id;
  gboolean found;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL && version != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  moves = format_moves (game);

  /* Moves, position, time, status and the puzzle's status are saved
   * together or not at all; the version is compared in the same
   * transaction, so no other save comes between. */
  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_GAME_VERSION);
  sqlite3_bind_int64 (stmt, 1, *game_id);
  rc = sqlite3_step (stmt);
  found = rc == SQLITE_ROW;
  stored_version = found ? sqlite3_column_int64 (stmt, 0) : 0;
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not save the game to"));
      return ne_store_tx_end (self, FALSE, error);
    }

  if (found && stored_version != *version)
    {
      copy_id = save_as_copy (self, *game_id, moves, game, elapsed_ms, error);
      if (!ne_store_tx_end (self, copy_id != 0, error))
        return FALSE;
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CONFLICT,
                   _("Game %lld in the game library %s was changed by another window of Nonet "
                     "meanwhile: its moves were kept, and the moves here were saved as a "
                     "separate game (%lld)"),
                   (long long) *game_id, self->display_path, (long long) copy_id);
      *game_id = copy_id;
      *version = 1;
      return FALSE;
    }

  stmt = ne_store_stmt (self, STMT_SAVE_GAME);
  sqlite3_bind_int64 (stmt, 1, *game_id);
  bind_game_state (stmt, moves, game, elapsed_ms);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (!ne_store_tx_end (self, ne_store_check_game_updated (self, rc, *game_id, error), error))
    return FALSE;
  *version = stored_version + 1;
  return TRUE;
}

gboolean
ne_store_mark_solved (NeStore  *self,
                      gint64    game_id,
                      GError  **error)
{
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_MARK_SOLVED);
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, now_ms ());
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  return ne_store_tx_end (self, ne_store_check_game_updated (self, rc, game_id, error), error);
}

static void
set_corrupt (NeStore     *self,
             GError     **error,
             gint64       game_id,
             const char  *reason)
{
  g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT,
               _("Game %lld in the game library %s could not be restored: %s"),
               (long long) game_id, self->display_path, reason);
}

gboolean
ne_store_get_game_status (NeStore       *self,
                          gint64         game_id,
                          NeGameStatus  *status,
                          GError       **error)
{
  sqlite3_stmt *stmt;
  gboolean found = FALSE;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (status != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stmt = ne_store_stmt (self, STMT_GAME_STATUS);
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);

      found = TRUE;
      if (g_strcmp0 (text, "solved") == 0)
        *status = NE_GAME_STATUS_SOLVED;
      else if (g_strcmp0 (text, "in-progress") == 0)
        *status = NE_GAME_STATUS_IN_PROGRESS;
      else
        {
          set_corrupt (self, error, game_id, _("its status is not one Nonet knows"));
          found = FALSE;
        }
    }
  else if (rc == SQLITE_DONE)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                 _("Game %lld is not in the game library %s"),
                 (long long) game_id, self->display_path);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return found;
}

gint64
ne_store_find_current_game (NeStore  *self,
                            GError  **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  return ne_store_step_id (self, ne_store_stmt (self, STMT_CURRENT_GAME), error);
}

/* Plays the saved moves back; the error names the game and the move. */
static NcGame *
restore_game (NeStore       *self,
              gint64         game_id,
              const NcGrid  *givens,
              const char    *moves_text,
              gint64         position,
              GError       **error)
{
  g_auto(GStrv) words = g_strsplit (moves_text != NULL ? moves_text : "", " ", -1);
  g_autofree NcMove *moves = g_new (NcMove, g_strv_length (words) + 1);
  size_t n_moves = 0;
  size_t bad_move = 0;
  NcGame *core;

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      if (!nc_move_parse (words[i], &moves[n_moves]))
        {
          /* The text may be any bytes: quoted as valid UTF-8. */
          g_autofree char *word = g_utf8_make_valid (words[i], -1);
          g_autofree char *reason =
            g_strdup_printf ("its move %zu, “%s”, is not a move", n_moves + 1, word);

          set_corrupt (self, error, game_id, reason);
          return NULL;
        }
      n_moves++;
    }

  if (position < 0 || (guint64) position > n_moves)
    {
      g_autofree char *reason =
        g_strdup_printf ("it is at move %" G_GINT64_FORMAT " of only %zu", position, n_moves);

      set_corrupt (self, error, game_id, reason);
      return NULL;
    }

  core = nc_game_restore (givens, moves, n_moves, (size_t) position, &bad_move);
  if (core == NULL)
    {
      char text[NC_MOVE_TEXT_SIZE];
      g_autofree char *reason = NULL;

      g_assert (bad_move < n_moves);
      nc_move_format (moves[bad_move], text, sizeof text);
      reason = g_strdup_printf ("its move %zu, “%s”, cannot be played on its puzzle",
                                bad_move + 1, text);
      set_corrupt (self, error, game_id, reason);
      return NULL;
    }
  return core;
}

/* Why givens (read as 81 digits and blanks) and a solution (NULL when
 * unknown) cannot be played, or NULL when they can: a damaged row. */
static const char *
play_damage (const NcGrid *givens,
             const NcGrid *solution)
{
  if (nc_grid_count_filled (givens) == 0)
    return _("its puzzle has no givens");
  if (nc_grid_find_conflicts (givens, NULL, 0) != 0)
    return _("its puzzle breaks the rules: two givens collide");
  if (solution == NULL)
    return NULL;
  if (!nc_grid_is_full (solution) || nc_grid_find_conflicts (solution, NULL, 0) != 0)
    return _("its puzzle’s solution is not a solved grid");
  for (int i = 0; i < NC_CELLS; i++)
    if (givens->cell[i] != 0 && givens->cell[i] != solution->cell[i])
      return _("its puzzle’s solution does not hold its givens");
  return NULL;
}

NeGame *
ne_store_load_game (NeStore  *self,
                    gint64    game_id,
                    GError  **error)
{
  g_autofree char *moves_text = NULL;
  sqlite3_stmt *stmt;
  NcGrid givens;
  NcGrid solution;
  gboolean has_solution = FALSE;
  gboolean givens_ok = FALSE;
  gint64 position = 0;
  gint64 version = 0;
  gint64 elapsed_ms = 0;
  const char *damage = NULL;
  NcGame *core;
  NeGame *game;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = ne_store_stmt (self, STMT_LOAD_GAME);
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      const char *status = (const char *) sqlite3_column_text (stmt, 5);

      moves_text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      position = sqlite3_column_int64 (stmt, 1);
      elapsed_ms = sqlite3_column_int64 (stmt, 2);
      givens_ok = column_grid (stmt, 3, &givens);
      has_solution = sqlite3_column_type (stmt, 4) != SQLITE_NULL;
      version = sqlite3_column_int64 (stmt, 8);

      /* What a hand edit may leave that the table's CHECKs let through. */
      if (!givens_ok)
        damage = _("its puzzle is not 81 digits and blanks");
      else if (has_solution && !column_grid (stmt, 4, &solution))
        damage = _("its puzzle’s solution is not 81 digits");
      else if (!column_int_in (stmt, 2, 0, MAX_ELAPSED_MS))
        damage = _("its time played is not a time");
      else if (g_strcmp0 (status, "in-progress") != 0 && g_strcmp0 (status, "solved") != 0)
        damage = _("its status is not one Nonet knows");
      else if (!column_int_in (stmt, 6, 0, MAX_TIME_MS) || !column_int_in (stmt, 7, 0, MAX_TIME_MS))
        damage = _("the date it was played is not a date");
      else
        damage = play_damage (&givens, has_solution ? &solution : NULL);
    }
  else if (rc == SQLITE_DONE)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                 _("Game %lld is not in the game library %s"),
                 (long long) game_id, self->display_path);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW)
    return NULL;

  if (damage != NULL)
    {
      set_corrupt (self, error, game_id, damage);
      return NULL;
    }

  core = restore_game (self, game_id, &givens, moves_text, position, error);
  if (core == NULL)
    return NULL;

  game = ne_game_new_for_core (core, has_solution ? &solution : NULL);
  ne_game_set_elapsed_ms (game, elapsed_ms);
  ne_game_attach_store (game, self, game_id, version);
  return game;
}

NeGame *
ne_store_resume_game (NeStore  *self,
                      GError  **error)
{
  GError *local_error = NULL;
  gint64 game_id;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  game_id = ne_store_find_current_game (self, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  if (game_id == 0)
    return NULL;
  return ne_store_load_game (self, game_id, error);
}

NeGame *
ne_store_new_game (NeStore       *self,
                   const NcGrid  *givens,
                   const NcGrid  *solution,
                   const char    *source,
                   GError       **error)
{
  gint64 puzzle_id;
  gint64 game_id = 0;
  NeGame *game;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (givens != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The puzzle and its game arrive together or not at all. */
  if (!ne_store_tx_begin (self, error))
    return NULL;
  puzzle_id = add_puzzle (self, givens, solution, source, error);
  if (puzzle_id != 0)
    game_id = start_game (self, puzzle_id, error);
  if (!ne_store_tx_end (self, game_id != 0, error))
    return NULL;

  game = ne_game_new (givens, solution);
  ne_game_attach_store (game, self, game_id, 0);
  return game;
}

static gboolean
validate_solution (const NcGrid  *givens,
                   const NcGrid  *solution,
                   GError       **error)
{
  if (solution == NULL || !nc_grid_is_full (solution)
      || nc_grid_find_conflicts (solution, NULL, 0) != 0)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID,
                   _("The puzzle could not be added: its solution is not a solved grid"));
      return FALSE;
    }
  for (int i = 0; i < NC_CELLS; i++)
    if (givens->cell[i] != 0 && givens->cell[i] != solution->cell[i])
      {
        char cell[5];

        g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID,
                     _("The puzzle could not be added: its given at %s is not in its solution"),
                     nc_cell_name (i, cell));
        return FALSE;
      }
  return TRUE;
}

char *
ne_store_describe_puzzle (NeStore *self,
                          gint64   puzzle_id)
{
  NePuzzleInfo info = { 0 };
  GString *text;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);

  text = g_string_new (NULL);
  if (ne_store_get_puzzle (self, puzzle_id, &info, NULL) && info.title != NULL)
    g_string_append_printf (text, "“%s”", info.title);
  else
    g_string_append_printf (text, "#%" G_GINT64_FORMAT, puzzle_id);
  if (info.collection != NULL)
    g_string_append_printf (text, " in %s", info.collection);
  ne_puzzle_info_clear (&info);
  return g_string_free (text, FALSE);
}

char *
ne_store_describe_duplicate (NeStore  *self,
                             gint64    original_id,
                             gboolean  was_trashed)
{
  g_autofree char *original = NULL;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);

  original = ne_store_describe_puzzle (self, original_id);
  if (was_trashed)
    return g_strdup_printf ("the same puzzle as %s, which was in the trash and is back in the library",
                            original);
  return g_strdup_printf ("the same puzzle as %s", original);
}

/* The duplicate error for original_id, e.g. "the same puzzle as “Easy 4”
 * in Easy". */
static void
set_duplicate (NeStore     *self,
               GError     **error,
               gint64       original_id,
               gboolean     was_trashed)
{
  g_autofree char *message = ne_store_describe_duplicate (self, original_id, was_trashed);

  g_set_error_literal (error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE, message);
}

gint64
ne_store_find_duplicate (NeStore       *self,
                         const NcGrid  *givens,
                         gboolean      *was_trashed,
                         GError       **error)
{
  GError *local_error = NULL;
  gboolean restored = FALSE;
  gint64 original;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (was_trashed != NULL)
    *was_trashed = FALSE;
  original = ne_store_find_puzzle (self, givens, error);
  if (original == 0)
    return 0;
  if (!ne_store_tx_begin (self, error))
    return 0;
  if (!ne_store_tx_end (self, untrash (self, original, &restored, &local_error), &local_error))
    {
      g_propagate_error (error, local_error);
      return 0;
    }
  if (was_trashed != NULL)
    *was_trashed = restored;
  return original;
}

/* The insert proper, inside a transaction: 0 and error when not added. */
static gint64
insert_puzzle (NeStore             *self,
               const NcGrid        *givens,
               const NcGrid        *solution,
               int                  grade,
               int                  score,
               const NePuzzleMeta  *meta,
               gint64              *original_id,
               GError             **error)
{
  GError *local_error = NULL;
  gboolean restored = FALSE;
  char canon[NC_CELLS + 1];
  gint64 original;
  gint64 id;

  canon_line (givens, canon);
  original = find_by_canon (self, canon, &local_error);
  if (original == 0 && local_error == NULL)
    {
      id = insert_row (self, givens, canon, solution, grade, score, meta, &local_error);
      if (id != 0 || local_error != NULL)
        {
          if (local_error != NULL)
            g_propagate_error (error, local_error);
          return id;
        }
      /* The same givens without a canonical form: a row no migration
       * filled; recognise it all the same. */
      original = ne_store_find_puzzle (self, givens, &local_error);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return 0;
    }

  /* A puzzle in the trash is one the person deleted moments ago (the trash
   * is purged when the Undo toast goes): adding it again means they want
   * it, so it comes back rather than staying out of view. */
  if (!untrash (self, original, &restored, error))
    return 0;
  if (original_id != NULL)
    *original_id = original;
  set_duplicate (self, error, original, restored);
  return 0;
}

gint64
ne_store_insert_puzzle (NeStore             *self,
                        const NcGrid        *givens,
                        const NcGrid        *solution,
                        int                  grade,
                        int                  score,
                        const NePuzzleMeta  *meta,
                        gint64              *original_id,
                        GError             **error)
{
  static const NePuzzleMeta no_meta = { 0 };
  GError *local_error = NULL;
  gboolean ok;
  gint64 id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (grade >= -1 && grade < NC_GRADE_COUNT, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (original_id != NULL)
    *original_id = 0;
  if (!validate_solution (givens, solution, error))
    return 0;
  if (!ne_store_tx_begin (self, error))
    return 0;
  id = insert_puzzle (self, givens, solution, grade, score, meta != NULL ? meta : &no_meta,
                      original_id, &local_error);
  /* A duplicate is not a failure of the transaction: a puzzle it took out
   * of the trash stays out. */
  ok = id != 0 || g_error_matches (local_error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE);
  if (local_error != NULL)
    {
      ne_store_tx_end (self, ok, NULL);
      g_propagate_error (error, local_error);
      return 0;
    }
  if (!ne_store_tx_end (self, ok, error))
    return 0;
  return id;
}

gboolean
ne_store_get_puzzle (NeStore       *self,
                     gint64         puzzle_id,
                     NePuzzleInfo  *out,
                     GError       **error)
{
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  stmt = ne_store_stmt (self, STMT_GET_PUZZLE);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      sqlite3_value *values[N_PUZZLE_CHECKED];
      const char *damage;

      /* Copies: a column's own value is only for binding elsewhere. */
      for (int i = 0; i < N_PUZZLE_CHECKED; i++)
        values[i] = sqlite3_value_dup (sqlite3_column_value (stmt, i));
      damage = puzzle_damage (values);
      for (int i = 0; i < N_PUZZLE_CHECKED; i++)
        sqlite3_value_free (values[i]);
      if (damage != NULL)
        {
          g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT,
                       _("Puzzle %lld in the game library %s is damaged: %s"),
                       (long long) puzzle_id, self->display_path, damage);
          sqlite3_reset (stmt);
          return FALSE;
        }
      out->id = puzzle_id;
      column_grid (stmt, PUZZLE_GIVENS, &out->givens);
      out->clues = sqlite3_column_int (stmt, PUZZLE_CLUES);
      out->grade = sqlite3_column_type (stmt, PUZZLE_GRADE) == SQLITE_NULL
                   ? -1 : sqlite3_column_int (stmt, PUZZLE_GRADE);
      out->score = sqlite3_column_type (stmt, PUZZLE_SCORE) == SQLITE_NULL
                   ? -1 : sqlite3_column_int (stmt, PUZZLE_SCORE);
      out->status = (NePuzzleStatus) sqlite3_column_int (stmt, PUZZLE_STATUS);
      out->best_ms = sqlite3_column_type (stmt, PUZZLE_BEST_MS) == SQLITE_NULL
                     ? -1 : sqlite3_column_int64 (stmt, PUZZLE_BEST_MS);
      out->added_ms = sqlite3_column_int64 (stmt, PUZZLE_ADDED);
      if (!column_grid (stmt, 7, &out->solution))
        memset (&out->solution, 0, sizeof out->solution);
      out->title = column_strdup (stmt, 8);
      out->author = column_strdup (stmt, 9);
      out->source = column_strdup (stmt, 10);
      out->notes = column_strdup (stmt, 11);
      out->collection_id = sqlite3_column_int64 (stmt, 12);
      out->collection = column_strdup (stmt, 13);
    }
  else if (rc == SQLITE_DONE)
    set_not_found (self, error, _("Puzzle"), puzzle_id);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW;
}

guint
ne_store_count_puzzles (NeStore  *self,
                        GError  **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  return (guint) ne_store_step_id (self, ne_store_stmt (self, STMT_COUNT_PUZZLES), error);
}

/* Runs which (?1 a puzzle id, ?2 value when it has one: 0 is NULL) on each
 * puzzle, in one transaction: all of them or, when one is missing, none. */
static gboolean
update_puzzles (NeStore       *self,
                Stmt           which,
                const gint64  *ids,
                guint          n_ids,
                gint64         value,
                GError       **error)
{
  gboolean ok = TRUE;

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  for (guint i = 0; i < n_ids && ok; i++)
    {
      sqlite3_stmt *stmt = ne_store_stmt (self, which);
      int changes;

      sqlite3_bind_int64 (stmt, 1, ids[i]);
      if (sqlite3_bind_parameter_count (stmt) >= 2)
        bind_id_or_null (stmt, 2, value);
      changes = ne_store_step_change (self, stmt, error);
      if (changes == 0)
        set_not_found (self, error, _("Puzzle"), ids[i]);
      ok = changes > 0;
    }
  if (ok && n_ids > 0)
    self->changed = TRUE;
  return ne_store_tx_end (self, ok, error);
}

/* Sets a text column (?2) of puzzle ?1; an empty text is NULL. A title
 * has its sort key beside it (?3). */
static gboolean
set_puzzle_text (NeStore     *self,
                 Stmt         which,
                 gint64       puzzle_id,
                 const char  *text,
                 GError     **error)
{
  g_autofree char *stripped = g_strstrip (g_utf8_make_valid (text != NULL ? text : "", -1));
  g_autofree char *title_key = NULL;
  sqlite3_stmt *stmt;

  if (which == STMT_SET_TITLE && stripped[0] != '\0')
    title_key = ne_store_title_key (stripped);
  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, which);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  bind_text_or_null (stmt, 2, stripped);
  if (which == STMT_SET_TITLE)
    bind_text_or_null (stmt, 3, title_key);
  return change_one_and_end (self, stmt, "Puzzle", puzzle_id, error);
}

gboolean
ne_store_set_title (NeStore     *self,
                    gint64       puzzle_id,
                    const char  *title,
                    GError     **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return set_puzzle_text (self, STMT_SET_TITLE, puzzle_id, title, error);
}

gboolean
ne_store_set_notes (NeStore     *self,
                    gint64       puzzle_id,
                    const char  *notes,
                    GError     **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return set_puzzle_text (self, STMT_SET_NOTES, puzzle_id, notes, error);
}

/* The collection's name; NULL and NOT_FOUND when there is none. */
static char *
collection_name (NeStore  *self,
                 gint64    collection_id,
                 GError  **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_COLLECTION_EXISTS);
  char *name = NULL;
  int rc;

  sqlite3_bind_int64 (stmt, 1, collection_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    name = column_strdup (stmt, 0);
  else if (rc == SQLITE_DONE)
    set_not_found (self, error, _("Collection"), collection_id);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return name;
}

gboolean
ne_store_move_puzzles (NeStore       *self,
                       const gint64  *ids,
                       guint          n_ids,
                       gint64         collection_id,
                       GError       **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (collection_id != 0)
    {
      g_autofree char *name = collection_name (self, collection_id, error);

      if (name == NULL)
        return FALSE;
    }
  return update_puzzles (self, STMT_MOVE_PUZZLE, ids, n_ids, collection_id, error);
}

gboolean
ne_store_trash_puzzles (NeStore       *self,
                        const gint64  *ids,
                        guint          n_ids,
                        GError       **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return update_puzzles (self, STMT_TRASH_PUZZLE, ids, n_ids, now_ms (), error);
}

gboolean
ne_store_restore_puzzles (NeStore       *self,
                          const gint64  *ids,
                          guint          n_ids,
                          GError       **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return update_puzzles (self, STMT_RESTORE_PUZZLE, ids, n_ids, 0, error);
}

/* Deletes what went to the trash at or before trashed_before (ms), with
 * its games (ON DELETE CASCADE). */
static gboolean
purge_trash (NeStore  *self,
             gint64    trashed_before,
             GError  **error)
{
  sqlite3_stmt *stmt;
  int changes;

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_PURGE_TRASH);
  sqlite3_bind_int64 (stmt, 1, trashed_before);
  changes = ne_store_step_change (self, stmt, error);
  if (changes > 0)
    self->changed = TRUE;
  return ne_store_tx_end (self, changes >= 0, error);
}

gboolean
ne_store_purge_trash (NeStore  *self,
                      GError  **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return purge_trash (self, G_MAXINT64, error);
}

gint64
ne_store_get_game_puzzle (NeStore  *self,
                          gint64    game_id,
                          GError  **error)
{
  sqlite3_stmt *stmt;
  GError *local_error = NULL;
  gint64 puzzle_id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_GAME_PUZZLE);
  sqlite3_bind_int64 (stmt, 1, game_id);
  puzzle_id = ne_store_step_id (self, stmt, &local_error);
  if (local_error != NULL)
    g_propagate_error (error, local_error);
  else if (puzzle_id == 0)
    set_not_found (self, error, _("Game"), game_id);
  return puzzle_id;
}

NeGame *
ne_store_play_puzzle (NeStore  *self,
                      gint64    puzzle_id,
                      GError  **error)
{
  NePuzzleInfo info = { 0 };
  GError *local_error = NULL;
  const char *damage;
  sqlite3_stmt *stmt;
  gint64 game_id;
  NeGame *game;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = ne_store_stmt (self, STMT_CURRENT_GAME_OF);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  game_id = ne_store_step_id (self, stmt, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  if (game_id != 0)
    return ne_store_load_game (self, game_id, error);

  if (!ne_store_get_puzzle (self, puzzle_id, &info, error))
    return NULL;
  damage = play_damage (&info.givens, nc_grid_is_full (&info.solution) ? &info.solution : NULL);
  if (damage != NULL)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT,
                   _("Puzzle %lld in the game library %s cannot be played: %s"),
                   (long long) puzzle_id, self->display_path, damage);
      ne_puzzle_info_clear (&info);
      return NULL;
    }
  game_id = ne_store_start_game (self, puzzle_id, error);
  if (game_id == 0)
    {
      ne_puzzle_info_clear (&info);
      return NULL;
    }
  game = ne_game_new (&info.givens, nc_grid_is_full (&info.solution) ? &info.solution : NULL);
  ne_game_attach_store (game, self, game_id, 0);
  ne_puzzle_info_clear (&info);
  return game;
}

/* A collection's name as a person typed it: trimmed, and not empty. */
static char *
check_collection_name (const char  *name,
                       GError     **error)
{
  g_autofree char *stripped = g_strstrip (g_utf8_make_valid (name, -1));

  if (stripped[0] == '\0')
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID,
                   _("A collection needs a name"));
      return NULL;
    }
  return g_steal_pointer (&stripped);
}

static gint64
add_collection (NeStore     *self,
                const char  *name,
                gboolean     builtin,
                GError     **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_ADD_COLLECTION);
  GError *local_error = NULL;
  gint64 id;
  int changes;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, builtin ? 1 : 0);
  sqlite3_bind_int64 (stmt, 3, now_ms ());
  changes = ne_store_step_change (self, stmt, error);
  if (changes < 0)
    return 0;
  if (changes > 0)
    {
      self->changed = TRUE;
      return sqlite3_last_insert_rowid (self->db);
    }
  stmt = ne_store_stmt (self, STMT_FIND_COLLECTION);
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  id = ne_store_step_id (self, stmt, &local_error);
  if (id == 0 && local_error == NULL)
    ne_store_set_error (self, &local_error, NE_STORE_ERROR_FAILED,
                        _("Could not add a collection to the game library"));
  if (local_error != NULL)
    g_propagate_error (error, local_error);
  return id;
}

gint64
ne_store_add_collection (NeStore     *self,
                         const char  *name,
                         GError     **error)
{
  g_autofree char *checked = NULL;
  gint64 id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (name != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  checked = check_collection_name (name, error);
  if (checked == NULL || !ne_store_tx_begin (self, error))
    return 0;
  id = add_collection (self, checked, FALSE, error);
  if (!ne_store_tx_end (self, id != 0, error))
    return 0;
  return id;
}

gint64
ne_store_find_collection (NeStore     *self,
                          const char  *name,
                          GError     **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (name != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_FIND_COLLECTION);
  bind_valid_text (stmt, 1, name);
  return ne_store_step_id (self, stmt, error);
}

gboolean
ne_store_rename_collection (NeStore     *self,
                            gint64       collection_id,
                            const char  *name,
                            GError     **error)
{
  g_autofree char *checked = NULL;
  sqlite3_stmt *stmt;
  gboolean ok;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  checked = check_collection_name (name, error);
  if (checked == NULL || !ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_RENAME_COLLECTION);
  sqlite3_bind_int64 (stmt, 1, collection_id);
  sqlite3_bind_text (stmt, 2, checked, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  ok = rc == SQLITE_DONE && sqlite3_changes (self->db) == 1;
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE,
                 _("There is already a collection named “%s”"), checked);
  else if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                        _("Could not rename the collection in the game library"));
  else if (!ok)
    set_not_found (self, error, _("Collection"), collection_id);
  if (ok)
    self->changed = TRUE;
  return ne_store_tx_end (self, ok, error);
}

gboolean
ne_store_delete_collection (NeStore  *self,
                            gint64    collection_id,
                            GError  **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_DELETE_COLLECTION);
  sqlite3_bind_int64 (stmt, 1, collection_id);
  return change_one_and_end (self, stmt, "Collection", collection_id, error);
}

GPtrArray *
ne_store_list_collections (NeStore  *self,
                           GError  **error)
{
  g_autoptr(GPtrArray) list = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  list = g_ptr_array_new_with_free_func ((GDestroyNotify) ne_collection_info_free);
  stmt = ne_store_stmt (self, STMT_LIST_COLLECTIONS);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      NeCollectionInfo *info = g_new0 (NeCollectionInfo, 1);

      info->id = sqlite3_column_int64 (stmt, 0);
      info->name = column_strdup (stmt, 1);
      info->builtin = sqlite3_column_int (stmt, 2) != 0;
      info->n_puzzles = (guint) sqlite3_column_int64 (stmt, 3);
      g_ptr_array_add (list, info);
    }
  if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return rc == SQLITE_DONE ? g_steal_pointer (&list) : NULL;
}

GArray *
ne_store_list_puzzle_ids (NeStore  *self,
                          gint64    collection_id,
                          int       status,
                          GError  **error)
{
  g_autoptr(GArray) ids = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  stmt = ne_store_stmt (self, STMT_LIST_PUZZLE_IDS);
  sqlite3_bind_int64 (stmt, 1, collection_id < 0 ? -1 : collection_id);
  sqlite3_bind_int (stmt, 2, status < 0 ? -1 : status);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return rc == SQLITE_DONE ? g_steal_pointer (&ids) : NULL;
}

/* Collection names that are not UTF-8 (an older build named a collection
 * after a file whose name was not) made valid, so that no name from the
 * library ever reaches a list, a menu or the accessibility bus as invalid
 * UTF-8. The table is small: read at every open, written only when a name
 * needs it. A repaired name another collection has already gets its id. */
static gboolean
ne_store_repair_names (NeStore  *self,
                       GError  **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = NULL;
  gboolean ok = TRUE;
  int rc;

  if (sqlite3_prepare_v2 (self->db, "SELECT id, name FROM collection", -1, &stmt, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
      return FALSE;
    }
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 1);
      int len = sqlite3_column_bytes (stmt, 1);
      gint64 id = sqlite3_column_int64 (stmt, 0);

      if (sqlite3_column_type (stmt, 1) == SQLITE_TEXT && g_utf8_validate_len (name, len, NULL))
        continue;
      g_array_append_val (ids, id);
      g_ptr_array_add (names, valid_text_dup (name != NULL ? name : "", len));
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
      return FALSE;
    }
  if (ids->len == 0)
    return TRUE;

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  for (guint i = 0; i < ids->len && ok; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *renamed = g_strdup_printf ("%s (%" G_GINT64_FORMAT ")", name, id);
      sqlite3_stmt *rename = ne_store_stmt (self, STMT_RENAME_COLLECTION);

      g_debug ("Collection %" G_GINT64_FORMAT " of %s: its name made valid UTF-8 as “%s”",
               id, self->display_path, name);
      sqlite3_bind_int64 (rename, 1, id);
      sqlite3_bind_text (rename, 2, name, -1, SQLITE_STATIC);
      rc = sqlite3_step (rename);
      sqlite3_reset (rename);
      if ((rc & 0xff) == SQLITE_CONSTRAINT)
        {
          sqlite3_bind_text (rename, 2, renamed, -1, SQLITE_STATIC);
          rc = sqlite3_step (rename);
          sqlite3_reset (rename);
        }
      sqlite3_clear_bindings (rename);
      if (rc != SQLITE_DONE)
        {
          ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                              _("Could not write to the game library"));
          ok = FALSE;
        }
    }
  if (ok)
    self->changed = TRUE;
  return ne_store_tx_end (self, ok, error);
}

/* ---- The built-in collections ---- */

/* The built-in version this library holds; 0 when none. */
static int
builtin_version (NeStore  *self,
                 GError  **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_GET_META);
  int version = 0;
  int rc;

  sqlite3_bind_text (stmt, 1, "builtin-version", -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    version = sqlite3_column_int (stmt, 0);
  else if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return version;
}

/* "1-easy.sdk" -> "Easy", "6-classics.sdk" -> "Classics". */
static char *
builtin_collection_name (const char *file_name)
{
  const char *start = file_name;
  char *name;
  char *dot;

  while (g_ascii_isdigit (*start))
    start++;
  if (*start == '-')
    start++;
  name = g_strdup (start);
  dot = strrchr (name, '.');
  if (dot != NULL)
    *dot = '\0';
  g_strdelimit (name, "-_", ' ');
  name[0] = g_ascii_toupper (name[0]);
  return name;
}

/* One .sdk file: every puzzle checked unique and graded, and added unless
 * the library holds it (or a transform of it) already. */
static gboolean
import_builtin_file (NeStore     *self,
                     const char  *file_name,
                     GBytes      *bytes,
                     guint       *n_added,
                     GError     **error)
{
  g_autofree char *name = builtin_collection_name (file_name);
  NcReader *reader;
  NcPuzzle puzzle;
  NcParseError parse_error;
  NcReadResult result;
  gsize len = 0;
  const char *text = g_bytes_get_data (bytes, &len);
  gint64 collection_id;
  gboolean ok = TRUE;

  collection_id = add_collection (self, name, TRUE, error);
  if (collection_id == 0)
    return FALSE;

  reader = nc_reader_new (text, len);
  nc_puzzle_init (&puzzle);
  while (ok && (result = nc_reader_next (reader, &puzzle, &parse_error)) != NC_READ_END)
    {
      NePuzzleMeta meta = {
        .title = nc_puzzle_meta (&puzzle, 'T'),
        .author = nc_puzzle_meta (&puzzle, 'A'),
        .source = nc_puzzle_meta (&puzzle, 'D'),
        .notes = nc_puzzle_meta (&puzzle, 'C'),
        .collection_id = collection_id,
      };
      NcGrid solution;
      int grade;
      int score;
      GError *local_error = NULL;

      /* A bad puzzle here is a mistake in what Nonet ships (the tests
       * catch it); the others still go in. */
      if (result == NC_READ_ERROR)
        g_warning ("Built-in collection %s: a bad puzzle at line %d", file_name, parse_error.line);
      else if (!grade_if_unique (&puzzle.grid, &solution, &grade, &score))
        g_warning ("Built-in collection %s: the puzzle at line %d does not have exactly "
                   "one solution", file_name, puzzle.line);
      else
        {
          char canon[NC_CELLS + 1];

          canon_line (&puzzle.grid, canon);
          if (find_by_canon (self, canon, &local_error) == 0 && local_error == NULL
              && insert_row (self, &puzzle.grid, canon, &solution, grade, score, &meta,
                             &local_error) != 0)
            (*n_added)++;
        }
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          ok = FALSE;
        }
      nc_puzzle_clear (&puzzle);
    }
  nc_puzzle_clear (&puzzle);
  nc_reader_free (reader);
  return ok;
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Imports the built-in collections inside a transaction, unless another
 * connection did it first. */
static gboolean
import_builtin (NeStore  *self,
                guint    *n_added,
                GError  **error)
{
  GResource *resource = ne_collections_get_resource ();
  g_auto(GStrv) names = NULL;
  GError *local_error = NULL;
  char version[16];

  if (builtin_version (self, &local_error) >= BUILTIN_VERSION || local_error != NULL)
    {
      if (local_error != NULL)
        g_propagate_error (error, local_error);
      return local_error == NULL;
    }

  names = g_resource_enumerate_children (resource, BUILTIN_PATH,
                                         G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (names == NULL)
    return FALSE;
  qsort (names, g_strv_length (names), sizeof (char *), compare_strings);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat (BUILTIN_PATH, names[i], NULL);
      g_autoptr(GBytes) bytes = g_resource_lookup_data (resource, path,
                                                        G_RESOURCE_LOOKUP_FLAGS_NONE, error);

      if (bytes == NULL || !import_builtin_file (self, names[i], bytes, n_added, error))
        return FALSE;
    }

  g_snprintf (version, sizeof version, "%d", BUILTIN_VERSION);
  {
    sqlite3_stmt *stmt = ne_store_stmt (self, STMT_SET_META);

    sqlite3_bind_text (stmt, 1, "builtin-version", -1, SQLITE_STATIC);
    sqlite3_bind_text (stmt, 2, version, -1, SQLITE_TRANSIENT);
    return ne_store_step_change (self, stmt, error) >= 0;
  }
}

guint
ne_store_import_builtin (NeStore  *self,
                         GError  **error)
{
  GError *local_error = NULL;
  guint n_added = 0;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  /* The usual case, at every start: up to date, and no write lock taken. */
  if (builtin_version (self, &local_error) >= BUILTIN_VERSION || local_error != NULL)
    {
      if (local_error != NULL)
        g_propagate_error (error, local_error);
      return 0;
    }

  if (!ne_store_tx_begin (self, error))
    return 0;
  if (!ne_store_tx_end (self, import_builtin (self, &n_added, error), error))
    return 0;
  return n_added;
}
