/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-rate.h: events per second over the last second on the caller's clock
 * (a run's time, paused time left out), counted by when they were
 * delivered. Pure arithmetic on the times it is given, so that it is tested
 * with made-up times. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define NE_RATE_WINDOW_US G_USEC_PER_SEC
/* Of the deliveries, the last in each bucket of NE_RATE_BUCKET_US is kept,
 * and enough buckets that one kept is a window before the newest. */
#define NE_RATE_BUCKETS   20
#define NE_RATE_BUCKET_US (NE_RATE_WINDOW_US / NE_RATE_BUCKETS)
#define NE_RATE_SAMPLES   (NE_RATE_BUCKETS + 3)

typedef struct
{
  gint64  time_us;
  guint64 events;                  /* delivered up to and with this one */
} NeRateSample;

typedef struct
{
  NeRateSample samples[NE_RATE_SAMPLES]; /* oldest first, from head */
  guint        head;
  guint        len;
  guint64      n_events;
} NeRateWindow;

void   ne_rate_window_init     (NeRateWindow       *self);
/* n_events delivered at time_us (never less than at the call before). */
void   ne_rate_window_add      (NeRateWindow       *self,
                                gint64              time_us,
                                guint64             n_events);
/* The events delivered after the last delivery a window or more before the
 * newest (or after the first, while there is none), over the time from it
 * to the newest: exact for any steady stream, whether of single events or
 * of batches, even batches further apart than a window; and not skewed
 * while the window fills. It changes at deliveries only: a view asking
 * late, after a long batch kept it busy, still reads the rate. 0 before a
 * second delivery. */
double ne_rate_window_get_rate (const NeRateWindow *self);

G_END_DECLS
