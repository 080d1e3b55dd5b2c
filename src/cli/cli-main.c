/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-main.c: nonet-cli, the core from the command line. Every subcommand
 * but generate reads puzzles in any format the core parses and reports per
 * puzzle; generate writes puzzles in a form the others read back; library
 * imports them into the app's library, lists and exports them. Here: the
 * table of commands, the options of the puzzle commands and of generate,
 * parsed and checked, and main, which hands each command to its family in
 * cli-puzzles.c, cli-generate.c, cli-library.c or cli-pdf.c. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "nc-backtrack.h"

/* The events trace prints of a puzzle on a terminal unless --max-events
 * says otherwise. */
#define TRACE_TERMINAL_MAX_EVENTS 1000

static void
options_clear (CliOptions *options)
{
  g_clear_pointer (&options->symmetry, g_free);
  g_clear_pointer (&options->difficulty, g_free);
  g_clear_pointer (&options->needs, g_free);
  g_clear_pointer (&options->seed, g_free);
  g_clear_pointer (&options->id, g_free);
}

typedef struct
{
  const char    *name;
  const char    *summary;
  CliPuzzleFunc  func;             /* NULL: the command reads no puzzles (generate) */
  int          (*run) (int argc, char **argv);  /* a command with subcommands of its own (library) */
  gboolean       takes_order;
  gboolean       takes_format;
  gboolean       takes_stats;
  gboolean       takes_limit;
  gboolean       takes_max_events;
  gboolean       takes_explain;
  gboolean       marks_failures;
} Command;

static const Command commands[] = {
  { "solve", N_("Solve every puzzle of the input"), cli_solve_one, .takes_order = TRUE, .takes_format = TRUE, .takes_stats = TRUE, .marks_failures = TRUE },
  { "count", N_("Count the solutions of every puzzle, up to a limit"), cli_count_one, .takes_limit = TRUE, .marks_failures = TRUE },
  { "trace", N_("Print the reference backtracker's events, one a line"), cli_trace_one, .takes_order = TRUE, .takes_max_events = TRUE },
  { "compare", N_("Compare the search strategies' counts on every puzzle"), NULL, .run = cli_compare_run },
  { "check", N_("Check that every puzzle is valid and has one solution"), cli_check_one },
  { "grade", N_("Grade every puzzle by the techniques a person needs"), cli_grade_one, .takes_explain = TRUE, .marks_failures = TRUE },
  { "generate", N_("Generate puzzles with exactly one solution"), NULL, .takes_format = TRUE },
  { "library", N_("Import, list and export the puzzles of the library"), NULL, .run = cli_library_run },
  { "pdf", N_("Print puzzles to a PDF, from a file or freshly generated"), NULL, .run = cli_pdf_run },
};

static char *
commands_help (void)
{
  GString *help = g_string_new (_("Commands:"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (help, "\n  %-8s %s", commands[i].name, _(commands[i].summary));
  g_string_append_printf (help, "\n\n%s\n%s",
                          _("Each FILE holds one or more puzzles: 81-character lines, 9-row grids, .sdk or .ss; - or none reads "
                            "standard input, -- ends the options."),
                          _("Exit status: 0 fine, 1 a puzzle has no solution or several (generate: a target was missed), 2 bad input, "
                            "or output that could not be written."));
  g_string_append_printf (help, "\n%s", _("Run 'nonet-cli COMMAND --help' for a command's options."));
  return g_string_free (help, FALSE);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliOptions, options_clear)

/* Everything after the options are parsed; FALSE after a message. */
static gboolean
check_options (const Command *command, CliOptions *options, const char *order_name, const char *format_name)
{
  if (order_name && !nc_order_from_name (order_name, &options->order))
    {
      fprintf (stderr, _("nonet-cli %s: unknown order '%s'; use reading or mrv\n"), command->name, order_name);
      return FALSE;
    }
  if (format_name)
    {
      if (strcmp (format_name, "grid") == 0)
        options->format = CLI_FORMAT_GRID;
      else if (strcmp (format_name, "sdk") == 0 && command->func == NULL)
        options->format = CLI_FORMAT_SDK;
      else if (strcmp (format_name, "line") != 0)
        {
          if (command->func == NULL)
            fprintf (stderr, _("nonet-cli %s: unknown format '%s'; use line, grid or sdk\n"), command->name, format_name);
          else
            fprintf (stderr, _("nonet-cli %s: unknown format '%s'; use line or grid\n"), command->name, format_name);
          return FALSE;
        }
      options->as_grid = options->format == CLI_FORMAT_GRID;
    }
  if (options->max_problems < 0 || options->max_problems > G_MAXUINT)
    {
      fprintf (stderr, _("nonet-cli %s: --max-problems must be between 0 and %u\n"), command->name, G_MAXUINT);
      return FALSE;
    }
  if (options->limit < 1 || options->limit > G_MAXUINT)
    {
      fprintf (stderr, _("nonet-cli %s: --limit must be between 1 and %u\n"), command->name, G_MAXUINT);
      return FALSE;
    }
  if (command->takes_max_events && options->max_events == CLI_NOT_GIVEN)
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
  g_auto(CliOptions) options = { .limit = 2, .max_events = CLI_NOT_GIVEN, .max_problems = 100, .count = CLI_NOT_GIVEN, .clues = CLI_NOT_GIVEN, .jobs = CLI_NOT_GIVEN, .timeout = 60 };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("nonet-cli %s", command->name);
  g_autofree char *order_name = NULL;
  g_autofree char *format_name = NULL;
  gboolean generates = command->func == NULL;
  int status = CLI_STATUS_OK;
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
                                    N_("Stop counting at N solutions, 1 to 4294967295 (default 2)"), "N" };
  if (command->takes_max_events)
    entries[n++] = (GOptionEntry) { "max-events", 0, 0, G_OPTION_ARG_INT64, &options.max_events,
                                    N_("Print at most N events of each puzzle, 0 or more, 0 for all (default: all, or 1000 on a terminal)"), "N" };
  if (!generates)
    entries[n++] = (GOptionEntry) { "max-problems", 0, 0, G_OPTION_ARG_INT64, &options.max_problems,
                                    N_("Say at most N problems of each input on standard error, then how many more; 0 for all (default 100)"), "N" };
  if (command->takes_explain)
    entries[n++] = (GOptionEntry) { "explain", 0, 0, G_OPTION_ARG_NONE, &options.explain,
                                    N_("Print the steps of the logical solve, numbered, before each summary line"), NULL };
  if (generates)
    {
      entries[n++] = (GOptionEntry) { "count", 'n', 0, G_OPTION_ARG_INT64, &options.count,
                                      N_("Generate N puzzles, 1 to 100000 (default 1)"), "N" };
      entries[n++] = (GOptionEntry) { "clues", 0, 0, G_OPTION_ARG_INT64, &options.clues,
                                      N_("Exactly T clues, 17 to 80"), "T" };
      entries[n++] = (GOptionEntry) { "minimal", 0, 0, G_OPTION_ARG_NONE, &options.minimal,
                                      N_("Every clue necessary, however many (the default)"), NULL };
      entries[n++] = (GOptionEntry) { "symmetry", 0, 0, G_OPTION_ARG_STRING, &options.symmetry,
                                      N_("Clue symmetry: none (default), rotate-180, rotate-90, mirror-horizontal, mirror-vertical, diagonal or anti-diagonal"), "S" };
      entries[n++] = (GOptionEntry) { "difficulty", 0, 0, G_OPTION_ARG_STRING, &options.difficulty,
                                      N_("Grade: easy, medium, hard, expert or extreme, or a range such as easy-medium"), "D" };
      entries[n++] = (GOptionEntry) { "needs", 0, 0, G_OPTION_ARG_STRING, &options.needs,
                                      N_("A puzzle whose logical solution uses the technique T and nothing harder, "
                                         "such as x-wing or naked-pair"), "T" };
      entries[n++] = (GOptionEntry) { "seed", 0, 0, G_OPTION_ARG_STRING, &options.seed,
                                      N_("Seed of the first puzzle; puzzle i uses S + i (default: random)"), "S" };
      entries[n++] = (GOptionEntry) { "id", 0, 0, G_OPTION_ARG_STRING, &options.id,
                                      N_("Regenerate the puzzle with this ID, as printed by --with-ids"), "ID" };
      entries[n++] = (GOptionEntry) { "jobs", 'j', 0, G_OPTION_ARG_INT64, &options.jobs,
                                      N_("Worker threads, 1 to 1024 (default: one per processor); the output does not depend on it"), "J" };
      entries[n++] = (GOptionEntry) { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &options.timeout,
                                      N_("Time allowed per puzzle in seconds, 0 for no limit (default 60)"), "SEC" };
      entries[n++] = (GOptionEntry) { "with-ids", 0, 0, G_OPTION_ARG_NONE, &options.with_ids,
                                      N_("Print each puzzle's ID with it (a comment the other commands skip)"), NULL };
    }
  entries[n] = (GOptionEntry) { NULL };
  g_assert (n < G_N_ELEMENTS (entries));

  g_set_prgname (prgname);
  context = g_option_context_new (generates ? "" : _("[FILE…]"));
  g_option_context_set_summary (context, _(command->summary));
  if (generates)
    g_option_context_set_description (context,
      _("Puzzle i of a run uses seed S + i, so its ID regenerates it alone with --id, and the output "
        "is the same for any --jobs.\n"
        "Exit status: 0 every puzzle met its target, 1 a puzzle missed it in the time allowed (the closest "
        "unique puzzle found is printed and named on standard error), 2 bad options."));
  else
    {
      g_autoptr(GString) description = g_string_new (NULL);

      if (command->takes_explain)
        g_string_append (description,
          _("Prints one line a puzzle: grade=G score=N hardest=T, then TECHNIQUE=N for each technique used. "
            "With --explain, each puzzle's steps come first under a '# line N' header.\n"));
      else if (command->takes_max_events)
        g_string_append (description,
          _("Every event is printed into a pipe or a file. On a terminal each puzzle stops after 1000 events "
            "(a hard puzzle has millions), and standard error says so; --max-events 0 prints them all.\n"));
      g_string_append (description,
        _("Reads each FILE in turn, - or none for standard input; -- ends the options. Problems go to "
          "standard error as 'nonet-cli: FILE:LINE:COLUMN: message'.\n"));
      if (command->marks_failures)
        g_string_append (description,
          _("Each puzzle read gives one entry of output, in order: a puzzle that is bad or has no single "
            "solution gives a line '# line N: why' in its place.\n"));
      g_string_append (description,
        _("Exit status: 0 fine, 1 a puzzle has no solution or several, 2 bad input or options, "
          "or output that could not be written."));
      g_option_context_set_description (context, description->str);
    }
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "nonet-cli %s: %s\n", command->name, error->message);
      cli_usage_hint (command->name);
      return CLI_STATUS_BAD_INPUT;
    }
  argc = cli_drop_end_of_options (argc, argv);
  if (generates && argc > 1)
    {
      fprintf (stderr, _("nonet-cli %s: reads no input, got '%s'\n"), command->name, argv[1]);
      cli_usage_hint (command->name);
      return CLI_STATUS_BAD_INPUT;
    }
  if (!check_options (command, &options, order_name, format_name))
    {
      cli_usage_hint (command->name);
      return CLI_STATUS_BAD_INPUT;
    }

  if (generates)
    {
      status = cli_generate_puzzles (&options);

      /* Only bad options make it refuse. */
      if (status == CLI_STATUS_BAD_INPUT)
        cli_usage_hint (command->name);
      return status;
    }

  /* Each input in turn, the output of all of them one stream; the exit
   * status is the worst. */
  options.marks_failures = command->marks_failures;
  options.n_inputs = argc - 1;
  if (argc < 2)
    return cli_for_each_puzzle (NULL, command->func, &options);
  for (int i = 1; i < argc && !cli_stdout_failed (); i++)
    {
      int input_status = cli_for_each_puzzle (argv[i], command->func, &options);

      status = MAX (status, input_status);
    }
  return status;
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
  cli_output_init ();

  if (argc > 1 && argv[1][0] != '-')
    {
      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        if (strcmp (argv[1], commands[i].name) == 0)
          return commands[i].run != NULL ? commands[i].run (argc - 1, argv + 1)
                                         : run_command (&commands[i], argc - 1, argv + 1);
      fprintf (stderr, _("nonet-cli: unknown command '%s'. Try 'nonet-cli --help'.\n"), argv[1]);
      return CLI_STATUS_BAD_INPUT;
    }

  help = commands_help ();
  context = g_option_context_new (_("COMMAND [OPTION…] [FILE…]"));
  g_option_context_set_summary (context, _("Solve, count, trace, grade and generate Sudoku puzzles, and keep them in a library."));
  g_option_context_set_description (context, help);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "nonet-cli: %s\n", error->message);
      cli_usage_hint (NULL);
      return CLI_STATUS_BAD_INPUT;
    }
  if (version)
    {
      cli_out ("nonet-cli %s\n", PACKAGE_VERSION);
      return CLI_STATUS_OK;
    }
  if (argc > 1)
    fprintf (stderr, _("nonet-cli: unknown command '%s'. Try 'nonet-cli --help'.\n"), argv[1]);
  else
    fprintf (stderr, _("nonet-cli: a command is needed. Try 'nonet-cli --help'.\n"));
  return CLI_STATUS_BAD_INPUT;
}
