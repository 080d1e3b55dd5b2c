/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-preferences-window.h: the preferences, bound to GSettings. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NONET_TYPE_PREFERENCES_WINDOW (nonet_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (NonetPreferencesWindow, nonet_preferences_window, NONET, PREFERENCES_WINDOW, AdwPreferencesWindow)

NonetPreferencesWindow *nonet_preferences_window_new (GtkWindow *transient_for);

G_END_DECLS
