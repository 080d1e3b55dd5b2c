/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-library-dialogs.h: the small dialogs that edit what the library
 * says about puzzles (title, notes, collection) and its collections. */
#pragma once

#include <adwaita.h>

#include "ne-store.h"

G_BEGIN_DECLS

/* Says a failed library change in a message dialog over parent. */
void        nonet_library_show_error        (GtkWindow    *parent,
                                             const char   *heading,
                                             const GError *error);

void        nonet_library_rename_dialog     (GtkWindow    *parent,
                                             NeStore      *store,
                                             gint64        puzzle_id);
void        nonet_library_notes_dialog      (GtkWindow    *parent,
                                             NeStore      *store,
                                             gint64        puzzle_id);
void        nonet_library_move_dialog       (GtkWindow    *parent,
                                             NeStore      *store,
                                             const gint64 *ids,
                                             guint         n_ids);
/* Title, collection and notes of a puzzle already stored (the one in play). */
void        nonet_library_add_dialog        (GtkWindow    *parent,
                                             NeStore      *store,
                                             gint64        puzzle_id);
/* Lists the collections: rename or delete those not built in. */
void        nonet_library_collections_dialog (GtkWindow   *parent,
                                              NeStore     *store);

G_END_DECLS
