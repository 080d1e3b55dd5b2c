/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-explain.c: a puzzle's lack of solutions explained, and its solutions
 * counted and compared (ne-explain.h). */

#define G_LOG_DOMAIN "nonet-explain"

#include "config.h"

#include "ne-explain.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "nc-solver.h"
#include "ne-messages.h"
#include "ne-progress.h"
#include "ne-tsan-private.h"

/* Events between two looks at the cancellable: a few microseconds' work. */
#define EVENTS_PER_CHECK 4096

/* --- No solution ------------------------------------------------------ */

gboolean
ne_no_solution_explain (const NcGrid  *puzzle,
                        GCancellable  *cancellable,
                        NeNoSolution  *out,
                        GError       **error)
{
  NcBacktracker *bt;
  NcEvent event;
  guint n = 0;
  gboolean ok = FALSE;

  g_return_val_if_fail (puzzle != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (nc_grid_find_conflicts (puzzle, NULL, 0) > 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("This puzzle has a conflict"));
      return FALSE;
    }
  if (nc_grid_find_contradiction (puzzle, &out->why))
    return TRUE;

  /* The reference in reading order, as nonet-cli trace and the animation
   * count: one TRY per digit tested, one BACKTRACK per digit taken back. */
  bt = g_new (NcBacktracker, 1);
  nc_backtracker_init (bt, puzzle, NC_ORDER_READING);
  for (;;)
    {
      if (++n % EVENTS_PER_CHECK == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        break;
      if (!nc_backtracker_step (bt, &event) || event.kind == NC_EVENT_EXHAUSTED)
        {
          out->counters = bt->counters;
          ok = TRUE;
          break;
        }
      if (event.kind == NC_EVENT_SOLVED)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("This puzzle has a solution"));
          break;
        }
    }
  g_free (bt);
  return ok;
}

static void
no_solution_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  NeNoSolution *explained;
  GError *error = NULL;
  gboolean ok;

  tsan_acquire (task);
  explained = g_new (NeNoSolution, 1);
  ok = ne_no_solution_explain (task_data, cancellable, explained, &error);

  /* What the thread wrote is the caller's once the task returns. */
  tsan_release (task);
  if (ok)
    g_task_return_pointer (task, explained, g_free);
  else
    {
      g_free (explained);
      g_task_return_error (task, error);
    }
}

void
ne_no_solution_explain_async (const NcGrid        *puzzle,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ne_no_solution_explain_async);
  g_task_set_name (task, "[nonet] explain no solution");
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_task_data (task, g_memdup2 (puzzle, sizeof *puzzle), g_free);
  /* The thread reads what was set up here. */
  tsan_release (task);
  g_task_run_in_thread (task, no_solution_thread);
}

gboolean
ne_no_solution_explain_finish (GAsyncResult  *result,
                               NeNoSolution  *out,
                               GError       **error)
{
  g_autofree NeNoSolution *explained = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ne_no_solution_explain_async, FALSE);

  tsan_acquire (result);
  explained = g_task_propagate_pointer (G_TASK (result), error);
  if (explained == NULL)
    return FALSE;
  if (out != NULL)
    *out = *explained;
  return TRUE;
}

char *
ne_no_solution_describe (const NeNoSolution *explained)
{
  g_autofree char *attempts = NULL;
  g_autofree char *backtracks = NULL;

  g_return_val_if_fail (explained != NULL, NULL);

  if (explained->why.kind != NC_CONTRADICTION_NONE)
    return ne_contradiction_describe (&explained->why);
  attempts = ne_format_count (explained->counters.attempts);
  backtracks = ne_format_count (explained->counters.backtracks);
  /* Translators: why a puzzle has no solution when no single cell or unit
   * shows it; the first %s counts the digits tried, the second the ones
   * taken back: "the search tried 12,345 digits and took 1,234 back, and
   * every branch failed" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "the search tried %s digit and took %s back, and every branch failed",
                                       "the search tried %s digits and took %s back, and every branch failed",
                                       (gulong) MIN (explained->counters.attempts, G_MAXULONG)),
                          attempts, backtracks);
}

/* --- Several solutions ------------------------------------------------ */

void
ne_solutions_free (NeSolutions *solutions)
{
  if (solutions == NULL)
    return;
  g_clear_pointer (&solutions->kept, g_array_unref);
  g_free (solutions);
}

typedef struct
{
  NcGrid       puzzle;
  guint        limit;
  guint        keep;
  NeSolutions *result;   /* the worker's until it returns */
  /* The count so far, written by the worker, read by the progress report. */
  guint        n_found;
  NeProgress  *progress;
  NeSolutionsProgressFunc progress_func;
  gpointer     progress_data;
  GCancellable *cancellable;
  GTask        *task;    /* borrowed: the task owns this */
} SolutionsCount;

static void
solutions_count_free (gpointer data)
{
  SolutionsCount *count = data;

  if (count->progress != NULL)
    {
      ne_progress_stop (count->progress);
      ne_progress_free (count->progress);
    }
  ne_solutions_free (count->result);
  g_clear_object (&count->cancellable);
  g_free (count);
}

/* On the caller's context: the latest count, unless the answer is in. */
static void
solutions_count_report (gpointer data)
{
  SolutionsCount *count = g_task_get_task_data (G_TASK (data));

  if (g_task_get_completed (count->task) || g_cancellable_is_cancelled (count->cancellable))
    return;
  count->progress_func ((guint) g_atomic_int_get ((gint *) &count->n_found), count->progress_data);
}

static bool
solutions_count_found (const NcGrid *solution,
                       unsigned      index,
                       void         *data)
{
  SolutionsCount *count = data;

  if (index <= count->keep)
    g_array_append_val (count->result->kept, *solution);
  if (index <= count->limit)
    g_atomic_int_set ((gint *) &count->n_found, (gint) index);
  if (count->progress != NULL)
    ne_progress_schedule (count->progress);
  return !g_cancellable_is_cancelled (count->cancellable);
}

static void
solutions_count_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  SolutionsCount *count = task_data;
  NeSolutions *result;
  GError *error = NULL;
  unsigned n;

  tsan_acquire (count);
  /* One past the limit tells "exactly limit" from "more". */
  n = nc_solver_enumerate (&count->puzzle, count->limit + 1, solutions_count_found, count);
  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      tsan_release (task);
      g_task_return_error (task, error);
      return;
    }
  count->result->n_found = MIN (n, count->limit);
  count->result->more = n > count->limit;
  result = g_steal_pointer (&count->result);
  /* What the thread wrote is the caller's once the task returns. */
  tsan_release (task);
  g_task_return_pointer (task, result, (GDestroyNotify) ne_solutions_free);
}

void
ne_solutions_count_async (const NcGrid            *puzzle,
                          guint                    limit,
                          guint                    keep,
                          GCancellable            *cancellable,
                          NeSolutionsProgressFunc  progress,
                          gpointer                 progress_data,
                          GAsyncReadyCallback      callback,
                          gpointer                 user_data)
{
  g_autoptr(GTask) task = NULL;
  SolutionsCount *count;

  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (limit >= 1 && limit < G_MAXUINT);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ne_solutions_count_async);
  g_task_set_name (task, "[nonet] count solutions");
  g_task_set_return_on_cancel (task, FALSE);

  count = g_new0 (SolutionsCount, 1);
  count->puzzle = *puzzle;
  count->limit = limit;
  count->keep = MIN (keep, limit);
  count->result = g_new0 (NeSolutions, 1);
  count->result->limit = limit;
  count->result->kept = g_array_sized_new (FALSE, FALSE, sizeof (NcGrid), MIN (count->keep, 1024));
  /* The worker polls a cancellable even when the caller gave none. */
  count->cancellable = cancellable != NULL ? g_object_ref (cancellable) : g_cancellable_new ();
  count->task = task;
  count->progress_func = progress;
  count->progress_data = progress_data;
  if (progress != NULL)
    count->progress = ne_progress_new (g_task_get_context (task), 100, G_PRIORITY_DEFAULT_IDLE,
                                       "[nonet] solutions counted", solutions_count_report, task,
                                       g_object_ref, g_object_unref);
  g_task_set_task_data (task, count, solutions_count_free);
  /* The thread reads what was set up here. */
  tsan_release (count);
  g_task_run_in_thread (task, solutions_count_thread);
}

NeSolutions *
ne_solutions_count_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ne_solutions_count_async, NULL);

  tsan_acquire (result);
  return g_task_propagate_pointer (G_TASK (result), error);
}

char *
ne_solutions_describe (const NeSolutions *solutions)
{
  g_autofree char *count = NULL;

  g_return_val_if_fail (solutions != NULL, NULL);

  count = ne_format_count (solutions->n_found);
  if (solutions->n_found == 0)
    return g_strdup (_("No solution"));
  if (solutions->more)
    /* Translators: the count stopped at its limit, %s: "More than 100 solutions" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "More than %s solution", "More than %s solutions",
                                         solutions->n_found),
                            count);
  /* Translators: every solution counted: "2 solutions" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s solution", "%s solutions", solutions->n_found),
                          count);
}

char *
ne_solutions_so_far (guint n_found)
{
  g_autofree char *count = ne_format_count (n_found);

  /* Translators: while counting: "1,234 solutions so far" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s solution so far", "%s solutions so far", n_found),
                          count);
}

int
ne_solutions_differences (const NcGrid *a,
                          const NcGrid *b,
                          uint8_t       out[NC_CELLS])
{
  int n = 0;

  g_return_val_if_fail (a != NULL && b != NULL, 0);

  for (int cell = 0; cell < NC_CELLS; cell++)
    if (a->cell[cell] != b->cell[cell])
      out[n++] = (uint8_t) cell;
  return n;
}

char *
ne_solutions_describe_differences (const NcGrid *a,
                                   const NcGrid *b)
{
  g_autoptr(GString) list = g_string_new (NULL);
  uint8_t cells[NC_CELLS];
  int n = ne_solutions_differences (a, b, cells);

  if (n == 0)
    return g_strdup (_("They are the same"));
  for (int i = 0; i < n; i++)
    {
      g_autofree char *where = ne_cell_words (cells[i]);

      if (i > 0)
        /* Translators: between the cells of a list */
        g_string_append (list, _(", "));
      /* Translators: a cell where two solutions differ, with the digit of
       * each: "row 1, column 3 (4 / 7)" */
      g_string_append_printf (list, _("%s (%d / %d)"), where, a->cell[cells[i]], b->cell[cells[i]]);
    }
  /* Translators: %d counts the cells, %s lists them */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "They differ in %d cell: %s", "They differ in %d cells: %s", n),
                          n, list->str);
}
