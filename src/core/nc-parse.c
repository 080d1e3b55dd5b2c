/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-parse.c: the one reader behind every puzzle text format. It walks the
 * text once, line by line, in bounded memory, and accepts any bytes at all.
 *
 * The rules, as a user meets them:
 *  - Lines end at "\n", "\r\n" or a lone "\r". A UTF-8 byte order mark at the
 *    very start is skipped (it takes no column).
 *  - Cells are '1'..'9' and the blanks '0' and '.' (fullwidth digits such as
 *    an input method types count as well). Spaces, tabs and the Unicode
 *    spaces (no-break, ideographic, zero-width, a stray BOM) are ignored.
 *  - A line whose first non-blank character is '#' is a comment. "#X text"
 *    with an uppercase letter X is a SadMan/SudoCue header: its trimmed text
 *    becomes meta['X' - 'A'] of the puzzle that follows, repeated headers are
 *    joined with '\n', the text is made valid UTF-8 without control
 *    characters and kept to META_MAX bytes. Lowercase "#x" lines are plain
 *    comments ("#comment" is not a 'c' header). Headers go with the next
 *    puzzle, good or bad, and never carry over to the one after.
 *  - After a cell, whitespace then '#' starts a trailing comment.
 *  - '*' and '_' are blanks on a line of 9 or 81 cells with them (inside a
 *    grid, a row of nine is a row of blanks); otherwise they are rules.
 *  - ',' between single cells is a space ("0,0,2,..."); after 81 cells it
 *    starts CSV fields, kept as the note: "name: value" under a
 *    "puzzle,name,..." header line (a "solution" column is dropped), the
 *    bare value without one. After a tab, 81 cells may be followed by a
 *    rating (GNOME Sudoku 2.x), kept as "rating: value".
 *  - A line opening with two letters is a title: above a grid it becomes
 *    the grid's 'T' (Project Euler's "Grid 01"); above lines of 81 it names
 *    the list and is dropped. "Puzzle,..." is a CSV header.
 *  - A full grid that keeps every given of the puzzle before it and breaks
 *    no rule is that puzzle's solution (qqwing --solution) and is dropped.
 *  - A line of only '-', '+', '=', '*', '_', '|', dashes, box-drawing
 *    characters and spaces is a separator line; such lines and blank lines
 *    are skipped anywhere. In a line of cells '|' and the vertical
 *    box-drawing bars separate boxes; anything else is a fault, reported at
 *    its column (counted in characters).
 *  - "[Puzzle]" (SadMan .sdk) is ignored; any other "[Name]" section
 *    ([State], [PencilMarks], [Colours]) is skipped up to the next
 *    "[Puzzle]" or '#X' header. A [State] right after the puzzle of a
 *    [Puzzle] section that keeps its givens is its state (has_state).
 *  - A line of exactly 81 cells is a puzzle. A line of 9 cells starts a grid,
 *    and 9 such rows make a puzzle; blank and separator lines between rows
 *    are skipped. A comment, "[Puzzle]", an 81-cell line or the end of the
 *    text before the ninth row cuts the grid short, reported at the grid's
 *    first line.
 *  - A faulty line is taken for a grid row when it has a bar or is short
 *    and mostly cells (at most 12 cells and stray characters outside a
 *    grid, 44 inside):
 *    then it belongs to a grid whose remaining rows are skipped, so reading
 *    picks up cleanly after it. Any other faulty line is skipped alone.
 *  - One error per bad puzzle: the first fault found. Every puzzle and error
 *    names a line after the one before it, so none is reported twice. */

#include "nc-parse.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define META_MAX            1000  /* bytes kept of one header, without the NUL */
#define ROW_ITEMS_OUTSIDE   12    /* longest faulty line taken for a row outside a grid */
#define ROW_ITEMS_INSIDE    44    /* inside one: anything nearer 9 than 81 */
#define QUOTE_SIZE          NC_PARSE_WHAT_SIZE
#define NOT_A_CHAR          UINT32_MAX

struct NcReader
{
  const unsigned char *text;
  size_t               len;
  size_t               pos;         /* start of the next line */
  int                  line;        /* its number */

  /* The grid being read; block_rows > 0 while inside one. */
  int                  block_rows;
  int                  block_line;
  bool                 block_bad;   /* already reported: its other rows are skipped */
  NcGrid               block;

  char                *meta[26];    /* headers waiting for the next puzzle */
  char                *title;       /* a title line waiting for the next grid */
  char                *columns;     /* a "puzzle,..." CSV header's other names */
  bool                 skipping;    /* inside an .sdk section that is not a puzzle */
  bool                 sdk_puzzle;  /* after "[Puzzle]", before its puzzle */
  bool                 have_last;
  NcGrid               last;        /* the puzzle read last, for its solution */
};

typedef enum
{
  LINE_BLANK,
  LINE_COMMENT,
  LINE_SECTION,          /* "[Puzzle]" */
  LINE_OTHER_SECTION,    /* "[State]", "[PencilMarks]", "[Colours]"...: skipped */
  LINE_TITLE,            /* a line that opens with a word */
  LINE_SEPARATOR,
  LINE_BAD_SEPARATOR,   /* a separator line with a fault: not a row */
  LINE_CELLS,
} LineKind;

typedef struct
{
  LineKind kind;
  size_t   end;                   /* just past the line's content */
  size_t   next;                  /* start of the following line */
  size_t   hash;                  /* the '#' of a comment line */
  size_t   cells;                 /* may pass 81: cell[] keeps the first 81 */
  size_t   faults;
  size_t   rules;                 /* '-', '+' ...: faults only beside cells */
  size_t   stars;                 /* '*' and '_' among the rules */
  size_t   extra;                 /* start of the fields after the cells, or 0 */
  bool     tabbed;                /* those fields follow a tab, not a comma */
  bool     bar;
  uint8_t  cell[NC_CELLS];
  size_t   fault_column;          /* of the first fault, 0 when none */
  char     fault[QUOTE_SIZE];
  size_t   rule_column;
  char     rule[QUOTE_SIZE];
} Line;

typedef enum
{
  CHAR_SPACE,
  CHAR_CELL,
  CHAR_BAR,
  CHAR_RULE,
  CHAR_HASH,
  CHAR_OTHER,
} CharClass;

void
nc_puzzle_init (NcPuzzle *puzzle)
{
  memset (puzzle, 0, sizeof *puzzle);
}

void
nc_puzzle_clear (NcPuzzle *puzzle)
{
  for (int i = 0; i < 26; i++)
    free (puzzle->meta[i]);
  nc_puzzle_init (puzzle);
}

const char *
nc_puzzle_meta (const NcPuzzle *puzzle, char tag)
{
  if (tag < 'A' || tag > 'Z')
    return NULL;
  return puzzle->meta[tag - 'A'];
}

/* Strict UTF-8: overlong forms, surrogates and values past U+10FFFF are
 * invalid, and an invalid sequence is taken one byte at a time. */
static size_t
decode_char (const unsigned char *p, size_t n, uint32_t *out)
{
  unsigned char b = p[0], lo = 0x80, hi = 0xBF;
  size_t need;
  uint32_t c;

  if (b < 0x80)
    {
      *out = b;
      return 1;
    }
  if (b >= 0xC2 && b <= 0xDF)
    {
      need = 1;
      c = b & 0x1F;
    }
  else if (b >= 0xE0 && b <= 0xEF)
    {
      need = 2;
      c = b & 0x0F;
      lo = b == 0xE0 ? 0xA0 : 0x80;
      hi = b == 0xED ? 0x9F : 0xBF;
    }
  else if (b >= 0xF0 && b <= 0xF4)
    {
      need = 3;
      c = b & 0x07;
      lo = b == 0xF0 ? 0x90 : 0x80;
      hi = b == 0xF4 ? 0x8F : 0xBF;
    }
  else
    {
      *out = NOT_A_CHAR;
      return 1;
    }
  if (n <= need)
    {
      *out = NOT_A_CHAR;
      return 1;
    }
  for (size_t i = 1; i <= need; i++)
    {
      if (p[i] < lo || p[i] > hi)
        {
          *out = NOT_A_CHAR;
          return 1;
        }
      c = (c << 6) | (p[i] & 0x3F);
      lo = 0x80;
      hi = 0xBF;
    }
  *out = c;
  return need + 1;
}

static bool
is_space (uint32_t c)
{
  return c == ' ' || c == '\t' || c == 0xA0 || c == 0x1680
         || (c >= 0x2000 && c <= 0x200B) || c == 0x202F || c == 0x205F
         || c == 0x3000 || c == 0xFEFF;
}

static bool
is_control (uint32_t c)
{
  return c < 0x20 || (c >= 0x7F && c <= 0x9F);
}

/* Characters that would print as nothing between quotes. */
static bool
is_invisible (uint32_t c)
{
  return c == 0xAD || (c >= 0x200C && c <= 0x200F) || (c >= 0x2028 && c <= 0x202E)
         || (c >= 0x2060 && c <= 0x206F) || (c >= 0xFFF9 && c <= 0xFFFB)
         || (c >= 0xE0000 && c <= 0xE007F);
}

static CharClass
classify (uint32_t c, uint8_t *digit)
{
  if (c >= '1' && c <= '9')
    {
      *digit = (uint8_t) (c - '0');
      return CHAR_CELL;
    }
  if (c == '0' || c == '.')
    {
      *digit = 0;
      return CHAR_CELL;
    }
  if (c >= 0xFF10 && c <= 0xFF19)
    {
      *digit = (uint8_t) (c - 0xFF10);
      return CHAR_CELL;
    }
  if (is_space (c))
    return CHAR_SPACE;
  if (c == '#')
    return CHAR_HASH;
  if (c == '|' || c == 0xA6 || c == 0x2502 || c == 0x2503 || c == 0x2506 || c == 0x2507
      || c == 0x250A || c == 0x250B || c == 0x2551 || c == 0x254E || c == 0x254F || c == 0xFF5C)
    return CHAR_BAR;
  /* Word processors turn "--" into dashes; box-drawing comes from web pages. */
  if (c == '-' || c == '+' || c == '=' || c == '*' || c == '_'
      || (c >= 0x2010 && c <= 0x2015) || c == 0x2212 || (c >= 0x2500 && c <= 0x257F))
    return CHAR_RULE;
  return CHAR_OTHER;
}

/* How a character is named in a message: itself in quotes when it can be
 * seen, an escape for bytes that are not text, U+XXXX for invisible ones. */
static void
quote_char (const unsigned char *p, size_t n, uint32_t c, char out[QUOTE_SIZE])
{
  if (c == NOT_A_CHAR || c < 0x20 || c == 0x7F)
    snprintf (out, QUOTE_SIZE, "'\\x%02X'", p[0]);
  else if (is_control (c) || is_invisible (c))
    snprintf (out, QUOTE_SIZE, "U+%04X", (unsigned) c);
  else if (c == '\'')
    snprintf (out, QUOTE_SIZE, "\"'\"");
  else
    {
      out[0] = '\'';
      memcpy (out + 1, p, n);
      out[n + 1] = '\'';
      out[n + 2] = '\0';
    }
}

/* 1 for "[Puzzle]", 2 for any other "[Name]" section line, 0 for others. */
static int
section_kind (const unsigned char *p, size_t n)
{
  static const char puzzle[] = "[puzzle]";
  bool same = true;

  while (n > 0 && (*p == ' ' || *p == '\t'))
    {
      p++;
      n--;
    }
  while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
    n--;
  if (n < 3 || p[0] != '[' || p[n - 1] != ']')
    return 0;
  for (size_t i = 1; i + 1 < n; i++)
    {
      unsigned char b = p[i];

      if (b >= 'A' && b <= 'Z')
        b = (unsigned char) (b - 'A' + 'a');
      if (b < 'a' || b > 'z')
        return 0;
      if (n != sizeof puzzle - 1 || b != (unsigned char) puzzle[i])
        same = false;
    }
  return same && n == sizeof puzzle - 1 ? 1 : 2;
}

static bool
is_state_section (const unsigned char *p, size_t n)
{
  static const char state[] = "[state]";

  while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
    n--;
  while (n > 0 && (*p == ' ' || *p == '\t'))
    {
      p++;
      n--;
    }
  if (n != sizeof state - 1)
    return false;
  for (size_t i = 0; i < n; i++)
    if ((p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i]) != state[i])
      return false;
  return true;
}

static bool
is_letter (unsigned char b)
{
  return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
}

/* Where the cells of a line end when fields follow them: the first comma of
 * a CSV line whose fields are not single cells ("0,0,2,..." is a row), or
 * the last tab after 81 cells (GNOME Sudoku's rating). Sets *extra to the
 * start of those fields; 0 when there are none. *commas_are_spaces is set
 * for rows written with a comma between cells. */
static size_t
find_fields (const unsigned char *text, size_t start, size_t end, size_t *extra,
             bool *commas_are_spaces)
{
  size_t first_comma = 0, field = 0, last_tab = 0, cells = 0;
  bool any_comma = false, singles = true;

  *extra = 0;
  *commas_are_spaces = false;
  for (size_t q = start; q < end; q++)
    {
      if (text[q] == ',')
        {
          if (!any_comma)
            first_comma = q;
          any_comma = true;
          field = 0;
        }
      else if (text[q] == '\t')
        last_tab = q;
      else if (text[q] != ' ' && ++field > 1)
        singles = false;
    }
  if (any_comma && singles)
    {
      *commas_are_spaces = true;
      return end;
    }
  if (any_comma)
    {
      *extra = first_comma + 1;
      return first_comma;
    }
  if (last_tab == 0)
    return end;
  for (size_t q = start; q < last_tab; q++)
    if ((text[q] >= '0' && text[q] <= '9') || text[q] == '.')
      cells++;
  if (cells != NC_CELLS)
    return end;
  *extra = last_tab + 1;
  return last_tab;
}

/* One pass over the cells of a line; stars_blank reads '*' and '_' as
 * blanks rather than rules. */
static void
scan_cells (const NcReader *reader, Line *line, size_t start, size_t end, bool commas_are_spaces,
            bool stars_blank)
{
  const unsigned char *text = reader->text;
  size_t column = 0;
  bool seen = false, after_space = false;

  line->cells = line->faults = line->rules = line->stars = 0;
  line->fault_column = line->rule_column = 0;
  line->bar = false;

  for (size_t q = start, n; q < end; q += n)
    {
      uint32_t c;
      uint8_t digit = 0;
      CharClass class;

      n = decode_char (text + q, end - q, &c);
      column++;
      class = classify (c, &digit);
      if (c == ',' && commas_are_spaces)
        class = CHAR_SPACE;
      else if (c == '*' || c == '_')
        {
          if (stars_blank)
            class = CHAR_CELL;
          else
            line->stars++;
        }
      switch (class)
        {
        case CHAR_SPACE:
          after_space = true;
          continue;
        case CHAR_HASH:
          if (!seen)
            {
              line->kind = LINE_COMMENT;
              line->hash = q;
              return;
            }
          if (after_space)
            goto done;
          /* A '#' glued to the cells is a fault like any other. */
          if (line->faults++ == 0)
            {
              line->fault_column = column;
              quote_char (text + q, n, c, line->fault);
            }
          break;
        case CHAR_CELL:
          if (line->cells < NC_CELLS)
            line->cell[line->cells] = digit;
          line->cells++;
          break;
        case CHAR_BAR:
          line->bar = true;
          break;
        case CHAR_RULE:
          if (line->rules++ == 0)
            {
              line->rule_column = column;
              quote_char (text + q, n, c, line->rule);
            }
          break;
        case CHAR_OTHER:
          if (line->faults++ == 0)
            {
              line->fault_column = column;
              quote_char (text + q, n, c, line->fault);
            }
          break;
        }
      seen = true;
      after_space = false;
    }

done:
  line->end = end;
  if (line->cells > 0 && line->rules > 0)
    {
      line->faults += line->rules;
      if (line->fault_column == 0 || line->rule_column < line->fault_column)
        {
          line->fault_column = line->rule_column;
          memcpy (line->fault, line->rule, QUOTE_SIZE);
        }
    }
  if (line->cells == 0 && line->faults == 0)
    line->kind = line->rules > 0 || line->bar ? LINE_SEPARATOR : LINE_BLANK;
  else if (line->cells == 0 && line->rules > 0)
    line->kind = LINE_BAD_SEPARATOR;
  else
    line->kind = LINE_CELLS;
}

static void
scan_line (const NcReader *reader, Line *line)
{
  const unsigned char *text = reader->text;
  size_t start = reader->pos, end = start, first = start, cells_end;
  bool commas_are_spaces;
  int section;

  while (end < reader->len && text[end] != '\n' && text[end] != '\r')
    end++;
  line->next = end;
  if (end < reader->len)
    {
      line->next++;
      if (text[end] == '\r' && line->next < reader->len && text[line->next] == '\n')
        line->next++;
    }
  line->end = end;
  line->extra = 0;
  line->tabbed = false;

  section = section_kind (text + start, end - start);
  if (section != 0)
    {
      line->kind = section == 1 ? LINE_SECTION : LINE_OTHER_SECTION;
      return;
    }
  if (reader->skipping)
    {
      line->kind = first < end && text[first] == '#' ? LINE_COMMENT : LINE_BLANK;
      line->hash = first;
      return;
    }
  while (first < end && (text[first] == ' ' || text[first] == '\t'))
    first++;
  if (end - first >= 2 && is_letter (text[first]) && is_letter (text[first + 1]))
    {
      line->kind = LINE_TITLE;
      line->hash = first;
      return;
    }

  cells_end = find_fields (text, start, end, &line->extra, &commas_are_spaces);
  line->tabbed = line->extra > 0 && text[cells_end] == '\t';
  scan_cells (reader, line, start, cells_end, commas_are_spaces, false);
  /* Blanks written '*' or '_' among the cells of a row or a puzzle line. */
  if (line->stars > 0 && line->stars == line->rules
      && (line->kind == LINE_CELLS || (line->kind == LINE_SEPARATOR && reader->block_rows > 0))
      && (line->cells + line->stars == 9 || line->cells + line->stars == NC_CELLS))
    scan_cells (reader, line, start, cells_end, commas_are_spaces, true);
  line->end = end;
}

static int
clamp_int (size_t n)
{
  return n > INT_MAX ? INT_MAX : (int) n;
}

static void
advance (NcReader *reader, const Line *line)
{
  reader->pos = line->next;
  if (reader->line < INT_MAX)
    reader->line++;
}

static void
drop_meta (NcReader *reader)
{
  for (int i = 0; i < 26; i++)
    {
      free (reader->meta[i]);
      reader->meta[i] = NULL;
    }
  free (reader->title);
  reader->title = NULL;
}

static void
reader_release (NcReader *reader)
{
  drop_meta (reader);
  free (reader->columns);
  reader->columns = NULL;
}

/* Copies the header text as valid UTF-8 without control characters, whole
 * characters only, at most cap bytes. Returns the length written. */
static size_t
copy_meta_text (char *out, size_t cap, const unsigned char *p, size_t n)
{
  size_t len = 0;

  for (size_t q = 0, k; q < n; q += k)
    {
      uint32_t c;
      const unsigned char *bytes = p + q;
      size_t size;

      k = decode_char (p + q, n - q, &c);
      size = k;
      if (c == '\t')
        {
          bytes = (const unsigned char *) " ";
          size = 1;
        }
      else if (c == NOT_A_CHAR || is_control (c))
        {
          bytes = (const unsigned char *) "\xEF\xBF\xBD";
          size = 3;
        }
      if (len + size > cap)
        break;
      memcpy (out + len, bytes, size);
      len += size;
    }
  return len;
}

static void
take_header (NcReader *reader, const Line *line)
{
  const unsigned char *text = reader->text;
  size_t start = line->hash + 1, end = line->end, old_len = 0, len;
  char buf[META_MAX];
  char *joined;
  int tag;

  if (start >= end || text[start] < 'A' || text[start] > 'Z')
    return;
  tag = text[start] - 'A';
  start++;
  while (start < end && (text[start] == ' ' || text[start] == '\t'))
    start++;
  while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t'))
    end--;
  if (start == end)
    return;

  if (reader->meta[tag] != NULL)
    {
      old_len = strlen (reader->meta[tag]);
      if (old_len + 1 >= META_MAX)
        return;
    }
  len = copy_meta_text (buf, META_MAX - old_len - (old_len > 0), text + start, end - start);
  if (len == 0)
    return;

  /* Out of memory loses this header, not the puzzle. */
  joined = realloc (reader->meta[tag], old_len + (old_len > 0) + len + 1);
  if (joined == NULL)
    return;
  if (old_len > 0)
    joined[old_len++] = '\n';
  memcpy (joined + old_len, buf, len);
  joined[old_len + len] = '\0';
  reader->meta[tag] = joined;
}

static bool
starts_puzzle_columns (const char *text)
{
  static const char word[] = "puzzle,";

  for (size_t i = 0; i < sizeof word - 1; i++)
    {
      char c = text[i];

      if (c >= 'A' && c <= 'Z')
        c = (char) (c - 'A' + 'a');
      if (c != word[i])
        return false;
    }
  return true;
}

/* A title line: "Grid 01" above a grid names it; "puzzle,label,ER,..."
 * names the CSV columns that follow. */
static void
take_title (NcReader *reader, const Line *line)
{
  const unsigned char *text = reader->text;
  size_t start = line->hash, end = line->end, len;
  char buf[META_MAX];

  while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t'))
    end--;
  len = copy_meta_text (buf, META_MAX - 1, text + start, end - start);
  buf[len] = '\0';
  if (len >= 7 && starts_puzzle_columns (buf))
    {
      free (reader->columns);
      reader->columns = strdup (buf + 7);
      return;
    }
  free (reader->title);
  reader->title = len > 0 ? strdup (buf) : NULL;
}

static void
set_error (NcParseError *error, NcParseErrorKind kind, int line, int column, size_t count)
{
  *error = (NcParseError) { .kind = kind, .line = line, .column = column, .count = count };
}

static void
describe_fault (NcParseError *error, int number, const Line *line, bool row)
{
  if (line->faults > 0)
    {
      set_error (error, NC_PARSE_BAD_CHARACTER, number, clamp_int (line->fault_column), 0);
      memcpy (error->what, line->fault, sizeof error->what);
    }
  else
    set_error (error, row ? NC_PARSE_ROW_CELLS : NC_PARSE_LINE_CELLS, number, 0, line->cells);
}

/* A full grid that keeps every given of the puzzle before it and breaks no
 * rule is that puzzle's solution (qqwing --solution prints both). */
static bool
solves_last (const NcReader *reader, const uint8_t cells[NC_CELLS])
{
  NcGrid grid;
  NcConflict conflict;

  if (!reader->have_last || nc_grid_is_full (&reader->last))
    return false;
  memcpy (grid.cell, cells, NC_CELLS);
  if (!nc_grid_is_full (&grid) || nc_grid_find_conflicts (&grid, &conflict, 1) > 0)
    return false;
  for (int i = 0; i < NC_CELLS; i++)
    if (reader->last.cell[i] != 0 && reader->last.cell[i] != cells[i])
      return false;
  return true;
}

/* Appends "text" to the puzzle's note, on a line of its own. */
static void
add_note (NcPuzzle *puzzle, const char *name, const unsigned char *p, size_t n)
{
  char buf[META_MAX];
  char **note = &puzzle->meta['C' - 'A'];
  size_t old_len = *note != NULL ? strlen (*note) : 0;
  size_t name_len = name != NULL ? strlen (name) + 2 : 0;
  size_t len;
  char *joined;

  while (n > 0 && (*p == ' ' || *p == '\t' || *p == '"'))
    {
      p++;
      n--;
    }
  while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '"'))
    n--;
  if (n == 0 || old_len + 1 + name_len >= META_MAX)
    return;
  len = copy_meta_text (buf, META_MAX - old_len - 1 - name_len, p, n);
  if (len == 0)
    return;
  joined = realloc (*note, old_len + 1 + name_len + len + 1);
  if (joined == NULL)
    return;
  if (old_len > 0)
    joined[old_len++] = '\n';
  if (name != NULL)
    {
      memcpy (joined + old_len, name, name_len - 2);
      memcpy (joined + old_len + name_len - 2, ": ", 2);
      old_len += name_len;
    }
  memcpy (joined + old_len, buf, len);
  joined[old_len + len] = '\0';
  *note = joined;
}

/* The fields after a puzzle's cells become its note: "ER: 11.9" under a
 * "puzzle,...,ER,..." header, the bare values without one, "rating: 0.52"
 * after a tab. A "solution" column is the answer, not a note. */
static void
take_fields (const NcReader *reader, NcPuzzle *puzzle, const Line *line)
{
  const unsigned char *text = reader->text;
  const char *names = reader->columns;
  size_t q = line->extra;

  if (line->extra == 0)
    return;
  if (line->tabbed)
    {
      add_note (puzzle, "rating", text + q, line->end - q);
      return;
    }
  while (q <= line->end)
    {
      size_t stop = q;
      char name[64] = "";

      while (stop < line->end && text[stop] != ',')
        stop++;
      if (names != NULL && *names != '\0')
        {
          const char *comma = strchr (names, ',');
          size_t n = comma != NULL ? (size_t) (comma - names) : strlen (names);

          snprintf (name, sizeof name, "%.*s", (int) n, names);
          names += comma != NULL ? n + 1 : n;
        }
      if (strcmp (name, "solution") != 0 && strcmp (name, "Solution") != 0)
        add_note (puzzle, name[0] != '\0' ? name : NULL, text + q, stop - q);
      q = stop + 1;
    }
}

/* Hands the waiting headers to the puzzle; false (and nothing handed) for
 * the solution of the puzzle before. */
static bool
emit (NcReader *reader, NcPuzzle *puzzle, const uint8_t cells[NC_CELLS], int number, bool grid)
{
  if (solves_last (reader, cells))
    {
      reader->have_last = false;
      drop_meta (reader);
      return false;
    }
  memcpy (puzzle->grid.cell, cells, NC_CELLS);
  memcpy (reader->last.cell, cells, NC_CELLS);
  reader->have_last = true;
  puzzle->line = number;
  if (grid && reader->title != NULL && reader->meta['T' - 'A'] == NULL)
    {
      reader->meta['T' - 'A'] = reader->title;
      reader->title = NULL;
    }
  memcpy (puzzle->meta, reader->meta, sizeof puzzle->meta);
  memset (reader->meta, 0, sizeof reader->meta);
  free (reader->title);
  reader->title = NULL;
  return true;
}

/* Leaves the current grid; a grid not already reported and not yet whole
 * is an error. Returns true when it sets *error. */
static bool
end_block (NcReader *reader, NcParseError *error)
{
  bool report = !reader->block_bad;

  if (report)
    {
      set_error (error, NC_PARSE_GRID_ROWS, reader->block_line, 0, (size_t) reader->block_rows);
      drop_meta (reader);
    }
  reader->block_rows = 0;
  reader->block_bad = false;
  return report;
}

static void
reader_init (NcReader *reader, const char *text, size_t len)
{
  memset (reader, 0, sizeof *reader);
  reader->text = (const unsigned char *) text;
  reader->len = text != NULL ? len : 0;
  reader->line = 1;
  if (reader->len >= 3 && memcmp (reader->text, "\xEF\xBB\xBF", 3) == 0)
    reader->pos = 3;
}

NcReader *
nc_reader_new (const char *text, size_t len)
{
  NcReader *reader = malloc (sizeof *reader);

  if (reader != NULL)
    reader_init (reader, text, len);
  return reader;
}

void
nc_reader_free (NcReader *reader)
{
  if (reader == NULL)
    return;
  reader_release (reader);
  free (reader);
}

static void reader_release (NcReader *reader);

/* Where the section that starts at pos ends: at the next "[Name]" line or
 * '#X' header, or the end of the text. */
static size_t
section_end (const NcReader *reader, size_t pos)
{
  const unsigned char *text = reader->text;

  while (pos < reader->len)
    {
      size_t end = pos, first = pos;

      while (end < reader->len && text[end] != '\n' && text[end] != '\r')
        end++;
      while (first < end && (text[first] == ' ' || text[first] == '\t'))
        first++;
      if (section_kind (text + pos, end - pos) != 0
          || (end - first >= 2 && text[first] == '#' && text[first + 1] >= 'A' && text[first + 1] <= 'Z'))
        return pos;
      pos = end;
      while (pos < reader->len && (text[pos] == '\n' || text[pos] == '\r'))
        pos++;
    }
  return reader->len;
}

/* SadMan's [State] after the [Puzzle] just read: the board as it was
 * left. Looks ahead without reading: the section is skipped later. It is
 * kept when it holds every given. */
static void
take_state (const NcReader *reader, NcPuzzle *puzzle)
{
  const unsigned char *text = reader->text;
  size_t pos = reader->pos, end = pos;
  NcReader state;
  NcPuzzle read;
  NcParseError error;

  while (pos < reader->len)
    {
      end = pos;
      while (end < reader->len && text[end] != '\n' && text[end] != '\r')
        end++;
      if (section_kind (text + pos, end - pos) == 2)
        break;
      for (size_t q = pos; q < end; q++)
        if (text[q] != ' ' && text[q] != '\t')
          return;
      pos = end;
      while (pos < reader->len && (text[pos] == '\n' || text[pos] == '\r'))
        pos++;
    }
  if (pos >= reader->len || !is_state_section (text + pos, end - pos))
    return;
  while (end < reader->len && (text[end] == '\n' || text[end] == '\r'))
    end++;
  reader_init (&state, (const char *) text + end, section_end (reader, end) - end);
  if (nc_reader_next (&state, &read, &error) == NC_READ_PUZZLE)
    {
      bool keeps = true;

      for (int i = 0; i < NC_CELLS; i++)
        if (puzzle->grid.cell[i] != 0 && read.grid.cell[i] != puzzle->grid.cell[i])
          keeps = false;
      puzzle->has_state = keeps;
      if (keeps)
        puzzle->state = read.grid;
    }
  nc_puzzle_clear (&read);
  reader_release (&state);
}

/* A line of cells, in or out of a grid. Returns true when it produced a
 * result in *puzzle or *error; false to go on reading. */
static bool
read_cells (NcReader *reader, const Line *line, NcPuzzle *puzzle, NcParseError *error,
            NcReadResult *result)
{
  bool inside = reader->block_rows > 0;
  size_t items = line->cells + line->faults;
  bool good_puzzle = line->faults == 0 && line->cells == NC_CELLS;
  bool good_row = line->faults == 0 && line->cells == 9;
  bool row_like = good_row
                  || (line->bar && items <= ROW_ITEMS_INSIDE)
                  || (line->cells >= line->faults
                      && items <= (inside ? ROW_ITEMS_INSIDE : ROW_ITEMS_OUTSIDE));
  int number = reader->line;

  if (inside && (good_puzzle || !row_like))
    {
      /* The grid ends here; this line is read again outside it. */
      if (end_block (reader, error))
        {
          *result = NC_READ_ERROR;
          return true;
        }
      return false;
    }

  advance (reader, line);
  if (good_puzzle)
    {
      if (!emit (reader, puzzle, line->cell, number, false))
        return false;
      take_fields (reader, puzzle, line);
      if (reader->sdk_puzzle)
        take_state (reader, puzzle);
      reader->sdk_puzzle = false;
      *result = NC_READ_PUZZLE;
      return true;
    }
  if (!row_like)
    {
      describe_fault (error, number, line, false);
      drop_meta (reader);
      *result = NC_READ_ERROR;
      return true;
    }

  if (!inside)
    {
      reader->block_line = number;
      reader->block_bad = false;
    }
  reader->block_rows++;
  if (reader->block_bad)
    {
      if (reader->block_rows == 9)
        reader->block_rows = 0;
      return false;
    }
  if (good_row)
    {
      memcpy (reader->block.cell + (reader->block_rows - 1) * 9, line->cell, 9);
      if (reader->block_rows < 9)
        return false;
      reader->block_rows = 0;
      if (!emit (reader, puzzle, reader->block.cell, reader->block_line, true))
        return false;
      if (reader->sdk_puzzle)
        take_state (reader, puzzle);
      reader->sdk_puzzle = false;
      *result = NC_READ_PUZZLE;
      return true;
    }

  /* A bad row spoils its grid: report it once, skip the grid's other rows. */
  describe_fault (error, number, line, true);
  drop_meta (reader);
  reader->block_bad = reader->block_rows < 9;
  if (reader->block_rows == 9)
    reader->block_rows = 0;
  *result = NC_READ_ERROR;
  return true;
}

NcReadResult
nc_reader_next (NcReader *reader, NcPuzzle *puzzle, NcParseError *error)
{
  nc_puzzle_init (puzzle);
  set_error (error, NC_PARSE_OK, 0, 0, 0);

  while (reader->pos < reader->len)
    {
      Line line;
      NcReadResult result;
      int number = reader->line;

      scan_line (reader, &line);
      switch (line.kind)
        {
        case LINE_BLANK:
        case LINE_SEPARATOR:
          advance (reader, &line);
          break;

        case LINE_COMMENT:
        case LINE_SECTION:
        case LINE_OTHER_SECTION:
        case LINE_TITLE:
          if (reader->block_rows > 0)
            {
              /* The header belongs to the next puzzle: read it again then. */
              if (end_block (reader, error))
                return NC_READ_ERROR;
              break;
            }
          /* A section that is not the puzzle lasts until "[Puzzle]" or a header. */
          reader->sdk_puzzle = line.kind == LINE_SECTION;
          if (line.kind == LINE_OTHER_SECTION)
            reader->skipping = true;
          else if (line.kind == LINE_SECTION
                   || (line.kind == LINE_COMMENT && line.hash + 1 < line.end && reader->text[line.hash + 1] >= 'A'
                       && reader->text[line.hash + 1] <= 'Z'))
            reader->skipping = false;
          if (line.kind == LINE_COMMENT)
            take_header (reader, &line);
          else if (line.kind == LINE_TITLE)
            take_title (reader, &line);
          advance (reader, &line);
          break;

        case LINE_BAD_SEPARATOR:
          advance (reader, &line);
          if (reader->block_rows > 0 && reader->block_bad)
            break;
          reader->block_bad = reader->block_rows > 0;
          describe_fault (error, number, &line, false);
          drop_meta (reader);
          return NC_READ_ERROR;

        case LINE_CELLS:
          if (read_cells (reader, &line, puzzle, error, &result))
            return result;
          break;
        }
    }

  if (reader->block_rows > 0 && end_block (reader, error))
    return NC_READ_ERROR;
  drop_meta (reader);
  return NC_READ_END;
}

bool
nc_parse_puzzle (const char *text, size_t len, NcPuzzle *puzzle, NcParseError *error)
{
  NcReader reader;
  NcPuzzle extra;
  NcParseError extra_error;
  NcReadResult result;

  reader_init (&reader, text, len);
  result = nc_reader_next (&reader, puzzle, error);
  if (result == NC_READ_END)
    set_error (error, NC_PARSE_NO_PUZZLE, 0, 0, 0);
  if (result != NC_READ_PUZZLE)
    {
      reader_release (&reader);
      return false;
    }

  result = nc_reader_next (&reader, &extra, &extra_error);
  reader_release (&reader);
  if (result == NC_READ_END)
    return true;
  if (result == NC_READ_PUZZLE)
    set_error (error, NC_PARSE_SECOND_PUZZLE, extra.line, 0, 0);
  else
    *error = extra_error;
  nc_puzzle_clear (&extra);
  nc_puzzle_clear (puzzle);
  return false;
}
