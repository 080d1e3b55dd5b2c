/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-rate.c: the rate over the last second (ne-rate.h), from a ring of the
 * deliveries' times and running counts: bounded memory and work however
 * often and however many events are delivered. */

#define G_LOG_DOMAIN "nonet-solve"

#include "config.h"

#include "ne-rate.h"

#include <string.h>

/* Where the i-th oldest sample is. */
static guint
ne_rate_window_index (const NeRateWindow *self,
                      guint               i)
{
  return (self->head + i) % NE_RATE_SAMPLES;
}

void
ne_rate_window_init (NeRateWindow *self)
{
  g_return_if_fail (self != NULL);

  memset (self, 0, sizeof *self);
}

void
ne_rate_window_add (NeRateWindow *self,
                    gint64        time_us,
                    guint64       n_events)
{
  NeRateSample *newest;

  g_return_if_fail (self != NULL);

  newest = self->len > 0 ? &self->samples[ne_rate_window_index (self, self->len - 1)] : NULL;
  g_return_if_fail (newest == NULL || time_us >= newest->time_us);

  self->n_events += n_events;
  /* The first delivery stays: with the second it gives a rate at once. */
  if (self->len >= 2 && newest->time_us / NE_RATE_BUCKET_US == time_us / NE_RATE_BUCKET_US)
    {
      *newest = (NeRateSample) { time_us, self->n_events };
      return;
    }
  /* Full, the oldest but one is a window before time_us already. */
  if (self->len == NE_RATE_SAMPLES)
    {
      self->head = (self->head + 1) % NE_RATE_SAMPLES;
      self->len--;
    }
  self->len++;
  self->samples[ne_rate_window_index (self, self->len - 1)] = (NeRateSample) { time_us, self->n_events };
}

double
ne_rate_window_get_rate (const NeRateWindow *self)
{
  const NeRateSample *from, *newest;

  g_return_val_if_fail (self != NULL, 0);

  if (self->len < 2)
    return 0;

  newest = &self->samples[ne_rate_window_index (self, self->len - 1)];
  from = &self->samples[self->head];
  for (guint i = 1; i + 1 < self->len; i++)
    {
      const NeRateSample *sample = &self->samples[ne_rate_window_index (self, i)];

      if (sample->time_us > newest->time_us - NE_RATE_WINDOW_US)
        break;
      from = sample;
    }
  if (newest->time_us == from->time_us)
    return 0;
  return (newest->events - from->events) * (double) G_USEC_PER_SEC
         / (double) (newest->time_us - from->time_us);
}
