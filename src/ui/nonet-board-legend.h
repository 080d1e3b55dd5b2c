/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-board-legend.h: what the marks of a solver run on the board mean,
 * one line each: a small sample drawn as the grid draws it (its colours,
 * light or dark) beside a sentence a screen reader reads as text. Shown in
 * the solve bar's "What the Marks Mean" popover. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define NONET_TYPE_BOARD_LEGEND (nonet_board_legend_get_type ())

G_DECLARE_FINAL_TYPE (NonetBoardLegend, nonet_board_legend, NONET, BOARD_LEGEND, AdwBin)

GtkWidget *nonet_board_legend_new (void);

G_END_DECLS
