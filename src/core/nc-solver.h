/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-solver.h: the fast solver, for all the work nobody watches (uniqueness
 * checks, generation, import). No allocation: all state lives on the stack. */
#pragma once

#include "nc-grid.h"

/* Counts the solutions of puzzle, stopping at limit (limit >= 1), and
 * returns how many it found (0..limit). When solution is not NULL and at
 * least one solution exists, the first one found is stored there.
 * A puzzle whose givens conflict has 0 solutions. */
unsigned nc_solver_count (const NcGrid *puzzle, unsigned limit, NcGrid *solution);

/* Called with each solution found, numbered from 1; returns false to stop
 * the search there (a caller's cancel). */
typedef bool (*NcSolutionFunc) (const NcGrid *solution, unsigned index, void *data);

/* Lists the solutions of puzzle, as nc_solver_count counts them and in a
 * fixed order (the same puzzle always gives the same list): func sees each,
 * up to limit (limit >= 1). Returns how many it found before the limit, the
 * end of the search or func's false. */
unsigned nc_solver_enumerate (const NcGrid *puzzle, unsigned limit,
                              NcSolutionFunc func, void *data);

/* Counts as nc_solver_count does, but each guess tries near's digit first
 * (near: a solved grid, or NULL for none). The count is the same; the
 * solutions found first are those that agree with near the longest, so
 * one near solves comes at once. The first min(count, limit) solutions
 * found are stored in solutions (may be NULL), in the order found. */
unsigned nc_solver_count_near (const NcGrid *puzzle, unsigned limit, const NcGrid *near,
                               NcGrid *solutions);
/* True when puzzle has exactly one solution, stored in solution (may be NULL). */
bool nc_solver_is_unique (const NcGrid *puzzle, NcGrid *solution);

/* Looks for a solution of puzzle that differs from solution in at least one
 * of the n_cells cells listed, or in any cell when cells is NULL, and
 * returns true, storing it in other (may be NULL), when there is one.
 * When solution is known to solve puzzle, this answers uniqueness in one
 * search that stops at the first difference and prunes on the known
 * digits: cheaper than counting to two. And when a clue orbit is taken
 * from a unique puzzle, a second solution can only differ at its cells. */
bool nc_solver_find_other (const NcGrid *puzzle, const NcGrid *solution,
                           const uint8_t *cells, int n_cells, NcGrid *other);

/* A puzzle's givens as the solver holds them, every single they force
 * placed: the start of a search, built once and shared by many on puzzles
 * with the same givens and a few more (a reduction asks "is there a second
 * solution" of one puzzle less one clue after another, a resettle adds a
 * clue at a time). Its fields are the solver's own. */
typedef struct
{
  uint32_t cand[27];
  uint32_t seen[27];
  uint32_t open_cells[3];
  uint32_t open_rows[3];
} NcSolverBoard;

/* The board of a puzzle with no givens. */
void nc_solver_board_init (NcSolverBoard *board);

/* Adds grid's digits at the n_cells cells listed (all of grid's givens when
 * cells is NULL; empty cells are skipped) and places what follows. False
 * when the givens conflict or leave no solution: the board then stays
 * empty of solutions, whatever is added. */
bool nc_solver_board_place (NcSolverBoard *board, const NcGrid *grid,
                            const uint8_t *cells, int n_cells);

/* As nc_solver_board_place, but leaves what the digits force to be found
 * by the next search, or the next place, from the board: cheaper when the
 * board is met with another before any search. */
bool nc_solver_board_add (NcSolverBoard *board, const NcGrid *grid,
                          const uint8_t *cells, int n_cells);

/* The board of the givens of a and of b together, into out (may be a or b). */
void nc_solver_board_meet (NcSolverBoard *out, const NcSolverBoard *a, const NcSolverBoard *b);

/* nc_solver_count_near and nc_solver_find_other for the puzzle whose givens
 * start holds: the same answers and solutions, without building the board
 * again. */
unsigned nc_solver_count_near_from (const NcSolverBoard *start, unsigned limit,
                                    const NcGrid *near, NcGrid *solutions);
bool nc_solver_find_other_from (const NcSolverBoard *start, const NcGrid *solution,
                                const uint8_t *cells, int n_cells, NcGrid *other);
