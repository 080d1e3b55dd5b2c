/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rate.c: the rate over the last second (NeRateWindow) on made-up
 * times: steady speeds from 1 to 10,000 events a second, Unlimited's
 * bursts once a frame and further apart than a second, the first second,
 * deliveries late by up to a frame, and a change of speed. */

#define G_LOG_DOMAIN "nonet-test"

#include "config.h"

#include <math.h>

#include "ne-rate.h"

/* Times are a multiple of this apart. */
#define STEP_US  100
/* A frame, the most a delivery is late in the jitter test. */
#define FRAME_US 16000

typedef struct
{
  gint64  first_us;    /* the first delivery */
  gint64  period_us;   /* between deliveries */
  guint64 n_events;    /* in each */
} Stream;

/* Feeds stream into window at every step from from_us to until_us and,
 * from check_us on, checks the rate at each step: 0 before the stream's
 * second delivery, then its rate exactly. */
static void
check_stream (NeRateWindow *window,
              const Stream *stream,
              gint64        from_us,
              gint64        check_us,
              gint64        until_us)
{
  double expected = stream->n_events * (double) G_USEC_PER_SEC / stream->period_us;

  g_assert_cmpint (stream->first_us % STEP_US, ==, 0);
  g_assert_cmpint (stream->period_us % STEP_US, ==, 0);

  for (gint64 now = from_us; now < until_us; now += STEP_US)
    {
      double rate;

      if (now >= stream->first_us && (now - stream->first_us) % stream->period_us == 0)
        ne_rate_window_add (window, now, stream->n_events);
      rate = ne_rate_window_get_rate (window);

      if (now < check_us)
        continue;
      if (now < stream->first_us + stream->period_us)
        g_assert_cmpfloat (rate, ==, 0);
      else if (fabs (rate - expected) > expected * 1e-9)
        g_error ("%.3f events/s at %" G_GINT64_FORMAT " us, not %.3f", rate, now, expected);
    }
}

static void
test_empty (void)
{
  NeRateWindow window;

  ne_rate_window_init (&window);
  g_assert_cmpfloat (ne_rate_window_get_rate (&window), ==, 0);

  /* One delivery is no rate yet, however many events it holds; nor are
   * two at the same time. */
  ne_rate_window_add (&window, 5 * G_USEC_PER_SEC, 3);
  g_assert_cmpfloat (ne_rate_window_get_rate (&window), ==, 0);
  ne_rate_window_add (&window, 5 * G_USEC_PER_SEC, 3);
  g_assert_cmpfloat (ne_rate_window_get_rate (&window), ==, 0);
}

/* A paced run (the first event at once, one every period after it) and
 * Unlimited's batches read their rate exactly from the second delivery on:
 * no ramp from 0 while the window fills, no spike, no 0 between batches. */
static void
test_steady (void)
{
  static const Stream streams[] = {
    { 300, G_USEC_PER_SEC, 1 },
    { 300, G_USEC_PER_SEC / 4, 1 },
    { 300, G_USEC_PER_SEC / 20, 1 },
    { 300, G_USEC_PER_SEC / 1000, 1 },
    /* 10,000/s: about 167 events a frame */
    { 300, 16700, 167 },
    /* Unlimited: a full queue of 65,536 events every 16 ms */
    { 1000, 16000, 65536 },
    /* Unlimited with a slow view: a batch every 1.8 s, longer than the
     * window (36,409/s, not 0 or 65,536 by turns) */
    { 1000, 1800000, 65536 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (streams); i++)
    {
      NeRateWindow window;

      ne_rate_window_init (&window);
      check_stream (&window, &streams[i], 0, 0, 10 * G_USEC_PER_SEC);
    }
}

/* 20/s delivered late by up to a frame, as the main loop allows: measured
 * over a second or more between two deliveries, within 2 frames a second
 * of 20 (0.64) once the window is full. */
static void
test_jitter (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  double tolerance = 20.0 * 2 * FRAME_US / NE_RATE_WINDOW_US;
  NeRateWindow window;

  ne_rate_window_init (&window);
  for (gint64 k = 0; k < 200; k++)
    {
      gint64 due_us = 300 + k * G_USEC_PER_SEC / 20;

      ne_rate_window_add (&window, due_us + g_rand_int_range (rand, 0, FRAME_US + 1), 1);
      if (due_us > NE_RATE_WINDOW_US)
        g_assert_cmpfloat_with_epsilon (ne_rate_window_get_rate (&window), 20, tolerance);
    }
}

/* From 20/s to 4/s (the first event at the new speed at once): a second
 * later the rate is the new speed's exactly. */
static void
test_change_speed (void)
{
  Stream twenty = { 300, G_USEC_PER_SEC / 20, 1 };
  gint64 change_us = twenty.first_us + 60 * twenty.period_us;
  Stream four = { change_us, G_USEC_PER_SEC / 4, 1 };
  NeRateWindow window;

  ne_rate_window_init (&window);
  check_stream (&window, &twenty, 0, 0, change_us);
  check_stream (&window, &four, change_us, change_us + NE_RATE_WINDOW_US, change_us + 4 * G_USEC_PER_SEC);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/rate/empty", test_empty);
  g_test_add_func ("/engine/rate/steady", test_steady);
  g_test_add_func ("/engine/rate/jitter", test_jitter);
  g_test_add_func ("/engine/rate/change-speed", test_change_speed);

  return g_test_run ();
}
