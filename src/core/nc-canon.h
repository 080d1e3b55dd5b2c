/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-canon.h: the transforms that turn a Sudoku into an equivalent one, and
 * a canonical form under them, so that the library recognises a puzzle it
 * already holds however it was rotated, mirrored or relabelled.
 *
 * A transform is: an optional transposition, then a permutation of the rows
 * that keeps bands together (bands permuted, rows permuted within each
 * band), the same for columns (stacks, columns within stacks), and a
 * relabelling of the digits. Rotations and mirrors are compositions of
 * these. Blank cells stay blank. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "nc-grid.h"
#include "nc-rng.h"

typedef struct
{
  bool    transpose;   /* applied first: cell (r, c) comes from (c, r) */
  uint8_t row[9];      /* output row r is (transposed) input row row[r] */
  uint8_t col[9];      /* output column c is (transposed) input column col[c] */
  uint8_t digit[10];   /* input digit d becomes digit[d]; digit[0] == 0 */
} NcTransform;

/* The identity. */
void nc_transform_identity (NcTransform *t);
/* True when t keeps every valid grid valid: row and col keep bands/stacks
 * together, digit is a permutation of 1..9 with digit[0] == 0. */
bool nc_transform_is_valid (const NcTransform *t);
/* A uniformly random valid transform. */
void nc_transform_random (NcTransform *t, NcRng *rng);
/* out = t (in); in and out may be the same grid. */
void nc_transform_apply (const NcTransform *t, const NcGrid *in, NcGrid *out);

/* The canonical form of a puzzle (or of a solved grid): the smallest, in
 * reading order with a blank smaller than any digit, of all its transforms.
 * Two grids have the same canonical form exactly when one is a transform of
 * the other. The result is itself a grid, so nc_grid_format_line gives its
 * 81-character key. Deterministic and exact, never a heuristic; fast enough
 * to run on every puzzle of a 50,000-puzzle import (tens of microseconds). */
void nc_canon (const NcGrid *grid, NcGrid *canon);
/* nc_canon, and the transform that maps grid to it (one of them, when the
 * grid has symmetries). */
void nc_canon_with_transform (const NcGrid *grid, NcGrid *canon, NcTransform *t);
/* The same canonical form, found by trying every column order (with the
 * rows still chosen by branch-and-bound): milliseconds, not microseconds.
 * nc_canon falls back on it for grids with a digit twice in a row or a
 * column; tests use it to check nc_canon. */
void nc_canon_exhaustive (const NcGrid *grid, NcGrid *canon);
