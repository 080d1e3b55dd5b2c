/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-grid-view.h: the Sudoku grid widget, drawn by ne-render. */
#pragma once

#include <gtk/gtk.h>

#include "nc-grid.h"

G_BEGIN_DECLS

#define NONET_TYPE_GRID_VIEW (nonet_grid_view_get_type ())

G_DECLARE_FINAL_TYPE (NonetGridView, nonet_grid_view, NONET, GRID_VIEW, GtkWidget)

GtkWidget *nonet_grid_view_new        (void);
void       nonet_grid_view_set_puzzle (NonetGridView *self,
                                       const NcGrid  *givens);

G_END_DECLS
