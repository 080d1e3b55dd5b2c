/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-canon.c: microseconds per puzzle of the canonical form, beside
 * parsing and counting solutions (limit 2) of the same puzzles in one run,
 * on the 17-clue set, the hard set, their solutions and denser puzzles. */

#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nc-canon.h"
#include "nc-solver.h"

typedef struct
{
  double mean;
  double median;
  double worst;
} Timing;

static GPtrArray *
load_lines (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *out;

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  out = g_ptr_array_new_with_free_func (g_free);
  lines = g_strsplit (text, "\n", -1);
  for (char **line = lines; *line != NULL; line++)
    {
      g_strchomp (*line);
      if ((*line)[0] != '#' && strlen (*line) == NC_CELLS)
        g_ptr_array_add (out, g_strdup (*line));
    }
  return out;
}

static NcGrid
parse_line (const char *line)
{
  NcGrid grid;

  for (int i = 0; i < NC_CELLS; i++)
    grid.cell[i] = (line[i] >= '1' && line[i] <= '9') ? (uint8_t) (line[i] - '0') : 0;
  return grid;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static Timing
summarize (double *us, guint n)
{
  Timing t = { 0 };

  for (guint i = 0; i < n; i++)
    t.mean += us[i] / n;
  qsort (us, n, sizeof *us, compare_doubles);
  t.median = us[n / 2];
  t.worst = us[n - 1];
  return t;
}

static double
now_us (void)
{
  return (double) g_get_monotonic_time ();
}

/* Each puzzle timed alone for the median and worst; the clock's resolution
 * (1 us) is fine against these figures. */
static Timing
time_canon (const NcGrid *grids, guint n)
{
  g_autofree double *us = g_new (double, n);

  for (guint i = 0; i < n; i++)
    {
      NcGrid canon;
      double start = now_us ();

      nc_canon (&grids[i], &canon);
      us[i] = now_us () - start;
    }
  return summarize (us, n);
}

static Timing
time_baseline (GPtrArray *lines)
{
  g_autofree double *us = g_new (double, lines->len);

  for (guint i = 0; i < lines->len; i++)
    {
      double start = now_us ();
      NcGrid grid = parse_line (lines->pdata[i]);

      nc_solver_count (&grid, 2, NULL);
      us[i] = now_us () - start;
    }
  return summarize (us, lines->len);
}

static void
print_row (const char *what, guint n, Timing canon, Timing baseline)
{
  printf ("%-34s %7u %9.2f %9.2f %9.0f   %9.2f %9.2f %9.0f\n", what, n,
          canon.mean, canon.median, canon.worst,
          baseline.mean, baseline.median, baseline.worst);
}

/* Solutions of the set, and the set densified to 32 clues with cells of
 * those solutions. */
static void
bench_set (const char *name, GPtrArray *lines)
{
  guint n = lines->len;
  g_autofree NcGrid *puzzles = g_new (NcGrid, n);
  g_autofree NcGrid *solutions = g_new (NcGrid, n);
  g_autofree NcGrid *dense = g_new (NcGrid, n);
  g_autofree char *label_full = g_strdup_printf ("%s, solutions", name);
  g_autofree char *label_dense = g_strdup_printf ("%s, 32 clues", name);
  Timing baseline;
  NcRng rng;

  nc_rng_seed (&rng, 1);
  for (guint i = 0; i < n; i++)
    {
      int clues;

      puzzles[i] = parse_line (lines->pdata[i]);
      nc_solver_count (&puzzles[i], 1, &solutions[i]);
      dense[i] = puzzles[i];
      clues = nc_grid_count_filled (&dense[i]);
      while (clues < 32)
        {
          int cell = (int) nc_rng_below (&rng, NC_CELLS);

          if (dense[i].cell[cell] == 0)
            {
              dense[i].cell[cell] = solutions[i].cell[cell];
              clues++;
            }
        }
    }
  baseline = time_baseline (lines);
  print_row (name, n, time_canon (puzzles, n), baseline);
  print_row (label_full, n, time_canon (solutions, n), baseline);
  print_row (label_dense, n, time_canon (dense, n), baseline);
}

int
main (int argc, char *argv[])
{
  const char *sets[] = { "17-clue.txt", "magictour-top1465.txt" };
  const char *dir = argc > 1 ? argv[1] : g_getenv ("NONET_SHARED_DATA");
  NcGrid empty = { { 0 } }, canon;
  double start;

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      printf ("bench-canon: no shared data folder (%s); pass it as the argument "
              "or set NONET_SHARED_DATA. Skipped.\n", dir ? dir : "none given");
      return 77;
    }
  printf ("One thread, microseconds per puzzle, each timed alone.\n"
          "canon:    nc_canon;\n"
          "baseline: parse the line and nc_solver_count, limit 2, on the set's puzzles.\n\n");
  printf ("%-34s %7s %9s %9s %9s   %9s %9s %9s\n", "", "", "canon", "", "",
          "baseline", "", "");
  printf ("%-34s %7s %9s %9s %9s   %9s %9s %9s\n", "set", "puzzles",
          "mean", "median", "worst", "mean", "median", "worst");
  for (size_t s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autofree char *path = g_build_filename (dir, sets[s], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) lines = load_lines (path, &error);

      if (lines == NULL)
        {
          printf ("bench-canon: cannot read %s: %s. Skipped.\n", path, error->message);
          return 77;
        }
      bench_set (sets[s], lines);
    }
  start = now_us ();
  nc_canon (&empty, &canon);
  printf ("\nthe empty grid: %.0f us\n", now_us () - start);
  return 0;
}
