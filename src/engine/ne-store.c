/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store.c: the game library in SQLite. The schema grows by migrations
 * keyed on PRAGMA user_version, each in its own transaction; statements are
 * prepared once per store, so a save after every move is one cheap UPDATE. */

#define G_LOG_DOMAIN "nonet-store"

#include "config.h"

#include "ne-store.h"

#include <errno.h>
#include <sqlite3.h>

/* How long to wait for another Nonet holding the write lock. */
#define BUSY_TIMEOUT_MS 5000

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
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == NE_STORE_SCHEMA_VERSION);

typedef enum
{
  STMT_ADD_PUZZLE,
  STMT_FIND_PUZZLE,
  STMT_START_GAME,
  STMT_SAVE_GAME,
  STMT_MARK_SOLVED,
  STMT_GAME_STATUS,
  STMT_CURRENT_GAME,
  STMT_LOAD_GAME,
  N_STMTS
} Stmt;

static const char *const stmt_sql[N_STMTS] = {
  [STMT_ADD_PUZZLE] =
    "INSERT INTO puzzle (givens, solution, source, added) VALUES (?1, ?2, ?3, ?4)"
    " ON CONFLICT (givens) DO NOTHING",
  [STMT_FIND_PUZZLE] =
    "SELECT id FROM puzzle WHERE givens = ?1",
  [STMT_START_GAME] =
    "INSERT INTO game (puzzle_id, started, updated) VALUES (?1, ?2, ?2)",
  [STMT_SAVE_GAME] =
    "UPDATE game SET moves = ?2, position = ?3, elapsed_ms = ?4, status = ?5, updated = ?6"
    " WHERE id = ?1",
  [STMT_MARK_SOLVED] =
    "UPDATE game SET status = 'solved', updated = ?2 WHERE id = ?1",
  [STMT_GAME_STATUS] =
    "SELECT status FROM game WHERE id = ?1",
  [STMT_CURRENT_GAME] =
    "SELECT id FROM game WHERE status = 'in-progress' ORDER BY updated DESC, id DESC LIMIT 1",
  [STMT_LOAD_GAME] =
    "SELECT game.moves, game.position, game.elapsed_ms, puzzle.givens, puzzle.solution"
    " FROM game JOIN puzzle ON puzzle.id = game.puzzle_id WHERE game.id = ?1",
};

struct _NeStore
{
  GObject       parent_instance;

  /* Owned. */
  char         *path;
  char         *display_path;
  sqlite3      *db;
  sqlite3_stmt *stmts[N_STMTS];
};

G_DEFINE_FINAL_TYPE (NeStore, ne_store, G_TYPE_OBJECT)

G_DEFINE_QUARK (ne-store-error-quark, ne_store_error)

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

/* "<what> <path>: <SQLite's reason>", e.g. "Could not save the game to
 * /home/ada/.local/share/nonet/library.db: database or disk is full". */
static void
ne_store_set_error (NeStore     *self,
                    GError     **error,
                    NeStoreError code,
                    const char  *what)
{
  g_set_error (error, NE_STORE_ERROR, code, "%s %s: %s",
               what, self->display_path, sqlite3_errmsg (self->db));
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

static void
ne_store_rollback (NeStore *self)
{
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

/* One integer from a pragma such as "PRAGMA user_version". */
static gboolean
ne_store_query_int (NeStore     *self,
                    const char  *sql,
                    int         *out,
                    GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, "Could not open the game library");
      return FALSE;
    }
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    *out = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  if (rc != SQLITE_ROW)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, "Could not open the game library");
      return FALSE;
    }
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
               "Could not open the game library %s: it was written by a newer version "
               "of Nonet (library version %d; this version reads up to %d)",
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
  const char *what = "Could not update the game library";

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
          ne_store_rollback (self);
          return FALSE;
        }
      if (version >= NE_STORE_SCHEMA_VERSION)
        {
          /* Another instance got there first; the loop checks again. */
          ne_store_rollback (self);
          continue;
        }

      g_debug ("Migrating %s from version %d to %d", self->display_path, version, version + 1);
      set_version = g_strdup_printf ("PRAGMA user_version = %d", version + 1);
      if (!ne_store_exec (self, migrations[version], what, error)
          || !ne_store_exec (self, set_version, what, error)
          || !ne_store_exec (self, "COMMIT", what, error))
        {
          ne_store_rollback (self);
          return FALSE;
        }
    }
}

/* A file system without shared memory may refuse WAL; the library still
 * works there, in rollback-journal mode. */
static gboolean
ne_store_set_wal (NeStore  *self,
                  GError  **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  if (sqlite3_prepare_v2 (self->db, "PRAGMA journal_mode = WAL", -1, &stmt, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, "Could not open the game library");
      return FALSE;
    }
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW
      && g_ascii_strcasecmp ((const char *) sqlite3_column_text (stmt, 0), "wal") != 0)
    g_debug ("%s is in journal mode %s, not WAL", self->display_path,
             (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  if (rc != SQLITE_ROW)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, "Could not open the game library");
      return FALSE;
    }
  return TRUE;
}

static gboolean
ne_store_setup (NeStore  *self,
                GError  **error)
{
  const char *what = "Could not open the game library";
  g_autofree char *dir = g_path_get_dirname (self->path);
  int version = 0;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                   "Could not open the game library %s: could not create its folder: %s",
                   self->display_path, g_strerror (saved_errno));
      return FALSE;
    }

  if (sqlite3_open_v2 (self->path, &self->db,
                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
    {
      if (self->db == NULL)
        g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN,
                     "Could not open the game library %s: out of memory", self->display_path);
      else
        ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, what);
      return FALSE;
    }
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);

  /* The first statement that reads the file: a file that is not a
   * database fails here with "file is not a database". A library from a
   * newer Nonet is refused before anything in it changes. */
  if (!ne_store_query_int (self, "PRAGMA user_version", &version, error))
    return FALSE;
  if (!ne_store_check_version (self, version, error))
    return FALSE;

  /* In WAL mode a commit is in the log once COMMIT returns, so killing the
   * process loses nothing committed; synchronous=NORMAL skips the fsync
   * per commit, so only a power cut can lose the last moves. */
  if (!ne_store_set_wal (self, error))
    return FALSE;
  if (!ne_store_exec (self, "PRAGMA foreign_keys = ON", what, error)
      || !ne_store_exec (self, "PRAGMA synchronous = NORMAL", what, error))
    return FALSE;

  if (!ne_store_migrate (self, error))
    return FALSE;

  for (int i = 0; i < N_STMTS; i++)
    if (sqlite3_prepare_v3 (self->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT,
                            &self->stmts[i], NULL) != SQLITE_OK)
      {
        ne_store_set_error (self, error, NE_STORE_ERROR_OPEN, what);
        return FALSE;
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

  G_OBJECT_CLASS (ne_store_parent_class)->finalize (object);
}

static void
ne_store_class_init (NeStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ne_store_finalize;
}

static void
ne_store_init (NeStore *self)
{
}

char *
ne_store_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "nonet", "library.db", NULL);
}

NeStore *
ne_store_open (const char  *path,
               GError     **error)
{
  g_autoptr(NeStore) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (NE_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  self->display_path = g_filename_display_name (path);
  if (!ne_store_setup (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
ne_store_get_path (NeStore *self)
{
  g_return_val_if_fail (NE_IS_STORE (self), NULL);

  return self->path;
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

/* A grid column: FALSE unless 81 characters of '1'..'9', '.' or '0'. */
static gboolean
column_grid (sqlite3_stmt *stmt,
             int           index,
             NcGrid       *out)
{
  const char *text = (const char *) sqlite3_column_text (stmt, index);

  if (text == NULL || sqlite3_column_bytes (stmt, index) != NC_CELLS)
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

gint64
ne_store_find_puzzle (NeStore       *self,
                      const NcGrid  *givens,
                      GError       **error)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_FIND_PUZZLE);
  bind_grid (stmt, 1, givens);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  else if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, "Could not read the game library");
  sqlite3_reset (stmt);
  return id;
}

gint64
ne_store_add_puzzle (NeStore       *self,
                     const NcGrid  *givens,
                     const NcGrid  *solution,
                     const char    *source,
                     GError       **error)
{
  sqlite3_stmt *stmt;
  gint64 id;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_ADD_PUZZLE);
  bind_grid (stmt, 1, givens);
  bind_grid (stmt, 2, solution);
  sqlite3_bind_text (stmt, 3, source, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 4, now_ms ());
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          "Could not add the puzzle to the game library");
      return 0;
    }
  if (sqlite3_changes (self->db) == 1)
    return sqlite3_last_insert_rowid (self->db);

  /* Already there. */
  id = ne_store_find_puzzle (self, givens, error);
  if (id == 0 && error != NULL && *error == NULL)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_FAILED,
                 "Could not add the puzzle to the game library %s", self->display_path);
  return id;
}

gint64
ne_store_start_game (NeStore  *self,
                     gint64    puzzle_id,
                     GError  **error)
{
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_START_GAME);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  sqlite3_bind_int64 (stmt, 2, now_ms ());
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                   "Could not start a game: puzzle %" G_GINT64_FORMAT
                   " is not in the game library %s", puzzle_id, self->display_path);
      return 0;
    }
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          "Could not start a game in the game library");
      return 0;
    }
  return sqlite3_last_insert_rowid (self->db);
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

/* After an UPDATE of one game row: the statement ran, and the row was there. */
static gboolean
ne_store_check_game_updated (NeStore  *self,
                             int       rc,
                             gint64    game_id,
                             GError  **error)
{
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, "Could not save the game to");
      return FALSE;
    }
  if (sqlite3_changes (self->db) != 1)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                   "Could not save the game to %s: game %" G_GINT64_FORMAT
                   " is no longer in the library", self->display_path, game_id);
      return FALSE;
    }
  return TRUE;
}

gboolean
ne_store_save_game (NeStore       *self,
                    gint64         game_id,
                    const NcGame  *game,
                    gint64         elapsed_ms,
                    GError       **error)
{
  g_autofree char *moves = NULL;
  NeGameStatus status;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  moves = format_moves (game);
  status = nc_game_is_solved (game) ? NE_GAME_STATUS_SOLVED : NE_GAME_STATUS_IN_PROGRESS;

  /* One statement, so one transaction: moves, position, time and status
   * are saved together or not at all. */
  stmt = ne_store_stmt (self, STMT_SAVE_GAME);
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_text (stmt, 2, moves, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, (sqlite3_int64) nc_game_position (game));
  sqlite3_bind_int64 (stmt, 4, elapsed_ms);
  sqlite3_bind_text (stmt, 5, status_to_string (status), -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 6, now_ms ());
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  return ne_store_check_game_updated (self, rc, game_id, error);
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

  stmt = ne_store_stmt (self, STMT_MARK_SOLVED);
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, now_ms ());
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  return ne_store_check_game_updated (self, rc, game_id, error);
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

      *status = g_strcmp0 (text, "solved") == 0 ? NE_GAME_STATUS_SOLVED
                                                 : NE_GAME_STATUS_IN_PROGRESS;
      found = TRUE;
    }
  else if (rc == SQLITE_DONE)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                 "Game %" G_GINT64_FORMAT " is not in the game library %s",
                 game_id, self->display_path);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, "Could not read the game library");
  sqlite3_reset (stmt);
  return found;
}

gint64
ne_store_find_current_game (NeStore  *self,
                            GError  **error)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_CURRENT_GAME);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64 (stmt, 0);
  else if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, "Could not read the game library");
  sqlite3_reset (stmt);
  return id;
}

static void
set_corrupt (NeStore     *self,
             GError     **error,
             gint64       game_id,
             const char  *reason)
{
  g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT,
               "Game %" G_GINT64_FORMAT " in the game library %s could not be restored: %s",
               game_id, self->display_path, reason);
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
          g_autofree char *reason =
            g_strdup_printf ("its move %zu, “%s”, is not a move", n_moves + 1, words[i]);

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
  gint64 elapsed_ms = 0;
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
      moves_text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      position = sqlite3_column_int64 (stmt, 1);
      elapsed_ms = sqlite3_column_int64 (stmt, 2);
      givens_ok = column_grid (stmt, 3, &givens);
      has_solution = column_grid (stmt, 4, &solution);
    }
  else if (rc == SQLITE_DONE)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                 "Game %" G_GINT64_FORMAT " is not in the game library %s",
                 game_id, self->display_path);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, "Could not read the game library");
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW)
    return NULL;

  if (!givens_ok)
    {
      set_corrupt (self, error, game_id, "its puzzle is not 81 digits and blanks");
      return NULL;
    }

  core = restore_game (self, game_id, &givens, moves_text, position, error);
  if (core == NULL)
    return NULL;

  game = ne_game_new_for_core (core, has_solution ? &solution : NULL);
  ne_game_set_elapsed_ms (game, MAX (elapsed_ms, 0));
  ne_game_attach_store (game, self, game_id);
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
  GError *local_error = NULL;
  gint64 puzzle_id;
  gint64 game_id = 0;
  NeGame *game;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (givens != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The puzzle and its game arrive together or not at all. */
  if (sqlite3_exec (self->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          "Could not start a game in the game library");
      return NULL;
    }
  puzzle_id = ne_store_add_puzzle (self, givens, solution, source, &local_error);
  if (puzzle_id != 0)
    game_id = ne_store_start_game (self, puzzle_id, &local_error);
  if (game_id == 0 || sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
    {
      if (local_error == NULL)
        ne_store_set_error (self, &local_error, NE_STORE_ERROR_FAILED,
                            "Could not start a game in the game library");
      ne_store_rollback (self);
      g_propagate_error (error, local_error);
      return NULL;
    }

  game = ne_game_new (givens, solution);
  ne_game_attach_store (game, self, game_id);
  return game;
}
