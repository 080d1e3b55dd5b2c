/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-hint.c: Hint while playing. The first press shows the next
 * step (ne-hint.h) in a bar over the board, tints the cells it is about and
 * puts the cursor on its cell; the second press plays it as ordinary moves,
 * so Undo takes it back. Every hint shown is counted with the game. The
 * bar goes when the game changes otherwise, or is paused, left or done. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include <glib/gi18n.h>

#include "nonet-window-private.h"

static void nonet_window_hint_game_changed (NonetWindow *self);

static void
nonet_window_hint_clear_marks (NonetWindow *self)
{
  if (nonet_grid_view_get_game (self->grid_view) != self->hint_game)
    return;
  nonet_grid_view_hint_cells (self->grid_view, NULL, 0);
  if (self->hint != NULL && self->hint->kind == NE_HINT_WRONG)
    nonet_grid_view_mark_cells (self->grid_view, NULL, 0);
}

void
nonet_window_hint_dismiss (NonetWindow *self)
{
  if (self->hint_game != NULL)
    {
      nonet_window_hint_clear_marks (self);
      g_signal_handlers_disconnect_by_func (self->hint_game, nonet_window_hint_game_changed, self);
      g_signal_handlers_disconnect_by_func (self->hint_game, nonet_window_hint_dismiss, self);
      g_clear_object (&self->hint_game);
    }
  g_clear_pointer (&self->hint, g_free);
  if (gtk_revealer_get_reveal_child (self->hint_revealer))
    g_debug ("hint bar closed");
  gtk_revealer_set_reveal_child (self->hint_revealer, FALSE);
}

/* A move of the player's own: the hint no longer fits the board. */
static void
nonet_window_hint_game_changed (NonetWindow *self)
{
  if (!self->hint_applying)
    nonet_window_hint_dismiss (self);
}

static void
nonet_window_hint_follow (NonetWindow *self,
                          NeGame      *game)
{
  if (self->hint_game == game)
    return;
  nonet_window_hint_dismiss (self);
  self->hint_game = g_object_ref (game);
  g_signal_connect_object (game, "changed",
                           G_CALLBACK (nonet_window_hint_game_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::solved",
                           G_CALLBACK (nonet_window_hint_dismiss), self, G_CONNECT_SWAPPED);
}

static char *
nonet_window_hint_count_text (guint hints)
{
  /* Translators: how many hints this game has had, in the hint bar */
  return g_strdup_printf (ngettext ("%u hint used in this game", "%u hints used in this game", hints), hints);
}

/* Shows title and text in the bar (apply: the label of the button that
 * applies the hint, NULL for none) and says them. */
static void
nonet_window_hint_show_bar (NonetWindow *self,
                            const char  *title,
                            const char  *text,
                            const char  *apply)
{
  g_autofree char *count = nonet_window_hint_count_text (ne_game_get_hints (self->hint_game));
  /* Translators: the hint bar as a screen reader hears it: its heading,
   * such as "Hidden single", then its sentence */
  g_autofree char *said = g_strdup_printf (_("%s: %s"), title, text);

  gtk_label_set_label (self->hint_title, title);
  gtk_label_set_label (self->hint_label, text);
  gtk_label_set_label (self->hint_count, count);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_apply_button), apply != NULL);
  if (apply != NULL)
    {
      gtk_button_set_label (self->hint_apply_button, apply);
      /* GTK 4.8 names a button by the label it was made with. */
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->hint_apply_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, apply, -1);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->hint_area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, said, -1);
  nonet_announcer_set_description (self->hint_area, count);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->hint_revealer, TRUE);

  /* The end-to-end tests follow the hints in the debug log. */
  g_debug ("hint: %s (%s)", said, count);
  nonet_announcer_now (self->announcer, said);
}

static void
nonet_window_hint_show (NonetWindow *self)
{
  g_autofree NeHint *hint = g_new0 (NeHint, 1);
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;
  g_autofree char *apply = NULL;

  nonet_window_hint_follow (self, self->game);
  if (!ne_hint_find (ne_game_get_core (self->game), ne_game_get_solution (self->game), hint))
    {
      title = ne_hint_title (hint);
      text = ne_hint_describe (hint);
      nonet_window_hint_show_bar (self, title, text, NULL);
      return;
    }

  /* Seen is used: the count goes up (and is saved) on the first press. */
  ne_game_count_hint (self->game);
  if (hint->kind == NE_HINT_WRONG)
    nonet_grid_view_mark_cells (self->grid_view, hint->cells, hint->n_cells);
  else
    nonet_grid_view_hint_cells (self->grid_view, hint->cells, hint->n_cells);
  nonet_grid_view_set_cursor (self->grid_view, hint->target);

  title = ne_hint_title (hint);
  text = ne_hint_describe (hint);
  apply = ne_hint_action (hint);
  self->hint = g_steal_pointer (&hint);
  nonet_window_hint_show_bar (self, title, text, apply);
}

/* The second press: the hint's moves, played as the player's. */
static void
nonet_window_hint_apply (NonetWindow *self)
{
  g_autofree NeHint *hint = g_steal_pointer (&self->hint);
  g_autofree NcMove *moves = g_new (NcMove, NE_HINT_MAX_MOVES);
  g_autofree char *applied = NULL;
  gboolean clean_notes = TRUE;
  int n_moves;

  g_object_get (self->grid_view, "auto-clean-notes", &clean_notes, NULL);
  n_moves = ne_hint_moves (hint, clean_notes, moves);
  self->hint_applying = TRUE;
  for (int i = 0; i < n_moves; i++)
    if (!ne_game_apply (self->hint_game, moves[i]))
      g_warning ("A hint's move %d of %d did not apply", i + 1, n_moves);
  self->hint_applying = FALSE;
  if (self->hint_game == NULL)
    return;   /* the last move solved the game: the bar is gone */

  nonet_grid_view_set_cursor (self->grid_view, hint->target);
  applied = ne_hint_applied (hint);
  /* Translators: the heading of the hint bar once the hint is played */
  nonet_window_hint_show_bar (self, _("Hint applied"), applied, NULL);
}

void
nonet_window_action_hint (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (self->game == NULL)
    return;
  if (self->hint != NULL && self->hint_game == self->game)
    nonet_window_hint_apply (self);
  else
    nonet_window_hint_show (self);
}

void
nonet_window_action_hint_close (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  gboolean had_focus = gtk_widget_get_focus_child (GTK_WIDGET (self->hint_revealer)) != NULL;

  nonet_window_hint_dismiss (self);
  /* The focus in the bar that goes goes back to the board. */
  if (had_focus)
    gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
}

char *
nonet_window_hint_finish_text (NonetWindow *self,
                               const char  *text)
{
  guint hints = self->game != NULL ? ne_game_get_hints (self->game) : 0;

  if (hints == 0)
    return g_strdup (text);
  /* Translators: the finish bar's "Solved in 4:12 — ...", then how many
   * hints the game had: "Solved in 4:12 (2 hints)" */
  return g_strdup_printf (ngettext ("%s (%u hint)", "%s (%u hints)", hints), text, hints);
}

/* A bar slid away is hidden: out of the way of Tab and of screen readers
 * (GTK 4.8 leaves hidden widgets out of the accessible tree). */
static void
nonet_window_hint_revealed (NonetWindow *self)
{
  if (!gtk_revealer_get_child_revealed (self->hint_revealer) &&
      !gtk_revealer_get_reveal_child (self->hint_revealer))
    gtk_widget_set_visible (GTK_WIDGET (self->hint_revealer), FALSE);
}

/* Whatever the window shows now is not the game of the hint. */
static void
nonet_window_hint_grid_game (NonetWindow *self)
{
  if (self->hint_game != NULL && nonet_grid_view_get_game (self->grid_view) != self->hint_game)
    nonet_window_hint_dismiss (self);
}

void
nonet_window_hint_init (NonetWindow *self)
{
  g_signal_connect_object (self->grid_view, "notify::game",
                           G_CALLBACK (nonet_window_hint_grid_game), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->hint_revealer, "notify::child-revealed",
                           G_CALLBACK (nonet_window_hint_revealed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self, "notify::paused",
                           G_CALLBACK (nonet_window_hint_dismiss), self, G_CONNECT_SWAPPED);
}
