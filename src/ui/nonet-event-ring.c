/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-event-ring.c: the last events of a run as a list model. The ring
 * holds raw events (a few bytes each); the text of a row is made when a
 * view binds it. */

#define G_LOG_DOMAIN "nonet-event-ring"

#include "config.h"

#include "nonet-event-ring.h"

#include <gtk/gtk.h>

#include "ne-messages.h"

struct _NonetEventRing
{
  GObject  parent_instance;

  /* Owned: capacity slots; the oldest kept event is at first */
  NcEvent *events;
  guint    capacity;
  guint    first;
  guint    n_events;
  guint64  total;     /* appended since the clear: the number of the newest */
};

static GType
nonet_event_ring_get_item_type (GListModel *model)
{
  return GTK_TYPE_STRING_OBJECT;
}

static guint
nonet_event_ring_get_n_items (GListModel *model)
{
  return NONET_EVENT_RING (model)->n_events;
}

static gpointer
nonet_event_ring_get_item (GListModel *model,
                           guint       position)
{
  NonetEventRing *self = NONET_EVENT_RING (model);
  g_autofree char *text = NULL;
  g_autofree char *row = NULL;

  if (position >= self->n_events)
    return NULL;
  /* The core counts candidates under either order: the row can say them. */
  text = ne_event_describe (&self->events[(self->first + position) % self->capacity], TRUE);
  /* Right-aligned numbers up to ten million steps (monospace rows). */
  row = g_strdup_printf ("%7" G_GUINT64_FORMAT "  %s", self->total - self->n_events + position + 1, text);
  return gtk_string_object_new (row);
}

static void
nonet_event_ring_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = nonet_event_ring_get_item_type;
  iface->get_n_items = nonet_event_ring_get_n_items;
  iface->get_item = nonet_event_ring_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (NonetEventRing, nonet_event_ring, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, nonet_event_ring_list_model_init))

static void
nonet_event_ring_finalize (GObject *object)
{
  NonetEventRing *self = NONET_EVENT_RING (object);

  g_free (self->events);

  G_OBJECT_CLASS (nonet_event_ring_parent_class)->finalize (object);
}

static void
nonet_event_ring_class_init (NonetEventRingClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = nonet_event_ring_finalize;
}

static void
nonet_event_ring_init (NonetEventRing *self)
{
}

NonetEventRing *
nonet_event_ring_new (guint capacity)
{
  NonetEventRing *self;

  g_return_val_if_fail (capacity > 0, NULL);

  self = g_object_new (NONET_TYPE_EVENT_RING, NULL);
  self->capacity = capacity;
  self->events = g_new (NcEvent, capacity);
  return self;
}

void
nonet_event_ring_append (NonetEventRing *self,
                         const NcEvent  *events,
                         guint           n_events)
{
  guint dropped, kept_new, old_n;

  g_return_if_fail (NONET_IS_EVENT_RING (self));
  g_return_if_fail (events != NULL || n_events == 0);

  if (n_events == 0)
    return;

  /* Only the last capacity events of the batch can stay. */
  kept_new = MIN (n_events, self->capacity);
  events += n_events - kept_new;

  /* Two steps, each signalled when the model is in the state it describes:
   * the oldest rows go, then the new ones come. A kept row keeps its
   * number, its place in the run: only positions move. */
  old_n = self->n_events;
  dropped = old_n + kept_new > self->capacity ? old_n + kept_new - self->capacity : 0;
  if (dropped > 0)
    {
      self->first = (self->first + dropped) % self->capacity;
      self->n_events -= dropped;
      g_list_model_items_changed (G_LIST_MODEL (self), 0, dropped, 0);
    }
  for (guint i = 0; i < kept_new; i++)
    self->events[(self->first + self->n_events + i) % self->capacity] = events[i];
  self->n_events += kept_new;
  self->total += n_events;
  g_list_model_items_changed (G_LIST_MODEL (self), old_n - dropped, 0, kept_new);
}

void
nonet_event_ring_clear (NonetEventRing *self)
{
  guint old_n;

  g_return_if_fail (NONET_IS_EVENT_RING (self));

  old_n = self->n_events;
  self->first = 0;
  self->n_events = 0;
  self->total = 0;
  if (old_n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, 0);
}

guint64
nonet_event_ring_get_total (NonetEventRing *self)
{
  g_return_val_if_fail (NONET_IS_EVENT_RING (self), 0);

  return self->total;
}
