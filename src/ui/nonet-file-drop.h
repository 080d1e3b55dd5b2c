/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-file-drop.h: a drop target that hands the files dropped on a
 * widget to a callback, for every window that takes puzzle files. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Called with the files of one drop, at least one. */
typedef void (*NonetFilesFunc) (GFile    **files,
                                guint      n_files,
                                gpointer   user_data);

/* A drop target that calls func with the files dropped; user_data must
 * outlive the target (the widget it is added to, say). */
GtkDropTarget *nonet_file_drop_target_new (NonetFilesFunc func,
                                           gpointer       user_data);

G_END_DECLS
