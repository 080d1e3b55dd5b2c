/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-announcer.h: says sentences to a screen reader. Progress is said
 * at most once an interval (a second): a sentence that waits for its turn
 * is dropped when a newer one comes, never queued. Events (a start, a
 * pause, a step, the end) are said at once. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define NONET_TYPE_ANNOUNCER (nonet_announcer_get_type ())

G_DECLARE_FINAL_TYPE (NonetAnnouncer, nonet_announcer, NONET, ANNOUNCER, GObject)

/* The clock the interval is measured by, in microseconds (tests pass a
 * fake one; by default g_get_monotonic_time). */
typedef gint64 (*NonetAnnouncerClock) (gpointer user_data);

/* Speaks through window (its focused widget, see the .c). window may be
 * NULL: then only the "announce" signal hears the sentences. */
NonetAnnouncer *nonet_announcer_new           (GtkWindow           *window);
void            nonet_announcer_set_clock     (NonetAnnouncer      *self,
                                               NonetAnnouncerClock  clock,
                                               gpointer             user_data);
/* "progress" (boolean, default TRUE): whether progress is said at all. */
void            nonet_announcer_set_progress  (NonetAnnouncer      *self,
                                               gboolean             progress);
gboolean        nonet_announcer_get_progress  (NonetAnnouncer      *self);
/* A sentence of progress: said now if the interval since the last
 * sentence has passed, else when it has, unless a newer one replaces it. */
void            nonet_announcer_progress      (NonetAnnouncer      *self,
                                               const char          *text);
/* Said at once; a waiting sentence of progress is dropped. */
void            nonet_announcer_now           (NonetAnnouncer      *self,
                                               const char          *text);
/* Drops a waiting sentence of progress. */
void            nonet_announcer_drop          (NonetAnnouncer      *self);
/* The sentence of progress waiting for its turn, or NULL: for tests. */
const char     *nonet_announcer_get_pending   (NonetAnnouncer      *self);

/* A widget's own accessible description, kept apart from the sentences
 * said through it (GTK 4.8 cannot read a description back). */
void            nonet_announcer_set_description (GtkWidget         *widget,
                                                 const char        *text);

G_END_DECLS
