/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-grid-view.c: the grid widget as GTK lays it out and draws it: square
 * whatever its allocation, the built-in puzzle's digits where they belong,
 * light and dark, the static layer drawn once, and a grid to screen readers. */

#define G_LOG_DOMAIN "nonet-test-grid-view"

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ne-render.h"
#include "nonet-grid-view.h"
#include "nonet-window.h"
#include "test-util.h"

/* In Inkala 2012 r1c1 is a given 8, r1c2 is empty. */

#define GIVEN_CELL 0
#define EMPTY_CELL 1

static GtkWidget *
grid_view_new_with_puzzle (void)
{
  GtkWidget *view = nonet_grid_view_new ();
  NcGrid puzzle = grid_from_line (INKALA);

  nonet_grid_view_set_puzzle (NONET_GRID_VIEW (view), &puzzle);
  return view;
}

/* Runs the main loop until the widget is on screen and nothing is pending. */
static void
show_and_settle (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  gint64 quiet_until = 0;

  while (g_get_monotonic_time () < deadline)
    {
      if (g_main_context_iteration (NULL, FALSE))
        continue;
      if (gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0)
        {
          if (quiet_until == 0)
            quiet_until = g_get_monotonic_time () + G_USEC_PER_SEC / 5;
          else if (g_get_monotonic_time () > quiet_until)
            return;
        }
      g_usleep (1000);
    }
  g_assert_true (gtk_widget_get_mapped (widget));
}

static void
set_color_scheme (AdwColorScheme scheme,
                  GtkWidget     *widget)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
  show_and_settle (widget);
}

typedef struct
{
  guint8 *data;
  int     width;
  int     height;
  gsize   stride;
} Pixels;

/* What the widget looks like, through the widget's own paintable and a
 * cairo renderer that needs no window. */
static Pixels
render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  GtkSnapshot *snapshot;
  Pixels pixels;

  pixels.width = gtk_widget_get_width (widget);
  pixels.height = gtk_widget_get_height (widget);
  g_assert_cmpint (pixels.width, >, 0);
  g_assert_cmpint (pixels.height, >, 0);

  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, pixels.width, pixels.height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);

  g_assert_true (gsk_renderer_realize (renderer, NULL, &error));
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, pixels.width, pixels.height));
  gsk_renderer_unrealize (renderer);

  g_assert_cmpint (gdk_texture_get_width (texture), ==, pixels.width);
  pixels.stride = (gsize) pixels.width * 4;
  pixels.data = g_malloc (pixels.stride * (gsize) pixels.height);
  gdk_texture_download (texture, pixels.data, pixels.stride);
  return pixels;
}

/* Cairo's ARGB32 layout, premultiplied: fine for telling dark from light
 * on opaque pixels, and alpha 0 is "nothing drawn". */
static void
pixel_at (const Pixels *pixels,
          int           x,
          int           y,
          double       *luminance,
          double       *alpha)
{
  guint32 argb;
  double a, r, g, b;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, pixels->width);
  g_assert_cmpint (y, <, pixels->height);

  argb = *(const guint32 *) (pixels->data + (gsize) y * pixels->stride + (gsize) x * 4);
  a = (argb >> 24) / 255.0;
  r = ((argb >> 16) & 0xff) / 255.0;
  g = ((argb >> 8) & 0xff) / 255.0;
  b = (argb & 0xff) / 255.0;
  *alpha = a;
  *luminance = a > 0 ? (0.2126 * r + 0.7152 * g + 0.0722 * b) / a : 0;
}

typedef struct
{
  int opaque;
  int dark;     /* luminance < 0.35 */
  int light;    /* luminance > 0.7 */
  int area;
} CellCount;

static CellCount
count_cell (const Pixels           *pixels,
            const NeRenderGeometry *geometry,
            int                     origin_x,
            int                     origin_y,
            int                     cell)
{
  CellCount count = { 0 };
  double x, y, w, h;

  ne_render_geometry_cell_rect (geometry, cell, &x, &y, &w, &h);
  for (int py = origin_y + (int) y; py < origin_y + (int) (y + h); py++)
    for (int px = origin_x + (int) x; px < origin_x + (int) (x + w); px++)
      {
        double lum, alpha;

        pixel_at (pixels, px, py, &lum, &alpha);
        count.area++;
        count.opaque += alpha > 0.99;
        count.dark += alpha > 0.99 && lum < 0.35;
        count.light += alpha > 0.99 && lum > 0.7;
      }
  return count;
}

static void
test_measure (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());
  int min_w, nat_w, min_h, nat_h;

  g_assert_cmpint (gtk_widget_get_request_mode (view), ==, GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH);

  /* Unconstrained, it asks for a square. */
  gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, -1, &min_h, &nat_h, NULL, NULL);
  g_assert_cmpint (min_w, ==, min_h);
  g_assert_cmpint (nat_w, ==, nat_h);
  g_assert_cmpint (min_w, >, 0);
  g_assert_cmpint (nat_w, >=, min_w);

  /* Height for width and width for height: the same side. */
  for (int side = min_w; side <= 1200; side += 97)
    {
      gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, side, &min_h, &nat_h, NULL, NULL);
      gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, side, &min_w, &nat_w, NULL, NULL);
      g_assert_cmpint (nat_h, ==, side);
      g_assert_cmpint (nat_w, ==, side);
      /* The minimum does not grow with the other side, so a wide window
       * may still be short. */
      g_assert_cmpint (min_h, ==, min_w);
      g_assert_cmpint (min_h, <=, 250);
    }

  g_object_unref (view);
}

/* Checks a rendering of a view allocated width x height: the grid is the
 * largest centred square, and its cells hold what the puzzle says. */
static void
check_rendering (GtkWidget *view,
                 gboolean   dark)
{
  int width = gtk_widget_get_width (view);
  int height = gtk_widget_get_height (view);
  int side = MIN (width, height);
  int origin_x = (width - side) / 2;
  int origin_y = (height - side) / 2;
  NcGrid puzzle = grid_from_line (INKALA);
  NeRenderGeometry geometry;
  Pixels pixels = render_widget (view);
  double lum, alpha;

  ne_render_geometry_init (&geometry, side, gtk_widget_get_scale_factor (view));
  g_test_message ("view %dx%d, grid %d at %d,%d", width, height, side, origin_x, origin_y);

  /* Centred: the same space on either side, nothing drawn there, and the
   * outer box line starts right at the square's edge. */
  g_assert_cmpint (width - side - 2 * origin_x, <=, 1);
  g_assert_cmpint (height - side - 2 * origin_y, <=, 1);
  if (origin_x > 0)
    {
      pixel_at (&pixels, origin_x - 1, height / 2, &lum, &alpha);
      g_assert_cmpfloat (alpha, ==, 0);
      pixel_at (&pixels, origin_x + side, height / 2, &lum, &alpha);
      g_assert_cmpfloat (alpha, ==, 0);
    }
  if (origin_y > 0)
    {
      pixel_at (&pixels, width / 2, origin_y - 1, &lum, &alpha);
      g_assert_cmpfloat (alpha, ==, 0);
      pixel_at (&pixels, width / 2, origin_y + side, &lum, &alpha);
      g_assert_cmpfloat (alpha, ==, 0);
    }
  pixel_at (&pixels, origin_x, origin_y + side / 2, &lum, &alpha);
  g_assert_cmpfloat (alpha, >, 0.99);
  pixel_at (&pixels, origin_x + side - 1, origin_y + side / 2, &lum, &alpha);
  g_assert_cmpfloat (alpha, >, 0.99);

  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      CellCount count = count_cell (&pixels, &geometry, origin_x, origin_y, cell);
      /* Dark digits on light in the light style, the other way round in dark. */
      int ink = dark ? count.light : count.dark;
      int paper = dark ? count.dark : count.light;

      g_assert_cmpint (count.opaque, ==, count.area);
      if (puzzle.cell[cell] != 0)
        {
          g_assert_cmpint (ink, >, count.area / 40);
          g_assert_cmpint (paper, >, count.area / 2);
        }
      else
        {
          g_assert_cmpint (ink, ==, 0);
          g_assert_cmpint (paper, ==, count.area);
        }
    }

  g_free (pixels.data);
}

static void
test_render (void)
{
  /* Wide, tall and square: always the largest square, centred. */
  static const int sizes[][2] = { { 520, 300 }, { 300, 460 }, { 400, 400 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *view = grid_view_new_with_puzzle ();

      gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
      gtk_window_set_child (GTK_WINDOW (window), view);
      gtk_window_present (GTK_WINDOW (window));
      set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);

      if (sizes[i][0] != sizes[i][1])
        g_assert_cmpint (gtk_widget_get_width (view), !=, gtk_widget_get_height (view));
      check_rendering (view, FALSE);

      /* The cached lines and background follow the style. */
      set_color_scheme (ADW_COLOR_SCHEME_FORCE_DARK, view);
      check_rendering (view, TRUE);
      set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);
      check_rendering (view, FALSE);

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The first cairo node in the widget's own drawing: the static layer. */
static GskRenderNode *
first_cairo_node (GskRenderNode *node)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CAIRO_NODE:
      return node;
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        {
          GskRenderNode *found = first_cairo_node (gsk_container_node_get_child (node, i));

          if (found != NULL)
            return found;
        }
      return NULL;
    case GSK_TRANSFORM_NODE:
      return first_cairo_node (gsk_transform_node_get_child (node));
    default:
      return NULL;
    }
}

static GskRenderNode *
snapshot_static_layer (GtkWidget *widget)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderNode *layer;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  layer = first_cairo_node (node);
  g_assert_nonnull (layer);
  return gsk_render_node_ref (layer);
}

static void
test_static_layer_cached (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = grid_view_new_with_puzzle ();
  g_autoptr(GskRenderNode) first = NULL;
  g_autoptr(GskRenderNode) again = NULL;
  g_autoptr(GskRenderNode) new_puzzle = NULL;
  g_autoptr(GskRenderNode) resized = NULL;
  g_autoptr(GskRenderNode) restyled = NULL;
  NcGrid empty = { 0 };

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);

  first = snapshot_static_layer (view);
  again = snapshot_static_layer (view);
  g_assert_true (first == again);

  /* New digits redraw only the digits. */
  nonet_grid_view_set_puzzle (NONET_GRID_VIEW (view), &empty);
  new_puzzle = snapshot_static_layer (view);
  g_assert_true (first == new_puzzle);

  /* A new style or size draws the lines again. */
  set_color_scheme (ADW_COLOR_SCHEME_FORCE_DARK, view);
  restyled = snapshot_static_layer (view);
  g_assert_true (restyled != first);
  gtk_widget_size_allocate (view, &(GtkAllocation) { 0, 0, 300, 300 }, -1);
  resized = snapshot_static_layer (view);
  g_assert_true (resized != restyled);

  set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_accessible (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (view)), ==, GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, "Sudoku grid");

  g_object_unref (view);
}

static GtkWidget *
find_grid_view (GtkWidget *widget)
{
  if (NONET_IS_GRID_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_grid_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The window from its template: titled, holding a grid view that shows the
 * built-in puzzle. */
static void
test_window (void)
{
  GtkWidget *window = g_object_new (NONET_TYPE_WINDOW, NULL);
  GtkWidget *view;

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Nonet");
  view = find_grid_view (window);
  g_assert_nonnull (view);

  gtk_window_present (GTK_WINDOW (window));
  set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);
  check_rendering (view, FALSE);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gboolean tap = FALSE;

  for (int i = 1; i < argc; i++)
    tap |= g_strcmp0 (argv[i], "--tap") == 0;

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      /* No display. 77 is the GNU "skipped" status, but meson reads a TAP
       * test's status as pass or error: there a skip is said in TAP. */
      if (!tap)
        return 77;
      g_print ("1..0 # SKIP no display (run under xvfb-run)\n");
      return 0;
    }
  adw_init ();

  g_test_add_func ("/ui/grid-view/measure", test_measure);
  g_test_add_func ("/ui/grid-view/render", test_render);
  g_test_add_func ("/ui/grid-view/static-layer-cached", test_static_layer_cached);
  g_test_add_func ("/ui/grid-view/accessible", test_accessible);
  g_test_add_func ("/ui/window/builtin-puzzle", test_window);

  return g_test_run ();
}
