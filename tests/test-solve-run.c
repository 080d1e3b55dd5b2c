/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-solve-run.c: the animated run as an object, without GTK: the exact
 * counts and board of the core, the time run and the rate (test-rate.c has
 * its arithmetic), "active", and two runs at once on different puzzles. */

#define G_LOG_DOMAIN "nonet-test"

#include "config.h"

#include "ne-solve-run.h"

#include "test-util.h"

typedef struct
{
  guint    n_events;
  guint    n_batches;
  guint    n_running_batches;   /* delivered while not paused */
  guint    n_finished;
  guint    n_active_notify;
  guint    result;
  gboolean active_at_finish;
} Watch;

static void
on_events (NeSolveRun    *run,
           gconstpointer  events,
           guint          n_events,
           Watch         *watch)
{
  g_assert_true (ne_solve_run_get_active (run));
  watch->n_events += n_events;
  watch->n_batches++;
  /* Whatever the speed, a rate from the second delivery on: at Unlimited
   * too, where a batch comes at most once a frame. */
  if (!ne_solve_run_get_paused (run) && ++watch->n_running_batches >= 2)
    g_assert_cmpfloat (ne_solve_run_get_rate (run), >, 0);
}

static void
on_finished (NeSolveRun *run,
             guint       result,
             Watch      *watch)
{
  watch->n_finished++;
  watch->result = result;
  watch->active_at_finish = ne_solve_run_get_active (run);
}

static void
on_notify_active (NeSolveRun *run,
                  GParamSpec *pspec,
                  Watch      *watch)
{
  watch->n_active_notify++;
}

static NeSolveRun *
watched_run (const NcGrid *puzzle,
             Watch        *watch)
{
  NeSolveRun *run = ne_solve_run_new (puzzle, NC_ORDER_READING);

  memset (watch, 0, sizeof *watch);
  g_signal_connect (run, "events", G_CALLBACK (on_events), watch);
  g_signal_connect (run, "finished", G_CALLBACK (on_finished), watch);
  g_signal_connect (run, "notify::active", G_CALLBACK (on_notify_active), watch);
  return run;
}

static void
iterate_until (const guint *count,
               guint        n)
{
  while (*count < n)
    g_main_context_iteration (NULL, TRUE);
}

/* What the reference backtracker alone reports for puzzle. */
static NcCounters
headless_counters (const NcGrid *puzzle)
{
  NcBacktracker bt;

  nc_backtracker_init (&bt, puzzle, NC_ORDER_READING);
  g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_SOLVED);
  return bt.counters;
}

static void
assert_solved (NeSolveRun   *run,
               const Watch  *watch,
               const char   *solution_line,
               guint64       attempts,
               guint64       backtracks)
{
  NcGrid solution = grid_from_line (solution_line);
  const NcRunView *view = ne_solve_run_get_view (run);
  NcCounters counters;
  NcEvent last;

  g_assert_cmpuint (watch->n_finished, ==, 1);
  g_assert_cmpuint (watch->result, ==, NC_EVENT_SOLVED);
  g_assert_false (watch->active_at_finish);
  g_assert_false (ne_solve_run_get_active (run));
  /* Notified on start and at the end. */
  g_assert_cmpuint (watch->n_active_notify, ==, 2);

  ne_solve_run_get_counters (run, &counters);
  g_assert_cmpuint (counters.attempts, ==, attempts);
  g_assert_cmpuint (counters.backtracks, ==, backtracks);
  g_assert_cmpmem (&view->board, sizeof view->board, &solution, sizeof solution);
  g_assert_true (ne_solve_run_get_last_event (run, &last));
  g_assert_cmpint (last.kind, ==, NC_EVENT_SOLVED);

  /* At the end the rate is the run's average. */
  g_assert_cmpint (ne_solve_run_get_elapsed_us (run), >, 0);
  g_assert_cmpfloat_with_epsilon (ne_solve_run_get_rate (run),
                                  watch->n_events * 1e6 / (double) ne_solve_run_get_elapsed_us (run),
                                  1e-6);
}

/* Inkala's 445,778 attempts and 49,498 backtracks in reading order. */
static void
test_inkala (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(NeSolveRun) run = NULL;
  NcEvent last;
  Watch watch;

  run = watched_run (&puzzle, &watch);
  g_assert_false (ne_solve_run_get_active (run));
  g_assert_false (ne_solve_run_get_last_event (run, &last));
  ne_solve_run_start (run);
  g_assert_true (ne_solve_run_get_active (run));
  iterate_until (&watch.n_finished, 1);

  assert_solved (run, &watch, INKALA_SOLUTION, 445778, 49498);
}

/* Two runs side by side, on different puzzles, each reach the core's exact
 * counts and its own solution. */
static void
test_two_at_once (void)
{
  NcGrid inkala = grid_from_line (INKALA);
  NcGrid euler = grid_from_line (EULER1);
  NcCounters euler_counters = headless_counters (&euler);
  g_autoptr(NeSolveRun) a = NULL;
  g_autoptr(NeSolveRun) b = NULL;
  Watch wa, wb;

  a = watched_run (&inkala, &wa);
  b = watched_run (&euler, &wb);
  ne_solve_run_start (a);
  ne_solve_run_start (b);
  iterate_until (&wa.n_finished, 1);
  iterate_until (&wb.n_finished, 1);

  assert_solved (a, &wa, INKALA_SOLUTION, 445778, 49498);
  assert_solved (b, &wb, EULER1_SOLUTION, euler_counters.attempts, euler_counters.backtracks);
}

/* Paused, the time run and the rate stand still, the steps taken then left
 * out of the rate; a step lets exactly one event through; a stopped run is
 * not active, never finishes, and its figures stay. */
static void
test_pause_step_stop (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(NeSolveRun) run = NULL;
  gint64 elapsed;
  double rate;
  guint seen;
  Watch watch;

  run = watched_run (&puzzle, &watch);
  ne_solve_run_set_speed (run, 200);
  ne_solve_run_start (run);
  iterate_until (&watch.n_batches, 2);

  ne_solve_run_set_paused (run, TRUE);
  g_assert_true (ne_solve_run_get_paused (run));
  rate = ne_solve_run_get_rate (run);
  g_assert_cmpfloat (rate, >, 0);
  elapsed = ne_solve_run_get_elapsed_us (run);
  g_usleep (20000);
  g_assert_cmpint (ne_solve_run_get_elapsed_us (run), ==, elapsed);
  g_assert_cmpfloat (ne_solve_run_get_rate (run), ==, rate);

  seen = watch.n_events;
  ne_solve_run_step (run);
  iterate_until (&watch.n_events, seen + 1);
  g_assert_true (ne_solve_run_get_paused (run));
  g_assert_cmpfloat (ne_solve_run_get_rate (run), ==, rate);

  ne_solve_run_set_paused (run, FALSE);
  g_assert_false (ne_solve_run_get_paused (run));
  iterate_until (&watch.n_events, seen + 2);
  g_assert_cmpint (ne_solve_run_get_elapsed_us (run), >, elapsed);

  ne_solve_run_stop (run);
  g_assert_false (ne_solve_run_get_active (run));
  g_assert_cmpuint (watch.n_active_notify, ==, 2);
  elapsed = ne_solve_run_get_elapsed_us (run);
  rate = ne_solve_run_get_rate (run);
  seen = watch.n_events;
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (watch.n_events, ==, seen);
  g_assert_cmpuint (watch.n_finished, ==, 0);
  g_assert_cmpint (ne_solve_run_get_elapsed_us (run), ==, elapsed);
  g_assert_cmpfloat (ne_solve_run_get_rate (run), ==, rate);
}

/* Every strategy, animated, reaches the core's exact counts and its
 * solution: Inkala under MRV + naked singles in 8,295 attempts, 1,837
 * backtracks and 8,251 forced cells. */
static void
test_strategies (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);

  for (int s = 0; s < NC_N_STRATEGIES; s++)
    {
      g_autoptr(NeSolveRun) run = ne_solve_run_new_strategy (&puzzle, (NcStrategy) s);
      NcBacktracker bt;
      NcCounters counters;
      Watch watch = { 0 };

      g_signal_connect (run, "events", G_CALLBACK (on_events), &watch);
      g_signal_connect (run, "finished", G_CALLBACK (on_finished), &watch);
      g_assert_cmpint (ne_solve_run_get_strategy (run), ==, s);
      nc_backtracker_init_strategy (&bt, &puzzle, (NcStrategy) s);
      g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_SOLVED);

      ne_solve_run_start (run);
      iterate_until (&watch.n_finished, 1);
      ne_solve_run_get_counters (run, &counters);
      g_assert_cmpuint (counters.attempts, ==, bt.counters.attempts);
      g_assert_cmpuint (counters.backtracks, ==, bt.counters.backtracks);
      g_assert_cmpuint (counters.forced, ==, bt.counters.forced);
      g_assert_cmpuint (counters.dead_ends, ==, bt.counters.dead_ends);
      g_assert_cmpint (counters.max_depth, ==, bt.counters.max_depth);
      g_assert_cmpuint (ne_solve_run_get_n_events (run), ==, watch.n_events);
      g_assert_cmpmem (&ne_solve_run_get_view (run)->board, sizeof solution, &solution, sizeof solution);
      if (s == NC_STRATEGY_MRV_NAKED)
        {
          g_assert_cmpuint (counters.attempts, ==, 8295);
          g_assert_cmpuint (counters.backtracks, ==, 1837);
          g_assert_cmpuint (counters.forced, ==, 8251);
        }
    }
}

/* The old constructor is the strategy of its order: the same stream. */
static void
test_order_is_strategy (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(NeSolveRun) run = ne_solve_run_new (&puzzle, NC_ORDER_MRV);

  g_assert_cmpint (ne_solve_run_get_strategy (run), ==, NC_STRATEGY_MRV);
  g_clear_object (&run);
  run = ne_solve_run_new (&puzzle, NC_ORDER_READING);
  g_assert_cmpint (ne_solve_run_get_strategy (run), ==, NC_STRATEGY_READING);
}

/* take (n) lets exactly n events through while paused, in however many
 * batches, and no more until the next. */
static void
test_take (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(NeSolveRun) run = NULL;
  Watch watch;

  run = watched_run (&puzzle, &watch);
  ne_solve_run_start (run);
  ne_solve_run_set_paused (run, TRUE);
  ne_solve_run_take (run, 1000);
  iterate_until (&watch.n_events, 1000);
  g_assert_cmpuint (ne_solve_run_get_n_events (run), ==, 1000);
  ne_solve_run_take (run, 70000);
  iterate_until (&watch.n_events, 71000);
  /* Nothing beyond the grant, once the pending sources have had their say. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (watch.n_events, ==, 71000);
  g_assert_true (ne_solve_run_get_paused (run));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/solve-run/inkala", test_inkala);
  g_test_add_func ("/engine/solve-run/two-at-once", test_two_at_once);
  g_test_add_func ("/engine/solve-run/pause-step-stop", test_pause_step_stop);
  g_test_add_func ("/engine/solve-run/strategies", test_strategies);
  g_test_add_func ("/engine/solve-run/order-is-strategy", test_order_is_strategy);
  g_test_add_func ("/engine/solve-run/take", test_take);

  return g_test_run ();
}
