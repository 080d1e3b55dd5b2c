/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-batch.c: batch generation on a GThreadPool. Each worker fills the slot
 * of its puzzle's index, so the order of results never depends on timing.
 * Progress follows Sysprof's rule (ne-progress.h): the latest value lives
 * under a mutex and at most one source is pending on the caller's context
 * at a time. */

#define G_LOG_DOMAIN "nonet-batch"

#include "config.h"

#include "ne-batch.h"
#include "ne-progress.h"
#include "ne-tsan-private.h"

typedef struct
{
  /* Set before the workers start, read-only afterwards. */
  NcGenerateParams    base;
  guint               count;
  GCancellable       *cancellable;
  GMainContext       *context;
  NeBatchProgressFunc progress;
  gpointer            progress_data;
  GDestroyNotify      progress_data_destroy;
  NeBatchResultFunc   each;               /* NULL: every result comes back at the end */
  gpointer            each_data;

  /* Only touched on the context's thread. */
  GThreadPool        *pool;
  GTask              *task;               /* a reference while the workers run */
  guint               reported_done;
  double              reported_fraction;
  NeProgress         *reports;            /* NULL without a progress function */

  GMutex              mutex;
  /* Under the mutex. */
  NeBatchResult     **results;            /* count slots, NULL until generated */
  double             *partial;            /* fraction done of each puzzle in progress */
  double              partial_sum;
  guint               n_done;             /* puzzles generated */
  guint               n_settled;          /* generated, or skipped after a cancel */
  guint               n_delivered;        /* results handed to each, in index order */
  GSource            *delivery;           /* a pending batch_deliver_cb, or NULL */
} Batch;

typedef struct
{
  Batch *batch;
  guint  index;
} Worker;

static void
batch_lock (Batch *batch)
{
  ne_mutex_lock (&batch->mutex);
}

static void
batch_unlock (Batch *batch)
{
  ne_mutex_unlock (&batch->mutex);
}

guint64
ne_batch_seed_for_index (guint64 base_seed,
                         guint   index)
{
  return base_seed + index;
}

static void
batch_free (gpointer data)
{
  Batch *batch = data;

  g_assert (batch->pool == NULL);
  g_assert (batch->task == NULL);

  for (guint i = 0; i < batch->count; i++)
    g_free (batch->results[i]);
  g_free (batch->results);
  g_free (batch->partial);
  g_clear_object (&batch->cancellable);
  g_clear_pointer (&batch->reports, ne_progress_free);
  g_clear_pointer (&batch->context, g_main_context_unref);
  if (batch->progress_data_destroy != NULL)
    batch->progress_data_destroy (batch->progress_data);
  g_mutex_clear (&batch->mutex);
  g_free (batch);
}

/* On the context's thread: calls the caller's function, keeping what it
 * sees monotonic (a puzzle's own fraction is rough and may step back). */
static void
batch_deliver_progress (Batch  *batch,
                        guint   n_done,
                        double  fraction)
{
  fraction = CLAMP (fraction, batch->reported_fraction, 1.0);
  n_done = MAX (n_done, batch->reported_done);
  /* Only the end is 1, whatever rounding does to the sum of the parts. */
  if (n_done < batch->count)
    fraction = MIN (fraction, 0.999);
  if (n_done == batch->reported_done && fraction == batch->reported_fraction)
    return;

  batch->reported_done = n_done;
  batch->reported_fraction = fraction;
  batch->progress (n_done, batch->count, fraction, batch->progress_data);
}

static void
batch_report_progress (gpointer data)
{
  Batch *batch = data;
  guint n_done;
  double fraction;

  batch_lock (batch);
  n_done = batch->n_done;
  fraction = (n_done + batch->partial_sum) / batch->count;
  batch_unlock (batch);

  batch_deliver_progress (batch, n_done, fraction);
}

/* Schedules a report unless one is pending (ne_progress_schedule). */
static void
batch_schedule_progress_locked (Batch *batch)
{
  if (batch->reports != NULL)
    ne_progress_schedule (batch->reports);
}

/* On the context's thread: hands each the results that are ready, in
 * index order, from the first not handed over yet up to the first gap. */
static void
batch_deliver_ready (Batch *batch)
{
  for (;;)
    {
      g_autofree NeBatchResult *result = NULL;
      GSource *delivery = NULL;

      batch_lock (batch);
      if (batch->n_delivered < batch->count)
        result = g_steal_pointer (&batch->results[batch->n_delivered]);
      if (result != NULL)
        batch->n_delivered++;
      else
        delivery = g_steal_pointer (&batch->delivery);
      batch_unlock (batch);

      if (result == NULL)
        {
          /* Also when the batch completes with a delivery still pending. */
          if (delivery != NULL)
            {
              g_source_destroy (delivery);
              g_source_unref (delivery);
            }
          return;
        }
      if (!g_cancellable_is_cancelled (batch->cancellable))
        batch->each (result, batch->each_data);
    }
}

static gboolean
batch_deliver_cb (gpointer data)
{
  batch_deliver_ready (data);
  return G_SOURCE_REMOVE;
}

/* A worker filled slot index: if the caller waits for it, one source (at
 * most) hands over what is ready. */
static void
batch_schedule_delivery_locked (Batch *batch,
                                guint  index)
{
  if (batch->each == NULL || batch->delivery != NULL || index != batch->n_delivered)
    return;
  batch->delivery = g_idle_source_new ();
  g_source_set_priority (batch->delivery, G_PRIORITY_DEFAULT);
  g_source_set_callback (batch->delivery, batch_deliver_cb, batch, NULL);
  g_source_set_static_name (batch->delivery, "[nonet] batch results");
  g_source_attach (batch->delivery, batch->context);
}

static gboolean
batch_complete_cb (gpointer data)
{
  Batch *batch = data;
  g_autoptr(GTask) task = g_steal_pointer (&batch->task);
  GPtrArray *results;
  guint n_done;

  /* Every puzzle is settled; this only waits for the last worker to return. */
  g_thread_pool_free (g_steal_pointer (&batch->pool), FALSE, TRUE);
  if (batch->each != NULL)
    batch_deliver_ready (batch);

  batch_lock (batch);
  n_done = batch->n_done;
  results = g_ptr_array_new_full (batch->count, g_free);
  for (guint i = 0; i < batch->count; i++)
    if (batch->results[i] != NULL)
      g_ptr_array_add (results, g_steal_pointer (&batch->results[i]));
  batch_unlock (batch);
  if (batch->reports != NULL)
    ne_progress_stop (batch->reports);

  if (g_task_return_error_if_cancelled (task))
    {
      g_ptr_array_unref (results);
      return G_SOURCE_REMOVE;
    }

  /* Puzzles are only skipped after a cancel. */
  g_assert (n_done == batch->count);
  g_assert (results->len == (batch->each != NULL ? 0 : batch->count));
  if (batch->progress != NULL)
    batch_deliver_progress (batch, batch->count, 1.0);
  if (batch->each != NULL)
    {
      g_ptr_array_unref (results);
      g_task_return_boolean (task, TRUE);
    }
  else
    g_task_return_pointer (task, results, (GDestroyNotify) g_ptr_array_unref);
  return G_SOURCE_REMOVE;
}

static void
batch_schedule_completion_locked (Batch *batch)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, batch_complete_cb, batch, NULL);
  g_source_set_static_name (source, "[nonet] batch complete");
  g_source_attach (source, batch->context);
  g_source_unref (source);
}

static bool
batch_core_progress (double  fraction,
                     void   *data)
{
  Worker *worker = data;
  Batch *batch = worker->batch;

  if (g_cancellable_is_cancelled (batch->cancellable))
    return false;

  fraction = CLAMP (fraction, 0.0, 1.0);
  batch_lock (batch);
  if (fraction > batch->partial[worker->index])
    {
      batch->partial_sum += fraction - batch->partial[worker->index];
      batch->partial[worker->index] = fraction;
    }
  batch_schedule_progress_locked (batch);
  batch_unlock (batch);
  return true;
}

/* The puzzle is generated from the parameters its ID decodes to, so the ID
 * printed beside a puzzle always names exactly that puzzle. The budget is
 * not part of an ID and is kept. */
static void
batch_prepare (const Batch   *batch,
               guint          index,
               NeBatchResult *result)
{
  NcGenerateParams decoded;
  const char *message = NULL;
  int len;

  result->index = index;
  result->params = batch->base;
  result->params.seed = ne_batch_seed_for_index (batch->base.seed, index);

  len = nc_puzzle_id_format (&result->params, result->id, sizeof result->id);
  g_assert (len > 0 && (gsize) len < sizeof result->id);
  if (!nc_puzzle_id_parse (result->id, &decoded, &message))
    g_error ("the core cannot read its own puzzle ID %s: %s", result->id, message);
  decoded.budget_seconds = batch->base.budget_seconds;
  result->params = decoded;
}

static void
batch_worker (gpointer item,
              gpointer user_data)
{
  Batch *batch = user_data;
  Worker worker = { batch, GPOINTER_TO_UINT (item) - 1 };
  g_autofree NeBatchResult *result = NULL;

  tsan_acquire (batch);
  if (!g_cancellable_is_cancelled (batch->cancellable))
    {
      result = g_new0 (NeBatchResult, 1);
      batch_prepare (batch, worker.index, result);
      if (nc_generate (&result->params, batch_core_progress, &worker, &result->generated) == NC_GENERATE_CANCELLED)
        g_clear_pointer (&result, g_free);
    }

  batch_lock (batch);
  batch->partial_sum -= batch->partial[worker.index];
  batch->partial[worker.index] = 0.0;
  if (result != NULL)
    {
      batch->results[worker.index] = g_steal_pointer (&result);
      batch->n_done++;
      batch_schedule_delivery_locked (batch, worker.index);
    }
  if (++batch->n_settled == batch->count)
    {
      batch->partial_sum = 0.0;
      batch_schedule_completion_locked (batch);
    }
  else
    batch_schedule_progress_locked (batch);
  batch_unlock (batch);
}

static void
batch_start (const NcGenerateParams *base,
             guint                   count,
             guint                   jobs,
             GCancellable           *cancellable,
             NeBatchProgressFunc     progress,
             gpointer                progress_data,
             GDestroyNotify          progress_data_destroy,
             NeBatchResultFunc       each,
             gpointer                each_data,
             gpointer                source_tag,
             GAsyncReadyCallback     callback,
             gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  Batch *batch;

  if (jobs == 0)
    jobs = g_get_num_processors ();
  jobs = MIN (jobs, count);

  batch = g_new0 (Batch, 1);
  batch->base = *base;
  batch->count = count;
  batch->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  batch->context = g_main_context_ref_thread_default ();
  batch->progress = progress;
  batch->progress_data = progress_data;
  batch->progress_data_destroy = progress_data_destroy;
  batch->each = each;
  batch->each_data = each_data;
  batch->results = g_new0 (NeBatchResult *, count);
  batch->partial = g_new0 (double, count);
  if (progress != NULL)
    batch->reports = ne_progress_new (batch->context, NE_BATCH_PROGRESS_INTERVAL_MS,
                                      G_PRIORITY_DEFAULT_IDLE, "[nonet] batch progress",
                                      batch_report_progress, batch, NULL, NULL);
  g_mutex_init (&batch->mutex);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_name (task, "[nonet] batch generate");
  g_task_set_task_data (task, batch, batch_free);

  batch->task = g_object_ref (task);
  batch->pool = g_thread_pool_new (batch_worker, batch, (gint) jobs, FALSE, NULL);
  g_assert (batch->pool != NULL);

  /* Items are index + 1: a pool item may not be NULL. */
  tsan_release (batch);
  for (guint i = 0; i < count; i++)
    g_thread_pool_push (batch->pool, GUINT_TO_POINTER (i + 1), NULL);
}

void
ne_batch_generate_async (const NcGenerateParams *base,
                         guint                   count,
                         guint                   jobs,
                         GCancellable           *cancellable,
                         NeBatchProgressFunc     progress,
                         gpointer                progress_data,
                         GDestroyNotify          progress_data_destroy,
                         GAsyncReadyCallback     callback,
                         gpointer                user_data)
{
  g_return_if_fail (base != NULL);
  g_return_if_fail (count > 0);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  batch_start (base, count, jobs, cancellable, progress, progress_data, progress_data_destroy,
               NULL, NULL, ne_batch_generate_async, callback, user_data);
}

void
ne_batch_generate_each_async (const NcGenerateParams *base,
                              guint                   count,
                              guint                   jobs,
                              GCancellable           *cancellable,
                              NeBatchResultFunc       each,
                              gpointer                each_data,
                              GAsyncReadyCallback     callback,
                              gpointer                user_data)
{
  g_return_if_fail (base != NULL);
  g_return_if_fail (count > 0);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));
  g_return_if_fail (each != NULL);

  batch_start (base, count, jobs, cancellable, NULL, NULL, NULL,
               each, each_data, ne_batch_generate_each_async, callback, user_data);
}

gboolean
ne_batch_generate_each_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ne_batch_generate_each_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

GPtrArray *
ne_batch_generate_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ne_batch_generate_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
batch_sync_done_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

GPtrArray *
ne_batch_generate (const NcGenerateParams  *base,
                   guint                    count,
                   guint                    jobs,
                   GCancellable            *cancellable,
                   NeBatchProgressFunc      progress,
                   gpointer                 progress_data,
                   GError                 **error)
{
  g_autoptr(GMainContext) context = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (count > 0, NULL);

  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  ne_batch_generate_async (base, count, jobs, cancellable, progress, progress_data, NULL,
                           batch_sync_done_cb, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  g_main_context_pop_thread_default (context);

  return ne_batch_generate_finish (result, error);
}
