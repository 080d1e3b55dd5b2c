/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-grid-view.c: the Sudoku grid widget. A square, centred in whatever
 * space it is given; the background and lines are cached as a render node,
 * the digits are drawn over them each frame, both through ne-render. */

#define G_LOG_DOMAIN "nonet-grid-view"

#include "config.h"

#include "nonet-grid-view.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "ne-render.h"

/* The smallest grid whose digits are still legible, and the size it asks
 * for when nothing constrains it. */
#define MIN_SIDE     216
#define NATURAL_SIDE 450

struct _NonetGridView
{
  GtkWidget         parent_instance;

  /* What is drawn */
  NeRenderBoard     board;

  /* Layout, from the last allocation: the square's origin in the widget */
  NeRenderGeometry  geometry;
  int               origin_x;
  int               origin_y;

  /* Owned cache: the style the static layer was drawn in, and the layer */
  NeRenderStyle     style;
  char             *font_family;
  gboolean          style_valid;
  GskRenderNode    *static_node;
};

G_DEFINE_FINAL_TYPE (NonetGridView, nonet_grid_view, GTK_TYPE_WIDGET)

static void
invalidate_static (NonetGridView *self)
{
  g_clear_pointer (&self->static_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
rgba_from_gdk (NeRgba        *out,
               const GdkRGBA *rgba)
{
  *out = (NeRgba) { rgba->red, rgba->green, rgba->blue, rgba->alpha };
}

/* Light or dark from the style manager; the accent colour and the font
 * family from the theme, so the grid follows the rest of the window.
 * Returns whether anything changed: css_changed also runs for state changes
 * (backdrop, hover) that should not cost a redraw of the static layer. */
static gboolean
update_style (NonetGridView *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  const PangoFontDescription *font = pango_context_get_font_description (context);
  GtkStyleContext *style_context = gtk_widget_get_style_context (GTK_WIDGET (self));
  g_autofree char *font_family = NULL;
  NeRenderStyle style;
  GdkRGBA accent;

  if (adw_style_manager_get_dark (manager))
    ne_render_style_init_dark (&style);
  else
    ne_render_style_init_light (&style);

  /* GTK 4.8 has no other way to read a named colour (deprecated in 4.10). */
  if (gtk_style_context_lookup_color (style_context, "accent_color", &accent))
    rgba_from_gdk (&style.player, &accent);

  if (font != NULL && pango_font_description_get_family (font) != NULL)
    font_family = g_strdup (pango_font_description_get_family (font));

  /* The colours are all of the style before its font. */
  if (self->style_valid &&
      memcmp (&style, &self->style, G_STRUCT_OFFSET (NeRenderStyle, font_family)) == 0 &&
      g_strcmp0 (font_family, self->font_family) == 0)
    return FALSE;

  g_free (self->font_family);
  self->font_family = g_steal_pointer (&font_family);
  self->style = style;
  self->style.font_family = self->font_family;
  self->style_valid = TRUE;
  return TRUE;
}

static void
restyle (NonetGridView *self)
{
  if (update_style (self))
    invalidate_static (self);
}

static void
ensure_static_node (NonetGridView *self)
{
  GtkSnapshot *snapshot;
  cairo_t *cr;

  if (self->static_node != NULL)
    return;

  /* Called while drawing: refresh the style, but queue no other draw. */
  update_style (self);

  g_debug ("Drawing the static layer: %g px at scale %g",
           self->geometry.size, self->geometry.pixel_scale);

  snapshot = gtk_snapshot_new ();
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, self->geometry.size, self->geometry.size));
  ne_render_draw_static (cr, &self->geometry, &self->style);
  cairo_destroy (cr);
  self->static_node = gtk_snapshot_free_to_node (snapshot);
}

static void
update_geometry (NonetGridView *self,
                 int            width,
                 int            height)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  int side = MAX (0, MIN (width, height));

  /* Whole pixels, so the lines ne-render puts on the pixel grid stay there. */
  self->origin_x = (width - side) / 2;
  self->origin_y = (height - side) / 2;

  if (self->geometry.size == side && self->geometry.pixel_scale == scale)
    return;
  ne_render_geometry_init (&self->geometry, side, scale);
  invalidate_static (self);
}

static void
on_scale_factor_changed (NonetGridView *self,
                         GParamSpec    *pspec,
                         gpointer       user_data)
{
  update_geometry (self,
                   gtk_widget_get_width (GTK_WIDGET (self)),
                   gtk_widget_get_height (GTK_WIDGET (self)));
}

static void
on_dark_changed (NonetGridView   *self,
                 GParamSpec      *pspec,
                 AdwStyleManager *manager)
{
  restyle (self);
}

static GtkSizeRequestMode
nonet_grid_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Square by nature, but never demanding: the minimum stays small in both
 * directions so a wide, short window can still shrink, and size_allocate()
 * centres the square in whatever it is given. */
static void
nonet_grid_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = MIN_SIDE;
  *natural = for_size >= 0 ? MAX (for_size, MIN_SIDE) : NATURAL_SIDE;
}

static void
nonet_grid_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  update_geometry (NONET_GRID_VIEW (widget), width, height);
}

static void
nonet_grid_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  NonetGridView *self = NONET_GRID_VIEW (widget);
  double size = self->geometry.size;
  cairo_t *cr;

  if (size <= 0)
    return;

  ensure_static_node (self);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->origin_x, self->origin_y));
  gtk_snapshot_append_node (snapshot, self->static_node);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, size, size));
  ne_render_draw_digits (cr, &self->geometry, &self->style, &self->board);
  cairo_destroy (cr);
  gtk_snapshot_restore (snapshot);
}

/* A theme, font or high-contrast change. */
static void
nonet_grid_view_css_changed (GtkWidget         *widget,
                             GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (nonet_grid_view_parent_class)->css_changed (widget, change);

  restyle (NONET_GRID_VIEW (widget));
}

static void
nonet_grid_view_dispose (GObject *object)
{
  NonetGridView *self = NONET_GRID_VIEW (object);

  g_clear_pointer (&self->static_node, gsk_render_node_unref);
  g_clear_pointer (&self->font_family, g_free);
  self->style.font_family = NULL;
  self->style_valid = FALSE;

  G_OBJECT_CLASS (nonet_grid_view_parent_class)->dispose (object);
}

static void
nonet_grid_view_class_init (NonetGridViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nonet_grid_view_dispose;

  widget_class->get_request_mode = nonet_grid_view_get_request_mode;
  widget_class->measure = nonet_grid_view_measure;
  widget_class->size_allocate = nonet_grid_view_size_allocate;
  widget_class->snapshot = nonet_grid_view_snapshot;
  widget_class->css_changed = nonet_grid_view_css_changed;

  gtk_widget_class_set_css_name (widget_class, "sudokugrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
nonet_grid_view_init (NonetGridView *self)
{
  ne_render_board_init (&self->board, NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Sudoku grid"),
                                  -1);

  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (on_scale_factor_changed), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
}

GtkWidget *
nonet_grid_view_new (void)
{
  return g_object_new (NONET_TYPE_GRID_VIEW, NULL);
}

/* Shows givens as a new puzzle: no entries, no notes. */
void
nonet_grid_view_set_puzzle (NonetGridView *self,
                            const NcGrid  *givens)
{
  g_return_if_fail (NONET_IS_GRID_VIEW (self));
  g_return_if_fail (givens != NULL);

  ne_render_board_init (&self->board, givens);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
