/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-batch.c: batch generation over the thread pool: results in index
 * order whatever the number of threads (all at once or one by one), IDs that regenerate their puzzle,
 * prompt cancellation, and progress on the caller's thread at a bounded rate. */

#define G_LOG_DOMAIN "nonet-test-batch"

#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "ne-batch.h"
#include "nc-solver.h"

/* Modest targets keep the suite fast, under the sanitizers too. */
#define TEST_CLUES 30

static NcGenerateParams
test_params (guint64 seed)
{
  NcGenerateParams params;

  nc_generate_params_init (&params);
  params.clues = TEST_CLUES;
  params.seed = seed;
  return params;
}

typedef struct
{
  GMainContext *context;
  GThread      *thread;
  GAsyncResult *result;
  guint         n_calls;
  guint         last_done;
  guint         last_total;
  double        last_fraction;
  double        fraction_before_first;   /* the largest fraction while n_done was 0 */
  GCancellable *cancel_after_first;   /* cancelled on the first progress call */
  gint64        cancel_time;
} Run;

static void
on_progress (guint    n_done,
             guint    n_total,
             double   fraction,
             gpointer user_data)
{
  Run *run = user_data;

  g_assert_true (g_thread_self () == run->thread);
  g_assert_true (g_main_context_is_owner (run->context));
  g_assert_cmpuint (n_done, <=, n_total);
  g_assert_cmpuint (n_done, >=, run->last_done);
  g_assert_cmpfloat (fraction, >=, run->last_fraction);
  g_assert_cmpfloat (fraction, <=, 1.0);
  if (n_done < n_total)
    g_assert_cmpfloat (fraction, <, 1.0);
  run->n_calls++;
  if (n_done == 0)
    run->fraction_before_first = fraction;
  run->last_done = n_done;
  run->last_total = n_total;
  run->last_fraction = fraction;

  if (run->cancel_after_first != NULL && run->cancel_time == 0)
    {
      run->cancel_time = g_get_monotonic_time ();
      g_cancellable_cancel (run->cancel_after_first);
    }
}

static void
on_done (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Run *run = user_data;

  g_assert_true (g_thread_self () == run->thread);
  g_assert_true (g_main_context_is_owner (run->context));
  run->result = g_object_ref (result);
}

/* Runs a batch on a context of its own, pushed as the thread default, so
 * the test sees that progress goes to the caller's context and no other. */
static GPtrArray *
run_batch (const NcGenerateParams *params,
           guint                   count,
           guint                   jobs,
           GCancellable           *cancellable,
           Run                    *run,
           GError                **error)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  GPtrArray *results;

  run->context = context;
  run->thread = g_thread_self ();
  g_main_context_push_thread_default (context);
  ne_batch_generate_async (params, count, jobs, cancellable, on_progress, run, NULL, on_done, run);
  while (run->result == NULL)
    g_main_context_iteration (context, TRUE);
  results = ne_batch_generate_finish (run->result, error);
  g_clear_object (&run->result);
  g_main_context_pop_thread_default (context);
  run->context = NULL;
  return results;
}

static void
assert_same_results (GPtrArray *a,
                     GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const NeBatchResult *x = g_ptr_array_index (a, i);
      const NeBatchResult *y = g_ptr_array_index (b, i);

      g_assert_cmpuint (x->index, ==, i);
      g_assert_cmpuint (y->index, ==, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpint (x->generated.status, ==, y->generated.status);
      g_assert_true (nc_grid_equal (&x->generated.puzzle, &y->generated.puzzle));
      g_assert_true (nc_grid_equal (&x->generated.solution, &y->generated.solution));
    }
}

static void
test_stable_order (void)
{
  NcGenerateParams params = test_params (20261130);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) one = NULL;
  g_autoptr(GPtrArray) four = NULL;
  g_autoptr(GPtrArray) sync = NULL;
  Run run1 = { 0 };
  Run run4 = { 0 };

  one = run_batch (&params, 12, 1, NULL, &run1, &error);
  g_assert_no_error (error);
  four = run_batch (&params, 12, 4, NULL, &run4, &error);
  g_assert_no_error (error);
  assert_same_results (one, four);

  /* The blocking call shares the workers and still reports on this thread. */
  sync = ne_batch_generate (&params, 12, 3, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same_results (one, sync);

  for (guint i = 0; i < one->len; i++)
    {
      const NeBatchResult *result = g_ptr_array_index (one, i);

      g_assert_cmpuint (result->params.seed, ==, ne_batch_seed_for_index (params.seed, i));
      g_assert_cmpuint (result->params.seed, ==, params.seed + i);
      g_assert_cmpint (result->params.clues, ==, TEST_CLUES);
      for (guint j = 0; j < i; j++)
        g_assert_false (nc_grid_equal (&result->generated.puzzle,
                                       &((const NeBatchResult *) g_ptr_array_index (one, j))->generated.puzzle));
    }
}

/* Results handed over one by one keep a copy each, and may cancel. */
typedef struct
{
  GThread      *thread;
  GPtrArray    *results;
  GCancellable *cancel_at;       /* cancelled when cancel_after results came */
  guint         cancel_after;
  gboolean      done;
  gboolean      ok;
  GError       *error;
} EachRun;

static void
on_each (const NeBatchResult *result,
         gpointer             user_data)
{
  EachRun *run = user_data;

  g_assert_true (g_thread_self () == run->thread);
  /* In index order, none skipped. */
  g_assert_cmpuint (result->index, ==, run->results->len);
  g_ptr_array_add (run->results, g_memdup2 (result, sizeof *result));
  if (run->cancel_at != NULL && run->results->len == run->cancel_after)
    g_cancellable_cancel (run->cancel_at);
}

static void
on_each_done (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  EachRun *run = user_data;

  run->ok = ne_batch_generate_each_finish (result, &run->error);
  run->done = TRUE;
}

static void
run_each (const NcGenerateParams *params, guint count, guint jobs, EachRun *run)
{
  g_autoptr(GMainContext) context = g_main_context_new ();

  run->thread = g_thread_self ();
  run->results = g_ptr_array_new_with_free_func (g_free);
  g_main_context_push_thread_default (context);
  ne_batch_generate_each_async (params, count, jobs, run->cancel_at, on_each, run, on_each_done, run);
  while (!run->done)
    g_main_context_iteration (context, TRUE);
  g_main_context_pop_thread_default (context);
}

static void
test_each_in_order (void)
{
  NcGenerateParams params = test_params (20261202);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  EachRun one = { 0 };
  EachRun three = { 0 };
  EachRun cut = { .cancel_at = cancellable, .cancel_after = 2 };

  all = ne_batch_generate (&params, 10, 2, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  run_each (&params, 10, 1, &one);
  g_assert_true (one.ok);
  g_assert_no_error (one.error);
  assert_same_results (all, one.results);
  run_each (&params, 10, 3, &three);
  g_assert_true (three.ok);
  assert_same_results (all, three.results);

  /* Nothing is handed over after a cancel, and the run says so. */
  run_each (&params, 10, 2, &cut);
  g_assert_false (cut.ok);
  g_assert_error (cut.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (cut.results->len, ==, 2);

  g_ptr_array_unref (one.results);
  g_ptr_array_unref (three.results);
  g_ptr_array_unref (cut.results);
  g_clear_error (&cut.error);
}

static void
test_ids_regenerate (void)
{
  NcGenerateParams params = test_params (7);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;

  params.symmetry = NC_SYMMETRY_ROTATE_180;
  results = ne_batch_generate (&params, 6, 2, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 6);

  for (guint i = 0; i < results->len; i++)
    {
      const NeBatchResult *result = g_ptr_array_index (results, i);
      NcGenerateParams decoded;
      NcGenerated alone;
      NcGrid solution;
      const char *message = NULL;

      g_assert_cmpint (result->generated.status, ==, NC_GENERATE_OK);
      g_assert_cmpint (result->generated.clues, ==, TEST_CLUES);
      g_assert_cmpint (nc_grid_count_filled (&result->generated.puzzle), ==, TEST_CLUES);
      g_assert_true (nc_solver_is_unique (&result->generated.puzzle, &solution));
      g_assert_true (nc_grid_equal (&solution, &result->generated.solution));

      g_assert_true (nc_puzzle_id_parse (result->id, &decoded, &message));
      g_assert_null (message);
      g_assert_cmpuint (decoded.seed, ==, params.seed + i);
      g_assert_cmpint (decoded.symmetry, ==, NC_SYMMETRY_ROTATE_180);
      g_assert_cmpint (nc_generate (&decoded, NULL, NULL, &alone), ==, NC_GENERATE_OK);
      g_assert_true (nc_grid_equal (&alone.puzzle, &result->generated.puzzle));
    }
}

static void
test_progress (void)
{
  NcGenerateParams params = test_params (99);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  const guint count = 200;
  Run run = { 0 };
  gint64 start, elapsed_ms;

  /* A lower target gives each puzzle a few milliseconds of work, so the
   * batch lasts several report intervals. */
  params.clues = 22;
  start = g_get_monotonic_time ();
  results = run_batch (&params, count, 0, NULL, &run, &error);
  elapsed_ms = (g_get_monotonic_time () - start) / 1000;
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, count);

  g_assert_cmpuint (run.last_done, ==, count);
  g_assert_cmpuint (run.last_total, ==, count);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);
  /* At most one report per interval, the first at once, plus the last. */
  g_test_message ("%u progress calls for %u puzzles in %" G_GINT64_FORMAT " ms",
                  run.n_calls, count, elapsed_ms);
  g_assert_cmpuint (run.n_calls, >=, 1);
  g_assert_cmpint (run.n_calls, <=, elapsed_ms / NE_BATCH_PROGRESS_INTERVAL_MS + 3);
}

/* A target out of reach in the budget: each puzzle reports its own
 * progress meanwhile, and the result says honestly that it is the closest. */
static void
test_closest (void)
{
  NcGenerateParams params = test_params (3);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  Run run = { 0 };

  params.clues = 17;
  params.budget_seconds = 0.3;
  results = run_batch (&params, 2, 2, NULL, &run, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 2);
  for (guint i = 0; i < results->len; i++)
    {
      const NeBatchResult *result = g_ptr_array_index (results, i);

      g_assert_cmpint (result->generated.status, ==, NC_GENERATE_CLOSEST);
      g_assert_cmpint (result->generated.clues, >, 17);
      g_assert_cmpint (nc_grid_count_filled (&result->generated.puzzle), ==, result->generated.clues);
      g_assert_true (nc_solver_is_unique (&result->generated.puzzle, NULL));
    }
  g_assert_cmpfloat (run.fraction_before_first, >, 0.0);
  g_assert_cmpfloat (run.fraction_before_first, <, 1.0);
  g_assert_cmpuint (run.last_done, ==, 2);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);
}

static void
test_cancel (void)
{
  NcGenerateParams params = test_params (5);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  Run run = { .cancel_after_first = cancellable };
  gint64 latency_ms;

  /* Minimal puzzles at 100000: far more work than the test would wait for. */
  params.clues = NC_CLUES_MINIMAL;
  results = run_batch (&params, 100000, 0, cancellable, &run, &error);
  latency_ms = (g_get_monotonic_time () - run.cancel_time) / 1000;
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (results);
  g_assert_cmpint (run.cancel_time, >, 0);
  g_assert_cmpuint (run.last_done, <, 100000);
  g_test_message ("cancelled in %" G_GINT64_FORMAT " ms", latency_ms);
  /* Generous: without a prompt cancel the batch would run for minutes. */
  g_assert_cmpint (latency_ms, <, 5000);
}

/* Whether a worker of a thread pool has used the processor: GLib names
 * pool threads "pool-<program>", and the kernel counts each thread's time. */
static gboolean
pool_thread_has_run (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc/self/task", tid, "stat", NULL);
      g_autofree char *stat = NULL;
      g_auto(GStrv) fields = NULL;
      const char *name, *after_name;

      if (!g_file_get_contents (path, &stat, NULL, NULL)
          || (name = strchr (stat, '(')) == NULL || (after_name = strrchr (stat, ')')) == NULL)
        continue;
      if (!g_str_has_prefix (name + 1, "pool"))
        continue;
      /* After the name: state, then 10 fields, then utime and stime. */
      fields = g_strsplit (after_name + 2, " ", 14);
      if (g_strv_length (fields) >= 13
          && g_ascii_strtoull (fields[11], NULL, 10) + g_ascii_strtoull (fields[12], NULL, 10) > 0)
        return TRUE;
    }
  return FALSE;
}

/* 80 clues and Medium, which no 80-clue puzzle is, with no budget: the
 * workers used to loop for ever without looking at the cancellable (no
 * solver call is needed that close to a full grid). Cancelled once a worker
 * is at work, the batch completes: cancelled, or done already with the
 * closest puzzles. */
static void
test_cancel_unreachable (void)
{
  NcGenerateParams params = test_params (8);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  Run run = { .context = context, .thread = g_thread_self () };

  params.clues = 80;
  params.by_difficulty = TRUE;
  params.min_grade = params.max_grade = NC_GRADE_MEDIUM;
  params.budget_seconds = 0;
  g_main_context_push_thread_default (context);
  ne_batch_generate_async (&params, 2000, 2, cancellable, on_progress, &run, NULL, on_done, &run);
  /* Waits for state: a worker has run, or the batch is done. */
  while (run.result == NULL && !pool_thread_has_run ())
    {
      g_main_context_iteration (context, FALSE);
      g_usleep (G_USEC_PER_SEC / 1000);
    }
  g_cancellable_cancel (cancellable);
  while (run.result == NULL)
    g_main_context_iteration (context, TRUE);
  results = ne_batch_generate_finish (run.result, &error);
  g_clear_object (&run.result);
  g_main_context_pop_thread_default (context);

  if (results == NULL)
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  else
    for (guint i = 0; i < results->len; i++)
      {
        const NeBatchResult *result = g_ptr_array_index (results, i);

        g_assert_cmpint (result->generated.status, ==, NC_GENERATE_CLOSEST);
        g_assert_cmpint (result->generated.clues, ==, 80);
        g_assert_cmpint (result->generated.grade.grade, ==, NC_GRADE_EASY);
      }
}

static void
test_cancel_before_start (void)
{
  NcGenerateParams params = test_params (5);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;

  g_cancellable_cancel (cancellable);
  results = ne_batch_generate (&params, 50, 2, cancellable, NULL, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (results);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/batch/stable-order", test_stable_order);
  g_test_add_func ("/engine/batch/each-in-order", test_each_in_order);
  g_test_add_func ("/engine/batch/ids-regenerate", test_ids_regenerate);
  g_test_add_func ("/engine/batch/progress", test_progress);
  g_test_add_func ("/engine/batch/closest", test_closest);
  g_test_add_func ("/engine/batch/cancel", test_cancel);
  g_test_add_func ("/engine/batch/cancel-before-start", test_cancel_before_start);
  g_test_add_func ("/engine/batch/cancel-unreachable", test_cancel_unreachable);

  return g_test_run ();
}
