/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-explain.h: why a puzzle has no solution, or which solutions it has.
 * The window's editor and Solve, and nonet-cli's solve and check, take
 * their sentences and their counts from here, so each is said one way. */
#pragma once

#include <gio/gio.h>

#include "nc-backtrack.h"
#include "nc-contradiction.h"
#include "nc-grid.h"

G_BEGIN_DECLS

/* --- No solution ------------------------------------------------------ */

/* Why a puzzle without conflicts has no solution: a local reason when one
 * look shows it (why.kind != NONE), else the reference backtracker's counts
 * (reading order, as nc-backtrack counts them) for the search that proved
 * it. */
typedef struct
{
  NcContradiction why;
  NcCounters      counters;  /* all zero when why is local */
} NeNoSolution;

/* Runs the check and, when needed, the search, in the calling thread; the
 * search stops when cancellable is cancelled (then FALSE, G_IO_ERROR_CANCELLED).
 * FALSE with G_IO_ERROR_FAILED when the puzzle has a solution after all. */
gboolean  ne_no_solution_explain        (const NcGrid    *puzzle,
                                         GCancellable    *cancellable,
                                         NeNoSolution    *out,
                                         GError         **error);
/* The same on a worker thread; the worker gets a copy of puzzle. */
void      ne_no_solution_explain_async  (const NcGrid         *puzzle,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
gboolean  ne_no_solution_explain_finish (GAsyncResult    *result,
                                         NeNoSolution    *out,
                                         GError         **error);

/* The reason as a clause: "row 3 has no place for a 7", or "the search
 * tried 12,345 digits and took 1,234 back, and every branch failed". */
char     *ne_no_solution_describe       (const NeNoSolution *explained);

/* --- Several solutions ------------------------------------------------ */

typedef struct
{
  guint    limit;     /* counted up to this many */
  guint    n_found;   /* min (solutions, limit) */
  gboolean more;      /* there are more than limit */
  GArray  *kept;      /* NcGrid: the first ones found, in the solver's order */
} NeSolutions;

void      ne_solutions_free             (NeSolutions *solutions);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NeSolutions, ne_solutions_free)

/* The latest count while the worker runs, on the caller's main context, at
 * most one report pending at a time. */
typedef void (*NeSolutionsProgressFunc) (guint n_found, gpointer user_data);

/* Counts the solutions of puzzle up to limit on a worker thread, keeping
 * the first keep of them. progress (may be NULL) is not called once the
 * task has completed or cancellable is cancelled; progress_data must live
 * until then. Cancelled: G_IO_ERROR_CANCELLED. */
void         ne_solutions_count_async   (const NcGrid             *puzzle,
                                         guint                     limit,
                                         guint                     keep,
                                         GCancellable             *cancellable,
                                         NeSolutionsProgressFunc   progress,
                                         gpointer                  progress_data,
                                         GAsyncReadyCallback       callback,
                                         gpointer                  user_data);
NeSolutions *ne_solutions_count_finish  (GAsyncResult             *result,
                                         GError                  **error);

/* "2 solutions", "More than 100 solutions", "No solution". */
char     *ne_solutions_describe         (const NeSolutions *solutions);
/* "1,234 solutions so far" */
char     *ne_solutions_so_far           (guint              n_found);
/* The cells where a and b differ, in reading order; returns how many. */
int       ne_solutions_differences      (const NcGrid      *a,
                                         const NcGrid      *b,
                                         uint8_t            out[NC_CELLS]);
/* "They differ in 4 cells: row 1, column 3 (4 / 7), row 1, column 5 (7 / 4), …"
 * (the digit of a, then of b). */
char     *ne_solutions_describe_differences (const NcGrid  *a,
                                             const NcGrid  *b);

G_END_DECLS
