/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-import-dialog.c: asks which collection the files go into, runs
 * ne_import_file_async on each file in turn, shows its progress, and ends
 * with what was imported and every line that was not, with its reason. */

#define G_LOG_DOMAIN "nonet-import-dialog"

#include "config.h"

#include "nonet-import-dialog.h"
#include "nonet-a11y.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ne-import.h"
#include "nonet-text.h"

/* A report lists at most this many lines; the count says the rest. */
#define MAX_MESSAGES 2000

struct _NonetImportDialog
{
  AdwWindow       parent_instance;

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkStack       *stack;
  GtkLabel       *files_label;
  GtkEntry       *collection_entry;
  GtkLabel       *collection_note;
  GtkButton      *import_button;
  GtkLabel       *file_label;
  GtkProgressBar *progress_bar;
  GtkLabel       *count_label;
  GtkButton      *cancel_button;
  GtkLabel       *summary_label;
  GtkWidget      *messages_scrolled;
  GtkLabel       *messages_label;
  GtkButton      *show_library_button;
  GtkButton      *close_button;

  /* Owned */
  NeStore        *store;
  GPtrArray      *files;         /* GFile*, those still to import */
  GCancellable   *cancellable;   /* the import whose result we want */
  GString        *summary;
  GString        *messages;
  guint           n_messages;
  guint           n_files;
  char           *collection;    /* the name asked for; NULL: each file's own */
  guint           n_imported;    /* of every file so far */
  gint64          collection_id; /* of the last file imported into one; -1 for none */
};

G_DEFINE_FINAL_TYPE (NonetImportDialog, nonet_import_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_SHOW_LIBRARY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void nonet_import_dialog_next (NonetImportDialog *self);

/* A file's name without the extension, in UTF-8 (the library and GTK
 * take nothing else) whatever its bytes. */
static char *
file_collection_name (GFile *file)
{
  g_autofree char *name = nonet_file_display_name (file);
  char *dot = strrchr (name, '.');

  if (dot != NULL && dot != name)
    *dot = '\0';
  return g_steal_pointer (&name);
}

/* What a file's collection is called unless the user says otherwise: the
 * title the file gives itself, else the file's name. */
static char *
default_collection_name (GFile *file)
{
  char *title = ne_import_peek_title (file);

  return title != NULL ? title : file_collection_name (file);
}

/* The collection the file goes into: the one asked for, or its own. */
static char *
collection_name_for (NonetImportDialog *self,
                     GFile             *file)
{
  return self->collection != NULL ? g_strdup (self->collection) : default_collection_name (file);
}

static void
nonet_import_dialog_progress (guint    n_done,
                              double   fraction,
                              gpointer user_data)
{
  NonetImportDialog *self = NONET_IMPORT_DIALOG (user_data);
  g_autofree char *count = NULL;

  if (self->cancellable == NULL)
    return;
  gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (fraction, 0, 1));
  /* Translators: %'u is a number with thousands separators, e.g. "12,345 puzzles read" */
  count = g_strdup_printf (ngettext ("%'u puzzle read", "%'u puzzles read", n_done), n_done);
  gtk_label_set_label (self->count_label, count);
}

/* "Imported 1,234 puzzles into “Forum”; 3 duplicates; 2 skipped" */
static char *
describe_report (const NeImportReport *report,
                 const char           *file_name,
                 const char           *collection)
{
  GString *text = g_string_new (NULL);

  if (report->cancelled)
    g_string_append (text, _("Cancelled. "));
  if (report->n_imported == 0)
    /* Translators: %s is a file; the reasons follow, e.g. "; 3 skipped" */
    g_string_append_printf (text, _("Nothing was imported from “%s”"), file_name);
  else if (collection != NULL)
    /* Translators: %'u is a number with thousands separators, %s a collection */
    g_string_append_printf (text, ngettext ("Imported %'u puzzle into “%s”", "Imported %'u puzzles into “%s”",
                                            report->n_imported),
                            report->n_imported, collection);
  else
    g_string_append_printf (text, ngettext ("Imported %'u puzzle", "Imported %'u puzzles", report->n_imported),
                            report->n_imported);
  if (report->n_duplicates > 0)
    g_string_append_printf (text, ngettext ("; %'u duplicate", "; %'u duplicates", report->n_duplicates),
                            report->n_duplicates);
  if (report->n_skipped > 0)
    /* Translators: puzzles not imported because they are not valid */
    g_string_append_printf (text, ngettext ("; %'u skipped", "; %'u skipped", report->n_skipped),
                            report->n_skipped);
  return g_string_free (text, FALSE);
}

static void
nonet_import_dialog_add_message (NonetImportDialog *self,
                                 const char        *prefix,
                                 const char        *message)
{
  if (self->n_messages++ >= MAX_MESSAGES)
    return;
  if (self->messages->len > 0)
    g_string_append_c (self->messages, '\n');
  if (prefix != NULL)
    g_string_append_printf (self->messages, "%s: ", prefix);
  g_string_append (self->messages, message);
}

static void
nonet_import_dialog_show_report (NonetImportDialog *self)
{
  g_clear_object (&self->cancellable);

  if (self->n_messages > MAX_MESSAGES)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("… and %'u more line", "… and %'u more lines",
                                                         self->n_messages - MAX_MESSAGES),
                                               self->n_messages - MAX_MESSAGES);

      g_string_append_printf (self->messages, "\n%s", more);
    }
  gtk_label_set_label (self->summary_label, self->summary->str);
  gtk_label_set_label (self->messages_label, self->messages->str);
  gtk_widget_set_visible (self->messages_scrolled, self->messages->len > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->show_library_button), self->n_imported > 0);
  adw_window_title_set_title (self->window_title,
                              self->n_imported > 0 ? _("Import Finished") : _("Nothing Imported"));
  gtk_stack_set_visible_child_name (self->stack, "report");
  if (self->n_imported > 0)
    {
      gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->show_library_button));
      gtk_widget_grab_focus (GTK_WIDGET (self->show_library_button));
    }
  else
    {
      gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->close_button));
      gtk_widget_grab_focus (GTK_WIDGET (self->close_button));
    }
}

typedef struct
{
  NonetImportDialog *self;
  GCancellable      *cancellable;
} ImportData;

static void
import_data_free (ImportData *data)
{
  g_clear_object (&data->self);
  g_clear_object (&data->cancellable);
  g_free (data);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImportData, import_data_free)

static void
nonet_import_dialog_import_cb (GObject      *source,
                               GAsyncResult *result,
                               gpointer      user_data)
{
  g_autoptr(ImportData) data = user_data;
  NonetImportDialog *self = data->self;
  g_autoptr(NeImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_ptr_array_steal_index (self->files, 0);
  g_autofree char *display = nonet_file_display_name (file);
  g_autofree char *collection = collection_name_for (self, file);
  const char *prefix = self->n_files > 1 ? display : NULL;

  report = ne_import_file_finish (result, &error);
  /* What was committed is in the library, even after a cancel or error. */
  ne_store_notify_changed (self->store);

  /* The window went away meanwhile: nothing to show. */
  if (data->cancellable != self->cancellable || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;

  if (self->summary->len > 0)
    g_string_append_c (self->summary, '\n');
  if (report == NULL)
    {
      /* Translators: a file that could not be imported, and why */
      g_string_append_printf (self->summary, _("“%s” could not be imported: %s"), display, error->message);
    }
  else
    {
      g_autofree char *line = describe_report (report, display, collection);

      g_string_append (self->summary, line);
      for (guint i = 0; report->messages != NULL && i < report->messages->len; i++)
        nonet_import_dialog_add_message (self, prefix, g_ptr_array_index (report->messages, i));
      self->n_imported += report->n_imported;
      if (report->collection_id > 0)
        self->collection_id = report->collection_id;
    }

  if (report != NULL && report->cancelled)
    g_ptr_array_set_size (self->files, 0);
  nonet_import_dialog_next (self);
}

static void
nonet_import_dialog_next (NonetImportDialog *self)
{
  GFile *file;
  g_autofree char *display = NULL;
  g_autofree char *collection = NULL;
  g_autofree char *title = NULL;
  ImportData *data;

  if (self->files->len == 0)
    {
      nonet_import_dialog_show_report (self);
      return;
    }

  file = g_ptr_array_index (self->files, 0);
  display = nonet_file_display_name (file);
  collection = collection_name_for (self, file);
  gtk_stack_set_visible_child_name (self->stack, "progress");
  gtk_label_set_label (self->file_label, display);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_label_set_label (self->count_label, "");
  /* Translators: the window's title while importing, e.g. "Importing forum.sdk" */
  title = g_strdup_printf (_("Importing %s"), display);
  adw_window_title_set_title (self->window_title, title);

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  data = g_new0 (ImportData, 1);
  data->self = g_object_ref (self);
  data->cancellable = g_object_ref (self->cancellable);
  ne_import_file_async (ne_store_get_path (self->store), file, collection, self->cancellable,
                        nonet_import_dialog_progress, g_object_ref (self), g_object_unref,
                        nonet_import_dialog_import_cb, data);
}

/* Import: into the collection named, or each file into its own when the
 * name is left empty. */
static void
nonet_import_dialog_start (NonetImportDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->collection_entry))));

  if (self->cancellable != NULL || !gtk_widget_get_sensitive (GTK_WIDGET (self->import_button)))
    return;
  g_clear_pointer (&self->collection, g_free);
  if (name[0] != '\0')
    self->collection = g_steal_pointer (&name);
  nonet_import_dialog_next (self);
}

/* The setup page: the files, and the collection prefilled with the one
 * file's own (several files: each its own, unless a name is typed). */
static void
nonet_import_dialog_setup (NonetImportDialog *self)
{
  g_autofree char *display = nonet_file_display_name (g_ptr_array_index (self->files, 0));
  g_autofree char *files = NULL;

  if (self->n_files == 1)
    {
      g_autofree char *name = default_collection_name (g_ptr_array_index (self->files, 0));

      /* Translators: the file about to be imported */
      files = g_strdup_printf (_("Import “%s”"), display);
      gtk_editable_set_text (GTK_EDITABLE (self->collection_entry), name);
      gtk_label_set_label (self->collection_note,
                           _("The puzzles go into this collection; an existing one keeps its puzzles."));
    }
  else
    {
      files = g_strdup_printf (ngettext ("Import %u file", "Import %u files", self->n_files), self->n_files);
      gtk_entry_set_placeholder_text (self->collection_entry, _("Named after each file"));
      gtk_label_set_label (self->collection_note,
                           _("Leave it empty to put each file into a collection named after it."));
    }
  gtk_label_set_label (self->files_label, files);
  gtk_stack_set_visible_child_name (self->stack, "setup");
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->import_button));
  gtk_widget_grab_focus (GTK_WIDGET (self->collection_entry));
}

static void
nonet_import_dialog_cancel (NonetImportDialog *self)
{
  g_cancellable_cancel (self->cancellable);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), FALSE);
  gtk_label_set_label (self->count_label, _("Cancelling…"));
}

static void
nonet_import_dialog_show_library (NonetImportDialog *self)
{
  g_signal_emit (self, signals[SIGNAL_SHOW_LIBRARY], 0, self->collection_id);
  gtk_window_close (GTK_WINDOW (self));
}

/* Closing the window while it imports cancels the import. */
static gboolean
nonet_import_dialog_close_request (GtkWindow *window)
{
  NonetImportDialog *self = NONET_IMPORT_DIALOG (window);

  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  return GTK_WINDOW_CLASS (nonet_import_dialog_parent_class)->close_request (window);
}

static void
nonet_import_dialog_dispose (GObject *object)
{
  NonetImportDialog *self = NONET_IMPORT_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), NONET_TYPE_IMPORT_DIALOG);

  G_OBJECT_CLASS (nonet_import_dialog_parent_class)->dispose (object);
}

static void
nonet_import_dialog_finalize (GObject *object)
{
  NonetImportDialog *self = NONET_IMPORT_DIALOG (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->files, g_ptr_array_unref);
  g_free (self->collection);
  g_string_free (self->summary, TRUE);
  g_string_free (self->messages, TRUE);

  G_OBJECT_CLASS (nonet_import_dialog_parent_class)->finalize (object);
}

static void
nonet_import_dialog_class_init (NonetImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = nonet_import_dialog_dispose;
  object_class->finalize = nonet_import_dialog_finalize;
  window_class->close_request = nonet_import_dialog_close_request;

  signals[SIGNAL_SHOW_LIBRARY] =
    g_signal_new ("show-library", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, files_label);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, collection_note);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, collection_entry);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, import_button);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, close_button);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, file_label);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, count_label);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, messages_scrolled);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, messages_label);
  gtk_widget_class_bind_template_child (widget_class, NonetImportDialog, show_library_button);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nonet_import_dialog_init (NonetImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->files = g_ptr_array_new_with_free_func (g_object_unref);
  self->summary = g_string_new (NULL);
  self->messages = g_string_new (NULL);
  self->collection_id = -1;
  g_signal_connect_object (self->cancel_button, "clicked",
                           G_CALLBACK (nonet_import_dialog_cancel), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->show_library_button, "clicked",
                           G_CALLBACK (nonet_import_dialog_show_library), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->import_button, "clicked",
                           G_CALLBACK (nonet_import_dialog_start), self, G_CONNECT_SWAPPED);
  nonet_a11y_quiet_class_names (GTK_WIDGET (self));
}

NonetImportDialog *
nonet_import_dialog_new (GtkWindow  *parent,
                         NeStore    *store,
                         GFile     **files,
                         guint       n_files)
{
  NonetImportDialog *self;

  g_return_val_if_fail (NE_IS_STORE (store), NULL);
  g_return_val_if_fail (n_files > 0, NULL);

  self = g_object_new (NONET_TYPE_IMPORT_DIALOG,
                       "transient-for", parent,
                       "application", parent != NULL ? gtk_window_get_application (parent) : NULL,
                       NULL);
  self->store = g_object_ref (store);
  self->n_files = n_files;
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->files, g_object_ref (files[i]));
  nonet_import_dialog_setup (self);
  return self;
}
