/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-solve-task.c: the reference backtracker on a worker thread. Its events
 * go through a bounded ring (backpressure: a full ring makes the worker wait)
 * to a custom GSource on the caller's context, woken when the ring goes from
 * empty to non-empty and dispatched at most once a frame (sooner only when
 * the ring is full), so every dispatch hands the UI one batch of everything
 * pending. */

#define G_LOG_DOMAIN "nonet-solve"

#include "config.h"

#include "ne-solve-task.h"

#include <string.h>

#include "nc-solver.h"
#include "ne-tsan-private.h"

/* Batches are delivered at most this often, about once a frame, unless the
 * ring fills up. A quiet stream is delivered at once; a busy one is coalesced. */
#define DISPATCH_INTERVAL_US (G_USEC_PER_SEC / 60)

/* One run: what the worker and the main thread share. A run is never reused;
 * stop () or the end of the search joins the worker and frees it. */
typedef struct
{
  /* Set before the worker starts; then only the worker touches bt. */
  NcBacktracker bt;
  GCancellable *cancellable;

  GMutex        mutex;
  GCond         cond;         /* ring space, pause, step, speed, cancel */
  /* Under the mutex. */
  NcEvent      *ring;         /* NE_SOLVE_TASK_QUEUE_CAPACITY events */
  guint         head;         /* index of the oldest event */
  guint         len;
  guint         max_len;
  gboolean      paused;
  guint         step_credit;  /* events that may be delivered while paused */
  guint         speed;        /* steps per second, 0: unlimited */
  gboolean      pace_reset;   /* pacing starts over from now */
  gint64        next_dispatch_time;
  GSource      *source;       /* borrowed; NULL once the run is stopped */
} Run;

typedef struct
{
  GSource      parent;
  NeSolveTask *task;          /* borrowed: the task destroys the source first */
  Run         *run;           /* borrowed, likewise */
  guint        generation;
  NcEvent     *batch;         /* what one dispatch delivers */
} EventSource;

struct _NeSolveTask
{
  GObject     parent_instance;

  /* Owned. */
  NcGrid      puzzle;
  NcStrategy  strategy;
  Run        *run;            /* NULL when no run is going on */
  GThread    *thread;
  GSource    *source;

  /* Main-thread state. */
  guint       generation;     /* bumped by every start and stop */
  guint       speed;
  gboolean    paused;
  guint       max_queued;     /* of the last run, once it is over */
  NcCounters  counters;
};

G_DEFINE_FINAL_TYPE (NeSolveTask, ne_solve_task, G_TYPE_OBJECT)

enum {
  SIGNAL_EVENTS,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
run_lock (Run *run)
{
  ne_mutex_lock (&run->mutex);
}

static void
run_unlock (Run *run)
{
  ne_mutex_unlock (&run->mutex);
}

static void
run_wait_locked (Run    *run,
                 gint64  end_time)
{
  tsan_release (&run->mutex);
  if (end_time < 0)
    g_cond_wait (&run->cond, &run->mutex);
  else
    g_cond_wait_until (&run->cond, &run->mutex, end_time);
  tsan_acquire (&run->mutex);
}

/* Events are pending and may be delivered: have the source dispatch, but not
 * sooner than a frame after the last dispatch. */
static void
run_wake_source_locked (Run *run)
{
  if (run->source != NULL)
    g_source_set_ready_time (run->source, run->next_dispatch_time);
}

static Run *
run_new (const NcGrid *puzzle,
         NcStrategy    strategy,
         guint         speed,
         gboolean      paused)
{
  Run *run = g_new0 (Run, 1);

  nc_backtracker_init_strategy (&run->bt, puzzle, strategy);
  run->cancellable = g_cancellable_new ();
  g_mutex_init (&run->mutex);
  g_cond_init (&run->cond);
  run->ring = g_new (NcEvent, NE_SOLVE_TASK_QUEUE_CAPACITY);
  run->speed = speed;
  run->paused = paused;
  run->pace_reset = TRUE;
  return run;
}

static void
run_free (Run *run)
{
  g_assert (run->source == NULL);

  g_clear_object (&run->cancellable);
  g_free (run->ring);
  g_cond_clear (&run->cond);
  g_mutex_clear (&run->mutex);
  g_free (run);
}

/* With the mutex held: waits until the next event may be queued. Returns FALSE when the
 * run was cancelled. */
static gboolean
run_wait_for_slot_locked (Run    *run,
                          gint64 *pace_start,
                          gint64 *pace_count)
{
  for (;;)
    {
      if (g_cancellable_is_cancelled (run->cancellable))
        return FALSE;

      if (run->len == NE_SOLVE_TASK_QUEUE_CAPACITY)
        {
          /* A full ring is worth delivering now rather than at the next
           * frame: the main thread drains it in a fraction of a millisecond
           * (the redraw still happens once a frame), and the worker would
           * otherwise idle for the rest of the frame. */
          if (run->source != NULL)
            g_source_set_ready_time (run->source, 0);
          run_wait_locked (run, -1);
          continue;
        }

      if (run->paused)
        {
          /* Each step lets one event through, unpaced. */
          if (run->len < run->step_credit)
            {
              run->pace_reset = TRUE;
              return TRUE;
            }
          run_wait_locked (run, -1);
          continue;
        }

      if (run->pace_reset)
        {
          *pace_start = g_get_monotonic_time ();
          *pace_count = 0;
          run->pace_reset = FALSE;
        }

      if (run->speed > 0)
        {
          /* Measured from the start, so rounding never accumulates. */
          gint64 due = *pace_start + *pace_count * G_USEC_PER_SEC / run->speed;

          if (g_get_monotonic_time () < due)
            {
              run_wait_locked (run, due);
              continue;
            }
        }

      return TRUE;
    }
}

static gpointer
run_worker (gpointer data)
{
  Run *run = data;
  gint64 pace_start = 0;
  gint64 pace_count = 0;
  NcEvent event;

  while (nc_backtracker_step (&run->bt, &event))
    {
      run_lock (run);
      if (!run_wait_for_slot_locked (run, &pace_start, &pace_count))
        {
          run_unlock (run);
          break;
        }
      run->ring[(run->head + run->len) % NE_SOLVE_TASK_QUEUE_CAPACITY] = event;
      run->len++;
      run->max_len = MAX (run->max_len, run->len);
      pace_count++;
      if (run->len == 1)
        run_wake_source_locked (run);
      run_unlock (run);

      /* The run ends at the first solution. */
      if (event.kind == NC_EVENT_SOLVED || event.kind == NC_EVENT_EXHAUSTED)
        break;
    }

  return NULL;
}

/* Main thread: ends the current run, joining its worker. No event of it is
 * delivered afterwards: its source is destroyed and its generation is gone. */
static void
ne_solve_task_end_run (NeSolveTask *self)
{
  Run *run = g_steal_pointer (&self->run);

  if (run == NULL)
    return;

  self->generation++;

  g_cancellable_cancel (run->cancellable);
  run_lock (run);
  run->source = NULL;
  self->max_queued = run->max_len;
  g_cond_broadcast (&run->cond);
  run_unlock (run);

  g_source_destroy (self->source);
  g_clear_pointer (&self->source, g_source_unref);
  g_thread_join (g_steal_pointer (&self->thread));
  run_free (run);
}

static void
count_events (NcCounters    *counters,
              const NcEvent *events,
              guint          n_events)
{
  for (guint i = 0; i < n_events; i++)
    {
      switch (events[i].kind)
        {
        case NC_EVENT_TRY:
          counters->attempts++;
          break;
        case NC_EVENT_BACKTRACK:
          counters->backtracks++;
          counters->depth--;
          break;
        case NC_EVENT_PLACE:
          counters->placements++;
          counters->depth = events[i].depth;
          counters->max_depth = MAX (counters->max_depth, counters->depth);
          break;
        case NC_EVENT_SOLVED:
          counters->solutions++;
          break;
        case NC_EVENT_FORCE:
          counters->forced++;
          break;
        case NC_EVENT_DEAD_END:
          counters->dead_ends++;
          break;
        case NC_EVENT_CHOOSE:
        case NC_EVENT_REJECT:
        case NC_EVENT_EXHAUSTED:
        default:
          break;
        }
    }
}

/* Kept cheap: copies out what is pending and emits it as one batch. */
static gboolean
event_source_dispatch (GSource     *source,
                       GSourceFunc  callback,
                       gpointer     user_data)
{
  EventSource *es = (EventSource *) source;
  g_autoptr(NeSolveTask) self = NULL;
  Run *run = es->run;
  guint n = 0;
  guint first;
  NcEventKind last_kind;

  if (es->task->generation != es->generation || es->task->run != run)
    return G_SOURCE_REMOVE;
  self = g_object_ref (es->task);

  run_lock (run);
  g_source_set_ready_time (source, -1);
  n = run->paused ? MIN (run->len, run->step_credit) : run->len;
  if (run->paused)
    run->step_credit -= n;
  first = MIN (n, NE_SOLVE_TASK_QUEUE_CAPACITY - run->head);
  memcpy (es->batch, run->ring + run->head, first * sizeof (NcEvent));
  memcpy (es->batch + first, run->ring, (n - first) * sizeof (NcEvent));
  if (run->len == NE_SOLVE_TASK_QUEUE_CAPACITY && n > 0)
    g_cond_broadcast (&run->cond);
  run->head = (run->head + n) % NE_SOLVE_TASK_QUEUE_CAPACITY;
  run->len -= n;
  run->next_dispatch_time = g_source_get_time (source) + DISPATCH_INTERVAL_US;
  run_unlock (run);

  if (n == 0)
    return G_SOURCE_CONTINUE;

  count_events (&self->counters, es->batch, n);
  last_kind = es->batch[n - 1].kind;
  g_signal_emit (self, signals[SIGNAL_EVENTS], 0, (gconstpointer) es->batch, n);

  /* A handler may have stopped or restarted the run. */
  if (self->generation != es->generation)
    return G_SOURCE_REMOVE;

  if (last_kind == NC_EVENT_SOLVED || last_kind == NC_EVENT_EXHAUSTED)
    {
      ne_solve_task_end_run (self);
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0, (guint) last_kind);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static void
event_source_finalize (GSource *source)
{
  EventSource *es = (EventSource *) source;

  g_free (es->batch);
}

static GSourceFuncs event_source_funcs = {
  .dispatch = event_source_dispatch,
  .finalize = event_source_finalize,
};

static void
ne_solve_task_dispose (GObject *object)
{
  NeSolveTask *self = NE_SOLVE_TASK (object);

  ne_solve_task_end_run (self);

  G_OBJECT_CLASS (ne_solve_task_parent_class)->dispose (object);
}

static void
ne_solve_task_class_init (NeSolveTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ne_solve_task_dispose;

  signals[SIGNAL_EVENTS] =
    g_signal_new ("events",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);

  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
ne_solve_task_init (NeSolveTask *self)
{
}

NeSolveTask *
ne_solve_task_new (const NcGrid *puzzle,
                   NcOrder       order)
{
  g_return_val_if_fail (order == NC_ORDER_READING || order == NC_ORDER_MRV, NULL);

  return ne_solve_task_new_strategy (puzzle, ne_solve_strategy_of_order (order));
}

NcStrategy
ne_solve_strategy_of_order (NcOrder order)
{
  /* The first two strategies are the reference's orders, event for event. */
  return order == NC_ORDER_MRV ? NC_STRATEGY_MRV : NC_STRATEGY_READING;
}

NeSolveTask *
ne_solve_task_new_strategy (const NcGrid *puzzle,
                            NcStrategy    strategy)
{
  NeSolveTask *self;

  g_return_val_if_fail (puzzle != NULL, NULL);
  g_return_val_if_fail (strategy < NC_N_STRATEGIES, NULL);

  self = g_object_new (NE_TYPE_SOLVE_TASK, NULL);
  self->puzzle = *puzzle;
  self->strategy = strategy;
  return self;
}

NcStrategy
ne_solve_task_get_strategy (NeSolveTask *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_TASK (self), NC_STRATEGY_READING);

  return self->strategy;
}

void
ne_solve_task_set_speed (NeSolveTask *self,
                         guint        steps_per_second)
{
  g_return_if_fail (NE_IS_SOLVE_TASK (self));
  g_return_if_fail (steps_per_second <= NE_SOLVE_TASK_MAX_SPEED);

  self->speed = steps_per_second;
  if (self->run != NULL)
    {
      run_lock (self->run);
      self->run->speed = steps_per_second;
      self->run->pace_reset = TRUE;
      g_cond_broadcast (&self->run->cond);
      run_unlock (self->run);
    }
}

guint
ne_solve_task_get_speed (NeSolveTask *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_TASK (self), 0);

  return self->speed;
}

void
ne_solve_task_start (NeSolveTask *self)
{
  EventSource *es;

  g_return_if_fail (NE_IS_SOLVE_TASK (self));

  /* Starting again replaces the run: nothing of the old one arrives. */
  ne_solve_task_end_run (self);

  self->generation++;
  memset (&self->counters, 0, sizeof self->counters);
  self->max_queued = 0;
  self->run = run_new (&self->puzzle, self->strategy, self->speed, self->paused);

  self->source = g_source_new (&event_source_funcs, sizeof (EventSource));
  es = (EventSource *) self->source;
  es->task = self;
  es->run = self->run;
  es->generation = self->generation;
  es->batch = g_new (NcEvent, NE_SOLVE_TASK_QUEUE_CAPACITY);
  /* Below redrawing and input: the UI stays responsive however fast we go. */
  g_source_set_priority (self->source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_static_name (self->source, "[nonet] solve events");
  self->run->source = self->source;
  {
    g_autoptr(GMainContext) context = g_main_context_ref_thread_default ();
    g_source_attach (self->source, context);
  }

  self->thread = g_thread_new ("nonet-solve", run_worker, self->run);
}

void
ne_solve_task_pause (NeSolveTask *self)
{
  g_return_if_fail (NE_IS_SOLVE_TASK (self));

  self->paused = TRUE;
  if (self->run != NULL)
    {
      run_lock (self->run);
      self->run->paused = TRUE;
      self->run->step_credit = 0;
      run_unlock (self->run);
    }
}

void
ne_solve_task_resume (NeSolveTask *self)
{
  g_return_if_fail (NE_IS_SOLVE_TASK (self));

  self->paused = FALSE;
  if (self->run != NULL)
    {
      run_lock (self->run);
      self->run->paused = FALSE;
      self->run->step_credit = 0;
      self->run->pace_reset = TRUE;
      if (self->run->len > 0)
        run_wake_source_locked (self->run);
      g_cond_broadcast (&self->run->cond);
      run_unlock (self->run);
    }
}

void
ne_solve_task_step (NeSolveTask *self)
{
  g_return_if_fail (NE_IS_SOLVE_TASK (self));

  ne_solve_task_take (self, 1);
}

void
ne_solve_task_take (NeSolveTask *self,
                    guint        n_events)
{
  g_return_if_fail (NE_IS_SOLVE_TASK (self));

  if (!self->paused || self->run == NULL || n_events == 0)
    return;

  run_lock (self->run);
  self->run->step_credit += MIN (n_events, G_MAXUINT - self->run->step_credit);
  /* Events already queued go first; otherwise the worker makes them. */
  if (self->run->len > 0)
    run_wake_source_locked (self->run);
  g_cond_broadcast (&self->run->cond);
  run_unlock (self->run);
}

void
ne_solve_task_stop (NeSolveTask *self)
{
  g_return_if_fail (NE_IS_SOLVE_TASK (self));

  ne_solve_task_end_run (self);
}

gboolean
ne_solve_task_get_paused (NeSolveTask *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_TASK (self), FALSE);

  return self->paused;
}

gboolean
ne_solve_task_get_running (NeSolveTask *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_TASK (self), FALSE);

  return self->run != NULL;
}

void
ne_solve_task_get_counters (NeSolveTask *self,
                            NcCounters  *counters)
{
  g_return_if_fail (NE_IS_SOLVE_TASK (self));
  g_return_if_fail (counters != NULL);

  *counters = self->counters;
}

guint
ne_solve_task_get_max_queued (NeSolveTask *self)
{
  guint max_queued;

  g_return_val_if_fail (NE_IS_SOLVE_TASK (self), 0);

  if (self->run == NULL)
    return self->max_queued;

  run_lock (self->run);
  max_queued = self->run->max_len;
  run_unlock (self->run);
  return max_queued;
}

/* Solve runs on a thread of its own rather than g_task_run_in_thread ():
 * GLib's pool hands memory between threads through futexes TSan cannot see,
 * while this hand-off (thread start, one idle source, join) is annotated. */
typedef struct
{
  NcGrid        puzzle;
  NeSolveResult result;
  GThread      *thread;
} FastSolve;

static gboolean
solve_fast_done_cb (gpointer data)
{
  g_autoptr(GTask) task = data;
  FastSolve *fast;

  tsan_acquire (task);
  fast = g_task_get_task_data (task);
  g_thread_join (g_steal_pointer (&fast->thread));

  /* The solver cannot be interrupted: a cancelled solve is finished, then
   * its result dropped. */
  if (g_task_return_error_if_cancelled (task))
    return G_SOURCE_REMOVE;
  g_task_return_pointer (task, g_memdup2 (&fast->result, sizeof fast->result), g_free);
  return G_SOURCE_REMOVE;
}

static gpointer
solve_fast_thread (gpointer data)
{
  GTask *task = data;
  FastSolve *fast = g_task_get_task_data (task);
  GSource *source;
  gint64 start;

  start = g_get_monotonic_time ();
  fast->result.n_solutions = nc_solver_count (&fast->puzzle, 2, &fast->result.solution);
  fast->result.elapsed_us = g_get_monotonic_time () - start;

  /* The task's reference goes to the source, and back to the main thread. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, solve_fast_done_cb, task, NULL);
  g_source_set_static_name (source, "[nonet] solve fast done");
  tsan_release (task);
  g_source_attach (source, g_task_get_context (task));
  g_source_unref (source);
  return NULL;
}

void
ne_solve_fast_async (const NcGrid        *puzzle,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  FastSolve *fast;

  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ne_solve_fast_async);
  g_task_set_name (task, "[nonet] solve fast");
  if (g_task_return_error_if_cancelled (task))
    return;

  fast = g_new0 (FastSolve, 1);
  fast->puzzle = *puzzle;
  g_task_set_task_data (task, fast, g_free);
  fast->thread = g_thread_new ("nonet-solve-fast", solve_fast_thread, g_object_ref (task));
}

gboolean
ne_solve_fast_finish (GAsyncResult   *result,
                      NeSolveResult  *out,
                      GError        **error)
{
  g_autofree NeSolveResult *solved = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ne_solve_fast_async, FALSE);

  solved = g_task_propagate_pointer (G_TASK (result), error);
  if (solved == NULL)
    return FALSE;
  if (out != NULL)
    *out = *solved;
  return TRUE;
}
