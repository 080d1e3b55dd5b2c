/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-library-window.h: the puzzle library: browse, find, open, edit. */
#pragma once

#include <adwaita.h>

#include "ne-store.h"

G_BEGIN_DECLS

#define NONET_TYPE_LIBRARY_WINDOW (nonet_library_window_get_type ())

G_DECLARE_FINAL_TYPE (NonetLibraryWindow, nonet_library_window, NONET, LIBRARY_WINDOW, AdwWindow)

/* A window over store, transient for parent. "open-puzzle" (gint64
 * puzzle_id) asks to play a puzzle; "import-files" (GFile **files, guint
 * n_files) to import files chosen or dropped. */
NonetLibraryWindow *nonet_library_window_new             (GtkWindow          *parent,
                                                          NeStore            *store);
/* Shows one collection (-1: all), every other filter cleared. */
void                nonet_library_window_show_collection (NonetLibraryWindow *self,
                                                          gint64              collection_id);

G_END_DECLS
