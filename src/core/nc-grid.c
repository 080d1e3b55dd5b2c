/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-grid.c: cell and unit names, the peer and unit tables, validation of
 * givens and the two text layouts of a grid. */

#include "nc-grid.h"

#include <stdio.h>
#include <string.h>

/* The tables are spelled out rather than built at start-up: the core has no
 * global mutable state, and a reader can check them by eye. */
const uint8_t nc_units[27][9] = {
  {  0,  1,  2,  3,  4,  5,  6,  7,  8 }, {  9, 10, 11, 12, 13, 14, 15, 16, 17 },
  { 18, 19, 20, 21, 22, 23, 24, 25, 26 }, { 27, 28, 29, 30, 31, 32, 33, 34, 35 },
  { 36, 37, 38, 39, 40, 41, 42, 43, 44 }, { 45, 46, 47, 48, 49, 50, 51, 52, 53 },
  { 54, 55, 56, 57, 58, 59, 60, 61, 62 }, { 63, 64, 65, 66, 67, 68, 69, 70, 71 },
  { 72, 73, 74, 75, 76, 77, 78, 79, 80 },
  {  0,  9, 18, 27, 36, 45, 54, 63, 72 }, {  1, 10, 19, 28, 37, 46, 55, 64, 73 },
  {  2, 11, 20, 29, 38, 47, 56, 65, 74 }, {  3, 12, 21, 30, 39, 48, 57, 66, 75 },
  {  4, 13, 22, 31, 40, 49, 58, 67, 76 }, {  5, 14, 23, 32, 41, 50, 59, 68, 77 },
  {  6, 15, 24, 33, 42, 51, 60, 69, 78 }, {  7, 16, 25, 34, 43, 52, 61, 70, 79 },
  {  8, 17, 26, 35, 44, 53, 62, 71, 80 },
  {  0,  1,  2,  9, 10, 11, 18, 19, 20 }, {  3,  4,  5, 12, 13, 14, 21, 22, 23 },
  {  6,  7,  8, 15, 16, 17, 24, 25, 26 }, { 27, 28, 29, 36, 37, 38, 45, 46, 47 },
  { 30, 31, 32, 39, 40, 41, 48, 49, 50 }, { 33, 34, 35, 42, 43, 44, 51, 52, 53 },
  { 54, 55, 56, 63, 64, 65, 72, 73, 74 }, { 57, 58, 59, 66, 67, 68, 75, 76, 77 },
  { 60, 61, 62, 69, 70, 71, 78, 79, 80 },
};

/* Spelled out in nc-peers.inc; tests/test-grid.c's /core/grid/peers
 * rebuilds the table from the definition and compares. */
const uint8_t nc_peers[NC_CELLS][NC_PEERS] = {
#include "nc-peers.inc"
};

char *
nc_cell_name (int cell, char out[5])
{
  if (cell < 0 || cell >= NC_CELLS)
    {
      memcpy (out, "r?c?", 5);
      return out;
    }
  out[0] = 'r';
  out[1] = (char) ('1' + nc_cell_row (cell));
  out[2] = 'c';
  out[3] = (char) ('1' + nc_cell_col (cell));
  out[4] = '\0';
  return out;
}

const char *
nc_unit_name (NcUnit unit)
{
  switch (unit)
    {
    case NC_UNIT_ROW:    return "row";
    case NC_UNIT_COLUMN: return "column";
    case NC_UNIT_BOX:    return "box";
    default:             return "unit";
    }
}

char *
nc_unit_label (NcUnit unit, int cell, char out[16])
{
  int index;

  switch (unit)
    {
    case NC_UNIT_ROW:    index = nc_cell_row (cell); break;
    case NC_UNIT_COLUMN: index = nc_cell_col (cell); break;
    case NC_UNIT_BOX:    index = nc_cell_box (cell); break;
    default:             index = 0; break;
    }
  snprintf (out, 16, "%s %c", nc_unit_name (unit), (char) ('1' + (index % 9 + 9) % 9));
  return out;
}

int
nc_grid_count_filled (const NcGrid *grid)
{
  int n = 0;

  for (int i = 0; i < NC_CELLS; i++)
    n += grid->cell[i] != 0;
  return n;
}

bool
nc_grid_is_full (const NcGrid *grid)
{
  return nc_grid_count_filled (grid) == NC_CELLS;
}

bool
nc_grid_equal (const NcGrid *a, const NcGrid *b)
{
  return memcmp (a->cell, b->cell, NC_CELLS) == 0;
}

bool
nc_grid_allows (const NcGrid *grid, int cell, int digit)
{
  for (int i = 0; i < NC_PEERS; i++)
    if (grid->cell[nc_peers[cell][i]] == digit)
      return false;
  return true;
}

static bool
share_unit (int a, int b, NcUnit unit)
{
  switch (unit)
    {
    case NC_UNIT_ROW:    return nc_cell_row (a) == nc_cell_row (b);
    case NC_UNIT_COLUMN: return nc_cell_col (a) == nc_cell_col (b);
    case NC_UNIT_BOX:    return nc_cell_box (a) == nc_cell_box (b);
    default:             return false;
    }
}

size_t
nc_grid_find_conflicts (const NcGrid *grid, NcConflict *out, size_t max_out)
{
  size_t n = 0;

  for (int a = 0; a < NC_CELLS; a++)
    {
      int digit = grid->cell[a];

      if (digit == 0)
        continue;
      for (int b = a + 1; b < NC_CELLS; b++)
        {
          if (grid->cell[b] != digit)
            continue;
          for (NcUnit unit = NC_UNIT_ROW; unit <= NC_UNIT_BOX; unit++)
            {
              if (!share_unit (a, b, unit))
                continue;
              if (n < max_out)
                out[n] = (NcConflict) { .cell_a = a, .cell_b = b, .digit = (uint8_t) digit, .unit = unit };
              n++;
              break;
            }
        }
    }
  return n;
}

void
nc_grid_format_line (const NcGrid *grid, char blank, char out[82])
{
  for (int i = 0; i < NC_CELLS; i++)
    out[i] = grid->cell[i] ? (char) ('0' + grid->cell[i]) : blank;
  out[NC_CELLS] = '\0';
}

int
nc_grid_format_text (const NcGrid *grid, char *buf, size_t len)
{
  char text[NC_GRID_TEXT_SIZE];
  size_t n = 0;

  for (int r = 0; r < 9; r++)
    {
      if (r == 3 || r == 6)
        {
          memcpy (text + n, "---+---+---\n", 12);
          n += 12;
        }
      for (int c = 0; c < 9; c++)
        {
          int digit = grid->cell[r * 9 + c];

          if (c == 3 || c == 6)
            text[n++] = '|';
          text[n++] = digit ? (char) ('0' + digit) : '.';
        }
      text[n++] = '\n';
    }
  text[n] = '\0';
  return snprintf (buf, len, "%s", text);
}
