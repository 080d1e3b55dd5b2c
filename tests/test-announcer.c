/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-announcer.c: the announcer's pace on a fake clock: the first
 * sentence of progress is said at once, the next not before a second has
 * passed, a waiting one is dropped (never queued) when a newer one comes or
 * an event is said at once, and with progress off only events are said. */

#define G_LOG_DOMAIN "nonet-test"

#include "config.h"

#include "nonet-announcer.h"

typedef struct
{
  NonetAnnouncer *announcer;
  GPtrArray      *said;
  gint64          now_us;
} Fixture;

static gint64
fake_clock (gpointer user_data)
{
  Fixture *fixture = user_data;

  return fixture->now_us;
}

static void
on_announce (NonetAnnouncer *announcer,
             const char     *text,
             Fixture        *fixture)
{
  g_ptr_array_add (fixture->said, g_strdup (text));
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->announcer = nonet_announcer_new (NULL);
  fixture->said = g_ptr_array_new_with_free_func (g_free);
  fixture->now_us = 1000 * G_USEC_PER_SEC;
  nonet_announcer_set_clock (fixture->announcer, fake_clock, fixture);
  g_signal_connect (fixture->announcer, "announce", G_CALLBACK (on_announce), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->announcer);
  g_ptr_array_unref (fixture->said);
}

static void
assert_said (Fixture    *fixture,
             const char *const *expected)
{
  guint n = g_strv_length ((char **) expected);

  g_assert_cmpuint (fixture->said->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (g_ptr_array_index (fixture->said, i), ==, expected[i]);
}

/* Runs the main loop until n sentences are said (the announcer's timer
 * fires; whether it may speak is the fake clock's to say). */
static void
wait_said (Fixture *fixture,
           guint    n)
{
  while (fixture->said->len < n)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_first_at_once (Fixture       *fixture,
                    gconstpointer  data)
{
  nonet_announcer_progress (fixture->announcer, "one");
  assert_said (fixture, (const char *[]) { "one", NULL });
  g_assert_null (nonet_announcer_get_pending (fixture->announcer));
}

static void
test_newer_replaces (Fixture       *fixture,
                     gconstpointer  data)
{
  nonet_announcer_progress (fixture->announcer, "one");
  fixture->now_us += 300 * G_TIME_SPAN_MILLISECOND;
  nonet_announcer_progress (fixture->announcer, "two");
  fixture->now_us += 200 * G_TIME_SPAN_MILLISECOND;
  nonet_announcer_progress (fixture->announcer, "three");
  /* Within the second: nothing more said, the newest waits alone. */
  assert_said (fixture, (const char *[]) { "one", NULL });
  g_assert_cmpstr (nonet_announcer_get_pending (fixture->announcer), ==, "three");

  fixture->now_us += 500 * G_TIME_SPAN_MILLISECOND;
  wait_said (fixture, 2);
  assert_said (fixture, (const char *[]) { "one", "three", NULL });
  g_assert_null (nonet_announcer_get_pending (fixture->announcer));
}

/* The timer may fire before the clock says a second has passed (a fake
 * clock stands still): the sentence then waits on, and is said once it has. */
static void
test_not_before_a_second (Fixture       *fixture,
                          gconstpointer  data)
{
  nonet_announcer_progress (fixture->announcer, "one");
  fixture->now_us += 999 * G_TIME_SPAN_MILLISECOND;
  nonet_announcer_progress (fixture->announcer, "two");
  /* Its timer fires after a millisecond or two of real time; the clock still
   * says 999 ms, so it waits on. */
  g_main_context_iteration (NULL, TRUE);
  assert_said (fixture, (const char *[]) { "one", NULL });
  g_assert_cmpstr (nonet_announcer_get_pending (fixture->announcer), ==, "two");

  fixture->now_us += G_TIME_SPAN_MILLISECOND;
  wait_said (fixture, 2);
  assert_said (fixture, (const char *[]) { "one", "two", NULL });
}

static void
test_event_drops_waiting (Fixture       *fixture,
                          gconstpointer  data)
{
  nonet_announcer_progress (fixture->announcer, "one");
  fixture->now_us += 100 * G_TIME_SPAN_MILLISECOND;
  nonet_announcer_progress (fixture->announcer, "two");
  nonet_announcer_now (fixture->announcer, "Paused");
  assert_said (fixture, (const char *[]) { "one", "Paused", NULL });
  g_assert_null (nonet_announcer_get_pending (fixture->announcer));

  /* An event counts as a sentence: progress waits a second after it. */
  fixture->now_us += 500 * G_TIME_SPAN_MILLISECOND;
  nonet_announcer_progress (fixture->announcer, "three");
  assert_said (fixture, (const char *[]) { "one", "Paused", NULL });
  fixture->now_us += 500 * G_TIME_SPAN_MILLISECOND;
  wait_said (fixture, 3);
  assert_said (fixture, (const char *[]) { "one", "Paused", "three", NULL });
}

static void
test_events_at_once (Fixture       *fixture,
                     gconstpointer  data)
{
  nonet_announcer_now (fixture->announcer, "Animating");
  nonet_announcer_now (fixture->announcer, "Paused");
  nonet_announcer_now (fixture->announcer, "Solved");
  assert_said (fixture, (const char *[]) { "Animating", "Paused", "Solved", NULL });
}

static void
test_progress_off (Fixture       *fixture,
                   gconstpointer  data)
{
  nonet_announcer_progress (fixture->announcer, "one");
  fixture->now_us += 100 * G_TIME_SPAN_MILLISECOND;
  nonet_announcer_progress (fixture->announcer, "two");
  g_object_set (fixture->announcer, "progress", FALSE, NULL);
  /* Off drops what waits, and says no more progress; events still. */
  g_assert_null (nonet_announcer_get_pending (fixture->announcer));
  fixture->now_us += 5 * G_USEC_PER_SEC;
  nonet_announcer_progress (fixture->announcer, "three");
  g_assert_null (nonet_announcer_get_pending (fixture->announcer));
  nonet_announcer_now (fixture->announcer, "Paused");
  assert_said (fixture, (const char *[]) { "one", "Paused", NULL });

  nonet_announcer_set_progress (fixture->announcer, TRUE);
  fixture->now_us += 5 * G_USEC_PER_SEC;
  nonet_announcer_progress (fixture->announcer, "four");
  assert_said (fixture, (const char *[]) { "one", "Paused", "four", NULL });
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/announcer/progress/first-at-once", Fixture, NULL,
              fixture_set_up, test_first_at_once, fixture_tear_down);
  g_test_add ("/announcer/progress/newer-replaces", Fixture, NULL,
              fixture_set_up, test_newer_replaces, fixture_tear_down);
  g_test_add ("/announcer/progress/not-before-a-second", Fixture, NULL,
              fixture_set_up, test_not_before_a_second, fixture_tear_down);
  g_test_add ("/announcer/event/drops-waiting", Fixture, NULL,
              fixture_set_up, test_event_drops_waiting, fixture_tear_down);
  g_test_add ("/announcer/event/at-once", Fixture, NULL,
              fixture_set_up, test_events_at_once, fixture_tear_down);
  g_test_add ("/announcer/progress/off", Fixture, NULL,
              fixture_set_up, test_progress_off, fixture_tear_down);

  return g_test_run ();
}
