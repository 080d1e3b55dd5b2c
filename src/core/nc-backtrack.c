/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-backtrack.c: the reference backtracker as a state machine, one event
 * per step, so the counts people watch are exactly the classic algorithm's. */

#include "nc-backtrack.h"

#include <stdio.h>
#include <string.h>

void
nc_backtracker_init (NcBacktracker *bt, const NcGrid *puzzle, NcOrder order)
{
  memset (bt, 0, sizeof *bt);
  bt->grid = *puzzle;
  bt->order = order;
  bt->phase = NC_PHASE_CHOOSE;
}

static const struct
{
  const char   *name;
  NcOrder       order;
  NcPropagation propagation;
} strategies[NC_N_STRATEGIES] = {
  [NC_STRATEGY_READING] = { "reading", NC_ORDER_READING, NC_PROPAGATE_NONE },
  [NC_STRATEGY_MRV] = { "mrv", NC_ORDER_MRV, NC_PROPAGATE_NONE },
  [NC_STRATEGY_MRV_FORWARD] = { "mrv+fc", NC_ORDER_MRV, NC_PROPAGATE_FORWARD },
  [NC_STRATEGY_MRV_NAKED] = { "mrv+singles", NC_ORDER_MRV, NC_PROPAGATE_NAKED },
  [NC_STRATEGY_MRV_HIDDEN] = { "mrv+hidden", NC_ORDER_MRV, NC_PROPAGATE_HIDDEN },
};

void
nc_backtracker_init_strategy (NcBacktracker *bt, const NcGrid *puzzle, NcStrategy strategy)
{
  nc_backtracker_init (bt, puzzle, strategies[strategy].order);
  bt->propagation = strategies[strategy].propagation;
}

const char *
nc_strategy_name (NcStrategy strategy)
{
  return strategy < NC_N_STRATEGIES ? strategies[strategy].name : "unknown";
}

bool
nc_strategy_from_name (const char *name, NcStrategy *out)
{
  for (int i = 0; i < NC_N_STRATEGIES; i++)
    if (strcmp (name, strategies[i].name) == 0)
      {
        *out = (NcStrategy) i;
        return true;
      }
  return false;
}

/* Bit d set (1..9) when digit d may go at cell. */
static unsigned
legal_mask (const NcGrid *grid, int cell)
{
  unsigned used = 0;

  for (int i = 0; i < NC_PEERS; i++)
    used |= 1u << grid->cell[nc_peers[cell][i]];
  return ~used & 0x3FEu;
}

static int
count_legal (const NcGrid *grid, int cell)
{
  return __builtin_popcount (legal_mask (grid, cell));
}

/* Returns the next cell to fill, or -1 when the grid is full. */
static int
choose_cell (const NcGrid *grid, NcOrder order, int *candidates)
{
  int best = -1;
  int best_count = 10;

  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      int n;

      if (grid->cell[cell] != 0)
        continue;
      n = count_legal (grid, cell);
      if (order == NC_ORDER_READING)
        {
          *candidates = n;
          return cell;
        }
      if (n < best_count)
        {
          best = cell;
          best_count = n;
          if (n == 0)
            break;
        }
    }
  *candidates = best_count;
  return best;
}

/* Scans the peers in the documented order (row, column, box) and returns the
 * index into nc_peers[cell] of the first one holding digit, or -1. */
static int
find_collision (const NcGrid *grid, int cell, int digit)
{
  for (int i = 0; i < NC_PEERS; i++)
    if (grid->cell[nc_peers[cell][i]] == digit)
      return i;
  return -1;
}

/* The top frame has no digit left: drop it and take back the placement of
 * the frame below, or end the search when there is none. */
static void
unwind (NcBacktracker *bt, NcEvent *event)
{
  NcFrame *frame;

  bt->n_frames--;
  if (bt->n_frames == 0)
    {
      bt->phase = NC_PHASE_DONE;
      *event = (NcEvent) { .kind = NC_EVENT_EXHAUSTED, .cell = -1 };
      return;
    }
  frame = &bt->frames[bt->n_frames - 1];
  *event = (NcEvent) { .kind = NC_EVENT_BACKTRACK, .cell = frame->cell, .digit = frame->placed };
  bt->grid.cell[frame->cell] = 0;
  while (bt->n_forced > frame->forced_base)
    bt->grid.cell[bt->forced[--bt->n_forced]] = 0;
  frame->placed = 0;
  bt->counters.backtracks++;
  bt->counters.depth--;
  bt->phase = NC_PHASE_TRY;
}

static void
force (NcBacktracker *bt, NcEvent *event, int cell, int digit, int candidates, NcUnit unit)
{
  bt->grid.cell[cell] = (uint8_t) digit;
  bt->forced[bt->n_forced++] = (uint8_t) cell;
  bt->counters.forced++;
  *event = (NcEvent) { .kind = NC_EVENT_FORCE, .cell = (int8_t) cell, .digit = (uint8_t) digit,
                       .candidates = (uint8_t) candidates, .unit = (uint8_t) unit,
                       .depth = (uint8_t) bt->counters.depth };
}

static void
dead_end (NcBacktracker *bt, NcEvent *event, int cell, int digit, NcUnit unit)
{
  bt->counters.dead_ends++;
  bt->phase = NC_PHASE_DEAD_END;
  *event = (NcEvent) { .kind = NC_EVENT_DEAD_END, .cell = (int8_t) cell,
                       .digit = (uint8_t) digit, .unit = (uint8_t) unit };
}

/* Hidden singles: the units in order (rows, columns, boxes), digits 1..9.
 * A digit with no place anywhere in a unit is reported before any digit with
 * one place is put there. */
static bool
propagate_hidden (NcBacktracker *bt, NcEvent *event, const unsigned legal[NC_CELLS])
{
  for (int pass = 0; pass < 2; pass++)
    for (int u = 0; u < 27; u++)
      {
        unsigned present = 0;

        for (int i = 0; i < 9; i++)
          present |= 1u << bt->grid.cell[nc_units[u][i]];
        for (int digit = 1; digit <= 9; digit++)
          {
            int places = 0, where = -1;

            if (present & (1u << digit))
              continue;
            for (int i = 0; i < 9; i++)
              if (legal[nc_units[u][i]] & (1u << digit))
                {
                  places++;
                  where = nc_units[u][i];
                }
            if (pass == 0 && places == 0)
              {
                dead_end (bt, event, nc_units[u][0], digit, (NcUnit) (u / 9));
                return true;
              }
            if (pass == 1 && places == 1)
              {
                force (bt, event, where, digit, 0, (NcUnit) (u / 9));
                return true;
              }
          }
      }
  return false;
}

/* One deduction before the next choice, as an event: a dead end (the first
 * empty cell in reading order with no legal digit), else the first naked
 * single in reading order, else a hidden single. False when there is none. */
static bool
propagate (NcBacktracker *bt, NcEvent *event)
{
  unsigned legal[NC_CELLS];
  int single = -1;

  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      legal[cell] = bt->grid.cell[cell] ? 0 : legal_mask (&bt->grid, cell);
      if (bt->grid.cell[cell] != 0)
        continue;
      if (legal[cell] == 0)
        {
          dead_end (bt, event, cell, 0, NC_UNIT_ROW);
          return true;
        }
      if (single < 0 && __builtin_popcount (legal[cell]) == 1)
        single = cell;
    }
  if (bt->propagation >= NC_PROPAGATE_NAKED && single >= 0)
    {
      force (bt, event, single, __builtin_ctz (legal[single]), 1, NC_UNIT_ROW);
      return true;
    }
  return bt->propagation >= NC_PROPAGATE_HIDDEN && propagate_hidden (bt, event, legal);
}

bool
nc_backtracker_step (NcBacktracker *bt, NcEvent *event)
{
  NcFrame *frame;

  switch (bt->phase)
    {
    case NC_PHASE_CHOOSE:
      {
        int candidates;
        int cell;

        if (bt->propagation != NC_PROPAGATE_NONE && propagate (bt, event))
          return true;
        cell = choose_cell (&bt->grid, bt->order, &candidates);

        if (cell < 0)
          {
            bt->counters.solutions++;
            bt->phase = NC_PHASE_AFTER_SOLVED;
            *event = (NcEvent) { .kind = NC_EVENT_SOLVED, .cell = -1 };
            return true;
          }
        bt->frames[bt->n_frames++] = (NcFrame) { .cell = (int8_t) cell, .next = 1 };
        bt->phase = NC_PHASE_TRY;
        *event = (NcEvent) { .kind = NC_EVENT_CHOOSE, .cell = (int8_t) cell,
                             .candidates = (uint8_t) candidates };
        return true;
      }

    case NC_PHASE_TRY:
      frame = &bt->frames[bt->n_frames - 1];
      if (frame->next > 9)
        {
          unwind (bt, event);
          return true;
        }
      bt->counters.attempts++;
      bt->phase = NC_PHASE_VERDICT;
      *event = (NcEvent) { .kind = NC_EVENT_TRY, .cell = frame->cell, .digit = frame->next };
      return true;

    case NC_PHASE_VERDICT:
      {
        int digit;
        int peer;

        frame = &bt->frames[bt->n_frames - 1];
        digit = frame->next++;
        peer = find_collision (&bt->grid, frame->cell, digit);
        if (peer >= 0)
          {
            bt->phase = NC_PHASE_TRY;
            *event = (NcEvent) { .kind = NC_EVENT_REJECT, .cell = frame->cell,
                                 .digit = (uint8_t) digit,
                                 .peer = (int8_t) nc_peers[frame->cell][peer],
                                 .unit = (uint8_t) nc_peer_unit (peer) };
            return true;
          }
        bt->grid.cell[frame->cell] = (uint8_t) digit;
        frame->placed = (uint8_t) digit;
        frame->forced_base = (uint8_t) bt->n_forced;
        bt->counters.placements++;
        bt->counters.depth++;
        if (bt->counters.depth > bt->counters.max_depth)
          bt->counters.max_depth = bt->counters.depth;
        bt->phase = NC_PHASE_CHOOSE;
        *event = (NcEvent) { .kind = NC_EVENT_PLACE, .cell = frame->cell,
                             .digit = (uint8_t) digit,
                             .depth = (uint8_t) bt->counters.depth };
        return true;
      }

    case NC_PHASE_DEAD_END:
      /* The last placement failed at once: it is taken back, with the cells
       * forced after it, as if a choice below it had failed. A dead end
       * before the first placement ends the search. */
    case NC_PHASE_AFTER_SOLVED:
      /* Going on after a solution: the last placement is taken back as if
       * everything below it had failed, which is what looking for another
       * solution means. A puzzle with no empty cell has nothing to undo. */
      if (bt->n_frames == 0)
        {
          bt->phase = NC_PHASE_DONE;
          *event = (NcEvent) { .kind = NC_EVENT_EXHAUSTED, .cell = -1 };
          return true;
        }
      bt->n_frames++;  /* a virtual frame for the full grid, dropped at once */
      unwind (bt, event);
      return true;

    case NC_PHASE_DONE:
    default:
      return false;
    }
}

NcEventKind
nc_backtracker_run (NcBacktracker *bt)
{
  NcEvent event;

  while (nc_backtracker_step (bt, &event))
    if (event.kind == NC_EVENT_SOLVED || event.kind == NC_EVENT_EXHAUSTED)
      return event.kind;
  return NC_EVENT_EXHAUSTED;
}

int
nc_event_format (const NcEvent *event, char *buf, size_t len)
{
  char cell[5], peer[5], unit[16];

  switch (event->kind)
    {
    case NC_EVENT_CHOOSE:
      return snprintf (buf, len, "choose %s candidates %d",
                       nc_cell_name (event->cell, cell), event->candidates);
    case NC_EVENT_TRY:
      return snprintf (buf, len, "try %s %d", nc_cell_name (event->cell, cell), event->digit);
    case NC_EVENT_REJECT:
      return snprintf (buf, len, "reject %s %d %s %s",
                       nc_cell_name (event->cell, cell), event->digit,
                       nc_unit_name ((NcUnit) event->unit), nc_cell_name (event->peer, peer));
    case NC_EVENT_PLACE:
      return snprintf (buf, len, "place %s %d depth %d",
                       nc_cell_name (event->cell, cell), event->digit, event->depth);
    case NC_EVENT_BACKTRACK:
      return snprintf (buf, len, "backtrack %s %d", nc_cell_name (event->cell, cell), event->digit);
    case NC_EVENT_SOLVED:
      return snprintf (buf, len, "solved");
    case NC_EVENT_EXHAUSTED:
      return snprintf (buf, len, "exhausted");
    case NC_EVENT_FORCE:
      if (event->candidates == 1)
        return snprintf (buf, len, "force %s %d", nc_cell_name (event->cell, cell), event->digit);
      return snprintf (buf, len, "force %s %d %s", nc_cell_name (event->cell, cell), event->digit,
                       nc_unit_label ((NcUnit) event->unit, event->cell, unit));
    case NC_EVENT_DEAD_END:
      if (event->digit == 0)
        return snprintf (buf, len, "dead end %s", nc_cell_name (event->cell, cell));
      return snprintf (buf, len, "dead end %d %s", event->digit,
                       nc_unit_label ((NcUnit) event->unit, event->cell, unit));
    default:
      return snprintf (buf, len, "unknown");
    }
}

void
nc_run_view_init (NcRunView *view, const NcGrid *board)
{
  *view = (NcRunView) { .board = *board, .chosen = -1, .tentative_cell = -1,
                        .collision_cell = -1, .collision_unit = -1 };
}

void
nc_run_view_apply (NcRunView *view, const NcEvent *events, size_t n_events)
{
  for (size_t i = 0; i < n_events; i++)
    {
      const NcEvent *event = &events[i];

      switch (event->kind)
        {
        case NC_EVENT_CHOOSE:
          view->chosen = event->cell;
          view->candidates = event->candidates;
          view->tentative_cell = view->collision_cell = -1;
          break;
        case NC_EVENT_TRY:
          view->tentative_cell = event->cell;
          view->tentative_digit = event->digit;
          view->collision_cell = -1;
          break;
        case NC_EVENT_REJECT:
          view->tentative_cell = event->cell;
          view->tentative_digit = event->digit;
          view->collision_cell = event->peer;
          view->collision_unit = event->unit;
          break;
        case NC_EVENT_PLACE:
          view->board.cell[event->cell] = event->digit;
          view->depth = event->depth;
          view->tentative_cell = view->collision_cell = -1;
          break;
        case NC_EVENT_FORCE:
          view->board.cell[event->cell] = event->digit;
          view->forced_cell[view->n_forced] = (uint8_t) event->cell;
          view->forced_depth[view->n_forced++] = event->depth;
          view->chosen = view->tentative_cell = view->collision_cell = -1;
          break;
        case NC_EVENT_DEAD_END:
          /* The cell with no digit left, or none for a digit with no place. */
          view->chosen = event->digit == 0 ? event->cell : -1;
          view->candidates = 0;
          view->tentative_cell = view->collision_cell = -1;
          break;
        case NC_EVENT_BACKTRACK:
          /* The search is back at this cell, about to try its next digit;
           * the cells forced after its placement go with it. */
          while (view->n_forced > 0 && view->forced_depth[view->n_forced - 1] >= view->depth)
            view->board.cell[view->forced_cell[--view->n_forced]] = 0;
          view->depth--;
          view->board.cell[event->cell] = 0;
          view->chosen = event->cell;
          view->candidates = 0;
          view->tentative_cell = view->collision_cell = -1;
          break;
        case NC_EVENT_SOLVED:
        case NC_EVENT_EXHAUSTED:
        default:
          view->chosen = view->tentative_cell = view->collision_cell = -1;
          break;
        }
    }
}

const char *
nc_order_name (NcOrder order)
{
  return order == NC_ORDER_MRV ? "mrv" : "reading";
}

bool
nc_order_from_name (const char *name, NcOrder *out)
{
  if (strcmp (name, "reading") == 0)
    *out = NC_ORDER_READING;
  else if (strcmp (name, "mrv") == 0)
    *out = NC_ORDER_MRV;
  else
    return false;
  return true;
}
