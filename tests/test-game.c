/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game.c: the game in play: moves, undo and redo over the history,
 * locked givens, pencil marks, solving, and the saved form of a game (moves
 * as text, restored from moves and a position). */

#define G_LOG_DOMAIN "nonet-test-game"

#include "config.h"

#include "nc-game.h"
#include "test-util.h"

/* INKALA: r1c1 (cell 0) is the given 8; cell 1 is empty (solution 1). */
#define EMPTY_CELL 1

static NcMove
move_set (int cell, int digit)
{
  return (NcMove) { .kind = NC_MOVE_SET, .cell = (int8_t) cell, .digit = (uint8_t) digit };
}

static NcMove
move_set_clean (int cell, int digit)
{
  return (NcMove) { .kind = NC_MOVE_SET, .cell = (int8_t) cell, .digit = (uint8_t) digit,
                    .flags = NC_MOVE_CLEAN_NOTES };
}

static NcMove
move_clear (int cell)
{
  return (NcMove) { .kind = NC_MOVE_CLEAR, .cell = (int8_t) cell };
}

static NcMove
move_note (int cell, int digit)
{
  return (NcMove) { .kind = NC_MOVE_NOTE, .cell = (int8_t) cell, .digit = (uint8_t) digit };
}

static NcMove
move_reset (void)
{
  return (NcMove) { .kind = NC_MOVE_RESET, .cell = -1 };
}

static NcGame *
new_inkala (void)
{
  NcGrid givens = grid_from_line (INKALA);
  NcGame *game = nc_game_new (&givens);

  g_assert_nonnull (game);
  return game;
}

static gboolean
moves_equal (NcMove a, NcMove b)
{
  return a.kind == b.kind && a.cell == b.cell && a.digit == b.digit && a.flags == b.flags;
}

static void
test_new (void)
{
  NcGrid givens = grid_from_line (INKALA);
  NcGame *game = nc_game_new (&givens);
  NcGrid board;
  size_t n_moves = 99;

  g_assert_true (nc_grid_equal (nc_game_givens (game), &givens));
  nc_game_board (game, &board);
  g_assert_true (nc_grid_equal (&board, &givens));
  g_assert_cmpint (nc_grid_count_filled (&nc_game_state (game)->entries), ==, 0);
  g_assert_true (nc_game_is_given (game, 0));
  g_assert_false (nc_game_is_given (game, EMPTY_CELL));
  g_assert_false (nc_game_is_given (game, -1));
  g_assert_false (nc_game_is_given (game, NC_CELLS));
  g_assert_cmpint (nc_game_value (game, 0), ==, 8);
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 0);
  g_assert_false (nc_game_can_undo (game));
  g_assert_false (nc_game_can_redo (game));
  g_assert_false (nc_game_undo (game));
  g_assert_false (nc_game_redo (game));
  nc_game_moves (game, &n_moves);
  g_assert_cmpuint (n_moves, ==, 0);
  g_assert_cmpuint (nc_game_position (game), ==, 0);
  g_assert_false (nc_game_is_solved (game));
  nc_game_free (game);
  nc_game_free (NULL);
}

static void
test_apply_undo_redo (void)
{
  NcGame *game = new_inkala ();
  size_t n_moves;

  g_assert_true (nc_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 1);
  g_assert_cmpint (nc_game_state (game)->entries.cell[EMPTY_CELL], ==, 1);
  g_assert_true (nc_game_apply (game, move_set (EMPTY_CELL, 2)));
  g_assert_true (nc_game_apply (game, move_set (2, 2)));
  g_assert_cmpuint (nc_game_position (game), ==, 3);
  g_assert_true (nc_game_can_undo (game));
  g_assert_false (nc_game_can_redo (game));

  g_assert_true (nc_game_undo (game));
  g_assert_cmpint (nc_game_value (game, 2), ==, 0);
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 2);
  g_assert_true (nc_game_undo (game));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 1);
  g_assert_true (nc_game_can_redo (game));
  g_assert_cmpuint (nc_game_position (game), ==, 1);
  nc_game_moves (game, &n_moves);
  g_assert_cmpuint (n_moves, ==, 3);

  g_assert_true (nc_game_redo (game));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 2);
  g_assert_true (nc_game_redo (game));
  g_assert_cmpint (nc_game_value (game, 2), ==, 2);
  g_assert_false (nc_game_redo (game));

  g_assert_true (nc_game_apply (game, move_clear (EMPTY_CELL)));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 0);
  g_assert_true (nc_game_undo (game));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 2);

  while (nc_game_undo (game))
    ;
  g_assert_cmpuint (nc_game_position (game), ==, 0);
  g_assert_cmpint (nc_grid_count_filled (&nc_game_state (game)->entries), ==, 0);
  nc_game_free (game);
}

static void
test_reset (void)
{
  NcGame *game = new_inkala ();

  /* Nothing to reset on a fresh board. */
  g_assert_false (nc_game_apply (game, move_reset ()));

  g_assert_true (nc_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_assert_true (nc_game_apply (game, move_note (2, 5)));
  g_assert_true (nc_game_apply (game, move_reset ()));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 0);
  g_assert_cmpuint (nc_game_state (game)->notes[2], ==, 0);
  g_assert_cmpint (nc_game_value (game, 0), ==, 8);   /* givens stay */
  g_assert_false (nc_game_apply (game, move_reset ()));

  /* One undo brings the whole board back. */
  g_assert_true (nc_game_undo (game));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 1);
  g_assert_cmpuint (nc_game_state (game)->notes[2], ==, 1u << 4);
  g_assert_true (nc_game_redo (game));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 0);
  nc_game_free (game);
}

static void
test_givens_locked (void)
{
  NcGame *game = new_inkala ();

  g_assert_false (nc_game_apply (game, move_set (0, 1)));
  g_assert_false (nc_game_apply (game, move_set (0, 8)));
  g_assert_false (nc_game_apply (game, move_clear (0)));
  g_assert_false (nc_game_apply (game, move_note (0, 3)));
  g_assert_cmpint (nc_game_value (game, 0), ==, 8);
  g_assert_false (nc_game_can_undo (game));
  nc_game_free (game);
}

static void
test_invalid_moves (void)
{
  NcGame *game = new_inkala ();
  NcMove bad[] = {
    move_set (-1, 1), move_set (NC_CELLS, 1), move_set (EMPTY_CELL, 0), move_set (EMPTY_CELL, 10),
    move_note (EMPTY_CELL, 0), move_note (EMPTY_CELL, 10), move_clear (-1),
    { .kind = NC_MOVE_CLEAR, .cell = EMPTY_CELL, .digit = 3 },
    { .kind = NC_MOVE_NOTE, .cell = EMPTY_CELL, .digit = 3, .flags = NC_MOVE_CLEAN_NOTES },
    { .kind = NC_MOVE_SET, .cell = EMPTY_CELL, .digit = 3, .flags = 0x80 },
    { .kind = NC_MOVE_RESET, .cell = 4 },
    { .kind = 42, .cell = EMPTY_CELL, .digit = 1 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (nc_game_apply (game, bad[i]));
  g_assert_false (nc_game_can_undo (game));
  nc_game_free (game);
}

static void
test_noop_rejected (void)
{
  NcGame *game = new_inkala ();

  g_assert_false (nc_game_apply (game, move_clear (EMPTY_CELL)));
  g_assert_true (nc_game_apply (game, move_set (EMPTY_CELL, 4)));
  g_assert_false (nc_game_apply (game, move_set (EMPTY_CELL, 4)));
  /* Nothing to clean in the peers' notes either. */
  g_assert_false (nc_game_apply (game, move_set_clean (EMPTY_CELL, 4)));
  g_assert_cmpuint (nc_game_position (game), ==, 1);

  /* A rejected move leaves the redo history alone. */
  g_assert_true (nc_game_undo (game));
  g_assert_false (nc_game_apply (game, move_clear (EMPTY_CELL)));
  g_assert_true (nc_game_can_redo (game));
  nc_game_free (game);
}

static void
test_notes (void)
{
  NcGame *game = new_inkala ();
  const NcPlayState *state = nc_game_state (game);

  g_assert_true (nc_game_apply (game, move_note (EMPTY_CELL, 1)));
  g_assert_true (nc_game_apply (game, move_note (EMPTY_CELL, 9)));
  g_assert_cmpuint (state->notes[EMPTY_CELL], ==, (1u << 0) | (1u << 8));
  /* A note toggles. */
  g_assert_true (nc_game_apply (game, move_note (EMPTY_CELL, 9)));
  g_assert_cmpuint (state->notes[EMPTY_CELL], ==, 1u << 0);
  g_assert_true (nc_game_undo (game));
  g_assert_cmpuint (state->notes[EMPTY_CELL], ==, (1u << 0) | (1u << 8));

  /* An entry replaces the cell's notes; notes go only on an empty cell. */
  g_assert_true (nc_game_apply (game, move_set (EMPTY_CELL, 4)));
  g_assert_cmpuint (state->notes[EMPTY_CELL], ==, 0);
  g_assert_false (nc_game_apply (game, move_note (EMPTY_CELL, 2)));
  g_assert_true (nc_game_undo (game));
  g_assert_cmpuint (state->notes[EMPTY_CELL], ==, (1u << 0) | (1u << 8));

  /* Clearing a cell with only notes clears them. */
  g_assert_true (nc_game_apply (game, move_clear (EMPTY_CELL)));
  g_assert_cmpuint (state->notes[EMPTY_CELL], ==, 0);
  nc_game_free (game);
}

static void
test_clean_notes_one_step (void)
{
  NcGame *game = new_inkala ();
  const NcPlayState *state = nc_game_state (game);
  /* Cell 2 (r1c3) is a row peer of cell 1, cell 10 (r2c2) a column and box
   * peer, cell 36 (r5c1) no peer at all. */
  int peers[] = { 2, 10 };

  for (size_t i = 0; i < G_N_ELEMENTS (peers); i++)
    {
      g_assert_true (nc_game_apply (game, move_note (peers[i], 1)));
      g_assert_true (nc_game_apply (game, move_note (peers[i], 2)));
    }
  g_assert_true (nc_game_apply (game, move_note (36, 1)));
  g_assert_cmpuint (nc_game_position (game), ==, 5);

  g_assert_true (nc_game_apply (game, move_set_clean (EMPTY_CELL, 1)));
  for (size_t i = 0; i < G_N_ELEMENTS (peers); i++)
    g_assert_cmpuint (state->notes[peers[i]], ==, 1u << 1);
  g_assert_cmpuint (state->notes[36], ==, 1u << 0);
  g_assert_cmpuint (nc_game_position (game), ==, 6);

  /* One undo brings the entry and every cleaned note back. */
  g_assert_true (nc_game_undo (game));
  g_assert_cmpint (nc_game_value (game, EMPTY_CELL), ==, 0);
  for (size_t i = 0; i < G_N_ELEMENTS (peers); i++)
    g_assert_cmpuint (state->notes[peers[i]], ==, (1u << 0) | (1u << 1));
  g_assert_cmpuint (nc_game_position (game), ==, 5);

  /* With the entry already there, cleaning alone is still a change. */
  g_assert_true (nc_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_assert_true (nc_game_apply (game, move_set_clean (EMPTY_CELL, 1)));
  g_assert_cmpuint (state->notes[2], ==, 1u << 1);
  nc_game_free (game);
}

static void
test_redo_dropped (void)
{
  NcGame *game = new_inkala ();
  const NcMove *moves;
  size_t n_moves;

  g_assert_true (nc_game_apply (game, move_set (EMPTY_CELL, 1)));
  g_assert_true (nc_game_apply (game, move_set (2, 2)));
  g_assert_true (nc_game_apply (game, move_set (3, 7)));
  g_assert_true (nc_game_undo (game));
  g_assert_true (nc_game_undo (game));
  g_assert_true (nc_game_can_redo (game));

  g_assert_true (nc_game_apply (game, move_note (4, 6)));
  g_assert_false (nc_game_can_redo (game));
  g_assert_false (nc_game_redo (game));
  moves = nc_game_moves (game, &n_moves);
  g_assert_cmpuint (n_moves, ==, 2);
  g_assert_cmpuint (nc_game_position (game), ==, 2);
  g_assert_true (moves_equal (moves[0], move_set (EMPTY_CELL, 1)));
  g_assert_true (moves_equal (moves[1], move_note (4, 6)));
  g_assert_cmpint (nc_game_value (game, 2), ==, 0);
  g_assert_cmpint (nc_game_value (game, 3), ==, 0);
  nc_game_free (game);
}

static void
test_long_history (void)
{
  NcGame *game = new_inkala ();
  size_t n_moves;

  /* Past the first allocation of the history. */
  for (int i = 0; i < 500; i++)
    g_assert_true (nc_game_apply (game, move_note (EMPTY_CELL, 1 + i % 9)));
  nc_game_moves (game, &n_moves);
  g_assert_cmpuint (n_moves, ==, 500);
  for (int i = 0; i < 250; i++)
    g_assert_true (nc_game_undo (game));
  g_assert_cmpuint (nc_game_position (game), ==, 250);
  for (int i = 0; i < 250; i++)
    g_assert_true (nc_game_redo (game));
  g_assert_false (nc_game_can_redo (game));
  nc_game_free (game);
}

static void
test_solved (void)
{
  NcGrid solution = grid_from_line (INKALA_SOLUTION);
  NcGame *game = new_inkala ();
  int last = -1;

  for (int i = 0; i < NC_CELLS; i++)
    if (!nc_game_is_given (game, i))
      {
        g_assert_false (nc_game_is_solved (game));
        g_assert_true (nc_game_apply (game, move_set (i, solution.cell[i])));
        last = i;
      }
  g_assert_true (nc_game_is_solved (game));

  /* Full but with a conflict is not solved. */
  g_assert_true (nc_game_apply (game, move_set (last, solution.cell[last] % 9 + 1)));
  g_assert_false (nc_game_is_solved (game));
  g_assert_true (nc_game_undo (game));
  g_assert_true (nc_game_is_solved (game));
  g_assert_true (nc_game_apply (game, move_clear (last)));
  g_assert_false (nc_game_is_solved (game));
  nc_game_free (game);
}

static void
test_move_text (void)
{
  struct { NcMove move; const char *text; } cases[] = {
    { move_set (41, 7), "s41:7" },
    { move_set_clean (41, 7), "s41:7c" },
    { move_set (0, 1), "s0:1" },
    { move_set (80, 9), "s80:9" },
    { move_clear (41), "c41" },
    { move_note (41, 3), "n41:3" },
    { move_reset (), "r" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char buf[NC_MOVE_TEXT_SIZE];
      NcMove parsed;
      int len = nc_move_format (cases[i].move, buf, sizeof buf);

      g_assert_cmpstr (buf, ==, cases[i].text);
      g_assert_cmpint (len, ==, (int) strlen (cases[i].text));
      g_assert_true (nc_move_parse (buf, &parsed));
      g_assert_true (moves_equal (parsed, cases[i].move));
    }

  /* Every valid move fits and round-trips. */
  for (int cell = 0; cell < NC_CELLS; cell++)
    for (int digit = 1; digit <= 9; digit++)
      {
        NcMove moves[] = { move_set (cell, digit), move_set_clean (cell, digit),
                           move_note (cell, digit), move_clear (cell) };

        for (size_t i = 0; i < G_N_ELEMENTS (moves); i++)
          {
            char buf[NC_MOVE_TEXT_SIZE];
            NcMove parsed;

            g_assert_cmpint (nc_move_format (moves[i], buf, sizeof buf), <, NC_MOVE_TEXT_SIZE);
            g_assert_true (nc_move_parse (buf, &parsed));
            g_assert_true (moves_equal (parsed, moves[i]));
          }
      }
}

static void
test_move_parse_errors (void)
{
  const char *bad[] = {
    "", "x", "s", "s41", "s41:", "s41:0", "s41:10", "s81:1", "s100:1", "s-1:1",
    "s041:1", "s41:7x", "s41:7cc", "s41 :7", " s41:7", "s41:7 ", "c", "c81", "c41:3",
    "n41", "n41:3c", "r0", "rr", "S41:7", "s4a:1",
  };
  NcMove move = move_note (5, 5);

  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("parsing \"%s\"", bad[i]);
      g_assert_false (nc_move_parse (bad[i], &move));
    }
  /* A failed parse leaves the output alone. */
  g_assert_true (moves_equal (move, move_note (5, 5)));
  g_assert_false (nc_move_parse (NULL, &move));
}

static void
test_restore (void)
{
  NcGrid givens = grid_from_line (INKALA);
  NcGame *game = new_inkala ();
  NcGame *restored;
  const NcMove *moves;
  size_t n_moves;
  size_t bad = 99;

  g_assert_true (nc_game_apply (game, move_note (EMPTY_CELL, 3)));
  g_assert_true (nc_game_apply (game, move_set_clean (2, 3)));
  g_assert_true (nc_game_apply (game, move_set (5, 4)));
  g_assert_true (nc_game_apply (game, move_reset ()));
  g_assert_true (nc_game_apply (game, move_set (6, 9)));
  g_assert_true (nc_game_undo (game));
  g_assert_true (nc_game_undo (game));
  moves = nc_game_moves (game, &n_moves);

  restored = nc_game_restore (&givens, moves, n_moves, nc_game_position (game), &bad);
  g_assert_nonnull (restored);
  g_assert_cmpuint (bad, ==, 99);
  g_assert_cmpuint (nc_game_position (restored), ==, 3);
  g_assert_true (nc_game_can_redo (restored));
  g_assert_cmpmem (nc_game_state (restored), sizeof (NcPlayState),
                   nc_game_state (game), sizeof (NcPlayState));
  g_assert_true (nc_game_redo (restored));
  g_assert_true (nc_game_redo (game));
  g_assert_cmpmem (nc_game_state (restored), sizeof (NcPlayState),
                   nc_game_state (game), sizeof (NcPlayState));
  nc_game_free (restored);

  /* Every position, from none applied to all. */
  for (size_t pos = 0; pos <= n_moves; pos++)
    {
      restored = nc_game_restore (&givens, moves, n_moves, pos, NULL);
      g_assert_nonnull (restored);
      g_assert_cmpuint (nc_game_position (restored), ==, pos);
      nc_game_free (restored);
    }

  /* An empty history. */
  restored = nc_game_restore (&givens, NULL, 0, 0, &bad);
  g_assert_nonnull (restored);
  g_assert_false (nc_game_can_undo (restored));
  nc_game_free (restored);
  nc_game_free (game);
}

static void
test_restore_bad (void)
{
  NcGrid givens = grid_from_line (INKALA);
  size_t bad = 99;
  NcMove on_given[] = { move_set (EMPTY_CELL, 1), move_set (0, 1) };
  NcMove noop[] = { move_set (EMPTY_CELL, 1), move_note (2, 2), move_set (EMPTY_CELL, 1) };
  NcMove note_on_entry[] = { move_set (EMPTY_CELL, 1), move_note (EMPTY_CELL, 2) };
  NcMove malformed[] = { { .kind = 9, .cell = 3, .digit = 1 } };

  g_assert_null (nc_game_restore (&givens, on_given, G_N_ELEMENTS (on_given), 2, &bad));
  g_assert_cmpuint (bad, ==, 1);
  g_assert_null (nc_game_restore (&givens, noop, G_N_ELEMENTS (noop), 3, &bad));
  g_assert_cmpuint (bad, ==, 2);
  g_assert_null (nc_game_restore (&givens, note_on_entry, G_N_ELEMENTS (note_on_entry), 0, &bad));
  g_assert_cmpuint (bad, ==, 1);
  g_assert_null (nc_game_restore (&givens, malformed, 1, 1, &bad));
  g_assert_cmpuint (bad, ==, 0);

  /* A position past the last move is reported one past the last move. */
  g_assert_null (nc_game_restore (&givens, on_given, 1, 2, &bad));
  g_assert_cmpuint (bad, ==, 1);
  g_assert_null (nc_game_restore (&givens, NULL, 0, 1, &bad));
  g_assert_cmpuint (bad, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/game/new", test_new);
  g_test_add_func ("/core/game/apply-undo-redo", test_apply_undo_redo);
  g_test_add_func ("/core/game/reset", test_reset);
  g_test_add_func ("/core/game/givens-locked", test_givens_locked);
  g_test_add_func ("/core/game/invalid-moves", test_invalid_moves);
  g_test_add_func ("/core/game/noop-rejected", test_noop_rejected);
  g_test_add_func ("/core/game/notes", test_notes);
  g_test_add_func ("/core/game/clean-notes-one-step", test_clean_notes_one_step);
  g_test_add_func ("/core/game/redo-dropped", test_redo_dropped);
  g_test_add_func ("/core/game/long-history", test_long_history);
  g_test_add_func ("/core/game/solved", test_solved);
  g_test_add_func ("/core/game/move-text", test_move_text);
  g_test_add_func ("/core/game/move-parse-errors", test_move_parse_errors);
  g_test_add_func ("/core/game/restore", test_restore);
  g_test_add_func ("/core/game/restore-bad", test_restore_bad);

  return g_test_run ();
}
