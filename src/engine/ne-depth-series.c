/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-depth-series.c: depth against steps in NE_DEPTH_SERIES_BUCKETS
 * buckets, merged pairwise as the run grows: O(1) per event (amortized),
 * O(buckets) per plot. */

#define G_LOG_DOMAIN "nonet-depth-series"

#include "config.h"

#include "ne-depth-series.h"

#include <string.h>

void
ne_depth_series_init (NeDepthSeries *series)
{
  g_return_if_fail (series != NULL);

  memset (series, 0, sizeof *series);
  series->bucket_steps = 1;
}

/* Halves the buckets in use, each the union of a pair; the span doubles.
 * Only called when every bucket is full, so every pair is whole. */
static void
merge_pairs (NeDepthSeries *series)
{
  g_assert (series->n_buckets == NE_DEPTH_SERIES_BUCKETS);

  for (guint i = 0; i < NE_DEPTH_SERIES_BUCKETS / 2; i++)
    {
      const NeDepthBucket *a = &series->buckets[2 * i];
      const NeDepthBucket *b = &series->buckets[2 * i + 1];

      series->buckets[i] = (NeDepthBucket) {
        .min = MIN (a->min, b->min),
        .max = MAX (a->max, b->max),
        .first = a->first,
        .last = b->last,
      };
    }
  series->n_buckets = NE_DEPTH_SERIES_BUCKETS / 2;
  series->bucket_steps *= 2;
}

static void
add_step (NeDepthSeries *series)
{
  guint64 index = series->steps / series->bucket_steps;
  guint8 depth = (guint8) series->depth;

  if (index == NE_DEPTH_SERIES_BUCKETS)
    {
      merge_pairs (series);
      index = series->steps / series->bucket_steps;
    }
  series->steps++;
  if (index == series->n_buckets)
    {
      series->buckets[index] = (NeDepthBucket) { depth, depth, depth, depth };
      series->n_buckets++;
      return;
    }
  g_assert (index + 1 == series->n_buckets);
  series->buckets[index].min = MIN (series->buckets[index].min, depth);
  series->buckets[index].max = MAX (series->buckets[index].max, depth);
  series->buckets[index].last = depth;
}

void
ne_depth_series_add (NeDepthSeries *series,
                     const NcEvent *events,
                     gsize          n_events)
{
  g_return_if_fail (series != NULL);
  g_return_if_fail (events != NULL || n_events == 0);

  for (gsize i = 0; i < n_events; i++)
    {
      if (events[i].kind == NC_EVENT_PLACE)
        series->depth = events[i].depth;
      else if (events[i].kind == NC_EVENT_BACKTRACK)
        {
          series->backtracks++;
          series->depth = MAX (series->depth - 1, 0);
        }
      series->max_depth = MAX (series->max_depth, series->depth);
      add_step (series);
    }
}

gboolean
ne_depth_series_range (const NeDepthSeries *series,
                       guint64              first_step,
                       guint64              end_step,
                       int                 *min,
                       int                 *max)
{
  guint64 first, last;
  int lo = G_MAXINT, hi = G_MININT;

  g_return_val_if_fail (series != NULL, FALSE);
  g_return_val_if_fail (min != NULL && max != NULL, FALSE);

  end_step = MIN (end_step, series->steps);
  if (first_step >= end_step)
    return FALSE;
  first = first_step / series->bucket_steps;
  last = (end_step - 1) / series->bucket_steps;
  for (guint64 i = first; i <= last; i++)
    {
      lo = MIN (lo, series->buckets[i].min);
      hi = MAX (hi, series->buckets[i].max);
    }
  *min = lo;
  *max = hi;
  return TRUE;
}
