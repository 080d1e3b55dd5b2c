/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-print.c: pages of puzzles. A page is a header, a body of equal slots
 * (a square grid and its caption in each) and a footer; every length comes
 * from the printable area, so one layout serves A4, Letter and any margins. */

#define G_LOG_DOMAIN "nonet-print"

#include "config.h"

#include "ne-print.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "ne-messages.h"
#include "ne-output.h"
#include "ne-render.h"

/* Type sizes in points, and the spaces around them. */
#define TITLE_SIZE          14.0
#define FOOTER_SIZE          9.0
#define CAPTION_SIZE_LARGE  11.0   /* one puzzle a page */
#define CAPTION_SIZE         9.0
#define SOLUTION_LABEL_SIZE  7.5
#define LINE_SPACING         1.3   /* a line of text takes its size times this */
#define HEADER_GAP          12.0   /* between the header and the body */
#define FOOTER_GAP          10.0   /* between the body and the footer */
#define SLOT_GAP            22.0   /* between puzzles */
#define SOLUTION_GAP        14.0   /* between solutions */
#define CAPTION_GAP_RATIO    0.5    /* between a grid and its caption, of the caption's size */
/* The player's digits on paper: grey, clearly apart from the black givens
 * even on a poor printer. */
#define PLAYER_GREY         (0x70 / 255.0)

typedef struct
{
  NcGrid   givens;
  NcGrid   solution;
  NcGrid   entries;
  gboolean has_solution;
  gboolean has_entries;
  char    *id;
  char    *grade;
  char    *title;
} Item;

struct _NePrintDocument
{
  GObject  parent_instance;

  GArray  *items;            /* Item */
  guint    n_solutions;      /* items with a solution */
  guint    per_page;
  gboolean solutions;
  char    *title;
  double   margin_top;
  double   margin_right;
  double   margin_bottom;
  double   margin_left;
};

G_DEFINE_FINAL_TYPE (NePrintDocument, ne_print_document, G_TYPE_OBJECT)

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_clear_pointer (&item->id, g_free);
  g_clear_pointer (&item->grade, g_free);
  g_clear_pointer (&item->title, g_free);
}

static void
ne_print_document_finalize (GObject *object)
{
  NePrintDocument *self = NE_PRINT_DOCUMENT (object);

  g_clear_pointer (&self->items, g_array_unref);
  g_clear_pointer (&self->title, g_free);

  G_OBJECT_CLASS (ne_print_document_parent_class)->finalize (object);
}

static void
ne_print_document_class_init (NePrintDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ne_print_document_finalize;
}

static void
ne_print_document_init (NePrintDocument *self)
{
  self->items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_array_set_clear_func (self->items, item_clear);
  self->per_page = 4;
  self->margin_top = self->margin_right = self->margin_bottom = self->margin_left = NE_PRINT_DEFAULT_MARGIN;
}

NePrintDocument *
ne_print_document_new (void)
{
  return g_object_new (NE_TYPE_PRINT_DOCUMENT, NULL);
}

void
ne_print_puzzle_init_generated (NePrintPuzzle     *puzzle,
                                const NcGenerated *generated,
                                const char        *id)
{
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (generated != NULL);

  *puzzle = (NePrintPuzzle) {
    .givens = generated->puzzle,
    .solution = &generated->solution,
    .id = id,
    .grade = ne_grade_label (generated->grade.grade),
  };
}

void
ne_print_document_add_puzzle (NePrintDocument     *self,
                              const NePrintPuzzle *puzzle)
{
  Item item = { 0 };

  g_return_if_fail (NE_IS_PRINT_DOCUMENT (self));
  g_return_if_fail (puzzle != NULL);

  item.givens = puzzle->givens;
  if (puzzle->solution != NULL)
    {
      item.solution = *puzzle->solution;
      item.has_solution = TRUE;
      self->n_solutions++;
    }
  if (puzzle->entries != NULL)
    {
      item.entries = *puzzle->entries;
      item.has_entries = TRUE;
    }
  item.id = g_strdup (puzzle->id);
  item.grade = g_strdup (puzzle->grade);
  item.title = g_strdup (puzzle->title);
  g_array_append_val (self->items, item);
}

guint
ne_print_document_get_n_puzzles (NePrintDocument *self)
{
  g_return_val_if_fail (NE_IS_PRINT_DOCUMENT (self), 0);

  return self->items->len;
}

gboolean
ne_print_per_page_is_valid (guint per_page)
{
  return per_page == 1 || per_page == 2 || per_page == 4 || per_page == 6;
}

void
ne_print_document_set_per_page (NePrintDocument *self,
                                guint            per_page)
{
  g_return_if_fail (NE_IS_PRINT_DOCUMENT (self));
  g_return_if_fail (ne_print_per_page_is_valid (per_page));

  self->per_page = per_page;
}

guint
ne_print_document_get_per_page (NePrintDocument *self)
{
  g_return_val_if_fail (NE_IS_PRINT_DOCUMENT (self), 0);

  return self->per_page;
}

void
ne_print_document_set_solutions (NePrintDocument *self,
                                 gboolean         solutions)
{
  g_return_if_fail (NE_IS_PRINT_DOCUMENT (self));

  self->solutions = !!solutions;
}

gboolean
ne_print_document_get_solutions (NePrintDocument *self)
{
  g_return_val_if_fail (NE_IS_PRINT_DOCUMENT (self), FALSE);

  return self->solutions;
}

void
ne_print_document_set_title (NePrintDocument *self,
                             const char      *title)
{
  g_return_if_fail (NE_IS_PRINT_DOCUMENT (self));

  g_free (self->title);
  self->title = title != NULL && title[0] != '\0' ? g_strdup (title) : NULL;
}

const char *
ne_print_document_get_title (NePrintDocument *self)
{
  g_return_val_if_fail (NE_IS_PRINT_DOCUMENT (self), NULL);

  return self->title;
}

void
ne_print_document_set_margins (NePrintDocument *self,
                               double           top,
                               double           right,
                               double           bottom,
                               double           left)
{
  g_return_if_fail (NE_IS_PRINT_DOCUMENT (self));
  g_return_if_fail (top >= 0 && right >= 0 && bottom >= 0 && left >= 0);

  self->margin_top = top;
  self->margin_right = right;
  self->margin_bottom = bottom;
  self->margin_left = left;
}

static guint
n_puzzle_pages (NePrintDocument *self)
{
  return (self->items->len + self->per_page - 1) / self->per_page;
}

static guint
n_solution_pages (NePrintDocument *self)
{
  if (!self->solutions)
    return 0;
  return (self->n_solutions + NE_PRINT_SOLUTIONS_PER_PAGE - 1) / NE_PRINT_SOLUTIONS_PER_PAGE;
}

guint
ne_print_document_get_n_pages (NePrintDocument *self)
{
  g_return_val_if_fail (NE_IS_PRINT_DOCUMENT (self), 0);

  return MAX (1, n_puzzle_pages (self) + n_solution_pages (self));
}

/* Text */

static void
set_grey (cairo_t *cr,
          double   grey)
{
  cairo_set_source_rgb (cr, grey, grey, grey);
}

/* One line of text centred in (x, y, width), ellipsized to fit it. Returns
 * the height it took. */
static double
show_line (cairo_t     *cr,
           PangoLayout *layout,
           const char  *text,
           double       size,
           PangoWeight  weight,
           double       x,
           double       y,
           double       width)
{
  g_autoptr(PangoFontDescription) desc = pango_font_description_from_string ("Sans");
  int text_width, text_height;

  pango_font_description_set_weight (desc, weight);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &text_width, &text_height);

  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  return (double) text_height / PANGO_SCALE;
}

/* "3. N1-24-r2-7QK3ZP · 24 clues · Medium": what a reader needs to find the
 * puzzle again, its number matching its solution's label. */
static char *
caption_text (const Item *item,
              guint       number)
{
  GString *text = g_string_new (NULL);
  int clues = nc_grid_count_filled (&item->givens);

  g_string_append_printf (text, "%u.", number);
  if (item->title != NULL)
    g_string_append_printf (text, " %s ·", item->title);
  if (item->id != NULL)
    g_string_append_printf (text, " %s ·", item->id);
  g_string_append_c (text, ' ');
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d clue", "%d clues", (gulong) clues), clues);
  if (item->grade != NULL)
    g_string_append_printf (text, " · %s", item->grade);
  return g_string_free (text, FALSE);
}

static char *
solution_label (const Item *item,
                guint       number)
{
  if (item->id != NULL)
    return g_strdup_printf ("%u. %s", number, item->id);
  return g_strdup_printf ("%u.", number);
}

/* Layout */

typedef struct
{
  guint  columns;
  guint  rows;
  double gap;
  double caption_size;
} Grid;

static Grid
page_grid (guint    per_page,
           gboolean landscape)
{
  switch (per_page)
    {
    case 1:
      return (Grid) { 1, 1, SLOT_GAP, CAPTION_SIZE_LARGE };
    case 2:
      return landscape ? (Grid) { 2, 1, SLOT_GAP, CAPTION_SIZE } : (Grid) { 1, 2, SLOT_GAP, CAPTION_SIZE };
    case 4:
      return (Grid) { 2, 2, SLOT_GAP, CAPTION_SIZE };
    case 6:
      return landscape ? (Grid) { 3, 2, SLOT_GAP, CAPTION_SIZE } : (Grid) { 2, 3, SLOT_GAP, CAPTION_SIZE };
    case NE_PRINT_SOLUTIONS_PER_PAGE:
      return (Grid) { 3, 3, SOLUTION_GAP, SOLUTION_LABEL_SIZE };
    default:
      g_assert_not_reached ();
    }
}

/* Draws one grid of side `side` at (x, y) with its caption under it. */
static void
draw_grid (cairo_t             *cr,
           PangoLayout         *layout,
           const NeRenderStyle *style,
           const NeRenderBoard *board,
           const char          *caption,
           double               caption_size,
           double               x,
           double               y,
           double               side)
{
  NeRenderGeometry geometry;

  ne_render_geometry_init (&geometry, side, 0);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  ne_render_draw (cr, &geometry, style, board);
  cairo_restore (cr);

  set_grey (cr, 0.0);
  show_line (cr, layout, caption, caption_size, PANGO_WEIGHT_NORMAL,
             x, y + side + caption_size * CAPTION_GAP_RATIO, side);
}

void
ne_print_document_draw_page (NePrintDocument *self,
                             cairo_t         *cr,
                             guint            page_nr,
                             double           width,
                             double           height)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree char *header = NULL;
  g_autofree char *footer = NULL;
  guint n_pages, puzzle_pages, per_page, first;
  gboolean solution_page;
  NeRenderStyle style;
  Grid grid;
  double top, bottom, side, caption_height, margin_x, margin_y;

  g_return_if_fail (NE_IS_PRINT_DOCUMENT (self));
  g_return_if_fail (cr != NULL);
  n_pages = ne_print_document_get_n_pages (self);
  g_return_if_fail (page_nr < n_pages);

  if (width <= 0 || height <= 0)
    return;

  puzzle_pages = n_puzzle_pages (self);
  solution_page = page_nr >= puzzle_pages && self->items->len > 0;
  per_page = solution_page ? NE_PRINT_SOLUTIONS_PER_PAGE : self->per_page;
  first = (solution_page ? page_nr - puzzle_pages : page_nr) * per_page;
  grid = page_grid (per_page, width > height);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  layout = pango_cairo_create_layout (cr);

  if (solution_page)
    header = self->title != NULL ? g_strdup_printf (_("%s: solutions"), self->title) : g_strdup (_("Solutions"));
  else
    header = g_strdup (self->title);
  top = 0;
  if (header != NULL)
    {
      set_grey (cr, 0.0);
      top = show_line (cr, layout, header, TITLE_SIZE, PANGO_WEIGHT_BOLD, 0, 0, width) + HEADER_GAP;
    }

  /* Translators: the footer of every printed page. */
  footer = g_strdup_printf (_("Page %u of %u"), page_nr + 1, n_pages);
  bottom = height - FOOTER_SIZE * LINE_SPACING;
  set_grey (cr, 0.25);
  show_line (cr, layout, footer, FOOTER_SIZE, PANGO_WEIGHT_NORMAL, 0, bottom, width);
  bottom -= FOOTER_GAP;

  /* Every grid the same size, as large as the body allows; what room is
   * left over goes evenly above, between and below the rows (and columns). */
  caption_height = grid.caption_size * (CAPTION_GAP_RATIO + LINE_SPACING);
  side = MIN ((width - (grid.columns - 1) * grid.gap) / grid.columns,
              (bottom - top - (grid.rows - 1) * grid.gap) / grid.rows - caption_height);
  if (side <= 0)
    {
      cairo_restore (cr);
      return;
    }
  margin_x = (width - grid.columns * side - (grid.columns - 1) * grid.gap) / (grid.columns + 1);
  margin_y = (bottom - top - grid.rows * (side + caption_height) - (grid.rows - 1) * grid.gap) / (grid.rows + 1);

  ne_render_style_init_print (&style);
  if (!solution_page)
    style.player = (NeRgba) { PLAYER_GREY, PLAYER_GREY, PLAYER_GREY, 1 };

  /* Solution pages count only the puzzles that have a solution. */
  for (guint slot = 0, i = 0, n_seen = 0; slot < per_page && i < self->items->len; i++)
    {
      const Item *item = &g_array_index (self->items, Item, i);
      g_autofree char *caption = NULL;
      NeRenderBoard board;
      double x, y;

      if (solution_page)
        {
          if (!item->has_solution || n_seen++ < first)
            continue;
          ne_render_board_init (&board, &item->givens);
          board.entries = item->solution;
          caption = solution_label (item, i + 1);
        }
      else
        {
          if (i < first)
            continue;
          ne_render_board_init (&board, &item->givens);
          if (item->has_entries)
            board.entries = item->entries;
          caption = caption_text (item, i + 1);
        }

      x = margin_x + (slot % grid.columns) * (side + grid.gap + margin_x);
      y = top + margin_y + (slot / grid.columns) * (side + caption_height + grid.gap + margin_y);
      draw_grid (cr, layout, &style, &board, caption, grid.caption_size, x, y, side);
      slot++;
    }

  cairo_restore (cr);
}

/* The PDF */

static cairo_status_t
append_to_bytes (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
ne_print_write_pdf (NePrintDocument  *self,
                    const char       *path,
                    double            width,
                    double            height,
                    GError          **error)
{
  g_autoptr(GByteArray) pdf = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double area_width, area_height;
  guint n_pages;

  g_return_val_if_fail (NE_IS_PRINT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  area_width = width - self->margin_left - self->margin_right;
  area_height = height - self->margin_top - self->margin_bottom;
  if (area_width <= 0 || area_height <= 0)
    {
      g_autofree char *name = ne_output_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Could not write %s: the margins leave no room on the page"), name);
      return FALSE;
    }

  /* Made whole in memory, then written the one way every output is. */
  pdf = g_byte_array_new ();
  surface = cairo_pdf_surface_create_for_stream (append_to_bytes, pdf, width, height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Nonet");
  if (self->title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, self->title);
  cr = cairo_create (surface);
  n_pages = ne_print_document_get_n_pages (self);
  for (guint i = 0; i < n_pages; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, self->margin_left, self->margin_top);
      ne_print_document_draw_page (self, cr, i, area_width, area_height);
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = ne_output_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"),
                   name, cairo_status_to_string (status));
      return FALSE;
    }
  return ne_output_write (path, pdf->data, pdf->len, error);
}
