/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-import.c: files of puzzles into the library and back out: every
 * format imports what it holds, the report names each bad puzzle's line and
 * fault, XML that is malformed or defines entities fails cleanly, a cancel
 * leaves exactly what the report counted, and an export is whole or absent. */

#define G_LOG_DOMAIN "nonet-test-import"

#include "config.h"

#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "nc-grade.h"
#include "ne-import.h"
#include "ne-store.h"
#include "test-util.h"

/* Puzzles of tests/data, from the 17-clue collection (none of them ships
 * with Nonet, so a fresh library does not hold them yet). */
#define P1000 ".................1..2.34...............1.5.6...78..2.......94.8.5.......16..7...."
#define P2000 "................12....34...........3..2.......567........2...7.3.518....8.....4.."

typedef struct
{
  char *dir;
  char *db_path;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("nonet-test-import-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->db_path = g_build_filename (fixture->dir, "library.db", NULL);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->db_path);
}

static GFile *
data_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);

  return g_file_new_for_path (path);
}

static GFile *
write_temp (Fixture *fixture, const char *name, const char *text, gssize len)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, len, &error);
  g_assert_no_error (error);
  return g_file_new_for_path (path);
}

static NeImportReport *
import (Fixture *fixture, GFile *file, const char *collection)
{
  g_autoptr(GError) error = NULL;
  NeImportReport *report = ne_import_file (fixture->db_path, file, collection, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (report);
  return report;
}

static NeStore *
open_store (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  NeStore *store = ne_store_open (fixture->db_path, &error);

  g_assert_no_error (error);
  return store;
}

/* The givens of a collection's puzzles, as lines, in id order. */
static GPtrArray *
collection_lines (NeStore *store, gint64 collection_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = ne_store_list_puzzle_ids (store, collection_id, -1, &error);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i++)
    {
      NePuzzleInfo info = { 0 };
      char line[82];

      g_assert_true (ne_store_get_puzzle (store, g_array_index (ids, gint64, i), &info, &error));
      g_assert_no_error (error);
      nc_grid_format_line (&info.givens, '.', line);
      g_ptr_array_add (lines, g_strdup (line));
      ne_puzzle_info_clear (&info);
    }
  return lines;
}

static guint
count_puzzles (Fixture *fixture)
{
  g_autoptr(NeStore) store = open_store (fixture);
  g_autoptr(GError) error = NULL;
  guint n = ne_store_count_puzzles (store, &error);

  g_assert_no_error (error);
  return n;
}

static void
assert_integrity_ok (Fixture *fixture)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (fixture->db_path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

/* ---- Each format ---- */

typedef struct
{
  const char *file;
  guint       n;
  const char *first;   /* the first puzzle's givens, '.' blank */
} FormatCase;

static const FormatCase format_cases[] = {
  { "lines.txt", 3, P1000 },
  { "grid.txt", 2, "................12..3..4.........3....5...6...7..18......7..49..8.......21.5....." },
  { "simple.ss", 1, "................12..3..4........53...1...6...7.......4....8..6...41.....3..7....1" },
  { "sadman.sdk", 2, P1000 },
  { "multi.sdm", 3, "................12..3..4..5.......6.....734..28............6.....9.....8.6.21...." },
  { "folders.opensudoku", 3, P1000 },
  { "version2.opensudoku", 2, "................12..3..4.........3....5...6...7..18......7..49..8.......21.5....." },
};

static void
test_formats (Fixture *fixture, gconstpointer data)
{
  for (guint i = 0; i < G_N_ELEMENTS (format_cases); i++)
    {
      const FormatCase *c = &format_cases[i];
      g_autofree char *collection = g_strdup_printf ("Case %u", i);
      g_autoptr(GFile) file = data_file (c->file);
      g_autoptr(NeImportReport) report = import (fixture, file, collection);
      g_autoptr(NeStore) store = open_store (fixture);
      g_autoptr(GPtrArray) lines = NULL;

      g_test_message ("%s", c->file);
      g_assert_cmpuint (report->messages->len, ==, 0);
      g_assert_cmpuint (report->n_found, ==, c->n);
      g_assert_cmpuint (report->n_imported, ==, c->n);
      g_assert_false (report->cancelled);
      g_assert_cmpint (report->collection_id, >, 0);
      g_assert_cmpstr (report->file_name, ==, c->file);
      lines = collection_lines (store, report->collection_id);
      g_assert_cmpuint (lines->len, ==, c->n);
      g_assert_cmpstr (g_ptr_array_index (lines, 0), ==, c->first);

      /* A fresh library for the next format: the files share puzzles. */
      g_clear_object (&store);
      remove_tree (fixture->dir);
      g_mkdir (fixture->dir, 0700);
    }
}

static void
test_metadata (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) sdk = data_file ("sadman.sdk");
  g_autoptr(GFile) xml = data_file ("version2.opensudoku");
  g_autoptr(NeImportReport) report = import (fixture, sdk, "Meta");
  g_autoptr(NeImportReport) xml_report = import (fixture, xml, NULL);
  g_autoptr(NeStore) store = open_store (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = ne_store_list_puzzle_ids (store, report->collection_id, -1, &error);
  NePuzzleInfo info = { 0 };
  NcGrid givens = grid_from_line (P1000);

  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_true (ne_store_get_puzzle (store, g_array_index (ids, gint64, 0), &info, &error));
  g_assert_cmpstr (info.title, ==, "Seventeen 1000");
  g_assert_cmpstr (info.author, ==, "Gordon Royle");
  g_assert_cmpstr (info.source, ==, "Minimum Sudoku collection");
  g_assert_cmpstr (info.notes, ==, "Seventeen clues\ntwo lines of notes");
  g_assert_cmpstr (info.collection, ==, "Meta");
  g_assert_true (nc_grid_equal (&info.givens, &givens));
  g_assert_cmpint (info.clues, ==, 17);
  g_assert_cmpint (info.grade, >=, NC_GRADE_EASY);
  g_assert_cmpint (info.score, >=, 0);
  g_assert_true (nc_grid_is_full (&info.solution));
  ne_puzzle_info_clear (&info);

  /* OpenSudoku's note becomes the notes. */
  g_assert_cmpuint (xml_report->n_imported, ==, 2);
  g_assert_cmpint (xml_report->collection_id, ==, 0);
  givens = grid_from_line ("................12..3..4.........3....5...6...7..18......7..49..8.......21.5.....");
  g_assert_true (ne_store_get_puzzle (store, ne_store_find_equivalent (store, &givens, &error), &info, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (info.notes, ==, "from a forum");
  ne_puzzle_info_clear (&info);
}

/* ---- The report ---- */

static void
test_report (Fixture *fixture, gconstpointer data)
{
  static const char *const expected[] = {
    "line 3: 80 cells, a puzzle has 81",
    "line 4, column 11: 'x' is not a digit or a blank",
    "line 5: r1c1 and r1c7 are both 4 (row 1)",
    "line 6: no solution",
    "line 7: more than one solution",
    "line 9: the same puzzle as ",
    "line 10: the same puzzle as ",
  };
  g_autoptr(GFile) file = data_file ("mixed-bad.txt");
  guint before = count_puzzles (fixture);
  g_autoptr(NeImportReport) report = import (fixture, file, "Mixed");

  for (guint i = 0; i < report->messages->len; i++)
    g_test_message ("%s", (const char *) g_ptr_array_index (report->messages, i));
  g_assert_cmpuint (report->n_found, ==, 10);
  g_assert_cmpuint (report->n_imported, ==, 3);
  g_assert_cmpuint (report->n_duplicates, ==, 2);
  g_assert_cmpuint (report->n_skipped, ==, 5);
  g_assert_cmpuint (report->messages->len, ==, G_N_ELEMENTS (expected));
  /* Messages in file order: parse errors mixed with the rest. */
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const char *message = g_ptr_array_index (report->messages, i);

      if (g_str_has_suffix (expected[i], " "))
        g_assert_true (g_str_has_prefix (message, expected[i]));
      else
        g_assert_cmpstr (message, ==, expected[i]);
    }
  g_assert_cmpuint (count_puzzles (fixture), ==, before + 3);

  /* Again: every good puzzle is a duplicate now, of a puzzle in Mixed. */
  {
    g_autoptr(NeImportReport) again = import (fixture, file, NULL);

    g_assert_cmpuint (again->n_imported, ==, 0);
    g_assert_cmpuint (again->n_duplicates, ==, 5);
    g_assert_cmpuint (again->n_skipped, ==, 5);
    g_assert_true (g_str_has_prefix (g_ptr_array_index (again->messages, 0), "line 2: the same puzzle as "));
    g_assert_nonnull (strstr (g_ptr_array_index (again->messages, 0), "Mixed"));
  }
}

static void
assert_import_fails (Fixture *fixture, GFile *file, const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeImportReport) report = NULL;
  gint64 start = g_get_monotonic_time ();

  report = ne_import_file (fixture->db_path, file, NULL, NULL, NULL, NULL, &error);
  g_assert_null (report);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fragment));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
}

static void
test_bad_files (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) malformed = data_file ("malformed.opensudoku");
  g_autoptr(GFile) bomb = data_file ("entity-bomb.opensudoku");
  g_autoptr(GFile) binary = write_temp (fixture, "binary.txt", P1000 "\n\0\1\2", 85);
  g_autoptr(GFile) empty = write_temp (fixture, "empty.txt", "# nothing\n", -1);
  g_autoptr(GFile) missing = g_file_new_build_filename (fixture->dir, "missing.txt", NULL);
  g_autofree char *missing_path = g_file_get_path (missing);

  /* The unclosed <game> of line 5 is found at line 6. */
  assert_import_fails (fixture, malformed, "line 6, column");
  assert_import_fails (fixture, malformed, "malformed.opensudoku");
  /* GMarkup knows only the five predefined entities. */
  assert_import_fails (fixture, bomb, "lol");
  assert_import_fails (fixture, binary, "is not a text file");
  assert_import_fails (fixture, empty, "holds no puzzle");
  assert_import_fails (fixture, missing, missing_path);
}

/* ---- Cancel ---- */

/* The first n puzzles of the shared 17-clue collection, or NULL (skipped). */
static GFile *
many_puzzles (Fixture *fixture, guint n)
{
  const char *shared = g_getenv ("NONET_SHARED_DATA");
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *taken_text = NULL;
  gsize len = 0;
  GString *out = g_string_new (NULL);
  guint taken = 0;

  if (shared == NULL
      || !g_file_get_contents ((path = g_build_filename (shared, "17-clue.txt", NULL)), &text, &len, NULL))
    {
      g_test_skip ("needs ../shared/data/17-clue.txt (NONET_SHARED_DATA)");
      g_string_free (out, TRUE);
      return NULL;
    }
  /* Line by line with memchr: only as far as needed (g_strsplit of the
   * whole file is quadratic under AddressSanitizer's strstr). */
  for (const char *line = text, *end = text + len; line < end && taken < n;)
    {
      const char *eol = memchr (line, '\n', (size_t) (end - line));
      size_t line_len = eol != NULL ? (size_t) (eol - line) : (size_t) (end - line);

      if (line_len > 0 && line[0] != '#')
        {
          g_string_append_len (out, line, (gssize) line_len);
          g_string_append_c (out, '\n');
          taken++;
        }
      line += line_len + 1;
    }
  taken_text = g_string_free (out, FALSE);
  return write_temp (fixture, "many.txt", taken_text, -1);
}

typedef struct
{
  GCancellable *cancellable;
  guint         n_calls;
  guint         last_done;
  GThread      *thread;
  GMainLoop    *loop;
  NeImportReport *report;
} CancelData;

static void
cancel_on_progress (guint n_done, double fraction, gpointer user_data)
{
  CancelData *data = user_data;

  g_assert_true (g_thread_self () == data->thread);
  g_assert_cmpfloat (fraction, >=, 0.0);
  g_assert_cmpfloat (fraction, <=, 1.0);
  data->n_calls++;
  data->last_done = n_done;
  g_cancellable_cancel (data->cancellable);
}

static void
test_cancel (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) file = many_puzzles (fixture, 3000);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(NeImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  CancelData cancel = { .cancellable = cancellable, .thread = g_thread_self () };
  guint before;

  if (file == NULL)
    return;
  before = count_puzzles (fixture);
  report = ne_import_file (fixture->db_path, file, "Cancelled", cancellable, cancel_on_progress, &cancel, &error);
  g_assert_no_error (error);
  g_assert_true (report->cancelled);
  g_assert_cmpuint (cancel.n_calls, ==, 1);
  g_assert_cmpuint (report->n_imported, >, 0);
  g_assert_cmpuint (report->n_imported, <, 3000);
  g_assert_cmpuint (cancel.last_done, <=, report->n_found);
  g_assert_cmpuint (count_puzzles (fixture), ==, before + report->n_imported);
  assert_integrity_ok (fixture);
}

static void
async_progress (guint n_done, double fraction, gpointer user_data)
{
  CancelData *data = user_data;

  g_assert_true (g_thread_self () == data->thread);
  data->n_calls++;
  data->last_done = n_done;
  g_cancellable_cancel (data->cancellable);
}

static void
async_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  CancelData *data = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_thread_self () == data->thread);
  data->report = ne_import_file_finish (result, &error);
  g_assert_no_error (error);
  g_main_loop_quit (data->loop);
}

static void
test_cancel_async (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) file = many_puzzles (fixture, 3000);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(NeImportReport) report = NULL;
  CancelData cancel = { .cancellable = cancellable, .thread = g_thread_self (), .loop = loop };
  guint before;

  if (file == NULL)
    return;
  before = count_puzzles (fixture);
  ne_import_file_async (fixture->db_path, file, NULL, cancellable, async_progress, &cancel, NULL,
                        async_done, &cancel);
  g_main_loop_run (loop);
  report = g_steal_pointer (&cancel.report);
  g_assert_nonnull (report);
  /* The worker may finish a batch or two before the cancel reaches it. */
  g_assert_true (report->cancelled || report->n_found == 3000);
  g_assert_cmpuint (cancel.n_calls, >=, 1);
  g_assert_cmpuint (count_puzzles (fixture), ==, before + report->n_imported);
  assert_integrity_ok (fixture);
}

/* ---- Files that are not regular ---- */

/* Whether this process has path open: the importer's thread has opened it. */
static gboolean
process_has_open (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *link = g_build_filename ("/proc/self/fd", name, NULL);
      g_autofree char *target = g_file_read_link (link, NULL);

      if (g_strcmp0 (target, path) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Waits, running the main context, until the importer has path open. */
static void
wait_until_open (const char *path)
{
  /* Only a detector for an importer that never opens the file. */
  gint64 give_up = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!process_has_open (path))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (G_USEC_PER_SEC / 100);
    }
}

static char *
make_fifo (Fixture *fixture, const char *name)
{
  char *path = g_build_filename (fixture->dir, name, NULL);

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  return path;
}

/* A FIFO no program writes to: opening it does not wait (it used to block
 * in open() for ever, out of the cancel's reach), and a cancel while the
 * importer waits for a writer ends the import with nothing imported. */
static void
test_fifo_cancel (Fixture *fixture, gconstpointer data)
{
  g_autofree char *path = make_fifo (fixture, "nobody.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(NeImportReport) report = NULL;
  CancelData cancel = { .cancellable = cancellable, .thread = g_thread_self (), .loop = loop };
  guint before = count_puzzles (fixture);

  ne_import_file_async (fixture->db_path, file, NULL, cancellable, async_progress, &cancel, NULL,
                        async_done, &cancel);
  wait_until_open (path);
  g_cancellable_cancel (cancellable);
  g_main_loop_run (loop);
  report = g_steal_pointer (&cancel.report);
  g_assert_nonnull (report);
  g_assert_true (report->cancelled);
  g_assert_cmpuint (report->n_found, ==, 0);
  g_assert_cmpuint (report->n_imported, ==, 0);
  g_assert_cmpuint (count_puzzles (fixture), ==, before);
}

static void
late_writer_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  CancelData *data = user_data;
  g_autoptr(GError) error = NULL;

  data->report = ne_import_file_finish (result, &error);
  g_assert_no_error (error);
  g_main_loop_quit (data->loop);
}

/* A FIFO whose writer comes after the importer opened it is read whole. */
static void
test_fifo_late_writer (Fixture *fixture, gconstpointer data)
{
  g_autofree char *path = make_fifo (fixture, "late.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(NeImportReport) report = NULL;
  CancelData done = { .thread = g_thread_self (), .loop = loop };
  const char text[] = P1000 "\n" P2000 "\n";
  FILE *writer;

  ne_import_file_async (fixture->db_path, file, "Late", NULL, NULL, NULL, NULL, late_writer_done, &done);
  wait_until_open (path);
  writer = fopen (path, "w");
  g_assert_nonnull (writer);
  g_assert_cmpuint (fwrite (text, 1, strlen (text), writer), ==, strlen (text));
  g_assert_cmpint (fclose (writer), ==, 0);
  g_main_loop_run (loop);
  report = g_steal_pointer (&done.report);
  g_assert_nonnull (report);
  g_assert_false (report->cancelled);
  g_assert_cmpuint (report->n_imported, ==, 2);
}

/* A folder is refused with a reason, by the importer and by the checks
 * nonet-cli makes before it opens anything. */
static void
test_folder (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) folder = g_file_new_build_filename (fixture->dir, "sub", NULL);
  g_autofree char *path = g_file_get_path (folder);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  assert_import_fails (fixture, folder, "is a folder, not a file of puzzles");
  g_assert_false (ne_import_check_input (path, "sub", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_cmpstr (error->message, ==, "sub is a folder, not a file of puzzles");
}

/* ---- Export ---- */

static void
round_trip (Fixture *fixture, NeExportFormat format, const char *name)
{
  g_autoptr(GFile) source = data_file ("sadman.sdk");
  g_autoptr(GFile) lines_file = data_file ("lines.txt");
  g_autoptr(NeImportReport) first = import (fixture, source, "Trip");
  g_autoptr(NeImportReport) second = import (fixture, lines_file, "Trip");
  g_autoptr(NeStore) store = open_store (fixture);
  g_autoptr(GArray) ids = ne_store_list_puzzle_ids (store, first->collection_id, -1, NULL);
  g_autoptr(GFile) out = g_file_new_build_filename (fixture->dir, name, NULL);
  g_autoptr(GPtrArray) before = collection_lines (store, first->collection_id);
  g_autoptr(GError) error = NULL;
  g_autofree char *other_db = g_build_filename (fixture->dir, "other.db", NULL);
  g_autoptr(NeImportReport) back = NULL;
  g_autoptr(NeStore) other = NULL;
  g_autoptr(GPtrArray) after = NULL;

  g_assert_cmpuint (ids->len, ==, 3);   /* two from the .sdk, one more from the lines */
  g_assert_true (ne_export_puzzles (store, (const gint64 *) (gpointer) ids->data, ids->len, format, out, &error));
  g_assert_no_error (error);
  if (format == NE_FORMAT_LINES)
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;

      /* Puzzle lines only, which any program reads: no "#" header. */
      g_assert_true (g_file_load_contents (out, NULL, &text, NULL, NULL, &error));
      lines = g_strsplit (text, "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), ==, 4);
      for (guint i = 0; i < 3; i++)
        g_assert_cmpuint (strlen (lines[i]), ==, 81);
      g_assert_cmpstr (lines[3], ==, "");
    }

  back = ne_import_file (other_db, out, "Back", NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->n_imported, ==, 3);
  g_assert_cmpuint (back->messages->len, ==, 0);
  other = ne_store_open (other_db, &error);
  g_assert_no_error (error);
  after = collection_lines (other, back->collection_id);
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < before->len; i++)
    g_assert_cmpstr (g_ptr_array_index (after, i), ==, g_ptr_array_index (before, i));

  if (format == NE_FORMAT_SDK)
    {
      g_autoptr(GArray) back_ids = ne_store_list_puzzle_ids (other, back->collection_id, -1, NULL);
      NePuzzleInfo info = { 0 };

      g_assert_true (ne_store_get_puzzle (other, g_array_index (back_ids, gint64, 0), &info, &error));
      g_assert_cmpstr (info.title, ==, "Seventeen 1000");
      g_assert_cmpstr (info.author, ==, "Gordon Royle");
      g_assert_cmpstr (info.source, ==, "Minimum Sudoku collection");
      g_assert_cmpstr (info.notes, ==, "Seventeen clues\ntwo lines of notes");
      ne_puzzle_info_clear (&info);
      g_assert_true (ne_store_get_puzzle (other, g_array_index (back_ids, gint64, 1), &info, &error));
      g_assert_cmpstr (info.title, ==, "Seventeen 2000");
      g_assert_null (info.author);
      g_assert_null (info.notes);
      ne_puzzle_info_clear (&info);
    }
}

/* A flood of problems lists the first NE_IMPORT_MAX_MESSAGES and counts
 * the rest; a line repeated (even of a puzzle in the trash) is a duplicate
 * found without solving it again, with the same message as ever. */
static void
test_floods (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(NeImportReport) report = NULL;
  g_autoptr(NeImportReport) repeated = NULL;
  g_autoptr(NeStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  guint n_before_trash;
  gint64 id;

  for (guint i = 0; i < 1000; i++)
    g_string_append (text, "x\n");
  file = write_temp (fixture, "bad.txt", text->str, (gssize) text->len);
  report = import (fixture, file, NULL);
  g_assert_cmpuint (report->n_found, ==, 1000);
  g_assert_cmpuint (report->n_skipped, ==, 1000);
  g_assert_cmpuint (report->n_unlisted, ==, 900);
  g_assert_cmpuint (report->messages->len, ==, NE_IMPORT_MAX_MESSAGES + 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (report->messages, 99), "line 100"));
  g_assert_cmpstr (g_ptr_array_index (report->messages, 100), ==, "… and 900 more problems");

  /* P1000 in the library, then in the trash; then a file of it 300 times. */
  store = open_store (fixture);
  g_clear_object (&file);
  file = write_temp (fixture, "one.txt", P1000 "\n", -1);
  g_clear_pointer (&report, ne_import_report_free);
  report = import (fixture, file, "Once");
  g_assert_cmpuint (report->n_imported, ==, 1);
  {
    NcGrid givens;

    for (int i = 0; i < NC_CELLS; i++)
      givens.cell[i] = P1000[i] == '.' ? 0 : (uint8_t) (P1000[i] - '0');
    id = ne_store_find_puzzle (store, &givens, &error);
    g_assert_no_error (error);
    g_assert_cmpint (id, >, 0);
  }
  n_before_trash = count_puzzles (fixture);
  g_assert_true (ne_store_trash_puzzles (store, &id, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_puzzles (fixture), ==, n_before_trash - 1);

  g_string_truncate (text, 0);
  for (guint i = 0; i < 300; i++)
    g_string_append (text, P1000 "\n");
  g_clear_object (&file);
  file = write_temp (fixture, "repeated.txt", text->str, (gssize) text->len);
  repeated = import (fixture, file, NULL);
  g_assert_cmpuint (repeated->n_found, ==, 300);
  g_assert_cmpuint (repeated->n_imported, ==, 0);
  g_assert_cmpuint (repeated->n_duplicates, ==, 300);
  g_assert_cmpuint (repeated->n_unlisted, ==, 200);
  /* The puzzle untitled in its file is named after its collection. */
  first = g_strdup ("line 1: the same puzzle as “Once 1” in Once, which was in the "
                    "trash and is back in the library");
  second = g_strdup ("line 2: the same puzzle as “Once 1” in Once");
  g_assert_cmpstr (g_ptr_array_index (repeated->messages, 0), ==, first);
  g_assert_cmpstr (g_ptr_array_index (repeated->messages, 1), ==, second);
  g_assert_cmpuint (count_puzzles (fixture), ==, n_before_trash);
  assert_integrity_ok (fixture);
  g_assert_cmpstr (g_ptr_array_index (repeated->messages, 100), ==, "… and 200 more problems");
}

static void
test_round_trip_lines (Fixture *fixture, gconstpointer data)
{
  g_assert_cmpint (ne_export_format_for_name ("a.txt"), ==, NE_FORMAT_LINES);
  round_trip (fixture, NE_FORMAT_LINES, "out.txt");
}

static void
test_round_trip_sdk (Fixture *fixture, gconstpointer data)
{
  g_assert_cmpint (ne_export_format_for_name ("A.SDK"), ==, NE_FORMAT_SDK);
  round_trip (fixture, NE_FORMAT_SDK, "out.sdk");
}

#define STATE1000 "436951827........1..2.34...............1.5.6...78..2.......94.8.5.......16..7...."

/* SadMan's full .sdk: the puzzle of [Puzzle], the headers the library has
 * no field for in the notes, #S as the source; [State], [PencilMarks] and
 * [Colours] make no puzzle and no problem. */
static void
test_full_sdk (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) file = write_temp (fixture, "full.sdk",
                                      "#TSeventeen\n#AGordon Royle\n#DA minimal one\n#CSeventeen clues\n"
                                      "#B2026-12-02\n#SMinimum Sudoku collection\n#L4\n#Uhttps://example.org/17\n"
                                      "#N1000\n#HNonet test\n[Puzzle]\n" P1000 "\n"
                                      /* The first row filled in since. */
                                      "[State]\n" STATE1000 "\n"
                                      "[PencilMarks]\n,123,,45,,,,,\n"
                                      "[Colours]\nRRRGGGBBB\n", -1);
  g_autoptr(NeImportReport) report = import (fixture, file, "Full");
  g_autoptr(NeStore) store = open_store (fixture);
  g_autoptr(GArray) ids = ne_store_list_puzzle_ids (store, report->collection_id, -1, NULL);
  g_autoptr(GError) error = NULL;
  NePuzzleInfo info = { 0 };

  g_assert_cmpuint (report->n_found, ==, 1);
  g_assert_cmpuint (report->n_imported, ==, 1);
  g_assert_cmpuint (report->n_skipped, ==, 0);
  g_assert_cmpuint (report->messages->len, ==, 0);
  g_assert_true (ne_store_get_puzzle (store, g_array_index (ids, gint64, 0), &info, &error));
  g_assert_cmpstr (info.title, ==, "Seventeen");
  g_assert_cmpstr (info.source, ==, "Minimum Sudoku collection");
  g_assert_cmpstr (info.notes, ==, "A minimal one\nSeventeen clues\nDate: 2026-12-02\nLevel: 4\n"
                                   "Address: https://example.org/17");
  ne_puzzle_info_clear (&info);

  /* [State] is the game in progress: the first row entered. */
  {
    gint64 game_id = ne_store_find_current_game (store, &error);
    NeStoreGame game = { 0 };
    NcGrid board;

    g_assert_no_error (error);
    g_assert_cmpint (game_id, >, 0);
    g_assert_true (ne_store_load_game (store, game_id, &game, &error));
    g_assert_no_error (error);
    g_assert_nonnull (game.core);
    nc_game_board (game.core, &board);
    for (int i = 0; i < NC_CELLS; i++)
      g_assert_cmpint (board.cell[i], ==, STATE1000[i] == '.' ? 0 : STATE1000[i] - '0');
    ne_store_game_clear (&game);
  }
}

/* A [State] that is the puzzle itself is no game. */
static void
test_sdk_state_unplayed (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) file = write_temp (fixture, "fresh.sdk", "[Puzzle]\n" P1000 "\n[State]\n" P1000 "\n", -1);
  g_autoptr(NeImportReport) report = import (fixture, file, NULL);
  g_autoptr(NeStore) store = open_store (fixture);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (report->n_imported, ==, 1);
  g_assert_cmpint (ne_store_find_current_game (store, &error), ==, 0);
  g_assert_no_error (error);
}

/* Rated lines keep their ratings as notes: a forum CSV under its header,
 * GNOME Sudoku 2.x after a tab. */
static void
test_ratings (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) file = write_temp (fixture, "rated.csv",
                                      "#!sudoku -c1,-c2\npuzzle,label,poster,ER,EP,ED\n"
                                      P1000 ",golden,someone,11.9,11.9,11.3\n", -1);
  g_autoptr(NeImportReport) report = import (fixture, file, "Rated");
  g_autoptr(NeStore) store = open_store (fixture);
  g_autoptr(GArray) ids = ne_store_list_puzzle_ids (store, report->collection_id, -1, NULL);
  g_autoptr(GError) error = NULL;
  NePuzzleInfo info = { 0 };

  g_assert_cmpuint (report->n_imported, ==, 1);
  g_assert_cmpuint (report->messages->len, ==, 0);
  g_assert_true (ne_store_get_puzzle (store, g_array_index (ids, gint64, 0), &info, &error));
  g_assert_cmpstr (info.notes, ==, "label: golden\nposter: someone\nER: 11.9\nEP: 11.9\nED: 11.3");
  ne_puzzle_info_clear (&info);
}

/* An OpenSudoku game the player had begun: its entered digits (editable
 * cells with a value) are the game in progress. */
static void
test_opensudoku_progress (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) file = write_temp (fixture, "begun.opensudoku",
                                      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                                      "<opensudoku version=\"2\">\n<folder name=\"Begun\" created=\"1400000000000\">\n"
                                      "<game created=\"1400000000000\" state=\"1\" time=\"0\" last_played=\"0\" "
                                      "data=\"version: 1&#10;4|0|1|3|0|1|6|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|1|0|0|0|0|1|0|0|1|2|0|0|0|0|1|3|0|0|4|0|0|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|1|0|0|0|0|1|5|0|0|0|0|1|6|0|0|0|0|1|0|0|1|0|0|1|7|0|0|8|0|0|0|0|1|0|0|1|2|0|0|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|9|0|0|4|0|0|0|0|1|8|0|0|0|0|1|5|0|0|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|0|0|1|1|0|0|6|0|0|0|0|1|0|0|1|7|0|0|0|0|1|0|0|1|0|0|1|0|0|1|\" note=\"\" command_stack=\"\" />\n"
                                      "</folder>\n</opensudoku>\n", -1);
  g_autoptr(NeImportReport) report = import (fixture, file, NULL);
  g_autoptr(NeStore) store = open_store (fixture);
  g_autoptr(GError) error = NULL;
  gint64 game_id;
  NeStoreGame game = { 0 };
  NcGrid board;

  g_assert_cmpuint (report->n_imported, ==, 1);
  game_id = ne_store_find_current_game (store, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  g_assert_true (ne_store_load_game (store, game_id, &game, &error));
  g_assert_no_error (error);
  for (int i = 0; i < NC_CELLS; i++)
    g_assert_cmpint (game.givens.cell[i], ==, P1000[i] == '.' ? 0 : P1000[i] - '0');
  nc_game_board (game.core, &board);
  g_assert_cmpint (board.cell[0], ==, 4);
  g_assert_cmpint (board.cell[1], ==, 3);
  g_assert_cmpint (board.cell[2], ==, 6);
  g_assert_cmpint (board.cell[3], ==, 0);
  ne_store_game_clear (&game);
}

static guint
count_files (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
test_export_failures (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) source = data_file ("lines.txt");
  g_autoptr(NeImportReport) report = import (fixture, source, "Out");
  g_autoptr(NeStore) store = open_store (fixture);
  g_autoptr(GArray) ids = ne_store_list_puzzle_ids (store, report->collection_id, -1, NULL);
  g_autofree char *blocker = g_build_filename (fixture->dir, "blocker", NULL);
  g_autofree char *under_file = g_build_filename (blocker, "out.sdk", NULL);
  g_autofree char *target = g_build_filename (fixture->dir, "existing.txt", NULL);
  g_autoptr(GFile) bad = g_file_new_for_path (under_file);
  g_autoptr(GFile) existing = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gint64 bad_ids[2] = { g_array_index (ids, gint64, 0), G_MAXINT64 };
  guint n_files;

  /* A folder that cannot exist: its parent is a file. */
  g_file_set_contents (blocker, "not a folder", -1, &error);
  g_assert_no_error (error);
  n_files = count_files (fixture->dir);
  g_assert_false (ne_export_puzzles (store, (const gint64 *) (gpointer) ids->data, ids->len, NE_FORMAT_SDK, bad, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Could not write "));
  g_assert_nonnull (strstr (error->message, under_file));
  g_assert_cmpuint (count_files (fixture->dir), ==, n_files);
  g_clear_error (&error);

  /* A puzzle that cannot be read: the existing file stays as it was. */
  g_file_set_contents (target, "keep me\n", -1, &error);
  g_assert_no_error (error);
  existing = g_file_new_for_path (target);
  n_files = count_files (fixture->dir);
  g_assert_false (ne_export_puzzles (store, bad_ids, 2, NE_FORMAT_LINES, existing, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_file_get_contents (target, &text, NULL, &error);
  g_assert_cmpstr (text, ==, "keep me\n");
  g_assert_cmpuint (count_files (fixture->dir), ==, n_files);
}

/* The titles of a collection's puzzles, in id order, joined by "|". */
static char *
collection_titles (NeStore *store, gint64 collection_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = ne_store_list_puzzle_ids (store, collection_id, -1, &error);
  GString *titles = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i++)
    {
      NePuzzleInfo info = { 0 };

      g_assert_true (ne_store_get_puzzle (store, g_array_index (ids, gint64, i), &info, &error));
      g_string_append_printf (titles, "%s%s", i > 0 ? "|" : "", info.title != NULL ? info.title : "(none)");
      ne_puzzle_info_clear (&info);
    }
  return g_string_free (titles, FALSE);
}

/* Puzzles the file leaves untitled are named after their collection and
 * their number in it, counting on where an earlier import stopped; a
 * file's own title (#T, or a SadMan #N name) wins. */
static void
test_titles (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) first = write_temp (fixture, "paper.txt", P1000 "\n", -1);
  g_autoptr(GFile) second = write_temp (fixture, "more.sdk", "#NThe second\n" P2000 "\n", -1);
  g_autoptr(GFile) lines = data_file ("lines.txt");
  g_autoptr(NeImportReport) report = import (fixture, first, "Newspaper");
  g_autoptr(NeStore) store = NULL;
  g_autofree char *titles = NULL;
  gint64 id = report->collection_id;

  g_clear_pointer (&report, ne_import_report_free);
  report = import (fixture, second, "Newspaper");
  g_assert_cmpint (report->collection_id, ==, id);
  g_clear_pointer (&report, ne_import_report_free);
  /* Two of the three are there already. */
  report = import (fixture, lines, "Newspaper");
  g_assert_cmpuint (report->n_imported, ==, 1);

  store = open_store (fixture);
  titles = collection_titles (store, id);
  g_assert_cmpstr (titles, ==, "Newspaper 1|The second|Newspaper 3");

  /* With no collection, after the file. */
  g_clear_pointer (&report, ne_import_report_free);
  g_clear_object (&store);
  remove_tree (fixture->dir);
  g_assert_cmpint (g_mkdir_with_parents (fixture->dir, 0700), ==, 0);
  report = import (fixture, lines, NULL);
  g_assert_cmpuint (report->n_imported, ==, 3);
  store = open_store (fixture);
  g_free (titles);
  titles = collection_titles (store, 0);
  g_assert_cmpstr (titles, ==, "lines 1|lines 2|lines 3");
}

/* An import that adds nothing leaves no collection behind, but one that
 * was there before stays. */
static void
test_nothing_imported (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) bad = write_temp (fixture, "bad.txt", "12345\nnot a puzzle at all\n"
                                     "11" P1000 "\n", -1);
  g_autoptr(GFile) good = write_temp (fixture, "good.txt", P1000 "\n", -1);
  g_autoptr(NeImportReport) report = import (fixture, bad, "Bad");
  g_autoptr(NeStore) store = NULL;
  g_autoptr(GError) error = NULL;
  gint64 id;

  g_assert_cmpuint (report->n_imported, ==, 0);
  g_assert_cmpuint (report->n_skipped, ==, report->n_found);
  g_assert_cmpuint (report->n_found, >, 0);
  g_assert_cmpint (report->collection_id, ==, 0);
  store = open_store (fixture);
  g_assert_cmpint (ne_store_find_collection (store, "Bad", &error), ==, 0);
  g_assert_no_error (error);

  g_clear_pointer (&report, ne_import_report_free);
  report = import (fixture, good, "Kept");
  id = report->collection_id;
  g_assert_cmpint (id, >, 0);
  g_clear_pointer (&report, ne_import_report_free);
  /* All duplicates: the collection they are in stays. */
  report = import (fixture, good, "Kept");
  g_assert_cmpuint (report->n_imported, ==, 0);
  g_assert_cmpint (ne_store_find_collection (store, "Kept", &error), ==, id);
  /* Into a new one: none made. */
  g_clear_pointer (&report, ne_import_report_free);
  report = import (fixture, good, "Again");
  g_assert_cmpint (report->collection_id, ==, 0);
  g_assert_cmpint (ne_store_find_collection (store, "Again", &error), ==, 0);
  g_assert_no_error (error);
}

/* The title a file gives the whole of itself, for its collection's name. */
static void
test_peek_title (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GFile) opensudoku = data_file ("folders.opensudoku");
  g_autoptr(GFile) sadman = data_file ("sadman.sdk");
  g_autoptr(GFile) lines = data_file ("lines.txt");
  g_autoptr(GFile) escaped = write_temp (fixture, "escaped.opensudoku",
                                         "<opensudoku><name> Tom &amp; Jerry </name></opensudoku>", -1);
  g_autoptr(GFile) missing = write_temp (fixture, "gone.sdk", "#DGone\n", -1);
  g_autofree char *path = g_file_get_path (missing);
  char *title;

  title = ne_import_peek_title (opensudoku);
  g_assert_cmpstr (title, ==, "Sample");
  g_free (title);
  title = ne_import_peek_title (sadman);
  g_assert_cmpstr (title, ==, "Minimum Sudoku collection");
  g_free (title);
  title = ne_import_peek_title (escaped);
  g_assert_cmpstr (title, ==, "Tom & Jerry");
  g_free (title);
  g_assert_null (ne_import_peek_title (lines));
  /* A title on top of a list names it; "Grid 01" above a grid does not. */
  {
    g_autoptr(GFile) list = write_temp (fixture, "list.txt", "Hard seventeen-clue puzzles\n" P1000 "\n", -1);
    g_autoptr(GFile) euler = write_temp (fixture, "euler.txt", "Grid 01\n.........\n", -1);

    title = ne_import_peek_title (list);
    g_assert_cmpstr (title, ==, "Hard seventeen-clue puzzles");
    g_free (title);
    g_assert_null (ne_import_peek_title (euler));
  }
  /* A folder, a file gone: no title, no error. */
  g_unlink (path);
  g_assert_null (ne_import_peek_title (missing));
  {
    g_autoptr(GFile) dir = g_file_new_for_path (fixture->dir);

    g_assert_null (ne_import_peek_title (dir));
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/import/formats", test_formats);
  ADD ("/import/metadata", test_metadata);
  ADD ("/import/report", test_report);
  ADD ("/import/bad-files", test_bad_files);
  ADD ("/import/cancel", test_cancel);
  ADD ("/import/cancel-async", test_cancel_async);
  ADD ("/import/floods", test_floods);
  ADD ("/import/fifo-cancel", test_fifo_cancel);
  ADD ("/import/fifo-late-writer", test_fifo_late_writer);
  ADD ("/import/folder", test_folder);
  ADD ("/import/titles", test_titles);
  ADD ("/import/nothing-imported", test_nothing_imported);
  ADD ("/import/peek-title", test_peek_title);
  ADD ("/import/full-sdk", test_full_sdk);
  ADD ("/import/sdk-state-unplayed", test_sdk_state_unplayed);
  ADD ("/import/ratings", test_ratings);
  ADD ("/import/opensudoku-progress", test_opensudoku_progress);
  ADD ("/export/round-trip-lines", test_round_trip_lines);
  ADD ("/export/round-trip-sdk", test_round_trip_sdk);
  ADD ("/export/failures", test_export_failures);
#undef ADD

  return g_test_run ();
}
