/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-format.c: every text format, written out and read back. The input
 * chooses a grid, a format (81-character line, 9-row grid, Simple Sudoku
 * .ss box, SadMan .sdk with headers) and the variations files in the wild
 * have (blank '.' or '0', "\n", "\r\n" or "\r" line ends, a byte order
 * mark, fullwidth digits, spaces between cells, box-drawing bars and
 * rules, blank lines, a trailing comment); the harness writes the puzzle
 * so and nc_parse_puzzle must read it back: the same grid, the line of its
 * first row, and exactly the headers written, trimmed and joined as
 * nc-parse.h says. fuzz-parse.c throws bytes at the reader; this checks
 * that every well-formed file is read right. */

#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "nc-parse.h"

#define TEXT_SIZE   8192
#define MAX_HEADERS 4
#define HEADER_MAX  80

typedef struct
{
  char   buf[TEXT_SIZE];
  size_t len;
  int    line;          /* the line being written, 1-based */
  const char *eol;
} Text;

static void
put (Text *t, const char *s)
{
  size_t n = strlen (s);

  FUZZ_CHECK (t->len + n < sizeof t->buf);
  memcpy (t->buf + t->len, s, n);
  t->len += n;
}

static void
end_line (Text *t)
{
  put (t, t->eol);
  t->line++;
}

/* One cell as written: its digit, or the blank. */
static void
put_cell (Text *t, uint8_t digit, char blank, bool fullwidth)
{
  char s[4];

  if (fullwidth)
    {
      /* U+FF10..U+FF19 in UTF-8: EF BC 90..99. */
      s[0] = (char) 0xEF;
      s[1] = (char) 0xBC;
      s[2] = (char) (0x90 + digit);
      s[3] = '\0';
    }
  else
    {
      s[0] = digit ? (char) ('0' + digit) : blank;
      s[1] = '\0';
    }
  put (t, s);
}

typedef struct
{
  const uint8_t *data;
  size_t size, pos;
} Input;

static uint8_t
take (Input *in)
{
  return in->pos < in->size ? in->data[in->pos++] : 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  Input in = { data, size, 0 };
  static Text t;
  NcGrid grid;
  NcPuzzle puzzle;
  NcParseError error;
  char expected_meta[26][MAX_HEADERS * (HEADER_MAX + 1) + 1];
  uint8_t format, flags, flags2;
  char blank;
  bool fullwidth, spaced, box_drawing, comment;
  int first_line = 0, n_headers;
  static const char *const eols[] = { "\n", "\r\n", "\r" };

  if (size < 3 + NC_CELLS)
    return 0;
  format = take (&in) % 4;
  flags = take (&in);
  flags2 = take (&in);
  for (int i = 0; i < NC_CELLS; i++)
    grid.cell[i] = take (&in) % 10;

  blank = flags & 1 ? '0' : '.';
  t.eol = eols[(flags >> 1) % 3];
  fullwidth = flags & 8;
  spaced = flags & 16;
  box_drawing = flags & 32;
  comment = flags & 64;
  t.len = 0;
  t.line = 1;
  memset (expected_meta, 0, sizeof expected_meta);

  if (flags & 128)
    put (&t, "\xEF\xBB\xBF");
  for (int i = 0; i < (flags2 & 3); i++)
    {
      put (&t, i & 1 ? "   \t" : "");
      end_line (&t);
    }

  /* Headers: .sdk's, before its puzzle ("#A author"); text in printable
   * ASCII, read back trimmed, repeats of a tag joined with '\n'. */
  n_headers = format == 3 ? (flags2 >> 2) % (MAX_HEADERS + 1) : 0;
  if (format == 3 && (flags2 & 64))
    {
      put (&t, "[Puzzle]");
      end_line (&t);
    }
  for (int h = 0; h < n_headers; h++)
    {
      int tag = take (&in) % 26;
      int len = take (&in) % HEADER_MAX;
      char text[HEADER_MAX + 1];
      size_t start = 0, end;

      for (int i = 0; i < len; i++)
        {
          char c = (char) (' ' + take (&in) % 95);

          text[i] = c;
        }
      text[len] = '\0';
      put (&t, "#");
      put (&t, (char[]) { (char) ('A' + tag), '\0' });
      put (&t, text);
      end_line (&t);
      end = (size_t) len;
      while (start < end && text[start] == ' ')
        start++;
      while (end > start && text[end - 1] == ' ')
        end--;
      if (end > start)
        {
          char *meta = expected_meta[tag];

          if (meta[0] != '\0')
            strcat (meta, "\n");
          strncat (meta, text + start, end - start);
        }
    }

  switch (format)
    {
    case 0:   /* one line of 81 */
      first_line = t.line;
      for (int i = 0; i < NC_CELLS; i++)
        {
          put_cell (&t, grid.cell[i], blank, fullwidth);
          if (spaced && i % 9 == 8 && i < NC_CELLS - 1)
            put (&t, " ");
        }
      if (comment)
        put (&t, "  # a comment");
      end_line (&t);
      break;

    case 1:   /* 9 rows */
    case 3:   /* .sdk: 9 rows after its headers */
      first_line = t.line;
      for (int r = 0; r < 9; r++)
        {
          for (int c = 0; c < 9; c++)
            {
              put_cell (&t, grid.cell[r * 9 + c], blank, fullwidth);
              if (spaced && c < 8)
                put (&t, " ");
            }
          if (comment && r == 0)
            put (&t, " # first row");
          end_line (&t);
          if ((flags2 & 128) && r == 4)
            end_line (&t);   /* a blank line inside the grid */
        }
      break;

    case 2:   /* Simple Sudoku .ss: boxes drawn with bars and rules */
      {
        const char *bar = box_drawing ? "\xE2\x94\x82" : "|";
        const char *rule = box_drawing ? "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xBC"
                                         "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xBC"
                                         "\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80"
                                       : "---+---+---";

        put (&t, "*-----------*");
        end_line (&t);
        first_line = t.line;
        for (int r = 0; r < 9; r++)
          {
            if (r == 3 || r == 6)
              {
                put (&t, bar);
                put (&t, rule);
                put (&t, bar);
                end_line (&t);
              }
            put (&t, bar);
            for (int c = 0; c < 9; c++)
              {
                put_cell (&t, grid.cell[r * 9 + c], blank, fullwidth);
                if (c % 3 == 2)
                  put (&t, bar);
              }
            end_line (&t);
          }
        put (&t, "*-----------*");
        end_line (&t);
      }
      break;
    }
  if (flags2 & 32)
    {
      put (&t, "# the end");
      end_line (&t);
    }

  if (!nc_parse_puzzle (t.buf, t.len, &puzzle, &error))
    {
      fprintf (stderr, "not read back (error kind %d, line %d, column %d):\n%.*s\n",
               (int) error.kind, error.line, error.column, (int) t.len, t.buf);
      FUZZ_CHECK (!"a well-formed puzzle is read");
    }
  FUZZ_CHECK (nc_grid_equal (&puzzle.grid, &grid));
  FUZZ_CHECK (puzzle.line == first_line);
  for (int tag = 0; tag < 26; tag++)
    {
      const char *meta = nc_puzzle_meta (&puzzle, (char) ('A' + tag));

      if (expected_meta[tag][0] == '\0')
        FUZZ_CHECK (meta == NULL);
      else
        FUZZ_CHECK (meta != NULL && strcmp (meta, expected_meta[tag]) == 0);
    }
  nc_puzzle_clear (&puzzle);
  return 0;
}
