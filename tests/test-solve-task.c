/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-solve-task.c: the step stream from the worker to the main context:
 * the exact event sequence of the core, bounded memory, pause, step, stop,
 * replacement; and the fast solver off the main thread. */

#define G_LOG_DOMAIN "nonet-test"

#include "config.h"

#include "ne-solve-task.h"

#include "nc-solver.h"
#include "test-util.h"

/* A puzzle without conflicting givens but with no solution: r1c9 can only be
 * 9, and column 9 already holds one. */
#define NO_SOLUTION "12345678.........9" \
                    "........................................................" \
                    "......."

typedef struct
{
  GArray  *events;      /* every NcEvent delivered, in order */
  guint    n_batches;
  guint    max_batch;
  guint    n_finished;
  guint    result;
  gboolean finished_after_events;
  /* When set, stop the task from inside the handler at this batch. */
  guint    stop_at_batch;
} Received;

static void
received_init (Received *r)
{
  memset (r, 0, sizeof *r);
  r->events = g_array_new (FALSE, FALSE, sizeof (NcEvent));
}

static void
received_clear (Received *r)
{
  g_array_unref (r->events);
}

static void
on_events (NeSolveTask   *task,
           gconstpointer  events,
           guint          n_events,
           gpointer       user_data)
{
  Received *r = user_data;

  g_assert_cmpuint (n_events, >, 0);
  g_assert_cmpuint (n_events, <=, NE_SOLVE_TASK_QUEUE_CAPACITY);
  g_assert_cmpuint (r->n_finished, ==, 0);
  g_array_append_vals (r->events, events, n_events);
  r->n_batches++;
  r->max_batch = MAX (r->max_batch, n_events);
  if (r->stop_at_batch != 0 && r->n_batches == r->stop_at_batch)
    ne_solve_task_stop (task);
}

static void
on_finished (NeSolveTask *task,
             guint        result,
             gpointer     user_data)
{
  Received *r = user_data;

  r->n_finished++;
  r->result = result;
  r->finished_after_events = r->events->len > 0;
  g_assert_false (ne_solve_task_get_running (task));
}

static NeSolveTask *
task_new_connected (const char *line,
                    NcOrder     order,
                    Received   *r)
{
  NcGrid puzzle = grid_from_line (line);
  NeSolveTask *task = ne_solve_task_new (&puzzle, order);

  g_signal_connect (task, "events", G_CALLBACK (on_events), r);
  g_signal_connect (task, "finished", G_CALLBACK (on_finished), r);
  return task;
}

static gboolean
set_flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the default context for about ms milliseconds. */
static void
iterate_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, set_flag_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
timeout_fail_cb (gpointer data)
{
  g_error ("timed out waiting for %s", (const char *) data);
  return G_SOURCE_REMOVE;
}

/* Runs the default context until *count reaches at least target. */
static void
iterate_until (const guint *count,
               guint        target,
               const char  *what)
{
  guint id = g_timeout_add_seconds (60, timeout_fail_cb, (gpointer) what);

  while (*count < target)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
}

/* The core's own sequence, up to and including the first SOLVED/EXHAUSTED. */
static GArray *
core_sequence (const char    *line,
               NcOrder        order,
               NcCounters    *counters)
{
  NcGrid puzzle = grid_from_line (line);
  NcBacktracker bt;
  GArray *events = g_array_new (FALSE, FALSE, sizeof (NcEvent));
  NcEvent event;

  nc_backtracker_init (&bt, &puzzle, order);
  while (nc_backtracker_step (&bt, &event))
    {
      g_array_append_val (events, event);
      if (event.kind == NC_EVENT_SOLVED || event.kind == NC_EVENT_EXHAUSTED)
        break;
    }
  if (counters != NULL)
    *counters = bt.counters;
  return events;
}

static void
assert_same_events (GArray *expected,
                    GArray *got,
                    guint   n)
{
  g_assert_cmpuint (got->len, >=, n);
  g_assert_cmpuint (expected->len, >=, n);
  for (guint i = 0; i < n; i++)
    {
      const NcEvent *a = &g_array_index (expected, NcEvent, i);
      const NcEvent *b = &g_array_index (got, NcEvent, i);

      if (memcmp (a, b, sizeof *a) != 0)
        {
          char ea[48], eb[48];

          nc_event_format (a, ea, sizeof ea);
          nc_event_format (b, eb, sizeof eb);
          g_error ("event %u: expected \"%s\", got \"%s\"", i, ea, eb);
        }
    }
}

static void
assert_counters_equal (const NcCounters *a,
                       const NcCounters *b)
{
  g_assert_cmpuint (a->attempts, ==, b->attempts);
  g_assert_cmpuint (a->backtracks, ==, b->backtracks);
  g_assert_cmpuint (a->placements, ==, b->placements);
  g_assert_cmpuint (a->solutions, ==, b->solutions);
  g_assert_cmpint (a->depth, ==, b->depth);
  g_assert_cmpint (a->max_depth, ==, b->max_depth);
}

/* Runs line to the end at unlimited speed and checks every event and counter. */
static void
check_full_run (const char *line,
                NcOrder     order,
                guint       expected_result,
                NcCounters *out_counters)
{
  Received r;
  NcCounters core_counters, counters;
  g_autoptr(GArray) expected = core_sequence (line, order, &core_counters);
  g_autoptr(NeSolveTask) task = NULL;

  received_init (&r);
  task = task_new_connected (line, order, &r);
  g_assert_false (ne_solve_task_get_running (task));
  ne_solve_task_start (task);
  g_assert_true (ne_solve_task_get_running (task));
  iterate_until (&r.n_finished, 1, "finished");

  g_assert_cmpuint (r.n_finished, ==, 1);
  g_assert_cmpuint (r.result, ==, expected_result);
  g_assert_true (r.finished_after_events);
  g_assert_false (ne_solve_task_get_running (task));
  g_assert_cmpuint (r.events->len, ==, expected->len);
  assert_same_events (expected, r.events, expected->len);

  ne_solve_task_get_counters (task, &counters);
  assert_counters_equal (&counters, &core_counters);

  g_assert_cmpuint (ne_solve_task_get_max_queued (task), >, 0);
  g_assert_cmpuint (ne_solve_task_get_max_queued (task), <=, NE_SOLVE_TASK_QUEUE_CAPACITY);
  g_test_message ("%u events in %u batches (largest %u), queue peak %u",
                  r.events->len, r.n_batches, r.max_batch,
                  ne_solve_task_get_max_queued (task));

  /* Nothing more comes once it is over. */
  iterate_for (50);
  g_assert_cmpuint (r.n_finished, ==, 1);
  g_assert_cmpuint (r.events->len, ==, expected->len);

  if (out_counters != NULL)
    *out_counters = counters;
  received_clear (&r);
}

static void
test_sequence_reading (void)
{
  NcCounters counters;

  check_full_run (INKALA, NC_ORDER_READING, NC_EVENT_SOLVED, &counters);
  g_assert_cmpuint (counters.attempts, ==, 445778);
  g_assert_cmpuint (counters.backtracks, ==, 49498);
  g_assert_cmpuint (counters.solutions, ==, 1);
}

static void
test_sequence_mrv (void)
{
  check_full_run (INKALA, NC_ORDER_MRV, NC_EVENT_SOLVED, NULL);
  check_full_run (EULER1, NC_ORDER_MRV, NC_EVENT_SOLVED, NULL);
}

static void
test_exhausted (void)
{
  NcCounters counters;

  check_full_run (NO_SOLUTION, NC_ORDER_READING, NC_EVENT_EXHAUSTED, &counters);
  g_assert_cmpuint (counters.attempts, ==, 9);
  g_assert_cmpuint (counters.solutions, ==, 0);
}

/* The queue bounds memory: at unlimited speed a slow consumer meets a full
 * queue, and the worker waits instead of growing it. */
static void
test_queue_bound (void)
{
  Received r;
  g_autoptr(GArray) expected = core_sequence (INKALA, NC_ORDER_READING, NULL);
  g_autoptr(NeSolveTask) task = NULL;

  received_init (&r);
  task = task_new_connected (INKALA, NC_ORDER_READING, &r);
  ne_solve_task_start (task);
  /* The main thread is busy: the worker fills the queue and must wait. */
  g_usleep (300 * 1000);
  g_assert_cmpuint (ne_solve_task_get_max_queued (task), <=, NE_SOLVE_TASK_QUEUE_CAPACITY);
  iterate_until (&r.n_finished, 1, "finished");
  g_assert_cmpuint (ne_solve_task_get_max_queued (task), <=, NE_SOLVE_TASK_QUEUE_CAPACITY);
  g_assert_cmpuint (r.max_batch, <=, NE_SOLVE_TASK_QUEUE_CAPACITY);
  g_assert_cmpuint (r.events->len, ==, expected->len);
  assert_same_events (expected, r.events, expected->len);
  received_clear (&r);
}

/* At a set speed the worker paces itself. Only a loose lower bound, which
 * pacing guarantees: event k is queued no sooner than k / speed seconds
 * after the start. The measured rate is reported, not asserted. */
static void
test_slow_speed (void)
{
  Received r;
  g_autoptr(GArray) expected = core_sequence (INKALA, NC_ORDER_READING, NULL);
  g_autoptr(NeSolveTask) task = NULL;
  gint64 start, elapsed;
  guint n = 100;

  received_init (&r);
  task = task_new_connected (INKALA, NC_ORDER_READING, &r);
  ne_solve_task_set_speed (task, 200);
  g_assert_cmpuint (ne_solve_task_get_speed (task), ==, 200);
  start = g_get_monotonic_time ();
  ne_solve_task_start (task);
  while (r.events->len < n)
    g_main_context_iteration (NULL, TRUE);
  elapsed = g_get_monotonic_time () - start;
  ne_solve_task_stop (task);

  assert_same_events (expected, r.events, r.events->len);
  g_assert_cmpint (elapsed, >=, (gint64) (n - 1) * G_USEC_PER_SEC / 200);
  g_test_message ("%u events at 200/s in %.3f s (%.1f/s), %u batches",
                  r.events->len, elapsed / 1e6,
                  (r.events->len - 1) / (elapsed / 1e6), r.n_batches);

  /* Changing the speed while running keeps the sequence intact. */
  g_array_set_size (r.events, 0);
  ne_solve_task_start (task);
  while (r.events->len < 20)
    g_main_context_iteration (NULL, TRUE);
  ne_solve_task_set_speed (task, 0);
  iterate_until (&r.n_finished, 1, "finished");
  g_assert_cmpuint (r.events->len, ==, expected->len);
  assert_same_events (expected, r.events, expected->len);
  received_clear (&r);
}

static void
test_pause_step_resume (void)
{
  Received r;
  NcCounters core_counters, counters;
  g_autoptr(GArray) expected = core_sequence (INKALA, NC_ORDER_READING, &core_counters);
  g_autoptr(NeSolveTask) task = NULL;
  guint seen;

  received_init (&r);
  task = task_new_connected (INKALA, NC_ORDER_READING, &r);

  /* Started paused: nothing arrives. */
  ne_solve_task_pause (task);
  g_assert_true (ne_solve_task_get_paused (task));
  ne_solve_task_start (task);
  iterate_for (100);
  g_assert_cmpuint (r.events->len, ==, 0);

  /* Each step lets exactly one event through. */
  for (guint i = 1; i <= 3; i++)
    {
      ne_solve_task_step (task);
      iterate_until (&r.events->len, i, "a step");
      iterate_for (30);
      g_assert_cmpuint (r.events->len, ==, i);
    }
  assert_same_events (expected, r.events, r.events->len);

  /* Paused mid-run at unlimited speed, with events likely queued. */
  ne_solve_task_resume (task);
  g_assert_false (ne_solve_task_get_paused (task));
  iterate_until (&r.events->len, 1000, "events after resume");
  ne_solve_task_pause (task);
  seen = r.events->len;
  iterate_for (100);
  g_assert_cmpuint (r.events->len, ==, seen);

  ne_solve_task_step (task);
  iterate_until (&r.events->len, seen + 1, "a step");
  iterate_for (30);
  g_assert_cmpuint (r.events->len, ==, seen + 1);
  assert_same_events (expected, r.events, r.events->len);

  ne_solve_task_get_counters (task, &counters);
  g_assert_cmpuint (counters.attempts, <, core_counters.attempts);

  ne_solve_task_resume (task);
  iterate_until (&r.n_finished, 1, "finished");
  g_assert_cmpuint (r.result, ==, NC_EVENT_SOLVED);
  g_assert_cmpuint (r.events->len, ==, expected->len);
  assert_same_events (expected, r.events, expected->len);
  ne_solve_task_get_counters (task, &counters);
  assert_counters_equal (&counters, &core_counters);
  received_clear (&r);
}

/* Step is ignored unless paused, and the end can be reached by steps. */
static void
test_step_to_end (void)
{
  Received r;
  g_autoptr(GArray) expected = core_sequence (NO_SOLUTION, NC_ORDER_READING, NULL);
  g_autoptr(NeSolveTask) task = NULL;

  received_init (&r);
  task = task_new_connected (NO_SOLUTION, NC_ORDER_READING, &r);
  ne_solve_task_pause (task);
  ne_solve_task_start (task);
  for (guint i = 1; i <= expected->len; i++)
    {
      ne_solve_task_step (task);
      iterate_until (&r.events->len, i, "a step");
    }
  iterate_until (&r.n_finished, 1, "finished");
  g_assert_cmpuint (r.result, ==, NC_EVENT_EXHAUSTED);
  g_assert_cmpuint (r.events->len, ==, expected->len);
  assert_same_events (expected, r.events, expected->len);
  received_clear (&r);
}

static void
test_stop (void)
{
  Received r;
  g_autoptr(GArray) expected = core_sequence (INKALA, NC_ORDER_READING, NULL);
  g_autoptr(NeSolveTask) task = NULL;
  guint seen;

  received_init (&r);
  task = task_new_connected (INKALA, NC_ORDER_READING, &r);
  ne_solve_task_start (task);
  iterate_until (&r.n_batches, 1, "a batch");
  /* Let the worker queue more than the main thread has seen. */
  g_usleep (50 * 1000);
  g_assert_cmpuint (ne_solve_task_get_max_queued (task), >, 0);
  ne_solve_task_stop (task);
  g_assert_false (ne_solve_task_get_running (task));
  seen = r.events->len;
  iterate_for (100);
  g_assert_cmpuint (r.events->len, ==, seen);
  g_assert_cmpuint (r.n_finished, ==, 0);
  assert_same_events (expected, r.events, seen);

  /* Stopping twice, or a stopped task, is harmless. */
  ne_solve_task_stop (task);
  ne_solve_task_step (task);
  received_clear (&r);
}

static void
test_stop_in_handler (void)
{
  Received r;
  g_autoptr(NeSolveTask) task = NULL;

  received_init (&r);
  r.stop_at_batch = 2;
  task = task_new_connected (INKALA, NC_ORDER_READING, &r);
  ne_solve_task_start (task);
  iterate_until (&r.n_batches, 2, "two batches");
  iterate_for (100);
  g_assert_cmpuint (r.n_batches, ==, 2);
  g_assert_cmpuint (r.n_finished, ==, 0);
  g_assert_false (ne_solve_task_get_running (task));
  received_clear (&r);
}

/* A new run, on a new task or the same one, sees only its own events. */
static void
test_replace (void)
{
  Received ra, rb;
  g_autoptr(GArray) expected_a = core_sequence (INKALA, NC_ORDER_READING, NULL);
  g_autoptr(GArray) expected_b = core_sequence (EULER1, NC_ORDER_READING, NULL);
  g_autoptr(NeSolveTask) a = NULL;
  g_autoptr(NeSolveTask) b = NULL;
  NcCounters core_counters, counters;
  guint seen_a;

  received_init (&ra);
  received_init (&rb);
  a = task_new_connected (INKALA, NC_ORDER_READING, &ra);
  ne_solve_task_start (a);
  iterate_until (&ra.n_batches, 1, "a batch");
  g_usleep (20 * 1000);
  ne_solve_task_stop (a);
  seen_a = ra.events->len;

  b = task_new_connected (EULER1, NC_ORDER_READING, &rb);
  ne_solve_task_start (b);
  iterate_until (&rb.n_finished, 1, "finished");
  g_assert_cmpuint (ra.events->len, ==, seen_a);
  g_assert_cmpuint (ra.n_finished, ==, 0);
  g_assert_cmpuint (rb.events->len, ==, expected_b->len);
  assert_same_events (expected_b, rb.events, expected_b->len);

  /* Restarting a running task replaces its run: the new one starts over. */
  g_array_set_size (ra.events, 0);
  ne_solve_task_start (a);
  iterate_until (&ra.n_batches, 2, "a batch");
  g_array_set_size (ra.events, 0);
  ra.n_batches = 0;
  ne_solve_task_start (a);
  iterate_until (&ra.n_finished, 1, "finished");
  g_assert_cmpuint (ra.events->len, ==, expected_a->len);
  assert_same_events (expected_a, ra.events, expected_a->len);
  core_sequence (INKALA, NC_ORDER_READING, &core_counters);
  ne_solve_task_get_counters (a, &counters);
  assert_counters_equal (&counters, &core_counters);

  received_clear (&ra);
  received_clear (&rb);
}

/* Dropping the last reference mid-run stops it. */
static void
test_unref_running (void)
{
  Received r;
  NeSolveTask *task;

  received_init (&r);
  task = task_new_connected (INKALA, NC_ORDER_READING, &r);
  ne_solve_task_start (task);
  iterate_until (&r.n_batches, 1, "a batch");
  g_object_unref (task);
  iterate_for (50);
  g_assert_cmpuint (r.n_finished, ==, 0);
  received_clear (&r);
}

static void
solve_fast_done_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static gboolean
solve_fast (const char     *line,
            GCancellable   *cancellable,
            NeSolveResult  *out,
            GError        **error)
{
  NcGrid puzzle = grid_from_line (line);
  g_autoptr(GAsyncResult) result = NULL;

  ne_solve_fast_async (&puzzle, cancellable, solve_fast_done_cb, &result);
  /* The worker has its own copy. */
  memset (&puzzle, 0, sizeof puzzle);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return ne_solve_fast_finish (result, out, error);
}

static void
test_fast_unique (void)
{
  NeSolveResult result;
  NcGrid solution = grid_from_line (EULER1_SOLUTION);
  g_autoptr(GError) error = NULL;

  g_assert_true (solve_fast (EULER1, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.n_solutions, ==, 1);
  g_assert_true (nc_grid_equal (&result.solution, &solution));
  g_assert_cmpint (result.elapsed_us, >=, 0);
}

static void
test_fast_none (void)
{
  NeSolveResult result;
  g_autoptr(GError) error = NULL;

  g_assert_true (solve_fast (NO_SOLUTION, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.n_solutions, ==, 0);
}

static void
test_fast_several (void)
{
  NeSolveResult result;
  char empty[NC_CELLS + 1];
  g_autoptr(GError) error = NULL;

  memset (empty, '.', NC_CELLS);
  empty[NC_CELLS] = '\0';
  g_assert_true (solve_fast (empty, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.n_solutions, ==, 2);
  g_assert_true (nc_grid_is_full (&result.solution));
}

static void
test_fast_cancelled (void)
{
  NeSolveResult result;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (solve_fast (INKALA, cancellable, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_fast_cancelled_running (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  /* Cancelled before the main context hears back: the result is dropped. */
  ne_solve_fast_async (&puzzle, cancellable, solve_fast_done_cb, &result);
  g_cancellable_cancel (cancellable);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (ne_solve_fast_finish (result, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/solve-task/sequence/reading", test_sequence_reading);
  g_test_add_func ("/engine/solve-task/sequence/mrv", test_sequence_mrv);
  g_test_add_func ("/engine/solve-task/sequence/exhausted", test_exhausted);
  g_test_add_func ("/engine/solve-task/queue-bound", test_queue_bound);
  g_test_add_func ("/engine/solve-task/slow-speed", test_slow_speed);
  g_test_add_func ("/engine/solve-task/pause-step-resume", test_pause_step_resume);
  g_test_add_func ("/engine/solve-task/step-to-end", test_step_to_end);
  g_test_add_func ("/engine/solve-task/stop", test_stop);
  g_test_add_func ("/engine/solve-task/stop-in-handler", test_stop_in_handler);
  g_test_add_func ("/engine/solve-task/replace", test_replace);
  g_test_add_func ("/engine/solve-task/unref-running", test_unref_running);
  g_test_add_func ("/engine/solve-task/fast/unique", test_fast_unique);
  g_test_add_func ("/engine/solve-task/fast/none", test_fast_none);
  g_test_add_func ("/engine/solve-task/fast/several", test_fast_several);
  g_test_add_func ("/engine/solve-task/fast/cancelled", test_fast_cancelled);
  g_test_add_func ("/engine/solve-task/fast/cancelled-running", test_fast_cancelled_running);

  return g_test_run ();
}
