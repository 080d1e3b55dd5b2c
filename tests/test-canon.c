/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-canon.c: transforms keep grids valid and compose into rotations and
 * mirrors; the canonical form is the same for every transform of a puzzle,
 * differs between puzzles that are not transforms of each other, and agrees
 * with the exhaustive search. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nc-canon.h"
#include "nc-solver.h"
#include "test-util.h"

/* Every STRIDE-th puzzle of the big set, every STRIDE_HARD-th of the hard one. */
#define STRIDE      1229
#define STRIDE_HARD 73

typedef enum
{
  KIND_TRANSPOSE,
  KIND_BAND_SWAP,
  KIND_ROW_SWAP,
  KIND_STACK_SWAP,
  KIND_COLUMN_SWAP,
  KIND_RELABEL,
  KIND_ROTATE_90,
  KIND_ROTATE_180,
  KIND_ROTATE_270,
  KIND_MIRROR_HORIZONTAL,
  KIND_MIRROR_VERTICAL,
  KIND_MIRROR_DIAGONAL,
  KIND_MIRROR_ANTI_DIAGONAL,
  KIND_RANDOM,
  KIND_COUNT,
} Kind;

/* Every stride-th puzzle of a shared data set, when present. */
static GArray *
load_sample (const char *name, guint stride)
{
  g_autoptr(GPtrArray) lines = test_read_shared (name, stride, G_MAXUINT);
  GArray *grids = g_array_new (FALSE, FALSE, sizeof (NcGrid));

  for (guint i = 0; lines != NULL && i < lines->len; i++)
    {
      NcGrid grid = grid_from_line (g_ptr_array_index (lines, i));

      g_array_append_val (grids, grid);
    }
  return grids;
}

/* Built once. */
static GArray *sample;

static GArray *
sample_build (void)
{
  GArray *grids = load_sample ("17-clue.txt", STRIDE);
  g_autoptr(GArray) hard = load_sample ("magictour-top1465.txt", STRIDE_HARD);
  /* Inkala's and Euler's, and two of Nonet's own (denser, symmetric):
   * "Easy 1" (36 clues) and "Medium 25" (26) of the built-in collections. */
  NcGrid known[4] = {
    grid_from_line (INKALA),
    grid_from_line (EULER1),
    grid_from_line ("4.8.91..521..5.4...7...4.1.9..1..74.1.3...5.2.57..2..1.8.3...2...6.1..547..58.1.9"),
    grid_from_line (".....2.1.9.16..7....89..32..7.18.................76.3..87..95....3..19.2.5.8....."),
  };

  if (grids->len == 0)
    g_test_message ("no shared data (NONET_SHARED_DATA): the known puzzles only");
  g_array_append_vals (grids, hard->data, hard->len);
  g_array_append_vals (grids, known, G_N_ELEMENTS (known));
  return grids;
}

static void
swap_bytes (uint8_t *items, int a, int b)
{
  uint8_t t = items[a];

  items[a] = items[b];
  items[b] = t;
}

/* One transform of each kind, built from the primitives of NcTransform. */
static NcTransform
transform_of_kind (Kind kind, NcRng *rng)
{
  NcTransform t;

  nc_transform_identity (&t);
  switch (kind)
    {
    case KIND_TRANSPOSE:
    case KIND_MIRROR_DIAGONAL:
      t.transpose = true;
      break;
    case KIND_BAND_SWAP:
      for (int i = 0; i < 3; i++)
        swap_bytes (t.row, i, 6 + i);
      break;
    case KIND_ROW_SWAP:
      swap_bytes (t.row, 3, 5);
      break;
    case KIND_STACK_SWAP:
      for (int i = 0; i < 3; i++)
        swap_bytes (t.col, i, 3 + i);
      break;
    case KIND_COLUMN_SWAP:
      swap_bytes (t.col, 7, 8);
      break;
    case KIND_RELABEL:
      nc_rng_shuffle (rng, t.digit + 1, 9);
      break;
    case KIND_ROTATE_90:
      t.transpose = true;
      for (int i = 0; i < 9; i++)
        t.col[i] = (uint8_t) (8 - i);
      break;
    case KIND_ROTATE_180:
      for (int i = 0; i < 9; i++)
        t.row[i] = t.col[i] = (uint8_t) (8 - i);
      break;
    case KIND_ROTATE_270:
      t.transpose = true;
      for (int i = 0; i < 9; i++)
        t.row[i] = (uint8_t) (8 - i);
      break;
    case KIND_MIRROR_HORIZONTAL:
      for (int i = 0; i < 9; i++)
        t.row[i] = (uint8_t) (8 - i);
      break;
    case KIND_MIRROR_VERTICAL:
      for (int i = 0; i < 9; i++)
        t.col[i] = (uint8_t) (8 - i);
      break;
    case KIND_MIRROR_ANTI_DIAGONAL:
      t.transpose = true;
      for (int i = 0; i < 9; i++)
        t.row[i] = t.col[i] = (uint8_t) (8 - i);
      break;
    case KIND_RANDOM:
    case KIND_COUNT:
    default:
      nc_transform_random (&t, rng);
      break;
    }
  g_assert_true (nc_transform_is_valid (&t));
  return t;
}

/* Where each geometric kind sends cell (r, c), written out by hand, so that
 * the compositions above are checked against the plain definitions. */
static int
source_cell (Kind kind, int r, int c)
{
  switch (kind)
    {
    case KIND_ROTATE_90:             return (8 - c) * 9 + r;
    case KIND_ROTATE_180:            return (8 - r) * 9 + 8 - c;
    case KIND_ROTATE_270:            return c * 9 + 8 - r;
    case KIND_MIRROR_HORIZONTAL:     return (8 - r) * 9 + c;
    case KIND_MIRROR_VERTICAL:       return r * 9 + 8 - c;
    case KIND_MIRROR_DIAGONAL:       return c * 9 + r;
    case KIND_MIRROR_ANTI_DIAGONAL:  return (8 - c) * 9 + 8 - r;
    default:                         g_assert_not_reached ();
    }
}

static void
assert_same_grid (const NcGrid *a, const NcGrid *b, const char *what)
{
  char la[82], lb[82];

  nc_grid_format_line (a, '.', la);
  nc_grid_format_line (b, '.', lb);
  if (strcmp (la, lb) != 0)
    g_error ("%s:\n  %s\n  %s", what, la, lb);
}

static void
test_identity (void)
{
  NcTransform t;
  NcGrid grid = grid_from_line (INKALA), out;

  nc_transform_identity (&t);
  g_assert_true (nc_transform_is_valid (&t));
  nc_transform_apply (&t, &grid, &out);
  assert_same_grid (&grid, &out, "identity");
  nc_transform_apply (&t, &grid, &grid);   /* in place */
  assert_same_grid (&grid, &out, "identity in place");
}

static void
test_valid (void)
{
  NcRng rng;
  NcTransform t;

  nc_rng_seed (&rng, 1);
  for (int i = 0; i < 1000; i++)
    {
      nc_transform_random (&t, &rng);
      g_assert_true (nc_transform_is_valid (&t));
    }

  nc_transform_identity (&t);
  swap_bytes (t.row, 2, 3);                 /* mixes bands 1 and 2 */
  g_assert_false (nc_transform_is_valid (&t));
  nc_transform_identity (&t);
  swap_bytes (t.col, 0, 8);
  g_assert_false (nc_transform_is_valid (&t));
  nc_transform_identity (&t);
  t.row[4] = 3;                             /* row 3 twice */
  g_assert_false (nc_transform_is_valid (&t));
  nc_transform_identity (&t);
  t.col[8] = 9;
  g_assert_false (nc_transform_is_valid (&t));
  nc_transform_identity (&t);
  t.digit[0] = 1;
  t.digit[1] = 0;
  g_assert_false (nc_transform_is_valid (&t));
  nc_transform_identity (&t);
  t.digit[5] = 4;                           /* 4 twice, no 5 */
  g_assert_false (nc_transform_is_valid (&t));
  nc_transform_identity (&t);
  t.digit[9] = 10;
  g_assert_false (nc_transform_is_valid (&t));
}

static void
test_rotations (void)
{
  NcGrid grid = grid_from_line (EULER1), out;
  NcRng rng;

  nc_rng_seed (&rng, 2);
  for (Kind kind = KIND_ROTATE_90; kind <= KIND_MIRROR_ANTI_DIAGONAL; kind++)
    {
      NcTransform t = transform_of_kind (kind, &rng);

      nc_transform_apply (&t, &grid, &out);
      for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
          g_assert_cmpint (out.cell[r * 9 + c], ==, grid.cell[source_cell (kind, r, c)]);
    }
}

/* The checks every grid goes through: the form is a fixed point, comes with
 * a transform that makes it, keeps the clue count, and is the same for
 * every kind of transform of the grid. */
static void
assert_canon_invariant (const NcGrid *grid, NcRng *rng)
{
  NcGrid canon, again, made;
  NcTransform t;

  nc_canon_with_transform (grid, &canon, &t);
  g_assert_true (nc_transform_is_valid (&t));
  nc_transform_apply (&t, grid, &made);
  assert_same_grid (&made, &canon, "the transform found does not make the form");
  nc_canon (&canon, &again);
  assert_same_grid (&canon, &again, "the form of the form differs");
  g_assert_cmpint (nc_grid_count_filled (&canon), ==, nc_grid_count_filled (grid));
  for (Kind kind = 0; kind < KIND_COUNT; kind++)
    for (int repeat = 0; repeat < (kind == KIND_RANDOM ? 4 : 1); repeat++)
      {
        NcTransform k = transform_of_kind (kind, rng);
        NcGrid moved;

        nc_transform_apply (&k, grid, &moved);
        nc_canon (&moved, &again);
        assert_same_grid (&canon, &again, "a transform changes the form");
      }
}

static void
test_invariant (void)
{
  GArray *puzzles = sample;
  const NcGrid *grids = (const NcGrid *) (const void *) puzzles->data;
  NcRng rng;

  nc_rng_seed (&rng, 3);
  for (guint i = 0; i < puzzles->len; i++)
    {
      NcGrid canon, solution;

      assert_canon_invariant (&grids[i], &rng);
      nc_canon (&grids[i], &canon);
      g_assert_cmpuint (nc_grid_find_conflicts (&canon, NULL, 0), ==, 0);
      g_assert_cmpuint (nc_solver_count (&grids[i], 2, &solution), ==, 1);
      g_assert_cmpuint (nc_solver_count (&canon, 2, NULL), ==, 1);
      /* The solution too, a full grid. */
      assert_canon_invariant (&solution, &rng);
    }
}

/* A puzzle with several solutions keeps their number. */
static void
test_solution_count (void)
{
  NcGrid grid = grid_from_line (INKALA), canon;
  NcRng rng;

  nc_rng_seed (&rng, 4);
  for (int cell = 0; cell < 40; cell++)
    grid.cell[cell] = 0;
  nc_canon (&grid, &canon);
  g_assert_cmpuint (nc_solver_count (&grid, 1000, NULL), ==, nc_solver_count (&canon, 1000, NULL));
  assert_canon_invariant (&grid, &rng);
}

/* Puzzles of the 17-clue collection are pairwise inequivalent; a puzzle, its
 * solution and the puzzle less one clue are three different forms. */
static void
test_distinct (void)
{
  GArray *puzzles = sample;
  const NcGrid *grids = (const NcGrid *) (const void *) puzzles->data;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  NcGrid a = grid_from_line (INKALA_SOLUTION), b = grid_from_line (EULER1_SOLUTION);
  NcGrid ca, cb;

  for (guint i = 0; i < puzzles->len; i++)
    {
      NcGrid canon, fewer = grids[i], solution;
      char line[82];
      int first = 0;

      nc_canon (&grids[i], &canon);
      nc_grid_format_line (&canon, '.', line);
      g_assert_true (g_hash_table_add (seen, g_strdup (line)));

      while (fewer.cell[first] == 0)
        first++;
      fewer.cell[first] = 0;
      nc_canon (&fewer, &ca);
      g_assert_false (nc_grid_equal (&ca, &canon));

      g_assert_cmpuint (nc_solver_count (&grids[i], 1, &solution), ==, 1);
      nc_canon (&solution, &cb);
      g_assert_false (nc_grid_equal (&cb, &canon));
    }

  nc_canon (&a, &ca);
  nc_canon (&b, &cb);
  g_assert_false (nc_grid_equal (&ca, &cb));
}

/* The tied search against trying every column order, on puzzles, solution
 * grids, random subsets of a solution of every size, and grids with repeated
 * digits (which nc_canon hands to the exhaustive search itself). */
static void
test_exhaustive (void)
{
  GArray *puzzles = sample;
  const NcGrid *grids = (const NcGrid *) (const void *) puzzles->data;
  NcGrid solution = grid_from_line (EULER1_SOLUTION);
  NcRng rng;

  nc_rng_seed (&rng, 5);
  for (guint i = 0; i < puzzles->len; i += 8)
    {
      NcGrid fast, slow;

      nc_canon (&grids[i], &fast);
      nc_canon_exhaustive (&grids[i], &slow);
      assert_same_grid (&fast, &slow, "tied and exhaustive searches differ");
    }
  for (int n = 0; n <= NC_CELLS; n += 9)
    {
      uint8_t order[NC_CELLS];
      NcGrid partial = { { 0 } }, fast, slow;

      for (int i = 0; i < NC_CELLS; i++)
        order[i] = (uint8_t) i;
      nc_rng_shuffle (&rng, order, NC_CELLS);
      for (int i = 0; i < n; i++)
        partial.cell[order[i]] = solution.cell[order[i]];
      nc_canon (&partial, &fast);
      nc_canon_exhaustive (&partial, &slow);
      assert_same_grid (&fast, &slow, "tied and exhaustive searches differ on a subset");
      assert_canon_invariant (&partial, &rng);
    }
  for (int i = 0; i < 8; i++)
    {
      NcGrid junk = { { 0 } };

      for (int j = 0; j < 12; j++)
        junk.cell[nc_rng_below (&rng, NC_CELLS)] = (uint8_t) (1 + nc_rng_below (&rng, 9));
      assert_canon_invariant (&junk, &rng);
    }
}

static void
test_degenerate (void)
{
  NcGrid empty = { { 0 } }, one = { { 0 } }, canon;
  NcTransform t;
  NcRng rng;

  nc_rng_seed (&rng, 6);
  nc_canon_with_transform (&empty, &canon, &t);
  assert_same_grid (&canon, &empty, "the empty grid");
  g_assert_true (nc_transform_is_valid (&t));
  assert_canon_invariant (&empty, &rng);

  one.cell[40] = 7;
  nc_canon (&one, &canon);
  g_assert_cmpint (canon.cell[80], ==, 1);
  g_assert_cmpint (nc_grid_count_filled (&canon), ==, 1);
  assert_canon_invariant (&one, &rng);

  /* A full grid: its first row is always 1 to 9. */
  one = grid_from_line (INKALA_SOLUTION);
  nc_canon (&one, &canon);
  for (int c = 0; c < 9; c++)
    g_assert_cmpint (canon.cell[c], ==, c + 1);
  g_assert_true (nc_grid_is_full (&canon));
  g_assert_cmpuint (nc_grid_find_conflicts (&canon, NULL, 0), ==, 0);
  assert_canon_invariant (&one, &rng);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  sample = sample_build ();
  g_test_add_func ("/core/canon/identity", test_identity);
  g_test_add_func ("/core/canon/valid", test_valid);
  g_test_add_func ("/core/canon/rotations", test_rotations);
  g_test_add_func ("/core/canon/degenerate", test_degenerate);
  g_test_add_func ("/core/canon/invariant", test_invariant);
  g_test_add_func ("/core/canon/solution-count", test_solution_count);
  g_test_add_func ("/core/canon/distinct", test_distinct);
  g_test_add_func ("/core/canon/exhaustive", test_exhaustive);
  status = g_test_run ();
  g_array_unref (sample);
  return status;
}
