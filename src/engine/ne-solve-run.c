/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-solve-run.c: one animated run of a search strategy: it owns
 * the solve task, applies each batch of its events to an NcRunView, keeps
 * the time run and the rate, and ticks while active so that a view can
 * follow the counters between batches. */

#define G_LOG_DOMAIN "nonet-solve"

#include "config.h"

#include "ne-solve-run.h"

#include "ne-rate.h"
#include "ne-solve-task.h"

#define TICK_MS          100

struct _NeSolveRun
{
  GObject      parent_instance;

  /* Owned */
  NeSolveTask *task;
  GSource     *tick;           /* while active */

  NcRunView    view;
  NcEvent      last;           /* the last event, for a status line */
  gboolean     has_last;
  gboolean     started;
  gboolean     active;         /* started and not yet finished or stopped */
  gboolean     finished;
  gint64       elapsed_us;     /* time run while not paused, till resumed_us */
  gint64       resumed_us;     /* 0 while paused or ended */
  guint64      n_events;
  NeRateWindow rate_window;    /* on the time run: events while paused are steps */
};

G_DEFINE_FINAL_TYPE (NeSolveRun, ne_solve_run, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ACTIVE,
  PROP_PAUSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_EVENTS,
  SIGNAL_TICK,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
ne_solve_run_end_tick (NeSolveRun *self)
{
  if (self->tick == NULL)
    return;
  g_source_destroy (self->tick);
  g_clear_pointer (&self->tick, g_source_unref);
}

/* No longer active: the time run is frozen and the tick ends. */
static void
ne_solve_run_end (NeSolveRun *self)
{
  self->elapsed_us = ne_solve_run_get_elapsed_us (self);
  self->resumed_us = 0;
  self->active = FALSE;
  ne_solve_run_end_tick (self);
}

static gboolean
ne_solve_run_tick (gpointer user_data)
{
  g_signal_emit (user_data, signals[SIGNAL_TICK], 0);
  return G_SOURCE_CONTINUE;
}

/* Per event only a few stores: at unlimited speed a batch holds thousands. */
static void
ne_solve_run_task_events (NeSolveRun    *self,
                          gconstpointer  events,
                          guint          n_events)
{
  const NcEvent *event = events;

  nc_run_view_apply (&self->view, event, n_events);
  if (n_events > 0)
    {
      self->last = event[n_events - 1];
      self->has_last = TRUE;
    }
  self->n_events += n_events;
  if (self->resumed_us != 0)
    ne_rate_window_add (&self->rate_window, ne_solve_run_get_elapsed_us (self), n_events);
  g_signal_emit (self, signals[SIGNAL_EVENTS], 0, events, n_events);
}

static void
ne_solve_run_task_finished (NeSolveRun *self,
                            guint       result)
{
  ne_solve_run_end (self);
  self->finished = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, result);
}

static void
ne_solve_run_dispose (GObject *object)
{
  NeSolveRun *self = NE_SOLVE_RUN (object);

  ne_solve_run_end_tick (self);
  if (self->task != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->task, self);
      ne_solve_task_stop (self->task);
      g_clear_object (&self->task);
    }

  G_OBJECT_CLASS (ne_solve_run_parent_class)->dispose (object);
}

static void
ne_solve_run_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  NeSolveRun *self = NE_SOLVE_RUN (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, ne_solve_run_get_paused (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ne_solve_run_class_init (NeSolveRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ne_solve_run_dispose;
  object_class->get_property = ne_solve_run_get_property;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_EVENTS] =
    g_signal_new ("events",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);

  signals[SIGNAL_TICK] =
    g_signal_new ("tick",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
ne_solve_run_init (NeSolveRun *self)
{
  ne_rate_window_init (&self->rate_window);
}

NeSolveRun *
ne_solve_run_new (const NcGrid *puzzle,
                  NcOrder       order)
{
  g_return_val_if_fail (order == NC_ORDER_READING || order == NC_ORDER_MRV, NULL);

  return ne_solve_run_new_strategy (puzzle, ne_solve_strategy_of_order (order));
}

NeSolveRun *
ne_solve_run_new_strategy (const NcGrid *puzzle,
                           NcStrategy    strategy)
{
  NeSolveRun *self;

  g_return_val_if_fail (puzzle != NULL, NULL);
  g_return_val_if_fail (strategy < NC_N_STRATEGIES, NULL);

  self = g_object_new (NE_TYPE_SOLVE_RUN, NULL);
  nc_run_view_init (&self->view, puzzle);
  self->task = ne_solve_task_new_strategy (puzzle, strategy);
  g_signal_connect_swapped (self->task, "events", G_CALLBACK (ne_solve_run_task_events), self);
  g_signal_connect_swapped (self->task, "finished", G_CALLBACK (ne_solve_run_task_finished), self);
  return self;
}

NcStrategy
ne_solve_run_get_strategy (NeSolveRun *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_RUN (self), NC_STRATEGY_READING);

  return ne_solve_task_get_strategy (self->task);
}

void
ne_solve_run_set_speed (NeSolveRun *self,
                        guint       steps_per_second)
{
  g_return_if_fail (NE_IS_SOLVE_RUN (self));

  ne_solve_task_set_speed (self->task, steps_per_second);
}

void
ne_solve_run_start (NeSolveRun *self)
{
  g_return_if_fail (NE_IS_SOLVE_RUN (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->elapsed_us = 0;
  self->resumed_us = g_get_monotonic_time ();
  self->active = TRUE;
  self->tick = g_timeout_source_new (TICK_MS);
  g_source_set_callback (self->tick, ne_solve_run_tick, self, NULL);
  g_source_attach (self->tick, g_main_context_get_thread_default ());
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  ne_solve_task_start (self->task);
}

void
ne_solve_run_set_paused (NeSolveRun *self,
                         gboolean    paused)
{
  g_return_if_fail (NE_IS_SOLVE_RUN (self));

  paused = !!paused;
  if (!self->active || ne_solve_task_get_paused (self->task) == paused)
    return;

  if (paused)
    {
      ne_solve_task_pause (self->task);
      self->elapsed_us = ne_solve_run_get_elapsed_us (self);
      self->resumed_us = 0;
    }
  else
    {
      self->resumed_us = g_get_monotonic_time ();
      ne_solve_task_resume (self->task);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

gboolean
ne_solve_run_get_paused (NeSolveRun *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_RUN (self), FALSE);

  return ne_solve_task_get_paused (self->task);
}

void
ne_solve_run_step (NeSolveRun *self)
{
  g_return_if_fail (NE_IS_SOLVE_RUN (self));

  ne_solve_run_take (self, 1);
}

void
ne_solve_run_take (NeSolveRun *self,
                   guint       n_events)
{
  g_return_if_fail (NE_IS_SOLVE_RUN (self));

  if (!self->active)
    return;
  ne_solve_run_set_paused (self, TRUE);
  ne_solve_task_take (self->task, n_events);
}

guint64
ne_solve_run_get_n_events (NeSolveRun *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_RUN (self), 0);

  return self->n_events;
}

void
ne_solve_run_stop (NeSolveRun *self)
{
  g_return_if_fail (NE_IS_SOLVE_RUN (self));

  ne_solve_task_stop (self->task);
  if (!self->active)
    return;
  ne_solve_run_end (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

gboolean
ne_solve_run_get_active (NeSolveRun *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_RUN (self), FALSE);

  return self->active;
}

const NcRunView *
ne_solve_run_get_view (NeSolveRun *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_RUN (self), NULL);

  return &self->view;
}

void
ne_solve_run_get_counters (NeSolveRun *self,
                           NcCounters *counters)
{
  g_return_if_fail (NE_IS_SOLVE_RUN (self));
  g_return_if_fail (counters != NULL);

  ne_solve_task_get_counters (self->task, counters);
}

gint64
ne_solve_run_get_elapsed_us (NeSolveRun *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_RUN (self), 0);

  if (self->resumed_us == 0)
    return self->elapsed_us;
  return self->elapsed_us + g_get_monotonic_time () - self->resumed_us;
}

double
ne_solve_run_get_rate (NeSolveRun *self)
{
  g_return_val_if_fail (NE_IS_SOLVE_RUN (self), 0);

  /* At the end the rate is the run's average. */
  if (self->finished)
    return self->elapsed_us > 0 ? self->n_events * 1e6 / (double) self->elapsed_us : 0;
  return ne_rate_window_get_rate (&self->rate_window);
}

gboolean
ne_solve_run_get_last_event (NeSolveRun *self,
                             NcEvent    *event)
{
  g_return_val_if_fail (NE_IS_SOLVE_RUN (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  if (self->has_last)
    *event = self->last;
  return self->has_last;
}
