/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-game.c: a game in play: the givens, the play state and the history of
 * moves. Undo rebuilds the play state by replaying the history up to the new
 * position: a few hundred small moves cost microseconds, and no move needs
 * to remember what it overwrote. */

#include "nc-game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct NcGame
{
  NcGrid       givens;
  NcPlayState  state;
  NcMove      *moves;
  size_t       n_moves;
  size_t       n_allocated;
  size_t       position;
};

NcGame *
nc_game_new (const NcGrid *givens)
{
  NcGame *game;

  if (givens == NULL)
    return NULL;
  game = calloc (1, sizeof *game);
  if (game == NULL)
    return NULL;
  for (int i = 0; i < NC_CELLS; i++)
    game->givens.cell[i] = givens->cell[i] <= 9 ? givens->cell[i] : 0;
  return game;
}

void
nc_game_free (NcGame *game)
{
  if (game == NULL)
    return;
  free (game->moves);
  free (game);
}

const NcGrid *
nc_game_givens (const NcGame *game)
{
  return &game->givens;
}

const NcPlayState *
nc_game_state (const NcGame *game)
{
  return &game->state;
}

void
nc_game_board (const NcGame *game, NcGrid *out)
{
  for (int i = 0; i < NC_CELLS; i++)
    out->cell[i] = game->givens.cell[i] ? game->givens.cell[i] : game->state.entries.cell[i];
}

bool
nc_game_is_given (const NcGame *game, int cell)
{
  return cell >= 0 && cell < NC_CELLS && game->givens.cell[cell] != 0;
}

int
nc_game_value (const NcGame *game, int cell)
{
  if (cell < 0 || cell >= NC_CELLS)
    return 0;
  return game->givens.cell[cell] ? game->givens.cell[cell] : game->state.entries.cell[cell];
}

bool
nc_game_is_solved (const NcGame *game)
{
  NcGrid board;

  nc_game_board (game, &board);
  return nc_grid_is_full (&board) && nc_grid_find_conflicts (&board, NULL, 0) == 0;
}

/* The shape of a move, whatever the board: what nc_move_parse accepts. */
static bool
move_is_well_formed (NcMove move)
{
  switch ((NcMoveKind) move.kind)
    {
    case NC_MOVE_SET:
      return move.cell >= 0 && move.cell < NC_CELLS && move.digit >= 1 && move.digit <= 9
             && (move.flags & ~NC_MOVE_CLEAN_NOTES) == 0;
    case NC_MOVE_CLEAR:
      return move.cell >= 0 && move.cell < NC_CELLS && move.digit == 0 && move.flags == 0;
    case NC_MOVE_NOTE:
      return move.cell >= 0 && move.cell < NC_CELLS && move.digit >= 1 && move.digit <= 9
             && move.flags == 0;
    case NC_MOVE_RESET:
      return move.cell == -1 && move.digit == 0 && move.flags == 0;
    default:
      return false;
    }
}

/* Applies move to state; false when the move is invalid on this board or
 * would change nothing (state is then left as it was). */
static bool
state_apply (const NcGrid *givens, NcPlayState *state, NcMove move)
{
  NcPlayState before;
  uint16_t bit;

  if (!move_is_well_formed (move))
    return false;
  if (move.kind != NC_MOVE_RESET && givens->cell[move.cell] != 0)
    return false;

  before = *state;
  switch ((NcMoveKind) move.kind)
    {
    case NC_MOVE_SET:
      state->entries.cell[move.cell] = move.digit;
      state->notes[move.cell] = 0;
      if (move.flags & NC_MOVE_CLEAN_NOTES)
        {
          bit = (uint16_t) (1u << (move.digit - 1));
          for (int i = 0; i < NC_PEERS; i++)
            state->notes[nc_peers[move.cell][i]] &= (uint16_t) ~bit;
        }
      break;

    case NC_MOVE_CLEAR:
      state->entries.cell[move.cell] = 0;
      state->notes[move.cell] = 0;
      break;

    case NC_MOVE_NOTE:
      if (state->entries.cell[move.cell] != 0)
        return false;
      state->notes[move.cell] ^= (uint16_t) (1u << (move.digit - 1));
      break;

    case NC_MOVE_RESET:
      memset (state, 0, sizeof *state);
      break;

    default:
      return false;
    }

  return memcmp (&before, state, sizeof before) != 0;
}

/* The play state after the first position moves of the history. */
static void
replay (NcGame *game, size_t position)
{
  bool applied;

  memset (&game->state, 0, sizeof game->state);
  for (size_t i = 0; i < position; i++)
    {
      applied = state_apply (&game->givens, &game->state, game->moves[i]);
      /* Every recorded move changed the state it was applied to. */
      (void) applied;
    }
  game->position = position;
}

bool
nc_game_apply (NcGame *game, NcMove move)
{
  NcPlayState next = game->state;

  if (!state_apply (&game->givens, &next, move))
    return false;

  if (game->position == game->n_allocated)
    {
      size_t n = game->n_allocated ? game->n_allocated * 2 : 64;
      NcMove *moves = realloc (game->moves, n * sizeof *moves);

      if (moves == NULL)
        return false;
      game->moves = moves;
      game->n_allocated = n;
    }

  game->moves[game->position++] = move;
  game->n_moves = game->position;
  game->state = next;
  return true;
}

bool
nc_game_can_undo (const NcGame *game)
{
  return game->position > 0;
}

bool
nc_game_can_redo (const NcGame *game)
{
  return game->position < game->n_moves;
}

bool
nc_game_undo (NcGame *game)
{
  if (game->position == 0)
    return false;
  replay (game, game->position - 1);
  return true;
}

bool
nc_game_redo (NcGame *game)
{
  if (game->position == game->n_moves)
    return false;
  if (!state_apply (&game->givens, &game->state, game->moves[game->position]))
    return false;
  game->position++;
  return true;
}

const NcMove *
nc_game_moves (const NcGame *game, size_t *n_moves)
{
  if (n_moves != NULL)
    *n_moves = game->n_moves;
  return game->moves;
}

size_t
nc_game_position (const NcGame *game)
{
  return game->position;
}

NcGame *
nc_game_restore (const NcGrid *givens, const NcMove *moves, size_t n_moves,
                 size_t position, size_t *bad_move)
{
  NcGame *game = nc_game_new (givens);

  if (game == NULL)
    return NULL;

  for (size_t i = 0; i < n_moves; i++)
    {
      if (!nc_game_apply (game, moves[i]))
        {
          if (bad_move != NULL)
            *bad_move = i;
          nc_game_free (game);
          return NULL;
        }
    }

  /* A position past the end is as corrupt as a move that does not apply;
   * it is reported as the index one past the last move. */
  if (position > n_moves)
    {
      if (bad_move != NULL)
        *bad_move = n_moves;
      nc_game_free (game);
      return NULL;
    }

  if (position < n_moves)
    replay (game, position);
  return game;
}

int
nc_move_format (NcMove move, char *buf, size_t len)
{
  const char *clean = (move.flags & NC_MOVE_CLEAN_NOTES) ? "c" : "";

  switch ((NcMoveKind) move.kind)
    {
    case NC_MOVE_SET:
      return snprintf (buf, len, "s%d:%d%s", move.cell, move.digit, clean);
    case NC_MOVE_CLEAR:
      return snprintf (buf, len, "c%d", move.cell);
    case NC_MOVE_NOTE:
      return snprintf (buf, len, "n%d:%d", move.cell, move.digit);
    case NC_MOVE_RESET:
      return snprintf (buf, len, "r");
    default:
      return snprintf (buf, len, "?");
    }
}

/* A cell number 0..80 without a leading zero; advances *p past it. */
static bool
parse_cell (const char **p, int *cell)
{
  const char *s = *p;
  int value;

  if (*s < '0' || *s > '9')
    return false;
  value = *s++ - '0';
  if (value != 0 && *s >= '0' && *s <= '9')
    value = value * 10 + (*s++ - '0');
  if (value >= NC_CELLS)
    return false;
  *cell = value;
  *p = s;
  return true;
}

/* ":d" with d in 1..9; advances *p past it. */
static bool
parse_digit (const char **p, int *digit)
{
  const char *s = *p;

  if (s[0] != ':' || s[1] < '1' || s[1] > '9')
    return false;
  *digit = s[1] - '0';
  *p = s + 2;
  return true;
}

bool
nc_move_parse (const char *text, NcMove *out)
{
  NcMove move = { 0 };
  const char *p;
  int cell = -1;
  int digit = 0;

  if (text == NULL || out == NULL)
    return false;
  p = text + 1;

  switch (text[0])
    {
    case 's':
      if (!parse_cell (&p, &cell) || !parse_digit (&p, &digit))
        return false;
      move.kind = NC_MOVE_SET;
      if (*p == 'c')
        {
          move.flags = NC_MOVE_CLEAN_NOTES;
          p++;
        }
      break;
    case 'c':
      if (!parse_cell (&p, &cell))
        return false;
      move.kind = NC_MOVE_CLEAR;
      break;
    case 'n':
      if (!parse_cell (&p, &cell) || !parse_digit (&p, &digit))
        return false;
      move.kind = NC_MOVE_NOTE;
      break;
    case 'r':
      move.kind = NC_MOVE_RESET;
      break;
    default:
      return false;
    }

  if (*p != '\0')
    return false;
  move.cell = (int8_t) cell;
  move.digit = (uint8_t) digit;
  *out = move;
  return true;
}
