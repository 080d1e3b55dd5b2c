/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-attempt-map.h: how many digits a search tried at each cell (its TRY
 * events), for the board's heat map and its export. Plain data, no GTK. */
#pragma once

#include <glib.h>

#include "nc-backtrack.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 counts[NC_CELLS];
  guint64 total;     /* the sum of counts: the run's attempts */
  guint64 max;       /* the greatest count */
  int     hottest;   /* the cell of max, the first in reading order; -1 before any */
} NeAttemptMap;

void ne_attempt_map_init (NeAttemptMap  *map);
void ne_attempt_map_add  (NeAttemptMap  *map,
                          const NcEvent *events,
                          gsize          n_events);

/* How hot a cell is, 0..1: its count against the greatest, on a square-root
 * scale so that the few cells tried most leave the rest visible. */
double ne_attempt_map_level (const NeAttemptMap *map,
                             int                 cell);

G_END_DECLS
