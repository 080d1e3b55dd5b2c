/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-generate.c: how long the generator takes to reach each clue target,
 * and minimal puzzles per second beside what plain top-down removal reaches. */

#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "nc-generate.h"

/* Minimal puzzles are generated for at least this long. */
#define MINIMAL_SECONDS 3.0

static double
seconds_since (gint64 start)
{
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Seeds count from a fixed base, so every run measures the same puzzles. */
static guint64
seed_for (int target, int i)
{
  return 0x5EED0000ull + (guint64) target * 1000 + (guint64) i;
}

static void
bench_target (int target, int seeds, double cap)
{
  g_autofree double *times = g_new (double, seeds);
  double total = 0;
  int reached = 0;

  for (int i = 0; i < seeds; i++)
    {
      NcGenerateParams params;
      NcGenerated out;
      gint64 start = g_get_monotonic_time ();

      nc_generate_params_init (&params);
      params.clues = target;
      params.seed = seed_for (target, i);
      params.budget_seconds = cap;
      reached += nc_generate (&params, NULL, NULL, &out) == NC_GENERATE_OK;
      times[i] = seconds_since (start);
      total += times[i];
    }
  qsort (times, (size_t) seeds, sizeof *times, compare_doubles);
  /* A run that hit the cap counts at the cap: the median then still says
   * something when most runs make it, and the reached column says how many. */
  printf ("%6d %8d/%-3d %12.4f %12.4f %12.4f\n",
          target, reached, seeds, times[seeds / 2], times[seeds - 1], total / seeds);
  fflush (stdout);
}

int
main (int argc, char *argv[])
{
  const int all_targets[] = { 30, 26, 24, 22, 21, 20, 19, 18 };
  int targets[NC_CELLS];
  size_t n_targets = 0;
  bool skip_minimal = false;
  int seeds = 20;
  double cap = 20.0;
  guint counts[NC_CELLS + 1] = { 0 };
  guint minimal = 0, by_grade[NC_GRADE_COUNT] = { 0 };
  double elapsed;
  gint64 start;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--seeds") && i + 1 < argc)
        seeds = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--cap") && i + 1 < argc)
        cap = g_ascii_strtod (argv[++i], NULL);
      else if (g_str_equal (argv[i], "--target") && i + 1 < argc && n_targets < G_N_ELEMENTS (targets))
        {
          targets[n_targets++] = atoi (argv[++i]);
          skip_minimal = true;
        }
      else
        {
          fprintf (stderr, "usage: bench-generate [--seeds N] [--cap SECONDS] [--target T]...\n"
                   "  --target T  time only target T (repeatable), and skip the minimal puzzles\n");
          return 2;
        }
    }
  if (n_targets == 0)
    for (size_t t = 0; t < G_N_ELEMENTS (all_targets); t++)
      targets[n_targets++] = all_targets[t];
  if (seeds < 1 || cap <= 0)
    {
      fprintf (stderr, "bench-generate: seeds must be at least 1 and the cap positive\n");
      return 2;
    }

  printf ("One thread. Time to reach each clue target, no symmetry, %d seeds,\n"
          "each run capped at %.0f s (a capped run counts at the cap).\n\n", seeds, cap);
  printf ("%6s %12s %12s %12s %12s\n", "target", "reached", "median s", "max s", "mean s");
  for (size_t t = 0; t < n_targets; t++)
    {
      if (targets[t] < 17 || targets[t] > 80)
        {
          fprintf (stderr, "bench-generate: a target must be 17 to 80\n");
          return 2;
        }
      bench_target (targets[t], seeds, cap);
    }
  if (skip_minimal)
    return 0;

  /* Minimal puzzles: top-down removal alone, the baseline the search
   * improves on. Each includes grading, as nc_generate always grades. */
  start = g_get_monotonic_time ();
  do
    {
      NcGenerateParams params;
      NcGenerated out;

      nc_generate_params_init (&params);
      params.seed = 0xBA5E0000ull + minimal;
      nc_generate (&params, NULL, NULL, &out);
      counts[out.clues]++;
      by_grade[out.grade.grade]++;
      minimal++;
      elapsed = seconds_since (start);
    }
  while (elapsed < MINIMAL_SECONDS);

  printf ("\nMinimal puzzles (no target): %.0f per second (%u in %.1f s, graded).\n",
          minimal / elapsed, minimal, elapsed);
  printf ("Plain top-down removal, no search and no restarts, reaches:\n");
  printf ("%6s %14s\n", "target", "of the runs");
  for (size_t t = 0; t < n_targets; t++)
    {
      guint at_most = 0;

      for (int c = 0; c <= targets[t]; c++)
        at_most += counts[c];
      printf ("%6d %13.4f%%\n", targets[t], 100.0 * at_most / minimal);
    }
  printf ("Clue counts of minimal puzzles:");
  for (int c = 0; c <= NC_CELLS; c++)
    if (counts[c] != 0)
      printf (" %d:%u", c, counts[c]);
  printf ("\nGrades of minimal puzzles:");
  for (int g = 0; g < NC_GRADE_COUNT; g++)
    printf (" %s %.1f%%", nc_grade_name ((NcGrade) g), 100.0 * by_grade[g] / minimal);
  printf ("\n");
  return 0;
}
