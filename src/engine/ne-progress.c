/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-progress.c: the one pending progress source of a worker's reports
 * (ne-progress.h), shared by the import and batch generation. */

#define G_LOG_DOMAIN "nonet-progress"

#include "config.h"

#include "ne-progress.h"
#include "ne-tsan-private.h"

struct _NeProgress
{
  /* Set at creation, read-only afterwards. */
  GMainContext   *context;
  guint           interval_ms;
  int             priority;
  const char     *name;
  NeProgressFunc  func;
  gpointer        data;
  GBoxedCopyFunc  data_ref;
  GDestroyNotify  data_unref;

  GMutex          mutex;
  /* Under the mutex. */
  GSource        *pending;       /* the one pending report, or NULL */
  gint64          last_time;     /* monotonic, in microseconds */
  gboolean        stopped;
};

NeProgress *
ne_progress_new (GMainContext    *context,
                 guint            interval_ms,
                 int              priority,
                 const char      *name,
                 NeProgressFunc   func,
                 gpointer         data,
                 GBoxedCopyFunc   data_ref,
                 GDestroyNotify   data_unref)
{
  NeProgress *self;

  g_return_val_if_fail (context != NULL, NULL);
  g_return_val_if_fail (func != NULL, NULL);

  self = g_new0 (NeProgress, 1);
  self->context = g_main_context_ref (context);
  self->interval_ms = interval_ms;
  self->priority = priority;
  self->name = name;
  self->func = func;
  self->data = data;
  self->data_ref = data_ref;
  self->data_unref = data_unref;
  g_mutex_init (&self->mutex);
  return self;
}

static gboolean
ne_progress_dispatch (gpointer data)
{
  NeProgress *self = data;
  GSource *source;
  gboolean stopped;

  ne_mutex_lock (&self->mutex);
  source = g_steal_pointer (&self->pending);
  self->last_time = g_get_monotonic_time ();
  stopped = self->stopped;
  ne_mutex_unlock (&self->mutex);

  g_clear_pointer (&source, g_source_unref);
  if (!stopped)
    self->func (self->data);
  /* The source's reference on the data (a task, say) may be the last: its
   * release on another thread then frees this, through GObject's atomics,
   * which a TSan build does not see. */
  tsan_release (self);
  return G_SOURCE_REMOVE;
}

static void
ne_progress_source_done (gpointer data)
{
  NeProgress *self = data;
  GDestroyNotify unref = self->data_unref;
  gpointer unref_data = self->data;

  /* The data's last reference may free this (see ne_progress_dispatch). */
  tsan_release (self);
  if (unref != NULL)
    unref (unref_data);
}

/* Right away when the last report is older than the interval, otherwise
 * when the interval is up. */
void
ne_progress_schedule (NeProgress *self)
{
  GSource *source;
  gint64 delay;

  g_return_if_fail (self != NULL);

  ne_mutex_lock (&self->mutex);
  if (self->pending != NULL || self->stopped)
    {
      ne_mutex_unlock (&self->mutex);
      return;
    }
  delay = self->last_time + self->interval_ms * G_GINT64_CONSTANT (1000) - g_get_monotonic_time ();
  if (self->interval_ms == 0 || delay <= 0)
    source = g_idle_source_new ();
  else
    source = g_timeout_source_new ((guint) (delay / 1000) + 1);
  g_source_set_priority (source, self->priority);
  if (self->data_ref != NULL)
    self->data_ref (self->data);
  g_source_set_callback (source, ne_progress_dispatch, self, ne_progress_source_done);
  g_source_set_static_name (source, self->name);
  self->pending = source;
  g_source_attach (source, self->context);
  ne_mutex_unlock (&self->mutex);
}

void
ne_progress_stop (NeProgress *self)
{
  GSource *source;

  g_return_if_fail (self != NULL);

  ne_mutex_lock (&self->mutex);
  self->stopped = TRUE;
  source = g_steal_pointer (&self->pending);
  ne_mutex_unlock (&self->mutex);
  if (source != NULL)
    {
      g_source_destroy (source);
      g_source_unref (source);
    }
}

void
ne_progress_free (NeProgress *self)
{
  if (self == NULL)
    return;

  tsan_acquire (self);
  g_assert (self->pending == NULL);

  g_main_context_unref (self->context);
  g_mutex_clear (&self->mutex);
  g_free (self);
}
