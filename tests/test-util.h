/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.h: puzzles and helpers every test suite shares. */
#pragma once

#include <glib.h>
#include <string.h>

#include "nc-grid.h"

/* Arto Inkala's 2012 puzzle and Project Euler's grid 1, with their solutions. */
#define INKALA          "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
#define INKALA_SOLUTION "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
#define EULER1          "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
#define EULER1_SOLUTION "483921657967345821251876493548132976729564138136798245372689514814253769695417382"

/* An 81-character line ('1'..'9'; anything else is empty) as a grid. */
static inline NcGrid
grid_from_line (const char *line)
{
  NcGrid grid;

  g_assert_cmpuint (strlen (line), ==, NC_CELLS);
  for (int i = 0; i < NC_CELLS; i++)
    grid.cell[i] = (line[i] >= '1' && line[i] <= '9') ? (uint8_t) (line[i] - '0') : 0;
  return grid;
}
