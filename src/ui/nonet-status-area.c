/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-status-area.c: the children stacked as a vertical box lays them
 * out; the area itself takes the focus (GtkWidget's own focus handling,
 * which GtkBox replaces with its children's). */

#define G_LOG_DOMAIN "nonet-status-area"

#include "config.h"

#include "nonet-status-area.h"

struct _NonetStatusArea
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (NonetStatusArea, nonet_status_area, GTK_TYPE_WIDGET)

static void
nonet_status_area_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (nonet_status_area_parent_class)->dispose (object);
}

static void
nonet_status_area_class_init (NonetStatusAreaClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nonet_status_area_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
  gtk_widget_class_set_css_name (widget_class, "statusarea");
}

static void
nonet_status_area_init (NonetStatusArea *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}
