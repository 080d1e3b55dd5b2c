/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store.c: the game library in SQLite: the connection, its opening (and
 * recovery from a damaged file), the migrations, transactions, errors and
 * the SQL functions it registers. The schema grows by migrations keyed on
 * PRAGMA user_version, each in its own transaction; statements are
 * prepared once per store, so a save after every move is one cheap UPDATE.
 * Every change is one transaction (a savepoint inside ne_store_begin), and
 * "library-changed" follows the outermost commit. Games, puzzles and
 * collections, and the built-in collections are in ne-store-games.c,
 * ne-store-library.c and ne-store-builtin.c. */

#define G_LOG_DOMAIN "nonet-store"

#include "config.h"

#include "ne-store.h"
#include "ne-store-internal.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* How long to wait for another Nonet holding the write lock. */
#define BUSY_TIMEOUT_MS 5000

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

  /* 3 -> 4: the hints a game was given (ne-hint.h), kept with its moves
   * and saved with each of them. Games before hints had none. */
  "ALTER TABLE game ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;",

  /* 4 -> 5: the hardest technique a puzzle's logical solution needs
   * (NcTechnique; NC_TECH_GUESS when it needs guessing), for the library's
   * filter; NULL when not graded, as grade is. */
  "ALTER TABLE puzzle ADD COLUMN hardest INTEGER;"
  "UPDATE puzzle SET hardest = nonet_hardest (givens) WHERE grade IS NOT NULL;"
  "CREATE INDEX puzzle_by_hardest ON puzzle (hardest, id);",
};

G_STATIC_ASSERT (NE_STORE_APPLICATION_ID == 1315917428);

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == NE_STORE_SCHEMA_VERSION);

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
    "                    title, author, notes, collection_id, title_key, hardest)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
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
    " hints = ?7, version = version + 1 WHERE id = ?1",
  [STMT_GAME_VERSION] =
    "SELECT version FROM game WHERE id = ?1",
  [STMT_COPY_GAME] =
    "INSERT INTO game (puzzle_id, moves, position, elapsed_ms, status, started, updated, hints, version)"
    " SELECT puzzle_id, ?2, ?3, ?4, ?5, started, ?6, ?7, 1 FROM game WHERE id = ?1",
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
    "       game.status, game.started, game.updated, game.version, game.hints"
    " FROM game JOIN puzzle ON puzzle.id = game.puzzle_id WHERE game.id = ?1",
  /* The columns ne_store_puzzle_damage checks first, in its order. */
  [STMT_GET_PUZZLE] =
    "SELECT puzzle.givens, puzzle.clues, puzzle.grade, puzzle.score, puzzle.status,"
    "       puzzle.best_ms, puzzle.added, puzzle.hardest,"
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
    " AND (?3 < 0 OR hardest = ?3)"
    " AND " NE_STORE_PUZZLE_SOUND_SQL ("puzzle")
    " ORDER BY id",
  [STMT_GET_META] =
    "SELECT value FROM meta WHERE key = ?1",
  [STMT_SET_META] =
    "INSERT INTO meta (key, value) VALUES (?1, ?2)"
    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
};

G_DEFINE_FINAL_TYPE (NeStore, ne_store, G_TYPE_OBJECT)

G_DEFINE_QUARK (ne-store-error-quark, ne_store_error)

enum {
  LIBRARY_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gint64
ne_store_now_ms (void)
{
  return g_get_real_time () / 1000;
}

/* A prepared statement, reset and unbound after its last use. */
sqlite3_stmt *
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
void
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

void
ne_store_set_not_found (NeStore     *self,
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
gboolean
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
gboolean
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
gboolean
ne_store_grid_from_text (const char *text,
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

/* Text as the library may hold it (any bytes, when another program or an
 * older build wrote it) as valid UTF-8; NULL for NULL. */
char *
ne_store_valid_text_dup (const char *text,
                         int         len)
{
  if (text == NULL)
    return NULL;
  return g_utf8_make_valid (text, len);
}

/* nonet_puzzle_sound (id, givens, clues, grade, score, status, best_ms,
 * added, hardest): NE_STORE_PUZZLE_SOUND_SQL. */
static void
sql_puzzle_sound (sqlite3_context  *context,
                  int               argc,
                  sqlite3_value   **argv)
{
  NeStore *self = sqlite3_user_data (context);
  const char *reason = ne_store_puzzle_damage (argv + 1);

  if (reason != NULL)
    ne_store_warn_damaged_puzzle (self, sqlite3_value_int64 (argv[0]), reason);
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
  text = ne_store_valid_text_dup ((const char *) sqlite3_value_text (argv[0]),
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
  if (ne_store_grid_from_text ((const char *) sqlite3_value_text (argv[0]),
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
  ne_store_canon_line (&givens, line);
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

/* nonet_grade (givens), nonet_score (givens) and nonet_hardest (givens):
 * NULL unless the puzzle has exactly one solution. A migration asks for
 * them of one row after the other: the row is graded once. */
static void
sql_graded (sqlite3_context  *context,
            sqlite3_value   **argv,
            GradedField       field)
{
  NeStore *self = sqlite3_user_data (context);
  GradeCache *cache = &self->grade_cache;
  NcGrid givens;

  if (!sql_arg_grid (context, argv, &givens))
    return;
  if (memcmp (cache->key, sqlite3_value_text (argv[0]), NC_CELLS) != 0)
    {
      memcpy (cache->key, sqlite3_value_text (argv[0]), NC_CELLS);
      if (!ne_store_grade_if_unique (&givens, NULL, &cache->values[GRADED_GRADE],
                                     &cache->values[GRADED_SCORE], &cache->values[GRADED_HARDEST]))
        cache->values[GRADED_GRADE] = -1;
    }
  if (cache->values[GRADED_GRADE] < 0)
    sqlite3_result_null (context);
  else
    sqlite3_result_int (context, cache->values[field]);
}

static void
sql_grade (sqlite3_context  *context,
           int               argc,
           sqlite3_value   **argv)
{
  sql_graded (context, argv, GRADED_GRADE);
}

static void
sql_score (sqlite3_context  *context,
           int               argc,
           sqlite3_value   **argv)
{
  sql_graded (context, argv, GRADED_SCORE);
}

static void
sql_hardest (sqlite3_context  *context,
             int               argc,
             sqlite3_value   **argv)
{
  sql_graded (context, argv, GRADED_HARDEST);
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
    { "nonet_hardest", 1, SQLITE_DETERMINISTIC, sql_hardest },
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
  /* Version 3 set the id: only 1 and 2 come without it. */
  if (application_id == 0 && version >= 1 && version < 3 && n_nonet_tables == 2)
    return TRUE;

  g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
               _("Could not open %s: it is not a Nonet library (another program’s "
                 "database?); it was left as it was"),
               self->display_path);
  return FALSE;
}

/* Opens self->path; check: run SQLite's quick check on a library that is
 * not new; builtin: import the built-in collections as well (else
 * ne_store_import_builtin_async does, later). */
static gboolean
ne_store_setup (NeStore   *self,
                gboolean   check,
                gboolean   builtin,
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
        || !ne_store_purge_trashed_before (self, ne_store_now_ms () - PURGE_AT_OPEN_AGE_MS, &local_error))
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
  if (builtin)
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
ne_store_open_full (const char  *path,
                    gboolean     builtin,
                    GError     **error)
{
  g_autoptr(NeStore) self = ne_store_new_for_path (path);

  if (!ne_store_setup (self, FALSE, builtin, error))
    return NULL;
  return g_steal_pointer (&self);
}

NeStore *
ne_store_open (const char  *path,
               GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return ne_store_open_full (path, TRUE, error);
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

static NeStore *
ne_store_open_or_recover_full (const char  *path,
                               gboolean     builtin,
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
  if (ne_store_setup (self, TRUE, builtin, &local_error))
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

  self = ne_store_open_full (path, builtin, error);
  if (self == NULL)
    return NULL;
  display_aside = g_filename_display_name (aside);
  *moved_aside_message =
    g_strdup_printf ("The game library %s was damaged and could not be read. It was "
                     "moved to %s and a new library was started.",
                     self->display_path, display_aside);
  return g_steal_pointer (&self);
}

NeStore *
ne_store_open_or_recover (const char  *path,
                          char       **moved_aside_message,
                          GError     **error)
{
  return ne_store_open_or_recover_full (path, TRUE, moved_aside_message, error);
}

NeStore *
ne_store_open_or_recover_later (const char  *path,
                                char       **moved_aside_message,
                                GError     **error)
{
  return ne_store_open_or_recover_full (path, FALSE, moved_aside_message, error);
}

void
ne_store_set_busy_timeout (NeStore *self,
                           guint    ms)
{
  g_return_if_fail (NE_IS_STORE (self));

  self->busy_timeout_ms = ms;
  sqlite3_busy_timeout (self->db, (int) MIN (ms, (guint) G_MAXINT));
}

void
ne_store_release_memory (NeStore *self)
{
  g_return_if_fail (NE_IS_STORE (self));

  sqlite3_db_release_memory (self->db);
}

const char *
ne_store_get_path (NeStore *self)
{
  g_return_val_if_fail (NE_IS_STORE (self), NULL);

  return self->path;
}

/* A statement that returns at most one id (or count): 0 with no error
 * when it returns no row. */
gint64
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
int
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
