/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-unavoidable.c: unavoidable sets from swaps and from other grids, and
 * their packing. */

#include "nc-unavoidable.h"

#include <string.h>

void
nc_cells_add (NcCells *set, int cell)
{
  set->w[cell >> 6] |= (uint64_t) 1 << (cell & 63);
}

void
nc_cells_remove (NcCells *set, int cell)
{
  set->w[cell >> 6] &= ~((uint64_t) 1 << (cell & 63));
}

bool
nc_cells_has (const NcCells *set, int cell)
{
  return (set->w[cell >> 6] >> (cell & 63)) & 1;
}

/* Counted in place, as in nc-grade.c: the x86-64 baseline has no POPCNT
 * instruction, and __builtin_popcountll is a call into libgcc. */
static int
popcount64 (uint64_t x)
{
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (int) ((x * 0x0101010101010101ull) >> 56);
}

int
nc_cells_count (const NcCells *set)
{
  return popcount64 (set->w[0]) + popcount64 (set->w[1]);
}

NcCells
nc_cells_of_clues (const NcGrid *puzzle)
{
  NcCells clues = { { 0, 0 } };

  for (int c = 0; c < NC_CELLS; c++)
    if (puzzle->cell[c] != 0)
      nc_cells_add (&clues, c);
  return clues;
}

bool
nc_cells_meet (const NcCells *a, const NcCells *b)
{
  return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1])) != 0;
}

void
nc_unavoidable_init (NcUnavoidable *u, const NcCells *within)
{
  u->within = *within;
  u->n = 0;
}

static void
unavoidable_add (NcUnavoidable *u, const NcCells *set)
{
  NcCells part = { { set->w[0] & u->within.w[0], set->w[1] & u->within.w[1] } };

  if ((part.w[0] | part.w[1]) != 0 && u->n < NC_UNAVOIDABLE_MAX)
    u->set[u->n++] = part;
}

/* Two rows of a band (or two columns of a stack) can swap the cells of
 * the columns where the first has the digits the second has: each cycle
 * of "the first row's digit here is the second's there". The rows keep
 * their digits, the columns swap two cells, and the boxes, which the two
 * rows share, keep theirs. */
static void
add_line_swaps (NcSwaps *out, const NcGrid *solution)
{
  for (int transpose = 0; transpose < 2; transpose++)
    for (int band = 0; band < 3; band++)
      for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++)
          {
            int      step = transpose ? 9 : 1;
            int      first_a = transpose ? band * 3 + a : (band * 3 + a) * 9;
            int      first_b = transpose ? band * 3 + b : (band * 3 + b) * 9;
            int      at_b[10];
            unsigned visited = 0;

            for (int i = 0; i < 9; i++)
              at_b[solution->cell[first_b + i * step]] = i;
            for (int start = 0; start < 9; start++)
              {
                NcCells set = { { 0, 0 } };

                if (visited & (1u << start))
                  continue;
                for (int i = start; !(visited & (1u << i));)
                  {
                    visited |= 1u << i;
                    nc_cells_add (&set, first_a + i * step);
                    nc_cells_add (&set, first_b + i * step);
                    i = at_b[solution->cell[first_a + i * step]];
                  }
                out->set[out->n++] = set;
              }
          }
}

/* Two digits can swap in a set of rows when in each column and each box
 * the rows' first digit meets the second: the rows tie each other up, and
 * each set of rows tied together is the smallest with its first row. */
static void
add_digit_swaps (NcSwaps *out, const NcGrid *solution)
{
  int where[10][9];   /* where[d][row]: the column of digit d in the row */

  for (int c = 0; c < NC_CELLS; c++)
    where[solution->cell[c]][c / 9] = c % 9;
  for (int a = 1; a <= 9; a++)
    for (int b = a + 1; b <= 9; b++)
      {
        int      row_of_b_col[9], row_of_b_box[9];
        unsigned tied[9], done = 0;   /* tied[r]: the rows row r's a ties up */

        for (int r = 0; r < 9; r++)
          {
            row_of_b_col[where[b][r]] = r;
            row_of_b_box[(r / 3) * 3 + where[b][r] / 3] = r;
          }
        for (int r = 0; r < 9; r++)
          tied[r] = 1u << row_of_b_col[where[a][r]]
                    | 1u << row_of_b_box[(r / 3) * 3 + where[a][r] / 3];
        for (int start = 0; start < 9; start++)
          {
            unsigned rows = 1u << start, fresh = rows;
            NcCells  set = { { 0, 0 } };

            if (done & (1u << start))
              continue;
            while (fresh != 0)
              {
                unsigned next = 0;

                for (unsigned bits = fresh; bits != 0; bits &= bits - 1)
                  next |= tied[__builtin_ctz (bits)];
                fresh = next & ~rows;
                rows |= next;
              }
            done |= rows;
            for (unsigned bits = rows; bits != 0; bits &= bits - 1)
              {
                int r = __builtin_ctz (bits);

                nc_cells_add (&set, r * 9 + where[a][r]);
                nc_cells_add (&set, r * 9 + where[b][r]);
              }
            out->set[out->n++] = set;
          }
      }
}

void
nc_swaps_find (NcSwaps *swaps, const NcGrid *solution)
{
  swaps->n = 0;
  add_line_swaps (swaps, solution);
  add_digit_swaps (swaps, solution);
}

void
nc_unavoidable_add_each (NcUnavoidable *u, const NcSwaps *swaps)
{
  for (int i = 0; i < swaps->n; i++)
    unavoidable_add (u, &swaps->set[i]);
}

void
nc_unavoidable_add_swaps (NcUnavoidable *u, const NcGrid *solution)
{
  NcSwaps swaps;

  nc_swaps_find (&swaps, solution);
  nc_unavoidable_add_each (u, &swaps);
}

bool
nc_unavoidable_add_grid (NcUnavoidable *u, const NcGrid *solution,
                         const NcGrid *other, int max_cells)
{
  NcCells set = { { 0, 0 } };
  int     size = 0;

  for (int word = 0; word < 2; word++)
    for (uint64_t bits = u->within.w[word]; bits != 0 && size <= max_cells; bits &= bits - 1)
      {
        int c = word * 64 + __builtin_ctzll (bits);

        if (other->cell[c] != solution->cell[c])
          {
            nc_cells_add (&set, c);
            size++;
          }
      }
  if (size == 0 || size > max_cells || u->n == NC_UNAVOIDABLE_MAX)
    return false;
  u->set[u->n++] = set;
  return true;
}

int
nc_unavoidable_pack (const NcUnavoidable *u, int8_t packed[NC_CELLS])
{
  uint8_t  size[NC_UNAVOIDABLE_MAX];
  uint16_t order[NC_UNAVOIDABLE_MAX], first[NC_CELLS + 2] = { 0 };
  NcCells  used = { { 0, 0 } };
  int      n = 0;

  memset (packed, -1, NC_CELLS);
  /* In order of size, by counting: the generator packs once per reduction. */
  for (int i = 0; i < u->n; i++)
    {
      size[i] = (uint8_t) nc_cells_count (&u->set[i]);
      first[size[i] + 1]++;
    }
  for (int k = 1; k < NC_CELLS + 2; k++)
    first[k] += first[k - 1];
  for (int i = 0; i < u->n; i++)
    order[first[size[i]]++] = (uint16_t) i;
  for (int k = 0; k < u->n && n < INT8_MAX; k++)
    {
      const NcCells *set = &u->set[order[k]];

      if (nc_cells_meet (set, &used))
        continue;
      for (int word = 0; word < 2; word++)
        {
          used.w[word] |= set->w[word];
          for (uint64_t bits = set->w[word]; bits != 0; bits &= bits - 1)
            packed[word * 64 + __builtin_ctzll (bits)] = (int8_t) n;
        }
      n++;
    }
  return n;
}

void
nc_unavoidable_weigh (const NcUnavoidable *u, unsigned weight[NC_CELLS])
{
  memset (weight, 0, NC_CELLS * sizeof *weight);
  for (int i = 0; i < u->n; i++)
    {
      const NcCells *set = &u->set[i];
      int            size = nc_cells_count (set);
      unsigned       share = size == 1 ? NC_CELLS * 720u : 720u / (unsigned) size;

      for (int word = 0; word < 2; word++)
        for (uint64_t bits = set->w[word]; bits != 0; bits &= bits - 1)
          weight[word * 64 + __builtin_ctzll (bits)] += share;
    }
}
