/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-compare.c: the table of strategies compared, and the lockstep driver.
 * The driver keeps every run paused and grants each unfinished one the same
 * number of steps per tick (ne_solve_run_take); the next grant waits until
 * every run has taken the last one, so the runs never drift apart however
 * the main loop is loaded. The time of each row is the search unanimated,
 * measured once on a thread of its own, as nonet-cli compare measures it. */

#define G_LOG_DOMAIN "nonet-compare"

#include "config.h"

#include "ne-compare.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "ne-solve-task.h"
#include "ne-tsan-private.h"

/* Paced runs are granted steps at most this often, about once a frame. */
#define TICK_MIN_MS 16
/* Unlimited: a grant is as much as a run's queue holds. */
#define UNLIMITED_GRANT NE_SOLVE_TASK_QUEUE_CAPACITY

gboolean
ne_compare_measure (const NcGrid *puzzle,
                    NcStrategy    strategy,
                    NeCompareRow *row)
{
  NcBacktracker bt;
  gint64 start;
  NcEventKind result;

  g_return_val_if_fail (puzzle != NULL, FALSE);
  g_return_val_if_fail (strategy < NC_N_STRATEGIES, FALSE);
  g_return_val_if_fail (row != NULL, FALSE);

  start = g_get_monotonic_time ();
  nc_backtracker_init_strategy (&bt, puzzle, strategy);
  result = nc_backtracker_run (&bt);
  row->seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  row->strategy = strategy;
  row->counters = bt.counters;
  return result == NC_EVENT_SOLVED;
}

/* text right-aligned (left when left) in width characters, not bytes: a
 * translated heading may hold letters of more than one byte. */
static void
append_padded (GString    *out,
               const char *text,
               int         width,
               gboolean    left)
{
  int pad = MAX (0, width - (int) g_utf8_strlen (text, -1));

  g_string_append_printf (out, "%*s%s%*s", left ? 0 : pad, "", text, left ? pad : 0, "");
}

static void
append_count (GString *out,
              guint64  n,
              int      width)
{
  g_autofree char *text = g_strdup_printf ("%'" G_GUINT64_FORMAT, n);

  g_string_append_c (out, ' ');
  append_padded (out, text, width, FALSE);
}

char *
ne_compare_format_table (const NeCompareRow *rows,
                         guint               n_rows)
{
  static const int widths[] = { 12, 12, 11, 9, 6, 9 };
  const char *headings[] = {
    /* Translators: the headings of the compare table (nonet-cli compare and
     * the Compare window's Copy Table), 12, 12, 11, 9, 6 and 9 characters
     * wide at most. */
    _("strategy"), _("attempts"), _("backtracks"),
    _("forced"), _("depth"), _("seconds"),
  };
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (rows != NULL || n_rows == 0, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (headings); i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      append_padded (out, headings[i], widths[i], i == 0);
    }
  g_string_append_c (out, '\n');

  for (guint i = 0; i < n_rows; i++)
    {
      const NeCompareRow *row = &rows[i];
      char time_text[G_ASCII_DTOSTR_BUF_SIZE];

      append_padded (out, nc_strategy_name (row->strategy), widths[0], TRUE);
      append_count (out, row->counters.attempts, widths[1]);
      append_count (out, row->counters.backtracks, widths[2]);
      append_count (out, row->counters.forced, widths[3]);
      append_count (out, (guint64) row->counters.max_depth, widths[4]);
      snprintf (time_text, sizeof time_text, "%.3f", row->seconds);
      g_string_append_c (out, ' ');
      append_padded (out, time_text, widths[5], FALSE);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* --- The measurement thread ---------------------------------------------
 * Detached: it cannot be interrupted, so a driver that is stopped or gone
 * only forgets it (owner NULL) and the last reference frees it. */

typedef struct
{
  gatomicrefcount  ref;
  NcGrid           puzzle;
  guint            n;
  NcStrategy       strategies[NE_COMPARE_MAX_RUNS];
  NeCompareRow     rows[NE_COMPARE_MAX_RUNS];
  NeCompare       *owner;    /* main thread only; NULL once forgotten */
  GMainContext    *context;
} Measure;

static Measure *
measure_ref (Measure *measure)
{
  g_atomic_ref_count_inc (&measure->ref);
  return measure;
}

static void
measure_unref (gpointer data)
{
  Measure *measure = data;

  if (g_atomic_ref_count_dec (&measure->ref))
    {
      g_main_context_unref (measure->context);
      g_free (measure);
    }
}

struct _NeCompare
{
  GObject         parent_instance;

  /* Owned */
  NeSolveRun     *runs[NE_COMPARE_MAX_RUNS];
  GSource        *timer;         /* paced and running only */
  Measure        *measure;       /* until its rows are in, or forgotten */

  NcGrid          puzzle;
  guint           n_runs;
  guint           speed;
  NeCompareState  state;
  guint64         granted;       /* steps granted to each unfinished run */
  gint64          pace_start;    /* paced: when the timer started */
  guint64         pace_granted;  /* paced: steps granted since */
  gboolean        finished[NE_COMPARE_MAX_RUNS];
  gboolean        measured;
  NeCompareRow    measured_rows[NE_COMPARE_MAX_RUNS];
  guint           n_finished;    /* in finish_order */
  guint           finish_order[NE_COMPARE_MAX_RUNS];
  guint           n_ending;      /* finished since the runs last stood together */
  guint           ending[NE_COMPARE_MAX_RUNS];
  guint           n_rows;
  NeCompareRow    rows[NE_COMPARE_MAX_RUNS];
  gboolean        settled;
};

G_DEFINE_FINAL_TYPE (NeCompare, ne_compare, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_SETTLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ROW_ADDED,
  SIGNAL_STEPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void ne_compare_grant (NeCompare *self, guint64 n);

static void
ne_compare_set_state (NeCompare      *self,
                      NeCompareState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
ne_compare_end_timer (NeCompare *self)
{
  if (self->timer == NULL)
    return;
  g_source_destroy (self->timer);
  g_clear_pointer (&self->timer, g_source_unref);
}

static void
ne_compare_forget_measure (NeCompare *self)
{
  if (self->measure == NULL)
    return;
  self->measure->owner = NULL;
  g_clear_pointer (&self->measure, measure_unref);
}

/* How often a paced comparison is granted steps. */
static guint
ne_compare_tick_ms (NeCompare *self)
{
  return MAX (TICK_MIN_MS, 1000 / MAX (self->speed, 1));
}


/* Rows go in in the order the runs finished, once the times are known. */
static void
ne_compare_publish_rows (NeCompare *self)
{
  if (!self->measured)
    return;
  while (self->n_rows < self->n_finished)
    {
      guint run = self->finish_order[self->n_rows];
      NeCompareRow *row = &self->rows[self->n_rows];

      row->strategy = ne_solve_run_get_strategy (self->runs[run]);
      ne_solve_run_get_counters (self->runs[run], &row->counters);
      row->seconds = self->measured_rows[run].seconds;
      self->n_rows++;
      g_signal_emit (self, signals[SIGNAL_ROW_ADDED], 0, self->n_rows - 1);
      if (self->state == NE_COMPARE_STOPPED)
        return;
    }
  if (self->n_rows == self->n_runs)
    {
      ne_compare_end_timer (self);
      ne_compare_set_state (self, NE_COMPARE_FINISHED);
    }
}

static gboolean
measure_done_cb (gpointer data)
{
  Measure *measure = data;
  NeCompare *self = measure->owner;

  tsan_acquire (measure);
  if (self == NULL)
    return G_SOURCE_REMOVE;

  memcpy (self->measured_rows, measure->rows, sizeof measure->rows);
  self->measured = TRUE;
  ne_compare_forget_measure (self);
  ne_compare_publish_rows (self);
  return G_SOURCE_REMOVE;
}

static gpointer
measure_thread (gpointer data)
{
  Measure *measure = data;
  /* Its own: once attached, the source may free measure at any time. */
  GMainContext *context = g_main_context_ref (measure->context);
  GSource *source;

  for (guint i = 0; i < measure->n; i++)
    ne_compare_measure (&measure->puzzle, measure->strategies[i], &measure->rows[i]);

  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, measure_done_cb, measure, measure_unref);
  g_source_set_static_name (source, "[nonet] compare measured");
  tsan_release (measure);
  g_source_attach (source, context);
  g_source_unref (source);
  g_main_context_unref (context);
  return NULL;
}

/* Whether every unfinished run has taken all it was granted. */
static gboolean
ne_compare_all_taken (NeCompare *self)
{
  for (guint i = 0; i < self->n_runs; i++)
    if (!self->finished[i] && ne_solve_run_get_n_events (self->runs[i]) < self->granted)
      return FALSE;
  return TRUE;
}

/* The runs that finished within one grant finished together: the one of
 * fewer steps counts as the first, as a finer grant would have had it. */
static void
ne_compare_order_ending (NeCompare *self)
{
  for (guint i = 1; i < self->n_ending; i++)
    for (guint j = i; j > 0; j--)
      {
        guint a = self->ending[j - 1], b = self->ending[j];

        if (ne_solve_run_get_n_events (self->runs[b]) >= ne_solve_run_get_n_events (self->runs[a]))
          break;
        self->ending[j - 1] = b;
        self->ending[j] = a;
      }
  for (guint i = 0; i < self->n_ending; i++)
    self->finish_order[self->n_finished++] = self->ending[i];
  self->n_ending = 0;
}

static void
ne_compare_check_settled (NeCompare *self)
{
  gboolean settled = ne_compare_all_taken (self);

  if (settled && self->n_ending > 0)
    {
      ne_compare_order_ending (self);
      ne_compare_publish_rows (self);
      if (self->state == NE_COMPARE_STOPPED)
        return;
    }
  if (settled == self->settled)
    return;
  self->settled = settled;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTLED]);
  if (!settled)
    return;

  g_signal_emit (self, signals[SIGNAL_STEPPED], 0);
  /* Unlimited: the next grant as soon as the last is taken. The runs'
   * batches come at most once a frame, so this never spins. */
  if (self->state == NE_COMPARE_RUNNING && self->speed == 0 && self->n_finished < self->n_runs)
    ne_compare_grant (self, UNLIMITED_GRANT);
}

static void
ne_compare_grant (NeCompare *self,
                  guint64    n)
{
  g_assert (self->settled);

  self->granted += n;
  self->settled = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTLED]);
  for (guint i = 0; i < self->n_runs; i++)
    if (!self->finished[i])
      ne_solve_run_take (self->runs[i], (guint) n);
}

/* Paced: the steps due by now at the speed, measured from the start of
 * the pacing so that rounding never accumulates. */
static gboolean
ne_compare_tick (gpointer user_data)
{
  NeCompare *self = user_data;
  guint64 due = (guint64) (g_get_monotonic_time () - self->pace_start) * self->speed / G_USEC_PER_SEC;
  /* A machine too slow for the speed is not owed a burst later. */
  guint64 most = MAX (1, self->speed / 10);

  if (due - self->pace_granted > most)
    self->pace_granted = due - most;
  /* A run still behind the last grant: the others wait for it. */
  if (self->settled && due > self->pace_granted)
    {
      ne_compare_grant (self, due - self->pace_granted);
      self->pace_granted = due;
    }
  return G_SOURCE_CONTINUE;
}

static void
ne_compare_start_timer (NeCompare *self)
{
  ne_compare_end_timer (self);
  if (self->speed == 0)
    return;
  self->pace_start = g_get_monotonic_time ();
  self->pace_granted = 0;
  self->timer = g_timeout_source_new (ne_compare_tick_ms (self));
  g_source_set_callback (self->timer, ne_compare_tick, self, NULL);
  g_source_set_static_name (self->timer, "[nonet] compare tick");
  g_source_attach (self->timer, g_main_context_get_thread_default ());
}

static void
ne_compare_run_events (NeSolveRun    *run,
                       gconstpointer  events,
                       guint          n_events,
                       NeCompare     *self)
{
  ne_compare_check_settled (self);
}

static void
ne_compare_run_finished (NeSolveRun *run,
                         guint       result,
                         NeCompare  *self)
{
  for (guint i = 0; i < self->n_runs; i++)
    if (self->runs[i] == run && !self->finished[i])
      {
        self->finished[i] = TRUE;
        self->ending[self->n_ending++] = i;
      }
  ne_compare_check_settled (self);
}

static void
ne_compare_dispose (GObject *object)
{
  NeCompare *self = NE_COMPARE (object);

  ne_compare_end_timer (self);
  ne_compare_forget_measure (self);
  for (guint i = 0; i < self->n_runs; i++)
    if (self->runs[i] != NULL)
      {
        g_signal_handlers_disconnect_by_data (self->runs[i], self);
        ne_solve_run_stop (self->runs[i]);
        g_clear_object (&self->runs[i]);
      }

  G_OBJECT_CLASS (ne_compare_parent_class)->dispose (object);
}

static void
ne_compare_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  NeCompare *self = NE_COMPARE (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_uint (value, self->state);
      break;
    case PROP_SETTLED:
      g_value_set_boolean (value, self->settled);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ne_compare_class_init (NeCompareClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ne_compare_dispose;
  object_class->get_property = ne_compare_get_property;

  properties[PROP_STATE] =
    g_param_spec_uint ("state", NULL, NULL, 0, NE_COMPARE_STOPPED, NE_COMPARE_READY,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SETTLED] =
    g_param_spec_boolean ("settled", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_ROW_ADDED] =
    g_signal_new ("row-added",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_STEPPED] =
    g_signal_new ("stepped",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ne_compare_init (NeCompare *self)
{
  self->settled = TRUE;
}

NeCompare *
ne_compare_new (const NcGrid     *puzzle,
                const NcStrategy *strategies,
                guint             n_strategies)
{
  NeCompare *self;

  g_return_val_if_fail (puzzle != NULL, NULL);
  g_return_val_if_fail (strategies != NULL, NULL);
  g_return_val_if_fail (n_strategies >= NE_COMPARE_MIN_RUNS && n_strategies <= NE_COMPARE_MAX_RUNS, NULL);
  for (guint i = 0; i < n_strategies; i++)
    {
      g_return_val_if_fail (strategies[i] < NC_N_STRATEGIES, NULL);
      for (guint j = 0; j < i; j++)
        g_return_val_if_fail (strategies[j] != strategies[i], NULL);
    }

  self = g_object_new (NE_TYPE_COMPARE, NULL);
  self->puzzle = *puzzle;
  self->n_runs = n_strategies;
  for (guint i = 0; i < n_strategies; i++)
    {
      self->runs[i] = ne_solve_run_new_strategy (puzzle, strategies[i]);
      g_signal_connect (self->runs[i], "events", G_CALLBACK (ne_compare_run_events), self);
      g_signal_connect (self->runs[i], "finished", G_CALLBACK (ne_compare_run_finished), self);
    }
  return self;
}

void
ne_compare_set_speed (NeCompare *self,
                      guint      steps_per_second)
{
  g_return_if_fail (NE_IS_COMPARE (self));
  g_return_if_fail (steps_per_second <= NE_SOLVE_TASK_MAX_SPEED);

  self->speed = steps_per_second;
  if (self->state != NE_COMPARE_RUNNING)
    return;
  ne_compare_start_timer (self);
  if (self->speed == 0 && self->settled)
    ne_compare_grant (self, UNLIMITED_GRANT);
}

guint
ne_compare_get_speed (NeCompare *self)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), 0);

  return self->speed;
}

void
ne_compare_start (NeCompare *self)
{
  Measure *measure;

  g_return_if_fail (NE_IS_COMPARE (self));
  g_return_if_fail (self->state == NE_COMPARE_READY);

  measure = g_new0 (Measure, 1);
  g_atomic_ref_count_init (&measure->ref);
  measure->puzzle = self->puzzle;
  measure->n = self->n_runs;
  for (guint i = 0; i < self->n_runs; i++)
    measure->strategies[i] = ne_solve_run_get_strategy (self->runs[i]);
  measure->owner = self;
  measure->context = g_main_context_ref_thread_default ();
  self->measure = measure;
  g_thread_unref (g_thread_new ("nonet-compare-measure", measure_thread, measure_ref (measure)));

  ne_compare_set_state (self, NE_COMPARE_RUNNING);
  for (guint i = 0; i < self->n_runs; i++)
    {
      ne_solve_run_start (self->runs[i]);
      /* Held from the first event: only grants move a run. */
      ne_solve_run_set_paused (self->runs[i], TRUE);
    }
  ne_compare_start_timer (self);
  if (self->speed == 0)
    ne_compare_grant (self, UNLIMITED_GRANT);
}

void
ne_compare_set_paused (NeCompare *self,
                       gboolean   paused)
{
  g_return_if_fail (NE_IS_COMPARE (self));

  if (paused && self->state == NE_COMPARE_RUNNING)
    {
      ne_compare_end_timer (self);
      ne_compare_set_state (self, NE_COMPARE_PAUSED);
    }
  else if (!paused && self->state == NE_COMPARE_PAUSED)
    {
      ne_compare_set_state (self, NE_COMPARE_RUNNING);
      ne_compare_start_timer (self);
      if (self->speed == 0 && self->settled)
        ne_compare_grant (self, UNLIMITED_GRANT);
    }
}

void
ne_compare_step (NeCompare *self)
{
  g_return_if_fail (NE_IS_COMPARE (self));

  if (self->state == NE_COMPARE_RUNNING)
    ne_compare_set_paused (self, TRUE);
  /* A step waits for the runs to stand together, as a tick does. */
  if (self->state == NE_COMPARE_PAUSED && self->settled && self->n_finished < self->n_runs)
    ne_compare_grant (self, 1);
}

void
ne_compare_stop (NeCompare *self)
{
  g_return_if_fail (NE_IS_COMPARE (self));

  if (self->state != NE_COMPARE_RUNNING && self->state != NE_COMPARE_PAUSED)
    return;
  ne_compare_end_timer (self);
  ne_compare_forget_measure (self);
  for (guint i = 0; i < self->n_runs; i++)
    ne_solve_run_stop (self->runs[i]);
  ne_compare_set_state (self, NE_COMPARE_STOPPED);
}

NeCompareState
ne_compare_get_state (NeCompare *self)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), NE_COMPARE_READY);

  return self->state;
}

guint
ne_compare_get_n_runs (NeCompare *self)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), 0);

  return self->n_runs;
}

NeSolveRun *
ne_compare_get_run (NeCompare *self,
                    guint      index)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), NULL);
  g_return_val_if_fail (index < self->n_runs, NULL);

  return self->runs[index];
}

guint64
ne_compare_get_steps (NeCompare *self)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), 0);

  return self->granted;
}

gboolean
ne_compare_get_settled (NeCompare *self)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), FALSE);

  return self->settled;
}

guint
ne_compare_get_n_rows (NeCompare *self)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), 0);

  return self->n_rows;
}

const NeCompareRow *
ne_compare_get_row (NeCompare *self,
                    guint      index)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), NULL);
  g_return_val_if_fail (index < self->n_rows, NULL);

  return &self->rows[index];
}

guint
ne_compare_get_row_run (NeCompare *self,
                        guint      row)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), 0);
  g_return_val_if_fail (row < self->n_rows, 0);

  return self->finish_order[row];
}

char *
ne_compare_dup_table (NeCompare *self)
{
  g_return_val_if_fail (NE_IS_COMPARE (self), NULL);

  return ne_compare_format_table (self->rows, self->n_rows);
}
