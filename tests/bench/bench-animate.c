/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-animate.c: the solver animation in the real grid widget against the
 * headless reference solve of the same puzzle, in one run: completion time,
 * main-loop latency, RSS growth, and the rate kept at a set speed. Needs a
 * display: run under xvfb-run and dbus-run-session. */

#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nc-backtrack.h"
#include "ne-solve-run.h"
#include "ne-solve-task.h"
#include "nonet-grid-view.h"

/* Arto Inkala's 2012 puzzle and what the reference backtracker, in reading
 * order, takes to solve it. */
#define INKALA            "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
#define INKALA_ATTEMPTS   445778
#define INKALA_BACKTRACKS 49498

#define HEADLESS_RUNS     11
#define UNLIMITED_LIMIT_S 120   /* give up on an unlimited run after this */
#define PACED_SPEED       100   /* steps per second */
#define PACED_SECONDS     5

/* The targets. */
#define TARGET_RATIO      1.5
#define TARGET_SLACK_MS   50.0
#define TARGET_P99_MS     20.0
#define TARGET_RSS_MB     10.0
#define TARGET_RATE_PCT   5.0

/* The window's run, NeSolveRun, drawn per batch with one overlay update
 * (one queued redraw), as nonet-window-solve.c does. */
typedef struct
{
  NonetGridView *view;
  NeSolveRun    *run;
  GMainLoop     *loop;

  guint64        n_events;
  guint          n_batches;
  gboolean       finished;
  guint          result;
  gint64         start_us;
  gint64         finished_us;

  /* Paced run: the events after the first batch over the time from it to
   * the last batch, so the start-up and the cut at the end do not count. */
  gint64         first_batch_us;
  guint64        first_batch_events;
  gint64         last_batch_us;

  /* Main-thread time spent applying batches (the window's share). */
  gint64         handler_us;
  gint64         handler_max_us;
  guint          max_batch;
} Run;

typedef struct
{
  GArray *lateness_us;  /* gint64 */
  gint64  due_us;
  gboolean recording;
} Probe;

/* The handler's time does not include applying the batch to the view:
 * NeSolveRun does that before it emits "events". */
static void
run_events (NeSolveRun   *solve_run,
            gconstpointer events,
            guint         n_events,
            Run          *run)
{
  gint64 now = g_get_monotonic_time ();

  nonet_grid_view_set_overlay (run->view, ne_solve_run_get_view (solve_run));

  if (run->n_batches == 0)
    {
      run->first_batch_us = now;
      run->first_batch_events = n_events;
    }
  run->last_batch_us = now;
  run->n_events += n_events;
  run->n_batches++;
  run->max_batch = MAX (run->max_batch, n_events);
  now = g_get_monotonic_time () - now;
  run->handler_us += now;
  run->handler_max_us = MAX (run->handler_max_us, now);
}

static void
run_finished (NeSolveRun *solve_run,
              guint       result,
              Run        *run)
{
  run->finished_us = g_get_monotonic_time ();
  run->finished = TRUE;
  run->result = result;
  g_main_loop_quit (run->loop);
}

static void
run_init (Run           *run,
          NonetGridView *view,
          GMainLoop     *loop,
          const NcGrid  *puzzle,
          guint          speed)
{
  memset (run, 0, sizeof *run);
  run->view = view;
  run->loop = loop;
  run->run = ne_solve_run_new (puzzle, NC_ORDER_READING);
  ne_solve_run_set_speed (run->run, speed);
  g_signal_connect (run->run, "events", G_CALLBACK (run_events), run);
  g_signal_connect (run->run, "finished", G_CALLBACK (run_finished), run);
  nonet_grid_view_set_overlay (view, ne_solve_run_get_view (run->run));
}

static void
run_clear (Run *run)
{
  ne_solve_run_stop (run->run);
  g_signal_handlers_disconnect_by_data (run->run, run);
  g_clear_object (&run->run);
}

/* A 1 ms timer: how late it fires is how long the main loop was busy. */
static gboolean
probe_tick (gpointer user_data)
{
  Probe *probe = user_data;
  gint64 now = g_get_monotonic_time ();

  if (probe->recording)
    {
      gint64 late = MAX (now - probe->due_us, 0);

      g_array_append_val (probe->lateness_us, late);
    }
  probe->due_us = now + 1000;
  return G_SOURCE_CONTINUE;
}

static gboolean
quit_loop (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static void
iterate_ms (GMainLoop *loop,
            guint      ms)
{
  g_timeout_add (ms, quit_loop, loop);
  g_main_loop_run (loop);
}

static void
count_frame (GdkFrameClock *clock,
             guint         *frames)
{
  (*frames)++;
}

static long
rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmRSS:");
  return line != NULL ? strtol (line + strlen ("VmRSS:"), NULL, 10) : -1;
}

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of a sorted array. */
static gint64
percentile (GArray *sorted,
            double  p)
{
  guint rank;

  if (sorted->len == 0)
    return 0;
  rank = (guint) (p / 100.0 * sorted->len + 0.999999);
  rank = CLAMP (rank, 1, sorted->len);
  return g_array_index (sorted, gint64, rank - 1);
}

static const char *
verdict (gboolean pass)
{
  return pass ? "pass" : "FAIL";
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GArray) headless_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  Probe probe = { g_array_new (FALSE, FALSE, sizeof (gint64)), 0, FALSE };
  NcGrid puzzle, headless_solution;
  NcCounters headless_counters = { 0 }, counters;
  GtkWidget *window, *view;
  GdkFrameClock *clock;
  guint frames = 0, frames_before;
  Run run;
  long rss_cold, rss_before, rss_after;
  gint64 headless_median, animated_us, p50, p99, max_late;
  double limit_ms, rss_growth_mb, rate, rate_error;
  gboolean counts_ok, board_ok;
  guint probe_id, limit_id;
  const char *renderer = g_getenv ("GSK_RENDERER");

  if (!gtk_init_check ())
    {
      g_printerr ("bench-animate: no display; run under xvfb-run and dbus-run-session\n");
      return 77;
    }
  adw_init ();
  loop = g_main_loop_new (NULL, FALSE);

  for (int i = 0; i < NC_CELLS; i++)
    puzzle.cell[i] = INKALA[i] == '0' ? 0 : (uint8_t) (INKALA[i] - '0');

  /* The real widget in a window, shown and settled before anything is
   * measured. */
  view = nonet_grid_view_new ();
  nonet_grid_view_set_puzzle (NONET_GRID_VIEW (view), &puzzle);
  g_object_set (view, "locked", TRUE, NULL);
  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "bench-animate");
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 720);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (view))
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &frames);

  iterate_ms (loop, 500);
  rss_cold = rss_kb ();

  /* Headless: the core alone, on this thread, once the window has
   * settled (the display and the accessibility bus start up meanwhile). */
  for (int i = 0; i < HEADLESS_RUNS; i++)
    {
      NcBacktracker bt;
      gint64 t0 = g_get_monotonic_time (), elapsed;

      nc_backtracker_init (&bt, &puzzle, NC_ORDER_READING);
      if (nc_backtracker_run (&bt) != NC_EVENT_SOLVED)
        g_error ("the reference backtracker found no solution");
      elapsed = g_get_monotonic_time () - t0;
      g_array_append_val (headless_us, elapsed);
      headless_counters = bt.counters;
      headless_solution = bt.grid;
    }
  g_array_sort (headless_us, compare_int64);
  headless_median = g_array_index (headless_us, gint64, HEADLESS_RUNS / 2);

  probe_id = g_timeout_add (1, probe_tick, &probe);
  /* A throwaway run at unlimited speed warms the caches, the glyph atlas
   * and the allocator, so RSS growth below is what a run keeps, not what
   * the first one ever sets up. */
  run_init (&run, NONET_GRID_VIEW (view), loop, &puzzle, 0);
  ne_solve_run_start (run.run);
  g_main_loop_run (loop);
  run_clear (&run);
  iterate_ms (loop, 500);

  /* Animated at unlimited speed, with the probe recording. */
  rss_before = rss_kb ();
  run_init (&run, NONET_GRID_VIEW (view), loop, &puzzle, 0);
  limit_id = g_timeout_add_seconds (UNLIMITED_LIMIT_S, quit_loop, loop);
  frames_before = frames;
  probe.recording = TRUE;
  run.start_us = g_get_monotonic_time ();
  ne_solve_run_start (run.run);
  g_main_loop_run (loop);
  probe.recording = FALSE;
  if (!run.finished)
    g_error ("the animated run did not finish in %d s", UNLIMITED_LIMIT_S);
  g_source_remove (limit_id);
  animated_us = run.finished_us - run.start_us;
  frames_before = frames - frames_before;
  ne_solve_run_get_counters (run.run, &counters);
  board_ok = run.result == NC_EVENT_SOLVED && nc_grid_equal (&ne_solve_run_get_view (run.run)->board, &headless_solution);
  {
    guint batches = run.n_batches;
    guint64 events = run.n_events;
    gint64 handler_us = run.handler_us, handler_max_us = run.handler_max_us;
    guint max_batch = run.max_batch;

    run_clear (&run);
    iterate_ms (loop, 500);
    rss_after = rss_kb ();
    g_array_sort (probe.lateness_us, compare_int64);
    p50 = percentile (probe.lateness_us, 50);
    p99 = percentile (probe.lateness_us, 99);
    max_late = percentile (probe.lateness_us, 100);

    counts_ok = counters.attempts == INKALA_ATTEMPTS && counters.backtracks == INKALA_BACKTRACKS &&
                headless_counters.attempts == INKALA_ATTEMPTS &&
                headless_counters.backtracks == INKALA_BACKTRACKS;

    printf ("bench-animate: Inkala 2012, reading order, GSK_RENDERER=%s\n",
            renderer != NULL ? renderer : "(default)");
    printf ("  headless:  %" G_GUINT64_FORMAT " attempts, %" G_GUINT64_FORMAT " backtracks "
            "(median of %d runs; fastest %.1f ms, slowest %.1f ms)\n",
            (guint64) headless_counters.attempts, (guint64) headless_counters.backtracks,
            HEADLESS_RUNS, g_array_index (headless_us, gint64, 0) / 1e3,
            g_array_index (headless_us, gint64, HEADLESS_RUNS - 1) / 1e3);
    printf ("  animated:  %" G_GUINT64_FORMAT " attempts, %" G_GUINT64_FORMAT " backtracks; "
            "%" G_GUINT64_FORMAT " events in %u batches, %u frames painted (%.0f fps); "
            "solved board %s\n",
            (guint64) counters.attempts, (guint64) counters.backtracks, events, batches,
            frames_before, frames_before * 1e6 / MAX (animated_us, 1),
            board_ok ? "matches the headless solution" : "WRONG");
    printf ("  main loop: batches applied in %.2f ms in all (longest %.2f ms); largest batch %u "
            "events, the queue's capacity %d (a full queue is delivered at once, "
            "a partial one at most once a frame)\n",
            handler_us / 1e3, handler_max_us / 1e3, max_batch, NE_SOLVE_TASK_QUEUE_CAPACITY);
    printf ("  counters:  %s (expected %d attempts, %d backtracks)\n",
            counts_ok ? "match" : "MISMATCH", INKALA_ATTEMPTS, INKALA_BACKTRACKS);
    printf ("  latency:   %u samples of a 1 ms timer\n", probe.lateness_us->len);
  }

  /* Paced: 100 steps/s for a few seconds, then stopped. */
  run_init (&run, NONET_GRID_VIEW (view), loop, &puzzle, PACED_SPEED);
  ne_solve_run_start (run.run);
  iterate_ms (loop, PACED_SECONDS * 1000);
  rate = run.last_batch_us > run.first_batch_us
         ? (run.n_events - run.first_batch_events) * 1e6 / (double) (run.last_batch_us - run.first_batch_us)
         : 0;
  rate_error = (rate - PACED_SPEED) * 100.0 / PACED_SPEED;
  printf ("  paced:     %" G_GUINT64_FORMAT " events in %u batches over %.2f s\n",
          run.n_events, run.n_batches, (run.last_batch_us - run.first_batch_us) / 1e6);
  run_clear (&run);

  g_source_remove (probe_id);
  g_array_unref (probe.lateness_us);
  gtk_window_destroy (GTK_WINDOW (window));

  limit_ms = headless_median / 1e3 * TARGET_RATIO + TARGET_SLACK_MS;
  rss_growth_mb = (rss_after - rss_before) / 1024.0;

  printf ("\n  %-28s %12s %12s %22s %s\n", "figure", "headless", "animated", "target", "");
  printf ("  %-28s %9.1f ms %9.1f ms %15s %.1f ms %s (%.2fx)\n", "completion",
          headless_median / 1e3, animated_us / 1e3, "<=", limit_ms,
          verdict (animated_us / 1e3 <= limit_ms), animated_us / (double) MAX (headless_median, 1));
  printf ("  %-28s %12s %9.2f ms %22s\n", "timer lateness p50", "", p50 / 1e3, "");
  printf ("  %-28s %12s %9.2f ms %15s %.1f ms %s\n", "timer lateness p99", "", p99 / 1e3,
          "<=", TARGET_P99_MS, verdict (p99 / 1e3 <= TARGET_P99_MS));
  printf ("  %-28s %12s %9.2f ms %22s\n", "timer lateness max", "", max_late / 1e3, "");
  printf ("  %-28s %12s %9.2f MB %15s %.1f MB %s (%ld -> %ld kB)\n", "RSS growth", "",
          rss_growth_mb, "<=", TARGET_RSS_MB, verdict (rss_growth_mb <= TARGET_RSS_MB),
          rss_before, rss_after);
  printf ("  %-28s %12s %9.2f MB %22s (%ld -> %ld kB, first run included)\n", "RSS growth, cold", "",
          (rss_after - rss_cold) / 1024.0, "", rss_cold, rss_after);
  printf ("  %-28s %12s %8.2f /s %12s %d /s +-%.0f%% %s (%+.2f%%)\n", "rate at 100 steps/s", "",
          rate, "", PACED_SPEED, TARGET_RATE_PCT,
          verdict (rate > 0 && ABS (rate_error) <= TARGET_RATE_PCT), rate_error);
  printf ("  %-28s %12s %12s %22s %s\n", "counters", "", "", "445778 / 49498",
          verdict (counts_ok && board_ok));

  /* Informational: a benchmark reports, it does not judge. */
  return 0;
}
