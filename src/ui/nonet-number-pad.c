/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-number-pad.c: an on-screen number pad. It sits beside the grid, not
 * inside it, so its buttons cannot reach the grid's actions through the
 * widget tree: they activate them on the grid view they are given. Hint is
 * the window's (win.hint, enabled while a game is in play). The buttons
 * never take the focus, so the grid keeps its cursor ring. */

#define G_LOG_DOMAIN "nonet-number-pad"

#include "config.h"

#include "nonet-number-pad.h"

#include <glib/gi18n.h>

#include "nonet-a11y.h"
#include "nonet-text.h"

struct _NonetNumberPad
{
  GtkWidget      parent_instance;

  /* Children */
  GtkWidget     *grid;
  GtkWidget     *digit_buttons[9];
  GtkWidget     *digit_checks[9];
  GtkWidget     *erase_button;
  GtkWidget     *pencil_button;
  GtkWidget     *hint_button;

  /* Borrowed, weak: the binding goes when either end does */
  NonetGridView *grid_view;
  NeGame        *game;
  GBinding      *pencil_binding;

  gboolean       complete[9];
};

G_DEFINE_FINAL_TYPE (NonetNumberPad, nonet_number_pad, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GRID_VIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Nine of digit on the board and none in conflict. */
static gboolean
digit_complete (const NcGrid *board,
                int           digit)
{
  int placed = 0;

  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      if (board->cell[cell] != digit)
        continue;
      for (int i = 0; i < NC_PEERS; i++)
        if (board->cell[nc_peers[cell][i]] == digit)
          return FALSE;
      placed++;
    }
  return placed == 9;
}

static void
update_digits (NonetNumberPad *self)
{
  NcGrid board = { 0 };

  if (self->game != NULL)
    nc_game_board (ne_game_get_core (self->game), &board);

  for (int d = 1; d <= 9; d++)
    {
      gboolean complete = digit_complete (&board, d);
      GtkWidget *button = self->digit_buttons[d - 1];

      self->complete[d - 1] = complete;
      gtk_widget_set_sensitive (button, !complete);
      gtk_widget_set_visible (self->digit_checks[d - 1], complete);
      if (complete)
        gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("All nine placed"),
                                        -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

static void
update_sensitive (NonetNumberPad *self)
{
  gboolean usable = FALSE;
  gboolean entering = FALSE;

  if (self->grid_view != NULL)
    {
      gboolean locked, hidden;

      g_object_get (self->grid_view, "locked", &locked, "hidden", &hidden, "entering", &entering, NULL);
      usable = self->game != NULL && !locked && !hidden;
    }
  gtk_widget_set_sensitive (self->grid, usable);
  /* Pencil marks are for play, not for entering givens. */
  gtk_widget_set_sensitive (self->pencil_button, !entering);
}

static void
on_game_changed (NonetNumberPad *self,
                 int             cell,
                 NeGame         *game)
{
  update_digits (self);
}

static void
set_game (NonetNumberPad *self,
          NeGame         *game)
{
  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_weak_pointer (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
}

static void
on_grid_view_notify (NonetNumberPad *self,
                     GParamSpec     *pspec,
                     NonetGridView  *grid_view)
{
  set_game (self, nonet_grid_view_get_game (grid_view));
  update_digits (self);
  update_sensitive (self);
}

/* The grid went first. */
static void
on_grid_view_finalized (gpointer  data,
                        GObject  *where_the_object_was)
{
  NonetNumberPad *self = data;

  self->grid_view = NULL;
  set_game (self, NULL);
  update_digits (self);
  update_sensitive (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRID_VIEW]);
}

static void
on_digit_clicked (GtkButton      *button,
                  NonetNumberPad *self)
{
  int digit = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "digit"));

  if (self->grid_view != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self->grid_view), "grid.enter", "i", digit);
}

static void
on_erase_clicked (GtkButton      *button,
                  NonetNumberPad *self)
{
  if (self->grid_view != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self->grid_view), "grid.clear", NULL);
}

static GtkWidget *
digit_button_new (NonetNumberPad *self,
                  int             digit)
{
  char text[2] = { (char) ('0' + digit), '\0' };
  GtkWidget *button = gtk_button_new ();
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_widget_add_css_class (label, "title-2");
  gtk_overlay_set_child (GTK_OVERLAY (overlay), label);

  gtk_image_set_pixel_size (GTK_IMAGE (check), 10);
  gtk_widget_set_halign (check, GTK_ALIGN_END);
  gtk_widget_set_valign (check, GTK_ALIGN_START);
  gtk_widget_set_visible (check, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), check);
  self->digit_checks[digit - 1] = check;

  gtk_button_set_child (GTK_BUTTON (button), overlay);
  /* GTK 4.8 names a button with no label of its own "GtkButton". */
  {
    /* Translators: a number pad's button, for a screen reader; %d is 1 to 9 */
    g_autofree char *name = g_strdup_printf (_("Digit %d"), digit);

    nonet_a11y_name (button, name);
  }
  gtk_widget_set_focus_on_click (button, FALSE);
  /* Wide enough that the check clears the digit; a touch target. */
  gtk_widget_set_size_request (button, 52, 48);
  g_object_set_data (G_OBJECT (button), "digit", GINT_TO_POINTER (digit));
  g_signal_connect (button, "clicked", G_CALLBACK (on_digit_clicked), self);
  return button;
}

static void
nonet_number_pad_dispose (GObject *object)
{
  NonetNumberPad *self = NONET_NUMBER_PAD (object);

  nonet_number_pad_set_grid_view (self, NULL);
  g_clear_pointer (&self->grid, gtk_widget_unparent);

  G_OBJECT_CLASS (nonet_number_pad_parent_class)->dispose (object);
}

static void
nonet_number_pad_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  NonetNumberPad *self = NONET_NUMBER_PAD (object);

  switch (prop_id)
    {
    case PROP_GRID_VIEW:
      g_value_set_object (value, self->grid_view);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_number_pad_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  NonetNumberPad *self = NONET_NUMBER_PAD (object);

  switch (prop_id)
    {
    case PROP_GRID_VIEW:
      nonet_number_pad_set_grid_view (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_number_pad_class_init (NonetNumberPadClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nonet_number_pad_dispose;
  object_class->get_property = nonet_number_pad_get_property;
  object_class->set_property = nonet_number_pad_set_property;

  properties[PROP_GRID_VIEW] =
    g_param_spec_object ("grid-view", NULL, NULL, NONET_TYPE_GRID_VIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "numberpad");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
nonet_number_pad_init (NonetNumberPad *self)
{
  self->grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 6);
  gtk_grid_set_row_homogeneous (GTK_GRID (self->grid), TRUE);
  gtk_grid_set_column_homogeneous (GTK_GRID (self->grid), TRUE);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));

  for (int d = 1; d <= 9; d++)
    {
      self->digit_buttons[d - 1] = digit_button_new (self, d);
      gtk_grid_attach (GTK_GRID (self->grid), self->digit_buttons[d - 1], (d - 1) % 3, (d - 1) / 3, 1, 1);
    }

  self->erase_button = gtk_button_new_from_icon_name ("edit-clear-symbolic");
  nonet_widget_set_tooltip (self->erase_button, _("Erase"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->erase_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Erase"), -1);
  gtk_widget_set_focus_on_click (self->erase_button, FALSE);
  g_signal_connect (self->erase_button, "clicked", G_CALLBACK (on_erase_clicked), self);
  gtk_grid_attach (GTK_GRID (self->grid), self->erase_button, 0, 3, 1, 1);

  self->pencil_button = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (self->pencil_button), "document-edit-symbolic");
  nonet_widget_set_tooltip (self->pencil_button, _("Pencil Marks"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pencil_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Pencil Marks"), -1);
  gtk_widget_set_focus_on_click (self->pencil_button, FALSE);
  gtk_grid_attach (GTK_GRID (self->grid), self->pencil_button, 1, 3, 1, 1);

  self->hint_button = gtk_button_new_from_icon_name ("nonet-hint-symbolic");
  nonet_widget_set_tooltip (self->hint_button, _("Hint: Show the Next Step"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->hint_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Hint"), -1);
  gtk_widget_set_focus_on_click (self->hint_button, FALSE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->hint_button), "win.hint");
  gtk_grid_attach (GTK_GRID (self->grid), self->hint_button, 2, 3, 1, 1);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Number pad"), -1);

  update_digits (self);
  update_sensitive (self);
}

GtkWidget *
nonet_number_pad_new (void)
{
  return g_object_new (NONET_TYPE_NUMBER_PAD, NULL);
}

void
nonet_number_pad_set_grid_view (NonetNumberPad *self,
                                NonetGridView  *grid_view)
{
  g_return_if_fail (NONET_IS_NUMBER_PAD (self));
  g_return_if_fail (grid_view == NULL || NONET_IS_GRID_VIEW (grid_view));

  if (self->grid_view == grid_view)
    return;

  if (self->pencil_binding != NULL)
    {
      GBinding *binding = self->pencil_binding;

      g_clear_weak_pointer (&self->pencil_binding);
      g_binding_unbind (binding);
    }
  if (self->grid_view != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->grid_view, self);
      g_object_weak_unref (G_OBJECT (self->grid_view), on_grid_view_finalized, self);
    }
  self->grid_view = grid_view;

  if (grid_view != NULL)
    {
      g_object_weak_ref (G_OBJECT (grid_view), on_grid_view_finalized, self);
      g_signal_connect_object (grid_view, "notify::game", G_CALLBACK (on_grid_view_notify), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (grid_view, "notify::locked", G_CALLBACK (on_grid_view_notify), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (grid_view, "notify::hidden", G_CALLBACK (on_grid_view_notify), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (grid_view, "notify::entering", G_CALLBACK (on_grid_view_notify), self, G_CONNECT_SWAPPED);
      g_set_weak_pointer (&self->pencil_binding,
                          g_object_bind_property (grid_view, "pencil-mode",
                                                  self->pencil_button, "active",
                                                  G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE));
      on_grid_view_notify (self, NULL, grid_view);
    }
  else
    {
      set_game (self, NULL);
      update_digits (self);
      update_sensitive (self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRID_VIEW]);
}

NonetGridView *
nonet_number_pad_get_grid_view (NonetNumberPad *self)
{
  g_return_val_if_fail (NONET_IS_NUMBER_PAD (self), NULL);

  return self->grid_view;
}

gboolean
nonet_number_pad_get_digit_complete (NonetNumberPad *self,
                                     int             digit)
{
  g_return_val_if_fail (NONET_IS_NUMBER_PAD (self), FALSE);
  g_return_val_if_fail (digit >= 1 && digit <= 9, FALSE);

  return self->complete[digit - 1];
}
