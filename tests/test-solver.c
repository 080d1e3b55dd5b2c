/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-solver.c: the fast solver's exact counts and solutions, checked against
 * the reference backtracker on known, random and shared puzzle sets. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nc-backtrack.h"
#include "nc-contradiction.h"
#include "nc-solver.h"
#include "test-util.h"


/* The reference counts at most this many solutions in the random checks. */
#define MAX_SOLUTIONS 12


/* Fails the test, naming the puzzle, unless solution is a full grid that
 * obeys the rules and keeps every given of puzzle. */
static void
assert_solves (const NcGrid *puzzle, const NcGrid *solution)
{
  char line[82];

  nc_grid_format_line (puzzle, '.', line);
  for (int i = 0; i < NC_CELLS; i++)
    {
      if (solution->cell[i] < 1 || solution->cell[i] > 9)
        g_error ("%s: cell %d of the solution is %d", line, i, solution->cell[i]);
      if (puzzle->cell[i] != 0 && puzzle->cell[i] != solution->cell[i])
        g_error ("%s: the solution changes given %d", line, i);
    }
  for (int u = 0; u < 27; u++)
    {
      unsigned seen = 0;

      for (int k = 0; k < 9; k++)
        seen |= 1u << solution->cell[nc_units[u][k]];
      if (seen != 0x3FEu)
        g_error ("%s: unit %d of the solution repeats a digit", line, u);
    }
}

/* Every solution of puzzle by the reference backtracker under MRV, at most
 * max of them. Returns how many it found. */
static unsigned
reference_solutions (const NcGrid *puzzle, NcGrid *out, unsigned max)
{
  NcBacktracker bt;
  unsigned n = 0;

  nc_backtracker_init (&bt, puzzle, NC_ORDER_MRV);
  while (n < max && nc_backtracker_run (&bt) == NC_EVENT_SOLVED)
    out[n++] = bt.grid;
  return n;
}

/* The solver must count exactly like the reference (up to limit) and, when
 * there is a solution, return one the reference also finds. */
static void
assert_agrees_with_reference (const NcGrid *puzzle, unsigned limit)
{
  NcGrid found[MAX_SOLUTIONS + 1];
  NcGrid solution;
  unsigned expected, count;
  char line[82];

  g_assert_cmpuint (limit, <=, MAX_SOLUTIONS);
  nc_grid_format_line (puzzle, '.', line);
  if (nc_grid_find_conflicts (puzzle, NULL, 0) > 0)
    expected = 0;
  else
    expected = reference_solutions (puzzle, found, limit + 1);

  count = nc_solver_count (puzzle, limit, &solution);
  if (count != MIN (expected, limit))
    g_error ("%s: counted %u with limit %u, the reference finds %u", line, count, limit, expected);
  if (count == 0)
    return;
  assert_solves (puzzle, &solution);
  if (expected <= limit)
    {
      /* The reference listed every solution: ours must be one of them. */
      gboolean listed = FALSE;

      for (unsigned i = 0; i < expected && !listed; i++)
        listed = nc_grid_equal (&found[i], &solution);
      if (!listed)
        g_error ("%s: the solution is not one the reference finds", line);
    }
}

static void
test_unique (void)
{
  struct { const char *puzzle, *solution; } cases[] = {
    { EULER1, EULER1_SOLUTION },
    { INKALA, INKALA_SOLUTION },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      NcGrid puzzle = grid_from_line (cases[i].puzzle);
      NcGrid expected = grid_from_line (cases[i].solution);
      NcGrid solution;

      g_assert_cmpuint (nc_solver_count (&puzzle, 1, &solution), ==, 1);
      g_assert_true (nc_grid_equal (&solution, &expected));
      memset (&solution, 0, sizeof solution);
      g_assert_cmpuint (nc_solver_count (&puzzle, 10, &solution), ==, 1);
      g_assert_true (nc_grid_equal (&solution, &expected));
      memset (&solution, 0, sizeof solution);
      g_assert_true (nc_solver_is_unique (&puzzle, &solution));
      g_assert_true (nc_grid_equal (&solution, &expected));
      g_assert_true (nc_solver_is_unique (&puzzle, NULL));
    }
}

/* A full grid is its own only solution. */
static void
test_full_grid (void)
{
  NcGrid grid = grid_from_line (EULER1_SOLUTION);
  NcGrid solution;

  g_assert_cmpuint (nc_solver_count (&grid, 2, &solution), ==, 1);
  g_assert_true (nc_grid_equal (&solution, &grid));
}

/* A grid holding only the given (cell, digit) pairs, ended by a negative cell. */
static NcGrid
grid_from_givens (const int givens[][2])
{
  NcGrid grid;

  memset (&grid, 0, sizeof grid);
  for (int i = 0; givens[i][0] >= 0; i++)
    grid.cell[givens[i][0]] = (uint8_t) givens[i][1];
  return grid;
}

static void
test_conflicting_givens (void)
{
  const int same_row[][2] = { { 0, 5 }, { 4, 5 }, { 40, 1 }, { -1 } };
  const int same_column[][2] = { { 3, 3 }, { 66, 3 }, { 80, 9 }, { -1 } };
  const int same_box[][2] = { { 30, 7 }, { 50, 7 }, { -1 } };   /* r4c4 and r6c6 */
  NcGrid cases[4];

  cases[0] = grid_from_givens (same_row);
  cases[1] = grid_from_givens (same_column);
  cases[2] = grid_from_givens (same_box);
  /* a full grid with two cells of a row swapped */
  cases[3] = grid_from_line (EULER1_SOLUTION);
  cases[3].cell[0] = 8;
  cases[3].cell[1] = 4;

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      NcGrid solution, untouched;

      memset (&solution, 0xAA, sizeof solution);
      untouched = solution;
      g_assert_cmpuint (nc_grid_find_conflicts (&cases[i], NULL, 0), >, 0);
      g_assert_cmpuint (nc_solver_count (&cases[i], 2, &solution), ==, 0);
      g_assert_true (nc_grid_equal (&solution, &untouched));
      g_assert_false (nc_solver_is_unique (&cases[i], NULL));
    }
}

/* The plain reasons a grid has no solution: a cell with no digit left, a
 * digit with no place in a row, a column or a box, and none when only a
 * search can tell. Each such grid indeed has no solution. */
static void
test_contradiction (void)
{
  /* r1c9 sees 1..8 in its row and 9 in its column. */
  const int dead_cell[][2] = {
    { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 4, 5 }, { 5, 6 }, { 6, 7 }, { 7, 8 }, { 17, 9 }, { -1 }
  };
  /* Row 1 has no place for a 7: its cells see the 7s of boxes 1 and 2 and
   * of column 8, or hold another digit. */
  const int dead_row[][2] = { { 9, 7 }, { 23, 7 }, { 61, 7 }, { 6, 4 }, { 8, 5 }, { -1 } };
  /* Column 1 has no place for a 7, the same turned over. */
  const int dead_column[][2] = { { 1, 7 }, { 38, 7 }, { 69, 7 }, { 54, 4 }, { 72, 5 }, { -1 } };
  /* Box 5 has no place for a 7: six cells are full, the rest see r6c1. */
  const int dead_box[][2] = {
    { 30, 1 }, { 31, 2 }, { 32, 3 }, { 39, 4 }, { 40, 5 }, { 41, 6 }, { 45, 7 }, { -1 }
  };
  const struct
  {
    const int          (*givens)[2];
    NcContradictionKind  kind;
    int                  cell;
    NcUnit               unit;
    int                  digit;
    int                  n_cells;
  } cases[] = {
    { dead_cell, NC_CONTRADICTION_CELL, 8, NC_UNIT_ROW, 0, 1 },
    { dead_row, NC_CONTRADICTION_DIGIT, 0, NC_UNIT_ROW, 7, 9 },
    { dead_column, NC_CONTRADICTION_DIGIT, 0, NC_UNIT_COLUMN, 7, 9 },
    { dead_box, NC_CONTRADICTION_DIGIT, 30, NC_UNIT_BOX, 7, 9 },
  };
  NcContradiction found;
  NcGrid grid;
  uint8_t cells[9];

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      grid = grid_from_givens (cases[i].givens);
      g_assert_cmpuint (nc_grid_find_conflicts (&grid, NULL, 0), ==, 0);
      g_assert_cmpuint (nc_solver_count (&grid, 1, NULL), ==, 0);
      g_assert_true (nc_grid_find_contradiction (&grid, &found));
      g_assert_cmpint (found.kind, ==, cases[i].kind);
      g_assert_cmpint (found.cell, ==, cases[i].cell);
      g_assert_cmpint (found.digit, ==, cases[i].digit);
      if (cases[i].kind == NC_CONTRADICTION_DIGIT)
        g_assert_cmpint (found.unit, ==, cases[i].unit);
      g_assert_cmpint (nc_contradiction_cells (&found, cells), ==, cases[i].n_cells);
      g_assert_cmpint (cells[0], ==, cases[i].cell);
    }
  /* The box's cells are the box's, in reading order. */
  g_assert_cmpint (cells[1], ==, 31);
  g_assert_cmpint (cells[3], ==, 39);
  g_assert_cmpint (cells[8], ==, 50);

  /* A puzzle with a solution, and the empty grid, have no contradiction. */
  grid = grid_from_line (EULER1);
  g_assert_false (nc_grid_find_contradiction (&grid, &found));
  g_assert_cmpint (found.kind, ==, NC_CONTRADICTION_NONE);
  g_assert_cmpint (found.cell, ==, -1);
  g_assert_cmpint (nc_contradiction_cells (&found, cells), ==, 0);
  memset (&grid, 0, sizeof grid);
  g_assert_false (nc_grid_find_contradiction (&grid, &found));

  /* A unique puzzle spoiled by one wrong digit that breaks no rule at a
   * glance: no plain reason, though it has no solution. */
  {
    NcGrid puzzle = grid_from_line (EULER1);
    NcGrid answer = grid_from_line (EULER1_SOLUTION);
    int plain = 0, hidden = 0;

    for (int cell = 0; cell < NC_CELLS; cell++)
      for (int d = 1; d <= 9; d++)
        {
          if (puzzle.cell[cell] != 0 || d == answer.cell[cell] || !nc_grid_allows (&puzzle, cell, d))
            continue;
          grid = puzzle;
          grid.cell[cell] = (uint8_t) d;
          if (nc_grid_find_contradiction (&grid, &found))
            plain++;
          else
            hidden++;
        }
    g_assert_cmpint (plain, >, 0);
    g_assert_cmpint (hidden, >, 0);
  }
}

/* Givens that do not repeat a digit in any unit, and still no solution. */
static void
test_no_solution (void)
{
  /* r1c9 can only be 9, which the 9 in r2c9 forbids */
  const int givens[][2] = {
    { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 4, 5 }, { 5, 6 }, { 6, 7 }, { 7, 8 }, { 17, 9 }, { -1 }
  };
  NcGrid blocked = grid_from_givens (givens);
  NcGrid puzzle = grid_from_line (EULER1);
  NcGrid answer = grid_from_line (EULER1_SOLUTION);
  int wrong = 0;

  g_assert_cmpuint (nc_grid_find_conflicts (&blocked, NULL, 0), ==, 0);
  g_assert_cmpuint (nc_solver_count (&blocked, 2, NULL), ==, 0);

  /* A unique puzzle plus any digit that differs from its solution (and
   * conflicts with no given) has none; it takes search to find out. */
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      if (puzzle.cell[cell] != 0)
        continue;
      for (int d = 1; d <= 9; d++)
        {
          NcGrid spoiled = puzzle;

          if (d == answer.cell[cell] || !nc_grid_allows (&puzzle, cell, d))
            continue;
          spoiled.cell[cell] = (uint8_t) d;
          g_assert_cmpuint (nc_grid_find_conflicts (&spoiled, NULL, 0), ==, 0);
          g_assert_cmpuint (nc_solver_count (&spoiled, 2, NULL), ==, 0);
          wrong++;
        }
    }
  g_assert_cmpint (wrong, >, 100);
}

/* Finds a deadly rectangle in a full grid: cells (r1,c1) (r1,c2) (r2,c1)
 * (r2,c2) in exactly two boxes, holding a b / b a. With only those four
 * cells emptied, both ways to fill them are solutions and nothing else is. */
static gboolean
find_deadly_rectangle (const NcGrid *grid, int cells[4])
{
  for (int r1 = 0; r1 < 9; r1++)
    for (int r2 = r1 + 1; r2 < 9; r2++)
      for (int c1 = 0; c1 < 9; c1++)
        for (int c2 = c1 + 1; c2 < 9; c2++)
          {
            int a = r1 * 9 + c1, b = r1 * 9 + c2, c = r2 * 9 + c1, d = r2 * 9 + c2;
            gboolean same_band = r1 / 3 == r2 / 3, same_stack = c1 / 3 == c2 / 3;

            if (same_band == same_stack)
              continue;
            if (grid->cell[a] == grid->cell[d] && grid->cell[b] == grid->cell[c])
              {
                cells[0] = a, cells[1] = b, cells[2] = c, cells[3] = d;
                return TRUE;
              }
          }
  return FALSE;
}

static void
test_several_solutions (void)
{
  NcGrid full = grid_from_line (EULER1_SOLUTION);
  NcGrid puzzle = full;
  NcGrid solution, other;
  int cells[4] = { 0 };

  g_assert_true (find_deadly_rectangle (&full, cells));
  for (int i = 0; i < 4; i++)
    puzzle.cell[cells[i]] = 0;
  g_assert_cmpuint (nc_solver_count (&puzzle, 10, &solution), ==, 2);
  assert_solves (&puzzle, &solution);
  g_assert_cmpuint (nc_solver_count (&puzzle, 2, NULL), ==, 2);
  g_assert_cmpuint (nc_solver_count (&puzzle, 1, NULL), ==, 1);
  g_assert_false (nc_solver_is_unique (&puzzle, NULL));

  /* The other solution is the swapped rectangle. */
  other = full;
  other.cell[cells[0]] = full.cell[cells[1]];
  other.cell[cells[1]] = full.cell[cells[0]];
  other.cell[cells[2]] = full.cell[cells[3]];
  other.cell[cells[3]] = full.cell[cells[2]];
  g_assert_true (nc_grid_equal (&solution, &full) || nc_grid_equal (&solution, &other));
  assert_agrees_with_reference (&puzzle, 10);
}

/* With the first three givens of a unique puzzle taken away (37 solutions,
 * listed by the reference), the count is min (limit, 37) for every limit. */
static void
test_limits (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  NcGrid found[64];
  unsigned total;
  int removed = 0;

  for (int cell = 0; cell < NC_CELLS && removed < 3; cell++)
    if (puzzle.cell[cell] != 0)
      {
        puzzle.cell[cell] = 0;
        removed++;
      }
  total = reference_solutions (&puzzle, found, G_N_ELEMENTS (found));
  g_assert_cmpuint (total, ==, 37);
  for (unsigned limit = 1; limit <= total + 3; limit++)
    {
      NcGrid solution;
      gboolean listed = FALSE;

      g_assert_cmpuint (nc_solver_count (&puzzle, limit, &solution), ==, MIN (limit, total));
      for (unsigned i = 0; i < total && !listed; i++)
        listed = nc_grid_equal (&found[i], &solution);
      g_assert_true (listed);
    }
}

static void
test_empty_grid (void)
{
  NcGrid empty, solution;

  memset (&empty, 0, sizeof empty);
  g_assert_cmpuint (nc_solver_count (&empty, 2, &solution), ==, 2);
  assert_solves (&empty, &solution);
  g_assert_cmpuint (nc_solver_count (&empty, 1, &solution), ==, 1);
  assert_solves (&empty, &solution);
  g_assert_cmpuint (nc_solver_count (&empty, 1000, NULL), ==, 1000);
  g_assert_false (nc_solver_is_unique (&empty, NULL));
}

static void
shuffle (GRand *rand, int *items, int n)
{
  for (int i = n - 1; i > 0; i--)
    {
      int j = g_rand_int_range (rand, 0, i + 1);
      int t = items[i];

      items[i] = items[j];
      items[j] = t;
    }
}

/* An order of the nine rows (or columns) that keeps a grid valid: the
 * bands shuffled, and the rows inside each band. */
static void
shuffle_lines (GRand *rand, int order[9])
{
  int bands[3] = { 0, 1, 2 };

  shuffle (rand, bands, 3);
  for (int b = 0; b < 3; b++)
    {
      int inner[3] = { 0, 1, 2 };

      shuffle (rand, inner, 3);
      for (int i = 0; i < 3; i++)
        order[b * 3 + i] = bands[b] * 3 + inner[i];
    }
}

/* A valid grid shuffled by moves that keep it valid: digits relabelled,
 * rows and columns reordered within and across bands and stacks. */
static NcGrid
random_full_grid (GRand *rand)
{
  NcGrid base = grid_from_line (INKALA_SOLUTION);
  NcGrid grid;
  int digit[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
  int row[9], col[9];

  shuffle (rand, digit + 1, 9);
  shuffle_lines (rand, row);
  shuffle_lines (rand, col);
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      grid.cell[r * 9 + c] = (uint8_t) digit[base.cell[row[r] * 9 + col[c]]];
  return grid;
}

/* Empties random cells of puzzle, a full grid, until keep are left; with
 * wrong_digit, then puts a wrong digit in an empty cell: usually no
 * solution is left. */
static void
empty_cells (GRand *rand, NcGrid *puzzle, int keep, gboolean wrong_digit)
{
  NcGrid full = *puzzle;

  for (int left = NC_CELLS; left > keep; )
    {
      int cell = g_rand_int_range (rand, 0, NC_CELLS);

      if (puzzle->cell[cell] != 0)
        {
          puzzle->cell[cell] = 0;
          left--;
        }
    }
  while (wrong_digit)
    {
      int cell = g_rand_int_range (rand, 0, NC_CELLS);
      int d = g_rand_int_range (rand, 1, 10);

      if (puzzle->cell[cell] == 0 && d != full.cell[cell])
        {
          puzzle->cell[cell] = (uint8_t) d;
          wrong_digit = FALSE;
        }
    }
}

/* Puzzles made by emptying random cells of random grids, from nearly full to
 * sparse enough to have many solutions, some spoiled by a wrong digit. */
static void
test_random_vs_reference (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);
  unsigned by_count[3] = { 0, 0, 0 };

  for (int n = 0; n < 600; n++)
    {
      NcGrid full = random_full_grid (rand);
      NcGrid puzzle = full;
      int keep = g_rand_int_range (rand, 24, 60);
      unsigned limit = (unsigned) g_rand_int_range (rand, 1, MAX_SOLUTIONS + 1);
      unsigned count;

      empty_cells (rand, &puzzle, keep, n % 4 == 3);
      assert_agrees_with_reference (&puzzle, limit);
      count = nc_solver_count (&puzzle, 2, NULL);
      by_count[count]++;
    }
  /* The mix really holds all three outcomes. */
  g_assert_cmpuint (by_count[0], >, 50);
  g_assert_cmpuint (by_count[1], >, 50);
  g_assert_cmpuint (by_count[2], >, 50);
}

/* nc_solver_count_near counts as nc_solver_count does, whatever it is near;
 * the solutions it stores are distinct solutions; and near, when it solves
 * the puzzle, comes first. Puzzles as in random-vs-reference, near their
 * own grid (a solution unless a wrong digit spoils it), near another
 * grid, and near nothing. */
static void
test_count_near (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261207);
  unsigned near_first = 0, by_count[3] = { 0, 0, 0 };

  for (int n = 0; n < 600; n++)
    {
      NcGrid full = random_full_grid (rand);
      NcGrid other = random_full_grid (rand);
      NcGrid puzzle = full;
      const NcGrid *nears[3] = { &full, &other, NULL };
      unsigned limit = (unsigned) g_rand_int_range (rand, 1, MAX_SOLUTIONS + 1);
      unsigned expected;
      char line[82];

      empty_cells (rand, &puzzle, g_rand_int_range (rand, 20, 60), n % 4 == 3);
      nc_grid_format_line (&puzzle, '.', line);
      expected = nc_solver_count (&puzzle, limit, NULL);
      by_count[MIN (expected, 2)]++;
      for (int k = 0; k < 3; k++)
        {
          NcGrid found[MAX_SOLUTIONS];
          unsigned count = nc_solver_count_near (&puzzle, limit, nears[k], found);

          if (count != expected)
            g_error ("%s: counted %u near grid %d, %u without", line, count, k, expected);
          for (unsigned i = 0; i < count; i++)
            {
              assert_solves (&puzzle, &found[i]);
              for (unsigned j = 0; j < i; j++)
                if (nc_grid_equal (&found[i], &found[j]))
                  g_error ("%s: solutions %u and %u are the same", line, j, i);
            }
          if (k == 0 && n % 4 != 3)
            {
              if (!nc_grid_equal (&found[0], &full))
                g_error ("%s: the grid it came from, a solution, is not found first", line);
              near_first++;
            }
        }
      /* Nothing stored: still the count. */
      g_assert_cmpuint (nc_solver_count_near (&puzzle, limit, &full, NULL), ==, expected);
    }
  g_assert_cmpuint (near_first, >, 300);
  g_assert_cmpuint (by_count[0], >, 50);
  g_assert_cmpuint (by_count[1], >, 50);
  g_assert_cmpuint (by_count[2], >, 50);
}

/* The puzzles of a shared puzzle set as grids, or skips the test. */
static GPtrArray *
load_shared_set (const char *name)
{
  g_autoptr(GPtrArray) lines = test_read_shared (name, 1, G_MAXUINT);
  GPtrArray *puzzles;

  if (lines == NULL)
    {
      g_test_skip ("NONET_SHARED_DATA is not set or lacks the set: no shared puzzles to check");
      return NULL;
    }
  puzzles = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < lines->len; i++)
    {
      NcGrid *grid = g_new (NcGrid, 1);

      *grid = grid_from_line (g_ptr_array_index (lines, i));
      g_ptr_array_add (puzzles, grid);
    }
  return puzzles;
}

/* Every puzzle of the set is unique with a valid solution; every stride-th
 * of the first sample_end agrees with the reference's solution. */
static void
check_shared_set (const char *name, guint expected_size, guint stride, guint sample_end)
{
  g_autoptr(GPtrArray) puzzles = load_shared_set (name);
  guint compared = 0;

  if (puzzles == NULL)
    return;
  g_assert_cmpuint (puzzles->len, ==, expected_size);
  for (guint i = 0; i < puzzles->len; i++)
    {
      const NcGrid *puzzle = g_ptr_array_index (puzzles, i);
      NcGrid solution;

      if (nc_solver_count (puzzle, 2, &solution) != 1)
        {
          char line[82];

          nc_grid_format_line (puzzle, '.', line);
          g_error ("%s puzzle %u (%s) is not counted as unique", name, i + 1, line);
        }
      assert_solves (puzzle, &solution);
      if (i < sample_end && i % stride == 0)
        {
          NcGrid reference;

          g_assert_cmpuint (reference_solutions (puzzle, &reference, 1), ==, 1);
          g_assert_true (nc_grid_equal (&solution, &reference));
          compared++;
        }
    }
  g_test_message ("%s: %u puzzles unique, %u compared with the reference", name, puzzles->len, compared);
}

static void
test_17_clue (void)
{
  check_shared_set ("17-clue.txt", 49158, 1000, G_MAXUINT);
}

static void
test_magictour (void)
{
  check_shared_set ("magictour-top1465.txt", 1465, 1, 100);
}

/* Whether one of the n solutions differs from known at one of cells
 * (at any cell when cells is NULL). */
static gboolean
listed_differs (const NcGrid *solutions, unsigned n, const NcGrid *known,
                const uint8_t *cells, int n_cells)
{
  for (unsigned i = 0; i < n; i++)
    {
      if (cells == NULL && !nc_grid_equal (&solutions[i], known))
        return TRUE;
      for (int k = 0; cells != NULL && k < n_cells; k++)
        if (solutions[i].cell[cells[k]] != known->cell[cells[k]])
          return TRUE;
    }
  return FALSE;
}

/* nc_solver_find_other asked about puzzle, with known and cells, must say
 * expected and, when it finds a solution, one that solves puzzle and
 * differs from known where asked. */
static void
assert_find_other (const NcGrid *puzzle, const NcGrid *known, const uint8_t *cells,
                   int n_cells, gboolean expected)
{
  NcGrid other;
  gboolean found = nc_solver_find_other (puzzle, known, cells, n_cells, &other);
  char line[82];

  nc_grid_format_line (puzzle, '.', line);
  if (found != expected)
    {
      char known_line[82];
      GString *at = g_string_new (NULL);

      nc_grid_format_line (known, '.', known_line);
      for (int k = 0; cells != NULL && k < n_cells; k++)
        g_string_append_printf (at, " %d", cells[k]);
      g_error ("%s: find_other against %s at cells%s says %d, expected %d",
               line, known_line, cells ? at->str : " (any)", found, expected);
    }
  if (!found)
    return;
  assert_solves (puzzle, &other);
  if (!listed_differs (&other, 1, known, cells, n_cells))
    g_error ("%s: find_other returned a solution that does not differ where asked", line);
}

/* Puzzles made as in random-vs-reference, asked for a solution other than
 * the grid they came from (which a wrong digit stops being a solution of),
 * anywhere and at random cells, against every solution the reference lists. */
static void
test_find_other_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20250301);
  unsigned outcomes[2][2] = { { 0, 0 }, { 0, 0 } };

  for (int n = 0; n < 800; n++)
    {
      NcGrid full = random_full_grid (rand);
      NcGrid puzzle = full;
      NcGrid found[MAX_SOLUTIONS];
      uint8_t cells[NC_CELLS];
      int keep = g_rand_int_range (rand, 22, 50);
      int n_cells = 0;
      unsigned count;
      gboolean expected;

      empty_cells (rand, &puzzle, keep, n % 5 == 4);

      /* Anywhere: another solution exists exactly when the count says so. */
      count = nc_solver_count (&puzzle, 2, NULL);
      expected = n % 5 == 4 ? count >= 1 : count == 2;
      assert_find_other (&puzzle, &full, NULL, 0, expected);
      outcomes[0][expected]++;

      /* At a few cells, given or empty: only when the reference lists every
       * solution is the answer known. */
      if (nc_grid_find_conflicts (&puzzle, NULL, 0) > 0)
        count = 0;   /* the reference does not check the givens */
      else
        count = reference_solutions (&puzzle, found, MAX_SOLUTIONS);
      if (count == MAX_SOLUTIONS)
        continue;
      for (int k = g_rand_int_range (rand, 1, 6); k > 0; k--)
        cells[n_cells++] = (uint8_t) g_rand_int_range (rand, 0, NC_CELLS);
      expected = listed_differs (found, count, &full, cells, n_cells);
      assert_find_other (&puzzle, &full, cells, n_cells, expected);
      outcomes[1][expected]++;
    }
  /* Both answers really occur, both ways of asking. */
  for (int i = 0; i < 2; i++)
    {
      g_assert_cmpuint (outcomes[i][0], >, 50);
      g_assert_cmpuint (outcomes[i][1], >, 50);
    }
}

/* The generator's question: with one clue of a unique puzzle taken away,
 * is there a solution other than the puzzle's, asked at that cell and
 * anywhere, against counting, on the shared sets and the conflicting cases. */
static void
check_find_other_set (const char *name, guint stride)
{
  g_autoptr(GPtrArray) puzzles = load_shared_set (name);
  unsigned outcomes[2] = { 0, 0 };

  if (puzzles == NULL)
    return;
  for (guint i = 0; i < puzzles->len; i += stride)
    {
      const NcGrid *puzzle = g_ptr_array_index (puzzles, i);
      NcGrid solution;

      g_assert_cmpuint (nc_solver_count (puzzle, 2, &solution), ==, 1);
      assert_find_other (puzzle, &solution, NULL, 0, FALSE);
      for (int cell = 0; cell < NC_CELLS; cell++)
        {
          NcGrid less = *puzzle;
          uint8_t at = (uint8_t) cell;
          gboolean expected;

          if (puzzle->cell[cell] == 0)
            continue;
          less.cell[cell] = 0;
          expected = nc_solver_count (&less, 2, NULL) == 2;
          assert_find_other (&less, &solution, &at, 1, expected);
          assert_find_other (&less, &solution, NULL, 0, expected);
          outcomes[expected]++;
        }
    }
  g_test_message ("%s: %u clues necessary, %u not", name, outcomes[1], outcomes[0]);
}

static void
test_find_other_shared (void)
{
  check_find_other_set ("17-clue.txt", 25);
  check_find_other_set ("magictour-top1465.txt", 1);
}

static void
test_find_other_edges (void)
{
  const int conflict[][2] = { { 0, 5 }, { 4, 5 }, { -1 } };
  NcGrid bad = grid_from_givens (conflict);
  NcGrid solution = grid_from_line (EULER1_SOLUTION);
  NcGrid empty = { { 0 } };
  uint8_t all[NC_CELLS];

  for (int i = 0; i < NC_CELLS; i++)
    all[i] = (uint8_t) i;
  /* No solution at all: none differs. */
  g_assert_false (nc_solver_find_other (&bad, &solution, NULL, 0, NULL));
  g_assert_false (nc_solver_find_other (&bad, &solution, all, NC_CELLS, NULL));
  /* A full grid is its only solution. */
  g_assert_false (nc_solver_find_other (&solution, &solution, NULL, 0, NULL));
  g_assert_false (nc_solver_find_other (&solution, &solution, all, NC_CELLS, NULL));
  /* No cells to differ at. */
  g_assert_false (nc_solver_find_other (&empty, &solution, all, 0, NULL));
  /* The empty grid has others everywhere. */
  assert_find_other (&empty, &solution, NULL, 0, TRUE);
  assert_find_other (&empty, &solution, all, NC_CELLS, TRUE);
  assert_find_other (&empty, &solution, all + 80, 1, TRUE);
}

/* The board of puzzle's givens built in one of the ways a caller may: way 0
 * places them all at once, 1 places the givens of a (the others) on the
 * board of the rest, 2 meets the board of those of a with the board of
 * the rest, 3 and 4 meet them as 2 does with one or both only added, not
 * placed, and 5 meets the board of all of them, only added, with itself. */
static void
board_of (const NcGrid *puzzle, const gboolean a[NC_CELLS], int way, NcSolverBoard *out)
{
  uint8_t in_a[NC_CELLS], in_b[NC_CELLS];
  int n_a = 0, n_b = 0;
  NcSolverBoard other;

  for (int i = 0; i < NC_CELLS; i++)
    if (a[i])
      in_a[n_a++] = (uint8_t) i;
    else
      in_b[n_b++] = (uint8_t) i;
  nc_solver_board_init (out);
  nc_solver_board_init (&other);
  switch (way)
    {
    case 0:
      nc_solver_board_place (out, puzzle, NULL, 0);
      break;
    case 1:
      nc_solver_board_place (out, puzzle, in_b, n_b);
      nc_solver_board_place (out, puzzle, in_a, n_a);
      break;
    case 5:
      nc_solver_board_add (out, puzzle, NULL, 0);
      nc_solver_board_meet (out, out, out);
      break;
    default:
      if (way == 4)
        nc_solver_board_add (out, puzzle, in_a, n_a);
      else
        nc_solver_board_place (out, puzzle, in_a, n_a);
      if (way == 2)
        nc_solver_board_place (&other, puzzle, in_b, n_b);
      else
        nc_solver_board_add (&other, puzzle, in_b, n_b);
      nc_solver_board_meet (out, out, &other);
      break;
    }
}

/* A search from a board built any way finds what one from the puzzle
 * finds: the same count, the same solutions in the same order, the same
 * other solution. The generator relies on the order: its puzzles must not
 * change with how the board was built. Puzzles as in count-near, the
 * givens split at random. */
static void
test_board (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261208);
  unsigned by_count[3] = { 0, 0, 0 };

  for (int n = 0; n < 500; n++)
    {
      NcGrid full = random_full_grid (rand);
      NcGrid puzzle = full;
      NcGrid want[MAX_SOLUTIONS], want_other, got[MAX_SOLUTIONS], got_other;
      gboolean a[NC_CELLS];
      unsigned limit = (unsigned) g_rand_int_range (rand, 1, MAX_SOLUTIONS + 1);
      unsigned expected;
      gboolean other;
      char line[82];

      empty_cells (rand, &puzzle, g_rand_int_range (rand, 20, 60), n % 4 == 3);
      nc_grid_format_line (&puzzle, '.', line);
      for (int i = 0; i < NC_CELLS; i++)
        a[i] = g_rand_boolean (rand);
      expected = nc_solver_count_near (&puzzle, limit, &full, want);
      other = nc_solver_find_other (&puzzle, &full, NULL, 0, &want_other);
      by_count[MIN (expected, 2)]++;
      for (int way = 0; way < 6; way++)
        {
          NcSolverBoard board;
          unsigned count;

          board_of (&puzzle, a, way, &board);
          count = nc_solver_count_near_from (&board, limit, &full, got);
          if (count != expected)
            g_error ("%s: counted %u from board %d, %u from the puzzle", line, count, way, expected);
          for (unsigned i = 0; i < count; i++)
            if (!nc_grid_equal (&got[i], &want[i]))
              g_error ("%s: solution %u from board %d is not the puzzle's", line, i, way);
          if (nc_solver_find_other_from (&board, &full, NULL, 0, &got_other) != other)
            g_error ("%s: find_other from board %d says %d, from the puzzle %d", line, way, !other, other);
          if (other && !nc_grid_equal (&got_other, &want_other))
            g_error ("%s: find_other from board %d finds another grid", line, way);
        }
    }
  g_assert_cmpuint (by_count[0], >, 50);
  g_assert_cmpuint (by_count[1], >, 50);
  g_assert_cmpuint (by_count[2], >, 50);
}

/* A board that meets a contradiction says so and keeps no solution,
 * whatever is placed, added or met afterwards. */
static void
test_board_contradiction (void)
{
  const int conflict[][2] = { { 0, 5 }, { 4, 5 }, { -1 } };
  NcGrid bad = grid_from_givens (conflict);
  NcGrid empty = { { 0 } };
  NcSolverBoard board, fresh;
  uint8_t first = 0;

  nc_solver_board_init (&fresh);
  g_assert_cmpuint (nc_solver_count_near_from (&fresh, 2, NULL, NULL), ==, 2);
  board = fresh;
  g_assert_true (nc_solver_board_place (&board, &bad, &first, 1));
  g_assert_false (nc_solver_board_place (&board, &bad, NULL, 0));
  g_assert_cmpuint (nc_solver_count_near_from (&board, 2, NULL, NULL), ==, 0);
  g_assert_false (nc_solver_board_place (&board, &empty, NULL, 0));
  g_assert_false (nc_solver_board_add (&board, &empty, NULL, 0) && nc_solver_board_place (&board, &empty, NULL, 0));
  nc_solver_board_meet (&board, &board, &fresh);
  g_assert_cmpuint (nc_solver_count_near_from (&board, 2, NULL, NULL), ==, 0);
  g_assert_false (nc_solver_find_other_from (&board, &bad, NULL, 0, NULL));
  /* Two givens that conflict only once met. */
  board = fresh;
  g_assert_true (nc_solver_board_place (&board, &bad, &first, 1));
  nc_solver_board_init (&fresh);
  first = 4;
  g_assert_true (nc_solver_board_place (&fresh, &bad, &first, 1));
  nc_solver_board_meet (&board, &board, &fresh);
  g_assert_cmpuint (nc_solver_count_near_from (&board, 2, NULL, NULL), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/solver/unique", test_unique);
  g_test_add_func ("/core/solver/full-grid", test_full_grid);
  g_test_add_func ("/core/solver/conflicting-givens", test_conflicting_givens);
  g_test_add_func ("/core/solver/no-solution", test_no_solution);
  g_test_add_func ("/core/solver/contradiction", test_contradiction);
  g_test_add_func ("/core/solver/several-solutions", test_several_solutions);
  g_test_add_func ("/core/solver/limits", test_limits);
  g_test_add_func ("/core/solver/empty-grid", test_empty_grid);
  g_test_add_func ("/core/solver/random-vs-reference", test_random_vs_reference);
  g_test_add_func ("/core/solver/count-near", test_count_near);
  g_test_add_func ("/core/solver/17-clue", test_17_clue);
  g_test_add_func ("/core/solver/magictour", test_magictour);
  g_test_add_func ("/core/solver/find-other/edges", test_find_other_edges);
  g_test_add_func ("/core/solver/find-other/random", test_find_other_random);
  g_test_add_func ("/core/solver/find-other/shared", test_find_other_shared);
  g_test_add_func ("/core/solver/board", test_board);
  g_test_add_func ("/core/solver/board/contradiction", test_board_contradiction);
  return g_test_run ();
}
