/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-print-operation.h: printing puzzles through GTK's print dialog, and
 * exporting them to a PDF the same way. The pages are those of an
 * NePrintDocument, drawn by ne-print; a "Puzzles" tab in the dialog sets
 * how many go on a page, whether the solutions follow and the pages'
 * title, and Export PDF
 * asks the same first. Both start from, and write back to, the settings
 * print-per-page and print-solutions. */
#pragma once

#include <adwaita.h>

#include "ne-print.h"
#include "ne-store.h"

G_BEGIN_DECLS

#define NONET_TYPE_PRINT_OPERATION (nonet_print_operation_get_type ())

G_DECLARE_FINAL_TYPE (NonetPrintOperation, nonet_print_operation, NONET, PRINT_OPERATION, GtkPrintOperation)

/* Takes a reference on document and sets its options to the last ones
 * chosen (a document of one puzzle is one to its page); those are what the
 * dialog starts with, and its choices are written back to it. The page setup
 * starts as the locale's paper (A4 or Letter) in portrait. */
NonetPrintOperation *nonet_print_operation_new          (NePrintDocument     *document);
NePrintDocument     *nonet_print_operation_get_document (NonetPrintOperation *self);

/* Shows the print dialog over parent and returns at once; the operation
 * keeps itself alive until printing is done, and shows any error in a
 * dialog over parent. */
void                 nonet_print_operation_run          (NonetPrintOperation *self,
                                                         GtkWindow           *parent);

/* Writes the PDF without a dialog (a display is still needed). Like
 * ne_print_write_pdf, it goes to path with ne_output_write: a file appears
 * whole or not at all, a link, a pipe or a device is written through. */
gboolean             nonet_print_operation_export_pdf   (NonetPrintOperation *self,
                                                         const char          *path,
                                                         GError             **error);

/* Asks for the options (a NonetExportDialog over parent), then where to
 * save the PDF with a file chooser, suggesting suggested_name, then writes
 * it with nonet_print_operation_export_pdf. A failure to write is shown in
 * a dialog over parent. _finish returns the file written, or NULL with
 * G_IO_ERROR_CANCELLED when the person cancelled the options or the
 * chooser, or the error already shown. */
void                 nonet_print_operation_export_pdf_async  (NonetPrintOperation *self,
                                                              GtkWindow           *parent,
                                                              const char          *suggested_name,
                                                              GAsyncReadyCallback  callback,
                                                              gpointer             user_data);
GFile               *nonet_print_operation_export_pdf_finish (NonetPrintOperation *self,
                                                              GAsyncResult        *result,
                                                              GError             **error);

/* nonet_print_operation_export_pdf_async, then “Saved “name”” in a toast
 * on overlay when a file was written. */
void                 nonet_print_operation_export_pdf_with_toast (NonetPrintOperation *self,
                                                                  GtkWindow           *parent,
                                                                  const char          *suggested_name,
                                                                  AdwToastOverlay     *overlay);

/* Fills puzzle with what the library holds of puzzle_id: its givens, its
 * solution when known, its ID (its source: a generated puzzle's N1-... ID,
 * or where it came from), its grade's name and its own title, if any;
 * never the library's row id. The pointers are
 * borrowed from *info and *title, for the caller to clear and free. FALSE
 * when the puzzle cannot be read. */
gboolean             nonet_print_puzzle_init_stored (NePrintPuzzle *puzzle,
                                                     NeStore       *store,
                                                     gint64         puzzle_id,
                                                     NePuzzleInfo  *info,
                                                     char         **title);

G_END_DECLS
