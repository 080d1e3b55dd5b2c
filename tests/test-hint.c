/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hint.c: hints from a player's board: the grader's first step there
 * (technique, cells, digit), a wrong entry before anything else, steps
 * that only remove candidates for a player with pencil marks and passed
 * over for one without, guessing, and the moves and words of each. The
 * expected steps were read off `nonet-cli grade --explain`. */

#define G_LOG_DOMAIN "nonet-test-hint"

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nc-game.h"
#include "nc-solver.h"
#include "ne-hint.h"
#include "test-util.h"

/* Wikipedia's example: its first step is "r5c5 must be 5" (a naked single). */
#define NEWSPAPER "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
#define NEWSPAPER_SOLUTION "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
/* Its fifth step is "r7c1 must be 4: it is the only place for 4 in box 7",
 * after r8c3 = 1, r8c8 = 4, r8c1 = 6 and r8c6 = 5. */
#define HIDDEN ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
/* Needs a pointing step (test-grade.c's case). */
#define POINTING ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91...."

static int
cell_of (int row,
         int col)
{
  return (row - 1) * 9 + (col - 1);
}

static NcGame *
game_of (const char *line)
{
  NcGrid givens = grid_from_line (line);
  NcGame *game = nc_game_new (&givens);

  g_assert_nonnull (game);
  return game;
}

static NcMove
move_set (int cell,
          int digit)
{
  return (NcMove) { .kind = NC_MOVE_SET, .cell = (int8_t) cell, .digit = (uint8_t) digit };
}

static void
test_naked_single (void)
{
  NcGame *game = game_of (NEWSPAPER);
  NcGrid solution = grid_from_line (NEWSPAPER_SOLUTION);
  NcMove moves[NE_HINT_MAX_MOVES];
  g_autofree char *title = NULL;
  g_autofree char *sentence = NULL;
  g_autofree char *action = NULL;
  g_autofree char *applied = NULL;
  NeHint hint;

  g_assert_true (ne_hint_find (game, &solution, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_PLACE);
  g_assert_cmpint (hint.step.technique, ==, NC_TECH_NAKED_SINGLE);
  g_assert_cmpint (hint.target, ==, cell_of (5, 5));
  g_assert_cmpint (hint.digit, ==, 5);
  g_assert_cmpint (hint.n_cells, ==, 1);
  g_assert_cmpint (hint.cells[0], ==, cell_of (5, 5));
  g_assert_cmpuint (hint.n_skipped, ==, 0);

  title = ne_hint_title (&hint);
  g_assert_cmpstr (title, ==, "Naked single");
  sentence = ne_hint_describe (&hint);
  g_assert_cmpstr (sentence, ==, "R5c5 must be 5: it is the only digit left for it");
  action = ne_hint_action (&hint);
  g_assert_cmpstr (action, ==, "Place 5 at row 5, column 5");
  applied = ne_hint_applied (&hint);
  g_assert_cmpstr (applied, ==, "Placed 5 at row 5, column 5");

  g_assert_cmpint (ne_hint_moves (&hint, TRUE, moves), ==, 1);
  g_assert_cmpint (moves[0].kind, ==, NC_MOVE_SET);
  g_assert_cmpint (moves[0].cell, ==, cell_of (5, 5));
  g_assert_cmpint (moves[0].digit, ==, 5);
  g_assert_cmpint (moves[0].flags, ==, NC_MOVE_CLEAN_NOTES);
  g_assert_cmpint (ne_hint_moves (&hint, FALSE, moves), ==, 1);
  g_assert_cmpint (moves[0].flags, ==, 0);

  /* Applied, the next hint is the grader's second step. */
  g_assert_true (nc_game_apply (game, moves[0]));
  g_assert_true (ne_hint_find (game, &solution, &hint));
  g_assert_cmpint (hint.target, ==, cell_of (5, 2));
  g_assert_cmpint (hint.digit, ==, 2);
  nc_game_free (game);
}

static void
test_hidden_single (void)
{
  NcGame *game = game_of (HIDDEN);
  g_autofree char *sentence = NULL;
  NeHint hint;

  g_assert_true (nc_game_apply (game, move_set (cell_of (8, 3), 1)));
  g_assert_true (nc_game_apply (game, move_set (cell_of (8, 8), 4)));
  g_assert_true (nc_game_apply (game, move_set (cell_of (8, 1), 6)));
  g_assert_true (nc_game_apply (game, move_set (cell_of (8, 6), 5)));
  /* No solution given: the hint solves the givens itself. */
  g_assert_true (ne_hint_find (game, NULL, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_PLACE);
  g_assert_cmpint (hint.step.technique, ==, NC_TECH_HIDDEN_SINGLE);
  g_assert_cmpint (hint.target, ==, cell_of (7, 1));
  g_assert_cmpint (hint.digit, ==, 4);
  /* The target first, then the box it is the only place in. */
  g_assert_cmpint (hint.n_cells, ==, 9);
  g_assert_cmpint (hint.cells[0], ==, cell_of (7, 1));
  for (int i = 0; i < hint.n_cells; i++)
    g_assert_cmpint (nc_cell_box (hint.cells[i]), ==, 6);
  sentence = ne_hint_describe (&hint);
  g_assert_cmpstr (sentence, ==, "R7c1 must be 4: it is the only place for 4 in box 7");
  nc_game_free (game);
}

static void
test_wrong_entry (void)
{
  NcGame *game = game_of (NEWSPAPER);
  NcGrid solution = grid_from_line (NEWSPAPER_SOLUTION);
  NcMove moves[NE_HINT_MAX_MOVES];
  g_autofree char *title = NULL;
  g_autofree char *sentence = NULL;
  g_autofree char *applied = NULL;
  NeHint hint;

  /* Right at r5c5; wrong at r9c1 (its digit is 3) and r1c3 (its digit is
   * 4). The first wrong in reading order is the hint. */
  g_assert_true (nc_game_apply (game, move_set (cell_of (5, 5), 5)));
  g_assert_true (nc_game_apply (game, move_set (cell_of (9, 1), 1)));
  g_assert_true (nc_game_apply (game, move_set (cell_of (1, 3), 1)));
  g_assert_true (ne_hint_find (game, &solution, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_WRONG);
  g_assert_cmpint (hint.target, ==, cell_of (1, 3));
  g_assert_cmpint (hint.digit, ==, 1);
  g_assert_cmpint (hint.n_cells, ==, 1);
  title = ne_hint_title (&hint);
  g_assert_cmpstr (title, ==, "Not right");
  sentence = ne_hint_describe (&hint);
  g_assert_cmpstr (sentence, ==, "Row 1, column 3 is not right");
  applied = ne_hint_applied (&hint);
  g_assert_cmpstr (applied, ==, "Cleared row 1, column 3");

  g_assert_cmpint (ne_hint_moves (&hint, TRUE, moves), ==, 1);
  g_assert_cmpint (moves[0].kind, ==, NC_MOVE_CLEAR);
  g_assert_cmpint (moves[0].cell, ==, cell_of (1, 3));
  g_assert_true (nc_game_apply (game, moves[0]));
  g_assert_cmpint (nc_game_value (game, cell_of (1, 3)), ==, 0);

  g_assert_true (ne_hint_find (game, &solution, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_WRONG);
  g_assert_cmpint (hint.target, ==, cell_of (9, 1));

  /* A wrong entry in a full board is still found. */
  nc_game_free (game);
  game = game_of (NEWSPAPER);
  for (int cell = 0; cell < NC_CELLS; cell++)
    if (!nc_game_is_given (game, cell))
      g_assert_true (nc_game_apply (game, move_set (cell, solution.cell[cell])));
  g_assert_false (ne_hint_find (game, &solution, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_NONE);
  g_assert_true (nc_game_apply (game, move_set (cell_of (9, 6), 1)));
  g_assert_true (ne_hint_find (game, &solution, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_WRONG);
  g_assert_cmpint (hint.target, ==, cell_of (9, 6));
  nc_game_free (game);
}

/* The step the grader takes first where it removes candidates, and the
 * board before it: the digits it placed up to there played. */
typedef struct
{
  NcGame *game;
  NcStep  step;
  gboolean found;
} FirstElimination;

static bool
play_to_elimination (const NcStep *step,
                     void         *data)
{
  FirstElimination *first = data;

  if (step->n_placed == 0)
    {
      first->step = *step;
      first->found = TRUE;
      return false;
    }
  for (int i = 0; i < step->n_placed; i++)
    g_assert_true (nc_game_apply (first->game, move_set (step->placed_cell[i], step->placed_digit[i])));
  return true;
}

static void
test_eliminations (void)
{
  NcGrid givens = grid_from_line (POINTING);
  NcGrid solution;
  FirstElimination first = { .game = game_of (POINTING) };
  NcMove moves[NE_HINT_MAX_MOVES];
  uint16_t candidates[NC_CELLS];
  NcGradeResult result;
  NcGrid board;
  g_autofree char *sentence = NULL;
  g_autofree char *action = NULL;
  NeHint hint;
  int n_moves;

  g_assert_true (nc_solver_is_unique (&givens, &solution));
  nc_grade (&givens, &result, play_to_elimination, &first);
  g_assert_true (first.found);
  g_assert_cmpint (first.step.technique, ==, NC_TECH_POINTING);

  /* Without pencil marks: the next step that places a digit, resting on
   * the elimination. */
  g_assert_true (ne_hint_find (first.game, &solution, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_PLACE);
  g_assert_cmpuint (hint.n_skipped, >=, 1);
  g_assert_cmpint (hint.digit, ==, solution.cell[hint.target]);
  g_assert_cmpint (nc_game_value (first.game, hint.target), ==, 0);
  sentence = ne_hint_describe (&hint);
  g_assert_true (g_str_has_suffix (sentence, hint.n_skipped == 1
                                   ? "It rests on 1 earlier step that removes candidates."
                                   : "earlier steps that remove candidates."));

  /* With the candidates as pencil marks: the elimination itself, as the
   * marks it removes. */
  nc_game_board (first.game, &board);
  nc_grade_candidates (&board, candidates);
  for (int cell = 0; cell < NC_CELLS; cell++)
    for (int d = 1; d <= 9; d++)
      if (candidates[cell] & NC_CANDIDATE (d))
        g_assert_true (nc_game_apply (first.game, (NcMove) { .kind = NC_MOVE_NOTE, .cell = (int8_t) cell,
                                                              .digit = (uint8_t) d }));
  g_assert_true (ne_hint_find (first.game, &solution, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_REMOVE);
  g_assert_cmpint (hint.step.technique, ==, NC_TECH_POINTING);
  g_assert_cmpuint (hint.n_skipped, ==, 0);
  g_assert_cmpint (hint.n_notes, ==, first.step.n_eliminated);
  g_assert_cmpint (hint.target, ==, first.step.eliminated_cell[0]);
  g_assert_cmpint (hint.cells[0], ==, hint.target);
  /* The pattern is shown: the cells of the box still holding the digit. */
  g_assert_cmpint (hint.n_cells, >, hint.n_notes);
  for (int i = 0; i < hint.n_notes; i++)
    {
      g_assert_cmpint (hint.note_cell[i], ==, first.step.eliminated_cell[i]);
      g_assert_cmpint (hint.note_digit[i], ==, first.step.eliminated_digit[i]);
    }
  action = ne_hint_action (&hint);
  g_assert_true (g_str_has_prefix (action, "Remove "));

  n_moves = ne_hint_moves (&hint, TRUE, moves);
  g_assert_cmpint (n_moves, ==, hint.n_notes);
  for (int i = 0; i < n_moves; i++)
    {
      g_assert_cmpint (moves[i].kind, ==, NC_MOVE_NOTE);
      g_assert_true (nc_game_apply (first.game, moves[i]));
      g_assert_false (nc_game_state (first.game)->notes[moves[i].cell] & NC_CANDIDATE (moves[i].digit));
    }

  /* Those marks gone, the hint moves on: the step is not offered again. */
  g_assert_true (ne_hint_find (first.game, &solution, &hint));
  g_assert_false (hint.kind == NE_HINT_REMOVE && hint.step.technique == NC_TECH_POINTING &&
                  hint.target == first.step.eliminated_cell[0]);
  nc_game_free (first.game);
}

static void
test_guess (void)
{
  NcGame *game = game_of (INKALA);
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  uint16_t candidates[NC_CELLS];
  NcGrid board;
  g_autofree char *sentence = NULL;
  g_autofree char *expected_end = NULL;
  NeHint hint;

  g_assert_true (ne_hint_find (game, &solution, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_PLACE);
  g_assert_cmpint (hint.step.technique, ==, NC_TECH_GUESS);
  g_assert_cmpint (hint.digit, ==, solution.cell[hint.target]);
  g_assert_cmpint (nc_game_value (game, hint.target), ==, 0);
  /* Inkala's needs guessing at once: the fewest candidates are the grader's
   * first, and no empty cell has fewer. */
  nc_game_board (game, &board);
  nc_grade_candidates (&board, candidates);
  for (int cell = 0; cell < NC_CELLS; cell++)
    if (board.cell[cell] == 0)
      g_assert_cmpint (__builtin_popcount (candidates[cell]), >=, __builtin_popcount (candidates[hint.target]));
  sentence = ne_hint_describe (&hint);
  expected_end = g_strdup_printf ("the solution has %d at r%dc%d", hint.digit,
                                  nc_cell_row (hint.target) + 1, nc_cell_col (hint.target) + 1);
  g_assert_true (g_str_has_suffix (sentence, expected_end));
  g_assert_true (g_str_has_prefix (sentence, "No technique applies"));
  nc_game_free (game);
}

static void
test_no_hint (void)
{
  /* Two solutions, and none known: no hint, and words that say why. */
  g_autofree char *empty = g_strnfill (NC_CELLS, '.');
  NcGame *game = game_of (empty);
  g_autofree char *sentence = NULL;
  NeHint hint;

  g_assert_false (ne_hint_find (game, NULL, &hint));
  g_assert_cmpint (hint.kind, ==, NE_HINT_NONE);
  g_assert_cmpint (hint.target, ==, -1);
  sentence = ne_hint_describe (&hint);
  g_assert_cmpstr (sentence, ==, "This board has no hint: the puzzle does not have exactly one solution");
  nc_game_free (game);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/hint/naked-single", test_naked_single);
  g_test_add_func ("/engine/hint/hidden-single", test_hidden_single);
  g_test_add_func ("/engine/hint/wrong-entry", test_wrong_entry);
  g_test_add_func ("/engine/hint/eliminations", test_eliminations);
  g_test_add_func ("/engine/hint/guess", test_guess);
  g_test_add_func ("/engine/hint/no-hint", test_no_hint);

  return g_test_run ();
}
