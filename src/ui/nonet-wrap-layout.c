/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-wrap-layout.c: a row of controls that wraps in a narrow window. */

#define G_LOG_DOMAIN "nonet-wrap-layout"

#include "config.h"

#include "nonet-wrap-layout.h"

/* Children go left to right at their natural width, a new line starting
 * where the next child would not fit. In each line the room left over goes
 * to the children that expand, so a control with hexpand and halign end
 * sits at the end of its line, as in a GtkBox. The minimum width is the
 * widest child's minimum: a window may shrink to that, the line wrapping
 * instead of being cut. Unlike GtkFlowBox nothing is added around the
 * children: they stay one Tab stop each, read by a screen reader as they
 * are. */
struct _NonetWrapLayout
{
  GtkLayoutManager parent_instance;

  int column_spacing;
  int row_spacing;
};

G_DEFINE_FINAL_TYPE (NonetWrapLayout, nonet_wrap_layout, GTK_TYPE_LAYOUT_MANAGER)

static GtkSizeRequestMode
nonet_wrap_layout_get_request_mode (GtkLayoutManager *manager,
                                    GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The width a child takes in a line of the given width. */
static int
child_width (GtkWidget *child,
             int        width)
{
  int minimum, natural;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  return MAX (minimum, MIN (natural, width));
}

static int
child_height (GtkWidget *child,
              int        width)
{
  int natural;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
  return natural;
}

/* The child after the last one of the line that starts at first, for a
 * line of the given width (at least one child a line). */
static GtkWidget *
line_end (NonetWrapLayout *self,
          GtkWidget       *first,
          int              width)
{
  int used = 0;
  int count = 0;

  for (GtkWidget *child = first; child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int w;

      if (!gtk_widget_should_layout (child))
        continue;
      w = child_width (child, width);
      if (count > 0 && used + self->column_spacing + w > width)
        return child;
      used += (count > 0 ? self->column_spacing : 0) + w;
      count++;
    }
  return NULL;
}

static void
nonet_wrap_layout_measure (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           GtkOrientation    orientation,
                           int               for_size,
                           int              *minimum,
                           int              *natural,
                           int              *minimum_baseline,
                           int              *natural_baseline)
{
  NonetWrapLayout *self = NONET_WRAP_LAYOUT (manager);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int count = 0;

      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_min, child_nat;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, -1, &child_min, &child_nat, NULL, NULL);
          *minimum = MAX (*minimum, child_min);
          *natural += (count++ > 0 ? self->column_spacing : 0) + child_nat;
        }
      return;
    }

  if (for_size < 0)
    {
      /* No width given: one line. */
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (gtk_widget_should_layout (child))
          *natural = MAX (*natural, child_height (child, -1));
      *minimum = *natural;
      return;
    }

  for (GtkWidget *first = gtk_widget_get_first_child (widget); first != NULL;)
    {
      GtkWidget *end = line_end (self, first, for_size);
      int line = 0;

      for (GtkWidget *child = first; child != end; child = gtk_widget_get_next_sibling (child))
        if (gtk_widget_should_layout (child))
          line = MAX (line, child_height (child, child_width (child, for_size)));
      if (line > 0)
        *natural += (*natural > 0 ? self->row_spacing : 0) + line;
      first = end;
    }
  *minimum = *natural;
}

static void
nonet_wrap_layout_allocate (GtkLayoutManager *manager,
                            GtkWidget        *widget,
                            int               width,
                            int               height,
                            int               baseline)
{
  NonetWrapLayout *self = NONET_WRAP_LAYOUT (manager);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int y = 0;

  for (GtkWidget *first = gtk_widget_get_first_child (widget); first != NULL;)
    {
      GtkWidget *end = line_end (self, first, width);
      int used = 0, count = 0, expanding = 0, line = 0, x = 0;

      for (GtkWidget *child = first; child != end; child = gtk_widget_get_next_sibling (child))
        {
          int w;

          if (!gtk_widget_should_layout (child))
            continue;
          w = child_width (child, width);
          used += (count++ > 0 ? self->column_spacing : 0) + w;
          line = MAX (line, child_height (child, w));
          if (gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL))
            expanding++;
        }

      for (GtkWidget *child = first; child != end; child = gtk_widget_get_next_sibling (child))
        {
          int w;

          if (!gtk_widget_should_layout (child))
            continue;
          w = child_width (child, width);
          if (expanding > 0 && gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL))
            {
              int extra = MAX (0, width - used) / expanding;

              w += extra;
              used += extra;
              expanding--;
            }
          gtk_widget_size_allocate (child,
                                    &(GtkAllocation) { rtl ? width - x - w : x, y, w, line },
                                    -1);
          x += w + self->column_spacing;
        }
      y += line + self->row_spacing;
      first = end;
    }
}

static void
nonet_wrap_layout_class_init (NonetWrapLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = nonet_wrap_layout_get_request_mode;
  layout_class->measure = nonet_wrap_layout_measure;
  layout_class->allocate = nonet_wrap_layout_allocate;
}

static void
nonet_wrap_layout_init (NonetWrapLayout *self)
{
}

GtkLayoutManager *
nonet_wrap_layout_new (int column_spacing,
                       int row_spacing)
{
  NonetWrapLayout *self = g_object_new (NONET_TYPE_WRAP_LAYOUT, NULL);

  self->column_spacing = column_spacing;
  self->row_spacing = row_spacing;
  return GTK_LAYOUT_MANAGER (self);
}
