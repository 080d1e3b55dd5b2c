/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-file-drop.c: files dropped on a window, as an array for whoever
 * imports them. */

#define G_LOG_DOMAIN "nonet-file-drop"

#include "config.h"

#include "nonet-file-drop.h"

typedef struct
{
  NonetFilesFunc func;
  gpointer       user_data;
} FileDrop;

static gboolean
nonet_file_drop (GtkDropTarget *target,
                 const GValue  *value,
                 double         x,
                 double         y,
                 FileDrop      *drop)
{
  GSList *list = gdk_file_list_get_files (g_value_get_boxed (value));
  g_autoptr(GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  g_slist_free (list);
  if (files->len > 0)
    drop->func ((GFile **) files->pdata, files->len, drop->user_data);
  return files->len > 0;
}

static void
file_drop_free (gpointer  data,
                GClosure *closure)
{
  g_free (data);
}

GtkDropTarget *
nonet_file_drop_target_new (NonetFilesFunc func,
                            gpointer       user_data)
{
  GtkDropTarget *target;
  FileDrop *drop;

  g_return_val_if_fail (func != NULL, NULL);

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  drop = g_new (FileDrop, 1);
  drop->func = func;
  drop->user_data = user_data;
  g_signal_connect_data (target, "drop", G_CALLBACK (nonet_file_drop), drop, file_drop_free, 0);
  return target;
}
