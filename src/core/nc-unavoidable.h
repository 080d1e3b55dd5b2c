/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-unavoidable.h: unavoidable sets of a solved grid. A set of cells is
 * unavoidable when another valid grid differs from the solution there
 * only: every puzzle with that solution has a clue in it, or the other
 * grid would solve the puzzle too. Sets that share no cell each need a
 * clue of their own, so a packing of them bounds from below the clues any
 * such puzzle can be brought down to. No allocation. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "nc-grid.h"

/* A set of cells: cell c is bit c % 64 of w[c / 64]. */
typedef struct
{
  uint64_t w[2];
} NcCells;

void nc_cells_add    (NcCells *set, int cell);
void nc_cells_remove (NcCells *set, int cell);
bool nc_cells_has    (const NcCells *set, int cell);
int  nc_cells_count  (const NcCells *set);
/* Whether a and b share a cell. */
bool nc_cells_meet   (const NcCells *a, const NcCells *b);
/* The cells of puzzle that hold a clue. */
NcCells nc_cells_of_clues (const NcGrid *puzzle);

/* Up to four swap sets for each of the 9 pairs of rows in a band, the 9
 * of columns in a stack and the 36 pairs of digits (a set spans at least
 * two of the nine columns, or rows), and one set per cell's other grid. */
#define NC_SWAPS_MAX       (2 * 9 * 4 + 36 * 4)
#define NC_UNAVOIDABLE_MAX (NC_SWAPS_MAX + NC_CELLS)

/* Unavoidable sets, each cut down to the cells of within (a puzzle's
 * clues): the puzzle keeps a clue in each, and only its clues matter. */
typedef struct
{
  NcCells within;
  int     n;
  NcCells set[NC_UNAVOIDABLE_MAX];
} NcUnavoidable;

void nc_unavoidable_init (NcUnavoidable *u, const NcCells *within);

/* The sets of a solution that two rows of a band, two columns of a stack
 * or two digits can swap among themselves, the smallest each, over the
 * whole grid: they depend on the solution alone, so a caller that meets
 * one solution again and again can keep them. */
typedef struct
{
  int     n;
  NcCells set[NC_SWAPS_MAX];
} NcSwaps;

void nc_swaps_find (NcSwaps *swaps, const NcGrid *solution);

/* Adds each of swaps' sets (cut down to within). */
void nc_unavoidable_add_each (NcUnavoidable *u, const NcSwaps *swaps);

/* nc_swaps_find, then nc_unavoidable_add_each. */
void nc_unavoidable_add_swaps (NcUnavoidable *u, const NcGrid *solution);

/* Adds the cells (of within) where other, a valid solved grid, differs
 * from solution, when there are at most max_cells of them; true when it
 * did. Another grid that differs nowhere within adds nothing. */
bool nc_unavoidable_add_grid (NcUnavoidable *u, const NcGrid *solution,
                              const NcGrid *other, int max_cells);

/* Picks sets that share no cell, the smallest first, and marks each cell
 * of them with the number of its set in packed (-1 elsewhere); returns
 * how many: a puzzle with the clues within keeps at least that many.
 * At most INT8_MAX. */
int nc_unavoidable_pack (const NcUnavoidable *u, int8_t packed[NC_CELLS]);

/* How much of the sets each cell is: a set of k cells gives each of them
 * 720 / k (720 divides by every size up to 6), a set of one cell, which
 * the puzzle cannot do without, NC_CELLS * 720 — more than all the other
 * shares of a cell can add up to. */
void nc_unavoidable_weigh (const NcUnavoidable *u, unsigned weight[NC_CELLS]);
