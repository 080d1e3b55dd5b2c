/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-contradiction.c: the plain reasons a grid has no completion. */

#include "nc-contradiction.h"

/* The digits cell's peers hold, as bits 1..9. */
static unsigned
peer_digits (const NcGrid *grid,
             int           cell)
{
  unsigned seen = 0;

  for (int i = 0; i < NC_PEERS; i++)
    seen |= 1u << grid->cell[nc_peers[cell][i]];
  return seen & 0x3FEu;
}

/* The index into nc_units of the unit of that kind holding cell. */
static int
unit_index (NcUnit unit,
            int    cell)
{
  switch (unit)
    {
    case NC_UNIT_ROW:    return nc_cell_row (cell);
    case NC_UNIT_COLUMN: return 9 + nc_cell_col (cell);
    case NC_UNIT_BOX:
    default:             return 18 + nc_cell_box (cell);
    }
}

/* Whether digit can go nowhere in unit u (an index into nc_units). */
static bool
digit_has_no_place (const NcGrid *grid,
                    int           u,
                    int           digit)
{
  for (int i = 0; i < 9; i++)
    {
      int cell = nc_units[u][i];

      if (grid->cell[cell] == digit)
        return false;
      if (grid->cell[cell] == 0 && (peer_digits (grid, cell) & (1u << digit)) == 0)
        return false;
    }
  return true;
}

bool
nc_grid_find_contradiction (const NcGrid    *grid,
                            NcContradiction *out)
{
  *out = (NcContradiction) { .kind = NC_CONTRADICTION_NONE, .cell = -1 };

  for (int cell = 0; cell < NC_CELLS; cell++)
    if (grid->cell[cell] == 0 && peer_digits (grid, cell) == 0x3FEu)
      {
        *out = (NcContradiction) { .kind = NC_CONTRADICTION_CELL, .cell = cell };
        return true;
      }

  for (int u = 0; u < 27; u++)
    for (int digit = 1; digit <= 9; digit++)
      if (digit_has_no_place (grid, u, digit))
        {
          *out = (NcContradiction) {
            .kind = NC_CONTRADICTION_DIGIT,
            .cell = nc_units[u][0],
            .unit = u < 9 ? NC_UNIT_ROW : u < 18 ? NC_UNIT_COLUMN : NC_UNIT_BOX,
            .digit = (uint8_t) digit,
          };
          return true;
        }
  return false;
}

int
nc_contradiction_cells (const NcContradiction *contradiction,
                        uint8_t                out[9])
{
  int u;

  switch (contradiction->kind)
    {
    case NC_CONTRADICTION_CELL:
      out[0] = (uint8_t) contradiction->cell;
      return 1;
    case NC_CONTRADICTION_DIGIT:
      u = unit_index (contradiction->unit, contradiction->cell);
      for (int i = 0; i < 9; i++)
        out[i] = nc_units[u][i];
      return 9;
    case NC_CONTRADICTION_NONE:
    default:
      return 0;
    }
}
