/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-move.c: saved moves (nc_move_parse, nc_move_format) and the game
 * they are played on (nc-game.h). The input's first line gives the givens
 * ('1'..'9' a digit, anything else a blank); the rest is words: a move as
 * saved ("s41:7c", "c3", "n0:9", "r"), "<" for undo, ">" for redo.
 *
 * Checks: a word that parses formats back to itself; a move is applied
 * only when it is well formed, off the givens and changes something, and
 * is then the last of the history; undo and redo move the position by one
 * when they can; the play state never holds an entry or a note on a given,
 * nor a note on an entry; and the history at every step restores (as a
 * saved game is loaded) to the same play state, which is also the state
 * a fresh game reaches by applying the moves up to the position. */

#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "nc-game.h"

#define FUZZ_MAX_INPUT  4096
#define MAX_WORDS  600

static bool
same_move (NcMove a, NcMove b)
{
  return a.kind == b.kind && a.cell == b.cell && a.digit == b.digit && a.flags == b.flags;
}

static bool
same_state (const NcPlayState *a, const NcPlayState *b)
{
  return nc_grid_equal (&a->entries, &b->entries) && memcmp (a->notes, b->notes, sizeof a->notes) == 0;
}

static void
check_state (const NcGame *game)
{
  const NcGrid *givens = nc_game_givens (game);
  const NcPlayState *state = nc_game_state (game);

  for (int i = 0; i < NC_CELLS; i++)
    {
      FUZZ_CHECK (state->entries.cell[i] <= 9);
      FUZZ_CHECK (state->notes[i] <= 0x1FF);
      if (givens->cell[i] != 0)
        FUZZ_CHECK (state->entries.cell[i] == 0 && state->notes[i] == 0);
      if (state->entries.cell[i] != 0)
        FUZZ_CHECK (state->notes[i] == 0);
      FUZZ_CHECK (nc_game_value (game, i) == (givens->cell[i] ? givens->cell[i] : state->entries.cell[i]));
    }
}

/* The state after the first position moves, built from nothing. */
static void
state_by_applying (const NcGrid *givens, const NcMove *moves, size_t position, NcPlayState *out)
{
  NcGame *fresh = nc_game_new (givens);

  FUZZ_CHECK (fresh != NULL);
  for (size_t i = 0; i < position; i++)
    FUZZ_CHECK (nc_game_apply (fresh, moves[i]));
  *out = *nc_game_state (fresh);
  nc_game_free (fresh);
}

static void
check_history (const NcGame *game)
{
  size_t n_moves, position = nc_game_position (game), bad = (size_t) -1;
  const NcMove *moves = nc_game_moves (game, &n_moves);
  NcGame *restored;
  NcPlayState expected;

  FUZZ_CHECK (position <= n_moves);
  FUZZ_CHECK (nc_game_can_undo (game) == (position > 0));
  FUZZ_CHECK (nc_game_can_redo (game) == (position < n_moves));
  check_state (game);

  /* What a save holds always loads, to the same game. */
  restored = nc_game_restore (nc_game_givens (game), moves, n_moves, position, &bad);
  FUZZ_CHECK (restored != NULL);
  FUZZ_CHECK (nc_game_position (restored) == position);
  {
    size_t n_restored;
    const NcMove *restored_moves = nc_game_moves (restored, &n_restored);

    FUZZ_CHECK (n_restored == n_moves);
    for (size_t i = 0; i < n_moves; i++)
      FUZZ_CHECK (same_move (restored_moves[i], moves[i]));
  }
  FUZZ_CHECK (same_state (nc_game_state (restored), nc_game_state (game)));
  nc_game_free (restored);

  state_by_applying (nc_game_givens (game), moves, position, &expected);
  FUZZ_CHECK (same_state (&expected, nc_game_state (game)));
}

/* A position past the end, or a move that does not apply, is a corrupt
 * save: NULL and the index of the fault. */
static void
check_bad_restore (const NcGame *game)
{
  size_t n_moves, bad = 0;
  const NcMove *moves = nc_game_moves (game, &n_moves);

  FUZZ_CHECK (nc_game_restore (nc_game_givens (game), moves, n_moves, n_moves + 1, &bad) == NULL);
  FUZZ_CHECK (bad == n_moves);
  if (n_moves > 0)
    {
      NcMove copy[MAX_WORDS + 1];
      NcMove reset = { .kind = NC_MOVE_RESET, .cell = -1 };
      bool empty = true;
      const NcPlayState *state;

      /* A reset on a state with nothing in it changes nothing. */
      memcpy (copy, moves, n_moves * sizeof *moves);
      {
        NcGame *at_end = nc_game_restore (nc_game_givens (game), copy, n_moves, n_moves, NULL);

        FUZZ_CHECK (at_end != NULL);
        state = nc_game_state (at_end);
        for (int i = 0; i < NC_CELLS; i++)
          if (state->entries.cell[i] != 0 || state->notes[i] != 0)
            empty = false;
        nc_game_free (at_end);
      }
      copy[n_moves] = reset;
      bad = 0;
      if (empty)
        {
          FUZZ_CHECK (nc_game_restore (nc_game_givens (game), copy, n_moves + 1, 0, &bad) == NULL);
          FUZZ_CHECK (bad == n_moves);
        }
      else
        {
          NcGame *reset_game = nc_game_restore (nc_game_givens (game), copy, n_moves + 1, 0, &bad);

          FUZZ_CHECK (reset_game != NULL);
          FUZZ_CHECK (nc_game_position (reset_game) == 0 && nc_game_can_redo (reset_game));
          nc_game_free (reset_game);
        }
    }
}

/* The next word of *p, cut off with a NUL; NULL at the end. */
static char *
next_word (char **p)
{
  char *s = *p, *word;

  while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
    s++;
  if (*s == '\0')
    return NULL;
  word = s;
  while (*s != '\0' && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
    s++;
  if (*s != '\0')
    *s++ = '\0';
  *p = s;
  return word;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char text[FUZZ_MAX_INPUT + 1];
  NcGrid givens = { { 0 } };
  NcGame *game;
  char *p, *end, *word;
  int n_words = 0;

  if (size > FUZZ_MAX_INPUT)
    return 0;
  memcpy (text, data, size);
  text[size] = '\0';
  end = memchr (text, '\n', size);
  end = end != NULL ? end : text + size;
  for (int i = 0; i < NC_CELLS && text + i < end; i++)
    givens.cell[i] = text[i] >= '1' && text[i] <= '9' ? (uint8_t) (text[i] - '0') : 0;

  game = nc_game_new (&givens);
  FUZZ_CHECK (game != NULL);
  FUZZ_CHECK (nc_grid_equal (nc_game_givens (game), &givens));
  check_history (game);

  p = end < text + size ? end + 1 : end;
  while (n_words < MAX_WORDS && (word = next_word (&p)) != NULL)
    {
      size_t before_n, before_position;
      NcPlayState before = *nc_game_state (game);
      NcMove move;

      n_words++;
      nc_game_moves (game, &before_n);
      before_position = nc_game_position (game);

      if (strcmp (word, "<") == 0)
        {
          bool undone = nc_game_undo (game);

          FUZZ_CHECK (undone == (before_position > 0));
          FUZZ_CHECK (nc_game_position (game) == before_position - (undone ? 1 : 0));
        }
      else if (strcmp (word, ">") == 0)
        {
          bool redone = nc_game_redo (game);
          size_t after_n;

          FUZZ_CHECK (redone == (before_position < before_n));
          FUZZ_CHECK (nc_game_position (game) == before_position + (redone ? 1 : 0));
          nc_game_moves (game, &after_n);
          FUZZ_CHECK (after_n == before_n);
        }
      else if (nc_move_parse (word, &move))
        {
          char formatted[NC_MOVE_TEXT_SIZE];
          NcMove again;
          size_t after_n;
          bool applied;
          int n = nc_move_format (move, formatted, sizeof formatted);

          FUZZ_CHECK (n > 0 && (size_t) n < sizeof formatted);
          FUZZ_CHECK (strcmp (formatted, word) == 0);
          FUZZ_CHECK (nc_move_parse (formatted, &again) && same_move (again, move));

          applied = nc_game_apply (game, move);
          if (move.kind != NC_MOVE_RESET && givens.cell[move.cell] != 0)
            FUZZ_CHECK (!applied);
          if (applied)
            {
              const NcMove *moves = nc_game_moves (game, &after_n);

              FUZZ_CHECK (!same_state (&before, nc_game_state (game)));
              FUZZ_CHECK (after_n == before_position + 1 && nc_game_position (game) == after_n);
              FUZZ_CHECK (same_move (moves[after_n - 1], move));
            }
          else
            {
              nc_game_moves (game, &after_n);
              FUZZ_CHECK (same_state (&before, nc_game_state (game)));
              FUZZ_CHECK (after_n == before_n && nc_game_position (game) == before_position);
            }
        }
      else
        {
          /* Not a move: nothing in the move syntax is refused that the
           * format could write. */
          FUZZ_CHECK (!(word[0] == 'r' && word[1] == '\0'));
          continue;
        }
      check_history (game);
    }
  check_bad_restore (game);
  nc_game_free (game);
  return 0;
}
