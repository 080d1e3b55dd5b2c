/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-cap-layout.h: a one-child layout that asks for no more than a set
 * width, and takes what it is given. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define NONET_TYPE_CAP_LAYOUT (nonet_cap_layout_get_type ())

G_DECLARE_FINAL_TYPE (NonetCapLayout, nonet_cap_layout, NONET, CAP_LAYOUT, GtkLayoutManager)

GtkLayoutManager *nonet_cap_layout_new (int natural_width);

G_END_DECLS
