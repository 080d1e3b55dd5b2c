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
  NeGame *game = ne_store_new_game (store, &givens, &solution, "test", &error);

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
  resumed = ne_store_resume_game (store, &error);
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
  g_clear_object (&store);
  remove_tree (fixture->path);

  /* A real database at version 0, with something of its own in it. */
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE other (x); INSERT INTO other VALUES (7)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  store = open_store (fixture->path);
  g_assert_cmpint (raw_int (fixture->path, "PRAGMA user_version"), ==, NE_STORE_SCHEMA_VERSION);
  g_assert_cmpint (raw_int (fixture->path, "SELECT x FROM other"), ==, 7);
  g_assert_cmpint (raw_int (fixture->path, "SELECT count(*) FROM puzzle"), ==, 0);
  assert_integrity (fixture->path);
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
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
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
  g_autoptr(NeGame) loaded = ne_store_load_game (reader, ne_game_get_game_id (game), &error);

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

  g_assert_null (ne_store_resume_game (store, &error));
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
  resumed = ne_store_resume_game (store, &error);
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
  g_assert_null (ne_store_resume_game (store, &error));
  g_assert_no_error (error);

  /* Undoing the last entry puts the game back in play. */
  g_assert_true (ne_game_undo (a));
  g_assert_true (ne_store_get_game_status (store, ne_game_get_game_id (a), &status, &error));
  g_assert_cmpint (status, ==, NE_GAME_STATUS_IN_PROGRESS);
  resumed = ne_store_resume_game (store, &error);
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
  g_assert_null (ne_store_resume_game (store, &error));
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
  g_autoptr(NeGame) game = ne_store_load_game (store, id, &error);
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
  resumed = ne_store_resume_game (store, &error);
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
  game = ne_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_clear_object (&game);
  game = ne_store_load_game (store, 9999, &error);
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
  ne_game_attach_store (game, NULL, 0);
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
  game = ne_store_new_game (store, &givens, NULL, "crash test", &error);
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
      game = ne_store_resume_game (store, &error);
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
  add_store_test ("migrate-v0", test_migrate_v0);
  add_store_test ("future-version", test_future_version);
  add_store_test ("not-a-database", test_not_a_database);
  add_store_test ("add-puzzle-dedups", test_add_puzzle_dedups);
  add_store_test ("saved-each-move", test_saved_each_move);
  add_store_test ("elapsed-saves", test_elapsed_saves);
  add_store_test ("current-game", test_current_game);
  add_store_test ("solved-not-resumed", test_solved_not_resumed);
  add_store_test ("corrupt-moves", test_corrupt_moves);
  add_store_test ("game-signals", test_game_signals);
  add_store_test ("save-failed", test_save_failed);
  add_store_test ("crash", test_crash);

  return g_test_run ();
}
