/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-import.h: the importer (ne_import_file) on one input, for
 * fuzz-import.c and fuzz-opensudoku.c. The importer reads a file into a
 * library on disk, so each process makes a library once (with its
 * built-in collections) and every input is imported into a fresh copy of
 * it: the same input always meets the same library. Then the checks that
 * hold for any file: an error is a sentence about the file's content, a
 * report adds up (found = imported + duplicates + skipped, one message per
 * puzzle not imported, each "line N: ..." in UTF-8), and the library then
 * holds exactly the puzzles reported imported, in the collection named. */
#pragma once

#include <string.h>

#include "fuzz-engine.h"
#include "ne-import.h"

#define FUZZ_IMPORT_MAX_INPUT  (64 * 1024)
#define FUZZ_IMPORT_COLLECTION "Fuzz"

static char  *import_db_path;
static char  *import_input_path;
static char  *import_template;
static gsize  import_template_len;
static guint  import_template_count;

static void
import_setup (const char *input_name)
{
  g_autofree char *template_path = NULL;
  g_autofree char *template_wal = NULL;
  g_autoptr(GError) error = NULL;
  NeStore *store;

  if (import_db_path != NULL)
    return;
  template_path = fuzz_tmp_path ("template.db");
  store = ne_store_open (template_path, &error);
  FUZZ_CHECK (store != NULL);
  import_template_count = ne_store_count_puzzles (store, &error);
  FUZZ_CHECK (error == NULL && import_template_count > 0);
  g_object_unref (store);
  /* Closed, so everything is in the one file. */
  template_wal = g_strconcat (template_path, "-wal", NULL);
  FUZZ_CHECK (!g_file_test (template_wal, G_FILE_TEST_EXISTS));
  FUZZ_CHECK (g_file_get_contents (template_path, &import_template, &import_template_len, NULL));
  import_db_path = fuzz_tmp_path ("library.db");
  import_input_path = fuzz_tmp_path (input_name);
}

/* Removes a library and its WAL files, so that the next open starts afresh. */
static void
fuzz_remove_db (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
}

/* "line N: ..." or "line N, column C: ...", N >= 1, in UTF-8. */
static void
check_import_message (const char *message)
{
  const char *p;
  char *end = NULL;
  long line;

  FUZZ_CHECK (g_utf8_validate (message, -1, NULL));
  FUZZ_CHECK (g_str_has_prefix (message, "line "));
  p = message + strlen ("line ");
  FUZZ_CHECK (g_ascii_isdigit (*p));
  line = strtol (p, &end, 10);
  FUZZ_CHECK (line >= 1 && (*end == ':' || g_str_has_prefix (end, ", column ")));
}

/* Imports data as the file input_name; returns the report, or NULL and
 * the error, both checked. */
static NeImportReport *
import_checked (const uint8_t *data, size_t size, GError **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(NeStore) store = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *basename = NULL;
  NeImportReport *report;
  guint count;

  fuzz_remove_db (import_db_path);
  /* Written without a sync (nothing here must survive a crash), to new
   * files: GLib 2.74 writes over an existing one in place without
   * truncating it. */
  g_unlink (import_input_path);
  FUZZ_CHECK (g_file_set_contents_full (import_db_path, import_template, (gssize) import_template_len,
                                        G_FILE_SET_CONTENTS_NONE, 0600, NULL));
  FUZZ_CHECK (g_file_set_contents_full (import_input_path, (const char *) data, (gssize) size,
                                        G_FILE_SET_CONTENTS_NONE, 0600, NULL));
  file = g_file_new_for_path (import_input_path);
  basename = g_file_get_basename (file);

  report = ne_import_file (import_db_path, file, FUZZ_IMPORT_COLLECTION, NULL, NULL, NULL, &local_error);
  if (g_getenv ("FUZZ_VERBOSE") != NULL)
    {
      if (report == NULL)
        fprintf (stderr, "error: %s\n", local_error->message);
      else
        {
          fprintf (stderr, "found %u, imported %u, duplicates %u, skipped %u\n", report->n_found,
                   report->n_imported, report->n_duplicates, report->n_skipped);
          for (guint i = 0; i < report->messages->len; i++)
            fprintf (stderr, "  %s\n", (const char *) g_ptr_array_index (report->messages, i));
        }
    }
  if (report == NULL)
    {
      /* Only the file can be at fault: the library is a good one. */
      FUZZ_CHECK (local_error != NULL);
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        {
          fprintf (stderr, "unexpected error: %s\n", local_error->message);
          FUZZ_CHECK (!"an import fails only for the file's content");
        }
      if (!g_utf8_validate (local_error->message, -1, NULL))
        fprintf (stderr, "not UTF-8: %s\n", local_error->message);
      FUZZ_CHECK (g_utf8_validate (local_error->message, -1, NULL));
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  FUZZ_CHECK (local_error == NULL);
  FUZZ_CHECK (!report->cancelled);
  FUZZ_CHECK (report->n_found >= 1);
  FUZZ_CHECK (report->n_found == report->n_imported + report->n_duplicates + report->n_skipped);
  FUZZ_CHECK (report->messages != NULL);
  /* One sentence a problem up to NE_IMPORT_MAX_MESSAGES, then one for the
   * rest ("… and 7 more problems"). */
  FUZZ_CHECK (report->n_unlisted == (report->n_duplicates + report->n_skipped > NE_IMPORT_MAX_MESSAGES
                                     ? report->n_duplicates + report->n_skipped - NE_IMPORT_MAX_MESSAGES : 0));
  FUZZ_CHECK (report->messages->len == report->n_duplicates + report->n_skipped - report->n_unlisted
                                       + (report->n_unlisted > 0));
  FUZZ_CHECK (report->collection_id > 0);
  FUZZ_CHECK (g_strcmp0 (report->file_name, basename) == 0);
  for (guint i = 0; i < report->messages->len; i++)
    {
      const char *message = g_ptr_array_index (report->messages, i);

      if (report->n_unlisted > 0 && i == report->messages->len - 1)
        FUZZ_CHECK (g_str_has_prefix (message, "… and "));
      else
        check_import_message (message);
    }

  /* What the report says was imported is what the library holds. */
  store = ne_store_open (import_db_path, &local_error);
  FUZZ_CHECK (store != NULL);
  count = ne_store_count_puzzles (store, &local_error);
  FUZZ_CHECK (local_error == NULL);
  FUZZ_CHECK (count == import_template_count + report->n_imported);
  ids = ne_store_list_puzzle_ids (store, report->collection_id, -1, &local_error);
  FUZZ_CHECK (ids != NULL && ids->len == report->n_imported);
  return report;
}
