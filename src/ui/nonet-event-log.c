/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-event-log.c: the recent steps of a run in a GtkListView over a
 * NonetEventRing. It follows the end of the list while the view is at the
 * end; scrolled up, it stays where the person put it. */

#define G_LOG_DOMAIN "nonet-event-log"

#include "config.h"

#include "nonet-event-log.h"

#include <string.h>

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
  gboolean        stick;         /* the last batch came while at the end */
  guint           scroll_id;     /* a pending scroll to the end */
};

G_DEFINE_FINAL_TYPE (NonetEventLog, nonet_event_log, GTK_TYPE_WIDGET)

/* A row is the step's number (monospace, dim, right-aligned) and its
 * sentence on one line: rows of one height keep the list's estimate of
 * its length exact, which following the newest row relies on. A sentence
 * too long for the panel ends in an ellipsis and is whole in its tooltip
 * (and in the status line above the board, for the newest step). */
static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (number), 1.0);
  gtk_label_set_yalign (GTK_LABEL (number), 0.0);
  gtk_label_set_width_chars (GTK_LABEL (number), 7);
  gtk_widget_add_css_class (number, "monospace");
  gtk_widget_add_css_class (number, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (text), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (text), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 2);
  gtk_widget_set_margin_bottom (box, 2);
  gtk_list_item_set_child (item, box);
}

/* The ring's rows read "     35  Chose r1c7: 2 candidates" (so that its
 * tests see one string); the number goes left, the sentence right. */
static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  GtkStringObject *row = gtk_list_item_get_item (item);
  GtkWidget *number = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *text = gtk_widget_get_next_sibling (number);
  const char *string = gtk_string_object_get_string (row);
  const char *start = string + strspn (string, " ");
  const char *end = start + strcspn (start, " ");
  const char *sentence = end + strspn (end, " ");
  g_autofree char *digits = g_strndup (start, (gsize) (end - start));

  gtk_label_set_label (GTK_LABEL (number), digits);
  gtk_label_set_label (GTK_LABEL (text), sentence);
  gtk_widget_set_tooltip_text (text, sentence);
}

static gboolean
nonet_event_log_fits (NonetEventLog *self)
{
  return gtk_adjustment_get_upper (self->vadjustment) <= gtk_adjustment_get_page_size (self->vadjustment);
}

static gboolean
nonet_event_log_at_end (NonetEventLog *self)
{
  double value = gtk_adjustment_get_value (self->vadjustment);
  double page = gtk_adjustment_get_page_size (self->vadjustment);
  double upper = gtk_adjustment_get_upper (self->vadjustment);

  return nonet_event_log_fits (self) || value + page >= upper - 1.0;
}

static gboolean
scroll_to_end (gpointer user_data)
{
  NonetEventLog *self = NONET_EVENT_LOG (user_data);

  self->scroll_id = 0;
  gtk_adjustment_set_value (self->vadjustment,
                            gtk_adjustment_get_upper (self->vadjustment)
                            - gtk_adjustment_get_page_size (self->vadjustment));
  return G_SOURCE_REMOVE;
}

/* The list was laid out again (its height changed): when the last batch
 * came while the newest row was in view, keep it in view. Not at once: the
 * list is in the middle of its allocation, and a scroll there is lost. */
static void
adjustment_changed (NonetEventLog *self)
{
  double bottom = gtk_adjustment_get_upper (self->vadjustment) - gtk_adjustment_get_page_size (self->vadjustment);

  if (self->stick && self->scroll_id == 0 && gtk_adjustment_get_value (self->vadjustment) < bottom)
    self->scroll_id = g_idle_add_full (GDK_PRIORITY_REDRAW - 1, scroll_to_end, self, NULL);
}

/* One Tab stop: GtkListView 4.8 takes Tab from row to row, through
 * thousands of them. Tab from outside enters on the newest row while the
 * log follows the run (elsewhere, on the row last focused); inside, the
 * list's own keys (arrows, Page Up/Down, Home, End) move between rows, and
 * the next Tab leaves. */
static gboolean
nonet_event_log_focus (GtkWidget        *widget,
                       GtkDirectionType  direction)
{
  NonetEventLog *self = NONET_EVENT_LOG (widget);
  GtkWidget *newest;

  if (direction != GTK_DIR_TAB_FORWARD && direction != GTK_DIR_TAB_BACKWARD)
    return GTK_WIDGET_CLASS (nonet_event_log_parent_class)->focus (widget, direction);
  if (gtk_widget_get_focus_child (widget) != NULL)
    return FALSE;
  /* At the end the list's last row widget is the newest row's. */
  newest = gtk_widget_get_last_child (GTK_WIDGET (self->list));
  if (newest != NULL && nonet_event_log_at_end (self))
    return gtk_widget_grab_focus (newest);
  return GTK_WIDGET_CLASS (nonet_event_log_parent_class)->focus (widget, direction);
}

static void
nonet_event_log_dispose (GObject *object)
{
  NonetEventLog *self = NONET_EVENT_LOG (object);

  g_clear_handle_id (&self->scroll_id, g_source_remove);
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

  widget_class->focus = nonet_event_log_focus;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "eventlog");
}

static void
nonet_event_log_init (NonetEventLog *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  self->ring = nonet_event_ring_new (NONET_EVENT_LOG_CAPACITY);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->ring)));
  self->list = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (selection), factory));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Solver steps"),
                                  -1);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->list));
  /* GTK 4.8 has the scrolled window take the focus too: it says what it scrolls. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->scrolled),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Solver steps"),
                                  -1);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  self->vadjustment = g_object_ref (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)));
  g_signal_connect_swapped (self->vadjustment, "changed", G_CALLBACK (adjustment_changed), self);
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

  if (n_events == 0)
    return;
  /* A scroll to the end still pending counts as being there. */
  self->stick = self->scroll_id != 0 || nonet_event_log_at_end (self);
  nonet_event_ring_append (self->ring, events, n_events);
  /* The list keeps an anchor row in place, not the end: once the ring is
   * full a batch leaves the height as it was (no "changed"), the anchor
   * moves up with the rows dropped before it, or goes with them when the
   * batch replaces them all. Anchor the newest row instead. While all
   * rows fit (or before the list is first laid out: there, anchoring
   * leaves it unscrollable) the height grows, and "changed" follows. */
  if (self->stick && !nonet_event_log_fits (self))
    gtk_widget_activate_action (GTK_WIDGET (self->list), "list.scroll-to-item", "u",
                                g_list_model_get_n_items (G_LIST_MODEL (self->ring)) - 1);
}

void
nonet_event_log_clear (NonetEventLog *self)
{
  g_return_if_fail (NONET_IS_EVENT_LOG (self));

  nonet_event_ring_clear (self->ring);
  self->stick = TRUE;
}

GListModel *
nonet_event_log_get_model (NonetEventLog *self)
{
  g_return_val_if_fail (NONET_IS_EVENT_LOG (self), NULL);

  return G_LIST_MODEL (self->ring);
}
