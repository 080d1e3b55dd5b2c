/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-backtrack.c: the reference backtracker's exact counts, its event
 * stream, and stepping it like the animation does. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nc-backtrack.h"
#include "test-util.h"



/* The definition, written the classic recursive way as an independent oracle:
 * every digit tested at a cell is an attempt, every placement taken back
 * after everything below it failed is a backtrack. */
typedef struct
{
  guint64 attempts;
  guint64 backtracks;
} Oracle;

static int
oracle_pick (const NcGrid *g, NcOrder order)
{
  int best = -1, best_n = 10;

  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      int n = 0;

      if (g->cell[cell])
        continue;
      if (order == NC_ORDER_READING)
        return cell;
      for (int d = 1; d <= 9; d++)
        n += nc_grid_allows (g, cell, d);
      if (n < best_n)
        {
          best = cell;
          best_n = n;
        }
    }
  return best;
}

static gboolean
oracle_solve (NcGrid *g, NcOrder order, Oracle *o)
{
  int cell = oracle_pick (g, order);

  if (cell < 0)
    return TRUE;
  for (int d = 1; d <= 9; d++)
    {
      o->attempts++;
      if (!nc_grid_allows (g, cell, d))
        continue;
      g->cell[cell] = (uint8_t) d;
      if (oracle_solve (g, order, o))
        return TRUE;
      g->cell[cell] = 0;
      o->backtracks++;
    }
  return FALSE;
}

static void
test_exact_counts (void)
{
  struct { const char *puzzle; guint64 attempts, backtracks; } cases[] = {
    { INKALA, 445778, 49498 },
    { EULER1, 1605, 151 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      NcGrid puzzle = grid_from_line (cases[i].puzzle);
      NcBacktracker bt;

      nc_backtracker_init (&bt, &puzzle, NC_ORDER_READING);
      g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_SOLVED);
      g_assert_cmpuint (bt.counters.attempts, ==, cases[i].attempts);
      g_assert_cmpuint (bt.counters.backtracks, ==, cases[i].backtracks);
      g_assert_cmpuint (bt.counters.solutions, ==, 1);
      g_assert_true (nc_grid_is_full (&bt.grid));
      g_assert_cmpuint (nc_grid_find_conflicts (&bt.grid, NULL, 0), ==, 0);
      /* Every placement still standing is a frame: the depth is the number
       * of empty cells, and placements minus backtracks leave exactly them. */
      g_assert_cmpint (bt.counters.depth, ==, NC_CELLS - nc_grid_count_filled (&puzzle));
      g_assert_cmpuint (bt.counters.placements - bt.counters.backtracks, ==, (guint64) bt.counters.depth);
      g_assert_cmpint (bt.counters.max_depth, ==, bt.counters.depth);
    }
}

/* Both orders agree with the oracle on a few puzzles of different kinds. */
static void
test_orders_match_definition (void)
{
  /* Reading order takes the two 17-clue puzzles 29 and 164 million
   * attempts: the oracle would take seconds, so they run under MRV only. */
  struct { const char *puzzle; gboolean mrv_only; } cases[] = {
    { INKALA, FALSE },
    { EULER1, FALSE },
    { "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", TRUE },
    { "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....", TRUE },
    { "123456789000000000000000000000000000000000000000000000000000000000000000000000000", FALSE },
    /* unsolvable without any conflict among the givens: r1c9 has no digit left */
    { "12345678.........9...............................................................", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (NcOrder order = NC_ORDER_READING; order <= NC_ORDER_MRV; order++)
      {
        NcGrid puzzle = grid_from_line (cases[i].puzzle);
        NcGrid oracle_grid = puzzle;
        Oracle oracle = { 0 };
        NcBacktracker bt;
        gboolean solvable;
        NcEventKind result;

        if (cases[i].mrv_only && order == NC_ORDER_READING)
          continue;
        solvable = oracle_solve (&oracle_grid, order, &oracle);
        nc_backtracker_init (&bt, &puzzle, order);
        result = nc_backtracker_run (&bt);
        g_assert_cmpint (result, ==, solvable ? NC_EVENT_SOLVED : NC_EVENT_EXHAUSTED);
        g_assert_cmpuint (bt.counters.attempts, ==, oracle.attempts);
        g_assert_cmpuint (bt.counters.backtracks, ==, oracle.backtracks);
        if (solvable)
          g_assert_true (nc_grid_equal (&bt.grid, &oracle_grid));
      }
}

/* The event stream adds up to the counters, every event is consistent with
 * the board, and replaying the events on the givens rebuilds the board. */
static void
check_stream (const char *line, NcOrder order, guint64 max_events)
{
  NcGrid puzzle = grid_from_line (line);
  NcGrid replay = puzzle;
  NcBacktracker bt;
  NcEvent event;
  guint64 tries = 0, rejects = 0, places = 0, backtracks = 0, chooses = 0, n = 0;
  int last_try_cell = -1, last_try_digit = 0;
  gboolean ended = FALSE;

  nc_backtracker_init (&bt, &puzzle, order);
  while (n < max_events && nc_backtracker_step (&bt, &event))
    {
      n++;
      switch (event.kind)
        {
        case NC_EVENT_CHOOSE:
          {
            int legal = 0;

            chooses++;
            g_assert_cmpint (replay.cell[event.cell], ==, 0);
            for (int d = 1; d <= 9; d++)
              legal += nc_grid_allows (&replay, event.cell, d);
            g_assert_cmpint (event.candidates, ==, legal);
            /* The chosen cell is the first empty one (reading) or the first
             * with the fewest legal digits (MRV). */
            for (int c = 0; c < event.cell; c++)
              {
                int other = 0;

                if (replay.cell[c])
                  continue;
                g_assert_true (order == NC_ORDER_MRV);
                for (int d = 1; d <= 9; d++)
                  other += nc_grid_allows (&replay, c, d);
                g_assert_cmpint (other, >, legal);
              }
            for (int c = event.cell + 1; order == NC_ORDER_MRV && c < NC_CELLS; c++)
              {
                int other = 0;

                if (replay.cell[c])
                  continue;
                for (int d = 1; d <= 9; d++)
                  other += nc_grid_allows (&replay, c, d);
                g_assert_cmpint (other, >=, legal);
              }
            break;
          }
        case NC_EVENT_TRY:
          tries++;
          last_try_cell = event.cell;
          last_try_digit = event.digit;
          break;
        case NC_EVENT_REJECT:
          {
            int peer_index = -1;

            rejects++;
            g_assert_cmpint (event.cell, ==, last_try_cell);
            g_assert_cmpint (event.digit, ==, last_try_digit);
            g_assert_cmpint (replay.cell[event.peer], ==, event.digit);
            /* The peer is the first holder of the digit in row, column, box order. */
            for (int i = 0; i < NC_PEERS && peer_index < 0; i++)
              if (replay.cell[nc_peers[event.cell][i]] == event.digit)
                peer_index = i;
            g_assert_cmpint (nc_peers[event.cell][peer_index], ==, event.peer);
            g_assert_cmpint (nc_peer_unit (peer_index), ==, event.unit);
            break;
          }
        case NC_EVENT_PLACE:
          places++;
          g_assert_cmpint (event.cell, ==, last_try_cell);
          g_assert_cmpint (event.digit, ==, last_try_digit);
          g_assert_true (nc_grid_allows (&replay, event.cell, event.digit));
          g_assert_cmpint (replay.cell[event.cell], ==, 0);
          replay.cell[event.cell] = event.digit;
          g_assert_cmpint (event.depth, ==, bt.counters.depth);
          break;
        case NC_EVENT_BACKTRACK:
          backtracks++;
          g_assert_cmpint (puzzle.cell[event.cell], ==, 0);   /* givens never change */
          g_assert_cmpint (replay.cell[event.cell], ==, event.digit);
          replay.cell[event.cell] = 0;
          break;
        case NC_EVENT_SOLVED:
          g_assert_true (nc_grid_is_full (&replay));
          ended = TRUE;
          break;
        case NC_EVENT_EXHAUSTED:
          ended = TRUE;
          break;
        default:
          g_assert_not_reached ();
        }
      g_assert_true (nc_grid_equal (&replay, &bt.grid));
      if (ended)
        break;
    }
  g_assert_cmpuint (tries, ==, bt.counters.attempts);
  g_assert_cmpuint (tries, ==, rejects + places + (n && event.kind == NC_EVENT_TRY));
  g_assert_cmpuint (places, ==, bt.counters.placements);
  g_assert_cmpuint (backtracks, ==, bt.counters.backtracks);
  g_assert_cmpuint (chooses, >=, places - backtracks);
  for (int i = 0; i < NC_CELLS; i++)
    if (puzzle.cell[i])
      g_assert_cmpint (replay.cell[i], ==, puzzle.cell[i]);
}

static void
test_event_stream (void)
{
  check_stream (EULER1, NC_ORDER_READING, G_MAXUINT64);
  check_stream (EULER1, NC_ORDER_MRV, G_MAXUINT64);
  check_stream (INKALA, NC_ORDER_MRV, G_MAXUINT64);
  check_stream (INKALA, NC_ORDER_READING, G_MAXUINT64);
  /* Stopped mid-way, the board so far is still the replay of the events. */
  check_stream (INKALA, NC_ORDER_READING, 1001);
}

/* A copy of the state is a snapshot: stepping the copy one event at a time
 * ends where an uninterrupted run ends. */
static void
test_stepping (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  NcBacktracker whole, paused;
  NcEvent event;
  guint steps = 0;

  nc_backtracker_init (&whole, &puzzle, NC_ORDER_READING);
  nc_backtracker_init (&paused, &puzzle, NC_ORDER_READING);
  g_assert_cmpint (nc_backtracker_run (&whole), ==, NC_EVENT_SOLVED);
  for (int i = 0; i < 500; i++)
    g_assert_true (nc_backtracker_step (&paused, &event));
  {
    NcBacktracker copy = paused;

    while (nc_backtracker_step (&copy, &event) && event.kind != NC_EVENT_SOLVED)
      steps++;
    g_assert_cmpint (event.kind, ==, NC_EVENT_SOLVED);
    g_assert_true (nc_grid_equal (&copy.grid, &whole.grid));
    g_assert_cmpmem (&copy.counters, sizeof copy.counters, &whole.counters, sizeof whole.counters);
  }
  g_assert_cmpuint (steps, >, 0);
}

static void
test_second_solution (void)
{
  /* A solved grid with a deadly rectangle opened: r1c1/r1c2/r2c1/r2c2 swap. */
  NcGrid solved = grid_from_line ("123456789456789123789123456214365897365897214897214365531642978642978531978531642");
  NcGrid puzzle = solved;
  NcGrid first, second;
  NcBacktracker bt;
  NcEvent event;

  g_assert_cmpuint (nc_grid_find_conflicts (&solved, NULL, 0), ==, 0);
  puzzle.cell[0] = puzzle.cell[1] = 0;   /* r1c1 1, r1c2 2 */
  puzzle.cell[9 * 3 + 0] = puzzle.cell[9 * 3 + 1] = 0;   /* r4c1 2, r4c2 1 */
  nc_backtracker_init (&bt, &puzzle, NC_ORDER_READING);
  g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_SOLVED);
  first = bt.grid;
  g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_SOLVED);
  second = bt.grid;
  g_assert_false (nc_grid_equal (&first, &second));
  g_assert_true (nc_grid_equal (&first, &solved));
  g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_EXHAUSTED);
  g_assert_cmpuint (bt.counters.solutions, ==, 2);
  g_assert_false (nc_backtracker_step (&bt, &event));

  /* A unique puzzle is exhausted after its solution. */
  puzzle = grid_from_line (EULER1);
  nc_backtracker_init (&bt, &puzzle, NC_ORDER_MRV);
  g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_SOLVED);
  g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_EXHAUSTED);
  g_assert_cmpuint (bt.counters.solutions, ==, 1);
  g_assert_cmpint (bt.counters.depth, ==, 0);
  g_assert_true (nc_grid_equal (&bt.grid, &puzzle));

  /* A full grid is solved at once, then exhausted with nothing taken back. */
  nc_backtracker_init (&bt, &solved, NC_ORDER_READING);
  g_assert_true (nc_backtracker_step (&bt, &event));
  g_assert_cmpint (event.kind, ==, NC_EVENT_SOLVED);
  g_assert_true (nc_backtracker_step (&bt, &event));
  g_assert_cmpint (event.kind, ==, NC_EVENT_EXHAUSTED);
  g_assert_cmpuint (bt.counters.backtracks, ==, 0);
  g_assert_false (nc_backtracker_step (&bt, &event));
}

/* The animation's view of a run: applied batch by batch it ends on the
 * search's board, and after a rejection it names the try and the collision. */
static void
test_run_view (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  NcBacktracker bt;
  NcRunView view;
  NcEvent batch[97];
  size_t n = 0;
  gboolean saw_reject = FALSE;

  nc_backtracker_init (&bt, &puzzle, NC_ORDER_READING);
  nc_run_view_init (&view, &puzzle);
  g_assert_cmpint (view.chosen, ==, -1);
  g_assert_cmpint (view.collision_cell, ==, -1);
  while (nc_backtracker_step (&bt, &batch[n]))
    {
      NcEvent event = batch[n++];

      if (n == G_N_ELEMENTS (batch) || event.kind == NC_EVENT_REJECT || event.kind == NC_EVENT_SOLVED)
        {
          nc_run_view_apply (&view, batch, n);
          n = 0;
          g_assert_true (nc_grid_equal (&view.board, &bt.grid));
          if (event.kind == NC_EVENT_REJECT)
            {
              saw_reject = TRUE;
              g_assert_cmpint (view.tentative_cell, ==, event.cell);
              g_assert_cmpint (view.tentative_digit, ==, event.digit);
              g_assert_cmpint (view.collision_cell, ==, event.peer);
              g_assert_cmpint (view.collision_unit, ==, event.unit);
            }
        }
      if (event.kind == NC_EVENT_SOLVED)
        break;
    }
  g_assert_true (saw_reject);
  g_assert_true (nc_grid_is_full (&view.board));
  g_assert_cmpint (view.chosen, ==, -1);
  g_assert_cmpint (view.collision_cell, ==, -1);
}

static void
test_event_format (void)
{
  struct { NcEvent event; const char *text; } cases[] = {
    { { .kind = NC_EVENT_CHOOSE, .cell = 2, .candidates = 3 }, "choose r1c3 candidates 3" },
    { { .kind = NC_EVENT_TRY, .cell = 2, .digit = 4 }, "try r1c3 4" },
    { { .kind = NC_EVENT_REJECT, .cell = 2, .digit = 4, .peer = 6, .unit = NC_UNIT_ROW }, "reject r1c3 4 row r1c7" },
    { { .kind = NC_EVENT_REJECT, .cell = 2, .digit = 4, .peer = 20, .unit = NC_UNIT_BOX }, "reject r1c3 4 box r3c3" },
    { { .kind = NC_EVENT_PLACE, .cell = 2, .digit = 4, .depth = 1 }, "place r1c3 4 depth 1" },
    { { .kind = NC_EVENT_BACKTRACK, .cell = 2, .digit = 4 }, "backtrack r1c3 4" },
    { { .kind = NC_EVENT_SOLVED, .cell = -1 }, "solved" },
    { { .kind = NC_EVENT_EXHAUSTED, .cell = -1 }, "exhausted" },
  };
  NcOrder order;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char text[48];

      nc_event_format (&cases[i].event, text, sizeof text);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
  g_assert_true (nc_order_from_name ("mrv", &order));
  g_assert_cmpint (order, ==, NC_ORDER_MRV);
  g_assert_true (nc_order_from_name ("reading", &order));
  g_assert_cmpint (order, ==, NC_ORDER_READING);
  g_assert_false (nc_order_from_name ("random", &order));
  g_assert_cmpstr (nc_order_name (NC_ORDER_MRV), ==, "mrv");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/backtrack/exact-counts", test_exact_counts);
  g_test_add_func ("/core/backtrack/orders-match-definition", test_orders_match_definition);
  g_test_add_func ("/core/backtrack/event-stream", test_event_stream);
  g_test_add_func ("/core/backtrack/stepping", test_stepping);
  g_test_add_func ("/core/backtrack/second-solution", test_second_solution);
  g_test_add_func ("/core/backtrack/run-view", test_run_view);
  g_test_add_func ("/core/backtrack/event-format", test_event_format);
  return g_test_run ();
}
