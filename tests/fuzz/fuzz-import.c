/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-import.c: the importer (ne-import.c) on any file: the format found
 * from the content, each puzzle checked, graded and added. Besides the
 * checks of fuzz-import.h, a text file (not XML) must be read as the core
 * reader reads it: as many puzzles found as the reader gives results, at
 * least its errors skipped, at most its puzzles added or duplicates; a
 * file in which the reader finds nothing holds no puzzle; and a file with
 * a NUL byte is not text. */

#include "fuzz-import.h"
#include "nc-parse.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(NeImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  guint n_results = 0, n_errors = 0, n_puzzles = 0;
  gboolean text = memchr (data, '\0', size) == NULL;
  gboolean xml = text && ne_import_looks_like_xml ((const char *) data, size);

  if (size > FUZZ_IMPORT_MAX_INPUT)
    return 0;
  import_setup ("input.txt");

  if (text && !xml)
    {
      NcReader *reader = nc_reader_new ((const char *) data, size);
      NcPuzzle puzzle;
      NcParseError parse_error;
      NcReadResult result;

      FUZZ_CHECK (reader != NULL);
      while ((result = nc_reader_next (reader, &puzzle, &parse_error)) != NC_READ_END)
        {
          n_results++;
          if (result == NC_READ_PUZZLE)
            n_puzzles++;
          else
            n_errors++;
          nc_puzzle_clear (&puzzle);
        }
      nc_reader_free (reader);
    }

  report = import_checked (data, size, &error);
  if (!text)
    FUZZ_CHECK (report == NULL);
  else if (!xml)
    {
      FUZZ_CHECK ((report != NULL) == (n_results > 0));
      if (report != NULL)
        {
          FUZZ_CHECK (report->n_found == n_results);
          FUZZ_CHECK (report->n_skipped >= n_errors);
          FUZZ_CHECK (report->n_imported + report->n_duplicates <= n_puzzles);
        }
    }
  return 0;
}
