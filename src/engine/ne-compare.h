/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-compare.h: search strategies compared on one puzzle. A row of counts
 * and time per strategy, and the table nonet-cli compare prints and the
 * app copies; and NeCompare, the driver that animates two to four runs in
 * lockstep (every unfinished run takes the same number of steps per tick)
 * for the app's Compare window, its tests and anyone else. */
#pragma once

#include <glib-object.h>

#include "nc-backtrack.h"
#include "ne-solve-run.h"

G_BEGIN_DECLS

typedef struct
{
  NcStrategy strategy;
  NcCounters counters;
  double     seconds;   /* the search alone, unanimated, to the first solution */
} NeCompareRow;

/* Runs strategy on puzzle unanimated, timed, to its first solution.
 * Returns FALSE (row's counters still filled) when there is none. */
gboolean ne_compare_measure      (const NcGrid *puzzle,
                                  NcStrategy    strategy,
                                  NeCompareRow *row);

/* The table of nonet-cli compare --format table, without its "# line"
 * heading: a line of column headings (translated), then a row a strategy
 * (name, attempts, backtracks, forced, depth, seconds), each line ending
 * in a newline. Counts are grouped as the locale groups them. */
char    *ne_compare_format_table (const NeCompareRow *rows,
                                  guint               n_rows);

#define NE_COMPARE_MIN_RUNS 2
#define NE_COMPARE_MAX_RUNS 4

#define NE_TYPE_COMPARE (ne_compare_get_type ())

G_DECLARE_FINAL_TYPE (NeCompare, ne_compare, NE, COMPARE, GObject)

typedef enum
{
  NE_COMPARE_READY,     /* not started */
  NE_COMPARE_RUNNING,
  NE_COMPARE_PAUSED,
  NE_COMPARE_FINISHED,  /* every run finished and its row is in */
  NE_COMPARE_STOPPED,
} NeCompareState;

/* n_strategies (2..4, each once) runs of puzzle, not started. Their events
 * and the ticks arrive on the thread-default main context of the caller of
 * ne_compare_start (). */
NeCompare      *ne_compare_new          (const NcGrid     *puzzle,
                                         const NcStrategy *strategies,
                                         guint             n_strategies);

/* Steps per second for every run, 1..NE_SOLVE_TASK_MAX_SPEED, or 0 for
 * unlimited; may change while running. */
void            ne_compare_set_speed    (NeCompare        *self,
                                         guint             steps_per_second);
guint           ne_compare_get_speed    (NeCompare        *self);

void            ne_compare_start        (NeCompare        *self);
/* Running or paused only. A pause lets the steps already granted arrive,
 * then holds every run at the same step ("settled"). */
void            ne_compare_set_paused   (NeCompare        *self,
                                         gboolean          paused);
/* Running: pauses. Paused, once settled: one more step for every
 * unfinished run (before that, nothing: the runs first stand together). */
void            ne_compare_step         (NeCompare        *self);
/* Cancels every run; nothing of them arrives afterwards. */
void            ne_compare_stop         (NeCompare        *self);

NeCompareState  ne_compare_get_state    (NeCompare        *self);
guint           ne_compare_get_n_runs   (NeCompare        *self);
/* Borrowed; for the boards to follow (its "events", view and counters). */
NeSolveRun     *ne_compare_get_run      (NeCompare        *self,
                                         guint             index);
/* Steps granted to each unfinished run so far. */
guint64         ne_compare_get_steps    (NeCompare        *self);
/* Every run has taken every step granted it (or finished): all unfinished
 * runs then stand at ne_compare_get_steps (). */
gboolean        ne_compare_get_settled  (NeCompare        *self);

/* Rows in the order the runs finished (the first took the fewest steps);
 * a row is in once its run has finished and its time is measured. */
guint               ne_compare_get_n_rows (NeCompare      *self);
const NeCompareRow *ne_compare_get_row    (NeCompare      *self,
                                           guint           index);
/* The index of the run a row belongs to. */
guint               ne_compare_get_row_run (NeCompare     *self,
                                            guint          row);
/* The table of the rows so far, as ne_compare_format_table. */
char               *ne_compare_dup_table  (NeCompare      *self);

/* Properties (read-only, notified): "state", "settled".
 * Signals, on the main context:
 *   "row-added" (guint row): a run finished and its row is in.
 *   "stepped"   (): the runs took a tick's steps (or a step) and all stand
 *               settled: the moment for boards and counters to follow. */

G_END_DECLS
