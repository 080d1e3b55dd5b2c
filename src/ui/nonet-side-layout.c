/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-side-layout.c: the board and the solver's step log, side by side
 * in a wide window, one above the other in a narrow one. */

#define G_LOG_DOMAIN "nonet-side-layout"

#include "config.h"

#include "nonet-side-layout.h"

/* The side panel (a GtkRevealer, last child) goes beside the main child
 * at side_width, when that leaves the main child at least main_width and
 * a larger square than below it, where it takes up to two fifths of the
 * height.
 * Deciding in allocate lets the window shrink to what either arrangement
 * needs across: libadwaita 1.2 has no breakpoints. */
struct _NonetSideLayout
{
  GtkLayoutManager parent_instance;

  int main_width;
  int side_width;
};

G_DEFINE_FINAL_TYPE (NonetSideLayout, nonet_side_layout, GTK_TYPE_LAYOUT_MANAGER)

static GtkSizeRequestMode
nonet_side_layout_get_request_mode (GtkLayoutManager *manager,
                                    GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

/* Whether the panel takes room at all: shown or on its way in or out. */
static gboolean
side_shown (GtkWidget *side)
{
  return gtk_widget_should_layout (side) &&
         (!GTK_IS_REVEALER (side) ||
          gtk_revealer_get_reveal_child (GTK_REVEALER (side)) ||
          gtk_revealer_get_child_revealed (GTK_REVEALER (side)));
}

static void
nonet_side_layout_measure (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           GtkOrientation    orientation,
                           int               for_size,
                           int              *minimum,
                           int              *natural,
                           int              *minimum_baseline,
                           int              *natural_baseline)
{
  NonetSideLayout *self = NONET_SIDE_LAYOUT (manager);
  GtkWidget *main_child = gtk_widget_get_first_child (widget);
  GtkWidget *side = gtk_widget_get_last_child (widget);
  int main_min, main_nat, side_min = 0, side_nat = 0;

  gtk_widget_measure (main_child, orientation, -1, &main_min, &main_nat, NULL, NULL);
  if (side != main_child && side_shown (side))
    gtk_widget_measure (side, orientation, -1, &side_min, &side_nat, NULL, NULL);

  *minimum = MAX (main_min, side_min);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MAX (*minimum, main_nat + (side_nat > 0 ? MAX (side_nat, self->side_width) : 0));
  else
    *natural = MAX (*minimum, MAX (main_nat, side_nat));
}

static void
nonet_side_layout_allocate (GtkLayoutManager *manager,
                            GtkWidget        *widget,
                            int               width,
                            int               height,
                            int               baseline)
{
  NonetSideLayout *self = NONET_SIDE_LAYOUT (manager);
  GtkWidget *main_child = gtk_widget_get_first_child (widget);
  GtkWidget *side = gtk_widget_get_last_child (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int main_min_w, main_min_h, side_min_w, side_nat_w, side_min_h, side_w, side_h;

  if (side == main_child || !side_shown (side))
    {
      gtk_widget_size_allocate (main_child, &(GtkAllocation) { 0, 0, width, height }, -1);
      if (side != main_child && gtk_widget_should_layout (side))
        gtk_widget_size_allocate (side, &(GtkAllocation) { width, 0, 0, height }, -1);
      return;
    }

  gtk_widget_measure (main_child, GTK_ORIENTATION_HORIZONTAL, -1, &main_min_w, NULL, NULL, NULL);
  gtk_widget_measure (main_child, GTK_ORIENTATION_VERTICAL, -1, &main_min_h, NULL, NULL, NULL);
  gtk_widget_measure (side, GTK_ORIENTATION_HORIZONTAL, -1, &side_min_w, &side_nat_w, NULL, NULL);
  gtk_widget_measure (side, GTK_ORIENTATION_VERTICAL, -1, &side_min_h, NULL, NULL, NULL);

  /* A revealer sliding in reports the width it has reached so far. */
  side_w = MIN (side_nat_w, MAX (side_min_w, self->side_width));
  side_h = MAX (side_min_h, MIN (height * 2 / 5, height - main_min_h));
  /* Whichever leaves the main child the larger square. */
  if (width - side_w >= MAX (main_min_w, self->main_width) &&
      MIN (width - side_w, height) >= MIN (width, height - side_h))
    {
      int main_w = width - side_w;

      gtk_widget_size_allocate (main_child, &(GtkAllocation) { rtl ? side_w : 0, 0, main_w, height }, -1);
      gtk_widget_size_allocate (side, &(GtkAllocation) { rtl ? 0 : main_w, 0, side_w, height }, -1);
      return;
    }

  gtk_widget_size_allocate (main_child, &(GtkAllocation) { 0, 0, width, MAX (main_min_h, height - side_h) }, -1);
  gtk_widget_size_allocate (side, &(GtkAllocation) { 0, height - side_h, width, side_h }, -1);
}

static void
nonet_side_layout_class_init (NonetSideLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = nonet_side_layout_get_request_mode;
  layout_class->measure = nonet_side_layout_measure;
  layout_class->allocate = nonet_side_layout_allocate;
}

static void
nonet_side_layout_init (NonetSideLayout *self)
{
}

GtkLayoutManager *
nonet_side_layout_new (int main_width,
                       int side_width)
{
  NonetSideLayout *self = g_object_new (NONET_TYPE_SIDE_LAYOUT, NULL);

  self->main_width = main_width;
  self->side_width = side_width;
  return GTK_LAYOUT_MANAGER (self);
}
