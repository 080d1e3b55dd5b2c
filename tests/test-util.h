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

/* The puzzles of a shared data file (NONET_SHARED_DATA, see
 * ../shared/data/README.md) as 81-character lines: every stride-th, at most
 * max, skipping comments. NULL when the set is not there. Lines are walked
 * by hand: g_strsplit on a 4 MB file is quadratic under AddressSanitizer's
 * strstr. */
static inline GPtrArray *
test_read_shared (const char *name,
                  unsigned    stride,
                  unsigned    max)
{
  const char *dir = g_getenv ("NONET_SHARED_DATA");
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  GPtrArray *out;
  unsigned seen = 0;

  if (dir == NULL)
    return NULL;
  path = g_build_filename (dir, name, NULL);
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  out = g_ptr_array_new_with_free_func (g_free);
  for (const char *line = text; *line != '\0' && out->len < max; )
    {
      const char *end = line;

      while (*end != '\0' && *end != '\n')
        end++;
      if (*line != '#' && end - line >= NC_CELLS && seen++ % stride == 0)
        g_ptr_array_add (out, g_strndup (line, NC_CELLS));
      line = *end == '\n' ? end + 1 : end;
    }
  return out;
}
