/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-generate.c: generated puzzles have one solution (by the reference
 * backtracker and the fast solver), the clue count, the symmetry and the
 * grade asked for, and come back the same from the same seed or ID. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nc-backtrack.h"
#include "nc-generate.h"
#include "nc-solver.h"
#include "test-util.h"

static NcGenerateParams
params_for (int clues, NcSymmetry symmetry, uint64_t seed)
{
  NcGenerateParams params;

  nc_generate_params_init (&params);
  params.clues = clues;
  params.symmetry = symmetry;
  params.seed = seed;
  return params;
}

/* Where the symmetry sends a cell; written out again here rather than taken
 * from the generator, so that a wrong map there cannot pass. */
static int
mirror_cell (NcSymmetry symmetry, int cell)
{
  int r = nc_cell_row (cell), c = nc_cell_col (cell);

  switch (symmetry)
    {
    case NC_SYMMETRY_ROTATE_180:        return (8 - r) * 9 + 8 - c;
    case NC_SYMMETRY_ROTATE_90:         return c * 9 + 8 - r;
    case NC_SYMMETRY_MIRROR_HORIZONTAL: return (8 - r) * 9 + c;
    case NC_SYMMETRY_MIRROR_VERTICAL:   return r * 9 + 8 - c;
    case NC_SYMMETRY_DIAGONAL:          return c * 9 + r;
    case NC_SYMMETRY_ANTI_DIAGONAL:     return (8 - c) * 9 + 8 - r;
    default:                            return cell;
    }
}

/* The reference backtracker finds one solution, equal to the expected one,
 * and then no other; the fast solver agrees. */
static void
assert_unique (const NcGrid *puzzle, const NcGrid *solution)
{
  NcBacktracker bt;
  NcGrid fast;
  char line[82];

  nc_grid_format_line (puzzle, '.', line);
  g_assert_cmpuint (nc_grid_find_conflicts (puzzle, NULL, 0), ==, 0);
  nc_backtracker_init (&bt, puzzle, NC_ORDER_MRV);
  if (nc_backtracker_run (&bt) != NC_EVENT_SOLVED)
    g_error ("%s: the reference finds no solution", line);
  if (!nc_grid_equal (&bt.grid, solution))
    g_error ("%s: the reference finds another solution than the one reported", line);
  if (nc_backtracker_run (&bt) != NC_EVENT_EXHAUSTED)
    g_error ("%s: the reference finds a second solution", line);
  g_assert_cmpuint (nc_solver_count (puzzle, 2, &fast), ==, 1);
  g_assert_true (nc_grid_equal (&fast, solution));
}

/* Everything that must hold of any result that is not CANCELLED. */
static void
assert_generated (const NcGenerateParams *params, const NcGenerated *out)
{
  g_assert_cmpint (out->status, !=, NC_GENERATE_CANCELLED);
  g_assert_cmpint (out->clues, ==, nc_grid_count_filled (&out->puzzle));
  g_assert_true (nc_grid_is_full (&out->solution));
  for (int i = 0; i < NC_CELLS; i++)
    if (out->puzzle.cell[i] != 0)
      g_assert_cmpint (out->puzzle.cell[i], ==, out->solution.cell[i]);
  assert_unique (&out->puzzle, &out->solution);
  for (int i = 0; i < NC_CELLS; i++)
    g_assert_cmpint (out->puzzle.cell[i] != 0, ==,
                     out->puzzle.cell[mirror_cell (params->symmetry, i)] != 0);
  if (params->clues != NC_CLUES_MINIMAL && out->status == NC_GENERATE_OK)
    g_assert_cmpint (out->clues, ==, params->clues);
  /* The grade is always filled in, and is the final puzzle's. */
  {
    NcGradeResult grade;

    nc_grade (&out->puzzle, &grade, NULL, NULL);
    g_assert_cmpint (grade.grade, ==, out->grade.grade);
    g_assert_cmpuint (grade.score, ==, out->grade.score);
  }
}

/* Removing any one clue orbit gives several solutions. */
static void
assert_minimal (NcSymmetry symmetry, const NcGrid *puzzle)
{
  for (int i = 0; i < NC_CELLS; i++)
    {
      NcGrid smaller = *puzzle;
      int    c = i;

      if (puzzle->cell[i] == 0)
        continue;
      do
        {
          smaller.cell[c] = 0;
          c = mirror_cell (symmetry, c);
        }
      while (c != i);
      g_assert_cmpuint (nc_solver_count (&smaller, 2, NULL), ==, 2);
    }
}

static NcGenerated
generate_checked (const NcGenerateParams *params)
{
  NcGenerated out;

  nc_generate (params, NULL, NULL, &out);
  assert_generated (params, &out);
  return out;
}

static void
test_targets (void)
{
  const int targets[] = { 80, 60, 40, 30, 26, 24, 22 };

  for (size_t t = 0; t < G_N_ELEMENTS (targets); t++)
    for (uint64_t seed = 1; seed <= 5; seed++)
      {
        NcGenerateParams params = params_for (targets[t], NC_SYMMETRY_NONE, seed * 7919 + t);
        NcGenerated out = generate_checked (&params);

        g_assert_cmpint (out.status, ==, NC_GENERATE_OK);
        g_assert_cmpint (out.clues, ==, targets[t]);
      }
}

/* Below what top-down removal reaches, with budgets generous enough that
 * the targets are met in practice (they take milliseconds); either way the
 * result must be honest. */
static void
test_low_target (void)
{
  const struct { int clues; NcSymmetry symmetry; } cases[] = {
    { 21, NC_SYMMETRY_NONE }, { 20, NC_SYMMETRY_NONE }, { 19, NC_SYMMETRY_NONE },
    { 21, NC_SYMMETRY_DIAGONAL },
    { 22, NC_SYMMETRY_ROTATE_180 }, { 24, NC_SYMMETRY_ROTATE_90 }, { 22, NC_SYMMETRY_DIAGONAL },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    for (uint64_t seed = 1; seed <= 3; seed++)
      {
        NcGenerateParams params = params_for (cases[i].clues, cases[i].symmetry, seed);
        NcGenerated out;

        params.budget_seconds = 10;
        out = generate_checked (&params);
        if (out.status == NC_GENERATE_OK)
          g_assert_cmpint (out.clues, ==, cases[i].clues);
        else
          g_assert_cmpint (out.clues, >, cases[i].clues);
      }
}

/* 18 clues go through the pool search, with symmetry too: honest either
 * way, and a puzzle reached comes back the same from its seed alone (the
 * budget can only stop the search early). */
static void
test_pool_target (void)
{
  const NcSymmetry symmetries[] = { NC_SYMMETRY_NONE, NC_SYMMETRY_ROTATE_180 };

  for (size_t i = 0; i < G_N_ELEMENTS (symmetries); i++)
    {
      NcGenerateParams params = params_for (18, symmetries[i], 5 + i);
      NcGenerated out, again;

      params.budget_seconds = 5;
      out = generate_checked (&params);
      if (out.status != NC_GENERATE_OK)
        {
          g_assert_cmpint (out.clues, >, 18);
          continue;
        }
      g_assert_cmpint (out.clues, ==, 18);
      /* The reduction keeps without the solver the last clue left in an
       * unavoidable set: each clue it kept is needed. */
      assert_minimal (symmetries[i], &out.puzzle);
      params.budget_seconds = 120;
      again = generate_checked (&params);
      g_assert_cmpint (again.status, ==, NC_GENERATE_OK);
      g_assert_true (nc_grid_equal (&again.puzzle, &out.puzzle));
    }
}

/* 17 clues without symmetry: the pool lets the solved grid go
 * (pool_resettle). Seed 4 reaches 17 in about 12 s, the quickest of
 * seeds 1 to 110: with no budget the run is the same work on any machine,
 * however busy, and the ID's seed gives the same puzzle back. */
static void
test_pool_seventeen (void)
{
  NcGenerateParams params = params_for (17, NC_SYMMETRY_NONE, 4);
  NcGenerated out, again;

  out = generate_checked (&params);
  g_assert_cmpint (out.status, ==, NC_GENERATE_OK);
  g_assert_cmpint (out.clues, ==, 17);
  again = generate_checked (&params);
  g_assert_true (nc_grid_equal (&again.puzzle, &out.puzzle));
}

static void
test_minimal (void)
{
  for (uint64_t seed = 1; seed <= 20; seed++)
    {
      NcGenerateParams params = params_for (NC_CLUES_MINIMAL, NC_SYMMETRY_NONE, seed);
      NcGenerated out = generate_checked (&params);

      g_assert_cmpint (out.status, ==, NC_GENERATE_OK);
      assert_minimal (NC_SYMMETRY_NONE, &out.puzzle);
    }
}

/* Every symmetry, minimal and with targets; the 90° rotation only makes
 * counts that are 0 or 1 modulo 4, so 26 and 27 come back CLOSEST with 28,
 * the next count it can make, while 25 and 28 are reached. */
static void
test_symmetry (void)
{
  for (int s = 0; s < NC_SYMMETRY_COUNT; s++)
    {
      const int targets[] = { NC_CLUES_MINIMAL, 36, 27, 26, 25, 24 };

      for (size_t t = 0; t < G_N_ELEMENTS (targets); t++)
        for (uint64_t seed = 1; seed <= 2; seed++)
          {
            NcGenerateParams params = params_for (targets[t], (NcSymmetry) s, seed * 31 + t);
            NcGenerated out;
            bool reachable = s != NC_SYMMETRY_ROTATE_90 || targets[t] % 4 <= 1;

            params.budget_seconds = 10;
            out = generate_checked (&params);
            if (targets[t] == NC_CLUES_MINIMAL)
              {
                g_assert_cmpint (out.status, ==, NC_GENERATE_OK);
                assert_minimal ((NcSymmetry) s, &out.puzzle);
              }
            else if (reachable)
              {
                g_assert_cmpint (out.status, ==, NC_GENERATE_OK);
                g_assert_cmpint (out.clues, ==, targets[t]);
              }
            else
              {
                g_assert_cmpint (out.status, ==, NC_GENERATE_CLOSEST);
                g_assert_cmpint (out.clues, ==, (targets[t] + 3) / 4 * 4);
              }
          }
    }
}

static void
test_reproducible (void)
{
  const NcSymmetry symmetries[] = { NC_SYMMETRY_NONE, NC_SYMMETRY_ROTATE_180, NC_SYMMETRY_DIAGONAL };
  const int targets[] = { NC_CLUES_MINIMAL, 24, 22, 40 };

  for (size_t s = 0; s < G_N_ELEMENTS (symmetries); s++)
    for (size_t t = 0; t < G_N_ELEMENTS (targets); t++)
      {
        NcGenerateParams params = params_for (targets[t], symmetries[s], 0x2A5F31C07ull + s * 977 + t);
        NcGenerateParams parsed;
        NcGenerated a, b, c;
        char id[NC_ID_SIZE];
        const char *error = NULL;

        a = generate_checked (&params);
        b = generate_checked (&params);
        g_assert_true (nc_grid_equal (&a.puzzle, &b.puzzle));
        g_assert_true (nc_grid_equal (&a.solution, &b.solution));

        nc_puzzle_id_format (&params, id, sizeof id);
        g_assert_true (nc_puzzle_id_parse (id, &parsed, &error));
        g_assert_null (error);
        c = generate_checked (&parsed);
        g_assert_true (nc_grid_equal (&a.puzzle, &c.puzzle));
      }
}

/* Over 50 seeds the solution grids are all different and do not share a
 * first row: no small set of templates in disguise. */
static void
test_varied (void)
{
  GHashTable *grids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTable *first_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTable *puzzles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (uint64_t seed = 0; seed < 50; seed++)
    {
      NcGenerateParams params = params_for (NC_CLUES_MINIMAL, NC_SYMMETRY_NONE, seed);
      NcGenerated out = generate_checked (&params);
      char line[82];

      nc_grid_format_line (&out.solution, '.', line);
      g_assert_true (g_hash_table_add (grids, g_strdup (line)));
      g_hash_table_add (first_rows, g_strndup (line, 9));
      nc_grid_format_line (&out.puzzle, '.', line);
      g_assert_true (g_hash_table_add (puzzles, g_strdup (line)));
    }
  /* 50 random rows out of 362,880 all but never repeat. */
  g_assert_cmpuint (g_hash_table_size (first_rows), >=, 45);
  g_hash_table_unref (grids);
  g_hash_table_unref (first_rows);
  g_hash_table_unref (puzzles);
}

/* 17 clues cannot be found in a fifth of a second: the closest puzzle comes
 * back, unique, with more clues. */
static void
test_budget (void)
{
  NcGenerateParams params = params_for (17, NC_SYMMETRY_NONE, 12345);
  NcGenerated out;
  gint64 start = g_get_monotonic_time ();

  params.budget_seconds = 0.2;
  nc_generate (&params, NULL, NULL, &out);
  g_assert_cmpint (out.status, ==, NC_GENERATE_CLOSEST);
  assert_generated (&params, &out);
  g_assert_cmpint (out.clues, >, 17);
  /* The budget is kept, with room for a slow (sanitizer) build. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
}

typedef struct
{
  guint  calls;
  guint  cancel_at;
  gint64 last;
  gint64 longest_gap;
  double last_fraction;
} Progress;

static bool
on_progress (double fraction, void *data)
{
  Progress *p = data;
  gint64 now = g_get_monotonic_time ();

  g_assert_cmpfloat (fraction, >=, 0.0);
  g_assert_cmpfloat (fraction, <=, 1.0);
  if (p->calls > 0 && now - p->last > p->longest_gap)
    p->longest_gap = now - p->last;
  p->last = now;
  p->last_fraction = fraction;
  return ++p->calls < p->cancel_at;
}

static void
test_cancel (void)
{
  NcGenerateParams params = params_for (17, NC_SYMMETRY_NONE, 99);
  Progress progress = { .cancel_at = 20 };
  NcGenerated out;
  gint64 start = g_get_monotonic_time ();

  g_assert_cmpint (nc_generate (&params, on_progress, &progress, &out), ==, NC_GENERATE_CANCELLED);
  g_assert_cmpint (out.status, ==, NC_GENERATE_CANCELLED);
  g_assert_cmpuint (progress.calls, ==, 20);
  /* Twenty progress calls a few milliseconds apart, then a prompt return. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  g_assert_cmpint (g_get_monotonic_time () - progress.last, <, 200 * 1000);
  g_test_message ("longest gap between progress calls: %.1f ms",
                  (double) progress.longest_gap / 1000);
}

/* Progress does not change the puzzle: it only watches. */
static void
test_progress_is_passive (void)
{
  NcGenerateParams params = params_for (21, NC_SYMMETRY_NONE, 4242);
  Progress progress = { .cancel_at = G_MAXUINT };
  NcGenerated a, b;

  nc_generate (&params, NULL, NULL, &a);
  nc_generate (&params, on_progress, &progress, &b);
  g_assert_true (nc_grid_equal (&a.puzzle, &b.puzzle));
}

static void
test_id_round_trip (void)
{
  const NcGenerateParams cases[] = {
    { .clues = 24, .symmetry = NC_SYMMETRY_ROTATE_180, .seed = 0x7A5F3 },
    { .clues = NC_CLUES_MINIMAL, .symmetry = NC_SYMMETRY_NONE, .seed = 0 },
    { .clues = 17, .symmetry = NC_SYMMETRY_ANTI_DIAGONAL, .seed = G_MAXUINT64 },
    { .clues = 80, .symmetry = NC_SYMMETRY_ROTATE_90, .seed = 1,
      .by_difficulty = true, .min_grade = NC_GRADE_HARD, .max_grade = NC_GRADE_HARD },
    { .clues = 30, .symmetry = NC_SYMMETRY_MIRROR_VERTICAL, .seed = 123456789012ull,
      .by_difficulty = true, .min_grade = NC_GRADE_MEDIUM, .max_grade = NC_GRADE_EXPERT },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      NcGenerateParams parsed;
      char id[NC_ID_SIZE], again[NC_ID_SIZE], *lower;
      const char *error = NULL;
      int n = nc_puzzle_id_format (&cases[i], id, sizeof id);

      g_assert_cmpint (n, ==, (int) strlen (id));
      g_assert_cmpint (n, <, NC_ID_SIZE);
      g_assert_true (nc_puzzle_id_parse (id, &parsed, &error));
      g_assert_cmpint (parsed.clues, ==, cases[i].clues);
      g_assert_cmpint (parsed.symmetry, ==, cases[i].symmetry);
      g_assert_cmpint (parsed.by_difficulty, ==, cases[i].by_difficulty);
      if (cases[i].by_difficulty)
        {
          g_assert_cmpint (parsed.min_grade, ==, cases[i].min_grade);
          g_assert_cmpint (parsed.max_grade, ==, cases[i].max_grade);
        }
      g_assert_cmpuint (parsed.seed, ==, cases[i].seed);
      nc_puzzle_id_format (&parsed, again, sizeof again);
      g_assert_cmpstr (id, ==, again);

      /* Case does not matter. */
      lower = g_ascii_strdown (id, -1);
      g_assert_true (nc_puzzle_id_parse (lower, &parsed, &error));
      g_assert_cmpuint (parsed.seed, ==, cases[i].seed);
      g_free (lower);
    }
}

static void
test_id_examples (void)
{
  NcGenerateParams params = params_for (24, NC_SYMMETRY_ROTATE_180, 0);
  NcGenerateParams parsed;
  const char *error = NULL;
  char id[NC_ID_SIZE];

  /* 7QK3ZP in Crockford's base 32. */
  params.seed = ((((7ull * 32 + 23) * 32 + 19) * 32 + 3) * 32 + 31) * 32 + 22;
  nc_puzzle_id_format (&params, id, sizeof id);
  g_assert_cmpstr (id, ==, "N1-24-r2-7QK3ZP");

  params = params_for (NC_CLUES_MINIMAL, NC_SYMMETRY_NONE, 31);
  params.by_difficulty = true;
  params.min_grade = NC_GRADE_HARD;
  params.max_grade = NC_GRADE_EXTREME;
  nc_puzzle_id_format (&params, id, sizeof id);
  g_assert_cmpstr (id, ==, "N1-m-n-g35-Z");

  /* Out-of-range requests are written as nc_generate reads them. */
  params = params_for (5, NC_SYMMETRY_MIRROR_HORIZONTAL, 10);
  params.by_difficulty = true;
  params.min_grade = NC_GRADE_EXPERT;
  params.max_grade = NC_GRADE_MEDIUM;
  nc_puzzle_id_format (&params, id, sizeof id);
  g_assert_cmpstr (id, ==, "N1-17-h-g24-A");

  /* Spaces around a pasted ID, and Crockford's readings of O, I and L. */
  g_assert_true (nc_puzzle_id_parse ("  n1-22-R4-1o  \n", &parsed, &error));
  g_assert_cmpint (parsed.clues, ==, 22);
  g_assert_cmpint (parsed.symmetry, ==, NC_SYMMETRY_ROTATE_90);
  g_assert_cmpuint (parsed.seed, ==, 32);
  g_assert_false (parsed.by_difficulty);
  g_assert_true (nc_puzzle_id_parse ("N1-22-n-IL", &parsed, &error));
  g_assert_cmpuint (parsed.seed, ==, 33);

  /* A technique in place of the grades. */
  params = params_for (NC_CLUES_MINIMAL, NC_SYMMETRY_NONE, 111);
  params.by_technique = true;
  params.technique = NC_TECH_X_WING;
  params.by_difficulty = true;
  nc_puzzle_id_format (&params, id, sizeof id);
  g_assert_cmpstr (id, ==, "N1-m-n-txw-3F");
  g_assert_true (nc_puzzle_id_parse ("n1-26-r2-TSC-3f", &parsed, &error));
  g_assert_true (parsed.by_technique);
  g_assert_false (parsed.by_difficulty);
  g_assert_cmpint (parsed.technique, ==, NC_TECH_SIMPLE_COLOURING);
  g_assert_cmpint (parsed.clues, ==, 26);
}

static void
test_id_errors (void)
{
  const char *bad[] = {
    "", "   ", "N1", "N1-24-r2", "N2-24-r2-7QK3ZP", "X1-24-r2-7QK3ZP",
    "N1-16-r2-7QK3ZP", "N1-81-r2-7QK3ZP", "N1-100-r2-7", "N1-2x-r2-7", "N1-q-r2-7",
    "N1-24-q-7QK3ZP", "N1-24-r3-7QK3ZP", "N1-24--7QK3ZP", "N1-24-r2-7QK3ZU",
    "N1-24-r2-7QK3Z!", "N1-24-r2-g6-7", "N1-24-r2-g31-7", "N1-24-r2-x3-7", "N1-24-r2-g-7",
    "N1-24-r2-g3-", "N1-24-r2-g3-7-7", "N1-24-r2-ZZZZZZZZZZZZZ", "N1-24-r2-00000000000000",
    "N1-24-r2-t-7", "N1-24-r2-tqq-7", "N1-24-r2-txwx-7", "N1-24-r2-tx-7",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      NcGenerateParams parsed;
      const char *error = NULL;

      if (nc_puzzle_id_parse (bad[i], &parsed, &error))
        g_error ("\"%s\" parsed as a puzzle ID", bad[i]);
      g_assert_nonnull (error);
      g_assert_cmpuint (strlen (error), >, 10);
      g_test_message ("%-28s %s", bad[i], error);
    }
  /* The largest seed fits; one more character does not. */
  {
    NcGenerateParams parsed;
    const char *error = NULL;

    g_assert_true (nc_puzzle_id_parse ("N1-24-r2-FZZZZZZZZZZZZ", &parsed, &error));
    g_assert_cmpuint (parsed.seed, ==, G_MAXUINT64);
    g_assert_false (nc_puzzle_id_parse ("N1-24-r2-GZZZZZZZZZZZZ", &parsed, &error));
  }
}

static void
test_symmetry_names (void)
{
  for (int s = 0; s < NC_SYMMETRY_COUNT; s++)
    {
      NcSymmetry back;

      g_assert_true (nc_symmetry_from_name (nc_symmetry_name ((NcSymmetry) s), &back));
      g_assert_cmpint (back, ==, s);
    }
  g_assert_false (nc_symmetry_from_name ("sideways", &(NcSymmetry) { 0 }));
}

static void
generate_graded (NcGrade min_grade, NcGrade max_grade, int clues)
{
  for (uint64_t seed = 1; seed <= 3; seed++)
    {
      NcGenerateParams params = params_for (clues, NC_SYMMETRY_NONE, seed);
      NcGradeResult again;
      NcGenerated out;

      params.by_difficulty = true;
      params.min_grade = min_grade;
      params.max_grade = max_grade;
      params.budget_seconds = 30;
      out = generate_checked (&params);
      g_assert_cmpint (out.status, ==, NC_GENERATE_OK);
      g_assert_cmpint (out.grade.grade, >=, min_grade);
      g_assert_cmpint (out.grade.grade, <=, max_grade);
      nc_grade (&out.puzzle, &again, NULL, NULL);
      g_assert_cmpint (again.grade, ==, out.grade.grade);
    }
}

static void
test_difficulty_easy (void)
{
  generate_graded (NC_GRADE_EASY, NC_GRADE_EASY, 30);
}

static void
test_difficulty_hard (void)
{
  generate_graded (NC_GRADE_HARD, NC_GRADE_EXTREME, NC_CLUES_MINIMAL);
}

/* Puzzles that need a technique: unique, the technique the hardest the
 * grader needs, for one technique of each grade but Extreme, with no
 * target, with one, and with a symmetry; the same again from the ID. */
static void
test_technique (void)
{
  const struct { NcTechnique technique; int clues; NcSymmetry symmetry; } cases[] = {
    { NC_TECH_HIDDEN_SINGLE, NC_CLUES_MINIMAL, NC_SYMMETRY_NONE },
    { NC_TECH_POINTING, 30, NC_SYMMETRY_NONE },
    { NC_TECH_NAKED_PAIR, NC_CLUES_MINIMAL, NC_SYMMETRY_ROTATE_180 },
    { NC_TECH_X_WING, NC_CLUES_MINIMAL, NC_SYMMETRY_NONE },
    { NC_TECH_XY_WING, 28, NC_SYMMETRY_NONE },
    { NC_TECH_SIMPLE_COLOURING, NC_CLUES_MINIMAL, NC_SYMMETRY_NONE },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      NcGenerateParams params = params_for (cases[i].clues, cases[i].symmetry, 40 + i);
      NcGenerateParams parsed;
      NcGenerated out, again;
      char id[NC_ID_SIZE];
      const char *error = NULL;

      params.by_technique = true;
      params.technique = cases[i].technique;
      g_assert_cmpint (nc_generate (&params, NULL, NULL, &out), ==, NC_GENERATE_OK);
      assert_generated (&params, &out);
      g_assert_cmpint (out.grade.hardest, ==, cases[i].technique);
      g_assert_cmpuint (out.grade.uses[cases[i].technique], >=, 1);
      g_assert_cmpint (out.grade.grade, ==, nc_technique_grade (cases[i].technique));

      nc_puzzle_id_format (&params, id, sizeof id);
      g_assert_nonnull (strstr (id, "-t"));
      g_assert_true (nc_puzzle_id_parse (id, &parsed, &error));
      g_assert_true (parsed.by_technique);
      g_assert_cmpint (parsed.technique, ==, cases[i].technique);
      nc_generate (&parsed, NULL, NULL, &again);
      g_assert_true (nc_grid_equal (&again.puzzle, &out.puzzle));
    }
}

/* With no clue target, no clue can go without a second solution or a
 * harder technique. */
static void
test_technique_minimal (void)
{
  NcGenerateParams params = params_for (NC_CLUES_MINIMAL, NC_SYMMETRY_NONE, 9);
  NcGenerated out;

  params.by_technique = true;
  params.technique = NC_TECH_CLAIMING;
  out = generate_checked (&params);
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      NcGrid smaller = out.puzzle;
      NcGradeResult grade;

      if (smaller.cell[cell] == 0)
        continue;
      smaller.cell[cell] = 0;
      if (nc_solver_count (&smaller, 2, NULL) == 1)
        {
          nc_grade (&smaller, &grade, NULL, NULL);
          g_assert_cmpint (grade.hardest, >, NC_TECH_CLAIMING);
        }
    }
}

/* A clue count that needs no technique beyond naked singles gives the
 * closest at once; a budget too short for the target gives one that
 * needs the technique if any was found, and says it is CLOSEST. */
static void
test_technique_unreachable (void)
{
  NcGenerateParams params = params_for (79, NC_SYMMETRY_NONE, 3);
  NcGenerated out;

  params.by_technique = true;
  params.technique = NC_TECH_X_WING;
  g_assert_false (nc_generate_can_need (79, NC_TECH_X_WING));
  g_assert_true (nc_generate_can_need (79, NC_TECH_NAKED_SINGLE));
  g_assert_cmpint (nc_generate (&params, NULL, NULL, &out), ==, NC_GENERATE_CLOSEST);
  assert_generated (&params, &out);
  g_assert_cmpint (out.grade.hardest, ==, NC_TECH_NAKED_SINGLE);
  g_assert_cmpint (out.clues, ==, 79);

  params = params_for (60, NC_SYMMETRY_NONE, 3);
  params.by_technique = true;
  params.technique = NC_TECH_SWORDFISH;
  params.budget_seconds = 0.05;
  g_assert_cmpint (nc_generate (&params, NULL, NULL, &out), ==, NC_GENERATE_CLOSEST);
  assert_generated (&params, &out);
}

/* Names, codes and the spellings a command line uses all find the
 * technique; guessing is not one to ask for. */
static void
test_technique_names (void)
{
  const struct { const char *name; NcTechnique technique; } good[] = {
    { "x-wing", NC_TECH_X_WING }, { "X wing", NC_TECH_X_WING }, { "xw", NC_TECH_X_WING },
    { "NAKED_PAIR", NC_TECH_NAKED_PAIR }, { "xyz-wing", NC_TECH_XYZ_WING },
    { "Simple Colouring", NC_TECH_SIMPLE_COLOURING }, { "hs", NC_TECH_HIDDEN_SINGLE },
  };
  const char *bad[] = { "", "xwing", "x--wing", "guessing", "x-wing ", "naked", "qq" };

  for (int t = 0; t < NC_TECH_GUESS; t++)
    {
      NcTechnique back;

      g_assert_true (nc_technique_from_name (nc_technique_name ((NcTechnique) t), &back));
      g_assert_cmpint (back, ==, t);
      g_assert_cmpuint (strlen (nc_technique_code ((NcTechnique) t)), ==, 2);
      g_assert_true (nc_technique_from_name (nc_technique_code ((NcTechnique) t), &back));
      g_assert_cmpint (back, ==, t);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (good); i++)
    {
      NcTechnique back;

      g_assert_true (nc_technique_from_name (good[i].name, &back));
      g_assert_cmpint (back, ==, good[i].technique);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (nc_technique_from_name (bad[i], NULL));
}

/* 70 clues are never Extreme: the budget runs out and the closest comes
 * back, with the clue target met and the grade it really has. */
static void
test_difficulty_unreachable (void)
{
  NcGenerateParams params = params_for (70, NC_SYMMETRY_NONE, 5);
  NcGenerated out;

  params.by_difficulty = true;
  params.min_grade = NC_GRADE_EXTREME;
  params.max_grade = NC_GRADE_EXTREME;
  params.budget_seconds = 0.05;
  g_assert_cmpint (nc_generate (&params, NULL, NULL, &out), ==, NC_GENERATE_CLOSEST);
  assert_generated (&params, &out);
  g_assert_cmpint (out.clues, ==, 70);
  g_assert_cmpint (out.grade.grade, <, NC_GRADE_EXTREME);
}

/* 78 to 80 clues are always Easy, so no harder range can be met: with no
 * budget at all the generator still returns, at once, the closest it can
 * give (it used to loop for ever at 79 and 80 clues, where every orbit taken
 * away is forced and no solver call ever looked at the budget). */
static void
test_always_easy_ends (void)
{
  for (int clues = 78; clues <= 80; clues++)
    for (NcGrade min = NC_GRADE_MEDIUM; min <= NC_GRADE_EXTREME; min++)
      {
        NcGenerateParams params = params_for (clues, NC_SYMMETRY_NONE, (uint64_t) (clues * 10 + min));
        NcGenerated out;

        params.by_difficulty = true;
        params.min_grade = min;
        params.max_grade = NC_GRADE_EXTREME;
        g_assert_false (nc_generate_can_grade (clues, min));
        g_assert_cmpint (nc_generate (&params, NULL, NULL, &out), ==, NC_GENERATE_CLOSEST);
        assert_generated (&params, &out);
        g_assert_cmpint (out.clues, ==, clues);
        g_assert_cmpint (out.grade.grade, ==, NC_GRADE_EASY);
      }
  g_assert_true (nc_generate_can_grade (80, NC_GRADE_EASY));
  g_assert_true (nc_generate_can_grade (77, NC_GRADE_EXTREME));
  g_assert_true (nc_generate_can_grade (NC_CLUES_MINIMAL, NC_GRADE_EXTREME));
}

/* The same with a budget, and with a progress callback that cancels, for
 * a symmetry whose orbits turn 79 into 80: both return. The answer is
 * ready within microseconds, so the cancel may come too late to matter:
 * then the result is the closest puzzle, otherwise CANCELLED. */
static void
test_always_easy_budget_cancel (void)
{
  for (uint64_t seed = 1; seed <= 20; seed++)
    {
      NcGenerateParams params = params_for (79, NC_SYMMETRY_ROTATE_90, seed);
      Progress progress = { .cancel_at = 1 };
      NcGenerated out;

      params.by_difficulty = true;
      params.min_grade = params.max_grade = NC_GRADE_MEDIUM;
      params.budget_seconds = 0.05;
      g_assert_cmpint (nc_generate (&params, NULL, NULL, &out), ==, NC_GENERATE_CLOSEST);
      assert_generated (&params, &out);
      g_assert_cmpint (out.clues, ==, 80);
      g_assert_cmpint (out.grade.grade, ==, NC_GRADE_EASY);

      params.budget_seconds = 0;
      if (nc_generate (&params, on_progress, &progress, &out) == NC_GENERATE_CANCELLED)
        g_assert_cmpuint (progress.calls, ==, 1);
      else
        {
          g_assert_cmpint (out.status, ==, NC_GENERATE_CLOSEST);
          assert_generated (&params, &out);
          g_assert_cmpint (out.clues, ==, 80);
        }
    }
}

/* What nc_generate_can_grade promises, checked against the grader: three
 * empty cells, one with a second in its row and a third in its column (the
 * only layout that can leave a cell with two candidates), are always Easy. */
static void
test_always_easy_grader (void)
{
  NcGrid solution = grid_from_line (INKALA_SOLUTION);

  for (int x = 0; x < NC_CELLS; x++)
    for (int i = 0; i < 9; i++)
      for (int j = 0; j < 9; j++)
        {
          int           r = nc_cell_row (x) * 9 + i, c = j * 9 + nc_cell_col (x);
          NcGrid        puzzle = solution;
          NcGradeResult grade;

          if (r == x || c == x)
            continue;
          puzzle.cell[x] = puzzle.cell[r] = puzzle.cell[c] = 0;
          nc_grade (&puzzle, &grade, NULL, NULL);
          g_assert_cmpint (grade.grade, ==, NC_GRADE_EASY);
        }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/generate/targets", test_targets);
  g_test_add_func ("/core/generate/low-target", test_low_target);
  g_test_add_func ("/core/generate/pool-target", test_pool_target);
  g_test_add_func ("/core/generate/pool-seventeen", test_pool_seventeen);
  g_test_add_func ("/core/generate/minimal", test_minimal);
  g_test_add_func ("/core/generate/symmetry", test_symmetry);
  g_test_add_func ("/core/generate/reproducible", test_reproducible);
  g_test_add_func ("/core/generate/varied", test_varied);
  g_test_add_func ("/core/generate/budget", test_budget);
  g_test_add_func ("/core/generate/cancel", test_cancel);
  g_test_add_func ("/core/generate/progress-is-passive", test_progress_is_passive);
  g_test_add_func ("/core/generate/id-round-trip", test_id_round_trip);
  g_test_add_func ("/core/generate/id-examples", test_id_examples);
  g_test_add_func ("/core/generate/id-errors", test_id_errors);
  g_test_add_func ("/core/generate/symmetry-names", test_symmetry_names);
  g_test_add_func ("/core/generate/difficulty-easy", test_difficulty_easy);
  g_test_add_func ("/core/generate/difficulty-hard", test_difficulty_hard);
  g_test_add_func ("/core/generate/difficulty-unreachable", test_difficulty_unreachable);
  g_test_add_func ("/core/generate/technique", test_technique);
  g_test_add_func ("/core/generate/technique-minimal", test_technique_minimal);
  g_test_add_func ("/core/generate/technique-unreachable", test_technique_unreachable);
  g_test_add_func ("/core/generate/technique-names", test_technique_names);
  g_test_add_func ("/core/generate/always-easy-ends", test_always_easy_ends);
  g_test_add_func ("/core/generate/always-easy-budget-cancel", test_always_easy_budget_cancel);
  g_test_add_func ("/core/generate/always-easy-grader", test_always_easy_grader);
  return g_test_run ();
}
