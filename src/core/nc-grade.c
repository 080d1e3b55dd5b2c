/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-grade.c: the grader, a logical solver that finds one human deduction at
 * a time, records why (for a sentence), and grades by the hardest it needed. */

#include "nc-grade.h"

#include <ctype.h>
#include <string.h>

/* Candidates are 9-bit masks, bit d-1 standing for digit d. Everything the
 * grader knows lives in this struct on the caller's stack: the generator
 * grades many puzzles from several threads at once. */
typedef struct
{
  uint8_t  value[NC_CELLS];
  uint16_t cand[NC_CELLS];
  int      n_empty;
} GradeState;

#define ALL_DIGITS 0x1FFu

/* What one step costs towards the score: rising with difficulty, so a puzzle
 * that needs more and harder steps scores higher. */
static const unsigned tech_weight[NC_TECH_COUNT] = {
  [NC_TECH_NAKED_SINGLE]     = 1,
  [NC_TECH_HIDDEN_SINGLE]    = 2,
  [NC_TECH_POINTING]         = 8,
  [NC_TECH_CLAIMING]         = 9,
  [NC_TECH_NAKED_PAIR]       = 12,
  [NC_TECH_HIDDEN_PAIR]      = 15,
  [NC_TECH_NAKED_TRIPLE]     = 20,
  [NC_TECH_HIDDEN_TRIPLE]    = 25,
  [NC_TECH_NAKED_QUAD]       = 30,
  [NC_TECH_HIDDEN_QUAD]      = 35,
  [NC_TECH_X_WING]           = 40,
  [NC_TECH_SWORDFISH]        = 50,
  [NC_TECH_XY_WING]          = 60,
  [NC_TECH_XYZ_WING]         = 70,
  [NC_TECH_SIMPLE_COLOURING] = 80,
  [NC_TECH_GUESS]            = 0,
};

static const char *const tech_names[NC_TECH_COUNT] = {
  [NC_TECH_NAKED_SINGLE]     = NC_N_("naked single"),
  [NC_TECH_HIDDEN_SINGLE]    = NC_N_("hidden single"),
  [NC_TECH_POINTING]         = NC_N_("pointing"),
  [NC_TECH_CLAIMING]         = NC_N_("claiming"),
  [NC_TECH_NAKED_PAIR]       = NC_N_("naked pair"),
  [NC_TECH_HIDDEN_PAIR]      = NC_N_("hidden pair"),
  [NC_TECH_NAKED_TRIPLE]     = NC_N_("naked triple"),
  [NC_TECH_HIDDEN_TRIPLE]    = NC_N_("hidden triple"),
  [NC_TECH_NAKED_QUAD]       = NC_N_("naked quad"),
  [NC_TECH_HIDDEN_QUAD]      = NC_N_("hidden quad"),
  [NC_TECH_X_WING]           = NC_N_("X-wing"),
  [NC_TECH_SWORDFISH]        = NC_N_("swordfish"),
  [NC_TECH_XY_WING]          = NC_N_("XY-wing"),
  [NC_TECH_XYZ_WING]         = NC_N_("XYZ-wing"),
  [NC_TECH_SIMPLE_COLOURING] = NC_N_("simple colouring"),
  [NC_TECH_GUESS]            = NC_N_("guessing"),
};

/* The codes of puzzle IDs (nc-generate.h) and of the command line. */
static const char *const tech_codes[NC_TECH_GUESS] = {
  [NC_TECH_NAKED_SINGLE]     = "ns",
  [NC_TECH_HIDDEN_SINGLE]    = "hs",
  [NC_TECH_POINTING]         = "pt",
  [NC_TECH_CLAIMING]         = "cl",
  [NC_TECH_NAKED_PAIR]       = "np",
  [NC_TECH_HIDDEN_PAIR]      = "hp",
  [NC_TECH_NAKED_TRIPLE]     = "nt",
  [NC_TECH_HIDDEN_TRIPLE]    = "ht",
  [NC_TECH_NAKED_QUAD]       = "nq",
  [NC_TECH_HIDDEN_QUAD]      = "hq",
  [NC_TECH_X_WING]           = "xw",
  [NC_TECH_SWORDFISH]        = "sf",
  [NC_TECH_XY_WING]          = "xy",
  [NC_TECH_XYZ_WING]         = "xz",
  [NC_TECH_SIMPLE_COLOURING] = "sc",
};

static const char *const grade_names[NC_GRADE_COUNT] = {
  NC_N_("Easy"), NC_N_("Medium"), NC_N_("Hard"), NC_N_("Expert"), NC_N_("Extreme"),
};

const char *
nc_technique_name (NcTechnique technique)
{
  if ((unsigned) technique >= NC_TECH_COUNT)
    return "unknown";
  return tech_names[technique];
}

NcGrade
nc_technique_grade (NcTechnique technique)
{
  switch (technique)
    {
    case NC_TECH_NAKED_SINGLE:
    case NC_TECH_HIDDEN_SINGLE:
      return NC_GRADE_EASY;
    case NC_TECH_POINTING:
    case NC_TECH_CLAIMING:
    case NC_TECH_NAKED_PAIR:
    case NC_TECH_HIDDEN_PAIR:
      return NC_GRADE_MEDIUM;
    case NC_TECH_NAKED_TRIPLE:
    case NC_TECH_HIDDEN_TRIPLE:
    case NC_TECH_NAKED_QUAD:
    case NC_TECH_HIDDEN_QUAD:
    case NC_TECH_X_WING:
    case NC_TECH_SWORDFISH:
      return NC_GRADE_HARD;
    case NC_TECH_XY_WING:
    case NC_TECH_XYZ_WING:
    case NC_TECH_SIMPLE_COLOURING:
      return NC_GRADE_EXPERT;
    case NC_TECH_GUESS:
    case NC_TECH_COUNT:
    default:
      return NC_GRADE_EXTREME;
    }
}

const char *
nc_technique_code (NcTechnique technique)
{
  return (unsigned) technique < NC_TECH_GUESS ? tech_codes[technique] : "";
}

/* Whether name spells want, ignoring case and taking a space, a dash or an
 * underscore for one another, so that "x-wing", "X wing", "naked-single"
 * and "NAKED_SINGLE" all do. */
static bool
technique_spelled (const char *name, const char *want)
{
  for (;; name++, want++)
    {
      bool sep_n = *name == ' ' || *name == '-' || *name == '_';
      bool sep_w = *want == ' ' || *want == '-';

      if (sep_n != sep_w)
        return false;
      if (!sep_n && tolower ((unsigned char) *name) != tolower ((unsigned char) *want))
        return false;
      if (*want == '\0')
        return true;
    }
}

bool
nc_technique_from_name (const char *name, NcTechnique *out)
{
  if (name == NULL)
    return false;
  for (int t = 0; t < NC_TECH_GUESS; t++)
    if (technique_spelled (name, tech_names[t]) || technique_spelled (name, tech_codes[t]))
      {
        if (out != NULL)
          *out = (NcTechnique) t;
        return true;
      }
  return false;
}

const char *
nc_grade_name (NcGrade grade)
{
  if ((unsigned) grade >= NC_GRADE_COUNT)
    return "unknown";
  return grade_names[grade];
}

bool
nc_grade_from_name (const char *name, NcGrade *out)
{
  if (name == NULL)
    return false;
  for (int g = 0; g < NC_GRADE_COUNT; g++)
    {
      const char *want = grade_names[g];
      size_t i = 0;

      while (want[i] != '\0' && name[i] != '\0'
             && tolower ((unsigned char) name[i]) == tolower ((unsigned char) want[i]))
        i++;
      if (want[i] == '\0' && name[i] == '\0')
        {
          if (out != NULL)
            *out = (NcGrade) g;
          return true;
        }
    }
  return false;
}

/* --- Small helpers ------------------------------------------------------ */

/* Counted in place: built for the x86-64 baseline, which has no POPCNT
 * instruction, __builtin_popcount is a call into libgcc, and was 14% of
 * the time the generator spent making puzzles that need a technique. */
static inline int
popcount (unsigned mask)
{
  mask = mask - ((mask >> 1) & 0x55555555u);
  mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
  mask = (mask + (mask >> 4)) & 0x0f0f0f0fu;
  return (int) ((mask * 0x01010101u) >> 24);
}

static inline int
lowest_digit (unsigned mask)
{
  return __builtin_ctz (mask) + 1;
}

static inline bool
sees (int a, int b)
{
  return a != b
         && (nc_cell_row (a) == nc_cell_row (b)
             || nc_cell_col (a) == nc_cell_col (b)
             || nc_cell_box (a) == nc_cell_box (b));
}

static inline NcUnit
unit_kind (int unit)
{
  return unit < 9 ? NC_UNIT_ROW : unit < 18 ? NC_UNIT_COLUMN : NC_UNIT_BOX;
}

static inline bool
in_unit (int cell, int unit)
{
  switch (unit_kind (unit))
    {
    case NC_UNIT_ROW:    return nc_cell_row (cell) == unit;
    case NC_UNIT_COLUMN: return nc_cell_col (cell) == unit - 9;
    case NC_UNIT_BOX:
    default:             return nc_cell_box (cell) == unit - 18;
    }
}

static void
step_reset (NcStep *step, NcTechnique technique)
{
  step->technique = technique;
  step->n_placed = 0;
  step->n_eliminated = 0;
  step->why = (NcStepWhy) { .unit = -1, .cover = -1 };
}

static void
step_place (NcStep *step, int cell, int digit)
{
  step->placed_cell[step->n_placed] = (uint8_t) cell;
  step->placed_digit[step->n_placed] = (uint8_t) digit;
  step->n_placed++;
}

/* Records the removal of the digits in mask from cell (bits it still has). */
static void
step_eliminate (NcStep *step, const GradeState *st, int cell, unsigned mask)
{
  mask &= st->cand[cell];
  while (mask)
    {
      step->eliminated_cell[step->n_eliminated] = (uint8_t) cell;
      step->eliminated_digit[step->n_eliminated] = (uint8_t) lowest_digit (mask);
      step->n_eliminated++;
      mask &= mask - 1;
    }
}

/* A subset of n cells of unit and its digits (held or kept). */
static void
step_subset (NcStep *step, int unit, const uint8_t *cells, int n, unsigned digits)
{
  step->why.unit = unit;
  step->why.n_cells = n;
  memcpy (step->why.cells, cells, (size_t) n);
  step->why.digits = (uint16_t) digits;
}

/* A colouring of digit from start: a and b of one colour in unit (a wrap),
 * or unit -1 and a, b of opposite colours (a trap). */
static void
step_colouring (NcStep *step, int digit, int start, int a, int b, int unit)
{
  step->why.digit = digit;
  step->why.unit = unit;
  step->why.wrap = unit >= 0;
  step->why.n_cells = 3;
  step->why.cells[0] = (uint8_t) start;
  step->why.cells[1] = (uint8_t) a;
  step->why.cells[2] = (uint8_t) b;
}

/* --- State -------------------------------------------------------------- */

void
nc_grade_candidates (const NcGrid *grid, uint16_t candidates[NC_CELLS])
{
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      unsigned used = 0;

      if (grid->cell[cell] != 0)
        {
          candidates[cell] = 0;
          continue;
        }
      for (int i = 0; i < NC_PEERS; i++)
        {
          int v = grid->cell[nc_peers[cell][i]];

          if (v >= 1 && v <= 9)
            used |= NC_CANDIDATE (v);
        }
      candidates[cell] = (uint16_t) (ALL_DIGITS & ~used);
    }
}

/* Filled cells have no candidates: every technique relies on that. */
static void
state_init (GradeState *st, const NcGrid *grid, const uint16_t candidates[NC_CELLS])
{
  st->n_empty = 0;
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      st->value[cell] = grid->cell[cell];
      st->cand[cell] = st->value[cell] != 0 ? 0 : (uint16_t) (candidates[cell] & ALL_DIGITS);
      st->n_empty += st->value[cell] == 0;
    }
}

static void
state_apply (GradeState *st, const NcStep *step)
{
  for (int i = 0; i < step->n_placed; i++)
    {
      int cell = step->placed_cell[i];
      unsigned bit = NC_CANDIDATE (step->placed_digit[i]);

      st->value[cell] = step->placed_digit[i];
      st->cand[cell] = 0;
      st->n_empty--;
      for (int p = 0; p < NC_PEERS; p++)
        st->cand[nc_peers[cell][p]] &= (uint16_t) ~bit;
    }
  for (int i = 0; i < step->n_eliminated; i++)
    st->cand[step->eliminated_cell[i]] &= (uint16_t) ~NC_CANDIDATE (step->eliminated_digit[i]);
}

/* Where digit bit can go in unit, as a mask of positions 0..8. */
static unsigned
unit_positions (const GradeState *st, int unit, unsigned bit)
{
  unsigned pos = 0;

  for (int k = 0; k < 9; k++)
    if (st->cand[nc_units[unit][k]] & bit)
      pos |= 1u << k;
  return pos;
}

/* Steps through the k-subsets of 0..n-1 in lexicographic order; idx holds
 * the current one. Returns false after the last. */
static bool
next_combination (int *idx, int k, int n)
{
  int i = k - 1;

  while (i >= 0 && idx[i] == n - k + i)
    i--;
  if (i < 0)
    return false;
  idx[i]++;
  for (int j = i + 1; j < k; j++)
    idx[j] = idx[j - 1] + 1;
  return true;
}

/* The order units are searched in: boxes first, as people scan them. */
static const uint8_t box_row_column[27] = {
  18, 19, 20, 21, 22, 23, 24, 25, 26,
  0, 1, 2, 3, 4, 5, 6, 7, 8,
  9, 10, 11, 12, 13, 14, 15, 16, 17,
};

/* --- Singles ------------------------------------------------------------ */

static bool
find_naked_single (const GradeState *st, NcStep *step)
{
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      int digit;

      if (st->value[cell] != 0 || popcount (st->cand[cell]) != 1)
        continue;
      digit = lowest_digit (st->cand[cell]);
      step_reset (step, NC_TECH_NAKED_SINGLE);
      step_place (step, cell, digit);
      step->why.digit = digit;
      return true;
    }
  return false;
}

static bool
find_hidden_single (const GradeState *st, NcStep *step)
{
  for (int i = 0; i < 27; i++)
    {
      int unit = box_row_column[i];
      unsigned once = 0, twice = 0, only;
      int digit;

      for (int k = 0; k < 9; k++)
        {
          unsigned c = st->cand[nc_units[unit][k]];

          twice |= once & c;
          once |= c;
        }
      only = once & ~twice;
      if (only == 0)
        continue;
      digit = lowest_digit (only);
      for (int k = 0; k < 9; k++)
        {
          int cell = nc_units[unit][k];

          if (!(st->cand[cell] & (NC_CANDIDATE (digit))))
            continue;
          step_reset (step, NC_TECH_HIDDEN_SINGLE);
          step_place (step, cell, digit);
          step->why.digit = digit;
          step->why.unit = unit;
          return true;
        }
    }
  return false;
}

/* --- Locked candidates -------------------------------------------------- */

/* A digit confined to the intersection of unit `base` with unit `cover`
 * leaves the rest of `cover`. */
static bool
locked_eliminate (const GradeState *st, NcStep *step, NcTechnique technique,
                  int base, int cover, int digit)
{
  unsigned bit = NC_CANDIDATE (digit);
  step_reset (step, technique);
  for (int k = 0; k < 9; k++)
    {
      int cell = nc_units[cover][k];

      if (!in_unit (cell, base))
        step_eliminate (step, st, cell, bit);
    }
  if (step->n_eliminated == 0)
    return false;
  step->why.digit = digit;
  step->why.unit = base;
  step->why.cover = cover;
  return true;
}

static bool
find_pointing (const GradeState *st, NcStep *step)
{
  for (int box = 18; box < 27; box++)
    for (int digit = 1; digit <= 9; digit++)
      {
        unsigned bit = NC_CANDIDATE (digit);
        unsigned rows = 0, cols = 0;
        int n = 0;

        for (int k = 0; k < 9; k++)
          {
            int cell = nc_units[box][k];

            if (st->cand[cell] & bit)
              {
                rows |= 1u << nc_cell_row (cell);
                cols |= 1u << nc_cell_col (cell);
                n++;
              }
          }
        if (n < 2)
          continue;
        if (popcount (rows) == 1
            && locked_eliminate (st, step, NC_TECH_POINTING, box, __builtin_ctz (rows), digit))
          return true;
        if (popcount (cols) == 1
            && locked_eliminate (st, step, NC_TECH_POINTING, box, 9 + __builtin_ctz (cols), digit))
          return true;
      }
  return false;
}

static bool
find_claiming (const GradeState *st, NcStep *step)
{
  for (int line = 0; line < 18; line++)
    for (int digit = 1; digit <= 9; digit++)
      {
        unsigned bit = NC_CANDIDATE (digit);
        unsigned boxes = 0;
        int n = 0;

        for (int k = 0; k < 9; k++)
          {
            int cell = nc_units[line][k];

            if (st->cand[cell] & bit)
              {
                boxes |= 1u << nc_cell_box (cell);
                n++;
              }
          }
        if (n >= 2 && popcount (boxes) == 1
            && locked_eliminate (st, step, NC_TECH_CLAIMING, line, 18 + __builtin_ctz (boxes), digit))
          return true;
      }
  return false;
}

/* --- Naked and hidden subsets ------------------------------------------- */

/* n cells of a unit whose candidates together are n digits: those digits
 * leave the rest of the unit. */
static bool
find_naked_subset (const GradeState *st, NcStep *step, int n, NcTechnique technique)
{
  for (int unit = 0; unit < 27; unit++)
    {
      uint8_t cells[9];
      int m = 0, n_empty = 0;
      int idx[4];

      for (int k = 0; k < 9; k++)
        {
          int cell = nc_units[unit][k];
          int c = popcount (st->cand[cell]);

          n_empty += c > 0;
          if (c >= 2 && c <= n)
            cells[m++] = (uint8_t) cell;
        }
      if (m < n || n_empty <= n)
        continue;
      for (int j = 0; j < n; j++)
        idx[j] = j;
      do
        {
          unsigned digits = 0;
          uint8_t chosen[4];
          for (int j = 0; j < n; j++)
            {
              chosen[j] = cells[idx[j]];
              digits |= st->cand[chosen[j]];
            }
          if (popcount (digits) != n)
            continue;
          step_reset (step, technique);
          for (int k = 0; k < 9; k++)
            {
              int cell = nc_units[unit][k];
              bool in_subset = false;

              for (int j = 0; j < n; j++)
                in_subset |= chosen[j] == cell;
              if (!in_subset)
                step_eliminate (step, st, cell, digits);
            }
          if (step->n_eliminated == 0)
            continue;
          step_subset (step, unit, chosen, n, digits);
          return true;
        }
      while (next_combination (idx, n, m));
    }
  return false;
}

/* n digits of a unit that can only go in n cells: those cells hold nothing
 * else. */
static bool
find_hidden_subset (const GradeState *st, NcStep *step, int n, NcTechnique technique)
{
  for (int unit = 0; unit < 27; unit++)
    {
      unsigned pos[9];
      int digits[9];
      int m = 0, n_open = 0;
      int idx[4];

      for (int digit = 1; digit <= 9; digit++)
        {
          unsigned p = unit_positions (st, unit, NC_CANDIDATE (digit));
          int c = popcount (p);

          n_open += c > 0;
          if (c >= 2 && c <= n)
            {
              pos[m] = p;
              digits[m++] = digit;
            }
        }
      if (m < n || n_open <= n)
        continue;
      for (int j = 0; j < n; j++)
        idx[j] = j;
      do
        {
          unsigned where = 0, keep = 0;
          uint8_t chosen[4];
          int n_chosen = 0;
          for (int j = 0; j < n; j++)
            {
              where |= pos[idx[j]];
              keep |= NC_CANDIDATE (digits[idx[j]]);
            }
          if (popcount (where) != n)
            continue;
          step_reset (step, technique);
          for (unsigned w = where; w; w &= w - 1)
            {
              int cell = nc_units[unit][__builtin_ctz (w)];

              chosen[n_chosen++] = (uint8_t) cell;
              step_eliminate (step, st, cell, ALL_DIGITS & ~keep);
            }
          if (step->n_eliminated == 0)
            continue;
          step_subset (step, unit, chosen, n, keep);
          return true;
        }
      while (next_combination (idx, n, m));
    }
  return false;
}

/* --- Fish --------------------------------------------------------------- */

/* n rows (or columns) in which a digit can only go in the same n columns
 * (rows): the digit leaves those columns (rows) everywhere else. */
static bool
find_fish (const GradeState *st, NcStep *step, int n, NcTechnique technique)
{
  for (int digit = 1; digit <= 9; digit++)
    {
      unsigned bit = NC_CANDIDATE (digit);

      for (int by_column = 0; by_column < 2; by_column++)
        {
          unsigned pos[9];
          int lines[9];
          int m = 0;
          int idx[4];

          for (int line = 0; line < 9; line++)
            {
              unsigned p = unit_positions (st, by_column * 9 + line, bit);
              int c = popcount (p);

              if (c >= 2 && c <= n)
                {
                  pos[m] = p;
                  lines[m++] = line;
                }
            }
          if (m < n)
            continue;
          for (int j = 0; j < n; j++)
            idx[j] = j;
          do
            {
              unsigned cover = 0, base = 0;

              for (int j = 0; j < n; j++)
                {
                  cover |= pos[idx[j]];
                  base |= 1u << lines[idx[j]];
                }
              if (popcount (cover) != n)
                continue;
              step_reset (step, technique);
              for (unsigned cv = cover; cv; cv &= cv - 1)
                {
                  int across = (1 - by_column) * 9 + __builtin_ctz (cv);

                  for (int k = 0; k < 9; k++)
                    if (!(base & (1u << k)))
                      step_eliminate (step, st, nc_units[across][k], bit);
                }
              if (step->n_eliminated == 0)
                continue;
              step->why.digit = digit;
              step->why.base_lines = (uint16_t) base;
              step->why.cover_lines = (uint16_t) cover;
              step->why.by_column = by_column;
              return true;
            }
          while (next_combination (idx, n, m));
        }
    }
  return false;
}

/* --- Wings -------------------------------------------------------------- */

/* The pivot, its pincers and their candidates, and the digit that leaves. */
static void
step_wing (NcStep *step, const GradeState *st, int pivot, int a, int b, unsigned z)
{
  const int cells[3] = { pivot, a, b };

  step->why.digit = lowest_digit (z);
  step->why.n_cells = 3;
  for (int i = 0; i < 3; i++)
    {
      step->why.cells[i] = (uint8_t) cells[i];
      step->why.cell_digits[i] = (uint16_t) st->cand[cells[i]];
    }
}

/* Pivot {x,y} seeing pincers {x,z} and {y,z}: whichever the pivot is, one
 * pincer is z, so z leaves every cell that sees both pincers. */
static bool
find_xy_wing (const GradeState *st, NcStep *step)
{
  for (int pivot = 0; pivot < NC_CELLS; pivot++)
    {
      unsigned pc = st->cand[pivot];

      if (popcount (pc) != 2)
        continue;
      for (int i = 0; i < NC_PEERS; i++)
        {
          int a = nc_peers[pivot][i];
          unsigned ac = st->cand[a], want, z;

          if (popcount (ac) != 2 || popcount (ac & pc) != 1)
            continue;
          want = pc ^ ac;
          z = ac & ~pc;
          for (int j = i + 1; j < NC_PEERS; j++)
            {
              int b = nc_peers[pivot][j];
              if (st->cand[b] != want)
                continue;
              step_reset (step, NC_TECH_XY_WING);
              for (int cell = 0; cell < NC_CELLS; cell++)
                if (cell != pivot && sees (cell, a) && sees (cell, b))
                  step_eliminate (step, st, cell, z);
              if (step->n_eliminated == 0)
                continue;
              step_wing (step, st, pivot, a, b, z);
              return true;
            }
        }
    }
  return false;
}

/* Pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z, so z
 * leaves every cell that sees all three. */
static bool
find_xyz_wing (const GradeState *st, NcStep *step)
{
  for (int pivot = 0; pivot < NC_CELLS; pivot++)
    {
      unsigned pc = st->cand[pivot];

      if (popcount (pc) != 3)
        continue;
      for (int i = 0; i < NC_PEERS; i++)
        {
          int a = nc_peers[pivot][i];
          unsigned ac = st->cand[a];

          if (popcount (ac) != 2 || (ac & ~pc) != 0)
            continue;
          for (int j = i + 1; j < NC_PEERS; j++)
            {
              int b = nc_peers[pivot][j];
              unsigned bc = st->cand[b], z;

              if (popcount (bc) != 2 || (bc & ~pc) != 0 || bc == ac)
                continue;
              z = ac & bc;
              step_reset (step, NC_TECH_XYZ_WING);
              for (int cell = 0; cell < NC_CELLS; cell++)
                if (sees (cell, pivot) && sees (cell, a) && sees (cell, b))
                  step_eliminate (step, st, cell, z);
              if (step->n_eliminated == 0)
                continue;
              step_wing (step, st, pivot, a, b, z);
              return true;
            }
        }
    }
  return false;
}

/* --- Simple colouring ----------------------------------------------------
 * For one digit, cells joined by strong links (a unit where the digit has
 * exactly two places) alternate between true and false. */

static bool
find_simple_colouring (const GradeState *st, NcStep *step)
{
  for (int digit = 1; digit <= 9; digit++)
    {
      unsigned bit = NC_CANDIDATE (digit);
      unsigned pos[27];
      int8_t colour[NC_CELLS];
      bool done[NC_CELLS];

      for (int u = 0; u < 27; u++)
        pos[u] = unit_positions (st, u, bit);
      memset (done, 0, sizeof done);

      for (int start = 0; start < NC_CELLS; start++)
        {
          uint8_t queue[NC_CELLS];
          int head = 0, tail = 0;
          int wrong = -1, clash_a = -1, clash_b = -1, clash_unit = -1;
          if (done[start] || !(st->cand[start] & bit))
            continue;
          memset (colour, -1, sizeof colour);
          colour[start] = 0;
          done[start] = true;
          queue[tail++] = (uint8_t) start;
          while (head < tail)
            {
              int cell = queue[head++];
              int units[3] = { nc_cell_row (cell), 9 + nc_cell_col (cell), 18 + nc_cell_box (cell) };

              for (int u = 0; u < 3; u++)
                {
                  unsigned p = pos[units[u]];
                  int other;

                  if (popcount (p) != 2)
                    continue;
                  other = nc_units[units[u]][__builtin_ctz (p)];
                  if (other == cell)
                    other = nc_units[units[u]][31 - __builtin_clz (p)];
                  if (colour[other] < 0)
                    {
                      colour[other] = (int8_t) (1 - colour[cell]);
                      done[other] = true;
                      queue[tail++] = (uint8_t) other;
                    }
                }
            }
          if (tail < 3)
            continue;   /* two cells alone trap only what pointing or claiming clears */

          /* Colour wrap: two cells of one colour in a unit, so that colour
           * is false everywhere. */
          for (int i = 0; i < tail && wrong < 0; i++)
            for (int j = i + 1; j < tail && wrong < 0; j++)
              if (colour[queue[i]] == colour[queue[j]] && sees (queue[i], queue[j]))
                {
                  wrong = colour[queue[i]];
                  clash_a = queue[i];
                  clash_b = queue[j];
                  clash_unit = nc_cell_row (clash_a) == nc_cell_row (clash_b) ? nc_cell_row (clash_a)
                               : nc_cell_col (clash_a) == nc_cell_col (clash_b) ? 9 + nc_cell_col (clash_a)
                               : 18 + nc_cell_box (clash_a);
                }
          if (wrong >= 0)
            {
              step_reset (step, NC_TECH_SIMPLE_COLOURING);
              for (int i = 0; i < tail; i++)
                if (colour[queue[i]] == wrong)
                  step_eliminate (step, st, queue[i], bit);
              step_colouring (step, digit, start, clash_a, clash_b, clash_unit);
              return true;
            }

          /* Colour trap: a cell outside the chain that sees both colours
           * cannot hold the digit, since one colour is true. */
          step_reset (step, NC_TECH_SIMPLE_COLOURING);
          clash_a = clash_b = -1;
          for (int cell = 0; cell < NC_CELLS; cell++)
            {
              int seen[2] = { -1, -1 };

              if (!(st->cand[cell] & bit) || colour[cell] >= 0)
                continue;
              for (int i = 0; i < tail; i++)
                if (seen[colour[queue[i]]] < 0 && sees (cell, queue[i]))
                  seen[colour[queue[i]]] = queue[i];
              if (seen[0] >= 0 && seen[1] >= 0)
                {
                  if (step->n_eliminated == 0)
                    {
                      clash_a = seen[0];
                      clash_b = seen[1];
                    }
                  step_eliminate (step, st, cell, bit);
                }
            }
          if (step->n_eliminated == 0)
            continue;
          step_colouring (step, digit, start, clash_a, clash_b, -1);
          return true;
        }
    }
  return false;
}

/* --- The grader --------------------------------------------------------- */

static bool
find_step (const GradeState *st, NcTechnique technique, NcStep *step)
{
  switch (technique)
    {
    case NC_TECH_NAKED_SINGLE:     return find_naked_single (st, step);
    case NC_TECH_HIDDEN_SINGLE:    return find_hidden_single (st, step);
    case NC_TECH_POINTING:         return find_pointing (st, step);
    case NC_TECH_CLAIMING:         return find_claiming (st, step);
    case NC_TECH_NAKED_PAIR:       return find_naked_subset (st, step, 2, technique);
    case NC_TECH_HIDDEN_PAIR:      return find_hidden_subset (st, step, 2, technique);
    case NC_TECH_NAKED_TRIPLE:     return find_naked_subset (st, step, 3, technique);
    case NC_TECH_HIDDEN_TRIPLE:    return find_hidden_subset (st, step, 3, technique);
    case NC_TECH_NAKED_QUAD:       return find_naked_subset (st, step, 4, technique);
    case NC_TECH_HIDDEN_QUAD:      return find_hidden_subset (st, step, 4, technique);
    case NC_TECH_X_WING:           return find_fish (st, step, 2, technique);
    case NC_TECH_SWORDFISH:        return find_fish (st, step, 3, technique);
    case NC_TECH_XY_WING:          return find_xy_wing (st, step);
    case NC_TECH_XYZ_WING:         return find_xyz_wing (st, step);
    case NC_TECH_SIMPLE_COLOURING: return find_simple_colouring (st, step);
    case NC_TECH_GUESS:
    case NC_TECH_COUNT:
    default:                       return false;
    }
}

/* The score: 1000 for each grade above Easy, plus the sum over the steps of
 * each technique's weight (tech_weight above), that sum capped at 999. So
 * scores order puzzles by grade first, then by how much and how hard the
 * work within that grade was; Extreme puzzles score 4000 and up. */
static void
finish_result (NcGradeResult *result)
{
  unsigned work = 0;
  NcGrade grade = NC_GRADE_EASY;

  for (int t = 0; t < NC_TECH_COUNT; t++)
    {
      work += result->uses[t] * tech_weight[t];
      if (result->uses[t] > 0)
        {
          result->hardest = (NcTechnique) t;
          if (nc_technique_grade ((NcTechnique) t) > grade)
            grade = nc_technique_grade ((NcTechnique) t);
        }
    }
  result->grade = grade;
  result->score = 1000u * (unsigned) grade + (work > 999 ? 999 : work);
  result->solved_logically = result->uses[NC_TECH_GUESS] == 0;
}

/* nc_grade, with no technique harder than most tried: when none of those
 * applies, the last step is NC_TECH_GUESS. */
static bool
grade_up_to (const NcGrid *puzzle, NcTechnique most, NcGradeResult *result,
             NcStepFunc on_step, void *data)
{
  GradeState st;
  NcStep step;
  uint16_t candidates[NC_CELLS];

  memset (result, 0, sizeof *result);
  result->hardest = NC_TECH_NAKED_SINGLE;
  nc_grade_candidates (puzzle, candidates);
  state_init (&st, puzzle, candidates);

  while (st.n_empty > 0)
    {
      NcTechnique t;

      for (t = 0; t <= most; t++)
        if (find_step (&st, t, &step))
          break;
      if (t > most)
        {
          /* Stop rather than guess: the grade is all the caller wants. */
          step_reset (&step, NC_TECH_GUESS);
          step.why.empty = st.n_empty;
          result->uses[NC_TECH_GUESS]++;
          finish_result (result);
          return on_step == NULL || on_step (&step, data);
        }
      state_apply (&st, &step);
      result->uses[t]++;
      if (on_step != NULL && !on_step (&step, data))
        {
          finish_result (result);
          return false;
        }
    }
  finish_result (result);
  return true;
}

bool
nc_grade (const NcGrid *puzzle, NcGradeResult *result, NcStepFunc on_step, void *data)
{
  return grade_up_to (puzzle, NC_TECH_SIMPLE_COLOURING, result, on_step, data);
}

bool
nc_grade_within (const NcGrid *puzzle, NcTechnique most, NcGradeResult *result)
{
  grade_up_to (puzzle, most < NC_TECH_GUESS ? most : NC_TECH_SIMPLE_COLOURING, result, NULL, NULL);
  return result->solved_logically;
}

bool
nc_grade_find_step (const NcGrid *grid, const uint16_t candidates[NC_CELLS],
                    NcTechnique technique, NcStep *step)
{
  GradeState st;

  state_init (&st, grid, candidates);
  return find_step (&st, technique, step);
}
