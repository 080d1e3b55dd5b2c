/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-clock.c: the game clock: elapsed time as a base plus the run since the
 * last start, so stopping and starting never loses or double-counts time. */

#define G_LOG_DOMAIN "nonet-clock"

#include "config.h"

#include "ne-clock.h"

void
ne_clock_init (NeClock     *clock,
               gint64       elapsed_ms,
               NeClockHold  holds,
               gint64       now_us)
{
  g_return_if_fail (clock != NULL);

  clock->base_ms = MAX (elapsed_ms, 0);
  clock->started_us = now_us;
  clock->holds = holds;
}

gboolean
ne_clock_is_running (const NeClock *clock)
{
  g_return_val_if_fail (clock != NULL, FALSE);

  return clock->holds == 0;
}

gint64
ne_clock_elapsed_ms (const NeClock *clock,
                     gint64         now_us)
{
  g_return_val_if_fail (clock != NULL, 0);

  if (!ne_clock_is_running (clock))
    return clock->base_ms;
  /* A clock that went back (it should not: monotonic) adds nothing. */
  return clock->base_ms + MAX (now_us - clock->started_us, 0) / 1000;
}

gboolean
ne_clock_set_holds (NeClock     *clock,
                    NeClockHold  holds,
                    gint64       now_us)
{
  gboolean was_running;

  g_return_val_if_fail (clock != NULL, FALSE);

  was_running = ne_clock_is_running (clock);
  if (was_running)
    clock->base_ms = ne_clock_elapsed_ms (clock, now_us);
  clock->holds = holds;
  if (ne_clock_is_running (clock))
    clock->started_us = now_us;
  return was_running != ne_clock_is_running (clock);
}

gboolean
ne_clock_set_hold (NeClock     *clock,
                   NeClockHold  holds,
                   gboolean     on,
                   gint64       now_us)
{
  g_return_val_if_fail (clock != NULL, FALSE);

  return ne_clock_set_holds (clock, on ? (clock->holds | holds) : (clock->holds & ~holds), now_us);
}

gboolean
ne_clock_is_paused (const NeClock *clock)
{
  g_return_val_if_fail (clock != NULL, FALSE);

  return (clock->holds & (NE_CLOCK_HOLD_NOT_STARTED | NE_CLOCK_HOLD_IDLE)) == 0 &&
         (clock->holds & NE_CLOCK_HOLDS_PAUSED) != 0;
}
