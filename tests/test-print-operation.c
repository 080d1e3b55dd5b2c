/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-print-operation.c: the GtkPrintOperation path, under Xvfb: export to
 * a PDF through GTK, read it back with poppler's pdfinfo and pdftotext,
 * drive the Puzzles tab of the print dialog to re-paginate, and Export
 * PDF's options and file chooser, whose choices the Puzzles tab shows
 * next (and back); captions of library puzzles name no row id. */

#define G_LOG_DOMAIN "nonet-test-print-operation"

#include "config.h"

#include <glib/gstdio.h>

#include "ne-store.h"
#include "nonet-export-dialog.h"
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


/* The first widget of type under widget (itself included), depth first. */
static GtkWidget *
find_widget (GtkWidget *widget,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The print dialog's Puzzles tab, as the dialog asks for it; a reference
 * for the caller, its controls in *drop_down and *solutions. */
static GtkWidget *
custom_tab_new (NonetPrintOperation *operation,
                GtkDropDown        **drop_down,
                GtkSwitch          **solutions)
{
  GtkWidget *tab = NULL;

  g_signal_emit_by_name (operation, "create-custom-widget", &tab);
  g_assert_true (GTK_IS_WIDGET (tab));
  g_object_ref_sink (tab);
  *drop_down = GTK_DROP_DOWN (find_widget (tab, GTK_TYPE_DROP_DOWN));
  *solutions = GTK_SWITCH (find_widget (tab, GTK_TYPE_SWITCH));
  g_assert_nonnull (*drop_down);
  g_assert_nonnull (*solutions);
  return tab;
}

/* The open window of type, once it is open. */
static GtkWindow *
wait_for_window (GType type)
{
  for (;;)
    {
      g_autoptr(GList) windows = gtk_window_list_toplevels ();

      for (GList *l = windows; l != NULL; l = l->next)
        if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
          return l->data;
      g_main_context_iteration (NULL, TRUE);
    }
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GError **error = user_data;
  g_autoptr(GFile) file = nonet_print_operation_export_pdf_finish (NONET_PRINT_OPERATION (source), result, error);

  /* Nothing was chosen to write to. */
  g_assert_null (file);
}

/* Export PDF as a person goes through it: the options (per_page, solutions
 * and title chosen in the dialog, then Export…, or the dialog closed when
 * choose is FALSE), then the file chooser, cancelled. Returns the task's
 * outcome, G_IO_ERROR_CANCELLED from either. */
static GError *
export_through_dialogs (NonetPrintOperation *operation,
                        gboolean             choose,
                        guint                per_page_index,
                        gboolean             solutions,
                        const char          *title)
{
  GError *outcome = NULL;
  GtkWindow *dialog;
  AdwComboRow *per_page_row;
  GtkSwitch *solutions_switch;
  AdwEntryRow *title_row;
  GtkWidget *export_button;

  nonet_print_operation_export_pdf_async (operation, NULL, "ignored.pdf", export_done_cb, &outcome);
  dialog = wait_for_window (NONET_TYPE_EXPORT_DIALOG);
  per_page_row = ADW_COMBO_ROW (find_widget (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW));
  solutions_switch = GTK_SWITCH (find_widget (GTK_WIDGET (dialog), GTK_TYPE_SWITCH));
  title_row = ADW_ENTRY_ROW (find_widget (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW));
  g_assert_nonnull (per_page_row);
  g_assert_nonnull (solutions_switch);
  g_assert_nonnull (title_row);
  export_button = gtk_window_get_default_widget (dialog);
  g_assert_true (GTK_IS_BUTTON (export_button));

  if (!choose)
    {
      gtk_window_close (dialog);
      while (outcome == NULL)
        g_main_context_iteration (NULL, TRUE);
      return outcome;
    }

  adw_combo_row_set_selected (per_page_row, per_page_index);
  gtk_switch_set_active (solutions_switch, solutions);
  gtk_editable_set_text (GTK_EDITABLE (title_row), title);
  gtk_widget_activate (export_button);

  {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    /* Without a portal, GtkFileChooserNative shows GTK's own chooser: the
     * options come before it, and Cancel there writes nothing. */
    GtkWindow *chooser = wait_for_window (GTK_TYPE_FILE_CHOOSER_DIALOG);

    gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
    G_GNUC_END_IGNORE_DEPRECATIONS
  }
  while (outcome == NULL)
    g_main_context_iteration (NULL, TRUE);
  return outcome;
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

  operation = nonet_print_operation_new (doc);
  ne_print_document_set_per_page (doc, 4);
  ne_print_document_set_solutions (doc, TRUE);
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

/* The Puzzles tab writes its choices (per page, solutions, title) to the
 * document before the job is paginated. */
static void
test_custom_tab (void)
{
  g_autoptr(NePrintDocument) doc = document_new (7);
  g_autoptr(NonetPrintOperation) operation = nonet_print_operation_new (doc);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-print-operation-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "six.pdf", NULL);
  GtkWidget *tab = NULL;
  GtkDropDown *drop_down;
  GtkSwitch *solutions;
  GtkEditable *title;

  ne_print_document_set_solutions (doc, TRUE);
  tab = custom_tab_new (operation, &drop_down, &solutions);
  /* It starts from the document: 4 a page, solutions on. */
  g_assert_cmpuint (gtk_drop_down_get_selected (drop_down), ==, 2);
  g_assert_true (gtk_switch_get_active (solutions));

  title = GTK_EDITABLE (find_widget (tab, GTK_TYPE_ENTRY));
  g_assert_nonnull (title);
  g_assert_cmpstr (gtk_editable_get_text (title), ==, "Printed through GTK");

  gtk_drop_down_set_selected (drop_down, 3);
  gtk_switch_set_active (solutions, FALSE);
  gtk_editable_set_text (title, "Six a page");
  g_signal_emit_by_name (operation, "custom-widget-apply", tab);
  g_object_unref (tab);
  g_assert_cmpuint (ne_print_document_get_per_page (doc), ==, 6);
  g_assert_false (ne_print_document_get_solutions (doc));
  g_assert_cmpstr (ne_print_document_get_title (doc), ==, "Six a page");

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


/* Export PDF asks for the options first: 1 a page and solution pages give
 * a page for each puzzle and the solutions after them, under the title
 * given; the Puzzles tab of the next print starts from those choices, and
 * what it sets is what Export PDF shows next. */
static void
test_export_options (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(NePrintDocument) doc = document_new (3);
  g_autoptr(NePrintDocument) next_doc = document_new (5);
  g_autoptr(NePrintDocument) last_doc = document_new (2);
  g_autoptr(NonetPrintOperation) operation = NULL;
  g_autoptr(NonetPrintOperation) next = NULL;
  g_autoptr(NonetPrintOperation) last = NULL;
  g_autoptr(GError) outcome = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-print-operation-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "options.pdf", NULL);
  g_autofree char *text = NULL;
  GtkWidget *tab;
  GtkDropDown *drop_down;
  GtkSwitch *solutions;

  if (!have_poppler ())
    {
      g_test_skip ("poppler-utils (pdfinfo, pdftotext) is not installed");
      return;
    }
  g_settings_reset (settings, "print-per-page");
  g_settings_reset (settings, "print-solutions");

  operation = nonet_print_operation_new (doc);
  /* 1 a page (the first choice), solutions on. */
  outcome = export_through_dialogs (operation, TRUE, 0, TRUE, "Three to try");
  g_assert_error (outcome, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* They are the document's, for the file chosen next: 3 puzzles one a
   * page, then 1 page of their solutions. */
  g_assert_true (nonet_print_operation_export_pdf (operation, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pdf_pages (path), ==, 4);
  text = run_tool ("pdftotext", path);
  g_assert_nonnull (strstr (text, "Three to try"));
  g_assert_nonnull (strstr (text, "Three to try: solutions"));
  g_assert_nonnull (strstr (text, "Page 4 of 4"));
  g_assert_cmpint (g_settings_get_int (settings, "print-per-page"), ==, 1);
  g_assert_true (g_settings_get_boolean (settings, "print-solutions"));

  /* The next print starts from them. */
  next = nonet_print_operation_new (next_doc);
  tab = custom_tab_new (next, &drop_down, &solutions);
  g_assert_cmpuint (gtk_drop_down_get_selected (drop_down), ==, 0);
  g_assert_true (gtk_switch_get_active (solutions));
  /* And back: 6 a page without solutions, chosen there... */
  gtk_drop_down_set_selected (drop_down, 3);
  gtk_switch_set_active (solutions, FALSE);
  g_signal_emit_by_name (next, "custom-widget-apply", tab);
  g_object_unref (tab);
  g_assert_cmpint (g_settings_get_int (settings, "print-per-page"), ==, 6);
  g_assert_false (g_settings_get_boolean (settings, "print-solutions"));

  /* ...are what Export PDF starts from, and a cancel changes nothing. */
  last = nonet_print_operation_new (last_doc);
  g_assert_cmpuint (ne_print_document_get_per_page (last_doc), ==, 6);
  g_assert_false (ne_print_document_get_solutions (last_doc));
  g_clear_error (&outcome);
  outcome = export_through_dialogs (last, FALSE, 0, TRUE, "");
  g_assert_error (outcome, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_settings_get_int (settings, "print-per-page"), ==, 6);
  g_assert_false (g_settings_get_boolean (settings, "print-solutions"));

  g_unlink (path);
  g_rmdir (dir);
}

/* A single puzzle fills its page whatever was chosen for several, and its
 * own print does not change that choice. */
static void
test_single_puzzle_per_page (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(NePrintDocument) doc = document_new (1);
  g_autoptr(NonetPrintOperation) operation = NULL;
  GtkWidget *tab;
  GtkDropDown *drop_down;
  GtkSwitch *solutions;

  g_settings_set_int (settings, "print-per-page", 6);
  operation = nonet_print_operation_new (doc);
  g_assert_cmpuint (ne_print_document_get_per_page (doc), ==, 1);
  tab = custom_tab_new (operation, &drop_down, &solutions);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (drop_down)));
  gtk_switch_set_active (solutions, TRUE);
  g_signal_emit_by_name (operation, "custom-widget-apply", tab);
  g_object_unref (tab);
  g_assert_cmpuint (ne_print_document_get_per_page (doc), ==, 1);
  g_assert_cmpint (g_settings_get_int (settings, "print-per-page"), ==, 6);
  g_assert_true (g_settings_get_boolean (settings, "print-solutions"));
  g_settings_reset (settings, "print-per-page");
  g_settings_reset (settings, "print-solutions");
}

/* A puzzle of the library without a title of its own is captioned with
 * what it is (its ID), never with its row id ("#1"). */
static void
test_stored_caption (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-print-operation-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "library.db", NULL);
  g_autofree char *path = g_build_filename (dir, "stored.pdf", NULL);
  g_autoptr(NeStore) store = ne_store_open (db, &error);
  g_autoptr(NePrintDocument) doc = ne_print_document_new ();
  g_autoptr(NonetPrintOperation) operation = NULL;
  g_autoptr(GRegex) row_id = g_regex_new ("#[0-9]", 0, 0, NULL);
  g_autofree char *text = NULL;
  /* No famous puzzle (those have names): a solution with a third cleared. */
  NcGrid solution = grid_from_line (EULER1_SOLUTION), givens = solution;
  NePuzzleInfo info = { 0 };
  g_autofree char *title = NULL;
  NePrintPuzzle puzzle;
  gint64 id;

  g_assert_no_error (error);
  for (guint i = 0; i < NC_CELLS; i += 3)
    givens.cell[i] = 0;
  id = ne_store_add_puzzle (store, &givens, &solution, "N1-24-r2-7QK3ZP", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_true (nonet_print_puzzle_init_stored (&puzzle, store, id, &info, &title));
  g_assert_null (puzzle.title);
  g_assert_cmpstr (puzzle.id, ==, "N1-24-r2-7QK3ZP");
  ne_print_document_add_puzzle (doc, &puzzle);
  ne_puzzle_info_clear (&info);

  if (!have_poppler ())
    {
      g_test_skip ("poppler-utils (pdfinfo, pdftotext) is not installed");
      return;
    }
  operation = nonet_print_operation_new (doc);
  ne_print_document_set_solutions (doc, TRUE);
  g_assert_true (nonet_print_operation_export_pdf (operation, path, &error));
  g_assert_no_error (error);
  text = run_tool ("pdftotext", path);
  g_assert_nonnull (strstr (text, "1. N1-24-r2-7QK3ZP · 54 clues"));
  g_assert_false (g_regex_match (row_id, text, 0, NULL));

  g_clear_object (&store);
  g_unlink (path);
  g_unlink (db);
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
  g_test_add_func ("/print-operation/export-options", test_export_options);
  g_test_add_func ("/print-operation/single-puzzle-per-page", test_single_puzzle_per_page);
  g_test_add_func ("/print-operation/stored-caption", test_stored_caption);

  return g_test_run ();
}
