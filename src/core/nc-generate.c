/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-generate.c: the generator: random solved grids, clue removal in
 * symmetric orbits, a local search below what removal reaches (a pool of
 * puzzles for the lowest targets), and IDs. */

#include "nc-generate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nc-canon.h"
#include "nc-solver.h"
#include "nc-unavoidable.h"

/* The budget and the progress callback are looked at every this many
 * steps of work (a solver call, an orbit tried, a move, a candidate
 * graded): a step takes microseconds, so this is well under a
 * millisecond, and reading the clock stays out of the profile. */
#define POLL_EVERY 16
#define PROGRESS_SECONDS 0.002

/* The search restarts from a fresh grid after this many moves without a
 * lower count: a plateau that long is usually a dead end. A move drops one
 * orbit and gives up after adding back more than MOVE_MAX_ADDS. Measured
 * at 19 clues (20 seeds, medians): dropping two orbits and adding back
 * without limit took 1 s, adding back at random rather than where a second
 * solution differs 4 s or more, this 0.1-0.2 s; restarting after 1,000 to
 * 10,000 moves made little difference, after 100 or 300 much. */
#define STALL_MOVES 3000
#define MOVE_MAX_ADDS 3
/* How often a move lets the solved grid drift (see gen_move). Measured at
 * 18 clues, 10 seeds, 20 s each: a fixed grid reached 2 to 5 of 10, one
 * move in 8, 4 or 2 drifting 8 or 9 of 10, every move 2 of 10; at 19 and
 * 20, one in 4 costs nothing. (Trying every pair of clues dropped with one
 * added back, at 19 clues, never found an 18 in 80,000 tries, so the
 * search does not.) Targets of POOL_TARGET and below use the pool search
 * instead (gen_pool_candidate). */
#define DRIFT_ONE_IN 4
/* Moves for targets up to this many clues look for a second solution
 * knowing the first (nc_solver_find_other), which finds different second
 * solutions than counting does, and so different puzzles. Above it they
 * count, so that the published IDs of 22 clues and more keep their puzzles. */
#define KNOWN_SOLUTION_MAX 21

/* Every symmetry groups the cells into orbits of 1, 2 or 4 cells that are
 * clues together or not at all. Built per call: the core keeps no state. */
typedef struct
{
  int     n;
  int     big;                     /* the size of the orbits of more than one cell, or 1 */
  uint8_t size[NC_CELLS];
  uint8_t cells[NC_CELLS][4];
  uint8_t of[NC_CELLS];            /* the orbit each cell belongs to */
} Orbits;

typedef enum
{
  STOP_NONE,
  STOP_BUDGET,
  STOP_CANCEL,
} Stop;

typedef struct
{
  const NcGenerateParams *params;
  NcProgressFunc          progress;
  void                   *data;
  NcRng                   rng;
  Orbits                  orbits;
  int                     target;       /* a count the orbits can make, or NC_CLUES_MINIMAL */
  struct timespec         start;
  double                  last_progress;
  unsigned                steps;        /* see gen_tick */
  int                     lowest;       /* fewest clues seen, for the progress fraction */
  Stop                    stop;
  struct OtherCache      *cache;        /* may be NULL: see gen_other */
  struct SwapCache       *swaps;        /* may be NULL: see gen_swaps */
} Gen;

/* A unique puzzle and its solution. Every State the generator keeps has
 * exactly one solution: clues are only ever taken away after a check. */
typedef struct
{
  NcGrid puzzle;
  NcGrid solution;
  int    clues;
} State;

static const char *const symmetry_names[NC_SYMMETRY_COUNT] = {
  "none", "rotate-180", "rotate-90", "mirror-horizontal", "mirror-vertical",
  "diagonal", "anti-diagonal",
};

/* The codes in puzzle IDs. */
static const char *const symmetry_codes[NC_SYMMETRY_COUNT] = {
  "n", "r2", "r4", "h", "v", "d", "a",
};

/* Crockford's base 32: no I, L, O or U, which read like 1, 1, 0 and V. */
static const char crockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static char
ascii_lower (char c)
{
  return (c >= 'A' && c <= 'Z') ? (char) (c - 'A' + 'a') : c;
}

static bool
ascii_equal_n (const char *a, const char *b, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (ascii_lower (a[i]) != ascii_lower (b[i]))
      return false;
  return true;
}

static bool
ascii_equal (const char *a, const char *b)
{
  size_t n = strlen (a);

  return n == strlen (b) && ascii_equal_n (a, b, n);
}

const char *
nc_symmetry_name (NcSymmetry symmetry)
{
  return (unsigned) symmetry < NC_SYMMETRY_COUNT ? symmetry_names[symmetry] : "unknown";
}

bool
nc_symmetry_from_name (const char *name, NcSymmetry *out)
{
  if (name == NULL)
    return false;
  for (int s = 0; s < NC_SYMMETRY_COUNT; s++)
    if (ascii_equal (name, symmetry_names[s]) || ascii_equal (name, symmetry_codes[s]))
      {
        *out = (NcSymmetry) s;
        return true;
      }
  return false;
}

void
nc_generate_params_init (NcGenerateParams *params)
{
  memset (params, 0, sizeof *params);
  params->clues = NC_CLUES_MINIMAL;
  params->symmetry = NC_SYMMETRY_NONE;
  params->min_grade = NC_GRADE_EASY;
  params->max_grade = NC_GRADE_EXTREME;
}

/* ---- orbits ---- */

static int
symmetry_map (NcSymmetry symmetry, int cell)
{
  int r = cell / 9, c = cell % 9;

  switch (symmetry)
    {
    case NC_SYMMETRY_ROTATE_180:        return (8 - r) * 9 + (8 - c);
    case NC_SYMMETRY_ROTATE_90:         return c * 9 + (8 - r);
    case NC_SYMMETRY_MIRROR_HORIZONTAL: return (8 - r) * 9 + c;
    case NC_SYMMETRY_MIRROR_VERTICAL:   return r * 9 + (8 - c);
    case NC_SYMMETRY_DIAGONAL:          return c * 9 + r;
    case NC_SYMMETRY_ANTI_DIAGONAL:     return (8 - c) * 9 + (8 - r);
    default:                            return cell;
    }
}

static void
orbits_init (Orbits *o, NcSymmetry symmetry)
{
  memset (o->of, 0xff, sizeof o->of);
  o->n = 0;
  o->big = 1;
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      int c = cell;

      if (o->of[cell] != 0xff)
        continue;
      o->size[o->n] = 0;
      do
        {
          o->cells[o->n][o->size[o->n]++] = (uint8_t) c;
          o->of[c] = (uint8_t) o->n;
          c = symmetry_map (symmetry, c);
        }
      while (c != cell);
      if (o->size[o->n] > 1)
        o->big = o->size[o->n];
      o->n++;
    }
}

/* How many single-cell orbits to use to make up count clues out of
 * singles single orbits and bigs big ones, or -1 when no mix does. The
 * fewest singles: they are the centre or an axis, the rarest cells. */
static int
orbits_mix (const Orbits *o, int singles, int bigs, int count)
{
  for (int s = 0; s <= singles && s <= count; s++)
    if ((count - s) % o->big == 0 && (count - s) / o->big <= bigs)
      return s;
  return -1;
}

/* The fewest clues at or above target that whole orbits can make. With 90°
 * rotation (orbits of four and the centre) only counts 0 or 1 modulo 4 can. */
static int
orbits_reachable (const Orbits *o, int target)
{
  int singles = 0;

  for (int i = 0; i < o->n; i++)
    singles += o->size[i] == 1;
  if (o->big == 1)
    return target;
  while (target < NC_CELLS && orbits_mix (o, singles, (NC_CELLS - singles) / o->big, target) < 0)
    target++;
  return target;
}

static bool
orbit_present (const State *s, const Orbits *o, int orbit)
{
  return s->puzzle.cell[o->cells[orbit][0]] != 0;
}

static void
orbit_clear (State *s, const Orbits *o, int orbit)
{
  for (int i = 0; i < o->size[orbit]; i++)
    s->puzzle.cell[o->cells[orbit][i]] = 0;
  s->clues -= o->size[orbit];
}

static void
orbit_restore (State *s, const Orbits *o, int orbit)
{
  for (int i = 0; i < o->size[orbit]; i++)
    {
      int c = o->cells[orbit][i];

      s->puzzle.cell[c] = s->solution.cell[c];
    }
  s->clues += o->size[orbit];
}

/* True when each cell of the (cleared) orbit sees the other eight digits
 * among the remaining clues: the cell is then forced, and taking the orbit
 * away cannot make a second solution. Saves most solver calls while the
 * grid is still nearly full. */
static bool
orbit_forced (const State *s, const Orbits *o, int orbit)
{
  for (int i = 0; i < o->size[orbit]; i++)
    {
      int      cell = o->cells[orbit][i];
      unsigned seen = 0;

      for (int k = 0; k < NC_PEERS; k++)
        seen |= 1u << s->puzzle.cell[nc_peers[cell][k]];
      if (__builtin_popcount (seen & 0x3feu) != 8)
        return false;
    }
  return true;
}

/* The absent orbits other than skip (-1 for none) where grid a and grid b
 * differ, into out; returns how many. */
static int
orbits_differing (const State *s, const Orbits *o, const NcGrid *a, const NcGrid *b,
                  int skip, uint8_t *out)
{
  int n = 0;

  if (o->big == 1)
    {
      /* Each cell its own orbit, numbered as the cells: one pass, in the
       * same order. A fifteenth of the time at 18 clues went here. */
      for (int c = 0; c < NC_CELLS; c++)
        {
          /* Without a branch: which cells differ is a coin toss. */
          out[n] = (uint8_t) c;
          n += (s->puzzle.cell[c] == 0) & (a->cell[c] != b->cell[c]) & (c != skip);
        }
      return n;
    }
  for (int i = 0; i < o->n; i++)
    {
      bool differs = false;

      if (orbit_present (s, o, i) || i == skip)
        continue;
      for (int k = 0; k < o->size[i]; k++)
        differs |= a->cell[o->cells[i][k]] != b->cell[o->cells[i][k]];
      if (differs)
        out[n++] = (uint8_t) i;
    }
  return n;
}

/* ---- time, progress, counting ---- */

static double
gen_elapsed (const Gen *g)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) (now.tv_sec - g->start.tv_sec) + (double) (now.tv_nsec - g->start.tv_nsec) / 1e9;
}

static void
gen_poll (Gen *g)
{
  double t = gen_elapsed (g);
  double budget = g->params->budget_seconds;

  if (g->progress != NULL && t - g->last_progress >= PROGRESS_SECONDS)
    {
      int    goal = g->target != NC_CLUES_MINIMAL ? g->target : 24;
      double fraction = (double) (NC_CELLS - g->lowest) / (NC_CELLS - goal);

      if (budget > 0 && t / budget > fraction)
        fraction = t / budget;
      g->last_progress = t;
      if (!g->progress (fraction < 0.99 ? fraction : 0.99, g->data))
        {
          g->stop = STOP_CANCEL;
          return;
        }
    }
  if (budget > 0 && t >= budget)
    g->stop = STOP_BUDGET;
}

/* Counts one step of work, and every POLL_EVERY steps looks at the budget
 * and the progress callback; false once the generator must stop. Every
 * loop of the generator takes a step per turn, not only the solver calls:
 * near 80 clues every orbit taken away is forced, so no solver is ever
 * called, and the loop over candidates would otherwise never stop. */
static bool
gen_tick (Gen *g)
{
  if (g->stop == STOP_NONE && ++g->steps % POLL_EVERY == 0)
    gen_poll (g);
  return g->stop == STOP_NONE;
}

/* nc_solver_count up to two. Once the generator must stop it answers 2
 * without looking: callers then keep the clues they were about to drop,
 * so whatever they hold stays unique. */
static unsigned
gen_count (Gen *g, const NcGrid *puzzle, NcGrid *first)
{
  if (!gen_tick (g))
    return 2;
  return nc_solver_count (puzzle, 2, first);
}

/* Second solutions found, by a hash of what was asked. The pool search asks
 * the same questions again and again: each pool entry has a few dozen
 * children that drop the same orbit and add back the same one, and the
 * solver answers them the same way each time. An answer is only kept when
 * there was a second solution, and checked against the puzzle when it is
 * given back, so the cache can never call a puzzle unique, and gives back
 * what the solver would: the puzzles do not change. */
#define OTHER_CACHE_BITS 16

typedef struct
{
  uint64_t key;       /* 0: empty */
  NcGrid   other;
} OtherEntry;

struct OtherCache
{
  OtherEntry entry[1u << OTHER_CACHE_BITS];
};

static uint64_t
puzzle_hash (const NcGrid *puzzle)
{
  uint64_t h = 0xcbf29ce484222325ull;

  for (int i = 0; i < NC_CELLS; i++)
    h = (h ^ puzzle->cell[i]) * 0x100000001b3ull;
  return h;
}

static uint64_t
other_key (const NcGrid *puzzle, const NcGrid *solution, const uint8_t *cells, int n_cells)
{
  uint8_t  both[88] = { 0 };
  uint64_t h = 0xcbf29ce484222325ull;

  /* Eight cells a step: one multiplication a cell, each waiting for the
   * last, took 2% of the time at 18 clues. The key only picks a slot, and
   * what a slot holds is checked (other_fits), so any spread will do. */
  for (int i = 0; i < NC_CELLS; i++)
    both[i] = (uint8_t) (puzzle->cell[i] | solution->cell[i] << 4);
  for (int i = 0; i < 88; i += 8)
    {
      uint64_t word;

      memcpy (&word, both + i, sizeof word);
      h = (h ^ word) * 0x100000001b3ull;
      h ^= h >> 29;
    }
  for (int i = 0; cells != NULL && i < n_cells; i++)
    h = (h ^ (uint64_t) (0x100 | cells[i])) * 0x100000001b3ull;
  return h | 1;
}

/* Whether grid, a solved grid, solves puzzle and differs from solution at
 * one of cells (anywhere when cells is NULL). */
static bool
other_fits (const NcGrid *grid, const NcGrid *puzzle, const NcGrid *solution,
            const uint8_t *cells, int n_cells)
{
  bool differs = false;

  for (int i = 0; i < NC_CELLS; i++)
    if (puzzle->cell[i] != 0 && puzzle->cell[i] != grid->cell[i])
      return false;
  if (cells == NULL)
    return memcmp (grid->cell, solution->cell, NC_CELLS) != 0;
  for (int i = 0; i < n_cells; i++)
    differs |= grid->cell[cells[i]] != solution->cell[cells[i]];
  return differs;
}

/* Where a reduction's searches start. Each asks of the puzzle less one
 * orbit: the orbits kept so far, and those not yet tried. Those not yet
 * tried, from the last back, make a chain of boards built once (after[i]:
 * the orbits order[i..n-1]); those kept grow a board of their own; a search
 * starts from the two met, not from a board built clue by clue. The board
 * met leads to the same singles as the one built (the solver's rules only
 * take candidates away, and what the clues of either rule out the clues of
 * both do), so the searches and the puzzles are the same. Measured at 17
 * clues (seed 4, three runs each): 10.2 s against 10.7 s. */
typedef struct
{
  const State   *s;
  const Orbits  *o;
  const uint8_t *order;
  int            n;
  int            at;          /* the step of the reduction */
  int            built;       /* after[i] is built for i >= built */
  int            kept_upto;   /* kept holds those of order[0..kept_upto-1] present */
  NcSolverBoard  kept;
  NcSolverBoard  after[NC_CELLS + 1];
} Starts;

static void
starts_init (Starts *st, const State *s, const Orbits *o, const uint8_t *order, int n)
{
  st->s = s;
  st->o = o;
  st->order = order;
  st->n = n;
  st->at = 0;
  st->built = n;
  st->kept_upto = 0;
  nc_solver_board_init (&st->kept);
  nc_solver_board_init (&st->after[n]);
}

/* The board of the puzzle, which is the puzzle of step at of the reduction
 * less order[at], into out. The boards are only added to, not placed on:
 * placing on them, the singles they force found once for all the steps,
 * cost more than it saved (their singles are found again once met). */
static void
starts_at (void *data, NcSolverBoard *out)
{
  Starts       *st = data;
  const Orbits *o = st->o;

  while (st->built > st->at + 1)
    {
      int orbit = st->order[--st->built];

      st->after[st->built] = st->after[st->built + 1];
      nc_solver_board_add (&st->after[st->built], &st->s->puzzle, o->cells[orbit], o->size[orbit]);
    }
  for (; st->kept_upto < st->at; st->kept_upto++)
    {
      int orbit = st->order[st->kept_upto];

      if (orbit_present (st->s, o, orbit))
        nc_solver_board_add (&st->kept, &st->s->puzzle, o->cells[orbit], o->size[orbit]);
    }
  nc_solver_board_meet (out, &st->kept, &st->after[st->at + 1]);
}

/* The board of a puzzle that only gains clues (pool_unsettle): built on the
 * first search that needs it, then each orbit added is placed on it, so
 * the singles the puzzle forces are found once. */
typedef struct
{
  const State  *s;
  bool          built;
  NcSolverBoard board;
} Growing;

static void
growing_start (void *data, NcSolverBoard *out)
{
  Growing *gr = data;

  if (!gr->built)
    {
      nc_solver_board_init (&gr->board);
      nc_solver_board_place (&gr->board, &gr->s->puzzle, NULL, 0);
      gr->built = true;
    }
  *out = gr->board;
}

/* After orbit is added to the puzzle. */
static void
growing_add (Growing *gr, const Orbits *o, int orbit)
{
  if (gr->built)
    nc_solver_board_place (&gr->board, &gr->s->puzzle, o->cells[orbit], o->size[orbit]);
}

/* Fills in the board a search starts from: see gen_other_from. */
typedef void (*StartFunc) (void *data, NcSolverBoard *out);

/* nc_solver_find_other: whether puzzle, which solution solves, has a
 * solution that differs from it at one of cells (anywhere when cells is
 * NULL). Once the generator must stop it answers yes without looking, as
 * gen_count answers 2. With start (may be NULL), the search starts from
 * the board it fills in with data, the board of puzzle: it is only built
 * when the cache has no answer. */
static bool
gen_other_from (Gen *g, const NcGrid *puzzle, const NcGrid *solution,
                const uint8_t *cells, int n_cells, StartFunc start, void *data,
                NcGrid *other)
{
  uint64_t    key = 0;
  OtherEntry *e = NULL;
  NcGrid      found;
  bool        r;

  if (!gen_tick (g))
    return true;
  if (g->cache != NULL)
    {
      key = other_key (puzzle, solution, cells, n_cells);
      e = &g->cache->entry[key >> (64 - OTHER_CACHE_BITS)];
      if (e->key == key && other_fits (&e->other, puzzle, solution, cells, n_cells))
        {
          if (other != NULL)
            *other = e->other;
          return true;
        }
    }
  if (start != NULL)
    {
      NcSolverBoard board;

      start (data, &board);
      r = nc_solver_find_other_from (&board, solution, cells, n_cells, &found);
    }
  else
    r = nc_solver_find_other (puzzle, solution, cells, n_cells, &found);
  if (r && e != NULL)
    {
      e->key = key;
      e->other = found;
    }
  if (r && other != NULL)
    *other = found;
  return r;
}

static bool
gen_other (Gen *g, const NcGrid *puzzle, const NcGrid *solution,
           const uint8_t *cells, int n_cells, NcGrid *other)
{
  return gen_other_from (g, puzzle, solution, cells, n_cells, NULL, NULL, other);
}

/* The swap sets of the solved grids the pool search met last: at 18 clues
 * most children keep their entry's grid, and finding the sets again took
 * 7% of the time. Kept whole, and compared whole when looked up, so what
 * comes back is what nc_swaps_find would find. */
#define SWAP_CACHE_BITS 6

typedef struct
{
  bool    used;
  NcGrid  solution;
  NcSwaps swaps;
} SwapEntry;

struct SwapCache
{
  SwapEntry entry[1u << SWAP_CACHE_BITS];
};

/* The swap sets of solution, from the cache or found into scratch. */
static const NcSwaps *
gen_swaps (Gen *g, const NcGrid *solution, NcSwaps *scratch)
{
  SwapEntry *e;

  if (g->swaps == NULL)
    {
      nc_swaps_find (scratch, solution);
      return scratch;
    }
  e = &g->swaps->entry[puzzle_hash (solution) >> (64 - SWAP_CACHE_BITS)];
  if (!e->used || memcmp (e->solution.cell, solution->cell, NC_CELLS) != 0)
    {
      e->used = true;
      e->solution = *solution;
      nc_swaps_find (&e->swaps, solution);
    }
  return &e->swaps;
}

/* ---- solved grids ---- */

typedef struct
{
  NcGrid  *grid;
  NcRng   *rng;
  int      first;       /* the scan for the next cell starts here */
  uint16_t row[9], col[9], box[9];
} Fill;

/* Fills the emptiest cell first (so dead ends show up at once), digits in
 * random order. On an empty grid this almost never backtracks. */
static bool
fill_next (Fill *f)
{
  int      best = -1, best_n = 10;
  unsigned best_free = 0;
  uint8_t  digits[9];
  int      n = 0;

  for (int i = 0; i < NC_CELLS; i++)
    {
      int      cell = (f->first + i) % NC_CELLS;
      unsigned free;
      int      count;

      if (f->grid->cell[cell] != 0)
        continue;
      free = ~(unsigned) (f->row[cell / 9] | f->col[cell % 9] | f->box[nc_cell_box (cell)]) & 0x1ffu;
      count = __builtin_popcount (free);
      if (count < best_n)
        {
          best = cell;
          best_n = count;
          best_free = free;
          if (count <= 1)
            break;
        }
    }
  if (best < 0)
    return true;
  for (int d = 0; d < 9; d++)
    if (best_free & (1u << d))
      digits[n++] = (uint8_t) (d + 1);
  nc_rng_shuffle (f->rng, digits, n);
  for (int i = 0; i < n; i++)
    {
      uint16_t bit = (uint16_t) (1u << (digits[i] - 1));
      int      r = best / 9, c = best % 9, b = nc_cell_box (best);

      f->grid->cell[best] = digits[i];
      f->row[r] |= bit;
      f->col[c] |= bit;
      f->box[b] |= bit;
      if (fill_next (f))
        return true;
      f->row[r] &= (uint16_t) ~bit;
      f->col[c] &= (uint16_t) ~bit;
      f->box[b] &= (uint16_t) ~bit;
    }
  f->grid->cell[best] = 0;
  return false;
}

/* A random solved grid: a random fill, then the transformations that keep
 * a grid valid (relabelled digits, rows within bands, bands, columns within
 * stacks, stacks, transposition), so that no fill order shows through. */
static void
random_solution (NcRng *rng, NcGrid *out)
{
  NcGrid      filled = { { 0 } };
  Fill        f = { .grid = &filled, .rng = rng };
  NcTransform t;

  f.first = (int) nc_rng_below (rng, NC_CELLS);
  fill_next (&f);
  nc_transform_random (&t, rng);
  nc_transform_apply (&t, &filled, out);
}

/* ---- removal and search ---- */

/* Second solutions that show clue orbits needed, kept from one reduction
 * to the next: when known[i], grid[i] is a solved grid that solved the
 * puzzle once orbit i was taken away. The pool search hands them from a
 * puzzle to its children, which keep most of its clues, so most orbits
 * a child keeps are shown needed by a grid already found rather than by
 * the solver. */
typedef struct
{
  NcGrid grid[NC_CELLS];
  bool   known[NC_CELLS];
} Witnesses;

/* Whether the witness for the (present) orbit shows it needed now: it
 * agrees with every clue outside the orbit, so it solves the puzzle
 * without the orbit, and it differs from the clues of the orbit, so it is
 * not the solution, which also solves the puzzle without it. */
static bool
witness_holds (const State *s, const Orbits *o, const Witnesses *w, int orbit)
{
  const NcGrid *grid = &w->grid[orbit];
  bool          differs = false;

  if (!w->known[orbit])
    return false;
  for (int c = 0; c < NC_CELLS; c++)
    if (s->puzzle.cell[c] != 0 && o->of[c] != orbit && s->puzzle.cell[c] != grid->cell[c])
      return false;
  for (int k = 0; k < o->size[orbit]; k++)
    differs |= grid->cell[o->cells[orbit][k]] != s->puzzle.cell[o->cells[orbit][k]];
  return differs;
}

static void
gen_fresh (Gen *g, State *s)
{
  random_solution (&g->rng, &s->solution);
  s->puzzle = s->solution;
  s->clues = NC_CELLS;
}

/* Takes orbit away if the solution stays unique. The puzzle had one
 * solution, so another can only differ from it at the orbit taken away.
 * With witnesses (may be NULL), one that holds answers without the
 * solver, and the second solution the solver finds is kept as one. With
 * starts (may be NULL), orbit is the one of the step they are at. */
static void
gen_drop (Gen *g, State *s, int orbit, Witnesses *w, Starts *starts)
{
  const Orbits *o = &g->orbits;

  if (w != NULL && witness_holds (s, o, w, orbit))
    return;
  orbit_clear (s, o, orbit);
  if (!orbit_forced (s, o, orbit)
      && gen_other_from (g, &s->puzzle, &s->solution, o->cells[orbit], o->size[orbit],
                         starts != NULL ? starts_at : NULL, starts, w != NULL ? &w->grid[orbit] : NULL))
    {
      orbit_restore (s, o, orbit);
      /* gen_other says yes without looking once the generator must stop. */
      if (w != NULL)
        w->known[orbit] = g->stop == STOP_NONE;
    }
}

/* ---- unavoidable sets ---- */

/* The clue cells where a witness, a valid grid, differs from the solution,
 * when they are this few: the packing seldom takes a bigger set, and the
 * grids handed down from before a resettle differ nearly everywhere. */
#define WITNESS_SET_MAX 4

static void
unavoidable_witnesses (NcUnavoidable *u, const State *s, const Witnesses *w)
{
  for (int i = 0; i < NC_CELLS; i++)
    if (w->known[i])
      nc_unavoidable_add_grid (u, &s->solution, &w->grid[i], WITNESS_SET_MAX);
}

/* Sorts the orbits of order (stable: otherwise in their random order) by
 * how much of the unavoidable sets their cells are, each set weighing by
 * how few clue cells it has: an orbit few sets need is more likely to go,
 * and taking those first leaves a reduction with fewer clues. An orbit
 * that is a whole set (a witness shows it needed) goes last. */
static void
unavoidable_order (const NcUnavoidable *u, const Orbits *o, uint8_t *order, int n)
{
  unsigned weight[NC_CELLS], of_order[NC_CELLS];

  nc_unavoidable_weigh (u, weight);
  for (int i = 0; i < n; i++)
    {
      of_order[i] = 0;
      for (int k = 0; k < o->size[order[i]]; k++)
        of_order[i] += weight[o->cells[order[i]][k]];
    }
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && of_order[j - 1] > of_order[j]; j--)
      {
        unsigned w = of_order[j];
        uint8_t  orbit = order[j];

        of_order[j] = of_order[j - 1];
        order[j] = order[j - 1];
        of_order[j - 1] = w;
        order[j - 1] = orbit;
      }
}

/* Whether one of u's sets has no cell among clues once orbit's are gone:
 * orbit then holds the set's last clue, and is needed. */
static bool
sets_need (const NcUnavoidable *u, const Orbits *o, int orbit, NcCells clues)
{
  for (int k = 0; k < o->size[orbit]; k++)
    nc_cells_remove (&clues, o->cells[orbit][k]);
  for (int i = 0; i < u->n; i++)
    if (!nc_cells_meet (&u->set[i], &clues))
      return true;
  return false;
}

/* Takes orbits away one by one, in random order, while the solution stays
 * unique, never below floor clues, and gives up (returning false) once it cannot
 * end with hope clues or fewer. One pass is enough for minimality: an
 * orbit needed when it was tried is still needed once others are gone.
 * Witnesses (may be NULL) as gen_drop.
 *
 * With a hope (the pool search), the unavoidable sets of the solution
 * reorder the orbits, those few sets need first (unavoidable_order; the
 * random order breaks ties), and
 * bound the clues the reduction can end with: the clues kept so far, plus
 * one for each packed set none of them is in. Measured at 17 clues, seeds
 * 1 to 10, two runs at a time on two cores: with both, 17 came on all ten
 * seeds, median 35 s, slowest 83 s, where the random order reached it on
 * nine (median 42 s). The order leaves a reduction with fewer clues (the
 * pool's worst entry at 19.1 clues on average rather than 20.1); the bound
 * then gives a child up before most of its solver calls: 37% fewer calls,
 * a quarter less time for the same puzzle (seed 4).
 *
 * With by_sets, an orbit that holds the last clue left in one of the sets
 * is kept without asking the solver (sets_need). After pool_unsettle, at
 * 18 clues, one thread, by turns: median 0.53 s against 0.60 s (40 seeds),
 * 0.75 s against 0.77 s and mean 0.99 s against 1.39 s (seeds 1-60, each
 * process timed): no worse, the median within the seeds' noise.
 * After pool_resettle, at 17, it did no better over 40 seeds and took
 * seed 4 from 10 s to 27 s (the solver's answer it saves would also have
 * been a witness handed to the children). */
static bool
gen_reduce_hoping (Gen *g, State *s, int floor, int hope, Witnesses *w, bool by_sets)
{
  const Orbits *o = &g->orbits;
  uint8_t order[NC_CELLS];
  int8_t  packed[NC_CELLS];
  bool    hit[INT8_MAX] = { false };
  int     n = 0, untried = 0, bound = 0;
  Starts  starts;
  NcUnavoidable u;
  NcCells clues = nc_cells_of_clues (&s->puzzle);

  /* Without a hope the reduction has no sets, and sets_need finds none. */
  nc_unavoidable_init (&u, &clues);
  for (int i = 0; i < o->n; i++)
    if (orbit_present (s, o, i))
      {
        order[n++] = (uint8_t) i;
        untried += o->size[i];
      }
  nc_rng_shuffle (&g->rng, order, n);
  if (hope < NC_CELLS)
    {
      NcSwaps       scratch;

      nc_unavoidable_add_each (&u, gen_swaps (g, &s->solution, &scratch));
      if (w != NULL)
        unavoidable_witnesses (&u, s, w);
      bound = nc_unavoidable_pack (&u, packed);
      unavoidable_order (&u, o, order, n);
    }
  else
    memset (packed, -1, sizeof packed);
  starts_init (&starts, s, o, order, n);
  /* Neither the clues kept nor bound can come down as the reduction goes. */
  for (int i = 0; i < n && s->clues > floor && gen_tick (g); i++)
    {
      int orbit = order[i];

      if (s->clues - untried > hope || bound > hope)
        return false;
      untried -= o->size[orbit];
      starts.at = i;
      if (s->clues - o->size[orbit] >= floor && !(by_sets && sets_need (&u, o, orbit, clues)))
        gen_drop (g, s, orbit, w, &starts);
      if (!orbit_present (s, o, orbit))
        for (int k = 0; k < o->size[orbit]; k++)
          nc_cells_remove (&clues, o->cells[orbit][k]);
      else
        for (int k = 0; k < o->size[orbit]; k++)
          {
            int set = packed[o->cells[orbit][k]];

            if (set < 0 || hit[set])
              bound++;
            else
              hit[set] = true;
          }
    }
  if (s->clues < g->lowest)
    g->lowest = s->clues;
  return s->clues <= hope;
}

static void
gen_reduce (Gen *g, State *s, int floor)
{
  gen_reduce_hoping (g, s, floor, NC_CELLS, NULL, false);
}

/* Adds absent orbits to make exactly count clues; false when the orbit
 * sizes cannot. Added clues never spoil uniqueness. */
static bool
gen_pad (Gen *g, State *s, int count)
{
  const Orbits *o = &g->orbits;
  uint8_t singles[NC_CELLS], bigs[NC_CELLS];
  int     n_singles = 0, n_bigs = 0, use_singles;

  for (int i = 0; i < o->n; i++)
    if (!orbit_present (s, o, i))
      {
        if (o->size[i] == 1)
          singles[n_singles++] = (uint8_t) i;
        else
          bigs[n_bigs++] = (uint8_t) i;
      }
  use_singles = orbits_mix (o, n_singles, n_bigs, count - s->clues);
  if (use_singles < 0)
    return false;
  nc_rng_shuffle (&g->rng, singles, n_singles);
  nc_rng_shuffle (&g->rng, bigs, n_bigs);
  for (int i = 0; i < use_singles; i++)
    orbit_restore (s, o, singles[i]);
  for (int i = 0; s->clues < count; i++)
    orbit_restore (s, o, bigs[i]);
  return true;
}

/* One move of the search: drop a clue orbit, add orbits back until the
 * solution is unique again, then reduce. The orbits added back are taken
 * where the second solution the solver found differs from the real one,
 * when it found one, so each addition rules something out. In one move of
 * DRIFT_ONE_IN they take the solver's solution's digits instead: the solved
 * grid then drifts, which the low targets need, as a fixed grid seldom
 * holds an 18-clue puzzle and almost never a 17. False when the move was
 * abandoned (stop, or a count the orbits cannot make). */
static bool
gen_move (Gen *g, State *s)
{
  const Orbits *o = &g->orbits;
  uint8_t present[NC_CELLS], candidates[NC_CELLS];
  int     n_present = 0, dropped;
  bool    drift = false;
  /* Below KNOWN_SOLUTION_MAX the move knows a solution of the puzzle as it
   * stands, and asks the solver for another rather than counting. */
  bool    use_known = g->params->clues != NC_CLUES_MINIMAL && g->params->clues <= KNOWN_SOLUTION_MAX;
  NcGrid  known = s->solution;

  for (int i = 0; i < o->n; i++)
    if (orbit_present (s, o, i))
      present[n_present++] = (uint8_t) i;
  if (n_present == 0)
    return false;
  dropped = present[nc_rng_below (&g->rng, (uint32_t) n_present)];
  orbit_clear (s, o, dropped);

  for (int adds = 0;; adds++)
    {
      NcGrid   first;
      unsigned count;
      int      n = 0;

      /* Without drift every clue added is the solution's, so a solution
       * that agrees with it on the dropped orbit solves the puzzle before
       * the move, and is the solution. With drift, known is the solution
       * the last clues added came from, and the other may be anywhere. */
      if (!use_known)
        count = gen_count (g, &s->puzzle, &first);
      else if (gen_other (g, &s->puzzle, &known, drift ? NULL : o->cells[dropped], o->size[dropped], &first))
        count = 2;
      else
        {
          count = 1;
          first = known;
        }

      if (g->stop != STOP_NONE || (count != 1 && adds == MOVE_MAX_ADDS))
        return false;
      if (count == 1)
        {
          s->solution = first;
          break;
        }
      if (adds == 0)
        drift = nc_rng_below (&g->rng, DRIFT_ONE_IN) == 0;
      if (drift)
        {
          int orbit;

          for (int i = 0; i < o->n; i++)
            if (!orbit_present (s, o, i) && i != dropped)
              candidates[n++] = (uint8_t) i;
          if (n == 0)
            return false;
          orbit = candidates[nc_rng_below (&g->rng, (uint32_t) n)];
          for (int k = 0; k < o->size[orbit]; k++)
            s->puzzle.cell[o->cells[orbit][k]] = first.cell[o->cells[orbit][k]];
          s->clues += o->size[orbit];
          known = first;
          continue;
        }
      n = orbits_differing (s, o, &first, &s->solution, dropped, candidates);
      if (n == 0)
        {
          /* The solver's first solution was the real one: any absent orbit
           * but the dropped one will do. */
          for (int i = 0; i < o->n; i++)
            if (!orbit_present (s, o, i) && i != dropped)
              candidates[n++] = (uint8_t) i;
          if (n == 0)
            return false;
        }
      orbit_restore (s, o, candidates[nc_rng_below (&g->rng, (uint32_t) n)]);
    }

  if (s->clues < g->target && !gen_pad (g, s, g->target))
    return false;
  gen_reduce (g, s, g->target);
  return g->stop == STOP_NONE;
}

/* ---- the pool search, for the lowest targets ---- */

/* The pool search (gen_pool_candidate), for targets of POOL_TARGET clues
 * and fewer. Measured at 17 and 18 clues (3 to 6 seeds each, as far as
 * this session's time went; the figures vary much from seed to seed):
 * - one orbit dropped per move, as the single line of moves does: two
 *   took 3 to 6 times as long at 18 clues, three never reached 18 in 20 s
 *   once the pool stood at 19;
 * - at most two orbits added back (POOL_MAX_ADDS), the move abandoned
 *   beyond: at 18 clues (20 seeds, by turns) two took 0.53 s median and
 *   1.06 s at most where three took 0.71 s and 2.24 s, one reached 18 on
 *   16 seeds of 20 in 60 s, and without a limit it took 3 to 10 times as
 *   long;
 * - the solved grid moving to each second solution (see pool_unsettle):
 *   with second solutions searched for anywhere, moving in one addition
 *   in four did best (one in two took twice as long at 18);
 * - 200 puzzles: 20 or 50 reached 18 less often in 10 s, 500 and 1,000
 *   took 2 to 5 times as long, and 500 did no better at 17;
 * - the random part of the loss up to one clue: up to two clues did no
 *   better at 17;
 * - no restarts: starting the pool afresh after 30,000 or 100,000
 *   children without a lower count never reached 17 in 45 s. */
#define POOL_TARGET 18
#define POOL_SIZE 200
#define POOL_MAX_ADDS 2
/* A pool entry's loss is its clue count times POOL_CLUE_WEIGHT plus a
 * random part below POOL_NOISE: integers, so that a seed gives the same
 * puzzle on any machine. */
#define POOL_CLUE_WEIGHT 1024
#define POOL_NOISE 1024

typedef struct
{
  State     state;
  uint32_t  loss;      /* UINT32_MAX: the slot holds nothing yet */
  uint64_t  hash;      /* of the puzzle, to keep copies of one out */
  Witnesses witnesses; /* of its orbits, handed down to its children */
} PoolEntry;

/* Unsettles a unique puzzle and settles it again elsewhere: takes a random
 * orbit away, then, while the puzzle has a second solution, moves to that
 * solution and adds an orbit where the two differ, with its digits: the
 * pair is told apart there, and the solved grid drifts. The first second
 * solution is the one nearest the solved grid that differs on the orbit
 * taken away (every other solution does, as the puzzle was unique); the
 * later ones are searched for anywhere. Measured at 18 clues, one thread,
 * seed by seed by turns against a search anywhere that moved in one
 * addition of four: seeds 1-120, median 0.57 s against 0.63 s, slowest
 * 3.8 s against 5.5 s; seeds 121-240, median 0.55 s against 0.65 s,
 * slowest 4.5 s against 60 s (not reached), sooner on 75 of 120
 * (rank-sum z = -3.1). The nearest solution alone, moving in one addition
 * of four, ran seeds a hundredfold slower now and then: the grid hardly
 * drifted. False when the move was abandoned (stop, no orbit to add, or
 * more than POOL_MAX_ADDS added). */
static bool
pool_unsettle (Gen *g, State *s, const Witnesses *w)
{
  const Orbits *o = &g->orbits;
  uint8_t present[NC_CELLS], candidates[NC_CELLS];
  int     n_present = 0, adds = 0, dropped;
  bool    witnessed;
  Growing growing = { .s = s };

  for (int i = 0; i < o->n; i++)
    if (orbit_present (s, o, i))
      present[n_present++] = (uint8_t) i;
  if (n_present == 0)
    return false;
  dropped = present[nc_rng_below (&g->rng, (uint32_t) n_present)];
  /* The orbit's witness, when it holds, is a second solution once the
   * orbit is gone, and one that differs there: the first addition needs
   * no solver. */
  witnessed = witness_holds (s, o, w, dropped);
  orbit_clear (s, o, dropped);

  for (;;)
    {
      NcGrid   other;
      int      n, orbit;
      /* Once the grid has moved, a second solution need not differ from
       * it on the orbit taken away. */
      bool     near = adds == 0;

      if (witnessed)
        {
          other = w->grid[dropped];
          witnessed = false;
        }
      else if (!gen_other_from (g, &s->puzzle, &s->solution, near ? o->cells[dropped] : NULL,
                                near ? o->size[dropped] : 0, growing_start, &growing, &other))
        return true;
      if (g->stop != STOP_NONE)
        return false;
      n = orbits_differing (s, o, &other, &s->solution, -1, candidates);
      if (n == 0 || adds++ == POOL_MAX_ADDS)
        return false;
      orbit = candidates[nc_rng_below (&g->rng, (uint32_t) n)];
      s->solution = other;
      orbit_restore (s, o, orbit);
      growing_add (&growing, o, orbit);
    }
}

/* How many clues pool_resettle takes away. Measured at 17 clues, ten
 * seeds of two minutes, two runs at a time on two cores: two reached 17 on
 * 8 of 10 seeds (median 68 s), where pool_unsettle reached it on 4. */
#define RESETTLE_DROPS 2
/* How many of the solved grids pool_resettle meets it keeps as witnesses:
 * a resettle meets about two dozen (two per clue it adds back). */
#define RESETTLE_SEEN 32

/* nc_solver_count_near up to two, as gen_count counts: two[0] gets the
 * first solution, two[1] the second when there is one. */
static unsigned
gen_count_two (Gen *g, const NcSolverBoard *start, const NcGrid *near, NcGrid two[2])
{
  if (!gen_tick (g))
    return 2;
  return nc_solver_count_near_from (start, 2, near, two);
}

/* Hands each grid of seen that solves the puzzle but for one clue, where
 * it differs, to that clue's orbit as its witness: the clue is needed. */
static void
witnesses_harvest (const State *s, const Orbits *o, Witnesses *w,
                   const NcGrid *seen, int n_seen)
{
  for (int i = 0; i < n_seen; i++)
    {
      int cell = -1, misses = 0;

      for (int c = 0; c < NC_CELLS && misses < 2; c++)
        if (s->puzzle.cell[c] != 0 && s->puzzle.cell[c] != seen[i].cell[c])
          {
            cell = c;
            misses++;
          }
      if (misses == 1)
        {
          w->grid[o->of[cell]] = seen[i];
          w->known[o->of[cell]] = true;
        }
    }
}

/* Unsettles a unique puzzle as pool_unsettle does, but lets the solved grid
 * go entirely: takes RESETTLE_DROPS random clues away, then adds a cell
 * and a digit at a time, in random order, each one that leaves a solution,
 * until one is left. The new solution need not be anywhere near the old:
 * below 18 clues the search has to look at many grids, as few hold a
 * 17-clue puzzle. For puzzles without symmetry only (single-cell orbits).
 *
 * Two solutions of the puzzle are known once a count has found them: a
 * literal both agree with leaves them both, so it is kept without the
 * solver (a quarter of the literals tried). The grids met on the way
 * become witnesses in w where they show a clue of the new puzzle needed,
 * which spares the reduction a solver call each. And the puzzle's board
 * grows with it, a clue at a time, so each count starts from the singles
 * the last one found rather than from the clues (seed 4 at 17 clues:
 * 10.7 s against 11.9 s). None of this changes which puzzle comes out.
 * False when the generator must stop. */
static bool
pool_resettle (Gen *g, State *s, Witnesses *w)
{
  uint16_t literals[NC_CELLS * 9];
  int      clues[NC_CELLS], n_clues = 0, n_seen = 0;
  NcGrid   two[2], seen[RESETTLE_SEEN];
  bool     known = false;   /* two[] solves the puzzle, two different grids */
  NcSolverBoard board;      /* the puzzle's: each count starts from it and a clue more */

  for (int cell = 0; cell < NC_CELLS; cell++)
    if (s->puzzle.cell[cell] != 0)
      clues[n_clues++] = cell;
  for (int k = 0; k < RESETTLE_DROPS && n_clues > 0; k++)
    {
      int i = (int) nc_rng_below (&g->rng, (uint32_t) n_clues);

      s->puzzle.cell[clues[i]] = 0;
      s->clues--;
      clues[i] = clues[--n_clues];
    }
  nc_solver_board_init (&board);
  nc_solver_board_place (&board, &s->puzzle, NULL, 0);
  for (int i = 0; i < NC_CELLS * 9; i++)
    literals[i] = (uint16_t) i;
  /* Shuffled as it goes: a unique puzzle is usually back after a few dozen. */
  for (int i = 0; i < NC_CELLS * 9; i++)
    {
      int      j = i + (int) nc_rng_below (&g->rng, (uint32_t) (NC_CELLS * 9 - i));
      int      cell, digit;
      bool     clash = false;
      uint16_t t = literals[j];
      unsigned count = 0;
      NcGrid   found[2];
      NcSolverBoard next;

      literals[j] = literals[i];
      literals[i] = t;
      cell = t / 9;
      digit = t % 9 + 1;
      if (s->puzzle.cell[cell] != 0)
        continue;
      for (int k = 0; k < NC_PEERS && !clash; k++)
        clash = s->puzzle.cell[nc_peers[cell][k]] == digit;
      if (clash)
        continue;
      s->puzzle.cell[cell] = (uint8_t) digit;
      s->clues++;
      if (known && two[0].cell[cell] == digit && two[1].cell[cell] == digit)
        {
          /* The next count places what it forces. */
          nc_solver_board_add (&board, &s->puzzle, &(uint8_t) { (uint8_t) cell }, 1);
          continue;
        }
      /* Near a known solution the literal leaves, that one comes first. */
      next = board;
      if (nc_solver_board_place (&next, &s->puzzle, &(uint8_t) { (uint8_t) cell }, 1))
        count = gen_count_two (g, &next, !known ? NULL : two[1].cell[cell] == digit ? &two[1] : &two[0],
                               found);
      if (g->stop != STOP_NONE)
        return false;
      if (count == 0)
        {
          s->puzzle.cell[cell] = 0;
          s->clues--;
          continue;
        }
      board = next;
      /* The last two solutions solve the puzzle without this clue. */
      for (int k = 0; known && k < 2 && n_seen < RESETTLE_SEEN; k++)
        seen[n_seen++] = two[k];
      if (count == 1)
        {
          s->solution = found[0];
          witnesses_harvest (s, &g->orbits, w, seen, n_seen);
          return true;
        }
      two[0] = found[0];
      two[1] = found[1];
      known = true;
    }
  /* Not reached: a full grid is unique. */
  return false;
}

/* One candidate for the lowest targets: a pool of unique minimal puzzles
 * evolves. A random entry is unsettled (pool_unsettle, or pool_resettle
 * at 17 clues without symmetry) and reduced to a
 * minimal puzzle again; the child takes the place of the entry with the
 * highest loss, its clue count plus a random part, when its own is lower.
 * The random part keeps puzzles one clue above the best in the pool, and
 * so the pool varied: a single line of moves mostly ends on a plateau. An
 * empty slot chosen gives a fresh grid reduced top-down instead, so the
 * pool fills while it already evolves. pool holds POOL_SIZE entries; best
 * gets the fewest clues seen; true when it has the target. */
static bool
gen_pool_candidate (Gen *g, PoolEntry *pool, State *best)
{
  int  worst = 0;
  /* Below 18 clues without symmetry the grid has to go: see pool_resettle. */
  bool resettle = g->target < POOL_TARGET && g->orbits.big == 1;

  for (int i = 0; i < POOL_SIZE; i++)
    pool[i].loss = UINT32_MAX;
  g->lowest = NC_CELLS;
  best->clues = NC_CELLS + 1;
  while (gen_tick (g))
    {
      int       parent = (int) nc_rng_below (&g->rng, POOL_SIZE);
      PoolEntry child;
      bool      copy = false;
      int       hope;

      if (pool[parent].loss == UINT32_MAX)
        {
          gen_fresh (g, &child.state);
          memset (child.witnesses.known, 0, sizeof child.witnesses.known);
        }
      else
        {
          /* Most unsettled children are abandoned: the witnesses, 6 KiB,
           * are copied only for those that go on. A resettle goes on but
           * when the generator must stop, and adds witnesses of its own. */
          child.state = pool[parent].state;
          if (resettle)
            {
              child.witnesses = pool[parent].witnesses;
              if (!pool_resettle (g, &child.state, &child.witnesses))
                continue;
            }
          else
            {
              if (!pool_unsettle (g, &child.state, &pool[parent].witnesses))
                continue;
              child.witnesses = pool[parent].witnesses;
            }
        }
      if (child.state.clues < g->target && !gen_pad (g, &child.state, g->target))
        continue;
      /* A child whose loss cannot come below the worst's is given up as
       * soon as that shows. */
      hope = pool[worst].loss == UINT32_MAX ? NC_CELLS : (int) ((pool[worst].loss - 1) / POOL_CLUE_WEIGHT);
      if (!gen_reduce_hoping (g, &child.state, g->target, hope, &child.witnesses, !resettle)
          && g->stop == STOP_NONE)
        continue;
      /* Unique even when the generator had to stop in the middle. */
      if (child.state.clues < best->clues)
        *best = child.state;
      if (g->stop != STOP_NONE || child.state.clues <= g->target)
        break;
      child.loss = (uint32_t) child.state.clues * POOL_CLUE_WEIGHT
                   + nc_rng_below (&g->rng, POOL_NOISE);
      if (child.loss >= pool[worst].loss)
        continue;
      child.hash = puzzle_hash (&child.state.puzzle);
      for (int i = 0; i < POOL_SIZE && !copy; i++)
        copy = pool[i].loss != UINT32_MAX && pool[i].hash == child.hash;
      if (copy)
        continue;
      pool[worst] = child;
      for (int i = 0; i < POOL_SIZE; i++)
        if (pool[i].loss > pool[worst].loss)
          worst = i;
    }
  /* Stopped before the first child: the solved grid is unique too. */
  if (best->clues > NC_CELLS)
    gen_fresh (g, best);
  return best->clues == g->target;
}

/* One candidate for the target: a fresh grid reduced top-down and, while it
 * stays above the target, the search (the pool search at POOL_TARGET and
 * below). best gets the fewest clues seen;
 * returns true when it has the target (or is minimal, for no target). */
static bool
gen_candidate (Gen *g, State *best)
{
  State cur;
  int   stall = 0;

  if (g->target != NC_CLUES_MINIMAL && g->target <= POOL_TARGET)
    {
      PoolEntry *pool = calloc (POOL_SIZE, sizeof *pool);

      if (pool != NULL)
        {
          bool reached;

          /* Without memory for them, the caches are done without. */
          g->cache = calloc (1, sizeof *g->cache);
          g->swaps = calloc (1, sizeof *g->swaps);
          reached = gen_pool_candidate (g, pool, best);
          free (g->cache);
          free (g->swaps);
          g->cache = NULL;
          g->swaps = NULL;
          free (pool);
          return reached;
        }
      /* Out of memory: the single line of moves, slower but as honest. */
    }
  g->lowest = NC_CELLS;
  gen_fresh (g, &cur);
  gen_reduce (g, &cur, g->target);
  *best = cur;
  if (g->target == NC_CLUES_MINIMAL)
    return g->stop == STOP_NONE;
  while (cur.clues > g->target && gen_tick (g))
    {
      State next = cur;

      if (gen_move (g, &next) && next.clues <= cur.clues)
        {
          if (next.clues < cur.clues)
            stall = 0;
          cur = next;
          if (cur.clues < best->clues)
            *best = cur;
        }
      if (cur.clues > g->target && ++stall > STALL_MOVES)
        {
          stall = 0;
          gen_fresh (g, &cur);
          gen_reduce (g, &cur, g->target);
          if (cur.clues < best->clues)
            *best = cur;
        }
    }
  return best->clues == g->target;
}

/* An empty cell is not a naked single only when some other digit's places
 * in its row and in its column are both empty: two more empty cells, R in
 * its row and C in its column. R's column then has no other empty cell
 * (C's column is the first cell's), so R is a naked single, and once it is
 * placed each of the two cells left is one. So a puzzle with three empty
 * cells or fewer is Easy, whoever made it. */
#define ALWAYS_EASY_CLUES (NC_CELLS - 3)

bool
nc_generate_can_grade (int clues, NcGrade min_grade)
{
  return min_grade == NC_GRADE_EASY || clues == NC_CLUES_MINIMAL || clues < ALWAYS_EASY_CLUES;
}

bool
nc_generate_can_need (int clues, NcTechnique technique)
{
  return technique == NC_TECH_NAKED_SINGLE || clues == NC_CLUES_MINIMAL || clues < ALWAYS_EASY_CLUES;
}

/* ---- puzzles that need a technique ---- */

/* Whether the puzzle falls to the wanted technique and easier ones (and so
 * has one solution: see nc_grade_within) and, when exact, needs the wanted
 * one; *needs says whether it does. False without looking once the
 * generator must stop, so the caller keeps the clue it was about to drop. */
static bool
needs_fit (Gen *g, const NcGrid *puzzle, bool exact, bool *needs)
{
  NcGradeResult grade;

  if (!gen_tick (g) || !nc_grade_within (puzzle, g->params->technique, &grade))
    return false;
  *needs = grade.hardest == g->params->technique;
  return *needs || !exact;
}

/* How many orders of clues added back each minimal puzzle gets (see
 * gen_needs_candidate). */
#define NEEDS_ORDERS 4

/* Takes away the present ones of orbits (in that order) while the puzzle
 * still needs the technique, never below the target. */
static void
needs_trim (Gen *g, State *s, const uint8_t *orbits, int n)
{
  const Orbits *o = &g->orbits;

  for (int i = 0; i < n && s->clues > g->target && gen_tick (g); i++)
    {
      bool needs;

      if (!orbit_present (s, o, orbits[i]) || s->clues - o->size[orbits[i]] < g->target)
        continue;
      orbit_clear (s, o, orbits[i]);
      if (!needs_fit (g, &s->puzzle, true, &needs))
        orbit_restore (s, o, orbits[i]);
    }
}

/* Adds absent ones of orbits (in that order) while the puzzle still needs
 * the technique, up to the target: clues only make a puzzle easier. */
static void
needs_pad (Gen *g, State *s, const uint8_t *orbits, int n)
{
  const Orbits *o = &g->orbits;

  for (int i = 0; i < n && s->clues < g->target && gen_tick (g); i++)
    {
      bool needs;

      if (orbit_present (s, o, orbits[i]) || s->clues + o->size[orbits[i]] > g->target)
        continue;
      orbit_restore (s, o, orbits[i]);
      if (!needs_fit (g, &s->puzzle, true, &needs))
        orbit_clear (s, o, orbits[i]);
    }
}

/* The empty cells a unit must have for the hidden subsets and the naked
 * quad to be needed: the grader tries a naked subset of k cells before
 * the hidden one of n - k it is the same as in a unit of n empty cells, so
 * a hidden triple is needed only where seven cells or more are empty, a
 * naked quad eight, a hidden quad nine; 0 for the other techniques. */
static int
needs_empty_unit (NcTechnique technique)
{
  switch (technique)
    {
    case NC_TECH_HIDDEN_TRIPLE: return 7;
    case NC_TECH_NAKED_QUAD:    return 8;
    case NC_TECH_HIDDEN_QUAD:   return 9;
    default:                    return 0;
    }
}

/* Orders the absent orbits of s at random, but those with a cell in the
 * emptiest unit last when the technique needs an empty unit (so that the
 * bisection keeps it empty). */
static int
needs_order (Gen *g, const State *s, uint8_t *order)
{
  const Orbits *o = &g->orbits;
  int     want = needs_empty_unit (g->params->technique);
  int     unit = -1, most = 0, n = 0, n_late = 0;
  uint8_t late[NC_CELLS];
  bool    in_unit[NC_CELLS] = { false };

  for (int u = 0; want > 0 && u < 27; u++)
    {
      int empty = 0;

      for (int k = 0; k < 9; k++)
        empty += s->puzzle.cell[nc_units[u][k]] == 0;
      if (empty >= want && empty > most)
        {
          unit = u;
          most = empty;
        }
    }
  for (int k = 0; unit >= 0 && k < 9; k++)
    in_unit[nc_units[unit][k]] = true;
  for (int i = 0; i < o->n; i++)
    {
      bool touches = false;

      if (orbit_present (s, o, i))
        continue;
      for (int k = 0; k < o->size[i]; k++)
        touches |= in_unit[o->cells[i][k]];
      if (touches)
        late[n_late++] = (uint8_t) i;
      else
        order[n++] = (uint8_t) i;
    }
  nc_rng_shuffle (&g->rng, order, n);
  nc_rng_shuffle (&g->rng, late, n_late);
  memcpy (order + n, late, (size_t) n_late);
  return n + n_late;
}

/* One candidate for by_technique. A minimal puzzle usually needs more than
 * the technique: clues are added back to it in a random order, and the
 * fewest of them that bring it within reach of the technique are found by
 * bisection. There, one clue short of needing something harder, it most
 * often needs the technique itself; when it does not, another order is
 * tried. The clues that can then go while it still needs the technique
 * go (down to the target), or clues are added up to it. The grader's
 * verdict is the proof of uniqueness: no solver is called after the
 * minimal puzzle. True when the candidate needs the technique and has
 * the target's clues; *needs says whether it needs the technique. */
static bool
gen_needs_candidate (Gen *g, State *s, bool *needs)
{
  const Orbits *o = &g->orbits;
  State   base;
  uint8_t order[NC_CELLS];
  int     n = 0;
  bool    from_base;

  *needs = false;
  gen_fresh (g, &base);
  /* A technique that needs an empty unit gets one: a random unit's
   * orbits go first, while the grid is nearly full and each can. */
  if (needs_empty_unit (g->params->technique) > 0)
    {
      int unit = (int) nc_rng_below (&g->rng, 27);

      for (int k = 0; k < 9 && gen_tick (g); k++)
        {
          int orbit = o->of[nc_units[unit][k]];

          if (orbit_present (&base, o, orbit))
            gen_drop (g, &base, orbit, NULL, NULL);
        }
    }
  gen_reduce (g, &base, NC_CLUES_MINIMAL);
  *s = base;
  if (g->stop != STOP_NONE)
    return false;
  /* The minimal puzzle may need the technique itself: then no clue can
   * go (each is needed for uniqueness), and only padding is left. */
  from_base = needs_fit (g, &base.puzzle, false, needs);
  if (!from_base)
    {
      for (int round = 0; round < NEEDS_ORDERS && !*needs && g->stop == STOP_NONE; round++)
        {
          /* Adding none falls short; adding all gives the solved grid. */
          int lo = 0, hi = n = needs_order (g, &base, order);

          while (hi - lo > 1 && g->stop == STOP_NONE)
            {
              int   mid = (lo + hi) / 2;
              State t = base;
              bool  t_needs;

              for (int i = 0; i < mid; i++)
                orbit_restore (&t, o, order[i]);
              if (needs_fit (g, &t.puzzle, false, &t_needs))
                {
                  hi = mid;
                  *s = t;
                  *needs = t_needs;
                }
              else
                lo = mid;
            }
        }
    }
  if (!*needs)
    return false;
  n = 0;
  for (int i = 0; i < o->n; i++)
    order[n++] = (uint8_t) i;
  nc_rng_shuffle (&g->rng, order, n);
  if (!from_base)
    needs_trim (g, s, order, n);
  needs_pad (g, s, order, n);
  if (s->clues < g->lowest)
    g->lowest = s->clues;
  return g->target == NC_CLUES_MINIMAL || s->clues == g->target;
}

/* nc_generate with by_technique: candidates until one needs the technique
 * with the target's clues, or the budget runs out (then the closest). */
static void
generate_needing (Gen *g, State *best, bool *best_reached)
{
  bool have_best = false, best_needs = false;

  /* No candidate can need it: the target's clues, at once. */
  if (!nc_generate_can_need (g->target, g->params->technique))
    {
      gen_fresh (g, best);
      gen_reduce (g, best, g->target);
      return;
    }
  for (;;)
    {
      State cand;
      bool  needs;
      bool  reached = gen_needs_candidate (g, &cand, &needs);

      if (g->stop == STOP_CANCEL)
        return;
      if (reached)
        {
          *best = cand;
          *best_reached = true;
          return;
        }
      /* Needing the technique comes first, then the clue count; the first
       * found wins ties. */
      if (!have_best || (needs && !best_needs)
          || (needs == best_needs && abs (cand.clues - g->target) < abs (best->clues - g->target)))
        {
          *best = cand;
          best_needs = needs;
          have_best = true;
        }
      if (!gen_tick (g))
        return;
    }
}

/* How far a grade is from the wanted range, 0 inside it. */
static int
grade_distance (const NcGenerateParams *p, NcGrade grade)
{
  if (!p->by_difficulty)
    return 0;
  if (grade < p->min_grade)
    return (int) p->min_grade - (int) grade;
  if (grade > p->max_grade)
    return (int) grade - (int) p->max_grade;
  return 0;
}

NcGenerateStatus
nc_generate (const NcGenerateParams *params, NcProgressFunc progress, void *data, NcGenerated *out)
{
  NcGenerateParams p = *params;
  Gen   g = { .params = &p, .progress = progress, .data = data };
  State best = { { { 0 } }, { { 0 } }, 0 };
  NcGradeResult best_grade = { 0 };
  bool  have_best = false, best_reached = false, hopeless;

  /* Out-of-range requests are brought into range rather than refused: the
   * callers validate what a user typed; this keeps the core total. */
  if (p.clues != NC_CLUES_MINIMAL && p.clues < 17)
    p.clues = 17;
  if (p.clues > 80)
    p.clues = 80;
  if ((unsigned) p.symmetry >= NC_SYMMETRY_COUNT)
    p.symmetry = NC_SYMMETRY_NONE;
  if (p.min_grade > p.max_grade)
    {
      NcGrade t = p.min_grade;

      p.min_grade = p.max_grade;
      p.max_grade = t;
    }

  nc_rng_seed (&g.rng, p.seed);
  orbits_init (&g.orbits, p.symmetry);
  g.target = p.clues == NC_CLUES_MINIMAL ? NC_CLUES_MINIMAL : orbits_reachable (&g.orbits, p.clues);
  /* No candidate can grade inside the range: the first is as close as any
   * later one (ties go to the first found), so it is the answer at once. */
  hopeless = p.by_difficulty && !nc_generate_can_grade (g.target, p.min_grade);
  clock_gettime (CLOCK_MONOTONIC, &g.start);

  if (p.by_technique)
    {
      if ((unsigned) p.technique >= NC_TECH_GUESS)
        p.technique = NC_TECH_NAKED_SINGLE;
      p.by_difficulty = false;
      generate_needing (&g, &best, &best_reached);
      if (g.stop != STOP_CANCEL)
        nc_grade (&best.puzzle, &best_grade, NULL, NULL);
    }
  else for (;;)
    {
      State         cand;
      NcGradeResult grade;
      bool          reached = gen_candidate (&g, &cand);
      bool          better;

      if (g.stop == STOP_CANCEL)
        break;
      nc_grade (&cand.puzzle, &grade, NULL, NULL);
      if (reached && grade_distance (&p, grade.grade) == 0)
        {
          best = cand;
          best_grade = grade;
          best_reached = true;
          have_best = true;
          break;
        }
      /* Closest first by clue count, then by grade; the first found wins
       * ties, so the result does not depend on when the budget ran out
       * more than it must. */
      better = !have_best
               || cand.clues < best.clues
               || (cand.clues == best.clues
                   && grade_distance (&p, grade.grade) < grade_distance (&p, best_grade.grade));
      if (better)
        {
          best = cand;
          best_grade = grade;
          have_best = true;
        }
      if (hopeless || !gen_tick (&g))
        break;
    }

  memset (out, 0, sizeof *out);
  if (g.stop == STOP_CANCEL)
    {
      out->status = NC_GENERATE_CANCELLED;
      return out->status;
    }
  out->puzzle = best.puzzle;
  out->solution = best.solution;
  out->clues = best.clues;
  out->grade = best_grade;
  out->status = best_reached && g.target == p.clues ? NC_GENERATE_OK : NC_GENERATE_CLOSEST;
  return out->status;
}

/* ---- puzzle IDs ---- */

int
nc_puzzle_id_format (const NcGenerateParams *params, char *buf, size_t len)
{
  char     clues[16], grades[32] = "", seed[16];
  char     digits[16];
  int      n = 0;
  uint64_t s = params->seed;
  unsigned sym = (unsigned) params->symmetry < NC_SYMMETRY_COUNT ? (unsigned) params->symmetry : 0;
  int      lo = (int) params->min_grade, hi = (int) params->max_grade;
  int      target = params->clues;

  /* Written as nc_generate reads it, so that the ID always parses. */
  if (target != NC_CLUES_MINIMAL)
    target = target < 17 ? 17 : target > 80 ? 80 : target;
  lo = lo < 0 ? 0 : lo >= NC_GRADE_COUNT ? NC_GRADE_COUNT - 1 : lo;
  hi = hi < 0 ? 0 : hi >= NC_GRADE_COUNT ? NC_GRADE_COUNT - 1 : hi;
  if (lo > hi)
    {
      int t = lo;

      lo = hi;
      hi = t;
    }
  if (target == NC_CLUES_MINIMAL)
    snprintf (clues, sizeof clues, "m");
  else
    snprintf (clues, sizeof clues, "%d", target);
  if (params->by_technique)
    snprintf (grades, sizeof grades, "-t%s",
              nc_technique_code ((unsigned) params->technique < NC_TECH_GUESS
                                 ? params->technique : NC_TECH_NAKED_SINGLE));
  else if (params->by_difficulty)
    {
      if (lo == hi)
        snprintf (grades, sizeof grades, "-g%d", lo + 1);
      else
        snprintf (grades, sizeof grades, "-g%d%d", lo + 1, hi + 1);
    }
  do
    {
      digits[n++] = crockford[s & 31];
      s >>= 5;
    }
  while (s != 0);
  for (int i = 0; i < n; i++)
    seed[i] = digits[n - 1 - i];
  seed[n] = '\0';
  return snprintf (buf, len, "N1-%s-%s%s-%s", clues, symmetry_codes[sym], grades, seed);
}

/* The value of a seed character, Crockford's way: case does not matter,
 * and I, L and O, never written, are read as 1, 1 and 0. -1 otherwise. */
static int
crockford_value (char c)
{
  c = ascii_lower (c);
  if (c == 'i' || c == 'l')
    return 1;
  if (c == 'o')
    return 0;
  for (int i = 0; i < 32; i++)
    if (ascii_lower (crockford[i]) == c)
      return i;
  return -1;
}

static bool
parse_error (const char **error, const char *message)
{
  if (error != NULL)
    *error = message;
  return false;
}

bool
nc_puzzle_id_parse (const char *id, NcGenerateParams *out, const char **error)
{
  const char      *field[6];
  size_t           flen[6];
  int              n_fields = 0;
  const char      *p, *end;
  NcGenerateParams params;
  uint64_t         seed = 0;

  if (id == NULL)
    return parse_error (error, NC_N_("The puzzle ID is empty."));
  /* Pasted IDs often bring spaces along. */
  while (*id == ' ' || *id == '\t' || *id == '\n' || *id == '\r')
    id++;
  end = id + strlen (id);
  while (end > id && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r'))
    end--;
  if (end == id)
    return parse_error (error, NC_N_("The puzzle ID is empty."));

  for (p = id; n_fields < 6; )
    {
      const char *dash = memchr (p, '-', (size_t) (end - p));
      const char *stop = dash ? dash : end;

      field[n_fields] = p;
      flen[n_fields++] = (size_t) (stop - p);
      if (dash == NULL)
        break;
      p = dash + 1;
    }
  for (int i = 0; i < n_fields; i++)
    if (flen[i] == 0)
      return parse_error (error, NC_N_("The puzzle ID has an empty part between dashes."));
  if (n_fields < 4 || n_fields > 5)
    return parse_error (error, NC_N_("A puzzle ID has four or five parts separated by dashes, as in N1-24-r2-7QK3ZP."));
  if (!(flen[0] == 2 && ascii_equal_n (field[0], "n1", 2)))
    return parse_error (error, NC_N_("A puzzle ID starts with N1."));

  nc_generate_params_init (&params);

  if (flen[1] == 1 && ascii_lower (field[1][0]) == 'm')
    params.clues = NC_CLUES_MINIMAL;
  else
    {
      int clues = 0;

      for (size_t i = 0; i < flen[1]; i++)
        {
          if (field[1][i] < '0' || field[1][i] > '9' || i >= 2)
            return parse_error (error, NC_N_("The clue target must be 17 to 80, or m for minimal."));
          clues = clues * 10 + (field[1][i] - '0');
        }
      if (clues < 17 || clues > 80)
        return parse_error (error, NC_N_("The clue target must be 17 to 80, or m for minimal."));
      params.clues = clues;
    }

  {
    bool found = false;

    for (int s = 0; s < NC_SYMMETRY_COUNT && !found; s++)
      if (flen[2] == strlen (symmetry_codes[s]) && ascii_equal_n (field[2], symmetry_codes[s], flen[2]))
        {
          params.symmetry = (NcSymmetry) s;
          found = true;
        }
    if (!found)
      return parse_error (error, NC_N_("Unknown symmetry code: use n, r2, r4, h, v, d or a."));
  }

  if (n_fields == 5 && ascii_lower (field[3][0]) == 't')
    {
      char code[4] = "";

      if (flen[3] == 3)
        {
          code[0] = field[3][1];
          code[1] = field[3][2];
        }
      if (!nc_technique_from_name (code, &params.technique))
        return parse_error (error, NC_N_("The technique must be t and a technique's two-letter code, as in txw for the X-wing."));
      params.by_technique = true;
    }
  else if (n_fields == 5)
    {
      const char *d = field[3];
      int         lo, hi;

      if ((flen[3] != 2 && flen[3] != 3) || ascii_lower (d[0]) != 'g'
          || d[1] < '1' || d[1] > '5' || (flen[3] == 3 && (d[2] < '1' || d[2] > '5')))
        return parse_error (error, NC_N_("The difficulty must be g and one or two grades from 1 (Easy) to 5 (Extreme), as in g3 or g24."));
      lo = d[1] - '1';
      hi = flen[3] == 3 ? d[2] - '1' : lo;
      if (lo > hi)
        return parse_error (error, NC_N_("The difficulty range must go from easier to harder, as in g24."));
      params.by_difficulty = true;
      params.min_grade = (NcGrade) lo;
      params.max_grade = (NcGrade) hi;
    }

  {
    const char *s = field[n_fields - 1];
    size_t      slen = flen[n_fields - 1];

    if (slen > 13)
      return parse_error (error, NC_N_("The seed is too long: at most 13 characters."));
    for (size_t i = 0; i < slen; i++)
      {
        int v = crockford_value (s[i]);

        if (v < 0)
          return parse_error (error, NC_N_("The seed may only use 0-9 and the letters A-Z other than I, L, O and U."));
        if (seed >> 59 != 0)
          return parse_error (error, NC_N_("The seed is too large for 64 bits."));
        seed = seed << 5 | (uint64_t) v;
      }
    params.seed = seed;
  }

  *out = params;
  return true;
}
