/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window.c: the main window. It plays one game at a time (resumed
 * from the puzzle library on start), generates new ones off the main thread,
 * runs the clock, and hosts the editor where a player enters a puzzle. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-batch.h"
#include "ne-messages.h"
#include "ne-solve-task.h"
#include "ne-store.h"
#include "ne-print.h"
#include "nonet-event-log.h"
#include "nonet-generate-dialog.h"
#include "nonet-grid-view.h"
#include "nonet-import-dialog.h"
#include "nonet-library-dialogs.h"
#include "nonet-library-window.h"
#include "nonet-number-pad.h"
#include "nonet-print-operation.h"
#include "nonet-solve-bar.h"
#include "nonet-text.h"

/* How often the solve bar's counters are refreshed while a run goes, and
 * how often at most its status line (read by screen readers) changes. */
#define RUN_TICK_MS        100
#define RUN_STATUS_US      (300 * G_TIME_SPAN_MILLISECOND)

/* Seconds the generator may search before it settles for the closest puzzle. */
#define GENERATE_BUDGET_SECONDS 10.0

typedef struct
{
  const char *id;
  gboolean    by_difficulty;
  NcGrade     grade;
  int         clues;
} NonetPreset;

static const NonetPreset presets[] = {
  { "easy", TRUE, NC_GRADE_EASY, NC_CLUES_MINIMAL },
  { "medium", TRUE, NC_GRADE_MEDIUM, NC_CLUES_MINIMAL },
  { "hard", TRUE, NC_GRADE_HARD, NC_CLUES_MINIMAL },
  { "expert", TRUE, NC_GRADE_EXPERT, NC_CLUES_MINIMAL },
  { "clues-30", FALSE, NC_GRADE_EASY, 30 },
  { "clues-26", FALSE, NC_GRADE_EASY, 26 },
  { "clues-24", FALSE, NC_GRADE_EASY, 24 },
  { "clues-22", FALSE, NC_GRADE_EASY, 22 },
};

/* The source the library records for a puzzle typed or pasted in. */
#define ENTERED_SOURCE "entered"

/* The preset the first start ever, and Ctrl+N without a menu, use. */
#define DEFAULT_PRESET "easy"

struct _NonetWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  GtkMenuButton        *new_game_button;
  GtkWidget            *library_button;
  GtkSpinner           *spinner;
  AdwWindowTitle       *window_title;
  GtkRevealer          *editor_revealer;
  GtkLabel             *editor_label;
  GtkProgressBar       *progress_bar;
  GtkWidget            *paused_box;
  GtkWidget            *board_box;
  NonetGridView        *grid_view;
  GtkWidget            *number_pad;
  GtkWidget            *solve_buttons;
  GtkRevealer          *solve_revealer;
  NonetSolveBar        *solve_bar;
  NonetEventLog        *event_log;
  GtkRevealer          *log_revealer;

  /* Owned */
  GSettings            *settings;
  NeStore              *store;              /* NULL when the library could not open */
  NeGame               *game;               /* the game in play; NULL before the first */
  NeGame               *editor_game;        /* the puzzle being entered; NULL unless editing */
  NonetLibraryWindow   *library_window;     /* weak: made when first shown, destroyed with us */
  GCancellable         *generate_cancellable;  /* the generation whose result we want */
  guint                 clock_id;

  /* The clock: while it runs, elapsed = clock_base_ms + time since clock_started_us. */
  gint64                clock_base_ms;
  gint64                clock_started_us;
  gint64                shown_seconds;

  gboolean              paused;
  gboolean              show_log;           /* the solver's step log beside the board */
  int                   debug_geometry[4];

  /* Solve and Animate. While the overlay is on, the grid shows run_view.board
   * (a run, its end, or Solve's solution) and the game is locked and
   * untouched; turning it off shows the game as it was. */
  gboolean              overlay_on;
  GCancellable         *solve_cancellable;  /* the Solve whose result we want */
  NeSolveTask          *run;                /* the animated run; NULL if none */
  gboolean              run_active;         /* started and not yet finished */
  guint                 run_tick_id;
  NcRunView             run_view;
  NcEvent               run_last;           /* the last event, for the status line */
  gboolean              run_has_last;
  gint64                run_elapsed_us;     /* time run while not paused, till run_resumed_us */
  gint64                run_resumed_us;     /* 0 while paused or ended */
  guint64               run_events;
  guint64               rate_events;        /* run_events at rate_mark_us */
  gint64                rate_mark_us;
  double                rate;
  gint64                status_us;          /* when the status line last changed */
};

G_DEFINE_FINAL_TYPE (NonetWindow, nonet_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_PAUSED,
  PROP_SHOW_LOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void nonet_window_leave_editor (NonetWindow *self);

static void
nonet_window_toast (NonetWindow *self,
                    const char  *title)
{
  AdwToast *toast = nonet_toast_new (title);

  adw_toast_set_timeout (toast, 5);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static gboolean
nonet_window_is_solved (NonetWindow *self)
{
  return self->game != NULL && ne_game_get_solved (self->game);
}

/* The game the grid and the undo buttons work on. */
static NeGame *
nonet_window_active_game (NonetWindow *self)
{
  return self->editor_game != NULL ? self->editor_game : self->game;
}

static gint64
nonet_window_elapsed_ms (NonetWindow *self)
{
  if (self->clock_started_us == 0)
    return self->game != NULL ? ne_game_get_elapsed_ms (self->game) : 0;
  return self->clock_base_ms + (g_get_monotonic_time () - self->clock_started_us) / 1000;
}

static void
nonet_window_update_title (NonetWindow *self)
{
  g_autofree char *time = NULL;
  const char *subtitle = "";

  if (self->editor_game != NULL)
    subtitle = _("Entering a Puzzle");
  else if (self->paused)
    subtitle = _("Paused");
  else if (self->game != NULL && g_settings_get_boolean (self->settings, "show-timer"))
    subtitle = time = nonet_format_duration (nonet_window_elapsed_ms (self));

  adw_window_title_set_subtitle (self->window_title, subtitle);
}

/* One place decides what may be done now. */
static void
nonet_window_update_actions (NonetWindow *self)
{
  NeGame *active = nonet_window_active_game (self);
  gboolean editing = self->editor_game != NULL;
  gboolean playing = self->game != NULL && !editing && !nonet_window_is_solved (self);
  gboolean can_move = active != NULL && !self->paused && (editing || playing);
  gboolean can_solve = self->game != NULL && !editing && !self->overlay_on &&
                       self->solve_cancellable == NULL;

  /* The game under a solver's overlay is out of reach. */
  can_move = can_move && !self->overlay_on;
  playing = playing && !self->overlay_on;
  /* The editor's title needs the room; Solve has nothing to solve there. */
  gtk_widget_set_visible (self->solve_buttons, !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.solve", can_solve);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.animate", can_solve);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.animate-pause", self->run_active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.animate-step", self->run_active);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.animate-stop", self->overlay_on);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 can_move && ne_game_get_can_undo (active));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 can_move && ne_game_get_can_redo (active));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reset", playing && !self->paused);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause", playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.enter-puzzle", !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-puzzle", !editing && self->game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.start-puzzle", editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-puzzle", editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.library", self->store != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print", !editing && self->game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print-progress", !editing && self->game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-pdf", !editing && self->game != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.add-to-library",
                                 self->store != NULL && !editing && self->game != NULL &&
                                 ne_game_get_game_id (self->game) > 0);
}

/* The grid's input and visibility follow the game's state. */
static void
nonet_window_update_board (NonetWindow *self)
{
  gboolean editing = self->editor_game != NULL;

  g_object_set (self->grid_view,
                "hidden", self->paused,
                "locked", self->paused || self->overlay_on ||
                          (!editing && (self->game == NULL || nonet_window_is_solved (self))),
                NULL);
  gtk_widget_set_visible (self->paused_box, self->paused);
  gtk_widget_set_sensitive (self->number_pad, !self->paused && !self->overlay_on &&
                            (editing || (self->game != NULL && !nonet_window_is_solved (self))));
}

static gboolean
nonet_window_clock_tick (gpointer user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);
  gint64 elapsed = nonet_window_elapsed_ms (self);

  if (elapsed / 1000 != self->shown_seconds)
    {
      self->shown_seconds = elapsed / 1000;
      ne_game_set_elapsed_ms (self->game, elapsed);
      nonet_window_update_title (self);
    }
  return G_SOURCE_CONTINUE;
}

static void
nonet_window_stop_clock (NonetWindow *self)
{
  if (self->clock_started_us != 0)
    {
      g_assert (self->game != NULL);
      ne_game_set_elapsed_ms (self->game, nonet_window_elapsed_ms (self));
      self->clock_started_us = 0;
    }
  g_clear_handle_id (&self->clock_id, g_source_remove);
}

/* The clock runs while a game is being played and shown. */
static void
nonet_window_update_clock (NonetWindow *self)
{
  gboolean run = self->game != NULL && self->editor_game == NULL && !self->paused &&
                 !self->overlay_on && !nonet_window_is_solved (self);

  if (run && self->clock_started_us == 0)
    {
      self->clock_base_ms = ne_game_get_elapsed_ms (self->game);
      self->clock_started_us = g_get_monotonic_time ();
      self->shown_seconds = self->clock_base_ms / 1000;
      self->clock_id = g_timeout_add (250, nonet_window_clock_tick, self);
    }
  else if (!run)
    nonet_window_stop_clock (self);

  nonet_window_update_title (self);
}

static void
nonet_window_update_all (NonetWindow *self)
{
  nonet_window_update_board (self);
  nonet_window_update_clock (self);
  nonet_window_update_actions (self);
}

static void
nonet_window_set_paused (NonetWindow *self,
                         gboolean     paused)
{
  paused = !!paused;
  if (paused && (self->game == NULL || self->editor_game != NULL || self->overlay_on ||
                 nonet_window_is_solved (self)))
    paused = FALSE;
  if (self->paused == paused)
    return;

  self->paused = paused;
  nonet_window_update_all (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

/* Solve and Animate */

static const NcGrid *
nonet_window_givens (NonetWindow *self)
{
  return nc_game_givens (ne_game_get_core (self->game));
}

static void
nonet_window_show_overlay (NonetWindow *self)
{
  nonet_grid_view_set_overlay (self->grid_view, &self->run_view.board,
                               self->run_view.chosen, self->run_view.candidates,
                               self->run_view.tentative_cell, self->run_view.tentative_digit,
                               self->run_view.collision_cell, self->run_view.collision_unit);
}

static gint64
nonet_window_run_elapsed_us (NonetWindow *self)
{
  if (self->run_resumed_us == 0)
    return self->run_elapsed_us;
  return self->run_elapsed_us + g_get_monotonic_time () - self->run_resumed_us;
}

/* The status line says the last event, at a rate one can read (force:
 * now, as after a step or a pause). */
static void
nonet_window_run_update_status (NonetWindow *self,
                                gboolean     force)
{
  g_autofree char *text = NULL;
  gint64 now = g_get_monotonic_time ();

  if (!self->run_has_last || (!force && now - self->status_us < RUN_STATUS_US))
    return;
  self->status_us = now;
  text = ne_event_describe (&self->run_last, nonet_solve_bar_get_order (self->solve_bar) == NC_ORDER_MRV);
  nonet_solve_bar_set_status (self->solve_bar, text);
}

static void
nonet_window_run_refresh (NonetWindow *self,
                          gboolean     with_status)
{
  NcCounters counters;
  gint64 now = g_get_monotonic_time ();

  if (self->run == NULL)
    return;

  ne_solve_task_get_counters (self->run, &counters);
  if (self->run_resumed_us != 0 && now - self->rate_mark_us >= 500000)
    {
      self->rate = (self->run_events - self->rate_events) * 1e6 / (double) (now - self->rate_mark_us);
      self->rate_events = self->run_events;
      self->rate_mark_us = now;
    }
  nonet_solve_bar_set_counters (self->solve_bar, &counters, nonet_window_run_elapsed_us (self),
                                self->run_resumed_us != 0 ? self->rate : 0);
  nonet_window_run_update_status (self, with_status);
}

static gboolean
nonet_window_run_tick (gpointer user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);

  nonet_window_run_refresh (self, FALSE);
  return G_SOURCE_CONTINUE;
}

/* Per event only a few stores: at unlimited speed a batch holds thousands. */
static void
nonet_window_run_events (NonetWindow *self,
                         gconstpointer events,
                         guint         n_events)
{
  const NcEvent *event = events;

  nc_run_view_apply (&self->run_view, event, n_events);
  nonet_event_log_append (self->event_log, event, n_events);
  if (n_events > 0)
    {
      self->run_last = event[n_events - 1];
      self->run_has_last = TRUE;
    }
  self->run_events += n_events;
  nonet_window_show_overlay (self);

  /* A step while paused is read at once. */
  if (self->run_resumed_us == 0)
    nonet_window_run_refresh (self, TRUE);
  else
    nonet_window_run_update_status (self, FALSE);
}

static void
nonet_window_run_finished (NonetWindow *self,
                           guint        result)
{
  g_autofree char *time = NULL;
  g_autofree char *summary = NULL;
  NcCounters counters;
  char attempts[32], backtracks[32];

  self->run_elapsed_us = nonet_window_run_elapsed_us (self);
  self->run_resumed_us = 0;
  self->run_active = FALSE;
  g_clear_handle_id (&self->run_tick_id, g_source_remove);

  ne_solve_task_get_counters (self->run, &counters);
  /* At the end the rate is the run's average. */
  nonet_solve_bar_set_counters (self->solve_bar, &counters, self->run_elapsed_us,
                                self->run_elapsed_us > 0 ? self->run_events * 1e6 / (double) self->run_elapsed_us : 0);
  nonet_format_count (counters.attempts, attempts);
  nonet_format_count (counters.backtracks, backtracks);
  if (result == NC_EVENT_SOLVED)
    /* Translators: "Solved: 445,778 attempts, 49,498 backtracks in 2.5 s" */
    summary = g_strdup_printf (_("Solved: %s attempts, %s backtracks in %.1f s"),
                               attempts, backtracks, self->run_elapsed_us / 1e6);
  else
    summary = g_strdup_printf (_("No solution: %s attempts, %s backtracks in %.1f s"),
                               attempts, backtracks, self->run_elapsed_us / 1e6);
  nonet_solve_bar_set_status (self->solve_bar, summary);
  nonet_solve_bar_set_running (self->solve_bar, FALSE);
  nonet_window_show_overlay (self);
  nonet_window_update_actions (self);
}

static void
nonet_window_run_clear (NonetWindow *self)
{
  if (self->run != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->run, self);
      ne_solve_task_stop (self->run);
      g_clear_object (&self->run);
    }
  g_clear_handle_id (&self->run_tick_id, g_source_remove);
  self->run_active = FALSE;
  self->run_resumed_us = 0;
}

/* The step log is shown beside an animated run when asked for. */
static void
nonet_window_update_log (NonetWindow *self)
{
  gtk_revealer_set_reveal_child (self->log_revealer, self->show_log && self->run != NULL);
}

/* Starts (or restarts, from scratch) the animated run from the givens. */
static void
nonet_window_run_start (NonetWindow *self)
{
  NcCounters zero = { 0 };

  nonet_window_run_clear (self);

  nc_run_view_init (&self->run_view, nonet_window_givens (self));
  nonet_event_log_clear (self->event_log);
  self->run_has_last = FALSE;
  self->run_elapsed_us = 0;
  self->run_resumed_us = self->rate_mark_us = g_get_monotonic_time ();
  self->run_events = self->rate_events = 0;
  self->rate = 0;
  self->status_us = 0;
  self->overlay_on = TRUE;

  self->run = ne_solve_task_new (&self->run_view.board, nonet_solve_bar_get_order (self->solve_bar));
  ne_solve_task_set_speed (self->run, nonet_solve_bar_get_speed (self->solve_bar));
  g_signal_connect_object (self->run, "events", G_CALLBACK (nonet_window_run_events), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "finished", G_CALLBACK (nonet_window_run_finished), self, G_CONNECT_SWAPPED);
  self->run_active = TRUE;
  self->run_tick_id = g_timeout_add (RUN_TICK_MS, nonet_window_run_tick, self);

  nonet_solve_bar_set_running (self->solve_bar, TRUE);
  nonet_solve_bar_set_show_settings (self->solve_bar, TRUE);
  nonet_solve_bar_set_paused (self->solve_bar, FALSE);
  nonet_solve_bar_set_counters (self->solve_bar, &zero, 0, 0);
  nonet_solve_bar_set_status (self->solve_bar, _("Animating the backtracker"));
  gtk_revealer_set_reveal_child (self->solve_revealer, TRUE);
  nonet_window_update_log (self);
  nonet_window_show_overlay (self);
  ne_solve_task_start (self->run);
  nonet_window_update_all (self);
}

/* Cancels whatever Solve or Animate is doing and shows the game as it was. */
static void
nonet_window_end_solve (NonetWindow *self)
{
  if (self->solve_cancellable == NULL && self->run == NULL && !self->overlay_on)
    return;

  g_cancellable_cancel (self->solve_cancellable);
  g_clear_object (&self->solve_cancellable);
  nonet_window_run_clear (self);
  self->overlay_on = FALSE;
  nonet_grid_view_set_overlay (self->grid_view, NULL, -1, 0, -1, 0, -1, -1);
  gtk_revealer_set_reveal_child (self->solve_revealer, FALSE);
  nonet_window_update_log (self);
  nonet_window_update_all (self);
}

static void
nonet_window_run_set_paused (NonetWindow *self,
                             gboolean     paused)
{
  if (!self->run_active || ne_solve_task_get_paused (self->run) == paused)
    return;

  if (paused)
    {
      ne_solve_task_pause (self->run);
      self->run_elapsed_us = nonet_window_run_elapsed_us (self);
      self->run_resumed_us = 0;
      self->rate = 0;
    }
  else
    {
      self->run_resumed_us = self->rate_mark_us = g_get_monotonic_time ();
      self->rate_events = self->run_events;
      ne_solve_task_resume (self->run);
    }
  nonet_solve_bar_set_paused (self->solve_bar, paused);
  nonet_window_run_refresh (self, TRUE);
}

static void
nonet_window_solve_bar_order_changed (NonetWindow *self)
{
  if (self->run != NULL)
    nonet_window_run_start (self);
}

static void
nonet_window_solve_bar_speed_changed (NonetWindow *self)
{
  if (self->run != NULL)
    ne_solve_task_set_speed (self->run, nonet_solve_bar_get_speed (self->solve_bar));
}

static void
nonet_window_solve_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(NonetWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *status = NULL;
  NeSolveResult solved;

  if (!ne_solve_fast_finish (result, &solved, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        nonet_window_toast (self, error->message);
      return;
    }
  /* A Solve cancelled after it finished: a new game or the editor took over. */
  if (self->solve_cancellable == NULL || g_cancellable_is_cancelled (self->solve_cancellable))
    return;
  g_clear_object (&self->solve_cancellable);

  if (solved.n_solutions == 0)
    nonet_window_toast (self, _("This puzzle has no solution"));
  else if (solved.n_solutions > 1)
    nonet_window_toast (self, _("This puzzle has more than one solution"));
  else
    {
      nonet_window_run_clear (self);
      self->overlay_on = TRUE;
      nc_run_view_init (&self->run_view, &solved.solution);
      nonet_window_show_overlay (self);
      /* Translators: how long the solver took, such as "0.42 ms" */
      status = g_strdup_printf (_("Solved in %.2f ms. This is the solution, not your game: Close goes back to it."),
                                solved.elapsed_us / 1000.0);
      nonet_solve_bar_set_running (self->solve_bar, FALSE);
      nonet_solve_bar_set_show_settings (self->solve_bar, FALSE);
      nonet_solve_bar_set_counters (self->solve_bar, NULL, 0, 0);
      nonet_solve_bar_set_status (self->solve_bar, status);
      gtk_revealer_set_reveal_child (self->solve_revealer, TRUE);
    }
  nonet_window_update_all (self);
}

static void
nonet_window_action_solve (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (self->game == NULL)
    return;
  nonet_window_end_solve (self);
  nonet_window_set_paused (self, FALSE);
  self->solve_cancellable = g_cancellable_new ();
  ne_solve_fast_async (nonet_window_givens (self), self->solve_cancellable,
                       nonet_window_solve_cb, g_object_ref (self));
  nonet_window_update_actions (self);
}

static void
nonet_window_action_animate (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (self->game == NULL || self->editor_game != NULL)
    return;
  nonet_window_end_solve (self);
  nonet_window_set_paused (self, FALSE);
  nonet_window_run_start (self);
  /* Space then reaches Pause, wherever it is pressed. */
  gtk_widget_grab_focus (GTK_WIDGET (self->solve_bar));
}

static void
nonet_window_action_animate_pause (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (self->run_active)
    nonet_window_run_set_paused (self, !ne_solve_task_get_paused (self->run));
}

static void
nonet_window_action_animate_step (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (!self->run_active)
    return;
  nonet_window_run_set_paused (self, TRUE);
  ne_solve_task_step (self->run);
}

static void
nonet_window_action_animate_stop (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  nonet_window_end_solve (NONET_WINDOW (widget));
}

static void
nonet_window_game_can_undo_redo (NonetWindow *self)
{
  nonet_window_update_actions (self);
}

static void
nonet_window_game_solved (NonetWindow *self)
{
  g_autofree char *time = NULL;
  g_autofree char *title = NULL;

  if (!nonet_window_is_solved (self))
    {
      nonet_window_update_all (self);
      return;
    }

  nonet_window_stop_clock (self);
  time = nonet_format_duration (ne_game_get_elapsed_ms (self->game));
  /* Translators: %s is the time played, such as 4:32 */
  title = g_strdup_printf (_("Solved in %s!"), time);
  nonet_window_toast (self, title);
  nonet_window_update_all (self);
}

static void
nonet_window_save_failed (NonetWindow  *self,
                          const GError *error)
{
  g_autofree char *title = NULL;

  /* Another instance of Nonet saved this game meanwhile: both are kept. */
  if (g_error_matches (error, NE_STORE_ERROR, NE_STORE_ERROR_CONFLICT))
    title = g_strdup (_("This game was changed in another window of Nonet: "
                        "your moves here were kept as a separate game"));
  else
    title = g_strdup_printf (_("Your game could not be saved: %s"), error->message);
  nonet_window_toast (self, title);
}

static void
nonet_window_grid_show (NonetWindow *self)
{
  nonet_grid_view_set_game (self->grid_view, nonet_window_active_game (self));
}

static void
nonet_window_set_game (NonetWindow *self,
                       NeGame      *game)
{
  if (self->game == game)
    return;

  nonet_window_end_solve (self);
  nonet_window_stop_clock (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);

  if (game != NULL)
    {
      g_signal_connect_object (game, "notify::can-undo",
                               G_CALLBACK (nonet_window_game_can_undo_redo), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::can-redo",
                               G_CALLBACK (nonet_window_game_can_undo_redo), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::solved",
                               G_CALLBACK (nonet_window_game_solved), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "save-failed",
                               G_CALLBACK (nonet_window_save_failed), self, G_CONNECT_SWAPPED);
    }

  if (self->editor_game == NULL)
    nonet_window_grid_show (self);
  nonet_window_set_paused (self, FALSE);
  nonet_window_update_all (self);
}

/* Plays game in place of whatever the window shows, the editor included. */
static void
nonet_window_play (NonetWindow *self,
                   NeGame      *game)
{
  g_clear_object (&self->editor_game);
  nonet_window_leave_editor (self);
  nonet_window_set_game (self, game);
}

/* Starts playing givens: saved in the library when it is open, so a crash
 * loses nothing. */
static void
nonet_window_start_game (NonetWindow  *self,
                         const NcGrid *givens,
                         const NcGrid *solution,
                         const char   *source)
{
  g_autoptr(NeGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (self->store != NULL)
    {
      game = ne_store_new_game (self->store, givens, solution, source, &error);
      if (game == NULL)
        {
          g_autofree char *title = g_strdup_printf (_("This game cannot be saved: %s"), error->message);

          nonet_window_toast (self, title);
        }
    }
  if (game == NULL)
    game = ne_game_new (givens, solution);

  nonet_window_play (self, game);
}

/* Generation */

typedef struct
{
  NonetWindow       *self;
  GCancellable      *cancellable;
  const NonetPreset *preset;
} GenerateData;

static void
generate_data_clear (gpointer data)
{
  GenerateData *gd = data;

  g_clear_object (&gd->self);
  g_clear_object (&gd->cancellable);
}

static void
generate_data_unref (gpointer data)
{
  g_rc_box_release_full (data, generate_data_clear);
}

static void
nonet_window_generate_progress (guint    n_done,
                                guint    n_total,
                                double   fraction,
                                gpointer user_data)
{
  GenerateData *gd = user_data;

  if (gd->cancellable != gd->self->generate_cancellable)
    return;
  gtk_progress_bar_set_fraction (gd->self->progress_bar, fraction);
}

static void
nonet_window_set_generating (NonetWindow *self,
                             gboolean     generating)
{
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), generating);
  gtk_spinner_set_spinning (self->spinner, generating);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), generating);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
}

/* Says plainly when the generator settled for less than was asked. */
static char *
describe_closest (const NonetPreset *preset,
                  const NcGenerated *generated)
{
  if (preset->by_difficulty)
    /* Translators: the first %s is the difficulty asked for, the second the one found, both such as "Hard" */
    return g_strdup_printf (_("No %s puzzle was found in time: this one is %s"),
                            ne_grade_label (preset->grade),
                            ne_grade_label (generated->grade.grade));
  return g_strdup_printf (ngettext ("No puzzle with %d clue was found in time: this one has %d",
                                    "No puzzle with %d clues was found in time: this one has %d",
                                    preset->clues),
                          preset->clues, generated->clues);
}

static void
nonet_window_generate_cb (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  GenerateData *gd = user_data;
  NonetWindow *self = gd->self;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;
  const NeBatchResult *r;

  results = ne_batch_generate_finish (result, &error);

  /* A later New game replaced this one (or the window went away). */
  if (gd->cancellable != self->generate_cancellable)
    {
      generate_data_unref (gd);
      return;
    }

  g_clear_object (&self->generate_cancellable);
  nonet_window_set_generating (self, FALSE);

  if (results == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *title = g_strdup_printf (_("No puzzle could be generated: %s"), error->message);

          nonet_window_toast (self, title);
        }
      generate_data_unref (gd);
      return;
    }

  g_assert (results->len == 1);
  r = g_ptr_array_index (results, 0);
  if (r->generated.status == NC_GENERATE_CLOSEST)
    {
      g_autofree char *title = describe_closest (gd->preset, &r->generated);

      nonet_window_toast (self, title);
    }
  nonet_window_start_game (self, &r->generated.puzzle, &r->generated.solution, r->id);
  generate_data_unref (gd);
}

static void
nonet_window_new_game (NonetWindow *self,
                       const char  *preset_id)
{
  const NonetPreset *preset = NULL;
  NcGenerateParams params;
  GenerateData *gd;

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_strcmp0 (presets[i].id, preset_id) == 0)
      preset = &presets[i];
  g_return_if_fail (preset != NULL);

  /* A second New game replaces the first. */
  g_cancellable_cancel (self->generate_cancellable);
  g_clear_object (&self->generate_cancellable);
  self->generate_cancellable = g_cancellable_new ();

  nc_generate_params_init (&params);
  params.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  params.budget_seconds = GENERATE_BUDGET_SECONDS;
  if (preset->by_difficulty)
    {
      params.symmetry = NC_SYMMETRY_ROTATE_180;
      params.by_difficulty = TRUE;
      params.min_grade = preset->grade;
      params.max_grade = preset->grade;
      params.clues = NC_CLUES_MINIMAL;
    }
  else
    {
      params.symmetry = NC_SYMMETRY_NONE;
      params.clues = preset->clues;
    }

  gd = g_rc_box_new0 (GenerateData);
  gd->self = g_object_ref (self);
  gd->cancellable = g_object_ref (self->generate_cancellable);
  gd->preset = preset;

  nonet_window_set_generating (self, TRUE);
  ne_batch_generate_async (&params, 1, 1, self->generate_cancellable,
                           nonet_window_generate_progress,
                           g_rc_box_acquire (gd), generate_data_unref,
                           nonet_window_generate_cb, gd);
}

void
nonet_window_play_generated (NonetWindow  *self,
                             const NcGrid *givens,
                             const NcGrid *solution,
                             const char   *id)
{
  g_return_if_fail (NONET_IS_WINDOW (self));
  g_return_if_fail (givens != NULL);

  /* A generation under way would replace this one. */
  g_cancellable_cancel (self->generate_cancellable);
  g_clear_object (&self->generate_cancellable);
  nonet_window_set_generating (self, FALSE);
  nonet_window_start_game (self, givens, solution, id);
  gtk_window_present (GTK_WINDOW (self));
}

static void
nonet_window_action_generate (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (nonet_generate_dialog_new (self, self->store)));
}

/* Printing the puzzle in play */

/* The document of the puzzle in play; with progress, the player's digits
 * print grey. */
static NePrintDocument *
nonet_window_print_document (NonetWindow *self,
                             gboolean     with_progress)
{
  NePrintDocument *document = ne_print_document_new ();
  const NcGame *core = ne_game_get_core (self->game);
  const NcGrid *solution = ne_game_get_solution (self->game);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *title = NULL;
  const char *grade = NULL;
  NcGrid board;
  NePrintPuzzle puzzle = { .givens = *nc_game_givens (core), .solution = solution };

  if (with_progress)
    {
      nc_game_board (core, &board);
      puzzle.entries = &board;
    }
  if (self->store != NULL)
    {
      gint64 puzzle_id = ne_store_get_game_puzzle (self->store, ne_game_get_game_id (self->game), &error);
      NePuzzleInfo info = { 0 };
      NcGenerateParams params;

      if (puzzle_id != 0 && ne_store_get_puzzle (self->store, puzzle_id, &info, NULL))
        {
          /* A generated puzzle's source is its ID. */
          if (info.source != NULL && nc_puzzle_id_parse (info.source, &params, NULL))
            id = g_strdup (info.source);
          if (info.grade >= 0)
            grade = ne_grade_label (info.grade);
          title = info.title != NULL ? g_strdup (info.title) : ne_store_describe_puzzle (self->store, puzzle_id);
          ne_puzzle_info_clear (&info);
        }
    }
  puzzle.id = id;
  puzzle.grade = grade;
  puzzle.title = title;
  ne_print_document_add_puzzle (document, &puzzle);
  ne_print_document_set_per_page (document, 1);
  ne_print_document_set_title (document, _("Nonet"));
  return document;
}

static void
nonet_window_print (NonetWindow *self,
                    gboolean     with_progress)
{
  g_autoptr(NePrintDocument) document = NULL;
  g_autoptr(NonetPrintOperation) operation = NULL;

  if (self->game == NULL)
    return;
  document = nonet_window_print_document (self, with_progress);
  operation = nonet_print_operation_new (document);
  nonet_print_operation_run (operation, GTK_WINDOW (self));
}

static void
nonet_window_action_print (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  nonet_window_print (NONET_WINDOW (widget), FALSE);
}

static void
nonet_window_action_print_progress (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  nonet_window_print (NONET_WINDOW (widget), TRUE);
}

static void
nonet_window_export_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(NonetWindow) self = user_data;
  /* A failure was shown already. */
  g_autoptr(GFile) file = nonet_print_operation_export_pdf_finish (NONET_PRINT_OPERATION (source), result, NULL);
  g_autofree char *name = file != NULL ? nonet_file_display_name (file) : NULL;
  g_autofree char *title = name != NULL ? g_strdup_printf (_("Saved “%s”"), name) : NULL;

  if (title != NULL)
    nonet_window_toast (self, title);
}

static void
nonet_window_action_export_pdf (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  g_autoptr(NePrintDocument) document = NULL;
  g_autoptr(NonetPrintOperation) operation = NULL;

  if (self->game == NULL)
    return;
  document = nonet_window_print_document (self, FALSE);
  operation = nonet_print_operation_new (document);
  nonet_print_operation_export_pdf_async (operation, GTK_WINDOW (self), _("puzzle.pdf"),
                                          nonet_window_export_cb, g_object_ref (self));
}

/* The editor */

static void
nonet_window_editor_hint (NonetWindow *self,
                          const char  *message,
                          gboolean     error)
{
  gtk_label_set_label (self->editor_label, message);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->editor_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->editor_label), "error");
}

static void
nonet_window_editor_changed (NonetWindow *self)
{
  nonet_window_editor_hint (self, _("Click a cell and type the givens, or paste a puzzle"), FALSE);
}

/* Opens the editor on a copy of from's digits (NULL: a blank grid). They
 * are entries, not givens, so every one can be changed. */
static void
nonet_window_enter_editor (NonetWindow  *self,
                           const NcGrid *from)
{
  static const NcGrid blank;
  g_autoptr(NeGame) editor = ne_game_new (&blank, NULL);

  if (from != NULL)
    for (int cell = 0; cell < NC_CELLS; cell++)
      if (from->cell[cell] != 0)
        ne_game_apply (editor, (NcMove) { .kind = NC_MOVE_SET, .cell = (int8_t) cell,
                                          .digit = from->cell[cell] });

  nonet_window_end_solve (self);
  nonet_window_set_paused (self, FALSE);
  nonet_window_stop_clock (self);

  g_set_object (&self->editor_game, editor);
  g_signal_connect_object (editor, "notify::can-undo",
                           G_CALLBACK (nonet_window_game_can_undo_redo), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (editor, "notify::can-redo",
                           G_CALLBACK (nonet_window_game_can_undo_redo), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (editor, "changed",
                           G_CALLBACK (nonet_window_editor_changed), self, G_CONNECT_SWAPPED);

  /* Conflicts are always marked while entering givens. */
  g_settings_unbind (self->grid_view, "highlight-conflicts");
  g_object_set (self->grid_view, "highlight-conflicts", TRUE, NULL);

  nonet_window_grid_show (self);
  nonet_window_editor_changed (self);
  gtk_revealer_set_reveal_child (self->editor_revealer, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
  nonet_window_update_all (self);
}

static void
nonet_window_leave_editor (NonetWindow *self)
{
  g_clear_object (&self->editor_game);
  gtk_revealer_set_reveal_child (self->editor_revealer, FALSE);
  g_settings_bind (self->settings, "highlight-conflicts",
                   self->grid_view, "highlight-conflicts", G_SETTINGS_BIND_GET);
  nonet_window_grid_show (self);
  nonet_window_update_all (self);
}

static void
nonet_window_several_response (AdwMessageDialog *dialog,
                               const char       *response,
                               gpointer          user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);
  NcGrid board, solution;

  /* The editor may have closed meanwhile. */
  if (g_strcmp0 (response, "play") != 0 || self->editor_game == NULL)
    return;

  nc_game_board (ne_game_get_core (self->editor_game), &board);
  if (nc_solver_count (&board, 1, &solution) == 1)
    nonet_window_start_game (self, &board, &solution, ENTERED_SOURCE);
}

/* Checks the puzzle entered: conflicts, no solution and several solutions
 * keep the editor open; one solution starts the game. */
static void
nonet_window_start_puzzle (NonetWindow *self)
{
  NcGrid board, solution;
  NcConflict conflict;
  size_t n_conflicts;
  unsigned n_solutions;

  g_return_if_fail (self->editor_game != NULL);

  nc_game_board (ne_game_get_core (self->editor_game), &board);

  n_conflicts = nc_grid_find_conflicts (&board, &conflict, 1);
  if (n_conflicts > 0)
    {
      g_autofree char *what = ne_conflict_describe (&conflict);
      g_autofree char *message = NULL;

      if (n_conflicts == 1)
        /* Translators: %s describes the conflict, e.g. "r1c1 and r1c7 are both 4 (row 1)" */
        message = g_strdup_printf (_("This puzzle has a conflict: %s"), what);
      else
        message = g_strdup_printf (ngettext ("This puzzle has conflicts: %s, and %d more",
                                             "This puzzle has conflicts: %s, and %d more",
                                             (int) n_conflicts - 1),
                                   what, (int) n_conflicts - 1);
      nonet_window_editor_hint (self, message, TRUE);
      return;
    }

  n_solutions = nc_solver_count (&board, 2, &solution);
  if (n_solutions == 0)
    {
      nonet_window_editor_hint (self, _("This puzzle has no solution"), TRUE);
      return;
    }
  if (n_solutions > 1)
    {
      AdwMessageDialog *dialog;

      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                           _("This Puzzle Has Several Solutions"),
                                                           _("Add givens until only one solution is left, or play it as it is: any solution will count.")));
      adw_message_dialog_add_responses (dialog,
                                        "keep", _("_Keep Editing"),
                                        "play", _("_Play Anyway"),
                                        NULL);
      adw_message_dialog_set_default_response (dialog, "keep");
      adw_message_dialog_set_close_response (dialog, "keep");
      g_signal_connect_object (dialog, "response",
                               G_CALLBACK (nonet_window_several_response), self, 0);
      nonet_window_editor_hint (self, _("This puzzle has several solutions"), TRUE);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }

  nonet_window_start_game (self, &board, &solution, ENTERED_SOURCE);
}

static void
nonet_window_paste_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(NonetWindow) self = NONET_WINDOW (user_data);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  NcPuzzle puzzle;
  NcParseError parse_error;

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  if (text == NULL)
    {
      nonet_window_toast (self, _("The clipboard holds no text"));
      return;
    }

  nc_puzzle_init (&puzzle);
  if (!nc_parse_puzzle (text, strlen (text), &puzzle, &parse_error))
    {
      g_autofree char *message = ne_parse_error_message (&parse_error);

      nonet_window_toast (self, message);
      nc_puzzle_clear (&puzzle);
      return;
    }

  nonet_window_enter_editor (self, &puzzle.grid);
  nc_puzzle_clear (&puzzle);
}

/* Actions */

static void
nonet_window_action_new_game (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  nonet_window_new_game (NONET_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
nonet_window_action_new_game_menu (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  gtk_menu_button_popup (self->new_game_button);
}

static void
nonet_window_action_enter_puzzle (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  nonet_window_enter_editor (NONET_WINDOW (widget), NULL);
}

static void
nonet_window_action_edit_puzzle (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  g_return_if_fail (self->game != NULL);
  nonet_window_enter_editor (self, nc_game_givens (ne_game_get_core (self->game)));
}

static void
nonet_window_action_start_puzzle (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  nonet_window_start_puzzle (NONET_WINDOW (widget));
}

static void
nonet_window_action_cancel_puzzle (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  nonet_window_leave_editor (NONET_WINDOW (widget));
}

static void
nonet_window_action_paste (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL,
                                 nonet_window_paste_cb, g_object_ref (widget));
}

static void
nonet_window_action_undo (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  ne_game_undo (nonet_window_active_game (self));
}

static void
nonet_window_action_redo (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  ne_game_redo (nonet_window_active_game (self));
}

static void
nonet_window_action_reset (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (!ne_game_apply (self->game, (NcMove) { .kind = NC_MOVE_RESET, .cell = -1 }))
    nonet_window_toast (self, _("There is nothing to reset"));
}

/* With G_MESSAGES_DEBUG=nonet-window, where the grid's cells are in window
 * coordinates (as xdotool counts them), so end-to-end tests can click them. */
static void
nonet_window_debug_geometry (NonetWindow *self)
{
  graphene_rect_t first, last;
  graphene_point_t top_left, bottom_right;
  double surface_x, surface_y;
  int geometry[4];

  if (g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN))
    return;

  nonet_grid_view_get_cell_rect (self->grid_view, 0, &first);
  nonet_grid_view_get_cell_rect (self->grid_view, NC_CELLS - 1, &last);
  if (!gtk_widget_compute_point (GTK_WIDGET (self->grid_view), GTK_WIDGET (self),
                                 &first.origin, &top_left) ||
      !gtk_widget_compute_point (GTK_WIDGET (self->grid_view), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (last.origin.x + last.size.width,
                                                       last.origin.y + last.size.height),
                                 &bottom_right))
    return;
  gtk_native_get_surface_transform (GTK_NATIVE (self), &surface_x, &surface_y);

  geometry[0] = (int) (top_left.x + surface_x);
  geometry[1] = (int) (top_left.y + surface_y);
  geometry[2] = (int) (bottom_right.x + surface_x);
  geometry[3] = (int) (bottom_right.y + surface_y);
  if (memcmp (geometry, self->debug_geometry, sizeof geometry) == 0)
    return;
  memcpy (self->debug_geometry, geometry, sizeof geometry);
  g_debug ("grid geometry: %d %d %d %d", geometry[0], geometry[1], geometry[2], geometry[3]);
}

/* The board: the grid (first child) and the number pad (last child), the
 * pad beside the grid when that gives a clearly larger grid, below it
 * otherwise, the pair centred. Deciding in allocate, from the size given,
 * lets a window be wide and short or narrow and tall alike: its minimum
 * size is what either layout needs across, not what one needs along. */
#define BOARD_SPACING 18

static GtkSizeRequestMode
board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
board_measure (GtkWidget      *widget,
               GtkOrientation  orientation,
               int             for_size,
               int            *minimum,
               int            *natural,
               int            *minimum_baseline,
               int            *natural_baseline)
{
  GtkWidget *grid = gtk_widget_get_first_child (widget);
  GtkWidget *pad = gtk_widget_get_last_child (widget);
  int grid_min, grid_nat, pad_min, pad_nat;

  gtk_widget_measure (grid, orientation, -1, &grid_min, &grid_nat, NULL, NULL);
  gtk_widget_measure (pad, orientation, -1, &pad_min, &pad_nat, NULL, NULL);

  *minimum = MAX (grid_min, pad_min);
  *natural = MAX (*minimum, grid_nat + BOARD_SPACING + pad_nat);
}

static void
board_allocate (GtkWidget *widget,
                int        width,
                int        height,
                int        baseline)
{
  GtkWidget *grid = gtk_widget_get_first_child (widget);
  GtkWidget *pad = gtk_widget_get_last_child (widget);
  int grid_min_w, grid_min_h, pad_w, pad_h, side_beside, side_below, side;
  gboolean beside;

  gtk_widget_measure (grid, GTK_ORIENTATION_HORIZONTAL, -1, &grid_min_w, NULL, NULL, NULL);
  gtk_widget_measure (grid, GTK_ORIENTATION_VERTICAL, -1, &grid_min_h, NULL, NULL, NULL);
  gtk_widget_measure (pad, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &pad_w, NULL, NULL);
  gtk_widget_measure (pad, GTK_ORIENTATION_VERTICAL, -1, NULL, &pad_h, NULL, NULL);

  side_beside = MIN (width - pad_w - BOARD_SPACING, height);
  side_below = MIN (width, height - pad_h - BOARD_SPACING);
  /* Below unless beside is clearly better, so the board does not jump when
   * the editor bar or a status line takes a little height. */
  beside = side_beside > side_below * 6 / 5;
  side = MAX (beside ? side_beside : side_below, MAX (grid_min_w, grid_min_h));

  if (beside)
    {
      int x = MAX (0, (width - side - BOARD_SPACING - pad_w) / 2);

      gtk_widget_size_allocate (grid, &(GtkAllocation) { x, (height - side) / 2, side, side }, -1);
      gtk_widget_size_allocate (pad, &(GtkAllocation) { x + side + BOARD_SPACING, (height - pad_h) / 2,
                                                        pad_w, pad_h }, -1);
    }
  else
    {
      int y = MAX (0, (height - side - BOARD_SPACING - pad_h) / 2);

      gtk_widget_size_allocate (grid, &(GtkAllocation) { (width - side) / 2, y, side, side }, -1);
      gtk_widget_size_allocate (pad, &(GtkAllocation) { (width - pad_w) / 2, y + side + BOARD_SPACING,
                                                        pad_w, pad_h }, -1);
    }
}

static void
nonet_window_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  GTK_WIDGET_CLASS (nonet_window_parent_class)->size_allocate (widget, width, height, baseline);

  nonet_window_debug_geometry (NONET_WINDOW (widget));
}

static gboolean
nonet_window_close_request (GtkWindow *window)
{
  NonetWindow *self = NONET_WINDOW (window);
  int width, height;

  nonet_window_end_solve (self);
  nonet_window_stop_clock (self);
  if (self->game != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!ne_game_save_now (self->game, &error))
        g_warning ("Could not save the game: %s", error->message);
    }

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_apply (self->settings);

  return GTK_WINDOW_CLASS (nonet_window_parent_class)->close_request (window);
}

/* The library */

static void
nonet_window_show_library (NonetWindow *self,
                           gint64       collection_id)
{
  g_return_if_fail (self->store != NULL);

  if (self->library_window == NULL)
    {
      self->library_window = nonet_library_window_new (self, self->store);
      g_object_add_weak_pointer (G_OBJECT (self->library_window), (gpointer *) &self->library_window);
    }
  if (collection_id != 0)
    nonet_library_window_show_collection (self->library_window, collection_id);
  gtk_window_present (GTK_WINDOW (self->library_window));
}

static void
nonet_window_action_library (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (self->store != NULL)
    nonet_window_show_library (self, 0);
}

static void
nonet_window_action_add_to_library (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  gint64 puzzle_id;

  if (self->store == NULL || self->game == NULL)
    return;
  puzzle_id = ne_store_get_game_puzzle (self->store, ne_game_get_game_id (self->game), &error);
  if (puzzle_id == 0)
    nonet_library_show_error (GTK_WINDOW (self), _("The Puzzle Is Not in the Library"), error);
  else
    nonet_library_add_dialog (GTK_WINDOW (self), self->store, puzzle_id);
}

void
nonet_window_open_puzzle (NonetWindow *self,
                          gint64       puzzle_id)
{
  g_autoptr(NeGame) game = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (NONET_IS_WINDOW (self));
  g_return_if_fail (self->store != NULL);

  /* The game left keeps its time; a generation under way would replace this one. */
  nonet_window_stop_clock (self);
  if (self->game != NULL && !ne_game_save_now (self->game, &error))
    {
      g_warning ("Could not save the game: %s", error->message);
      g_clear_error (&error);
    }
  g_cancellable_cancel (self->generate_cancellable);
  g_clear_object (&self->generate_cancellable);
  nonet_window_set_generating (self, FALSE);

  game = ne_store_play_puzzle (self->store, puzzle_id, &error);
  if (game == NULL)
    {
      g_autofree char *title = g_strdup_printf (_("This puzzle cannot be opened: %s"), error->message);

      nonet_window_toast (self, title);
      nonet_window_update_all (self);
    }
  else
    nonet_window_play (self, game);
  gtk_window_present (GTK_WINDOW (self));
}

static void
nonet_window_show_library_for_import (NonetWindow       *self,
                                      gint64             collection_id,
                                      NonetImportDialog *dialog)
{
  nonet_window_show_library (self, collection_id > 0 ? collection_id : -1);
}

void
nonet_window_import_files (NonetWindow  *self,
                           GFile       **files,
                           guint         n_files)
{
  NonetImportDialog *dialog;
  GtkWindow *parent = GTK_WINDOW (self);

  g_return_if_fail (NONET_IS_WINDOW (self));

  if (n_files == 0)
    return;
  if (self->store == NULL)
    {
      nonet_window_toast (self, _("Puzzles cannot be imported: the library could not be opened"));
      return;
    }
  if (self->library_window != NULL && gtk_widget_get_visible (GTK_WIDGET (self->library_window)))
    parent = GTK_WINDOW (self->library_window);

  dialog = nonet_import_dialog_new (parent, self->store, files, n_files);
  g_signal_connect_object (dialog, "show-library",
                           G_CALLBACK (nonet_window_show_library_for_import), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
nonet_window_drop (GtkDropTarget *target,
                   const GValue  *value,
                   double         x,
                   double         y,
                   NonetWindow   *self)
{
  GSList *list = gdk_file_list_get_files (g_value_get_boxed (value));
  g_autoptr(GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  g_slist_free (list);
  nonet_window_import_files (self, (GFile **) files->pdata, files->len);
  return files->len > 0;
}

GtkDropTarget *
nonet_window_file_drop_target_new (NonetWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_return_val_if_fail (NONET_IS_WINDOW (self), NULL);

  g_signal_connect_object (target, "drop", G_CALLBACK (nonet_window_drop), self, 0);
  return target;
}

static void
nonet_window_recovered_response (AdwMessageDialog *dialog,
                                 const char       *response,
                                 NonetWindow      *self)
{
  if (g_strcmp0 (response, "library") == 0)
    nonet_window_show_library (self, 0);
}

/* Says, once the window shows, that a damaged library was moved aside. */
static gboolean
nonet_window_tell_recovered (gpointer user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);
  const char *message = g_object_get_data (G_OBJECT (self), "nonet-recovered");
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("The Library Was Damaged"), message));
  adw_message_dialog_add_responses (dialog, "library", _("Show _Library"), "close", _("_Close"), NULL);
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (nonet_window_recovered_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  g_object_set_data (G_OBJECT (self), "nonet-recovered", NULL);
  return G_SOURCE_REMOVE;
}

/* Resumes the game in progress; the first start ever generates one. */
static void
nonet_window_open_library (NonetWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeGame) game = NULL;
  g_autofree char *path = ne_store_default_path ();
  g_autofree char *recovered = NULL;

  self->store = ne_store_open_or_recover (path, &recovered, &error);
  if (recovered != NULL)
    {
      g_object_set_data_full (G_OBJECT (self), "nonet-recovered", g_steal_pointer (&recovered), g_free);
      g_idle_add_full (G_PRIORITY_LOW, nonet_window_tell_recovered, g_object_ref (self), g_object_unref);
    }
  if (self->store == NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Games cannot be saved: %s"), error->message);
      g_autofree char *tooltip = g_strdup_printf (_("The library cannot be opened: %s"), error->message);

      nonet_window_toast (self, title);
      gtk_widget_set_tooltip_text (self->library_button, tooltip);
      g_clear_error (&error);
    }
  else
    {
      /* Games save on the main thread after every move: while another
       * program holds the library, a move freezes the window this long at
       * most before the toast says so (the next move saves them all). */
      ne_store_set_busy_timeout (self->store, 1000);
      game = ne_store_resume_game (self->store, &error);
      if (game == NULL && error != NULL)
        {
          g_autofree char *title = g_strdup_printf (_("Your last game could not be resumed: %s"), error->message);

          nonet_window_toast (self, title);
        }
    }

  if (game != NULL)
    nonet_window_set_game (self, game);
  else
    nonet_window_new_game (self, DEFAULT_PRESET);
}

static void
nonet_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  NonetWindow *self = NONET_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;

    case PROP_SHOW_LOG:
      g_value_set_boolean (value, self->show_log);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  NonetWindow *self = NONET_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      nonet_window_set_paused (self, g_value_get_boolean (value));
      break;

    case PROP_SHOW_LOG:
      if (self->show_log != g_value_get_boolean (value))
        {
          self->show_log = g_value_get_boolean (value);
          nonet_window_update_log (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_window_dispose (GObject *object)
{
  NonetWindow *self = NONET_WINDOW (object);

  nonet_window_stop_clock (self);
  g_cancellable_cancel (self->solve_cancellable);
  g_clear_object (&self->solve_cancellable);
  nonet_window_run_clear (self);
  g_cancellable_cancel (self->generate_cancellable);
  g_clear_object (&self->generate_cancellable);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->editor_game);
  /* It lives in the application's window list: it would keep the app running. */
  if (self->library_window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->library_window), (gpointer *) &self->library_window);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->library_window)));
    }
  g_clear_object (&self->store);
  g_clear_object (&self->settings);

  gtk_widget_dispose_template (GTK_WIDGET (self), NONET_TYPE_WINDOW);

  G_OBJECT_CLASS (nonet_window_parent_class)->dispose (object);
}

static void
nonet_window_class_init (NonetWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = nonet_window_dispose;
  object_class->get_property = nonet_window_get_property;
  object_class->set_property = nonet_window_set_property;
  widget_class->size_allocate = nonet_window_size_allocate;
  window_class->close_request = nonet_window_close_request;

  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The solver's step log beside the board (win.show-log). */
  properties[PROP_SHOW_LOG] =
    g_param_spec_boolean ("show-log", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (NONET_TYPE_GRID_VIEW);
  g_type_ensure (NONET_TYPE_NUMBER_PAD);
  g_type_ensure (NONET_TYPE_SOLVE_BAR);
  g_type_ensure (NONET_TYPE_EVENT_LOG);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, library_button);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, editor_revealer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, editor_label);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, paused_box);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, grid_view);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, number_pad);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, solve_buttons);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, solve_revealer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, solve_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, event_log);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, log_revealer);

  gtk_widget_class_install_action (widget_class, "win.new-game", "s", nonet_window_action_new_game);
  gtk_widget_class_install_action (widget_class, "win.new-game-menu", NULL, nonet_window_action_new_game_menu);
  gtk_widget_class_install_action (widget_class, "win.enter-puzzle", NULL, nonet_window_action_enter_puzzle);
  gtk_widget_class_install_action (widget_class, "win.edit-puzzle", NULL, nonet_window_action_edit_puzzle);
  gtk_widget_class_install_action (widget_class, "win.start-puzzle", NULL, nonet_window_action_start_puzzle);
  gtk_widget_class_install_action (widget_class, "win.cancel-puzzle", NULL, nonet_window_action_cancel_puzzle);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, nonet_window_action_paste);
  gtk_widget_class_install_action (widget_class, "win.generate", NULL, nonet_window_action_generate);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, nonet_window_action_print);
  gtk_widget_class_install_action (widget_class, "win.print-progress", NULL, nonet_window_action_print_progress);
  gtk_widget_class_install_action (widget_class, "win.export-pdf", NULL, nonet_window_action_export_pdf);
  gtk_widget_class_install_action (widget_class, "win.library", NULL, nonet_window_action_library);
  gtk_widget_class_install_action (widget_class, "win.add-to-library", NULL, nonet_window_action_add_to_library);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, nonet_window_action_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, nonet_window_action_redo);
  gtk_widget_class_install_action (widget_class, "win.reset", NULL, nonet_window_action_reset);
  gtk_widget_class_install_property_action (widget_class, "win.pause", "paused");
  gtk_widget_class_install_property_action (widget_class, "win.show-log", "show-log");
  gtk_widget_class_install_action (widget_class, "win.solve", NULL, nonet_window_action_solve);
  gtk_widget_class_install_action (widget_class, "win.animate", NULL, nonet_window_action_animate);
  gtk_widget_class_install_action (widget_class, "win.animate-pause", NULL, nonet_window_action_animate_pause);
  gtk_widget_class_install_action (widget_class, "win.animate-step", NULL, nonet_window_action_animate_step);
  gtk_widget_class_install_action (widget_class, "win.animate-stop", NULL, nonet_window_action_animate_stop);
  /* Escape stops a run or closes a solution (the action is disabled
   * otherwise, and the key goes on). Space is in nonet_window_init (). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.animate-stop", NULL);
}

static void
nonet_window_init (NonetWindow *self)
{
  static const char * const grid_keys[] = {
    "highlight-peers", "highlight-same-digit", "highlight-conflicts", "auto-clean-notes",
  };

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (GTK_WIDGET (self->board_box),
                                 gtk_custom_layout_new (board_get_request_mode,
                                                        board_measure,
                                                        board_allocate));

#if DEVELOPMENT
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; i < G_N_ELEMENTS (grid_keys); i++)
    g_settings_bind (self->settings, grid_keys[i], self->grid_view, grid_keys[i], G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::show-timer",
                           G_CALLBACK (nonet_window_update_title), self, G_CONNECT_SWAPPED);

  /* The settings give the controls' first values; the bar keeps the rest. */
  {
    g_autofree char *order_name = g_settings_get_string (self->settings, "cell-order");
    NcOrder order = NC_ORDER_READING;

    nc_order_from_name (order_name, &order);
    nonet_solve_bar_set_order (self->solve_bar, order);
    nonet_solve_bar_set_speed (self->solve_bar, (guint) MAX (0, g_settings_get_int (self->settings, "animation-speed")));
  }
  /* Space pauses and resumes a run wherever the focus is: caught before
   * the focused widget (and GtkWindow's own Space binding) see it. While no
   * run goes the action is disabled and the key goes on. */
  {
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();

    gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_space, 0),
                                                            gtk_named_action_new ("win.animate-pause")));
    gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  }
  g_signal_connect_object (self->solve_bar, "notify::order",
                           G_CALLBACK (nonet_window_solve_bar_order_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solve_bar, "notify::speed",
                           G_CALLBACK (nonet_window_solve_bar_speed_changed), self, G_CONNECT_SWAPPED);

  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (nonet_window_file_drop_target_new (self)));

  nonet_window_update_all (self);
  nonet_window_open_library (self);
  nonet_window_update_actions (self);
}

NonetWindow *
nonet_window_new (NonetApplication *application)
{
  g_return_val_if_fail (NONET_IS_APPLICATION (application), NULL);

  return g_object_new (NONET_TYPE_WINDOW,
                       "application", application,
                       NULL);
}
