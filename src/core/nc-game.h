/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-game.h: a game in play. Split by lifetime, as in Tatham's midend: the
 * puzzle (givens, immutable), the play state (entries and pencil marks,
 * which undo brings back) and the history of moves. A saved game is the
 * puzzle plus its moves and the position in them. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nc-grid.h"

typedef enum
{
  NC_MOVE_SET,    /* put digit (1..9) at cell; flags may add NC_MOVE_CLEAN_NOTES */
  NC_MOVE_CLEAR,  /* empty cell: its entry and its notes */
  NC_MOVE_NOTE,   /* toggle pencil mark digit at cell (only on a cell with no entry) */
  NC_MOVE_RESET,  /* clear every entry and note (cell and digit unused) */
} NcMoveKind;

/* With NC_MOVE_SET: also remove the digit from the notes of the cell's peers,
 * as one move, so a single undo brings them back. */
#define NC_MOVE_CLEAN_NOTES 0x1

/* A move is a small value. */
typedef struct
{
  uint8_t kind;    /* NcMoveKind */
  int8_t  cell;    /* 0..80; -1 for RESET */
  uint8_t digit;   /* 1..9 for SET and NOTE, 0 otherwise */
  uint8_t flags;
} NcMove;

/* Bit d - 1 is pencil mark d (the same bits as NE_NOTE and NC_CANDIDATE). */
typedef struct
{
  NcGrid   entries;            /* the player's digits; 0 where empty or given */
  uint16_t notes[NC_CELLS];
} NcPlayState;

typedef struct NcGame NcGame;

/* Returns NULL only when out of memory. */
NcGame *nc_game_new (const NcGrid *givens);
void    nc_game_free (NcGame *game);

const NcGrid      *nc_game_givens (const NcGame *game);
const NcPlayState *nc_game_state (const NcGame *game);

/* The board as a player sees it: givens plus entries. */
void nc_game_board (const NcGame *game, NcGrid *out);
bool nc_game_is_given (const NcGame *game, int cell);
/* Given or entered digit at cell, 0 when empty. */
int  nc_game_value (const NcGame *game, int cell);
/* Full and free of conflicts: with a unique puzzle, that is its solution. */
bool nc_game_is_solved (const NcGame *game);

/* Validates and applies move, dropping any redo history. Returns false, and
 * records nothing, when the move is invalid (a given cell, a bad digit) or
 * would change nothing. */
bool nc_game_apply (NcGame *game, NcMove move);
bool nc_game_can_undo (const NcGame *game);
bool nc_game_can_redo (const NcGame *game);
bool nc_game_undo (NcGame *game);
bool nc_game_redo (NcGame *game);

/* The history: moves[0 .. n_moves) of which the first position are applied
 * (the rest can be redone). */
const NcMove *nc_game_moves (const NcGame *game, size_t *n_moves);
size_t        nc_game_position (const NcGame *game);

/* Rebuilds a game from saved moves: applies each in turn, then undoes back
 * to position. Returns NULL when a move does not apply (a corrupt save),
 * setting *bad_move to its index. */
NcGame *nc_game_restore (const NcGrid *givens, const NcMove *moves, size_t n_moves,
                         size_t position, size_t *bad_move);

/* Moves as short text for saving, e.g. "s41:7", "s41:7c", "c41", "n41:3",
 * "r". Returns the length, as snprintf (NC_MOVE_TEXT_SIZE is enough). */
#define NC_MOVE_TEXT_SIZE 12
int  nc_move_format (NcMove move, char *buf, size_t len);
bool nc_move_parse (const char *text, NcMove *out);
