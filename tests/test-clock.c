/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-clock.c: the game clock on a fake time: it waits for the first move,
 * stands still while any hold is on, and keeps every millisecond played
 * across stops and starts. */

#define G_LOG_DOMAIN "nonet-test-clock"

#include "config.h"

#include "ne-clock.h"

#define S(x) ((gint64) (x) * G_USEC_PER_SEC)

static void
test_waits_for_first_move (void)
{
  NeClock clock;

  ne_clock_init (&clock, 0, NE_CLOCK_HOLD_NOT_STARTED, 0);
  g_assert_false (ne_clock_is_running (&clock));
  g_assert_false (ne_clock_is_paused (&clock));   /* not started is not paused */
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (100)), ==, 0);

  g_assert_true (ne_clock_set_hold (&clock, NE_CLOCK_HOLD_NOT_STARTED, FALSE, S (100)));
  g_assert_true (ne_clock_is_running (&clock));
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (100)), ==, 0);
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (103) + 500000), ==, 3500);
}

static void
test_holds_stop_it (void)
{
  NeClock clock;

  ne_clock_init (&clock, 0, 0, S (10));   /* running from 10 s */
  g_assert_true (ne_clock_is_running (&clock));

  /* Unfocused from 15 s to 25 s, then a dialog from 20 s to 40 s: both must go. */
  g_assert_true (ne_clock_set_hold (&clock, NE_CLOCK_HOLD_INACTIVE, TRUE, S (15)));
  g_assert_true (ne_clock_is_paused (&clock));
  g_assert_false (ne_clock_set_hold (&clock, NE_CLOCK_HOLD_MODAL, TRUE, S (20)));
  g_assert_false (ne_clock_set_hold (&clock, NE_CLOCK_HOLD_INACTIVE, FALSE, S (25)));
  g_assert_false (ne_clock_is_running (&clock));
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (30)), ==, 5000);
  g_assert_true (ne_clock_set_hold (&clock, NE_CLOCK_HOLD_MODAL, FALSE, S (40)));
  g_assert_false (ne_clock_is_paused (&clock));
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (42)), ==, 7000);

  /* Setting a hold twice, or clearing one not set, changes nothing. */
  g_assert_true (ne_clock_set_hold (&clock, NE_CLOCK_HOLD_PAUSED, TRUE, S (50)));
  g_assert_false (ne_clock_set_hold (&clock, NE_CLOCK_HOLD_PAUSED, TRUE, S (60)));
  g_assert_false (ne_clock_set_hold (&clock, NE_CLOCK_HOLD_MODAL, FALSE, S (70)));
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (80)), ==, 15000);
}

/* A restored game goes on from its saved time, once nothing holds it. */
static void
test_restored_continues (void)
{
  NeClock clock;

  ne_clock_init (&clock, 61000, NE_CLOCK_HOLD_INACTIVE, 0);
  g_assert_true (ne_clock_is_paused (&clock));
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (5)), ==, 61000);
  ne_clock_set_hold (&clock, NE_CLOCK_HOLD_INACTIVE, FALSE, S (5));
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (7)), ==, 63000);
}

/* Solved, editing, no game: idle is not "Paused"; the time stays. */
static void
test_idle_is_not_paused (void)
{
  NeClock clock;

  ne_clock_init (&clock, 1000, 0, S (1));
  ne_clock_set_hold (&clock, NE_CLOCK_HOLD_IDLE | NE_CLOCK_HOLD_INACTIVE, TRUE, S (3));
  g_assert_false (ne_clock_is_paused (&clock));
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (9)), ==, 3000);
}

/* A time that goes back (a broken clock) never takes time away. */
static void
test_time_going_back (void)
{
  NeClock clock;

  ne_clock_init (&clock, 2000, 0, S (10));
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, S (5)), ==, 2000);
  ne_clock_init (&clock, -5, NE_CLOCK_HOLD_PAUSED, 0);
  g_assert_cmpint (ne_clock_elapsed_ms (&clock, 0), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/clock/waits-for-first-move", test_waits_for_first_move);
  g_test_add_func ("/engine/clock/holds-stop-it", test_holds_stop_it);
  g_test_add_func ("/engine/clock/restored-continues", test_restored_continues);
  g_test_add_func ("/engine/clock/idle-is-not-paused", test_idle_is_not_paused);
  g_test_add_func ("/engine/clock/time-going-back", test_time_going_back);

  return g_test_run ();
}
