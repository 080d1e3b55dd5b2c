/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-parse.c: puzzle text in every format Nonet reads (81-character
 * lines, 9-row grids and .ss, SadMan .sdk: one reader serves them all)
 * through both entry points, nc_reader_new/next over the whole input and
 * nc_parse_puzzle. Besides crashes it checks what nc-parse.h promises:
 * cells 0..9, results on strictly increasing lines within the text, errors
 * whose kind, column and count fit, headers as bounded valid UTF-8, a
 * reader that ends and stays ended, nc_parse_puzzle agreeing with the
 * reader, and each puzzle read back the same from its own formatting. */

#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "nc-parse.h"

#define FUZZ_MAX_INPUT   (256 * 1024)
#define META_MAX    1000   /* nc-parse.c keeps at most this many bytes of a header, NUL aside */

/* Lines as the reader counts them: "\n", "\r\n" and a lone "\r" end one. */
static int
count_lines (const uint8_t *data, size_t size)
{
  int n = 1;

  for (size_t i = 0; i < size; i++)
    if (data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n')))
      n++;
  return n;
}

/* Strict UTF-8 (no overlong forms, surrogates or values past U+10FFFF) and
 * no control characters but the '\n' that joins repeated headers. */
static bool
meta_is_clean (const char *text)
{
  const unsigned char *p = (const unsigned char *) text;
  size_t len = strlen (text);

  if (len == 0 || len > META_MAX || p[0] == '\n' || p[len - 1] == '\n' || strstr (text, "\n\n"))
    return false;
  for (size_t i = 0; i < len; )
    {
      unsigned char b = p[i];
      size_t need;
      uint32_t c;

      if (b < 0x80)
        {
          if ((b < 0x20 && b != '\n') || b == 0x7F)
            return false;
          i++;
          continue;
        }
      if (b >= 0xC2 && b <= 0xDF)
        need = 1, c = b & 0x1F;
      else if (b >= 0xE0 && b <= 0xEF)
        need = 2, c = b & 0x0F;
      else if (b >= 0xF0 && b <= 0xF4)
        need = 3, c = b & 0x07;
      else
        return false;
      if (i + need >= len)
        return false;
      for (size_t k = 1; k <= need; k++)
        {
          if ((p[i + k] & 0xC0) != 0x80)
            return false;
          c = (c << 6) | (p[i + k] & 0x3F);
        }
      if ((need == 2 && c < 0x800) || (need == 3 && c < 0x10000) || c > 0x10FFFF
          || (c >= 0xD800 && c <= 0xDFFF) || (c >= 0x80 && c <= 0x9F))
        return false;
      i += need + 1;
    }
  return true;
}

static void
check_puzzle (const NcPuzzle *puzzle, int n_lines)
{
  for (int i = 0; i < NC_CELLS; i++)
    FUZZ_CHECK (puzzle->grid.cell[i] <= 9);
  FUZZ_CHECK (puzzle->line >= 1 && puzzle->line <= n_lines);
  for (int t = 0; t < 26; t++)
    if (puzzle->meta[t] != NULL && !meta_is_clean (puzzle->meta[t]))
      {
        fprintf (stderr, "header #%c of the puzzle on line %d (%zu bytes):", 'A' + t, puzzle->line,
                 strlen (puzzle->meta[t]));
        for (const char *p = puzzle->meta[t]; *p != '\0'; p++)
          fprintf (stderr, (unsigned char) *p >= 0x20 && (unsigned char) *p < 0x7F ? "%c" : "\\x%02X",
                   (unsigned char) *p);
        fprintf (stderr, "\n");
        FUZZ_CHECK (meta_is_clean (puzzle->meta[t]));
      }
}

/* An error from the reader: never "no puzzle" or "second puzzle", which
 * only nc_parse_puzzle says. */
static void
check_reader_error (const NcParseError *error, int n_lines)
{
  FUZZ_CHECK (error->line >= 1 && error->line <= n_lines);
  switch (error->kind)
    {
    case NC_PARSE_BAD_CHARACTER:
      FUZZ_CHECK (error->column >= 1);
      FUZZ_CHECK (memchr (error->what, '\0', sizeof error->what) != NULL);
      FUZZ_CHECK (error->what[0] != '\0');
      break;
    case NC_PARSE_ROW_CELLS:
      FUZZ_CHECK (error->column == 0);
      FUZZ_CHECK (error->count >= 1 && error->count != 9);
      break;
    case NC_PARSE_LINE_CELLS:
      FUZZ_CHECK (error->column == 0);
      FUZZ_CHECK (error->count >= 1 && error->count != NC_CELLS);
      break;
    case NC_PARSE_GRID_ROWS:
      FUZZ_CHECK (error->column == 0);
      FUZZ_CHECK (error->count >= 1 && error->count <= 8);
      break;
    default:
      FUZZ_CHECK (!"an error kind the reader never gives");
    }
}

static bool
same_puzzle (const NcPuzzle *a, const NcPuzzle *b)
{
  if (!nc_grid_equal (&a->grid, &b->grid) || a->line != b->line)
    return false;
  for (int t = 0; t < 26; t++)
    {
      if ((a->meta[t] == NULL) != (b->meta[t] == NULL))
        return false;
      if (a->meta[t] != NULL && strcmp (a->meta[t], b->meta[t]) != 0)
        return false;
    }
  return true;
}

static bool
same_error (const NcParseError *a, const NcParseError *b)
{
  return a->kind == b->kind && a->line == b->line && a->column == b->column
         && a->count == b->count && strncmp (a->what, b->what, sizeof a->what) == 0;
}

static bool
puzzle_is_empty (const NcPuzzle *puzzle)
{
  NcPuzzle empty;

  nc_puzzle_init (&empty);
  return same_puzzle (puzzle, &empty) && puzzle->line == 0;
}

/* What was read comes back the same from the app's own formats. */
static void
check_round_trip (const NcGrid *grid)
{
  char line[82];
  char text[NC_GRID_TEXT_SIZE];
  NcPuzzle again;
  NcParseError error;
  int n;

  nc_grid_format_line (grid, '.', line);
  FUZZ_CHECK (nc_parse_puzzle (line, strlen (line), &again, &error));
  FUZZ_CHECK (nc_grid_equal (&again.grid, grid));
  nc_puzzle_clear (&again);

  n = nc_grid_format_text (grid, text, sizeof text);
  FUZZ_CHECK (n > 0 && (size_t) n < sizeof text);
  FUZZ_CHECK (nc_parse_puzzle (text, (size_t) n, &again, &error));
  FUZZ_CHECK (nc_grid_equal (&again.grid, grid));
  FUZZ_CHECK (again.line == 1);
  nc_puzzle_clear (&again);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  int n_lines;
  NcReader *reader;
  NcPuzzle puzzle, first;
  NcParseError error, first_error;
  NcParseError second_error;
  NcReadResult result, first_result = NC_READ_END, second_result = NC_READ_END;
  int n_results = 0, last_line = 0, second_line = 0;
  bool ok;

  if (size > FUZZ_MAX_INPUT)
    return 0;
  n_lines = count_lines (data, size);
  nc_puzzle_init (&first);
  memset (&first_error, 0, sizeof first_error);
  memset (&second_error, 0, sizeof second_error);

  reader = nc_reader_new (text, size);
  FUZZ_CHECK (reader != NULL);
  while ((result = nc_reader_next (reader, &puzzle, &error)) != NC_READ_END)
    {
      int line;

      /* Each result names a line of its own: more results than lines
       * means the reader is going round in circles. */
      FUZZ_CHECK (++n_results <= n_lines);
      if (result == NC_READ_PUZZLE)
        {
          check_puzzle (&puzzle, n_lines);
          check_round_trip (&puzzle.grid);
          line = puzzle.line;
        }
      else
        {
          FUZZ_CHECK (result == NC_READ_ERROR);
          check_reader_error (&error, n_lines);
          FUZZ_CHECK (puzzle_is_empty (&puzzle));
          line = error.line;
        }
      FUZZ_CHECK (line > last_line);
      last_line = line;
      if (n_results == 1)
        {
          first_result = result;
          first = puzzle;              /* kept: its meta is freed below */
          first_error = error;
        }
      else
        nc_puzzle_clear (&puzzle);
      if (n_results == 2)
        {
          second_result = result;
          second_error = error;
          second_line = line;
        }
    }
  /* The end is the end, and leaves the puzzle initialised. */
  FUZZ_CHECK (puzzle_is_empty (&puzzle));
  FUZZ_CHECK (nc_reader_next (reader, &puzzle, &error) == NC_READ_END);
  FUZZ_CHECK (puzzle_is_empty (&puzzle));
  nc_reader_free (reader);

  /* nc_parse_puzzle: exactly one result, a puzzle, or it fails saying
   * why as the reader would. */
  ok = nc_parse_puzzle (text, size, &puzzle, &error);
  FUZZ_CHECK (ok == (n_results == 1 && first_result == NC_READ_PUZZLE));
  if (ok)
    FUZZ_CHECK (same_puzzle (&puzzle, &first));
  else
    {
      FUZZ_CHECK (puzzle_is_empty (&puzzle));
      if (n_results == 0)
        FUZZ_CHECK (error.kind == NC_PARSE_NO_PUZZLE && error.line == 0 && error.column == 0);
      else if (first_result == NC_READ_ERROR)
        FUZZ_CHECK (same_error (&error, &first_error));
      else if (second_result == NC_READ_PUZZLE)
        FUZZ_CHECK (error.kind == NC_PARSE_SECOND_PUZZLE && error.line == second_line
                    && error.column == 0);
      else
        FUZZ_CHECK (same_error (&error, &second_error));
    }
  nc_puzzle_clear (&puzzle);
  nc_puzzle_clear (&first);
  return 0;
}
