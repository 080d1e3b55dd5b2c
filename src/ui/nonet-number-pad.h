/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-number-pad.h: buttons 1-9, erase and a pencil-mode toggle for mouse
 * and touch players, working a NonetGridView through its "grid.*" actions.
 * A digit whose nine cells are all placed, free of conflicts, is shown
 * complete: insensitive, with a check. */
#pragma once

#include <gtk/gtk.h>

#include "nonet-grid-view.h"

G_BEGIN_DECLS

#define NONET_TYPE_NUMBER_PAD (nonet_number_pad_get_type ())

G_DECLARE_FINAL_TYPE (NonetNumberPad, nonet_number_pad, NONET, NUMBER_PAD, GtkWidget)

GtkWidget     *nonet_number_pad_new           (void);

/* The grid the pad works (property "grid-view"); not a reference: the pad
 * forgets it when it is finalized. NULL makes the pad insensitive. */
void           nonet_number_pad_set_grid_view (NonetNumberPad *self,
                                               NonetGridView  *grid_view);
NonetGridView *nonet_number_pad_get_grid_view (NonetNumberPad *self);

/* Whether the pad shows digit (1..9) complete. */
gboolean       nonet_number_pad_get_digit_complete (NonetNumberPad *self,
                                                    int             digit);

G_END_DECLS
