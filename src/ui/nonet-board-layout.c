/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-board-layout.c: the layout of the main window's board, the grid
 * and its number pad. */

#define G_LOG_DOMAIN "nonet-board-layout"

#include "config.h"

#include "nonet-board-layout.h"

/* The board: the grid (first child) and the number pad (last child), the
 * pad beside the grid when that gives a clearly larger grid, below it
 * otherwise, the pair centred. Deciding in allocate, from the size given,
 * lets a window be wide and short or narrow and tall alike: its minimum
 * size is what either layout needs across, not what one needs along. */
struct _NonetBoardLayout
{
  GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (NonetBoardLayout, nonet_board_layout, GTK_TYPE_LAYOUT_MANAGER)

#define BOARD_SPACING 18

static GtkSizeRequestMode
nonet_board_layout_get_request_mode (GtkLayoutManager *manager,
                                     GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
nonet_board_layout_measure (GtkLayoutManager *manager,
                            GtkWidget        *widget,
                            GtkOrientation    orientation,
                            int               for_size,
                            int              *minimum,
                            int              *natural,
                            int              *minimum_baseline,
                            int              *natural_baseline)
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
nonet_board_layout_allocate (GtkLayoutManager *manager,
                             GtkWidget        *widget,
                             int               width,
                             int               height,
                             int               baseline)
{
  GtkWidget *grid = gtk_widget_get_first_child (widget);
  GtkWidget *pad = gtk_widget_get_last_child (widget);
  int grid_min_w, grid_min_h, pad_w, pad_h, side_beside, side_below, side_alone, side;
  gboolean beside, with_pad;

  gtk_widget_measure (grid, GTK_ORIENTATION_HORIZONTAL, -1, &grid_min_w, NULL, NULL, NULL);
  gtk_widget_measure (grid, GTK_ORIENTATION_VERTICAL, -1, &grid_min_h, NULL, NULL, NULL);
  gtk_widget_measure (pad, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &pad_w, NULL, NULL);
  gtk_widget_measure (pad, GTK_ORIENTATION_VERTICAL, -1, NULL, &pad_h, NULL, NULL);

  side_beside = MIN (width - pad_w - BOARD_SPACING, height);
  side_below = MIN (width, height - pad_h - BOARD_SPACING);
  side_alone = MIN (width, height);
  /* Below unless beside is clearly better, so the board does not jump when
   * the editor bar or a status line takes a little height. */
  beside = side_beside > side_below * 6 / 5;
  /* A greyed pad (a solver at work, a pause) is of no use: where it would
   * cost the grid a tenth of its side it makes room, the grid first. */
  with_pad = gtk_widget_get_sensitive (pad) ||
             MAX (side_beside, side_below) >= side_alone * 9 / 10;
  gtk_widget_set_child_visible (pad, with_pad);

  if (!with_pad)
    {
      side = MAX (side_alone, MAX (grid_min_w, grid_min_h));
      gtk_widget_size_allocate (grid, &(GtkAllocation) { (width - side) / 2, (height - side) / 2,
                                                         side, side }, -1);
      return;
    }

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
nonet_board_layout_class_init (NonetBoardLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = nonet_board_layout_get_request_mode;
  layout_class->measure = nonet_board_layout_measure;
  layout_class->allocate = nonet_board_layout_allocate;
}

static void
nonet_board_layout_init (NonetBoardLayout *self)
{
}

GtkLayoutManager *
nonet_board_layout_new (void)
{
  return g_object_new (NONET_TYPE_BOARD_LAYOUT, NULL);
}
