/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-grade.c: the grader's grades and technique lists on puzzles that need
 * exactly one technique, and the soundness and wording of every step. */

#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "nc-grade.h"
#include "nc-rng.h"
#include "nc-solver.h"
#include "ne-messages.h"
#include "test-util.h"

/* A puzzle whose hardest technique is known. The 17-clue ones come from
 * Gordon Royle's collection (shared/data/17-clue.txt); the hidden quad was
 * made by emptying a box of a solution and removing clues while the solution
 * stayed unique. Each was found by grading and is kept here as a literal. */
typedef struct
{
  const char *puzzle;
  NcTechnique hardest;
} GradeCase;

/* A newspaper-style puzzle (Wikipedia's example), solved by naked singles. */
#define NEWSPAPER "530070000600195000098000060800060003400803001700020006060000280000419005000080079"

static const GradeCase cases[] = {
  { EULER1, NC_TECH_NAKED_SINGLE },
  { NEWSPAPER, NC_TECH_NAKED_SINGLE },
  { ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....", NC_TECH_HIDDEN_SINGLE },
  { ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91....", NC_TECH_POINTING },
  { ".................1....23.4.........5..2..6.3...71.........37.6..5...8...91.......", NC_TECH_CLAIMING },
  { ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", NC_TECH_NAKED_PAIR },
  { ".................1....23.4......2.3...1.45.....6...7.....71.....4.......23.....8.", NC_TECH_HIDDEN_PAIR },
  { ".................1..2.34..............5...34..6.7........1.6..8..98......74....9.", NC_TECH_NAKED_TRIPLE },
  { "................12..3.45..............1...4.5.6..7.3.......1......2...7.7.4...8..", NC_TECH_HIDDEN_TRIPLE },
  { "........1.......23..4..5........6.......4.5...21.........3....26.5...7..8...1....", NC_TECH_NAKED_QUAD },
  { "..5....2.4.....3817.....5.......3.9..271..........8.....3..1.4....6.92..54...76..", NC_TECH_HIDDEN_QUAD },
  { "................12....345........3....6.......71..8......2.6..834.......5..7.....", NC_TECH_X_WING },
  { "..............1..2.34....5..............5.34.1....67.....4..1.....83....2.......6", NC_TECH_SWORDFISH },
  { ".................1..2..3.4.............15...6..3.7..2......473..5.......16...8...", NC_TECH_XY_WING },
  { "................12....34..5.......6...52.1....7....3......7.6..1.4......2....8...", NC_TECH_XYZ_WING },
  { ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5", NC_TECH_SIMPLE_COLOURING },
  { INKALA, NC_TECH_GUESS },
};

/* What the step checker knows and counts. */
typedef struct
{
  const char *line;
  NcGrid      solution;
  unsigned    n_steps;
  unsigned    uses[NC_TECH_COUNT];
  NcStep      last;
} StepCheck;

/* True when text has digit standing alone, not as part of a cell name
 * such as "r3c5" or of a longer number. */
static bool
mentions_digit (const char *text, int digit)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p != '0' + digit)
        continue;
      if (p > text && (p[-1] == 'r' || p[-1] == 'c' || g_ascii_isdigit (p[-1])))
        continue;
      if (g_ascii_isdigit (p[1]))
        continue;
      return true;
    }
  return false;
}

/* Every step must be sound against the unique solution, do something,
 * and say in words which cell and digit it is about. */
static bool
check_step (const NcStep *step, void *data)
{
  StepCheck *check = data;
  g_autofree char *text = ne_step_describe (step);
  char name[5];
  int cell, digit;

  check->n_steps++;
  check->uses[step->technique]++;
  check->last = *step;

  if (text[0] == '\0')
    g_error ("%s: a %s step has no text", check->line, nc_technique_name (step->technique));
  if (step->technique == NC_TECH_GUESS)
    {
      g_assert_cmpint (step->n_placed, ==, 0);
      g_assert_cmpint (step->n_eliminated, ==, 0);
      return true;
    }
  if (step->n_placed + step->n_eliminated == 0)
    g_error ("%s: the step \"%s\" changes nothing", check->line, text);
  if (step->n_placed > 0 && step->n_eliminated > 0)
    g_error ("%s: the step \"%s\" both places and eliminates", check->line, text);

  for (int i = 0; i < step->n_placed; i++)
    if (check->solution.cell[step->placed_cell[i]] != step->placed_digit[i])
      g_error ("%s: \"%s\" places %d at %s, the solution has %d", check->line, text,
               step->placed_digit[i], nc_cell_name (step->placed_cell[i], name),
               check->solution.cell[step->placed_cell[i]]);
  for (int i = 0; i < step->n_eliminated; i++)
    if (check->solution.cell[step->eliminated_cell[i]] == step->eliminated_digit[i])
      g_error ("%s: \"%s\" removes %d from %s, the solution's digit", check->line, text,
               step->eliminated_digit[i], nc_cell_name (step->eliminated_cell[i], name));

  cell = step->n_placed > 0 ? step->placed_cell[0] : step->eliminated_cell[0];
  digit = step->n_placed > 0 ? step->placed_digit[0] : step->eliminated_digit[0];
  if (step->n_eliminated > 0)
    {
      /* The text lists the eliminated cells in reading order. */
      for (int i = 1; i < step->n_eliminated; i++)
        if (step->eliminated_cell[i] < cell)
          cell = step->eliminated_cell[i];
    }
  if (strstr (text, nc_cell_name (cell, name)) == NULL)
    g_error ("%s: \"%s\" does not name %s", check->line, text, name);
  if (!mentions_digit (text, digit))
    g_error ("%s: \"%s\" does not mention %d", check->line, text, digit);
  return true;
}

/* Grades puzzle (which must have one solution) with every step checked, and
 * checks the result agrees with the steps and with grading silently. */
static void
grade_checked (const char *line, NcGradeResult *result)
{
  NcGrid puzzle = grid_from_line (line);
  NcGradeResult silent;
  StepCheck check = { .line = line };
  unsigned total = 0;

  g_assert_cmpuint (nc_solver_count (&puzzle, 2, &check.solution), ==, 1);
  g_assert_true (nc_grade (&puzzle, result, check_step, &check));

  for (int t = 0; t < NC_TECH_COUNT; t++)
    {
      g_assert_cmpuint (result->uses[t], ==, check.uses[t]);
      total += result->uses[t];
    }
  g_assert_cmpuint (total, ==, check.n_steps);
  g_assert_cmpint (result->grade, ==, nc_technique_grade (result->hardest));
  g_assert_cmpint (result->solved_logically, ==, result->uses[NC_TECH_GUESS] == 0);
  if (!result->solved_logically)
    {
      g_assert_cmpuint (result->uses[NC_TECH_GUESS], ==, 1);
      g_assert_cmpint (check.last.technique, ==, NC_TECH_GUESS);
    }

  /* Explanations are only written for a callback: the logic must not care. */
  g_assert_true (nc_grade (&puzzle, &silent, NULL, NULL));
  g_assert_cmpmem (&silent, sizeof silent, result, sizeof *result);
}

static void
test_grade_names (void)
{
  const char *spellings[] = { "easy", "MEDIUM", "Hard", "eXpErT", "extreme" };
  NcGrade grade;

  for (int g = 0; g < NC_GRADE_COUNT; g++)
    {
      g_assert_true (nc_grade_from_name (nc_grade_name ((NcGrade) g), &grade));
      g_assert_cmpint (grade, ==, g);
      g_assert_true (nc_grade_from_name (spellings[g], &grade));
      g_assert_cmpint (grade, ==, g);
    }
  g_assert_cmpstr (nc_grade_name (NC_GRADE_EASY), ==, "Easy");
  g_assert_cmpstr (nc_grade_name (NC_GRADE_EXTREME), ==, "Extreme");
  g_assert_false (nc_grade_from_name ("", &grade));
  g_assert_false (nc_grade_from_name ("eas", &grade));
  g_assert_false (nc_grade_from_name ("easy ", &grade));
  g_assert_false (nc_grade_from_name ("diabolical", &grade));
  g_assert_false (nc_grade_from_name (NULL, &grade));

  for (int a = 0; a < NC_TECH_COUNT; a++)
    {
      g_assert_nonnull (nc_technique_name ((NcTechnique) a));
      g_assert_cmpstr (nc_technique_name ((NcTechnique) a), !=, "unknown");
      for (int b = a + 1; b < NC_TECH_COUNT; b++)
        g_assert_cmpstr (nc_technique_name ((NcTechnique) a), !=, nc_technique_name ((NcTechnique) b));
      /* Techniques are ordered by difficulty, so grades never go down. */
      if (a > 0)
        g_assert_cmpint (nc_technique_grade ((NcTechnique) a), >=, nc_technique_grade ((NcTechnique) (a - 1)));
    }
  g_assert_cmpstr (nc_technique_name (NC_TECH_X_WING), ==, "X-wing");
  g_assert_cmpint (nc_technique_grade (NC_TECH_HIDDEN_SINGLE), ==, NC_GRADE_EASY);
  g_assert_cmpint (nc_technique_grade (NC_TECH_NAKED_PAIR), ==, NC_GRADE_MEDIUM);
  g_assert_cmpint (nc_technique_grade (NC_TECH_SWORDFISH), ==, NC_GRADE_HARD);
  g_assert_cmpint (nc_technique_grade (NC_TECH_XY_WING), ==, NC_GRADE_EXPERT);
  g_assert_cmpint (nc_technique_grade (NC_TECH_GUESS), ==, NC_GRADE_EXTREME);
}

static void
test_grade_euler (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  NcGradeResult result;

  grade_checked (EULER1, &result);
  g_assert_cmpint (result.grade, ==, NC_GRADE_EASY);
  g_assert_true (result.solved_logically);
  for (int t = NC_TECH_POINTING; t < NC_TECH_COUNT; t++)
    g_assert_cmpuint (result.uses[t], ==, 0);
  /* One step per placement. */
  g_assert_cmpuint (result.uses[NC_TECH_NAKED_SINGLE] + result.uses[NC_TECH_HIDDEN_SINGLE], ==,
                    (unsigned) (NC_CELLS - nc_grid_count_filled (&puzzle)));
}

static void
test_grade_newspaper (void)
{
  NcGradeResult result;

  grade_checked (NEWSPAPER, &result);
  g_assert_cmpint (result.grade, ==, NC_GRADE_EASY);
  g_assert_cmpint (result.hardest, <=, NC_TECH_HIDDEN_SINGLE);
  g_assert_cmpuint (result.score, <, 1000);
}

static void
test_grade_inkala (void)
{
  NcGradeResult result;

  grade_checked (INKALA, &result);
  g_assert_cmpint (result.grade, ==, NC_GRADE_EXTREME);
  g_assert_cmpint (result.hardest, ==, NC_TECH_GUESS);
  g_assert_false (result.solved_logically);
  g_assert_cmpuint (result.uses[NC_TECH_GUESS], ==, 1);
  g_assert_cmpuint (result.score, >=, 4000);
}

/* Each case needs exactly its technique: graded at its level, with the
 * technique used and nothing harder. */
static void
test_grade_techniques (void)
{
  unsigned last_score[NC_GRADE_COUNT] = { 0 };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      NcTechnique want = cases[i].hardest;
      NcGradeResult result;

      g_test_message ("%s: expecting %s", cases[i].puzzle, nc_technique_name (want));
      grade_checked (cases[i].puzzle, &result);
      if (result.hardest != want)
        g_error ("%s: hardest is %s, expected %s", cases[i].puzzle,
                 nc_technique_name (result.hardest), nc_technique_name (want));
      g_assert_cmpint (result.grade, ==, nc_technique_grade (want));
      g_assert_cmpuint (result.uses[want], >, 0);
      for (int t = want + 1; t < NC_TECH_COUNT; t++)
        g_assert_cmpuint (result.uses[t], ==, 0);
      /* Scores order puzzles by grade first. */
      g_assert_cmpuint (result.score / 1000, ==, (unsigned) result.grade);
      last_score[result.grade] = result.score;
    }
  for (int g = 1; g < NC_GRADE_COUNT; g++)
    g_assert_cmpuint (last_score[g], >, last_score[g - 1]);
}

typedef struct
{
  unsigned calls;
  unsigned stop_after;
} StopCount;

static bool
stop_early (const NcStep *step, void *data)
{
  StopCount *count = data;

  return ++count->calls < count->stop_after;
}

static void
test_grade_stop (void)
{
  NcGrid puzzle = grid_from_line (EULER1);
  StopCount count = { .stop_after = 3 };
  NcGradeResult result;
  unsigned total = 0;

  g_assert_false (nc_grade (&puzzle, &result, stop_early, &count));
  g_assert_cmpuint (count.calls, ==, 3);
  for (int t = 0; t < NC_TECH_COUNT; t++)
    total += result.uses[t];
  g_assert_cmpuint (total, ==, 3);

  /* A callback that never stops lets grading finish. */
  count = (StopCount) { .stop_after = G_MAXUINT };
  g_assert_true (nc_grade (&puzzle, &result, stop_early, &count));
  g_assert_cmpint (result.grade, ==, NC_GRADE_EASY);
}

static void
test_grade_solved_grid (void)
{
  NcGrid full = grid_from_line (EULER1_SOLUTION);
  NcGradeResult result;

  g_assert_true (nc_grade (&full, &result, NULL, NULL));
  g_assert_cmpint (result.grade, ==, NC_GRADE_EASY);
  g_assert_true (result.solved_logically);
  g_assert_cmpuint (result.score, ==, 0);
}

/* An empty grid whose every cell may hold anything, to draw patterns on. */
static void
open_candidates (NcGrid *grid, uint16_t candidates[NC_CELLS])
{
  memset (grid, 0, sizeof *grid);
  for (int cell = 0; cell < NC_CELLS; cell++)
    candidates[cell] = 0x1FF;
}

static bool
step_eliminates (const NcStep *step, int cell, int digit)
{
  for (int i = 0; i < step->n_eliminated; i++)
    if (step->eliminated_cell[i] == cell && step->eliminated_digit[i] == digit)
      return true;
  return false;
}

/* The sentence a person reads, untranslated (the tests run in the C locale). */
static void
assert_step_text (const NcStep *step, const char *expected)
{
  g_autofree char *text = ne_step_describe (step);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_grade_candidates (void)
{
  NcGrid grid = grid_from_line (EULER1);
  uint16_t candidates[NC_CELLS];

  nc_grade_candidates (&grid, candidates);
  /* r1c1 sees 3, 2, 6 (row 1), 9, 7, 8 (column 1) and 1 (box 1). */
  g_assert_cmphex (candidates[0], ==, NC_CANDIDATE (4) | NC_CANDIDATE (5));
  g_assert_cmphex (candidates[2], ==, 0);
}

static void
test_grade_find_naked_pair (void)
{
  NcGrid grid;
  uint16_t candidates[NC_CELLS];
  NcStep step;

  open_candidates (&grid, candidates);
  candidates[1] = candidates[7] = NC_CANDIDATE (4) | NC_CANDIDATE (6);
  g_assert_false (nc_grade_find_step (&grid, candidates, NC_TECH_NAKED_TRIPLE, &step));
  g_assert_true (nc_grade_find_step (&grid, candidates, NC_TECH_NAKED_PAIR, &step));
  g_assert_cmpint (step.technique, ==, NC_TECH_NAKED_PAIR);
  g_assert_cmpint (step.n_placed, ==, 0);
  g_assert_cmpint (step.n_eliminated, ==, 14);
  g_assert_true (step_eliminates (&step, 0, 4));
  g_assert_true (step_eliminates (&step, 8, 6));
  g_assert_false (step_eliminates (&step, 1, 4));
  assert_step_text (&step,
                   "r1c2 and r1c8 hold only 4 and 6 between them, so 4 and 6 leave the rest of row 1: "
                   "r1c1, r1c3, r1c4, r1c5, r1c6, r1c7 and r1c9");
}

static void
test_grade_find_hidden_quad (void)
{
  static const uint8_t quad[4] = { 0, 1, 9, 10 };   /* r1c1 r1c2 r2c1 r2c2 */
  NcGrid grid;
  uint16_t candidates[NC_CELLS];
  NcStep step;

  open_candidates (&grid, candidates);
  for (int k = 0; k < 9; k++)
    {
      int cell = nc_units[18][k];

      if (cell != 0 && cell != 1 && cell != 9 && cell != 10)
        candidates[cell] &= (uint16_t) ~0x00F;   /* no 1..4 */
    }
  g_assert_false (nc_grade_find_step (&grid, candidates, NC_TECH_HIDDEN_TRIPLE, &step));
  g_assert_true (nc_grade_find_step (&grid, candidates, NC_TECH_HIDDEN_QUAD, &step));
  g_assert_cmpint (step.n_eliminated, ==, 4 * 5);
  for (int i = 0; i < 4; i++)
    for (int digit = 1; digit <= 9; digit++)
      g_assert_cmpint (step_eliminates (&step, quad[i], digit), ==, digit >= 5);
  assert_step_text (&step,
                   "in box 1, the 1, 2, 3 and 4 can only go in r1c1, r1c2, r2c1 and r2c2, "
                   "so those cells hold nothing else: 5, 6, 7, 8 and 9 go");
}

static void
test_grade_find_x_wing (void)
{
  NcGrid grid;
  uint16_t candidates[NC_CELLS];
  NcStep step;

  open_candidates (&grid, candidates);
  for (int col = 0; col < 9; col++)
    if (col != 2 && col != 5)
      candidates[1 * 9 + col] = candidates[7 * 9 + col] = (uint16_t) (0x1FF & ~NC_CANDIDATE (7));
  g_assert_true (nc_grade_find_step (&grid, candidates, NC_TECH_X_WING, &step));
  g_assert_cmpint (step.n_eliminated, ==, 14);
  g_assert_true (step_eliminates (&step, 2, 7));
  g_assert_false (step_eliminates (&step, 1 * 9 + 2, 7));
  {
    g_autofree char *text = ne_step_describe (&step);

    g_assert_true (g_str_has_prefix (text, "7 in rows 2 and 8 can only go in columns 3 and 6, so it is not in r1c3, r1c6, r3c3"));
  }
}

static void
test_grade_find_xy_wing (void)
{
  NcGrid grid;
  uint16_t candidates[NC_CELLS];
  NcStep step;

  open_candidates (&grid, candidates);
  candidates[0] = NC_CANDIDATE (3) | NC_CANDIDATE (5);        /* r1c1 */
  candidates[6] = NC_CANDIDATE (3) | NC_CANDIDATE (8);        /* r1c7 */
  candidates[27] = NC_CANDIDATE (5) | NC_CANDIDATE (8);       /* r4c1 */
  g_assert_true (nc_grade_find_step (&grid, candidates, NC_TECH_XY_WING, &step));
  g_assert_cmpint (step.n_eliminated, ==, 1);
  g_assert_true (step_eliminates (&step, 33, 8));             /* r4c7 */
  assert_step_text (&step,
                   "r1c1 (3 or 5) sees r1c7 (3 or 8) and r4c1 (5 or 8): one of r1c7 and r4c1 is 8, "
                   "so 8 is not in r4c7");
}

/* A chain of strong links for 1 round the grid (A and B its two colours)
 * with fifteen cells seeing both colours: the sentence lists them all.
 *   A r1c1 -box 1- B r3c3 -column 3- A r7c3 -box 7- B r9c1
 *                               A r7c3 -row 7- B r7c7 -box 9- A r9c9
 *   B r7c7 -column 7- A r3c7 -box 3- B r1c9 */
static void
test_grade_find_colouring_long (void)
{
  static const char *const chain[] = { "r1c1", "r3c3", "r7c3", "r9c1", "r7c7", "r9c9", "r3c7", "r1c9" };
  static const char *const trapped[] = {
    "r1c4", "r1c5", "r1c6", "r3c4", "r3c5", "r3c6", "r4c1", "r4c9",
    "r5c1", "r5c9", "r6c1", "r6c9", "r9c4", "r9c5", "r9c6",
  };
  NcGrid grid;
  uint16_t candidates[NC_CELLS];
  NcStep step;
  g_autofree char *text = NULL;

  open_candidates (&grid, candidates);
  for (int cell = 0; cell < NC_CELLS; cell++)
    candidates[cell] &= (uint16_t) ~NC_CANDIDATE (1);
  for (size_t i = 0; i < G_N_ELEMENTS (chain); i++)
    candidates[(chain[i][1] - '1') * 9 + chain[i][3] - '1'] |= NC_CANDIDATE (1);
  for (size_t i = 0; i < G_N_ELEMENTS (trapped); i++)
    candidates[(trapped[i][1] - '1') * 9 + trapped[i][3] - '1'] |= NC_CANDIDATE (1);

  g_assert_true (nc_grade_find_step (&grid, candidates, NC_TECH_SIMPLE_COLOURING, &step));
  g_assert_cmpint (step.n_eliminated, ==, G_N_ELEMENTS (trapped));
  for (size_t i = 0; i < G_N_ELEMENTS (trapped); i++)
    g_assert_true (step_eliminates (&step, (trapped[i][1] - '1') * 9 + trapped[i][3] - '1', 1));
  text = ne_step_describe (&step);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "colouring 1 by strong links from r1c1: r1c4 sees r1c1 and r1c9"));
  /* Every cell, however long the list. */
  g_assert_true (g_str_has_suffix (text, "r5c9, r6c1, r6c9, r9c4, r9c5 or r9c6"));
}

/* Random candidate states (seeded, so failures repeat) have no solution to
 * check against, but every step found in them must still change what it
 * claims to change and describe itself. */
static void
test_grade_find_random_states (void)
{
  unsigned found = 0;

  for (uint64_t seed = 0; seed < 400; seed++)
    {
      NcRng rng;
      NcGrid grid;
      uint16_t candidates[NC_CELLS];
      unsigned density = 25 + (unsigned) (seed % 40);

      nc_rng_seed (&rng, seed);
      memset (&grid, 0, sizeof grid);
      for (int cell = 0; cell < NC_CELLS; cell++)
        {
          candidates[cell] = 0;
          for (int digit = 1; digit <= 9; digit++)
            if (nc_rng_below (&rng, 100) < density)
              candidates[cell] |= NC_CANDIDATE (digit);
        }
      for (int t = 0; t < NC_TECH_GUESS; t++)
        {
          NcStep step;
          g_autofree char *text = NULL;
          char name[5];

          if (!nc_grade_find_step (&grid, candidates, (NcTechnique) t, &step))
            continue;
          found++;
          text = ne_step_describe (&step);
          g_assert_cmpint (step.technique, ==, t);
          g_assert_cmpint (step.n_placed + step.n_eliminated, >, 0);
          g_assert_cmpuint (strlen (text), >, 0);
          for (int i = 0; i < step.n_placed; i++)
            g_assert_true (candidates[step.placed_cell[i]] & NC_CANDIDATE (step.placed_digit[i]));
          for (int i = 0; i < step.n_eliminated; i++)
            g_assert_true (candidates[step.eliminated_cell[i]] & NC_CANDIDATE (step.eliminated_digit[i]));
          nc_cell_name (step.n_placed > 0 ? step.placed_cell[0] : step.eliminated_cell[0], name);
          if (step.n_placed > 0 && strstr (text, name) == NULL)
            g_error ("seed %" G_GUINT64_FORMAT ": \"%s\" does not name %s", seed, text, name);
        }
    }
  /* Every technique fires on some of these states. */
  g_assert_cmpuint (found, >, 400 * 5);
}

/* Every step on a shared puzzle set is sound and explained. */
static void
check_shared_set (const char *name, unsigned stride)
{
  g_autoptr (GPtrArray) puzzles = test_read_shared (name, stride, 300);
  unsigned grades[NC_GRADE_COUNT] = { 0 };

  if (puzzles == NULL)
    {
      g_test_skip ("NONET_SHARED_DATA is not set or lacks the puzzle file: run through meson test");
      return;
    }
  g_assert_cmpuint (puzzles->len, ==, 300);
  for (unsigned i = 0; i < puzzles->len; i++)
    {
      NcGradeResult result;

      grade_checked (g_ptr_array_index (puzzles, i), &result);
      grades[result.grade]++;
    }
  g_test_message ("%s: %u easy, %u medium, %u hard, %u expert, %u extreme", name,
                  grades[0], grades[1], grades[2], grades[3], grades[4]);
}

static void
test_grade_steps_magictour (void)
{
  check_shared_set ("magictour-top1465.txt", 1);
}

static void
test_grade_steps_17_clue (void)
{
  /* Spread over the file, which is roughly sorted, to meet every technique. */
  check_shared_set ("17-clue.txt", 163);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/grade/names", test_grade_names);
  g_test_add_func ("/core/grade/euler", test_grade_euler);
  g_test_add_func ("/core/grade/newspaper", test_grade_newspaper);
  g_test_add_func ("/core/grade/inkala", test_grade_inkala);
  g_test_add_func ("/core/grade/techniques", test_grade_techniques);
  g_test_add_func ("/core/grade/stop", test_grade_stop);
  g_test_add_func ("/core/grade/solved-grid", test_grade_solved_grid);
  g_test_add_func ("/core/grade/candidates", test_grade_candidates);
  g_test_add_func ("/core/grade/find/naked-pair", test_grade_find_naked_pair);
  g_test_add_func ("/core/grade/find/hidden-quad", test_grade_find_hidden_quad);
  g_test_add_func ("/core/grade/find/x-wing", test_grade_find_x_wing);
  g_test_add_func ("/core/grade/find/xy-wing", test_grade_find_xy_wing);
  g_test_add_func ("/core/grade/find/colouring-long", test_grade_find_colouring_long);
  g_test_add_func ("/core/grade/find/random-states", test_grade_find_random_states);
  g_test_add_func ("/core/grade/steps/magictour", test_grade_steps_magictour);
  g_test_add_func ("/core/grade/steps/17-clue", test_grade_steps_17_clue);

  return g_test_run ();
}
