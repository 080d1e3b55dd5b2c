/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-print-operation.c: GtkPrintOperation over an NePrintDocument. The
 * page count is taken at begin-print, after the dialog's Puzzles tab has
 * written its choices to the document, so they re-paginate the job. The
 * Puzzles tab and Export PDF's options start from the same settings
 * (print-per-page, print-solutions) and write back what was chosen. */

#define G_LOG_DOMAIN "nonet-print-operation"

#include "config.h"

#include "nonet-print-operation.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "nc-generate.h"
#include "ne-messages.h"
#include "ne-output.h"
#include "nonet-export-dialog.h"
#include "nonet-text.h"

struct _NonetPrintOperation
{
  GtkPrintOperation  parent_instance;

  /* Owned */
  NePrintDocument   *document;
  GSettings         *settings;

  /* Borrowed: the Puzzles tab, between create-custom-widget and
   * custom-widget-apply */
  GtkDropDown       *per_page_drop_down;
  GtkSwitch         *solutions_switch;
  GtkEntry          *title_entry;
  /* Weak: where errors of an asynchronous run are shown */
  GtkWindow         *parent;
};

G_DEFINE_FINAL_TYPE (NonetPrintOperation, nonet_print_operation, GTK_TYPE_PRINT_OPERATION)

/* A single puzzle is always one to its page: its choice of per page is not
 * one to remember. */
static gboolean
nonet_print_operation_has_per_page (NonetPrintOperation *self)
{
  return ne_print_document_get_n_puzzles (self->document) > 1;
}

/* What was chosen, for the next Print or Export PDF. */
static void
nonet_print_operation_save_options (NonetPrintOperation *self)
{
  if (nonet_print_operation_has_per_page (self))
    g_settings_set_int (self->settings, "print-per-page", (int) ne_print_document_get_per_page (self->document));
  g_settings_set_boolean (self->settings, "print-solutions", ne_print_document_get_solutions (self->document));
}

static void
nonet_print_operation_begin_print (GtkPrintOperation *operation,
                                   GtkPrintContext   *context)
{
  NonetPrintOperation *self = NONET_PRINT_OPERATION (operation);

  gtk_print_operation_set_n_pages (operation, (int) ne_print_document_get_n_pages (self->document));
}

static void
nonet_print_operation_draw_page (GtkPrintOperation *operation,
                                 GtkPrintContext   *context,
                                 int                page_nr)
{
  NonetPrintOperation *self = NONET_PRINT_OPERATION (operation);

  /* With GTK_UNIT_POINTS and no full page, user space is the printable
   * area in points: the page setup's margins are already honoured. */
  ne_print_document_draw_page (self->document, gtk_print_context_get_cairo_context (context), (guint) page_nr,
                               gtk_print_context_get_width (context), gtk_print_context_get_height (context));
}

static GtkWidget *
add_row (GtkGrid    *grid,
         int         row,
         const char *mnemonic,
         GtkWidget  *control)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), control);
  gtk_widget_set_halign (control, GTK_ALIGN_START);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, control, 1, row, 1, 1);
  return control;
}

static GtkWidget *
nonet_print_operation_create_custom_widget (GtkPrintOperation *operation)
{
  NonetPrintOperation *self = NONET_PRINT_OPERATION (operation);
  const char *const choices[] = { "1", "2", "4", "6", NULL };
  GtkWidget *grid = gtk_grid_new ();
  guint per_page = ne_print_document_get_per_page (self->document);
  const char *title = ne_print_document_get_title (self->document);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  g_object_set (grid, "margin-top", 18, "margin-bottom", 18, "margin-start", 18, "margin-end", 18, NULL);

  self->per_page_drop_down = GTK_DROP_DOWN (add_row (GTK_GRID (grid), 0, _("_Puzzles per page"),
                                                     gtk_drop_down_new_from_strings (choices)));
  gtk_widget_set_visible (gtk_widget_get_prev_sibling (GTK_WIDGET (self->per_page_drop_down)),
                          nonet_print_operation_has_per_page (self));
  gtk_widget_set_visible (GTK_WIDGET (self->per_page_drop_down), nonet_print_operation_has_per_page (self));
  if (nonet_print_per_page_row (per_page) != G_MAXUINT)
    gtk_drop_down_set_selected (self->per_page_drop_down, nonet_print_per_page_row (per_page));

  self->solutions_switch = GTK_SWITCH (add_row (GTK_GRID (grid), 1, _("_Solution pages"), gtk_switch_new ()));
  gtk_switch_set_active (self->solutions_switch, ne_print_document_get_solutions (self->document));

  self->title_entry = GTK_ENTRY (add_row (GTK_GRID (grid), 2, _("_Title"), gtk_entry_new ()));
  gtk_editable_set_text (GTK_EDITABLE (self->title_entry), title != NULL ? title : "");
  gtk_editable_set_width_chars (GTK_EDITABLE (self->title_entry), 30);
  gtk_entry_set_activates_default (self->title_entry, TRUE);

  return grid;
}

static void
nonet_print_operation_custom_widget_apply (GtkPrintOperation *operation,
                                           GtkWidget         *widget)
{
  NonetPrintOperation *self = NONET_PRINT_OPERATION (operation);
  guint selected;

  g_return_if_fail (self->per_page_drop_down != NULL);

  selected = gtk_drop_down_get_selected (self->per_page_drop_down);
  if (nonet_print_per_page_of_row (selected) != 0 && nonet_print_operation_has_per_page (self))
    ne_print_document_set_per_page (self->document, nonet_print_per_page_of_row (selected));
  ne_print_document_set_solutions (self->document, gtk_switch_get_active (self->solutions_switch));
  ne_print_document_set_title (self->document, gtk_editable_get_text (GTK_EDITABLE (self->title_entry)));
  nonet_print_operation_save_options (self);
  self->per_page_drop_down = NULL;
  self->solutions_switch = NULL;
  self->title_entry = NULL;
}

static void
show_error (GtkWindow    *parent,
            const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, _("Could Not Print"), error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
nonet_print_operation_done (GtkPrintOperation      *operation,
                            GtkPrintOperationResult result)
{
  NonetPrintOperation *self = NONET_PRINT_OPERATION (operation);
  g_autoptr(GError) error = NULL;

  if (result != GTK_PRINT_OPERATION_RESULT_ERROR || self->parent == NULL)
    return;

  gtk_print_operation_get_error (operation, &error);
  if (error != NULL)
    show_error (self->parent, error);
}

static void
nonet_print_operation_dispose (GObject *object)
{
  NonetPrintOperation *self = NONET_PRINT_OPERATION (object);

  g_clear_weak_pointer (&self->parent);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (nonet_print_operation_parent_class)->dispose (object);
}

static void
nonet_print_operation_class_init (NonetPrintOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkPrintOperationClass *operation_class = GTK_PRINT_OPERATION_CLASS (klass);

  object_class->dispose = nonet_print_operation_dispose;
  operation_class->begin_print = nonet_print_operation_begin_print;
  operation_class->draw_page = nonet_print_operation_draw_page;
  operation_class->create_custom_widget = nonet_print_operation_create_custom_widget;
  operation_class->custom_widget_apply = nonet_print_operation_custom_widget_apply;
  operation_class->done = nonet_print_operation_done;
}

static void
nonet_print_operation_init (NonetPrintOperation *self)
{
  GtkPrintOperation *operation = GTK_PRINT_OPERATION (self);
  /* The locale's paper, with its usual margins. */
  g_autoptr(GtkPageSetup) page_setup = gtk_page_setup_new ();

  gtk_print_operation_set_default_page_setup (operation, page_setup);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  gtk_print_operation_set_custom_tab_label (operation, _("Puzzles"));
  self->settings = g_settings_new (APP_ID);
}

NonetPrintOperation *
nonet_print_operation_new (NePrintDocument *document)
{
  NonetPrintOperation *self;
  const char *title;
  guint per_page;

  g_return_val_if_fail (NE_IS_PRINT_DOCUMENT (document), NULL);

  self = g_object_new (NONET_TYPE_PRINT_OPERATION, NULL);
  self->document = g_object_ref (document);
  /* The last choices, from the print dialog or Export PDF alike. */
  per_page = (guint) g_settings_get_int (self->settings, "print-per-page");
  if (!nonet_print_operation_has_per_page (self))
    ne_print_document_set_per_page (document, 1);
  else if (ne_print_per_page_is_valid (per_page))
    ne_print_document_set_per_page (document, per_page);
  ne_print_document_set_solutions (document, g_settings_get_boolean (self->settings, "print-solutions"));
  title = ne_print_document_get_title (document);
  gtk_print_operation_set_job_name (GTK_PRINT_OPERATION (self), title != NULL ? title : _("Sudoku puzzles"));
  return self;
}

NePrintDocument *
nonet_print_operation_get_document (NonetPrintOperation *self)
{
  g_return_val_if_fail (NONET_IS_PRINT_OPERATION (self), NULL);

  return self->document;
}

static void
on_done_release (GtkPrintOperation      *operation,
                 GtkPrintOperationResult result,
                 gpointer                user_data)
{
  g_signal_handlers_disconnect_by_func (operation, on_done_release, user_data);
  g_object_unref (operation);
}

void
nonet_print_operation_run (NonetPrintOperation *self,
                           GtkWindow           *parent)
{
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;
  gulong done_id;

  g_return_if_fail (NONET_IS_PRINT_OPERATION (self));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  g_set_weak_pointer (&self->parent, parent);
  gtk_print_operation_set_allow_async (GTK_PRINT_OPERATION (self), TRUE);
  /* Alive until done, whoever else lets go of it. */
  done_id = g_signal_connect_after (g_object_ref (self), "done", G_CALLBACK (on_done_release), NULL);
  result = gtk_print_operation_run (GTK_PRINT_OPERATION (self), GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                    parent, &error);
  /* Finished already, and done not (yet) emitted: let go here. */
  if (result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS && g_signal_handler_is_connected (self, done_id))
    {
      g_signal_handler_disconnect (self, done_id);
      g_object_unref (self);
    }
  /* An error before the job started is returned, not sent through done. */
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR && error != NULL && parent != NULL)
    show_error (parent, error);
}

gboolean
nonet_print_operation_export_pdf (NonetPrintOperation *self,
                                  const char          *path,
                                  GError             **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *tmp_path = NULL;
  g_autofree char *pdf = NULL;
  g_autoptr(GError) local_error = NULL;
  GtkPrintOperationResult result;
  gsize len = 0;
  gboolean ok;

  g_return_val_if_fail (NONET_IS_PRINT_OPERATION (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* GTK writes a file of its own where it is told: a folder of ours, from
   * which the PDF goes to path as every output does (whole or not at all,
   * through a link, a pipe or a device). */
  dir = g_dir_make_tmp ("nonet-pdf-XXXXXX", &local_error);
  if (dir == NULL)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"), name,
                   local_error->message);
      return FALSE;
    }
  tmp_path = g_build_filename (dir, "export.pdf", NULL);
  gtk_print_operation_set_export_filename (GTK_PRINT_OPERATION (self), tmp_path);
  result = gtk_print_operation_run (GTK_PRINT_OPERATION (self), GTK_PRINT_OPERATION_ACTION_EXPORT,
                                    NULL, &local_error);
  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    g_file_get_contents (tmp_path, &pdf, &len, &local_error);
  if (pdf == NULL)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"), name,
                   local_error != NULL ? local_error->message : _("the print system failed"));
      ok = FALSE;
    }
  else
    ok = ne_output_write (path, pdf, len, error);
  g_unlink (tmp_path);
  g_rmdir (dir);
  return ok;
}

static void
export_pdf_response (GtkNativeDialog *chooser,
                     int              response,
                     gpointer         user_data)
{
  g_autoptr(GTask) task = user_data;
  NonetPrintOperation *self = g_task_get_source_object (task);
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  GError *error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);

  if (file == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("No file was chosen"));
      return;
    }
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("Could not write %s: only local files can be written"), uri);
      return;
    }
  if (!nonet_print_operation_export_pdf (self, path, &error))
    {
      if (self->parent != NULL)
        show_error (self->parent, error);
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, g_steal_pointer (&file), g_object_unref);
}

/* The options were chosen: where to write them. */
static void
on_export_options_done (NonetExportDialog *dialog,
                        gboolean           exported,
                        gpointer           user_data)
{
  GTask *task = user_data;
  NonetPrintOperation *self = g_task_get_source_object (task);
  const char *suggested_name = g_task_get_task_data (task);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) pdf = NULL;

  if (!exported)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("No file was chosen"));
      g_object_unref (task);
      return;
    }
  nonet_print_operation_save_options (self);

  chooser = gtk_file_chooser_native_new (_("Export as PDF"), self->parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser),
                                     suggested_name != NULL ? suggested_name : _("puzzles.pdf"));
  pdf = gtk_file_filter_new ();
  gtk_file_filter_set_name (pdf, _("PDF documents"));
  gtk_file_filter_add_mime_type (pdf, "application/pdf");
  gtk_file_filter_add_pattern (pdf, "*.pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), pdf);
  /* The chooser and the task live until the response. */
  g_signal_connect (chooser, "response", G_CALLBACK (export_pdf_response), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
nonet_print_operation_export_pdf_async (NonetPrintOperation *self,
                                        GtkWindow           *parent,
                                        const char          *suggested_name,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  NonetExportDialog *dialog;
  GTask *task;

  g_return_if_fail (NONET_IS_PRINT_OPERATION (self));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  g_set_weak_pointer (&self->parent, parent);
  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, nonet_print_operation_export_pdf_async);
  g_task_set_task_data (task, g_strdup (suggested_name), g_free);

  /* The options first, then the file chooser; the task lives until one of
   * them is done with. */
  dialog = nonet_export_dialog_new (parent, self->document);
  g_signal_connect (dialog, "done", G_CALLBACK (on_export_options_done), task);
  gtk_window_present (GTK_WINDOW (dialog));
}

GFile *
nonet_print_operation_export_pdf_finish (NonetPrintOperation *self,
                                         GAsyncResult        *result,
                                         GError             **error)
{
  g_return_val_if_fail (NONET_IS_PRINT_OPERATION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
export_pdf_toast_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(AdwToastOverlay) overlay = user_data;
  /* A failure was shown already. */
  g_autoptr(GFile) file = nonet_print_operation_export_pdf_finish (NONET_PRINT_OPERATION (source), result, NULL);
  g_autofree char *name = file != NULL ? nonet_file_display_name (file) : NULL;
  g_autofree char *title = name != NULL ? g_strdup_printf (_("Saved “%s”"), name) : NULL;

  if (title != NULL)
    nonet_toast_show (overlay, nonet_toast_new (title));
}

void
nonet_print_operation_export_pdf_with_toast (NonetPrintOperation *self,
                                             GtkWindow           *parent,
                                             const char          *suggested_name,
                                             AdwToastOverlay     *overlay)
{
  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));

  nonet_print_operation_export_pdf_async (self, parent, suggested_name,
                                          export_pdf_toast_cb, g_object_ref (overlay));
}

gboolean
nonet_print_puzzle_init_stored (NePrintPuzzle *puzzle,
                                NeStore       *store,
                                gint64         puzzle_id,
                                NePuzzleInfo  *info,
                                char         **title)
{
  NcGenerateParams params;

  g_return_val_if_fail (puzzle != NULL && info != NULL && title != NULL, FALSE);
  g_return_val_if_fail (NE_IS_STORE (store), FALSE);

  *puzzle = (NePrintPuzzle) { 0 };
  *title = NULL;
  if (!ne_store_get_puzzle (store, puzzle_id, info, NULL))
    return FALSE;
  /* Its own title only: how the store names an untitled puzzle is its row
   * id ("#303"), which means nothing on paper. */
  *title = g_strdup (info->title);
  puzzle->givens = info->givens;
  /* A solution is known when it is not all zero. */
  if (nc_grid_count_filled (&info->solution) == NC_CELLS)
    puzzle->solution = &info->solution;
  /* A generated puzzle's source is its ID. */
  if (info->source != NULL && nc_puzzle_id_parse (info->source, &params, NULL))
    puzzle->id = info->source;
  if (info->grade >= 0)
    puzzle->grade = ne_grade_label (info->grade);
  puzzle->title = *title;
  return TRUE;
}
