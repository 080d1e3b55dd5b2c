/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-event-ring.h: a GListModel of the last `capacity` events of a run,
 * items made only when asked for (GtkStringObject, "  12345  try r1c3 4",
 * numbered from 1 at the start of the run). Appending a batch emits at most
 * two items-changed: the oldest rows dropped, the new ones added. */
#pragma once

#include <gio/gio.h>

#include "nc-backtrack.h"

G_BEGIN_DECLS

#define NONET_TYPE_EVENT_RING (nonet_event_ring_get_type ())

G_DECLARE_FINAL_TYPE (NonetEventRing, nonet_event_ring, NONET, EVENT_RING, GObject)

NonetEventRing *nonet_event_ring_new    (guint           capacity);
void            nonet_event_ring_append (NonetEventRing *self,
                                         const NcEvent  *events,
                                         guint           n_events);
void            nonet_event_ring_clear  (NonetEventRing *self);
/* Events appended since the last clear, kept or not. */
guint64         nonet_event_ring_get_total (NonetEventRing *self);

G_END_DECLS
