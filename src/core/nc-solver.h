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

/* True when puzzle has exactly one solution, stored in solution (may be NULL). */
bool nc_solver_is_unique (const NcGrid *puzzle, NcGrid *solution);
