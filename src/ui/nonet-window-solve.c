/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-solve.c: Solve and Animate in the main window. Solve shows
 * the solution at once; Animate runs the backtracker on a worker thread and
 * shows its steps, counters and status line over the game, untouched. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include <glib/gi18n.h>

#include "ne-messages.h"
#include "nonet-text.h"
#include "nonet-compare-window.h"

/* How often at most the solve bar's status line changes on screen while a
 * run goes, and how often screen readers get it: Orca falls behind and
 * goes silent under a flood of changes. */
#define RUN_STATUS_US      (300 * G_TIME_SPAN_MILLISECOND)
#define RUN_A11Y_US        G_USEC_PER_SEC

static const NcGrid *
nonet_window_givens (NonetWindow *self)
{
  return nc_game_givens (ne_game_get_core (self->game));
}

/* The solve bar is made the first time Solve or Animate needs it: most
 * starts never show it, and its scale, drop-down and counters were a
 * tenth of the window's making on the way to the first frame. Its first
 * cell order and speed are the settings'. */
NonetSolveBar *
nonet_window_solve_bar (NonetWindow *self)
{
  g_autofree char *order_name = NULL;
  NcOrder order = NC_ORDER_READING;

  if (self->solve_bar != NULL)
    return self->solve_bar;

  self->solve_bar = NONET_SOLVE_BAR (nonet_solve_bar_new ());
  order_name = g_settings_get_string (self->settings, "cell-order");
  nc_order_from_name (order_name, &order);
  nonet_solve_bar_set_order (self->solve_bar, order);
  nonet_solve_bar_set_speed (self->solve_bar, (guint) MAX (0, g_settings_get_int (self->settings, "animation-speed")));
  g_signal_connect_object (self->solve_bar, "notify::order",
                           G_CALLBACK (nonet_window_solve_bar_order_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solve_bar, "notify::speed",
                           G_CALLBACK (nonet_window_solve_bar_speed_changed), self, G_CONNECT_SWAPPED);
  gtk_revealer_set_child (self->solve_revealer, GTK_WIDGET (self->solve_bar));
  return self->solve_bar;
}

gboolean
nonet_window_run_active (NonetWindow *self)
{
  return self->run != NULL && ne_solve_run_get_active (self->run);
}

/* What a screen reader says of the run at a moment, with its counts. */
static char *
nonet_window_run_sentence (NonetWindow *self,
                           NeRunMoment  moment)
{
  NcCounters counters;
  NcEvent last;
  gboolean have_last = ne_solve_run_get_last_event (self->run, &last);

  ne_solve_run_get_counters (self->run, &counters);
  return ne_run_speak (moment, &counters, have_last ? &last : NULL,
                       nonet_solve_bar_get_order (nonet_window_solve_bar (self)) == NC_ORDER_MRV);
}

/* Screen readers get the run about once a second (force: now, as after a
 * step or a pause): the status area, the grid's label and, while it runs,
 * a sentence of progress. */
static void
nonet_window_run_sync_a11y (NonetWindow *self,
                            gboolean     force)
{
  gint64 now = g_get_monotonic_time ();

  if (!force && now - self->a11y_us < RUN_A11Y_US)
    return;
  self->a11y_us = now;
  nonet_solve_bar_sync_accessible (nonet_window_solve_bar (self), force);
  if (force)
    nonet_grid_view_sync_accessible (self->grid_view);
  /* (Progress follows the start, said once the bar is on screen.) */
  else if (nonet_window_run_active (self) && !ne_solve_run_get_paused (self->run) &&
           gtk_widget_get_mapped (GTK_WIDGET (nonet_window_solve_bar (self))))
    {
      g_autofree char *sentence = nonet_window_run_sentence (self, NE_RUN_PROGRESS);

      nonet_announcer_progress (self->announcer, sentence);
    }
}

/* The status line says the last event, at a rate one can read (force:
 * now, as after a step or a pause). */
static void
nonet_window_run_update_status (NonetWindow *self,
                                gboolean     force)
{
  g_autofree char *text = NULL;
  gint64 now = g_get_monotonic_time ();
  NcEvent last;

  if (!ne_solve_run_get_last_event (self->run, &last) || (!force && now - self->status_us < RUN_STATUS_US))
    return;
  self->status_us = now;
  text = ne_event_describe (&last, nonet_solve_bar_get_order (nonet_window_solve_bar (self)) == NC_ORDER_MRV);
  nonet_solve_bar_set_status (nonet_window_solve_bar (self), text);
  nonet_window_run_sync_a11y (self, force);
}

static void
nonet_window_run_refresh (NonetWindow *self,
                          gboolean     with_status)
{
  NcCounters counters;

  if (self->run == NULL)
    return;

  ne_solve_run_get_counters (self->run, &counters);
  nonet_solve_bar_set_counters (nonet_window_solve_bar (self), &counters, ne_solve_run_get_elapsed_us (self->run),
                                ne_solve_run_get_rate (self->run));
  nonet_window_run_update_status (self, with_status);
}

static void
nonet_window_run_tick (NonetWindow *self)
{
  nonet_window_run_refresh (self, FALSE);
}

static void
nonet_window_run_events (NonetWindow *self,
                         gconstpointer events,
                         guint         n_events)
{
  nonet_event_log_append (self->event_log, events, n_events);
  nonet_window_search_events (self, events, n_events);
  nonet_grid_view_set_overlay (self->grid_view, ne_solve_run_get_view (self->run));

  /* A step while paused is read at once. */
  if (ne_solve_run_get_paused (self->run))
    {
      g_autofree char *sentence = nonet_window_run_sentence (self, NE_RUN_STEPPED);

      nonet_window_run_refresh (self, TRUE);
      nonet_announcer_now (self->announcer, sentence);
    }
  else
    nonet_window_run_update_status (self, FALSE);
}

static void
nonet_window_run_paused_changed (NonetWindow *self)
{
  gboolean paused = ne_solve_run_get_paused (self->run);
  g_autofree char *sentence = nonet_window_run_sentence (self, paused ? NE_RUN_PAUSED : NE_RUN_RESUMED);

  nonet_solve_bar_set_paused (nonet_window_solve_bar (self), paused);
  nonet_window_run_refresh (self, TRUE);
  nonet_announcer_now (self->announcer, sentence);
}

/* The end of a run is heard at once: its summary (the status line). Pause
 * and Step are gone with the focus they had: the focus goes to the status
 * area, which a screen reader then reads, summary and counters. On the
 * status area already, its new name is heard; a sentence said through it
 * would hide its counters. */
static void
nonet_window_run_announce_end (NonetWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  nonet_window_run_sync_a11y (self, TRUE);
  if (focus == NULL || !gtk_widget_is_visible (focus))
    nonet_solve_bar_focus_status (nonet_window_solve_bar (self));
  else if (!nonet_solve_bar_status_has_focus (nonet_window_solve_bar (self)))
    nonet_announcer_now (self->announcer, nonet_solve_bar_get_status (nonet_window_solve_bar (self)));
}

/* The status line at a run's end, heard at once: its counts, and for a
 * solution whether it is the only one (n_solutions 2: more than one). */
static void
nonet_window_run_summarize (NonetWindow *self,
                            guint        result,
                            guint        n_solutions)
{
  g_autofree char *summary = NULL;
  g_autofree char *attempts = NULL;
  g_autofree char *backtracks = NULL;
  gint64 elapsed_us = ne_solve_run_get_elapsed_us (self->run);
  NcCounters counters;

  ne_solve_run_get_counters (self->run, &counters);
  attempts = ne_format_count (counters.attempts);
  backtracks = ne_format_count (counters.backtracks);
  if (result == NC_EVENT_SOLVED && n_solutions > 1)
    /* Translators: as "Solved: ...", for a puzzle with several solutions */
    summary = g_strdup_printf (_("Solved: %s attempts, %s backtracks in %.1f s. "
                                 "This puzzle has more than one solution; this is the first the search found."),
                               attempts, backtracks, elapsed_us / 1e6);
  else if (result == NC_EVENT_SOLVED)
    /* Translators: "Solved: 445,778 attempts, 49,498 backtracks in 2.5 s" */
    summary = g_strdup_printf (_("Solved: %s attempts, %s backtracks in %.1f s"),
                               attempts, backtracks, elapsed_us / 1e6);
  else
    summary = g_strdup_printf (_("No solution: %s attempts, %s backtracks in %.1f s"),
                               attempts, backtracks, elapsed_us / 1e6);
  nonet_solve_bar_set_status (nonet_window_solve_bar (self), summary);
  nonet_window_run_announce_end (self);
}

static void
nonet_window_run_check_cb (GObject      *source,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  g_autoptr(NonetWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  NeSolveResult solved;
  gboolean ok = ne_solve_fast_finish (result, &solved, &error);

  /* Stopped, or a new run: the answer is of a run no longer shown. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      self->run_check_cancellable == NULL || g_cancellable_is_cancelled (self->run_check_cancellable))
    return;
  g_clear_object (&self->run_check_cancellable);
  if (!ok)
    g_warning ("Counting the solutions failed: %s", error->message);
  nonet_window_run_summarize (self, NC_EVENT_SOLVED, ok ? solved.n_solutions : 1);
}

static void
nonet_window_run_finished (NonetWindow *self,
                           guint        result)
{
  NcCounters counters;

  /* A sentence of progress still waiting would be said after the end,
   * over the summary and the counters (and through the status area). */
  nonet_announcer_drop (self->announcer);
  ne_solve_run_get_counters (self->run, &counters);
  /* At the end the rate is the run's average. */
  nonet_solve_bar_set_counters (nonet_window_solve_bar (self), &counters, ne_solve_run_get_elapsed_us (self->run),
                                ne_solve_run_get_rate (self->run));
  /* A solution's summary waits for the fast solver to say (in a few
   * milliseconds) whether it is the only one. */
  if (result == NC_EVENT_SOLVED)
    {
      self->run_check_cancellable = g_cancellable_new ();
      ne_solve_fast_async (nonet_window_givens (self), self->run_check_cancellable,
                           nonet_window_run_check_cb, g_object_ref (self));
    }
  else
    nonet_window_run_summarize (self, result, 0);
  nonet_solve_bar_set_running (nonet_window_solve_bar (self), FALSE);
  nonet_grid_view_set_overlay (self->grid_view, ne_solve_run_get_view (self->run));
  nonet_window_search_sync (self);
  nonet_window_update_actions (self);
}

void
nonet_window_run_clear (NonetWindow *self)
{
  nonet_announcer_drop (self->announcer);
  if (self->run == NULL)
    return;
  g_cancellable_cancel (self->run_check_cancellable);
  g_clear_object (&self->run_check_cancellable);
  g_signal_handlers_disconnect_by_data (self->run, self);
  ne_solve_run_stop (self->run);
  g_clear_object (&self->run);
}

/* The step log, the depth plot and the heat map's legend are shown beside
 * an animated run when asked for. */
void
nonet_window_update_log (NonetWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->event_log), self->show_log);
  gtk_revealer_set_reveal_child (self->log_revealer,
                                 (self->show_log && self->run != NULL) || nonet_window_search_wanted (self));
}

/* Starts (or restarts, from scratch) the animated run from the givens. */
static void
nonet_window_run_start (NonetWindow *self)
{
  NcCounters zero = { 0 };

  nonet_window_run_clear (self);

  nonet_event_log_clear (self->event_log);
  self->status_us = 0;
  self->a11y_us = 0;
  self->overlay_on = TRUE;

  self->run_order = nonet_solve_bar_get_order (nonet_window_solve_bar (self));
  self->run = ne_solve_run_new (nonet_window_givens (self), self->run_order);
  ne_solve_run_set_speed (self->run, nonet_solve_bar_get_speed (nonet_window_solve_bar (self)));
  g_signal_connect_object (self->run, "events", G_CALLBACK (nonet_window_run_events), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "tick", G_CALLBACK (nonet_window_run_tick), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "notify::paused", G_CALLBACK (nonet_window_run_paused_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "finished", G_CALLBACK (nonet_window_run_finished), self, G_CONNECT_SWAPPED);

  nonet_solve_bar_set_running (nonet_window_solve_bar (self), TRUE);
  nonet_solve_bar_set_show_settings (nonet_window_solve_bar (self), TRUE);
  nonet_solve_bar_set_paused (nonet_window_solve_bar (self), FALSE);
  nonet_solve_bar_set_counters (nonet_window_solve_bar (self), &zero, 0, 0);
  nonet_solve_bar_set_status (nonet_window_solve_bar (self), _("Animating the backtracker"));
  nonet_solve_bar_sync_accessible (nonet_window_solve_bar (self), TRUE);
  gtk_revealer_set_reveal_child (self->solve_revealer, TRUE);
  nonet_window_search_start (self);
  nonet_grid_view_set_overlay (self->grid_view, ne_solve_run_get_view (self->run));
  ne_solve_run_start (self->run);
  nonet_window_update_all (self);
}

/* Cancels whatever Solve or Animate is doing and shows the game as it was. */
void
nonet_window_end_solve (NonetWindow *self)
{
  if (self->solve_cancellable == NULL && self->run == NULL && !self->overlay_on)
    return;

  g_cancellable_cancel (self->solve_cancellable);
  g_clear_object (&self->solve_cancellable);
  nonet_window_run_clear (self);
  if (self->solve_bar != NULL)
    nonet_solve_bar_clear_previous_run (self->solve_bar);
  self->overlay_on = FALSE;
  nonet_grid_view_set_overlay (self->grid_view, NULL);
  gtk_revealer_set_reveal_child (self->solve_revealer, FALSE);
  nonet_window_search_closed (self);
  nonet_window_update_all (self);
}

/* A new order starts the run again from zero; the old run's figures stay
 * beside the new ones, and the status line says why they start at zero. */
void
nonet_window_solve_bar_order_changed (NonetWindow *self)
{
  NcOrder order = nonet_solve_bar_get_order (nonet_window_solve_bar (self));
  NonetRunEnd end = NONET_RUN_STOPPED;
  const char *changed;
  NcCounters counters;
  NcEvent last;

  if (self->run == NULL || order == self->run_order)
    return;

  if (!ne_solve_run_get_active (self->run) && ne_solve_run_get_last_event (self->run, &last))
    end = last.kind == NC_EVENT_SOLVED ? NONET_RUN_SOLVED : NONET_RUN_NO_SOLUTION;
  ne_solve_run_get_counters (self->run, &counters);
  nonet_solve_bar_keep_previous_run (nonet_window_solve_bar (self), self->run_order, &counters,
                                     ne_solve_run_get_elapsed_us (self->run), end);
  nonet_window_run_start (self);
  changed = order == NC_ORDER_MRV
            ? _("Cell order changed: the run started again from zero, with MRV (fewest candidates) first.")
            : _("Cell order changed: the run started again from zero, in reading order.");
  nonet_solve_bar_set_status (nonet_window_solve_bar (self), changed);
  nonet_announcer_now (self->announcer, changed);
  /* Held as long as any status, then the run's own steps follow. */
  self->status_us = g_get_monotonic_time ();
}

void
nonet_window_solve_bar_speed_changed (NonetWindow *self)
{
  if (self->run != NULL)
    ne_solve_run_set_speed (self->run, nonet_solve_bar_get_speed (nonet_window_solve_bar (self)));
}

/* Solve on a puzzle with none: the reason, as the editor gives it, unless
 * another game took over meanwhile. */
static void
nonet_window_solve_no_solution (NonetWindow           *self,
                                const NcGrid          *puzzle,
                                const char            *message,
                                const NcContradiction *why)
{
  uint8_t cells[9];

  if (self->game == NULL || self->editor_game != NULL || !nc_grid_equal (nonet_window_givens (self), puzzle))
    return;
  nonet_grid_view_mark_cells (self->grid_view, cells, nc_contradiction_cells (why, cells));
  nonet_window_toast (self, message);
  nonet_announcer_now (self->announcer, message);
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
  NcRunView solution;

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
    nonet_window_explain_no_solution (self, nonet_window_givens (self), nonet_window_solve_no_solution);
  else if (solved.n_solutions > 1)
    {
      AdwToast *toast = nonet_toast_new (_("This puzzle has more than one solution"));

      adw_toast_set_button_label (toast, _("Show Solutions"));
      adw_toast_set_action_name (toast, "win.show-solutions");
      nonet_toast_show (self->toast_overlay, toast);
    }
  else
    {
      nonet_window_run_clear (self);
      self->overlay_on = TRUE;
      nc_run_view_init (&solution, &solved.solution);
      nonet_grid_view_set_overlay (self->grid_view, &solution);
      nonet_grid_view_sync_accessible (self->grid_view);
      /* Translators: how long the solver took, such as "0.42 ms" */
      status = g_strdup_printf (_("Solved in %.2f ms. This is the solution, not your game: Close goes back to it."),
                                solved.elapsed_us / 1000.0);
      nonet_solve_bar_set_running (nonet_window_solve_bar (self), FALSE);
      nonet_solve_bar_set_show_settings (nonet_window_solve_bar (self), FALSE);
      nonet_solve_bar_set_counters (nonet_window_solve_bar (self), NULL, 0, 0);
      nonet_solve_bar_set_status (nonet_window_solve_bar (self), status);
      nonet_solve_bar_sync_accessible (nonet_window_solve_bar (self), TRUE);
      gtk_revealer_set_reveal_child (self->solve_revealer, TRUE);
      nonet_announcer_now (self->announcer, status);
    }
  nonet_window_update_all (self);
}

void
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

/* The focus goes to Pause, and the start is said there. GTK 4.8 tells
 * screen readers of a focus only on a realized widget: the bar, just
 * revealed, is focused once it is mapped. */
static void
nonet_window_run_focus_bar (NonetWindow *self)
{
  g_signal_handlers_disconnect_by_func (nonet_window_solve_bar (self), nonet_window_run_focus_bar, self);
  if (!nonet_window_run_active (self))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (nonet_window_solve_bar (self)));
  nonet_announcer_now (self->announcer, nonet_solve_bar_get_status (nonet_window_solve_bar (self)));
}

void
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
  if (gtk_widget_get_mapped (GTK_WIDGET (nonet_window_solve_bar (self))))
    nonet_window_run_focus_bar (self);
  else
    g_signal_connect_object (nonet_window_solve_bar (self), "map", G_CALLBACK (nonet_window_run_focus_bar),
                             self, G_CONNECT_SWAPPED);
}

void
nonet_window_action_animate_pause (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (nonet_window_run_active (self))
    ne_solve_run_set_paused (self->run, !ne_solve_run_get_paused (self->run));
}

void
nonet_window_action_animate_step (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (nonet_window_run_active (self))
    ne_solve_run_step (self->run);
}

void
nonet_window_action_animate_stop (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  g_autofree char *sentence = nonet_window_run_active (self) ? nonet_window_run_sentence (self, NE_RUN_STOPPED) : NULL;

  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  nonet_window_end_solve (self);
  /* The focus leaves the bar with it, for the game; the stop is said there. */
  if (focus == NULL || (self->solve_bar != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->solve_bar))))
    gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
  if (sentence != NULL)
    nonet_announcer_now (self->announcer, sentence);
}

/* Compare Strategies: a window of its own on the puzzle's givens, whatever
 * the board shows now. */
void
nonet_window_action_compare (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (self->game == NULL)
    return;
  gtk_window_present (GTK_WINDOW (nonet_compare_window_new (GTK_WINDOW (self), nonet_window_givens (self))));
}
