/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-grid.h: the 9x9 grid, cell and unit names, peers, and validation of givens.
 * Plain C11, libc only: the back end every other layer stands on. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Marks a static string a user may read. The core has no gettext (plain
 * C11, no global state): xgettext collects these (po/meson.build names the
 * keyword) and the engine or the UI passes the string through gettext when
 * it shows it, as ne_core_text does. */
#define NC_N_(text) (text)

#define NC_CELLS 81
#define NC_PEERS 20

/* 0 is an empty cell, 1..9 a digit. Cells are numbered 0..80 in reading order. */
typedef struct
{
  uint8_t cell[NC_CELLS];
} NcGrid;

typedef enum
{
  NC_UNIT_ROW,
  NC_UNIT_COLUMN,
  NC_UNIT_BOX,
} NcUnit;

static inline int nc_cell_row (int cell) { return cell / 9; }
static inline int nc_cell_col (int cell) { return cell % 9; }
static inline int nc_cell_box (int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

/* The 20 peers of every cell, in the order the reference backtracker scans
 * them: the row left to right (8), the column top to bottom (8), then the
 * four box cells sharing neither, in reading order. */
extern const uint8_t nc_peers[NC_CELLS][NC_PEERS];

/* The unit a peer at index i (0..19) of nc_peers[cell] was found in. */
static inline NcUnit nc_peer_unit (int i) { return i < 8 ? NC_UNIT_ROW : i < 16 ? NC_UNIT_COLUMN : NC_UNIT_BOX; }

/* The 27 units as lists of 9 cells: rows 0..8, columns 9..17, boxes 18..26. */
extern const uint8_t nc_units[27][9];

/* "r1c1".."r9c9"; out must hold 5 bytes. Returns out. */
char *nc_cell_name (int cell, char out[5]);

/* "row", "column", "box". */
const char *nc_unit_name (NcUnit unit);

/* "row 1", "column 7", "box 3": the unit of the given kind that contains cell. */
char *nc_unit_label (NcUnit unit, int cell, char out[16]);

int  nc_grid_count_filled (const NcGrid *grid);
bool nc_grid_is_full (const NcGrid *grid);
bool nc_grid_equal (const NcGrid *a, const NcGrid *b);

/* A digit repeated in a unit. cell_a comes before cell_b in reading order. */
typedef struct
{
  int     cell_a;
  int     cell_b;
  uint8_t digit;
  NcUnit  unit;
} NcConflict;

/* Finds conflicts, ordered by cell_a then cell_b (each pair reported once,
 * in the first of row, column, box that holds both). Stores at most max_out
 * of them and returns how many there are in all. */
/* The sentence a user reads ("r1c1 and r1c7 are both 4 (row 1)") is the
 * engine's, translated: ne_conflict_describe. */
size_t nc_grid_find_conflicts (const NcGrid *grid, NcConflict *out, size_t max_out);

/* True when digit may go at cell: no peer holds it. */
bool nc_grid_allows (const NcGrid *grid, int cell, int digit);

/* The 81-character line, blank as the empty-cell character ('.' or '0');
 * out must hold 82 bytes (NUL-terminated). */
void nc_grid_format_line (const NcGrid *grid, char blank, char out[82]);

/* The 9-row grid with '|' and '-' separators, one trailing newline:
 *   53. |.7. |...
 * Returns the length, as snprintf (NC_GRID_TEXT_SIZE is always enough). */
#define NC_GRID_TEXT_SIZE 160
int nc_grid_format_text (const NcGrid *grid, char *buf, size_t len);
