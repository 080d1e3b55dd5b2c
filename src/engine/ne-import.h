/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-import.h: puzzles into and out of the library.
 *
 * Import reads a file in any format Nonet knows (detected from its content,
 * the name only breaking ties): 81-character lines with '#' comments (also
 * .sdm), 9-row grids and .ss, SadMan .sdk, and OpenSudoku XML
 * (.opensudoku, read with GMarkup). Each puzzle is checked (conflicts, one
 * solution), graded, and added unless the library holds it already. The
 * worker commits in small batches and counts a puzzle as imported only once
 * its batch is committed, so after a cancel or a kill -9 the report's count
 * is what the database holds.
 *
 * Export writes 81-character lines or .sdk with ne_output_write: a file is
 * replaced whole (never half-written), a link, a pipe or a device is
 * written through. */
#pragma once

#include <gio/gio.h>

#include "ne-store.h"

G_BEGIN_DECLS

typedef enum
{
  NE_FORMAT_LINES,       /* 81 characters a puzzle, '.' blank */
  NE_FORMAT_SDK,         /* SadMan .sdk: #T title, #A author, #D source, #C notes, 9 rows */
} NeExportFormat;

/* The end of an import. Lines are 1-based lines of the file (for XML, the
 * line of the <game> element). */
typedef struct
{
  char   *file_name;    /* for display */
  guint   n_found;      /* puzzles read, good or bad */
  guint   n_imported;   /* committed to the library */
  guint   n_duplicates; /* already there */
  guint   n_skipped;    /* bad: see skipped */
  gboolean cancelled;
  gint64  collection_id;
  /* One sentence per puzzle not imported, in file order, e.g.
   * "line 40: 80 cells, a puzzle has 81", "line 77: more than one solution",
   * "line 90: the same puzzle as #12 in Forum". Duplicates are listed too.
   * Only the first NE_IMPORT_MAX_MESSAGES problems are: a last sentence
   * then says how many more there were ("… and 999,900 more problems"),
   * and n_unlisted counts them. The counts above are always exact. */
  GPtrArray *messages;  /* char* */
  /* The same problems, each its place and its sentence without the place
   * ("80 cells, a puzzle has 81"), for messages of the form FILE:LINE:COL
   * (column 0 when the whole line is at fault). The closing "… and N more"
   * sentence of messages has no problem. */
  GArray *problems;     /* NeImportProblem */
  guint   n_unlisted;
} NeImportReport;

typedef struct
{
  int   line;
  int   column;
  char *text;
} NeImportProblem;

#define NE_IMPORT_MAX_MESSAGES 100

void ne_import_report_free (NeImportReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NeImportReport, ne_import_report_free)

/* Called with the puzzles read so far and the file's fraction read (0..1). */
typedef void (*NeImportProgressFunc) (guint    n_done,
                                      double   fraction,
                                      gpointer user_data);

/* Imports file into the library at db_path (its own connection, so it can
 * run on any thread) into the collection named collection_name (created if
 * needed; NULL: none). progress may be NULL; it is called at most about 10
 * times a second, on the thread that called this. Cancelling stops after the
 * current batch, or the reading of the file (a pipe waiting for its writer),
 * and returns a report with cancelled set (not an error).
 * Errors (NULL return): the file cannot be read, is not text, holds no
 * puzzle; the library cannot be opened or written. */
NeImportReport *ne_import_file (const char            *db_path,
                                GFile                 *file,
                                const char            *collection_name,
                                GCancellable          *cancellable,
                                NeImportProgressFunc   progress,
                                gpointer               user_data,
                                GError               **error);

/* The same, listing the first max_messages problems (0: all of them)
 * rather than NE_IMPORT_MAX_MESSAGES. */
NeImportReport *ne_import_file_full (const char            *db_path,
                                     GFile                 *file,
                                     const char            *collection_name,
                                     guint                  max_messages,
                                     GCancellable          *cancellable,
                                     NeImportProgressFunc   progress,
                                     gpointer               user_data,
                                     GError               **error);

/* The same on a worker thread; progress is called on the thread-default
 * main context of the caller; callback when done. */
void            ne_import_file_async  (const char            *db_path,
                                       GFile                 *file,
                                       const char            *collection_name,
                                       GCancellable          *cancellable,
                                       NeImportProgressFunc   progress,
                                       gpointer               progress_data,
                                       GDestroyNotify         progress_notify,
                                       GAsyncReadyCallback    callback,
                                       gpointer               user_data);
NeImportReport *ne_import_file_finish (GAsyncResult          *result,
                                       GError               **error);

/* The title a file of puzzles gives the whole of itself, for naming its
 * collection: an OpenSudoku <name>, or the #D (description) header of a
 * SadMan file's first puzzle. Looks at the start of a local regular file
 * only (never waits on a pipe); NULL when it has none. */
char *ne_import_peek_title (GFile *file);

/* Whether text is XML (an OpenSudoku file, not puzzle text): '<' first,
 * after a byte order mark and whitespace, or "<opensudoku" near the start. */
gboolean ne_import_looks_like_xml (const char *text,
                                   gsize       len);

/* Reading a local file of puzzles, for the importer and nonet-cli alike,
 * so that reading never waits where nothing can stop it. name is the file
 * as messages call it. */

/* How long a reader of a named pipe (FIFO) waits for a program to open it
 * for writing before it gives up. Once one has, it waits for as long as the
 * program writes. The environment variable NONET_IMPORT_WRITER_WAIT_MS, when
 * set to a positive number of milliseconds, overrides it: it exists for
 * tests, so that they need not wait the whole time (the message then gives
 * the wait rounded up to whole seconds). */
#define NE_IMPORT_WRITER_WAIT_SECONDS 10

/* FALSE, with a sentence, when path is neither a regular file nor a pipe:
 * "… is a folder, not a file of puzzles", "… is a device, not a puzzle
 * file". Looks without opening: opening a device can do things. TRUE when
 * path cannot be looked at, for the open to say why. */
gboolean ne_import_check_input (const char  *path,
                                const char  *name,
                                GError     **error);
/* open(2) for ne_import_read_input: a named pipe with no writer opens at
 * once. -1 with errno set on failure. */
int      ne_import_open_input  (const char  *path);
/* Reads fd (from ne_import_open_input; not closed) to its end, at most max
 * bytes, into *text, NUL-terminated. A regular file is read straight; a
 * pipe as its writer writes, in slices that look at cancellable, failing
 * with G_IO_ERROR_TIMED_OUT ("No program is writing to the FIFO …") when no
 * program opens it within NE_IMPORT_WRITER_WAIT_SECONDS. Anything else is
 * refused as ne_import_check_input does. Errors name the file. */
gboolean ne_import_read_input  (int            fd,
                                const char    *name,
                                gsize          max,
                                GCancellable  *cancellable,
                                char         **text,
                                gsize         *len,
                                GError       **error);

/* Writes the puzzles (in the order given) to file (NULL: standard output);
 * a local file with ne_output_write: whole or not at all, through links,
 * pipes and devices. */
gboolean ne_export_puzzles (NeStore         *store,
                            const gint64    *ids,
                            guint            n_ids,
                            NeExportFormat   format,
                            GFile           *file,
                            GError         **error);
/* The format a file name asks for: .sdk gives SDK, anything else LINES. */
NeExportFormat ne_export_format_for_name (const char *name);

G_END_DECLS
