/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-solve-task.h: the reference backtracker on a worker thread, its events
 * streamed to a main context through a bounded queue and a custom GSource;
 * and the fast solver off the main thread for "Solve". */
#pragma once

#include <gio/gio.h>

#include "nc-backtrack.h"

G_BEGIN_DECLS

#define NE_TYPE_SOLVE_TASK (ne_solve_task_get_type ())

G_DECLARE_FINAL_TYPE (NeSolveTask, ne_solve_task, NE, SOLVE_TASK, GObject)

/* Events the worker may have queued and not yet delivered: the bound on the
 * step stream's memory. A full queue makes the worker wait. */
#define NE_SOLVE_TASK_QUEUE_CAPACITY 65536
/* The highest set speed, in steps per second (0 is unlimited). */
#define NE_SOLVE_TASK_MAX_SPEED      10000

/* The worker gets a copy of puzzle. Events are delivered on the thread-
 * default main context of the caller of ne_solve_task_start (). */
NeSolveTask *ne_solve_task_new          (const NcGrid *puzzle,
                                         NcOrder       order);
/* Any of the strategies people compare; ne_solve_task_new (order) is the
 * strategy of that order with no propagation. */
NeSolveTask *ne_solve_task_new_strategy (const NcGrid *puzzle,
                                         NcStrategy    strategy);
NcStrategy   ne_solve_task_get_strategy (NeSolveTask  *self);
/* The strategy that is the reference search in order. */
NcStrategy   ne_solve_strategy_of_order (NcOrder       order);

/* Steps per second, 1..10000, or 0 for unlimited; may change while running. */
void         ne_solve_task_set_speed    (NeSolveTask  *self,
                                         guint         steps_per_second);
guint        ne_solve_task_get_speed    (NeSolveTask  *self);

void         ne_solve_task_start        (NeSolveTask  *self);
void         ne_solve_task_pause        (NeSolveTask  *self);
void         ne_solve_task_resume       (NeSolveTask  *self);
/* While paused: let exactly one more event through. */
void         ne_solve_task_step         (NeSolveTask  *self);
/* While paused: let exactly n_events more events through (fewer only if
 * the search ends first), delivered in as few batches as the queue allows.
 * A driver that grants every run the same n keeps them in lockstep. */
void         ne_solve_task_take         (NeSolveTask  *self,
                                         guint         n_events);
/* Cancels the run; no event of it is delivered after this returns. */
void         ne_solve_task_stop         (NeSolveTask  *self);

gboolean     ne_solve_task_get_paused   (NeSolveTask  *self);
gboolean     ne_solve_task_get_running  (NeSolveTask  *self);

/* Counters of the events delivered so far (main-thread view). */
void         ne_solve_task_get_counters (NeSolveTask  *self,
                                         NcCounters   *counters);

/* The highest number of events the queue has held at once in the current
 * (or last) run; never more than NE_SOLVE_TASK_QUEUE_CAPACITY. For tests. */
guint        ne_solve_task_get_max_queued (NeSolveTask *self);

/* Signals, on the main context:
 *   "events"   (gconstpointer events, guint n_events): a batch of NcEvent, in
 *              the order the core produced them; at unlimited speed one batch
 *              per dispatch holds everything pending.
 *   "finished" (guint result): NC_EVENT_SOLVED or NC_EVENT_EXHAUSTED, after
 *              the last "events"; not emitted for a stopped run. */

/* Solve: the fast solver off the main thread. */
typedef struct
{
  guint  n_solutions;   /* 0, 1 or 2 (2: more than one) */
  NcGrid solution;      /* valid when n_solutions >= 1 */
  gint64 elapsed_us;
} NeSolveResult;

void     ne_solve_fast_async  (const NcGrid         *puzzle,
                               GCancellable         *cancellable,
                               GAsyncReadyCallback   callback,
                               gpointer              user_data);
gboolean ne_solve_fast_finish (GAsyncResult         *result,
                               NeSolveResult        *out,
                               GError              **error);

G_END_DECLS
