/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-grade.h: the grader, a logical solver that works like a person. It
 * tries techniques from easiest to hardest, returns to the easiest after
 * each step, and grades a puzzle by the hardest technique it needed. */
#pragma once

#include "nc-grid.h"

/* Ordered from easiest to hardest. */
typedef enum
{
  NC_TECH_NAKED_SINGLE,
  NC_TECH_HIDDEN_SINGLE,
  NC_TECH_POINTING,
  NC_TECH_CLAIMING,
  NC_TECH_NAKED_PAIR,
  NC_TECH_HIDDEN_PAIR,
  NC_TECH_NAKED_TRIPLE,
  NC_TECH_HIDDEN_TRIPLE,
  NC_TECH_NAKED_QUAD,
  NC_TECH_HIDDEN_QUAD,
  NC_TECH_X_WING,
  NC_TECH_SWORDFISH,
  NC_TECH_XY_WING,
  NC_TECH_XYZ_WING,
  NC_TECH_SIMPLE_COLOURING,
  NC_TECH_GUESS,          /* no technique applies: the puzzle needs guessing */
  NC_TECH_COUNT,
} NcTechnique;

typedef enum
{
  NC_GRADE_EASY,      /* singles */
  NC_GRADE_MEDIUM,    /* locked candidates, pairs */
  NC_GRADE_HARD,      /* triples, quads, basic fish */
  NC_GRADE_EXPERT,    /* wings, chains */
  NC_GRADE_EXTREME,   /* needs guessing */
  NC_GRADE_COUNT,
} NcGrade;

const char *nc_technique_name (NcTechnique technique);   /* "naked single", "X-wing", ... */
NcGrade     nc_technique_grade (NcTechnique technique);
/* The two-letter code of a technique other than guessing ("xw" for the
 * X-wing), as puzzle IDs write it; "" for guessing. */
const char *nc_technique_code (NcTechnique technique);
/* A technique other than guessing by its name or code, case-insensitive,
 * with a space, a dash or an underscore between words: "x-wing", "X wing",
 * "naked_pair", "xw". */
bool        nc_technique_from_name (const char *name, NcTechnique *out);
const char *nc_grade_name (NcGrade grade);               /* "Easy" .. "Extreme" */
/* Case-insensitive "easy" .. "extreme". */
bool        nc_grade_from_name (const char *name, NcGrade *out);

/* What a step's sentence names, beside what it places and eliminates
 * (ne_step_describe in the engine says it in the user's language). Units are
 * 0..26 as nc_units (rows, columns, boxes); digit masks as NC_CANDIDATE.
 * Which fields mean something depends on the technique:
 *  - singles: digit, and unit for the hidden single;
 *  - pointing, claiming: digit, confined to unit's part in cover;
 *  - naked and hidden subsets: cells (the subset) in unit, digits (the
 *    digits they hold, or keep);
 *  - fish: digit, base and cover lines (bit i: line i), by_column when the
 *    base lines are columns;
 *  - wings: cells[0] the pivot, cells[1..2] the pincers with their
 *    candidates in cell_digits[0..2], digit the one that leaves;
 *  - simple colouring: digit, cells[0] the chain's start, cells[1..2] two
 *    cells of one colour in unit (wrap), or of opposite colours seen by the
 *    first cell eliminated (trap);
 *  - guessing: empty, the cells still empty. */
typedef struct
{
  int      digit;
  int      unit;
  int      cover;
  int      n_cells;
  uint8_t  cells[4];
  uint16_t digits;
  uint16_t cell_digits[3];
  uint16_t base_lines;
  uint16_t cover_lines;
  bool     by_column;
  bool     wrap;
  int      empty;
} NcStepWhy;

/* One deduction: either placements or eliminations, and why: enough for a
 * sentence a person can follow, e.g. "r3c5 must be 7: it is the only place
 * for 7 in box 2". */
typedef struct
{
  NcTechnique technique;
  int         n_placed;          /* cells given a digit by this step */
  uint8_t     placed_cell[NC_CELLS];
  uint8_t     placed_digit[NC_CELLS];
  int         n_eliminated;      /* (cell, digit) candidates removed */
  uint8_t     eliminated_cell[NC_CELLS * 9];
  uint8_t     eliminated_digit[NC_CELLS * 9];
  NcStepWhy   why;
} NcStep;

typedef struct
{
  NcGrade     grade;
  NcTechnique hardest;
  unsigned    uses[NC_TECH_COUNT];   /* how often each technique was applied */
  unsigned    score;                 /* higher is harder: 1000 per grade above Easy
                                      * plus the steps' weights, capped at 999;
                                      * see finish_result in nc-grade.c */
  bool        solved_logically;      /* false: guessing was needed (Extreme) */
} NcGradeResult;

/* Called for each step in order; return false to stop grading early. */
typedef bool (*NcStepFunc) (const NcStep *step, void *data);

/* Grades a puzzle that has exactly one solution (the caller checks that).
 * on_step may be NULL. When no technique applies, one last step of
 * NC_TECH_GUESS (nothing placed or eliminated) says so, and grading stops.
 * Returns false only when on_step stopped it; result then covers the steps
 * so far. Each step's why is only filled in when on_step is not NULL. */
bool nc_grade (const NcGrid *puzzle, NcGradeResult *result, NcStepFunc on_step, void *data);

/* Grades as nc_grade, but tries no technique harder than most: a puzzle
 * that needs a harder one ends with a step of NC_TECH_GUESS, as one that
 * needs guessing does. True when the puzzle was solved. Any puzzle with at
 * least one solution will do: the techniques are sound, so a puzzle they
 * solve has exactly one solution, and one with more always ends in
 * NC_TECH_GUESS. For searches that only ask whether most is enough. */
bool nc_grade_within (const NcGrid *puzzle, NcTechnique most, NcGradeResult *result);

/* The candidate of digit d (1..9) in a candidate mask: bit d-1, the same
 * bits as NE_NOTE in ne-render.h. */
#define NC_CANDIDATE(d) ((uint16_t) (1u << ((d) - 1)))

/* The plain candidates of grid: for each empty cell, every digit no peer
 * holds; 0 for filled cells. */
void nc_grade_candidates (const NcGrid *grid, uint16_t candidates[NC_CELLS]);

/* The first step of technique (not NC_TECH_GUESS) in a position: the digits
 * of grid and the candidates of its empty cells (those of filled cells are
 * ignored), for hints from a player's own pencil marks, and for tests. The
 * step is only as sound as the candidates: it trusts them. Returns false
 * when the technique finds nothing. */
bool nc_grade_find_step (const NcGrid *grid, const uint16_t candidates[NC_CELLS],
                         NcTechnique technique, NcStep *step);
