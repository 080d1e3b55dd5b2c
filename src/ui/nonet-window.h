/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window.h: the main window. */
#pragma once

#include <adwaita.h>

#include "nc-grid.h"
#include "nonet-application.h"

G_BEGIN_DECLS

#define NONET_TYPE_WINDOW (nonet_window_get_type ())

G_DECLARE_FINAL_TYPE (NonetWindow, nonet_window, NONET, WINDOW, AdwApplicationWindow)

NonetWindow   *nonet_window_new                  (NonetApplication  *application);
/* Plays a puzzle of the library (resuming its game) and presents the window. */
void           nonet_window_open_puzzle          (NonetWindow       *self,
                                                  gint64             puzzle_id);
/* Plays a generated puzzle (kept in the library when it is open, with its
 * ID as source) and presents the window. */
void           nonet_window_play_generated       (NonetWindow       *self,
                                                  const NcGrid      *givens,
                                                  const NcGrid      *solution,
                                                  const char        *id);
/* Imports files into the library, in the import dialog. */
void           nonet_window_import_files         (NonetWindow       *self,
                                                  GFile            **files,
                                                  guint              n_files);
/* A drop target that imports the files dropped on a widget. */
GtkDropTarget *nonet_window_file_drop_target_new (NonetWindow       *self);

G_END_DECLS
