/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-main.c: nonet-cli, the core from the command line. Every subcommand
 * but generate reads puzzles in any format the core parses and reports per
 * puzzle; generate writes puzzles in a form the others read back; library
 * imports them into the app's library, lists and exports them. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include <errno.h>
#include <glib.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-generate-options.h"
#include "cli-input.h"
#include "cli-pdf.h"
#include "cli-text.h"
#include "nc-backtrack.h"
#include "nc-generate.h"
#include "nc-grade.h"
#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-batch.h"
#include "ne-import.h"
#include "ne-messages.h"
#include "ne-store.h"

/* Exit statuses, the same for every subcommand. */
enum
{
  STATUS_OK = 0,
  STATUS_NOT_UNIQUE = 1,   /* a puzzle has no solution or several; generate: a target was missed */
  STATUS_BAD_INPUT = 2,    /* unreadable file, bad syntax, repeated givens, bad options */
};

/* Standard output, checked: a full disk, a full device or a broken pipe
 * is an error like any other, not a silent success. out() records the
 * first write error's errno the moment stdio sees it (a later flush would
 * have lost it) and writes nothing more after one; close_stdout() reports
 * it at exit. */
static int stdout_errno;

static gboolean
stdout_failed (void)
{
  return stdout_errno != 0;
}

static void
note_stdout_error (void)
{
  if (stdout_errno == 0 && ferror (stdout))
    stdout_errno = errno != 0 ? errno : EIO;
}

static void G_GNUC_PRINTF (1, 2)
out (const char *format, ...)
{
  va_list args;

  if (stdout_failed ())
    return;
  errno = 0;
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  note_stdout_error ();
}

static void
flush_stdout (void)
{
  if (stdout_failed ())
    return;
  errno = 0;
  if (fflush (stdout) != 0)
    note_stdout_error ();
}

/* g_print: GOptionContext's --help goes through it. */
static void
print_handler (const char *text)
{
  out ("%s", text);
  flush_stdout ();
}

/* At exit, whichever way it comes (GOptionContext's --help calls exit()):
 * what was not written yet is flushed, and a write error makes the exit
 * status 2. A reader that went away (EPIPE, when SIGPIPE is ignored) ends
 * the output quietly: that is what `| head -1` asks for. */
static void
close_stdout (void)
{
  flush_stdout ();
  errno = 0;
  if (fclose (stdout) != 0 && stdout_errno == 0)
    stdout_errno = errno != 0 ? errno : EIO;
  if (stdout_errno == 0)
    return;
  if (stdout_errno != EPIPE)
    fprintf (stderr, "%s: %s: %s\n", g_get_prgname (), _("standard output"), g_strerror (stdout_errno));
  _exit (STATUS_BAD_INPUT);
}

/* The events trace prints of a puzzle on a terminal unless --max-events
 * says otherwise. */
#define TRACE_TERMINAL_MAX_EVENTS 1000

/* The most problems said of one input: the rest are counted (a file of a
 * million bad lines is a hundred lines and "… and 999,900 more problems"). */
#define MAX_REPORTED 100

typedef struct
{
  const char *name;     /* the file as named on the command line, or "standard input" */
  int         status;   /* the worst status so far */
  guint       n_reported;
  guint       n_unlisted;
} Input;

static void
raise_status (Input *input, int status)
{
  if (status > input->status)
    input->status = status;
}

static void G_GNUC_PRINTF (3, 4)
report (Input *input, int status, const char *format, ...)
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
  flush_stdout ();
  fprintf (stderr, "%s: %s\n", input->name, message);
}

/* "… and 999,900 more problems" after the first MAX_REPORTED. */
static void
report_unlisted (Input *input)
{
  g_autofree char *more = NULL;

  if (input->n_unlisted == 0)
    return;
  more = ne_more_problems (input->n_unlisted);
  flush_stdout ();
  fprintf (stderr, "%s: %s\n", input->name, more);
}

typedef gboolean (*PuzzleFunc) (Input *input, const NcPuzzle *puzzle, gpointer data);

/* Reads every puzzle of the input, reports bad ones (syntax, repeated
 * givens) and hands the rest to func. Returns the exit status. */
static int
for_each_puzzle (const char *path, PuzzleFunc func, gpointer data)
{
  Input input = { 0 };
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
    return STATUS_BAD_INPUT;

  if ((xml_hint = cli_xml_hint (text, len)) != NULL)
    {
      report (&input, STATUS_BAD_INPUT, "%s", xml_hint);
      return input.status;
    }

  reader = nc_reader_new (text, len);
  if (reader == NULL)
    g_error ("out of memory");
  nc_puzzle_init (&puzzle);
  while (!stdout_failed () && (result = nc_reader_next (reader, &puzzle, &error)) != NC_READ_END)
    {
      NcConflict conflict;

      if (result == NC_READ_ERROR)
        {
          g_autofree char *message = ne_parse_error_message (&error);

          report (&input, STATUS_BAD_INPUT, "%s", message);
          continue;
        }
      n_puzzles++;
      if (nc_grid_find_conflicts (&puzzle.grid, &conflict, 1) > 0)
        {
          g_autofree char *text_conflict = ne_conflict_describe (&conflict);

          report (&input, STATUS_BAD_INPUT, _("line %d: %s"), puzzle.line, text_conflict);
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
  if (n_puzzles == 0 && input.status == STATUS_OK)
    report (&input, STATUS_BAD_INPUT, "%s", _("no puzzle found"));
  flush_stdout ();
  return input.status;
}

/* Checks that the puzzle has exactly one solution, reporting otherwise. */
static gboolean
require_unique (Input *input, const NcPuzzle *puzzle, NcGrid *solution)
{
  unsigned n = nc_solver_count (&puzzle->grid, 2, solution);

  if (n == 1)
    return TRUE;
  if (n == 0)
    report (input, STATUS_NOT_UNIQUE, _("line %d: this puzzle has no solution"), puzzle->line);
  else
    report (input, STATUS_NOT_UNIQUE, _("line %d: this puzzle has more than one solution"), puzzle->line);
  return FALSE;
}

static void
print_grid (const NcGrid *grid, gboolean as_grid, guint index)
{
  if (as_grid)
    {
      char text[NC_GRID_TEXT_SIZE];

      nc_grid_format_text (grid, text, sizeof text);
      out ("%s%s", index > 0 ? "\n" : "", text);
    }
  else
    {
      char line[82];

      nc_grid_format_line (grid, '.', line);
      out ("%s\n", line);
    }
}

typedef enum
{
  FORMAT_LINE,
  FORMAT_GRID,
  FORMAT_SDK,
} Format;

/* Options shared by the subcommands, filled by GOptionContext. Those of
 * generate that can be left out start at NOT_GIVEN (or NULL). */
#define NOT_GIVEN CLI_NOT_GIVEN

typedef struct
{
  gboolean stats;
  gint64   limit;
  gint64   max_events;     /* 0: every event */
  gboolean terminal_cap;   /* max_events is the terminal's default, said once when reached */
  NcOrder  order;
  gboolean as_grid;
  Format   format;
  gboolean explain;
  guint    index;     /* puzzles printed so far */

  gint64   count;
  gint64   clues;
  gboolean minimal;
  char    *symmetry;
  char    *difficulty;
  char    *seed;
  char    *id;
  gint64   jobs;
  double   timeout;
  gboolean with_ids;
} Options;

static void
options_clear (Options *options)
{
  g_clear_pointer (&options->symmetry, g_free);
  g_clear_pointer (&options->difficulty, g_free);
  g_clear_pointer (&options->seed, g_free);
  g_clear_pointer (&options->id, g_free);
}

static gboolean
solve_one (Input *input, const NcPuzzle *puzzle, gpointer data)
{
  Options *options = data;
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
      out ("attempts=%" G_GUINT64_FORMAT " backtracks=%" G_GUINT64_FORMAT
           " placements=%" G_GUINT64_FORMAT " max_depth=%d order=%s\n",
           bt.counters.attempts, bt.counters.backtracks, bt.counters.placements,
           bt.counters.max_depth, nc_order_name (options->order));
    }
  else
    print_grid (&solution, options->as_grid, options->index++);
  return TRUE;
}

static gboolean
count_one (Input *input, const NcPuzzle *puzzle, gpointer data)
{
  Options *options = data;
  unsigned n = nc_solver_count (&puzzle->grid, (unsigned) options->limit, NULL);

  out ("%u\n", n);
  if (n != 1)
    raise_status (input, STATUS_NOT_UNIQUE);
  return TRUE;
}

static gboolean
trace_one (Input *input, const NcPuzzle *puzzle, gpointer data)
{
  Options *options = data;
  NcBacktracker bt;
  NcEvent event;
  gint64 n = 0;
  gboolean finished = FALSE;

  if (options->index++ > 0)
    out ("\n");
  out ("# line %d\n", puzzle->line);
  nc_backtracker_init (&bt, &puzzle->grid, options->order);
  while (!stdout_failed () && (options->max_events == 0 || n < options->max_events))
    {
      char text[48];

      if (!nc_backtracker_step (&bt, &event))
        {
          finished = TRUE;
          break;
        }
      n++;
      nc_event_format (&event, text, sizeof text);
      out ("%s\n", text);
      if (event.kind == NC_EVENT_SOLVED)
        {
          finished = TRUE;
          break;
        }
      if (event.kind == NC_EVENT_EXHAUSTED)
        report (input, STATUS_NOT_UNIQUE, _("line %d: this puzzle has no solution"), puzzle->line);
    }
  if (!finished && options->terminal_cap && !stdout_failed ())
    {
      g_autofree char *count = ne_format_count ((guint) options->max_events);

      /* Said once: a terminal is no place for millions of lines. */
      options->terminal_cap = FALSE;
      flush_stdout ();
      fprintf (stderr, _("nonet-cli trace: line %d: stopped after %s events, the limit on a terminal; "
                         "--max-events 0 prints them all\n"), puzzle->line, count);
    }
  return TRUE;
}

static gboolean
check_one (Input *input, const NcPuzzle *puzzle, gpointer data)
{
  NcGrid solution;
  int clues = nc_grid_count_filled (&puzzle->grid);

  if (require_unique (input, puzzle, &solution))
    out (g_dngettext (GETTEXT_PACKAGE, "line %d: valid, one solution, %d clue\n",
                      "line %d: valid, one solution, %d clues\n", (gulong) clues),
         puzzle->line, clues);
  return TRUE;
}

static bool
print_step (const NcStep *step, void *data)
{
  guint *n = data;
  g_autofree char *text = ne_step_describe (step);

  out ("%u. %s\n", ++*n, text);
  return true;
}

/* "X-wing" -> "x-wing", "naked single" -> "naked-single": one word a key. */
static char *
technique_key (NcTechnique technique)
{
  char *key = g_ascii_strdown (nc_technique_name (technique), -1);

  return g_strdelimit (key, " ", '-');
}

static gboolean
grade_one (Input *input, const NcPuzzle *puzzle, gpointer data)
{
  Options *options = data;
  NcGradeResult result;
  g_autofree char *hardest = NULL;
  guint n_steps = 0;

  if (!require_unique (input, puzzle, NULL))
    return TRUE;

  if (options->explain)
    {
      if (options->index > 0)
        out ("\n");
      out ("# line %d\n", puzzle->line);
    }
  options->index++;
  nc_grade (&puzzle->grid, &result, options->explain ? print_step : NULL, &n_steps);

  hardest = technique_key (result.hardest);
  out ("grade=%s score=%u hardest=%s", nc_grade_name (result.grade), result.score, hardest);
  for (int t = 0; t < NC_TECH_COUNT; t++)
    if (result.uses[t] > 0)
      {
        g_autofree char *key = technique_key ((NcTechnique) t);

        out (" %s=%u", key, result.uses[t]);
      }
  out ("\n");
  return TRUE;
}

/* generate: the one subcommand that reads no puzzles. */

static void
print_generated (const NeBatchResult *result, const Options *options, guint index)
{
  const NcGenerated *generated = &result->generated;

  switch (options->format)
    {
    case FORMAT_LINE:
      {
        char line[82];

        /* " # ID" is a trailing comment: the line reads back as a puzzle. */
        nc_grid_format_line (&generated->puzzle, '.', line);
        if (options->with_ids)
          out ("%s # %s\n", line, result->id);
        else
          out ("%s\n", line);
      }
      break;

    case FORMAT_GRID:
      {
        char text[NC_GRID_TEXT_SIZE];

        nc_grid_format_text (&generated->puzzle, text, sizeof text);
        if (index > 0)
          out ("\n");
        if (options->with_ids)
          out ("# %s\n", result->id);
        out ("%s", text);
      }
      break;

    case FORMAT_SDK:
      {
        char line[82];

        nc_grid_format_line (&generated->puzzle, '.', line);
        if (index > 0)
          out ("\n");
        out ("#ANonet\n");
        if (options->with_ids)
          out ("#DNonet %s\n", result->id);
        out ("#C%s, %d clues\n", nc_grade_name (generated->grade.grade), generated->clues);
        for (int r = 0; r < 9; r++)
          out ("%.9s\n", line + r * 9);
      }
      break;

    default:
      g_assert_not_reached ();
    }
}

static char *
describe_grades (const NcGenerateParams *params)
{
  if (params->min_grade == params->max_grade)
    return g_strdup (nc_grade_name (params->min_grade));
  return g_strdup_printf ("%s-%s", nc_grade_name (params->min_grade), nc_grade_name (params->max_grade));
}

/* Says honestly what a puzzle that missed its target is instead. */
static void
report_closest (const NeBatchResult *result)
{
  const NcGenerateParams *params = &result->params;
  const NcGenerated *generated = &result->generated;
  g_autofree char *budget = g_strdup_printf ("%g s", params->budget_seconds);

  flush_stdout ();
  if (params->clues != NC_CLUES_MINIMAL && generated->clues != params->clues)
    fprintf (stderr, _("nonet-cli generate: puzzle %u (%s): the %d-clue target was not reached in %s; the closest has %d clues\n"),
             result->index + 1, result->id, params->clues, budget, generated->clues);
  else if (params->by_difficulty && !nc_generate_can_grade (generated->clues, params->min_grade))
    {
      /* An ID made before such requests were refused: answered at once. */
      g_autofree char *wanted = describe_grades (params);

      fprintf (stderr, _("nonet-cli generate: puzzle %u (%s): every puzzle with %d clues is Easy, none is %s; this is the closest\n"),
               result->index + 1, result->id, generated->clues, wanted);
    }
  else if (params->by_difficulty)
    {
      g_autofree char *wanted = describe_grades (params);

      fprintf (stderr, _("nonet-cli generate: puzzle %u (%s): no %s puzzle was found in %s; the closest is %s\n"),
               result->index + 1, result->id, wanted, budget, nc_grade_name (generated->grade.grade));
    }
  else
    fprintf (stderr, _("nonet-cli generate: puzzle %u (%s): the target was not reached in %s; this is the closest\n"),
             result->index + 1, result->id, budget);
}

/* The other parameters of generate, from the options; FALSE after a message. */
static gboolean
generate_params_from_options (const Options *options, NcGenerateParams *params)
{
  nc_generate_params_init (params);

  if (options->id != NULL)
    {
      const struct { gboolean given; const char *name; } fixed[] = {
        { options->count != NOT_GIVEN, "-n" },
        { options->clues != NOT_GIVEN, "--clues" },
        { options->minimal, "--minimal" },
        { options->symmetry != NULL, "--symmetry" },
        { options->difficulty != NULL, "--difficulty" },
        { options->seed != NULL, "--seed" },
      };
      const char *message = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
        if (fixed[i].given)
          {
            fprintf (stderr, _("nonet-cli generate: --id names one puzzle and cannot go with %s\n"), fixed[i].name);
            return FALSE;
          }
      if (!nc_puzzle_id_parse (options->id, params, &message))
        {
          fprintf (stderr, _("nonet-cli generate: bad puzzle ID '%s': %s\n"), options->id,
                   ne_core_text (message));
          return FALSE;
        }
      return TRUE;
    }

  return cli_generate_params ("nonet-cli generate", options->clues, options->minimal,
                              options->symmetry, options->difficulty, options->seed,
                              options->count != NOT_GIVEN ? options->count : 1, "-n", params);
}

static int
generate_puzzles (Options *options)
{
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;
  NcGenerateParams params;
  int status = STATUS_OK;

  if (options->count != NOT_GIVEN && (options->count < 1 || options->count > 100000))
    {
      fprintf (stderr, _("nonet-cli generate: -n must be between 1 and 100000\n"));
      return STATUS_BAD_INPUT;
    }
  if (!cli_check_jobs_timeout ("nonet-cli generate", options->jobs, options->timeout))
    return STATUS_BAD_INPUT;
  if (!generate_params_from_options (options, &params))
    return STATUS_BAD_INPUT;
  params.budget_seconds = options->timeout;

  results = ne_batch_generate (&params, options->count != NOT_GIVEN ? (guint) options->count : 1,
                               options->jobs != NOT_GIVEN ? (guint) options->jobs : 0,
                               NULL, NULL, NULL, &error);
  /* Nothing cancels this batch: an error here is a bug. */
  g_assert_no_error (error);

  for (guint i = 0; i < results->len && !stdout_failed (); i++)
    {
      const NeBatchResult *result = g_ptr_array_index (results, i);

      print_generated (result, options, i);
      if (result->generated.status != NC_GENERATE_OK)
        {
          report_closest (result);
          status = STATUS_NOT_UNIQUE;
        }
    }
  flush_stdout ();
  return status;
}

/* library: the puzzle library (the app's, or another with --db), through
 * the engine's store and importer. Its own subcommands, each with its own
 * options. */

static char *library_db = NULL;

static const GOptionEntry library_db_entries[] = {
  { "db", 0, 0, G_OPTION_ARG_FILENAME, &library_db, N_("The library to use (default: the app's)"), "PATH" },
  { NULL }
};

static const char *
library_db_path (void)
{
  if (library_db == NULL)
    library_db = ne_store_default_path ();
  return library_db;
}

/* A subcommand's option context, with --db; parse errors are reported. */
static gboolean
library_parse (const char *name, const char *parameters, const char *summary,
               const GOptionEntry *entries, int *argc, char ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameters);
  g_autoptr(GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("nonet-cli library %s", name);

  g_set_prgname (prgname);
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context,
    _("Exit status: 0 fine, 1 some puzzles were not imported (duplicates or bad ones), 2 bad options, "
      "a file that cannot be read or written, or a library that cannot be opened."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, library_db_entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, "nonet-cli library %s: %s\n", name, error->message);
      return FALSE;
    }
  return TRUE;
}

/* Opens the library and lists the ids of a collection's puzzles (every
 * puzzle for a NULL name) with a status (-1: any). NULL after a message. */
static NeStore *
library_open_ids (const char *command, const char *collection, int status, GArray **ids)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeStore) store = ne_store_open (library_db_path (), &error);
  gint64 collection_id = -1;

  if (store != NULL && collection != NULL)
    {
      collection_id = ne_store_find_collection (store, collection, &error);
      if (collection_id == 0 && error == NULL)
        {
          fprintf (stderr, _("nonet-cli library %s: there is no collection named “%s”\n"), command, collection);
          return NULL;
        }
    }
  if (store != NULL && collection_id != 0)
    *ids = ne_store_list_puzzle_ids (store, collection_id, status, &error);
  if (error != NULL)
    {
      fprintf (stderr, "nonet-cli library %s: %s\n", command, error->message);
      return NULL;
    }
  return g_steal_pointer (&store);
}

static void
print_import_progress (guint n_done, double fraction, gpointer data)
{
  g_autofree char *count = ne_format_count (n_done);

  /* Back to the start of the line, over the last count. */
  fputc ('\r', stderr);
  fprintf (stderr, _("%s: %s puzzles (%d%%)"), (const char *) data, count, (int) (fraction * 100));
  fflush (stderr);
}

static void
print_import_report (const char *name, const char *collection, const NeImportReport *report, gboolean several_files)
{
  g_autofree char *imported = ne_format_count (report->n_imported);
  GString *line = g_string_new (NULL);

  if (several_files)
    g_string_append_printf (line, "%s: ", name);
  g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "Imported %s puzzle", "Imported %s puzzles",
                                             report->n_imported), imported);
  if (collection != NULL && report->n_imported > 0)
    g_string_append_printf (line, _(" into “%s”"), collection);
  if (report->n_duplicates > 0)
    {
      g_autofree char *n = ne_format_count (report->n_duplicates);

      g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "; %s duplicate", "; %s duplicates",
                                                 report->n_duplicates), n);
    }
  if (report->n_skipped > 0)
    {
      g_autofree char *n = ne_format_count (report->n_skipped);

      g_string_append_printf (line, _("; %s skipped"), n);
    }
  if (report->cancelled)
    g_string_append (line, _("; stopped before the end"));
  g_string_append (line, report->messages->len > 0 ? ":" : ".");
  out ("%s\n", line->str);
  for (guint i = 0; i < report->messages->len; i++)
    out ("%s: %s\n", name, (const char *) g_ptr_array_index (report->messages, i));
  g_string_free (line, TRUE);
}

static int
library_import (int argc, char **argv)
{
  g_autofree char *collection = NULL;
  const GOptionEntry entries[] = {
    { "collection", 'c', 0, G_OPTION_ARG_FILENAME, &collection,
      N_("Add the puzzles to this collection, created if needed"), "NAME" },
    { NULL }
  };
  gboolean show_progress = isatty (fileno (stderr));
  int status = STATUS_OK;

  if (!library_parse ("import", _("FILE…"),
                      _("Import every puzzle of the files: 81-character lines, 9-row grids, .sdk, .sdm, .ss "
                        "or OpenSudoku. Each is checked for one solution and graded; duplicates (also rotated, "
                        "mirrored or relabelled) and bad puzzles are listed after the count."),
                      entries, &argc, &argv)
      || !cli_option_text ("nonet-cli library import", "--collection", &collection))
    return STATUS_BAD_INPUT;
  if (argc < 2)
    {
      fprintf (stderr, _("nonet-cli library import: a file to import is needed\n"));
      return STATUS_BAD_INPUT;
    }

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[i]);
      g_autoptr(NeImportReport) report = NULL;
      g_autoptr(GError) error = NULL;

      report = ne_import_file (library_db_path (), file, collection, NULL,
                               show_progress ? print_import_progress : NULL, argv[i], &error);
      if (show_progress)
        fprintf (stderr, "\r\033[K");
      if (report == NULL)
        {
          fprintf (stderr, "nonet-cli library import: %s\n", error->message);
          status = STATUS_BAD_INPUT;
          continue;
        }
      print_import_report (argv[i], collection, report, argc > 2);
      if (report->n_duplicates + report->n_skipped > 0)
        status = MAX (status, STATUS_NOT_UNIQUE);
    }
  flush_stdout ();
  return status;
}

static const char *const status_keys[] = { "new", "in-progress", "solved" };

static int
library_list (int argc, char **argv)
{
  g_autofree char *collection = NULL;
  g_autofree char *status_name = NULL;
  g_autofree char *format_name = NULL;
  const GOptionEntry entries[] = {
    { "collection", 'c', 0, G_OPTION_ARG_FILENAME, &collection, N_("Only the puzzles of this collection"), "NAME" },
    { "status", 0, 0, G_OPTION_ARG_STRING, &status_name, N_("Only new, in-progress or solved puzzles"), "STATUS" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
      N_("line (default: the 81-character puzzle) or table (id, clues, grade, status, collection, title)"), "FORMAT" },
    { NULL }
  };
  g_autoptr(NeStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  gboolean table = FALSE;
  int status = -1;

  if (!library_parse ("list", "", _("List the puzzles of the library, one a line, oldest first."),
                      entries, &argc, &argv)
      || !cli_option_text ("nonet-cli library list", "--collection", &collection))
    return STATUS_BAD_INPUT;
  if (argc > 1)
    {
      fprintf (stderr, _("nonet-cli library list: reads no input, got '%s'\n"), argv[1]);
      return STATUS_BAD_INPUT;
    }
  if (status_name != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (status_keys); i++)
        if (strcmp (status_name, status_keys[i]) == 0)
          status = (int) i;
      if (status < 0)
        {
          fprintf (stderr, _("nonet-cli library list: unknown status '%s'; use new, in-progress or solved\n"), status_name);
          return STATUS_BAD_INPUT;
        }
    }
  if (format_name != NULL)
    {
      table = strcmp (format_name, "table") == 0;
      if (!table && strcmp (format_name, "line") != 0)
        {
          fprintf (stderr, _("nonet-cli library list: unknown format '%s'; use line or table\n"), format_name);
          return STATUS_BAD_INPUT;
        }
    }

  store = library_open_ids ("list", collection, status, &ids);
  if (store == NULL)
    return STATUS_BAD_INPUT;

  if (table)
    out ("%8s  %5s  %-8s  %-11s  %-16s  %s\n", _("ID"), _("CLUES"), _("GRADE"), _("STATUS"), _("COLLECTION"), _("TITLE"));
  for (guint i = 0; i < ids->len; i++)
    {
      NePuzzleInfo info = { 0 };
      char line[82];

      if (!ne_store_get_puzzle (store, g_array_index (ids, gint64, i), &info, &error))
        {
          flush_stdout ();
          fprintf (stderr, "nonet-cli library list: %s\n", error->message);
          return STATUS_BAD_INPUT;
        }
      if (table)
        out ("%8" G_GINT64_FORMAT "  %5d  %-8s  %-11s  %-16s  %s\n", info.id, info.clues,
             info.grade >= 0 ? nc_grade_name ((NcGrade) info.grade) : "-",
             status_keys[info.status], info.collection != NULL ? info.collection : "-",
             info.title != NULL ? info.title : "");
      else
        {
          nc_grid_format_line (&info.givens, '.', line);
          out ("%s\n", line);
        }
      ne_puzzle_info_clear (&info);
    }
  flush_stdout ();
  return STATUS_OK;
}

static int
library_export (int argc, char **argv)
{
  g_autofree char *collection = NULL;
  g_autofree char *format_name = NULL;
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "collection", 'c', 0, G_OPTION_ARG_FILENAME, &collection, N_("Only the puzzles of this collection"), "NAME" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
      N_("line (81 characters a puzzle) or sdk (9 rows under #T title, #A author, #D source, #C notes); "
         "default: sdk for a FILE ending in .sdk, else line"), "FORMAT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write, - for standard output (a file is replaced whole, never half-written; "
         "a link, pipe or device is written through)"), "FILE" },
    { NULL }
  };
  g_autoptr(NeStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *count = NULL;
  NeExportFormat format;
  gboolean to_stdout;

  if (!library_parse ("export", "", _("Write the puzzles of the library, or of one collection, to a file, "
                                       "or to standard output for -o -."),
                      entries, &argc, &argv)
      || !cli_option_text ("nonet-cli library export", "--collection", &collection))
    return STATUS_BAD_INPUT;
  if (argc > 1)
    {
      fprintf (stderr, _("nonet-cli library export: the file goes after -o, got '%s'\n"), argv[1]);
      return STATUS_BAD_INPUT;
    }
  if (output == NULL)
    {
      fprintf (stderr, _("nonet-cli library export: -o FILE is needed\n"));
      return STATUS_BAD_INPUT;
    }
  format = ne_export_format_for_name (output);
  if (format_name != NULL)
    {
      if (strcmp (format_name, "line") == 0)
        format = NE_FORMAT_LINES;
      else if (strcmp (format_name, "sdk") == 0)
        format = NE_FORMAT_SDK;
      else
        {
          fprintf (stderr, _("nonet-cli library export: unknown format '%s'; use line or sdk\n"), format_name);
          return STATUS_BAD_INPUT;
        }
    }

  store = library_open_ids ("export", collection, -1, &ids);
  if (store == NULL)
    return STATUS_BAD_INPUT;
  to_stdout = strcmp (output, "-") == 0;
  if (!to_stdout)
    file = g_file_new_for_commandline_arg (output);
  else
    flush_stdout ();
  if (!ne_export_puzzles (store, (const gint64 *) (gpointer) ids->data, ids->len, format, file, &error))
    {
      fprintf (stderr, "nonet-cli library export: %s\n", error->message);
      return STATUS_BAD_INPUT;
    }
  /* On standard output the puzzles are the output. */
  if (to_stdout)
    return STATUS_OK;
  count = ne_format_count (ids->len);
  out (g_dngettext (GETTEXT_PACKAGE, "Exported %s puzzle to %s\n", "Exported %s puzzles to %s\n", ids->len),
       count, output);
  return STATUS_OK;
}

static int
library_collections (int argc, char **argv)
{
  const GOptionEntry entries[] = { { NULL } };
  g_autoptr(NeStore) store = NULL;
  g_autoptr(GPtrArray) collections = NULL;
  g_autoptr(GError) error = NULL;

  if (!library_parse ("collections", "", _("List the collections: puzzles, name, and whether Nonet ships it."),
                      entries, &argc, &argv))
    return STATUS_BAD_INPUT;
  if (argc > 1)
    {
      fprintf (stderr, _("nonet-cli library collections: reads no input, got '%s'\n"), argv[1]);
      return STATUS_BAD_INPUT;
    }
  store = ne_store_open (library_db_path (), &error);
  if (store != NULL)
    collections = ne_store_list_collections (store, &error);
  if (collections == NULL)
    {
      fprintf (stderr, "nonet-cli library collections: %s\n", error->message);
      return STATUS_BAD_INPUT;
    }
  for (guint i = 0; i < collections->len; i++)
    {
      const NeCollectionInfo *info = g_ptr_array_index (collections, i);
      g_autofree char *count = ne_format_count (info->n_puzzles);

      out ("%8s  %s%s\n", count, info->name, info->builtin ? _(" (built-in)") : "");
    }
  flush_stdout ();
  return STATUS_OK;
}

static const struct
{
  const char *name;
  const char *summary;
  int       (*run) (int argc, char **argv);
} library_commands[] = {
  { "import", N_("Import puzzles from files"), library_import },
  { "list", N_("List puzzles"), library_list },
  { "export", N_("Write puzzles to a file"), library_export },
  { "collections", N_("List the collections"), library_collections },
};

static int
run_library (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("COMMAND [OPTION…]"));
  g_autoptr(GError) error = NULL;
  GString *help = g_string_new (_("Commands:"));
  int status = STATUS_BAD_INPUT;

  for (guint i = 0; i < G_N_ELEMENTS (library_commands); i++)
    g_string_append_printf (help, "\n  %-12s %s", library_commands[i].name, _(library_commands[i].summary));
  g_string_append_printf (help, "\n\n%s\n%s", _("Exit status: 0 fine, 1 some puzzles were not imported "
                                                "(duplicates or bad ones), 2 bad options, a file that cannot be "
                                                "read or written, or a library that cannot be opened."),
                          _("Run 'nonet-cli library COMMAND --help' for a command's options."));
  g_set_prgname ("nonet-cli library");
  g_option_context_set_summary (context, _("The puzzle library: import, list and export puzzles."));
  g_option_context_set_description (context, help->str);
  g_string_free (help, TRUE);
  /* Options up to the subcommand are the library's; the rest are its. */
  g_option_context_set_strict_posix (context, TRUE);
  g_option_context_add_main_entries (context, library_db_entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    fprintf (stderr, "nonet-cli library: %s\n", error->message);
  else if (argc < 2)
    fprintf (stderr, _("nonet-cli library: a command is needed. Try 'nonet-cli library --help'.\n"));
  else
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (library_commands); i++)
        if (strcmp (argv[1], library_commands[i].name) == 0)
          break;
      if (i < G_N_ELEMENTS (library_commands))
        status = library_commands[i].run (argc - 1, argv + 1);
      else
        fprintf (stderr, _("nonet-cli library: unknown command '%s'. Try 'nonet-cli library --help'.\n"), argv[1]);
    }
  g_clear_pointer (&library_db, g_free);
  return status;
}

typedef struct
{
  const char *name;
  const char *summary;
  PuzzleFunc  func;             /* NULL: the command reads no puzzles (generate) */
  int       (*run) (int argc, char **argv);  /* a command with subcommands of its own (library) */
  gboolean    takes_order;
  gboolean    takes_format;
  gboolean    takes_stats;
  gboolean    takes_limit;
  gboolean    takes_max_events;
  gboolean    takes_explain;
} Command;

static const Command commands[] = {
  { "solve", N_("Solve every puzzle of the input"), solve_one, .takes_order = TRUE, .takes_format = TRUE, .takes_stats = TRUE },
  { "count", N_("Count the solutions of every puzzle, up to a limit"), count_one, .takes_limit = TRUE },
  { "trace", N_("Print the reference backtracker's events, one a line"), trace_one, .takes_order = TRUE, .takes_max_events = TRUE },
  { "check", N_("Check that every puzzle is valid and has one solution"), check_one },
  { "grade", N_("Grade every puzzle by the techniques a person needs"), grade_one, .takes_explain = TRUE },
  { "generate", N_("Generate puzzles with exactly one solution"), NULL, .takes_format = TRUE },
  { "library", N_("Import, list and export the puzzles of the library"), NULL, .run = run_library },
  { "pdf", N_("Print puzzles to a PDF, from a file or freshly generated"), NULL, .run = cli_pdf_run },
};

static char *
commands_help (void)
{
  GString *help = g_string_new (_("Commands:"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (help, "\n  %-8s %s", commands[i].name, _(commands[i].summary));
  g_string_append_printf (help, "\n\n%s\n%s",
                          _("FILE holds one or more puzzles: 81-character lines, 9-row grids, .sdk or .ss; - or none reads standard input."),
                          _("Exit status: 0 fine, 1 a puzzle has no solution or several (generate: a target was missed), 2 bad input, "
                            "or output that could not be written."));
  g_string_append_printf (help, "\n%s", _("Run 'nonet-cli COMMAND --help' for a command's options."));
  return g_string_free (help, FALSE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

/* Everything after the options are parsed; FALSE after a message. */
static gboolean
check_options (const Command *command, Options *options, const char *order_name, const char *format_name)
{
  if (order_name && !nc_order_from_name (order_name, &options->order))
    {
      fprintf (stderr, _("nonet-cli %s: unknown order '%s'; use reading or mrv\n"), command->name, order_name);
      return FALSE;
    }
  if (format_name)
    {
      if (strcmp (format_name, "grid") == 0)
        options->format = FORMAT_GRID;
      else if (strcmp (format_name, "sdk") == 0 && command->func == NULL)
        options->format = FORMAT_SDK;
      else if (strcmp (format_name, "line") != 0)
        {
          if (command->func == NULL)
            fprintf (stderr, _("nonet-cli %s: unknown format '%s'; use line, grid or sdk\n"), command->name, format_name);
          else
            fprintf (stderr, _("nonet-cli %s: unknown format '%s'; use line or grid\n"), command->name, format_name);
          return FALSE;
        }
      options->as_grid = options->format == FORMAT_GRID;
    }
  if (options->limit < 1 || options->limit > G_MAXUINT)
    {
      fprintf (stderr, _("nonet-cli %s: --limit must be between 1 and %u\n"), command->name, G_MAXUINT);
      return FALSE;
    }
  if (command->takes_max_events && options->max_events == NOT_GIVEN)
    {
      /* A hard puzzle is millions of events: fine in a pipe, not on a screen. */
      options->terminal_cap = isatty (STDOUT_FILENO);
      options->max_events = options->terminal_cap ? TRACE_TERMINAL_MAX_EVENTS : 0;
    }
  else if (command->takes_max_events && options->max_events < 0)
    {
      fprintf (stderr, _("nonet-cli %s: --max-events must not be negative\n"), command->name);
      return FALSE;
    }
  return TRUE;
}

static int
run_command (const Command *command, int argc, char **argv)
{
  g_auto(Options) options = { .limit = 2, .max_events = NOT_GIVEN, .count = NOT_GIVEN, .clues = NOT_GIVEN, .jobs = NOT_GIVEN, .timeout = 60 };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("nonet-cli %s", command->name);
  g_autofree char *order_name = NULL;
  g_autofree char *format_name = NULL;
  gboolean generates = command->func == NULL;
  GOptionEntry entries[20];
  guint n = 0;

  if (command->takes_order)
    entries[n++] = (GOptionEntry) { "order", 0, 0, G_OPTION_ARG_STRING, &order_name,
                                    N_("Cell order of the reference backtracker: reading (default) or mrv"), "ORDER" };
  if (command->takes_format)
    entries[n++] = (GOptionEntry) { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
                                    generates ? N_("Output layout: line (default, 81 characters), grid (9 rows) or sdk (SadMan, with #A and #C headers)")
                                              : N_("Output layout: line (default, 81 characters) or grid (9 rows)"), "FORMAT" };
  if (command->takes_stats)
    entries[n++] = (GOptionEntry) { "stats", 0, 0, G_OPTION_ARG_NONE, &options.stats,
                                    N_("Solve with the reference backtracker and print attempts=N backtracks=N after each solution"), NULL };
  if (command->takes_limit)
    entries[n++] = (GOptionEntry) { "limit", 0, 0, G_OPTION_ARG_INT64, &options.limit,
                                    N_("Stop counting at N solutions (default 2)"), "N" };
  if (command->takes_max_events)
    entries[n++] = (GOptionEntry) { "max-events", 0, 0, G_OPTION_ARG_INT64, &options.max_events,
                                    N_("Print at most N events of each puzzle, 0 for all (default: all, or 1000 on a terminal)"), "N" };
  if (command->takes_explain)
    entries[n++] = (GOptionEntry) { "explain", 0, 0, G_OPTION_ARG_NONE, &options.explain,
                                    N_("Print the steps of the logical solve, numbered, before each summary line"), NULL };
  if (generates)
    {
      entries[n++] = (GOptionEntry) { "count", 'n', 0, G_OPTION_ARG_INT64, &options.count,
                                      N_("Generate N puzzles (default 1)"), "N" };
      entries[n++] = (GOptionEntry) { "clues", 0, 0, G_OPTION_ARG_INT64, &options.clues,
                                      N_("Exactly T clues, 17 to 80"), "T" };
      entries[n++] = (GOptionEntry) { "minimal", 0, 0, G_OPTION_ARG_NONE, &options.minimal,
                                      N_("Every clue necessary, however many (the default)"), NULL };
      entries[n++] = (GOptionEntry) { "symmetry", 0, 0, G_OPTION_ARG_STRING, &options.symmetry,
                                      N_("Clue symmetry: none (default), rotate-180, rotate-90, mirror-horizontal, mirror-vertical, diagonal or anti-diagonal"), "S" };
      entries[n++] = (GOptionEntry) { "difficulty", 0, 0, G_OPTION_ARG_STRING, &options.difficulty,
                                      N_("Grade: easy, medium, hard, expert or extreme, or a range such as easy-medium"), "D" };
      entries[n++] = (GOptionEntry) { "seed", 0, 0, G_OPTION_ARG_STRING, &options.seed,
                                      N_("Seed of the first puzzle; puzzle i uses S + i (default: random)"), "S" };
      entries[n++] = (GOptionEntry) { "id", 0, 0, G_OPTION_ARG_STRING, &options.id,
                                      N_("Regenerate the puzzle with this ID, as printed by --with-ids"), "ID" };
      entries[n++] = (GOptionEntry) { "jobs", 'j', 0, G_OPTION_ARG_INT64, &options.jobs,
                                      N_("Worker threads (default: one per processor); the output does not depend on it"), "J" };
      entries[n++] = (GOptionEntry) { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &options.timeout,
                                      N_("Time allowed per puzzle in seconds, 0 for no limit (default 60)"), "SEC" };
      entries[n++] = (GOptionEntry) { "with-ids", 0, 0, G_OPTION_ARG_NONE, &options.with_ids,
                                      N_("Print each puzzle's ID with it (a comment the other commands skip)"), NULL };
    }
  entries[n] = (GOptionEntry) { NULL };
  g_assert (n < G_N_ELEMENTS (entries));

  g_set_prgname (prgname);
  context = g_option_context_new (generates ? "" : _("[FILE|-]"));
  g_option_context_set_summary (context, _(command->summary));
  if (generates)
    g_option_context_set_description (context,
      _("Puzzle i of a run uses seed S + i, so its ID regenerates it alone with --id, and the output "
        "is the same for any --jobs.\n"
        "Exit status: 0 every puzzle met its target, 1 a puzzle missed it in the time allowed (the closest "
        "unique puzzle found is printed and named on standard error), 2 bad options."));
  else if (command->takes_explain)
    g_option_context_set_description (context,
      _("Prints one line a puzzle: grade=G score=N hardest=T, then TECHNIQUE=N for each technique used. "
        "With --explain, each puzzle's steps come first under a '# line N' header."));
  else if (command->takes_max_events)
    g_option_context_set_description (context,
      _("Every event is printed into a pipe or a file. On a terminal each puzzle stops after 1000 events "
        "(a hard puzzle has millions), and standard error says so; --max-events 0 prints them all."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "nonet-cli %s: %s\n", command->name, error->message);
      return STATUS_BAD_INPUT;
    }
  if (generates && argc > 1)
    {
      fprintf (stderr, _("nonet-cli %s: reads no input, got '%s'\n"), command->name, argv[1]);
      return STATUS_BAD_INPUT;
    }
  if (argc > 2)
    {
      fprintf (stderr, _("nonet-cli %s: one input at most, got %d\n"), command->name, argc - 1);
      return STATUS_BAD_INPUT;
    }
  if (!check_options (command, &options, order_name, format_name))
    return STATUS_BAD_INPUT;

  if (generates)
    return generate_puzzles (&options);
  return for_each_puzzle (argc > 1 ? argv[1] : NULL, command->func, &options);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *help = NULL;
  gboolean version = FALSE;
  GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, N_("Show the version and exit"), NULL },
    { NULL }
  };

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("nonet-cli");
  g_set_print_handler (print_handler);
  atexit (close_stdout);

  if (argc > 1 && argv[1][0] != '-')
    {
      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        if (strcmp (argv[1], commands[i].name) == 0)
          return commands[i].run != NULL ? commands[i].run (argc - 1, argv + 1)
                                         : run_command (&commands[i], argc - 1, argv + 1);
      fprintf (stderr, _("nonet-cli: unknown command '%s'. Try 'nonet-cli --help'.\n"), argv[1]);
      return STATUS_BAD_INPUT;
    }

  help = commands_help ();
  context = g_option_context_new (_("COMMAND [OPTION…] [FILE|-]"));
  g_option_context_set_summary (context, _("Solve, count, trace, grade and generate Sudoku puzzles, and keep them in a library."));
  g_option_context_set_description (context, help);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "nonet-cli: %s\n", error->message);
      return STATUS_BAD_INPUT;
    }
  if (version)
    {
      out ("nonet-cli %s\n", PACKAGE_VERSION);
      return STATUS_OK;
    }
  if (argc > 1)
    fprintf (stderr, _("nonet-cli: unknown command '%s'. Try 'nonet-cli --help'.\n"), argv[1]);
  else
    fprintf (stderr, _("nonet-cli: a command is needed. Try 'nonet-cli --help'.\n"));
  return STATUS_BAD_INPUT;
}
