/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-backtrack.h: the reference backtracker, the algorithm people watch.
 * It advances one event at a time (an explicit stack, no recursion), so a
 * caller can pause, single-step and resume it without a thread. */
#pragma once

#include "nc-grid.h"

typedef enum
{
  NC_ORDER_READING,  /* the first empty cell */
  NC_ORDER_MRV,      /* the empty cell with the fewest legal digits; ties to the first */
} NcOrder;

typedef enum
{
  NC_EVENT_CHOOSE,     /* cell chosen; candidates = its number of legal digits */
  NC_EVENT_TRY,        /* digit tested at cell: one attempt */
  NC_EVENT_REJECT,     /* digit already held by peer, found in unit */
  NC_EVENT_PLACE,      /* digit placed at cell; depth = placements on the stack */
  NC_EVENT_BACKTRACK,  /* the placed digit at cell taken back */
  NC_EVENT_SOLVED,     /* the grid is full; step again to look for another solution */
  NC_EVENT_EXHAUSTED,  /* no (further) solution: the search is over */
  /* Only under propagating strategies (NcPropagation): */
  NC_EVENT_FORCE,      /* digit forced at cell, no attempt: candidates = 1 for a naked
                        * single, 0 for a hidden single (unit = where); depth = the
                        * placement it belongs to (0: before the first one) */
  NC_EVENT_DEAD_END,   /* the last placement failed at once: cell has no legal digit
                        * (digit = 0), or digit has no place in the unit holding cell */
} NcEventKind;

typedef struct
{
  NcEventKind kind;
  int8_t      cell;        /* -1 for SOLVED and EXHAUSTED */
  uint8_t     digit;       /* TRY, REJECT, PLACE, BACKTRACK */
  int8_t      peer;        /* REJECT: the colliding cell */
  uint8_t     unit;        /* REJECT: NcUnit of the collision */
  uint8_t     candidates;  /* CHOOSE: legal digits at cell */
  uint8_t     depth;       /* PLACE: depth after placing (1 = first placement) */
} NcEvent;

typedef struct
{
  uint64_t attempts;    /* TRY events */
  uint64_t backtracks;  /* BACKTRACK events */
  uint64_t placements;  /* PLACE events */
  uint64_t solutions;   /* SOLVED events */
  uint64_t forced;      /* FORCE events */
  uint64_t dead_ends;   /* DEAD_END events */
  int      depth;       /* placements currently on the stack */
  int      max_depth;
} NcCounters;

typedef struct
{
  int8_t  cell;
  uint8_t next;   /* next digit to test, 10 when none is left */
  uint8_t placed; /* digit currently placed, 0 when none */
  uint8_t forced_base; /* forced cells made before placed: the ones after go with it */
} NcFrame;

typedef enum
{
  NC_PHASE_CHOOSE,
  NC_PHASE_TRY,
  NC_PHASE_VERDICT,
  NC_PHASE_AFTER_SOLVED,
  NC_PHASE_DONE,
  NC_PHASE_DEAD_END,
} NcPhase;

/* What the search deduces after each placement (and before the first
 * choice) on top of its cell order. Each level includes the ones before. */
typedef enum
{
  NC_PROPAGATE_NONE,     /* the reference: nothing */
  NC_PROPAGATE_FORWARD,  /* forward checking: an empty cell with no legal digit
                          * fails the placement at once (DEAD_END) */
  NC_PROPAGATE_NAKED,    /* and a cell with one legal digit is filled (FORCE) */
  NC_PROPAGATE_HIDDEN,   /* and a digit with one place in a unit is put there;
                          * a digit with none fails the placement */
} NcPropagation;

/* Plain struct: allocate it anywhere, copy it to snapshot a search. */
typedef struct
{
  NcGrid     grid;     /* the board as the search sees it now */
  NcOrder    order;
  NcPhase    phase;
  NcCounters counters;
  int        n_frames;
  NcFrame    frames[NC_CELLS];
  NcPropagation propagation;
  int        n_forced;
  uint8_t    forced[NC_CELLS];  /* forced cells, oldest first */
} NcBacktracker;

/* The puzzle's givens must be free of conflicts (nc_grid_find_conflicts).
 * The reference search: no propagation. */
void nc_backtracker_init (NcBacktracker *bt, const NcGrid *puzzle, NcOrder order);

/* The searches people compare (README "Strategies"): a cell order plus a
 * propagation. The first two are the reference's orders, event for event. */
typedef enum
{
  NC_STRATEGY_READING,      /* "reading" */
  NC_STRATEGY_MRV,          /* "mrv" */
  NC_STRATEGY_MRV_FORWARD,  /* "mrv+fc" */
  NC_STRATEGY_MRV_NAKED,    /* "mrv+singles" */
  NC_STRATEGY_MRV_HIDDEN,   /* "mrv+hidden" */
  NC_N_STRATEGIES,
} NcStrategy;

void        nc_backtracker_init_strategy (NcBacktracker *bt, const NcGrid *puzzle,
                                          NcStrategy strategy);
const char *nc_strategy_name (NcStrategy strategy);
bool        nc_strategy_from_name (const char *name, NcStrategy *out);

/* Advances by exactly one event and returns true, or returns false when the
 * search had already ended (after EXHAUSTED). */
bool nc_backtracker_step (NcBacktracker *bt, NcEvent *event);

/* Runs until the next SOLVED or EXHAUSTED event, which it returns. */
NcEventKind nc_backtracker_run (NcBacktracker *bt);

/* "try r1c3 4", "reject r1c3 4 row r1c7", "place r1c3 4 depth 1",
 * "backtrack r1c3 4", "choose r1c3 candidates 2", "solved", "exhausted",
 * "force r1c3 4", "force r1c3 4 row 1" (hidden), "dead end r1c3",
 * "dead end 4 box 1" (no place for 4 in box 1).
 * Returns the length, as snprintf (48 bytes are always enough). */
int nc_event_format (const NcEvent *event, char *buf, size_t len);

/* What an animation shows after the events so far: the run's board and the
 * last chosen cell, the digit being tried and the cell it collided with.
 * One routine for the window, its tests and its benchmark; per event only a
 * few stores, as a batch at unlimited speed holds tens of thousands. */
typedef struct
{
  NcGrid board;
  int    chosen;            /* -1: none */
  int    candidates;        /* of chosen, under MRV */
  int    tentative_cell;    /* -1: none */
  int    tentative_digit;
  int    collision_cell;    /* -1: none */
  int    collision_unit;    /* NcUnit of the collision, -1: none */
  /* Forced cells, so a backtrack clears those of its placement. */
  int     depth;
  int     n_forced;
  uint8_t forced_cell[NC_CELLS];
  uint8_t forced_depth[NC_CELLS];
} NcRunView;

void nc_run_view_init (NcRunView *view, const NcGrid *board);
void nc_run_view_apply (NcRunView *view, const NcEvent *events, size_t n_events);

const char *nc_order_name (NcOrder order);                /* "reading", "mrv" */
bool        nc_order_from_name (const char *name, NcOrder *out);
