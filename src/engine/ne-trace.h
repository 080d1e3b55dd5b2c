/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-trace.h: the reference backtracker's events as text, one a line
 * ("try r1c3 4"), as `nonet-cli trace` prints them and the app exports a
 * run's trace: one routine for both, so the two never differ. */
#pragma once

#include <glib.h>

#include "nc-backtrack.h"

G_BEGIN_DECLS

/* Takes one line, without its newline; FALSE stops the trace. */
typedef gboolean (*NeTraceLineFunc) (const char *line,
                                     gpointer    user_data);

typedef enum
{
  NE_TRACE_STOPPED,    /* max_events reached, or line_func said stop */
  NE_TRACE_SOLVED,     /* up to and with the first solution */
  NE_TRACE_EXHAUSTED,  /* the search ended without one */
} NeTraceEnd;

/* Runs the reference backtracker on puzzle in order and hands each event's
 * line to line_func until the first solution, the end of the search or
 * max_events events (0: no limit). *n_events (if non-NULL) gets the count. */
NeTraceEnd ne_trace_run (const NcGrid    *puzzle,
                         NcOrder          order,
                         guint64          max_events,
                         NeTraceLineFunc  line_func,
                         gpointer         user_data,
                         guint64         *n_events);

/* The trace as a text, each line ended by a newline, after header (a
 * comment line such as "# line 3", without newline; NULL for none). */
GString   *ne_trace_to_text (const NcGrid *puzzle,
                             NcOrder       order,
                             guint64       max_events,
                             const char   *header);

G_END_DECLS
