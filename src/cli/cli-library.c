/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-library.c: nonet-cli library, the puzzle library (the app's, or
 * another with --db), through the engine's store and importer. Its own
 * subcommands, each with its own options: import, list, export and
 * collections. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "nc-grade.h"
#include "ne-import.h"
#include "ne-messages.h"
#include "ne-store.h"

static char *library_db = NULL;

static void
library_usage_hint (const char *name)
{
  g_autofree char *command = g_strdup_printf ("library %s", name);

  cli_usage_hint (command);
}

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

/* --db names a library that may be new, but not a folder that is not
 * there: a mistyped path is an error, not a fresh empty library somewhere
 * unexpected. Only the app's own library gets its folder made (by the
 * store). FALSE after a message. */
static gboolean
library_check_db_folder (const char *name)
{
  g_autofree char *folder = NULL;
  g_autofree char *given = NULL;
  g_autofree char *default_path = NULL;
  g_autofree char *app_library = NULL;

  if (library_db == NULL)
    return TRUE;
  folder = g_path_get_dirname (library_db);
  if (g_file_test (folder, G_FILE_TEST_IS_DIR))
    return TRUE;
  /* --db naming the app's own library is the default, spelt out. */
  given = g_canonicalize_filename (library_db, NULL);
  default_path = ne_store_default_path ();
  app_library = g_canonicalize_filename (default_path, NULL);
  if (strcmp (given, app_library) == 0)
    return TRUE;
  fprintf (stderr, _("nonet-cli library %s: cannot use the library %s: the folder %s does not exist\n"),
           name, library_db, folder);
  return FALSE;
}

/* A subcommand's option context, with --db, and what its exit statuses
 * mean; parse errors are reported. */
static gboolean
library_parse (const char *name, const char *parameters, const char *summary, const char *exit_status,
               const GOptionEntry *entries, int *argc, char ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameters);
  g_autoptr(GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("nonet-cli library %s", name);

  g_set_prgname (prgname);
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context, exit_status);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, library_db_entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, "nonet-cli library %s: %s\n", name, error->message);
      library_usage_hint (name);
      return FALSE;
    }
  *argc = cli_drop_end_of_options (*argc, *argv);
  return library_check_db_folder (name);
}

/* What list and collections exit with. */
#define LIBRARY_READ_EXIT_STATUS \
  N_("Exit status: 0 fine, 2 bad options, a library that cannot be opened, or output that could not be written.")

/* Opens the library and lists the ids of a collection's puzzles (every
 * puzzle for a NULL name) with a status and a hardest technique (-1: any).
 * NULL after a message. */
static NeStore *
library_open_ids (const char *command, const char *collection, int status, int hardest, GArray **ids)
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
    *ids = ne_store_list_puzzle_ids_full (store, collection_id, status, hardest, &error);
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
  g_autofree char *count = cli_format_count (n_done);

  /* Back to the start of the line, over the last count. */
  fputc ('\r', stderr);
  fprintf (stderr, _("%s: %s puzzles (%d%%)"), (const char *) data, count, (int) (fraction * 100));
  fflush (stderr);
}

static void
print_import_report (const char *name, const char *collection, const NeImportReport *report, gboolean several_files)
{
  g_autofree char *imported = cli_format_count (report->n_imported);
  GString *line = g_string_new (NULL);

  if (several_files)
    g_string_append_printf (line, "%s: ", name);
  g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "Imported %s puzzle", "Imported %s puzzles",
                                             report->n_imported), imported);
  if (collection != NULL && report->n_imported > 0)
    g_string_append_printf (line, _(" into “%s”"), collection);
  if (report->n_duplicates > 0)
    {
      g_autofree char *n = cli_format_count (report->n_duplicates);

      g_string_append_printf (line, g_dngettext (GETTEXT_PACKAGE, "; %s duplicate", "; %s duplicates",
                                                 report->n_duplicates), n);
    }
  if (report->n_skipped > 0)
    {
      g_autofree char *n = cli_format_count (report->n_skipped);

      g_string_append_printf (line, _("; %s skipped"), n);
    }
  if (report->cancelled)
    g_string_append (line, _("; stopped before the end"));
  g_string_append (line, ".");
  cli_out ("%s\n", line->str);
  /* The problems go where every command's go, after the count. */
  cli_flush_stdout ();
  for (guint i = 0; i < report->problems->len; i++)
    {
      const NeImportProblem *problem = &g_array_index (report->problems, NeImportProblem, i);

      cli_problem (name, problem->line, problem->column, problem->text);
    }
  if (report->n_unlisted > 0)
    {
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "… and %u more problem (--max-problems 0 lists them all)",
                                                            "… and %u more problems (--max-problems 0 lists them all)",
                                                            report->n_unlisted),
                                               report->n_unlisted);

      cli_problem (name, 0, 0, more);
    }
  g_string_free (line, TRUE);
}

static int
library_import (int argc, char **argv)
{
  g_autofree char *collection = NULL;
  gint64 max_problems = NE_IMPORT_MAX_MESSAGES;
  const GOptionEntry entries[] = {
    { "collection", 'c', 0, G_OPTION_ARG_FILENAME, &collection,
      N_("Add the puzzles to this collection, created if needed"), "NAME" },
    { "max-problems", 0, 0, G_OPTION_ARG_INT64, &max_problems,
      N_("Say at most N problems of each input on standard error, then how many more; 0 for all (default 100)"), "N" },
    { NULL }
  };
  gboolean show_progress = isatty (fileno (stderr));
  int status = CLI_STATUS_OK;

  if (!library_parse ("import", _("FILE…"),
                      _("Import every puzzle of the files: 81-character lines, 9-row grids, .sdk, .sdm, .ss "
                        "or OpenSudoku. Each is checked for one solution and graded; duplicates (also rotated, "
                        "mirrored or relabelled) and bad puzzles are listed on standard error after the count. "
                        "- reads standard input; -- ends the options."),
                      _("Exit status: 0 fine, 1 some puzzles were not imported (duplicates or bad ones), 2 bad options, "
                        "a file that cannot be read, or a library that cannot be opened."),
                      entries, &argc, &argv)
      || !cli_option_text ("nonet-cli library import", "--collection", &collection))
    return CLI_STATUS_BAD_INPUT;
  if (max_problems < 0 || max_problems > G_MAXUINT)
    {
      fprintf (stderr, _("nonet-cli %s: --max-problems must be between 0 and %u\n"), "library import", G_MAXUINT);
      library_usage_hint ("import");
      return CLI_STATUS_BAD_INPUT;
    }
  if (argc < 2)
    {
      fprintf (stderr, _("nonet-cli library import: a file to import is needed\n"));
      library_usage_hint ("import");
      return CLI_STATUS_BAD_INPUT;
    }

  for (int i = 1; i < argc; i++)
    {
      /* "-" is standard input, through the one importer of files (a pipe
       * or a redirected file, as /dev/stdin names it). */
      gboolean is_stdin = strcmp (argv[i], "-") == 0;
      g_autoptr(GFile) file = is_stdin ? g_file_new_for_path ("/dev/stdin") : g_file_new_for_commandline_arg (argv[i]);
      const char *name = is_stdin ? _("standard input") : argv[i];
      g_autoptr(NeImportReport) report = NULL;
      g_autoptr(GError) error = NULL;

      report = ne_import_file_full (library_db_path (), file, collection, (guint) max_problems, NULL,
                                    show_progress ? print_import_progress : NULL, (gpointer) name, &error);
      if (show_progress)
        fprintf (stderr, "\r\033[K");
      if (report == NULL)
        {
          fprintf (stderr, "nonet-cli library import: %s\n", error->message);
          status = CLI_STATUS_BAD_INPUT;
          continue;
        }
      print_import_report (name, collection, report, argc > 2);
      if (report->n_duplicates + report->n_skipped > 0)
        status = MAX (status, CLI_STATUS_NOT_UNIQUE);
    }
  cli_flush_stdout ();
  return status;
}

static const char *const status_keys[] = { "new", "in-progress", "solved" };

/* --hardest: a technique as --needs takes it, or guessing. */
static gboolean
hardest_from_name (const char *name, NcTechnique *out)
{
  g_autofree char *guessing = cli_technique_key (NC_TECH_GUESS);

  if (g_ascii_strcasecmp (name, guessing) == 0)
    {
      *out = NC_TECH_GUESS;
      return TRUE;
    }
  return nc_technique_from_name (name, out);
}

static int
library_list (int argc, char **argv)
{
  g_autofree char *collection = NULL;
  g_autofree char *status_name = NULL;
  g_autofree char *format_name = NULL;
  g_autofree char *hardest_name = NULL;
  const GOptionEntry entries[] = {
    { "collection", 'c', 0, G_OPTION_ARG_FILENAME, &collection, N_("Only the puzzles of this collection"), "NAME" },
    { "status", 0, 0, G_OPTION_ARG_STRING, &status_name, N_("Only new, in-progress or solved puzzles"), "STATUS" },
    { "hardest", 0, 0, G_OPTION_ARG_STRING, &hardest_name,
      N_("Only the puzzles whose hardest technique is this one (x-wing, xw, …), or guessing for those "
         "that need it"), "TECHNIQUE" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
      N_("line (default: the 81-character puzzle) or table (id, clues, grade, hardest technique, status, "
         "collection, title)"), "FORMAT" },
    { NULL }
  };
  g_autoptr(NeStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  gboolean table = FALSE;
  int status = -1;
  NcTechnique hardest = NC_TECH_COUNT;

  if (!library_parse ("list", "", _("List the puzzles of the library, one a line, oldest first."),
                      _(LIBRARY_READ_EXIT_STATUS), entries, &argc, &argv)
      || !cli_option_text ("nonet-cli library list", "--collection", &collection))
    return CLI_STATUS_BAD_INPUT;
  if (argc > 1)
    {
      fprintf (stderr, _("nonet-cli library list: reads no input, got '%s'\n"), argv[1]);
      library_usage_hint ("list");
      return CLI_STATUS_BAD_INPUT;
    }
  if (status_name != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (status_keys); i++)
        if (strcmp (status_name, status_keys[i]) == 0)
          status = (int) i;
      if (status < 0)
        {
          fprintf (stderr, _("nonet-cli library list: unknown status '%s'; use new, in-progress or solved\n"), status_name);
          library_usage_hint ("list");
          return CLI_STATUS_BAD_INPUT;
        }
    }
  if (hardest_name != NULL && !hardest_from_name (hardest_name, &hardest))
    {
      g_autofree char *names = cli_technique_names (TRUE);

      fprintf (stderr, _("nonet-cli library list: --hardest: unknown technique '%s'; use one of: %s\n"),
               hardest_name, names);
      library_usage_hint ("list");
      return CLI_STATUS_BAD_INPUT;
    }
  if (format_name != NULL)
    {
      table = strcmp (format_name, "table") == 0;
      if (!table && strcmp (format_name, "line") != 0)
        {
          fprintf (stderr, _("nonet-cli library list: unknown format '%s'; use line or table\n"), format_name);
          library_usage_hint ("list");
          return CLI_STATUS_BAD_INPUT;
        }
    }

  store = library_open_ids ("list", collection, status, hardest_name != NULL ? (int) hardest : -1, &ids);
  if (store == NULL)
    return CLI_STATUS_BAD_INPUT;

  if (table)
    cli_out ("%8s  %5s  %-8s  %-16s  %-11s  %-16s  %s\n", _("ID"), _("CLUES"), _("GRADE"), _("HARDEST"),
             _("STATUS"), _("COLLECTION"), _("TITLE"));
  for (guint i = 0; i < ids->len; i++)
    {
      NePuzzleInfo info = { 0 };
      char line[82];

      if (!ne_store_get_puzzle (store, g_array_index (ids, gint64, i), &info, &error))
        {
          cli_flush_stdout ();
          fprintf (stderr, "nonet-cli library list: %s\n", error->message);
          return CLI_STATUS_BAD_INPUT;
        }
      if (table)
        {
          /* As --hardest takes it: a column a script can feed back. */
          g_autofree char *technique = info.hardest >= 0 ? cli_technique_key ((NcTechnique) info.hardest)
                                                         : g_strdup ("-");

          cli_out ("%8" G_GINT64_FORMAT "  %5d  %-8s  %-16s  %-11s  %-16s  %s\n", info.id, info.clues,
                   info.grade >= 0 ? nc_grade_name ((NcGrade) info.grade) : "-", technique,
                   status_keys[info.status], info.collection != NULL ? info.collection : "-",
                   info.title != NULL ? info.title : "");
        }
      else
        {
          nc_grid_format_line (&info.givens, '.', line);
          cli_out ("%s\n", line);
        }
      ne_puzzle_info_clear (&info);
    }
  cli_flush_stdout ();
  return CLI_STATUS_OK;
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
      N_("line (81 characters a puzzle, nothing else: .txt, .sdm) or sdk (9 rows under #T title, "
         "#A author, #D source, #C notes); default: sdk for a FILE ending in .sdk (one puzzle), else line"),
      "FORMAT" },
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
                      _("Exit status: 0 fine, 2 bad options, a library that cannot be opened, or a file "
                        "(or standard output) that could not be written."),
                      entries, &argc, &argv)
      || !cli_option_text ("nonet-cli library export", "--collection", &collection))
    return CLI_STATUS_BAD_INPUT;
  if (argc > 1)
    {
      fprintf (stderr, _("nonet-cli library export: the file goes after -o, got '%s'\n"), argv[1]);
      library_usage_hint ("export");
      return CLI_STATUS_BAD_INPUT;
    }
  if (output == NULL)
    {
      fprintf (stderr, _("nonet-cli library export: -o FILE is needed\n"));
      library_usage_hint ("export");
      return CLI_STATUS_BAD_INPUT;
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
          library_usage_hint ("export");
          return CLI_STATUS_BAD_INPUT;
        }
    }

  store = library_open_ids ("export", collection, -1, -1, &ids);
  if (store == NULL)
    return CLI_STATUS_BAD_INPUT;
  /* A .sdk file is one puzzle: several go one a line into a .sdm, or into
   * Nonet's own .sdk blocks when asked for by --format sdk. */
  if (format_name == NULL && format == NE_FORMAT_SDK && ids->len > 1)
    {
      fprintf (stderr, _("nonet-cli library export: a .sdk file holds one puzzle; write several to a .sdm "
                         "file (one a line), or give --format sdk for one block a puzzle\n"));
      library_usage_hint ("export");
      return CLI_STATUS_BAD_INPUT;
    }
  to_stdout = strcmp (output, "-") == 0;
  if (!to_stdout)
    file = g_file_new_for_commandline_arg (output);
  else
    cli_flush_stdout ();
  if (!ne_export_puzzles (store, (const gint64 *) (gpointer) ids->data, ids->len, format, file, &error))
    {
      fprintf (stderr, "nonet-cli library export: %s\n", error->message);
      return CLI_STATUS_BAD_INPUT;
    }
  /* On standard output the puzzles are the output. */
  if (to_stdout)
    return CLI_STATUS_OK;
  count = cli_format_count (ids->len);
  cli_out (g_dngettext (GETTEXT_PACKAGE, "Exported %s puzzle to %s\n", "Exported %s puzzles to %s\n", ids->len),
       count, output);
  return CLI_STATUS_OK;
}

static int
library_collections (int argc, char **argv)
{
  const GOptionEntry entries[] = { { NULL } };
  g_autoptr(NeStore) store = NULL;
  g_autoptr(GPtrArray) collections = NULL;
  g_autoptr(GError) error = NULL;

  if (!library_parse ("collections", "", _("List the collections: puzzles, name, and whether Nonet ships it."),
                      _(LIBRARY_READ_EXIT_STATUS), entries, &argc, &argv))
    return CLI_STATUS_BAD_INPUT;
  if (argc > 1)
    {
      fprintf (stderr, _("nonet-cli library collections: reads no input, got '%s'\n"), argv[1]);
      library_usage_hint ("collections");
      return CLI_STATUS_BAD_INPUT;
    }
  store = ne_store_open (library_db_path (), &error);
  if (store != NULL)
    collections = ne_store_list_collections (store, &error);
  if (collections == NULL)
    {
      fprintf (stderr, "nonet-cli library collections: %s\n", error->message);
      return CLI_STATUS_BAD_INPUT;
    }
  for (guint i = 0; i < collections->len; i++)
    {
      const NeCollectionInfo *info = g_ptr_array_index (collections, i);

      /* A column for scripts: no thousands separator. */
      cli_out ("%8u  %s%s\n", (guint) info->n_puzzles, info->name, info->builtin ? _(" (built-in)") : "");
    }
  cli_flush_stdout ();
  return CLI_STATUS_OK;
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

int
cli_library_run (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (_("COMMAND [OPTION…]"));
  g_autoptr(GError) error = NULL;
  GString *help = g_string_new (_("Commands:"));
  int status = CLI_STATUS_BAD_INPUT;

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
    {
      fprintf (stderr, "nonet-cli library: %s\n", error->message);
      cli_usage_hint ("library");
    }
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
