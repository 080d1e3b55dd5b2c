/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-parse.h: reading puzzles from text. One reader serves every format:
 *  - the 81-character line ('1'..'9', and '0' or '.' for an empty cell),
 *    one puzzle a line in multi-puzzle files, '#' comment lines;
 *  - the 9-row grid, with optional '|', '-', '+' separators, spaces and
 *    blank lines (this covers Simple Sudoku .ss boxed grids);
 *  - SadMan .sdk: '#A' author, '#D' description, '#C' comment (any '#X'
 *    header) kept as metadata of the puzzle that follows.
 * Every error is a kind with what its sentence needs: the line (1-based;
 * 0 only for "the text holds no puzzle", where no line is at fault), the
 * column where it applies (1-based, counted in characters; 0 when the whole
 * line is at fault), a count of cells or rows, and the character at fault as
 * a user can read it. The sentence itself is the engine's (translated:
 * ne_parse_error_message), e.g.
 *   "line 4: 79 cells, a puzzle has 81"
 *   "line 2, column 17: 'x' is not a digit or a blank" */
#pragma once

#include "nc-grid.h"

#define NC_PARSE_WHAT_SIZE 16

typedef struct
{
  NcGrid grid;
  int    line;          /* first line of the puzzle's cells in the input */
  char  *meta[26];      /* '#A' -> meta['A' - 'A'], ...; NULL when absent; owned */
  bool   has_state;     /* a SadMan [State] follows the [Puzzle]: */
  NcGrid state;         /* the board as it was left, givens included */
} NcPuzzle;

typedef enum
{
  NC_PARSE_OK,
  NC_PARSE_NO_PUZZLE,      /* the text holds no puzzle */
  NC_PARSE_BAD_CHARACTER,  /* what, at line and column, is not a digit or a blank */
  NC_PARSE_ROW_CELLS,      /* count cells in a grid row, which has 9 */
  NC_PARSE_LINE_CELLS,     /* count cells on a line, a puzzle has 81 */
  NC_PARSE_GRID_ROWS,      /* a grid of count rows, a puzzle has 9 */
  NC_PARSE_SECOND_PUZZLE,  /* a second puzzle starts at line, one was expected */
} NcParseErrorKind;

typedef struct
{
  NcParseErrorKind kind;
  int    line;
  int    column;                     /* 0 when the whole line is at fault */
  size_t count;                      /* cells or rows, as kind says */
  char   what[NC_PARSE_WHAT_SIZE];   /* the character at fault: "'x'", "'\\x01'", "U+200B" */
} NcParseError;

void        nc_puzzle_init (NcPuzzle *puzzle);
void        nc_puzzle_clear (NcPuzzle *puzzle);            /* frees meta, re-inits */
const char *nc_puzzle_meta (const NcPuzzle *puzzle, char tag); /* tag 'A'..'Z' */

typedef struct NcReader NcReader;

typedef enum
{
  NC_READ_PUZZLE,  /* *puzzle holds the next puzzle (nc_puzzle_clear it) */
  NC_READ_ERROR,   /* *error describes a bad puzzle; reading goes on after it */
  NC_READ_END,
} NcReadResult;

/* The reader borrows text (which need not be NUL-terminated) until freed.
 * Returns NULL only when out of memory. nc_reader_next never reads *puzzle
 * and always leaves it initialised, so clearing it after any result is safe. */
NcReader    *nc_reader_new (const char *text, size_t len);
NcReadResult nc_reader_next (NcReader *reader, NcPuzzle *puzzle, NcParseError *error);
void         nc_reader_free (NcReader *reader);

/* Exactly one puzzle in text: anything else (none, several, a bad one) is an
 * error. Returns true on success; on failure *puzzle is left initialised
 * and empty. */
bool nc_parse_puzzle (const char *text, size_t len, NcPuzzle *puzzle, NcParseError *error);
