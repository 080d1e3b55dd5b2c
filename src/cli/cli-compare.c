/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-compare.c: `nonet-cli compare`, the search strategies run one after
 * the other on each puzzle, their counts side by side: a table a puzzle for
 * people, or tab-separated rows for scripts. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "nc-backtrack.h"
#include "ne-compare.h"

typedef struct
{
  CliOptions options;   /* first: cli_for_each_puzzle hands it back as data */
  gboolean   tsv;
  int        n_strategies;
  NcStrategy strategies[NC_N_STRATEGIES];
} CompareOptions;

/* --strategies: names separated by commas, each once. FALSE after a message. */
static gboolean
parse_strategies (CompareOptions *compare, const char *list)
{
  g_auto(GStrv) names = NULL;
  g_autofree char *known = NULL;
  GString *all = g_string_new (NULL);

  for (int i = 0; i < NC_N_STRATEGIES; i++)
    g_string_append_printf (all, "%s%s", i > 0 ? ", " : "", nc_strategy_name ((NcStrategy) i));
  known = g_string_free (all, FALSE);

  compare->n_strategies = 0;
  if (list == NULL)
    {
      for (int i = 0; i < NC_N_STRATEGIES; i++)
        compare->strategies[compare->n_strategies++] = (NcStrategy) i;
      return TRUE;
    }
  names = g_strsplit (list, ",", -1);
  for (int i = 0; names[i] != NULL; i++)
    {
      NcStrategy strategy;
      const char *name = g_strstrip (names[i]);

      if (!nc_strategy_from_name (name, &strategy))
        {
          fprintf (stderr, _("nonet-cli compare: unknown strategy '%s'; use %s\n"), name, known);
          return FALSE;
        }
      for (int j = 0; j < compare->n_strategies; j++)
        if (compare->strategies[j] == strategy)
          {
            fprintf (stderr, _("nonet-cli compare: strategy '%s' is named twice\n"), name);
            return FALSE;
          }
      compare->strategies[compare->n_strategies++] = strategy;
    }
  if (compare->n_strategies == 0)
    {
      fprintf (stderr, _("nonet-cli compare: --strategies names none; use %s\n"), known);
      return FALSE;
    }
  return TRUE;
}

static gboolean
compare_one (CliInput *input, const NcPuzzle *puzzle, gpointer data)
{
  CompareOptions *compare = data;
  NeCompareRow rows[NC_N_STRATEGIES];

  if (!cli_require_unique (input, puzzle, NULL))
    return TRUE;
  compare->options.index++;

  for (int i = 0; i < compare->n_strategies; i++)
    if (!ne_compare_measure (&puzzle->grid, compare->strategies[i], &rows[i]))
      g_error ("strategy %s found no solution at line %d", nc_strategy_name (compare->strategies[i]), puzzle->line);

  if (compare->tsv)
    {
      for (int i = 0; i < compare->n_strategies && !cli_stdout_failed (); i++)
        {
          char time_text[G_ASCII_DTOSTR_BUF_SIZE];

          cli_out ("%d\t%s\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%d\t%s\n",
                   puzzle->line, nc_strategy_name (rows[i].strategy), rows[i].counters.attempts,
                   rows[i].counters.backtracks, rows[i].counters.forced, rows[i].counters.max_depth,
                   g_ascii_formatd (time_text, sizeof time_text, "%.6f", rows[i].seconds));
        }
      return TRUE;
    }

  {
    g_autofree char *table = ne_compare_format_table (rows, (guint) compare->n_strategies);

    if (compare->options.index > 1)
      cli_out ("\n");
    cli_out ("# line %d\n%s", puzzle->line, table);
  }
  return TRUE;
}

int
cli_compare_run (int argc, char **argv)
{
  CompareOptions compare = { .options = { .max_problems = 100, .marks_failures = TRUE } };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *strategies = NULL;
  g_autofree char *format = NULL;
  int status = CLI_STATUS_OK;
  GOptionEntry entries[] = {
    { "strategies", 0, 0, G_OPTION_ARG_STRING, &strategies,
      N_("Strategies to run, separated by commas: reading, mrv, mrv+fc, mrv+singles, mrv+hidden (default: all)"), "LIST" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      N_("Output layout: table (default, one a puzzle) or tsv (tab-separated rows, plain numbers, for scripts)"), "FORMAT" },
    { "max-problems", 0, 0, G_OPTION_ARG_INT64, &compare.options.max_problems,
      N_("Say at most N problems of each input on standard error, then how many more; 0 for all (default 100)"), "N" },
    { NULL }
  };

  g_set_prgname ("nonet-cli compare");
  context = g_option_context_new (_("[FILE…]"));
  g_option_context_set_summary (context, _("Run the search strategies on every puzzle and compare their counts."));
  g_option_context_set_description (context,
    _("Each strategy searches until the first solution. An attempt is a digit tested at a chosen cell, a backtrack "
      "a placed digit taken back, a forced cell one filled by deduction without an attempt, and the depth the most "
      "placements on the stack at once; the README defines each strategy.\n"
      "The tsv layout starts with a heading line; its columns are line, strategy, attempts, backtracks, forced, "
      "depth and seconds.\n"
      "Reads each FILE in turn, - or none for standard input; -- ends the options. Problems go to standard error "
      "as 'nonet-cli: FILE:LINE:COLUMN: message', and each puzzle read gives one entry of output: a puzzle that "
      "is bad or has no single solution gives a line '# line N: why' in its place.\n"
      "Exit status: 0 fine, 1 a puzzle has no solution or several, 2 bad input or options, or output that could "
      "not be written."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "nonet-cli compare: %s\n", error->message);
      cli_usage_hint ("compare");
      return CLI_STATUS_BAD_INPUT;
    }
  argc = cli_drop_end_of_options (argc, argv);
  if (format != NULL && strcmp (format, "tsv") != 0 && strcmp (format, "table") != 0)
    {
      fprintf (stderr, _("nonet-cli compare: unknown format '%s'; use table or tsv\n"), format);
      cli_usage_hint ("compare");
      return CLI_STATUS_BAD_INPUT;
    }
  if (compare.options.max_problems < 0 || compare.options.max_problems > G_MAXUINT)
    {
      fprintf (stderr, _("nonet-cli %s: --max-problems must be between 0 and %u\n"), "compare", G_MAXUINT);
      cli_usage_hint ("compare");
      return CLI_STATUS_BAD_INPUT;
    }
  if (!parse_strategies (&compare, strategies))
    {
      cli_usage_hint ("compare");
      return CLI_STATUS_BAD_INPUT;
    }
  compare.tsv = format != NULL && strcmp (format, "tsv") == 0;
  /* Tables are blocks: a blank line comes before a marked failure too. */
  compare.options.as_grid = !compare.tsv;
  compare.options.n_inputs = argc - 1;
  if (compare.tsv)
    cli_out ("line\tstrategy\tattempts\tbacktracks\tforced\tdepth\tseconds\n");

  if (argc < 2)
    return cli_for_each_puzzle (NULL, compare_one, &compare.options);
  for (int i = 1; i < argc && !cli_stdout_failed (); i++)
    {
      int input_status = cli_for_each_puzzle (argv[i], compare_one, &compare.options);

      status = MAX (status, input_status);
    }
  return status;
}
