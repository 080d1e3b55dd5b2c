/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-board-layout.h: lays out the grid (first child) and the number pad
 * (last child), the pad beside the grid or below it. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define NONET_TYPE_BOARD_LAYOUT (nonet_board_layout_get_type ())

G_DECLARE_FINAL_TYPE (NonetBoardLayout, nonet_board_layout, NONET, BOARD_LAYOUT, GtkLayoutManager)

GtkLayoutManager *nonet_board_layout_new (void);

G_END_DECLS
