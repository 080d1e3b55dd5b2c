/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window.c: the main window: a header bar over the grid. Until the
 * puzzle library exists it shows one built-in puzzle. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window.h"

#include "nonet-grid-view.h"

/* Arto Inkala's 2012 puzzle, as one 81-character line ('0' for empty). */
static const char builtin_puzzle_inkala_2012[] =
  "800000000003600000070090200050007000000045700000100030001000068008500010090000400";

G_STATIC_ASSERT (sizeof builtin_puzzle_inkala_2012 == NC_CELLS + 1);

struct _NonetWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  NonetGridView        *grid_view;
};

G_DEFINE_FINAL_TYPE (NonetWindow, nonet_window, ADW_TYPE_APPLICATION_WINDOW)

static NcGrid
grid_from_line (const char *line)
{
  NcGrid grid = { 0 };

  for (int i = 0; i < NC_CELLS; i++)
    {
      g_assert (line[i] >= '0' && line[i] <= '9');
      grid.cell[i] = (uint8_t) (line[i] - '0');
    }
  return grid;
}

static void
nonet_window_class_init (NonetWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (NONET_TYPE_GRID_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetWindow, grid_view);
}

static void
nonet_window_init (NonetWindow *self)
{
  NcGrid puzzle;

  gtk_widget_init_template (GTK_WIDGET (self));

#if DEVELOPMENT
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif

  puzzle = grid_from_line (builtin_puzzle_inkala_2012);
  nonet_grid_view_set_puzzle (self->grid_view, &puzzle);
}

NonetWindow *
nonet_window_new (NonetApplication *application)
{
  g_return_val_if_fail (NONET_IS_APPLICATION (application), NULL);

  return g_object_new (NONET_TYPE_WINDOW,
                       "application", application,
                       NULL);
}
