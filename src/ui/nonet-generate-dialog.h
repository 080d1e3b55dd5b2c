/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-generate-dialog.h: many new puzzles at once, to a clue target, a
 * symmetry and a difficulty; listed, then played, kept in the library,
 * printed or exported to a PDF. */
#pragma once

#include <adwaita.h>

#include "ne-store.h"

G_BEGIN_DECLS

#define NONET_TYPE_GENERATE_DIALOG (nonet_generate_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NonetGenerateDialog, nonet_generate_dialog, NONET, GENERATE_DIALOG, AdwWindow)

/* A modal dialog over parent. store (NULL when the library could not open)
 * keeps the puzzles. Play emits "open-puzzle" (gint64 puzzle_id) for a
 * puzzle kept, or "play-puzzle" (const NeBatchResult *result) for one the
 * library could not keep; the dialog then closes. */
NonetGenerateDialog *nonet_generate_dialog_new (GtkWindow *parent,
                                                NeStore   *store);

G_END_DECLS
