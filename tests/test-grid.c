/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-grid.c: cell names, the peer and unit tables, conflicts and the text layouts. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nc-grid.h"
#include "ne-messages.h"
#include "test-util.h"


static void
test_cell_names (void)
{
  char name[5], unit[16];

  g_assert_cmpstr (nc_cell_name (0, name), ==, "r1c1");
  g_assert_cmpstr (nc_cell_name (8, name), ==, "r1c9");
  g_assert_cmpstr (nc_cell_name (9, name), ==, "r2c1");
  g_assert_cmpstr (nc_cell_name (80, name), ==, "r9c9");
  g_assert_cmpstr (nc_cell_name (81, name), ==, "r?c?");
  g_assert_cmpstr (nc_unit_label (NC_UNIT_ROW, 40, unit), ==, "row 5");
  g_assert_cmpstr (nc_unit_label (NC_UNIT_COLUMN, 8, unit), ==, "column 9");
  g_assert_cmpstr (nc_unit_label (NC_UNIT_BOX, 80, unit), ==, "box 9");
  g_assert_cmpstr (nc_unit_label (NC_UNIT_BOX, 30, unit), ==, "box 5");
}

/* Rebuilds every peer list from the definition: the row left to right, the
 * column top to bottom, then the box cells in neither, in reading order. */
static void
test_peers (void)
{
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      int expect[NC_PEERS];
      int n = 0;
      int r = nc_cell_row (cell), c = nc_cell_col (cell);

      for (int x = 0; x < 9; x++)
        if (x != c)
          expect[n++] = r * 9 + x;
      for (int y = 0; y < 9; y++)
        if (y != r)
          expect[n++] = y * 9 + c;
      for (int y = r / 3 * 3; y < r / 3 * 3 + 3; y++)
        for (int x = c / 3 * 3; x < c / 3 * 3 + 3; x++)
          if (y != r && x != c)
            expect[n++] = y * 9 + x;
      g_assert_cmpint (n, ==, NC_PEERS);
      for (int i = 0; i < NC_PEERS; i++)
        {
          g_assert_cmpint (nc_peers[cell][i], ==, expect[i]);
          g_assert_cmpint (nc_peer_unit (i), ==, i < 8 ? NC_UNIT_ROW : i < 16 ? NC_UNIT_COLUMN : NC_UNIT_BOX);
        }
    }
}

static void
test_units (void)
{
  for (int u = 0; u < 27; u++)
    {
      unsigned seen = 0;

      for (int i = 0; i < 9; i++)
        {
          int cell = nc_units[u][i];

          seen |= 1u << i;
          if (u < 9)
            g_assert_cmpint (nc_cell_row (cell), ==, u);
          else if (u < 18)
            g_assert_cmpint (nc_cell_col (cell), ==, u - 9);
          else
            g_assert_cmpint (nc_cell_box (cell), ==, u - 18);
        }
      g_assert_cmpuint (seen, ==, 0x1FF);
    }
}

/* The sentence a person reads, untranslated (the tests run in the C locale). */
static void
assert_conflict (const NcConflict *conflict, const char *expected)
{
  g_autofree char *text = ne_conflict_describe (conflict);

  g_assert_cmpstr (text, ==, expected);
}

/* Why there is no solution, as the editor says it. */
static void
test_contradiction_sentences (void)
{
  const struct
  {
    NcContradiction  contradiction;
    const char      *expected;
  } cases[] = {
    { { NC_CONTRADICTION_CELL, 9 * 3 + 4, NC_UNIT_ROW, 0 },
      "r4c5 has no digit left, as 1 to 9 all appear in its row, column or box" },
    { { NC_CONTRADICTION_DIGIT, 9 * 2, NC_UNIT_ROW, 7 }, "row 3 has no place for a 7" },
    { { NC_CONTRADICTION_DIGIT, 5, NC_UNIT_COLUMN, 1 }, "column 6 has no place for a 1" },
    { { NC_CONTRADICTION_DIGIT, 30, NC_UNIT_BOX, 9 }, "box 5 has no place for a 9" },
  };
  NcContradiction none = { NC_CONTRADICTION_NONE, -1, NC_UNIT_ROW, 0 };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ne_contradiction_describe (&cases[i].contradiction);

      g_assert_cmpstr (text, ==, cases[i].expected);
    }
  g_assert_null (ne_contradiction_describe (&none));
}

static void
test_conflicts (void)
{
  NcGrid grid = { { 0 } };
  NcConflict conflicts[8];

  g_assert_cmpuint (nc_grid_find_conflicts (&grid, conflicts, 8), ==, 0);

  grid.cell[0] = 4;
  grid.cell[6] = 4;     /* r1c7: same row */
  g_assert_cmpuint (nc_grid_find_conflicts (&grid, conflicts, 8), ==, 1);
  assert_conflict (&conflicts[0], "r1c1 and r1c7 are both 4 (row 1)");

  grid = (NcGrid) { { 0 } };
  grid.cell[9 * 4 + 2] = 7;   /* r5c3 */
  grid.cell[9 * 8 + 2] = 7;   /* r9c3 */
  g_assert_cmpuint (nc_grid_find_conflicts (&grid, conflicts, 8), ==, 1);
  assert_conflict (&conflicts[0], "r5c3 and r9c3 are both 7 (column 3)");

  grid = (NcGrid) { { 0 } };
  grid.cell[9 * 3 + 3] = 9;   /* r4c4 */
  grid.cell[9 * 5 + 5] = 9;   /* r6c6 */
  g_assert_cmpuint (nc_grid_find_conflicts (&grid, conflicts, 8), ==, 1);
  assert_conflict (&conflicts[0], "r4c4 and r6c6 are both 9 (box 5)");

  /* A pair in one row and one box is reported once, as the row. */
  grid = (NcGrid) { { 0 } };
  grid.cell[0] = 2;
  grid.cell[1] = 2;
  grid.cell[80] = 3;
  grid.cell[79] = 3;
  grid.cell[71] = 3;
  g_assert_cmpuint (nc_grid_find_conflicts (&grid, conflicts, 1), ==, 4);
  g_assert_cmpuint (nc_grid_find_conflicts (&grid, conflicts, 8), ==, 4);
  g_assert_cmpint (conflicts[0].unit, ==, NC_UNIT_ROW);
  g_assert_cmpint (conflicts[0].cell_a, ==, 0);
  g_assert_cmpint (conflicts[0].cell_b, ==, 1);
  assert_conflict (&conflicts[1], "r8c9 and r9c8 are both 3 (box 9)");
  assert_conflict (&conflicts[2], "r8c9 and r9c9 are both 3 (column 9)");
  assert_conflict (&conflicts[3], "r9c8 and r9c9 are both 3 (row 9)");
}

static void
test_allows (void)
{
  NcGrid grid = grid_from_line ("800000000003600000070090200050007000000045700000100030001000068008500010090000400");

  g_assert_false (nc_grid_allows (&grid, 1, 8));   /* r1c1 holds 8 */
  g_assert_false (nc_grid_allows (&grid, 1, 7));   /* r3c2 holds 7 */
  g_assert_false (nc_grid_allows (&grid, 1, 3));   /* r2c3 holds 3 */
  g_assert_true (nc_grid_allows (&grid, 1, 1));
  g_assert_cmpint (nc_grid_count_filled (&grid), ==, 21);
  g_assert_false (nc_grid_is_full (&grid));
}

static void
test_format (void)
{
  const char *line = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
  NcGrid grid = grid_from_line (line);
  char out[82];
  char text[NC_GRID_TEXT_SIZE];

  nc_grid_format_line (&grid, '0', out);
  g_assert_cmpstr (out, ==, line);
  nc_grid_format_line (&grid, '.', out);
  g_assert_cmpstr (out, ==, "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
  g_assert_cmpint (nc_grid_format_text (&grid, text, sizeof text), ==, 9 * 12 + 2 * 12);
  g_assert_cmpstr (text, ==,
                   "8..|...|...\n"
                   "..3|6..|...\n"
                   ".7.|.9.|2..\n"
                   "---+---+---\n"
                   ".5.|..7|...\n"
                   "...|.45|7..\n"
                   "...|1..|.3.\n"
                   "---+---+---\n"
                   "..1|...|.68\n"
                   "..8|5..|.1.\n"
                   ".9.|...|4..\n");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/grid/cell-names", test_cell_names);
  g_test_add_func ("/core/grid/peers", test_peers);
  g_test_add_func ("/core/grid/units", test_units);
  g_test_add_func ("/core/grid/conflicts", test_conflicts);
  g_test_add_func ("/core/grid/contradiction-sentences", test_contradiction_sentences);
  g_test_add_func ("/core/grid/allows", test_allows);
  g_test_add_func ("/core/grid/format", test_format);
  return g_test_run ();
}
