/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render.c: draws grids into cairo image surfaces and checks the pixels
 * a player would see: where the lines are and how heavy, where the digits
 * are and in which colour. */

#define G_LOG_DOMAIN "nonet-test-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <glib.h>

#include "ne-render.h"
#include "test-util.h"

/* In Inkala 2012 r1c1 is a given 8, r1c2 is empty. */

#define GIVEN_CELL 0
#define EMPTY_CELL 1

static const double sizes[] = { 120, 250, 450, 451, 800 };
static const double scales[] = { 1, 2 };

typedef struct
{
  double r, g, b, a;
} Pixel;

typedef struct
{
  cairo_surface_t *surface;
  NeRenderGeometry geometry;
  double scale;
} Image;

/* Colours far enough apart that every pixel says what it belongs to. */
static NeRenderStyle
test_style (void)
{
  NeRenderStyle style;

  ne_render_style_init_light (&style);
  style.background = (NeRgba) { 1, 1, 1, 1 };
  style.cell_line = (NeRgba) { 0.75, 0.75, 0.75, 1 };
  style.box_line = (NeRgba) { 0.15, 0.15, 0.15, 1 };
  style.given = (NeRgba) { 0, 0, 0, 1 };
  style.player = (NeRgba) { 0x1c / 255.0, 0x71 / 255.0, 0xd8 / 255.0, 1 };
  style.notes = (NeRgba) { 0.4, 0.4, 0.4, 1 };
  return style;
}

enum { LAYER_STATIC = 1, LAYER_DIGITS = 2, LAYER_BOTH = 3, LAYER_HIGHLIGHTS = 4, LAYER_ALL = 7 };

static Image
render (double               size,
        double               scale,
        const NeRenderStyle *style,
        const NeRenderBoard *board,
        int                  layers)
{
  /* pixel_scale 0 is print's unsnapped layout, drawn here at one pixel a unit. */
  Image image = { .scale = scale > 0 ? scale : 1 };
  int pixels;
  cairo_t *cr;

  ne_render_geometry_init (&image.geometry, size, scale);
  pixels = (int) ceil (image.geometry.size * image.scale);
  image.surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixels, pixels);
  cairo_surface_set_device_scale (image.surface, image.scale, image.scale);
  cr = cairo_create (image.surface);
  if (layers & LAYER_STATIC)
    ne_render_draw_static (cr, &image.geometry, style);
  if (layers & LAYER_HIGHLIGHTS)
    ne_render_draw_highlights (cr, &image.geometry, style, board);
  if (layers & LAYER_DIGITS)
    ne_render_draw_digits (cr, &image.geometry, style, board);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (image.surface);
  return image;
}

static void
image_clear (Image *image)
{
  g_clear_pointer (&image->surface, cairo_surface_destroy);
}

static int
image_pixels (const Image *image)
{
  return cairo_image_surface_get_width (image->surface);
}

static guint32
raw_at (const Image *image,
        int          x,
        int          y)
{
  const guint8 *data = cairo_image_surface_get_data (image->surface);
  int stride = cairo_image_surface_get_stride (image->surface);

  return *(const guint32 *) (data + y * stride + x * 4);
}

/* x and y in device pixels. */
static Pixel
pixel_at (const Image *image,
          int          x,
          int          y)
{
  guint32 argb;
  Pixel p;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, image_pixels (image));
  g_assert_cmpint (y, <, image_pixels (image));

  argb = raw_at (image, x, y);
  p.a = (argb >> 24) / 255.0;
  if (p.a == 0)
    return (Pixel) { 0, 0, 0, 0 };
  p.r = ((argb >> 16) & 0xff) / 255.0 / p.a;
  p.g = ((argb >> 8) & 0xff) / 255.0 / p.a;
  p.b = (argb & 0xff) / 255.0 / p.a;
  return p;
}

static double
luminance (Pixel p)
{
  return 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b;
}

static double
distance (Pixel p, NeRgba c)
{
  return MAX (MAX (fabs (p.r - c.red), fabs (p.g - c.green)),
              MAX (fabs (p.b - c.blue), fabs (p.a - c.alpha)));
}

/* The device pixels strictly inside a cell's lines. */
static void
cell_pixels (const Image *image,
             int          cell,
             int         *x0,
             int         *y0,
             int         *x1,
             int         *y1)
{
  double x, y, w, h;

  ne_render_geometry_cell_rect (&image->geometry, cell, &x, &y, &w, &h);
  *x0 = (int) ceil (x * image->scale - 1e-6);
  *y0 = (int) ceil (y * image->scale - 1e-6);
  *x1 = (int) floor ((x + w) * image->scale + 1e-6);
  *y1 = (int) floor ((y + h) * image->scale + 1e-6);
  g_assert_cmpint (*x1, >, *x0);
  g_assert_cmpint (*y1, >, *y0);
}

typedef gboolean (*PixelTest) (Pixel p, const NeRenderStyle *style);

static gboolean
is_background (Pixel p, const NeRenderStyle *style)
{
  return distance (p, style->background) < 0.02;
}

static gboolean
is_ink (Pixel p, const NeRenderStyle *style)
{
  return distance (p, style->background) > 0.1;
}

static gboolean
is_dark (Pixel p, const NeRenderStyle *style)
{
  return p.a > 0.9 && luminance (p) < 0.35;
}

/* Close to the accent colour, allowing for antialiasing towards white. */
static gboolean
is_accent (Pixel p, const NeRenderStyle *style)
{
  return p.a > 0.9 && p.b - p.r > 0.4 && p.b > 0.7;
}

/* Counts matching pixels in a rectangle of device pixels, and where they
 * are on average. */
static int
count_in (const Image         *image,
          const NeRenderStyle *style,
          PixelTest            test,
          int                  x0,
          int                  y0,
          int                  x1,
          int                  y1,
          double              *mean_x,
          double              *mean_y)
{
  double sx = 0, sy = 0;
  int n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (test (pixel_at (image, x, y), style))
        {
          n++;
          sx += x;
          sy += y;
        }
  if (mean_x != NULL)
    *mean_x = n ? sx / n : -1;
  if (mean_y != NULL)
    *mean_y = n ? sy / n : -1;
  return n;
}

static int
count_in_cell (const Image         *image,
               const NeRenderStyle *style,
               int                  cell,
               PixelTest            test)
{
  int x0, y0, x1, y1;

  cell_pixels (image, cell, &x0, &y0, &x1, &y1);
  return count_in (image, style, test, x0, y0, x1, y1, NULL, NULL);
}

static int
cell_area (const Image *image,
           int          cell)
{
  int x0, y0, x1, y1;

  cell_pixels (image, cell, &x0, &y0, &x1, &y1);
  return (x1 - x0) * (y1 - y0);
}

static void
test_geometry (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        double scale = scales[s];
        NeRenderGeometry g;
        double min_cell = G_MAXDOUBLE, max_cell = 0;

        ne_render_geometry_init (&g, sizes[z], scale);
        g_assert_cmpfloat_with_epsilon (g.size, sizes[z], 0.5 / scale + 1e-9);
        g_assert_cmpfloat (g.line_start[0], ==, 0);
        g_assert_cmpfloat_with_epsilon (g.line_start[9] + g.line_width[9], g.size, 1e-9);

        for (int i = 0; i <= 9; i++)
          {
            /* Every edge on a device pixel. */
            g_assert_cmpfloat_with_epsilon (g.line_start[i] * scale, round (g.line_start[i] * scale), 1e-9);
            g_assert_cmpfloat_with_epsilon (g.line_width[i] * scale, round (g.line_width[i] * scale), 1e-9);
            g_assert_cmpfloat (g.line_width[i] * scale, >=, 1);
            if (i % 3 == 0)
              g_assert_cmpfloat (g.line_width[i], >, g.line_width[1]);
            else
              g_assert_cmpfloat (g.line_width[i], ==, g.line_width[1]);
            if (i < 9)
              {
                g_assert_cmpfloat_with_epsilon (g.cell_start[i], g.line_start[i] + g.line_width[i], 1e-9);
                g_assert_cmpfloat_with_epsilon (g.line_start[i + 1], g.cell_start[i] + g.cell_size[i], 1e-9);
                min_cell = MIN (min_cell, g.cell_size[i]);
                max_cell = MAX (max_cell, g.cell_size[i]);
              }
          }
        g_assert_cmpfloat ((max_cell - min_cell) * scale, <=, 1 + 1e-9);

        /* The hit test agrees with the cell rectangles, lines included. */
        for (int cell = 0; cell < NC_CELLS; cell++)
          {
            double x, y, w, h;

            ne_render_geometry_cell_rect (&g, cell, &x, &y, &w, &h);
            g_assert_cmpint (ne_render_geometry_cell_at (&g, x + w / 2, y + h / 2), ==, cell);
            g_assert_cmpint (ne_render_geometry_cell_at (&g, x, y), ==, cell);
            g_assert_cmpint (ne_render_geometry_cell_at (&g, x + w - 0.01, y + h - 0.01), ==, cell);
          }
        g_assert_cmpint (ne_render_geometry_cell_at (&g, 0, 0), ==, 0);
        g_assert_cmpint (ne_render_geometry_cell_at (&g, g.size - 0.01, g.size - 0.01), ==, 80);
        g_assert_cmpint (ne_render_geometry_cell_at (&g, -0.5, 10), ==, -1);
        g_assert_cmpint (ne_render_geometry_cell_at (&g, 10, g.size), ==, -1);
        /* The left half of the line between c1 and c2 belongs to c1. */
        g_assert_cmpint (ne_render_geometry_cell_at (&g, g.line_start[1], g.cell_start[0]), ==, 0);
        g_assert_cmpint (ne_render_geometry_cell_at (&g, g.line_start[1] + g.line_width[1] - 0.01, g.cell_start[0]), ==, 1);
      }
}

static void
test_geometry_unsnapped (void)
{
  NeRenderGeometry g;
  double box;

  /* Print and PDF: no rounding, the three boxes exactly equal. */
  ne_render_geometry_init (&g, 300.5, 0);
  g_assert_cmpfloat (g.size, ==, 300.5);
  box = g.line_start[3] - g.line_start[0] - g.line_width[0];
  g_assert_cmpfloat_with_epsilon (g.line_start[6] - g.line_start[3] - g.line_width[3], box, 1e-9);
  g_assert_cmpfloat_with_epsilon (g.line_start[9] - g.line_start[6] - g.line_width[6], box, 1e-9);
  for (int i = 1; i < 9; i++)
    g_assert_cmpfloat_with_epsilon (g.cell_size[i], g.cell_size[0], 1e-9);
  g_assert_cmpfloat (g.line_width[0], >, g.line_width[1]);
  g_assert_cmpfloat (g.line_width[1], >, 0);
}

typedef struct
{
  int    start;
  int    width;
  double luminance;
} Run;

/* Runs of non-background pixels along a row (vertical = FALSE) or a column. */
static int
find_runs (const Image         *image,
           const NeRenderStyle *style,
           int                  at,
           gboolean             vertical,
           Run                 *runs,
           int                  max_runs)
{
  int n = 0, pixels = image_pixels (image);

  for (int i = 0; i < pixels; i++)
    {
      Pixel p = vertical ? pixel_at (image, at, i) : pixel_at (image, i, at);

      if (is_background (p, style))
        continue;
      if (n > 0 && runs[n - 1].start + runs[n - 1].width == i)
        {
          runs[n - 1].width++;
          continue;
        }
      g_assert_cmpint (n, <, max_runs);
      runs[n++] = (Run) { .start = i, .width = 1, .luminance = luminance (p) };
    }
  return n;
}

static void
check_lines (double size,
             double scale)
{
  NeRenderStyle style = test_style ();
  Image image = render (size, scale, &style, NULL, LAYER_STATIC);
  const NeRenderGeometry *g = &image.geometry;
  int pixels = image_pixels (&image);

  for (int vertical = 0; vertical <= 1; vertical++)
    {
      /* Across the middle of the first row (or column) of cells. */
      int at = (int) ((g->cell_start[0] + g->cell_size[0] / 2) * scale);
      Run runs[16];
      int n = find_runs (&image, &style, at, vertical, runs, G_N_ELEMENTS (runs));

      g_assert_cmpint (n, ==, 10);
      for (int i = 0; i < 10; i++)
        {
          gboolean box = i % 3 == 0;

          /* Where the geometry says, ... */
          g_assert_cmpint (runs[i].start, ==, (int) round (g->line_start[i] * scale));
          g_assert_cmpint (runs[i].width, ==, (int) round (g->line_width[i] * scale));
          /* ... thicker and darker for boxes, ... */
          if (box)
            {
              g_assert_cmpint (runs[i].width, >, runs[1].width);
              g_assert_cmpfloat (runs[i].luminance, <, runs[1].luminance);
              g_assert_cmpfloat (distance (pixel_at (&image, vertical ? at : runs[i].start, vertical ? runs[i].start : at),
                                           style.box_line), <, 0.02);
            }
          else
            {
              g_assert_cmpint (runs[i].width, ==, runs[1].width);
              g_assert_cmpfloat (distance (pixel_at (&image, vertical ? at : runs[i].start, vertical ? runs[i].start : at),
                                           style.cell_line), <, 0.02);
            }
          /* ... and where a player expects them: box lines at the thirds,
           * cell lines at the ninths, to within a line's width. */
          {
            double centre = runs[i].start + runs[i].width / 2.0;
            double expected = pixels * i / 9.0;

            g_assert_cmpfloat (fabs (centre - expected), <=, 0.02 * pixels + 1);
          }
        }
      /* The outer lines are the edges of the image. */
      g_assert_cmpint (runs[0].start, ==, 0);
      g_assert_cmpint (runs[9].start + runs[9].width, ==, pixels);
    }

  /* The static layer has no digits: every cell is plain background. */
  for (int cell = 0; cell < NC_CELLS; cell++)
    g_assert_cmpint (count_in_cell (&image, &style, cell, is_background), ==, cell_area (&image, cell));

  image_clear (&image);
}

static void
test_lines (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      check_lines (sizes[z], scales[s]);
}

static void
check_digits (double size,
              double scale)
{
  NeRenderStyle style = test_style ();
  NcGrid givens = grid_from_line (INKALA);
  NeRenderBoard board;
  Image image;

  ne_render_board_init (&board, &givens);
  image = render (size, scale, &style, &board, LAYER_BOTH);

  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      int area = cell_area (&image, cell);
      int dark = count_in_cell (&image, &style, cell, is_dark);
      int ink = count_in_cell (&image, &style, cell, is_ink);

      if (givens.cell[cell] != 0)
        {
          /* A given is a solid dark digit in the middle of its cell. */
          int x0, y0, x1, y1;
          double mx, my;

          g_assert_cmpint (dark, >, area / 40);
          g_assert_cmpint (ink, <, area / 2);
          cell_pixels (&image, cell, &x0, &y0, &x1, &y1);
          count_in (&image, &style, is_dark, x0, y0, x1, y1, &mx, &my);
          g_assert_cmpfloat (fabs (mx - (x0 + x1 - 1) / 2.0), <, (x1 - x0) * 0.12);
          g_assert_cmpfloat (fabs (my - (y0 + y1 - 1) / 2.0), <, (y1 - y0) * 0.12);
          g_assert_cmpint (count_in_cell (&image, &style, cell, is_accent), ==, 0);
        }
      else
        {
          /* An empty cell is background and nothing else. */
          g_assert_cmpint (count_in_cell (&image, &style, cell, is_background), ==, area);
        }
    }

  image_clear (&image);
}

static void
test_digits (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      check_digits (sizes[z], scales[s]);
}

/* The bounding box of a cell's ink, in device pixels. */
static gboolean
ink_box (const Image         *image,
         const NeRenderStyle *style,
         int                  cell,
         int                  box[4])
{
  int x0, y0, x1, y1;

  cell_pixels (image, cell, &x0, &y0, &x1, &y1);
  box[0] = x1, box[1] = y1, box[2] = x0, box[3] = y0;
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (is_ink (pixel_at (image, x, y), style))
        {
          box[0] = MIN (box[0], x);
          box[1] = MIN (box[1], y);
          box[2] = MAX (box[2], x + 1);
          box[3] = MAX (box[3], y + 1);
        }
  return box[2] > box[0];
}

/* Crisp digits: every copy of a digit lands on the pixel grid the same way,
 * so all of them are the same pixels, even where cells differ in size. */
static void
test_digits_crisp (void)
{
  NeRenderStyle style = test_style ();
  NeRenderBoard board;

  ne_render_board_init (&board, NULL);
  for (int cell = 0; cell < NC_CELLS; cell++)
    board.givens.cell[cell] = (uint8_t) ((cell / 9) % 3 * 3 + cell % 3 + 1);

  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        Image image = render (sizes[z], scales[s], &style, &board, LAYER_BOTH);

        for (int cell = 0; cell < NC_CELLS; cell++)
          {
            int digit = board.givens.cell[cell];
            int first = (digit - 1) / 3 * 9 + (digit - 1) % 3;   /* in box 1 */
            int a[4], b[4];

            if (first == cell)
              continue;
            g_assert_true (ink_box (&image, &style, first, a));
            g_assert_true (ink_box (&image, &style, cell, b));
            g_assert_cmpint (a[2] - a[0], ==, b[2] - b[0]);
            g_assert_cmpint (a[3] - a[1], ==, b[3] - b[1]);
            for (int y = 0; y < a[3] - a[1]; y++)
              for (int x = 0; x < a[2] - a[0]; x++)
                g_assert_cmphex (raw_at (&image, a[0] + x, a[1] + y), ==, raw_at (&image, b[0] + x, b[1] + y));
          }
        image_clear (&image);
      }
}

static void
test_player (void)
{
  NeRenderStyle style = test_style ();
  NcGrid givens = grid_from_line (INKALA);
  NeRenderBoard board;
  Image image;

  g_assert_cmpint (givens.cell[EMPTY_CELL], ==, 0);
  ne_render_board_init (&board, &givens);
  board.entries.cell[EMPTY_CELL] = 5;
  /* An entry under a given is not drawn. */
  board.entries.cell[GIVEN_CELL] = 3;

  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      image = render (sizes[z], 1, &style, &board, LAYER_BOTH);
      g_assert_cmpint (count_in_cell (&image, &style, EMPTY_CELL, is_accent), >, cell_area (&image, EMPTY_CELL) / 40);
      g_assert_cmpint (count_in_cell (&image, &style, EMPTY_CELL, is_dark), ==, 0);
      g_assert_cmpint (count_in_cell (&image, &style, GIVEN_CELL, is_accent), ==, 0);
      image_clear (&image);
    }
}

static void
test_given_bold (void)
{
  NeRenderStyle style = test_style ();
  NeRenderBoard given, entered;

  /* The same digit in the same colour: only the weight differs. */
  style.player = style.given;
  ne_render_board_init (&given, NULL);
  ne_render_board_init (&entered, NULL);
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      given.givens.cell[cell] = (uint8_t) (cell % 9 + 1);
      entered.entries.cell[cell] = (uint8_t) (cell % 9 + 1);
    }

  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      Image a = render (sizes[z], 1, &style, &given, LAYER_BOTH);
      Image b = render (sizes[z], 1, &style, &entered, LAYER_BOTH);
      int pixels = image_pixels (&a);
      int ink_given = count_in (&a, &style, is_dark, 0, 0, pixels, pixels, NULL, NULL);
      int ink_entered = count_in (&b, &style, is_dark, 0, 0, pixels, pixels, NULL, NULL);

      g_test_message ("size %g: %d dark pixels bold, %d regular", sizes[z], ink_given, ink_entered);
      g_assert_cmpfloat (ink_given, >, ink_entered * 1.15);
      image_clear (&a);
      image_clear (&b);
    }
}

static void
test_notes (void)
{
  NeRenderStyle style = test_style ();
  NeRenderBoard board, plain;
  uint16_t marks = NE_NOTE (1) | NE_NOTE (6) | NE_NOTE (8);

  ne_render_board_init (&board, NULL);
  board.notes[EMPTY_CELL] = marks;
  board.givens.cell[GIVEN_CELL] = 7;
  board.notes[GIVEN_CELL] = NE_NOTES_ALL;   /* hidden by the given */
  ne_render_board_init (&plain, NULL);
  plain.givens.cell[GIVEN_CELL] = 7;

  for (guint z = 1; z < G_N_ELEMENTS (sizes); z++)
    {
      Image image = render (sizes[z], 1, &style, &board, LAYER_BOTH);
      Image without = render (sizes[z], 1, &style, &plain, LAYER_BOTH);
      int x0, y0, x1, y1;

      cell_pixels (&image, EMPTY_CELL, &x0, &y0, &x1, &y1);
      for (int d = 1; d <= 9; d++)
        {
          int col = (d - 1) % 3, row = (d - 1) / 3;
          int sx0 = x0 + (x1 - x0) * col / 3, sx1 = x0 + (x1 - x0) * (col + 1) / 3;
          int sy0 = y0 + (y1 - y0) * row / 3, sy1 = y0 + (y1 - y0) * (row + 1) / 3;
          int mx = (sx1 - sx0) / 6, my = (sy1 - sy0) / 6;

          /* Each mark in its ninth of the cell; the middle of the others
           * stays clear (their edges may catch a neighbour's antialiasing). */
          if (marks & NE_NOTE (d))
            g_assert_cmpint (count_in (&image, &style, is_ink, sx0, sy0, sx1, sy1, NULL, NULL), >, 0);
          else
            g_assert_cmpint (count_in (&image, &style, is_ink, sx0 + mx, sy0 + my, sx1 - mx, sy1 - my, NULL, NULL), ==, 0);
        }
      /* Small and grey: lighter than a given, no accent. */
      g_assert_cmpint (count_in_cell (&image, &style, EMPTY_CELL, is_accent), ==, 0);
      g_assert_cmpint (count_in_cell (&image, &style, EMPTY_CELL, is_ink), <,
                       count_in_cell (&image, &style, GIVEN_CELL, is_ink));

      /* Notes under a given change nothing. */
      cell_pixels (&image, GIVEN_CELL, &x0, &y0, &x1, &y1);
      for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
          g_assert_cmphex (raw_at (&image, x, y), ==, raw_at (&without, x, y));

      image_clear (&image);
      image_clear (&without);
    }
}

static void
test_layers (void)
{
  NeRenderStyle style = test_style ();
  NcGrid givens = grid_from_line (INKALA);
  NeRenderBoard board;
  Image digits;
  const NeRenderGeometry *g;
  int transparent = 0, pixels;

  ne_render_board_init (&board, &givens);
  digits = render (450, 1, &style, &board, LAYER_DIGITS);
  g = &digits.geometry;
  pixels = image_pixels (&digits);

  /* The digits layer leaves the lines and empty cells to the layer below. */
  for (int i = 0; i <= 9; i++)
    for (int j = 0; j < pixels; j++)
      {
        int at = (int) g->line_start[i];

        transparent += pixel_at (&digits, at, j).a == 0;
        transparent += pixel_at (&digits, j, at).a == 0;
      }
  g_assert_cmpint (transparent, ==, 10 * 2 * pixels);
  g_assert_cmpint (count_in_cell (&digits, &style, EMPTY_CELL, is_background), ==, 0);
  g_assert_cmpint (count_in_cell (&digits, &style, GIVEN_CELL, is_dark), >, 0);
  image_clear (&digits);
}

static void
test_dark_style (void)
{
  NeRenderStyle style;
  NcGrid givens = grid_from_line (INKALA);
  NeRenderBoard board;
  Image image;
  int x0, y0, x1, y1;

  ne_render_style_init_dark (&style);
  g_assert_cmpfloat (luminance ((Pixel) { style.background.red, style.background.green, style.background.blue, 1 }), <, 0.3);
  g_assert_cmpfloat (luminance ((Pixel) { style.given.red, style.given.green, style.given.blue, 1 }), >, 0.7);

  ne_render_board_init (&board, &givens);
  image = render (300, 1, &style, &board, LAYER_BOTH);
  cell_pixels (&image, GIVEN_CELL, &x0, &y0, &x1, &y1);
  /* Light digits on a dark background. */
  g_assert_cmpint (count_in (&image, &style, is_background, x0, y0, x0 + 1, y0 + 1, NULL, NULL), ==, 1);
  {
    int light = 0;

    for (int y = y0; y < y1; y++)
      for (int x = x0; x < x1; x++)
        light += luminance (pixel_at (&image, x, y)) > 0.7;
    g_assert_cmpint (light, >, cell_area (&image, GIVEN_CELL) / 40);
  }
  g_assert_cmpint (count_in_cell (&image, &style, EMPTY_CELL, is_background), ==, cell_area (&image, EMPTY_CELL));
  image_clear (&image);
}

/* Close to the error colour, allowing for antialiasing towards white. */
static gboolean
is_error (Pixel p, const NeRenderStyle *style)
{
  return p.a > 0.9 && p.r - p.b > 0.4 && p.r - p.g > 0.4;
}

/* The highlights: each kind of mark tints its whole cell and nothing else,
 * the tints in a clear order of strength, the cursor ringed when focused,
 * and a conflict's digits in the error colour. */
static void
test_highlights (void)
{
  NeRenderStyle style = test_style ();
  NcGrid givens = grid_from_line (INKALA);
  NeRenderBoard board;
  /* r5c5 the cursor; r5c1 a peer, r1c9 not, r2c3 the same digit, r1c1 and
   * r1c2 a conflict (an entry 8 beside the given 8), r9c9 a hint's. */
  const int cursor = 40, peer = 36, plain = 8, same = 11, conflict_given = 0, conflict_entry = 1, hint = 80;

  ne_render_board_init (&board, &givens);
  board.entries.cell[conflict_entry] = 8;
  board.marks[cursor] = NE_MARK_CURSOR | NE_MARK_FOCUS;
  board.marks[peer] = NE_MARK_PEER;
  board.marks[same] = NE_MARK_SAME_DIGIT;
  board.marks[conflict_given] = NE_MARK_CONFLICT;
  board.marks[conflict_entry] = NE_MARK_CONFLICT;
  board.marks[hint] = NE_MARK_HINT;

  for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
    for (guint z = 1; z < G_N_ELEMENTS (sizes); z++)
      {
        Image image = render (sizes[z], scales[s], &style, &board, LAYER_ALL);
        Image lines = render (sizes[z], scales[s], &style, &board, LAYER_STATIC);
        int pixels = image_pixels (&image);
        int x0, y0, x1, y1;
        Pixel p_peer, p_same, p_cursor, p_conflict, p_plain, p_hint;

        /* The corner of each cell: no digit reaches it. */
        cell_pixels (&image, peer, &x0, &y0, &x1, &y1);
        p_peer = pixel_at (&image, x0, y0);
        cell_pixels (&image, same, &x0, &y0, &x1, &y1);
        p_same = pixel_at (&image, x0, y0);
        cell_pixels (&image, conflict_entry, &x0, &y0, &x1, &y1);
        p_conflict = pixel_at (&image, x0, y0);
        cell_pixels (&image, plain, &x0, &y0, &x1, &y1);
        p_plain = pixel_at (&image, x0, y0);
        g_assert_true (is_background (p_plain, &style));
        cell_pixels (&image, hint, &x0, &y0, &x1, &y1);
        p_hint = pixel_at (&image, x0, y0);

        /* Tints: bluish for the accent, reddish for a conflict, and the
         * peers' the faintest, the cursor's the strongest. */
        g_assert_cmpfloat (p_peer.b - p_peer.r, >, 0.01);
        g_assert_cmpfloat (p_same.b - p_same.r, >, p_peer.b - p_peer.r);
        g_assert_cmpfloat (p_conflict.r - p_conflict.b, >, 0.05);
        g_assert_cmpfloat (luminance (p_peer), >, 0.85);
        g_assert_cmpfloat (luminance (p_same), >, 0.75);
        /* A hint's: warm, yellow rather than the conflict's red, and light. */
        g_assert_cmpfloat (p_hint.r - p_hint.b, >, 0.1);
        g_assert_cmpfloat (p_hint.g - p_hint.b, >, 0.1);
        g_assert_cmpfloat (p_conflict.g - p_conflict.b, <, 0.05);
        g_assert_cmpfloat (luminance (p_hint), >, 0.75);
        g_assert_cmpint (count_in_cell (&image, &style, hint, is_background), ==, 0);

        /* The cursor: a solid accent ring just inside its lines, a tinted fill. */
        cell_pixels (&image, cursor, &x0, &y0, &x1, &y1);
        g_assert_cmpfloat (distance (pixel_at (&image, x0, y0), style.focus), <, 0.02);
        g_assert_cmpfloat (distance (pixel_at (&image, x1 - 1, (y0 + y1) / 2), style.focus), <, 0.02);
        g_assert_cmpfloat (distance (pixel_at (&image, x0 + 1 * (int) scales[s], y1 - 1), style.focus), <, 0.02);
        p_cursor = pixel_at (&image, x0 + (x1 - x0) / 4, y0 + (y1 - y0) / 4);
        g_assert_cmpfloat (p_cursor.b - p_cursor.r, >, p_same.b - p_same.r);

        /* Every tinted cell is tinted all over, to its lines, and the lines
         * stay as the static layer drew them. */
        g_assert_cmpint (count_in_cell (&image, &style, peer, is_background), ==, 0);
        g_assert_cmpint (count_in_cell (&image, &style, same, is_background), ==, 0);
        g_assert_cmpint (count_in_cell (&image, &style, cursor, is_background), ==, 0);
        for (int i = 0; i <= 9; i++)
          for (int j = 0; j < pixels; j++)
            {
              int at = (int) round (image.geometry.line_start[i] * scales[s]);

              g_assert_cmphex (raw_at (&image, at, j), ==, raw_at (&lines, at, j));
              g_assert_cmphex (raw_at (&image, j, at), ==, raw_at (&lines, j, at));
            }

        /* Both digits of the conflict in the error colour; none elsewhere. */
        g_assert_cmpint (count_in_cell (&image, &style, conflict_given, is_error), >, cell_area (&image, conflict_given) / 40);
        g_assert_cmpint (count_in_cell (&image, &style, conflict_entry, is_error), >, cell_area (&image, conflict_entry) / 40);
        g_assert_cmpint (count_in_cell (&image, &style, conflict_entry, is_accent), ==, 0);
        g_assert_cmpint (count_in_cell (&image, &style, same, is_error), ==, 0);

        image_clear (&image);
        image_clear (&lines);
      }

  /* Without focus the cursor keeps its fill but loses its ring. */
  board.marks[cursor] = NE_MARK_CURSOR;
  {
    Image image = render (450, 1, &style, &board, LAYER_ALL);
    int x0, y0, x1, y1;
    Pixel corner, inside;

    cell_pixels (&image, cursor, &x0, &y0, &x1, &y1);
    corner = pixel_at (&image, x0, y0);
    inside = pixel_at (&image, x0 + (x1 - x0) / 4, y0 + (y1 - y0) / 4);
    g_assert_cmpfloat (distance (corner, (NeRgba) { inside.r, inside.g, inside.b, inside.a }), <, 0.02);
    g_assert_cmpfloat (distance (corner, style.focus), >, 0.2);
    image_clear (&image);
  }

  /* No marks, no highlights: the layer draws nothing at all. */
  ne_render_board_init (&board, &givens);
  {
    Image image = render (300, 1, &style, &board, LAYER_HIGHLIGHTS);
    int pixels = image_pixels (&image);

    for (int y = 0; y < pixels; y++)
      for (int x = 0; x < pixels; x++)
        g_assert_cmphex (raw_at (&image, x, y), ==, 0);
    image_clear (&image);
  }
}

/* Each style's highlight colours: the cursor's tint stronger than the
 * same-digit one, that stronger than the peers', the ring opaque. */
static void
test_highlight_styles (void)
{
  NeRenderStyle styles[3];

  ne_render_style_init_light (&styles[0]);
  ne_render_style_init_dark (&styles[1]);
  ne_render_style_init_print (&styles[2]);
  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      g_assert_cmpfloat (styles[i].cursor.alpha, >, styles[i].same_digit.alpha);
      g_assert_cmpfloat (styles[i].same_digit.alpha, >, styles[i].peer.alpha);
      g_assert_cmpfloat (styles[i].peer.alpha, >, 0);
      g_assert_cmpfloat (styles[i].conflict.alpha, >, 0);
      g_assert_cmpfloat (styles[i].focus.alpha, ==, 1);
      g_assert_cmpfloat (styles[i].error.alpha, ==, 1);
    }
  /* The error colour is red in both screen styles. */
  g_assert_cmpfloat (styles[0].error.red - styles[0].error.blue, >, 0.4);
  g_assert_cmpfloat (styles[1].error.red - styles[1].error.blue, >, 0.4);

  /* A theme's accent replaces the default in every accent role. */
  {
    NeRgba fg = { 0.2, 0.6, 0.2, 1 }, bg = { 0.1, 0.5, 0.1, 1 };

    ne_render_style_set_accent (&styles[0], &fg, &bg);
    g_assert_cmpfloat (styles[0].player.green, ==, 0.6);
    g_assert_cmpfloat (styles[0].focus.green, ==, 0.5);
    g_assert_cmpfloat (styles[0].cursor.green, ==, 0.5);
    g_assert_cmpfloat (styles[0].cursor.alpha, <, 1);
  }
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
test_print (void)
{
  NeRenderStyle style;
  NcGrid givens = grid_from_line (INKALA);
  NeRenderBoard board;
  NeRenderGeometry g;
  g_autoptr(GByteArray) pdf = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  Image image;

  ne_render_style_init_print (&style);
  g_assert_cmpfloat (style.box_line.red + style.box_line.green + style.box_line.blue, ==, 0);
  g_assert_cmpfloat (style.given.red + style.given.green + style.given.blue, ==, 0);
  g_assert_cmpfloat (style.background.red + style.background.green + style.background.blue, ==, 3);
  ne_render_board_init (&board, &givens);

  /* A PDF page, as the command-line tool makes it: vector, unsnapped. */
  ne_render_geometry_init (&g, 72 * 6, 0);
  surface = cairo_pdf_surface_create_for_stream (append_bytes, pdf, 72 * 7, 72 * 7);
  cr = cairo_create (surface);
  cairo_translate (cr, 36, 36);
  ne_render_draw (cr, &g, &style, &board);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (pdf->len, >, 1000);
  g_assert_true (memcmp (pdf->data, "%PDF", 4) == 0);

  /* Unsnapped on an image, the print colours still read as a grid. */
  image = render (300.5, 0, &style, &board, LAYER_BOTH);
  g_assert_cmpint (count_in_cell (&image, &style, GIVEN_CELL, is_dark), >, cell_area (&image, GIVEN_CELL) / 40);
  g_assert_cmpint (count_in_cell (&image, &style, EMPTY_CELL, is_ink), ==, 0);
  image_clear (&image);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/render/geometry", test_geometry);
  g_test_add_func ("/engine/render/geometry-unsnapped", test_geometry_unsnapped);
  g_test_add_func ("/engine/render/lines", test_lines);
  g_test_add_func ("/engine/render/digits", test_digits);
  g_test_add_func ("/engine/render/digits-crisp", test_digits_crisp);
  g_test_add_func ("/engine/render/player", test_player);
  g_test_add_func ("/engine/render/given-bold", test_given_bold);
  g_test_add_func ("/engine/render/notes", test_notes);
  g_test_add_func ("/engine/render/layers", test_layers);
  g_test_add_func ("/engine/render/dark-style", test_dark_style);
  g_test_add_func ("/engine/render/highlights", test_highlights);
  g_test_add_func ("/engine/render/highlight-styles", test_highlight_styles);
  g_test_add_func ("/engine/render/print", test_print);

  return g_test_run ();
}
