/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-a11y.c: the main window heard with a screen reader. Names
 * where GTK 4.8 would say a class or a mnemonic (see nonet-a11y.c), what
 * the launch says, and what undo and redo changed (a move off the cursor
 * cell is otherwise silent: only the focused cell's name is spoken). */
#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ne-messages.h"
#include "nonet-a11y.h"
#include "nonet-window-private.h"

/* The launch: Orca 43 reads a new GTK 4.8 window late or not at all (silent
 * in 6 of 9 starts), and nothing had the focus. Once the window is first
 * active, the board takes the focus (unless the welcome page or a run has
 * it) and the window's title and the cell are said. */
static void
nonet_window_a11y_first_active (NonetWindow *self)
{
  GtkWidget *focus;
  g_autofree char *cell = NULL;
  g_autofree char *said = NULL;
  const char *title;
  const char *subtitle;

  if (!gtk_window_is_active (GTK_WINDOW (self)) || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  g_signal_handlers_disconnect_by_func (self, nonet_window_a11y_first_active, NULL);

  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (!self->welcoming && (focus == NULL || !gtk_widget_get_mapped (focus) ||
                           !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->content_box))))
    {
      if (gtk_widget_get_mapped (GTK_WIDGET (self->grid_view)))
        gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
    }
  if (self->welcoming)
    return;   /* the welcome page's title and button say it all */

  title = adw_window_title_get_title (self->window_title);
  subtitle = adw_window_title_get_subtitle (self->window_title);
  cell = nonet_grid_view_describe_cursor (self->grid_view);
  if (subtitle != NULL && *subtitle != '\0')
    /* Translators: said at launch: the window's title, its subtitle (the
     * time played), and the cell the cursor is on */
    said = g_strdup_printf (_("%s, %s. %s"), title, subtitle, cell);
  else
    /* Translators: said at launch: the window's title and the cell the
     * cursor is on */
    said = g_strdup_printf (_("%s. %s"), title, cell);
  g_debug ("launch said: %s", said);
  nonet_announcer_now (self->announcer, said);
}

/* The shortcuts window splits its section into pages as it is shown, with
 * a switcher whose tabs GTK 4.8 names "_1", "_2" (the mnemonic's raw
 * text): they are named "Page 1" and so on, the rest as everywhere. */
static void
name_pages (GtkWidget *widget)
{
  if (GTK_IS_STACK_SWITCHER (widget))
    {
      int n = 0;

      for (GtkWidget *tab = gtk_widget_get_first_child (widget); tab != NULL;
           tab = gtk_widget_get_next_sibling (tab))
        {
          /* Translators: a page of the keyboard shortcuts, for a screen reader */
          g_autofree char *name = g_strdup_printf (_("Page %d"), ++n);

          gtk_accessible_reset_relation (GTK_ACCESSIBLE (tab), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
          nonet_a11y_name (tab, name);
        }
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_pages (child);
}

/* Its search entry, its search button (an icon) and its sections' menu
 * button have no name in GTK 4.8. */
static void
name_shortcuts_tools (GtkWidget *widget)
{
  if (GTK_IS_SEARCH_ENTRY (widget))
    nonet_a11y_name (widget, _("Search Shortcuts"));
  else if (GTK_IS_MENU_BUTTON (widget))
    {
      nonet_a11y_name (widget, _("Sections"));
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_BUTTON (child))
          nonet_a11y_name (child, _("Sections"));
      return;
    }
  else if (GTK_IS_TOGGLE_BUTTON (widget) && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget))))
    nonet_a11y_name (widget, _("Search"));
  else if (GTK_IS_SCROLLED_WINDOW (widget))
    nonet_a11y_name (widget, _("Keyboard Shortcuts"));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_shortcuts_tools (child);
}

static void
on_shortcuts_map (GtkWidget *shortcuts)
{
  nonet_a11y_quiet_class_names (shortcuts);
  name_pages (shortcuts);
  name_shortcuts_tools (shortcuts);
}

/* The shortcuts window, once made (nonet_window_action_shortcuts). */
void
nonet_window_a11y_shortcuts (GtkWindow *shortcuts)
{
  /* Untitled, GTK 4.8 names it "GtkShortcutsWindow". */
  gtk_window_set_title (shortcuts, _("Keyboard Shortcuts"));
  g_signal_connect_after (shortcuts, "map", G_CALLBACK (on_shortcuts_map), NULL);
}

void
nonet_window_a11y_init (NonetWindow *self)
{
  nonet_a11y_quiet_class_names (GTK_WIDGET (self));
  g_signal_connect (self, "notify::is-active", G_CALLBACK (nonet_window_a11y_first_active), NULL);
  g_signal_connect_after (self, "map", G_CALLBACK (nonet_window_a11y_first_active), NULL);
}

/* "Undid 5 at row 3, column 4", "Redid note 2 at row 1, column 1". */
static char *
nonet_window_a11y_move_words (NcMove   move,
                              gboolean redo)
{
  g_autofree char *where = move.kind == NC_MOVE_RESET ? NULL : ne_cell_words (move.cell);

  switch (move.kind)
    {
    case NC_MOVE_SET:
      /* Translators: said on undo; %d a digit, %s a cell ("row 3, column 4") */
      return g_strdup_printf (redo ? _("Redid %d at %s") : _("Undid %d at %s"), move.digit, where);
    case NC_MOVE_CLEAR:
      /* Translators: said on undo; %s a cell ("row 3, column 4") */
      return g_strdup_printf (redo ? _("Redid clearing %s") : _("Undid clearing %s"), where);
    case NC_MOVE_NOTE:
      /* Translators: said on undo; %d a pencil mark's digit, %s a cell */
      return g_strdup_printf (redo ? _("Redid note %d at %s") : _("Undid note %d at %s"),
                              move.digit, where);
    case NC_MOVE_RESET:
    default:
      return g_strdup (redo ? _("Redid the reset") : _("Undid the reset"));
    }
}

void
nonet_window_a11y_undo (NonetWindow *self,
                        NeGame      *game,
                        gboolean     redo)
{
  const NcGame *core;
  const NcMove *moves;
  size_t n_moves, position;
  NcMove move;
  gboolean done;
  g_autofree char *said = NULL;

  if (game == NULL)
    return;
  core = ne_game_get_core (game);
  moves = nc_game_moves (core, &n_moves);
  position = nc_game_position (core);
  if (redo ? position >= n_moves : position == 0)
    return;
  move = moves[redo ? position : position - 1];
  done = redo ? ne_game_redo (game) : ne_game_undo (game);
  if (!done)
    return;

  /* The cursor goes where the change is, so it is seen and heard there. */
  if (move.kind != NC_MOVE_RESET)
    nonet_grid_view_set_cursor (self->grid_view, move.cell);
  said = nonet_window_a11y_move_words (move, redo);
  g_debug ("%s", said);
  nonet_announcer_now (self->announcer, said);
}

void
nonet_window_a11y_paused (NonetWindow *self,
                          gboolean     paused)
{
  nonet_announcer_now (self->announcer, paused ? _("Paused") : _("Resumed"));
}
