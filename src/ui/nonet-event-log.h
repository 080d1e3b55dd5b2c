/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-event-log.h: the recent steps of a solver run, one a row, as
 * `nonet-cli trace` prints them ("reject r1c3 4 row r1c7"), numbered from
 * the start of the run. It keeps the last NONET_EVENT_LOG_CAPACITY steps in
 * a ring and lists them in a GtkListView, which only makes rows for what is
 * on screen: a run of millions of steps costs the same as one of a hundred.
 * While the view is scrolled to the end it follows the run. It is one Tab
 * stop; inside, the arrow keys move from row to row. */
#pragma once

#include <gtk/gtk.h>

#include "nc-backtrack.h"

G_BEGIN_DECLS

#define NONET_EVENT_LOG_CAPACITY 2000

#define NONET_TYPE_EVENT_LOG (nonet_event_log_get_type ())

G_DECLARE_FINAL_TYPE (NonetEventLog, nonet_event_log, NONET, EVENT_LOG, GtkWidget)

GtkWidget  *nonet_event_log_new    (void);
/* Adds a batch of a run's events, in order. */
void        nonet_event_log_append (NonetEventLog  *self,
                                    const NcEvent  *events,
                                    guint           n_events);
/* Empties the log for a new run. */
void        nonet_event_log_clear  (NonetEventLog  *self);
/* The rows, a GListModel of GtkStringObject, "  12345  try r1c3 4" (for tests). */
GListModel *nonet_event_log_get_model (NonetEventLog *self);

G_END_DECLS
