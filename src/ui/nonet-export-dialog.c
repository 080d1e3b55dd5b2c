/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-export-dialog.c: the options of Export PDF, asked before the file
 * chooser. A dialog of its own rather than choices inside the chooser: a
 * chooser's choices (gtk_file_chooser_add_choice) take no text, so the
 * title could not be among them, and a portal's chooser may show them
 * differently or not at all. */

#define G_LOG_DOMAIN "nonet-export-dialog"

#include "config.h"

#include "nonet-export-dialog.h"
#include "nonet-a11y.h"

/* The rows of the per-page drop-downs, in order. */
static const guint per_page_choices[] = { 1, 2, 4, 6 };

guint
nonet_print_per_page_row (guint per_page)
{
  for (guint i = 0; i < G_N_ELEMENTS (per_page_choices); i++)
    if (per_page_choices[i] == per_page)
      return i;
  return G_MAXUINT;
}

guint
nonet_print_per_page_of_row (guint row)
{
  return row < G_N_ELEMENTS (per_page_choices) ? per_page_choices[row] : 0;
}

struct _NonetExportDialog
{
  AdwWindow         parent_instance;

  /* Template widgets */
  AdwEntryRow      *title_row;
  AdwComboRow      *per_page_row;
  GtkSwitch        *solutions_switch;
  GtkButton        *export_button;

  /* Owned */
  NePrintDocument  *document;
  gboolean          done;
};

G_DEFINE_FINAL_TYPE (NonetExportDialog, nonet_export_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
nonet_export_dialog_finish (NonetExportDialog *self,
                            gboolean           exported)
{
  if (self->done)
    return;
  self->done = TRUE;
  g_signal_emit (self, signals[SIGNAL_DONE], 0, exported);
}

static void
on_export_clicked (NonetExportDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->per_page_row);

  if (nonet_print_per_page_of_row (selected) != 0 && ne_print_document_get_n_puzzles (self->document) > 1)
    ne_print_document_set_per_page (self->document, nonet_print_per_page_of_row (selected));
  ne_print_document_set_solutions (self->document, gtk_switch_get_active (self->solutions_switch));
  ne_print_document_set_title (self->document, gtk_editable_get_text (GTK_EDITABLE (self->title_row)));
  nonet_export_dialog_finish (self, TRUE);
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
on_close_request (NonetExportDialog *self)
{
  nonet_export_dialog_finish (self, FALSE);
  return FALSE;
}

/* The focus starts on Export…, the default: Return exports at once, and Tab
 * goes on to the options. GTK would start on Cancel, the first in line. */
static void
nonet_export_dialog_map (GtkWidget *widget)
{
  NonetExportDialog *self = NONET_EXPORT_DIALOG (widget);

  GTK_WIDGET_CLASS (nonet_export_dialog_parent_class)->map (widget);
  gtk_widget_grab_focus (GTK_WIDGET (self->export_button));
}

static void
nonet_export_dialog_dispose (GObject *object)
{
  NonetExportDialog *self = NONET_EXPORT_DIALOG (object);

  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), NONET_TYPE_EXPORT_DIALOG);

  G_OBJECT_CLASS (nonet_export_dialog_parent_class)->dispose (object);
}

static void
nonet_export_dialog_class_init (NonetExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nonet_export_dialog_dispose;
  widget_class->map = nonet_export_dialog_map;

  signals[SIGNAL_DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetExportDialog, title_row);
  gtk_widget_class_bind_template_child (widget_class, NonetExportDialog, per_page_row);
  gtk_widget_class_bind_template_child (widget_class, NonetExportDialog, solutions_switch);
  gtk_widget_class_bind_template_child (widget_class, NonetExportDialog, export_button);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nonet_export_dialog_init (NonetExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (on_export_clicked), self);
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request), NULL);
  nonet_a11y_quiet_class_names (GTK_WIDGET (self));
}

NonetExportDialog *
nonet_export_dialog_new (GtkWindow       *parent,
                         NePrintDocument *document)
{
  NonetExportDialog *self;
  const char *title;
  guint per_page;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (NE_IS_PRINT_DOCUMENT (document), NULL);

  self = g_object_new (NONET_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  title = ne_print_document_get_title (document);
  gtk_editable_set_text (GTK_EDITABLE (self->title_row), title != NULL ? title : "");
  per_page = ne_print_document_get_per_page (document);
  if (nonet_print_per_page_row (per_page) != G_MAXUINT)
    adw_combo_row_set_selected (self->per_page_row, nonet_print_per_page_row (per_page));
  gtk_widget_set_visible (GTK_WIDGET (self->per_page_row), ne_print_document_get_n_puzzles (document) > 1);
  gtk_switch_set_active (self->solutions_switch, ne_print_document_get_solutions (document));
  return self;
}
