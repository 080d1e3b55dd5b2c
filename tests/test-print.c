/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-print.c: the page layout of printed puzzles: how many pages, where
 * the ink goes (inside the grids, never in the margins), and a PDF that
 * appears whole or not at all. */

#define G_LOG_DOMAIN "nonet-test-print"

#include "config.h"

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "ne-print.h"
#include "test-util.h"

#define MARGIN 36

static NePrintDocument *
document_new (guint n_puzzles, guint n_with_solution)
{
  NePrintDocument *doc = ne_print_document_new ();
  NcGrid givens = grid_from_line (INKALA);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);

  for (guint i = 0; i < n_puzzles; i++)
    {
      NePrintPuzzle puzzle = {
        .givens = givens,
        .solution = i < n_with_solution ? &solution : NULL,
        .id = "N1-21-n-7QK3ZP",
        .grade = "Extreme",
      };

      ne_print_document_add_puzzle (doc, &puzzle);
    }
  return doc;
}

static void
test_page_counts (void)
{
  const guint sizes[] = { 0, 1, 4, 5, 6, 7, 9, 10, 20 };
  const guint per_pages[] = { 1, 2, 4, 6 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint p = 0; p < G_N_ELEMENTS (per_pages); p++)
      for (int solutions = 0; solutions <= 1; solutions++)
        {
          g_autoptr(NePrintDocument) doc = document_new (sizes[s], sizes[s]);
          guint n = sizes[s], per_page = per_pages[p];
          guint expected = (n + per_page - 1) / per_page + (solutions ? (n + 8) / 9 : 0);

          ne_print_document_set_per_page (doc, per_page);
          ne_print_document_set_solutions (doc, solutions);
          g_test_message ("%u puzzles, %u a page, solutions %d", n, per_page, solutions);
          g_assert_cmpuint (ne_print_document_get_n_pages (doc), ==, MAX (1, expected));
        }
}

static void
test_page_counts_examples (void)
{
  g_autoptr(NePrintDocument) doc = document_new (5, 5);

  ne_print_document_set_per_page (doc, 6);
  g_assert_cmpuint (ne_print_document_get_n_pages (doc), ==, 1);
  ne_print_document_set_solutions (doc, TRUE);
  g_assert_cmpuint (ne_print_document_get_n_pages (doc), ==, 2);
  ne_print_document_set_per_page (doc, 1);
  g_assert_cmpuint (ne_print_document_get_n_pages (doc), ==, 6);

  /* Twenty puzzles four a page, solutions at the back: 5 + 3. */
  g_clear_object (&doc);
  doc = document_new (20, 20);
  ne_print_document_set_per_page (doc, 4);
  ne_print_document_set_solutions (doc, TRUE);
  g_assert_cmpuint (ne_print_document_get_n_pages (doc), ==, 8);
}

/* Only puzzles with a solution get a place on the solution pages. */
static void
test_page_counts_some_solutions (void)
{
  g_autoptr(NePrintDocument) doc = document_new (12, 10);

  ne_print_document_set_per_page (doc, 6);
  ne_print_document_set_solutions (doc, TRUE);
  g_assert_cmpuint (ne_print_document_get_n_pages (doc), ==, 2 + 2);

  g_clear_object (&doc);
  doc = document_new (12, 0);
  ne_print_document_set_per_page (doc, 6);
  ne_print_document_set_solutions (doc, TRUE);
  g_assert_cmpuint (ne_print_document_get_n_pages (doc), ==, 2);
}

/* An A4 page at one pixel a point, white, with page_nr drawn inside the
 * margins. */
static cairo_surface_t *
render_page (NePrintDocument *doc, guint page_nr)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 595, 842);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, MARGIN, MARGIN);
  ne_print_document_draw_page (doc, cr, page_nr, 595 - 2 * MARGIN, 842 - 2 * MARGIN);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Pixels darker than mid-grey in the rectangle. */
static guint
count_dark (cairo_surface_t *surface, int x0, int y0, int x1, int y1)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);
        guint grey = (((pixel >> 16) & 0xff) + ((pixel >> 8) & 0xff) + (pixel & 0xff)) / 3;

        n += grey < 0x60;
      }
  return n;
}

static void
assert_margins_clean (cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);

  g_assert_cmpuint (count_dark (surface, 0, 0, width, MARGIN), ==, 0);
  g_assert_cmpuint (count_dark (surface, 0, height - MARGIN, width, height), ==, 0);
  g_assert_cmpuint (count_dark (surface, 0, 0, MARGIN, height), ==, 0);
  g_assert_cmpuint (count_dark (surface, width - MARGIN, 0, width, height), ==, 0);
}

static void
test_draw_four (void)
{
  g_autoptr(NePrintDocument) doc = document_new (5, 5);
  cairo_surface_t *surface;
  const int mid_x = 595 / 2, mid_y = 842 / 2;

  ne_print_document_set_per_page (doc, 4);
  ne_print_document_set_title (doc, "Four a page");

  /* Page 1: a grid in each quarter, with lines and digits. */
  surface = render_page (doc, 0);
  assert_margins_clean (surface);
  g_assert_cmpuint (count_dark (surface, MARGIN, MARGIN + 40, mid_x, mid_y), >, 2000);
  g_assert_cmpuint (count_dark (surface, mid_x, MARGIN + 40, 595 - MARGIN, mid_y), >, 2000);
  g_assert_cmpuint (count_dark (surface, MARGIN, mid_y, mid_x, 842 - MARGIN - 30), >, 2000);
  g_assert_cmpuint (count_dark (surface, mid_x, mid_y, 595 - MARGIN, 842 - MARGIN - 30), >, 2000);
  /* Nothing down the gutter between the columns. */
  g_assert_cmpuint (count_dark (surface, mid_x - 4, MARGIN + 40, mid_x + 4, 842 - MARGIN - 30), ==, 0);
  cairo_surface_destroy (surface);

  /* Page 2: one puzzle, top left; the other quarters stay blank. */
  surface = render_page (doc, 1);
  assert_margins_clean (surface);
  g_assert_cmpuint (count_dark (surface, MARGIN, MARGIN + 40, mid_x, mid_y), >, 2000);
  g_assert_cmpuint (count_dark (surface, mid_x, MARGIN + 40, 595 - MARGIN, mid_y), ==, 0);
  g_assert_cmpuint (count_dark (surface, MARGIN, mid_y, 595 - MARGIN, 842 - MARGIN - 30), ==, 0);
  cairo_surface_destroy (surface);
}

/* One a page: the grid fills the width of the printable area. */
static void
test_draw_one (void)
{
  g_autoptr(NePrintDocument) doc = document_new (1, 1);
  cairo_surface_t *surface;
  const int row = 842 / 2;
  int left = -1, right = -1;
  const guint8 *data;
  int stride;

  ne_print_document_set_per_page (doc, 1);
  ne_print_document_set_solutions (doc, TRUE);
  for (guint page = 0; page < ne_print_document_get_n_pages (doc); page++)
    {
      surface = render_page (doc, page);
      assert_margins_clean (surface);
      cairo_surface_destroy (surface);
    }

  surface = render_page (doc, 0);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int x = 0; x < 595; x++)
    if ((*(const guint32 *) (data + row * stride + x * 4) & 0xff) < 0x60)
      {
        if (left < 0)
          left = x;
        right = x;
      }
  g_assert_cmpint (left, >=, MARGIN);
  g_assert_cmpint (left, <=, MARGIN + 2);
  g_assert_cmpint (right, >=, 595 - MARGIN - 3);
  g_assert_cmpint (right, <, 595 - MARGIN);
  cairo_surface_destroy (surface);
}

/* Every page of every layout draws, portrait and landscape, onto a
 * recording surface without a cairo error. */
static void
test_draw_all (void)
{
  const guint per_pages[] = { 1, 2, 4, 6 };
  const double areas[][2] = { { 523, 770 }, { 770, 523 }, { 540, 720 }, { 10, 10 } };

  for (guint p = 0; p < G_N_ELEMENTS (per_pages); p++)
    for (guint a = 0; a < G_N_ELEMENTS (areas); a++)
      {
        g_autoptr(NePrintDocument) doc = document_new (13, 13);
        cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
        cairo_t *cr = cairo_create (surface);
        NcGrid entries = grid_from_line (INKALA_SOLUTION);
        NePrintPuzzle in_progress = { .givens = grid_from_line (INKALA), .entries = &entries };
        double x, y, width, height;

        ne_print_document_add_puzzle (doc, &in_progress);
        ne_print_document_set_per_page (doc, per_pages[p]);
        ne_print_document_set_solutions (doc, TRUE);
        ne_print_document_set_title (doc, "All pages");
        for (guint page = 0; page < ne_print_document_get_n_pages (doc); page++)
          ne_print_document_draw_page (doc, cr, page, areas[a][0], areas[a][1]);
        g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
        cairo_destroy (cr);
        cairo_recording_surface_ink_extents (surface, &x, &y, &width, &height);
        g_assert_cmpfloat (x, >=, 0);
        g_assert_cmpfloat (y, >=, 0);
        g_assert_cmpfloat (x + width, <=, areas[a][0] + 1);
        g_assert_cmpfloat (y + height, <=, areas[a][1] + 1);
        cairo_surface_destroy (surface);
      }
}

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("test-print-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
test_pdf_write (void)
{
  g_autoptr(NePrintDocument) doc = document_new (5, 5);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "puzzles.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize len;

  /* An old file is replaced whole. */
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  ne_print_document_set_solutions (doc, TRUE);
  g_assert_true (ne_print_write_pdf (doc, path, NE_PRINT_A4_WIDTH, NE_PRINT_A4_HEIGHT, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  /* Finished: the trailer is there. */
  g_assert_cmpuint (len, >, 8);
  g_assert_nonnull (g_strstr_len (contents + len - 8, 8, "%%EOF"));
  g_assert_cmpuint (count_entries (dir), ==, 1);

  g_unlink (path);
  g_rmdir (dir);
}

static void
assert_write_fails (NePrintDocument *doc, const char *path, const char *dir)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (ne_print_write_pdf (doc, path, NE_PRINT_LETTER_WIDTH, NE_PRINT_LETTER_HEIGHT, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path));
  /* No temporary file left behind. */
  if (dir != NULL)
    g_assert_cmpuint (count_entries (dir), ==, 1);
}

static void
test_pdf_unwritable (void)
{
  g_autoptr(NePrintDocument) doc = document_new (3, 3);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *missing = g_build_filename (dir, "missing", "puzzles.pdf", NULL);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *under_file = g_build_filename (file, "puzzles.pdf", NULL);
  g_autofree char *directory = g_build_filename (dir, "directory", NULL);

  /* A folder that does not exist, a file taken for a folder. */
  g_assert_true (g_file_set_contents (file, "", 0, NULL));
  assert_write_fails (doc, missing, dir);
  assert_write_fails (doc, under_file, dir);
  g_unlink (file);

  /* The name is a folder: the whole PDF is written, the rename fails, and
   * the temporary file goes. */
  g_assert_cmpint (g_mkdir (directory, 0755), ==, 0);
  assert_write_fails (doc, directory, dir);
  g_rmdir (directory);

  /* Margins wider than the paper. */
  ne_print_document_set_margins (doc, 400, 400, 400, 400);
  assert_write_fails (doc, file, NULL);
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));

  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/print/pages/counts", test_page_counts);
  g_test_add_func ("/print/pages/examples", test_page_counts_examples);
  g_test_add_func ("/print/pages/some-solutions", test_page_counts_some_solutions);
  g_test_add_func ("/print/draw/four", test_draw_four);
  g_test_add_func ("/print/draw/one", test_draw_one);
  g_test_add_func ("/print/draw/all", test_draw_all);
  g_test_add_func ("/print/pdf/write", test_pdf_write);
  g_test_add_func ("/print/pdf/unwritable", test_pdf_unwritable);

  return g_test_run ();
}
