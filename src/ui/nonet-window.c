/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window.c: the main window. It plays one game at a time (resumed
 * from the puzzle library on start) and runs its clock. Its other jobs are
 * in nonet-window-*.c: solve, generate, print, editor, library. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include <glib/gi18n.h>
#include <string.h>
#if HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

#include "ne-messages.h"
#include "nonet-board-layout.h"
#include "nonet-cap-layout.h"
#include "nonet-side-layout.h"
#include "nonet-status-area.h"
#include "nonet-event-log.h"
#include "nonet-number-pad.h"
#include "nonet-text.h"

G_DEFINE_FINAL_TYPE (NonetWindow, nonet_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_PAUSED,
  PROP_SHOW_LOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
nonet_window_toast (NonetWindow *self,
                    const char  *title)
{
  nonet_toast_show (self->toast_overlay, nonet_toast_new (title));
}

static gboolean
nonet_window_is_solved (NonetWindow *self)
{
  return self->game != NULL && ne_game_get_solved (self->game);
}

/* Played at all: a move made (or undone), or time on its clock. */
static gboolean
nonet_window_game_has_moves (NeGame *game)
{
  size_t n_moves = 0;

  nc_game_moves (ne_game_get_core (game), &n_moves);
  return n_moves > 0 || ne_game_get_elapsed_ms (game) > 0;
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
  return self->game != NULL ? ne_clock_elapsed_ms (&self->clock, g_get_monotonic_time ()) : 0;
}

static void
nonet_window_update_title (NonetWindow *self)
{
  g_autofree char *time = NULL;
  const char *subtitle = "";

  if (self->welcoming)
    subtitle = "";
  else if (self->editor_game != NULL)
    subtitle = _("Entering a Puzzle");
  else if (self->paused || ne_clock_is_paused (&self->clock))
    subtitle = _("Paused");
  else if (self->game != NULL && g_settings_get_boolean (self->settings, "show-timer"))
    subtitle = time = nonet_format_duration (nonet_window_elapsed_ms (self));

  adw_window_title_set_subtitle (self->window_title, subtitle);
}

/* One place decides what may be done now. */
void
nonet_window_update_actions (NonetWindow *self)
{
  NeGame *active = nonet_window_active_game (self);
  gboolean editing = self->editor_game != NULL;
  gboolean playing = self->game != NULL && !editing && !self->welcoming && !nonet_window_is_solved (self);
  gboolean can_move = active != NULL && !self->paused && (editing || playing);
  gboolean can_solve = self->game != NULL && !editing && !self->overlay_on &&
                       self->solve_cancellable == NULL;

  /* The game under a solver's overlay is out of reach. */
  can_move = can_move && !self->overlay_on;
  playing = playing && !self->overlay_on;
  /* The editor's title needs the room; Solve has nothing to solve there. */
  gtk_widget_set_visible (self->solve_buttons, !editing);
  gtk_widget_set_visible (self->bottom_solve_buttons, !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.solve", can_solve);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.animate", can_solve);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-solutions", self->game != NULL || editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare", self->game != NULL && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.animate-pause", nonet_window_run_active (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.animate-step", nonet_window_run_active (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.animate-stop", self->overlay_on);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cell-order", self->game != NULL && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 can_move && ne_game_get_can_undo (active));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 can_move && ne_game_get_can_redo (active));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reset", playing && !self->paused);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause", playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", playing && !self->paused);
  if (!playing || self->paused)
    nonet_window_hint_dismiss (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.enter-puzzle", !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.welcome", self->welcoming);
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

  gboolean finished = !editing && !self->overlay_on && nonet_window_is_solved (self);

  g_object_set (self->grid_view,
                "hidden", self->paused || self->welcoming,
                "locked", self->paused || self->welcoming || self->overlay_on ||
                          (!editing && (self->game == NULL || nonet_window_is_solved (self))),
                NULL);
  gtk_widget_set_visible (self->paused_box, self->paused);
  gtk_widget_set_visible (self->welcome_page, self->welcoming);
  gtk_widget_set_sensitive (self->number_pad, !self->paused && !self->welcoming && !self->overlay_on &&
                            (editing || (self->game != NULL && !nonet_window_is_solved (self))));
  /* The board's layout gives a greyed pad's room to the grid. */
  gtk_widget_queue_allocate (self->board_box);
  /* A solved game: the next step in place of the status line. */
  gtk_widget_set_visible (self->finish_box, finished);
  gtk_widget_set_visible (self->status_label, !finished);
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

/* A window of ours over this one: the library, the shortcuts, preferences,
 * a dialog (each is transient for us, or for one that is). */
static gboolean
nonet_window_has_window_over (NonetWindow *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */
  guint n = g_list_model_get_n_items (toplevels);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window == GTK_WINDOW (self) || !gtk_widget_get_visible (GTK_WIDGET (window)))
        continue;
      for (GtkWindow *parent = gtk_window_get_transient_for (window); parent != NULL;
           parent = gtk_window_get_transient_for (parent))
        if (parent == GTK_WINDOW (self))
          return TRUE;
    }
  return FALSE;
}

/* What holds the clock now (ne-clock.h). */
static NeClockHold
nonet_window_clock_holds (NonetWindow *self)
{
  NeClockHold holds = 0;

  if (self->game == NULL || self->editor_game != NULL || self->overlay_on || self->welcoming ||
      nonet_window_is_solved (self))
    holds |= NE_CLOCK_HOLD_IDLE;
  if (!self->game_started)
    holds |= NE_CLOCK_HOLD_NOT_STARTED;
  if (self->paused)
    holds |= NE_CLOCK_HOLD_PAUSED;
  if (!gtk_window_is_active (GTK_WINDOW (self)))
    holds |= NE_CLOCK_HOLD_INACTIVE;
  if (nonet_window_has_window_over (self))
    holds |= NE_CLOCK_HOLD_MODAL;
  return holds;
}

/* Brings the clock's holds up to date; the game keeps the time whenever the
 * clock stops. */
static void
nonet_window_sync_clock (NonetWindow *self,
                         NeClockHold  holds)
{
  NeClockHold before = self->clock.holds;

  /* The end-to-end tests follow the clock in the debug log. */
  if (ne_clock_set_holds (&self->clock, holds, g_get_monotonic_time ()))
    g_debug ("clock %s at %" G_GINT64_FORMAT " ms (holds 0x%x)",
             ne_clock_is_running (&self->clock) ? "runs" : "stops", self->clock.base_ms, (guint) holds);
  else if (holds != before)
    g_debug ("clock held by 0x%x", (guint) holds);
  if (self->game != NULL && !ne_clock_is_running (&self->clock))
    ne_game_set_elapsed_ms (self->game, self->clock.base_ms);

  if (ne_clock_is_running (&self->clock) && self->clock_id == 0)
    {
      self->shown_seconds = self->clock.base_ms / 1000;
      self->clock_id = g_timeout_add (250, nonet_window_clock_tick, self);
    }
  else if (!ne_clock_is_running (&self->clock))
    g_clear_handle_id (&self->clock_id, g_source_remove);
}

static gboolean
nonet_window_trim_memory (gpointer user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);

  self->trim_id = 0;
  if (self->store != NULL)
    ne_store_release_memory (self->store);
#if HAVE_MALLOC_TRIM
  malloc_trim (0);
#endif
  return G_SOURCE_REMOVE;
}

/* Start-up work (the built-in import and the first puzzle, on threads,
 * and the first frame) frees much of what it allocates, but the library's
 * page cache and glibc's arenas keep it resident. Given back once the main
 * loop is idle: 1.3 MiB less resident on both first and later starts
 * (bench-startup.py, 15 runs). Several calls before then make one. */
void
nonet_window_trim_memory_later (NonetWindow *self)
{
  if (self->trim_id == 0)
    self->trim_id = g_idle_add_full (G_PRIORITY_LOW, nonet_window_trim_memory, self, NULL);
}

void
nonet_window_stop_clock (NonetWindow *self)
{
  nonet_window_sync_clock (self, self->clock.holds | NE_CLOCK_HOLD_IDLE);
}

static void
nonet_window_update_clock (NonetWindow *self)
{
  nonet_window_sync_clock (self, nonet_window_clock_holds (self));
  nonet_window_update_title (self);
}

/* The window went to the background or came back, or one of ours opened
 * or closed over it. */
static void
nonet_window_focus_changed (NonetWindow *self)
{
  nonet_window_update_clock (self);
}

static void
nonet_window_toplevels_changed (NonetWindow *self,
                                guint        position,
                                guint        removed,
                                guint        added,
                                GListModel  *toplevels)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WINDOW (self))
        g_signal_connect_object (window, "notify::visible",
                                 G_CALLBACK (nonet_window_focus_changed), self, G_CONNECT_SWAPPED);
    }
  nonet_window_update_clock (self);
}

/* The first move of a game starts its clock. */
static void
nonet_window_game_changed (NonetWindow *self)
{
  if (!self->game_started)
    {
      self->game_started = TRUE;
      nonet_window_update_clock (self);
    }
}

void
nonet_window_update_all (NonetWindow *self)
{
  /* Entering a puzzle or watching a solve is a choice made too. */
  if (self->welcoming && (self->editor_game != NULL || self->overlay_on))
    {
      nonet_window_leave_welcome (self);
      return;
    }
  nonet_window_update_board (self);
  nonet_window_update_clock (self);
  nonet_window_update_actions (self);
}

void
nonet_window_show_welcome (NonetWindow *self)
{
  self->welcoming = TRUE;
  g_debug ("welcome page shown");
  nonet_window_update_all (self);
  gtk_widget_grab_focus (self->welcome_easy_button);
}

void
nonet_window_leave_welcome (NonetWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean focus_on_page = focus == NULL || gtk_widget_is_ancestor (focus, self->welcome_page);

  if (!self->welcoming)
    return;
  self->welcoming = FALSE;
  g_settings_set_boolean (self->settings, "show-welcome", FALSE);
  g_debug ("welcome page left");
  nonet_window_update_all (self);
  /* The focus on the page gone goes to the board; elsewhere (a solver run
   * focuses its bar) it stays. */
  if (focus_on_page)
    gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
}

/* A difficulty chosen on the welcome page: the default one is the puzzle
 * made ready behind it. */
static void
nonet_window_action_welcome (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  const char *preset = g_variant_get_string (parameter, NULL);
  gboolean ready = self->game != NULL || self->generate_cancellable != NULL;

  nonet_window_leave_welcome (self);
  if (!ready || g_strcmp0 (preset, NONET_DEFAULT_PRESET) != 0)
    nonet_window_new_game (self, preset);
}

/* Escape on the welcome page plays the puzzle behind it. */
static gboolean
nonet_window_welcome_escape (GtkWidget *widget,
                             GVariant  *args,
                             gpointer   user_data)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (!self->welcoming)
    return FALSE;
  nonet_window_leave_welcome (self);
  return TRUE;
}

/* The preset of a difficulty, for "New Medium Game": NULL for one New Game
 * does not make. */
static const char *
nonet_window_grade_preset (int grade)
{
  static const char * const presets[] = {
    [NC_GRADE_EASY] = "easy", [NC_GRADE_MEDIUM] = "medium",
    [NC_GRADE_HARD] = "hard", [NC_GRADE_EXPERT] = "expert",
  };

  return grade >= 0 && grade < (int) G_N_ELEMENTS (presets) ? presets[grade] : NULL;
}

/* What the bar over a solved game says: its time against the best of its
 * difficulty, and a new game of that difficulty as the next step. */
static void
nonet_window_update_finish (NonetWindow *self)
{
  g_autofree char *time = nonet_format_duration (ne_game_get_elapsed_ms (self->game));
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *button = NULL;
  g_autoptr(GError) error = NULL;
  NePuzzleInfo info = { 0 };
  const char *preset = NULL;
  gint64 puzzle_id = 0;

  if (self->store != NULL && ne_game_get_game_id (self->game) > 0)
    puzzle_id = ne_store_get_game_puzzle (self->store, ne_game_get_game_id (self->game), &error);
  if (puzzle_id > 0 && ne_store_get_puzzle (self->store, puzzle_id, &info, &error))
    preset = nonet_window_grade_preset (info.grade);
  if (error != NULL)
    g_warning ("The best time cannot be shown: %s", error->message);
  g_clear_error (&error);

  if (preset != NULL)
    {
      const char *grade = ne_grade_label (info.grade);
      gint64 best = ne_store_get_best_time (self->store, info.grade, ne_game_get_game_id (self->game), &error);
      g_autofree char *best_time = nonet_format_duration (best);

      if (error != NULL)
        g_warning ("The best time cannot be read: %s", error->message);

      if (best < 0)
        /* Translators: %s is the time played, such as 4:12, then the difficulty, such as Medium */
        text = g_strdup_printf (_("Solved in %s — your first %s puzzle"), time, grade);
      else if (ne_game_get_elapsed_ms (self->game) < best)
        /* Translators: the time played, the difficulty, the best time before */
        text = g_strdup_printf (_("Solved in %s — a new best for %s (it was %s)"), time, grade, best_time);
      else
        /* Translators: the time played, the difficulty, the best time */
        text = g_strdup_printf (_("Solved in %s — your best for %s is %s"), time, grade, best_time);
      /* Translators: %s is a difficulty, such as Medium */
      button = g_strdup_printf (_("New %s Game"), grade);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->finish_button), "s", preset);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->finish_button), "win.new-game");
    }
  else
    {
      /* Translators: %s is the time played, such as 4:12 */
      text = g_strdup_printf (_("Solved in %s"), time);
      button = g_strdup (_("New Game"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->finish_button), "win.new-game-menu");
    }
  shown = nonet_window_hint_finish_text (self, text);
  gtk_label_set_label (self->finish_label, shown);
  gtk_button_set_label (self->finish_button, button);
  /* GTK 4.8 names a button by the label it was made with. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->finish_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, button, -1);
  ne_puzzle_info_clear (&info);
}

void
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
  nonet_window_a11y_paused (self, paused);
}

void
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
  g_clear_object (&self->search_actions);
  nonet_window_update_finish (self);
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

void
nonet_window_grid_show (NonetWindow *self)
{
  nonet_grid_view_set_game (self->grid_view, nonet_window_active_game (self));
}

/* A game with moves that another takes the place of stays in the library:
 * a toast offers it back, rather than a dialog asking first (HIG: undo
 * beats confirmation; nothing is lost either way). */
static void
nonet_window_offer_replaced (NonetWindow *self,
                             gint64       game_id)
{
  AdwToast *toast = nonet_toast_new (_("Game replaced"));

  adw_toast_set_button_label (toast, _("_Resume"));
  adw_toast_set_action_name (toast, "win.resume-game");
  adw_toast_set_action_target_value (toast, g_variant_new_int64 (game_id));
  nonet_toast_show (self->toast_overlay, toast);
}

void
nonet_window_set_game (NonetWindow *self,
                       NeGame      *game)
{
  gint64 replaced_id = 0;

  if (self->game == game)
    return;

  nonet_window_end_solve (self);
  nonet_window_stop_clock (self);
  if (self->game != NULL)
    {
      g_autoptr(GError) error = NULL;

      g_signal_handlers_disconnect_by_data (self->game, self);
      /* The game left keeps its time. */
      if (!ne_game_save_now (self->game, &error))
        g_warning ("Could not save the game: %s", error->message);
      else if (game != NULL && self->store != NULL && ne_game_get_store (self->game) == self->store &&
               !ne_game_get_solved (self->game) && nonet_window_game_has_moves (self->game) &&
               ne_game_get_game_id (self->game) != ne_game_get_game_id (game))
        replaced_id = ne_game_get_game_id (self->game);
    }
  g_set_object (&self->game, game);

  /* A game under way goes on from its time; a fresh one waits for a move. */
  ne_clock_init (&self->clock, game != NULL ? ne_game_get_elapsed_ms (game) : 0,
                 NE_CLOCK_HOLD_IDLE, g_get_monotonic_time ());
  self->game_started = game != NULL && nonet_window_game_has_moves (game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "changed",
                               G_CALLBACK (nonet_window_game_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::can-undo",
                               G_CALLBACK (nonet_window_game_can_undo_redo), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::can-redo",
                               G_CALLBACK (nonet_window_game_can_undo_redo), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::solved",
                               G_CALLBACK (nonet_window_game_solved), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "save-failed",
                               G_CALLBACK (nonet_window_save_failed), self, G_CONNECT_SWAPPED);
    }

  if (game != NULL && ne_game_get_solved (game))
    nonet_window_update_finish (self);
  if (self->editor_game == NULL)
    nonet_window_grid_show (self);
  nonet_window_title_reload (self);
  nonet_window_set_paused (self, FALSE);
  nonet_window_update_all (self);
  if (replaced_id > 0)
    nonet_window_offer_replaced (self, replaced_id);
}

/* Plays game in place of whatever the window shows, the editor included. */
void
nonet_window_play (NonetWindow *self,
                   NeGame      *game)
{
  g_clear_object (&self->editor_game);
  nonet_window_leave_editor (self);
  nonet_window_set_game (self, game);
}

/* Starts playing givens: saved in the library when it is open, so a crash
 * loses nothing. graded (NULL: not known) is what the generator found. */
void
nonet_window_start_game (NonetWindow         *self,
                         const NcGrid        *givens,
                         const NcGrid        *solution,
                         const NcGradeResult *graded,
                         const char          *source)
{
  g_autoptr(NeGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (self->store != NULL)
    {
      if (graded != NULL)
        game = ne_game_new_graded_in_store (self->store, givens, solution, graded, source, &error);
      else
        game = ne_game_new_in_store (self->store, givens, solution, source, &error);
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

  gtk_menu_button_popup (GTK_MENU_BUTTON (adw_squeezer_get_visible_child (self->new_game_squeezer)));
}

/* A menu button's popover is made the first time it opens: each of the
 * three is a tree of menu items the first frame does not need. */
static void
nonet_window_make_menu (GtkMenuButton *button,
                        gpointer       menu)
{
  gtk_menu_button_set_menu_model (button, G_MENU_MODEL (menu));
}

/* The user help: the Mallard pages of help/, installed as help:nonet. */
#define HELP_URI "help:nonet"

static void
nonet_window_help_shown (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(NonetWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    return;
  g_debug ("help not shown: %s", error->message);
  /* Nothing at all would look like a broken key. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_FAILED))
    nonet_window_toast (self, _("The help cannot be shown: no help viewer is installed"));
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *title = g_strdup_printf (_("The help cannot be shown: %s"), error->message);

      nonet_window_toast (self, title);
    }
}

static void
nonet_window_action_help (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  gtk_show_uri_full (GTK_WINDOW (widget), HELP_URI, GDK_CURRENT_TIME, NULL,
                     nonet_window_help_shown, g_object_ref (widget));
}

/* Ctrl+? and the menu's Keyboard Shortcuts. The window is made the first
 * time, not with the main window (as GtkApplication makes a
 * gtk/help-overlay.ui): its 43 objects took a tenth of the time to the
 * first window, and most starts never show it. It is what GTK's help
 * overlay is: modal over this window, hidden when closed. */
static void
nonet_window_action_shortcuts (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (self->shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/nonet/Nonet/nonet-shortcuts-window.ui");

      self->shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      g_object_ref_sink (self->shortcuts);
      gtk_window_set_transient_for (self->shortcuts, GTK_WINDOW (self));
      gtk_window_set_hide_on_close (self->shortcuts, TRUE);
      gtk_window_set_destroy_with_parent (self->shortcuts, TRUE);
      nonet_window_a11y_shortcuts (self->shortcuts);
    }
  gtk_window_present (self->shortcuts);
}

/* The toast's Resume: the game New Game or a puzzle entered took the place of. */
static void
nonet_window_action_resume_game (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  g_autoptr(NeGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (self->store == NULL)
    return;
  game = ne_game_load (self->store, g_variant_get_int64 (parameter), &error);
  if (game == NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Your game could not be resumed: %s"), error->message);

      nonet_window_toast (self, title);
      return;
    }
  nonet_window_stop_generating (self);
  nonet_window_play (self, game);
}

static void
nonet_window_action_undo (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  nonet_window_a11y_undo (self, nonet_window_active_game (self), FALSE);
}

static void
nonet_window_action_redo (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  nonet_window_a11y_undo (self, nonet_window_active_game (self), TRUE);
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

/* The solve bar's cell order ("reading" or "mrv"): a run going restarts in it. */
static void
nonet_window_action_cell_order (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  NcOrder order;

  if (nc_order_from_name (g_variant_get_string (parameter, NULL), &order))
    nonet_solve_bar_set_order (nonet_window_solve_bar (self), order);
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

  {
    GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

    g_signal_handlers_disconnect_by_data (toplevels, self);
    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

        g_signal_handlers_disconnect_by_data (window, self);
      }
  }
  if (self->shortcuts != NULL)
    gtk_window_destroy (self->shortcuts);
  g_clear_object (&self->shortcuts);
  nonet_window_stop_clock (self);
  g_clear_handle_id (&self->trim_id, g_source_remove);
  g_cancellable_cancel (self->solve_cancellable);
  g_clear_object (&self->solve_cancellable);
  nonet_window_stop_explaining (self);
  nonet_window_run_clear (self);
  nonet_window_hint_dismiss (self);
  g_clear_object (&self->announcer);
  g_cancellable_cancel (self->generate_cancellable);
  g_clear_object (&self->generate_cancellable);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->editor_game);
  g_clear_pointer (&self->puzzle_title, g_free);
  /* It lives in the application's window list: it would keep the app running. */
  if (self->library_window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->library_window), (gpointer *) &self->library_window);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->library_window)));
    }
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  self->solve_bar = NULL;   /* the revealer's */

  gtk_widget_dispose_template (GTK_WIDGET (self), NONET_TYPE_WINDOW);

  G_OBJECT_CLASS (nonet_window_parent_class)->dispose (object);
}

/* A window too narrow for the header bar's tools shows them in a bar at
 * the bottom instead, the libadwaita 1.2 way (a squeezer decides, by the
 * room the header bar gives it, as AdwViewSwitcherTitle does for its bar):
 * each tool is in one place at a time, and in the bottom bar of a phone-
 * sized window it sits under the thumb. */
/* What the header bar's title asks for at most: room for "Nonet" and
 * a few letters more, so a long title yields to the tools first. */
#define TITLE_NATURAL_WIDTH 100

static void
nonet_window_update_narrow (NonetWindow *self)
{
  GtkWidget *end = adw_squeezer_get_visible_child (self->end_squeezer);
  gboolean tools_below = adw_squeezer_get_visible_child (self->start_squeezer) != self->start_tools;
  gboolean pause_below = end != self->end_tools;
  gboolean undo_below = pause_below && end != self->end_undo_tools;

  gtk_widget_set_visible (self->bottom_tools, tools_below);
  gtk_widget_set_visible (self->bottom_pause_button, pause_below);
  gtk_widget_set_visible (self->bottom_undo_tools, undo_below);
  gtk_action_bar_set_revealed (self->bottom_bar, tools_below || pause_below);
}

/* The tooltips of the header bar's and the bottom bar's tools, by their
 * ids in nonet-window.ui. They are set here rather than there so that
 * nonet_widget_set_tooltip spares each the pointer query GTK makes for a
 * shown widget: twenty round trips to the X server, 3 ms of a start-up. */
static const struct
{
  const char *id;
  gssize      offset; /* of its field in NonetWindow, or 0 for none */
  const char *tooltip;
} window_tooltips[] = {
  { "new_game_button",       G_STRUCT_OFFSET (NonetWindow, new_game_button), N_("Start a New Game") },
  { "new_game_icon_button",  G_STRUCT_OFFSET (NonetWindow, new_game_icon_button), N_("Start a New Game") },
  { "library_button",        G_STRUCT_OFFSET (NonetWindow, library_button), N_("Library") },
  { "enter_puzzle_button",   0, N_("Enter a Puzzle") },
  { "solve_button",          0, N_("Show the Solution") },
  { "animate_button",        0, N_("Watch the Backtracking Solver") },
  { "spinner",               G_STRUCT_OFFSET (NonetWindow, spinner), N_("Generating a puzzle…") },
  { "primary_menu_button",   G_STRUCT_OFFSET (NonetWindow, primary_menu_button), N_("Main Menu") },
  { "pause_button",          0, N_("Pause") },
  { "end_undo_button",       0, N_("Undo") },
  { "end_redo_button",       0, N_("Redo") },
  { "narrow_undo_button",    0, N_("Undo") },
  { "narrow_redo_button",    0, N_("Redo") },
  { "bottom_library_button", G_STRUCT_OFFSET (NonetWindow, bottom_library_button), N_("Library") },
  { "bottom_enter_button",   0, N_("Enter a Puzzle") },
  { "bottom_solve_button",   0, N_("Show the Solution") },
  { "bottom_animate_button", 0, N_("Watch the Backtracking Solver") },
  { "bottom_undo_button",    0, N_("Undo") },
  { "bottom_redo_button",    0, N_("Redo") },
  { "bottom_pause_button",   G_STRUCT_OFFSET (NonetWindow, bottom_pause_button), N_("Pause") },
};

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
  g_type_ensure (NONET_TYPE_EVENT_LOG);
  g_type_ensure (NONET_TYPE_STATUS_AREA);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-window.ui");
  for (gsize i = 0; i < G_N_ELEMENTS (window_tooltips); i++)
    gtk_widget_class_bind_template_child_full (widget_class, window_tooltips[i].id, FALSE,
                                               window_tooltips[i].offset);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, new_game_squeezer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, new_game_menu);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, title_box);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, editor_revealer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, editor_label);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, paused_box);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, welcome_page);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, welcome_easy_button);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, finish_box);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, finish_label);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, finish_button);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, grid_view);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, number_pad);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, solve_buttons);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, start_squeezer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, start_tools);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, end_squeezer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, end_tools);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, end_undo_tools);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, bottom_undo_tools);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, bottom_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, bottom_tools);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, bottom_solve_buttons);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, solve_revealer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, event_log);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, log_revealer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, hint_revealer);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, hint_area);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, hint_title);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, hint_label);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, hint_count);
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, hint_apply_button);

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
  gtk_widget_class_install_action (widget_class, "win.resume-game", "x", nonet_window_action_resume_game);
  gtk_widget_class_install_action (widget_class, "win.welcome", "s", nonet_window_action_welcome);
  gtk_widget_class_install_action (widget_class, "win.help", NULL, nonet_window_action_help);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, nonet_window_action_shortcuts);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, nonet_window_action_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, nonet_window_action_redo);
  gtk_widget_class_install_action (widget_class, "win.reset", NULL, nonet_window_action_reset);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, nonet_window_action_hint);
  gtk_widget_class_install_action (widget_class, "win.hint-close", NULL, nonet_window_action_hint_close);
  gtk_widget_class_install_property_action (widget_class, "win.pause", "paused");
  gtk_widget_class_install_property_action (widget_class, "win.show-log", "show-log");
  gtk_widget_class_install_action (widget_class, "win.solve", NULL, nonet_window_action_solve);
  gtk_widget_class_install_action (widget_class, "win.show-solutions", NULL, nonet_window_action_show_solutions);
  gtk_widget_class_install_action (widget_class, "win.animate", NULL, nonet_window_action_animate);
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, nonet_window_action_compare);
  gtk_widget_class_install_action (widget_class, "win.animate-pause", NULL, nonet_window_action_animate_pause);
  gtk_widget_class_install_action (widget_class, "win.animate-step", NULL, nonet_window_action_animate_step);
  gtk_widget_class_install_action (widget_class, "win.animate-stop", NULL, nonet_window_action_animate_stop);
  gtk_widget_class_install_action (widget_class, "win.cell-order", "s", nonet_window_action_cell_order);
  /* Escape stops a run or closes a solution (the action is disabled
   * otherwise, and the key goes on). The other keys of a run are
   * application accelerators (nonet-application.c): caught before the
   * focused widget sees them, wherever the focus is, and passed on while
   * their action is disabled. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.animate-stop", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, nonet_window_welcome_escape, NULL);
}

static void
nonet_window_init (NonetWindow *self)
{
  static const char * const grid_keys[] = {
    "highlight-peers", "highlight-same-digit", "highlight-conflicts", "auto-clean-notes",
  };

  gtk_widget_init_template (GTK_WIDGET (self));
  for (gsize i = 0; i < G_N_ELEMENTS (window_tooltips); i++)
    nonet_widget_set_tooltip (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), NONET_TYPE_WINDOW,
                                                                          window_tooltips[i].id)),
                              _(window_tooltips[i].tooltip));
  ne_clock_init (&self->clock, 0, NE_CLOCK_HOLD_IDLE, 0);
  gtk_widget_set_layout_manager (GTK_WIDGET (self->board_box), nonet_board_layout_new ());
  gtk_widget_set_layout_manager (self->content_box, nonet_side_layout_new (280, 400));
  gtk_widget_set_layout_manager (self->title_box, nonet_cap_layout_new (TITLE_NATURAL_WIDTH));
  g_signal_connect_object (self->start_squeezer, "notify::visible-child",
                           G_CALLBACK (nonet_window_update_narrow), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->end_squeezer, "notify::visible-child",
                           G_CALLBACK (nonet_window_update_narrow), self, G_CONNECT_SWAPPED);
  nonet_window_update_narrow (self);

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
  self->announcer = nonet_announcer_new (GTK_WINDOW (self));
  g_signal_connect_object (self->grid_view, "announce",
                           G_CALLBACK (nonet_announcer_now), self->announcer, G_CONNECT_SWAPPED);
  g_settings_bind (self->settings, "announce-solver-progress", self->announcer, "progress", G_SETTINGS_BIND_GET);

  gtk_menu_button_set_create_popup_func (self->new_game_button, nonet_window_make_menu, self->new_game_menu, NULL);
  gtk_menu_button_set_create_popup_func (self->new_game_icon_button, nonet_window_make_menu, self->new_game_menu, NULL);
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, nonet_window_make_menu, self->primary_menu, NULL);
  nonet_window_add_file_drop (self);
  nonet_window_hint_init (self);

  /* The clock stands still while we are in the background or under a window of ours. */
  g_signal_connect (self, "notify::is-active", G_CALLBACK (nonet_window_focus_changed), NULL);
  {
    GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

    g_signal_connect_object (toplevels, "items-changed",
                             G_CALLBACK (nonet_window_toplevels_changed), self, G_CONNECT_SWAPPED);
    nonet_window_toplevels_changed (self, 0, 0, g_list_model_get_n_items (toplevels), toplevels);
  }

  nonet_window_update_all (self);
  nonet_window_open_library (self);
  nonet_window_title_init (self);
  nonet_window_update_actions (self);
  nonet_window_search_init (self);
  nonet_window_a11y_init (self);
}

NonetWindow *
nonet_window_new (NonetApplication *application)
{
  g_return_val_if_fail (NONET_IS_APPLICATION (application), NULL);

  return g_object_new (NONET_TYPE_WINDOW,
                       "application", application,
                       NULL);
}
