/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-contradiction.h: why a grid cannot be completed, when one look at it
 * shows why: an empty cell where no digit may go, or a digit with no place
 * left in a row, column or box. What the editor says of a puzzle with no
 * solution, and a building block for explaining a solver's dead ends. */
#pragma once

#include "nc-grid.h"

typedef enum
{
  NC_CONTRADICTION_NONE,      /* nothing plain: only a search can tell */
  NC_CONTRADICTION_CELL,      /* cell is empty and every digit is in a peer */
  NC_CONTRADICTION_DIGIT,     /* digit is missing from the unit of kind unit
                               * holding cell, and each of its empty cells
                               * sees digit in a peer */
} NcContradictionKind;

typedef struct
{
  NcContradictionKind kind;
  int                 cell;   /* CELL: the cell; DIGIT: the unit's first cell; -1 for NONE */
  NcUnit              unit;   /* DIGIT only */
  uint8_t             digit;  /* DIGIT only; 0 otherwise */
} NcContradiction;

/* Looks for the first contradiction in grid: cells in reading order, then
 * rows, columns and boxes, each with digits 1..9. Returns true and fills
 * *out when there is one; false (and out->kind NC_CONTRADICTION_NONE)
 * otherwise. Repeated digits (nc_grid_find_conflicts) are not looked for:
 * a unit whose digits repeat is reported only when the rule above holds. */
bool nc_grid_find_contradiction (const NcGrid *grid, NcContradiction *out);

/* The cells a contradiction is about, to mark them: the cell, or the nine
 * cells of the unit. Returns how many (0 for NONE); out holds up to 9. */
int  nc_contradiction_cells (const NcContradiction *contradiction, uint8_t out[9]);
