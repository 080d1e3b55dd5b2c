/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-render.c: lays out and draws a Sudoku grid with cairo and Pango. Lines
 * are filled rectangles on device pixels rather than strokes, so they stay
 * crisp at every size; digits are sized from the cell, so they scale with it. */

#define G_LOG_DOMAIN "nonet-render"

#include "config.h"

#include "ne-render.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

/* Proportions of the grid's side and of a cell, chosen by eye at 300-900 px.
 * Digits are sized by the height of their ink, not the font's em, so that
 * every font fills a cell alike. */
#define BOX_LINE_RATIO      (1.0 / 150.0)
#define CELL_LINE_RATIO     (1.0 / 450.0)
#define DIGIT_HEIGHT_RATIO  0.48
#define NOTE_HEIGHT_RATIO   0.19
#define NOTE_INSET_RATIO    0.06
/* The cursor's focus ring, as a share of a cell, at least two device pixels. */
#define FOCUS_RING_RATIO    0.05

/* Opacity of the highlight tints over the background: the cursor clearly,
 * the rest subtle enough that the digits stay the loudest thing. */
#define CURSOR_ALPHA        0.30
#define SAME_DIGIT_ALPHA    0.16
#define PEER_ALPHA          0.07
#define CONFLICT_ALPHA      0.16
/* A hint's cells: libadwaita's yellow, as strong as the same digit's tint
 * reads on either background. */
#define HINT_LIGHT          0xf6d32d
#define HINT_LIGHT_ALPHA    0.40
#define HINT_DARK           0xf5c211
#define HINT_DARK_ALPHA     0.22
/* The animation's tentative digit: faded next to placed ones. */
#define TENTATIVE_ALPHA     0.55
/* The candidate count in a chosen cell's corner, as a share of a cell. */
#define COUNT_HEIGHT_RATIO  0.16

static NeRgba
rgb (guint32 hex)
{
  return (NeRgba) {
    .red = ((hex >> 16) & 0xff) / 255.0,
    .green = ((hex >> 8) & 0xff) / 255.0,
    .blue = (hex & 0xff) / 255.0,
    .alpha = 1.0,
  };
}

static NeRgba
with_alpha (const NeRgba *rgba,
            double        alpha)
{
  return (NeRgba) { rgba->red, rgba->green, rgba->blue, rgba->alpha * alpha };
}

void
ne_render_style_set_accent (NeRenderStyle *style,
                            const NeRgba  *accent,
                            const NeRgba  *accent_bg)
{
  g_return_if_fail (style != NULL);
  g_return_if_fail (accent != NULL);
  g_return_if_fail (accent_bg != NULL);

  style->player = *accent;
  style->cursor = with_alpha (accent_bg, CURSOR_ALPHA);
  style->focus = *accent_bg;
  style->same_digit = with_alpha (accent_bg, SAME_DIGIT_ALPHA);
  style->peer = with_alpha (accent_bg, PEER_ALPHA);
}

void
ne_render_style_set_error (NeRenderStyle *style,
                           const NeRgba  *error,
                           const NeRgba  *error_bg)
{
  g_return_if_fail (style != NULL);
  g_return_if_fail (error != NULL);
  g_return_if_fail (error_bg != NULL);

  style->error = *error;
  style->conflict = with_alpha (error_bg, CONFLICT_ALPHA);
}

/* libadwaita's accent_color/accent_bg_color and error_color/error_bg_color. */
static void
style_set_palette (NeRenderStyle *style,
                   guint32        accent,
                   guint32        accent_bg,
                   guint32        error,
                   guint32        error_bg)
{
  NeRgba a = rgb (accent), abg = rgb (accent_bg), e = rgb (error), ebg = rgb (error_bg);

  ne_render_style_set_accent (style, &a, &abg);
  ne_render_style_set_error (style, &e, &ebg);
}

/* The colours come from the GNOME palette libadwaita uses. */
void
ne_render_style_init_light (NeRenderStyle *style)
{
  g_return_if_fail (style != NULL);

  *style = (NeRenderStyle) {
    .background = rgb (0xffffff),
    .cell_line = rgb (0xc0bfbc),
    .box_line = rgb (0x3d3846),
    .given = rgb (0x241f31),
    .player = rgb (0x1c71d8),
    .notes = rgb (0x5e5c64),
  };
  style->hint = rgb (HINT_LIGHT);
  style->hint.alpha = HINT_LIGHT_ALPHA;
  style_set_palette (style, 0x1c71d8, 0x3584e4, 0xc01c28, 0xe01b24);
}

void
ne_render_style_init_dark (NeRenderStyle *style)
{
  g_return_if_fail (style != NULL);

  *style = (NeRenderStyle) {
    .background = rgb (0x303030),
    .cell_line = rgb (0x505050),
    .box_line = rgb (0x9a9996),
    .given = rgb (0xffffff),
    .player = rgb (0x78aeed),
    .notes = rgb (0xc0bfbc),
  };
  style->hint = rgb (HINT_DARK);
  style->hint.alpha = HINT_DARK_ALPHA;
  style_set_palette (style, 0x78aeed, 0x3584e4, 0xff7b63, 0xc01c28);
}

void
ne_render_style_init_print (NeRenderStyle *style)
{
  g_return_if_fail (style != NULL);

  *style = (NeRenderStyle) {
    .background = rgb (0xffffff),
    .cell_line = rgb (0x808080),
    .box_line = rgb (0x000000),
    .given = rgb (0x000000),
    .player = rgb (0x000000),
    .notes = rgb (0x404040),
  };
  /* Paper shows no highlights; should a caller mark cells, grey it is. */
  style_set_palette (style, 0x000000, 0x808080, 0x000000, 0x808080);
}

void
ne_render_board_init (NeRenderBoard *board,
                      const NcGrid  *givens)
{
  g_return_if_fail (board != NULL);

  memset (board, 0, sizeof *board);
  if (givens != NULL)
    board->givens = *givens;
}

void
ne_render_geometry_init (NeRenderGeometry *geometry,
                         double            size,
                         double            pixel_scale)
{
  gboolean snap = pixel_scale > 0;
  double unit = snap ? pixel_scale : 1.0;
  double side, box, cell, cells, pos;

  g_return_if_fail (geometry != NULL);
  g_return_if_fail (size >= 0);

  /* Work in device pixels when snapping, in user units otherwise. */
  side = snap ? round (size * unit) : size;
  box = side * BOX_LINE_RATIO;
  cell = side * CELL_LINE_RATIO;
  if (snap)
    {
      box = MAX (2.0, round (box));
      cell = MAX (1.0, round (cell));
    }
  cells = side - 4 * box - 6 * cell;
  if (cells < 0)
    {
      /* Too small to show lines at all. */
      box = cell = 0;
      cells = side;
    }

  memset (geometry, 0, sizeof *geometry);
  geometry->size = side / unit;
  geometry->pixel_scale = pixel_scale;

  pos = 0;
  for (int i = 0; i <= 9; i++)
    {
      double width = i % 3 == 0 ? box : cell;

      geometry->line_start[i] = pos / unit;
      geometry->line_width[i] = width / unit;
      pos += width;
      if (i == 9)
        break;

      /* Spread the leftover device pixels evenly over the nine cells. */
      {
        double start = snap ? floor (cells * i / 9) : cells * i / 9;
        double end = snap ? floor (cells * (i + 1) / 9) : cells * (i + 1) / 9;

        geometry->cell_start[i] = pos / unit;
        geometry->cell_size[i] = (end - start) / unit;
        pos += end - start;
      }
    }
  g_assert (fabs (pos - side) < 1e-6 * MAX (1.0, side));
}

void
ne_render_geometry_cell_rect (const NeRenderGeometry *geometry,
                              int                     cell,
                              double                 *x,
                              double                 *y,
                              double                 *width,
                              double                 *height)
{
  int row, col;

  g_return_if_fail (geometry != NULL);
  g_return_if_fail (cell >= 0 && cell < NC_CELLS);

  row = nc_cell_row (cell);
  col = nc_cell_col (cell);
  if (x != NULL)
    *x = geometry->cell_start[col];
  if (y != NULL)
    *y = geometry->cell_start[row];
  if (width != NULL)
    *width = geometry->cell_size[col];
  if (height != NULL)
    *height = geometry->cell_size[row];
}

static int
index_at (const NeRenderGeometry *geometry,
          double                  pos)
{
  if (pos < 0 || pos >= geometry->size)
    return -1;
  for (int i = 0; i < 8; i++)
    if (pos < geometry->line_start[i + 1] + geometry->line_width[i + 1] / 2)
      return i;
  return 8;
}

int
ne_render_geometry_cell_at (const NeRenderGeometry *geometry,
                            double                  x,
                            double                  y)
{
  int row, col;

  g_return_val_if_fail (geometry != NULL, -1);

  col = index_at (geometry, x);
  row = index_at (geometry, y);
  if (row < 0 || col < 0)
    return -1;
  return row * 9 + col;
}

static void
set_source (cairo_t      *cr,
            const NeRgba *rgba)
{
  cairo_set_source_rgba (cr, rgba->red, rgba->green, rgba->blue, rgba->alpha);
}

static void
fill_lines (cairo_t                *cr,
            const NeRenderGeometry *geometry,
            gboolean                box_lines)
{
  for (int i = 0; i <= 9; i++)
    {
      if ((i % 3 == 0) != box_lines || geometry->line_width[i] <= 0)
        continue;
      cairo_rectangle (cr, geometry->line_start[i], 0, geometry->line_width[i], geometry->size);
      cairo_rectangle (cr, 0, geometry->line_start[i], geometry->size, geometry->line_width[i]);
    }
  /* The rectangles cross: under even-odd the crossings would be holes. */
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_fill (cr);
}

void
ne_render_draw_static (cairo_t                *cr,
                       const NeRenderGeometry *geometry,
                       const NeRenderStyle    *style)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (geometry != NULL);
  g_return_if_fail (style != NULL);

  cairo_save (cr);

  set_source (cr, &style->background);
  cairo_rectangle (cr, 0, 0, geometry->size, geometry->size);
  cairo_fill (cr);

  /* Box lines last, so they lie over the cell lines that cross them. */
  set_source (cr, &style->cell_line);
  fill_lines (cr, geometry, FALSE);
  set_source (cr, &style->box_line);
  fill_lines (cr, geometry, TRUE);

  cairo_restore (cr);
}

static void
fill_cell (cairo_t      *cr,
           const NeRgba *rgba,
           double        x,
           double        y,
           double        width,
           double        height)
{
  if (rgba->alpha <= 0)
    return;
  set_source (cr, rgba);
  cairo_rectangle (cr, x, y, width, height);
  cairo_fill (cr);
}

/* A ring just inside the cell's lines, on whole device pixels when the
 * geometry is snapped, so it is as crisp as the lines. */
static void
ring_cell (cairo_t                *cr,
           const NeRenderGeometry *geometry,
           const NeRgba           *rgba,
           double                  cell,
           double                  x,
           double                  y,
           double                  width,
           double                  height)
{
  double ring = cell * FOCUS_RING_RATIO;

  if (geometry->pixel_scale > 0)
    ring = MAX (2.0, round (ring * geometry->pixel_scale)) / geometry->pixel_scale;
  if (2 * ring >= MIN (width, height))
    return;
  set_source (cr, rgba);
  cairo_rectangle (cr, x, y, width, height);
  cairo_rectangle (cr, x + ring, y + ring, width - 2 * ring, height - 2 * ring);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

static double
smallest_cell (const NeRenderGeometry *geometry)
{
  double cell = G_MAXDOUBLE;

  for (int i = 0; i < 9; i++)
    cell = MIN (cell, geometry->cell_size[i]);
  return cell;
}

void
ne_render_draw_highlights (cairo_t                *cr,
                           const NeRenderGeometry *geometry,
                           const NeRenderStyle    *style,
                           const NeRenderBoard    *board)
{
  double cell;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (geometry != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (board != NULL);

  cell = smallest_cell (geometry);
  if (cell <= 0)
    return;

  cairo_save (cr);

  /* Tints add up, weakest first: a peer holding the cursor's digit reads as
   * both, and a conflict shows through the cursor. */
  for (int i = 0; i < NC_CELLS; i++)
    {
      uint16_t marks = board->marks[i];
      double x, y, width, height;

      if (marks == 0)
        continue;
      ne_render_geometry_cell_rect (geometry, i, &x, &y, &width, &height);
      if (marks & NE_MARK_PEER)
        fill_cell (cr, &style->peer, x, y, width, height);
      if (marks & NE_MARK_SAME_DIGIT)
        fill_cell (cr, &style->same_digit, x, y, width, height);
      if (marks & NE_MARK_HINT)
        fill_cell (cr, &style->hint, x, y, width, height);
      if (marks & NE_MARK_UNIT)
        fill_cell (cr, &style->conflict, x, y, width, height);
      if (marks & NE_MARK_CONFLICT)
        fill_cell (cr, &style->conflict, x, y, width, height);
      if (marks & NE_MARK_CHOSEN)
        {
          fill_cell (cr, &style->cursor, x, y, width, height);
          ring_cell (cr, geometry, &style->focus, cell, x, y, width, height);
        }
      if (marks & NE_MARK_CURSOR)
        {
          fill_cell (cr, &style->cursor, x, y, width, height);
          if (marks & NE_MARK_FOCUS)
            ring_cell (cr, geometry, &style->focus, cell, x, y, width, height);
        }
    }

  cairo_restore (cr);
}

/* A font for one kind of digit, and where its digits' ink lies vertically
 * (measured on an 8), so digits of one kind share a baseline. */
typedef struct
{
  PangoFontDescription *desc;
  double                ink_middle;
} DigitFont;

/* Sizes the font so a digit's ink is digit_height tall. The 8 is measured at
 * a large size first, where hinting cannot distort the ratio. */
static DigitFont
digit_font_new (PangoLayout         *layout,
                const NeRenderStyle *style,
                double               digit_height,
                PangoWeight          weight)
{
  const double reference = 100.0;
  DigitFont font = { .desc = pango_font_description_new () };
  double em = digit_height / 0.72;   /* a usual digit height, if the font has no 8 */
  PangoRectangle ink;

  pango_font_description_set_family (font.desc, style->font_family != NULL ? style->font_family : "Sans");
  pango_font_description_set_weight (font.desc, weight);
  pango_font_description_set_absolute_size (font.desc, reference * PANGO_SCALE);

  pango_layout_set_text (layout, "8", 1);
  pango_layout_set_font_description (layout, font.desc);
  pango_layout_get_extents (layout, &ink, NULL);
  if (ink.height > 0)
    em = digit_height * reference * PANGO_SCALE / ink.height;

  pango_font_description_set_absolute_size (font.desc, MAX (1.0, em) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font.desc);
  pango_layout_get_extents (layout, &ink, NULL);
  font.ink_middle = (ink.y + ink.height / 2.0) / PANGO_SCALE;
  return font;
}

static void
digit_font_clear (DigitFont *font)
{
  g_clear_pointer (&font->desc, pango_font_description_free);
}

/* Centred across on the digit's own ink, down on the 8's: every digit sits
 * in the middle of its cell whatever the font's ascent and side bearings,
 * and a row of digits keeps one baseline. */
static void
show_digit (cairo_t                *cr,
            PangoLayout            *layout,
            const NeRenderGeometry *geometry,
            const DigitFont        *font,
            int                     digit,
            double                  centre_x,
            double                  centre_y)
{
  char text[2] = { (char) ('0' + digit), '\0' };
  PangoRectangle ink;
  double x, y;

  pango_layout_set_font_description (layout, font->desc);
  pango_layout_set_text (layout, text, 1);
  pango_layout_get_extents (layout, &ink, NULL);
  x = centre_x - (ink.x + ink.width / 2.0) / PANGO_SCALE;
  y = centre_y - font->ink_middle;
  if (geometry->pixel_scale > 0)
    {
      x = round (x * geometry->pixel_scale) / geometry->pixel_scale;
      y = round (y * geometry->pixel_scale) / geometry->pixel_scale;
    }
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

void
ne_render_draw_digits (cairo_t                *cr,
                       const NeRenderGeometry *geometry,
                       const NeRenderStyle    *style,
                       const NeRenderBoard    *board)
{
  g_autoptr(PangoLayout) layout = NULL;
  DigitFont given_font, player_font, tentative_font, note_font, count_font;
  double cell;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (geometry != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (board != NULL);

  /* One size for every digit, from the smallest cell. */
  cell = smallest_cell (geometry);
  if (cell <= 0)
    return;

  cairo_save (cr);

  layout = pango_cairo_create_layout (cr);
  given_font = digit_font_new (layout, style, cell * DIGIT_HEIGHT_RATIO, PANGO_WEIGHT_BOLD);
  player_font = digit_font_new (layout, style, cell * DIGIT_HEIGHT_RATIO, PANGO_WEIGHT_NORMAL);
  tentative_font = digit_font_new (layout, style, cell * DIGIT_HEIGHT_RATIO, PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style (tentative_font.desc, PANGO_STYLE_ITALIC);
  note_font = digit_font_new (layout, style, cell * NOTE_HEIGHT_RATIO, PANGO_WEIGHT_NORMAL);
  count_font = digit_font_new (layout, style, cell * COUNT_HEIGHT_RATIO, PANGO_WEIGHT_BOLD);

  for (int i = 0; i < NC_CELLS; i++)
    {
      int given = board->givens.cell[i];
      int entry = board->entries.cell[i];
      uint16_t notes = board->notes[i];
      gboolean conflict = (board->marks[i] & NE_MARK_CONFLICT) != 0;
      gboolean tentative = (board->marks[i] & NE_MARK_TENTATIVE) != 0;
      double x, y, width, height;

      ne_render_geometry_cell_rect (geometry, i, &x, &y, &width, &height);

      if (board->counts[i] != 0 && board->counts[i] <= 9)
        {
          double inset = cell * NOTE_INSET_RATIO;
          double third = (width - 2 * inset) / 3;

          set_source (cr, &style->notes);
          show_digit (cr, layout, geometry, &count_font, board->counts[i],
                      x + inset + third * 0.5, y + inset + third * 0.5);
        }

      if (given != 0)
        {
          set_source (cr, conflict ? &style->error : &style->given);
          show_digit (cr, layout, geometry, &given_font, given, x + width / 2, y + height / 2);
        }
      else if (entry != 0 && tentative)
        {
          NeRgba faded = with_alpha (conflict ? &style->error : &style->player, TENTATIVE_ALPHA);

          set_source (cr, &faded);
          show_digit (cr, layout, geometry, &tentative_font, entry, x + width / 2, y + height / 2);
        }
      else if (entry != 0)
        {
          set_source (cr, conflict ? &style->error : &style->player);
          show_digit (cr, layout, geometry, &player_font, entry, x + width / 2, y + height / 2);
        }
      else if (notes != 0)
        {
          double inset = cell * NOTE_INSET_RATIO;
          double third_w = (width - 2 * inset) / 3;
          double third_h = (height - 2 * inset) / 3;

          set_source (cr, &style->notes);
          for (int d = 1; d <= 9; d++)
            {
              if ((notes & NE_NOTE (d)) == 0)
                continue;
              show_digit (cr, layout, geometry, &note_font, d,
                          x + inset + third_w * ((d - 1) % 3 + 0.5),
                          y + inset + third_h * ((d - 1) / 3 + 0.5));
            }
        }
    }

  digit_font_clear (&given_font);
  digit_font_clear (&player_font);
  digit_font_clear (&tentative_font);
  digit_font_clear (&note_font);
  digit_font_clear (&count_font);

  cairo_restore (cr);
}

void
ne_render_draw (cairo_t                *cr,
                const NeRenderGeometry *geometry,
                const NeRenderStyle    *style,
                const NeRenderBoard    *board)
{
  ne_render_draw_static (cr, geometry, style);
  ne_render_draw_highlights (cr, geometry, style, board);
  ne_render_draw_digits (cr, geometry, style, board);
}
