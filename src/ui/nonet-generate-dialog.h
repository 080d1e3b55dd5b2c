/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-generate-dialog.h: many new puzzles at once, to a clue target, a
 * symmetry and a difficulty; listed, then played, kept in the library,
 * printed or exported to a PDF. */
#pragma once

#include <adwaita.h>

#include "ne-store.h"
#include "nonet-window.h"

G_BEGIN_DECLS

#define NONET_TYPE_GENERATE_DIALOG (nonet_generate_dialog_get_type ())

G_DECLARE_FINAL_TYPE (NonetGenerateDialog, nonet_generate_dialog, NONET, GENERATE_DIALOG, AdwWindow)

/* A modal dialog over window, which plays what the dialog says to play.
 * store (NULL when the library could not open) keeps the puzzles. */
NonetGenerateDialog *nonet_generate_dialog_new (NonetWindow *window,
                                                NeStore     *store);

G_END_DECLS
