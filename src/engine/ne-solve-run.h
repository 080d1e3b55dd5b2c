/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-solve-run.h: one animated run of a search strategy as the
 * window shows it: the solve task, the board its events have built, the
 * time run (pausable), the rate and the last event. The window, its tests
 * and the benchmark all use it; several can run at once. */
#pragma once

#include <glib-object.h>

#include "nc-backtrack.h"

G_BEGIN_DECLS

#define NE_TYPE_SOLVE_RUN (ne_solve_run_get_type ())

G_DECLARE_FINAL_TYPE (NeSolveRun, ne_solve_run, NE, SOLVE_RUN, GObject)

/* A run of puzzle in order, not started. Its events and its tick arrive on
 * the thread-default main context of the caller of ne_solve_run_start (). */
NeSolveRun      *ne_solve_run_new            (const NcGrid *puzzle,
                                              NcOrder       order);
/* A run of any strategy; ne_solve_run_new (order) is the one of that order
 * with no propagation. */
NeSolveRun      *ne_solve_run_new_strategy   (const NcGrid *puzzle,
                                              NcStrategy    strategy);
NcStrategy       ne_solve_run_get_strategy   (NeSolveRun   *self);

/* Steps per second, 1..NE_SOLVE_TASK_MAX_SPEED, or 0 for unlimited; may
 * change while running. */
void             ne_solve_run_set_speed      (NeSolveRun   *self,
                                              guint         steps_per_second);

void             ne_solve_run_start          (NeSolveRun   *self);
/* Only while active; the time run stops with it. */
void             ne_solve_run_set_paused     (NeSolveRun   *self,
                                              gboolean      paused);
gboolean         ne_solve_run_get_paused     (NeSolveRun   *self);
/* Only while active: pauses the run and lets exactly one more event through. */
void             ne_solve_run_step           (NeSolveRun   *self);
/* Only while active: pauses the run and lets exactly n_events more events
 * through (fewer if it finishes first). Runs granted the same n by one
 * driver stay in lockstep. */
void             ne_solve_run_take           (NeSolveRun   *self,
                                              guint         n_events);
/* The events delivered so far: the steps the run has taken. */
guint64          ne_solve_run_get_n_events   (NeSolveRun   *self);
/* Cancels the run; no event of it is delivered after this returns, and it
 * does not finish. */
void             ne_solve_run_stop           (NeSolveRun   *self);

/* Started and neither finished nor stopped. */
gboolean         ne_solve_run_get_active     (NeSolveRun   *self);

/* The board and marks after the events delivered so far. */
const NcRunView *ne_solve_run_get_view       (NeSolveRun   *self);
void             ne_solve_run_get_counters   (NeSolveRun   *self,
                                              NcCounters   *counters);
/* The time run while not paused. */
gint64           ne_solve_run_get_elapsed_us (NeSolveRun   *self);
/* Events per second: until the run finishes, over the last second of the
 * time run, counted by when the events were delivered, whatever the speed
 * (ne-rate.h; 0 before a second delivery); the steps taken while paused are
 * left out. Once finished, the run's average. */
double           ne_solve_run_get_rate       (NeSolveRun   *self);
/* The last event delivered, for a status line; FALSE before the first. */
gboolean         ne_solve_run_get_last_event (NeSolveRun   *self,
                                              NcEvent      *event);

/* Properties (read-only, notified): "active", "paused".
 * Signals, on the main context:
 *   "events"   (gconstpointer events, guint n_events): a batch of NcEvent
 *              the view has just taken, as NeSolveTask's "events".
 *   "tick"     (): every 100 ms while active, for counters, time and rate.
 *   "finished" (guint result): NC_EVENT_SOLVED or NC_EVENT_EXHAUSTED, once
 *              the run is no longer active and its time and rate are final;
 *              not emitted for a stopped run. */

G_END_DECLS
