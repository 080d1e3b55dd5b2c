/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-wrap-layout.h: lays a row of controls out in one line when it fits
 * the width given, else in as many lines as it needs. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define NONET_TYPE_WRAP_LAYOUT (nonet_wrap_layout_get_type ())

G_DECLARE_FINAL_TYPE (NonetWrapLayout, nonet_wrap_layout, NONET, WRAP_LAYOUT, GtkLayoutManager)

GtkLayoutManager *nonet_wrap_layout_new (int column_spacing,
                                         int row_spacing);

G_END_DECLS
