/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-search-render.c: the depth plot and the heat map, drawn once for the
 * screen and the files. The plot reads a column of device pixels at a time
 * from the series' buckets: O(width + buckets) whatever the steps. */

#define G_LOG_DOMAIN "nonet-search-render"

#include "config.h"

#include "ne-search-render.h"

#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "ne-messages.h"

#define PLOT_FONT_PX   11.0
#define PLOT_PAD       6.0
#define EXPORT_PLOT_W  800
#define EXPORT_PLOT_H  400
#define EXPORT_CELL    56
#define EXPORT_LEGEND  56

void
ne_search_heat_colour (gboolean dark,
                       NeRgba  *out)
{
  g_return_if_fail (out != NULL);

  /* Adwaita's orange 4 (light) and 2 (dark). */
  if (dark)
    *out = (NeRgba) { 1.0, 0.639, 0.282, 1.0 };
  else
    *out = (NeRgba) { 0.902, 0.380, 0.0, 1.0 };
}

static void
set_source (cairo_t      *cr,
            const NeRgba *rgba)
{
  cairo_set_source_rgba (cr, rgba->red, rgba->green, rgba->blue, rgba->alpha);
}

static PangoLayout *
plot_layout (cairo_t             *cr,
             const NeRenderStyle *style)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family (desc, style->font_family != NULL ? style->font_family : "Sans");
  pango_font_description_set_absolute_size (desc, PLOT_FONT_PX * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  return layout;
}

/* Shows text with its top left at (x, y), or its right edge at x when
 * right is set; returns its width. */
static double
show_text (cairo_t     *cr,
           PangoLayout *layout,
           const char  *text,
           double       x,
           double       y,
           gboolean     right)
{
  int width, height;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &width, &height);
  cairo_move_to (cr, right ? x - width : x, y);
  pango_cairo_show_layout (cr, layout);
  return width;
}

static double
text_width (PangoLayout *layout,
            const char  *text)
{
  int width;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

void
ne_search_draw_depth_plot (cairo_t             *cr,
                           double               width,
                           double               height,
                           double               pixel_scale,
                           const NeRenderStyle *style,
                           const NeDepthSeries *series)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree char *top = NULL;
  g_autofree char *steps = NULL;
  int top_depth, line_h, columns;
  double left, right, bottom, plot_w, plot_h, unit;
  NeRgba faint;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (series != NULL);

  if (pixel_scale <= 0)
    pixel_scale = 1;
  cairo_save (cr);
  set_source (cr, &style->background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  layout = plot_layout (cr, style);
  pango_layout_set_text (layout, "0", -1);
  pango_layout_get_pixel_size (layout, NULL, &line_h);
  top_depth = MAX (series->max_depth, 1);
  top = g_strdup_printf ("%d", top_depth);
  steps = ne_format_count (series->steps);

  /* Room for the depth's labels on the left, the steps' under the plot,
   * and the axis titles above and below. */
  left = PLOT_PAD + MAX (text_width (layout, top), text_width (layout, "0")) + PLOT_PAD;
  right = width - PLOT_PAD - text_width (layout, steps) / 2;
  bottom = height - PLOT_PAD - 2 * line_h;
  plot_w = floor ((right - left) * pixel_scale) / pixel_scale;
  plot_h = bottom - (PLOT_PAD + line_h + line_h / 2.0);
  if (plot_w < 4 || plot_h < 4)
    {
      cairo_restore (cr);
      return;
    }
  unit = 1 / pixel_scale;

  /* Axes, and faint lines at each quarter of the depth. */
  faint = style->cell_line;
  faint.alpha *= 0.5;
  set_source (cr, &faint);
  for (int q = 1; q <= 4; q++)
    cairo_rectangle (cr, left, bottom - plot_h * q / 4.0, plot_w, unit);
  cairo_fill (cr);
  set_source (cr, &style->box_line);
  cairo_rectangle (cr, left - unit, bottom - plot_h, unit, plot_h + unit);
  cairo_rectangle (cr, left - unit, bottom, plot_w + unit, unit);
  cairo_fill (cr);

  set_source (cr, &style->given);
  /* Translators: the depth plot's vertical axis: placements on the stack */
  show_text (cr, layout, _("depth"), PLOT_PAD, PLOT_PAD, FALSE);
  show_text (cr, layout, top, left - PLOT_PAD, bottom - plot_h - line_h / 2.0, TRUE);
  show_text (cr, layout, "0", left - PLOT_PAD, bottom - line_h / 2.0, TRUE);
  show_text (cr, layout, "0", left, bottom + 2, FALSE);
  show_text (cr, layout, steps, left + plot_w + text_width (layout, steps) / 2, bottom + 2, TRUE);
  {
    /* Translators: the depth plot's horizontal axis: the search's events */
    const char *title = _("steps");

    show_text (cr, layout, title, left + (plot_w - text_width (layout, title)) / 2, bottom + 2 + line_h, FALSE);
  }

  /* A column per device pixel: the least to the greatest depth over its
   * share of the steps (at least one step, so a short run is a staircase). */
  set_source (cr, &style->player);
  columns = (int) lround (plot_w * pixel_scale);
  for (int c = 0; c < columns && series->steps > 0; c++)
    {
      guint64 first = (guint64) c * series->steps / (guint64) columns;
      guint64 end = (guint64) (c + 1) * series->steps / (guint64) columns;
      int min, max;
      double y_max, y_min;

      if (end <= first)
        end = first + 1;
      if (!ne_depth_series_range (series, first, end, &min, &max))
        continue;
      y_max = bottom - plot_h * max / top_depth;
      y_min = bottom - plot_h * min / top_depth;
      cairo_rectangle (cr, left + c * unit, y_max - unit, unit, MAX (y_min - y_max, 0) + 2 * unit);
    }
  cairo_fill (cr);
  cairo_restore (cr);
}

void
ne_search_draw_heat (cairo_t                *cr,
                     const NeRenderGeometry *geometry,
                     const NeRgba           *heat,
                     const NeAttemptMap     *map)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (geometry != NULL);
  g_return_if_fail (heat != NULL);
  g_return_if_fail (map != NULL);

  cairo_save (cr);
  for (int i = 0; i < NC_CELLS; i++)
    {
      double level = ne_attempt_map_level (map, i);
      double x, y, w, h;

      if (map->counts[i] == 0)
        continue;
      /* Even one attempt shows; the most is strong, never opaque. */
      ne_render_geometry_cell_rect (geometry, i, &x, &y, &w, &h);
      cairo_set_source_rgba (cr, heat->red, heat->green, heat->blue, 0.12 + 0.63 * level);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

void
ne_search_draw_heat_legend (cairo_t             *cr,
                            double               width,
                            double               height,
                            const NeRenderStyle *style,
                            const NeRgba        *heat,
                            const NeAttemptMap  *map)
{
  g_autoptr(PangoLayout) layout = NULL;
  cairo_pattern_t *ramp;
  g_autofree char *most = NULL;
  double ramp_x, ramp_w, ramp_h;
  int line_h;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL && heat != NULL && map != NULL);

  cairo_save (cr);
  layout = plot_layout (cr, style);
  pango_layout_set_text (layout, "0", -1);
  pango_layout_get_pixel_size (layout, NULL, &line_h);
  most = ne_format_count (map->max);
  set_source (cr, &style->given);
  /* Translators: the heat map's legend, over its ramp of shades */
  show_text (cr, layout, _("Attempts per cell"), 0, 0, FALSE);
  ramp_x = text_width (layout, "0") + PLOT_PAD;
  ramp_w = width - ramp_x - PLOT_PAD - text_width (layout, most);
  ramp_h = MAX (height - line_h - 2 * PLOT_PAD, 4);
  if (ramp_w > 8)
    {
      show_text (cr, layout, "0", 0, line_h + PLOT_PAD + (ramp_h - line_h) / 2, FALSE);
      show_text (cr, layout, most, width, line_h + PLOT_PAD + (ramp_h - line_h) / 2, TRUE);
      ramp = cairo_pattern_create_linear (ramp_x, 0, ramp_x + ramp_w, 0);
      cairo_pattern_add_color_stop_rgba (ramp, 0, heat->red, heat->green, heat->blue, 0.12);
      cairo_pattern_add_color_stop_rgba (ramp, 1, heat->red, heat->green, heat->blue, 0.75);
      set_source (cr, &style->background);
      cairo_rectangle (cr, ramp_x, line_h + PLOT_PAD, ramp_w, ramp_h);
      cairo_fill_preserve (cr);
      cairo_set_source (cr, ramp);
      cairo_pattern_destroy (ramp);
      cairo_fill_preserve (cr);
      set_source (cr, &style->cell_line);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Draws draw (data) on a width x height page and returns the PNG or SVG. */
static GBytes *
export_surface (double    width,
                double    height,
                gboolean  svg,
                void    (*draw) (cairo_t *cr, gconstpointer data),
                gconstpointer data)
{
  GByteArray *bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;

  if (svg)
    surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
  cr = cairo_create (surface);
  draw (cr, data);
  cairo_destroy (cr);
  if (!svg)
    cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  return g_byte_array_free_to_bytes (bytes);
}

static void
draw_plot_page (cairo_t      *cr,
                gconstpointer data)
{
  NeRenderStyle style;

  ne_render_style_init_light (&style);
  ne_search_draw_depth_plot (cr, EXPORT_PLOT_W, EXPORT_PLOT_H, 1, &style, data);
}

GBytes *
ne_search_export_depth_plot (const NeDepthSeries *series,
                             gboolean             svg)
{
  g_return_val_if_fail (series != NULL, NULL);

  return export_surface (EXPORT_PLOT_W, EXPORT_PLOT_H, svg, draw_plot_page, series);
}

typedef struct
{
  const NcGrid       *givens;
  const NcGrid       *board;
  const NeAttemptMap *map;
} HeatPage;

static void
draw_heat_page (cairo_t      *cr,
                gconstpointer data)
{
  const HeatPage *page = data;
  double size = 9 * EXPORT_CELL;
  NeRenderStyle style;
  NeRenderGeometry geometry;
  NeRenderBoard board;
  NeRgba heat;

  ne_render_style_init_light (&style);
  ne_search_heat_colour (FALSE, &heat);
  ne_render_geometry_init (&geometry, size, 1);
  ne_render_board_init (&board, page->givens);
  if (page->board != NULL)
    board.entries = *page->board;

  set_source (cr, &style.background);
  cairo_paint (cr);
  cairo_save (cr);
  cairo_translate (cr, PLOT_PAD, PLOT_PAD);
  ne_render_draw_static (cr, &geometry, &style);
  ne_search_draw_heat (cr, &geometry, &heat, page->map);
  ne_render_draw_digits (cr, &geometry, &style, &board);
  cairo_translate (cr, 0, size + PLOT_PAD);
  ne_search_draw_heat_legend (cr, size, EXPORT_LEGEND - 2 * PLOT_PAD, &style, &heat, page->map);
  cairo_restore (cr);
}

GBytes *
ne_search_export_heat_map (const NcGrid       *givens,
                           const NcGrid       *board,
                           const NeAttemptMap *map,
                           gboolean            svg)
{
  HeatPage page = { givens, board, map };

  g_return_val_if_fail (givens != NULL, NULL);
  g_return_val_if_fail (map != NULL, NULL);

  return export_surface (9 * EXPORT_CELL + 2 * PLOT_PAD, 9 * EXPORT_CELL + 2 * PLOT_PAD + EXPORT_LEGEND,
                         svg, draw_heat_page, &page);
}
