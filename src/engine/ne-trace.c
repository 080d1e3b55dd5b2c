/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-trace.c: the backtracker's events, formatted a line each. */

#define G_LOG_DOMAIN "nonet-trace"

#include "config.h"

#include "ne-trace.h"

NeTraceEnd
ne_trace_run (const NcGrid    *puzzle,
              NcOrder          order,
              guint64          max_events,
              NeTraceLineFunc  line_func,
              gpointer         user_data,
              guint64         *n_events)
{
  NcBacktracker bt;
  NcEvent event;
  NeTraceEnd end = NE_TRACE_STOPPED;
  guint64 n = 0;

  g_return_val_if_fail (puzzle != NULL, NE_TRACE_STOPPED);
  g_return_val_if_fail (line_func != NULL, NE_TRACE_STOPPED);

  nc_backtracker_init (&bt, puzzle, order);
  while (max_events == 0 || n < max_events)
    {
      char text[48];
      gboolean more;

      if (!nc_backtracker_step (&bt, &event))
        break;
      n++;
      nc_event_format (&event, text, sizeof text);
      more = line_func (text, user_data);
      if (event.kind == NC_EVENT_SOLVED)
        {
          end = NE_TRACE_SOLVED;
          break;
        }
      if (event.kind == NC_EVENT_EXHAUSTED)
        {
          end = NE_TRACE_EXHAUSTED;
          break;
        }
      if (!more)
        break;
    }
  if (n_events != NULL)
    *n_events = n;
  return end;
}

static gboolean
append_line (const char *line,
             gpointer    user_data)
{
  GString *text = user_data;

  g_string_append (text, line);
  g_string_append_c (text, '\n');
  return TRUE;
}

GString *
ne_trace_to_text (const NcGrid *puzzle,
                  NcOrder       order,
                  guint64       max_events,
                  const char   *header)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (puzzle != NULL, text);

  if (header != NULL)
    append_line (header, text);
  ne_trace_run (puzzle, order, max_events, append_line, text, NULL);
  return text;
}
