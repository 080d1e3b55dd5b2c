/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-generate.c: nonet-cli generate, the one subcommand that reads no
 * puzzles: a batch on every core, printed in a form the others read back,
 * and a puzzle that missed its target named on standard error. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>

#include "nc-generate.h"
#include "nc-grade.h"
#include "ne-batch.h"
#include "ne-messages.h"

static void
print_generated (const NeBatchResult *result, const CliOptions *options, guint index)
{
  const NcGenerated *generated = &result->generated;

  switch (options->format)
    {
    case CLI_FORMAT_LINE:
      {
        char line[82];

        /* " # ID" is a trailing comment: the line reads back as a puzzle. */
        nc_grid_format_line (&generated->puzzle, '.', line);
        if (options->with_ids)
          cli_out ("%s # %s\n", line, result->id);
        else
          cli_out ("%s\n", line);
      }
      break;

    case CLI_FORMAT_GRID:
      {
        char text[NC_GRID_TEXT_SIZE];

        nc_grid_format_text (&generated->puzzle, text, sizeof text);
        if (index > 0)
          cli_out ("\n");
        if (options->with_ids)
          cli_out ("# %s\n", result->id);
        cli_out ("%s", text);
      }
      break;

    case CLI_FORMAT_SDK:
      {
        char line[82];

        nc_grid_format_line (&generated->puzzle, '.', line);
        if (index > 0)
          cli_out ("\n");
        cli_out ("#ANonet\n");
        if (options->with_ids)
          cli_out ("#DNonet %s\n", result->id);
        cli_out ("#C%s, %d clues\n", nc_grade_name (generated->grade.grade), generated->clues);
        for (int r = 0; r < 9; r++)
          cli_out ("%.9s\n", line + r * 9);
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

  cli_flush_stdout ();
  if (params->clues != NC_CLUES_MINIMAL && generated->clues != params->clues)
    fprintf (stderr, _("nonet-cli generate: puzzle %u (%s): the %d-clue target was not reached in %s; the closest has %d clues\n"),
             result->index + 1, result->id, params->clues, budget, generated->clues);
  else if (params->by_technique)
    fprintf (stderr, _("nonet-cli generate: puzzle %u (%s): no puzzle that needs the %s was found in %s; this is the closest, whose hardest technique is the %s\n"),
             result->index + 1, result->id, ne_core_text (nc_technique_name (params->technique)), budget,
             ne_core_text (nc_technique_name (generated->grade.hardest)));
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
generate_params_from_options (const CliOptions *options, NcGenerateParams *params)
{
  nc_generate_params_init (params);

  if (options->id != NULL)
    {
      const struct { gboolean given; const char *name; } fixed[] = {
        { options->count != CLI_NOT_GIVEN, "-n" },
        { options->clues != CLI_NOT_GIVEN, "--clues" },
        { options->minimal, "--minimal" },
        { options->symmetry != NULL, "--symmetry" },
        { options->difficulty != NULL, "--difficulty" },
        { options->needs != NULL, "--needs" },
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
                              options->symmetry, options->difficulty, options->needs, options->seed,
                              options->count != CLI_NOT_GIVEN ? options->count : 1, "-n", params);
}

typedef struct
{
  CliOptions   *options;
  GCancellable *cancellable;
  int           status;
  gboolean      done;
  int           signal;   /* the signal that stopped the run, or 0 */
} Generation;

/* Each puzzle as soon as it and those before it are done, flushed: a
 * puzzle takes far longer to make than a write, and `| head -1`, a file
 * watched with tail -f or a Ctrl+C all see every puzzle made so far. */
static void
print_result (const NeBatchResult *result, gpointer data)
{
  Generation *generation = data;

  print_generated (result, generation->options, result->index);
  cli_flush_stdout ();
  if (result->generated.status != NC_GENERATE_OK)
    {
      report_closest (result);
      generation->status = CLI_STATUS_NOT_UNIQUE;
    }
  /* Nobody reads the rest: stop making it. */
  if (cli_stdout_failed ())
    g_cancellable_cancel (generation->cancellable);
}

static void
generation_done_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  Generation *generation = data;
  g_autoptr(GError) error = NULL;

  /* Only print_result and on_interrupt cancel. */
  if (!ne_batch_generate_each_finish (result, &error))
    g_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  generation->done = TRUE;
}

typedef struct
{
  Generation *generation;
  int         signal;
} Stop;

static gboolean
on_stop_signal (gpointer data)
{
  const Stop *stop = data;

  if (stop->generation->signal == 0)
    stop->generation->signal = stop->signal;
  g_cancellable_cancel (stop->generation->cancellable);
  return G_SOURCE_CONTINUE;
}

int
cli_generate_puzzles (CliOptions *options)
{
  g_autoptr(GMainContext) context = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  NcGenerateParams params;
  Generation generation = { options };
  /* Ctrl+C, kill and a closed terminal: the signals that end a run. */
  Stop stops[] = { { &generation, SIGINT }, { &generation, SIGTERM }, { &generation, SIGHUP } };
  GSource *sources[G_N_ELEMENTS (stops)];

  if (options->count != CLI_NOT_GIVEN && (options->count < 1 || options->count > 100000))
    {
      fprintf (stderr, _("nonet-cli generate: -n must be between 1 and 100000\n"));
      return CLI_STATUS_BAD_INPUT;
    }
  if (!cli_check_jobs_timeout ("nonet-cli generate", options->jobs, options->timeout))
    return CLI_STATUS_BAD_INPUT;
  if (!generate_params_from_options (options, &params))
    return CLI_STATUS_BAD_INPUT;
  params.budget_seconds = options->timeout;

  cancellable = g_cancellable_new ();
  generation.cancellable = cancellable;
  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  /* They stop the workers; what was printed stays, whole puzzles only. */
  for (guint i = 0; i < G_N_ELEMENTS (stops); i++)
    {
      sources[i] = g_unix_signal_source_new (stops[i].signal);
      g_source_set_callback (sources[i], on_stop_signal, &stops[i], NULL);
      g_source_attach (sources[i], context);
    }

  ne_batch_generate_each_async (&params, options->count != CLI_NOT_GIVEN ? (guint) options->count : 1,
                                options->jobs != CLI_NOT_GIVEN ? (guint) options->jobs : 0,
                                cancellable, print_result, &generation, generation_done_cb, &generation);
  while (!generation.done)
    g_main_context_iteration (context, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      g_source_destroy (sources[i]);
      g_source_unref (sources[i]);
    }
  g_main_context_pop_thread_default (context);

  cli_flush_stdout ();
  if (generation.signal != 0)
    {
      /* Die of the signal, as the shell expects of an interrupted command
       * (it reports status 128 + N, 130 for SIGINT); what is on standard
       * output is kept. */
      fflush (NULL);
      signal (generation.signal, SIG_DFL);
      raise (generation.signal);
    }
  return generation.status;
}
