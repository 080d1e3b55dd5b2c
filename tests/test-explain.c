/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-explain.c: the solutions enumerator (core) and what the engine says
 * of a puzzle's solutions: counted on a worker up to a limit, compared
 * cell by cell, cancelled; and why a puzzle has none. */

#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "nc-backtrack.h"
#include "nc-solver.h"
#include "ne-explain.h"
#include "test-util.h"

/* EULER1 without its 7 at r6c4: exactly two solutions. */
#define TWO_SOLUTIONS "003020600900305001001806400008102900700000008006008200002609500800203009005010300"
/* EULER1 with a 5 at r1c1 that no look at a cell or unit rules out. */
#define NO_SOLUTION   "503020600900305001001806400008102900700000008006708200002609500800203009005010300"

typedef struct
{
  GPtrArray *found;   /* NcGrid copies */
  unsigned   stop_at; /* 0: never */
} Collect;

static bool
collect (const NcGrid *solution, unsigned index, void *data)
{
  Collect *c = data;

  g_assert_cmpuint (index, ==, c->found->len + 1);
  g_ptr_array_add (c->found, g_memdup2 (solution, sizeof *solution));
  return c->stop_at == 0 || index < c->stop_at;
}

/* The two solutions of TWO_SOLUTIONS, in the solver's order: EULER1's own,
 * then one that differs in 13 cells. The enumerator agrees with the counter. */
static void
test_enumerate_two (void)
{
  NcGrid puzzle = grid_from_line (TWO_SOLUTIONS);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  Collect c = { found, 0 };
  uint8_t cells[NC_CELLS];
  const NcGrid *a, *b;
  int n;

  g_assert_cmpuint (nc_solver_enumerate (&puzzle, 100, collect, &c), ==, 2);
  g_assert_cmpuint (found->len, ==, 2);
  g_assert_cmpuint (nc_solver_count (&puzzle, 100, NULL), ==, 2);
  a = found->pdata[0];
  b = found->pdata[1];
  g_assert_false (nc_grid_equal (a, b));
  for (int cell = 0; cell < NC_CELLS; cell++)
    if (puzzle.cell[cell] != 0)
      {
        g_assert_cmpint (a->cell[cell], ==, puzzle.cell[cell]);
        g_assert_cmpint (b->cell[cell], ==, puzzle.cell[cell]);
      }
  {
    NcGrid first = grid_from_line (EULER1_SOLUTION);
    NcGrid second = grid_from_line ("483721695967345821251896473538172946729564138146938257372689514814253769695417382");

    g_assert_true (nc_grid_equal (a, &first));
    g_assert_true (nc_grid_equal (b, &second));
  }
  n = ne_solutions_differences (a, b, cells);
  g_assert_cmpint (n, ==, 13);
  /* r1c4 first, in reading order; r6c4 is one of them: the given taken away. */
  g_assert_cmpint (cells[0], ==, 3);
  g_assert_true (memchr (cells, 48, (size_t) n) != NULL);
  for (int i = 0; i < n; i++)
    g_assert_cmpint (a->cell[cells[i]], !=, b->cell[cells[i]]);

  /* The same order every time. */
  {
    g_autoptr(GPtrArray) again = g_ptr_array_new_with_free_func (g_free);
    Collect c2 = { again, 0 };

    nc_solver_enumerate (&puzzle, 100, collect, &c2);
    g_assert_true (nc_grid_equal (again->pdata[0], a));
    g_assert_true (nc_grid_equal (again->pdata[1], b));
  }
}

/* A near-empty grid stops at the limit, or where the callback says. */
static void
test_enumerate_limit (void)
{
  NcGrid puzzle = { 0 };
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  Collect c = { found, 0 };

  puzzle.cell[0] = 5;
  g_assert_cmpuint (nc_solver_enumerate (&puzzle, 100, collect, &c), ==, 100);
  g_assert_cmpuint (found->len, ==, 100);
  for (guint i = 0; i < found->len; i++)
    for (guint j = i + 1; j < found->len; j++)
      g_assert_false (nc_grid_equal (found->pdata[i], found->pdata[j]));

  g_ptr_array_set_size (found, 0);
  c.stop_at = 7;
  g_assert_cmpuint (nc_solver_enumerate (&puzzle, 100, collect, &c), ==, 7);
  g_assert_cmpuint (found->len, ==, 7);

  /* Conflicting givens: none, and the callback is never called. */
  g_ptr_array_set_size (found, 0);
  puzzle.cell[1] = 5;
  g_assert_cmpuint (nc_solver_enumerate (&puzzle, 100, collect, &c), ==, 0);
  g_assert_cmpuint (found->len, ==, 0);
}

typedef struct
{
  NeSolutions *solutions;
  GError      *error;
  gboolean     done;
  guint        n_reports;
  guint        last_report;
  GCancellable *cancel_on_report;
} CountRun;

static void
count_progress (guint n_found, gpointer data)
{
  CountRun *run = data;

  g_assert_false (run->done);
  g_assert_cmpuint (n_found, >=, run->last_report);
  run->n_reports++;
  run->last_report = n_found;
  if (run->cancel_on_report != NULL)
    g_cancellable_cancel (run->cancel_on_report);
}

static void
count_done (GObject *source, GAsyncResult *result, gpointer data)
{
  CountRun *run = data;

  run->solutions = ne_solutions_count_finish (result, &run->error);
  run->done = TRUE;
}

static void
count_run (CountRun *run, const NcGrid *puzzle, guint limit, guint keep, GCancellable *cancellable)
{
  ne_solutions_count_async (puzzle, limit, keep, cancellable, count_progress, run, count_done, run);
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_count_two (void)
{
  NcGrid puzzle = grid_from_line (TWO_SOLUTIONS);
  CountRun run = { 0 };
  g_autofree char *said = NULL;
  g_autofree char *differ = NULL;

  count_run (&run, &puzzle, 100, 1000, NULL);
  g_assert_no_error (run.error);
  g_assert_cmpuint (run.solutions->n_found, ==, 2);
  g_assert_false (run.solutions->more);
  g_assert_cmpuint (run.solutions->kept->len, ==, 2);
  said = ne_solutions_describe (run.solutions);
  g_assert_cmpstr (said, ==, "2 solutions");
  differ = ne_solutions_describe_differences (&g_array_index (run.solutions->kept, NcGrid, 0),
                                              &g_array_index (run.solutions->kept, NcGrid, 1));
  g_assert_true (g_str_has_prefix (differ, "They differ in 13 cells: row 1, column 4 (9 / 7), row 1, column 8 (5 / 9), "));
  g_assert_true (g_str_has_suffix (differ, ", row 6, column 4 (7 / 9), row 6, column 5 (9 / 3), "
                                   "row 6, column 8 (4 / 5), row 6, column 9 (5 / 7)"));
  ne_solutions_free (run.solutions);

  /* A limit of exactly the count is not "more". */
  memset (&run, 0, sizeof run);
  count_run (&run, &puzzle, 2, 1, NULL);
  g_assert_cmpuint (run.solutions->n_found, ==, 2);
  g_assert_false (run.solutions->more);
  g_assert_cmpuint (run.solutions->kept->len, ==, 1);
  ne_solutions_free (run.solutions);

  memset (&run, 0, sizeof run);
  count_run (&run, &puzzle, 1, 10, NULL);
  g_assert_cmpuint (run.solutions->n_found, ==, 1);
  g_assert_true (run.solutions->more);
  g_clear_pointer (&said, g_free);
  said = ne_solutions_describe (run.solutions);
  g_assert_cmpstr (said, ==, "More than 1 solution");
  ne_solutions_free (run.solutions);
}

static void
test_count_limit (void)
{
  NcGrid puzzle = { 0 };
  CountRun run = { 0 };
  g_autofree char *said = NULL;

  puzzle.cell[40] = 9;
  count_run (&run, &puzzle, 100, 1000, NULL);
  g_assert_no_error (run.error);
  g_assert_cmpuint (run.solutions->n_found, ==, 100);
  g_assert_true (run.solutions->more);
  g_assert_cmpuint (run.solutions->kept->len, ==, 100);
  said = ne_solutions_describe (run.solutions);
  g_assert_cmpstr (said, ==, "More than 100 solutions");
  ne_solutions_free (run.solutions);

  /* Count More: ten times the limit, the first ones the same. */
  memset (&run, 0, sizeof run);
  count_run (&run, &puzzle, 1000, 50, NULL);
  g_assert_cmpuint (run.solutions->n_found, ==, 1000);
  g_assert_true (run.solutions->more);
  g_assert_cmpuint (run.solutions->kept->len, ==, 50);
  ne_solutions_free (run.solutions);
}

/* Cancelled at its first report, a count that would run for ages ends
 * with G_IO_ERROR_CANCELLED and reports nothing more. */
static void
test_count_cancel (void)
{
  NcGrid puzzle = { 0 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CountRun run = { .cancel_on_report = cancellable };

  count_run (&run, &puzzle, G_MAXUINT - 1, 10, cancellable);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (run.solutions);
  g_assert_cmpuint (run.n_reports, ==, 1);
  g_clear_error (&run.error);
}

static void
test_so_far (void)
{
  g_autofree char *one = ne_solutions_so_far (1);
  g_autofree char *many = ne_solutions_so_far (1234);

  g_assert_cmpstr (one, ==, "1 solution so far");
  g_assert_cmpstr (many, ==, "1,234 solutions so far");
}

/* No local reason: the reference's counts, in reading order. */
static void
test_no_solution_search (void)
{
  NcGrid puzzle = grid_from_line (NO_SOLUTION);
  NcBacktracker bt;
  NeNoSolution explained;
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;

  g_assert_cmpuint (nc_solver_count (&puzzle, 1, NULL), ==, 0);
  g_assert_true (ne_no_solution_explain (&puzzle, NULL, &explained, &error));
  g_assert_no_error (error);
  g_assert_cmpint (explained.why.kind, ==, NC_CONTRADICTION_NONE);

  nc_backtracker_init (&bt, &puzzle, NC_ORDER_READING);
  g_assert_cmpint (nc_backtracker_run (&bt), ==, NC_EVENT_EXHAUSTED);
  g_assert_cmpuint (explained.counters.attempts, ==, bt.counters.attempts);
  g_assert_cmpuint (explained.counters.backtracks, ==, bt.counters.backtracks);
  g_assert_cmpuint (explained.counters.attempts, ==, 3141);
  g_assert_cmpuint (explained.counters.backtracks, ==, 348);

  said = ne_no_solution_describe (&explained);
  g_assert_cmpstr (said, ==, "the search tried 3,141 digits and took 348 back, and every branch failed");
}

static void
test_no_solution_local (void)
{
  /* r1c9 sees 1..8 in its row and 9 in its column. */
  NcGrid puzzle = grid_from_line ("123456780000000009000000000000000000000000000000000000000000000000000000000000000");
  NeNoSolution explained;
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;

  g_assert_true (ne_no_solution_explain (&puzzle, NULL, &explained, &error));
  g_assert_cmpint (explained.why.kind, ==, NC_CONTRADICTION_CELL);
  g_assert_cmpint (explained.why.cell, ==, 8);
  g_assert_cmpuint (explained.counters.attempts, ==, 0);
  said = ne_no_solution_describe (&explained);
  g_assert_cmpstr (said, ==, "r1c9 has no digit left, as 1 to 9 all appear in its row, column or box");
}

static void
test_no_solution_errors (void)
{
  NcGrid solvable = grid_from_line (EULER1);
  NcGrid conflict = grid_from_line (EULER1);
  NeNoSolution explained;
  GError *error = NULL;

  g_assert_false (ne_no_solution_explain (&solvable, NULL, &explained, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_clear_error (&error);

  conflict.cell[0] = 3;  /* r1c3 holds a 3 */
  g_assert_false (ne_no_solution_explain (&conflict, NULL, &explained, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
}

typedef struct
{
  gboolean     done;
  gboolean     ok;
  NeNoSolution explained;
  GError      *error;
} ExplainRun;

static void
explain_done (GObject *source, GAsyncResult *result, gpointer data)
{
  ExplainRun *run = data;

  run->ok = ne_no_solution_explain_finish (result, &run->explained, &run->error);
  run->done = TRUE;
}

/* The worker gives what the calling thread gives; cancelled before it
 * starts, it says so. */
static void
test_no_solution_async (void)
{
  NcGrid puzzle = grid_from_line (NO_SOLUTION);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  ExplainRun run = { 0 };

  ne_no_solution_explain_async (&puzzle, NULL, explain_done, &run);
  while (!run.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
  g_assert_cmpuint (run.explained.counters.attempts, ==, 3141);

  memset (&run, 0, sizeof run);
  g_cancellable_cancel (cancellable);
  ne_no_solution_explain_async (&puzzle, cancellable, explain_done, &run);
  while (!run.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (run.ok);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&run.error);
}

int
main (int argc, char **argv)
{
  /* The sentences are checked as written, untranslated. */
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/enumerate/two", test_enumerate_two);
  g_test_add_func ("/core/enumerate/limit", test_enumerate_limit);
  g_test_add_func ("/engine/solutions/two", test_count_two);
  g_test_add_func ("/engine/solutions/limit", test_count_limit);
  g_test_add_func ("/engine/solutions/cancel", test_count_cancel);
  g_test_add_func ("/engine/solutions/so-far", test_so_far);
  g_test_add_func ("/engine/no-solution/search", test_no_solution_search);
  g_test_add_func ("/engine/no-solution/local", test_no_solution_local);
  g_test_add_func ("/engine/no-solution/errors", test_no_solution_errors);
  g_test_add_func ("/engine/no-solution/async", test_no_solution_async);
  return g_test_run ();
}
