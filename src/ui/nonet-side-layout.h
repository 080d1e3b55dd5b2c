/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-side-layout.h: lays out a main child (first) and a side panel
 * (last), the panel beside the main child when the width allows, below it
 * otherwise. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define NONET_TYPE_SIDE_LAYOUT (nonet_side_layout_get_type ())

G_DECLARE_FINAL_TYPE (NonetSideLayout, nonet_side_layout, NONET, SIDE_LAYOUT, GtkLayoutManager)

GtkLayoutManager *nonet_side_layout_new (int main_width, int side_width);

G_END_DECLS
