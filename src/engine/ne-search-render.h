/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-search-render.h: the pictures of a search, with cairo and Pango only:
 * the depth plot (depth against steps, a column per device pixel from an
 * NeDepthSeries) and the heat map (attempts per cell over a grid drawn by
 * ne-render, and its legend). One routine each for the screen, where the
 * widgets draw them in snapshot (), and for the PNG and SVG export. */
#pragma once

#include <cairo.h>

#include "ne-attempt-map.h"
#include "ne-depth-series.h"
#include "ne-render.h"

G_BEGIN_DECLS

/* The heat's colour, light or dark: an orange that keeps digits readable. */
void ne_search_heat_colour (gboolean dark,
                            NeRgba  *out);

/* The plot in (0, 0, width, height) of cr's user space, with pixel_scale
 * device pixels per unit (1 for a PNG, the widget's scale on screen): axes
 * labelled "steps" and "depth" with their ranges, grid lines, and for each
 * column of device pixels the least to the greatest depth over its steps,
 * so a backtrack shows as a drop. Colours: the background, the digits
 * (given) for text, the lines, the accent (player) for the series. */
void ne_search_draw_depth_plot (cairo_t             *cr,
                                double               width,
                                double               height,
                                double               pixel_scale,
                                const NeRenderStyle *style,
                                const NeDepthSeries *series);

/* Tints each cell by its attempts (ne_attempt_map_level): over the static
 * layer, under the highlights and digits. */
void ne_search_draw_heat       (cairo_t                *cr,
                                const NeRenderGeometry *geometry,
                                const NeRgba           *heat,
                                const NeAttemptMap     *map);

/* The legend in (0, 0, width, height): a ramp from no attempts to the
 * most, labelled with both counts. */
void ne_search_draw_heat_legend (cairo_t             *cr,
                                 double               width,
                                 double               height,
                                 const NeRenderStyle *style,
                                 const NeRgba        *heat,
                                 const NeAttemptMap  *map);

/* The heat map as a file: the board (the run's digits over the givens),
 * its heat and the legend under it, on a light background. PNG when svg
 * is FALSE. Returns the file's bytes. */
GBytes *ne_search_export_heat_map  (const NcGrid       *givens,
                                    const NcGrid       *board,
                                    const NeAttemptMap *map,
                                    gboolean            svg);
GBytes *ne_search_export_depth_plot (const NeDepthSeries *series,
                                     gboolean             svg);

G_END_DECLS
