/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-grid-thumb.c: ne_render's static, highlights and digits layers,
 * into a square of a fixed side; redrawn when the theme turns dark or light. */

#define G_LOG_DOMAIN "nonet-grid-thumb"

#include "config.h"

#include "nonet-grid-thumb.h"

#include <string.h>

#include "ne-render.h"
#include "nonet-grid-view.h"

struct _NonetGridThumb
{
  GtkWidget     parent_instance;

  int           size;
  NeRenderBoard board;
};

G_DEFINE_FINAL_TYPE (NonetGridThumb, nonet_grid_thumb, GTK_TYPE_WIDGET)

static void
nonet_grid_thumb_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  *minimum = *natural = NONET_GRID_THUMB (widget)->size;
}

static void
nonet_grid_thumb_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  NonetGridThumb *self = NONET_GRID_THUMB (widget);
  PangoContext *context = gtk_widget_get_pango_context (widget);
  const PangoFontDescription *font = pango_context_get_font_description (context);
  int side = MIN (gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  NeRenderGeometry geometry;
  NeRenderStyle style;
  cairo_t *cr;

  if (side <= 0)
    return;
  nonet_grid_view_theme_style (widget, &style);
  if (font != NULL)
    style.font_family = pango_font_description_get_family (font);
  ne_render_geometry_init (&geometry, side, gtk_widget_get_scale_factor (widget));

  /* Centred on whole pixels, so the lines stay crisp. */
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((int) ((gtk_widget_get_width (widget) - geometry.size) / 2),
                                                          (int) ((gtk_widget_get_height (widget) - geometry.size) / 2)));
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, geometry.size, geometry.size));
  ne_render_draw_static (cr, &geometry, &style);
  ne_render_draw_highlights (cr, &geometry, &style, &self->board);
  ne_render_draw_digits (cr, &geometry, &style, &self->board);
  cairo_destroy (cr);
  gtk_snapshot_restore (snapshot);
}

static void
nonet_grid_thumb_class_init (NonetGridThumbClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = nonet_grid_thumb_measure;
  widget_class->snapshot = nonet_grid_thumb_snapshot;
  gtk_widget_class_set_css_name (widget_class, "gridthumb");
  /* A picture the text beside it says in words. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
nonet_grid_thumb_init (NonetGridThumb *self)
{
  ne_render_board_init (&self->board, NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

GtkWidget *
nonet_grid_thumb_new (int size)
{
  NonetGridThumb *self;

  g_return_val_if_fail (size > 0, NULL);

  self = g_object_new (NONET_TYPE_GRID_THUMB, NULL);
  self->size = size;
  return GTK_WIDGET (self);
}

void
nonet_grid_thumb_set_grid (NonetGridThumb *self,
                           const NcGrid   *givens)
{
  g_return_if_fail (NONET_IS_GRID_THUMB (self));

  if (givens != NULL && nc_grid_equal (givens, &self->board.givens))
    return;
  ne_render_board_init (&self->board, givens);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
nonet_grid_thumb_set_line (NonetGridThumb *self,
                           const char     *line)
{
  NcGrid grid;

  g_return_if_fail (NONET_IS_GRID_THUMB (self));
  g_return_if_fail (line != NULL);

  memset (&grid, 0, sizeof grid);
  for (int i = 0; i < NC_CELLS && line[i] != '\0'; i++)
    grid.cell[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t) (line[i] - '0') : 0;
  nonet_grid_thumb_set_grid (self, &grid);
}

static void
preview_flap_folded (AdwFlap *flap)
{
  adw_flap_set_reveal_flap (flap, !adw_flap_get_folded (flap));
}

NonetGridThumb *
nonet_grid_thumb_add_preview (GtkBox  *box,
                              AdwFlap *flap,
                              int      size)
{
  GtkWidget *thumb;

  g_return_val_if_fail (GTK_IS_BOX (box), NULL);
  g_return_val_if_fail (ADW_IS_FLAP (flap), NULL);

  thumb = nonet_grid_thumb_new (size);
  gtk_widget_set_halign (thumb, GTK_ALIGN_CENTER);
  gtk_box_prepend (box, thumb);
  /* Where the list and the preview do not both fit, the list stays. */
  g_signal_connect (flap, "notify::folded", G_CALLBACK (preview_flap_folded), NULL);
  preview_flap_folded (flap);
  return NONET_GRID_THUMB (thumb);
}

void
nonet_grid_thumb_set_board (NonetGridThumb      *self,
                            const NeRenderBoard *board)
{
  g_return_if_fail (NONET_IS_GRID_THUMB (self));
  g_return_if_fail (board != NULL);

  self->board = *board;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
