/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-import.c: importing a big file into a fresh library (read, check,
 * count solutions, grade, find duplicates, insert, commit), beside the same
 * checks without the library, measured in the same run. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <time.h>

#include "nc-grade.h"
#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-import.h"

/* Parse, uniqueness and grading only: the floor the import stands on. */
static guint
baseline (const char *text, gsize len)
{
  NcReader *reader = nc_reader_new (text, len);
  NcPuzzle puzzle;
  NcParseError error;
  NcReadResult result;
  guint n = 0;

  nc_puzzle_init (&puzzle);
  while ((result = nc_reader_next (reader, &puzzle, &error)) != NC_READ_END)
    {
      NcGrid solution;
      NcGradeResult grade;

      if (result == NC_READ_PUZZLE && nc_solver_count (&puzzle.grid, 2, &solution) == 1)
        {
          nc_grade (&puzzle.grid, &grade, NULL, NULL);
          n++;
        }
      nc_puzzle_clear (&puzzle);
    }
  nc_reader_free (reader);
  return n;
}

static void
remove_library (const char *dir, const char *db_path)
{
  const char *suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = g_strconcat (db_path, suffixes[i], NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  const char *shared = argc > 1 ? argv[1] : "../shared/data";
  g_autofree char *path = g_build_filename (shared, argc > 2 ? argv[2] : "17-clue.txt", NULL);
  g_autofree char *text = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *db_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(NeImportReport) report = NULL;
  gsize len = 0;
  gint64 start;
  clock_t cpu_start;
  double base_s, import_s, base_cpu, import_cpu;
  guint n_base;

  if (!g_file_get_contents (path, &text, &len, &error))
    {
      fprintf (stderr, "bench-import: %s\n", error->message);
      return 1;
    }
  dir = g_dir_make_tmp ("nonet-bench-import-XXXXXX", &error);
  g_assert_no_error (error);
  db_path = g_build_filename (dir, "library.db", NULL);
  file = g_file_new_for_path (path);

  /* CPU time beside the wall clock: a busy machine inflates only the latter. */
  start = g_get_monotonic_time ();
  cpu_start = clock ();
  n_base = baseline (text, len);
  base_cpu = (double) (clock () - cpu_start) / CLOCKS_PER_SEC;
  base_s = (g_get_monotonic_time () - start) / 1e6;

  /* The fresh library (and its built-in collections) before the clock starts. */
  g_object_unref (ne_store_open (db_path, &error));
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  cpu_start = clock ();
  report = ne_import_file (db_path, file, "Bench", NULL, NULL, NULL, &error);
  import_cpu = (double) (clock () - cpu_start) / CLOCKS_PER_SEC;
  import_s = (g_get_monotonic_time () - start) / 1e6;
  g_assert_no_error (error);

  printf ("%s: %u puzzles\n", path, report->n_found);
  printf ("  baseline (parse, count to 2, grade): %8.3f s (CPU %.3f s)  %8.0f puzzles/s\n", base_s, base_cpu, n_base / base_s);
  printf ("  import into a fresh library:         %8.3f s (CPU %.3f s)  %8.0f puzzles/s  (%u imported, %u duplicates, %u skipped)\n",
          import_s, import_cpu, report->n_found / import_s, report->n_imported, report->n_duplicates, report->n_skipped);
  printf ("  import / baseline: %.2fx; target <= 10 s: %s\n", import_s / base_s, import_s <= 10.0 ? "met" : "MISSED");
  remove_library (dir, db_path);
  return 0;
}
