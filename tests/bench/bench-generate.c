/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-generate.c: how long the generator takes to reach each clue target,
 * beside another build's nonet-cli on the same seeds when one is given, and
 * minimal puzzles per second beside what plain top-down removal reaches. */

#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "nc-generate.h"
#include "nc-parse.h"
#include "nc-solver.h"

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

/* One run of a nonet-cli generate for target and seed, capped: its time,
 * and whether it reached the target with a unique puzzle. A CLI that fails
 * otherwise, or prints a puzzle that is not unique, ends the benchmark. */
static bool
run_cli (const char *cli, int target, guint64 seed, double cap, double *seconds)
{
  g_autofree char *clues = g_strdup_printf ("%d", target);
  g_autofree char *seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  char cap_text[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0, found = -1;
  NcPuzzle puzzle;
  NcParseError parse_error;
  NcGrid grid = { { 0 } };
  gint64 start;

  g_ascii_dtostr (cap_text, sizeof cap_text, cap);
  {
    const char *argv[] = { cli, "generate", "--clues", clues, "--seed", seed_text,
                           "--timeout", cap_text, NULL };

    start = g_get_monotonic_time ();
    if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                       &out, NULL, &status, &error))
      {
        fprintf (stderr, "bench-generate: %s: %s\n", cli, error->message);
        exit (1);
      }
    *seconds = seconds_since (start);
  }
  nc_puzzle_init (&puzzle);
  if (nc_parse_puzzle (out, strlen (out), &puzzle, &parse_error))
    {
      grid = puzzle.grid;
      found = nc_grid_count_filled (&grid);
    }
  nc_puzzle_clear (&puzzle);
  if (!WIFEXITED (status) || WEXITSTATUS (status) > 1 || found < 0
      || nc_solver_count (&grid, 2, NULL) != 1)
    {
      fprintf (stderr, "bench-generate: %s generate --clues %d --seed %s gave no unique puzzle\n",
               cli, target, seed_text);
      exit (1);
    }
  return WEXITSTATUS (status) == 0 && found == target;
}

typedef struct
{
  double *times;
  int     reached;
} Runs;

static void
runs_print_stats (Runs *r, int seeds)
{
  qsort (r->times, (size_t) seeds, sizeof *r->times, compare_doubles);
  printf ("  %4d/%-3d %9.3f %9.3f", r->reached, seeds, r->times[seeds / 2], r->times[seeds - 1]);
}

/* Times target over seeds. In process, each puzzle is checked unique with
 * the target's clues (and, with reproduce, made again from its seed alone). With a baseline, both CLIs run each seed by turns,
 * the baseline first, so that the machine's load falls on both alike. */
static void
bench_target (int target, int seeds, double cap, const char *cli, const char *baseline, bool reproduce)
{
  Runs now = { g_new (double, seeds), 0 }, base = { g_new (double, seeds), 0 };

  for (int i = 0; i < seeds; i++)
    {
      guint64 seed = seed_for (target, i);

      if (baseline != NULL)
        {
          base.reached += run_cli (baseline, target, seed, cap, &base.times[i]);
          now.reached += run_cli (cli, target, seed, cap, &now.times[i]);
        }
      else
        {
          NcGenerateParams params;
          NcGenerated out;
          gint64 start = g_get_monotonic_time ();
          bool ok;

          nc_generate_params_init (&params);
          params.clues = target;
          params.seed = seed;
          params.budget_seconds = cap;
          ok = nc_generate (&params, NULL, NULL, &out) == NC_GENERATE_OK;
          now.times[i] = seconds_since (start);
          if (nc_solver_count (&out.puzzle, 2, NULL) != 1
              || (ok && nc_grid_count_filled (&out.puzzle) != target))
            {
              fprintf (stderr, "bench-generate: seed %" G_GUINT64_FORMAT " gave a wrong puzzle\n", seed);
              exit (1);
            }
          now.reached += ok;
          if (ok && reproduce)
            {
              NcGenerated again;

              params.budget_seconds = 0;
              nc_generate (&params, NULL, NULL, &again);
              if (!nc_grid_equal (&again.puzzle, &out.puzzle))
                {
                  fprintf (stderr, "bench-generate: seed %" G_GUINT64_FORMAT " gave another puzzle the second time\n", seed);
                  exit (1);
                }
            }
        }
    }
  /* A run that hit the cap counts at the cap: the median then still says
   * something when most runs make it, and the reached column says how many. */
  printf ("%6d", target);
  runs_print_stats (&now, seeds);
  if (baseline != NULL)
    runs_print_stats (&base, seeds);
  printf ("\n");
  fflush (stdout);
  g_free (now.times);
  g_free (base.times);
}

int
main (int argc, char *argv[])
{
  const int all_targets[] = { 30, 26, 24, 22, 21, 20, 19, 18, 17 };
  int targets[NC_CELLS];
  size_t n_targets = 0;
  bool skip_minimal = false, reproduce = false;
  int seeds = 20;
  double cap = 20.0;
  guint counts[NC_CELLS + 1] = { 0 };
  guint minimal = 0, by_grade[NC_GRADE_COUNT] = { 0 };
  double elapsed;
  gint64 start;
  const char *cli = NULL;
  const char *baseline = g_getenv ("BENCH_BASELINE_CLI");

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--seeds") && i + 1 < argc)
        seeds = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--cap") && i + 1 < argc)
        cap = g_ascii_strtod (argv[++i], NULL);
      else if (g_str_equal (argv[i], "--reproduce"))
        reproduce = true;
      else if (g_str_equal (argv[i], "--cli") && i + 1 < argc)
        cli = argv[++i];
      else if (g_str_equal (argv[i], "--baseline") && i + 1 < argc)
        baseline = argv[++i];
      else if (g_str_equal (argv[i], "--target") && i + 1 < argc && n_targets < G_N_ELEMENTS (targets))
        {
          targets[n_targets++] = atoi (argv[++i]);
          skip_minimal = true;
        }
      else
        {
          fprintf (stderr, "usage: bench-generate [--seeds N] [--cap SECONDS] [--target T]... [--reproduce] [--cli CLI --baseline CLI]\n"
                   "  --target T      time only target T (repeatable), and skip the minimal puzzles\n"
                   "  --reproduce     in process, generate each puzzle reached again without a\n"
                   "                  budget, as its ID would, and check it is the same (not timed)\n"
                   "  --cli CLI       this build's nonet-cli\n"
                   "  --baseline CLI  another build's nonet-cli (or BENCH_BASELINE_CLI), timed by\n"
                   "                  turns with --cli on the same seeds, both as processes\n");
          return 2;
        }
    }
  if (n_targets == 0)
    for (size_t t = 0; t < G_N_ELEMENTS (all_targets); t++)
      targets[n_targets++] = all_targets[t];
  if (baseline != NULL && *baseline == '\0')
    baseline = NULL;
  if (baseline != NULL && cli == NULL)
    {
      fprintf (stderr, "bench-generate: a baseline needs this build's nonet-cli too (--cli)\n");
      return 2;
    }
  if (seeds < 1 || cap <= 0)
    {
      fprintf (stderr, "bench-generate: seeds must be at least 1 and the cap positive\n");
      return 2;
    }

  printf ("One thread. Time to reach each clue target, no symmetry, %d seeds,\n"
          "each run capped at %.0f s (a capped run counts at the cap).\n", seeds, cap);
  if (baseline != NULL)
    printf ("This build (%s) and the baseline (%s) run each seed by turns,\n"
            "as processes: nonet-cli generate --clues T --seed S --timeout %.0f.\n", cli, baseline, cap);
  printf ("\n%6s  %8s %9s %9s", "target", "reached", "median s", "max s");
  if (baseline != NULL)
    printf ("  %8s %9s %9s   (baseline)", "reached", "median s", "max s");
  printf ("\n");
  for (size_t t = 0; t < n_targets; t++)
    {
      if (targets[t] < 17 || targets[t] > 80)
        {
          fprintf (stderr, "bench-generate: a target must be 17 to 80\n");
          return 2;
        }
      bench_target (targets[t], seeds, cap, cli, baseline, reproduce);
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
