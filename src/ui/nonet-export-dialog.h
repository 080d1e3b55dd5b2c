/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-export-dialog.h: the options of Export PDF (title, puzzles per page,
 * solution pages) in a small dialog before the file chooser, the same
 * options as the print dialog's Puzzles tab. */
#pragma once

#include <adwaita.h>

#include "ne-print.h"

G_BEGIN_DECLS

#define NONET_TYPE_EXPORT_DIALOG (nonet_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NonetExportDialog, nonet_export_dialog, NONET, EXPORT_DIALOG, AdwWindow)

/* A dialog over parent that starts from document's options. Its "done"
 * signal comes once, with TRUE after Export… (the choices are then written
 * to document) or FALSE when it was closed otherwise; the dialog closes
 * itself. With a single puzzle, the per-page row is hidden. */
NonetExportDialog *nonet_export_dialog_new (GtkWindow       *parent,
                                            NePrintDocument *document);

/* The per-page choices of Export PDF and of the print dialog's Puzzles tab,
 * in the order of their drop-downs: the row of per_page (G_MAXUINT when it
 * is none of them), and the puzzles per page of a row (0 past the last). */
guint nonet_print_per_page_row    (guint per_page);
guint nonet_print_per_page_of_row (guint row);

G_END_DECLS
