/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-store.c: the puzzle library in the store: the migration from
 * version 1, duplicates under every kind of transform, the built-in
 * collections (each puzzle unique, counted from the data files themselves),
 * edits, collections, the trash, puzzle status from games, transactions,
 * "library-changed", and recovery from a damaged file. */

#define G_LOG_DOMAIN "nonet-test-library-store"

#include "config.h"

#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "nc-canon.h"
#include "nc-grade.h"
#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-game.h"
#include "ne-library-model.h"
#include "ne-store.h"
#include "ne-store-private.h"
#include "test-util.h"

#define N_BUILTIN 301

/* A puzzle with many solutions. */
#define OPEN_PUZZLE \
  "1................................................................................"

typedef struct
{
  char    *dir;
  char    *path;
  NeStore *store;
  guint    n_changed;
} Fixture;

static void
on_library_changed (NeStore *store,
                    Fixture *fixture)
{
  fixture->n_changed++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nonet-test-library-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->dir, "library.db", NULL);
  fixture->n_changed = 0;
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_clear_object (&fixture->store);
  g_chmod (fixture->dir, 0700);
  dir = g_dir_open (fixture->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (fixture->dir, name, NULL);

      g_assert_cmpint (g_unlink (child), ==, 0);
    }
  g_assert_cmpint (g_rmdir (fixture->dir), ==, 0);
  g_free (fixture->dir);
  g_free (fixture->path);
}

/* Opens fixture->store, counting its library-changed signals. */
static NeStore *
open_fixture_store (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;

  g_clear_object (&fixture->store);
  fixture->store = ne_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fixture->store);
  g_signal_connect (fixture->store, "library-changed", G_CALLBACK (on_library_changed), fixture);
  fixture->n_changed = 0;
  return fixture->store;
}

/* One value of a query on the store's own connection, as text. */
static char *
query_text (NeStore    *store,
            const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  char *text = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (ne_store_get_db (store), sql, -1, &stmt, NULL), ==,
                   SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return text;
}

static gint64
query_int (NeStore    *store,
           const char *sql)
{
  g_autofree char *text = query_text (store, sql);

  return text == NULL ? -1 : g_ascii_strtoll (text, NULL, 10);
}

static char *
canon_of (const NcGrid *grid)
{
  NcGrid canon;
  char line[NC_CELLS + 1];

  nc_canon (grid, &canon);
  nc_grid_format_line (&canon, '.', line);
  return g_strdup (line);
}

static gint64
insert (NeStore            *store,
        const char         *givens_line,
        const char         *solution_line,
        const NePuzzleMeta *meta)
{
  g_autoptr(GError) error = NULL;
  NcGrid givens = grid_from_line (givens_line);
  NcGrid solution = grid_from_line (solution_line);
  NcGradeResult grade;
  gint64 id;

  g_assert_true (nc_grade (&givens, &grade, NULL, NULL));
  id = ne_store_insert_puzzle (store, &givens, &solution, (int) grade.grade,
                               (int) grade.score, (int) grade.hardest, meta, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

/* ---- Migration ---- */

/* Migration 0 of ne-store.c as it shipped: a library of version 1. */
static const char *const schema_v1 =
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
  "CREATE INDEX game_by_status ON game (status, updated);"
  "PRAGMA user_version = 1;";

static void
check_migrated_row (NeStore    *store,
                    gint64      id,
                    const char *givens_line,
                    int         status,
                    gint64      best_ms)
{
  g_autoptr(GError) error = NULL;
  NcGrid givens = grid_from_line (givens_line);
  g_autofree char *canon = canon_of (&givens);
  g_autofree char *sql = g_strdup_printf ("SELECT canon FROM puzzle WHERE id = %" G_GINT64_FORMAT, id);
  g_autofree char *stored_canon = query_text (store, sql);
  NePuzzleInfo info;
  NcGradeResult grade;

  g_assert_cmpstr (stored_canon, ==, canon);
  g_assert_true (ne_store_get_puzzle (store, id, &info, &error));
  g_assert_no_error (error);
  g_assert_true (nc_grid_equal (&info.givens, &givens));
  g_assert_cmpint (info.clues, ==, nc_grid_count_filled (&givens));
  if (nc_solver_count (&givens, 2, NULL) == 1)
    {
      g_assert_true (nc_grade (&givens, &grade, NULL, NULL));
      g_assert_cmpint (info.grade, ==, (int) grade.grade);
      g_assert_cmpint (info.score, ==, (int) grade.score);
      g_assert_cmpint (info.hardest, ==, (int) grade.hardest);
    }
  else
    {
      g_assert_cmpint (info.grade, ==, -1);
      g_assert_cmpint (info.score, ==, -1);
      g_assert_cmpint (info.hardest, ==, -1);
    }
  g_assert_cmpint (info.status, ==, status);
  g_assert_cmpint (info.best_ms, ==, best_ms);
  g_assert_null (info.title);
  g_assert_null (info.author);
  g_assert_null (info.notes);
  g_assert_null (info.collection);
  g_assert_cmpint (info.collection_id, ==, 0);
  g_assert_cmpint (info.added_ms, ==, 1000 + id);
  ne_puzzle_info_clear (&info);
}

static void
test_migrate_v1 (Fixture       *fixture,
                 gconstpointer  data)
{
  static const char *const indexes[] = {
    "puzzle_by_canon", "puzzle_by_collection", "puzzle_by_clues", "puzzle_by_grade",
    "puzzle_by_hardest", "puzzle_by_status", "puzzle_by_best_ms", "puzzle_by_added", "puzzle_by_title",
    "puzzle_in_trash", "game_by_puzzle", "game_by_status",
  };
  static const char *const columns[] = {
    "id", "givens", "solution", "source", "added", "canon", "clues", "grade", "score",
    "title", "title_key", "author", "notes", "collection_id", "status", "best_ms", "trashed",
    "hardest",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(NeGame) resumed = NULL;
  g_autofree char *insert_sql = NULL;
  g_autofree char *integrity = NULL;
  NeStore *store;
  sqlite3 *db;

  /* Four puzzles: solved twice (best 3000) and in progress; in progress;
   * never played with several solutions; never played (Euler's solution
   * with one cell emptied). */
  {
    char line[NC_CELLS + 1];

    g_strlcpy (line, EULER1_SOLUTION, sizeof line);
    line[40] = '.';
    insert_sql = g_strdup_printf (
      "INSERT INTO puzzle VALUES (1, '%s', '%s', 'Inkala 2012', 1001);"
      "INSERT INTO puzzle VALUES (2, '%s', NULL, NULL, 1002);"
      "INSERT INTO puzzle VALUES (3, '%s', NULL, NULL, 1003);"
      "INSERT INTO puzzle VALUES (4, '%s', '%s', 'generated', 1004);"
      "INSERT INTO game VALUES (1, 1, '', 0, 5000, 'solved', 10, 20);"
      "INSERT INTO game VALUES (2, 1, '', 0, 3000, 'solved', 30, 40);"
      "INSERT INTO game VALUES (3, 1, '', 0, 100, 'in-progress', 50, 60);"
      "INSERT INTO game VALUES (4, 2, 's3:4', 1, 700, 'in-progress', 70, 80);",
      INKALA, INKALA_SOLUTION, EULER1, OPEN_PUZZLE, line, EULER1_SOLUTION);
  }
  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, schema_v1, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, insert_sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = open_fixture_store (fixture);
  g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, 5);
  g_assert_cmpint (NE_STORE_SCHEMA_VERSION, ==, 5);
  g_assert_cmpint (query_int (store, "PRAGMA application_id"), ==, NE_STORE_APPLICATION_ID);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM pragma_table_info ('game')"
                                     " WHERE name = 'version'"), ==, 1);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM pragma_table_info ('game')"
                                     " WHERE name = 'hints'"), ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT count (*) FROM pragma_table_info ('puzzle')"
                                              " WHERE name = '%s'", columns[i]);

      g_assert_cmpint (query_int (store, sql), ==, 1);
    }
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM pragma_table_info ('puzzle')"),
                   ==, G_N_ELEMENTS (columns));
  for (guint i = 0; i < G_N_ELEMENTS (indexes); i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT count (*) FROM sqlite_master"
                                              " WHERE type = 'index' AND name = '%s'", indexes[i]);

      g_test_message ("index %s", indexes[i]);
      g_assert_cmpint (query_int (store, sql), ==, 1);
    }
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM sqlite_master WHERE type = 'table'"
                                     " AND name IN ('collection', 'meta')"), ==, 2);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM pragma_foreign_key_list ('puzzle')"
                                     " WHERE \"table\" = 'collection'"), ==, 1);
  /* The sort indexes are on (column, id). */
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM pragma_index_info ('puzzle_by_clues')"),
                   ==, 2);
  /* Titles by their key, with no collation a plain sqlite3 lacks. */
  {
    g_autofree char *title_index = query_text (store, "SELECT group_concat (name || ':' || coll, ',')"
                                                      " FROM pragma_index_xinfo ('puzzle_by_title')"
                                                      " WHERE key");

    g_assert_cmpstr (title_index, ==, "title_key:BINARY,id:BINARY");
  }

  check_migrated_row (store, 1, INKALA, NE_PUZZLE_STATUS_SOLVED, 3000);
  check_migrated_row (store, 2, EULER1, NE_PUZZLE_STATUS_IN_PROGRESS, -1);
  check_migrated_row (store, 3, OPEN_PUZZLE, NE_PUZZLE_STATUS_NEW, -1);
  g_assert_cmpint (query_int (store, "SELECT grade IS NULL AND score IS NULL AND hardest IS NULL"
                                     " FROM puzzle WHERE id = 3"), ==, 1);
  g_assert_cmpint (query_int (store, "SELECT clues FROM puzzle WHERE id = 4"), ==, 80);
  g_assert_cmpint (query_int (store, "SELECT grade FROM puzzle WHERE id = 4"), ==, NC_GRADE_EASY);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM puzzle WHERE trashed IS NOT NULL"),
                   ==, 0);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM game"), ==, 4);

  /* The games play on; the built-in collections arrived, without a second
   * copy of Inkala's puzzle, which the library held already. */
  resumed = ne_game_resume (store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (resumed);
  g_assert_cmpint (ne_game_get_game_id (resumed), ==, 4);
  g_assert_cmpint (ne_store_count_puzzles (store, &error), ==, 4 + N_BUILTIN - 1);
  g_assert_no_error (error);
  integrity = query_text (store, "PRAGMA integrity_check");
  g_assert_cmpstr (integrity, ==, "ok");
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM pragma_foreign_key_check"), ==, 0);
}

static void
test_future_version (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  NeStore *store;
  sqlite3 *db;

  g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA application_id = 1315917428; PRAGMA user_version = 6",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = ne_store_open (fixture->path, &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NEWER);
  g_clear_error (&error);

  /* Not damaged, only newer: left where it is. */
  store = ne_store_open_or_recover (fixture->path, &message, &error);
  g_assert_null (store);
  g_assert_null (message);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NEWER);
  g_assert_true (g_file_test (fixture->path, G_FILE_TEST_IS_REGULAR));
}

/* ---- Duplicates ---- */

typedef void (*TransformFunc) (const NcGrid *in, NcGrid *out);

static void
rotate_90 (const NcGrid *in, NcGrid *out)
{
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      out->cell[c * 9 + (8 - r)] = in->cell[r * 9 + c];
}

static void
mirror (const NcGrid *in, NcGrid *out)
{
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      out->cell[r * 9 + (8 - c)] = in->cell[r * 9 + c];
}

static void
transpose (const NcGrid *in, NcGrid *out)
{
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      out->cell[c * 9 + r] = in->cell[r * 9 + c];
}

static void
relabel (const NcGrid *in, NcGrid *out)
{
  for (int i = 0; i < NC_CELLS; i++)
    out->cell[i] = in->cell[i] == 0 ? 0 : (uint8_t) (in->cell[i] % 9 + 1);
}

static void
swap_bands (const NcGrid *in, NcGrid *out)
{
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      out->cell[((r + 3) % 9) * 9 + c] = in->cell[r * 9 + c];
}

static void
swap_stacks (const NcGrid *in, NcGrid *out)
{
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      out->cell[r * 9 + (c + 6) % 9] = in->cell[r * 9 + c];
}

static void
swap_rows_in_band (const NcGrid *in, NcGrid *out)
{
  static const int row[9] = { 1, 0, 2, 3, 5, 4, 8, 7, 6 };

  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      out->cell[row[r] * 9 + c] = in->cell[r * 9 + c];
}

static void
swap_columns_in_stack (const NcGrid *in, NcGrid *out)
{
  static const int col[9] = { 2, 1, 0, 3, 4, 5, 7, 8, 6 };

  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      out->cell[r * 9 + col[c]] = in->cell[r * 9 + c];
}

static void
all_at_once (const NcGrid *in, NcGrid *out)
{
  NcGrid a, b;

  rotate_90 (in, &a);
  relabel (&a, &b);
  swap_bands (&b, &a);
  swap_columns_in_stack (&a, out);
}

static void
test_insert_duplicates (Fixture       *fixture,
                        gconstpointer  data)
{
  static const struct { const char *name; TransformFunc func; } transforms[] = {
    { "rotated", rotate_90 },
    { "mirrored", mirror },
    { "transposed", transpose },
    { "relabelled", relabel },
    { "bands swapped", swap_bands },
    { "stacks swapped", swap_stacks },
    { "rows swapped", swap_rows_in_band },
    { "columns swapped", swap_columns_in_stack },
    { "all at once", all_at_once },
  };
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  NcGrid euler = grid_from_line (EULER1);
  NcGrid euler_solution = grid_from_line (EULER1_SOLUTION);
  NePuzzleMeta meta = { .title = "Euler 1", .author = "Project Euler", .source = "problem 96",
                        .notes = "the first grid" };
  NePuzzleInfo info;
  gint64 forum;
  gint64 id;
  guint count;

  forum = ne_store_add_collection (store, "Forum", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  meta.collection_id = forum;
  count = ne_store_count_puzzles (store, &error);
  id = insert (store, EULER1, EULER1_SOLUTION, &meta);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, count + 1);
  g_assert_cmpint (ne_store_find_equivalent (store, &euler, &error), ==, id);
  g_assert_cmpint (ne_store_find_puzzle (store, &euler, &error), ==, id);

  g_assert_true (ne_store_get_puzzle (store, id, &info, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (info.title, ==, "Euler 1");
  g_assert_cmpstr (info.author, ==, "Project Euler");
  g_assert_cmpstr (info.source, ==, "problem 96");
  g_assert_cmpstr (info.notes, ==, "the first grid");
  g_assert_cmpstr (info.collection, ==, "Forum");
  g_assert_cmpint (info.collection_id, ==, forum);
  g_assert_cmpint (info.clues, ==, 32);
  g_assert_cmpint (info.grade, >=, 0);
  g_assert_cmpint (info.status, ==, NE_PUZZLE_STATUS_NEW);
  g_assert_cmpint (info.best_ms, ==, -1);
  g_assert_true (nc_grid_equal (&info.solution, &euler_solution));
  g_assert_cmpint (ABS (info.added_ms - g_get_real_time () / 1000), <, 60000);
  ne_puzzle_info_clear (&info);
  g_assert_null (info.title);

  for (guint i = 0; i < G_N_ELEMENTS (transforms); i++)
    {
      NcGrid givens, solution;
      gint64 original = 0;

      g_test_message ("%s", transforms[i].name);
      transforms[i].func (&euler, &givens);
      transforms[i].func (&euler_solution, &solution);
      g_assert_false (nc_grid_equal (&givens, &euler));
      g_assert_cmpint (ne_store_find_equivalent (store, &givens, &error), ==, id);
      g_assert_cmpint (ne_store_insert_puzzle (store, &givens, &solution, 0, 0, 0, NULL,
                                               &original, &error), ==, 0);
      g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE);
      g_assert_cmpstr (error->message, ==, "the same puzzle as “Euler 1” in Forum");
      g_assert_cmpint (original, ==, id);
      g_clear_error (&error);
    }
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, count + 1);
  g_assert_cmpuint (fixture->n_changed, ==, 2);

  /* How a puzzle is named: title, number, collection. */
  g_assert_true (ne_store_set_title (store, id, NULL, &error));
  {
    g_autofree char *text = ne_store_describe_puzzle (store, id);
    g_autofree char *expected = g_strdup_printf ("#%" G_GINT64_FORMAT " in Forum", id);

    g_assert_cmpstr (text, ==, expected);
  }
  g_assert_true (ne_store_move_puzzles (store, &id, 1, 0, &error));
  {
    g_autofree char *text = ne_store_describe_puzzle (store, id);
    g_autofree char *expected = g_strdup_printf ("#%" G_GINT64_FORMAT, id);

    g_assert_cmpstr (text, ==, expected);
    ne_store_insert_puzzle (store, &euler, &euler_solution, 0, 0, 0, NULL, NULL, &error);
    g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE);
    g_assert_cmpstr (error->message + strlen ("the same puzzle as "), ==, expected);
    g_clear_error (&error);
  }
  {
    g_autofree char *text = ne_store_describe_puzzle (store, 99999);

    g_assert_cmpstr (text, ==, "#99999");
  }
}

static void
test_insert_invalid (Fixture       *fixture,
                     gconstpointer  data)
{
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  NcGrid euler = grid_from_line (EULER1);
  NcGrid wrong = grid_from_line (EULER1_SOLUTION);
  NcGrid inkala_solution = grid_from_line (INKALA_SOLUTION);
  NePuzzleMeta meta = { .collection_id = 4242 };
  guint count = ne_store_count_puzzles (store, &error);

  /* A solution with a conflict; one that does not match the givens; none. */
  wrong.cell[0] = wrong.cell[1];
  g_assert_cmpint (ne_store_insert_puzzle (store, &euler, &wrong, 0, 0, 0, NULL, NULL, &error), ==, 0);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (ne_store_insert_puzzle (store, &euler, &inkala_solution, 0, 0, 0, NULL, NULL,
                                           &error), ==, 0);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "r1c3"));
  g_clear_error (&error);
  g_assert_cmpint (ne_store_insert_puzzle (store, &euler, NULL, 0, 0, 0, NULL, NULL, &error), ==, 0);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID);
  g_clear_error (&error);

  /* A collection that is not there. */
  wrong = grid_from_line (EULER1_SOLUTION);
  g_assert_cmpint (ne_store_insert_puzzle (store, &euler, &wrong, 0, 0, 0, &meta, NULL, &error), ==, 0);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, count);
  g_assert_cmpuint (fixture->n_changed, ==, 0);
}

/* ne_store_add_puzzle, the old way in: canon, clues and grade too. */
static void
test_add_puzzle_fills_columns (Fixture       *fixture,
                               gconstpointer  data)
{
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  NcGrid euler = grid_from_line (EULER1);
  NcGrid open = grid_from_line (OPEN_PUZZLE);
  g_autofree char *canon = canon_of (&euler);
  g_autofree char *stored = NULL;
  NcGradeResult grade;
  NePuzzleInfo info;
  gint64 id, open_id;

  id = ne_store_add_puzzle (store, &euler, NULL, "typed in", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_cmpint (ne_store_add_puzzle (store, &euler, NULL, NULL, &error), ==, id);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_true (ne_store_get_puzzle (store, id, &info, &error));
  g_assert_true (nc_grade (&euler, &grade, NULL, NULL));
  g_assert_cmpint (info.grade, ==, (int) grade.grade);
  g_assert_cmpint (info.score, ==, (int) grade.score);
  g_assert_cmpint (info.clues, ==, 32);
  g_assert_cmpstr (info.source, ==, "typed in");
  ne_puzzle_info_clear (&info);
  stored = query_text (store, "SELECT canon FROM puzzle ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (stored, ==, canon);

  open_id = ne_store_add_puzzle (store, &open, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ne_store_get_puzzle (store, open_id, &info, &error));
  g_assert_cmpint (info.grade, ==, -1);
  g_assert_cmpint (info.score, ==, -1);
  g_assert_cmpint (info.clues, ==, 1);
  ne_puzzle_info_clear (&info);

  /* Adding a puzzle in the trash brings it back. */
  g_assert_true (ne_store_trash_puzzles (store, &id, 1, &error));
  g_assert_cmpint (ne_store_add_puzzle (store, &euler, NULL, NULL, &error), ==, id);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM puzzle WHERE trashed IS NOT NULL"),
                   ==, 0);
}

/* ---- The built-in collections ---- */

static const char *const builtin_files[] = {
  "1-easy.sdk", "2-medium.sdk", "3-hard.sdk", "4-expert.sdk", "5-extreme.sdk", "6-classics.sdk",
};
static const char *const builtin_names[] = {
  "Easy", "Medium", "Hard", "Expert", "Extreme", "Classics",
};

static void
test_builtin (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) collections = NULL;
  guint grades_seen = 0;
  guint n_checked = 0;
  gint64 start;
  NeStore *store;

  start = g_get_monotonic_time ();
  store = open_fixture_store (fixture);
  g_test_message ("opening a new library with the built-in import: %.1f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN);

  collections = ne_store_list_collections (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (collections->len, ==, G_N_ELEMENTS (builtin_names));
  for (guint i = 0; i < collections->len; i++)
    {
      NeCollectionInfo *info = g_ptr_array_index (collections, i);

      g_assert_cmpstr (info->name, ==, builtin_names[i]);
      g_assert_true (info->builtin);
      g_assert_cmpuint (info->n_puzzles, ==, i < 5 ? 60 : 1);
    }

  /* Every puzzle of the data files, read and solved here, not by the store. */
  for (guint f = 0; f < G_N_ELEMENTS (builtin_files); f++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "collections",
                                                     builtin_files[f], NULL);
      g_autofree char *text = NULL;
      gsize len;
      NcReader *reader;
      NcPuzzle puzzle;
      NcParseError parse_error;
      NcReadResult result;

      g_file_get_contents (path, &text, &len, &error);
      g_assert_no_error (error);
      reader = nc_reader_new (text, len);
      nc_puzzle_init (&puzzle);
      while ((result = nc_reader_next (reader, &puzzle, &parse_error)) != NC_READ_END)
        {
          NcGrid solution;
          NePuzzleInfo info;
          gint64 id;

          g_assert_cmpint (result, ==, NC_READ_PUZZLE);
          g_assert_cmpuint (nc_solver_count (&puzzle.grid, 2, &solution), ==, 1);
          id = ne_store_find_puzzle (store, &puzzle.grid, &error);
          g_assert_no_error (error);
          g_assert_cmpint (id, >, 0);
          g_assert_true (ne_store_get_puzzle (store, id, &info, &error));
          g_assert_cmpstr (info.collection, ==, builtin_names[f]);
          g_assert_cmpstr (info.title, ==, nc_puzzle_meta (&puzzle, 'T'));
          g_assert_cmpstr (info.author, ==, nc_puzzle_meta (&puzzle, 'A'));
          g_assert_cmpstr (info.source, ==, nc_puzzle_meta (&puzzle, 'D'));
          g_assert_cmpstr (info.notes, ==, nc_puzzle_meta (&puzzle, 'C'));
          g_assert_true (nc_grid_equal (&info.solution, &solution));
          g_assert_cmpint (info.grade, >=, 0);
          g_assert_cmpint (info.grade, <, NC_GRADE_COUNT);
          g_assert_cmpint (info.score, >=, 0);
          g_assert_cmpint (info.status, ==, NE_PUZZLE_STATUS_NEW);
          /* The first five collections are the grades, in order. */
          if (f < 5)
            g_assert_cmpint (info.grade, ==, (int) f);
          grades_seen |= 1u << info.grade;
          ne_puzzle_info_clear (&info);
          nc_puzzle_clear (&puzzle);
          n_checked++;
        }
      nc_puzzle_clear (&puzzle);
      nc_reader_free (reader);
    }
  g_assert_cmpuint (n_checked, ==, N_BUILTIN);
  g_assert_cmpuint (grades_seen, ==, (1u << NC_GRADE_COUNT) - 1);
  g_assert_cmpint (query_int (store, "SELECT count (DISTINCT canon) FROM puzzle"), ==, N_BUILTIN);
  g_assert_cmpint (query_int (store, "SELECT value FROM meta WHERE key = 'builtin-version'"), >=, 1);

  /* Once only: reopening, or importing again, adds nothing. */
  g_assert_cmpuint (ne_store_import_builtin (store, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 0);
  start = g_get_monotonic_time ();
  store = open_fixture_store (fixture);
  g_test_message ("opening it again: %.1f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN);

  /* A newer build (the recorded version older) imports again, and skips
   * what the library holds, even a puzzle the person moved or renamed, or
   * deleted: one in the trash stays there. */
  g_assert_cmpint (sqlite3_exec (ne_store_get_db (store),
                                 "DELETE FROM meta;"
                                 "UPDATE puzzle SET collection_id = NULL, title = 'Mine',"
                                 " title_key = 'mine'"
                                 " WHERE title = 'Everest';"
                                 "UPDATE puzzle SET trashed = 1"
                                 " WHERE id = (SELECT min (id) FROM puzzle)", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpuint (ne_store_import_builtin (store, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN - 1);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM puzzle WHERE trashed IS NOT NULL"), ==, 1);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM collection"), ==, 6);
}

static void
on_async_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* ne_store_import_builtin_async with its store, run to its end. */
static guint
import_builtin_async (NeStore  *store,
                      GError  **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  ne_store_import_builtin_async (store, NULL, on_async_done, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return ne_store_import_builtin_finish (store, result, error);
}

/* The app's first start: the library opens without the built-in
 * collections, which a thread adds on a connection of its own while the
 * store stays usable; the store then says the library changed. Once in,
 * they are not imported again, and no thread is needed to know it. */
static void
test_builtin_later (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autoptr(NeStore) again = NULL;
  g_autoptr(NeGame) game = NULL;
  NcGrid euler = grid_from_line (EULER1);
  NcGrid euler_solution = grid_from_line (EULER1_SOLUTION);

  fixture->store = ne_store_open_or_recover_later (fixture->path, &message, &error);
  g_assert_no_error (error);
  g_assert_null (message);
  g_signal_connect (fixture->store, "library-changed", G_CALLBACK (on_library_changed), fixture);
  g_assert_cmpuint (ne_store_count_puzzles (fixture->store, &error), ==, 0);
  g_assert_no_error (error);

  /* A game started before, as the app's first puzzle is. */
  game = ne_game_new_in_store (fixture->store, &euler, &euler_solution, NULL, &error);
  g_assert_no_error (error);
  fixture->n_changed = 0;

  g_assert_cmpuint (import_builtin_async (fixture->store, &error), ==, N_BUILTIN);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_cmpuint (ne_store_count_puzzles (fixture->store, &error), ==, N_BUILTIN + 1);
  g_assert_cmpint (query_int (fixture->store, "SELECT count (*) FROM collection WHERE builtin"), ==, 6);

  g_assert_cmpuint (import_builtin_async (fixture->store, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  again = ne_store_open_or_recover_later (fixture->path, &message, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ne_store_count_puzzles (again, &error), ==, N_BUILTIN + 1);
}

/* Under the title sort the built-in library reads as its files are
 * numbered: "Easy 2" before "Easy 10". */
static void
test_builtin_title_order (Fixture       *fixture,
                          gconstpointer  data)
{
  static const char *const groups[] = { "Easy", "Everest", "Expert", "Extreme", "Hard", "Medium" };
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(NeLibraryModel) model = ne_library_model_new (store);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *integrity = NULL;
  gint64 everest;
  gint64 easy_60;

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      if (g_str_equal (groups[g], "Everest"))
        g_ptr_array_add (expected, g_strdup ("Everest"));
      else
        for (guint i = 1; i <= 60; i++)
          g_ptr_array_add (expected, g_strdup_printf ("%s %u", groups[g], i));
    }
  g_assert_cmpuint (expected->len, ==, N_BUILTIN);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, N_BUILTIN);
  for (guint i = 0; i < expected->len; i++)
    {
      g_autoptr(NeLibraryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_cmpstr (ne_library_item_get_title (item), ==, g_ptr_array_index (expected, i));
    }

  /* A title set by hand goes to its place, and out of it when cleared. */
  everest = query_int (store, "SELECT id FROM puzzle WHERE title = 'Everest'");
  easy_60 = query_int (store, "SELECT id FROM puzzle WHERE title = 'Easy 60'");
  g_assert_true (ne_store_set_title (store, everest, "easy 7b", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ne_library_model_find (model, everest), ==, 7);
  g_assert_true (ne_store_set_title (store, everest, "EASY 0100", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ne_library_model_find (model, everest), ==, 60);
  g_assert_cmpuint (ne_library_model_find (model, easy_60), ==, 59);
  g_assert_true (ne_store_set_title (store, everest, "", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ne_library_model_find (model, everest), ==, N_BUILTIN - 1);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM puzzle WHERE title_key IS NULL"), ==, 1);

  /* Any sqlite3 can check the file: nothing in it needs Nonet's code. */
  integrity = query_text (store, "PRAGMA integrity_check");
  g_assert_cmpstr (integrity, ==, "ok");
}

/* The sort key: natural order without case, accents or locale. */
static void
test_title_key (void)
{
  static const struct { const char *title; const char *key; } keys[] = {
    { "Easy 2", "easy 012" },
    { "Easy 10", "easy 0210" },
    { "Easy 007", "easy 017" },
    { "0", "00" },
    { "Vol 3 part 12", "vol 013 part 0212" },
    { "\xc3\x89" "chelle", "echelle" },            /* É, composed */
    { "E\xcc\x81" "chelle", "echelle" },           /* E and a combining acute */
    { "Stra\xc3\x9f" "e", "strasse" },             /* ß */
    { "Puzzle \xef\xbc\x91\xef\xbc\x92", "puzzle 0212" },  /* fullwidth 12 */
    { "\xef\xac\x81" "nal", "final" },             /* the fi ligature */
  };
  static const char *const sorted[] = {
    "!", "0", "00 and 1", "1", "2", "10", "Apple", "banana", "Banana 2", "banana 10",
    "Cherry", "\xc3\x89" "clair", "Fig", "zebra",
  };
  g_autofree char *long_run = g_strnfill (120, '7');
  g_autofree char *long_key = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *key = ne_store_title_key (keys[i].title);

      g_assert_cmpstr (key, ==, keys[i].key);
    }
  for (guint i = 0; i + 1 < G_N_ELEMENTS (sorted); i++)
    {
      g_autofree char *a = ne_store_title_key (sorted[i]);
      g_autofree char *b = ne_store_title_key (sorted[i + 1]);

      g_test_message ("%s < %s", sorted[i], sorted[i + 1]);
      g_assert_cmpint (strcmp (a, b), <, 0);
    }

  /* A number too long for the prefix keeps every digit. */
  long_key = ne_store_title_key (long_run);
  g_assert_true (g_str_has_prefix (long_key, "99777"));
  g_assert_cmpuint (strlen (long_key), ==, 122);
}

/* ---- Edits, collections, the trash ---- */

static void
test_edit (Fixture       *fixture,
           gconstpointer  data)
{
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  gint64 id = insert (store, EULER1, EULER1_SOLUTION, NULL);
  NePuzzleInfo info;

  fixture->n_changed = 0;
  g_assert_true (ne_store_set_title (store, id, "  Grid 1 ", &error));
  g_assert_true (ne_store_set_notes (store, id, "From Project Euler", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  g_assert_true (ne_store_get_puzzle (store, id, &info, &error));
  g_assert_cmpstr (info.title, ==, "Grid 1");
  g_assert_cmpstr (info.notes, ==, "From Project Euler");
  ne_puzzle_info_clear (&info);

  /* Empty is none. */
  g_assert_true (ne_store_set_title (store, id, "", &error));
  g_assert_true (ne_store_set_notes (store, id, NULL, &error));
  g_assert_true (ne_store_get_puzzle (store, id, &info, &error));
  g_assert_null (info.title);
  g_assert_null (info.notes);
  ne_puzzle_info_clear (&info);
  g_assert_cmpuint (fixture->n_changed, ==, 4);

  g_assert_false (ne_store_set_title (store, 99999, "x", &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (ne_store_set_notes (store, 99999, "x", &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (ne_store_get_puzzle (store, 99999, &info, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "99999"));
  g_clear_error (&error);
  g_assert_cmpuint (fixture->n_changed, ==, 4);
}

static void
test_collections (Fixture       *fixture,
                  gconstpointer  data)
{
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GArray) ids = NULL;
  gint64 a = insert (store, EULER1, EULER1_SOLUTION, NULL);
  gint64 b;
  gint64 forum, books, easy;
  gint64 both[2];
  NePuzzleInfo info;
  char line[NC_CELLS + 1];

  g_strlcpy (line, EULER1_SOLUTION, sizeof line);
  line[0] = '.';
  b = insert (store, line, EULER1_SOLUTION, NULL);
  both[0] = a;
  both[1] = b;
  fixture->n_changed = 0;

  forum = ne_store_add_collection (store, "forum", &error);
  g_assert_no_error (error);
  g_assert_cmpint (ne_store_add_collection (store, " forum ", &error), ==, forum);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  books = ne_store_add_collection (store, "Books", &error);
  g_assert_cmpint (ne_store_find_collection (store, "Books", &error), ==, books);
  g_assert_cmpint (ne_store_find_collection (store, "Magazines", &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (ne_store_add_collection (store, "  ", &error), ==, 0);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (ne_store_move_puzzles (store, both, 2, forum, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  ids = ne_store_list_puzzle_ids (store, forum, -1, &error);
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, a);
  g_assert_cmpint (g_array_index (ids, gint64, 1), ==, b);
  g_clear_pointer (&ids, g_array_unref);

  /* All or nothing: a missing puzzle or collection moves none. */
  {
    gint64 bad[2] = { a, 99999 };

    g_assert_false (ne_store_move_puzzles (store, bad, 2, books, &error));
    g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_assert_false (ne_store_move_puzzles (store, both, 2, 99999, &error));
    g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_assert_true (ne_store_get_puzzle (store, a, &info, &error));
    g_assert_cmpint (info.collection_id, ==, forum);
    ne_puzzle_info_clear (&info);
  }
  g_assert_cmpuint (fixture->n_changed, ==, 3);

  /* Renaming. */
  g_assert_true (ne_store_rename_collection (store, forum, "Forum", &error));
  g_assert_no_error (error);
  g_assert_false (ne_store_rename_collection (store, forum, "Books", &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE);
  g_assert_cmpstr (error->message, ==, "There is already a collection named “Books”");
  g_clear_error (&error);
  g_assert_false (ne_store_rename_collection (store, 99999, "X", &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpuint (fixture->n_changed, ==, 4);

  /* Listed builtin first (in their order), then by name; counts without
   * the trash. */
  g_assert_true (ne_store_trash_puzzles (store, &b, 1, &error));
  list = ne_store_list_collections (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 8);
  easy = ((NeCollectionInfo *) g_ptr_array_index (list, 0))->id;
  g_assert_cmpstr (((NeCollectionInfo *) g_ptr_array_index (list, 0))->name, ==, "Easy");
  g_assert_cmpstr (((NeCollectionInfo *) g_ptr_array_index (list, 5))->name, ==, "Classics");
  g_assert_cmpstr (((NeCollectionInfo *) g_ptr_array_index (list, 6))->name, ==, "Books");
  g_assert_false (((NeCollectionInfo *) g_ptr_array_index (list, 6))->builtin);
  g_assert_cmpuint (((NeCollectionInfo *) g_ptr_array_index (list, 6))->n_puzzles, ==, 0);
  g_assert_cmpstr (((NeCollectionInfo *) g_ptr_array_index (list, 7))->name, ==, "Forum");
  g_assert_cmpuint (((NeCollectionInfo *) g_ptr_array_index (list, 7))->n_puzzles, ==, 1);
  g_clear_pointer (&list, g_ptr_array_unref);
  g_assert_true (ne_store_restore_puzzles (store, &b, 1, &error));

  /* Filters: every collection, none, a status. */
  ids = ne_store_list_puzzle_ids (store, -1, -1, &error);
  g_assert_cmpuint (ids->len, ==, N_BUILTIN + 2);
  g_clear_pointer (&ids, g_array_unref);
  ids = ne_store_list_puzzle_ids (store, easy, NE_PUZZLE_STATUS_NEW, &error);
  g_assert_cmpuint (ids->len, ==, 60);
  g_clear_pointer (&ids, g_array_unref);
  ids = ne_store_list_puzzle_ids (store, forum, NE_PUZZLE_STATUS_SOLVED, &error);
  g_assert_cmpuint (ids->len, ==, 0);
  g_clear_pointer (&ids, g_array_unref);
  /* By hardest technique: the Easy collection needs no more than singles,
   * and each puzzle is listed under the technique it has. */
  ids = ne_store_list_puzzle_ids_full (store, easy, -1, NC_TECH_X_WING, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 0);
  g_clear_pointer (&ids, g_array_unref);
  {
    guint n_listed = 0;

    for (int t = 0; t < NC_TECH_COUNT; t++)
      {
        ids = ne_store_list_puzzle_ids_full (store, -1, -1, t, &error);
        g_assert_no_error (error);
        for (guint i = 0; i < ids->len; i++)
          {
            g_assert_true (ne_store_get_puzzle (store, g_array_index (ids, gint64, i), &info, &error));
            g_assert_cmpint (info.hardest, ==, t);
            g_assert_cmpint (info.grade, ==, (int) nc_technique_grade ((NcTechnique) t));
            ne_puzzle_info_clear (&info);
          }
        n_listed += ids->len;
        g_clear_pointer (&ids, g_array_unref);
      }
    g_assert_cmpuint (n_listed, ==, N_BUILTIN + 2);
  }
  g_assert_true (ne_store_move_puzzles (store, &a, 1, 0, &error));
  ids = ne_store_list_puzzle_ids (store, 0, -1, &error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, a);
  g_clear_pointer (&ids, g_array_unref);

  /* Deleting a collection keeps its puzzles, in none. */
  fixture->n_changed = 0;
  g_assert_true (ne_store_delete_collection (store, forum, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_true (ne_store_get_puzzle (store, b, &info, &error));
  g_assert_cmpint (info.collection_id, ==, 0);
  g_assert_null (info.collection);
  ne_puzzle_info_clear (&info);
  g_assert_false (ne_store_delete_collection (store, forum, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN + 2);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
}

static void
test_trash (Fixture       *fixture,
            gconstpointer  data)
{
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(NeGame) game = NULL;
  g_autoptr(GArray) ids = NULL;
  NcGrid euler = grid_from_line (EULER1);
  NcGrid euler_solution = grid_from_line (EULER1_SOLUTION);
  gint64 id;
  gint64 missing[2];

  game = ne_game_new_in_store (store, &euler, &euler_solution, NULL, &error);
  g_assert_no_error (error);
  id = ne_store_find_puzzle (store, &euler, &error);
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, ne_game_get_game_id (game));
  fixture->n_changed = 0;

  g_assert_true (ne_store_trash_puzzles (store, &id, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN);
  ids = ne_store_list_puzzle_ids (store, 0, -1, &error);
  g_assert_cmpuint (ids->len, ==, 0);
  g_clear_pointer (&ids, g_array_unref);
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, 0);
  /* Still found as the original of a copy, and as itself. */
  g_assert_cmpint (ne_store_find_equivalent (store, &euler, &error), ==, id);

  g_assert_true (ne_store_restore_puzzles (store, &id, 1, &error));
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN + 1);
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, ne_game_get_game_id (game));

  /* Inserting what is in the trash brings it back, and says so. */
  g_assert_true (ne_store_trash_puzzles (store, &id, 1, &error));
  g_assert_cmpint (ne_store_insert_puzzle (store, &euler, &euler_solution, 0, 0, 0, NULL, NULL,
                                           &error), ==, 0);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE);
  g_assert_nonnull (strstr (error->message, "was in the trash"));
  g_clear_error (&error);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN + 1);
  g_assert_cmpuint (fixture->n_changed, ==, 4);

  /* A missing puzzle trashes nothing. */
  missing[0] = id;
  missing[1] = 99999;
  g_assert_false (ne_store_trash_puzzles (store, missing, 2, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (ne_store_restore_puzzles (store, missing + 1, 1, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN + 1);
  g_assert_cmpuint (fixture->n_changed, ==, 4);

  /* Purge: the puzzle and its games, for good. */
  g_assert_true (ne_store_trash_puzzles (store, &id, 1, &error));
  g_assert_true (ne_store_purge_trash (store, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 6);
  g_assert_cmpint (ne_store_find_puzzle (store, &euler, &error), ==, 0);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM game"), ==, 0);
  g_assert_true (ne_store_purge_trash (store, &error));
  g_assert_cmpuint (fixture->n_changed, ==, 6);
  g_clear_object (&game);

  /* Opening purges what was trashed in an earlier session, not what an
   * Undo toast of the app may still bring back. */
  {
    gint64 recent = insert (store, EULER1, EULER1_SOLUTION, NULL);
    g_autofree char *sql = NULL;
    gint64 everest = query_int (store, "SELECT id FROM puzzle WHERE title = 'Everest'");

    g_assert_true (ne_store_trash_puzzles (store, &recent, 1, &error));
    sql = g_strdup_printf ("UPDATE puzzle SET trashed = 1000 WHERE id = %" G_GINT64_FORMAT,
                           everest);
    g_assert_cmpint (sqlite3_exec (ne_store_get_db (store), sql, NULL, NULL, NULL), ==, SQLITE_OK);
    store = open_fixture_store (fixture);
    g_assert_cmpint (query_int (store, "SELECT count (*) FROM puzzle WHERE trashed IS NOT NULL"),
                     ==, 1);
    g_assert_cmpint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN - 1);
  }
}

/* ---- Games and the puzzle's status ---- */

static void
solve_game (NeGame       *game,
            const NcGrid *solution,
            gint64        elapsed_ms)
{
  const NcGrid *givens = nc_game_givens (ne_game_get_core (game));

  ne_game_set_elapsed_ms (game, elapsed_ms);
  for (int i = 0; i < NC_CELLS; i++)
    if (givens->cell[i] == 0)
      g_assert_true (ne_game_apply (game, (NcMove) { .kind = NC_MOVE_SET, .cell = (int8_t) i,
                                                     .digit = solution->cell[i] }));
  g_assert_true (nc_game_is_solved (ne_game_get_core (game)));
}

static void
assert_status (NeStore        *store,
               gint64          id,
               NePuzzleStatus  status,
               gint64          best_ms)
{
  g_autoptr(GError) error = NULL;
  NePuzzleInfo info;

  g_assert_true (ne_store_get_puzzle (store, id, &info, &error));
  g_assert_cmpint (info.status, ==, status);
  g_assert_cmpint (info.best_ms, ==, best_ms);
  ne_puzzle_info_clear (&info);
}

static void
test_status (Fixture       *fixture,
             gconstpointer  data)
{
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(NeGame) game = NULL;
  NcGrid euler_solution = grid_from_line (EULER1_SOLUTION);
  gint64 id = insert (store, EULER1, EULER1_SOLUTION, NULL);
  gint64 game_id;

  assert_status (store, id, NE_PUZZLE_STATUS_NEW, -1);
  fixture->n_changed = 0;

  /* Starting a game: in progress (a change); moves: no signal. */
  game = ne_game_play_puzzle (store, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_nonnull (ne_game_get_solution (game));
  game_id = ne_game_get_game_id (game);
  g_assert_cmpint (ne_store_get_game_puzzle (store, game_id, &error), ==, id);
  assert_status (store, id, NE_PUZZLE_STATUS_IN_PROGRESS, -1);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_true (ne_game_apply (game, (NcMove) { .kind = NC_MOVE_NOTE, .cell = 0, .digit = 4 }));
  g_assert_true (ne_game_apply (game, (NcMove) { .kind = NC_MOVE_NOTE, .cell = 1, .digit = 8 }));
  g_assert_cmpuint (fixture->n_changed, ==, 1);

  /* Playing it again resumes this game. */
  {
    g_autoptr(NeGame) again = ne_game_play_puzzle (store, id, &error);

    g_assert_no_error (error);
    g_assert_cmpint (ne_game_get_game_id (again), ==, game_id);
    g_assert_cmpuint (nc_game_state (ne_game_get_core (again))->notes[0], ==, 1u << 3);
  }

  /* Solved: the status and the best time, in the save's transaction. */
  solve_game (game, &euler_solution, 90000);
  g_assert_true (ne_game_save_now (game, &error));
  g_assert_no_error (error);
  assert_status (store, id, NE_PUZZLE_STATUS_SOLVED, 90000);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  g_clear_object (&game);

  /* The next play is a new game; a faster solve is the best time, a
   * slower one is not. */
  game = ne_game_play_puzzle (store, id, &error);
  g_assert_cmpint (ne_game_get_game_id (game), !=, game_id);
  assert_status (store, id, NE_PUZZLE_STATUS_SOLVED, 90000);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  solve_game (game, &euler_solution, 60000);
  g_assert_true (ne_game_save_now (game, &error));
  assert_status (store, id, NE_PUZZLE_STATUS_SOLVED, 60000);
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  g_clear_object (&game);

  game = ne_game_play_puzzle (store, id, &error);
  solve_game (game, &euler_solution, 120000);
  g_assert_true (ne_game_save_now (game, &error));
  assert_status (store, id, NE_PUZZLE_STATUS_SOLVED, 60000);
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  g_clear_object (&game);

  /* ne_store_mark_solved keeps the status too. */
  {
    char line[NC_CELLS + 1];
    gint64 other;
    gint64 other_game;

    g_strlcpy (line, EULER1_SOLUTION, sizeof line);
    line[10] = '.';
    other = insert (store, line, EULER1_SOLUTION, NULL);

    fixture->n_changed = 0;
    other_game = ne_store_start_game (store, other, &error);
    assert_status (store, other, NE_PUZZLE_STATUS_IN_PROGRESS, -1);
    g_assert_true (ne_store_mark_solved (store, other_game, &error));
    assert_status (store, other, NE_PUZZLE_STATUS_SOLVED, 0);
    g_assert_cmpuint (fixture->n_changed, ==, 2);
  }

  g_assert_null (ne_game_play_puzzle (store, 99999, &error));
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (ne_store_get_game_puzzle (store, 99999, &error), ==, 0);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND);
}

/* ---- Transactions ---- */

static void
test_batch (Fixture       *fixture,
            gconstpointer  data)
{
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  char line[NC_CELLS + 1];
  guint count = ne_store_count_puzzles (store, &error);
  gint64 forum;

  /* Rolled back: nothing, and no signal. */
  g_assert_true (ne_store_begin (store, &error));
  forum = ne_store_add_collection (store, "Forum", &error);
  insert (store, EULER1, EULER1_SOLUTION, NULL);
  g_assert_cmpint (sqlite3_get_autocommit (ne_store_get_db (store)), ==, 0);
  ne_store_rollback (store);
  g_assert_cmpint (sqlite3_get_autocommit (ne_store_get_db (store)), !=, 0);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, count);
  g_assert_cmpint (ne_store_find_collection (store, "Forum", &error), ==, 0);
  g_assert_cmpuint (fixture->n_changed, ==, 0);

  /* Committed: everything, one signal; a failing call inside rolls back
   * only itself. */
  g_assert_true (ne_store_begin (store, &error));
  forum = ne_store_add_collection (store, "Forum", &error);
  for (int i = 0; i < 10; i++)
    {
      NePuzzleMeta meta = { .collection_id = forum };

      g_strlcpy (line, EULER1_SOLUTION, sizeof line);
      line[i] = '.';
      line[80 - i] = '.';
      insert (store, line, EULER1_SOLUTION, &meta);
    }
  g_assert_false (ne_store_set_title (store, 99999, "x", &error));
  g_clear_error (&error);
  g_assert_cmpuint (fixture->n_changed, ==, 0);
  g_assert_true (ne_store_commit (store, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, count + 10);

  /* ne_store_notify_changed, for changes made elsewhere. */
  ne_store_notify_changed (store);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
}

/* ---- Recovery ---- */

static gboolean
is_log (const char *name)
{
  return g_str_has_suffix (name, "-wal") || g_str_has_suffix (name, "-shm");
}

/* Files moved aside: libraries (suffix ""), or their "-wal" or "-shm". */
static guint
count_aside (Fixture    *fixture,
             const char *suffix)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "library.db.corrupt-")
        && (suffix[0] != '\0' ? g_str_has_suffix (name, suffix) : !is_log (name)))
      n++;
  return n;
}

static void
assert_recovered (Fixture    *fixture,
                  const char *expected_aside_contents)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autoptr(NeStore) store = ne_store_open_or_recover (fixture->path, &message, &error);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_assert_no_error (error);
  g_assert_nonnull (store);
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, fixture->path));
  g_assert_nonnull (strstr (message, ".corrupt-"));
  g_assert_cmpuint (ne_store_count_puzzles (store, &error), ==, N_BUILTIN);
  g_assert_cmpuint (count_aside (fixture, ""), ==, 1);

  dir = g_dir_open (fixture->dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "library.db.corrupt-") && !is_log (name))
      {
        g_autofree char *aside = g_build_filename (fixture->dir, name, NULL);
        g_autoptr(GDateTime) now = g_date_time_new_now_local ();
        g_autofree char *date = g_date_time_format (now, "%Y-%m-%d-");

        g_assert_nonnull (strstr (message, aside));
        g_assert_true (g_str_has_prefix (name + strlen ("library.db.corrupt-"), date));
        g_assert_cmpuint (strlen (name), ==, strlen ("library.db.corrupt-YYYY-MM-DD-HHMMSS"));
        if (expected_aside_contents != NULL)
          {
            g_autofree char *contents = NULL;

            g_file_get_contents (aside, &contents, NULL, &error);
            g_assert_no_error (error);
            g_assert_cmpstr (contents, ==, expected_aside_contents);
          }
      }
}

/* Another program holding the library: a write waits as long as it was
 * told (the app: a second), then says so; once the other lets go it works. */
static void
test_locked (Fixture       *fixture,
             gconstpointer  data)
{
  NeStore *store = open_fixture_store (fixture);
  g_autoptr(GError) error = NULL;
  gint64 id = insert (store, EULER1, EULER1_SOLUTION, NULL);
  sqlite3 *other = NULL;

  g_assert_cmpint (sqlite3_open (fixture->path, &other), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (other, "BEGIN EXCLUSIVE", NULL, NULL, NULL), ==, SQLITE_OK);

  ne_store_set_busy_timeout (store, 300);
  g_assert_false (ne_store_set_title (store, id, "Locked out", &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_suffix (error->message,
                                   ": the library is locked: another program is using it (waited 1 second)"));
  g_assert_nonnull (strstr (error->message, fixture->path));
  g_clear_error (&error);

  ne_store_set_busy_timeout (store, 1600);
  g_assert_false (ne_store_set_title (store, id, "Locked out", &error));
  g_assert_true (g_str_has_suffix (error->message, "(waited 2 seconds)"));
  g_clear_error (&error);

  g_assert_cmpint (sqlite3_exec (other, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (other);
  g_assert_true (ne_store_set_title (store, id, "Free again", &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (store, "SELECT count(*) FROM puzzle WHERE title = 'Free again'"), ==, 1);
}

static void
test_recover_garbage (Fixture       *fixture,
                      gconstpointer  data)
{
  const char *garbage = "These are not the puzzles you are looking for. "
                        "Nor is this line, which makes the file long enough to have a header.\n";
  g_autofree char *wal = g_strconcat (fixture->path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (fixture->path, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = NULL;

  g_file_set_contents (fixture->path, garbage, -1, &error);
  g_assert_no_error (error);

  /* ne_store_open does not move anything. */
  store = ne_store_open (fixture->path, &error);
  g_assert_null (store);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_clear_error (&error);
  g_assert_cmpuint (count_aside (fixture, ""), ==, 0);

  /* A log and shared memory beside it go with it. */
  g_file_set_contents (wal, "not a log", -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (shm, "not shared memory", -1, &error);
  g_assert_no_error (error);

  assert_recovered (fixture, garbage);
  g_assert_cmpuint (count_aside (fixture, "-wal"), ==, 1);
  g_assert_cmpuint (count_aside (fixture, "-shm"), ==, 1);
}

static void
test_recover_truncated (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autoptr(NeStore) store = NULL;
  g_autofree char *contents = NULL;
  gsize len;

  /* A real library, then half of it. */
  open_fixture_store (fixture);
  g_clear_object (&fixture->store);
  g_file_get_contents (fixture->path, &contents, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 16384);
  g_file_set_contents (fixture->path, contents, (gssize) len / 2, &error);
  g_assert_no_error (error);

  assert_recovered (fixture, NULL);

  /* A healthy library is opened as it is. */
  store = ne_store_open_or_recover (fixture->path, &message, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  g_assert_null (message);
  g_assert_cmpuint (count_aside (fixture, ""), ==, 1);
}

static void
test_recover_unwritable (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autoptr(NeStore) store = NULL;
  g_autofree char *inside = g_build_filename (fixture->dir, "sub", "library.db", NULL);
  g_autofree char *sub = g_path_get_dirname (inside);

  if (geteuid () == 0)
    {
      g_test_skip ("root ignores file permissions");
      return;
    }

  /* A folder that cannot be written: no library, nothing moved. */
  g_assert_cmpint (g_mkdir (sub, 0500), ==, 0);
  store = ne_store_open_or_recover (inside, &message, &error);
  g_assert_null (store);
  g_assert_null (message);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, inside));
  g_clear_error (&error);
  g_assert_cmpint (g_rmdir (sub), ==, 0);

  /* A file that cannot be read: an error, and it stays. */
  open_fixture_store (fixture);
  g_clear_object (&fixture->store);
  g_assert_cmpint (g_chmod (fixture->path, 0), ==, 0);
  store = ne_store_open_or_recover (fixture->path, &message, &error);
  g_assert_null (store);
  g_assert_null (message);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_clear_error (&error);
  g_assert_cmpuint (count_aside (fixture, ""), ==, 0);
  g_assert_cmpint (g_chmod (fixture->path, 0600), ==, 0);
}

/* What root can test without permissions: a folder that cannot be made. */
static void
test_recover_no_folder (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *blocker = g_build_filename (fixture->dir, "file", NULL);
  g_autofree char *inside = g_build_filename (blocker, "library.db", NULL);
  NeStore *store;

  g_file_set_contents (blocker, "a file, not a folder", -1, &error);
  g_assert_no_error (error);
  store = ne_store_open_or_recover (inside, &message, &error);
  g_assert_null (store);
  g_assert_null (message);
  g_assert_error (error, NE_STORE_ERROR, NE_STORE_ERROR_OPEN);
  g_assert_cmpuint (count_aside (fixture, ""), ==, 0);
}

static void
test_status_names (void)
{
  g_assert_cmpstr (ne_puzzle_status_name (NE_PUZZLE_STATUS_NEW), ==, "New");
  g_assert_cmpstr (ne_puzzle_status_name (NE_PUZZLE_STATUS_IN_PROGRESS), ==, "In progress");
  g_assert_cmpstr (ne_puzzle_status_name (NE_PUZZLE_STATUS_SOLVED), ==, "Solved");
}

#define add_test(name, func) \
  g_test_add ("/engine/library-store/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/library-store/status-names", test_status_names);
  g_test_add_func ("/engine/library-store/title-key", test_title_key);
  add_test ("migrate-v1", test_migrate_v1);
  add_test ("future-version", test_future_version);
  add_test ("insert-duplicates", test_insert_duplicates);
  add_test ("insert-invalid", test_insert_invalid);
  add_test ("add-puzzle-fills-columns", test_add_puzzle_fills_columns);
  add_test ("builtin", test_builtin);
  add_test ("builtin-later", test_builtin_later);
  add_test ("builtin-title-order", test_builtin_title_order);
  add_test ("edit", test_edit);
  add_test ("collections", test_collections);
  add_test ("trash", test_trash);
  add_test ("status", test_status);
  add_test ("batch", test_batch);
  add_test ("locked", test_locked);
  add_test ("recover-garbage", test_recover_garbage);
  add_test ("recover-truncated", test_recover_truncated);
  add_test ("recover-unwritable", test_recover_unwritable);
  add_test ("recover-no-folder", test_recover_no_folder);

  return g_test_run ();
}
