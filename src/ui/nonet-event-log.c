/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-event-log.c: the recent steps of a run in a GtkListView over a
 * NonetEventRing. It follows the end of the list until the person scrolls
 * up, and again once they scroll back to the end. */

#define G_LOG_DOMAIN "nonet-event-log"

#include "config.h"

#include "nonet-event-log.h"

#include <glib/gi18n.h>

#include "nonet-event-ring.h"

struct _NonetEventLog
{
  GtkWidget       parent_instance;

  /* Children */
  GtkWidget      *scrolled;
  GtkListView    *list;

  /* Owned */
  NonetEventRing *ring;
  GtkAdjustment  *vadjustment;   /* the scrolled window's */
  gboolean        following;     /* keep the newest row in view */
  gboolean        scrolling;     /* our own scroll to the end is under way */
};

G_DEFINE_FINAL_TYPE (NonetEventLog, nonet_event_log, GTK_TYPE_WIDGET)

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "monospace");
  gtk_list_item_set_child (item, label);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  GtkStringObject *row = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (row));
}

static double
bottom_of (GtkAdjustment *adjustment)
{
  return gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
}

/* The list grew or shrank: stay at the end when following. */
static void
adjustment_changed (NonetEventLog *self)
{
  if (!self->following)
    return;
  self->scrolling = TRUE;
  gtk_adjustment_set_value (self->vadjustment, bottom_of (self->vadjustment));
  self->scrolling = FALSE;
}

/* The person scrolled: follow again only once they are back at the end. */
static void
adjustment_value_changed (NonetEventLog *self)
{
  if (self->scrolling)
    return;
  self->following = gtk_adjustment_get_value (self->vadjustment) >= bottom_of (self->vadjustment) - 1.0;
}

static void
nonet_event_log_dispose (GObject *object)
{
  NonetEventLog *self = NONET_EVENT_LOG (object);

  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->vadjustment);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_object (&self->ring);

  G_OBJECT_CLASS (nonet_event_log_parent_class)->dispose (object);
}

static void
nonet_event_log_class_init (NonetEventLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nonet_event_log_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "eventlog");
}

static void
nonet_event_log_init (NonetEventLog *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  self->ring = nonet_event_ring_new (NONET_EVENT_LOG_CAPACITY);
  self->following = TRUE;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->ring)));
  self->list = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (selection), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Solver steps"),
                                  -1);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->list));
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  self->vadjustment = g_object_ref (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)));
  g_signal_connect_swapped (self->vadjustment, "changed", G_CALLBACK (adjustment_changed), self);
  g_signal_connect_swapped (self->vadjustment, "value-changed", G_CALLBACK (adjustment_value_changed), self);
}

GtkWidget *
nonet_event_log_new (void)
{
  return g_object_new (NONET_TYPE_EVENT_LOG, NULL);
}

void
nonet_event_log_append (NonetEventLog *self,
                        const NcEvent *events,
                        guint          n_events)
{
  g_return_if_fail (NONET_IS_EVENT_LOG (self));

  nonet_event_ring_append (self->ring, events, n_events);
}

void
nonet_event_log_clear (NonetEventLog *self)
{
  g_return_if_fail (NONET_IS_EVENT_LOG (self));

  nonet_event_ring_clear (self->ring);
  self->following = TRUE;
}

GListModel *
nonet_event_log_get_model (NonetEventLog *self)
{
  g_return_val_if_fail (NONET_IS_EVENT_LOG (self), NULL);

  return G_LIST_MODEL (self->ring);
}
