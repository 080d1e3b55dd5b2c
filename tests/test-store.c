/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store.c: the game library: the schema and its migrations, clear
 * errors for files it cannot use, puzzles and games saved after every move
 * and read back equal, the game to resume, NeGame's signals, and a writer
 * killed with SIGKILL mid-stream losing nothing it had reported saved. */

#define G_LOG_DOMAIN "nonet-test-store"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ne-game.h"
#include "ne-store.h"
#include "ne-store-private.h"
#include "test-util.h"

/* INKALA: cell 0 is the given 8; cells 1 and 2 are empty. */
#define EMPTY_CELL 1

static NcMove
move_set (int cell, int digit)
{
  return (NcMove) { .kind = NC_MOVE_SET, .cell = (int8_t) cell, .digit = (uint8_t) digit };
}

static NcMove
move_note (int cell, int digit)
{
  return (NcMove) { .kind = NC_MOVE_NOTE, .cell = (int8_t) cell, .digit = (uint8_t) digit };
}

/* A temporary folder per test, removed with what the test left in it. */
typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nonet-test-store-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->dir, "nonet", "library.db", NULL);
}

static void
remove_tree (const char *path)
{
  GDir *dir;
  const char *name;

  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      dir = g_dir_open (path, 0, NULL);
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_clear_pointer (&dir, g_dir_close);
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->path);
}

/* The built-in collections are tested in test-library-store.c; these
 * tests count and add puzzles (Inkala's among them) in a library without
 * them. Once imported they are not imported again, so deleting them at each
 * open deletes them once; one with games (the crash test's child, which
 * opens the library itself, plays Inkala's) stays. */
static NeStore *
open_store (const char *path)
{
  g_autoptr(GError) error = NULL;
  NeStore *store = ne_store_open (path, &error);

  g_assert_no_error (error);
  g_assert_true (NE_IS_STORE (store));
  g_assert_cmpint (sqlite3_exec (ne_store_get_db (store),
                                 "DELETE FROM puzzle WHERE collection_id IN"
                                 " (SELECT id FROM collection WHERE builtin)"
                                 " AND id NOT IN (SELECT puzzle_id FROM game);"
                                 "DELETE FROM collection WHERE builtin",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  return store;
}

/* A second, plain SQLite connection: what another program would see. */
static sqlite3 *
raw_open (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  return db;
}

static char *
raw_text (const char *path,
          const char *sql)
{
  sqlite3 *db = raw_open (path);
  sqlite3_stmt *stmt = NULL;
  char *text = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return text;
}

static gint64
raw_int (const char *path,
         const char *sql)
{
  g_autofree char *text = raw_text (path, sql);

  g_assert_nonnull (text);
  return g_ascii_strtoll (text, NULL, 10);
}

static void
raw_exec (const char *path,
          const char *sql)
{
  sqlite3 *db = raw_open (path);
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
  sqlite3_close (db);
}

static void
assert_integrity (const char *path)
{
  g_autofree char *integrity = raw_text (path, "PRAGMA integrity_check");
  g_autofree char *foreign = raw_text (path, "PRAGMA foreign_key_check");

  g_assert_cmpstr (integrity, ==, "ok");
  g_assert_null (foreign);
}

static void
assert_games_equal (const NcGame *a,
                    const NcGame *b)
{
  size_t n_a, n_b;
  const NcMove *moves_a = nc_game_moves (a, &n_a);
  const NcMove *moves_b = nc_game_moves (b, &n_b);

  g_assert_true (nc_grid_equal (nc_game_givens (a), nc_game_givens (b)));
  g_assert_cmpuint (n_a, ==, n_b);
  if (n_a > 0)
    g_assert_cmpmem (moves_a, n_a * sizeof (NcMove), moves_b, n_b * sizeof (NcMove));
  g_assert_cmpuint (nc_game_position (a), ==, nc_game_position (b));
  g_assert_cmpmem (nc_game_state (a), sizeof (NcPlayState), nc_game_state (b), sizeof (NcPlayState));
}

static NeGame *
new_game (NeStore    *store,
          const char *givens_line,
          const char *solution_line)
{
  g_autoptr(GError) error = NULL;
  NcGrid givens = grid_from_line (givens_line);
  NcGrid solution = grid_from_line (solution_line);
  NeGame *game = ne_game_new_in_store (store, &givens, &solution, "test", &error);

  g_assert_no_error (error);
  g_assert_true (NE_IS_GAME (game));
  g_assert_true (ne_game_get_store (game) == store);
  g_assert_cmpint (ne_game_get_game_id (game), >, 0);
  return game;
}

static void
test_default_path (void)
{
  g_autofree char *path = ne_store_default_path ();
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "nonet", "library.db", NULL);

  g_assert_cmpstr (path, ==, expected);
}

static void
test_open_creates_schema (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(NeStore) store = NULL;
  g_autofree char *journal = NULL;

  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
  store = open_store (fixture->path);
  g_assert_cmpstr (ne_store_get_path (store), ==, fixture->path);
  g_assert_true (g_file_test (fixture->path, G_FILE_TEST_IS_REGULAR));

  g_assert_cmpint (raw_int (fixture->path, "PRAGMA user_version"), ==, NE_STORE_SCHEMA_VERSION);
  journal = raw_text (fixture->path, "PRAGMA journal_mode");
  g_assert_cmpstr (journal, ==, "wal");
  g_assert_cmpint (raw_int (fixture->path,
                            "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                            " AND name IN ('puzzle', 'game')"), ==, 2);
  assert_integrity (fixture->path);
}

static void
test_reopen_keeps_data (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  g_autoptr(NeGame) resumed = NULL;
  NcGrid givens = grid_from_line (INKALA);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  gint64 puzzle_id = ne_store_find_puzzle (store, &givens, &error);

  g_assert_no_error (error);
  g_assert_cmpint (puzzle_id, >, 0);
  g_assert_true (ne_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_assert_true (ne_game_apply (game, move_note (2, 2)));
  ne_game_set_elapsed_ms (game, 4321);
  g_assert_true (ne_game_save_now (game, &error));
  g_assert_no_error (error);
  g_clear_object (&game);
  g_clear_object (&store);

  store = open_store (fixture->path);
  g_assert_cmpint (ne_store_find_puzzle (store, &givens, &error), ==, puzzle_id);
  g_assert_no_error (error);
  resumed = ne_game_resume (store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (resumed);
  g_assert_cmpint (ne_game_get_elapsed_ms (resumed), ==, 4321);
  g_assert_cmpint (nc_game_value (ne_game_get_core (resumed), EMPTY_CELL), ==, 1);
  g_assert_cmpuint (nc_game_state (ne_game_get_core (resumed))->notes[2], ==, 1u << 1);
  g_assert_nonnull (ne_game_get_solution (resumed));
  g_assert_true (nc_grid_equal (ne_game_get_solution (resumed), &solution));
  g_assert_true (ne_game_get_can_undo (resumed));
  g_assert_false (ne_game_get_can_redo (resumed));
  assert_integrity (fixture->path);
}

/* The store hands back core values only: ne-game.c makes the game in play
 * of them. */
static void
test_store_game_values (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  NcGrid givens = grid_from_line (INKALA);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  NeStoreGame fresh;
  NeStoreGame loaded;
  NcGame *core;
  gint64 game_id;
  gint64 version;

  g_assert_true (ne_store_new_game (store, &givens, &solution, "test", &fresh, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fresh.game_id, >, 0);
  g_assert_cmpint (fresh.version, ==, 0);
  g_assert_cmpint (fresh.elapsed_ms, ==, 0);
  g_assert_null (fresh.core);
  g_assert_true (nc_grid_equal (&fresh.givens, &givens));
  g_assert_true (fresh.has_solution);
  g_assert_true (nc_grid_equal (&fresh.solution, &solution));

  core = nc_game_new (&givens);
  g_assert_true (nc_game_apply (core, move_set (EMPTY_CELL, 1)));
  game_id = fresh.game_id;
  version = fresh.version;
  g_assert_true (ne_store_save_game (store, &game_id, &version, core, 1234, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (game_id, ==, fresh.game_id);
  g_assert_cmpint (version, ==, 1);

  g_assert_true (ne_store_load_game (store, game_id, &loaded, &error));
  g_assert_no_error (error);
  g_assert_cmpint (loaded.game_id, ==, game_id);
  g_assert_cmpint (loaded.version, ==, 1);
  g_assert_cmpint (loaded.elapsed_ms, ==, 1234);
  g_assert_nonnull (loaded.core);
  assert_games_equal (loaded.core, core);
  g_assert_true (loaded.has_solution);
  g_assert_true (nc_grid_equal (&loaded.solution, &solution));
  ne_store_game_clear (&loaded);
  g_assert_null (loaded.core);
  nc_game_free (core);

  g_assert_false (ne_store_load_game (store, 9999, &loaded, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_assert_null (loaded.core);
}

static void
test_migrate_v0 (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = NULL;
  sqlite3 *db;

  /* An empty file is an empty database at user_version 0. */
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (fixture->path, "", 0, &error);
  g_assert_no_error (error);
  store = open_store (fixture->path);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA user_version"), ==, NE_STORE_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA application_id"), ==, NE_STORE_APPLICATION_ID);
  g_clear_object (&store);
  remove_tree (fixture->path);

  /* A database with nothing in it (what a first start killed before its
   * first commit leaves) is empty too. */
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  store = open_store (fixture->path);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA user_version"), ==, NE_STORE_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA application_id"), ==, NE_STORE_APPLICATION_ID);
  assert_integrity (fixture->path);
}

static char *
file_digest (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, len);
}

/* Another program's database is not a library: refused before anything is
 * written, down to its journal mode; and not moved aside either. */
static void
assert_foreign_refused (Fixture    *fixture,
                        const char *journal_mode)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = file_digest (fixture->path);
  g_autofree char *after = NULL;
  g_autofree char *journal = NULL;
  g_autofree char *message = NULL;
  NeStore *store;

  store = ne_store_open (fixture->path, &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Could not open "));
  g_assert_nonnull (strstr (error->message, fixture->path));
  g_assert_nonnull (strstr (error->message, "is not a Nonet library"));
  g_clear_error (&error);

  store = ne_store_open_or_recover (fixture->path, &message, &error);
  g_assert_null (store);
  g_assert_null (message);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);

  after = file_digest (fixture->path);
  g_assert_cmpstr (after, ==, before);
  journal = raw_text (fixture->path, "PRAGMA journal_mode");
  g_assert_cmpstr (journal, ==, journal_mode);
  g_assert_cmpint (raw_int (fixture->path, "SELECT x FROM other"), ==, 7);
}

static void
test_foreign_database (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  sqlite3 *db;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE other (x); INSERT INTO other VALUES (7)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  assert_foreign_refused (fixture, "delete");
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM sqlite_master"), ==, 1);

  /* Its own application id, or Nonet's table names at a version no Nonet
   * wrote without the id: still another program's. */
  raw_exec (fixture->path, "PRAGMA application_id = 1234; CREATE TABLE puzzle (id);"
                           " CREATE TABLE game (id)");
  assert_foreign_refused (fixture, "delete");
  raw_exec (fixture->path, "PRAGMA application_id = 0; PRAGMA user_version = 7");
  assert_foreign_refused (fixture, "delete");
  raw_exec (fixture->path, "PRAGMA user_version = 0; DROP TABLE puzzle; DROP TABLE game;"
                           " PRAGMA journal_mode = WAL");
  assert_foreign_refused (fixture, "wal");
}

/* Paths that are no library file: said in words, nothing opened. */
static void
test_refused_paths (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *fifo = g_build_filename (fixture->dir, "fifo.db", NULL);
  g_autoptr(GError) error = NULL;
  NeStore *store;

  store = ne_store_open ("", &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_assert_cmpstr (error->message, ==, "Could not open the game library: its path is empty");
  g_clear_error (&error);

  store = ne_store_open (fixture->dir, &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fixture->dir));
  g_assert_nonnull (strstr (error->message, "it is a folder, not a library file"));
  g_clear_error (&error);

  /* A FIFO is refused by its type: opening it would wait for a writer. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  store = ne_store_open (fifo, &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fifo));
  g_assert_nonnull (strstr (error->message, "it is not a regular file"));
}

static void
test_future_version (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = NULL;
  g_autofree char *version = NULL;
  g_autofree char *journal = NULL;
  sqlite3 *db;
  g_autofree char *folder = g_path_get_dirname (fixture->path);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA application_id = 1315917428; PRAGMA user_version = 99",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = ne_store_open (fixture->path, &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NEWER);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Could not open the game library "));
  g_assert_nonnull (strstr (error->message, fixture->path));
  g_assert_nonnull (strstr (error->message, "newer version of Nonet"));
  /* Left as it was, down to its journal mode. */
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA user_version"), ==, 99);
  journal = raw_text (fixture->path, "PRAGMA journal_mode");
  g_assert_cmpstr (journal, ==, "delete");
  version = raw_text (fixture->path, "SELECT name FROM sqlite_master WHERE name = 'game'");
  g_assert_null (version);
}

static void
test_not_a_database (Fixture       *fixture,
                     gconstpointer  data)
{
  const char *text = "These are not the games you are looking for.\n"
                     "Nor is this line, which makes the file long enough to have a header.\n"
                     "Nor this one, nor the next.\n\n\n\n\n\n\n\n\n\n\n\n";
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  g_autofree char *contents = NULL;
  g_autofree char *blocker = g_build_filename (fixture->dir, "plain-file", NULL);
  g_autofree char *under_file = g_build_filename (blocker, "library.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (fixture->path, text, -1, &error);
  g_assert_no_error (error);

  store = ne_store_open (fixture->path, &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Could not open the game library "));
  g_assert_nonnull (strstr (error->message, fixture->path));
  g_assert_nonnull (strstr (error->message, "not a database"));
  g_clear_error (&error);

  /* The file is left alone. */
  g_file_get_contents (fixture->path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, text);

  /* A folder that cannot be created. */
  g_file_set_contents (blocker, "x", -1, &error);
  g_assert_no_error (error);
  store = ne_store_open (under_file, &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, under_file));
  g_assert_nonnull (strstr (error->message, "could not create its folder"));
}

/* A generated puzzle goes in with the generator's grade and score, with
 * its game, both or neither; made again (its ID asked for twice), it starts
 * a game of the puzzle already there. */
static void
test_graded_game (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = NULL;
  g_autoptr(NeGame) again = NULL;
  NcGrid inkala = grid_from_line (INKALA);
  NcGrid inkala_solution = grid_from_line (INKALA_SOLUTION);
  NcGradeResult graded = { .grade = NC_GRADE_HARD, .score = 4321, .hardest = NC_TECH_X_WING };
  NePuzzleInfo info;
  gint64 id;

  game = ne_game_new_graded_in_store (store, &inkala, &inkala_solution, &graded, "N1-test", &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  id = ne_store_find_puzzle (store, &inkala, &error);
  g_assert_no_error (error);
  g_assert_true (ne_store_get_puzzle (store, id, &info, &error));
  g_assert_no_error (error);
  g_assert_cmpint (info.grade, ==, NC_GRADE_HARD);
  g_assert_cmpint (info.score, ==, 4321);
  g_assert_cmpint (info.hardest, ==, NC_TECH_X_WING);
  ne_puzzle_info_clear (&info);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM game"), ==, 1);

  again = ne_game_new_graded_in_store (store, &inkala, &inkala_solution, &graded, "N1-test", &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  g_assert_cmpint (ne_game_get_game_id (again), !=, ne_game_get_game_id (game));
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM puzzle"), ==, 1);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM game"), ==, 2);
  assert_integrity (fixture->path);
}

static void
test_add_puzzle_dedups (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  NcGrid inkala = grid_from_line (INKALA);
  NcGrid inkala_solution = grid_from_line (INKALA_SOLUTION);
  NcGrid euler = grid_from_line (EULER1);
  g_autofree char *givens = NULL;
  g_autofree char *solution = NULL;
  gint64 id, again, other;

  g_assert_cmpint (ne_store_find_puzzle (store, &inkala, &error), ==, 0);
  g_assert_no_error (error);

  id = ne_store_add_puzzle (store, &inkala, &inkala_solution, "Inkala 2012", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  again = ne_store_add_puzzle (store, &inkala, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (again, ==, id);
  other = ne_store_add_puzzle (store, &euler, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (other, !=, id);
  g_assert_cmpint (ne_store_find_puzzle (store, &inkala, &error), ==, id);
  g_assert_cmpint (ne_store_find_puzzle (store, &euler, &error), ==, other);
  g_assert_no_error (error);
  /* What the page cache gave back is read again from the file. */
  ne_store_release_memory (store);
  g_assert_cmpint (ne_store_find_puzzle (store, &inkala, &error), ==, id);
  g_assert_cmpint (ne_store_add_puzzle (store, &euler, NULL, NULL, &error), ==, other);
  g_assert_no_error (error);

  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM puzzle"), ==, 2);
  givens = raw_text (fixture->path, "SELECT givens FROM puzzle ORDER BY id LIMIT 1");
  g_assert_cmpstr (givens, ==,
                   "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
  solution = raw_text (fixture->path, "SELECT solution FROM puzzle ORDER BY id LIMIT 1");
  g_assert_cmpstr (solution, ==, INKALA_SOLUTION);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM puzzle WHERE solution IS NULL"),
                   ==, 1);

  /* A game needs a puzzle that exists. */
  g_assert_cmpint (ne_store_start_game (store, 9999, &error), ==, 0);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  assert_integrity (fixture->path);
}

static void
assert_saved_equal (NeStore *reader,
                    NeGame  *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeGame) loaded = ne_game_load (reader, ne_game_get_game_id (game), &error);

  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_games_equal (ne_game_get_core (loaded), ne_game_get_core (game));
  g_assert_cmpint (ne_game_get_elapsed_ms (loaded), ==, ne_game_get_elapsed_ms (game));
}

static void
test_saved_each_move (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeStore) reader = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  NcMove moves[] = {
    move_note (EMPTY_CELL, 1), move_note (EMPTY_CELL, 2), move_note (2, 1),
    { .kind = NC_MOVE_SET, .cell = EMPTY_CELL, .digit = 1, .flags = NC_MOVE_CLEAN_NOTES },
    move_set (3, 7), { .kind = NC_MOVE_CLEAR, .cell = 3 }, { .kind = NC_MOVE_RESET, .cell = -1 },
  };

  /* Another connection sees each move as soon as it is made. */
  assert_saved_equal (reader, game);
  for (size_t i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (ne_game_apply (game, moves[i]));
      assert_saved_equal (reader, game);
    }
  g_assert_true (ne_game_undo (game));
  assert_saved_equal (reader, game);
  g_assert_true (ne_game_undo (game));
  g_assert_true (ne_game_undo (game));
  assert_saved_equal (reader, game);
  g_assert_true (ne_game_redo (game));
  assert_saved_equal (reader, game);
  g_assert_true (ne_game_apply (game, move_set (4, 5)));
  assert_saved_equal (reader, game);
  {
    g_autofree char *text = raw_text (fixture->path, "SELECT moves FROM game");

    g_assert_cmpstr (text, ==, "n1:1 n1:2 n2:1 s1:1c s3:7 s4:5");
  }
  assert_integrity (fixture->path);
}

static void
test_elapsed_saves (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  g_autoptr(NeGame) detached = NULL;

  /* The clock alone is saved at a bounded rate... */
  ne_game_set_elapsed_ms (game, 1000);
  ne_game_set_elapsed_ms (game, 2000);
  g_assert_cmpint (raw_int (fixture->path, "SELECT elapsed_ms FROM game"), ==, 0);
  /* ...on demand... */
  g_assert_true (ne_game_save_now (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (raw_int (fixture->path, "SELECT elapsed_ms FROM game"), ==, 2000);
  /* ...with every move... */
  ne_game_set_elapsed_ms (game, 3000);
  g_assert_true (ne_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_assert_cmpint (raw_int (fixture->path, "SELECT elapsed_ms FROM game"), ==, 3000);
  /* ...and when the game goes. */
  ne_game_set_elapsed_ms (game, 4000);
  g_clear_object (&game);
  g_assert_cmpint (raw_int (fixture->path, "SELECT elapsed_ms FROM game"), ==, 4000);

  /* Not attached: nothing to save, and no error. */
  {
    NcGrid givens = grid_from_line (INKALA);

    detached = ne_game_new (&givens, NULL);
  }
  g_assert_null (ne_game_get_store (detached));
  g_assert_cmpint (ne_game_get_game_id (detached), ==, 0);
  g_assert_null (ne_game_get_solution (detached));
  g_assert_true (ne_game_save_now (detached, &error));
  g_assert_no_error (error);
}

static void
test_current_game (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) a = NULL;
  g_autoptr(NeGame) b = NULL;
  g_autoptr(NeGame) resumed = NULL;

  g_assert_null (ne_game_resume (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, 0);
  g_assert_no_error (error);

  a = new_game (store, INKALA, INKALA_SOLUTION);
  b = new_game (store, EULER1, EULER1_SOLUTION);
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, ne_game_get_game_id (b));

  /* Times are kept in milliseconds: let one pass so the order is certain. */
  g_usleep (2 * 1000);
  g_assert_true (ne_game_apply (a, move_set (EMPTY_CELL, 1)));
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, ne_game_get_game_id (a));
  resumed = ne_game_resume (store, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ne_game_get_game_id (resumed), ==, ne_game_get_game_id (a));
  assert_games_equal (ne_game_get_core (resumed), ne_game_get_core (a));

  /* A game of a puzzle already in the library shares the puzzle. */
  g_clear_object (&resumed);
  resumed = new_game (store, INKALA, INKALA_SOLUTION);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM puzzle"), ==, 2);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM game"), ==, 3);
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, ne_game_get_game_id (resumed));
  g_assert_no_error (error);
}

static void
play_to_solved (NeGame     *game,
                const char *solution_line)
{
  NcGrid solution = grid_from_line (solution_line);
  const NcGame *core = ne_game_get_core (game);

  for (int i = 0; i < NC_CELLS; i++)
    if (!nc_game_is_given (core, i) && nc_game_value (core, i) == 0)
      g_assert_true (ne_game_apply (game, move_set (i, solution.cell[i])));
  g_assert_true (ne_game_get_solved (game));
}

/* A graded game, solved in elapsed_ms. */
static NeGame *
solved_game (NeStore    *store,
             const char *givens_line,
             const char *solution_line,
             NcGrade     grade,
             gint64      elapsed_ms)
{
  g_autoptr(GError) error = NULL;
  NcGrid givens = grid_from_line (givens_line);
  NcGrid solution = grid_from_line (solution_line);
  NcGradeResult graded = { .grade = grade, .score = 1 };
  NeGame *game = ne_game_new_graded_in_store (store, &givens, &solution, &graded, "test", &error);

  g_assert_no_error (error);
  ne_game_set_elapsed_ms (game, elapsed_ms);
  play_to_solved (game, solution_line);
  return game;
}

/* The best time of a difficulty: solved games only, the one left out that
 * is being compared, the trash not counted. */
static void
test_best_time (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) slow = solved_game (store, INKALA, INKALA_SOLUTION, NC_GRADE_HARD, 90000);
  g_autoptr(NeGame) fast = solved_game (store, EULER1, EULER1_SOLUTION, NC_GRADE_HARD, 60000);
  g_autoptr(NeGame) playing = new_game (store, INKALA, INKALA_SOLUTION);
  NcGrid euler = grid_from_line (EULER1);
  gint64 euler_id;

  /* A game in progress has a shorter time, but is no best. */
  ne_game_set_elapsed_ms (playing, 1000);
  g_assert_true (ne_game_apply (playing, move_set (EMPTY_CELL, 1)));

  g_assert_cmpint (ne_store_get_best_time (store, NC_GRADE_HARD, 0, &error), ==, 60000);
  g_assert_no_error (error);
  g_assert_cmpint (ne_store_get_best_time (store, NC_GRADE_HARD, ne_game_get_game_id (fast), &error), ==, 90000);
  g_assert_cmpint (ne_store_get_best_time (store, NC_GRADE_MEDIUM, 0, &error), ==, -1);
  g_assert_no_error (error);

  euler_id = ne_store_find_puzzle (store, &euler, &error);
  g_assert_true (ne_store_trash_puzzles (store, &euler_id, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ne_store_get_best_time (store, NC_GRADE_HARD, 0, &error), ==, 90000);
  g_assert_no_error (error);
}

static void
test_solved_not_resumed (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) a = new_game (store, INKALA, INKALA_SOLUTION);
  g_autoptr(NeGame) b = NULL;
  g_autoptr(NeGame) resumed = NULL;
  NeGameStatus status = NE_GAME_STATUS_SOLVED;
  gint64 id;

  g_assert_true (ne_store_get_game_status (store, ne_game_get_game_id (a), &status, &error));
  g_assert_cmpint (status, ==, NE_GAME_STATUS_IN_PROGRESS);
  play_to_solved (a, INKALA_SOLUTION);
  g_assert_true (ne_store_get_game_status (store, ne_game_get_game_id (a), &status, &error));
  g_assert_cmpint (status, ==, NE_GAME_STATUS_SOLVED);
  g_assert_no_error (error);
  g_assert_null (ne_game_resume (store, &error));
  g_assert_no_error (error);

  /* Undoing the last entry puts the game back in play. */
  g_assert_true (ne_game_undo (a));
  g_assert_true (ne_store_get_game_status (store, ne_game_get_game_id (a), &status, &error));
  g_assert_cmpint (status, ==, NE_GAME_STATUS_IN_PROGRESS);
  resumed = ne_game_resume (store, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ne_game_get_game_id (resumed), ==, ne_game_get_game_id (a));
  g_assert_true (ne_game_redo (a));
  g_clear_object (&resumed);

  /* Marked solved by hand. */
  b = new_game (store, EULER1, EULER1_SOLUTION);
  id = ne_game_get_game_id (b);
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, id);
  g_assert_true (ne_store_mark_solved (store, id, &error));
  g_assert_no_error (error);
  g_assert_null (ne_game_resume (store, &error));
  g_assert_no_error (error);
  g_assert_false (ne_store_mark_solved (store, 9999, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (ne_store_get_game_status (store, 9999, &status, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  assert_integrity (fixture->path);
}

static void
assert_corrupt (NeStore    *store,
                gint64      id,
                const char *detail)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeGame) game = ne_game_load (store, id, &error);
  g_autofree char *name = g_strdup_printf ("Game %" G_GINT64_FORMAT " ", id);

  g_assert_null (game);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, name));
  g_assert_nonnull (strstr (error->message, ne_store_get_path (store)));
  g_assert_nonnull (strstr (error->message, detail));
}

static void
test_corrupt_moves (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  g_autoptr(NeGame) resumed = NULL;
  gint64 id = ne_game_get_game_id (game);

  g_clear_object (&game);

  raw_exec (fixture->path, "UPDATE game SET moves = 's1:1 x99', position = 2");
  assert_corrupt (store, id, "its move 2, “x99”, is not a move");
  resumed = ne_game_resume (store, &error);
  g_assert_null (resumed);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT);
  g_clear_error (&error);

  raw_exec (fixture->path, "UPDATE game SET moves = 's1:1 s0:1', position = 2");
  assert_corrupt (store, id, "its move 2, “s0:1”, cannot be played");
  raw_exec (fixture->path, "UPDATE game SET moves = 's1:1 s1:1', position = 2");
  assert_corrupt (store, id, "its move 2, “s1:1”, cannot be played");
  raw_exec (fixture->path, "UPDATE game SET moves = 's1:1', position = 5");
  assert_corrupt (store, id, "it is at move 5 of only 1");
  raw_exec (fixture->path, "UPDATE game SET moves = 's1:1', position = -1");
  assert_corrupt (store, id, "it is at move -1");
  raw_exec (fixture->path, "UPDATE game SET moves = '', position = 0");
  raw_exec (fixture->path, "UPDATE puzzle SET givens = replace (givens, '8', 'x')");
  assert_corrupt (store, id, "its puzzle");
  raw_exec (fixture->path, "UPDATE puzzle SET givens = replace (givens, 'x', '8')");

  /* Repaired, it loads again. */
  game = ne_game_load (store, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_clear_object (&game);
  game = ne_game_load (store, 9999, &error);
  g_assert_null (game);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
}

/* Counts of everything NeGame says. */
typedef struct
{
  guint changed;
  int   last_cell;
  guint can_undo;
  guint can_redo;
  guint solved;
  guint elapsed;
  guint hints;
  guint save_failed;
  GError *error;
} Counts;

static void
on_changed (NeGame *game,
            int     cell,
            Counts *counts)
{
  counts->changed++;
  counts->last_cell = cell;
}

static void
on_notify (NeGame     *game,
           GParamSpec *pspec,
           Counts     *counts)
{
  if (g_str_equal (pspec->name, "can-undo"))
    counts->can_undo++;
  else if (g_str_equal (pspec->name, "can-redo"))
    counts->can_redo++;
  else if (g_str_equal (pspec->name, "solved"))
    counts->solved++;
  else if (g_str_equal (pspec->name, "elapsed-ms"))
    counts->elapsed++;
  else if (g_str_equal (pspec->name, "hints"))
    counts->hints++;
  else
    g_assert_not_reached ();
}

static void
on_save_failed (NeGame       *game,
                const GError *error,
                Counts       *counts)
{
  counts->save_failed++;
  g_clear_error (&counts->error);
  counts->error = g_error_copy (error);
}

static void
watch (NeGame *game,
       Counts *counts)
{
  g_signal_connect (game, "changed", G_CALLBACK (on_changed), counts);
  g_signal_connect (game, "notify", G_CALLBACK (on_notify), counts);
  g_signal_connect (game, "save-failed", G_CALLBACK (on_save_failed), counts);
}

#define assert_counts(c, ch, cu, cr, so, el) G_STMT_START {       \
  g_assert_cmpuint ((c)->changed, ==, (ch));                      \
  g_assert_cmpuint ((c)->can_undo, ==, (cu));                     \
  g_assert_cmpuint ((c)->can_redo, ==, (cr));                     \
  g_assert_cmpuint ((c)->solved, ==, (so));                       \
  g_assert_cmpuint ((c)->elapsed, ==, (el));                      \
  g_assert_cmpuint ((c)->save_failed, ==, 0);                     \
} G_STMT_END

static void
check_signals (NeGame *game)
{
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  Counts counts = { 0 };
  gboolean flag = TRUE;
  int last = -1;

  watch (game, &counts);
  g_assert_false (ne_game_get_can_undo (game));

  /* A rejected move says nothing. */
  g_assert_false (ne_game_apply (game, move_set (0, 1)));
  assert_counts (&counts, 0, 0, 0, 0, 0);

  g_assert_true (ne_game_apply (game, move_note (EMPTY_CELL, 1)));
  assert_counts (&counts, 1, 1, 0, 0, 0);
  g_assert_cmpint (counts.last_cell, ==, EMPTY_CELL);
  g_object_get (game, "can-undo", &flag, NULL);
  g_assert_true (flag);
  g_assert_true (ne_game_apply (game, move_note (2, 1)));
  assert_counts (&counts, 2, 1, 0, 0, 0);
  g_assert_cmpint (counts.last_cell, ==, 2);

  /* Setting 1 at EMPTY_CELL cleans the note in its peer 2: two cells. */
  g_assert_true (ne_game_apply (game, (NcMove) { .kind = NC_MOVE_SET, .cell = EMPTY_CELL, .digit = 1,
                                                 .flags = NC_MOVE_CLEAN_NOTES }));
  assert_counts (&counts, 3, 1, 0, 0, 0);
  g_assert_cmpint (counts.last_cell, ==, -1);

  g_assert_true (ne_game_undo (game));
  assert_counts (&counts, 4, 1, 1, 0, 0);
  g_assert_cmpint (counts.last_cell, ==, -1);
  g_assert_true (ne_game_get_can_redo (game));
  g_assert_true (ne_game_undo (game));
  assert_counts (&counts, 5, 1, 1, 0, 0);
  g_assert_cmpint (counts.last_cell, ==, 2);
  g_assert_true (ne_game_undo (game));
  assert_counts (&counts, 6, 2, 1, 0, 0);
  g_assert_false (ne_game_get_can_undo (game));
  g_assert_false (ne_game_undo (game));
  assert_counts (&counts, 6, 2, 1, 0, 0);

  g_assert_true (ne_game_redo (game));
  assert_counts (&counts, 7, 3, 1, 0, 0);
  /* A new move drops the redo history. */
  g_assert_true (ne_game_apply (game, move_set (3, 7)));
  assert_counts (&counts, 8, 3, 2, 0, 0);
  g_assert_false (ne_game_get_can_redo (game));
  g_assert_false (ne_game_redo (game));

  /* Reset is one change of many cells. */
  g_assert_true (ne_game_apply (game, (NcMove) { .kind = NC_MOVE_RESET, .cell = -1 }));
  assert_counts (&counts, 9, 3, 2, 0, 0);
  g_assert_cmpint (counts.last_cell, ==, -1);

  /* Solved is notified once as it turns true and once as it turns false. */
  for (int i = 0; i < NC_CELLS; i++)
    if (!nc_game_is_given (ne_game_get_core (game), i))
      {
        g_assert_false (ne_game_get_solved (game));
        g_assert_true (ne_game_apply (game, move_set (i, solution.cell[i])));
        last = i;
      }
  g_assert_true (ne_game_get_solved (game));
  g_assert_cmpuint (counts.solved, ==, 1);
  g_object_get (game, "solved", &flag, NULL);
  g_assert_true (flag);
  g_assert_true (ne_game_undo (game));
  g_assert_cmpuint (counts.solved, ==, 2);
  g_assert_cmpint (counts.last_cell, ==, last);
  g_assert_false (ne_game_get_solved (game));

  /* The clock notifies only a change. */
  ne_game_set_elapsed_ms (game, 5);
  ne_game_set_elapsed_ms (game, 5);
  g_assert_cmpuint (counts.elapsed, ==, 1);
  g_object_set (game, "elapsed-ms", (gint64) 6, NULL);
  g_assert_cmpuint (counts.elapsed, ==, 2);
  g_assert_cmpint (ne_game_get_elapsed_ms (game), ==, 6);
  g_assert_cmpuint (counts.save_failed, ==, 0);

  g_signal_handlers_disconnect_by_data (game, &counts);
}

static void
test_game_signals (Fixture       *fixture,
                   gconstpointer  data)
{
  NcGrid givens = grid_from_line (INKALA);
  g_autoptr(NeGame) detached = ne_game_new (&givens, NULL);
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) attached = new_game (store, INKALA, INKALA_SOLUTION);

  check_signals (detached);
  check_signals (attached);
  assert_integrity (fixture->path);
}

static void
test_save_failed (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  Counts counts = { 0 };

  watch (game, &counts);
  g_assert_true (ne_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_assert_cmpuint (counts.save_failed, ==, 0);

  /* The game vanishes under it: the move stands, the failure is told. */
  raw_exec (fixture->path, "DELETE FROM game");
  g_assert_true (ne_game_apply (game, move_set (2, 2)));
  g_assert_cmpuint (counts.changed, ==, 2);
  g_assert_cmpuint (counts.save_failed, ==, 1);
  g_assert_error (counts.error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_test_message ("%s", counts.error->message);
  g_assert_true (g_str_has_prefix (counts.error->message, "Could not save the game to "));
  g_assert_nonnull (strstr (counts.error->message, fixture->path));
  g_assert_cmpint (nc_game_value (ne_game_get_core (game), 2), ==, 2);
  g_assert_true (ne_game_undo (game));
  g_assert_cmpuint (counts.save_failed, ==, 2);

  g_assert_false (ne_game_save_now (game, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_assert_cmpuint (counts.save_failed, ==, 2);

  /* Detached, nothing more is saved or reported. */
  ne_game_attach_store (game, NULL, 0, 0);
  g_assert_true (ne_game_redo (game));
  g_assert_cmpuint (counts.save_failed, ==, 2);
  g_signal_handlers_disconnect_by_data (game, &counts);
  g_clear_error (&counts.error);
}

/* The crash test. The child, a helper mode of this binary, plays moves
 * that never repeat a state and prints the count after each one saved. */
#define CRASH_CHILD_ARG "--crash-child"
#define CRASH_MAX_MOVES 100000

static NcMove
crash_move (const NcGrid *givens,
            guint         i)
{
  int empty[NC_CELLS];
  int n_empty = 0;

  for (int c = 0; c < NC_CELLS; c++)
    if (givens->cell[c] == 0)
      empty[n_empty++] = c;
  return move_note (empty[i % n_empty], 1 + (int) (i / n_empty) % 9);
}

static void
crash_child_save_failed (NeGame       *game,
                         const GError *error,
                         gpointer      data)
{
  g_error ("%s", error->message);
}

static int
crash_child (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = ne_store_open (path, &error);
  g_autoptr(NeGame) game = NULL;
  NcGrid givens = grid_from_line (INKALA);

  if (store == NULL)
    g_error ("%s", error->message);
  game = ne_game_new_in_store (store, &givens, NULL, "crash test", &error);
  if (game == NULL)
    g_error ("%s", error->message);
  g_signal_connect (game, "save-failed", G_CALLBACK (crash_child_save_failed), NULL);

  for (guint i = 0; i < CRASH_MAX_MOVES; i++)
    {
      /* The move saves the time with it. */
      ne_game_set_elapsed_ms (game, i + 1);
      if (!ne_game_apply (game, crash_move (&givens, i)))
        g_error ("move %u did not apply", i);
      printf ("%u\n", i + 1);
      fflush (stdout);
    }
  return 0;
}

/* Starts the child, waits until it reports at least kill_after saves,
 * kills it and returns the last count it reported. */
static guint
run_crash_child (const char *path,
                 guint       kill_after)
{
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "/proc/self/exe", CRASH_CHILD_ARG, path, NULL };
  GPid pid;
  int out_fd = -1;
  int status = 0;
  guint reported = 0;
  gboolean killed = FALSE;
  GString *pending = g_string_new (NULL);

  g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                            NULL, NULL, &pid, NULL, &out_fd, NULL, &error);
  g_assert_no_error (error);

  for (;;)
    {
      char buf[512];
      ssize_t n = read (out_fd, buf, sizeof buf);
      char *newline;

      if (n < 0 && errno == EINTR)
        continue;
      g_assert_cmpint (n, >=, 0);
      if (n == 0)
        break;
      g_string_append_len (pending, buf, n);
      while ((newline = strchr (pending->str, '\n')) != NULL)
        {
          *newline = '\0';
          reported = (guint) g_ascii_strtoull (pending->str, NULL, 10);
          g_string_erase (pending, 0, newline - pending->str + 1);
        }
      if (!killed && reported >= kill_after)
        {
          g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
          killed = TRUE;
        }
    }

  g_assert_true (killed);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
  g_spawn_close_pid (pid);
  close (out_fd);
  g_string_free (pending, TRUE);
  return reported;
}

static void
test_crash (Fixture       *fixture,
            gconstpointer  data)
{
  const guint kill_points[] = { 1, 37, 150 };
  NcGrid givens = grid_from_line (INKALA);

  for (size_t k = 0; k < G_N_ELEMENTS (kill_points); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(NeStore) store = NULL;
      g_autoptr(NeGame) game = NULL;
      const NcMove *moves;
      size_t n_moves;
      guint reported = run_crash_child (fixture->path, kill_points[k]);

      g_assert_cmpuint (reported, >=, kill_points[k]);
      assert_integrity (fixture->path);

      store = open_store (fixture->path);
      game = ne_game_resume (store, &error);
      g_assert_no_error (error);
      g_assert_nonnull (game);
      moves = nc_game_moves (ne_game_get_core (game), &n_moves);
      g_test_message ("killed after %u reported saves: %zu moves in the library",
                      reported, n_moves);
      /* Everything reported, and at most the one move being saved more. */
      g_assert_cmpuint (n_moves, >=, reported);
      g_assert_cmpuint (n_moves, <=, reported + 1);
      g_assert_cmpuint (nc_game_position (ne_game_get_core (game)), ==, n_moves);
      for (size_t i = 0; i < n_moves; i++)
        {
          NcMove expected = crash_move (&givens, (guint) i);

          g_assert_cmpmem (&moves[i], sizeof (NcMove), &expected, sizeof (NcMove));
        }
      g_assert_cmpint (ne_game_get_elapsed_ms (game), >=, (gint64) reported);
      g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM game"), ==, (gint64) k + 1);
      g_clear_object (&game);
      g_clear_object (&store);
      assert_integrity (fixture->path);
    }
}

/* The moves of a game as the library holds them. */
static char *
saved_moves (const char *path,
             gint64      game_id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT moves FROM game WHERE id = %" G_GINT64_FORMAT,
                                          game_id);

  return raw_text (path, sql);
}

/* "bad" and two bytes that are no UTF-8, as a file name may hold them,
 * and what they read as once made valid. */
#define RAW_NAME       "CAST (x'626164fffe' AS TEXT)"
#define REPAIRED_NAME  "bad\xef\xbf\xbd\xef\xbf\xbd"

/* A library of a Nonet from before application_id and game versions
 * (schema 2), whose collection and title an older build stored as raw
 * bytes: opened, it says it is a library, and its text is valid UTF-8. */
static void
test_old_library (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  g_autoptr(NeGame) resumed = NULL;
  g_autoptr(GPtrArray) collections = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *key = NULL;
  NePuzzleInfo info;
  gint64 game_id = ne_game_get_game_id (game);
  gint64 puzzle_id = ne_store_get_game_puzzle (store, game_id, &error);

  g_assert_no_error (error);
  g_assert_cmpint (ne_store_add_collection (store, "Forum", &error), >, 0);
  g_assert_true (ne_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_clear_object (&game);
  g_clear_object (&store);
  raw_exec (fixture->path,
            "ALTER TABLE game DROP COLUMN version; ALTER TABLE game DROP COLUMN hints;"
            " DROP INDEX puzzle_by_hardest; ALTER TABLE puzzle DROP COLUMN hardest;"
            " PRAGMA user_version = 2;"
            " PRAGMA application_id = 0;"
            " UPDATE collection SET name = " RAW_NAME ";"
            " UPDATE puzzle SET title = CAST (x'54c3a974fffe' AS TEXT), title_key = 'x',"
            "  collection_id = (SELECT id FROM collection)");

  store = open_store (fixture->path);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA application_id"), ==, NE_STORE_APPLICATION_ID);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA user_version"), ==, NE_STORE_SCHEMA_VERSION);
  name = raw_text (fixture->path, "SELECT name FROM collection");
  g_assert_cmpstr (name, ==, REPAIRED_NAME);
  title = raw_text (fixture->path, "SELECT title FROM puzzle");
  g_assert_cmpstr (title, ==, "T\xc3\xa9t\xef\xbf\xbd\xef\xbf\xbd");
  key = raw_text (fixture->path, "SELECT title_key FROM puzzle");
  g_assert_cmpstr (key, ==, "tet\xef\xbf\xbd\xef\xbf\xbd");

  collections = ne_store_list_collections (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (collections->len, ==, 1);
  g_assert_cmpstr (((NeCollectionInfo *) collections->pdata[0])->name, ==, REPAIRED_NAME);
  g_assert_true (ne_store_get_puzzle (store, puzzle_id, &info, &error));
  g_assert_cmpstr (info.collection, ==, REPAIRED_NAME);
  ne_puzzle_info_clear (&info);

  resumed = ne_game_resume (store, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ne_game_get_game_id (resumed), ==, game_id);
  g_assert_true (ne_game_apply (resumed, move_set (2, 2)));
  g_assert_cmpint (raw_int (fixture->path, "SELECT version FROM game"), ==, 1);
  assert_integrity (fixture->path);
}

/* Text that is not UTF-8 never comes out of the store, and never goes in. */
static void
test_names_not_utf8 (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(GPtrArray) collections = NULL;
  g_autofree char *stored = NULL;
  NcGrid givens = grid_from_line (INKALA);
  NePuzzleInfo info;
  gint64 puzzle_id = ne_store_add_puzzle (store, &givens, NULL, NULL, &error);
  gint64 id;

  g_assert_no_error (error);
  g_clear_object (&store);
  /* A raw name, and one that already holds what it is repaired into. */
  raw_exec (fixture->path,
            "INSERT INTO collection (id, name, added) VALUES (100, " RAW_NAME ", 0),"
            " (101, '" REPAIRED_NAME "', 0);"
            " UPDATE puzzle SET title = CAST (x'41ff' AS TEXT), author = CAST (x'ff42' AS TEXT),"
            "  collection_id = 100");

  store = open_store (fixture->path);
  collections = ne_store_list_collections (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (collections->len, ==, 2);
  g_assert_cmpstr (((NeCollectionInfo *) collections->pdata[0])->name, ==, REPAIRED_NAME);
  g_assert_cmpstr (((NeCollectionInfo *) collections->pdata[1])->name, ==, REPAIRED_NAME " (100)");
  stored = raw_text (fixture->path, "SELECT name FROM collection WHERE id = 100");
  g_assert_cmpstr (stored, ==, REPAIRED_NAME " (100)");
  g_clear_pointer (&stored, g_free);

  g_assert_true (ne_store_get_puzzle (store, puzzle_id, &info, &error));
  g_assert_cmpstr (info.title, ==, "A\xef\xbf\xbd");
  g_assert_cmpstr (info.author, ==, "\xef\xbf\xbd" "B");
  g_assert_cmpstr (info.collection, ==, REPAIRED_NAME " (100)");
  ne_puzzle_info_clear (&info);

  /* What goes in is made valid too. */
  id = ne_store_add_collection (store, "new\xff", &error);
  g_assert_no_error (error);
  stored = raw_text (fixture->path, "SELECT name FROM collection WHERE id = (SELECT max (id) FROM collection)");
  g_assert_cmpstr (stored, ==, "new\xef\xbf\xbd");
  g_clear_pointer (&stored, g_free);
  g_assert_cmpint (ne_store_find_collection (store, "new\xff", &error), ==, id);
  g_assert_true (ne_store_set_title (store, puzzle_id, "t\xfe", &error));
  g_assert_no_error (error);
  stored = raw_text (fixture->path, "SELECT title FROM puzzle");
  g_assert_cmpstr (stored, ==, "t\xef\xbf\xbd");
  assert_integrity (fixture->path);
}

/* Hand-edited puzzle rows that pass the table's CHECKs: left out of every
 * list with a warning naming each, refused when asked for by id. */
static void
test_damaged_puzzles (Fixture       *fixture,
                      gconstpointer  data)
{
  static const struct
  {
    const char *set;
    const char *reason;
  } damages[] = {
    { "givens = replace (givens, '8', 'x')", "its givens are not 81 digits and blanks" },
    { "givens = '" "000000000000000000000000000000000000000000000000000000000000000000000000000000000" "'",
      "it has no givens" },
    { "status = 99", "its status is not one Nonet knows" },
    { "best_ms = -5", "its best time is not a time" },
    { "added = 9223372036854775807", "the date it was added is not a date" },
    { "grade = 17", "its grade is not one Nonet knows" },
    { "hardest = 16", "its hardest technique is not one Nonet knows" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(GArray) listed = NULL;
  g_autoptr(NeGame) game = NULL;
  NcGrid inkala = grid_from_line (INKALA);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  gint64 ids[G_N_ELEMENTS (damages) + 2];
  NePuzzleInfo info;
  gint64 sound, colliding;
  int filled = 0;

  /* Inkala's puzzle with one more given each time: distinct rows. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      NcGrid givens = inkala;

      while (givens.cell[filled] != 0)
        filled++;
      givens.cell[filled] = solution.cell[filled];
      filled++;
      ids[i] = ne_store_add_puzzle (store, &givens, &solution, NULL, &error);
      g_assert_no_error (error);
    }
  sound = ids[G_N_ELEMENTS (damages)];
  colliding = ids[G_N_ELEMENTS (damages) + 1];
  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autofree char *sql = g_strdup_printf ("UPDATE puzzle SET %s WHERE id = %" G_GINT64_FORMAT,
                                              damages[i].set, ids[i]);

      raw_exec (fixture->path, sql);
    }
  /* Two equal givens in a row: listed, but not played. */
  {
    g_autofree char *sql = g_strdup_printf ("UPDATE puzzle SET givens = '88' || substr (givens, 3)"
                                            " WHERE id = %" G_GINT64_FORMAT, colliding);

    raw_exec (fixture->path, sql);
  }

  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autofree char *pattern = g_strdup_printf ("Puzzle %" G_GINT64_FORMAT " in the game library "
                                                  "* is damaged (%s): it is left out of the lists",
                                                  ids[i], damages[i].reason);

      g_test_expect_message ("nonet-store", G_LOG_LEVEL_WARNING, pattern);
    }
  listed = ne_store_list_puzzle_ids (store, -1, -1, &error);
  g_test_assert_expected_messages ();
  g_assert_no_error (error);
  g_assert_cmpuint (listed->len, ==, 2);
  g_assert_cmpint (g_array_index (listed, gint64, 0), ==, sound);
  g_assert_cmpint (g_array_index (listed, gint64, 1), ==, colliding);
  /* Warned of once: the other lists leave them out quietly. */
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, 2);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autofree char *expected = g_strdup_printf ("Puzzle %" G_GINT64_FORMAT " in the game library %s"
                                                   " is damaged: %s",
                                                   ids[i], fixture->path, damages[i].reason);

      g_assert_false (ne_store_get_puzzle (store, ids[i], &info, &error));
      g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT);
      g_assert_cmpstr (error->message, ==, expected);
      g_clear_error (&error);
      g_assert_null (ne_game_play_puzzle (store, ids[i], &error));
      g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT);
      g_clear_error (&error);
    }

  g_assert_true (ne_store_get_puzzle (store, colliding, &info, &error));
  ne_puzzle_info_clear (&info);
  g_assert_null (ne_game_play_puzzle (store, colliding, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "cannot be played: its puzzle breaks the rules"));
  g_clear_error (&error);

  game = ne_game_play_puzzle (store, sound, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  /* Nothing was started for the damaged ones. */
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM game"), ==, 1);
}

/* Hand-edited game rows: each refused with a message naming the game. */
static void
test_damaged_games (Fixture       *fixture,
                    gconstpointer  data)
{
  static const struct
  {
    const char *damage;
    const char *repair;
    const char *reason;
  } damages[] = {
    { "UPDATE game SET elapsed_ms = 9223372036854775807", "UPDATE game SET elapsed_ms = 0",
      "its time played is not a time" },
    { "UPDATE game SET elapsed_ms = -1", "UPDATE game SET elapsed_ms = 0",
      "its time played is not a time" },
    { "UPDATE game SET status = 'won'", "UPDATE game SET status = 'in-progress'",
      "its status is not one Nonet knows" },
    { "UPDATE game SET started = -1", "UPDATE game SET started = updated",
      "the date it was played is not a date" },
    { "UPDATE game SET hints = -1", "UPDATE game SET hints = 0",
      "its count of hints is not a count" },
    { "UPDATE game SET hints = 'many'", "UPDATE game SET hints = 0",
      "its count of hints is not a count" },
    { "UPDATE puzzle SET givens = '" "000000000000000000000000000000000000000000000000000000000000000000000000000000000" "'",
      "UPDATE puzzle SET givens = '" INKALA "'", "its puzzle has no givens" },
    { "UPDATE puzzle SET solution = '" EULER1_SOLUTION "'",
      "UPDATE puzzle SET solution = '" INKALA_SOLUTION "'", "its puzzle’s solution does not hold its givens" },
    { "UPDATE puzzle SET solution = 'x' || substr (solution, 2)",
      "UPDATE puzzle SET solution = '" INKALA_SOLUTION "'", "its puzzle’s solution is not 81 digits" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  gint64 id = ne_game_get_game_id (game);
  NeGameStatus status;

  g_clear_object (&game);
  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      raw_exec (fixture->path, damages[i].damage);
      assert_corrupt (store, id, damages[i].reason);
      /* A game of no status Nonet knows is not in progress: not resumed. */
      g_assert_null (ne_game_resume (store, &error));
      if (strstr (damages[i].damage, "status") == NULL)
        g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT);
      else
        g_assert_no_error (error);
      g_clear_error (&error);
      raw_exec (fixture->path, damages[i].repair);
    }

  raw_exec (fixture->path, "UPDATE game SET status = 'won'");
  g_assert_false (ne_store_get_game_status (store, id, &status, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT);
  g_clear_error (&error);
  raw_exec (fixture->path, "UPDATE game SET status = 'in-progress'");

  game = ne_game_load (store, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
}

/* Two instances of Nonet on one library (two session buses, one data
 * folder), both playing the same game: the second to save is told, and
 * both histories are kept. */
static void
test_two_writers (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) first = open_store (fixture->path);
  g_autoptr(NeStore) second = NULL;
  g_autoptr(NeGame) game = new_game (first, INKALA, INKALA_SOLUTION);
  g_autoptr(NeGame) a = NULL;
  g_autoptr(NeGame) b = NULL;
  g_autofree char *moves_a = NULL;
  g_autofree char *moves_b = NULL;
  Counts counts_a = { 0 };
  Counts counts_b = { 0 };
  gint64 id = ne_game_get_game_id (game);
  gint64 copy;

  g_clear_object (&game);
  second = ne_store_open (fixture->path, &error);
  g_assert_no_error (error);
  a = ne_game_load (first, id, &error);
  g_assert_no_error (error);
  b = ne_game_load (second, id, &error);
  g_assert_no_error (error);
  watch (a, &counts_a);
  watch (b, &counts_b);

  g_assert_true (ne_game_apply (a, move_set (EMPTY_CELL, 1)));
  g_assert_cmpuint (counts_a.save_failed, ==, 0);
  g_assert_true (ne_game_apply (b, move_set (2, 2)));
  g_assert_cmpuint (counts_b.save_failed, ==, 1);
  g_assert_error (counts_b.error, NE_STORE_ERROR, NE_STORE_ERROR_CONFLICT);
  g_test_message ("%s", counts_b.error->message);
  g_assert_nonnull (strstr (counts_b.error->message, "changed by another window of Nonet"));
  copy = ne_game_get_game_id (b);
  g_assert_cmpint (copy, !=, id);
  g_assert_cmpint (ne_store_get_game_puzzle (second, copy, &error), ==,
                   ne_store_get_game_puzzle (second, id, &error));
  g_assert_no_error (error);

  /* Each plays on in its own game, saved without complaint. */
  g_assert_true (ne_game_apply (b, move_set (3, 3)));
  g_assert_true (ne_game_apply (a, move_set (4, 4)));
  ne_game_set_elapsed_ms (b, 777);
  g_assert_true (ne_game_save_now (b, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts_a.save_failed, ==, 0);
  g_assert_cmpuint (counts_b.save_failed, ==, 1);

  moves_a = saved_moves (fixture->path, id);
  g_assert_cmpstr (moves_a, ==, "s1:1 s4:4");
  moves_b = saved_moves (fixture->path, copy);
  g_assert_cmpstr (moves_b, ==, "s2:2 s3:3");
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM game"), ==, 2);

  /* The store that saved last sees its own versions: no conflict there. */
  g_clear_object (&a);
  a = ne_game_load (second, id, &error);
  g_assert_no_error (error);
  g_assert_true (ne_game_apply (a, move_set (5, 5)));
  g_assert_true (ne_game_save_now (a, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ne_game_get_game_id (a), ==, id);
  g_signal_handlers_disconnect_by_data (b, &counts_b);
  g_clear_error (&counts_a.error);
  g_clear_error (&counts_b.error);
  assert_integrity (fixture->path);
}

/* The hints a game was given are in its row as soon as they are counted
 * (a crash loses none), and come back with it; undo leaves them. */
static void
test_hints_kept (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  gint64 id = ne_game_get_game_id (game);
  Counts counts = { 0 };

  g_assert_cmpuint (ne_game_get_hints (game), ==, 0);
  g_signal_connect (game, "notify::hints", G_CALLBACK (on_notify), &counts);
  ne_game_count_hint (game);
  g_assert_true (ne_game_apply (game, move_set (EMPTY_CELL, 1)));
  ne_game_count_hint (game);
  g_assert_true (ne_game_undo (game));
  g_assert_cmpuint (counts.hints, ==, 2);
  g_assert_cmpuint (ne_game_get_hints (game), ==, 2);
  g_assert_cmpint (raw_int (fixture->path, "SELECT hints FROM game"), ==, 2);

  g_clear_object (&game);
  g_clear_object (&store);
  store = open_store (fixture->path);
  game = ne_game_load (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ne_game_get_hints (game), ==, 2);
  g_assert_true (ne_game_get_can_redo (game));
}

/* A library of schema 3, from before hints: its games had none, and keep
 * their moves. */
static void
test_migrate_v3 (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  g_autoptr(NeGame) game = new_game (store, INKALA, INKALA_SOLUTION);
  gint64 id = ne_game_get_game_id (game);

  g_assert_true (ne_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_clear_object (&game);
  g_clear_object (&store);
  raw_exec (fixture->path, "ALTER TABLE game DROP COLUMN hints; DROP INDEX puzzle_by_hardest;"
                           " ALTER TABLE puzzle DROP COLUMN hardest; PRAGMA user_version = 3");
  g_assert_cmpint (raw_int (fixture->path, "SELECT count (*) FROM pragma_table_info ('game')"
                                           " WHERE name = 'hints'"), ==, 0);

  store = open_store (fixture->path);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA user_version"), ==, NE_STORE_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (fixture->path, "SELECT hints FROM game"), ==, 0);
  game = ne_game_load (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ne_game_get_hints (game), ==, 0);
  g_assert_cmpint (nc_game_value (ne_game_get_core (game), EMPTY_CELL), ==, 1);
  ne_game_count_hint (game);
  g_assert_cmpint (raw_int (fixture->path, "SELECT hints FROM game"), ==, 1);
  assert_integrity (fixture->path);
}

/* A library of schema 4, from before the hardest technique was stored:
 * its rows stay, and each graded one gets the technique its grade came
 * from; one never graded (several solutions) gets none. */
static void
test_migrate_v4 (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = open_store (fixture->path);
  NcGrid inkala = grid_from_line (INKALA);
  NcGrid euler = grid_from_line (EULER1);
  NcGradeResult inkala_graded, euler_graded;
  NePuzzleInfo info;
  gint64 inkala_id, euler_id, open_id;

  inkala_id = ne_store_add_puzzle (store, &inkala, NULL, NULL, &error);
  g_assert_no_error (error);
  euler_id = ne_store_add_puzzle (store, &euler, NULL, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  /* One given: many solutions, no grade. */
  raw_exec (fixture->path, "INSERT INTO puzzle (givens, added, clues)"
                           " VALUES ('1' || replace (printf ('%80s', ''), ' ', '.'), 5, 1)");
  open_id = raw_int (fixture->path, "SELECT max (id) FROM puzzle");
  raw_exec (fixture->path, "DROP INDEX puzzle_by_hardest; ALTER TABLE puzzle DROP COLUMN hardest;"
                           " PRAGMA user_version = 4");
  g_assert_cmpint (raw_int (fixture->path, "SELECT count (*) FROM pragma_table_info ('puzzle')"
                                           " WHERE name = 'hardest'"), ==, 0);

  store = open_store (fixture->path);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA user_version"), ==, NE_STORE_SCHEMA_VERSION);
  g_assert_cmpint (NE_STORE_SCHEMA_VERSION, ==, 5);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count (*) FROM puzzle"), ==, 3);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count (*) FROM sqlite_master"
                                           " WHERE type = 'index' AND name = 'puzzle_by_hardest'"), ==, 1);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count (*) FROM pragma_index_info ('puzzle_by_hardest')"),
                   ==, 2);
  g_assert_true (nc_grade (&inkala, &inkala_graded, NULL, NULL));
  g_assert_true (nc_grade (&euler, &euler_graded, NULL, NULL));
  /* Inkala's needs guessing, Euler's only singles: both ends of the range. */
  g_assert_cmpint (inkala_graded.hardest, ==, NC_TECH_GUESS);
  g_assert_cmpint (euler_graded.hardest, <, NC_TECH_GUESS);

  g_assert_true (ne_store_get_puzzle (store, inkala_id, &info, &error));
  g_assert_no_error (error);
  g_assert_cmpint (info.hardest, ==, NC_TECH_GUESS);
  g_assert_cmpint (info.grade, ==, NC_GRADE_EXTREME);
  ne_puzzle_info_clear (&info);
  g_assert_true (ne_store_get_puzzle (store, euler_id, &info, &error));
  g_assert_no_error (error);
  g_assert_cmpint (info.hardest, ==, (int) euler_graded.hardest);
  g_assert_cmpint (info.grade, ==, (int) euler_graded.grade);
  ne_puzzle_info_clear (&info);
  g_assert_true (ne_store_get_puzzle (store, open_id, &info, &error));
  g_assert_no_error (error);
  g_assert_cmpint (info.grade, ==, -1);
  g_assert_cmpint (info.hardest, ==, -1);
  ne_puzzle_info_clear (&info);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count (*) FROM puzzle"
                                           " WHERE (grade IS NULL) != (hardest IS NULL)"), ==, 0);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count (*) FROM puzzle WHERE hardest IS NOT NULL"),
                   ==, 2);
  assert_integrity (fixture->path);
}

#define add_store_test(name, func) \
  g_test_add ("/engine/store/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int   argc,
      char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], CRASH_CHILD_ARG))
    return crash_child (argv[2]);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/store/default-path", test_default_path);
  add_store_test ("open-creates-schema", test_open_creates_schema);
  add_store_test ("reopen-keeps-data", test_reopen_keeps_data);
  add_store_test ("store-game-values", test_store_game_values);
  add_store_test ("migrate-v0", test_migrate_v0);
  add_store_test ("foreign-database", test_foreign_database);
  add_store_test ("refused-paths", test_refused_paths);
  add_store_test ("old-library", test_old_library);
  add_store_test ("names-not-utf8", test_names_not_utf8);
  add_store_test ("damaged-puzzles", test_damaged_puzzles);
  add_store_test ("damaged-games", test_damaged_games);
  add_store_test ("two-writers", test_two_writers);
  add_store_test ("future-version", test_future_version);
  add_store_test ("not-a-database", test_not_a_database);
  add_store_test ("add-puzzle-dedups", test_add_puzzle_dedups);
  add_store_test ("graded-game", test_graded_game);
  add_store_test ("saved-each-move", test_saved_each_move);
  add_store_test ("elapsed-saves", test_elapsed_saves);
  add_store_test ("current-game", test_current_game);
  add_store_test ("solved-not-resumed", test_solved_not_resumed);
  add_store_test ("best-time", test_best_time);
  add_store_test ("corrupt-moves", test_corrupt_moves);
  add_store_test ("game-signals", test_game_signals);
  add_store_test ("save-failed", test_save_failed);
  add_store_test ("crash", test_crash);
  add_store_test ("hints-kept", test_hints_kept);
  add_store_test ("migrate-v3", test_migrate_v3);
  add_store_test ("migrate-v4", test_migrate_v4);

  return g_test_run ();
}
