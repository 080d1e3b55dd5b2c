/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-puzzles.c: the commands that read puzzles and report on each: solve,
 * count, trace, check and grade. Bad puzzles are reported per input on
 * standard error, the first hundred (--max-problems) by line, the rest
 * counted; solve, count and grade also mark them in their output. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "nc-backtrack.h"
#include "nc-grade.h"
#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-explain.h"
#include "ne-messages.h"
#include "ne-trace.h"

struct _CliInput
{
  const char *name;     /* the file as named on the command line, or "standard input" */
  CliOptions *options;
  int         status;   /* the worst status so far */
  guint       n_reported;
  guint       n_unlisted;
};

static void
raise_status (CliInput *input, int status)
{
  if (status > input->status)
    input->status = status;
}

/* A problem of the input on standard error, GNU style so editors jump to
 * it: "nonet-cli: FILE:LINE:COLUMN: message", without LINE (0) or COLUMN
 * (0) where there is none. Past options->max_problems they are counted. */
static void G_GNUC_PRINTF (5, 6)
report (CliInput *input, int status, int line, int column, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  raise_status (input, status);
  if (input->options->max_problems > 0 && (gint64) input->n_reported >= input->options->max_problems)
    {
      input->n_unlisted++;
      return;
    }
  input->n_reported++;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  cli_problem (input->name, line, column, message);
}

/* In the output, the place of a puzzle that gave none: the output has one
 * entry a puzzle read, so its lines pair with the input's. */
static void
mark_failure (CliInput *input, int line, const char *message)
{
  CliOptions *options = input->options;

  if (!options->marks_failures)
    return;
  /* Where entries are blocks, a blank line comes between them. */
  if ((options->as_grid || options->explain) && options->index > 0)
    cli_out ("\n");
  options->index++;
  /* Translators: "line 4: 79 cells, a puzzle has 81" */
  cli_out ("# ");
  cli_out (_("line %d: %s"), line, message);
  cli_out ("\n");
}

/* A puzzle that is bad or has no single solution: said on standard error
 * and marked in the output. */
static void
report_puzzle (CliInput *input, int status, int line, int column, const char *message)
{
  report (input, status, line, column, "%s", message);
  mark_failure (input, line, message);
}

/* "… and 999900 more problems" after the first options->max_problems. */
static void
report_unlisted (CliInput *input)
{
  g_autofree char *more = NULL;

  if (input->n_unlisted == 0)
    return;
  more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "… and %u more problem (--max-problems 0 lists them all)",
                                       "… and %u more problems (--max-problems 0 lists them all)", input->n_unlisted),
                          input->n_unlisted);
  cli_problem (input->name, 0, 0, more);
}

int
cli_for_each_puzzle (const char *path, CliPuzzleFunc func, CliOptions *options)
{
  CliInput input = { .options = options };
  g_autofree char *text = NULL;
  gsize len = 0;
  NcReader *reader;
  NcPuzzle puzzle;
  NcParseError error;
  NcReadResult result;
  const char *xml_hint;
  guint n_puzzles = 0;

  text = cli_read_input ("nonet-cli", path, &input.name, &len);
  if (text == NULL)
    return CLI_STATUS_BAD_INPUT;

  if ((xml_hint = cli_xml_hint (text, len)) != NULL)
    {
      report (&input, CLI_STATUS_BAD_INPUT, 0, 0, "%s", xml_hint);
      return input.status;
    }

  reader = nc_reader_new (text, len);
  if (reader == NULL)
    g_error ("out of memory");
  nc_puzzle_init (&puzzle);
  while (!cli_stdout_failed () && (result = nc_reader_next (reader, &puzzle, &error)) != NC_READ_END)
    {
      NcConflict conflict;

      if (result == NC_READ_ERROR)
        {
          g_autofree char *message = ne_parse_error_text (&error);

          report_puzzle (&input, CLI_STATUS_BAD_INPUT, error.line, error.column, message);
          continue;
        }
      n_puzzles++;
      if (nc_grid_find_conflicts (&puzzle.grid, &conflict, 1) > 0)
        {
          g_autofree char *text_conflict = ne_conflict_describe (&conflict);

          report_puzzle (&input, CLI_STATUS_BAD_INPUT, puzzle.line, 0, text_conflict);
        }
      else if (!func (&input, &puzzle, options))
        {
          nc_puzzle_clear (&puzzle);
          break;
        }
      nc_puzzle_clear (&puzzle);
    }
  nc_reader_free (reader);

  report_unlisted (&input);
  if (n_puzzles == 0 && input.status == CLI_STATUS_OK)
    report (&input, CLI_STATUS_BAD_INPUT, 0, 0, "%s", _("no puzzle found"));
  cli_flush_stdout ();
  return input.status;
}

gboolean
cli_require_unique (CliInput *input, const NcPuzzle *puzzle, NcGrid *solution)
{
  unsigned n = nc_solver_count (&puzzle->grid, 2, solution);

  if (n == 1)
    return TRUE;
  if (n == 0)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *reason = NULL;
      g_autofree char *message = NULL;
      NeNoSolution explained;

      /* The same reason the window gives: a cell or unit, or the search's counts. */
      if (!ne_no_solution_explain (&puzzle->grid, NULL, &explained, &error))
        g_error ("line %d: %s", puzzle->line, error->message);
      reason = ne_no_solution_describe (&explained);
      /* Translators: %s says why: "row 3 has no place for a 7", or "the
       * search tried 12,345 digits and took 1,234 back, and every branch failed" */
      message = g_strdup_printf (_("this puzzle has no solution: %s"), reason);
      report_puzzle (input, CLI_STATUS_NOT_UNIQUE, puzzle->line, 0, message);
    }
  else
    report_puzzle (input, CLI_STATUS_NOT_UNIQUE, puzzle->line, 0, _("this puzzle has more than one solution"));
  return FALSE;
}

static void
print_grid (const NcGrid *grid, gboolean as_grid, guint index)
{
  if (as_grid)
    {
      char text[NC_GRID_TEXT_SIZE];

      nc_grid_format_text (grid, text, sizeof text);
      cli_out ("%s%s", index > 0 ? "\n" : "", text);
    }
  else
    {
      char line[82];

      nc_grid_format_line (grid, '.', line);
      cli_out ("%s\n", line);
    }
}

gboolean
cli_solve_one (CliInput *input, const NcPuzzle *puzzle, gpointer data)
{
  CliOptions *options = data;
  NcGrid solution;

  if (!cli_require_unique (input, puzzle, &solution))
    return TRUE;

  if (options->stats)
    {
      NcBacktracker bt;

      nc_backtracker_init (&bt, &puzzle->grid, options->order);
      if (nc_backtracker_run (&bt) != NC_EVENT_SOLVED)
        g_error ("the reference backtracker disagrees with the fast solver at line %d", puzzle->line);
      g_assert (nc_grid_equal (&bt.grid, &solution));
      print_grid (&bt.grid, options->as_grid, options->index++);
      cli_out ("attempts=%" G_GUINT64_FORMAT " backtracks=%" G_GUINT64_FORMAT
           " placements=%" G_GUINT64_FORMAT " max_depth=%d order=%s\n",
           bt.counters.attempts, bt.counters.backtracks, bt.counters.placements,
           bt.counters.max_depth, nc_order_name (options->order));
    }
  else
    print_grid (&solution, options->as_grid, options->index++);
  return TRUE;
}

gboolean
cli_count_one (CliInput *input, const NcPuzzle *puzzle, gpointer data)
{
  CliOptions *options = data;
  unsigned n = nc_solver_count (&puzzle->grid, (unsigned) options->limit, NULL);

  cli_out ("%u\n", n);
  if (n != 1)
    raise_status (input, CLI_STATUS_NOT_UNIQUE);
  return TRUE;
}

/* The shared formatter's sink: stdout, until it fails. */
static gboolean
trace_line (const char *line,
            gpointer    user_data)
{
  cli_out ("%s\n", line);
  return !cli_stdout_failed ();
}

gboolean
cli_trace_one (CliInput *input, const NcPuzzle *puzzle, gpointer data)
{
  CliOptions *options = data;
  NeTraceEnd end;

  if (options->index++ > 0)
    cli_out ("\n");
  cli_out ("# line %d\n", puzzle->line);
  if (cli_stdout_failed ())
    return TRUE;
  end = ne_trace_run (&puzzle->grid, options->order, (guint64) options->max_events, trace_line, NULL, NULL);
  if (end == NE_TRACE_EXHAUSTED)
    report (input, CLI_STATUS_NOT_UNIQUE, puzzle->line, 0, "%s", _("this puzzle has no solution"));
  if (end == NE_TRACE_STOPPED && options->terminal_cap && !cli_stdout_failed ())
    {
      g_autofree char *count = cli_format_count ((guint) options->max_events);

      /* Said once: a terminal is no place for millions of lines. */
      options->terminal_cap = FALSE;
      cli_flush_stdout ();
      fprintf (stderr, _("nonet-cli trace: line %d: stopped after %s events, the limit on a terminal; "
                         "--max-events 0 prints them all\n"), puzzle->line, count);
    }
  return TRUE;
}

gboolean
cli_check_one (CliInput *input, const NcPuzzle *puzzle, gpointer data)
{
  NcGrid solution;
  int clues = nc_grid_count_filled (&puzzle->grid);

  if (!cli_require_unique (input, puzzle, &solution))
    return TRUE;
  /* Several inputs: which file each line is about. */
  if (input->options->n_inputs > 1)
    cli_out ("%s: ", input->name);
  cli_out (g_dngettext (GETTEXT_PACKAGE, "line %d: valid, one solution, %d clue\n",
                        "line %d: valid, one solution, %d clues\n", (gulong) clues),
           puzzle->line, clues);
  return TRUE;
}

static bool
print_step (const NcStep *step, void *data)
{
  guint *n = data;
  g_autofree char *text = ne_step_describe (step);

  cli_out ("%u. %s\n", ++*n, text);
  return true;
}

gboolean
cli_grade_one (CliInput *input, const NcPuzzle *puzzle, gpointer data)
{
  CliOptions *options = data;
  NcGradeResult result;
  g_autofree char *hardest = NULL;
  guint n_steps = 0;

  if (!cli_require_unique (input, puzzle, NULL))
    return TRUE;

  if (options->explain)
    {
      if (options->index > 0)
        cli_out ("\n");
      cli_out ("# line %d\n", puzzle->line);
    }
  options->index++;
  nc_grade (&puzzle->grid, &result, options->explain ? print_step : NULL, &n_steps);

  hardest = cli_technique_key (result.hardest);
  cli_out ("grade=%s score=%u hardest=%s", nc_grade_name (result.grade), result.score, hardest);
  for (int t = 0; t < NC_TECH_COUNT; t++)
    if (result.uses[t] > 0)
      {
        g_autofree char *key = cli_technique_key ((NcTechnique) t);

        cli_out (" %s=%u", key, result.uses[t]);
      }
  cli_out ("\n");
  return TRUE;
}
