/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-puzzles.c: the commands that read puzzles and report on each: solve,
 * count, trace, check and grade. Bad puzzles are reported per input, the
 * first hundred by line, the rest counted. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "nc-backtrack.h"
#include "nc-grade.h"
#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-messages.h"

/* The most problems said of one input: the rest are counted (a file of a
 * million bad lines is a hundred lines and "… and 999,900 more problems"). */
#define MAX_REPORTED 100

struct _CliInput
{
  const char *name;     /* the file as named on the command line, or "standard input" */
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

static void G_GNUC_PRINTF (3, 4)
report (CliInput *input, int status, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  raise_status (input, status);
  if (input->n_reported >= MAX_REPORTED)
    {
      input->n_unlisted++;
      return;
    }
  input->n_reported++;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  cli_flush_stdout ();
  fprintf (stderr, "%s: %s\n", input->name, message);
}

/* "… and 999,900 more problems" after the first MAX_REPORTED. */
static void
report_unlisted (CliInput *input)
{
  g_autofree char *more = NULL;

  if (input->n_unlisted == 0)
    return;
  more = ne_more_problems (input->n_unlisted);
  cli_flush_stdout ();
  fprintf (stderr, "%s: %s\n", input->name, more);
}

int
cli_for_each_puzzle (const char *path, CliPuzzleFunc func, gpointer data)
{
  CliInput input = { 0 };
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
      report (&input, CLI_STATUS_BAD_INPUT, "%s", xml_hint);
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
          g_autofree char *message = ne_parse_error_message (&error);

          report (&input, CLI_STATUS_BAD_INPUT, "%s", message);
          continue;
        }
      n_puzzles++;
      if (nc_grid_find_conflicts (&puzzle.grid, &conflict, 1) > 0)
        {
          g_autofree char *text_conflict = ne_conflict_describe (&conflict);

          report (&input, CLI_STATUS_BAD_INPUT, _("line %d: %s"), puzzle.line, text_conflict);
        }
      else if (!func (&input, &puzzle, data))
        {
          nc_puzzle_clear (&puzzle);
          break;
        }
      nc_puzzle_clear (&puzzle);
    }
  nc_reader_free (reader);

  report_unlisted (&input);
  if (n_puzzles == 0 && input.status == CLI_STATUS_OK)
    report (&input, CLI_STATUS_BAD_INPUT, "%s", _("no puzzle found"));
  cli_flush_stdout ();
  return input.status;
}

/* Checks that the puzzle has exactly one solution, reporting otherwise. */
static gboolean
require_unique (CliInput *input, const NcPuzzle *puzzle, NcGrid *solution)
{
  unsigned n = nc_solver_count (&puzzle->grid, 2, solution);

  if (n == 1)
    return TRUE;
  if (n == 0)
    report (input, CLI_STATUS_NOT_UNIQUE, _("line %d: this puzzle has no solution"), puzzle->line);
  else
    report (input, CLI_STATUS_NOT_UNIQUE, _("line %d: this puzzle has more than one solution"), puzzle->line);
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

  if (!require_unique (input, puzzle, &solution))
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

gboolean
cli_trace_one (CliInput *input, const NcPuzzle *puzzle, gpointer data)
{
  CliOptions *options = data;
  NcBacktracker bt;
  NcEvent event;
  gint64 n = 0;
  gboolean finished = FALSE;

  if (options->index++ > 0)
    cli_out ("\n");
  cli_out ("# line %d\n", puzzle->line);
  nc_backtracker_init (&bt, &puzzle->grid, options->order);
  while (!cli_stdout_failed () && (options->max_events == 0 || n < options->max_events))
    {
      char text[48];

      if (!nc_backtracker_step (&bt, &event))
        {
          finished = TRUE;
          break;
        }
      n++;
      nc_event_format (&event, text, sizeof text);
      cli_out ("%s\n", text);
      if (event.kind == NC_EVENT_SOLVED)
        {
          finished = TRUE;
          break;
        }
      if (event.kind == NC_EVENT_EXHAUSTED)
        report (input, CLI_STATUS_NOT_UNIQUE, _("line %d: this puzzle has no solution"), puzzle->line);
    }
  if (!finished && options->terminal_cap && !cli_stdout_failed ())
    {
      g_autofree char *count = ne_format_count ((guint) options->max_events);

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

  if (require_unique (input, puzzle, &solution))
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

/* "X-wing" -> "x-wing", "naked single" -> "naked-single": one word a key. */
static char *
technique_key (NcTechnique technique)
{
  char *key = g_ascii_strdown (nc_technique_name (technique), -1);

  return g_strdelimit (key, " ", '-');
}

gboolean
cli_grade_one (CliInput *input, const NcPuzzle *puzzle, gpointer data)
{
  CliOptions *options = data;
  NcGradeResult result;
  g_autofree char *hardest = NULL;
  guint n_steps = 0;

  if (!require_unique (input, puzzle, NULL))
    return TRUE;

  if (options->explain)
    {
      if (options->index > 0)
        cli_out ("\n");
      cli_out ("# line %d\n", puzzle->line);
    }
  options->index++;
  nc_grade (&puzzle->grid, &result, options->explain ? print_step : NULL, &n_steps);

  hardest = technique_key (result.hardest);
  cli_out ("grade=%s score=%u hardest=%s", nc_grade_name (result.grade), result.score, hardest);
  for (int t = 0; t < NC_TECH_COUNT; t++)
    if (result.uses[t] > 0)
      {
        g_autofree char *key = technique_key ((NcTechnique) t);

        cli_out (" %s=%u", key, result.uses[t]);
      }
  cli_out ("\n");
  return TRUE;
}
