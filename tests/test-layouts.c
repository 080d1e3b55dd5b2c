/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-layouts.c: the layouts that let the main window shrink to 360 px:
 * the wrapping row, the board and its pad, the board and its step log. */

#include "config.h"

#include <gtk/gtk.h>

#include "nonet-board-layout.h"
#include "nonet-side-layout.h"
#include "nonet-wrap-layout.h"
#include "test-gtk-util.h"

static GtkWidget *
sized (int width,
       int height)
{
  GtkWidget *widget = gtk_label_new (NULL);

  gtk_widget_set_size_request (widget, width, height);
  return widget;
}

static GtkWidget *
container (GtkLayoutManager *layout,
           GtkWidget        *first,
           ...)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  va_list args;

  g_object_ref_sink (box);
  gtk_widget_set_layout_manager (box, layout);
  va_start (args, first);
  for (GtkWidget *child = first; child != NULL; child = va_arg (args, GtkWidget *))
    gtk_box_append (GTK_BOX (box), child);
  va_end (args);
  return box;
}

static void
allocate (GtkWidget *box,
          int        width,
          int        height)
{
  int minimum;

  /* As the window does when what the layout reads has changed. */
  gtk_widget_queue_allocate (box);
  /* GTK wants a measure before an allocation. */
  gtk_widget_measure (box, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, width, &minimum, NULL, NULL, NULL);
  gtk_widget_size_allocate (box, &(GtkAllocation) { 0, 0, width, height }, -1);
}

static graphene_rect_t
bounds (GtkWidget *child)
{
  graphene_rect_t rect;

  g_assert_true (gtk_widget_compute_bounds (child, gtk_widget_get_parent (child), &rect));
  return rect;
}

static void
assert_at (GtkWidget *child,
           int        x,
           int        y,
           int        width,
           int        height)
{
  graphene_rect_t rect = bounds (child);

  g_assert_cmpint ((int) rect.origin.x, ==, x);
  g_assert_cmpint ((int) rect.origin.y, ==, y);
  g_assert_cmpint ((int) rect.size.width, ==, width);
  g_assert_cmpint ((int) rect.size.height, ==, height);
}

static void
test_wrap_lines (void)
{
  GtkWidget *a = sized (100, 30), *b = sized (100, 30), *c = sized (100, 30);
  GtkWidget *box = container (nonet_wrap_layout_new (6, 4), a, b, c, NULL);
  int minimum, natural;

  gtk_widget_measure (box, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, 100);
  g_assert_cmpint (natural, ==, 312);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 312, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (natural, ==, 30);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 250, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (natural, ==, 64);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 100, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (natural, ==, 98);

  allocate (box, 250, 64);
  assert_at (a, 0, 0, 100, 30);
  assert_at (b, 106, 0, 100, 30);
  assert_at (c, 0, 34, 100, 30);

  /* A hidden child takes no room. */
  gtk_widget_set_visible (b, FALSE);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 250, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (natural, ==, 30);
  g_object_unref (box);
}

static void
test_wrap_expand (void)
{
  GtkWidget *a = sized (100, 30), *b = sized (50, 20);
  GtkWidget *box = container (nonet_wrap_layout_new (6, 6), a, b, NULL);

  /* The room left goes to the child that expands; its halign puts it at
   * the end of the line, as in a GtkBox. */
  gtk_widget_set_hexpand (b, TRUE);
  gtk_widget_set_halign (b, GTK_ALIGN_END);
  allocate (box, 300, 30);
  assert_at (a, 0, 0, 100, 30);
  assert_at (b, 250, 0, 50, 30);
  g_object_unref (box);
}

static void
test_board_pad_yields (void)
{
  GtkWidget *grid = sized (100, 100), *pad = sized (200, 200);
  GtkWidget *box = container (nonet_board_layout_new (), grid, pad, NULL);

  /* In play the pad keeps its place, below or beside the grid... */
  allocate (box, 400, 400);
  g_assert_true (gtk_widget_get_child_visible (pad));
  g_assert_cmpint ((int) bounds (grid).size.width, ==, 182);

  /* ...greyed (a solver at work), it gives the grid its room. */
  gtk_widget_set_sensitive (pad, FALSE);
  allocate (box, 400, 400);
  g_assert_false (gtk_widget_get_child_visible (pad));
  assert_at (grid, 0, 0, 400, 400);

  /* Where it costs the grid little it stays, greyed, to be seen. */
  allocate (box, 700, 400);
  g_assert_true (gtk_widget_get_child_visible (pad));
  g_assert_cmpint ((int) bounds (grid).size.width, ==, 400);
  g_object_unref (box);
}

static void
test_side_beside_or_below (void)
{
  GtkWidget *main_child = sized (200, 200);
  GtkWidget *side = gtk_revealer_new ();
  GtkWidget *box;

  gtk_revealer_set_transition_type (GTK_REVEALER (side), GTK_REVEALER_TRANSITION_TYPE_NONE);
  gtk_revealer_set_child (GTK_REVEALER (side), sized (300, 50));
  box = container (nonet_side_layout_new (280, 400), main_child, side, NULL);

  /* Hidden, the log takes nothing. */
  allocate (box, 800, 600);
  assert_at (main_child, 0, 0, 800, 600);

  gtk_revealer_set_reveal_child (GTK_REVEALER (side), TRUE);
  allocate (box, 800, 600);
  assert_at (main_child, 0, 0, 500, 600);
  assert_at (side, 500, 0, 300, 600);

  /* A narrow window: below, two fifths of the height. */
  allocate (box, 360, 700);
  assert_at (main_child, 0, 0, 360, 420);
  assert_at (side, 0, 420, 360, 280);

  /* Wide but short: beside gives the larger board. */
  allocate (box, 700, 400);
  assert_at (side, 400, 0, 300, 400);
  g_object_unref (box);
}

int
main (int   argc,
      char *argv[])
{
  int skip = test_gtk_init (&argc, &argv);

  if (skip >= 0)
    return skip;
  g_test_add_func ("/ui/layout/wrap/lines", test_wrap_lines);
  g_test_add_func ("/ui/layout/wrap/expand", test_wrap_expand);
  g_test_add_func ("/ui/layout/board/pad-yields", test_board_pad_yields);
  g_test_add_func ("/ui/layout/side/beside-or-below", test_side_beside_or_below);
  return g_test_run ();
}
