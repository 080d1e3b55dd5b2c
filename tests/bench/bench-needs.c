/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-needs.c: puzzles a second that need each technique the grader
 * knows (generate --needs), beside the plain way in the same run: minimal
 * puzzles generated and graded until one's hardest technique is the one
 * wanted. One thread. Options: --seconds S per technique and way (default
 * 2), --technique NAME (one only). */

#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nc-generate.h"
#include "nc-solver.h"

static double
seconds_since (gint64 start)
{
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

/* Puzzles that need technique made in about seconds: (puzzles, seconds). */
static double
rate_needing (NcTechnique technique, double seconds, guint *made, guint *wrong)
{
  gint64 start = g_get_monotonic_time ();
  guint64 seed = 0x5EED0000ull + (guint64) technique * 100000;

  *made = *wrong = 0;
  while (seconds_since (start) < seconds)
    {
      NcGenerateParams params;
      NcGenerated out;
      NcGenerateStatus status;

      nc_generate_params_init (&params);
      params.by_technique = true;
      params.technique = technique;
      params.seed = seed++;
      /* What is left of the time, so a rare technique still stops. */
      params.budget_seconds = seconds - seconds_since (start) + 0.001;
      status = nc_generate (&params, NULL, NULL, &out);
      if (status != NC_GENERATE_OK)
        break;
      (*made)++;
      /* Checked outside the generator's account: one solution, and the
       * technique the hardest. */
      if (nc_solver_count (&out.puzzle, 2, NULL) != 1 || out.grade.hardest != technique)
        (*wrong)++;
    }
  return seconds_since (start);
}

/* The plain way: minimal puzzles, graded, kept when the hardest technique
 * is the one wanted. */
static double
rate_filtering (NcTechnique technique, double seconds, guint *made)
{
  gint64 start = g_get_monotonic_time ();
  guint64 seed = 0x5EED0000ull + (guint64) technique * 100000;

  *made = 0;
  while (seconds_since (start) < seconds)
    {
      NcGenerateParams params;
      NcGenerated out;

      nc_generate_params_init (&params);
      params.seed = seed++;
      if (nc_generate (&params, NULL, NULL, &out) == NC_GENERATE_OK && out.grade.hardest == technique)
        (*made)++;
    }
  return seconds_since (start);
}

int
main (int argc, char *argv[])
{
  double seconds = 2.0;
  int only = -1;
  guint total_wrong = 0;

  for (int i = 1; i < argc; i++)
    {
      NcTechnique t;

      if (strcmp (argv[i], "--seconds") == 0 && i + 1 < argc)
        seconds = g_ascii_strtod (argv[++i], NULL);
      else if (strcmp (argv[i], "--technique") == 0 && i + 1 < argc && nc_technique_from_name (argv[i + 1], &t))
        {
          only = (int) t;
          i++;
        }
      else
        {
          fprintf (stderr, "usage: bench-needs [--seconds S] [--technique NAME]\n");
          return 2;
        }
    }

  printf ("Puzzles a second that need each technique and nothing harder, one thread,\n"
          "%.1f s each: generate --needs beside minimal puzzles graded and filtered.\n\n", seconds);
  printf ("%-18s %12s %12s %8s\n", "technique", "--needs/s", "filter/s", "x");
  for (int t = 0; t < NC_TECH_GUESS; t++)
    {
      guint made, wrong, kept;
      double needs_s, filter_s, needs_rate, filter_rate;

      if (only >= 0 && t != only)
        continue;
      needs_s = rate_needing ((NcTechnique) t, seconds, &made, &wrong);
      filter_s = rate_filtering ((NcTechnique) t, seconds, &kept);
      needs_rate = made / needs_s;
      filter_rate = kept / filter_s;
      total_wrong += wrong;
      if (filter_rate > 0)
        printf ("%-18s %12.1f %12.2f %8.0f\n", nc_technique_name ((NcTechnique) t),
                needs_rate, filter_rate, needs_rate / filter_rate);
      else
        printf ("%-18s %12.1f %12s %8s\n", nc_technique_name ((NcTechnique) t), needs_rate, "0 found", "-");
      fflush (stdout);
    }
  if (total_wrong > 0)
    {
      printf ("\n%u puzzles were not unique or did not need their technique\n", total_wrong);
      return 1;
    }
  return 0;
}
