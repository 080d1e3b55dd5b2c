/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare.c: strategies compared, without GTK: the table nonet-cli
 * and the app share, the lockstep driver (every unfinished run at the same
 * step whenever they stand settled, the rows in the order they finish, the
 * core's exact counts) and the sentences of the propagating events. */

#define G_LOG_DOMAIN "nonet-test"

#include "config.h"

#include <locale.h>

#include "ne-compare.h"
#include "ne-messages.h"

#include "test-util.h"

static const NcStrategy four[] = {
  NC_STRATEGY_READING, NC_STRATEGY_MRV, NC_STRATEGY_MRV_NAKED, NC_STRATEGY_MRV_HIDDEN,
};

/* The CLI's table, column for column. */
static void
test_format_table (void)
{
  NeCompareRow rows[2] = {
    { .strategy = NC_STRATEGY_READING, .seconds = 0.0081,
      .counters = { .attempts = 445778, .backtracks = 49498, .max_depth = 60 } },
    { .strategy = NC_STRATEGY_MRV_NAKED, .seconds = 0.0069,
      .counters = { .attempts = 8295, .backtracks = 1837, .forced = 8251, .max_depth = 21 } },
  };
  g_autofree char *table = ne_compare_format_table (rows, 2);
  g_autofree char *empty = ne_compare_format_table (NULL, 0);

  g_assert_cmpstr (table, ==,
                   "strategy         attempts  backtracks    forced  depth   seconds\n"
                   "reading            445778       49498         0     60     0.008\n"
                   "mrv+singles          8295        1837      8251     21     0.007\n");
  g_assert_cmpstr (empty, ==, "strategy         attempts  backtracks    forced  depth   seconds\n");
}

static void
test_measure (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  NeCompareRow row;

  g_assert_true (ne_compare_measure (&puzzle, NC_STRATEGY_MRV_HIDDEN, &row));
  g_assert_cmpint (row.strategy, ==, NC_STRATEGY_MRV_HIDDEN);
  g_assert_cmpuint (row.counters.attempts, ==, 752);
  g_assert_cmpuint (row.counters.backtracks, ==, 162);
  g_assert_cmpuint (row.counters.forced, ==, 1402);
  g_assert_cmpint (row.counters.max_depth, ==, 13);
  g_assert_cmpfloat (row.seconds, >=, 0);
}

typedef struct
{
  NeCompare *compare;
  guint      n_stepped;
  guint      n_rows;
  guint      n_unequal;    /* settled moments with an unfinished run elsewhere */
  guint64    last_steps;
} Watch;

/* At every settled moment all unfinished runs stand at the same step. */
static void
on_stepped (NeCompare *compare,
            Watch     *watch)
{
  g_assert_true (ne_compare_get_settled (compare));
  watch->n_stepped++;
  for (guint i = 0; i < ne_compare_get_n_runs (compare); i++)
    {
      NeSolveRun *run = ne_compare_get_run (compare, i);

      if (ne_solve_run_get_active (run)
          && ne_solve_run_get_n_events (run) != ne_compare_get_steps (compare))
        watch->n_unequal++;
      /* A finished run took no more than the others were granted. */
      g_assert_cmpuint (ne_solve_run_get_n_events (run), <=, ne_compare_get_steps (compare));
    }
  g_assert_cmpuint (ne_compare_get_steps (compare), >=, watch->last_steps);
  watch->last_steps = ne_compare_get_steps (compare);
}

static void
on_row_added (NeCompare *compare,
              guint      row,
              Watch     *watch)
{
  g_assert_cmpuint (row, ==, watch->n_rows);
  watch->n_rows++;
}

static NeCompare *
watched_compare (const NcGrid *puzzle,
                 Watch        *watch)
{
  NeCompare *compare = ne_compare_new (puzzle, four, G_N_ELEMENTS (four));

  memset (watch, 0, sizeof *watch);
  watch->compare = compare;
  g_signal_connect (compare, "stepped", G_CALLBACK (on_stepped), watch);
  g_signal_connect (compare, "row-added", G_CALLBACK (on_row_added), watch);
  return compare;
}

static void
iterate_until_state (NeCompare      *compare,
                     NeCompareState  state)
{
  while (ne_compare_get_state (compare) != state)
    g_main_context_iteration (NULL, TRUE);
}

/* Unlimited: the four runs in lockstep to the end, the rows in the order of
 * their steps, each with the core's counts; the table holds them so. */
static void
test_lockstep_unlimited (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(NeCompare) compare = NULL;
  static const guint64 attempts[] = { 752, 8295, 90665, 445778 };
  static const guint64 backtracks[] = { 162, 1837, 10041, 49498 };
  static const NcStrategy order[] = {
    NC_STRATEGY_MRV_HIDDEN, NC_STRATEGY_MRV_NAKED, NC_STRATEGY_MRV, NC_STRATEGY_READING,
  };
  g_autofree char *table = NULL;
  guint64 last_events = 0;
  Watch watch;

  compare = watched_compare (&puzzle, &watch);
  g_assert_cmpint (ne_compare_get_state (compare), ==, NE_COMPARE_READY);
  ne_compare_set_speed (compare, 0);
  ne_compare_start (compare);
  g_assert_cmpint (ne_compare_get_state (compare), ==, NE_COMPARE_RUNNING);
  iterate_until_state (compare, NE_COMPARE_FINISHED);

  g_assert_cmpuint (watch.n_rows, ==, 4);
  g_assert_cmpuint (watch.n_unequal, ==, 0);
  g_assert_cmpuint (watch.n_stepped, >, 1);
  for (guint i = 0; i < 4; i++)
    {
      const NeCompareRow *row = ne_compare_get_row (compare, i);
      NeSolveRun *run = ne_compare_get_run (compare, ne_compare_get_row_run (compare, i));

      g_assert_cmpint (row->strategy, ==, order[i]);
      g_assert_cmpint (ne_solve_run_get_strategy (run), ==, order[i]);
      g_assert_cmpuint (row->counters.attempts, ==, attempts[i]);
      g_assert_cmpuint (row->counters.backtracks, ==, backtracks[i]);
      g_assert_cmpfloat (row->seconds, >=, 0);
      /* Finished in the order of their steps. */
      g_assert_cmpuint (ne_solve_run_get_n_events (run), >=, last_events);
      last_events = ne_solve_run_get_n_events (run);
    }
  g_assert_cmpuint (ne_compare_get_row (compare, 1)->counters.forced, ==, 8251);
  g_assert_cmpuint (ne_compare_get_row (compare, 0)->counters.forced, ==, 1402);

  table = ne_compare_dup_table (compare);
  g_assert_nonnull (strstr (table, "\nmrv+hidden            752         162      1402     13 "));
  g_assert_nonnull (strstr (table, "\nreading            445778       49498         0     60 "));
  g_assert_true (g_str_has_prefix (table, "strategy "));
}

/* Paced, paused mid-run: once settled every run stands at the same step;
 * a step moves each one on by exactly one; a stop ends it, nothing after. */
static void
test_pause_step_stop (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(NeCompare) compare = NULL;
  guint64 steps;
  Watch watch;

  compare = watched_compare (&puzzle, &watch);
  ne_compare_set_speed (compare, 2000);
  ne_compare_start (compare);
  while (ne_compare_get_steps (compare) < 200)
    g_main_context_iteration (NULL, TRUE);
  ne_compare_set_paused (compare, TRUE);
  g_assert_cmpint (ne_compare_get_state (compare), ==, NE_COMPARE_PAUSED);
  while (!ne_compare_get_settled (compare))
    g_main_context_iteration (NULL, TRUE);

  steps = ne_compare_get_steps (compare);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (ne_solve_run_get_n_events (ne_compare_get_run (compare, i)), ==, steps);

  ne_compare_step (compare);
  g_assert_false (ne_compare_get_settled (compare));
  while (!ne_compare_get_settled (compare))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ne_compare_get_steps (compare), ==, steps + 1);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (ne_solve_run_get_n_events (ne_compare_get_run (compare, i)), ==, steps + 1);
  g_assert_cmpuint (watch.n_unequal, ==, 0);

  ne_compare_stop (compare);
  g_assert_cmpint (ne_compare_get_state (compare), ==, NE_COMPARE_STOPPED);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  for (guint i = 0; i < 4; i++)
    {
      g_assert_false (ne_solve_run_get_active (ne_compare_get_run (compare, i)));
      g_assert_cmpuint (ne_solve_run_get_n_events (ne_compare_get_run (compare, i)), ==, steps + 1);
    }
  g_assert_cmpuint (watch.n_rows, ==, 0);
}

/* A driver dropped mid-run takes its runs with it; its measurement, still
 * going, finds no one to tell. */
static void
test_dispose_running (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  NeCompare *compare = ne_compare_new (&puzzle, four, 2);

  ne_compare_set_speed (compare, 0);
  ne_compare_start (compare);
  g_main_context_iteration (NULL, FALSE);
  g_object_unref (compare);
  for (int i = 0; i < 100 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

/* The propagating events have sentences of their own, for the step log
 * and the screen reader. */
static void
test_event_sentences (void)
{
  NcEvent naked = { .kind = NC_EVENT_FORCE, .cell = 2, .digit = 4, .candidates = 1 };
  NcEvent hidden = { .kind = NC_EVENT_FORCE, .cell = 2, .digit = 4, .candidates = 0, .unit = NC_UNIT_ROW };
  NcEvent no_digit = { .kind = NC_EVENT_DEAD_END, .cell = 2, .digit = 0 };
  NcEvent no_place = { .kind = NC_EVENT_DEAD_END, .cell = 0, .digit = 4, .unit = NC_UNIT_BOX };
  g_autofree char *a = ne_event_describe (&naked, TRUE);
  g_autofree char *b = ne_event_describe (&hidden, TRUE);
  g_autofree char *c = ne_event_describe (&no_digit, TRUE);
  g_autofree char *d = ne_event_describe (&no_place, TRUE);
  g_autofree char *e = ne_event_speak (&hidden, TRUE);
  g_autofree char *f = ne_event_speak (&no_digit, TRUE);

  g_assert_cmpstr (a, ==, "4 forced at r1c3: the only digit left there");
  g_assert_cmpstr (b, ==, "4 forced at r1c3: the only place for it in row 1");
  g_assert_cmpstr (c, ==, "Dead end: r1c3 has no digit left");
  g_assert_cmpstr (d, ==, "Dead end: 4 has no place left in box 1");
  g_assert_cmpstr (e, ==, "4 forced at row 1, column 3: the only place for it in row 1");
  g_assert_cmpstr (f, ==, "Dead end: row 1, column 3 has no digit left");
}

int
main (int   argc,
      char *argv[])
{
  /* The table groups digits as the locale does: none in C. */
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/compare/format-table", test_format_table);
  g_test_add_func ("/engine/compare/measure", test_measure);
  g_test_add_func ("/engine/compare/lockstep-unlimited", test_lockstep_unlimited);
  g_test_add_func ("/engine/compare/pause-step-stop", test_pause_step_stop);
  g_test_add_func ("/engine/compare/dispose-running", test_dispose_running);
  g_test_add_func ("/engine/messages/force-dead-end", test_event_sentences);

  return g_test_run ();
}
