/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-status-area.h: a column of widgets that is one Tab stop with the
 * status role: a screen reader reads its name and description (set by its
 * owner) when it gets the focus. GtkBox cannot take the focus itself. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define NONET_TYPE_STATUS_AREA (nonet_status_area_get_type ())

G_DECLARE_FINAL_TYPE (NonetStatusArea, nonet_status_area, NONET, STATUS_AREA, GtkWidget)

G_END_DECLS
