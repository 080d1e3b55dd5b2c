/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-editor.c: the puzzle editor of the main window, where a
 * player types or pastes givens; a puzzle with one solution starts a game. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "nc-contradiction.h"
#include "nc-parse.h"
#include "nc-solver.h"
#include "ne-messages.h"

/* The source the library records for a puzzle typed or pasted in. */
#define ENTERED_SOURCE "entered"

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

/* What Start found wrong, shown and said at once: Start gave a screen
 * reader nothing to hear. */
static void
nonet_window_editor_refuse (NonetWindow *self,
                            const char  *message)
{
  nonet_window_editor_hint (self, message, TRUE);
  nonet_announcer_now (self->announcer, message);
}

static void
nonet_window_editor_changed (NonetWindow *self)
{
  /* The reason asked for is of a puzzle no longer there. */
  nonet_window_stop_explaining (self);
  nonet_window_editor_hint (self, _("Type the givens row by row, 0 for an empty cell, or paste a puzzle"), FALSE);
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

  /* Conflicts are always marked while entering givens; typing moves on
   * from r1c1 as on paper. */
  g_settings_unbind (self->grid_view, "highlight-conflicts");
  g_object_set (self->grid_view, "highlight-conflicts", TRUE, "entering", TRUE, NULL);

  nonet_window_grid_show (self);
  nonet_grid_view_set_cursor (self->grid_view, 0);
  nonet_window_title_show (self);
  nonet_window_editor_changed (self);
  gtk_revealer_set_reveal_child (self->editor_revealer, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
  nonet_window_update_all (self);
}

void
nonet_window_leave_editor (NonetWindow *self)
{
  gboolean was_open = gtk_revealer_get_reveal_child (self->editor_revealer);

  nonet_window_stop_explaining (self);
  g_clear_object (&self->editor_game);
  gtk_revealer_set_reveal_child (self->editor_revealer, FALSE);
  g_object_set (self->grid_view, "entering", FALSE, NULL);
  g_settings_bind (self->settings, "highlight-conflicts",
                   self->grid_view, "highlight-conflicts", G_SETTINGS_BIND_GET);
  nonet_window_grid_show (self);
  nonet_window_title_show (self);
  nonet_window_update_all (self);
  /* The editor's buttons had the focus and slide away with it. */
  if (was_open)
    gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
}

/* "Entered 1 December 2026 14:05": what an entered puzzle is called until
 * the player names it in the library. */
static char *
nonet_window_entered_title (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *when = NULL;

  /* Translators: how an entered puzzle's title gives the date and time,
   * in g_date_time_format's notation: "1 December 2026 14:05" */
  when = g_date_time_format (now, _("%-d %B %Y %H:%M"));
  /* Translators: an entered puzzle's title; %s is the date and time */
  return g_strdup_printf (_("Entered %s"), when != NULL ? when : "");
}

/* The title of the entered puzzle now in play: one it had in the library
 * already (it was entered before, or edited unchanged), else a new one,
 * saved when the library is open. */
static char *
nonet_window_name_entered (NonetWindow *self)
{
  g_autoptr(GError) error = NULL;
  NePuzzleInfo info = { 0 };
  gint64 puzzle_id = 0;
  char *title = NULL;

  if (self->store != NULL && ne_game_get_game_id (self->game) != 0)
    puzzle_id = ne_store_get_game_puzzle (self->store, ne_game_get_game_id (self->game), &error);
  if (puzzle_id != 0 && ne_store_get_puzzle (self->store, puzzle_id, &info, &error) && info.title != NULL)
    title = g_steal_pointer (&info.title);
  ne_puzzle_info_clear (&info);
  if (title != NULL)
    return title;

  title = nonet_window_entered_title ();
  if (puzzle_id != 0 && error == NULL && !ne_store_set_title (self->store, puzzle_id, title, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The puzzle’s title could not be saved: %s"), error->message);

      nonet_window_toast (self, message);
    }
  return title;
}

/* Plays the puzzle entered, under its title, and says so. */
static void
nonet_window_editor_play (NonetWindow  *self,
                          const NcGrid *board,
                          const NcGrid *solution)
{
  g_autofree char *title = NULL;
  g_autofree char *said = NULL;
  int clues = nc_grid_count_filled (board);

  nonet_window_start_game (self, board, solution, NULL, ENTERED_SOURCE);
  /* A new game starts with digits, whatever the last one left on. */
  g_object_set (self->grid_view, "pencil-mode", FALSE, NULL);
  title = nonet_window_name_entered (self);
  nonet_window_title_set (self, title);
  /* Translators: said to a screen reader on Start; %s is the puzzle's title */
  said = g_strdup_printf (ngettext ("Puzzle started: %s, %d clue", "Puzzle started: %s, %d clues", clues),
                          title, clues);
  nonet_announcer_now (self->announcer, said);
}

/* Why the puzzle entered has no solution: named, and its cells marked
 * when one look shows why, unless the editor moved on meanwhile. */
static void
nonet_window_editor_no_solution (NonetWindow           *self,
                                 const NcGrid          *puzzle,
                                 const char            *message,
                                 const NcContradiction *why)
{
  NcGrid board;
  uint8_t cells[9];

  if (self->editor_game == NULL)
    return;
  nc_game_board (ne_game_get_core (self->editor_game), &board);
  if (!nc_grid_equal (&board, puzzle))
    return;
  nonet_grid_view_mark_cells (self->grid_view, cells, nc_contradiction_cells (why, cells));
  nonet_window_editor_refuse (self, message);
}

static void
nonet_window_several_response (AdwMessageDialog *dialog,
                               const char       *response,
                               gpointer          user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);
  NcGrid board, solution;

  /* The editor may have closed meanwhile. */
  if (self->editor_game == NULL)
    return;
  if (g_strcmp0 (response, "solutions") == 0)
    {
      nonet_window_show_solutions (self);
      return;
    }
  if (g_strcmp0 (response, "play") != 0)
    return;

  nc_game_board (ne_game_get_core (self->editor_game), &board);
  if (nc_solver_count (&board, 1, &solution) == 1)
    nonet_window_editor_play (self, &board, &solution);
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
      nonet_window_editor_refuse (self, message);
      return;
    }

  n_solutions = nc_solver_count (&board, 2, &solution);
  if (n_solutions == 0)
    {
      /* Said once the reason is known: at once for a cell or a unit, after
       * the reference search otherwise. */
      nonet_window_editor_hint (self, _("This puzzle has no solution; finding out why…"), TRUE);
      nonet_window_explain_no_solution (self, &board, nonet_window_editor_no_solution);
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
                                        "solutions", _("_Show Solutions"),
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

  nonet_window_editor_play (self, &board, &solution);
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

void
nonet_window_action_enter_puzzle (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  nonet_window_enter_editor (NONET_WINDOW (widget), NULL);
}

void
nonet_window_action_edit_puzzle (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  g_return_if_fail (self->game != NULL);
  nonet_window_enter_editor (self, nc_game_givens (ne_game_get_core (self->game)));
}

void
nonet_window_action_start_puzzle (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  nonet_window_start_puzzle (NONET_WINDOW (widget));
}

void
nonet_window_action_cancel_puzzle (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  nonet_window_leave_editor (NONET_WINDOW (widget));
}

void
nonet_window_action_paste (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL,
                                 nonet_window_paste_cb, g_object_ref (widget));
}
