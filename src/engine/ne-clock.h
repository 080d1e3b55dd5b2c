/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-clock.h: the game clock as plain values: the time played, and the
 * reasons it stands still (not started yet, the window in the background,
 * a dialog over it, a pause). It runs only while no reason holds. Every
 * call takes the current time, so tests drive it with a fake clock. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  NE_CLOCK_HOLD_NOT_STARTED = 1 << 0,  /* a fresh game: it starts at the first move */
  NE_CLOCK_HOLD_INACTIVE    = 1 << 1,  /* the window is not the active one */
  NE_CLOCK_HOLD_MODAL       = 1 << 2,  /* a window over it (library, shortcuts, a dialog) */
  NE_CLOCK_HOLD_PAUSED      = 1 << 3,  /* the player paused */
  NE_CLOCK_HOLD_IDLE        = 1 << 4,  /* nothing to time: no game, solved, editing, a solver's overlay */
} NeClockHold;

/* The holds that mean "Paused" to the player: the game was under way. */
#define NE_CLOCK_HOLDS_PAUSED (NE_CLOCK_HOLD_INACTIVE | NE_CLOCK_HOLD_MODAL | NE_CLOCK_HOLD_PAUSED)

typedef struct
{
  gint64       base_ms;     /* the time played before started_us */
  gint64       started_us;  /* when it last started running; meaningful while running */
  NeClockHold  holds;
} NeClock;

/* A clock at elapsed_ms, held by holds (none: running from now_us). */
void     ne_clock_init       (NeClock     *clock,
                              gint64       elapsed_ms,
                              NeClockHold  holds,
                              gint64       now_us);
/* Sets or clears holds; TRUE when the clock started or stopped. */
gboolean ne_clock_set_hold   (NeClock     *clock,
                              NeClockHold  holds,
                              gboolean     on,
                              gint64       now_us);
/* Replaces every hold with holds; TRUE when the clock started or stopped. */
gboolean ne_clock_set_holds  (NeClock     *clock,
                              NeClockHold  holds,
                              gint64       now_us);
gboolean ne_clock_is_running (const NeClock *clock);
gint64   ne_clock_elapsed_ms (const NeClock *clock,
                              gint64         now_us);
/* While the game is under way but stands still for one of
 * NE_CLOCK_HOLDS_PAUSED (what the header says). */
gboolean ne_clock_is_paused  (const NeClock *clock);

G_END_DECLS
