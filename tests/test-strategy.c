/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-strategy.c: the strategies people compare, counted exactly: hand
 * counted small cases, the reference's figures, agreement with the reference
 * on a shared set, and an event stream that replays onto the board. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nc-backtrack.h"
#include "test-util.h"

/* Runs strategy on line to the first SOLVED or EXHAUSTED, checking on the way
 * that the run's view, fed every event, always shows the search's board. */
static NcEventKind
run_checked (const char *line, NcStrategy strategy, NcBacktracker *bt)
{
  NcGrid puzzle = grid_from_line (line);
  NcRunView view;
  NcEvent event;

  nc_backtracker_init_strategy (bt, &puzzle, strategy);
  nc_run_view_init (&view, &puzzle);
  while (nc_backtracker_step (bt, &event))
    {
      nc_run_view_apply (&view, &event, 1);
      g_assert_true (nc_grid_equal (&view.board, &bt->grid));
      if (event.kind == NC_EVENT_FORCE)
        g_assert_cmpint (event.depth, ==, bt->counters.depth);
      if (event.kind == NC_EVENT_SOLVED || event.kind == NC_EVENT_EXHAUSTED)
        return event.kind;
    }
  g_assert_not_reached ();
}

typedef struct
{
  NcStrategy  strategy;
  NcEventKind result;
  guint64     attempts, placements, backtracks, forced, dead_ends;
  int         max_depth;
} Expected;

static void
check_counts (const char *line, const Expected *cases, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      NcBacktracker bt;

      g_test_message ("%s", nc_strategy_name (cases[i].strategy));
      g_assert_cmpint (run_checked (line, cases[i].strategy, &bt), ==, cases[i].result);
      g_assert_cmpuint (bt.counters.attempts, ==, cases[i].attempts);
      g_assert_cmpuint (bt.counters.placements, ==, cases[i].placements);
      g_assert_cmpuint (bt.counters.backtracks, ==, cases[i].backtracks);
      g_assert_cmpuint (bt.counters.forced, ==, cases[i].forced);
      g_assert_cmpuint (bt.counters.dead_ends, ==, cases[i].dead_ends);
      g_assert_cmpint (bt.counters.max_depth, ==, cases[i].max_depth);
    }
}

/* The first event of strategy on line, as nc_event_format writes it. */
static void
check_first_event (const char *line, NcStrategy strategy, const char *expected)
{
  NcGrid puzzle = grid_from_line (line);
  NcBacktracker bt;
  NcEvent event;
  char text[48];

  nc_backtracker_init_strategy (&bt, &puzzle, strategy);
  g_assert_true (nc_backtracker_step (&bt, &event));
  nc_event_format (&event, text, sizeof text);
  g_assert_cmpstr (text, ==, expected);
}

/* r1c1 empty in Inkala's solution: its digit is 8, so the searches that try
 * test 1..8 there (7 rejected, 8 placed); the singles force it. */
static void
test_one_short (void)
{
  char line[NC_CELLS + 1];
  const Expected cases[] = {
    { NC_STRATEGY_READING, NC_EVENT_SOLVED, 8, 1, 0, 0, 0, 1 },
    { NC_STRATEGY_MRV, NC_EVENT_SOLVED, 8, 1, 0, 0, 0, 1 },
    { NC_STRATEGY_MRV_FORWARD, NC_EVENT_SOLVED, 8, 1, 0, 0, 0, 1 },
    { NC_STRATEGY_MRV_NAKED, NC_EVENT_SOLVED, 0, 0, 0, 1, 0, 0 },
    { NC_STRATEGY_MRV_HIDDEN, NC_EVENT_SOLVED, 0, 0, 0, 1, 0, 0 },
  };

  strcpy (line, INKALA_SOLUTION);
  line[0] = '.';
  check_counts (line, cases, G_N_ELEMENTS (cases));
}

/* r1c9 has no legal digit among the givens: forward checking stops before
 * any attempt, where MRV chooses r1c9 and tests its nine digits. */
static void
test_dead_at_start (void)
{
  const char *line = "12345678.........9...............................................................";
  const Expected cases[] = {
    { NC_STRATEGY_MRV, NC_EVENT_EXHAUSTED, 9, 0, 0, 0, 0, 0 },
    { NC_STRATEGY_MRV_FORWARD, NC_EVENT_EXHAUSTED, 0, 0, 0, 0, 1, 0 },
    { NC_STRATEGY_MRV_NAKED, NC_EVENT_EXHAUSTED, 0, 0, 0, 0, 1, 0 },
    { NC_STRATEGY_MRV_HIDDEN, NC_EVENT_EXHAUSTED, 0, 0, 0, 0, 1, 0 },
  };

  check_counts (line, cases, G_N_ELEMENTS (cases));
  check_first_event (line, NC_STRATEGY_MRV_FORWARD, "dead end r1c9");
}

/* 1..6 in r1c1..r1c6 and 7 at r2c7: r1c7, r1c8, r1c9 each allow 8 and 9
 * only, and row 1 has no place for its 7. Counted by hand:
 * - MRV+fc chooses r1c7 (7 rejected, 8 placed), r1c8 (9 tested, 9 placed),
 *   then r1c9 is dead: 9 taken back, r1c8 has no digit left, 8 taken back;
 *   r1c7 9 placed (18), r1c8 8 placed (26), dead again, 8 taken back, 9
 *   rejected (27), 9 taken back from r1c7: 27 attempts, 4 placements, 4
 *   backtracks, 2 dead ends. MRV tests r1c9's nine digits at each dead end.
 * - MRV+singles places r1c7 8 (8 attempts), forces r1c8 9, r1c9 is dead,
 *   both go; r1c7 9 (9), forces r1c8 8, dead again.
 * - Hidden singles see at once that row 1 has no place for 7. */
static void
test_dead_after_placement (void)
{
  const char *line = "123456.........7.................................................................";
  const Expected cases[] = {
    { NC_STRATEGY_MRV, NC_EVENT_EXHAUSTED, 27 + 2 * 9, 4, 4, 0, 0, 2 },
    { NC_STRATEGY_MRV_FORWARD, NC_EVENT_EXHAUSTED, 27, 4, 4, 0, 2, 2 },
    { NC_STRATEGY_MRV_NAKED, NC_EVENT_EXHAUSTED, 9, 2, 2, 2, 2, 1 },
    { NC_STRATEGY_MRV_HIDDEN, NC_EVENT_EXHAUSTED, 0, 0, 0, 0, 1, 0 },
  };

  check_counts (line, cases, G_N_ELEMENTS (cases));
  check_first_event (line, NC_STRATEGY_MRV_HIDDEN, "dead end 7 row 1");
}

/* Row 1 of Inkala's solution emptied: every cell of it has one legal digit
 * (its column holds the other eight), so naked singles finish the grid
 * without a single attempt, and going on proves it unique. */
static void
test_singles_finish (void)
{
  char line[NC_CELLS + 1];
  NcBacktracker bt;
  NcGrid solution = grid_from_line (INKALA_SOLUTION);

  strcpy (line, INKALA_SOLUTION);
  memset (line, '.', 9);
  for (NcStrategy s = NC_STRATEGY_MRV_NAKED; s <= NC_STRATEGY_MRV_HIDDEN; s++)
    {
      g_assert_cmpint (run_checked (line, s, &bt), ==, NC_EVENT_SOLVED);
      g_assert_true (nc_grid_equal (&bt.grid, &solution));
      g_assert_cmpuint (bt.counters.attempts, ==, 0);
      g_assert_cmpuint (bt.counters.placements, ==, 0);
      g_assert_cmpuint (bt.counters.forced, ==, 9);
      g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_EXHAUSTED);
      g_assert_cmpuint (bt.counters.solutions, ==, 1);
      g_assert_cmpuint (bt.counters.backtracks, ==, 0);
      check_first_event (line, s, "force r1c1 8");
    }
}

/* The reference's figures are the first two strategies' figures. */
static void
test_reference_unchanged (void)
{
  NcBacktracker bt, ref;
  NcGrid puzzle = grid_from_line (INKALA);

  g_assert_cmpint (run_checked (INKALA, NC_STRATEGY_READING, &bt), ==, NC_EVENT_SOLVED);
  g_assert_cmpuint (bt.counters.attempts, ==, 445778);
  g_assert_cmpuint (bt.counters.backtracks, ==, 49498);
  g_assert_cmpuint (bt.counters.forced, ==, 0);
  g_assert_cmpuint (bt.counters.dead_ends, ==, 0);
  nc_backtracker_init (&ref, &puzzle, NC_ORDER_MRV);
  g_assert_cmpint (nc_backtracker_run (&ref), ==, NC_EVENT_SOLVED);
  g_assert_cmpint (run_checked (INKALA, NC_STRATEGY_MRV, &bt), ==, NC_EVENT_SOLVED);
  g_assert_cmpmem (&bt.counters, sizeof bt.counters, &ref.counters, sizeof ref.counters);
}

/* Every strategy finds the reference's solution and no other; the counts
 * keep their invariants, repeat exactly, and forward checking is MRV less
 * the nine attempts MRV spends at each dead cell. */
static void
check_puzzle (const char *line)
{
  NcGrid puzzle = grid_from_line (line);
  NcBacktracker ref, mrv;
  NcGrid solution;

  nc_backtracker_init (&ref, &puzzle, NC_ORDER_MRV);
  g_assert_cmpint (nc_backtracker_run (&ref), ==, NC_EVENT_SOLVED);
  solution = ref.grid;
  g_assert_cmpint (nc_backtracker_run (&ref), ==, NC_EVENT_EXHAUSTED);
  for (NcStrategy s = NC_STRATEGY_MRV; s < NC_N_STRATEGIES; s++)
    {
      NcBacktracker bt, again;

      g_assert_cmpint (run_checked (line, s, &bt), ==, NC_EVENT_SOLVED);
      g_assert_true (nc_grid_equal (&bt.grid, &solution));
      g_assert_cmpuint (bt.counters.placements - bt.counters.backtracks, ==, (guint64) bt.counters.depth);
      g_assert_cmpuint (bt.counters.attempts, >=, bt.counters.placements);
      g_assert_cmpuint (bt.counters.backtracks, <=, bt.counters.placements);
      g_assert_cmpint (bt.counters.max_depth, >=, bt.counters.depth);
      g_assert_cmpuint (bt.counters.placements + bt.counters.forced, >=,
                        (guint64) (NC_CELLS - nc_grid_count_filled (&puzzle)));
      if (s == NC_STRATEGY_MRV)
        mrv = bt;
      if (s == NC_STRATEGY_MRV_FORWARD)
        {
          g_assert_cmpuint (bt.counters.placements, ==, mrv.counters.placements);
          g_assert_cmpuint (bt.counters.backtracks, ==, mrv.counters.backtracks);
          g_assert_cmpuint (bt.counters.attempts + 9 * bt.counters.dead_ends, ==, mrv.counters.attempts);
        }
      if (s >= NC_STRATEGY_MRV_NAKED)
        g_assert_cmpuint (bt.counters.attempts, <=, mrv.counters.attempts);
      nc_backtracker_init_strategy (&again, &puzzle, s);
      g_assert_cmpint (nc_backtracker_run (&again), ==, NC_EVENT_SOLVED);
      g_assert_cmpmem (&again.counters, sizeof again.counters, &bt.counters, sizeof bt.counters);
      g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_EXHAUSTED);
      g_assert_cmpuint (bt.counters.solutions, ==, 1);
      g_assert_cmpint (bt.counters.depth, ==, 0);
    }
}

static void
test_shared_set (void)
{
  g_autoptr (GPtrArray) lines = test_read_shared ("magictour-top1465.txt", 97, 16);

  check_puzzle (INKALA);
  check_puzzle (EULER1);
  if (lines == NULL)
    {
      g_test_skip ("NONET_SHARED_DATA has no magictour-top1465.txt");
      return;
    }
  g_assert_cmpuint (lines->len, >, 0);
  for (guint i = 0; i < lines->len; i++)
    check_puzzle (g_ptr_array_index (lines, i));
}

/* A second solution is found by every strategy, forced cells included. */
static void
test_second_solution (void)
{
  NcGrid solved = grid_from_line ("123456789456789123789123456214365897365897214897214365531642978642978531978531642");
  char line[NC_CELLS + 1];

  solved.cell[0] = solved.cell[1] = solved.cell[27] = solved.cell[28] = 0;
  solved.cell[80] = 0;   /* a forced cell beside the deadly rectangle */
  nc_grid_format_line (&solved, '.', line);
  for (NcStrategy s = NC_STRATEGY_READING; s < NC_N_STRATEGIES; s++)
    {
      NcBacktracker bt;

      g_assert_cmpint (run_checked (line, s, &bt), ==, NC_EVENT_SOLVED);
      g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_SOLVED);
      g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_EXHAUSTED);
      g_assert_cmpuint (bt.counters.solutions, ==, 2);
    }
}

static void
test_names (void)
{
  for (NcStrategy s = NC_STRATEGY_READING; s < NC_N_STRATEGIES; s++)
    {
      NcStrategy back;

      g_assert_true (nc_strategy_from_name (nc_strategy_name (s), &back));
      g_assert_cmpint (back, ==, s);
    }
  g_assert_cmpstr (nc_strategy_name (NC_STRATEGY_MRV_FORWARD), ==, "mrv+fc");
  g_assert_cmpstr (nc_strategy_name (NC_STRATEGY_MRV_NAKED), ==, "mrv+singles");
  g_assert_false (nc_strategy_from_name ("MRV", &(NcStrategy) { 0 }));
  g_assert_false (nc_strategy_from_name ("", &(NcStrategy) { 0 }));
}

static void
test_event_format (void)
{
  struct { NcEvent event; const char *text; } cases[] = {
    { { .kind = NC_EVENT_FORCE, .cell = 2, .digit = 4, .candidates = 1 }, "force r1c3 4" },
    { { .kind = NC_EVENT_FORCE, .cell = 2, .digit = 4, .unit = NC_UNIT_COLUMN }, "force r1c3 4 column 3" },
    { { .kind = NC_EVENT_DEAD_END, .cell = 80 }, "dead end r9c9" },
    { { .kind = NC_EVENT_DEAD_END, .cell = 60, .digit = 5, .unit = NC_UNIT_BOX }, "dead end 5 box 9" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char text[48];

      nc_event_format (&cases[i].event, text, sizeof text);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/strategy/one-short", test_one_short);
  g_test_add_func ("/strategy/dead-at-start", test_dead_at_start);
  g_test_add_func ("/strategy/dead-after-placement", test_dead_after_placement);
  g_test_add_func ("/strategy/singles-finish", test_singles_finish);
  g_test_add_func ("/strategy/reference-unchanged", test_reference_unchanged);
  g_test_add_func ("/strategy/shared-set", test_shared_set);
  g_test_add_func ("/strategy/second-solution", test_second_solution);
  g_test_add_func ("/strategy/names", test_names);
  g_test_add_func ("/strategy/event-format", test_event_format);
  return g_test_run ();
}
