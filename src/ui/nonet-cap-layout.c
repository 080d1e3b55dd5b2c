/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-cap-layout.c: the header bar's title, which yields to its tools. */

#define G_LOG_DOMAIN "nonet-cap-layout"

#include "config.h"

#include "nonet-cap-layout.h"

/* A header bar gives its title widget its natural width before its sides:
 * a long puzzle title ("Entered 2 December 2026 06:57") would send every
 * tool to the bottom bar of a window wide enough for them. Wrapped in this
 * layout the title asks for natural_width at most; with hexpand set on the
 * wrapper it still gets the room left once the tools have theirs, and
 * ellipsizes only when there is none. */
struct _NonetCapLayout
{
  GtkLayoutManager parent_instance;

  int natural_width;
};

G_DEFINE_FINAL_TYPE (NonetCapLayout, nonet_cap_layout, GTK_TYPE_LAYOUT_MANAGER)

static void
nonet_cap_layout_measure (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          GtkOrientation    orientation,
                          int               for_size,
                          int              *minimum,
                          int              *natural,
                          int              *minimum_baseline,
                          int              *natural_baseline)
{
  NonetCapLayout *self = NONET_CAP_LAYOUT (manager);
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL || !gtk_widget_should_layout (child))
    return;
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MAX (*minimum, MIN (*natural, self->natural_width));
}

static void
nonet_cap_layout_allocate (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           int               width,
                           int               height,
                           int               baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_size_allocate (child, &(GtkAllocation) { 0, 0, width, height }, baseline);
}

static void
nonet_cap_layout_class_init (NonetCapLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->measure = nonet_cap_layout_measure;
  layout_class->allocate = nonet_cap_layout_allocate;
}

static void
nonet_cap_layout_init (NonetCapLayout *self)
{
}

GtkLayoutManager *
nonet_cap_layout_new (int natural_width)
{
  NonetCapLayout *self = g_object_new (NONET_TYPE_CAP_LAYOUT, NULL);

  self->natural_width = natural_width;
  return GTK_LAYOUT_MANAGER (self);
}
