/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-preferences-window.c: the preferences. Every row is bound to its
 * GSettings key, so a change applies at once and is remembered. */

#define G_LOG_DOMAIN "nonet-preferences-window"

#include "config.h"

#include "nonet-preferences-window.h"

struct _NonetPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  /* Template widgets */
  GtkSwitch            *highlight_peers_switch;
  GtkSwitch            *highlight_same_digit_switch;
  GtkSwitch            *highlight_conflicts_switch;
  GtkSwitch            *auto_clean_notes_switch;
  GtkSwitch            *show_timer_switch;
  GtkSwitch            *announce_progress_switch;
  AdwComboRow          *cell_order_row;
  GtkSpinButton        *animation_speed_spin;

  /* Owned */
  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (NonetPreferencesWindow, nonet_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The combo row lists the enum's nicks in schema order. */
static const char * const cell_order_nicks[] = { "reading", "mrv" };

static gboolean
cell_order_get_mapping (GValue   *value,
                        GVariant *variant,
                        gpointer  user_data)
{
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cell_order_nicks); i++)
    if (g_strcmp0 (nick, cell_order_nicks[i]) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
cell_order_set_mapping (const GValue       *value,
                        const GVariantType *expected_type,
                        gpointer            user_data)
{
  guint i = g_value_get_uint (value);

  if (i >= G_N_ELEMENTS (cell_order_nicks))
    return NULL;
  return g_variant_new_string (cell_order_nicks[i]);
}

static void
nonet_preferences_window_dispose (GObject *object)
{
  NonetPreferencesWindow *self = NONET_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (nonet_preferences_window_parent_class)->dispose (object);
}

static void
nonet_preferences_window_class_init (NonetPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nonet_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetPreferencesWindow, highlight_peers_switch);
  gtk_widget_class_bind_template_child (widget_class, NonetPreferencesWindow, highlight_same_digit_switch);
  gtk_widget_class_bind_template_child (widget_class, NonetPreferencesWindow, highlight_conflicts_switch);
  gtk_widget_class_bind_template_child (widget_class, NonetPreferencesWindow, auto_clean_notes_switch);
  gtk_widget_class_bind_template_child (widget_class, NonetPreferencesWindow, show_timer_switch);
  gtk_widget_class_bind_template_child (widget_class, NonetPreferencesWindow, announce_progress_switch);
  gtk_widget_class_bind_template_child (widget_class, NonetPreferencesWindow, cell_order_row);
  gtk_widget_class_bind_template_child (widget_class, NonetPreferencesWindow, animation_speed_spin);
}

static void
nonet_preferences_window_init (NonetPreferencesWindow *self)
{
  static const struct {
    const char *key;
    gsize       offset;
  } switches[] = {
    { "highlight-peers", G_STRUCT_OFFSET (NonetPreferencesWindow, highlight_peers_switch) },
    { "highlight-same-digit", G_STRUCT_OFFSET (NonetPreferencesWindow, highlight_same_digit_switch) },
    { "highlight-conflicts", G_STRUCT_OFFSET (NonetPreferencesWindow, highlight_conflicts_switch) },
    { "auto-clean-notes", G_STRUCT_OFFSET (NonetPreferencesWindow, auto_clean_notes_switch) },
    { "show-timer", G_STRUCT_OFFSET (NonetPreferencesWindow, show_timer_switch) },
    { "announce-solver-progress", G_STRUCT_OFFSET (NonetPreferencesWindow, announce_progress_switch) },
  };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);

  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_settings_bind (self->settings, switches[i].key,
                     G_STRUCT_MEMBER (GtkSwitch *, self, switches[i].offset), "active",
                     G_SETTINGS_BIND_DEFAULT);

  g_settings_bind_with_mapping (self->settings, "cell-order",
                                self->cell_order_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                cell_order_get_mapping, cell_order_set_mapping,
                                NULL, NULL);
  g_settings_bind (self->settings, "animation-speed",
                   self->animation_speed_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
}

NonetPreferencesWindow *
nonet_preferences_window_new (GtkWindow *transient_for)
{
  g_return_val_if_fail (transient_for == NULL || GTK_IS_WINDOW (transient_for), NULL);

  return g_object_new (NONET_TYPE_PREFERENCES_WINDOW,
                       "transient-for", transient_for,
                       "modal", transient_for != NULL,
                       NULL);
}
