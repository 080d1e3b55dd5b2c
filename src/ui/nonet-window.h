/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window.h: the main window. */
#pragma once

#include <adwaita.h>

#include "nonet-application.h"

G_BEGIN_DECLS

#define NONET_TYPE_WINDOW (nonet_window_get_type ())

G_DECLARE_FINAL_TYPE (NonetWindow, nonet_window, NONET, WINDOW, AdwApplicationWindow)

NonetWindow   *nonet_window_new                  (NonetApplication  *application);
/* Imports files into the library, in the import dialog. */
void           nonet_window_import_files         (NonetWindow       *self,
                                                  GFile            **files,
                                                  guint              n_files);

G_END_DECLS
