/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-announcer.c: sentences for a screen reader, at a rate one can
 * follow. GTK 4.14 has gtk_accessible_announce. Under GTK 4.8 Orca 43
 * speaks neither a label with the alert role (shown or renamed) nor a
 * status bar's new name; it speaks a new name or description of the object
 * that has the focus. So a sentence becomes the accessible description of
 * the window's focused widget, and the widget gets its own description back
 * (see nonet_announcer_set_description) once the focus leaves it. */

#define G_LOG_DOMAIN "nonet-announcer"

#include "config.h"

#include "nonet-announcer.h"

/* The least time between two sentences of progress. */
#define INTERVAL_US G_USEC_PER_SEC

#define OWN_DESCRIPTION "nonet-announcer-description"

struct _NonetAnnouncer
{
  GObject              parent_instance;

  /* Borrowed */
  GtkWindow           *window;      /* weak */
  GtkWidget           *spoken_on;   /* weak: holds a sentence as its description */
  NonetAnnouncerClock  clock;
  gpointer             clock_data;

  /* Owned */
  char                *pending;     /* the newest sentence waiting for its turn */
  guint                pending_id;  /* the timeout that says it */
  gint64               last_us;     /* when a sentence was last said */
  gboolean             said_any;
  gboolean             progress;
};

G_DEFINE_FINAL_TYPE (NonetAnnouncer, nonet_announcer, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  ANNOUNCE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gint64
default_clock (gpointer user_data)
{
  return g_get_monotonic_time ();
}

static gint64
now_us (NonetAnnouncer *self)
{
  return self->clock (self->clock_data);
}

/* The widget the last sentence went to gets its own description back. */
static void
restore_description (NonetAnnouncer *self)
{
  const char *own;

  if (self->spoken_on == NULL)
    return;
  own = g_object_get_data (G_OBJECT (self->spoken_on), OWN_DESCRIPTION);
  if (own != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->spoken_on),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, own, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->spoken_on), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_clear_weak_pointer (&self->spoken_on);
}

static void
on_focus_changed (NonetAnnouncer *self)
{
  if (self->window == NULL || gtk_root_get_focus (GTK_ROOT (self->window)) != self->spoken_on)
    restore_description (self);
}

static void
speak (NonetAnnouncer *self,
       const char     *text)
{
  self->last_us = now_us (self);
  self->said_any = TRUE;
  if (self->window != NULL)
    {
#if GTK_CHECK_VERSION (4, 14, 0)
      gtk_accessible_announce (GTK_ACCESSIBLE (self->window), text,
                               GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#else
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self->window));
      GtkWidget *target = focus != NULL ? focus : GTK_WIDGET (self->window);

      if (target != self->spoken_on)
        restore_description (self);
      gtk_accessible_update_property (GTK_ACCESSIBLE (target),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
      g_set_weak_pointer (&self->spoken_on, target);
#endif
    }
  g_signal_emit (self, signals[ANNOUNCE], 0, text);
}

static gboolean
say_pending (gpointer user_data);

/* The pending sentence is said once the interval has passed, by the clock. */
static void
schedule_pending (NonetAnnouncer *self)
{
  gint64 wait_us = self->last_us + INTERVAL_US - now_us (self);

  if (self->pending_id != 0)
    return;
  if (wait_us <= 0)
    {
      say_pending (self);
      return;
    }
  self->pending_id = g_timeout_add ((guint) (wait_us / 1000) + 1, say_pending, self);
}

static gboolean
say_pending (gpointer user_data)
{
  NonetAnnouncer *self = NONET_ANNOUNCER (user_data);
  g_autofree char *text = NULL;

  self->pending_id = 0;
  if (self->pending == NULL)
    return G_SOURCE_REMOVE;
  if (self->said_any && now_us (self) - self->last_us < INTERVAL_US)
    {
      schedule_pending (self);
      return G_SOURCE_REMOVE;
    }
  text = g_steal_pointer (&self->pending);
  speak (self, text);
  return G_SOURCE_REMOVE;
}

NonetAnnouncer *
nonet_announcer_new (GtkWindow *window)
{
  NonetAnnouncer *self;

  g_return_val_if_fail (window == NULL || GTK_IS_WINDOW (window), NULL);

  self = g_object_new (NONET_TYPE_ANNOUNCER, NULL);
  if (window != NULL)
    {
      g_set_weak_pointer (&self->window, window);
      g_signal_connect_object (window, "notify::focus-widget",
                               G_CALLBACK (on_focus_changed), self, G_CONNECT_SWAPPED);
    }
  return self;
}

void
nonet_announcer_set_clock (NonetAnnouncer      *self,
                           NonetAnnouncerClock  clock,
                           gpointer             user_data)
{
  g_return_if_fail (NONET_IS_ANNOUNCER (self));

  self->clock = clock != NULL ? clock : default_clock;
  self->clock_data = user_data;
}

void
nonet_announcer_set_progress (NonetAnnouncer *self,
                              gboolean        progress)
{
  g_return_if_fail (NONET_IS_ANNOUNCER (self));

  progress = !!progress;
  if (!progress)
    nonet_announcer_drop (self);
  if (progress == self->progress)
    return;
  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

gboolean
nonet_announcer_get_progress (NonetAnnouncer *self)
{
  g_return_val_if_fail (NONET_IS_ANNOUNCER (self), FALSE);

  return self->progress;
}

void
nonet_announcer_progress (NonetAnnouncer *self,
                          const char     *text)
{
  g_return_if_fail (NONET_IS_ANNOUNCER (self));
  g_return_if_fail (text != NULL);

  if (!self->progress)
    return;
  g_free (self->pending);
  self->pending = g_strdup (text);
  if (!self->said_any)
    say_pending (self);
  else
    schedule_pending (self);
}

void
nonet_announcer_now (NonetAnnouncer *self,
                     const char     *text)
{
  g_return_if_fail (NONET_IS_ANNOUNCER (self));
  g_return_if_fail (text != NULL);

  nonet_announcer_drop (self);
  speak (self, text);
}

void
nonet_announcer_drop (NonetAnnouncer *self)
{
  g_return_if_fail (NONET_IS_ANNOUNCER (self));

  g_clear_handle_id (&self->pending_id, g_source_remove);
  g_clear_pointer (&self->pending, g_free);
}

const char *
nonet_announcer_get_pending (NonetAnnouncer *self)
{
  g_return_val_if_fail (NONET_IS_ANNOUNCER (self), NULL);

  return self->pending;
}

void
nonet_announcer_set_description (GtkWidget  *widget,
                                 const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_object_set_data_full (G_OBJECT (widget), OWN_DESCRIPTION, g_strdup (text), g_free);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static void
nonet_announcer_dispose (GObject *object)
{
  NonetAnnouncer *self = NONET_ANNOUNCER (object);

  nonet_announcer_drop (self);
  restore_description (self);
  g_clear_weak_pointer (&self->window);

  G_OBJECT_CLASS (nonet_announcer_parent_class)->dispose (object);
}

static void
nonet_announcer_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  NonetAnnouncer *self = NONET_ANNOUNCER (object);

  switch (prop_id)
    {
    case PROP_PROGRESS:
      g_value_set_boolean (value, self->progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_announcer_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  NonetAnnouncer *self = NONET_ANNOUNCER (object);

  switch (prop_id)
    {
    case PROP_PROGRESS:
      nonet_announcer_set_progress (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_announcer_class_init (NonetAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = nonet_announcer_dispose;
  object_class->get_property = nonet_announcer_get_property;
  object_class->set_property = nonet_announcer_set_property;

  properties[PROP_PROGRESS] =
    g_param_spec_boolean ("progress", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Every sentence said, as it is said. */
  signals[ANNOUNCE] =
    g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
nonet_announcer_init (NonetAnnouncer *self)
{
  self->clock = default_clock;
  self->progress = TRUE;
}
