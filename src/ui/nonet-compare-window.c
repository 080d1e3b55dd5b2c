/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-compare-window.c: Compare Strategies. NeCompare drives the runs in
 * lockstep; this window only shows them: a board a run (its group named by
 * the strategy, its description the step it stands at and its counts), the
 * table of finished runs, and the controls. A screen reader hears each run
 * finish; the status line says where the comparison stands. */

#define G_LOG_DOMAIN "nonet-compare"

#include "config.h"

#include "nonet-compare-window.h"

#include <glib/gi18n.h>

#include "ne-compare.h"
#include "ne-messages.h"
#include "nonet-a11y.h"
#include "nonet-announcer.h"
#include "nonet-cap-layout.h"
#include "nonet-grid-view.h"
#include "nonet-wrap-layout.h"

/* Descriptions and the status line follow a running comparison this often
 * (a screen reader would drown in more); at once when it pauses or ends. */
#define DESCRIBE_INTERVAL_US G_USEC_PER_SEC

/* A board's side: the grid's smallest. */
#define BOARD_SIDE 216

/* The strategies offered, in the order of their check buttons. */
static const NcStrategy offered[] = {
  NC_STRATEGY_READING, NC_STRATEGY_MRV, NC_STRATEGY_MRV_FORWARD,
  NC_STRATEGY_MRV_NAKED, NC_STRATEGY_MRV_HIDDEN,
};

/* Their check buttons in the template, in that order. */
static const char * const check_ids[] = {
  "check_reading", "check_mrv", "check_mrv_fc", "check_mrv_singles", "check_mrv_hidden",
};

/* Steps per second (0: unlimited) and their toggle buttons. */
static const guint speeds[] = { 10, 100, 1000, 0 };
static const char * const speed_ids[] = { "speed_10", "speed_100", "speed_1000", "speed_unlimited" };

typedef struct
{
  GtkWidget     *group;     /* named by the strategy, described by its state */
  NonetGridView *grid;
  GtkLabel      *counters;
} Board;

struct _NonetCompareWindow
{
  AdwWindow        parent_instance;

  /* Template widgets */
  GtkWidget       *strategies_box;
  GtkWidget       *controls_box;
  GtkWidget       *boards_box;
  GtkCheckButton  *checks[G_N_ELEMENTS (offered)];
  GtkToggleButton *speed_buttons[G_N_ELEMENTS (speeds)];
  GtkButton       *pause_button;
  GtkLabel        *status_label;
  GtkListBox      *table;

  /* Owned */
  NeCompare       *compare;
  NonetAnnouncer  *announcer;
  GtkWidget       *pairs[2];     /* two boards each, in boards_box */
  GtkSizeGroup    *columns[5];   /* the counts' columns of the table */

  NcGrid           puzzle;
  Board            boards[NE_COMPARE_MAX_RUNS];
  guint            n_boards;
  gint64           described_us;
};

G_DEFINE_FINAL_TYPE (NonetCompareWindow, nonet_compare_window, ADW_TYPE_WINDOW)

/* "MRV + naked singles": how a person names a strategy; the table keeps
 * nonet-cli's short names ("mrv+singles"). */
static const char *
strategy_label (NcStrategy strategy)
{
  switch (strategy)
    {
    case NC_STRATEGY_READING:
      return _("Reading order");
    case NC_STRATEGY_MRV:
      return _("MRV");
    case NC_STRATEGY_MRV_FORWARD:
      return _("MRV + forward checking");
    case NC_STRATEGY_MRV_NAKED:
      return _("MRV + naked singles");
    case NC_STRATEGY_MRV_HIDDEN:
    case NC_N_STRATEGIES:
    default:
      return _("MRV + hidden singles");
    }
}

/* "1,234 attempts, 120 backtracks, 30 forced, depth 12" */
static char *
counts_text (const NcCounters *counters,
             int               depth)
{
  g_autofree char *counts = ne_run_counts (counters);
  g_autofree char *forced = ne_format_count (counters->forced);

  /* Translators: "1,234 attempts, 120 backtracks, 30 forced, depth 12":
   * the counts of a run, then the cells filled by deduction and the depth. */
  return g_strdup_printf (_("%s, %s forced, depth %d"), counts, forced, depth);
}

static guint
nonet_compare_window_n_checked (NonetCompareWindow *self,
                                NcStrategy         *chosen)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (offered); i++)
    if (gtk_check_button_get_active (self->checks[i]))
      {
        if (chosen != NULL && n < NE_COMPARE_MAX_RUNS)
          chosen[n] = offered[i];
        n++;
      }
  return n;
}

static NeCompareState
nonet_compare_window_state (NonetCompareWindow *self)
{
  return self->compare != NULL ? ne_compare_get_state (self->compare) : NE_COMPARE_READY;
}

static gboolean
nonet_compare_window_going (NonetCompareWindow *self)
{
  NeCompareState state = nonet_compare_window_state (self);

  return state == NE_COMPARE_RUNNING || state == NE_COMPARE_PAUSED;
}

static void
nonet_compare_window_update_actions (NonetCompareWindow *self)
{
  guint n = nonet_compare_window_n_checked (self, NULL);
  gboolean going = nonet_compare_window_going (self);
  gboolean paused = nonet_compare_window_state (self) == NE_COMPARE_PAUSED;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.start",
                                 !going && n >= NE_COMPARE_MIN_RUNS && n <= NE_COMPARE_MAX_RUNS);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.pause", going);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.step", going);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.stop", going);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.copy-table",
                                 self->compare != NULL && ne_compare_get_n_rows (self->compare) > 0);
  gtk_widget_set_sensitive (self->strategies_box, !going);
  gtk_button_set_label (self->pause_button, paused ? _("_Resume") : _("_Pause"));
  nonet_a11y_name_button (self->pause_button);
}

/* --- The boards ------------------------------------------------------- */

static void
nonet_compare_window_clear_boards (NonetCompareWindow *self)
{
  for (guint i = 0; i < self->n_boards; i++)
    gtk_box_remove (GTK_BOX (gtk_widget_get_parent (self->boards[i].group)), self->boards[i].group);
  self->n_boards = 0;
}

static void
nonet_compare_window_add_board (NonetCompareWindow *self,
                                NcStrategy          strategy)
{
  Board *board = &self->boards[self->n_boards];
  GtkWidget *name;
  GtkWidget *cap;

  board->group = g_object_new (GTK_TYPE_BOX,
                               "orientation", GTK_ORIENTATION_VERTICAL,
                               "spacing", 6,
                               "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP,
                               NULL);
  nonet_a11y_name (board->group, strategy_label (strategy));
  name = gtk_label_new (strategy_label (strategy));
  gtk_widget_add_css_class (name, "heading");
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  /* The group says the name already. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (name), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_box_append (GTK_BOX (board->group), name);

  board->grid = NONET_GRID_VIEW (nonet_grid_view_new ());
  nonet_grid_view_set_puzzle (board->grid, &self->puzzle);
  g_object_set (board->grid, "locked", TRUE, NULL);
  gtk_widget_set_focusable (GTK_WIDGET (board->grid), FALSE);
  gtk_widget_set_can_target (GTK_WIDGET (board->grid), FALSE);
  /* Not the play grid's keys: this board only shows. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (board->grid), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The run's board, to look at only"), -1);
  /* Small: four fit a wide window, two a narrow one. */
  cap = adw_bin_new ();
  gtk_widget_set_layout_manager (cap, nonet_cap_layout_new (BOARD_SIDE));
  adw_bin_set_child (ADW_BIN (cap), GTK_WIDGET (board->grid));
  gtk_box_append (GTK_BOX (board->group), cap);

  board->counters = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (board->counters, 0);
  gtk_label_set_wrap (board->counters, TRUE);
  gtk_label_set_width_chars (board->counters, 24);
  gtk_label_set_max_width_chars (board->counters, 30);
  gtk_widget_add_css_class (GTK_WIDGET (board->counters), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (board->counters), "numeric");
  gtk_accessible_update_state (GTK_ACCESSIBLE (board->counters), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_box_append (GTK_BOX (board->group), GTK_WIDGET (board->counters));

  gtk_box_append (GTK_BOX (self->pairs[self->n_boards / 2]), board->group);
  self->n_boards++;
}

/* The boards of the checked strategies, before a run: the puzzle alone. */
static void
nonet_compare_window_show_chosen (NonetCompareWindow *self)
{
  NcStrategy chosen[NE_COMPARE_MAX_RUNS];
  guint n = MIN (nonet_compare_window_n_checked (self, chosen), NE_COMPARE_MAX_RUNS);

  nonet_compare_window_clear_boards (self);
  for (guint i = 0; i < n; i++)
    nonet_compare_window_add_board (self, chosen[i]);
}

/* Board i after the events delivered so far; its description (what a
 * screen reader and the tests read) only when describe. */
static void
nonet_compare_window_show_board (NonetCompareWindow *self,
                                 guint               i,
                                 gboolean            describe)
{
  NeSolveRun *run = ne_compare_get_run (self->compare, i);
  Board *board = &self->boards[i];
  NcCounters counters;
  g_autofree char *counts = NULL;
  g_autofree char *steps = NULL;
  g_autofree char *description = NULL;

  ne_solve_run_get_counters (run, &counters);
  counts = counts_text (&counters, counters.depth);
  gtk_label_set_text (board->counters, counts);
  if (!describe)
    return;

  steps = ne_format_count (ne_solve_run_get_n_events (run));
  if (ne_solve_run_get_active (run))
    /* Translators: a board's description: "Step 1,234: 1,000 attempts, …" */
    description = g_strdup_printf (_("Step %s: %s"), steps, counts);
  else if (nonet_compare_window_state (self) == NE_COMPARE_STOPPED)
    description = g_strdup_printf (_("Stopped at step %s: %s"), steps, counts);
  else
    description = g_strdup_printf (_("Finished at step %s: %s"), steps, counts);
  nonet_announcer_set_description (board->group, description);
}

static void
nonet_compare_window_show_status (NonetCompareWindow *self)
{
  g_autofree char *steps = NULL;
  g_autofree char *text = NULL;

  if (self->compare == NULL)
    {
      gtk_label_set_text (self->status_label, _("Choose two to four strategies, then Start."));
      return;
    }
  steps = ne_format_count (ne_compare_get_steps (self->compare));
  switch (ne_compare_get_state (self->compare))
    {
    case NE_COMPARE_READY:
      text = g_strdup (_("Choose two to four strategies, then Start."));
      break;
    case NE_COMPARE_RUNNING:
      text = g_strdup_printf (_("Running: step %s"), steps);
      break;
    case NE_COMPARE_PAUSED:
      if (ne_compare_get_settled (self->compare))
        text = g_strdup_printf (_("Paused at step %s"), steps);
      else
        text = g_strdup (_("Pausing…"));
      break;
    case NE_COMPARE_STOPPED:
      text = g_strdup_printf (_("Stopped at step %s"), steps);
      break;
    case NE_COMPARE_FINISHED:
    default:
      {
        const NeCompareRow *first = ne_compare_get_row (self->compare, 0);
        NeSolveRun *run = ne_compare_get_run (self->compare, ne_compare_get_row_run (self->compare, 0));
        g_autofree char *first_steps = ne_format_count (ne_solve_run_get_n_events (run));

        /* Translators: "All finished. Fastest: MRV + hidden singles, in
         * 3,210 steps." In lockstep the first to finish took the fewest. */
        text = g_strdup_printf (_("All finished. Fastest: %s, in %s steps."),
                                strategy_label (first->strategy), first_steps);
      }
      break;
    }
  gtk_label_set_text (self->status_label, text);
}

/* The boards, their descriptions and the status line after a settled tick:
 * descriptions at once while paused, else at most once an interval. */
static void
nonet_compare_window_stepped (NonetCompareWindow *self)
{
  gint64 now = g_get_monotonic_time ();
  gboolean describe = ne_compare_get_state (self->compare) != NE_COMPARE_RUNNING
                      || now - self->described_us >= DESCRIBE_INTERVAL_US;

  for (guint i = 0; i < self->n_boards; i++)
    nonet_compare_window_show_board (self, i, describe);
  if (describe)
    {
      self->described_us = now;
      nonet_compare_window_show_status (self);
    }
}

static void
nonet_compare_window_run_events (NonetCompareWindow *self,
                                 gconstpointer       events,
                                 guint               n_events,
                                 NeSolveRun         *run)
{
  for (guint i = 0; i < self->n_boards; i++)
    if (ne_compare_get_run (self->compare, i) == run)
      nonet_grid_view_set_overlay (self->boards[i].grid, ne_solve_run_get_view (run));
}

/* --- The table -------------------------------------------------------- */

static GtkWidget *
table_cell (GtkSizeGroup *column,
            const char   *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "numeric");
  gtk_size_group_add_widget (column, label);
  return label;
}

/* A row of the table: the strategy on a line of its own, the counts in
 * columns under it, so that the table fits a narrow window. */
static GtkWidget *
table_line (NonetCompareWindow *self,
            const char         *strategy,
            const char * const *counts)
{
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (strategy);
  GtkWidget *columns = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_set_margin_start (line, 8);
  gtk_widget_set_margin_end (line, 8);
  gtk_widget_set_margin_top (line, 6);
  gtk_widget_set_margin_bottom (line, 6);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_widget_add_css_class (name, "heading");
  gtk_box_append (GTK_BOX (line), name);
  for (guint i = 0; i < G_N_ELEMENTS (self->columns); i++)
    gtk_box_append (GTK_BOX (columns), table_cell (self->columns[i], counts[i]));
  gtk_box_append (GTK_BOX (line), columns);
  return line;
}

static void
nonet_compare_window_add_heading (NonetCompareWindow *self)
{
  const char *headings[] = {
    /* Translators: the Compare window's column headings; the last is the
     * time in seconds, kept short for a narrow window. */
    _("Attempts"), _("Backtracks"), _("Forced"), _("Depth"), _("Time"),
  };
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), table_line (self, _("Strategy"), headings));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_add_css_class (row, "dim-label");
  nonet_a11y_name (row, _("Columns: strategy, attempts, backtracks, forced, depth, time in seconds"));
  gtk_list_box_append (self->table, row);
}

static void
nonet_compare_window_clear_table (NonetCompareWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_list_box_remove (self->table, child);
  nonet_compare_window_add_heading (self);
}

static void
nonet_compare_window_row_added (NonetCompareWindow *self,
                                guint               index)
{
  const NeCompareRow *row = ne_compare_get_row (self->compare, index);
  gboolean fastest = index == 0;
  g_autofree char *attempts = ne_format_count (row->counters.attempts);
  g_autofree char *backtracks = ne_format_count (row->counters.backtracks);
  g_autofree char *forced = ne_format_count (row->counters.forced);
  g_autofree char *depth = g_strdup_printf ("%d", row->counters.max_depth);
  g_autofree char *seconds = g_strdup_printf ("%.3f", row->seconds);
  g_autofree char *name = NULL;
  g_autofree char *counts = NULL;
  g_autofree char *sentence = NULL;
  g_autofree char *spoken = NULL;
  GtkWidget *list_row = gtk_list_box_row_new ();
  NeSolveRun *run = ne_compare_get_run (self->compare, ne_compare_get_row_run (self->compare, index));

  /* Finished in the same tick as the first: as few steps, as fast. */
  if (index > 0)
    {
      NeSolveRun *first = ne_compare_get_run (self->compare, ne_compare_get_row_run (self->compare, 0));

      fastest = ne_solve_run_get_n_events (run) == ne_solve_run_get_n_events (first);
    }
  /* Translators: a row's strategy, marked in words: "mrv+hidden, the
   * fastest" */
  name = fastest ? g_strdup_printf (_("%s, the fastest"), nc_strategy_name (row->strategy))
                 : g_strdup (nc_strategy_name (row->strategy));
  {
    const char *cells[] = { attempts, backtracks, forced, depth, seconds };

    gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (list_row), table_line (self, name, cells));
  }
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (list_row), FALSE);

  counts = counts_text (&row->counters, row->counters.max_depth);
  /* Translators: a table row as a screen reader reads it: "MRV + hidden
   * singles: 752 attempts, 162 backtracks, 1,402 forced, depth 13, 0.002
   * seconds" */
  sentence = g_strdup_printf (_("%s: %s, %s seconds"), strategy_label (row->strategy), counts, seconds);
  if (fastest)
    {
      /* Translators: after a table row's sentence: the fastest run. */
      g_autofree char *marked = g_strdup_printf (_("%s, fastest"), sentence);

      g_free (sentence);
      sentence = g_steal_pointer (&marked);
    }
  nonet_a11y_name (list_row, sentence);
  gtk_list_box_append (self->table, list_row);

  {
    g_autofree char *short_counts = ne_run_counts (&row->counters);

    /* Translators: said when a run of the comparison ends: "MRV + naked
     * singles finished: 8,295 attempts, 1,837 backtracks" */
    spoken = g_strdup_printf (_("%s finished: %s"), strategy_label (row->strategy), short_counts);
  }
  nonet_announcer_now (self->announcer, spoken);

  for (guint i = 0; i < self->n_boards; i++)
    nonet_compare_window_show_board (self, i, TRUE);
  nonet_compare_window_update_actions (self);
}

/* --- Driving ---------------------------------------------------------- */

static void
nonet_compare_window_drop_compare (NonetCompareWindow *self)
{
  if (self->compare == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->compare, self);
  for (guint i = 0; i < ne_compare_get_n_runs (self->compare); i++)
    g_signal_handlers_disconnect_by_data (ne_compare_get_run (self->compare, i), self);
  ne_compare_stop (self->compare);
  g_clear_object (&self->compare);
}

static void
nonet_compare_window_state_changed (NonetCompareWindow *self)
{
  NeCompareState state = ne_compare_get_state (self->compare);

  nonet_compare_window_update_actions (self);
  if (state == NE_COMPARE_RUNNING)
    return;
  for (guint i = 0; i < self->n_boards; i++)
    nonet_compare_window_show_board (self, i, TRUE);
  nonet_compare_window_show_status (self);
  if (state == NE_COMPARE_FINISHED || state == NE_COMPARE_STOPPED)
    nonet_announcer_now (self->announcer, gtk_label_get_text (self->status_label));
}

static guint
nonet_compare_window_speed (NonetCompareWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    if (gtk_toggle_button_get_active (self->speed_buttons[i]))
      return speeds[i];
  return speeds[1];
}

static void
nonet_compare_window_action_start (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  NonetCompareWindow *self = NONET_COMPARE_WINDOW (widget);
  NcStrategy chosen[NE_COMPARE_MAX_RUNS];
  guint n = nonet_compare_window_n_checked (self, chosen);

  if (n < NE_COMPARE_MIN_RUNS || n > NE_COMPARE_MAX_RUNS || nonet_compare_window_going (self))
    return;

  nonet_compare_window_drop_compare (self);
  nonet_compare_window_clear_table (self);
  nonet_compare_window_show_chosen (self);
  self->compare = ne_compare_new (&self->puzzle, chosen, n);
  g_signal_connect_swapped (self->compare, "notify::state",
                            G_CALLBACK (nonet_compare_window_state_changed), self);
  g_signal_connect_swapped (self->compare, "stepped", G_CALLBACK (nonet_compare_window_stepped), self);
  g_signal_connect_swapped (self->compare, "row-added", G_CALLBACK (nonet_compare_window_row_added), self);
  for (guint i = 0; i < n; i++)
    g_signal_connect_swapped (ne_compare_get_run (self->compare, i), "events",
                              G_CALLBACK (nonet_compare_window_run_events), self);
  ne_compare_set_speed (self->compare, nonet_compare_window_speed (self));
  self->described_us = 0;
  ne_compare_start (self->compare);
  for (guint i = 0; i < n; i++)
    nonet_grid_view_set_overlay (self->boards[i].grid, ne_solve_run_get_view (ne_compare_get_run (self->compare, i)));
  nonet_compare_window_update_actions (self);
  nonet_compare_window_show_status (self);
}

static void
nonet_compare_window_action_pause (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  NonetCompareWindow *self = NONET_COMPARE_WINDOW (widget);

  if (nonet_compare_window_going (self))
    ne_compare_set_paused (self->compare, ne_compare_get_state (self->compare) == NE_COMPARE_RUNNING);
}

static void
nonet_compare_window_action_step (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  NonetCompareWindow *self = NONET_COMPARE_WINDOW (widget);

  if (nonet_compare_window_going (self))
    ne_compare_step (self->compare);
}

static void
nonet_compare_window_action_stop (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  NonetCompareWindow *self = NONET_COMPARE_WINDOW (widget);

  if (self->compare != NULL)
    ne_compare_stop (self->compare);
}

static void
nonet_compare_window_action_copy_table (GtkWidget  *widget,
                                        const char *action_name,
                                        GVariant   *parameter)
{
  NonetCompareWindow *self = NONET_COMPARE_WINDOW (widget);
  g_autofree char *table = NULL;

  if (self->compare == NULL || ne_compare_get_n_rows (self->compare) == 0)
    return;
  table = ne_compare_dup_table (self->compare);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), table);
  nonet_announcer_now (self->announcer, _("Table copied"));
}

static void
nonet_compare_window_speed_toggled (NonetCompareWindow *self,
                                    GtkToggleButton    *button)
{
  if (!gtk_toggle_button_get_active (button) || self->compare == NULL)
    return;
  if (nonet_compare_window_going (self))
    ne_compare_set_speed (self->compare, nonet_compare_window_speed (self));
}

/* A new choice is a new comparison: the last one's boards and table go. */
static void
nonet_compare_window_check_toggled (NonetCompareWindow *self)
{
  if (nonet_compare_window_going (self))
    return;
  nonet_compare_window_drop_compare (self);
  nonet_compare_window_clear_table (self);
  nonet_compare_window_show_chosen (self);
  nonet_compare_window_update_actions (self);
  nonet_compare_window_show_status (self);
}

/* What a screen reader was told, in the debug log for the end-to-end tests. */
static void
nonet_compare_window_log_said (NonetAnnouncer *announcer,
                               const char     *text)
{
  g_debug ("compare said: %s", text);
}

static void
nonet_compare_window_dispose (GObject *object)
{
  NonetCompareWindow *self = NONET_COMPARE_WINDOW (object);

  nonet_compare_window_drop_compare (self);
  g_clear_object (&self->announcer);
  for (guint i = 0; i < G_N_ELEMENTS (self->columns); i++)
    g_clear_object (&self->columns[i]);

  G_OBJECT_CLASS (nonet_compare_window_parent_class)->dispose (object);
}

/* Closing stops the runs at once: nothing of them arrives afterwards. */
static gboolean
nonet_compare_window_close_request (GtkWindow *window)
{
  nonet_compare_window_drop_compare (NONET_COMPARE_WINDOW (window));

  return GTK_WINDOW_CLASS (nonet_compare_window_parent_class)->close_request (window);
}

static void
nonet_compare_window_class_init (NonetCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = nonet_compare_window_dispose;
  window_class->close_request = nonet_compare_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetCompareWindow, strategies_box);
  gtk_widget_class_bind_template_child (widget_class, NonetCompareWindow, controls_box);
  gtk_widget_class_bind_template_child (widget_class, NonetCompareWindow, boards_box);
  gtk_widget_class_bind_template_child (widget_class, NonetCompareWindow, pause_button);
  gtk_widget_class_bind_template_child (widget_class, NonetCompareWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, NonetCompareWindow, table);
  for (guint i = 0; i < G_N_ELEMENTS (check_ids); i++)
    gtk_widget_class_bind_template_child_full (widget_class, check_ids[i], FALSE,
                                               G_STRUCT_OFFSET (NonetCompareWindow, checks)
                                               + i * sizeof (GtkCheckButton *));
  for (guint i = 0; i < G_N_ELEMENTS (speed_ids); i++)
    gtk_widget_class_bind_template_child_full (widget_class, speed_ids[i], FALSE,
                                               G_STRUCT_OFFSET (NonetCompareWindow, speed_buttons)
                                               + i * sizeof (GtkToggleButton *));

  gtk_widget_class_install_action (widget_class, "compare.start", NULL, nonet_compare_window_action_start);
  gtk_widget_class_install_action (widget_class, "compare.pause", NULL, nonet_compare_window_action_pause);
  gtk_widget_class_install_action (widget_class, "compare.step", NULL, nonet_compare_window_action_step);
  gtk_widget_class_install_action (widget_class, "compare.stop", NULL, nonet_compare_window_action_stop);
  gtk_widget_class_install_action (widget_class, "compare.copy-table", NULL,
                                   nonet_compare_window_action_copy_table);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nonet_compare_window_init (NonetCompareWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_widget_set_layout_manager (self->strategies_box, nonet_wrap_layout_new (12, 6));
  gtk_widget_set_layout_manager (self->controls_box, nonet_wrap_layout_new (6, 6));
  /* Two pairs of boards: four in a line, two and two, or one column. */
  gtk_widget_set_layout_manager (self->boards_box, nonet_wrap_layout_new (12, 12));
  for (guint i = 0; i < G_N_ELEMENTS (self->pairs); i++)
    {
      self->pairs[i] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      gtk_widget_set_layout_manager (self->pairs[i], nonet_wrap_layout_new (12, 12));
      gtk_box_append (GTK_BOX (self->boards_box), self->pairs[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->columns); i++)
    self->columns[i] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  for (guint i = 0; i < G_N_ELEMENTS (self->checks); i++)
    {
      g_autofree char *name = nonet_a11y_strip_mnemonic (gtk_check_button_get_label (self->checks[i]));

      /* GTK 4.8 names a check button by its raw mnemonic, "_MRV". */
      nonet_a11y_name (GTK_WIDGET (self->checks[i]), name);
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->checks); i++)
    g_signal_connect_object (self->checks[i], "toggled",
                             G_CALLBACK (nonet_compare_window_check_toggled), self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (self->speed_buttons); i++)
    g_signal_connect_object (self->speed_buttons[i], "toggled",
                             G_CALLBACK (nonet_compare_window_speed_toggled), self, G_CONNECT_SWAPPED);

  self->announcer = nonet_announcer_new (GTK_WINDOW (self));
  g_signal_connect (self->announcer, "announce", G_CALLBACK (nonet_compare_window_log_said), NULL);
  nonet_compare_window_clear_table (self);
  nonet_a11y_quiet_class_names (GTK_WIDGET (self));
}

NonetCompareWindow *
nonet_compare_window_new (GtkWindow    *parent,
                          const NcGrid *puzzle)
{
  NonetCompareWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (puzzle != NULL, NULL);

  self = g_object_new (NONET_TYPE_COMPARE_WINDOW,
                       "transient-for", parent,
                       "application", parent != NULL ? gtk_window_get_application (parent) : NULL,
                       NULL);
  self->puzzle = *puzzle;
  nonet_compare_window_show_chosen (self);
  nonet_compare_window_update_actions (self);
  nonet_compare_window_show_status (self);
  return self;
}
