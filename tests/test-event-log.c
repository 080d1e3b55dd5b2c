/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-event-log.c: the solver's step log keeps the last steps of a run in
 * order, numbered from the start, tells a view exactly what changed, and
 * shows them in a list that follows the run to its last step and is one
 * Tab stop. */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ne-messages.h"
#include "ne-solve-run.h"
#include "nonet-event-log.h"
#include "nonet-event-ring.h"
#include "test-gtk-util.h"
#include "test-util.h"

/* A copy of a model's rows kept up to date only through items-changed, so
 * a wrong signal shows up as a wrong copy. */
typedef struct
{
  GPtrArray *rows;     /* char* */
  guint      n_signals;
} Mirror;

static char *
row_text (GListModel *model,
          guint       position)
{
  g_autoptr(GtkStringObject) item = g_list_model_get_item (model, position);

  g_assert_nonnull (item);
  return g_strdup (gtk_string_object_get_string (item));
}

static void
mirror_changed (GListModel *model,
                guint       position,
                guint       removed,
                guint       added,
                Mirror     *mirror)
{
  g_assert_cmpuint (position + removed, <=, mirror->rows->len);
  g_ptr_array_remove_range (mirror->rows, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (mirror->rows, (int) (position + i), row_text (model, position + i));
  mirror->n_signals++;
}

/* Every event of Euler 1 in reading order, as the core makes them. */
static GArray *
euler_events (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  NcBacktracker *bt = g_new (NcBacktracker, 1);
  GArray *events = g_array_new (FALSE, FALSE, sizeof (NcEvent));
  NcEvent event;

  nc_backtracker_init (bt, &puzzle, NC_ORDER_READING);
  while (nc_backtracker_step (bt, &event))
    {
      g_array_append_val (events, event);
      if (event.kind == NC_EVENT_SOLVED)
        break;
    }
  g_free (bt);
  return events;
}

static void
assert_rows (GListModel   *model,
             Mirror       *mirror,
             const GArray *events,
             guint         n_appended)
{
  guint n = MIN (n_appended, 300u);

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  g_assert_cmpuint (mirror->rows->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      guint number = n_appended - n + i + 1;
      g_autofree char *text = ne_event_describe (&g_array_index (events, NcEvent, number - 1), TRUE);
      g_autofree char *expected = g_strdup_printf ("%7u  %s", number, text);
      g_autofree char *got = row_text (model, i);

      g_assert_cmpstr (got, ==, expected);
      g_assert_cmpstr (g_ptr_array_index (mirror->rows, i), ==, expected);
    }
}

/* Batches of every size, below, at and over the capacity, keep exactly the
 * last 300 events with their numbers, and the signals describe it. */
static void
test_ring_batches (void)
{
  g_autoptr(GArray) events = euler_events ();
  g_autoptr(NonetEventRing) ring = nonet_event_ring_new (300);
  Mirror mirror = { g_ptr_array_new_with_free_func (g_free), 0 };
  const guint sizes[] = { 1, 7, 150, 299, 300, 301, 1, 1000, 3 };
  guint done = 0;

  /* More than three full rings, ending with the solution. */
  g_assert_cmpuint (events->len, >, 900);
  g_assert_cmpint (g_array_index (events, NcEvent, events->len - 1).kind, ==, NC_EVENT_SOLVED);
  g_signal_connect (ring, "items-changed", G_CALLBACK (mirror_changed), &mirror);

  for (guint i = 0; done < events->len; i++)
    {
      guint n = MIN (sizes[i % G_N_ELEMENTS (sizes)], events->len - done);
      guint signals_before = mirror.n_signals;

      nonet_event_ring_append (ring, &g_array_index (events, NcEvent, done), n);
      done += n;
      g_assert_cmpuint (nonet_event_ring_get_total (ring), ==, done);
      g_assert_cmpuint (mirror.n_signals - signals_before, <=, 2);
      assert_rows (G_LIST_MODEL (ring), &mirror, events, done);
    }

  nonet_event_ring_append (ring, NULL, 0);
  assert_rows (G_LIST_MODEL (ring), &mirror, events, done);

  nonet_event_ring_clear (ring);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (ring)), ==, 0);
  g_assert_cmpuint (mirror.rows->len, ==, 0);
  g_assert_cmpuint (nonet_event_ring_get_total (ring), ==, 0);

  /* A new run numbers from 1 again. */
  nonet_event_ring_append (ring, &g_array_index (events, NcEvent, 0), 2);
  assert_rows (G_LIST_MODEL (ring), &mirror, events, 2);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (ring), 2));

  g_ptr_array_unref (mirror.rows);
}

static void
wait_for_frames (guint n)
{
  for (guint i = 0; i < n; i++)
    {
      gint64 until = g_get_monotonic_time () + 20000;

      while (g_get_monotonic_time () < until)
        g_main_context_iteration (NULL, FALSE);
    }
}

/* Whether the row of this number and sentence is on screen: drawn, and
 * inside the scrolled window's viewport (the adjustment alone can be at the
 * end while the rows drawn are old ones). A row shows the number in one
 * label and the sentence in the next. */
static gboolean
find_shown_row (GtkWidget  *widget,
                GtkWidget  *viewport,
                const char *number,
                const char *sentence)
{
  GtkWidget *before = gtk_widget_get_prev_sibling (widget);

  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), sentence) == 0
      && GTK_IS_LABEL (before) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (before)), number) == 0
      && gtk_widget_get_mapped (widget))
    {
      graphene_rect_t bounds;

      if (gtk_widget_compute_bounds (widget, viewport, &bounds)
          && bounds.origin.y >= -1 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (viewport) + 1)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (find_shown_row (child, viewport, number, sentence))
      return TRUE;
  return FALSE;
}

static gboolean
last_row_shown (GtkWidget *log)
{
  GListModel *model = nonet_event_log_get_model (NONET_EVENT_LOG (log));
  g_autofree char *last = row_text (model, g_list_model_get_n_items (model) - 1);
  g_auto(GStrv) parts = g_regex_split_simple ("^ *([0-9]+)  ", last, 0, 0);
  GtkWidget *scrolled = gtk_widget_get_first_child (log);

  /* "", the number, the sentence. */
  g_assert_cmpuint (g_strv_length (parts), ==, 3);
  return find_shown_row (scrolled, scrolled, parts[1], parts[2]);
}

/* Runs the main loop until done (widget) holds, or 10 s have gone (a slow
 * build, ASan's, lays rows out over several frames). */
static gboolean
run_until (gboolean  (*done) (GtkWidget *widget),
           GtkWidget  *widget)
{
  gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!done (widget))
    {
      if (g_get_monotonic_time () > until)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
    }
  return TRUE;
}

/* Runs the main loop until the newest row is on screen. */
static gboolean
wait_for_last_row (GtkWidget *log)
{
  return run_until (last_row_shown, log);
}

/* Sets the adjustment to its end until it stays there for a few frames
 * (the list measures rows it had only estimated as they come into view). */
static gboolean
scroll_to_bottom (GtkAdjustment *adjustment)
{
  gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint settled = 0;

  while (settled < 5)
    {
      double bottom = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

      if (g_get_monotonic_time () > until)
        return FALSE;
      if (gtk_adjustment_get_value (adjustment) >= bottom - 1)
        settled++;
      else
        {
          settled = 0;
          gtk_adjustment_set_value (adjustment, bottom);
        }
      wait_for_frames (1);
    }
  return TRUE;
}

static GtkAdjustment *
log_adjustment (GtkWidget *log)
{
  GtkWidget *scrolled = gtk_widget_get_first_child (log);

  g_assert_true (GTK_IS_SCROLLED_WINDOW (scrolled));
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

/* In a window, the list follows the newest step; scrolled up it stays put
 * and follows again once back at the end. */
static void
test_log_follows (void)
{
  g_autoptr(GArray) events = euler_events ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *log = nonet_event_log_new ();
  GtkAdjustment *adjustment;
  double kept;

  gtk_window_set_default_size (GTK_WINDOW (window), 300, 300);
  gtk_window_set_child (GTK_WINDOW (window), log);
  gtk_window_present (GTK_WINDOW (window));
  adjustment = log_adjustment (log);

  nonet_event_log_append (NONET_EVENT_LOG (log), &g_array_index (events, NcEvent, 0), 500);
  g_assert_cmpuint (g_list_model_get_n_items (nonet_event_log_get_model (NONET_EVENT_LOG (log))), ==, 500);
  g_assert_true (wait_for_last_row (log));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >=,
                     gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) - 1);

  /* Steps that trickle in, a frame apart, as at a slow speed: still at the end. */
  for (guint i = 0; i < 40; i++)
    {
      nonet_event_log_append (NONET_EVENT_LOG (log), &g_array_index (events, NcEvent, 100 + i), 1);
      wait_for_frames (1);
    }
  g_assert_true (wait_for_last_row (log));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >=,
                     gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) - 1);

  /* Scrolled to the top by the person: more steps do not move it. */
  gtk_adjustment_set_value (adjustment, 0);
  nonet_event_log_append (NONET_EVENT_LOG (log), &g_array_index (events, NcEvent, 500), 500);
  wait_for_frames (5);
  kept = gtk_adjustment_get_value (adjustment);
  g_assert_cmpfloat (kept, <, gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) - 1);
  g_assert_false (last_row_shown (log));

  /* Back at the end, as a person scrolls there (over frames, the list laid
   * out on the way): it follows again. */
  g_assert_true (scroll_to_bottom (adjustment));
  nonet_event_log_append (NONET_EVENT_LOG (log), &g_array_index (events, NcEvent, 1000), 500);
  g_assert_true (wait_for_last_row (log));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >=,
                     gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) - 1);

  /* Bounded however long the run; full, it still follows, whether a batch
   * replaces every row or a few rows trickle in and the oldest go. */
  for (int i = 0; i < 20; i++)
    nonet_event_log_append (NONET_EVENT_LOG (log), &g_array_index (events, NcEvent, 0), events->len);
  g_assert_cmpuint (g_list_model_get_n_items (nonet_event_log_get_model (NONET_EVENT_LOG (log))), ==,
                    NONET_EVENT_LOG_CAPACITY);
  g_assert_true (wait_for_last_row (log));
  for (guint i = 0; i < 40; i++)
    {
      nonet_event_log_append (NONET_EVENT_LOG (log), &g_array_index (events, NcEvent, 200 + i), 1);
      wait_for_frames (1);
    }
  g_assert_true (wait_for_last_row (log));

  nonet_event_log_clear (NONET_EVENT_LOG (log));
  g_assert_cmpuint (g_list_model_get_n_items (nonet_event_log_get_model (NONET_EVENT_LOG (log))), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The number in the row that has the focus, or NULL if none has. */
static const char *
focused_row_number (GtkWidget *window,
                    GtkWidget *log)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  GtkWidget *box, *number;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, log))
    return NULL;
  /* The row's widget holds the box of setup_row: number, sentence. */
  box = gtk_widget_get_first_child (focus);
  number = box != NULL ? gtk_widget_get_first_child (box) : NULL;
  g_assert_true (GTK_IS_LABEL (number));
  return gtk_label_get_label (GTK_LABEL (number));
}

static gboolean
window_is_active (GtkWidget *window)
{
  return gtk_window_is_active (GTK_WINDOW (window));
}

/* The log is one Tab stop between the widgets around it: Tab enters it on
 * the newest row, and the next Tab (or Shift+Tab) leaves it. */
static void
test_log_one_tab_stop (void)
{
  g_autoptr(GArray) events = euler_events ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *before = gtk_button_new_with_label ("Before");
  GtkWidget *log = nonet_event_log_new ();
  GtkWidget *after = gtk_button_new_with_label ("After");

  gtk_widget_set_vexpand (log, TRUE);
  gtk_box_append (GTK_BOX (box), before);
  gtk_box_append (GTK_BOX (box), log);
  gtk_box_append (GTK_BOX (box), after);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 300);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));

  nonet_event_log_append (NONET_EVENT_LOG (log), &g_array_index (events, NcEvent, 0), 500);
  g_assert_true (wait_for_last_row (log));
  /* GTK moves the focus with Tab only in the active window (a button of
   * an inactive one takes Tab as a grab of the focus it holds), as a key
   * press reaches only that window. tests/meson.build runs this test on a
   * display of its own, where a presented window becomes active. */
  g_assert_true (run_until (window_is_active, window));

  g_assert_true (gtk_widget_grab_focus (before));
  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD));
  g_assert_cmpstr (focused_row_number (window, log), ==, "500");
  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == after);

  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_BACKWARD));
  g_assert_nonnull (focused_row_number (window, log));
  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_BACKWARD));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == before);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
append_run_events (NeSolveRun    *run,
                   gconstpointer  events,
                   guint          n_events,
                   GtkWidget     *log)
{
  nonet_event_log_append (NONET_EVENT_LOG (log), events, n_events);
}

static void
note_finished (NeSolveRun *run,
               guint       result,
               gboolean   *finished)
{
  *finished = TRUE;
}

/* A run at unlimited speed comes in batches of thousands of steps, each
 * more than the log keeps: when it ends, the newest row is on screen and
 * is the run's last event, "Solved". MRV's run of Inkala's puzzle is long
 * enough for that (90,665 attempts) and a fifth of reading order's. */
static void
test_log_run_end (void)
{
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(NeSolveRun) run = ne_solve_run_new (&puzzle, NC_ORDER_MRV);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *log = nonet_event_log_new ();
  GListModel *model = nonet_event_log_get_model (NONET_EVENT_LOG (log));
  gboolean finished = FALSE;
  g_autofree char *last = NULL;
  g_autofree char *solved = NULL;
  NcEvent event;

  gtk_window_set_default_size (GTK_WINDOW (window), 300, 300);
  gtk_window_set_child (GTK_WINDOW (window), log);
  gtk_window_present (GTK_WINDOW (window));

  ne_solve_run_set_speed (run, 0);
  g_signal_connect (run, "events", G_CALLBACK (append_run_events), log);
  g_signal_connect (run, "finished", G_CALLBACK (note_finished), &finished);
  ne_solve_run_start (run);
  while (!finished)
    g_main_context_iteration (NULL, TRUE);

  g_assert_true (ne_solve_run_get_last_event (run, &event));
  g_assert_cmpint (event.kind, ==, NC_EVENT_SOLVED);
  last = row_text (model, g_list_model_get_n_items (model) - 1);
  solved = ne_event_describe (&event, TRUE);
  g_assert_true (g_str_has_suffix (last, solved));
  g_assert_true (wait_for_last_row (log));

  g_signal_handlers_disconnect_by_data (run, log);
  g_signal_handlers_disconnect_by_data (run, &finished);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status = test_gtk_init (&argc, &argv);

  if (status >= 0)
    return status;

  g_test_add_func ("/ui/event-log/ring-batches", test_ring_batches);
  g_test_add_func ("/ui/event-log/follows", test_log_follows);
  g_test_add_func ("/ui/event-log/run-end", test_log_run_end);
  g_test_add_func ("/ui/event-log/one-tab-stop", test_log_one_tab_stop);

  return g_test_run ();
}
