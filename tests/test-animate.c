/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-animate.c: the solver animation in GTK (under Xvfb): a solve run's
 * view drawn through the grid view's overlay, counted in the solve bar; the
 * figures a run leaves when the cell order changes; the board's legend. */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ne-messages.h"
#include "ne-solve-run.h"
#include "nonet-board-legend.h"
#include "nonet-grid-view.h"
#include "nonet-solve-bar.h"
#include "test-gtk-util.h"
#include "test-util.h"

/* A run drawn the way the window draws it: the run's view through the grid
 * view's overlay, its counters in the solve bar. */
typedef struct
{
  NonetGridView *view;
  NonetSolveBar *bar;
  NeSolveRun    *run;
  guint          n_events;
  guint          n_batches;
  guint          n_rejects_shown;
  gboolean       finished;
  guint          result;
} Run;

static void
on_events (NeSolveRun    *solve_run,
           gconstpointer  events,
           guint          n_events,
           Run           *run)
{
  run->n_events += n_events;
  run->n_batches++;
  if (ne_solve_run_get_view (solve_run)->collision_cell >= 0)
    run->n_rejects_shown++;
  nonet_grid_view_set_overlay (run->view, ne_solve_run_get_view (solve_run));
}

static void
on_finished (NeSolveRun *solve_run,
             guint       result,
             Run        *run)
{
  NcCounters counters;

  ne_solve_run_get_counters (solve_run, &counters);
  nonet_solve_bar_set_counters (run->bar, &counters, ne_solve_run_get_elapsed_us (solve_run),
                                ne_solve_run_get_rate (solve_run));
  run->finished = TRUE;
  run->result = result;
}

static void
run_init (Run          *run,
          GtkWidget   **window,
          const NcGrid *puzzle,
          guint         speed)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *view = nonet_grid_view_new ();
  GtkWidget *bar = nonet_solve_bar_new ();

  memset (run, 0, sizeof *run);

  nonet_grid_view_set_puzzle (NONET_GRID_VIEW (view), puzzle);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), view);
  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 500, 600);
  gtk_window_set_child (GTK_WINDOW (*window), box);
  gtk_window_present (GTK_WINDOW (*window));

  run->view = NONET_GRID_VIEW (view);
  run->bar = NONET_SOLVE_BAR (bar);
  nonet_solve_bar_set_speed (run->bar, speed);
  g_object_set (view, "locked", TRUE, NULL);
  run->run = ne_solve_run_new (puzzle, nonet_solve_bar_get_order (run->bar));
  ne_solve_run_set_speed (run->run, nonet_solve_bar_get_speed (run->bar));
  g_signal_connect (run->run, "events", G_CALLBACK (on_events), run);
  g_signal_connect (run->run, "finished", G_CALLBACK (on_finished), run);
  nonet_grid_view_set_overlay (run->view, ne_solve_run_get_view (run->run));
}

static void
run_clear (Run       *run,
           GtkWidget *window)
{
  ne_solve_run_stop (run->run);
  g_signal_handlers_disconnect_by_data (run->run, run);
  g_clear_object (&run->run);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
iterate_until (gboolean *flag,
               guint     seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!*flag && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return *flag;
}

/* Iterates until *count reaches at least n (a step's event arrived). */
static void
iterate_until_count (const guint *count,
                     guint        n)
{
  while (*count < n)
    g_main_context_iteration (NULL, TRUE);
}

static void
iterate_for (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < deadline)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

/* Unlimited speed, reading order: the exact counts of the core, and the
 * solution on the board. */
static void
test_inkala_unlimited (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  NcGrid shown, game_board;
  NcCounters counters;
  GtkWidget *window;
  Run run;

  run_init (&run, &window, &puzzle, 0);
  g_assert_cmpuint (nonet_solve_bar_get_speed (run.bar), ==, 0);
  g_assert_cmpuint (nonet_solve_bar_get_order (run.bar), ==, NC_ORDER_READING);
  ne_solve_run_start (run.run);
  g_assert_true (ne_solve_run_get_active (run.run));
  g_assert_true (iterate_until (&run.finished, 100));

  g_assert_cmpuint (run.result, ==, NC_EVENT_SOLVED);
  g_assert_false (ne_solve_run_get_active (run.run));
  ne_solve_run_get_counters (run.run, &counters);
  g_assert_cmpuint (counters.attempts, ==, 445778);
  g_assert_cmpuint (counters.backtracks, ==, 49498);
  g_assert_cmpstr (nonet_solve_bar_get_attempts_text (run.bar), ==, "445,778");
  g_assert_cmpstr (nonet_solve_bar_get_backtracks_text (run.bar), ==, "49,498");
  /* Batched: far fewer redraws than events. */
  g_assert_cmpuint (run.n_batches, <, run.n_events / 10);

  g_assert_true (nonet_grid_view_get_overlay (run.view, &shown));
  g_assert_cmpmem (&shown, sizeof shown, &solution, sizeof solution);
  /* The game under the overlay is untouched. */
  game_board = *nc_game_givens (ne_game_get_core (nonet_grid_view_get_game (run.view)));
  g_assert_cmpmem (&game_board, sizeof game_board, &puzzle, sizeof puzzle);
  iterate_for (100);

  run_clear (&run, window);
}

/* A slow run: pause, single steps, stop; then the board is as before. */
static void
test_pause_step_stop (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  NcCounters before, after;
  GtkWidget *window;
  guint events_before;
  gint64 elapsed_before;
  double rate_before;
  Run run;

  run_init (&run, &window, &puzzle, 200);
  g_assert_cmpuint (nonet_solve_bar_get_speed (run.bar), ==, 200);
  ne_solve_run_start (run.run);
  iterate_until_count (&run.n_events, 1);
  g_assert_false (run.finished);

  ne_solve_run_set_paused (run.run, TRUE);
  g_assert_true (ne_solve_run_get_paused (run.run));
  iterate_for (100);
  events_before = run.n_events;
  elapsed_before = ne_solve_run_get_elapsed_us (run.run);
  rate_before = ne_solve_run_get_rate (run.run);
  ne_solve_run_get_counters (run.run, &before);
  iterate_for (200);
  g_assert_cmpuint (run.n_events, ==, events_before);
  /* Paused, the time run stands still and so does the rate. */
  g_assert_cmpint (ne_solve_run_get_elapsed_us (run.run), ==, elapsed_before);
  g_assert_cmpfloat (ne_solve_run_get_rate (run.run), ==, rate_before);

  for (guint i = 1; i <= 3; i++)
    {
      ne_solve_run_step (run.run);
      iterate_until_count (&run.n_events, events_before + i);
      iterate_for (50);
      g_assert_cmpuint (run.n_events, ==, events_before + i);
    }
  g_assert_true (ne_solve_run_get_paused (run.run));
  ne_solve_run_get_counters (run.run, &after);
  g_assert_cmpuint (after.attempts, >=, before.attempts);

  ne_solve_run_set_paused (run.run, FALSE);
  iterate_until_count (&run.n_events, events_before + 4);
  g_assert_cmpuint (run.n_events, >, events_before + 3);

  ne_solve_run_stop (run.run);
  g_assert_false (ne_solve_run_get_active (run.run));
  events_before = run.n_events;
  iterate_for (200);
  g_assert_cmpuint (run.n_events, ==, events_before);
  g_assert_false (run.finished);

  /* Stop puts the board back: the overlay off shows the game as it was. */
  nonet_grid_view_set_overlay (run.view, NULL);
  g_assert_false (nonet_grid_view_get_overlay (run.view, NULL));

  run_clear (&run, window);
}

/* Inkala's puzzle with MRV: the core's counts (nonet-cli trace --order=mrv). */
#define INKALA_MRV_ATTEMPTS   90665
#define INKALA_MRV_BACKTRACKS 10041

/* The cell order switched mid-run, as the window does it: the stopped run's
 * figures are kept in the bar, the new run starts from zero and reaches the
 * exact counts of its order; a finished run's figures replace them at the
 * next switch, and clearing hides them. */
static void
test_order_switch (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autofree char *expect = NULL;
  g_autofree char *attempts = NULL;
  g_autofree char *backtracks = NULL;
  NcCounters counters;
  GtkWidget *window;
  Run run;

  run_init (&run, &window, &puzzle, 1000);
  g_assert_null (nonet_solve_bar_get_previous_run (run.bar));
  ne_solve_run_start (run.run);
  iterate_until_count (&run.n_events, 200);
  ne_solve_run_set_paused (run.run, TRUE);
  ne_solve_run_get_counters (run.run, &counters);
  g_assert_cmpuint (counters.attempts, >, 0);
  g_assert_cmpuint (counters.attempts, <, 445778);

  /* The switch: the old run's figures, then a new run. */
  nonet_solve_bar_keep_previous_run (run.bar, NC_ORDER_READING, &counters,
                                     ne_solve_run_get_elapsed_us (run.run), NONET_RUN_STOPPED);
  ne_solve_run_stop (run.run);
  g_signal_handlers_disconnect_by_data (run.run, &run);
  g_clear_object (&run.run);
  attempts = ne_format_count (counters.attempts);
  backtracks = ne_format_count (counters.backtracks);
  expect = g_strdup_printf ("Reading order: %s attempts, %s backtracks, stopped", attempts, backtracks);
  g_assert_cmpstr (nonet_solve_bar_get_previous_run (run.bar), ==, expect);

  nonet_solve_bar_set_order (run.bar, NC_ORDER_MRV);
  nonet_solve_bar_set_speed (run.bar, 0);
  run.finished = FALSE;
  run.run = ne_solve_run_new (&puzzle, nonet_solve_bar_get_order (run.bar));
  ne_solve_run_set_speed (run.run, nonet_solve_bar_get_speed (run.bar));
  g_signal_connect (run.run, "events", G_CALLBACK (on_events), &run);
  g_signal_connect (run.run, "finished", G_CALLBACK (on_finished), &run);
  ne_solve_run_get_counters (run.run, &counters);
  g_assert_cmpuint (counters.attempts, ==, 0);
  g_assert_cmpuint (counters.backtracks, ==, 0);
  ne_solve_run_start (run.run);
  g_assert_true (iterate_until (&run.finished, 100));
  g_assert_cmpuint (run.result, ==, NC_EVENT_SOLVED);
  ne_solve_run_get_counters (run.run, &counters);
  g_assert_cmpuint (counters.attempts, ==, INKALA_MRV_ATTEMPTS);
  g_assert_cmpuint (counters.backtracks, ==, INKALA_MRV_BACKTRACKS);
  g_assert_cmpstr (nonet_solve_bar_get_attempts_text (run.bar), ==, "90,665");
  g_assert_cmpstr (nonet_solve_bar_get_backtracks_text (run.bar), ==, "10,041");
  /* The old figures stay beside the new run's, through its end. */
  g_assert_cmpstr (nonet_solve_bar_get_previous_run (run.bar), ==, expect);

  /* The next switch keeps the finished run's figures instead. */
  nonet_solve_bar_keep_previous_run (run.bar, NC_ORDER_MRV, &counters,
                                     ne_solve_run_get_elapsed_us (run.run), NONET_RUN_SOLVED);
  g_assert_true (g_str_has_prefix (nonet_solve_bar_get_previous_run (run.bar),
                                   "MRV (fewest candidates): 90,665 attempts, 10,041 backtracks, solved in "));
  g_assert_true (g_str_has_suffix (nonet_solve_bar_get_previous_run (run.bar), " s"));
  nonet_solve_bar_clear_previous_run (run.bar);
  g_assert_null (nonet_solve_bar_get_previous_run (run.bar));

  run_clear (&run, window);
}

/* Every widget of type under widget, in order. */
static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, found);
}

/* The legend: a heading and one sentence per mark, each beside a sample
 * that a screen reader skips (the sentence says it), drawn at a cell's
 * size in the grid's colours, light or dark. */
static void
test_legend (void)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) samples = g_ptr_array_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *legend = nonet_board_legend_new ();
  NeRenderStyle light, dark;

  gtk_window_set_child (GTK_WINDOW (window), legend);
  gtk_window_present (GTK_WINDOW (window));
  collect (legend, GTK_TYPE_LABEL, labels);
  collect (legend, GTK_TYPE_DRAWING_AREA, samples);
  g_assert_cmpuint (samples->len, >, 0);
  /* Laid out: the last sample has its size. */
  while (gtk_widget_get_width (samples->pdata[samples->len - 1]) == 0)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (labels->len, ==, 7);
  g_assert_cmpstr (gtk_label_get_label (labels->pdata[0]), ==, "What the Marks Mean");
  g_assert_cmpuint (samples->len, ==, 6);
  for (guint i = 0; i < samples->len; i++)
    {
      GtkWidget *sample = samples->pdata[i];
      GtkWidget *label = labels->pdata[i + 1];

      g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (sample)), ==,
                       GTK_ACCESSIBLE_ROLE_PRESENTATION);
      g_assert_cmpint (gtk_widget_get_height (sample), >=, 28);
      g_assert_cmpint (gtk_widget_get_width (sample), >=, 28);
      g_assert_cmpuint (strlen (gtk_label_get_label (GTK_LABEL (label))), >, 20);
    }
  /* The collision takes two cells, the unit three. */
  g_assert_cmpint (gtk_widget_get_width (samples->pdata[4]), >, gtk_widget_get_width (samples->pdata[0]));
  g_assert_cmpint (gtk_widget_get_width (samples->pdata[5]), >, gtk_widget_get_width (samples->pdata[4]));

  /* The samples take the grid's colours, and follow dark. */
  nonet_grid_view_theme_style (samples->pdata[0], &light);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  nonet_grid_view_theme_style (samples->pdata[0], &dark);
  g_assert_cmpfloat (dark.background.red, <, light.background.red);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The speed scale maps to steps per second on a log scale, with Unlimited. */
static void
test_speed_scale (void)
{
  NonetSolveBar *bar = NONET_SOLVE_BAR (g_object_ref_sink (nonet_solve_bar_new ()));
  const guint64 counts[] = { 0, 999, 1000, 445778, 1234567 };
  const char *texts[] = { "0", "999", "1,000", "445,778", "1,234,567" };

  nonet_solve_bar_set_speed (bar, 0);
  g_assert_cmpuint (nonet_solve_bar_get_speed (bar), ==, 0);
  nonet_solve_bar_set_speed (bar, 1000);
  g_assert_cmpuint (nonet_solve_bar_get_speed (bar), ==, 1000);
  nonet_solve_bar_set_speed (bar, NONET_SOLVE_BAR_MAX_SPEED);
  g_assert_cmpuint (nonet_solve_bar_get_speed (bar), ==, NONET_SOLVE_BAR_MAX_SPEED);
  nonet_solve_bar_set_order (bar, NC_ORDER_MRV);
  g_assert_cmpuint (nonet_solve_bar_get_order (bar), ==, NC_ORDER_MRV);

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autofree char *text = ne_format_count (counts[i]);

      g_assert_cmpstr (text, ==, texts[i]);
    }

  g_object_unref (bar);
}

int
main (int   argc,
      char *argv[])
{
  int status = test_gtk_init (&argc, &argv);

  if (status >= 0)
    return status;

  g_test_add_func ("/ui/animate/speed-scale", test_speed_scale);
  g_test_add_func ("/ui/animate/inkala-unlimited", test_inkala_unlimited);
  g_test_add_func ("/ui/animate/pause-step-stop", test_pause_step_stop);
  g_test_add_func ("/ui/animate/order-switch", test_order_switch);
  g_test_add_func ("/ui/animate/legend", test_legend);

  return g_test_run ();
}
