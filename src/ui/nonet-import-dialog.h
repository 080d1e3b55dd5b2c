/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-import-dialog.h: imports files into the library, with progress,
 * Cancel and a report. */
#pragma once

#include <adwaita.h>

#include "ne-store.h"

G_BEGIN_DECLS

#define NONET_TYPE_IMPORT_DIALOG (nonet_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NonetImportDialog, nonet_import_dialog, NONET, IMPORT_DIALOG, AdwWindow)

/* Starts importing files one after the other, each into a collection named
 * after the file. "show-library" (gint64 collection_id) asks to show what
 * was imported. */
NonetImportDialog *nonet_import_dialog_new (GtkWindow  *parent,
                                            NeStore    *store,
                                            GFile     **files,
                                            guint       n_files);

G_END_DECLS
