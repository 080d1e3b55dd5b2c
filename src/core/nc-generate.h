/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-generate.h: puzzles with exactly one solution, to a clue-count target,
 * a symmetry and a difficulty, reproducible from a short text ID. */
#pragma once

#include "nc-grade.h"
#include "nc-grid.h"
#include "nc-rng.h"

typedef enum
{
  NC_SYMMETRY_NONE,
  NC_SYMMETRY_ROTATE_180,
  NC_SYMMETRY_ROTATE_90,
  NC_SYMMETRY_MIRROR_HORIZONTAL,   /* top half mirrors the bottom half */
  NC_SYMMETRY_MIRROR_VERTICAL,     /* left half mirrors the right half */
  NC_SYMMETRY_DIAGONAL,            /* main diagonal, r1c1 to r9c9 */
  NC_SYMMETRY_ANTI_DIAGONAL,       /* r1c9 to r9c1 */
  NC_SYMMETRY_COUNT,
} NcSymmetry;

const char *nc_symmetry_name (NcSymmetry symmetry);   /* "none", "rotate-180", ... */
/* Also takes the codes of puzzle IDs ("r2"); case-insensitive. */
bool        nc_symmetry_from_name (const char *name, NcSymmetry *out);

#define NC_CLUES_MINIMAL 0   /* no count: every clue necessary */

typedef struct
{
  int        clues;          /* 17..80, or NC_CLUES_MINIMAL */
  NcSymmetry symmetry;
  bool       by_difficulty;  /* when true, the grade must lie in min..max */
  NcGrade    min_grade;
  NcGrade    max_grade;
  /* When true, the puzzle's logical solution uses technique (not
   * NC_TECH_GUESS) and nothing harder: its grade's hardest technique is
   * technique. It takes the place of by_difficulty, which is ignored. */
  bool        by_technique;
  NcTechnique technique;
  uint64_t   seed;
  double     budget_seconds; /* 0: no limit */
} NcGenerateParams;

void nc_generate_params_init (NcGenerateParams *params);   /* minimal, none, seed 0, no budget */

typedef enum
{
  NC_GENERATE_OK,         /* the target (and difficulty) was reached exactly */
  NC_GENERATE_CLOSEST,    /* the budget ran out: the closest unique puzzle found */
  NC_GENERATE_CANCELLED,  /* progress returned false; *out holds nothing useful */
} NcGenerateStatus;

typedef struct
{
  NcGenerateStatus status;
  NcGrid           puzzle;     /* always exactly one solution unless CANCELLED */
  NcGrid           solution;
  int              clues;
  NcGradeResult    grade;
} NcGenerated;

/* Called now and then (at least every few milliseconds of work) with a rough
 * fraction done; returning false cancels promptly. May be NULL. */
typedef bool (*NcProgressFunc) (double fraction, void *data);

/* The puzzle depends only on the clue target, symmetry, difficulty range and
 * seed; the budget can only stop the search early (then CLOSEST).
 *
 * Symmetry: clues come and go in whole orbits. A count the orbits cannot
 * make (with 90° rotation, orbits of four and the centre, only counts that
 * are 0 or 1 modulo 4) cannot be reached: the generator aims straight at
 * the next count above that they can make, and returns it as CLOSEST.
 * A target out of range is brought into 17..80, min_grade > max_grade is
 * swapped. With by_difficulty, candidates are tried until one grades inside
 * the range; when the budget runs out first, CLOSEST gives the one nearest
 * the clue target, then nearest the range. A range no puzzle of the target
 * can grade in (see nc_generate_can_grade) gives the first candidate as
 * CLOSEST at once, the puzzle the budget would have ended on. With no
 * budget another unreachable combination runs until cancelled; the budget
 * and the progress callback are looked at in every loop of the search.
 *
 * With by_technique, clues are taken away while the puzzle stays within
 * reach of the technique, and added back to make up the target; minimal
 * then means that no clue can go without a second solution or a harder
 * technique. When the budget runs out, CLOSEST gives a candidate that
 * needs the technique, nearest the clue target, if there was one; else
 * the one nearest the target. */
NcGenerateStatus nc_generate (const NcGenerateParams *params, NcProgressFunc progress,
                              void *data, NcGenerated *out);

/* False when no puzzle with clues clues (17..80, or NC_CLUES_MINIMAL) can
 * grade min_grade or harder: with 78 clues or more every puzzle is Easy,
 * as three empty cells or fewer always fall to naked singles. */
bool nc_generate_can_grade (int clues, NcGrade min_grade);

/* False when no puzzle with clues clues can need technique: with 78 clues
 * or more, naked singles solve every puzzle. */
bool nc_generate_can_need (int clues, NcTechnique technique);

/* Puzzle IDs such as "N1-24-r2-7QK3ZP": the version, the clue target, the
 * symmetry and difficulty, and the seed. nc_generate with the parameters an
 * ID decodes to gives the same puzzle on any machine and any thread count.
 *
 *   N1-<clues>-<symmetry>[-g<grades>|-t<technique>]-<seed>
 *   clues     17..80, or m for minimal
 *   symmetry  n none, r2 rotate-180, r4 rotate-90, h mirror-horizontal,
 *             v mirror-vertical, d diagonal, a anti-diagonal
 *   grades    one or two digits 1 (Easy) .. 5 (Extreme): g3 Hard only,
 *             g35 Hard to Extreme; absent without by_difficulty
 *   technique t and a technique's code (nc_technique_code): txw for the
 *             X-wing; with by_technique, in place of the grades
 *   seed      Crockford base 32 (0-9 A-Z without I L O U), 1 to 13 digits
 * e.g. N1-24-r2-7QK3ZP, N1-m-n-g35-Z, N1-m-n-txw-3F. Parsing ignores case and surrounding
 * spaces, and reads I and L as 1 and O as 0. The budget is not part of it. */
#define NC_ID_SIZE 40
int  nc_puzzle_id_format (const NcGenerateParams *params, char *buf, size_t len);
/* On failure returns false and sets *error to a short static sentence. */
bool nc_puzzle_id_parse (const char *id, NcGenerateParams *out, const char **error);
