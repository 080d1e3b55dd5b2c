/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-progress.h: progress from worker threads to a main context, by
 * Sysprof's rule: the worker keeps its latest value under its own lock and
 * calls ne_progress_schedule; at most one source is pending on the context
 * at a time, dispatched no sooner than an interval after the last one. So
 * however fast the workers go, the main loop is never flooded. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _NeProgress NeProgress;

/* Called on the context's thread: reads the latest value and reports it. */
typedef void (*NeProgressFunc) (gpointer data);

/* func (data) runs in a source of priority and name (a static string)
 * attached to context, at most every interval_ms (0: whenever the context
 * is idle). data_ref and data_unref (may be NULL) keep data alive while a
 * source is pending. */
NeProgress *ne_progress_new      (GMainContext    *context,
                                  guint            interval_ms,
                                  int              priority,
                                  const char      *name,
                                  NeProgressFunc   func,
                                  gpointer         data,
                                  GBoxedCopyFunc   data_ref,
                                  GDestroyNotify   data_unref);
/* From any thread: a report, unless one is pending already. */
void        ne_progress_schedule (NeProgress      *self);
/* From any thread: no report after this one, and none pending. */
void        ne_progress_stop     (NeProgress      *self);
/* Once stopped, or when no source was ever scheduled. */
void        ne_progress_free     (NeProgress      *self);

G_END_DECLS
