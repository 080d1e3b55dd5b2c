/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-board-legend.c: the legend of a solver run's board. Each sample is
 * a strip of one to three cells of a real grid, drawn by ne-render in the
 * grid view's theme colours with the same marks the overlay sets, and
 * clipped to those cells: what the legend shows is what the board shows. */

#define G_LOG_DOMAIN "nonet-board-legend"

#include "config.h"

#include "nonet-board-legend.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ne-render.h"
#include "nonet-grid-view.h"

/* A sample cell's side, about a small board's. */
#define SAMPLE_CELL 30
/* The strip starts at the top left of the middle box (r4c4), so it has a
 * box line above and on its left as on the board. */
#define SAMPLE_ROW  3
#define SAMPLE_COL  3
#define SAMPLE_MAX  3

typedef struct
{
  guint       n_cells;
  guint8      givens[SAMPLE_MAX];
  guint8      entries[SAMPLE_MAX];
  guint16     marks[SAMPLE_MAX];     /* NeRenderMark */
  guint8      counts[SAMPLE_MAX];
  const char *text;
} LegendEntry;

/* The marks as nonet_grid_view_set_overlay() sets them for each state. */
static const LegendEntry entries[] = {
  { 1, { 5 }, { 0 }, { 0 }, { 0 },
    N_("A digit of the puzzle (a given): the solver never changes it.") },
  { 1, { 0 }, { 3 }, { 0 }, { 0 },
    N_("A digit the solver has placed; it takes it back when it backtracks.") },
  { 1, { 0 }, { 0 }, { NE_MARK_CHOSEN }, { 3 },
    N_("The cell the solver works on. The small number is how many digits are still legal there.") },
  { 1, { 0 }, { 4 }, { NE_MARK_CHOSEN | NE_MARK_TENTATIVE }, { 3 },
    N_("A digit being tried in that cell: faded and slanted until it is placed.") },
  { 2, { 0 }, { 4, 4 }, { NE_MARK_CHOSEN | NE_MARK_TENTATIVE | NE_MARK_CONFLICT | NE_MARK_UNIT,
                          NE_MARK_CONFLICT | NE_MARK_UNIT }, { 3 },
    N_("A collision: the digit tried is already in another cell of its row, column or box. Both cells are marked.") },
  { 3, { 0, 7 }, { 0, 0, 2 }, { NE_MARK_UNIT, NE_MARK_UNIT, NE_MARK_UNIT }, { 0 },
    N_("The tinted cells are the row, column or box of that collision.") },
};

struct _NonetBoardLegend
{
  AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE (NonetBoardLegend, nonet_board_legend, ADW_TYPE_BIN)

/* The strip's cells within a grid of that geometry, lines around included. */
static void
sample_rect (const NeRenderGeometry *geometry,
             guint                   n_cells,
             graphene_rect_t        *rect)
{
  double x0 = geometry->line_start[SAMPLE_COL];
  double y0 = geometry->line_start[SAMPLE_ROW];
  double x1 = geometry->line_start[SAMPLE_COL + n_cells] + geometry->line_width[SAMPLE_COL + n_cells];
  double y1 = geometry->line_start[SAMPLE_ROW + 1] + geometry->line_width[SAMPLE_ROW + 1];

  graphene_rect_init (rect, x0, y0, x1 - x0, y1 - y0);
}

static void
draw_sample (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const LegendEntry *entry = user_data;
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (area));
  const PangoFontDescription *font = pango_context_get_font_description (context);
  NeRenderGeometry geometry;
  NeRenderStyle style;
  NeRenderBoard board;
  graphene_rect_t rect;

  nonet_grid_view_theme_style (GTK_WIDGET (area), &style);
  if (font != NULL)
    style.font_family = pango_font_description_get_family (font);
  ne_render_geometry_init (&geometry, 9 * SAMPLE_CELL, gtk_widget_get_scale_factor (GTK_WIDGET (area)));
  sample_rect (&geometry, entry->n_cells, &rect);

  ne_render_board_init (&board, NULL);
  for (guint i = 0; i < entry->n_cells; i++)
    {
      int cell = SAMPLE_ROW * 9 + SAMPLE_COL + (int) i;

      board.givens.cell[cell] = entry->givens[i];
      board.entries.cell[cell] = entry->entries[i];
      board.marks[cell] = entry->marks[i];
      board.counts[cell] = entry->counts[i];
    }

  cairo_rectangle (cr, 0, 0, rect.size.width, rect.size.height);
  cairo_clip (cr);
  cairo_translate (cr, -rect.origin.x, -rect.origin.y);
  ne_render_draw_static (cr, &geometry, &style);
  ne_render_draw_highlights (cr, &geometry, &style, &board);
  ne_render_draw_digits (cr, &geometry, &style, &board);
}

static GtkWidget *
sample_new (const LegendEntry *entry)
{
  NeRenderGeometry geometry;
  graphene_rect_t rect;
  GtkWidget *area;

  /* The picture says nothing the sentence beside it does not. */
  area = g_object_new (GTK_TYPE_DRAWING_AREA,
                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                       "halign", GTK_ALIGN_START,
                       "valign", GTK_ALIGN_CENTER,
                       NULL);
  ne_render_geometry_init (&geometry, 9 * SAMPLE_CELL, 1);
  sample_rect (&geometry, entry->n_cells, &rect);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), (int) ceil (rect.size.width));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), (int) ceil (rect.size.height));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_sample, (gpointer) entry, NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), area, G_CONNECT_SWAPPED);
  return area;
}

GtkWidget *
nonet_board_legend_new (void)
{
  return g_object_new (NONET_TYPE_BOARD_LEGEND, NULL);
}

static void
nonet_board_legend_class_init (NonetBoardLegendClass *klass)
{
}

static void
nonet_board_legend_init (NonetBoardLegend *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *heading = gtk_label_new (_("What the Marks Mean"));
  NeRenderGeometry geometry;
  graphene_rect_t widest;

  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_margin_bottom (heading, 2);
  gtk_box_append (GTK_BOX (box), heading);

  ne_render_geometry_init (&geometry, 9 * SAMPLE_CELL, 1);
  sample_rect (&geometry, SAMPLE_MAX, &widest);
  /* Rows of boxes, not a GtkGrid: GTK 4.8's grid asks too little height
   * for wrapped labels, and the popover cut the last row off. */
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *column = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      GtkWidget *label = gtk_label_new (_(entries[i].text));

      /* The samples in a column as wide as the widest. */
      gtk_widget_set_size_request (column, (int) ceil (widest.size.width), -1);
      gtk_box_append (GTK_BOX (column), sample_new (&entries[i]));
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 26);
      gtk_label_set_width_chars (GTK_LABEL (label), 26);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (row), column);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (box), row);
    }
  adw_bin_set_child (ADW_BIN (self), box);
}
