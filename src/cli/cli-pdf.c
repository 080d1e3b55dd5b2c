/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-pdf.c: nonet-cli pdf. Reads puzzles (any format the core reads) or
 * generates them with the generate command's options, then lays them out
 * with ne-print. Printing is all or nothing: one bad puzzle and no file. */

/* nl_langinfo (_NL_PAPER_WIDTH): the locale's paper, as GTK reads it. */
#define _GNU_SOURCE

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <errno.h>
#include <glib.h>
#include <glib/gi18n.h>
#include <langinfo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nc-generate.h"
#include "nc-grade.h"
#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-batch.h"
#include "ne-messages.h"
#include "ne-print.h"

#define PREFIX "nonet-cli pdf"

typedef struct
{
  char    *output;
  gint64   per_page;
  gboolean solutions;
  char    *title;
  char    *paper;

  gint64   count;        /* --generate N */
  gint64   clues;
  gboolean minimal;
  char    *symmetry;
  char    *difficulty;
  char    *needs;
  char    *seed;
  gint64   jobs;
  double   timeout;
} PdfOptions;

static void
pdf_options_clear (PdfOptions *options)
{
  g_clear_pointer (&options->output, g_free);
  g_clear_pointer (&options->title, g_free);
  g_clear_pointer (&options->paper, g_free);
  g_clear_pointer (&options->symmetry, g_free);
  g_clear_pointer (&options->difficulty, g_free);
  g_clear_pointer (&options->needs, g_free);
  g_clear_pointer (&options->seed, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PdfOptions, pdf_options_clear)

/* The generate options, checked as `nonet-cli generate` checks them and with
 * its messages. FALSE after a message. */
static gboolean
params_from_options (const PdfOptions *options, NcGenerateParams *params)
{
  if (!cli_generate_params (PREFIX, options->clues, options->minimal, options->symmetry,
                            options->difficulty, options->needs, options->seed, options->count, "--generate", params)
      || !cli_check_jobs_timeout (PREFIX, options->jobs, options->timeout))
    return FALSE;
  params->budget_seconds = options->timeout;
  return TRUE;
}

/* Generating */

static int
add_generated (NePrintDocument *doc, const PdfOptions *options, const NcGenerateParams *params)
{
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;
  int status = CLI_STATUS_OK;

  results = ne_batch_generate (params, (guint) options->count,
                               options->jobs != CLI_NOT_GIVEN ? (guint) options->jobs : 0,
                               NULL, NULL, NULL, &error);
  /* Nothing cancels this batch: an error here is a bug. */
  g_assert_no_error (error);

  for (guint i = 0; i < results->len; i++)
    {
      const NeBatchResult *result = g_ptr_array_index (results, i);
      const NcGenerated *generated = &result->generated;
      NePrintPuzzle puzzle;

      ne_print_puzzle_init_generated (&puzzle, generated, result->id);
      ne_print_document_add_puzzle (doc, &puzzle);
      if (generated->status != NC_GENERATE_OK)
        {
          fprintf (stderr, _("%s: puzzle %u (%s) missed its target in %g s; the closest found, with %d clues, "
                             "is printed\n"),
                   PREFIX, result->index + 1, result->id, params->budget_seconds, generated->clues);
          status = CLI_STATUS_NOT_UNIQUE;
        }
    }
  return status;
}

/* Reading */

/* Lines 1..n of text as the reader counts them: "\n", "\r\n" or a lone "\r"
 * ends one. */
static GPtrArray *
split_lines (const char *text)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const char *start = text;

  g_ptr_array_add (lines, NULL);   /* line 0 does not exist */
  for (const char *p = text;; p++)
    if (*p == '\n' || *p == '\r' || *p == '\0')
      {
        g_ptr_array_add (lines, g_strndup (start, (gsize) (p - start)));
        if (*p == '\0')
          break;
        if (*p == '\r' && p[1] == '\n')
          p++;
        start = p + 1;
      }
  return lines;
}

/* text if it is a puzzle ID (after trimming), else NULL. */
static char *
as_id (const char *text)
{
  g_autofree char *id = g_strstrip (g_strdup (text));
  NcGenerateParams params;
  const char *message;

  if (!nc_puzzle_id_parse (id, &params, &message))
    return NULL;
  return g_steal_pointer (&id);
}

/* The puzzle's ID, where nonet-cli generate --with-ids puts it: a trailing
 * "# ID" on an 81-character line, a "# ID" line just above a grid, or
 * "#DNonet ID" in .sdk. The reader skips comments, so they are read here. */
static char *
find_id (const NcPuzzle *puzzle, GPtrArray *lines)
{
  const char *description = nc_puzzle_meta (puzzle, 'D');
  const char *line, *hash;

  if (puzzle->line > 0 && (guint) puzzle->line < lines->len)
    {
      line = g_ptr_array_index (lines, puzzle->line);
      hash = strchr (line, '#');
      if (hash != NULL)
        return as_id (hash + 1);
    }
  if (puzzle->line > 1 && (guint) puzzle->line - 1 < lines->len)
    {
      line = g_ptr_array_index (lines, puzzle->line - 1);
      line += strspn (line, " \t");
      if (line[0] == '#' && !g_ascii_isupper (line[1]))
        return as_id (line + 1);
    }
  if (description != NULL && g_str_has_prefix (description, "Nonet "))
    return as_id (description + strlen ("Nonet "));
  return NULL;
}

static int
add_read (NePrintDocument *doc, const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  const char *name = NULL;
  const char *xml_hint;
  NcReader *reader;
  NcPuzzle puzzle;
  NcParseError parse_error;
  NcReadResult result;
  int status = CLI_STATUS_OK;
  guint n_puzzles = 0;

  text = cli_read_input (PREFIX, path, &name, NULL);
  if (text == NULL)
    return CLI_STATUS_BAD_INPUT;
  if ((xml_hint = cli_xml_hint (text, strlen (text))) != NULL)
    {
      cli_problem (name, 0, 0, xml_hint);
      return CLI_STATUS_BAD_INPUT;
    }
  lines = split_lines (text);

  reader = nc_reader_new (text, strlen (text));
  if (reader == NULL)
    g_error ("out of memory");
  nc_puzzle_init (&puzzle);
  while ((result = nc_reader_next (reader, &puzzle, &parse_error)) != NC_READ_END)
    {
      NcConflict conflict;
      NcGrid solution;
      unsigned n_solutions;

      if (result == NC_READ_ERROR)
        {
          g_autofree char *message = ne_parse_error_text (&parse_error);

          cli_problem (name, parse_error.line, parse_error.column, message);
          status = CLI_STATUS_BAD_INPUT;
        }
      else if (nc_grid_find_conflicts (&puzzle.grid, &conflict, 1) > 0)
        {
          g_autofree char *description = ne_conflict_describe (&conflict);

          cli_problem (name, puzzle.line, 0, description);
          status = CLI_STATUS_BAD_INPUT;
        }
      else if ((n_solutions = nc_solver_count (&puzzle.grid, 2, &solution)) != 1)
        {
          cli_problem (name, puzzle.line, 0, n_solutions == 0 ? _("this puzzle has no solution")
                                                               : _("this puzzle has more than one solution"));
          status = MAX (status, CLI_STATUS_NOT_UNIQUE);
        }
      else if (status == CLI_STATUS_OK)
        {
          g_autofree char *id = find_id (&puzzle, lines);
          NcGradeResult grade;
          NePrintPuzzle print = {
            .givens = puzzle.grid,
            .solution = &solution,
            .id = id,
          };

          nc_grade (&puzzle.grid, &grade, NULL, NULL);
          print.grade = ne_grade_label (grade.grade);
          ne_print_document_add_puzzle (doc, &print);
          n_puzzles++;
        }
      nc_puzzle_clear (&puzzle);
    }
  nc_reader_free (reader);

  if (status == CLI_STATUS_OK && n_puzzles == 0)
    {
      cli_problem (name, 0, 0, _("no puzzle found"));
      status = CLI_STATUS_BAD_INPUT;
    }
  return status;
}

/* Paper */

static gboolean
paper_from_name (const char *name, double *width, double *height)
{
  if (name == NULL)
    {
      /* The locale's, as GTK takes it: Letter is 216 mm wide. */
#ifdef __GLIBC__
      union { char *string; unsigned int word; } paper_width;

      paper_width.string = nl_langinfo (_NL_PAPER_WIDTH);
      name = paper_width.word == 216 ? "letter" : "a4";
#else
      name = "a4";
#endif
    }
  if (g_ascii_strcasecmp (name, "a4") == 0)
    {
      *width = NE_PRINT_A4_WIDTH;
      *height = NE_PRINT_A4_HEIGHT;
      return TRUE;
    }
  if (g_ascii_strcasecmp (name, "letter") == 0)
    {
      *width = NE_PRINT_LETTER_WIDTH;
      *height = NE_PRINT_LETTER_HEIGHT;
      return TRUE;
    }
  return FALSE;
}

/* Everything after the options are parsed; FALSE after a message. */
static gboolean
check_options (PdfOptions *options, int argc, char **argv, NcGenerateParams *params,
               double *width, double *height)
{
  if (!cli_option_text (PREFIX, "--title", &options->title))
    return FALSE;
  if (options->output == NULL)
    {
      fprintf (stderr, _("%s: -o FILE is needed: where to write the PDF\n"), PREFIX);
      return FALSE;
    }
  if (!ne_print_per_page_is_valid (options->per_page > 0 && options->per_page <= 6 ? (guint) options->per_page : 0))
    {
      fprintf (stderr, _("%s: --per-page must be 1, 2, 4 or 6\n"), PREFIX);
      return FALSE;
    }
  if (!paper_from_name (options->paper, width, height))
    {
      fprintf (stderr, _("%s: unknown paper '%s'; use a4 or letter\n"), PREFIX, options->paper);
      return FALSE;
    }
  if (options->count != CLI_NOT_GIVEN)
    {
      if (argc > 1)
        {
          fprintf (stderr, _("%s: --generate makes its own puzzles and reads no input, got '%s'\n"), PREFIX, argv[1]);
          return FALSE;
        }
      if (options->count < 1 || options->count > 100000)
        {
          fprintf (stderr, _("%s: --generate must be between 1 and 100000\n"), PREFIX);
          return FALSE;
        }
      if (!params_from_options (options, params))
        return FALSE;
    }
  else
    {
      const struct { gboolean given; const char *name; } generate_only[] = {
        { options->clues != CLI_NOT_GIVEN, "--clues" },
        { options->minimal, "--minimal" },
        { options->symmetry != NULL, "--symmetry" },
        { options->difficulty != NULL, "--difficulty" },
        { options->needs != NULL, "--needs" },
        { options->seed != NULL, "--seed" },
        { options->jobs != CLI_NOT_GIVEN, "--jobs" },
      };

      for (guint i = 0; i < G_N_ELEMENTS (generate_only); i++)
        if (generate_only[i].given)
          {
            fprintf (stderr, _("%s: %s goes with --generate N\n"), PREFIX, generate_only[i].name);
            return FALSE;
          }
    }

  return TRUE;
}

int
cli_pdf_run (int argc, char **argv)
{
  g_auto(PdfOptions) options = { .per_page = 4, .count = CLI_NOT_GIVEN, .clues = CLI_NOT_GIVEN,
                                 .jobs = CLI_NOT_GIVEN, .timeout = 60 };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(NePrintDocument) doc = NULL;
  NcGenerateParams params;
  double width, height;
  int status;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options.output,
      N_("Write the PDF to FILE (required), - for standard output; a link, pipe or device is written through"), "FILE" },
    { "per-page", 0, 0, G_OPTION_ARG_INT64, &options.per_page, N_("Puzzles a page: 1, 2, 4 (default) or 6"), "N" },
    { "solutions", 0, 0, G_OPTION_ARG_NONE, &options.solutions, N_("Add solution pages at the end"), NULL },
    { "title", 0, 0, G_OPTION_ARG_FILENAME, &options.title, N_("A title at the top of every page"), "T" },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &options.paper, N_("Paper size: a4 or letter (default: the locale's)"), "P" },
    { "generate", 0, 0, G_OPTION_ARG_INT64, &options.count, N_("Generate N puzzles (1 to 100000) instead of reading them"), "N" },
    { "clues", 0, 0, G_OPTION_ARG_INT64, &options.clues, N_("Exactly T clues, 17 to 80"), "T" },
    { "minimal", 0, 0, G_OPTION_ARG_NONE, &options.minimal, N_("Every clue necessary, however many (the default)"), NULL },
    { "symmetry", 0, 0, G_OPTION_ARG_STRING, &options.symmetry,
      N_("Clue symmetry: none (default), rotate-180, rotate-90, mirror-horizontal, mirror-vertical, diagonal or anti-diagonal"), "S" },
    { "difficulty", 0, 0, G_OPTION_ARG_STRING, &options.difficulty,
      N_("Grade: easy, medium, hard, expert or extreme, or a range such as easy-medium"), "D" },
    { "needs", 0, 0, G_OPTION_ARG_STRING, &options.needs,
      N_("Puzzles whose logical solution uses the technique T and nothing harder, such as x-wing"), "T" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &options.seed, N_("Seed of the first puzzle; puzzle i uses S + i (default: random)"), "S" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT64, &options.jobs,
      N_("Worker threads, 1 to 1024 (default: one per processor); the output does not depend on it"), "J" },
    { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &options.timeout,
      N_("Time allowed per puzzle in seconds, 0 for no limit (default 60)"), "SEC" },
    { NULL }
  };

  g_set_prgname (PREFIX);
  context = g_option_context_new (_("[FILE…]"));
  g_option_context_set_summary (context, _("Print puzzles to a PDF: those of FILE, or --generate N new ones."));
  g_option_context_set_description (context,
    _("FILE holds one or more puzzles in any format the other commands read; the IDs that "
      "'nonet-cli generate --with-ids' writes are printed with them. With --generate, the options of "
      "'nonet-cli generate' choose the puzzles.\n"
      "Exit status: 0 written, 1 a puzzle has no solution or several (nothing written) or a generated "
      "one missed its target (the closest is printed), 2 bad options or input (nothing written)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", PREFIX, error->message);
      cli_usage_hint ("pdf");
      return CLI_STATUS_BAD_INPUT;
    }

  argc = cli_drop_end_of_options (argc, argv);
  if (!check_options (&options, argc, argv, &params, &width, &height))
    {
      cli_usage_hint ("pdf");
      return CLI_STATUS_BAD_INPUT;
    }

  doc = ne_print_document_new ();
  ne_print_document_set_per_page (doc, (guint) options.per_page);
  ne_print_document_set_solutions (doc, options.solutions);
  ne_print_document_set_title (doc, options.title);

  if (options.count != CLI_NOT_GIVEN)
    status = add_generated (doc, &options, &params);
  else
    {
      /* Every input is checked, and nothing is written unless all are fine. */
      status = argc > 1 ? CLI_STATUS_OK : add_read (doc, NULL);
      for (int i = 1; i < argc; i++)
        {
          int input_status = add_read (doc, argv[i]);

          status = MAX (status, input_status);
        }
      if (status != CLI_STATUS_OK)
        {
          fprintf (stderr, _("%s: nothing written: every puzzle must be valid to print\n"), PREFIX);
          return status;
        }
    }

  if (!ne_print_write_pdf (doc, strcmp (options.output, "-") == 0 ? NULL : options.output,
                           width, height, &error))
    {
      fprintf (stderr, "%s: %s\n", PREFIX, error->message);
      return CLI_STATUS_BAD_INPUT;
    }
  return status;
}
