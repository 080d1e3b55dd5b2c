/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-depth-series.h: the depth of a search against its steps, kept in a
 * fixed number of buckets so that a plot of any run costs the same to draw.
 * Each bucket holds the least, the greatest, the first and the last depth
 * over an equal span of steps; when the steps outgrow the buckets, pairs
 * of them merge and the span doubles. Plain data, no GTK: the plot, its
 * export and its tests share it. */
#pragma once

#include <glib.h>

#include "nc-backtrack.h"

G_BEGIN_DECLS

/* A power of two, and at least as many as a plot has pixel columns. */
#define NE_DEPTH_SERIES_BUCKETS 1024

typedef struct
{
  guint8 min;
  guint8 max;
  guint8 first;   /* the depth after the bucket's first step */
  guint8 last;    /* ... and after its last */
} NeDepthBucket;

typedef struct
{
  guint64       steps;        /* events taken */
  guint64       backtracks;   /* BACKTRACK events */
  int           depth;        /* placements on the stack after the last step */
  int           max_depth;
  guint64       bucket_steps; /* steps per bucket: 1, 2, 4, ... */
  guint         n_buckets;    /* buckets in use; the last may be partial */
  NeDepthBucket buckets[NE_DEPTH_SERIES_BUCKETS];
} NeDepthSeries;

void ne_depth_series_init (NeDepthSeries *series);

/* Each event is one step: the depth follows PLACE (its depth) and
 * BACKTRACK (one less); the other events keep it. */
void ne_depth_series_add  (NeDepthSeries *series,
                           const NcEvent *events,
                           gsize          n_events);

/* The least and greatest depth over steps [first_step, end_step) (steps
 * counted from 0), read from the buckets that hold them: one column of a
 * plot. FALSE (and nothing set) when the range holds no step. */
gboolean ne_depth_series_range (const NeDepthSeries *series,
                                guint64              first_step,
                                guint64              end_step,
                                int                 *min,
                                int                 *max);

G_END_DECLS
