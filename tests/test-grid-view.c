/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-grid-view.c: the grid widget as GTK lays it out and draws it: square
 * whatever its allocation, the built-in puzzle's digits where they belong,
 * light and dark, the static layer drawn once, and a grid to screen readers;
 * input through its key bindings and actions, conflicts, the status text,
 * the number pad, and pixels of a given, a player digit and a conflict. */

#define G_LOG_DOMAIN "nonet-test-grid-view"

#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "ne-render.h"
#include "nonet-grid-thumb.h"
#include "nonet-grid-view.h"
#include "nonet-number-pad.h"
#include "nonet-window.h"
#include "test-gtk-util.h"
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
  NeGame *game = nonet_grid_view_get_game (NONET_GRID_VIEW (view));
  NcGrid puzzle = { 0 };
  NeRenderGeometry geometry;
  Pixels pixels = render_widget (view);
  double lum, alpha;

  /* What the view's game shows: givens and entries. */
  if (game != NULL)
    nc_game_board (ne_game_get_core (game), &puzzle);
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

/* The most a pixel inside a cell (its lines aside) differs in luminance
 * from the cell's paper, its first pixel; every pixel opaque. */
static double
cell_contrast (const Pixels           *pixels,
               const NeRenderGeometry *geometry,
               int                     cell)
{
  double x, y, w, h, paper, alpha, most = 0;

  ne_render_geometry_cell_rect (geometry, cell, &x, &y, &w, &h);
  pixel_at (pixels, (int) x, (int) y, &paper, &alpha);
  for (int py = (int) y; py < (int) (y + h); py++)
    for (int px = (int) x; px < (int) (x + w); px++)
      {
        double lum;

        pixel_at (pixels, px, py, &lum, &alpha);
        g_assert_cmpfloat (alpha, >, 0.99);
        most = MAX (most, fabs (lum - paper));
      }
  return most;
}

/* A row's small grid and the preview's: the same renderer, the givens
 * shown and nothing in the blank cells, in the light and dark styles. */
static void
test_thumb (void)
{
  static const int sizes[] = { 64, 240 };
  /* Every third cell a given. */
  char line[NC_CELLS + 1];

  for (int i = 0; i < NC_CELLS; i++)
    line[i] = i % 3 == 0 ? (char) ('1' + i % 9) : '.';
  line[NC_CELLS] = '\0';

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int dark = 0; dark <= 1; dark++)
      {
        GtkWidget *window = gtk_window_new ();
        GtkWidget *thumb = nonet_grid_thumb_new (sizes[i]);
        NeRenderGeometry geometry;
        Pixels pixels;
        int min, nat;

        gtk_widget_measure (thumb, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
        g_assert_cmpint (min, ==, sizes[i]);
        g_assert_cmpint (nat, ==, sizes[i]);
        nonet_grid_thumb_set_line (NONET_GRID_THUMB (thumb), line);
        gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
        gtk_window_set_child (GTK_WINDOW (window), thumb);
        gtk_window_present (GTK_WINDOW (window));
        set_color_scheme (dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT, thumb);
        g_assert_cmpint (gtk_widget_get_width (thumb), ==, sizes[i]);

        pixels = render_widget (thumb);
        ne_render_geometry_init (&geometry, sizes[i], gtk_widget_get_scale_factor (thumb));
        /* At 64 px a digit is a few grey pixels: told by its contrast
         * with the paper rather than by a dark or light threshold. */
        for (int cell = 0; cell < NC_CELLS; cell++)
          {
            double contrast = cell_contrast (&pixels, &geometry, cell);

            g_test_message ("%d px%s, cell %d: contrast %.2f", sizes[i], dark ? " dark" : "", cell, contrast);
            if (line[cell] != '.')
              g_assert_cmpfloat (contrast, >, 0.25);
            else
              g_assert_cmpfloat (contrast, <, 0.02);
          }
        g_free (pixels.data);

        /* An empty grid: no digit anywhere. */
        nonet_grid_thumb_set_grid (NONET_GRID_THUMB (thumb), NULL);
        show_and_settle (thumb);
        pixels = render_widget (thumb);
        for (int cell = 0; cell < NC_CELLS; cell += 3)
          g_assert_cmpfloat (cell_contrast (&pixels, &geometry, cell), <, 0.02);
        g_free (pixels.data);
        gtk_window_destroy (GTK_WINDOW (window));
      }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
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
assert_label (GtkWidget  *view,
              const char *label)
{
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

/* The focused cell's text, updated as the cursor moves and the game changes. */
static void
test_accessible (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());
  NeGame *game = nonet_grid_view_get_game (NONET_GRID_VIEW (view));

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (view)), ==, GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_ROLE_GRID);
  g_assert_true (gtk_widget_get_focusable (view));
  assert_label (view, "row 1, column 1, 8, given");

  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), 1);
  assert_label (view, "row 1, column 2, empty");
  for (int d = 1; d <= 7; d += 3)
    g_assert_true (ne_game_apply (game, (NcMove) { NC_MOVE_NOTE, 1, (uint8_t) d, 0 }));
  assert_label (view, "row 1, column 2, empty, notes 1 4 7");
  g_assert_true (ne_game_apply (game, (NcMove) { NC_MOVE_SET, 1, 1, 0 }));
  assert_label (view, "row 1, column 2, 1");
  g_assert_true (ne_game_apply (game, (NcMove) { NC_MOVE_SET, 1, 8, 0 }));
  assert_label (view, "row 1, column 2, 8, conflict with row 1, column 1");
  g_object_set (view, "highlight-conflicts", FALSE, NULL);
  assert_label (view, "row 1, column 2, 8");
  g_object_set (view, "hidden", TRUE, NULL);
  assert_label (view, "row 1, column 2, hidden");

  g_object_unref (view);
}

/* Presses a key the way GTK would: through the widget's own key bindings. */
static gboolean
press (GtkWidget       *widget,
       guint            keyval,
       GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, modifiers);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                                 GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  g_error ("No key binding for %s", gdk_keyval_name (keyval));
  return FALSE;
}

static void
count_notify (int *count)
{
  (*count)++;
}

static int
cursor_of (GtkWidget *view)
{
  return nonet_grid_view_get_cursor (NONET_GRID_VIEW (view));
}

static const NcPlayState *
play_state (GtkWidget *view)
{
  return nc_game_state (ne_game_get_core (nonet_grid_view_get_game (NONET_GRID_VIEW (view))));
}

static void
test_cursor_keys (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());
  int notified = 0;

  g_signal_connect_swapped (view, "notify::cursor", G_CALLBACK (count_notify), &notified);
  g_assert_cmpint (cursor_of (view), ==, 0);

  /* Arrows wrap around within the row or column. */
  press (view, GDK_KEY_Left, 0);
  g_assert_cmpint (cursor_of (view), ==, 8);
  press (view, GDK_KEY_Right, 0);
  g_assert_cmpint (cursor_of (view), ==, 0);
  press (view, GDK_KEY_Up, 0);
  g_assert_cmpint (cursor_of (view), ==, 72);
  press (view, GDK_KEY_Down, 0);
  press (view, GDK_KEY_KP_Down, 0);
  g_assert_cmpint (cursor_of (view), ==, 9);
  press (view, GDK_KEY_Right, 0);
  g_assert_cmpint (cursor_of (view), ==, 10);

  /* Control+arrows and Page keys jump a box, keeping the place in it. */
  press (view, GDK_KEY_Right, GDK_CONTROL_MASK);
  g_assert_cmpint (cursor_of (view), ==, 13);
  press (view, GDK_KEY_Down, GDK_CONTROL_MASK);
  g_assert_cmpint (cursor_of (view), ==, 40);
  press (view, GDK_KEY_Page_Down, 0);
  g_assert_cmpint (cursor_of (view), ==, 67);
  press (view, GDK_KEY_Page_Down, 0);
  g_assert_cmpint (cursor_of (view), ==, 13);
  press (view, GDK_KEY_Page_Up, 0);
  g_assert_cmpint (cursor_of (view), ==, 67);
  press (view, GDK_KEY_Left, GDK_CONTROL_MASK);
  g_assert_cmpint (cursor_of (view), ==, 64);
  press (view, GDK_KEY_Left, GDK_CONTROL_MASK);
  g_assert_cmpint (cursor_of (view), ==, 70);

  /* Home and End: the row's ends; with Control, the grid's corners. */
  press (view, GDK_KEY_Home, 0);
  g_assert_cmpint (cursor_of (view), ==, 63);
  press (view, GDK_KEY_End, 0);
  g_assert_cmpint (cursor_of (view), ==, 71);
  press (view, GDK_KEY_Home, GDK_CONTROL_MASK);
  g_assert_cmpint (cursor_of (view), ==, 0);
  press (view, GDK_KEY_End, GDK_CONTROL_MASK);
  g_assert_cmpint (cursor_of (view), ==, 80);

  g_assert_cmpint (notified, ==, 17);
  g_object_set (view, "cursor", 4, NULL);
  g_assert_cmpint (cursor_of (view), ==, 4);

  g_object_unref (view);
}

static void
test_digits (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());

  /* Digits enter at the cursor, from the main row and the keypad. */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), EMPTY_CELL);
  g_assert_true (press (view, GDK_KEY_5, 0));
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 5);
  /* In play the cursor stays where the digit went. */
  g_assert_cmpint (cursor_of (view), ==, EMPTY_CELL);
  press (view, GDK_KEY_KP_7, 0);
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 7);

  /* 0, Backspace and Delete clear. */
  press (view, GDK_KEY_0, 0);
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 0);
  for (guint i = 0; i < 3; i++)
    {
      static const guint keys[] = { GDK_KEY_BackSpace, GDK_KEY_Delete, GDK_KEY_KP_0 };

      press (view, GDK_KEY_3, 0);
      g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 3);
      press (view, keys[i], 0);
      g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 0);
    }

  /* The same through the actions the number pad uses. */
  gtk_widget_activate_action (view, "grid.enter", "i", 9);
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 9);
  gtk_widget_activate_action (view, "grid.clear", NULL);
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 0);

  /* Givens are locked. */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), GIVEN_CELL);
  press (view, GDK_KEY_4, 0);
  press (view, GDK_KEY_Delete, 0);
  press (view, GDK_KEY_4, GDK_CONTROL_MASK);
  g_assert_cmpint (play_state (view)->entries.cell[GIVEN_CELL], ==, 0);
  g_assert_cmpint (play_state (view)->notes[GIVEN_CELL], ==, 0);
  g_assert_cmpint (nc_game_value (ne_game_get_core (nonet_grid_view_get_game (NONET_GRID_VIEW (view))), GIVEN_CELL), ==, 8);

  g_object_unref (view);
}

static void
store_text (char       **out,
            const char  *text)
{
  g_free (*out);
  *out = g_strdup (text);
}

/* Entering givens: each digit moves the cursor on in reading order (and
 * 0 or . skips a cell), Backspace on an empty cell takes the digit before
 * back, arrows move freely, r9c9 is the end; no pencil marks, and play's
 * pencil mode comes back afterwards. */
static void
test_entering (void)
{
  static const NcGrid blank;
  GtkWidget *view = g_object_ref_sink (nonet_grid_view_new ());
  g_autoptr(NeGame) game = ne_game_new (&blank, NULL);
  gboolean pencil;

  nonet_grid_view_set_game (NONET_GRID_VIEW (view), game);
  g_object_set (view, "pencil-mode", TRUE, "entering", TRUE, NULL);
  g_object_get (view, "pencil-mode", &pencil, NULL);
  g_assert_false (pencil);
  gtk_widget_activate_action (view, "grid.pencil-mode", NULL);
  g_object_get (view, "pencil-mode", &pencil, NULL);
  g_assert_false (pencil);

  /* "5 3" is 5 in r1c1 and 3 in r1c2, the cursor on r1c3. */
  press (view, GDK_KEY_5, 0);
  press (view, GDK_KEY_KP_3, 0);
  g_assert_cmpint (play_state (view)->entries.cell[0], ==, 5);
  g_assert_cmpint (play_state (view)->entries.cell[1], ==, 3);
  g_assert_cmpint (cursor_of (view), ==, 2);
  assert_label (view, "row 1, column 3, empty");

  /* Backspace on the empty r1c3 takes the 3 back; on the full r1c1 it
   * clears that one and stays. */
  press (view, GDK_KEY_BackSpace, 0);
  g_assert_cmpint (cursor_of (view), ==, 1);
  g_assert_cmpint (play_state (view)->entries.cell[1], ==, 0);
  press (view, GDK_KEY_Left, 0);
  press (view, GDK_KEY_BackSpace, 0);
  g_assert_cmpint (cursor_of (view), ==, 0);
  g_assert_cmpint (play_state (view)->entries.cell[0], ==, 0);
  press (view, GDK_KEY_BackSpace, 0);
  g_assert_cmpint (cursor_of (view), ==, 0);

  /* 0 and . leave a cell empty and move on; so does the number pad's
   * digit; Delete clears where it is. */
  press (view, GDK_KEY_0, 0);
  press (view, GDK_KEY_period, 0);
  g_assert_cmpint (cursor_of (view), ==, 2);
  gtk_widget_activate_action (view, "grid.enter", "i", 9);
  g_assert_cmpint (play_state (view)->entries.cell[2], ==, 9);
  g_assert_cmpint (cursor_of (view), ==, 3);
  press (view, GDK_KEY_Left, 0);
  press (view, GDK_KEY_Delete, 0);
  g_assert_cmpint (play_state (view)->entries.cell[2], ==, 0);
  g_assert_cmpint (cursor_of (view), ==, 2);

  /* The end of a row goes on to the next row; r9c9 stays. */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), 8);
  press (view, GDK_KEY_1, 0);
  g_assert_cmpint (cursor_of (view), ==, 9);
  press (view, GDK_KEY_End, GDK_CONTROL_MASK);
  press (view, GDK_KEY_4, 0);
  g_assert_cmpint (play_state (view)->entries.cell[80], ==, 4);
  g_assert_cmpint (cursor_of (view), ==, 80);

  /* No notes while entering. */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), 40);
  press (view, GDK_KEY_2, GDK_CONTROL_MASK);
  g_assert_cmphex (play_state (view)->notes[40], ==, 0);
  g_assert_cmpint (cursor_of (view), ==, 40);

  /* Play again: its pencil mode is back, and a digit stays where it is. */
  g_object_set (view, "entering", FALSE, NULL);
  g_object_get (view, "pencil-mode", &pencil, NULL);
  g_assert_true (pencil);
  g_object_set (view, "pencil-mode", FALSE, NULL);
  press (view, GDK_KEY_6, 0);
  g_assert_cmpint (play_state (view)->entries.cell[40], ==, 6);
  g_assert_cmpint (cursor_of (view), ==, 40);
  /* . is not play's: the solver's Step has it. */
  g_assert_false (press (view, GDK_KEY_period, 0));
  g_assert_cmpint (play_state (view)->entries.cell[40], ==, 6);
  press (view, GDK_KEY_BackSpace, 0);
  g_assert_cmpint (play_state (view)->entries.cell[40], ==, 0);
  g_assert_cmpint (cursor_of (view), ==, 40);

  g_object_unref (view);
}

/* Typing over a given or clearing one is refused with a sentence for a
 * screen reader; nothing else is announced. */
static void
test_refused_given (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());
  g_autofree char *said = NULL;

  g_signal_connect_swapped (view, "announce", G_CALLBACK (store_text), &said);
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), EMPTY_CELL);
  press (view, GDK_KEY_4, 0);
  press (view, GDK_KEY_BackSpace, 0);
  g_assert_null (said);

  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), GIVEN_CELL);
  press (view, GDK_KEY_4, 0);
  g_assert_cmpstr (said, ==, "row 1, column 1 is a given, 8; it cannot be changed");
  g_clear_pointer (&said, g_free);
  press (view, GDK_KEY_Delete, 0);
  g_assert_cmpstr (said, ==, "row 1, column 1 is a given, 8; it cannot be changed");
  g_assert_cmpint (nc_game_value (ne_game_get_core (nonet_grid_view_get_game (NONET_GRID_VIEW (view))), GIVEN_CELL), ==, 8);

  g_object_unref (view);
}

static void
test_notes (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());
  /* r1c2 and r1c3 are empty peers; r9c9 is no peer of either. */
  const int a = 1, b = 2, far = 80;

  /* Control+digit toggles a pencil mark. */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), a);
  press (view, GDK_KEY_3, GDK_CONTROL_MASK);
  press (view, GDK_KEY_KP_4, GDK_CONTROL_MASK);
  g_assert_cmphex (play_state (view)->notes[a], ==, NE_NOTE (3) | NE_NOTE (4));
  press (view, GDK_KEY_3, GDK_CONTROL_MASK);
  g_assert_cmphex (play_state (view)->notes[a], ==, NE_NOTE (4));

  /* In pencil mode plain digits do, and the mode is a stateful action. */
  gtk_widget_activate_action (view, "grid.pencil-mode", NULL);
  {
    gboolean pencil;

    g_object_get (view, "pencil-mode", &pencil, NULL);
    g_assert_true (pencil);
  }
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), far);
  press (view, GDK_KEY_4, 0);
  press (view, GDK_KEY_6, 0);
  g_assert_cmphex (play_state (view)->notes[far], ==, NE_NOTE (4) | NE_NOTE (6));
  g_assert_cmpint (play_state (view)->entries.cell[far], ==, 0);
  g_object_set (view, "pencil-mode", FALSE, NULL);

  /* Placing a digit takes it out of the peers' notes, not the others'. */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), b);
  press (view, GDK_KEY_4, 0);
  g_assert_cmpint (play_state (view)->entries.cell[b], ==, 4);
  g_assert_cmphex (play_state (view)->notes[a], ==, 0);
  g_assert_cmphex (play_state (view)->notes[far], ==, NE_NOTE (4) | NE_NOTE (6));

  /* Unless the setting is off. */
  g_object_set (view, "auto-clean-notes", FALSE, NULL);
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), a);
  press (view, GDK_KEY_6, GDK_CONTROL_MASK);
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), b);
  press (view, GDK_KEY_6, 0);
  g_assert_cmpint (play_state (view)->entries.cell[b], ==, 6);
  g_assert_cmphex (play_state (view)->notes[a], ==, NE_NOTE (6));

  /* No notes over an entry. */
  press (view, GDK_KEY_1, GDK_CONTROL_MASK);
  g_assert_cmphex (play_state (view)->notes[b], ==, 0);

  g_object_unref (view);
}

static void
test_locked (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());

  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), EMPTY_CELL);
  g_object_set (view, "locked", TRUE, NULL);
  gtk_widget_activate_action (view, "grid.enter", "i", 5);
  gtk_widget_activate_action (view, "grid.note", "i", 5);
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 0);
  g_assert_cmphex (play_state (view)->notes[EMPTY_CELL], ==, 0);
  /* The cursor still moves, to look over a finished game. */
  press (view, GDK_KEY_Right, 0);
  g_assert_cmpint (cursor_of (view), ==, EMPTY_CELL + 1);

  g_object_set (view, "locked", FALSE, "hidden", TRUE, NULL);
  gtk_widget_activate_action (view, "grid.enter", "i", 5);
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL + 1], ==, 0);
  g_object_set (view, "hidden", FALSE, NULL);
  gtk_widget_activate_action (view, "grid.enter", "i", 5);
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL + 1], ==, 5);

  /* Without a game there is nothing to enter into. */
  nonet_grid_view_set_game (NONET_GRID_VIEW (view), NULL);
  g_assert_null (nonet_grid_view_get_game (NONET_GRID_VIEW (view)));
  gtk_widget_activate_action (view, "grid.enter", "i", 5);

  g_object_unref (view);
}

static void
test_game (void)
{
  GtkWidget *view = g_object_ref_sink (nonet_grid_view_new ());
  NcGrid puzzle = grid_from_line (INKALA);
  g_autoptr(NeGame) game = ne_game_new (&puzzle, NULL);
  NeGame *got = NULL;
  int notified = 0;

  g_assert_null (nonet_grid_view_get_game (NONET_GRID_VIEW (view)));
  g_assert_cmpstr (nonet_grid_view_get_status_text (NONET_GRID_VIEW (view)), ==, "");
  g_signal_connect_swapped (view, "notify::game", G_CALLBACK (count_notify), &notified);
  nonet_grid_view_set_game (NONET_GRID_VIEW (view), game);
  nonet_grid_view_set_game (NONET_GRID_VIEW (view), game);
  g_assert_cmpint (notified, ==, 1);
  g_object_get (view, "game", &got, NULL);
  g_assert_true (got == game);
  g_object_unref (got);

  /* The view follows moves made elsewhere (undo, the window). */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), EMPTY_CELL);
  ne_game_apply (game, (NcMove) { NC_MOVE_SET, EMPTY_CELL, 2, 0 });
  assert_label (view, "row 1, column 2, 2");

  /* The widget holds its own reference. */
  g_object_add_weak_pointer (G_OBJECT (game), (gpointer *) &got);
  g_object_unref (view);
  g_assert_nonnull (got);
  g_object_remove_weak_pointer (G_OBJECT (game), (gpointer *) &got);
}

/* Conflicts, in the tooltip text and the status text; completion. */
static void
test_status (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());
  NonetGridView *grid = NONET_GRID_VIEW (view);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  g_autofree char *tip = NULL;
  int notified = 0;

  g_signal_connect_swapped (view, "notify::status-text", G_CALLBACK (count_notify), &notified);
  g_assert_null (nonet_grid_view_dup_conflict_text (grid, GIVEN_CELL));

  /* A 1 in r9c3 repeats the given 1 of r7c3. */
  nonet_grid_view_set_cursor (grid, 72 + 2);
  gtk_widget_activate_action (view, "grid.enter", "i", 1);
  tip = nonet_grid_view_dup_conflict_text (grid, 72 + 2);
  g_assert_cmpstr (tip, ==, "r7c3 and r9c3 are both 1 (column 3)");
  g_clear_pointer (&tip, g_free);
  g_assert_null (nonet_grid_view_dup_conflict_text (grid, EMPTY_CELL));
  g_assert_cmpstr (nonet_grid_view_get_status_text (grid), ==, "Conflict: r7c3 and r9c3 are both 1 (column 3)");
  g_assert_cmpint (notified, ==, 1);

  /* An 8 in r1c3 repeats the given 8s of r1c1 and r8c3: one line each. */
  nonet_grid_view_set_cursor (grid, 2);
  gtk_widget_activate_action (view, "grid.enter", "i", 8);
  tip = nonet_grid_view_dup_conflict_text (grid, GIVEN_CELL);
  g_assert_cmpstr (tip, ==, "r1c1 and r1c3 are both 8 (row 1)");
  g_clear_pointer (&tip, g_free);
  tip = nonet_grid_view_dup_conflict_text (grid, 2);
  g_assert_cmpstr (tip, ==, "r1c1 and r1c3 are both 8 (row 1)\nr1c3 and r8c3 are both 8 (column 3)");
  g_clear_pointer (&tip, g_free);
  g_assert_cmpstr (nonet_grid_view_get_status_text (grid), ==, "3 conflicts, the first: r1c1 and r1c3 are both 8 (row 1)");

  /* Not shown when the setting is off. */
  g_object_set (view, "highlight-conflicts", FALSE, NULL);
  g_assert_cmpstr (nonet_grid_view_get_status_text (grid), ==, "");
  g_assert_null (nonet_grid_view_dup_conflict_text (grid, GIVEN_CELL));
  g_object_set (view, "highlight-conflicts", TRUE, NULL);

  /* Solved: every empty cell from the solution. */
  for (int cell = 0; cell < NC_CELLS; cell++)
    if (grid_from_line (INKALA).cell[cell] == 0)
      {
        nonet_grid_view_set_cursor (grid, cell);
        gtk_widget_activate_action (view, "grid.enter", "i", solution.cell[cell]);
      }
  g_assert_cmpstr (nonet_grid_view_get_status_text (grid), ==, "Puzzle solved");

  g_object_unref (view);
}


/* Colours as a player names them, on unpremultiplied opaque pixels. */
typedef struct
{
  double r, g, b;
} Rgb;

static Rgb
rgb_at (const Pixels *pixels,
        int           x,
        int           y)
{
  guint32 argb = *(const guint32 *) (pixels->data + (gsize) y * pixels->stride + (gsize) x * 4);
  double a = (argb >> 24) / 255.0;

  g_assert_cmpfloat (a, >, 0.99);
  return (Rgb) { ((argb >> 16) & 0xff) / 255.0, ((argb >> 8) & 0xff) / 255.0, (argb & 0xff) / 255.0 };
}

typedef enum { INK_ACCENT, INK_ERROR, INK_NEUTRAL_DARK, INK_NEUTRAL_LIGHT } Ink;

static gboolean
is_ink (Rgb p,
        Ink ink)
{
  double lum = 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b;
  gboolean grey = MAX (MAX (fabs (p.r - p.g), fabs (p.g - p.b)), fabs (p.r - p.b)) < 0.08;

  switch (ink)
    {
    case INK_ACCENT: return p.b - p.r > 0.35 && p.b > 0.6;
    case INK_ERROR: return p.r - p.b > 0.35 && p.r - p.g > 0.3;
    case INK_NEUTRAL_DARK: return grey && lum < 0.3;
    case INK_NEUTRAL_LIGHT: return grey && lum > 0.8;
    default: g_assert_not_reached ();
    }
}

static int
count_ink (const Pixels  *pixels,
           NonetGridView *view,
           int            cell,
           Ink            ink)
{
  graphene_rect_t rect;
  int n = 0;

  nonet_grid_view_get_cell_rect (view, cell, &rect);
  for (int y = (int) rect.origin.y; y < (int) (rect.origin.y + rect.size.height); y++)
    for (int x = (int) rect.origin.x; x < (int) (rect.origin.x + rect.size.width); x++)
      n += is_ink (rgb_at (pixels, x, y), ink);
  return n;
}

static int
cell_pixel_area (NonetGridView *view,
                 int            cell)
{
  graphene_rect_t rect;

  nonet_grid_view_get_cell_rect (view, cell, &rect);
  return (int) rect.size.width * (int) rect.size.height;
}

/* A given, a player digit and a conflict as the player sees them, light and
 * dark: the given in the theme's text colour, the entry in the accent
 * colour, both cells of a conflict in the error colour on a tinted ground,
 * and the cursor in the accent colour. */
static void
test_draw_states (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = grid_view_new_with_puzzle ();
  NonetGridView *grid = NONET_GRID_VIEW (view);
  /* r2c3 a given 3, r1c2 a player's 1 (no conflict), r1c3 a player's 8
   * repeating r1c1's given 8; the cursor in r9c9, a peer of none. */
  const int given = 11, player = 1, conflict_given = 0, conflict_entry = 2, cursor = 80;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 450, 450);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));

  nonet_grid_view_set_cursor (grid, player);
  gtk_widget_activate_action (view, "grid.enter", "i", 1);
  nonet_grid_view_set_cursor (grid, conflict_entry);
  gtk_widget_activate_action (view, "grid.enter", "i", 8);
  nonet_grid_view_set_cursor (grid, cursor);
  gtk_widget_grab_focus (view);

  for (int dark = 0; dark <= 1; dark++)
    {
      Pixels pixels;
      graphene_rect_t rect;
      Rgb corner, plain;
      gboolean focused;

      set_color_scheme (dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT, view);
      /* Tests run in parallel on one display, and another test's window can
       * take the keyboard focus at any moment: the ring is only asserted
       * when the grid held the focus all through the rendering. */
      focused = gtk_widget_has_focus (GTK_WIDGET (grid));
      pixels = render_widget (view);
      focused = focused && gtk_widget_has_focus (GTK_WIDGET (grid));

      g_assert_cmpint (count_ink (&pixels, grid, given, dark ? INK_NEUTRAL_LIGHT : INK_NEUTRAL_DARK), >, cell_pixel_area (grid, given) / 40);
      g_assert_cmpint (count_ink (&pixels, grid, given, INK_ACCENT), ==, 0);
      g_assert_cmpint (count_ink (&pixels, grid, given, INK_ERROR), ==, 0);

      g_assert_cmpint (count_ink (&pixels, grid, player, INK_ACCENT), >, cell_pixel_area (grid, player) / 40);
      g_assert_cmpint (count_ink (&pixels, grid, player, INK_ERROR), ==, 0);

      for (int i = 0; i < 2; i++)
        {
          int cell = i == 0 ? conflict_given : conflict_entry;

          g_assert_cmpint (count_ink (&pixels, grid, cell, INK_ERROR), >, cell_pixel_area (grid, cell) / 40);
          g_assert_cmpint (count_ink (&pixels, grid, cell, INK_ACCENT), ==, 0);
          /* The ground of the cell leans red against a plain cell's. */
          nonet_grid_view_get_cell_rect (grid, cell, &rect);
          corner = rgb_at (&pixels, (int) rect.origin.x + 1, (int) rect.origin.y + 1);
          nonet_grid_view_get_cell_rect (grid, given, &rect);
          plain = rgb_at (&pixels, (int) rect.origin.x + 1, (int) rect.origin.y + 1);
          g_assert_cmpfloat (corner.r - corner.b, >, plain.r - plain.b + 0.05);
        }

      /* The cursor: its ring in the accent colour at the cell's edge, its
       * fill tinted towards it. */
      nonet_grid_view_get_cell_rect (grid, cursor, &rect);
      if (focused)
        g_assert_true (is_ink (rgb_at (&pixels, (int) rect.origin.x, (int) rect.origin.y), INK_ACCENT));
      corner = rgb_at (&pixels, (int) (rect.origin.x + rect.size.width / 2), (int) (rect.origin.y + rect.size.height / 2));
      g_assert_cmpfloat (corner.b - corner.r, >, plain.b - plain.r + 0.05);

      g_free (pixels.data);
    }

  /* Hidden: no digits and no highlights, only the lines. */
  g_object_set (view, "hidden", TRUE, NULL);
  show_and_settle (view);
  {
    Pixels pixels = render_widget (view);

    for (int cell = 0; cell < NC_CELLS; cell++)
      g_assert_cmpint (count_ink (&pixels, grid, cell, INK_NEUTRAL_LIGHT), ==, 0);
    g_assert_cmpint (count_ink (&pixels, grid, conflict_entry, INK_ERROR), ==, 0);
    g_free (pixels.data);
  }

  set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A grid of Inkala 2012 in a window of its own, light, the cursor in r1c5
 * (no peer of r8c1 or r9c1) and the peers not tinted: for the marks. */
static GtkWidget *
marks_window_new (GtkWidget **view)
{
  GtkWidget *window = gtk_window_new ();

  *view = grid_view_new_with_puzzle ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 450, 450);
  gtk_window_set_child (GTK_WINDOW (window), *view);
  gtk_window_present (GTK_WINDOW (window));
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (*view), 4);
  g_object_set (*view, "highlight-peers", FALSE, NULL);
  set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, *view);
  return window;
}

/* The colour at a cell's top left corner, where no digit reaches. */
static Rgb
cell_corner (const Pixels  *pixels,
             NonetGridView *grid,
             int            cell)
{
  graphene_rect_t rect;

  nonet_grid_view_get_cell_rect (grid, cell, &rect);
  return rgb_at (pixels, (int) rect.origin.x + 2, (int) rect.origin.y + 2);
}

/* Marked cells (the reason a puzzle has no solution) are tinted until the
 * game changes. */
static void
test_marked (void)
{
  GtkWidget *view;
  GtkWidget *window = marks_window_new (&view);
  NonetGridView *grid = NONET_GRID_VIEW (view);
  static const uint8_t row[] = { 72, 73, 74, 75, 76, 77, 78, 79, 80 };
  /* r9c1 is empty in Inkala 2012, r8c1 too and outside the mark. */
  const int inside = 72, outside = 63;

  nonet_grid_view_mark_cells (grid, row, G_N_ELEMENTS (row));
  g_assert_true (nonet_grid_view_get_marked (grid, inside));
  g_assert_false (nonet_grid_view_get_marked (grid, outside));
  show_and_settle (view);
  {
    Pixels pixels = render_widget (view);
    Rgb marked = cell_corner (&pixels, grid, inside);
    Rgb plain = cell_corner (&pixels, grid, outside);

    g_assert_cmpfloat (marked.r - marked.b, >, plain.r - plain.b + 0.05);
    g_free (pixels.data);
  }

  /* A move clears the marks. */
  gtk_widget_activate_action (view, "grid.enter", "i", 1);
  g_assert_false (nonet_grid_view_get_marked (grid, inside));
  nonet_grid_view_mark_cells (grid, row, 1);
  g_assert_true (nonet_grid_view_get_marked (grid, inside));
  nonet_grid_view_mark_cells (grid, NULL, 0);
  g_assert_false (nonet_grid_view_get_marked (grid, inside));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A hint's cells: a warm tint, apart from the error's marks, said of the
 * cell, and gone with the next move. */
static void
test_hinted (void)
{
  GtkWidget *view;
  GtkWidget *window = marks_window_new (&view);
  NonetGridView *grid = NONET_GRID_VIEW (view);
  static const uint8_t cells[] = { 72, 73 };
  /* r9c1 is empty in Inkala 2012, r8c1 too and not hinted. */
  const int inside = 72, outside = 63;

  nonet_grid_view_mark_cells (grid, cells, 1);
  nonet_grid_view_hint_cells (grid, cells, G_N_ELEMENTS (cells));
  g_assert_true (nonet_grid_view_get_hinted (grid, inside));
  g_assert_false (nonet_grid_view_get_hinted (grid, outside));
  /* The two kinds of mark are apart: clearing one leaves the other. */
  nonet_grid_view_mark_cells (grid, NULL, 0);
  g_assert_false (nonet_grid_view_get_marked (grid, inside));
  g_assert_true (nonet_grid_view_get_hinted (grid, inside));
  show_and_settle (view);
  {
    Pixels pixels = render_widget (view);
    Rgb hinted = cell_corner (&pixels, grid, inside);
    Rgb plain = cell_corner (&pixels, grid, outside);

    /* Yellow: red and green over blue, where the error's tint has no green. */
    g_assert_cmpfloat (hinted.g - hinted.b, >, plain.g - plain.b + 0.05);
    g_assert_cmpfloat (hinted.r - hinted.b, >, plain.r - plain.b + 0.05);
    g_free (pixels.data);
  }

  nonet_grid_view_set_cursor (grid, inside);
  {
    g_autofree char *said = nonet_grid_view_describe_cursor (grid);

    g_assert_cmpstr (said, ==, "row 9, column 1, empty, part of the hint");
  }

  /* A move clears them. */
  gtk_widget_activate_action (view, "grid.enter", "i", 1);
  g_assert_false (nonet_grid_view_get_hinted (grid, inside));
  {
    g_autofree char *said = nonet_grid_view_describe_cursor (grid);

    g_assert_true (g_str_has_prefix (said, "row 9, column 1, 1"));
    g_assert_null (strstr (said, "hint"));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The solver's overlay: the run's board instead of the player's entries, a
 * tentative digit colliding with a given, the row of the collision tinted;
 * off again, the game as it was. */
static void
test_overlay (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = grid_view_new_with_puzzle ();
  NonetGridView *grid = NONET_GRID_VIEW (view);
  NcGrid board = grid_from_line (INKALA), shown;
  /* r1c2 the player's 1 (hidden by the overlay), r1c3 a placed 2, r1c4 the
   * chosen cell trying 8, which collides with the given 8 in r1c1 (row 1);
   * r1c6 another cell of that row, r9c9 a plain cell. */
  const int player = 1, placed = 2, chosen = 3, given = 0, in_row = 5, plain = 80;
  graphene_rect_t rect;
  Pixels pixels;
  Rgb tinted, ground;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 450, 450);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  nonet_grid_view_set_cursor (grid, player);
  gtk_widget_activate_action (view, "grid.enter", "i", 1);
  set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);

  board.cell[placed] = 2;
  g_assert_false (nonet_grid_view_get_overlay (grid, NULL));
  nonet_grid_view_set_overlay (grid, &(NcRunView) { .board = board, .chosen = chosen, .candidates = 3,
                                                    .tentative_cell = chosen, .tentative_digit = 8,
                                                    .collision_cell = given,
                                                    .collision_unit = NC_UNIT_ROW });
  g_assert_true (nonet_grid_view_get_overlay (grid, &shown));
  g_assert_cmpmem (&shown, sizeof shown, &board, sizeof board);
  show_and_settle (view);
  pixels = render_widget (view);

  g_assert_cmpint (count_ink (&pixels, grid, player, INK_ACCENT), ==, 0);
  g_assert_cmpint (count_ink (&pixels, grid, placed, INK_ACCENT), >, cell_pixel_area (grid, placed) / 40);
  g_assert_cmpint (count_ink (&pixels, grid, given, INK_ERROR), >, cell_pixel_area (grid, given) / 40);
  /* The tentative 8, faded, leans red on the chosen cell's fill. */
  {
    int reddish = 0;

    nonet_grid_view_get_cell_rect (grid, chosen, &rect);
    for (int y = (int) rect.origin.y; y < (int) (rect.origin.y + rect.size.height); y++)
      for (int x = (int) rect.origin.x; x < (int) (rect.origin.x + rect.size.width); x++)
        {
          Rgb p = rgb_at (&pixels, x, y);

          reddish += p.r - p.g > 0.2 && p.r - p.b > 0.1;
        }
    g_assert_cmpint (reddish, >, cell_pixel_area (grid, chosen) / 60);
  }
  /* The chosen cell's ring, in the accent colour at its edge. */
  nonet_grid_view_get_cell_rect (grid, chosen, &rect);
  g_assert_true (is_ink (rgb_at (&pixels, (int) rect.origin.x, (int) rect.origin.y), INK_ACCENT));
  nonet_grid_view_get_cell_rect (grid, in_row, &rect);
  tinted = rgb_at (&pixels, (int) rect.origin.x + 1, (int) rect.origin.y + 1);
  nonet_grid_view_get_cell_rect (grid, plain, &rect);
  ground = rgb_at (&pixels, (int) rect.origin.x + 1, (int) rect.origin.y + 1);
  g_assert_cmpfloat (tinted.r - tinted.b, >, ground.r - ground.b + 0.05);
  g_free (pixels.data);

  /* Off: the player's digit is back, the game untouched. */
  nonet_grid_view_set_overlay (grid, NULL);
  g_assert_false (nonet_grid_view_get_overlay (grid, NULL));
  show_and_settle (view);
  pixels = render_widget (view);
  g_assert_cmpint (count_ink (&pixels, grid, player, INK_ACCENT), >, cell_pixel_area (grid, player) / 40);
  g_assert_cmpint (count_ink (&pixels, grid, placed, INK_ACCENT), ==, 0);
  g_free (pixels.data);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The heat map: drawn under the overlay only, orange in proportion to a
 * cell's attempts, its count in words for the tooltip. */
static void
test_heat (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = grid_view_new_with_puzzle ();
  NonetGridView *grid = NONET_GRID_VIEW (view);
  NcGrid board = grid_from_line (INKALA);
  NcEvent tries[4] = {
    { .kind = NC_EVENT_TRY, .cell = 1, .digit = 1 },
    { .kind = NC_EVENT_TRY, .cell = 1, .digit = 2 },
    { .kind = NC_EVENT_TRY, .cell = 1, .digit = 3 },
    { .kind = NC_EVENT_TRY, .cell = 2, .digit = 1 },
  };
  const int hot = 1, warm = 2, cold = 3;
  NeAttemptMap map;
  graphene_rect_t rect;
  Pixels pixels;
  Rgb hot_rgb, warm_rgb, cold_rgb;
  g_autofree char *hot_text = NULL;
  g_autofree char *cold_text = NULL;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 450, 450);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);
  ne_attempt_map_init (&map);
  ne_attempt_map_add (&map, tries, G_N_ELEMENTS (tries));

  g_assert_null (nonet_grid_view_dup_heat_text (grid, hot));
  nonet_grid_view_set_heat (grid, &map);
  nonet_grid_view_set_overlay (grid, &(NcRunView) { .board = board, .chosen = -1, .tentative_cell = -1,
                                                    .collision_cell = -1, .collision_unit = -1 });
  show_and_settle (view);
  pixels = render_widget (view);
  nonet_grid_view_get_cell_rect (grid, hot, &rect);
  hot_rgb = rgb_at (&pixels, (int) rect.origin.x + 2, (int) rect.origin.y + 2);
  nonet_grid_view_get_cell_rect (grid, warm, &rect);
  warm_rgb = rgb_at (&pixels, (int) rect.origin.x + 2, (int) rect.origin.y + 2);
  nonet_grid_view_get_cell_rect (grid, cold, &rect);
  cold_rgb = rgb_at (&pixels, (int) rect.origin.x + 2, (int) rect.origin.y + 2);
  g_free (pixels.data);
  /* Orange: red over blue, the more so the more attempts. */
  g_assert_cmpfloat (hot_rgb.r - hot_rgb.b, >, warm_rgb.r - warm_rgb.b + 0.05);
  g_assert_cmpfloat (warm_rgb.r - warm_rgb.b, >, cold_rgb.r - cold_rgb.b + 0.05);

  hot_text = nonet_grid_view_dup_heat_text (grid, hot);
  cold_text = nonet_grid_view_dup_heat_text (grid, cold);
  g_assert_cmpstr (hot_text, ==, "row 1, column 2: 3 attempts");
  g_assert_cmpstr (cold_text, ==, "row 1, column 4: 0 attempts");

  /* Without the overlay there is no heat. */
  nonet_grid_view_set_overlay (grid, NULL);
  show_and_settle (view);
  pixels = render_widget (view);
  nonet_grid_view_get_cell_rect (grid, hot, &rect);
  hot_rgb = rgb_at (&pixels, (int) rect.origin.x + 2, (int) rect.origin.y + 2);
  g_free (pixels.data);
  g_assert_cmpfloat (hot_rgb.r - hot_rgb.b, <, 0.05);
  nonet_grid_view_set_heat (grid, NULL);
  g_assert_null (nonet_grid_view_dup_heat_text (grid, hot));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A click selects the cell under it, through the hit test the drawing uses. */
static void
test_hit_test (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = grid_view_new_with_puzzle ();
  NonetGridView *grid = NONET_GRID_VIEW (view);

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 520, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  show_and_settle (view);

  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      graphene_rect_t rect;

      nonet_grid_view_get_cell_rect (grid, cell, &rect);
      g_assert_cmpint (nonet_grid_view_cell_at (grid, rect.origin.x + rect.size.width / 2,
                                                rect.origin.y + rect.size.height / 2), ==, cell);
    }
  /* Outside the centred square. */
  g_assert_cmpint (nonet_grid_view_cell_at (grid, 5, 200), ==, -1);

  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
pad_button (GtkWidget *pad,
            int        column,
            int        row)
{
  GtkWidget *grid = gtk_widget_get_first_child (pad);

  g_assert_true (GTK_IS_GRID (grid));
  return gtk_grid_get_child_at (GTK_GRID (grid), column, row);
}

static void
test_number_pad (void)
{
  GtkWidget *view = g_object_ref_sink (grid_view_new_with_puzzle ());
  GtkWidget *pad = g_object_ref_sink (nonet_number_pad_new ());
  NcGrid puzzle = grid_from_line (INKALA);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  GtkWidget *pencil;
  gboolean active;

  /* Without a grid it does nothing. */
  g_assert_false (gtk_widget_is_sensitive (pad_button (pad, 0, 0)));
  nonet_number_pad_set_grid_view (NONET_NUMBER_PAD (pad), NONET_GRID_VIEW (view));
  g_assert_true (nonet_number_pad_get_grid_view (NONET_NUMBER_PAD (pad)) == NONET_GRID_VIEW (view));
  g_assert_true (gtk_widget_is_sensitive (pad_button (pad, 0, 0)));
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (pad), GTK_ACCESSIBLE_ROLE_GROUP);

  /* 1..9 in three rows of three, then erase and the pencil toggle. */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), EMPTY_CELL);
  g_signal_emit_by_name (pad_button (pad, 1, 1), "clicked");
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 5);
  g_signal_emit_by_name (pad_button (pad, 0, 3), "clicked");
  g_assert_cmpint (play_state (view)->entries.cell[EMPTY_CELL], ==, 0);

  pencil = pad_button (pad, 1, 3);
  g_assert_true (GTK_IS_TOGGLE_BUTTON (pencil));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pencil), TRUE);
  g_object_get (view, "pencil-mode", &active, NULL);
  g_assert_true (active);
  g_signal_emit_by_name (pad_button (pad, 2, 0), "clicked");
  g_assert_cmphex (play_state (view)->notes[EMPTY_CELL], ==, NE_NOTE (3));
  g_object_set (view, "pencil-mode", FALSE, NULL);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pencil)));

  /* Entering givens: no pencil toggle, and it is off. */
  g_object_set (view, "pencil-mode", TRUE, "entering", TRUE, NULL);
  g_assert_false (gtk_widget_get_sensitive (pencil));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pencil)));
  g_object_set (view, "entering", FALSE, "pencil-mode", FALSE, NULL);
  g_assert_true (gtk_widget_get_sensitive (pencil));

  /* Every 8 placed: the 8 is complete, the others not. */
  g_assert_false (nonet_number_pad_get_digit_complete (NONET_NUMBER_PAD (pad), 8));
  for (int cell = 0; cell < NC_CELLS; cell++)
    if (puzzle.cell[cell] == 0 && solution.cell[cell] == 8)
      {
        nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), cell);
        gtk_widget_activate_action (view, "grid.enter", "i", 8);
      }
  g_assert_true (nonet_number_pad_get_digit_complete (NONET_NUMBER_PAD (pad), 8));
  g_assert_false (gtk_widget_get_sensitive (pad_button (pad, 1, 2)));
  g_assert_false (nonet_number_pad_get_digit_complete (NONET_NUMBER_PAD (pad), 7));
  g_assert_true (gtk_widget_get_sensitive (pad_button (pad, 0, 2)));

  /* Nine 8s with one in conflict are not complete. */
  nonet_grid_view_set_cursor (NONET_GRID_VIEW (view), EMPTY_CELL);
  gtk_widget_activate_action (view, "grid.enter", "i", 8);
  g_assert_false (nonet_number_pad_get_digit_complete (NONET_NUMBER_PAD (pad), 8));

  /* Locked or hidden: the pad too. */
  g_object_set (view, "locked", TRUE, NULL);
  g_assert_false (gtk_widget_is_sensitive (pad_button (pad, 0, 0)));
  g_object_set (view, "locked", FALSE, NULL);
  g_assert_true (gtk_widget_is_sensitive (pad_button (pad, 0, 0)));

  /* A new game is followed. */
  nonet_grid_view_set_puzzle (NONET_GRID_VIEW (view), &puzzle);
  g_assert_true (gtk_widget_get_sensitive (pad_button (pad, 1, 2)));

  /* The pad outlives the grid without harm. */
  g_object_unref (view);
  g_assert_null (nonet_number_pad_get_grid_view (NONET_NUMBER_PAD (pad)));
  g_assert_false (gtk_widget_is_sensitive (pad_button (pad, 0, 0)));
  g_object_unref (pad);
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

/* The window from its template: titled, holding a grid view that shows its
 * game; once active, the grid has the keyboard focus (the launch, heard with
 * a screen reader, is the board's). */
static void
test_window (void)
{
  GSettingsSchemaSource *schemas = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  GtkWidget *window;
  GtkWidget *view;

  if (schemas != NULL)
    schema = g_settings_schema_source_lookup (schemas, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_test_skip ("The settings schema is not compiled: set GSETTINGS_SCHEMA_DIR=<build>/data");
      return;
    }

  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    /* A first start (the library is this test's own) shows the welcome
     * page over the board, with the focus. */
    g_settings_set_boolean (settings, "show-welcome", FALSE);
  }
  window = g_object_new (NONET_TYPE_WINDOW, NULL);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Nonet");
  view = find_grid_view (window);
  g_assert_nonnull (view);

  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_has_focus (view))
    g_main_context_iteration (NULL, TRUE);
  /* The rendering checked is the unfocused one (no cursor drawn). */
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  set_color_scheme (ADW_COLOR_SCHEME_FORCE_LIGHT, view);
  check_rendering (view, FALSE);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status = test_gtk_init (&argc, &argv);

  if (status >= 0)
    return status;

  g_test_add_func ("/ui/grid-view/measure", test_measure);
  g_test_add_func ("/ui/grid-view/render", test_render);
  g_test_add_func ("/ui/grid-thumb/render", test_thumb);
  g_test_add_func ("/ui/grid-view/static-layer-cached", test_static_layer_cached);
  g_test_add_func ("/ui/grid-view/accessible", test_accessible);
  g_test_add_func ("/ui/grid-view/game", test_game);
  g_test_add_func ("/ui/grid-view/cursor-keys", test_cursor_keys);
  g_test_add_func ("/ui/grid-view/digits", test_digits);
  g_test_add_func ("/ui/grid-view/notes", test_notes);
  g_test_add_func ("/ui/grid-view/entering", test_entering);
  g_test_add_func ("/ui/grid-view/refused-given", test_refused_given);
  g_test_add_func ("/ui/grid-view/marked", test_marked);
  g_test_add_func ("/ui/grid-view/hinted", test_hinted);
  g_test_add_func ("/ui/grid-view/locked", test_locked);
  g_test_add_func ("/ui/grid-view/status", test_status);
  g_test_add_func ("/ui/grid-view/draw-states", test_draw_states);
  g_test_add_func ("/ui/grid-view/overlay", test_overlay);
  g_test_add_func ("/ui/grid-view/heat", test_heat);
  g_test_add_func ("/ui/grid-view/hit-test", test_hit_test);
  g_test_add_func ("/ui/number-pad/actions", test_number_pad);
  g_test_add_func ("/ui/window/grid", test_window);

  return g_test_run ();
}
