/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-solver.c: puzzles per second of the fast solver (counting up to two
 * solutions, as a uniqueness check does) beside the reference backtracker. */

#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "nc-backtrack.h"
#include "nc-solver.h"

/* The fast solver repeats a set until this much time has passed, so that a
 * small set is not measured on a single cold pass. */
#define FAST_MIN_SECONDS 2.0
/* The reference takes the first puzzles of a set until either limit is hit:
 * on hard sets it is thousands of times slower. */
#define REFERENCE_MAX_PUZZLES 1000
#define REFERENCE_MAX_SECONDS 15.0

typedef struct
{
  double   per_second;
  guint    puzzles;      /* distinct puzzles measured */
  guint    unique;       /* of those, counted with exactly one solution */
} Result;

static GArray *
load_set (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *puzzles;

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  puzzles = g_array_new (FALSE, FALSE, sizeof (NcGrid));
  lines = g_strsplit (text, "\n", -1);
  for (char **line = lines; *line != NULL; line++)
    {
      NcGrid grid;

      g_strchomp (*line);
      if ((*line)[0] == '#' || strlen (*line) != NC_CELLS)
        continue;
      for (int i = 0; i < NC_CELLS; i++)
        {
          char c = (*line)[i];

          grid.cell[i] = (c >= '1' && c <= '9') ? (uint8_t) (c - '0') : 0;
        }
      g_array_append_val (puzzles, grid);
    }
  return puzzles;
}

/* "349,743": rates are easier to compare with the thousands marked. */
static const char *
format_rate (double rate, char buf[32])
{
  char digits[32];
  int  n = snprintf (digits, sizeof digits, "%.0f", rate);
  int  out = 0;

  for (int i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        buf[out++] = ',';
      buf[out++] = digits[i];
    }
  buf[out] = '\0';
  return buf;
}

static double
seconds_since (gint64 start)
{
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

/* The first n puzzles, counted up to two solutions, repeated for at least
 * FAST_MIN_SECONDS. */
static Result
bench_fast (const GArray *puzzles, guint n)
{
  const NcGrid *grids = (const NcGrid *) (const void *) puzzles->data;
  Result result = { .puzzles = n };
  guint64 solved = 0;
  double elapsed;
  gint64 start;

  /* One untimed pass warms the caches and checks the answers. */
  for (guint i = 0; i < n; i++)
    result.unique += nc_solver_count (&grids[i], 2, NULL) == 1;

  start = g_get_monotonic_time ();
  do
    {
      for (guint i = 0; i < n; i++)
        nc_solver_count (&grids[i], 2, NULL);
      solved += n;
      elapsed = seconds_since (start);
    }
  while (elapsed < FAST_MIN_SECONDS);
  result.per_second = (double) solved / elapsed;
  return result;
}

/* The first puzzles to the first solution each, until either limit. */
static Result
bench_reference (const GArray *puzzles)
{
  const NcGrid *grids = (const NcGrid *) (const void *) puzzles->data;
  Result result = { 0 };
  gint64 start = g_get_monotonic_time ();
  double elapsed = 0;

  while (result.puzzles < MIN (puzzles->len, REFERENCE_MAX_PUZZLES)
         && elapsed < REFERENCE_MAX_SECONDS)
    {
      NcBacktracker bt;

      nc_backtracker_init (&bt, &grids[result.puzzles], NC_ORDER_MRV);
      result.unique += nc_backtracker_run (&bt) == NC_EVENT_SOLVED;
      result.puzzles++;
      elapsed = seconds_since (start);
    }
  result.per_second = result.puzzles / elapsed;
  return result;
}

int
main (int argc, char *argv[])
{
  const char *sets[] = { "17-clue.txt", "magictour-top1465.txt" };
  const char *dir = argc > 1 ? argv[1] : g_getenv ("NONET_SHARED_DATA");
  GArray *loaded[G_N_ELEMENTS (sets)];

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      printf ("bench-solver: no shared data folder (%s); pass it as the argument "
              "or set NONET_SHARED_DATA. Skipped.\n", dir ? dir : "none given");
      return 77;
    }
  for (size_t s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autofree char *path = g_build_filename (dir, sets[s], NULL);
      g_autoptr(GError) error = NULL;

      loaded[s] = load_set (path, &error);
      if (loaded[s] == NULL)
        {
          printf ("bench-solver: cannot read %s: %s. Skipped.\n", path, error->message);
          for (size_t t = 0; t < s; t++)
            g_array_unref (loaded[t]);
          return 77;
        }
    }

  printf ("One thread, puzzles per second.\n"
          "fast:      nc_solver_count, limit 2 (proves uniqueness), on every puzzle;\n"
          "reference: the backtracker, MRV order, to the first solution, on the first\n"
          "           puzzles of the set only (\"sample\": at most %d, or as many as\n"
          "           fit in %.0f s), as it is thousands of times slower;\n"
          "ratio:     fast over reference on that same sample.\n\n",
          REFERENCE_MAX_PUZZLES, REFERENCE_MAX_SECONDS);
  printf ("%-22s %8s %12s   %-40s\n", "", "", "all", "-- the sample ----------------------------");
  printf ("%-22s %8s %12s %8s %12s %12s %9s\n",
          "set", "puzzles", "fast/s", "puzzles", "fast/s", "reference/s", "ratio");
  for (size_t s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      Result fast, reference, fast_sample;
      char text[3][32];

      fast = bench_fast (loaded[s], loaded[s]->len);
      reference = bench_reference (loaded[s]);
      fast_sample = bench_fast (loaded[s], reference.puzzles);
      printf ("%-22s %8u %12s %8u %12s %12s %8.0fx\n",
              sets[s], loaded[s]->len, format_rate (fast.per_second, text[0]),
              reference.puzzles, format_rate (fast_sample.per_second, text[1]),
              format_rate (reference.per_second, text[2]),
              fast_sample.per_second / reference.per_second);
      if (fast.unique != fast.puzzles)
        printf ("  warning: the fast solver counted %u of %u puzzles as unique\n",
                fast.unique, fast.puzzles);
      if (reference.unique != reference.puzzles)
        printf ("  warning: the reference solved %u of %u puzzles\n",
                reference.unique, reference.puzzles);
      g_array_unref (loaded[s]);
    }
  return 0;
}
