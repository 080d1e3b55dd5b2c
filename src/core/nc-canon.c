/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-canon.c: the transforms of a grid, and its canonical (minlex) form,
 * found by a branch-and-bound over output rows that keeps tied columns
 * together instead of trying every column order. */

#include "nc-canon.h"

#include <string.h>

/* The key of a digit not relabelled yet: above every label given so far.
 * In a row without repeated digits such digits take the next labels in
 * output order, so comparing keys compares the rows they make. */
#define NEW_KEY 10

/* Column ties, as bits of State.col_tied: bit c says output columns c - 1
 * and c may still be swapped. Never set across a stack boundary. */
#define ALL_COLUMNS_TIED 0x1B6u
#define ALL_SLOTS_TIED   0x6u

static const uint8_t perms2[2][3] = { { 0, 1 }, { 1, 0 } };
static const uint8_t perms3[6][3] = {
  { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
};

/* The grid as read by one branch of the search: as given, or transposed. */
typedef struct
{
  uint8_t  cell[NC_CELLS];
  bool     transpose;
  uint16_t blank_rows;   /* bit r: source row r has no given */
  uint8_t  blank_bands;  /* bit b: source band b has no given */
  uint8_t  givens[9];    /* per source row */
} Source;

/* A node of the search: output rows 0..k-1 are placed. The columns are
 * known up to ties: col is one order that gives the best rows so far, and
 * the tie bits say which columns (and which whole stacks, "slots" in output
 * order) can still be swapped without changing those rows. */
typedef struct
{
  uint8_t  row[9];       /* output row -> source row */
  uint8_t  col[9];       /* output column -> source column */
  uint8_t  label[10];    /* source digit -> canonical digit; 0 while unseen */
  uint8_t  next;         /* the label the next new digit gets */
  uint16_t col_tied;
  uint8_t  slot_tied;    /* bit s: slots s - 1 and s may still be swapped */
  uint16_t rows_used;
} State;

typedef struct
{
  const Source *src;
  bool          exhaustive;      /* columns fixed up front: no ties, no branching */
  uint8_t       best[NC_CELLS];  /* the smallest output seen, best_len cells of it */
  int           best_len;
  bool          fresh;           /* best changed since the last complete output */
  NcTransform   found;           /* what gave best */
} Search;

/* A run of output columns, or of slots, whose order is still free although
 * it relabels digits: each order is its own branch. */
typedef struct
{
  uint8_t start;
  uint8_t len;
  bool    slots;
} Run;

static void search_rows (Search *s, const State *st, int k);

void
nc_transform_identity (NcTransform *t)
{
  t->transpose = false;
  for (int i = 0; i < 9; i++)
    t->row[i] = t->col[i] = (uint8_t) i;
  for (int d = 0; d < 10; d++)
    t->digit[d] = (uint8_t) d;
}

/* A permutation of 0..8 that moves whole groups of three. */
static bool
lines_valid (const uint8_t lines[9])
{
  unsigned seen = 0;

  for (int b = 0; b < 3; b++)
    for (int i = 0; i < 3; i++)
      {
        uint8_t line = lines[b * 3 + i];

        if (line > 8 || line / 3 != lines[b * 3] / 3 || (seen & (1u << line)))
          return false;
        seen |= 1u << line;
      }
  return true;
}

bool
nc_transform_is_valid (const NcTransform *t)
{
  unsigned seen = 0;

  if (!lines_valid (t->row) || !lines_valid (t->col) || t->digit[0] != 0)
    return false;
  for (int d = 1; d <= 9; d++)
    {
      if (t->digit[d] < 1 || t->digit[d] > 9 || (seen & (1u << t->digit[d])))
        return false;
      seen |= 1u << t->digit[d];
    }
  return true;
}

static void
random_lines (NcRng *rng, uint8_t lines[9])
{
  uint8_t blocks[3] = { 0, 1, 2 };

  nc_rng_shuffle (rng, blocks, 3);
  for (int b = 0; b < 3; b++)
    {
      uint8_t within[3] = { 0, 1, 2 };

      nc_rng_shuffle (rng, within, 3);
      for (int i = 0; i < 3; i++)
        lines[b * 3 + i] = (uint8_t) (blocks[b] * 3 + within[i]);
    }
}

void
nc_transform_random (NcTransform *t, NcRng *rng)
{
  uint8_t digits[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };

  /* This order of draws is the generator's: its puzzles depend on it. */
  nc_rng_shuffle (rng, digits, 9);
  random_lines (rng, t->row);
  random_lines (rng, t->col);
  t->transpose = nc_rng_below (rng, 2) != 0;
  t->digit[0] = 0;
  for (int d = 1; d <= 9; d++)
    t->digit[d] = digits[d - 1];
}

void
nc_transform_apply (const NcTransform *t, const NcGrid *in, NcGrid *out)
{
  NcGrid from = *in;

  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      {
        int cell = t->transpose ? t->col[c] * 9 + t->row[r] : t->row[r] * 9 + t->col[c];

        out->cell[r * 9 + c] = t->digit[from.cell[cell]];
      }
}

/* ---- comparing against the best output so far ---- */

/* Output cell i of the current branch is v, and cells before i equal best.
 * False when the branch is already worse than best. */
static bool
keep_cell (Search *s, int i, uint8_t v)
{
  if (i < s->best_len)
    {
      if (v > s->best[i])
        return false;
      if (v == s->best[i])
        return true;
    }
  s->best[i] = v;
  s->best_len = i + 1;
  s->fresh = true;
  return true;
}

static bool
keep_row (Search *s, int k, const uint8_t values[9])
{
  for (int i = 0; i < 9; i++)
    if (!keep_cell (s, k * 9 + i, values[i]))
      return false;
  return true;
}

/* A complete output: remember how it was made if it is a new best. */
static void
reach_leaf (Search *s, const State *st)
{
  uint8_t next = st->next;

  if (!s->fresh)
    return;
  s->fresh = false;
  s->found.transpose = s->src->transpose;
  memcpy (s->found.row, st->row, 9);
  memcpy (s->found.col, st->col, 9);
  s->found.digit[0] = 0;
  for (int d = 1; d <= 9; d++)   /* digits the grid lacks take the labels left */
    s->found.digit[d] = st->label[d] ? st->label[d] : next++;
}

/* ---- the search over rows, with tied columns ---- */

static int
compare_slots (const uint8_t key[9], const uint8_t col[9], int a, int b)
{
  for (int i = 0; i < 3; i++)
    if (key[col[a * 3 + i]] != key[col[b * 3 + i]])
      return key[col[a * 3 + i]] < key[col[b * 3 + i]] ? -1 : 1;
  return 0;
}

/* Gives labels to the digits of source row r first seen in it, in output
 * order, then goes on to the next row. */
static void
relabel_and_descend (Search *s, State *st, int k)
{
  const uint8_t *line = s->src->cell + st->row[k] * 9;

  for (int c = 0; c < 9; c++)
    {
      uint8_t d = line[st->col[c]];

      if (d != 0 && st->label[d] == 0)
        st->label[d] = st->next++;
    }
  search_rows (s, st, k + 1);
}

/* Every order of each run, one branch each. */
static void
branch_runs (Search *s, const State *st, const Run *runs, int n_runs, int k)
{
  const uint8_t (*perms)[3];
  int n_perms;

  if (n_runs == 0)
    {
      State leaf = *st;

      relabel_and_descend (s, &leaf, k);
      return;
    }
  perms = runs->len == 3 ? perms3 : perms2;
  n_perms = runs->len == 3 ? 6 : 2;
  for (int p = 0; p < n_perms; p++)
    {
      State next = *st;

      for (int i = 0; i < runs->len; i++)
        {
          if (runs->slots)
            memcpy (next.col + (runs->start + i) * 3, st->col + (runs->start + perms[p][i]) * 3, 3);
          else
            next.col[runs->start + i] = st->col[runs->start + perms[p][i]];
        }
      branch_runs (s, &next, runs + 1, n_runs - 1, k);
    }
}

/* Row 0 holds nine digits (a full grid): its labels are the output columns,
 * so row 1 fixes the columns. Fills row 1 cell by cell: choosing which
 * source column goes at c, and placing the row-0 column of its digit as
 * early as allowed, since any later place makes this cell bigger. */
typedef struct
{
  int8_t pos[9];        /* source column -> output column, -1 if not placed */
  int8_t col[9];        /* output column -> source column, -1 if free */
  int8_t slot_of[3];    /* source stack -> output slot */
  int8_t stack_of[3];   /* output slot -> source stack */
} Placing;

static void
place_column (Placing *p, int x, int c)
{
  p->pos[x] = (int8_t) c;
  p->col[c] = (int8_t) x;
  p->slot_of[x / 3] = (int8_t) (c / 3);
  p->stack_of[c / 3] = (int8_t) (x / 3);
}

/* The earliest output column source column x may take. */
static int
earliest_place (const Placing *p, int x)
{
  int slot = p->slot_of[x / 3];

  if (slot < 0)
    {
      slot = 0;
      while (p->stack_of[slot] >= 0)
        slot++;
    }
  for (int c = slot * 3; c < slot * 3 + 2; c++)
    if (p->col[c] < 0)
      return c;
  return slot * 3 + 2;
}

typedef struct
{
  const uint8_t *line0, *line1;
  int8_t         where0[10];   /* digit -> its source column in row 0 */
} FullBand;

static void fill_row1 (Search *s, const State *st, const FullBand *fb, Placing p, int c);

static void
fill_row1_at (Search *s, const State *st, const FullBand *fb, Placing p, int c, int y)
{
  uint8_t d = fb->line1[y];
  uint8_t value = 0;

  if (p.col[c] < 0)
    place_column (&p, y, c);
  if (d != 0)
    {
      int x = fb->where0[d];

      if (p.pos[x] < 0)
        place_column (&p, x, earliest_place (&p, x));
      value = (uint8_t) (p.pos[x] + 1);
    }
  if (keep_cell (s, 9 + c, value))
    fill_row1 (s, st, fb, p, c + 1);
}

static void
fill_row1 (Search *s, const State *st, const FullBand *fb, Placing p, int c)
{
  int slot = c / 3;

  if (c == 9)
    {
      State next = *st;

      for (int i = 0; i < 9; i++)
        {
          next.col[i] = (uint8_t) p.col[i];
          next.label[fb->line0[p.col[i]]] = (uint8_t) (i + 1);
        }
      next.next = 10;
      next.col_tied = 0;
      next.slot_tied = 0;
      search_rows (s, &next, 2);
      return;
    }
  if (p.col[c] >= 0)
    {
      fill_row1_at (s, st, fb, p, c, p.col[c]);
      return;
    }
  for (int stack = 0; stack < 3; stack++)
    {
      if (p.stack_of[slot] >= 0 ? p.stack_of[slot] != stack : p.slot_of[stack] >= 0)
        continue;
      for (int y = stack * 3; y < stack * 3 + 3; y++)
        if (p.pos[y] < 0)
          fill_row1_at (s, st, fb, p, c, y);
    }
}

static void
search_full_band (Search *s, const State *st)
{
  int      r0 = st->row[0];
  FullBand fb = { .line0 = s->src->cell + r0 * 9 };
  Placing  start;

  memset (&start, -1, sizeof start);
  for (int x = 0; x < 9; x++)
    fb.where0[fb.line0[x]] = (int8_t) x;
  for (int r1 = r0 / 3 * 3; r1 < r0 / 3 * 3 + 3; r1++)
    {
      State next = *st;

      if (r1 == r0)
        continue;
      next.row[1] = (uint8_t) r1;
      next.rows_used |= (uint16_t) (1u << r1);
      fb.line1 = s->src->cell + r1 * 9;
      fill_row1 (s, &next, &fb, start, 0);
    }
}

/* Puts source row r at output row k: orders the tied columns to make the
 * row smallest, prunes if it is worse than best, splits the ties it
 * breaks, and branches where new digits leave the order free. */
static void
place_row (Search *s, const State *st, int k, int r)
{
  const uint8_t *line = s->src->cell + r * 9;
  State   n = *st;
  uint8_t key[9], values[9], label[10], next = n.next;
  Run     runs[9];
  int     n_runs = 0, n_new = 0;
  uint16_t col_tied = 0;
  uint8_t  slot_tied = 0;

  n.row[k] = (uint8_t) r;
  n.rows_used |= (uint16_t) (1u << r);
  for (int x = 0; x < 9; x++)
    {
      uint8_t d = line[x];

      key[x] = d == 0 ? 0 : n.label[d] ? n.label[d] : NEW_KEY;
      n_new += key[x] == NEW_KEY;
    }
  /* Smallest order: sort within tied columns, then tied slots by their
   * three keys (tied slots always share the same column ties). */
  for (int c = 1; c < 9; c++)
    for (int j = c; (n.col_tied >> j & 1) && key[n.col[j - 1]] > key[n.col[j]]; j--)
      {
        uint8_t t = n.col[j];

        n.col[j] = n.col[j - 1];
        n.col[j - 1] = t;
      }
  for (int slot = 1; slot < 3; slot++)
    for (int j = slot; j > 0 && (n.slot_tied >> j & 1) && compare_slots (key, n.col, j - 1, j) > 0; j--)
      {
        uint8_t t[3];

        memcpy (t, n.col + j * 3, 3);
        memcpy (n.col + j * 3, n.col + (j - 1) * 3, 3);
        memcpy (n.col + (j - 1) * 3, t, 3);
      }

  memcpy (label, n.label, sizeof label);
  for (int c = 0; c < 9; c++)
    {
      uint8_t d = line[n.col[c]];

      if (d != 0 && label[d] == 0)
        label[d] = next++;
      values[c] = d == 0 ? 0 : label[d];
    }
  if (!keep_row (s, k, values))
    return;

  if (k == 0 && n_new == 9 && !s->exhaustive)
    {
      search_full_band (s, &n);
      return;
    }

  /* Ties that survive: equal keys that are not new digits. Equal new digits
   * get different labels depending on their order: a run to branch on. */
  for (int c = 1; c < 9; c++)
    {
      if (!(n.col_tied >> c & 1) || key[n.col[c - 1]] != key[n.col[c]])
        continue;
      if (key[n.col[c]] != NEW_KEY)
        col_tied |= (uint16_t) (1u << c);
      else if (n_runs > 0 && !runs[n_runs - 1].slots && runs[n_runs - 1].start + runs[n_runs - 1].len == c)
        runs[n_runs - 1].len++;
      else
        runs[n_runs++] = (Run) { .start = (uint8_t) (c - 1), .len = 2, .slots = false };
    }
  for (int slot = 1; slot < 3; slot++)
    {
      bool has_new = false;

      if (!(n.slot_tied >> slot & 1) || compare_slots (key, n.col, slot - 1, slot) != 0)
        continue;
      for (int i = 0; i < 3; i++)
        has_new |= key[n.col[slot * 3 + i]] == NEW_KEY;
      if (!has_new)
        slot_tied |= (uint8_t) (1u << slot);
      else if (n_runs > 0 && runs[n_runs - 1].slots && runs[n_runs - 1].start + runs[n_runs - 1].len == slot)
        runs[n_runs - 1].len++;
      else
        runs[n_runs++] = (Run) { .start = (uint8_t) (slot - 1), .len = 2, .slots = true };
    }
  n.col_tied = col_tied;
  n.slot_tied = slot_tied;
  branch_runs (s, &n, runs, n_runs, k);
}

/* Rows that are blank, in a band whose other rows are not placed yet, are
 * interchangeable, and so are blank bands: try one of each. */
static bool
redundant_row (const Source *src, int r, uint8_t *blank_row_tried, bool *blank_band_tried)
{
  int band = r / 3;

  if (src->blank_bands >> band & 1)
    {
      if (*blank_band_tried)
        return true;
      *blank_band_tried = true;
    }
  if (src->blank_rows >> r & 1)
    {
      if (*blank_row_tried >> band & 1)
        return true;
      *blank_row_tried |= (uint8_t) (1u << band);
    }
  return false;
}

static void
search_rows (Search *s, const State *st, int k)
{
  uint8_t blank_row_tried = 0;
  bool    blank_band_tried = false;
  int     first, last;

  if (k == 9)
    {
      reach_leaf (s, st);
      return;
    }
  if (k % 3 == 0)
    first = 0, last = 8;
  else
    first = st->row[k - k % 3] / 3 * 3, last = first + 2;
  for (int r = first; r <= last; r++)
    {
      if (st->rows_used >> r & 1)
        continue;
      if (k % 3 == 0 && (st->rows_used >> (r / 3 * 3) & 7))
        continue;
      if (redundant_row (s->src, r, &blank_row_tried, &blank_band_tried))
        continue;
      place_row (s, st, k, r);
    }
}

/* ---- entry points ---- */

static void
source_init (Source *src, const NcGrid *grid, bool transpose)
{
  src->transpose = transpose;
  src->blank_rows = 0;
  src->blank_bands = 0;
  for (int r = 0; r < 9; r++)
    {
      src->givens[r] = 0;
      for (int c = 0; c < 9; c++)
        {
          uint8_t d = grid->cell[transpose ? c * 9 + r : r * 9 + c];

          src->cell[r * 9 + c] = d;
          src->givens[r] += d != 0;
        }
      if (src->givens[r] == 0)
        src->blank_rows |= (uint16_t) (1u << r);
    }
  for (int b = 0; b < 3; b++)
    if ((src->blank_rows >> (b * 3) & 7) == 7)
      src->blank_bands |= (uint8_t) (1u << b);
}

static State
state_start (void)
{
  State st = { .next = 1, .col_tied = ALL_COLUMNS_TIED, .slot_tied = ALL_SLOTS_TIED };

  for (int i = 0; i < 9; i++)
    st.col[i] = (uint8_t) i;
  return st;
}

/* No digit twice in a row or a column: what the tied search relies on. */
static bool
lines_distinct (const NcGrid *grid)
{
  for (int i = 0; i < 9; i++)
    {
      unsigned in_row = 0, in_col = 0;

      for (int j = 0; j < 9; j++)
        {
          unsigned row_bit = 1u << grid->cell[i * 9 + j];
          unsigned col_bit = 1u << grid->cell[j * 9 + i];

          if ((in_row & row_bit & ~1u) || (in_col & col_bit & ~1u))
            return false;
          in_row |= row_bit;
          in_col |= col_bit;
        }
    }
  return true;
}

/* Sources to search: the transpose only when it differs from the grid. */
static int
sources_init (Source src[2], const NcGrid *grid)
{
  source_init (&src[0], grid, false);
  source_init (&src[1], grid, true);
  return memcmp (src[0].cell, src[1].cell, NC_CELLS) == 0 ? 1 : 2;
}

static void
search_tied (Search *s, const NcGrid *grid)
{
  Source src[2];
  int    n_src = sources_init (src, grid);
  State  start = state_start ();

  /* Sparse rows first: they make the smallest first rows, so a good best
   * is known early and the rest is pruned at once. */
  for (int givens = 0; givens <= 9; givens++)
    for (int i = 0; i < n_src; i++)
      {
        uint8_t blank_row_tried = 0;
        bool    blank_band_tried = false;

        s->src = &src[i];
        for (int r = 0; r < 9; r++)
          if (src[i].givens[r] == givens
              && !redundant_row (&src[i], r, &blank_row_tried, &blank_band_tried))
            place_row (s, &start, 0, r);
      }
}

/* A column order that swaps two blank columns of a stack, or two blank
 * stacks, gives the same outputs as one that does not: skip it. */
static bool
redundant_columns (const uint8_t col[9], const bool blank_col[9])
{
  for (int c = 0; c < 9; c++)
    if (c % 3 != 0 && blank_col[col[c]] && blank_col[col[c - 1]] && col[c] < col[c - 1])
      return true;
  for (int slot = 1; slot < 3; slot++)
    {
      int a = col[slot * 3 - 3] / 3, b = col[slot * 3] / 3;

      if (blank_col[a * 3] && blank_col[a * 3 + 1] && blank_col[a * 3 + 2]
          && blank_col[b * 3] && blank_col[b * 3 + 1] && blank_col[b * 3 + 2] && b < a)
        return true;
    }
  return false;
}

static void
search_exhaustive (Search *s, const NcGrid *grid)
{
  Source src[2];
  int    n_src = sources_init (src, grid);

  s->exhaustive = true;
  for (int i = 0; i < n_src; i++)
    {
      bool blank_col[9];

      s->src = &src[i];
      for (int x = 0; x < 9; x++)
        {
          blank_col[x] = true;
          for (int r = 0; r < 9; r++)
            blank_col[x] &= src[i].cell[r * 9 + x] == 0;
        }
      for (int code = 0; code < 6 * 6 * 6 * 6; code++)
        {
          State st = state_start ();
          int   rest = code;

          st.col_tied = 0;
          st.slot_tied = 0;
          for (int slot = 0; slot < 4; slot++, rest /= 6)
            {
              const uint8_t *perm = perms3[rest % 6];

              if (slot == 3)   /* the stack order */
                {
                  uint8_t cols[9];

                  for (int j = 0; j < 3; j++)
                    memcpy (cols + j * 3, st.col + perm[j] * 3, 3);
                  memcpy (st.col, cols, 9);
                }
              else
                for (int j = 0; j < 3; j++)
                  st.col[slot * 3 + j] = (uint8_t) (slot * 3 + perm[j]);
            }
          if (!redundant_columns (st.col, blank_col))
            search_rows (s, &st, 0);
        }
    }
}

void
nc_canon_with_transform (const NcGrid *grid, NcGrid *canon, NcTransform *t)
{
  Search s = { .best_len = 0 };

  if (lines_distinct (grid))
    search_tied (&s, grid);
  else
    search_exhaustive (&s, grid);
  memcpy (canon->cell, s.best, NC_CELLS);
  if (t != NULL)
    *t = s.found;
}

void
nc_canon (const NcGrid *grid, NcGrid *canon)
{
  nc_canon_with_transform (grid, canon, NULL);
}

void
nc_canon_exhaustive (const NcGrid *grid, NcGrid *canon)
{
  Search s = { .best_len = 0 };

  search_exhaustive (&s, grid);
  memcpy (canon->cell, s.best, NC_CELLS);
}
