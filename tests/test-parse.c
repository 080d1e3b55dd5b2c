/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-parse.c: the puzzle text reader on every format, on bad input and on
 * garbage, with each error's line, column and sentence checked exactly. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nc-parse.h"
#include "ne-messages.h"

/* The sentence a person reads, untranslated (the tests run in the C locale). */
static void
assert_message (const NcParseError *error, const char *expected)
{
  g_autofree char *message = ne_parse_error_message (error);

  g_assert_cmpstr (message, ==, expected);
}

/* The SudoCue .sdk example, as rows and as one line, and two more puzzles. */
#define R1 "2..1.5..3"
#define R2 ".54...71."
#define R3 ".1.2.3.8."
#define R4 "6.28.73.4"
#define R5 "........."
#define R6 "1.53.98.6"
#define R7 ".2.7.1.6."
#define R8 ".81...24."
#define R9 "7..4.2..1"
#define P1 R1 R2 R3 R4 R5 R6 R7 R8 R9
#define P1_ROWS R1 "\n" R2 "\n" R3 "\n" R4 "\n" R5 "\n" R6 "\n" R7 "\n" R8 "\n" R9 "\n"
#define P2 "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#define P3 "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."

/* Reads all of text and lists what the reader said, one result a line:
 *   "puzzle LINE GRID"  or  "error LINE COLUMN MESSAGE"
 * checking on the way that every message opens with its own line and
 * column, and that lines only go forward. */
static char *
read_summary_len (const char *text, size_t len)
{
  NcReader *reader = nc_reader_new (text, len);
  GString *out = g_string_new (NULL);
  NcPuzzle puzzle;
  NcParseError error;
  NcReadResult result;
  int last_line = 0;
  guint rounds = 0;

  g_assert_nonnull (reader);
  while ((result = nc_reader_next (reader, &puzzle, &error)) != NC_READ_END)
    {
      int line;

      g_assert_cmpuint (++rounds, <=, len + 1);
      if (result == NC_READ_PUZZLE)
        {
          char grid[82];

          line = puzzle.line;
          nc_grid_format_line (&puzzle.grid, '.', grid);
          g_string_append_printf (out, "puzzle %d %s\n", line, grid);
        }
      else
        {
          g_autofree char *prefix = NULL;
          g_autofree char *message = NULL;

          g_assert_cmpint (result, ==, NC_READ_ERROR);
          line = error.line;
          g_assert_nonnull (memchr (error.what, '\0', sizeof error.what));
          if (error.column > 0)
            prefix = g_strdup_printf ("line %d, column %d: ", error.line, error.column);
          else
            prefix = g_strdup_printf ("line %d: ", error.line);
          message = ne_parse_error_message (&error);
          g_assert_true (g_str_has_prefix (message, prefix));
          g_string_append_printf (out, "error %d %d %s\n", error.line, error.column, message);
          for (int i = 0; i < 26; i++)
            g_assert_null (puzzle.meta[i]);
        }
      g_assert_cmpint (line, >, last_line);
      last_line = line;
      for (int i = 0; i < 26; i++)
        if (puzzle.meta[i] != NULL)
          {
            g_assert_true (g_utf8_validate (puzzle.meta[i], -1, NULL));
            g_assert_cmpuint (strlen (puzzle.meta[i]), <=, 1000);
            g_assert_cmpuint (strlen (puzzle.meta[i]), >, 0);
          }
      nc_puzzle_clear (&puzzle);
    }
  /* The end is sticky. */
  g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_END);
  nc_reader_free (reader);
  return g_string_free (out, FALSE);
}

static char *
read_summary (const char *text)
{
  return read_summary_len (text, strlen (text));
}

#define assert_reads(text, expected) \
  G_STMT_START { \
    g_autofree char *summary_ = read_summary (text); \
    g_assert_cmpstr (summary_, ==, expected); \
  } G_STMT_END

/* The first puzzle of text, which must hold one. */
static void
parse_one (const char *text, NcPuzzle *puzzle)
{
  NcParseError error;

  if (!nc_parse_puzzle (text, strlen (text), puzzle, &error))
    g_error ("unexpected parse error: %s", ne_parse_error_message (&error));
}

static void
test_line_dots (void)
{
  NcPuzzle puzzle;

  assert_reads (P2 "\n", "puzzle 1 " P2 "\n");
  parse_one (P2, &puzzle);
  g_assert_cmpint (puzzle.line, ==, 1);
  g_assert_cmpint (puzzle.grid.cell[0], ==, 4);
  g_assert_cmpint (puzzle.grid.cell[1], ==, 0);
  g_assert_cmpint (puzzle.grid.cell[4], ==, 3);
  g_assert_cmpint (puzzle.grid.cell[80], ==, 0);
  g_assert_cmpint (nc_grid_count_filled (&puzzle.grid), ==, 18);
  for (char tag = 'A'; tag <= 'Z'; tag++)
    g_assert_null (nc_puzzle_meta (&puzzle, tag));
  g_assert_null (nc_puzzle_meta (&puzzle, 'a'));
  g_assert_null (nc_puzzle_meta (&puzzle, '@'));
  nc_puzzle_clear (&puzzle);
}

static void
test_line_zeros (void)
{
  g_autofree char *zeros = g_strdup (P2);
  g_autofree char *mixed = g_strdup (P2);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  g_strdelimit (zeros, ".", '0');
  for (int i = 0; i < NC_CELLS; i += 2)
    if (mixed[i] == '.')
      mixed[i] = '0';
  text = g_strconcat (zeros, "\n", mixed, "\n", NULL);
  assert_reads (text, "puzzle 1 " P2 "\npuzzle 2 " P2 "\n");
}

/* Spaces, tabs and Unicode spaces are not cells; fullwidth digits are. */
static void
test_line_spaces (void)
{
  assert_reads ("  4...3....\t...6..8.. ........1 ....5..9. .8....6.. .7.2..... ...1.27.. 5.3....4. 9........  \n",
                "puzzle 1 " P2 "\n");
  {
    g_autofree char *unicode_spaces = g_strconcat ("\xC2\xA0" "4...3....\xE3\x80\x80", &P2[9], "\n", NULL);
    g_autofree char *fullwidth = g_strconcat ("\xEF\xBC\x94" "...\xEF\xBC\x93", &P2[5], "\n", NULL);

    assert_reads (unicode_spaces, "puzzle 1 " P2 "\n");
    assert_reads (fullwidth, "puzzle 1 " P2 "\n");
  }
}

static void
test_line_trailing_comment (void)
{
  assert_reads (P2 " # rated 11.9\n" P3 "\t#\n", "puzzle 1 " P2 "\npuzzle 2 " P3 "\n");
  /* Only after a space: glued to the cells it is a stray character. */
  assert_reads (P2 "#x\n", "error 1 82 line 1, column 82: '#' is not a digit or a blank\n");
}

static void
test_line_counts (void)
{
  /* Two cells short, one over, and a rating that is not a comment. */
  assert_reads (&P2[2], "error 1 0 line 1: 79 cells, a puzzle has 81\n");
  assert_reads (P2 "5\n", "error 1 0 line 1: 82 cells, a puzzle has 81\n");
  assert_reads (P2 " 17\n", "error 1 0 line 1: 83 cells, a puzzle has 81\n");
  assert_reads ("#\n#\n#\n" P2 "..\n", "error 4 0 line 4: 83 cells, a puzzle has 81\n");
  /* Short lines look like grid rows, and so do lines with bars. */
  assert_reads ("1234567890\n" P3 "\n",
                "error 1 0 line 1: 10 cells, a grid row has 9\npuzzle 2 " P3 "\n");
  assert_reads ("5\n", "error 1 0 line 1: 1 cell, a grid row has 9\n");
  assert_reads ("123|456|78\n", "error 1 0 line 1: 8 cells, a grid row has 9\n");
  assert_reads ("12345678901234\n", "error 1 0 line 1: 14 cells, a puzzle has 81\n");
}

static void
test_line_bad_char (void)
{
  g_autofree char *line = g_strdup (P3);
  g_autofree char *text = NULL;

  line[16] = 'x';
  text = g_strconcat (P2 "\n", line, "\n" P1 "\n", NULL);
  assert_reads (text,
                "puzzle 1 " P2 "\n"
                "error 2 17 line 2, column 17: 'x' is not a digit or a blank\n"
                "puzzle 3 " P1 "\n");
  /* The first fault is the one reported, whatever follows it. */
  assert_reads ("4..-3.......6..8..........1....5..9..8....6...7.2.....y..1.27..5.3....4.9........\n",
                "error 1 4 line 1, column 4: '-' is not a digit or a blank\n");
  assert_reads ("t about the puzzle\n", "error 1 1 line 1, column 1: 't' is not a digit or a blank\n");
  assert_reads (P2 " '\n", "error 1 83 line 1, column 83: \"'\" is not a digit or a blank\n");
}

/* Columns count characters, not bytes; odd bytes are named by escapes. */
static void
test_line_encoding (void)
{
  /* 'é' is two bytes and one column; so is a no-break space, and the
   * ideographic space and the emoji take three and four bytes. */
  assert_reads ("4...3.......6..\xC3\xA9" "8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n",
                "error 1 16 line 1, column 16: '\xC3\xA9' is not a digit or a blank\n");
  assert_reads ("\xC2\xA0\xE2\x82\xAC" "123\n",
                "error 1 2 line 1, column 2: '\xE2\x82\xAC' is not a digit or a blank\n");
  assert_reads ("\xE3\x80\x80\xE3\x80\x80" "12\xF0\x9F\x98\x80\n",
                "error 1 5 line 1, column 5: '\xF0\x9F\x98\x80' is not a digit or a blank\n");
  /* Invalid bytes, a truncated sequence, an overlong form, a surrogate. */
  assert_reads ("1234\xFF" "5678\n", "error 1 5 line 1, column 5: '\\xFF' is not a digit or a blank\n");
  assert_reads ("12\xE2\x82" "3\n", "error 1 3 line 1, column 3: '\\xE2' is not a digit or a blank\n");
  assert_reads ("1\xC0\xB1\n", "error 1 2 line 1, column 2: '\\xC0' is not a digit or a blank\n");
  assert_reads ("12\xED\xA0\x80\n", "error 1 3 line 1, column 3: '\\xED' is not a digit or a blank\n");
  /* Control and invisible characters. */
  assert_reads ("12\x01" "3\n", "error 1 3 line 1, column 3: '\\x01' is not a digit or a blank\n");
  assert_reads ("12\x7F\n", "error 1 3 line 1, column 3: '\\x7F' is not a digit or a blank\n");
  assert_reads ("12\xC2\x85\n", "error 1 3 line 1, column 3: U+0085 is not a digit or a blank\n");
  assert_reads ("1\xE2\x80\x8E" "2\n", "error 1 2 line 1, column 2: U+200E is not a digit or a blank\n");
}

static void
test_line_nul (void)
{
  static const char text[] = "4...3.......6..8..\0.......1....5..9..8....6...7.2........1.27..5.3....4.9........\n" P3 "\n";
  g_autofree char *summary = read_summary_len (text, sizeof text - 1);

  g_assert_cmpstr (summary, ==,
                   "error 1 19 line 1, column 19: '\\x00' is not a digit or a blank\n"
                   "puzzle 2 " P3 "\n");
}

static void
test_multi (void)
{
  assert_reads ("# From http://magictour.free.fr/sudoku.htm\n"
                "#\n"
                P2 "\n"
                P3 "   # trailing comment\n"
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9......\n"
                "\n"
                P1 "\n"
                "# the end\n",
                "puzzle 3 " P2 "\n"
                "puzzle 4 " P3 "\n"
                "error 5 0 line 5: 79 cells, a puzzle has 81\n"
                "puzzle 7 " P1 "\n");
  /* '#' comments with a space after the hash are not headers. */
  assert_reads ("#      Added: #49158\n" P2 "\n", "puzzle 2 " P2 "\n");
}

static void
test_grid_plain (void)
{
  NcPuzzle puzzle;

  assert_reads (P1_ROWS, "puzzle 1 " P1 "\n");
  assert_reads ("\n\n" P1_ROWS "\n\n", "puzzle 3 " P1 "\n");
  parse_one (P1_ROWS, &puzzle);
  g_assert_cmpint (puzzle.grid.cell[0], ==, 2);
  g_assert_cmpint (puzzle.grid.cell[3], ==, 1);
  g_assert_cmpint (puzzle.grid.cell[80], ==, 1);
  nc_puzzle_clear (&puzzle);
}

static void
test_grid_separators (void)
{
  assert_reads ("2 . . | 1 . 5 | . . 3\n"
                ". 5 4 | . . . | 7 1 .\n"
                ". 1 . | 2 . 3 | . 8 .\n"
                "------+-------+------\n"
                "6 . 2 | 8 . 7 | 3 . 4\n"
                "\n"
                ". . . | . . . | . . .\n"
                "1 . 5 | 3 . 9 | 8 . 6\n"
                "======+=======+======\n"
                ". 2 . | 7 . 1 | . 6 .\n"
                ". 8 1 | . . . | 2 4 .   # row 8\n"
                "7 . . | 4 . 2 | . . 1\n",
                "puzzle 1 " P1 "\n");
  assert_reads ("+-------+-------+-------+\n"
                "| 2 0 0 | 1 0 5 | 0 0 3 |\n"
                "| 0 5 4 | 0 0 0 | 7 1 0 |\n"
                "| 0 1 0 | 2 0 3 | 0 8 0 |\n"
                "+-------+-------+-------+\n"
                "| 6 0 2 | 8 0 7 | 3 0 4 |\n"
                "| 0 0 0 | 0 0 0 | 0 0 0 |\n"
                "| 1 0 5 | 3 0 9 | 8 0 6 |\n"
                "+-------+-------+-------+\n"
                "| 0 2 0 | 7 0 1 | 0 6 0 |\n"
                "| 0 8 1 | 0 0 0 | 2 4 0 |\n"
                "| 7 0 0 | 4 0 2 | 0 0 1 |\n"
                "+-------+-------+-------+\n",
                "puzzle 2 " P1 "\n");
  /* What nc_grid_format_text writes, the parser reads. */
  {
    NcPuzzle puzzle, again;
    char text[NC_GRID_TEXT_SIZE];

    parse_one (P1, &puzzle);
    nc_grid_format_text (&puzzle.grid, text, sizeof text);
    parse_one (text, &again);
    g_assert_true (nc_grid_equal (&puzzle.grid, &again.grid));
    nc_puzzle_clear (&puzzle);
    nc_puzzle_clear (&again);
  }
}

/* Simple Sudoku: the .ss file and the boxed grid it puts on the clipboard. */
static void
test_grid_ss (void)
{
  assert_reads ("2..|1.5|..3\n"
                ".54|...|71.\n"
                ".1.|2.3|.8.\n"
                "-----------\n"
                "6.2|8.7|3.4\n"
                "...|...|...\n"
                "1.5|3.9|8.6\n"
                "-----------\n"
                ".2.|7.1|.6.\n"
                ".81|...|24.\n"
                "7..|4.2|..1\n",
                "puzzle 1 " P1 "\n");
  assert_reads (" *-----------*\n"
                " |2..|1.5|..3|\n"
                " |.54|...|71.|\n"
                " |.1.|2.3|.8.|\n"
                " |---+---+---|\n"
                " |6.2|8.7|3.4|\n"
                " |...|...|...|\n"
                " |1.5|3.9|8.6|\n"
                " |---+---+---|\n"
                " |.2.|7.1|.6.|\n"
                " |.81|...|24.|\n"
                " |7..|4.2|..1|\n"
                " *-----------*\n",
                "puzzle 2 " P1 "\n");
}

static void
test_grid_box_drawing (void)
{
  assert_reads ("\xE2\x94\x8C\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xAC\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x90\n"
                "\xE2\x94\x82" "2..\xE2\x94\x82" "1.5\xE2\x95\x91" "..3\xE2\x94\x82\n"
                "\xE2\x94\x82" ".54\xE2\x94\x82" "...\xE2\x95\x91" "71.\xE2\x94\x82\n"
                "\xE2\x94\x82" ".1.\xE2\x94\x82" "2.3\xE2\x95\x91" ".8.\xE2\x94\x82\n"
                "\xE2\x94\x9C\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xBC\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xA4\n"
                "\xE2\x94\x82" "6.2\xE2\x94\x82" "8.7\xE2\x94\x82" "3.4\xE2\x94\x82\n"
                "\xE2\x94\x82" "...\xE2\x94\x82" "...\xE2\x94\x82" "...\xE2\x94\x82\n"
                "\xE2\x94\x82" "1.5\xE2\x94\x82" "3.9\xE2\x94\x82" "8.6\xE2\x94\x82\n"
                "\xE2\x80\x94\xE2\x80\x94\xE2\x80\x94\n"
                "\xE2\x94\x82" ".2.\xE2\x94\x82" "7.1\xE2\x94\x82" ".6.\xE2\x94\x82\n"
                "\xE2\x94\x82" ".81\xE2\x94\x82" "...\xE2\x94\x82" "24.\xE2\x94\x82\n"
                "\xE2\x94\x82" "7..\xE2\x94\x82" "4.2\xE2\x94\x82" "..1\xE2\x94\x82\n"
                "\xE2\x94\x94\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\xB4\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x98\n",
                "puzzle 2 " P1 "\n");
  /* A horizontal rule beside cells is a fault at its column. */
  assert_reads ("12\xE2\x94\x80" "3\n", "error 1 3 line 1, column 3: '\xE2\x94\x80' is not a digit or a blank\n");
}

static void
test_grid_two (void)
{
  assert_reads (P1_ROWS P1_ROWS, "puzzle 1 " P1 "\npuzzle 10 " P1 "\n");
  assert_reads (P1_ROWS "\n" P1_ROWS "\n" P2 "\n",
                "puzzle 1 " P1 "\npuzzle 11 " P1 "\npuzzle 21 " P2 "\n");
  assert_reads (P2 "\n" P1_ROWS P3 "\n",
                "puzzle 1 " P2 "\npuzzle 2 " P1 "\npuzzle 11 " P3 "\n");
}

static void
test_grid_short (void)
{
  /* Cut short by the end of the text, named at the grid's first line. */
  assert_reads ("# six rows\n" R1 "\n" R2 "\n" R3 "\n" R4 "\n" R5 "\n" R6 "\n\n",
                "error 2 0 line 2: the grid has 6 rows, a puzzle has 9\n");
  assert_reads (P2 "\n" R1 "\n", "puzzle 1 " P2 "\nerror 2 0 line 2: the grid has 1 row, a puzzle has 9\n");
  /* By an 81-cell line, which still counts. */
  assert_reads (R1 "\n" R2 "\n" R3 "\n" P2 "\n",
                "error 1 0 line 1: the grid has 3 rows, a puzzle has 9\npuzzle 4 " P2 "\n");
  /* By a bad 81-cell line, reported on its own. */
  assert_reads (R1 "\n" R2 "\n" P2 "5\n" P3 "\n",
                "error 1 0 line 1: the grid has 2 rows, a puzzle has 9\n"
                "error 3 0 line 3: 82 cells, a puzzle has 81\n"
                "puzzle 4 " P3 "\n");
  /* By a header, which goes with the next grid. */
  {
    const char *text = R1 "\n" R2 "\n#AJane\n" P1_ROWS;
    NcReader *reader = nc_reader_new (text, strlen (text));
    NcPuzzle puzzle;
    NcParseError error;

    g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_ERROR);
    g_assert_cmpint (error.line, ==, 1);
    g_assert_cmpint (error.column, ==, 0);
    assert_message (&error, "line 1: the grid has 2 rows, a puzzle has 9");
    g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_PUZZLE);
    g_assert_cmpint (puzzle.line, ==, 4);
    g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'A'), ==, "Jane");
    nc_puzzle_clear (&puzzle);
    g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_END);
    nc_reader_free (reader);
  }
  /* A title line after a short grid ends it; the next grid reads. */
  assert_reads (R1 "\n" R2 "\n" R3 "\n" R4 "\n" R5 "\n" R6 "\n" R7 "\n" R8 "\n"
                "Puzzle 2\n" P1_ROWS,
                "error 1 0 line 1: the grid has 8 rows, a puzzle has 9\n"
                "puzzle 10 " P1 "\n");
}

static void
test_grid_bad_row (void)
{
  /* A short row: the grid is dropped and the next one still reads. */
  assert_reads (R1 "\n" R2 "\n" R3 "\n" R4 "\n" R5 "\n1.53.98.\n" R7 "\n" R8 "\n" R9 "\n"
                "\n" P1_ROWS,
                "error 6 0 line 6: 8 cells, a grid row has 9\n"
                "puzzle 11 " P1 "\n");
  /* A long one, with bars. */
  assert_reads ("2..|1.5|..3\n.54|...|71.|5\n.1.|2.3|.8.\n-----------\n"
                "6.2|8.7|3.4\n...|...|...\n1.5|3.9|8.6\n-----------\n"
                ".2.|7.1|.6.\n.81|...|24.\n7..|4.2|..1\n" P2 "\n",
                "error 2 0 line 2: 10 cells, a grid row has 9\n"
                "puzzle 12 " P2 "\n");
  /* A bad character: reported at its column, the rest of the grid skipped. */
  assert_reads (R1 "\n" R2 "\n.1.2x3.8.\n" R4 "\n" R5 "\n" R6 "\n" R7 "\n" R8 "\n" R9 "\n" P3 "\n",
                "error 3 5 line 3, column 5: 'x' is not a digit or a blank\n"
                "puzzle 10 " P3 "\n");
  /* The first row bad: the grid's other eight rows are still skipped. */
  assert_reads ("2..1.5..\n" R2 "\n" R3 "\n" R4 "\n" R5 "\n" R6 "\n" R7 "\n" R8 "\n" R9 "\n" P1_ROWS,
                "error 1 0 line 1: 8 cells, a grid row has 9\n"
                "puzzle 10 " P1 "\n");
  /* The last row bad. */
  assert_reads (R1 "\n" R2 "\n" R3 "\n" R4 "\n" R5 "\n" R6 "\n" R7 "\n" R8 "\n" "7..4.2..1.\n" P1_ROWS,
                "error 9 0 line 9: 10 cells, a grid row has 9\n"
                "puzzle 10 " P1 "\n");
  /* A bad separator line spoils its grid but is not a row. */
  assert_reads ("+---+---+---+\n|2..|1.5|..3|\n|.54|...|71.|\n|.1.|2.3|.8.|\n+---x---+---+\n"
                "|6.2|8.7|3.4|\n|...|...|...|\n|1.5|3.9|8.6|\n+---+---+---+\n"
                "|.2.|7.1|.6.|\n|.81|...|24.|\n|7..|4.2|..1|\n+---+---+---+\n" P2 "\n",
                "error 5 5 line 5, column 5: 'x' is not a digit or a blank\n"
                "puzzle 14 " P2 "\n");
  assert_reads ("--x--\n" P2 "\n", "error 1 3 line 1, column 3: 'x' is not a digit or a blank\npuzzle 2 " P2 "\n");
}

/* SadMan / SudoCue .sdk: headers become metadata of the puzzle after them. */
static void
test_sdk (void)
{
  const char *text =
    "#ARuud\n"
    "#DA random puzzle created by SudoCue\n"
    "#CJust start plugging in the numbers  \n"
    "#C\tand keep going\n"
    "#B03-08-2006\n"
    "#SSudoCue\n"
    "#LEasy\n"
    "#U\n"
    "#adding a note, not an 'a' header\n"
    "# A not a header either\n"
    "[Puzzle]\n"
    P1_ROWS
    "#AOther\n"
    P2 "\n"
    P3 "\n";
  NcReader *reader = nc_reader_new (text, strlen (text));
  NcPuzzle puzzle;
  NcParseError error;

  g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_PUZZLE);
  g_assert_cmpint (puzzle.line, ==, 12);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'A'), ==, "Ruud");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'D'), ==, "A random puzzle created by SudoCue");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'C'), ==, "Just start plugging in the numbers\nand keep going");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'B'), ==, "03-08-2006");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'S'), ==, "SudoCue");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'L'), ==, "Easy");
  g_assert_null (nc_puzzle_meta (&puzzle, 'U'));
  g_assert_null (nc_puzzle_meta (&puzzle, 'O'));
  g_assert_null (nc_puzzle_meta (&puzzle, 'a'));
  g_assert_cmpstr (puzzle.meta['A' - 'A'], ==, "Ruud");
  {
    char line[82];

    nc_grid_format_line (&puzzle.grid, '.', line);
    g_assert_cmpstr (line, ==, P1);
  }
  nc_puzzle_clear (&puzzle);
  g_assert_null (puzzle.meta['A' - 'A']);

  g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_PUZZLE);
  g_assert_cmpint (puzzle.line, ==, 22);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'A'), ==, "Other");
  g_assert_null (nc_puzzle_meta (&puzzle, 'D'));
  nc_puzzle_clear (&puzzle);

  /* Headers never carry over to the puzzle after. */
  g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_PUZZLE);
  g_assert_cmpint (puzzle.line, ==, 23);
  for (char tag = 'A'; tag <= 'Z'; tag++)
    g_assert_null (nc_puzzle_meta (&puzzle, tag));
  nc_puzzle_clear (&puzzle);
  g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_END);
  nc_reader_free (reader);

  /* Nor past a bad puzzle, which owned them. */
  {
    const char *bad = "#ABad\n" P2 "5\n" P3 "\n";

    reader = nc_reader_new (bad, strlen (bad));
    g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_ERROR);
    assert_message (&error, "line 2: 82 cells, a puzzle has 81");
    g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_PUZZLE);
    g_assert_null (nc_puzzle_meta (&puzzle, 'A'));
    nc_puzzle_clear (&puzzle);
    nc_reader_free (reader);
  }
}

static void
test_meta_limits (void)
{
  GString *text = g_string_new ("#C");
  NcPuzzle puzzle;
  const char *meta;

  /* A 200 KB header of two-byte characters keeps 1,000 bytes, whole characters. */
  for (int i = 0; i < 100000; i++)
    g_string_append (text, "\xC3\xA9");
  g_string_append (text, "\n" P2 "\n");
  parse_one (text->str, &puzzle);
  meta = nc_puzzle_meta (&puzzle, 'C');
  g_assert_cmpuint (strlen (meta), ==, 1000);
  g_assert_true (g_utf8_validate (meta, -1, NULL));
  nc_puzzle_clear (&puzzle);

  g_string_assign (text, "#Cx");
  for (int i = 0; i < 100000; i++)
    g_string_append (text, "\xC3\xA9");
  g_string_append (text, "\n#Cmore\n" P2 "\n");
  parse_one (text->str, &puzzle);
  meta = nc_puzzle_meta (&puzzle, 'C');
  g_assert_cmpuint (strlen (meta), ==, 999);
  g_assert_true (g_utf8_validate (meta, -1, NULL));
  nc_puzzle_clear (&puzzle);

  /* Many repeated headers stop growing at the limit. */
  g_string_truncate (text, 0);
  for (int i = 0; i < 10000; i++)
    g_string_append (text, "#Cabcdefghi\n");
  g_string_append (text, P2 "\n");
  parse_one (text->str, &puzzle);
  meta = nc_puzzle_meta (&puzzle, 'C');
  g_assert_cmpuint (strlen (meta), <=, 1000);
  g_assert_cmpuint (strlen (meta), >=, 990);
  g_assert_true (g_str_has_prefix (meta, "abcdefghi\nabcdefghi\n"));
  nc_puzzle_clear (&puzzle);
  g_string_free (text, TRUE);

  /* Not text: invalid bytes and control characters become U+FFFD, tabs spaces. */
  parse_one ("#Ca\x01" "b\xFF" "c\td\xC2\x85" "e\n" P2 "\n", &puzzle);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'C'), ==,
                   "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c d\xEF\xBF\xBD" "e");
  nc_puzzle_clear (&puzzle);
  {
    static const char nul[] = "#Aab\0cd\n" P2;
    NcParseError error;

    g_assert_true (nc_parse_puzzle (nul, sizeof nul - 1, &puzzle, &error));
    g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'A'), ==, "ab\xEF\xBF\xBD" "cd");
    nc_puzzle_clear (&puzzle);
  }
}

static void
test_line_ends (void)
{
  /* CRLF, a lone CR (old Mac files), and CR CR LF as two line ends. */
  assert_reads (P2 "\r\n" P3 "\r\n", "puzzle 1 " P2 "\npuzzle 2 " P3 "\n");
  assert_reads (R1 "\r\n" R2 "\r\n" R3 "\r\n" R4 "\r\n" R5 "\r\n" R6 "\r\n" R7 "\r\n" R8 "\r\n" R9 "\r\n",
                "puzzle 1 " P1 "\n");
  assert_reads ("#AX\r" P2 "\r" P3, "puzzle 2 " P2 "\npuzzle 3 " P3 "\n");
  assert_reads (P2 "\r\r\n" P3 "\r\n", "puzzle 1 " P2 "\npuzzle 3 " P3 "\n");
  assert_reads ("\r\n12\r\n", "error 2 0 line 2: 2 cells, a grid row has 9\n");
  {
    NcPuzzle puzzle;

    parse_one ("#ARuud\r\n" P2 "\r\n", &puzzle);
    g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'A'), ==, "Ruud");
    nc_puzzle_clear (&puzzle);
  }
}

static void
test_bom (void)
{
  assert_reads ("\xEF\xBB\xBF" P2 "\n", "puzzle 1 " P2 "\n");
  assert_reads ("\xEF\xBB\xBF" P1_ROWS, "puzzle 1 " P1 "\n");
  /* It takes no column. */
  assert_reads ("\xEF\xBB\xBFx\n", "error 1 1 line 1, column 1: 'x' is not a digit or a blank\n");
  /* Files joined with cat carry one per part: harmless further on too. */
  assert_reads ("\xEF\xBB\xBF" P2 "\n\xEF\xBB\xBF" P3 "\n", "puzzle 1 " P2 "\npuzzle 2 " P3 "\n");
  assert_reads ("\xEF\xBB\xBF#AMe\n" P2 "\n", "puzzle 2 " P2 "\n");
  /* A BOM alone is an empty text. */
  assert_reads ("\xEF\xBB\xBF", "");
  assert_reads ("\xEF\xBB", "error 1 1 line 1, column 1: '\\xEF' is not a digit or a blank\n");
}

static void
test_no_final_newline (void)
{
  assert_reads (P2 "\n" P3, "puzzle 1 " P2 "\npuzzle 2 " P3 "\n");
  assert_reads (R1 "\n" R2 "\n" R3 "\n" R4 "\n" R5 "\n" R6 "\n" R7 "\n" R8 "\n" R9, "puzzle 1 " P1 "\n");
  {
    g_autofree char *short_last = g_strconcat (P2 "\n", &P3[1], NULL);

    assert_reads (short_last, "puzzle 1 " P2 "\nerror 2 0 line 2: 80 cells, a puzzle has 81\n");
  }
  assert_reads ("#AX", "");
}

static void
test_empty (void)
{
  const char *texts[] = { "", "\n", "\n\n  \t\n", "# only a comment\n#AAuthor\n", "-----\n+--+\n|\n", "[Puzzle]\n" };

  for (size_t i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      NcPuzzle puzzle;
      NcParseError error;

      assert_reads (texts[i], "");
      g_assert_false (nc_parse_puzzle (texts[i], strlen (texts[i]), &puzzle, &error));
      g_assert_cmpint (error.line, ==, 0);
      g_assert_cmpint (error.column, ==, 0);
      assert_message (&error, "the text holds no puzzle");
      for (int t = 0; t < 26; t++)
        g_assert_null (puzzle.meta[t]);
      nc_puzzle_clear (&puzzle);
    }
  {
    NcReader *reader = nc_reader_new (NULL, 0);
    NcPuzzle puzzle;
    NcParseError error;

    g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_END);
    nc_reader_free (reader);
    nc_reader_free (NULL);
  }
}

static void
assert_parse_fails (const char *text, int line, int column, const char *message)
{
  NcPuzzle puzzle;
  NcParseError error;

  g_assert_false (nc_parse_puzzle (text, strlen (text), &puzzle, &error));
  g_assert_cmpint (error.line, ==, line);
  g_assert_cmpint (error.column, ==, column);
  assert_message (&error, message);
  /* Left initialised and empty. */
  g_assert_cmpint (puzzle.line, ==, 0);
  g_assert_cmpint (nc_grid_count_filled (&puzzle.grid), ==, 0);
  for (int t = 0; t < 26; t++)
    g_assert_null (puzzle.meta[t]);
  nc_puzzle_clear (&puzzle);
}

static void
test_parse_puzzle (void)
{
  NcPuzzle puzzle;
  NcParseError error;
  char line[82];

  /* One puzzle, in each layout, with its headers. */
  parse_one ("\n# comment\n" P2 "\n\n", &puzzle);
  g_assert_cmpint (puzzle.line, ==, 3);
  nc_grid_format_line (&puzzle.grid, '.', line);
  g_assert_cmpstr (line, ==, P2);
  nc_puzzle_clear (&puzzle);

  parse_one ("#ARuud\n#LEasy\n" P1_ROWS, &puzzle);
  g_assert_cmpint (puzzle.line, ==, 3);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'A'), ==, "Ruud");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'L'), ==, "Easy");
  nc_grid_format_line (&puzzle.grid, '0', line);
  g_assert_cmpstr (line, ==, "200105003054000710010203080602807304000000000105309806020701060081000240700402001");
  nc_puzzle_clear (&puzzle);

  /* Not NUL-terminated: only len bytes are read. */
  g_assert_true (nc_parse_puzzle (P2 "garbage", NC_CELLS, &puzzle, &error));
  nc_puzzle_clear (&puzzle);

  /* None, two, a bad one, a bad one after a good one. */
  assert_parse_fails ("", 0, 0, "the text holds no puzzle");
  assert_parse_fails (P2 "\n" P3 "\n", 2, 0, "line 2: a second puzzle starts here, only one was expected");
  assert_parse_fails ("#AFirst\n" P1_ROWS "\n#ASecond\n" P1_ROWS, 13, 0,
                      "line 13: a second puzzle starts here, only one was expected");
  assert_parse_fails (&P2[2], 1, 0, "line 1: 79 cells, a puzzle has 81");
  assert_parse_fails ("h\n" P2, 1, 1, "line 1, column 1: 'h' is not a digit or a blank");
  assert_parse_fails (P2 "\nh 1\n", 2, 1, "line 2, column 1: 'h' is not a digit or a blank");
  assert_parse_fails (P1_ROWS R9 "\n", 10, 0, "line 10: the grid has 1 row, a puzzle has 9");
  assert_parse_fails (P2 "\n" P3 "\n" P1 "\n", 2, 0, "line 2: a second puzzle starts here, only one was expected");
}

/* Fed garbage, the reader ends, names lines in order, and leaks nothing. */
static void
test_garbage (void)
{
  static const char *pieces[] = {
    "1", "2", "9", ".", "0", "\n", "\r", "\r\n", " ", "\t", "|", "-", "+", "#", "#A", "#C",
    "x", "\xFF", "\xC3", "\xA9", "\xE2\x94\x82", "\xEF\xBB\xBF", "[Puzzle]", "*", "'",
    R1 "\n", P2 "\n", "\0",
  };
  GRand *rand = g_rand_new_with_seed (20240607);

  for (int round = 0; round < 3000; round++)
    {
      GString *text = g_string_new (NULL);
      int n = g_rand_int_range (rand, 0, 400);
      g_autofree char *summary = NULL;

      for (int i = 0; i < n; i++)
        {
          if (round % 3 == 0)
            {
              /* Plain random bytes. */
              g_string_append_c (text, (char) g_rand_int_range (rand, 0, 256));
              continue;
            }
          {
            const char *piece = pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))];

            g_string_append_len (text, piece, piece[0] ? (gssize) strlen (piece) : 1);
          }
        }
      summary = read_summary_len (text->str, text->len);
      {
        NcPuzzle puzzle;
        NcParseError error;

        if (!nc_parse_puzzle (text->str, text->len, &puzzle, &error))
          g_assert_nonnull (memchr (error.what, '\0', sizeof error.what));
        nc_puzzle_clear (&puzzle);
      }
      g_string_free (text, TRUE);
    }
  g_rand_free (rand);
}

/* 200,000 lines read in one pass: the reader is linear (no timing here:
 * the size alone would stall a quadratic reader). */
static void
test_large (void)
{
  GString *text = g_string_new (NULL);
  NcReader *reader;
  NcPuzzle puzzle;
  NcParseError error;
  NcReadResult result;
  int puzzles = 0, errors = 0;

  /* Line n + 1: a header, a puzzle a cell short, or a good puzzle. */
  for (int n = 0; n < 200000; n++)
    switch (n % 10)
      {
      case 3:  g_string_append (text, "#CA comment\n"); break;
      case 7:  g_string_append (text, &P2[1]); g_string_append_c (text, '\n'); break;
      default: g_string_append (text, (n & 1) ? P2 "\n" : P3 "\r\n"); break;
      }
  reader = nc_reader_new (text->str, text->len);
  while ((result = nc_reader_next (reader, &puzzle, &error)) != NC_READ_END)
    {
      if (result == NC_READ_PUZZLE)
        puzzles++;
      else
        {
          g_assert_cmpint (error.line % 10, ==, 8);
          g_assert_cmpint (error.kind, ==, NC_PARSE_LINE_CELLS);
          g_assert_cmpuint (error.count, ==, 80);
          errors++;
        }
      nc_puzzle_clear (&puzzle);
    }
  nc_reader_free (reader);
  g_assert_cmpint (puzzles, ==, 160000);
  g_assert_cmpint (errors, ==, 20000);
  g_string_free (text, TRUE);

  /* One line of 10 million cells, and a 10 MB header. */
  text = g_string_sized_new (10000002);
  for (int i = 0; i < 10000000; i++)
    g_string_append_c (text, (char) ('1' + i % 9));
  {
    g_autofree char *summary = read_summary_len (text->str, text->len);

    g_assert_cmpstr (summary, ==, "error 1 0 line 1: 10000000 cells, a puzzle has 81\n");
  }
  g_string_prepend (text, "#D");
  g_string_append (text, "\n" P2 "\n");
  parse_one (text->str, &puzzle);
  g_assert_cmpuint (strlen (nc_puzzle_meta (&puzzle, 'D')), ==, 1000);
  nc_puzzle_clear (&puzzle);
  g_string_free (text, TRUE);
}

/* The public collections in ../shared/data, when they are there. */
static void
test_data_sets (void)
{
  const char *dir = g_getenv ("NONET_SHARED_DATA");
  const struct { const char *file; int puzzles; } sets[] = {
    { "17-clue.txt", 49158 },
    { "magictour-top1465.txt", 1465 },
  };

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("the shared puzzle sets are absent (NONET_SHARED_DATA)");
      return;
    }
  for (size_t i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *path = g_build_filename (dir, sets[i].file, NULL);
      g_autofree char *contents = NULL;
      gsize len;
      NcReader *reader;
      NcPuzzle puzzle;
      NcParseError error;
      NcReadResult result;
      int puzzles = 0;

      if (!g_file_get_contents (path, &contents, &len, NULL))
        {
          g_test_skip ("a shared puzzle set is absent");
          continue;
        }
      reader = nc_reader_new (contents, len);
      while ((result = nc_reader_next (reader, &puzzle, &error)) != NC_READ_END)
        {
          if (result == NC_READ_ERROR)
            g_error ("%s: %s", sets[i].file, ne_parse_error_message (&error));
          g_assert_cmpint (nc_grid_count_filled (&puzzle.grid), >=, 17);
          puzzles++;
          nc_puzzle_clear (&puzzle);
        }
      nc_reader_free (reader);
      g_assert_cmpint (puzzles, ==, sets[i].puzzles);
    }
}

/* P1's solution, as qqwing --solution prints it after the puzzle. */
#define S1 "278145693354698712916273485692817354837564129145329876423751968581936247769482531"

/* Project Euler 96: a "Grid 01" line names the grid under it. */
static void
test_euler (void)
{
  NcReader *reader = nc_reader_new ("Grid 01\n" P1_ROWS "Grid 02\n" P1_ROWS, strlen ("Grid 01\n" P1_ROWS "Grid 02\n" P1_ROWS));
  NcPuzzle puzzle;
  NcParseError error;

  g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_PUZZLE);
  g_assert_cmpint (puzzle.line, ==, 2);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'T'), ==, "Grid 01");
  nc_puzzle_clear (&puzzle);
  g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_PUZZLE);
  g_assert_cmpint (puzzle.line, ==, 12);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'T'), ==, "Grid 02");
  nc_puzzle_clear (&puzzle);
  g_assert_cmpint (nc_reader_next (reader, &puzzle, &error), ==, NC_READ_END);
  nc_reader_free (reader);
  /* Euler writes blanks as '0'. */
  assert_reads ("Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n"
                "006708200\n002609500\n800203009\n005010300\n",
                "puzzle 2 "
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n");
}

/* A title on top of a list of lines is no puzzle and no fault. */
static void
test_title_line (void)
{
  NcPuzzle puzzle;

  assert_reads ("Hard seventeen-clue puzzles (2024)\n" P2 "\n" P3 "\n",
                "puzzle 2 " P2 "\npuzzle 3 " P3 "\n");
  parse_one ("Hard seventeen-clue puzzles\n" P2 "\n", &puzzle);
  g_assert_null (nc_puzzle_meta (&puzzle, 'T'));
  nc_puzzle_clear (&puzzle);
}

/* SadMan's full .sdk: [State], [PencilMarks] and [Colours] are no puzzles. */
static void
test_sdk_sections (void)
{
  NcPuzzle puzzle;
  const char *text = "#AJane\n#DA fine one\n#BFriday\n#SThe Times\n#L3\n#Uhttps://example.org/\n"
                     "[Puzzle]\n" P1_ROWS
                     "[State]\n" S1 "\n"
                     "[PencilMarks]\n,123,45,,6,,,,\n,,,,,,,,\n"
                     "[Colours]\nRRRR.....\nGGGGGGGGG\n";

  parse_one (text, &puzzle);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'A'), ==, "Jane");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'D'), ==, "A fine one");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'B'), ==, "Friday");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'S'), ==, "The Times");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'L'), ==, "3");
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'U'), ==, "https://example.org/");
  /* [State] is the board as it was left. */
  g_assert_true (puzzle.has_state);
  for (int i = 0; i < NC_CELLS; i++)
    g_assert_cmpint (puzzle.state.cell[i], ==, S1[i] - '0');
  nc_puzzle_clear (&puzzle);
  /* One that changes a given is not the puzzle's. */
  parse_one ("[Puzzle]\n" P1 "\n[State]\n" P2 "\n", &puzzle);
  g_assert_false (puzzle.has_state);
  nc_puzzle_clear (&puzzle);
  /* A header after the sections starts the next puzzle. */
  assert_reads ("[Puzzle]\n" P1 "\n[Colours]\n" P3 "\n#ANext\n" P2 "\n",
                "puzzle 2 " P1 "\npuzzle 6 " P2 "\n");
}

/* qqwing: --csv's header and trailing comma, --solution's answer after
 * each puzzle, in one-line and readable form. */
static void
test_qqwing (void)
{
  NcPuzzle puzzle;

  assert_reads ("Puzzle,\n" P1 ",\n" P2 ",\n", "puzzle 2 " P1 "\npuzzle 3 " P2 "\n");
  assert_reads ("Puzzle,Solution,\n" P1 "," S1 ",\n", "puzzle 2 " P1 "\n");
  parse_one ("Puzzle,Solution,\n" P1 "," S1 ",\n", &puzzle);
  g_assert_null (nc_puzzle_meta (&puzzle, 'C'));
  nc_puzzle_clear (&puzzle);
  assert_reads (P1 "\n" S1 "\n" P2 "\n", "puzzle 1 " P1 "\npuzzle 3 " P2 "\n");
  assert_reads (". . 3 | . 2 . | 6 . .\n9 . . | 3 . 5 | . . 1\n. . 1 | 8 . 6 | 4 . .\n"
                "------+-------+------\n"
                ". . 8 | 1 . 2 | 9 . .\n7 . . | . . . | . . 8\n. . 6 | 7 . 8 | 2 . .\n"
                "------+-------+------\n"
                ". . 2 | 6 . 9 | 5 . .\n8 . . | 2 . 3 | . . 9\n. . 5 | . 1 . | 3 . .\n\n"
                "4 8 3 | 9 2 1 | 6 5 7\n9 6 7 | 3 4 5 | 8 2 1\n2 5 1 | 8 7 6 | 4 9 3\n"
                "------+-------+------\n"
                "5 4 8 | 1 3 2 | 9 7 6\n7 2 9 | 5 6 4 | 1 3 8\n1 3 6 | 7 9 8 | 2 4 5\n"
                "------+-------+------\n"
                "3 7 2 | 6 8 9 | 5 1 4\n8 1 4 | 2 5 3 | 7 6 9\n6 9 5 | 4 1 7 | 3 8 2\n",
                "puzzle 1 "
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n");
  /* A full grid alone, or one that does not solve the puzzle before, is a puzzle. */
  assert_reads (S1 "\n", "puzzle 1 " S1 "\n");
}

/* Blanks written '_' or '*', and rows with a comma between cells. */
static void
test_blank_marks (void)
{
  g_autofree char *underscores = g_strdelimit (g_strdup (P1), ".", '_');
  g_autofree char *stars = g_strdelimit (g_strdup (P1_ROWS), ".", '*');
  g_autofree char *expected = g_strdup_printf ("puzzle 1 %s\n", P1);

  assert_reads (underscores, expected);
  assert_reads (stars, expected);
  /* A rule of stars is still a rule. */
  assert_reads ("*********\n" P1 "\n*-*-*-*\n", "puzzle 2 " P1 "\n");
  assert_reads ("2,0,0,1,0,5,0,0,3\n0,5,4,0,0,0,7,1,0\n0,1,0,2,0,3,0,8,0\n"
                "6,0,2,8,0,7,3,0,4\n0,0,0,0,0,0,0,0,0\n1,0,5,3,0,9,8,0,6\n"
                "0,2,0,7,0,1,0,6,0\n0,8,1,0,0,0,2,4,0\n7,0,0,4,0,2,0,0,1\n",
                expected);
}

/* A forum CSV keeps its ratings as the note; GNOME Sudoku its rating. */
static void
test_rated_fields (void)
{
  NcPuzzle puzzle;
  g_autofree char *gnome = NULL;
  GString *spaced = g_string_new (NULL);

  parse_one ("#!sudoku -c1,-c2\npuzzle,label,poster,ER,EP,ED\n" P1 ",golden,ab,11.9,11.9,11.3\n", &puzzle);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'C'), ==, "label: golden\nposter: ab\nER: 11.9\nEP: 11.9\nED: 11.3");
  nc_puzzle_clear (&puzzle);
  parse_one (P1 ",11.9\n", &puzzle);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'C'), ==, "11.9");
  nc_puzzle_clear (&puzzle);

  for (int i = 0; i < 81; i++)
    g_string_append_printf (spaced, "%s%c", i > 0 ? " " : "", P1[i] == '.' ? '0' : P1[i]);
  gnome = g_strdup_printf ("%s\t0.527\n", spaced->str);
  g_string_free (spaced, TRUE);
  parse_one (gnome, &puzzle);
  g_assert_cmpstr (nc_puzzle_meta (&puzzle, 'C'), ==, "rating: 0.527");
  nc_puzzle_clear (&puzzle);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/parse/line/dots", test_line_dots);
  g_test_add_func ("/core/parse/line/zeros", test_line_zeros);
  g_test_add_func ("/core/parse/line/spaces", test_line_spaces);
  g_test_add_func ("/core/parse/line/trailing-comment", test_line_trailing_comment);
  g_test_add_func ("/core/parse/line/counts", test_line_counts);
  g_test_add_func ("/core/parse/line/bad-char", test_line_bad_char);
  g_test_add_func ("/core/parse/line/encoding", test_line_encoding);
  g_test_add_func ("/core/parse/line/nul", test_line_nul);
  g_test_add_func ("/core/parse/multi", test_multi);
  g_test_add_func ("/core/parse/grid/plain", test_grid_plain);
  g_test_add_func ("/core/parse/grid/separators", test_grid_separators);
  g_test_add_func ("/core/parse/grid/ss", test_grid_ss);
  g_test_add_func ("/core/parse/grid/box-drawing", test_grid_box_drawing);
  g_test_add_func ("/core/parse/grid/two", test_grid_two);
  g_test_add_func ("/core/parse/grid/short", test_grid_short);
  g_test_add_func ("/core/parse/grid/bad-row", test_grid_bad_row);
  g_test_add_func ("/core/parse/sdk", test_sdk);
  g_test_add_func ("/core/parse/meta/limits", test_meta_limits);
  g_test_add_func ("/core/parse/line-ends", test_line_ends);
  g_test_add_func ("/core/parse/bom", test_bom);
  g_test_add_func ("/core/parse/no-final-newline", test_no_final_newline);
  g_test_add_func ("/core/parse/empty", test_empty);
  g_test_add_func ("/core/parse/parse-puzzle", test_parse_puzzle);
  g_test_add_func ("/core/parse/garbage", test_garbage);
  g_test_add_func ("/core/parse/large", test_large);
  g_test_add_func ("/core/parse/data-sets", test_data_sets);
  g_test_add_func ("/core/parse/euler", test_euler);
  g_test_add_func ("/core/parse/title-line", test_title_line);
  g_test_add_func ("/core/parse/sdk-sections", test_sdk_sections);
  g_test_add_func ("/core/parse/qqwing", test_qqwing);
  g_test_add_func ("/core/parse/blank-marks", test_blank_marks);
  g_test_add_func ("/core/parse/rated-fields", test_rated_fields);

  return g_test_run ();
}
