/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search-figures.c: the figures the depth plot and the heat map show,
 * on hand-made event streams: the depth series' buckets exact before and
 * after pairs merge, the attempts per cell and the hottest cell, and the
 * trace text; then Project Euler's grid 1 in reading order end to end
 * (1,605 attempts, 151 backtracks). */

#define G_LOG_DOMAIN "nonet-test"

#include "config.h"

#include "ne-attempt-map.h"
#include "ne-depth-series.h"
#include "ne-search-render.h"
#include "ne-trace.h"
#include "test-util.h"

static NcEvent
ev (NcEventKind kind, int cell, int digit, int depth)
{
  return (NcEvent) { .kind = kind, .cell = (int8_t) cell, .digit = (uint8_t) digit, .depth = (uint8_t) depth };
}

static void
assert_bucket (const NeDepthSeries *series, guint i, int min, int max, int first, int last)
{
  g_assert_cmpuint (i, <, series->n_buckets);
  g_assert_cmpint (series->buckets[i].min, ==, min);
  g_assert_cmpint (series->buckets[i].max, ==, max);
  g_assert_cmpint (series->buckets[i].first, ==, first);
  g_assert_cmpint (series->buckets[i].last, ==, last);
}

/* Two placements, a backtrack and a third: a bucket per step. */
static void
test_series_steps (void)
{
  NeDepthSeries series;
  NcEvent events[] = {
    ev (NC_EVENT_CHOOSE, 0, 0, 0),     /* depth 0 */
    ev (NC_EVENT_TRY, 0, 1, 0),        /* 0 */
    ev (NC_EVENT_PLACE, 0, 1, 1),      /* 1 */
    ev (NC_EVENT_CHOOSE, 1, 0, 0),     /* 1 */
    ev (NC_EVENT_TRY, 1, 1, 0),        /* 1 */
    ev (NC_EVENT_REJECT, 1, 1, 0),     /* 1 */
    ev (NC_EVENT_TRY, 1, 2, 0),        /* 1 */
    ev (NC_EVENT_PLACE, 1, 2, 2),      /* 2 */
    ev (NC_EVENT_BACKTRACK, 1, 2, 0),  /* 1 */
    ev (NC_EVENT_BACKTRACK, 0, 1, 0),  /* 0 */
    ev (NC_EVENT_TRY, 0, 2, 0),        /* 0 */
    ev (NC_EVENT_PLACE, 0, 2, 1),      /* 1 */
  };
  const int depths[] = { 0, 0, 1, 1, 1, 1, 1, 2, 1, 0, 0, 1 };
  int min, max;

  ne_depth_series_init (&series);
  g_assert_cmpuint (series.steps, ==, 0);
  g_assert_false (ne_depth_series_range (&series, 0, 10, &min, &max));

  /* In two batches: the split changes nothing. */
  ne_depth_series_add (&series, events, 5);
  ne_depth_series_add (&series, events + 5, G_N_ELEMENTS (events) - 5);
  g_assert_cmpuint (series.steps, ==, 12);
  g_assert_cmpuint (series.bucket_steps, ==, 1);
  g_assert_cmpuint (series.n_buckets, ==, 12);
  g_assert_cmpuint (series.backtracks, ==, 2);
  g_assert_cmpint (series.depth, ==, 1);
  g_assert_cmpint (series.max_depth, ==, 2);
  for (guint i = 0; i < 12; i++)
    assert_bucket (&series, i, depths[i], depths[i], depths[i], depths[i]);

  /* A column over steps 7..9: the drop from 2 to 0. */
  g_assert_true (ne_depth_series_range (&series, 7, 10, &min, &max));
  g_assert_cmpint (min, ==, 0);
  g_assert_cmpint (max, ==, 2);
  /* Past the end: cut to the steps taken. */
  g_assert_true (ne_depth_series_range (&series, 11, 100, &min, &max));
  g_assert_cmpint (min, ==, 1);
  g_assert_cmpint (max, ==, 1);
  g_assert_false (ne_depth_series_range (&series, 12, 100, &min, &max));
}

/* The depth after step i of the merging stream. */
static int
sawtooth (guint64 i)
{
  return (int) ((i * 7) % 11);
}

/* Pairs merge when the buckets are full: each bucket then holds exactly
 * the span of steps it says, checked against every step. */
static void
test_series_merge (void)
{
  const guint64 lengths[] = { NE_DEPTH_SERIES_BUCKETS, NE_DEPTH_SERIES_BUCKETS + 1, 3 * NE_DEPTH_SERIES_BUCKETS + 5, 10000 };

  for (guint l = 0; l < G_N_ELEMENTS (lengths); l++)
    {
      NeDepthSeries series;
      guint64 n = lengths[l];
      guint64 span;

      ne_depth_series_init (&series);
      for (guint64 i = 0; i < n; i++)
        {
          NcEvent place = ev (NC_EVENT_PLACE, 0, 1, sawtooth (i));

          ne_depth_series_add (&series, &place, 1);
        }
      span = 1;
      while (n > span * NE_DEPTH_SERIES_BUCKETS)
        span *= 2;
      g_assert_cmpuint (series.steps, ==, n);
      g_assert_cmpuint (series.bucket_steps, ==, span);
      g_assert_cmpuint (series.n_buckets, ==, (n + span - 1) / span);
      g_assert_cmpint (series.max_depth, ==, 10);
      for (guint b = 0; b < series.n_buckets; b++)
        {
          guint64 start = b * span, end = MIN (n, start + span);
          int min = G_MAXINT, max = 0;

          for (guint64 i = start; i < end; i++)
            {
              min = MIN (min, sawtooth (i));
              max = MAX (max, sawtooth (i));
            }
          assert_bucket (&series, b, min, max, sawtooth (start), sawtooth (end - 1));
        }
    }
}

static void
test_attempts (void)
{
  NeAttemptMap map;
  NcEvent events[] = {
    ev (NC_EVENT_CHOOSE, 5, 0, 0),
    ev (NC_EVENT_TRY, 5, 1, 0),
    ev (NC_EVENT_REJECT, 5, 1, 0),
    ev (NC_EVENT_TRY, 5, 2, 0),
    ev (NC_EVENT_PLACE, 5, 2, 1),
    ev (NC_EVENT_TRY, 3, 1, 0),
    ev (NC_EVENT_TRY, 3, 2, 0),
    ev (NC_EVENT_BACKTRACK, 5, 2, 0),
    ev (NC_EVENT_SOLVED, -1, 0, 0),
  };

  ne_attempt_map_init (&map);
  g_assert_cmpint (map.hottest, ==, -1);
  g_assert_cmpfloat (ne_attempt_map_level (&map, 0), ==, 0);
  ne_attempt_map_add (&map, events, G_N_ELEMENTS (events));
  g_assert_cmpuint (map.counts[5], ==, 2);
  g_assert_cmpuint (map.counts[3], ==, 2);
  g_assert_cmpuint (map.counts[0], ==, 0);
  g_assert_cmpuint (map.total, ==, 4);
  g_assert_cmpuint (map.max, ==, 2);
  /* A tie: the first in reading order. */
  g_assert_cmpint (map.hottest, ==, 3);
  g_assert_cmpfloat (ne_attempt_map_level (&map, 5), ==, 1);
  g_assert_cmpfloat (ne_attempt_map_level (&map, 0), ==, 0);

  ne_attempt_map_add (&map, &events[1], 1);
  g_assert_cmpint (map.hottest, ==, 5);
  g_assert_cmpuint (map.max, ==, 3);
  g_assert_cmpfloat_with_epsilon (ne_attempt_map_level (&map, 3), 0.816496580927726, 1e-12);
}

static gboolean
accept_line (const char *line,
             gpointer    user_data)
{
  return TRUE;
}

/* Euler's grid 1 run to its solution, event by event, against the
 * backtracker's own counters; the trace has a line per event. */
static void
test_euler1 (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  NcBacktracker bt;
  NcEvent event;
  NeDepthSeries series;
  NeAttemptMap map;
  guint64 n = 0, n_lines = 0, n_traced = 0;
  g_autoptr(GString) text = NULL;
  g_auto(GStrv) lines = NULL;

  ne_depth_series_init (&series);
  ne_attempt_map_init (&map);
  nc_backtracker_init (&bt, &puzzle, NC_ORDER_READING);
  while (nc_backtracker_step (&bt, &event))
    {
      n++;
      ne_depth_series_add (&series, &event, 1);
      ne_attempt_map_add (&map, &event, 1);
      g_assert_cmpint (series.depth, ==, bt.counters.depth);
      if (event.kind == NC_EVENT_SOLVED)
        break;
    }
  g_assert_cmpuint (bt.counters.attempts, ==, 1605);
  g_assert_cmpuint (bt.counters.backtracks, ==, 151);
  g_assert_cmpuint (series.steps, ==, n);
  g_assert_cmpuint (series.backtracks, ==, 151);
  g_assert_cmpint (series.max_depth, ==, bt.counters.max_depth);
  g_assert_cmpuint (map.total, ==, 1605);
  g_assert_cmpuint (map.counts[map.hottest], ==, map.max);
  for (int i = 0; i < NC_CELLS; i++)
    if (EULER1[i] != '0')
      g_assert_cmpuint (map.counts[i], ==, 0);

  g_assert_cmpint (ne_trace_run (&puzzle, NC_ORDER_READING, 0, accept_line, NULL, &n_traced),
                   ==, NE_TRACE_SOLVED);
  g_assert_cmpuint (n_traced, ==, n);
  text = ne_trace_to_text (&puzzle, NC_ORDER_READING, 0, "# Euler 1");
  lines = g_strsplit (text->str, "\n", -1);
  n_lines = g_strv_length (lines);
  /* The header, a line per event, and the empty string after the last newline. */
  g_assert_cmpuint (n_lines, ==, n + 2);
  g_assert_cmpstr (lines[0], ==, "# Euler 1");
  g_assert_cmpstr (lines[1], ==, "choose r1c1 candidates 2");
  g_assert_cmpstr (lines[n], ==, "solved");
}

static gboolean
count_line (const char *line,
            gpointer    user_data)
{
  guint *n = user_data;

  return ++*n < 3;
}

/* A limit, and a sink that says stop. */
static void
test_trace_stops (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  g_autoptr(GString) text = ne_trace_to_text (&puzzle, NC_ORDER_READING, 4, NULL);
  guint64 n = 0;
  guint seen = 0;

  g_assert_cmpstr (text->str, ==, "choose r1c1 candidates 2\ntry r1c1 1\nreject r1c1 1 box r3c3\ntry r1c1 2\n");
  g_assert_cmpint (ne_trace_run (&puzzle, NC_ORDER_READING, 0, count_line, &seen, &n), ==, NE_TRACE_STOPPED);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (seen, ==, 3);
}

/* The files: a PNG's signature, an SVG's root element, each non-trivial. */
static void
test_export (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  NcBacktracker bt;
  NcEvent event;
  NeDepthSeries series;
  NeAttemptMap map;
  GBytes *files[4];

  ne_depth_series_init (&series);
  ne_attempt_map_init (&map);
  nc_backtracker_init (&bt, &puzzle, NC_ORDER_READING);
  while (nc_backtracker_step (&bt, &event) && event.kind != NC_EVENT_SOLVED)
    {
      ne_depth_series_add (&series, &event, 1);
      ne_attempt_map_add (&map, &event, 1);
    }
  files[0] = ne_search_export_depth_plot (&series, FALSE);
  files[1] = ne_search_export_depth_plot (&series, TRUE);
  files[2] = ne_search_export_heat_map (&puzzle, &bt.grid, &map, FALSE);
  files[3] = ne_search_export_heat_map (&puzzle, NULL, &map, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      gsize len;
      const char *data = g_bytes_get_data (files[i], &len);

      g_assert_cmpuint (len, >, 1000);
      if (i % 2 == 0)
        g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
      else
        g_assert_nonnull (g_strstr_len (data, MIN (len, 200), "<svg"));
      g_bytes_unref (files[i]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search-figures/series/steps", test_series_steps);
  g_test_add_func ("/search-figures/series/merge", test_series_merge);
  g_test_add_func ("/search-figures/attempts", test_attempts);
  g_test_add_func ("/search-figures/euler1", test_euler1);
  g_test_add_func ("/search-figures/trace-stops", test_trace_stops);
  g_test_add_func ("/search-figures/export", test_export);
  return g_test_run ();
}
