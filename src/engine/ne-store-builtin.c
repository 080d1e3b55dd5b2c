/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store-builtin.c: the built-in collections shipped with Nonet, imported
 * into a library the first time it is opened (and again when a newer build
 * ships more). */

#define G_LOG_DOMAIN "nonet-store"

#include "config.h"

#include "ne-store.h"
#include "ne-store-internal.h"

#include <glib/gi18n-lib.h>

#include <stdlib.h>
#include <string.h>

#include "nc-parse.h"
#include "ne-collections-resources.h"
#include "ne-import-puzzle.h"

/* Bump when the files in data/collections change: libraries that recorded
 * an older version import the built-in collections again (what they hold
 * already is skipped). */
#define BUILTIN_VERSION 1
#define BUILTIN_PATH "/io/github/nonet/Nonet/collections/"

/* The built-in version this library holds; 0 when none. */
static int
builtin_version (NeStore  *self,
                 GError  **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_GET_META);
  int version = 0;
  int rc;

  sqlite3_bind_text (stmt, 1, "builtin-version", -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    version = sqlite3_column_int (stmt, 0);
  else if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return version;
}

/* "1-easy.sdk" -> "Easy", "6-classics.sdk" -> "Classics". */
static char *
builtin_collection_name (const char *file_name)
{
  const char *start = file_name;
  char *name;
  char *dot;

  while (g_ascii_isdigit (*start))
    start++;
  if (*start == '-')
    start++;
  name = g_strdup (start);
  dot = strrchr (name, '.');
  if (dot != NULL)
    *dot = '\0';
  g_strdelimit (name, "-_", ' ');
  name[0] = g_ascii_toupper (name[0]);
  return name;
}

/* One puzzle of a built-in collection, checked unique and graded. A puzzle
 * the library holds in any form, in the trash too, is left as it is: an
 * update does not bring back one the user deleted. FALSE only when the
 * library failed. */
static gboolean
import_builtin_puzzle (NeStore         *self,
                       const char      *file_name,
                       const NcPuzzle  *puzzle,
                       gint64           collection_id,
                       guint           *n_added,
                       GError         **error)
{
  GError *local_error = NULL;

  if (ne_store_find_equivalent (self, &puzzle->grid, &local_error) != 0)
    return TRUE;
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  switch (ne_import_add_puzzle (self, puzzle, collection_id, NULL, NULL, NULL, error))
    {
    case NE_IMPORT_ADDED:
      (*n_added)++;
      return TRUE;
    case NE_IMPORT_DUPLICATE:
      return TRUE;
    case NE_IMPORT_FAILED:
      return FALSE;
    case NE_IMPORT_CONFLICT:
    case NE_IMPORT_NO_SOLUTION:
    case NE_IMPORT_MANY_SOLUTIONS:
    case NE_IMPORT_INVALID:
    default:
      g_warning ("Built-in collection %s: the puzzle at line %d does not have exactly "
                 "one solution", file_name, puzzle->line);
      return TRUE;
    }
}

/* One .sdk file: a collection of its puzzles (import_builtin_puzzle). */
static gboolean
import_builtin_file (NeStore     *self,
                     const char  *file_name,
                     GBytes      *bytes,
                     guint       *n_added,
                     GError     **error)
{
  g_autofree char *name = builtin_collection_name (file_name);
  NcReader *reader;
  NcPuzzle puzzle;
  NcParseError parse_error;
  NcReadResult result;
  gsize len = 0;
  const char *text = g_bytes_get_data (bytes, &len);
  gint64 collection_id;
  gboolean ok = TRUE;

  collection_id = ne_store_insert_collection (self, name, TRUE, error);
  if (collection_id == 0)
    return FALSE;

  reader = nc_reader_new (text, len);
  nc_puzzle_init (&puzzle);
  while (ok && (result = nc_reader_next (reader, &puzzle, &parse_error)) != NC_READ_END)
    {
      /* A bad puzzle here is a mistake in what Nonet ships (the tests
       * catch it); the others still go in. */
      if (result == NC_READ_ERROR)
        g_warning ("Built-in collection %s: a bad puzzle at line %d", file_name, parse_error.line);
      else
        ok = import_builtin_puzzle (self, file_name, &puzzle, collection_id, n_added, error);
      nc_puzzle_clear (&puzzle);
    }
  nc_puzzle_clear (&puzzle);
  nc_reader_free (reader);
  return ok;
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Imports the built-in collections inside a transaction, unless another
 * connection did it first. */
static gboolean
import_builtin (NeStore  *self,
                guint    *n_added,
                GError  **error)
{
  GResource *resource = ne_collections_get_resource ();
  g_auto(GStrv) names = NULL;
  GError *local_error = NULL;
  char version[16];

  if (builtin_version (self, &local_error) >= BUILTIN_VERSION || local_error != NULL)
    {
      if (local_error != NULL)
        g_propagate_error (error, local_error);
      return local_error == NULL;
    }

  names = g_resource_enumerate_children (resource, BUILTIN_PATH,
                                         G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (names == NULL)
    return FALSE;
  qsort (names, g_strv_length (names), sizeof (char *), compare_strings);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat (BUILTIN_PATH, names[i], NULL);
      g_autoptr(GBytes) bytes = g_resource_lookup_data (resource, path,
                                                        G_RESOURCE_LOOKUP_FLAGS_NONE, error);

      if (bytes == NULL || !import_builtin_file (self, names[i], bytes, n_added, error))
        return FALSE;
    }

  g_snprintf (version, sizeof version, "%d", BUILTIN_VERSION);
  {
    sqlite3_stmt *stmt = ne_store_stmt (self, STMT_SET_META);

    sqlite3_bind_text (stmt, 1, "builtin-version", -1, SQLITE_STATIC);
    sqlite3_bind_text (stmt, 2, version, -1, SQLITE_TRANSIENT);
    return ne_store_step_change (self, stmt, error) >= 0;
  }
}

guint
ne_store_import_builtin (NeStore  *self,
                         GError  **error)
{
  GError *local_error = NULL;
  guint n_added = 0;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  /* The usual case, at every start: up to date, and no write lock taken. */
  if (builtin_version (self, &local_error) >= BUILTIN_VERSION || local_error != NULL)
    {
      if (local_error != NULL)
        g_propagate_error (error, local_error);
      return 0;
    }

  if (!ne_store_tx_begin (self, error))
    return 0;
  if (!ne_store_tx_end (self, import_builtin (self, &n_added, error), error))
    return 0;
  return n_added;
}

/* The thread of ne_store_import_builtin_async: a connection of its own. */
static void
import_builtin_thread (GTask        *task,
                       gpointer      source,
                       gpointer      task_data,
                       GCancellable *cancellable)
{
  GError *error = NULL;
  g_autoptr(NeStore) other = ne_store_open_full (task_data, FALSE, &error);
  guint n_added = 0;

  if (other != NULL)
    n_added = ne_store_import_builtin (other, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_int (task, n_added);
}

void
ne_store_import_builtin_async (NeStore             *self,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (NE_IS_STORE (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ne_store_import_builtin_async);
  /* The usual case, at every start but the first: up to date, no thread. */
  if (builtin_version (self, &error) >= BUILTIN_VERSION || error != NULL)
    {
      if (error != NULL)
        g_task_return_error (task, error);
      else
        g_task_return_int (task, 0);
      return;
    }
  g_task_set_task_data (task, g_strdup (self->path), g_free);
  g_task_run_in_thread (task, import_builtin_thread);
}

guint
ne_store_import_builtin_finish (NeStore       *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  gssize n_added;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (g_task_is_valid (result, self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  n_added = g_task_propagate_int (G_TASK (result), error);
  if (n_added > 0)
    ne_store_notify_changed (self);
  return n_added > 0 ? (guint) n_added : 0;
}
