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

static int
count_legal (const NcGrid *grid, int cell)
{
  unsigned used = 0;

  for (int i = 0; i < NC_PEERS; i++)
    used |= 1u << grid->cell[nc_peers[cell][i]];
  return 9 - __builtin_popcount (used & 0x3FEu);
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
  frame->placed = 0;
  bt->counters.backtracks++;
  bt->counters.depth--;
  bt->phase = NC_PHASE_TRY;
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
        int cell = choose_cell (&bt->grid, bt->order, &candidates);

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
  char cell[5], peer[5];

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
          view->tentative_cell = view->collision_cell = -1;
          break;
        case NC_EVENT_BACKTRACK:
          /* The search is back at this cell, about to try its next digit. */
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
