/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-unavoidable.c: every set the swaps give is unavoidable (blanking
 * it leaves two solutions, and every unique puzzle has a clue in it), a
 * grid found beside the solution gives the clues it differs at, and the
 * packing is of disjoint sets and takes every set it can. */

#include "config.h"

#include <glib.h>

#include "nc-generate.h"
#include "nc-solver.h"
#include "nc-unavoidable.h"
#include "test-util.h"

#define SEEDS 20

/* A minimal unique puzzle and its solution, from the seed. */
static NcGenerated
minimal_puzzle (uint64_t seed)
{
  NcGenerateParams params;
  NcGenerated      out;

  nc_generate_params_init (&params);
  params.seed = seed;
  g_assert_cmpint (nc_generate (&params, NULL, NULL, &out), ==, NC_GENERATE_OK);
  return out;
}

static NcCells
all_cells (void)
{
  NcCells all = { { 0, 0 } };

  for (int c = 0; c < NC_CELLS; c++)
    nc_cells_add (&all, c);
  return all;
}

/* The swaps of Inkala's solution and of generated grids: each set is an
 * even number of cells, at least four, and the grid without them has a
 * second solution. */
static void
test_swaps_unavoidable (void)
{
  for (uint64_t seed = 0; seed <= SEEDS; seed++)
    {
      NcGrid        solution = seed == 0 ? grid_from_line (INKALA_SOLUTION)
                                         : minimal_puzzle (seed).solution;
      NcCells       all = all_cells ();
      NcUnavoidable u;

      nc_unavoidable_init (&u, &all);
      nc_unavoidable_add_swaps (&u, &solution);
      /* Every pair of rows in a band swaps somewhere. */
      g_assert_cmpint (u.n, >=, 2 * 27);
      for (int i = 0; i < u.n; i++)
        {
          NcGrid blanked = solution;
          int    size = nc_cells_count (&u.set[i]);

          g_assert_cmpint (size, >=, 4);
          g_assert_cmpint (size % 2, ==, 0);
          for (int c = 0; c < NC_CELLS; c++)
            if (nc_cells_has (&u.set[i], c))
              blanked.cell[c] = 0;
          g_assert_cmpuint (nc_solver_count (&blanked, 2, NULL), ==, 2);
        }
    }
}

/* A unique puzzle has a clue in every unavoidable set of its solution:
 * cut down to the clues, no set comes out empty, and none is dropped. */
static void
test_swaps_meet_clues (void)
{
  for (uint64_t seed = 1; seed <= SEEDS; seed++)
    {
      NcGenerated   out = minimal_puzzle (seed);
      NcCells       all = all_cells (), clues = nc_cells_of_clues (&out.puzzle);
      NcUnavoidable everywhere, within;

      nc_unavoidable_init (&everywhere, &all);
      nc_unavoidable_add_swaps (&everywhere, &out.solution);
      nc_unavoidable_init (&within, &clues);
      nc_unavoidable_add_swaps (&within, &out.solution);
      g_assert_cmpint (within.n, ==, everywhere.n);
      for (int i = 0; i < within.n; i++)
        {
          g_assert_cmpint (nc_cells_count (&within.set[i]), >=, 1);
          g_assert_cmpuint (within.set[i].w[0] & ~everywhere.set[i].w[0], ==, 0);
          g_assert_cmpuint (within.set[i].w[1] & ~everywhere.set[i].w[1], ==, 0);
          g_assert_cmpuint (within.set[i].w[0] & ~clues.w[0], ==, 0);
          g_assert_cmpuint (within.set[i].w[1] & ~clues.w[1], ==, 0);
        }
    }
}

/* Each clue of a minimal puzzle is needed: the solver's other grid for it
 * differs from the solution at that clue alone, of all the clues. */
static void
test_add_grid (void)
{
  NcGenerated out = minimal_puzzle (3);
  NcCells     clues = nc_cells_of_clues (&out.puzzle);
  int         tested = 0;

  for (int c = 0; c < NC_CELLS; c++)
    {
      NcGrid        without = out.puzzle, other;
      NcUnavoidable u;
      uint8_t       cell = (uint8_t) c;

      if (out.puzzle.cell[c] == 0)
        continue;
      without.cell[c] = 0;
      g_assert_true (nc_solver_find_other (&without, &out.solution, &cell, 1, &other));
      nc_unavoidable_init (&u, &clues);
      g_assert_false (nc_unavoidable_add_grid (&u, &out.solution, &other, 0));
      g_assert_false (nc_unavoidable_add_grid (&u, &out.solution, &out.solution, NC_CELLS));
      g_assert_cmpint (u.n, ==, 0);
      g_assert_true (nc_unavoidable_add_grid (&u, &out.solution, &other, 1));
      g_assert_cmpint (u.n, ==, 1);
      g_assert_cmpint (nc_cells_count (&u.set[0]), ==, 1);
      g_assert_true (nc_cells_has (&u.set[0], c));
      tested++;
    }
  g_assert_cmpint (tested, >=, 17);
}

/* The packed sets are sets of u, share no cell, number no more than the
 * clues, and leave no set of u that meets none of them (the greedy packing
 * stops only when nothing fits); the weights put the cells every set
 * leaves out at 0 and the cells that are a set by themselves above any
 * other. */
static void
test_pack_and_weigh (void)
{
  for (uint64_t seed = 1; seed <= SEEDS; seed++)
    {
      NcGenerated   out = minimal_puzzle (seed);
      NcCells       clues = nc_cells_of_clues (&out.puzzle), used = { { 0, 0 } };
      NcUnavoidable u;
      int8_t        packed[NC_CELLS];
      unsigned      weight[NC_CELLS];
      int           n, first_clue = -1;
      NcGrid        other;

      nc_unavoidable_init (&u, &clues);
      nc_unavoidable_add_swaps (&u, &out.solution);
      /* A set of one clue, as a witness for the first clue gives. */
      for (int c = 0; c < NC_CELLS && first_clue < 0; c++)
        if (out.puzzle.cell[c] != 0)
          first_clue = c;
      {
        NcGrid  without = out.puzzle;
        uint8_t cell = (uint8_t) first_clue;

        without.cell[first_clue] = 0;
        g_assert_true (nc_solver_find_other (&without, &out.solution, &cell, 1, &other));
        g_assert_true (nc_unavoidable_add_grid (&u, &out.solution, &other, NC_CELLS));
      }
      n = nc_unavoidable_pack (&u, packed);
      g_assert_cmpint (n, >=, 1);
      g_assert_cmpint (n, <=, nc_cells_count (&clues));
      /* Sets of one clue are the smallest, so all packed. */
      g_assert_cmpint (packed[first_clue], >=, 0);
      for (int k = 0; k < n; k++)
        {
          NcCells marked = { { 0, 0 } };
          bool    found = false;

          for (int c = 0; c < NC_CELLS; c++)
            if (packed[c] == k)
              nc_cells_add (&marked, c);
          for (int i = 0; i < u.n && !found; i++)
            found = u.set[i].w[0] == marked.w[0] && u.set[i].w[1] == marked.w[1];
          g_assert_true (found);
          g_assert_cmpuint ((used.w[0] & marked.w[0]) | (used.w[1] & marked.w[1]), ==, 0);
          used.w[0] |= marked.w[0];
          used.w[1] |= marked.w[1];
        }
      for (int c = 0; c < NC_CELLS; c++)
        g_assert_true ((packed[c] >= 0) == nc_cells_has (&used, c));
      for (int i = 0; i < u.n; i++)
        g_assert_cmpuint ((u.set[i].w[0] & used.w[0]) | (u.set[i].w[1] & used.w[1]), !=, 0);

      nc_unavoidable_weigh (&u, weight);
      for (int c = 0; c < NC_CELLS; c++)
        {
          bool in_any = false, alone = false;

          for (int i = 0; i < u.n; i++)
            if (nc_cells_has (&u.set[i], c))
              {
                in_any = true;
                alone |= nc_cells_count (&u.set[i]) == 1;
              }
          if (alone)
            g_assert_cmpint (packed[c], >=, 0);
          if (!in_any)
            g_assert_cmpuint (weight[c], ==, 0);
          else if (alone)
            g_assert_cmpuint (weight[c], >=, NC_CELLS * 720u);
          else
            g_assert_cmpuint (weight[c], <, NC_CELLS * 720u);
        }
      g_assert_cmpuint (weight[first_clue], >=, NC_CELLS * 720u);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/unavoidable/swaps-unavoidable", test_swaps_unavoidable);
  g_test_add_func ("/core/unavoidable/swaps-meet-clues", test_swaps_meet_clues);
  g_test_add_func ("/core/unavoidable/add-grid", test_add_grid);
  g_test_add_func ("/core/unavoidable/pack-and-weigh", test_pack_and_weigh);
  return g_test_run ();
}
