/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-library.c: the library's list model on 50,000 and 100,000 puzzles:
 * what a view's first frame needs (count and 40 rows), a search, a sort, and
 * scrolling to the middle and the end, against plain queries on the same
 * database in the same run. Targets (issue 6): first frame <= 200 ms with
 * the view, a search <= 50 ms. Usage: bench-library [N...] */

#define G_LOG_DOMAIN "nonet-bench-library"

#include "config.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib/gstdio.h>

#include "ne-library-model.h"
#include "ne-store-private.h"
#include "ne-store.h"

#define RUNS 7
#define FIRST_ROWS 40

static void
exec_or_die (sqlite3    *db,
             const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

/* A grid-like line unique to n: pseudo-random digits and blanks. */
static void
fake_grid (char    line[82],
           guint32 n,
           guint32 salt)
{
  guint32 x = n * 2654435761u ^ salt;

  for (int c = 0; c < 81; c++)
    {
      x = x * 1103515245u + 12345u;
      line[c] = (x >> 16) % 3 == 0 ? (char) ('1' + (x >> 20) % 9) : '.';
    }
  /* The number itself in the last cells keeps the line unique. */
  for (int c = 80; n > 0; c--, n /= 9)
    line[c] = (char) ('1' + n % 9);
  line[81] = '\0';
}

/* n puzzles shaped like an imported library: a few collections, most
 * untitled, grades and times for some, straight through SQLite in one
 * transaction. */
static void
fill_library (NeStore *store,
              guint    n)
{
  static const char *const words[] = { "Easy", "Forum", "Diabolical", "Weekly", "Newspaper", "Tough" };
  sqlite3 *db = ne_store_get_db (store);
  sqlite3_stmt *stmt = NULL;

  exec_or_die (db, "BEGIN");
  exec_or_die (db, "DELETE FROM game; DELETE FROM puzzle; DELETE FROM collection;"
                   "INSERT INTO collection (id, name, added) VALUES"
                   " (1, 'Built-in', 0), (2, 'Forum favourites', 0), (3, '17 clues', 0)");
  if (sqlite3_prepare_v2 (db,
                          "INSERT INTO puzzle (id, givens, solution, canon, source, added, clues, grade,"
                          " score, title, notes, collection_id, status, best_ms, trashed, title_key)"
                          " VALUES (?1, ?2, ?3, ?4, 'import.txt', ?5, ?6, ?7, ?7, ?8, NULL, ?9, ?10, ?11, ?12,"
                          "         ?13)",
                          -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s", sqlite3_errmsg (db));
  for (guint i = 1; i <= n; i++)
    {
      guint32 h = i * 2246822519u;
      char givens[82], solution[82], canon[82];
      g_autofree char *title = NULL;
      g_autofree char *title_key = NULL;
      int status = (int) (h % 10 < 7 ? 0 : h % 10 < 9 ? 2 : 1);

      fake_grid (givens, i, 0);
      fake_grid (solution, i, 0x5a5a5a5a);
      fake_grid (canon, i, 0x33333333);
      if (i % 3 == 0)
        {
          title = g_strdup_printf ("%s %u", words[(h >> 8) % G_N_ELEMENTS (words)], (h >> 12) % 500);
          title_key = ne_store_title_key (title);
        }

      sqlite3_bind_int64 (stmt, 1, i);
      sqlite3_bind_text (stmt, 2, givens, 81, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 3, solution, 81, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 4, canon, 81, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (stmt, 5, G_GINT64_CONSTANT (1700000000000) + i * 10);
      sqlite3_bind_int (stmt, 6, 17 + (int) ((h >> 4) % 15));
      if (i % 11 != 0)
        sqlite3_bind_int (stmt, 7, (int) ((h >> 16) % 5));
      else
        sqlite3_bind_null (stmt, 7);
      if (title != NULL)
        {
          sqlite3_bind_text (stmt, 8, title, -1, SQLITE_STATIC);
          sqlite3_bind_text (stmt, 13, title_key, -1, SQLITE_STATIC);
        }
      else
        {
          sqlite3_bind_null (stmt, 8);
          sqlite3_bind_null (stmt, 13);
        }
      if (i % 4 != 0)
        sqlite3_bind_int (stmt, 9, 1 + (int) (i % 4 == 1 ? 2 : (h >> 20) % 2));
      else
        sqlite3_bind_null (stmt, 9);
      sqlite3_bind_int (stmt, 10, status);
      if (status == NE_PUZZLE_STATUS_SOLVED)
        sqlite3_bind_int64 (stmt, 11, 60000 + (h >> 6) % 1000000);
      else
        sqlite3_bind_null (stmt, 11);
      if (i % 1000 == 0)
        sqlite3_bind_int64 (stmt, 12, 1);
      else
        sqlite3_bind_null (stmt, 12);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        g_error ("%s", sqlite3_errmsg (db));
      sqlite3_reset (stmt);
    }
  sqlite3_finalize (stmt);
  exec_or_die (db, "COMMIT");
  exec_or_die (db, "ANALYZE");
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *ms,
        guint   n)
{
  qsort (ms, n, sizeof *ms, compare_double);
  return ms[n / 2];
}

static void
read_items (NeLibraryModel *model,
            guint           from,
            guint           count)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (model));

  for (guint i = from; i < from + count && i < n; i++)
    g_object_unref (g_list_model_get_item (G_LIST_MODEL (model), i));
}

/* ---- plain queries: what SQLite itself takes on this database ---- */

static void
plain_query (sqlite3    *db,
             const char *sql)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s", sqlite3_errmsg (db));
  while (sqlite3_step (stmt) == SQLITE_ROW)
    ;
  sqlite3_finalize (stmt);
}

typedef enum
{
  PLAIN_COUNT,
  PLAIN_FIRST_ROWS,
  MODEL_FIRST_FRAME,
  MODEL_SEARCH,
  MODEL_SORT,
  MODEL_SCROLL_MIDDLE,
  MODEL_SCROLL_ON,
  MODEL_SCROLL_END,
  MODEL_FIND,
  N_MEASURES
} Measure;

static const char *const measure_names[N_MEASURES] = {
  [PLAIN_COUNT] = "baseline: SELECT COUNT(*) FROM puzzle",
  [PLAIN_FIRST_ROWS] = "baseline: SELECT ... LIMIT 40",
  [MODEL_FIRST_FRAME] = "first frame: new + n_items + 40 items",
  [MODEL_SEARCH] = "search \"forum 7\" + 40 items",
  [MODEL_SORT] = "sort by grade, descending + 40 items",
  [MODEL_SCROLL_MIDDLE] = "scroll: item n/2 (+40)",
  [MODEL_SCROLL_ON] = "scroll on from there: the next 256 items",
  [MODEL_SCROLL_END] = "scroll: item n-10 (+10)",
  [MODEL_FIND] = "find (an id near the end)",
};

static void
run_once (NeStore *store,
          guint    n,
          double   ms[N_MEASURES])
{
  sqlite3 *db = ne_store_get_db (store);
  g_autoptr(NeLibraryModel) model = NULL;
  gint64 t;

#define TIME(measure, code) \
  G_STMT_START { t = g_get_monotonic_time (); code; \
                 ms[measure] = (g_get_monotonic_time () - t) / 1000.0; } G_STMT_END

  TIME (PLAIN_COUNT, plain_query (db, "SELECT COUNT(*) FROM puzzle"));
  TIME (PLAIN_FIRST_ROWS, plain_query (db, "SELECT p.id, p.title, p.clues, p.grade, p.status, p.best_ms,"
                                           " p.added, c.name, p.givens FROM puzzle p"
                                           " LEFT JOIN collection c ON c.id = p.collection_id LIMIT 40"));
  TIME (MODEL_FIRST_FRAME,
        model = ne_library_model_new (store);
        read_items (model, 0, FIRST_ROWS));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n - n / 1000);
  TIME (MODEL_SEARCH,
        ne_library_model_set_search (model, "forum 7");
        read_items (model, 0, FIRST_ROWS));
  ne_library_model_set_search (model, NULL);
  TIME (MODEL_SORT,
        ne_library_model_set_sort (model, NE_LIBRARY_SORT_GRADE, TRUE);
        read_items (model, 0, FIRST_ROWS));
  TIME (MODEL_SCROLL_MIDDLE, read_items (model, n / 2, FIRST_ROWS));
  TIME (MODEL_SCROLL_ON, read_items (model, n / 2 + FIRST_ROWS, 256));
  TIME (MODEL_SCROLL_END, read_items (model, g_list_model_get_n_items (G_LIST_MODEL (model)) - 10, 10));
  TIME (MODEL_FIND, ne_library_model_find (model, n - 5));
#undef TIME
}

static void
bench_size (const char *dir,
            guint       n)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("library-%u.db", n);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(NeStore) store = NULL;
  double ms[RUNS][N_MEASURES];
  gint64 t;

  store = ne_store_open (path, &error);
  g_assert_no_error (error);
  t = g_get_monotonic_time ();
  fill_library (store, n);
  printf ("\n%u puzzles (built in %.0f ms)\n", n, (g_get_monotonic_time () - t) / 1000.0);

  /* Open the store again: the first run reads a cold connection. */
  g_clear_object (&store);
  t = g_get_monotonic_time ();
  store = ne_store_open (path, &error);
  g_assert_no_error (error);
  printf ("  %-44s %8.2f ms\n", "ne_store_open", (g_get_monotonic_time () - t) / 1000.0);

  for (guint r = 0; r < RUNS; r++)
    run_once (store, n, ms[r]);

  printf ("  %-44s %8s %8s\n", "", "first", "median");
  for (guint m = 0; m < N_MEASURES; m++)
    {
      double runs[RUNS];

      for (guint r = 0; r < RUNS; r++)
        runs[r] = ms[r][m];
      printf ("  %-44s %8.2f %8.2f ms\n", measure_names[m], ms[0][m], median (runs, RUNS));
    }

  g_clear_object (&store);
  for (const char *const *suffix = (const char *const[]) { "", "-wal", "-shm", NULL }; *suffix != NULL; suffix++)
    {
      g_autofree char *file = g_strconcat (path, *suffix, NULL);

      g_unlink (file);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nonet-bench-library-XXXXXX", &error);
  const char *default_sizes[] = { "50000", "100000" };
  const char **sizes = argc > 1 ? (const char **) argv + 1 : default_sizes;
  int n_sizes = argc > 1 ? argc - 1 : (int) G_N_ELEMENTS (default_sizes);

  g_assert_no_error (error);
  printf ("Library model, SQLite %s; %d runs each (first run, median)\n", sqlite3_libversion (), RUNS);
  for (int i = 0; i < n_sizes; i++)
    bench_size (dir, (guint) g_ascii_strtoull (sizes[i], NULL, 10));

  g_rmdir (dir);
  return 0;
}
