/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-generate-options.c: checking what to generate, for `nonet-cli
 * generate` and `nonet-cli pdf --generate` alike, with the same messages. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "nc-grade.h"

gboolean
cli_generate_params (const char       *command,
                     gint64            clues,
                     gboolean          minimal,
                     const char       *symmetry,
                     const char       *difficulty,
                     const char       *needs,
                     const char       *seed,
                     gint64            count,
                     const char       *count_option,
                     NcGenerateParams *params)
{
  nc_generate_params_init (params);

  if (clues != CLI_NOT_GIVEN && minimal)
    {
      fprintf (stderr, _("%s: --clues and --minimal cannot go together\n"), command);
      return FALSE;
    }
  if (clues != CLI_NOT_GIVEN)
    {
      if (clues < 17 || clues > 80)
        {
          fprintf (stderr, _("%s: --clues must be between 17 and 80\n"), command);
          return FALSE;
        }
      params->clues = (int) clues;
    }

  if (symmetry != NULL && !nc_symmetry_from_name (symmetry, &params->symmetry))
    {
      GString *names = g_string_new (NULL);

      for (int i = 0; i < NC_SYMMETRY_COUNT; i++)
        g_string_append_printf (names, "%s%s", i == 0 ? "" : i == NC_SYMMETRY_COUNT - 1 ? " or " : ", ",
                                nc_symmetry_name ((NcSymmetry) i));
      fprintf (stderr, _("%s: unknown symmetry '%s'; use %s\n"), command, symmetry, names->str);
      g_string_free (names, TRUE);
      return FALSE;
    }
  /* Quarter turns move clues in fours around the centre. */
  if (params->symmetry == NC_SYMMETRY_ROTATE_90 && params->clues != NC_CLUES_MINIMAL
      && params->clues % 4 > 1)
    {
      fprintf (stderr, _("%s: with rotate-90 symmetry clues come in fours, plus the centre: "
                         "--clues %d cannot be made; use %d or %d\n"),
               command, params->clues, params->clues - params->clues % 4 + 1, params->clues - params->clues % 4 + 4);
      return FALSE;
    }

  if (difficulty != NULL)
    {
      g_auto(GStrv) ends = g_strsplit (difficulty, "-", 2);

      params->by_difficulty = TRUE;
      if (ends[0] == NULL
          || !nc_grade_from_name (ends[0], &params->min_grade)
          || !nc_grade_from_name (ends[1] != NULL ? ends[1] : ends[0], &params->max_grade))
        {
          fprintf (stderr, _("%s: unknown difficulty '%s'; use easy, medium, hard, expert or extreme, "
                             "or a range such as easy-medium\n"), command, difficulty);
          return FALSE;
        }
      if (params->min_grade > params->max_grade)
        {
          fprintf (stderr, _("%s: the difficulty range '%s' runs from harder to easier; write it %s-%s\n"),
                   command, difficulty, ends[1], ends[0]);
          return FALSE;
        }
      if (!nc_generate_can_grade (params->clues, params->min_grade))
        {
          fprintf (stderr, _("%s: every puzzle with %d clues is Easy (three empty cells or fewer always "
                             "fall to naked singles), so --difficulty %s cannot be met; use 77 clues or fewer\n"),
                   command, params->clues, difficulty);
          return FALSE;
        }
    }

  if (needs != NULL)
    {
      if (difficulty != NULL)
        {
          fprintf (stderr, _("%s: --needs sets the difficulty (the technique's grade), so it cannot go "
                             "with --difficulty\n"), command);
          return FALSE;
        }
      if (!nc_technique_from_name (needs, &params->technique))
        {
          g_autofree char *names = cli_technique_names (FALSE);

          fprintf (stderr, _("%s: unknown technique '%s'; use one of: %s\n"), command, needs, names);
          return FALSE;
        }
      params->by_technique = TRUE;
      if (!nc_generate_can_need (params->clues, params->technique))
        {
          fprintf (stderr, _("%s: every puzzle with %d clues falls to naked singles, so --needs %s cannot be "
                             "met; use 77 clues or fewer\n"), command, params->clues, needs);
          return FALSE;
        }
    }

  if (seed != NULL)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &value, NULL))
        {
          char largest[24];

          /* The largest seed as text: a format macro in a translated
           * string would cut the message short for xgettext. */
          g_snprintf (largest, sizeof largest, "%" G_GUINT64_FORMAT, G_MAXUINT64);
          fprintf (stderr, _("%s: --seed must be a whole number from 0 to %s, not '%s'\n"),
                   command, largest, seed);
          return FALSE;
        }
      /* Puzzle i uses seed S + i: the last one's must not wrap round to 0. */
      if (count > 1 && value > G_MAXUINT64 - (guint64) (count - 1))
        {
          char highest[24];
          g_autofree char *n = g_strdup_printf ("%" G_GINT64_FORMAT, count);

          g_snprintf (highest, sizeof highest, "%" G_GUINT64_FORMAT, G_MAXUINT64 - (guint64) (count - 1));
          fprintf (stderr, _("%s: --seed %s with %s %s runs past the largest seed (puzzle i uses seed S + i); "
                             "with %s puzzles the seed can be at most %s\n"),
                   command, seed, count_option, n, n, highest);
          return FALSE;
        }
      params->seed = value;
    }
  else
    /* 30 random bits: six characters in an ID, and plenty of puzzles. */
    params->seed = g_random_int () & ((1u << 30) - 1);
  return TRUE;
}

gboolean
cli_check_jobs_timeout (const char *command,
                        gint64      jobs,
                        double      timeout)
{
  if (jobs != CLI_NOT_GIVEN && (jobs < 1 || jobs > 1024))
    {
      fprintf (stderr, _("%s: --jobs must be between 1 and 1024\n"), command);
      return FALSE;
    }
  if (!(timeout >= 0 && isfinite (timeout)))
    {
      fprintf (stderr, _("%s: --timeout must be a number of seconds, 0 for no limit\n"), command);
      return FALSE;
    }
  return TRUE;
}
