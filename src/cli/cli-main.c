/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-main.c: nonet-cli, the core from the command line. Every subcommand
 * reads puzzles in any format the core parses and reports per puzzle. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include <errno.h>
#include <glib.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "nc-backtrack.h"
#include "nc-parse.h"
#include "nc-solver.h"

/* Exit statuses, the same for every subcommand. */
enum
{
  STATUS_OK = 0,
  STATUS_NOT_UNIQUE = 1,   /* a puzzle has no solution or several */
  STATUS_BAD_INPUT = 2,    /* unreadable file, bad syntax, repeated givens, bad options */
};

typedef struct
{
  const char *name;     /* the file as named on the command line, or "standard input" */
  int         status;   /* the worst status so far */
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

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fflush (stdout);
  fprintf (stderr, "%s: %s\n", input->name, message);
  raise_status (input, status);
}

static gboolean
read_input (const char *path, Input *input, char **text, gsize *len)
{
  g_autoptr(GError) error = NULL;

  if (path == NULL || strcmp (path, "-") == 0)
    {
      GString *buffer = g_string_new (NULL);
      char chunk[65536];
      size_t n;

      input->name = _("standard input");
      while ((n = fread (chunk, 1, sizeof chunk, stdin)) > 0)
        g_string_append_len (buffer, chunk, (gssize) n);
      if (ferror (stdin))
        {
          fprintf (stderr, _("nonet-cli: cannot read standard input: %s\n"), g_strerror (errno));
          g_string_free (buffer, TRUE);
          return FALSE;
        }
      *len = buffer->len;
      *text = g_string_free (buffer, FALSE);
      return TRUE;
    }

  input->name = path;
  if (!g_file_get_contents (path, text, len, &error))
    {
      fprintf (stderr, "nonet-cli: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
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
  guint n_puzzles = 0;

  if (!read_input (path, &input, &text, &len))
    return STATUS_BAD_INPUT;

  reader = nc_reader_new (text, len);
  if (reader == NULL)
    g_error ("out of memory");
  nc_puzzle_init (&puzzle);
  while ((result = nc_reader_next (reader, &puzzle, &error)) != NC_READ_END)
    {
      NcConflict conflict;

      if (result == NC_READ_ERROR)
        {
          report (&input, STATUS_BAD_INPUT, "%s", error.message);
          continue;
        }
      n_puzzles++;
      if (nc_grid_find_conflicts (&puzzle.grid, &conflict, 1) > 0)
        {
          char text_conflict[80];

          nc_conflict_describe (&conflict, text_conflict, sizeof text_conflict);
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

  if (n_puzzles == 0 && input.status == STATUS_OK)
    report (&input, STATUS_BAD_INPUT, "%s", _("no puzzle found"));
  fflush (stdout);
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
      printf ("%s%s", index > 0 ? "\n" : "", text);
    }
  else
    {
      char line[82];

      nc_grid_format_line (grid, '.', line);
      printf ("%s\n", line);
    }
}

/* Options shared by the subcommands, filled by GOptionContext. */
typedef struct
{
  gboolean stats;
  gint64   limit;
  gint64   max_events;
  NcOrder  order;
  gboolean as_grid;
  guint    index;     /* puzzles printed so far */
} Options;

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
      printf ("attempts=%" G_GUINT64_FORMAT " backtracks=%" G_GUINT64_FORMAT
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

  printf ("%u\n", n);
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

  if (options->index++ > 0)
    printf ("\n");
  printf ("# line %d\n", puzzle->line);
  nc_backtracker_init (&bt, &puzzle->grid, options->order);
  while ((options->max_events < 0 || n < options->max_events) && nc_backtracker_step (&bt, &event))
    {
      char text[48];

      n++;
      nc_event_format (&event, text, sizeof text);
      puts (text);
      if (event.kind == NC_EVENT_SOLVED)
        break;
      if (event.kind == NC_EVENT_EXHAUSTED)
        report (input, STATUS_NOT_UNIQUE, _("line %d: this puzzle has no solution"), puzzle->line);
    }
  return TRUE;
}

static gboolean
check_one (Input *input, const NcPuzzle *puzzle, gpointer data)
{
  NcGrid solution;
  int clues = nc_grid_count_filled (&puzzle->grid);

  if (require_unique (input, puzzle, &solution))
    printf (g_dngettext (GETTEXT_PACKAGE, "line %d: valid, one solution, %d clue\n",
                         "line %d: valid, one solution, %d clues\n", (gulong) clues),
            puzzle->line, clues);
  return TRUE;
}

typedef struct
{
  const char *name;
  const char *summary;
  PuzzleFunc  func;
  gboolean    takes_order;
  gboolean    takes_format;
  gboolean    takes_stats;
  gboolean    takes_limit;
  gboolean    takes_max_events;
} Command;

static const Command commands[] = {
  { "solve", N_("Solve every puzzle of the input"), solve_one, TRUE, TRUE, TRUE, FALSE, FALSE },
  { "count", N_("Count the solutions of every puzzle, up to a limit"), count_one, FALSE, FALSE, FALSE, TRUE, FALSE },
  { "trace", N_("Print the reference backtracker's events, one a line"), trace_one, TRUE, FALSE, FALSE, FALSE, TRUE },
  { "check", N_("Check that every puzzle is valid and has one solution"), check_one, FALSE, FALSE, FALSE, FALSE, FALSE },
};

static char *
commands_help (void)
{
  GString *help = g_string_new (_("Commands:"));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (help, "\n  %-8s %s", commands[i].name, _(commands[i].summary));
  g_string_append_printf (help, "\n\n%s\n%s",
                          _("FILE holds one or more puzzles: 81-character lines, 9-row grids, .sdk or .ss; - or none reads standard input."),
                          _("Exit status: 0 fine, 1 a puzzle has no solution or several, 2 bad input."));
  g_string_append_printf (help, "\n%s", _("Run 'nonet-cli COMMAND --help' for a command's options."));
  return g_string_free (help, FALSE);
}

static int
run_command (const Command *command, int argc, char **argv)
{
  Options options = { .limit = 2, .max_events = -1 };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("nonet-cli %s", command->name);
  g_autofree char *order_name = NULL;
  g_autofree char *format_name = NULL;
  GOptionEntry entries[8];
  guint n = 0;

  if (command->takes_order)
    entries[n++] = (GOptionEntry) { "order", 0, 0, G_OPTION_ARG_STRING, &order_name,
                                    N_("Cell order of the reference backtracker: reading (default) or mrv"), "ORDER" };
  if (command->takes_format)
    entries[n++] = (GOptionEntry) { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
                                    N_("Output layout: line (default, 81 characters) or grid (9 rows)"), "FORMAT" };
  if (command->takes_stats)
    entries[n++] = (GOptionEntry) { "stats", 0, 0, G_OPTION_ARG_NONE, &options.stats,
                                    N_("Solve with the reference backtracker and print attempts=N backtracks=N after each solution"), NULL };
  if (command->takes_limit)
    entries[n++] = (GOptionEntry) { "limit", 0, 0, G_OPTION_ARG_INT64, &options.limit,
                                    N_("Stop counting at N solutions (default 2)"), "N" };
  if (command->takes_max_events)
    entries[n++] = (GOptionEntry) { "max-events", 0, 0, G_OPTION_ARG_INT64, &options.max_events,
                                    N_("Print at most N events of each puzzle"), "N" };
  entries[n] = (GOptionEntry) { NULL };

  g_set_prgname (prgname);
  context = g_option_context_new (_("[FILE|-]"));
  g_option_context_set_summary (context, _(command->summary));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "nonet-cli %s: %s\n", command->name, error->message);
      return STATUS_BAD_INPUT;
    }
  if (argc > 2)
    {
      fprintf (stderr, _("nonet-cli %s: one input at most, got %d\n"), command->name, argc - 1);
      return STATUS_BAD_INPUT;
    }
  if (order_name && !nc_order_from_name (order_name, &options.order))
    {
      fprintf (stderr, _("nonet-cli %s: unknown order '%s'; use reading or mrv\n"), command->name, order_name);
      return STATUS_BAD_INPUT;
    }
  if (format_name)
    {
      if (strcmp (format_name, "grid") == 0)
        options.as_grid = TRUE;
      else if (strcmp (format_name, "line") != 0)
        {
          fprintf (stderr, _("nonet-cli %s: unknown format '%s'; use line or grid\n"), command->name, format_name);
          return STATUS_BAD_INPUT;
        }
    }
  if (options.limit < 1 || options.limit > G_MAXUINT)
    {
      fprintf (stderr, _("nonet-cli %s: --limit must be between 1 and %u\n"), command->name, G_MAXUINT);
      return STATUS_BAD_INPUT;
    }
  if (command->takes_max_events && options.max_events < -1)
    {
      fprintf (stderr, _("nonet-cli %s: --max-events must not be negative\n"), command->name);
      return STATUS_BAD_INPUT;
    }

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

  if (argc > 1 && argv[1][0] != '-')
    {
      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        if (strcmp (argv[1], commands[i].name) == 0)
          return run_command (&commands[i], argc - 1, argv + 1);
      fprintf (stderr, _("nonet-cli: unknown command '%s'. Try 'nonet-cli --help'.\n"), argv[1]);
      return STATUS_BAD_INPUT;
    }

  help = commands_help ();
  context = g_option_context_new (_("COMMAND [OPTION…] [FILE|-]"));
  g_option_context_set_summary (context, _("Solve, count and trace Sudoku puzzles."));
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
      printf ("nonet-cli %s\n", PACKAGE_VERSION);
      return STATUS_OK;
    }
  if (argc > 1)
    fprintf (stderr, _("nonet-cli: unknown command '%s'. Try 'nonet-cli --help'.\n"), argv[1]);
  else
    fprintf (stderr, _("nonet-cli: a command is needed. Try 'nonet-cli --help'.\n"));
  return STATUS_BAD_INPUT;
}
