/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-grid-thumb.h: a puzzle's givens as a small picture, drawn by the
 * renderer the board and print use, in the board's theme colours: the
 * library's and the generator's rows, and their preview of the one chosen. */
#pragma once

#include <adwaita.h>

#include "nc-grid.h"
#include "ne-render.h"

G_BEGIN_DECLS

#define NONET_TYPE_GRID_THUMB (nonet_grid_thumb_get_type ())
G_DECLARE_FINAL_TYPE (NonetGridThumb, nonet_grid_thumb, NONET, GRID_THUMB, GtkWidget)

/* A square of side size pixels (it takes no more); an empty grid. */
GtkWidget *nonet_grid_thumb_new       (int                size);
/* NULL: an empty grid. */
void       nonet_grid_thumb_set_grid  (NonetGridThumb    *self,
                                       const NcGrid      *givens);
/* An 81-character line, '.' or '0' blank (ne_library_item_get_givens). */
void       nonet_grid_thumb_set_line  (NonetGridThumb    *self,
                                       const char        *line);

/* Givens, entries and marks, as the board draws them (the solutions
 * window's solutions, their differences marked). */
void       nonet_grid_thumb_set_board (NonetGridThumb      *self,
                                       const NeRenderBoard *board);

/* The preview of a list's puzzle: a thumb of side size put first in box,
 * the flap (of the list and box) showing box only where both fit. */
NonetGridThumb *nonet_grid_thumb_add_preview (GtkBox  *box,
                                              AdwFlap *flap,
                                              int      size);

G_END_DECLS
