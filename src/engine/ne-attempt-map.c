/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-attempt-map.c: attempts per cell, counted from the events. */

#define G_LOG_DOMAIN "nonet-attempt-map"

#include "config.h"

#include "ne-attempt-map.h"

#include <math.h>
#include <string.h>

void
ne_attempt_map_init (NeAttemptMap *map)
{
  g_return_if_fail (map != NULL);

  memset (map, 0, sizeof *map);
  map->hottest = -1;
}

void
ne_attempt_map_add (NeAttemptMap  *map,
                    const NcEvent *events,
                    gsize          n_events)
{
  g_return_if_fail (map != NULL);
  g_return_if_fail (events != NULL || n_events == 0);

  for (gsize i = 0; i < n_events; i++)
    {
      int cell = events[i].cell;
      guint64 count;

      if (events[i].kind != NC_EVENT_TRY || cell < 0 || cell >= NC_CELLS)
        continue;
      count = ++map->counts[cell];
      map->total++;
      /* Ties go to the first cell in reading order. */
      if (count > map->max || (count == map->max && cell < map->hottest))
        {
          map->max = count;
          map->hottest = cell;
        }
    }
}

double
ne_attempt_map_level (const NeAttemptMap *map,
                      int                 cell)
{
  g_return_val_if_fail (map != NULL, 0);
  g_return_val_if_fail (cell >= 0 && cell < NC_CELLS, 0);

  if (map->max == 0)
    return 0;
  return sqrt ((double) map->counts[cell] / (double) map->max);
}
