/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-print-operation.c: the GtkPrintOperation path, under Xvfb: export to
 * a PDF through GTK, read it back with poppler's pdfinfo and pdftotext, and
 * drive the Puzzles tab of the print dialog to re-paginate. */

#define G_LOG_DOMAIN "nonet-test-print-operation"

#include "config.h"

#include <glib/gstdio.h>

#include "nonet-print-operation.h"
#include "test-gtk-util.h"
#include "test-util.h"

static NePrintDocument *
document_new (guint n_puzzles)
{
  NePrintDocument *doc = ne_print_document_new ();
  NcGrid inkala = grid_from_line (INKALA), inkala_solution = grid_from_line (INKALA_SOLUTION);
  NcGrid euler = grid_from_line (EULER1), euler_solution = grid_from_line (EULER1_SOLUTION);
  /* A game in progress: the top row of Euler's solution filled in. */
  NcGrid entries = euler;

  memcpy (entries.cell, euler_solution.cell, 9);
  for (guint i = 0; i < n_puzzles; i++)
    {
      NePrintPuzzle puzzle = {
        .givens = i % 2 == 0 ? inkala : euler,
        .solution = i % 2 == 0 ? &inkala_solution : &euler_solution,
        .entries = i == 1 ? &entries : NULL,
        .id = i % 2 == 0 ? "N1-21-n-7QK3ZP" : NULL,
        .grade = i % 2 == 0 ? "Extreme" : "Easy",
      };

      ne_print_document_add_puzzle (doc, &puzzle);
    }
  ne_print_document_set_title (doc, "Printed through GTK");
  return doc;
}

static gboolean
have_poppler (void)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");

  return pdfinfo != NULL && pdftotext != NULL;
}

/* The standard output of a poppler tool: pdfinfo PATH, pdftotext PATH -. */
static char *
run_tool (const char *tool, const char *path)
{
  g_autoptr(GError) error = NULL;
  const char *argv[] = { tool, path, g_str_equal (tool, "pdftotext") ? "-" : NULL, NULL };
  char *out = NULL;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static guint
pdf_pages (const char *path)
{
  g_autofree char *info = run_tool ("pdfinfo", path);
  const char *pages;

  g_assert_nonnull (info);
  pages = strstr (info, "Pages:");
  g_assert_nonnull (pages);
  return (guint) g_ascii_strtoull (pages + strlen ("Pages:") + strspn (pages + strlen ("Pages:"), " "), NULL, 10);
}

/* Where to keep the PDF for a person to look at, or NULL. */
static char *
output_path (const char *name)
{
  const char *dir = g_getenv ("NONET_TEST_OUTPUT");

  if (dir == NULL)
    return NULL;
  g_mkdir_with_parents (dir, 0755);
  return g_build_filename (dir, name, NULL);
}

static void
test_export_pdf (void)
{
  g_autoptr(NePrintDocument) doc = document_new (7);
  g_autoptr(NonetPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-print-operation-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "puzzles.pdf", NULL);
  g_autofree char *kept = output_path ("print-operation.pdf");
  g_autofree char *text = NULL;

  if (!have_poppler ())
    {
      g_test_skip ("poppler-utils (pdfinfo, pdftotext) is not installed");
      return;
    }

  ne_print_document_set_per_page (doc, 4);
  ne_print_document_set_solutions (doc, TRUE);
  operation = nonet_print_operation_new (doc);
  g_assert_true (nonet_print_operation_get_document (operation) == doc);
  g_assert_true (nonet_print_operation_export_pdf (operation, path, &error));
  g_assert_no_error (error);

  /* 7 puzzles four a page: 2 pages, and 1 of solutions. */
  g_assert_cmpuint (pdf_pages (path), ==, 3);
  text = run_tool ("pdftotext", path);
  g_assert_nonnull (strstr (text, "Printed through GTK"));
  g_assert_nonnull (strstr (text, "1. N1-21-n-7QK3ZP · 21 clues · Extreme"));
  g_assert_nonnull (strstr (text, "2. 32 clues · Easy"));
  g_assert_nonnull (strstr (text, "Page 1 of 3"));
  g_assert_nonnull (strstr (text, "Page 3 of 3"));
  g_assert_nonnull (strstr (text, "solutions"));

  if (kept != NULL)
    g_rename (path, kept);
  g_unlink (path);
  g_rmdir (dir);
}

/* The Puzzles tab writes its choices to the document before the job is
 * paginated. */
static void
test_custom_tab (void)
{
  g_autoptr(NePrintDocument) doc = document_new (7);
  g_autoptr(NonetPrintOperation) operation = nonet_print_operation_new (doc);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-print-operation-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "six.pdf", NULL);
  GtkWidget *tab = NULL;
  GtkWidget *child;
  GtkDropDown *drop_down = NULL;
  GtkSwitch *solutions = NULL;

  ne_print_document_set_solutions (doc, TRUE);
  g_signal_emit_by_name (operation, "create-custom-widget", &tab);
  g_assert_true (GTK_IS_WIDGET (tab));
  g_object_ref_sink (tab);
  for (child = gtk_widget_get_first_child (tab); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_DROP_DOWN (child))
        drop_down = GTK_DROP_DOWN (child);
      else if (GTK_IS_SWITCH (child))
        solutions = GTK_SWITCH (child);
    }
  g_assert_nonnull (drop_down);
  g_assert_nonnull (solutions);
  /* It starts from the document: 4 a page, solutions on. */
  g_assert_cmpuint (gtk_drop_down_get_selected (drop_down), ==, 2);
  g_assert_true (gtk_switch_get_active (solutions));

  gtk_drop_down_set_selected (drop_down, 3);
  gtk_switch_set_active (solutions, FALSE);
  g_signal_emit_by_name (operation, "custom-widget-apply", tab);
  g_object_unref (tab);
  g_assert_cmpuint (ne_print_document_get_per_page (doc), ==, 6);
  g_assert_false (ne_print_document_get_solutions (doc));

  if (!have_poppler ())
    {
      g_test_skip ("poppler-utils (pdfinfo, pdftotext) is not installed");
      return;
    }
  g_assert_true (nonet_print_operation_export_pdf (operation, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pdf_pages (path), ==, 2);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_export_unwritable (void)
{
  g_autoptr(NePrintDocument) doc = document_new (2);
  g_autoptr(NonetPrintOperation) operation = nonet_print_operation_new (doc);
  g_autoptr(GError) error = NULL;
  const char *path = "/nonexistent-nonet-folder/puzzles.pdf";

  g_assert_false (nonet_print_operation_export_pdf (operation, path, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, path));
}

/* The export writes through to what the chosen path names: a symbolic
 * link stays a link and its target, mode 0600, gets the PDF. */
static void
test_export_through_link (void)
{
  g_autoptr(NePrintDocument) doc = document_new (2);
  g_autoptr(NonetPrintOperation) operation = nonet_print_operation_new (doc);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-print-operation-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (dir, "target.pdf", NULL);
  g_autofree char *link = g_build_filename (dir, "link.pdf", NULL);
  g_autoptr(GFile) link_file = g_file_new_for_path (link);
  g_autofree char *contents = NULL;
  g_autofree char *points_to = NULL;
  g_autoptr(GDir) listing = NULL;
  GStatBuf st;
  guint n_entries = 0;

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (g_chmod (target, 0600), ==, 0);
  g_assert_true (g_file_make_symbolic_link (link_file, "target.pdf", NULL, &error));
  g_assert_no_error (error);

  g_assert_true (nonet_print_operation_export_pdf (operation, link, &error));
  g_assert_no_error (error);

  points_to = g_file_read_link (link, NULL);
  g_assert_cmpstr (points_to, ==, "target.pdf");
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  /* No temporary file left beside them. */
  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n_entries++;
  g_assert_cmpuint (n_entries, ==, 2);

  g_unlink (link);
  g_unlink (target);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  int status = test_gtk_init (&argc, &argv);

  if (status >= 0)
    return status;

  g_test_add_func ("/print-operation/export-pdf", test_export_pdf);
  g_test_add_func ("/print-operation/custom-tab", test_custom_tab);
  g_test_add_func ("/print-operation/export-unwritable", test_export_unwritable);
  g_test_add_func ("/print-operation/export-through-link", test_export_through_link);

  return g_test_run ();
}
