/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-solve-bar.h: the controls and counters of a solver run, shown under
 * the header bar: Pause/Resume, Step and Stop (the window's
 * win.animate-pause, win.animate-step and win.animate-stop actions), the
 * speed and the cell order, the live counters and a status line. It only
 * shows what the window tells it; the window runs the solver. */
#pragma once

#include <adwaita.h>

#include "nc-backtrack.h"

G_BEGIN_DECLS

#define NONET_TYPE_SOLVE_BAR (nonet_solve_bar_get_type ())

G_DECLARE_FINAL_TYPE (NonetSolveBar, nonet_solve_bar, NONET, SOLVE_BAR, AdwBin)

/* The fastest finite speed; beyond it the scale reads "Unlimited" (0). */
#define NONET_SOLVE_BAR_MAX_SPEED 10000

GtkWidget *nonet_solve_bar_new          (void);

/* Properties, changed by the user or by these setters:
 *   "speed" (uint): steps per second 1..NONET_SOLVE_BAR_MAX_SPEED, 0 = unlimited
 *   "order" (uint): an NcOrder */
guint      nonet_solve_bar_get_speed    (NonetSolveBar *self);
void       nonet_solve_bar_set_speed    (NonetSolveBar *self,
                                         guint          speed);
NcOrder    nonet_solve_bar_get_order    (NonetSolveBar *self);
void       nonet_solve_bar_set_order    (NonetSolveBar *self,
                                         NcOrder        order);

/* Running: the run controls show; otherwise (a finished run, or a solution
 * from Solve on show) only the summary and a Close button. */
void       nonet_solve_bar_set_running  (NonetSolveBar *self,
                                         gboolean       running);
/* The speed and order controls: shown for a run, not for Solve's solution. */
void       nonet_solve_bar_set_show_settings (NonetSolveBar *self,
                                              gboolean       show);
/* The Pause button reads Resume while paused. */
void       nonet_solve_bar_set_paused   (NonetSolveBar *self,
                                         gboolean       paused);
/* counters NULL hides them (Solve shows no counters). */
void       nonet_solve_bar_set_counters (NonetSolveBar    *self,
                                         const NcCounters *counters,
                                         gint64            elapsed_us,
                                         double            steps_per_second);
/* The status line, on screen; see nonet_solve_bar_sync_accessible. */
void       nonet_solve_bar_set_status   (NonetSolveBar *self,
                                         const char    *text);
const char *nonet_solve_bar_get_status  (NonetSolveBar *self);
/* The counters and the status line are one focusable status area for a
 * screen reader, which follows the screen only when this is called (force:
 * even while the area has the focus, as after a pause or a step). */
void       nonet_solve_bar_sync_accessible (NonetSolveBar *self,
                                            gboolean       force);
/* Moves the focus to the status area (a screen reader then reads it). */
void       nonet_solve_bar_focus_status (NonetSolveBar *self);
/* Whether the status area has the focus: a screen reader then hears its
 * new name, the status line, when it is synced. */
gboolean   nonet_solve_bar_status_has_focus (NonetSolveBar *self);

/* How a run ended, for the line that keeps its figures. */
typedef enum
{
  NONET_RUN_STOPPED,
  NONET_RUN_SOLVED,
  NONET_RUN_NO_SOLUTION,
} NonetRunEnd;

/* A line under the counters keeps the figures of a run after the cell
 * order changed, for comparison with the new run's: "Reading order: 12,345
 * attempts, 1,234 backtracks, stopped" (or "solved in 2.5 s"). It stays
 * until the next keep or clear; the getter returns NULL while there is
 * none. */
void        nonet_solve_bar_keep_previous_run  (NonetSolveBar    *self,
                                                NcOrder           order,
                                                const NcCounters *counters,
                                                gint64            elapsed_us,
                                                NonetRunEnd       end);
void        nonet_solve_bar_clear_previous_run (NonetSolveBar    *self);
const char *nonet_solve_bar_get_previous_run   (NonetSolveBar    *self);

/* The counters as shown, for tests: "445,778" and so on. */
const char *nonet_solve_bar_get_attempts_text   (NonetSolveBar *self);
const char *nonet_solve_bar_get_backtracks_text (NonetSolveBar *self);

G_END_DECLS
