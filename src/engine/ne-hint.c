/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-hint.c: the next step for the player's board, from the grader. The
 * grader runs on the givens and the right entries, and the first step that
 * helps this player is kept; the candidates are followed alongside, so the
 * cells a step rests on (a pointing pair's cells, a fish's lines) can be
 * shown. */

#define G_LOG_DOMAIN "nonet-hint"

#include "config.h"

#include "ne-hint.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "nc-solver.h"
#include "ne-messages.h"

typedef struct
{
  NeHint            *hint;
  const NcGrid      *solution;
  const NcPlayState *state;
  gboolean           uses_notes;
  uint16_t           candidates[NC_CELLS];   /* the grader's, before the step at hand */
} HintSearch;

static void
add_cell (NeHint *hint,
          int     cell)
{
  for (int i = 0; i < hint->n_cells; i++)
    if (hint->cells[i] == cell)
      return;
  g_assert (hint->n_cells < NC_CELLS);
  hint->cells[hint->n_cells++] = (uint8_t) cell;
}

/* The cells of unit that still have digit as a candidate. */
static void
add_unit_holders (HintSearch *search,
                  int         unit,
                  int         digit)
{
  for (int i = 0; i < 9; i++)
    {
      int cell = nc_units[unit][i];

      if (search->candidates[cell] & NC_CANDIDATE (digit))
        add_cell (search->hint, cell);
    }
}

/* What a step rests on: its pattern, beside the target and the cells it
 * changes. */
static void
add_pattern (HintSearch   *search,
             const NcStep *step)
{
  const NcStepWhy *why = &step->why;

  switch (step->technique)
    {
    case NC_TECH_HIDDEN_SINGLE:
      for (int i = 0; i < 9; i++)
        add_cell (search->hint, nc_units[why->unit][i]);
      break;
    case NC_TECH_POINTING:
    case NC_TECH_CLAIMING:
      for (int i = 0; i < 9; i++)
        {
          int cell = nc_units[why->unit][i];

          for (int j = 0; j < 9; j++)
            if (nc_units[why->cover][j] == cell && (search->candidates[cell] & NC_CANDIDATE (why->digit)))
              add_cell (search->hint, cell);
        }
      break;
    case NC_TECH_X_WING:
    case NC_TECH_SWORDFISH:
      for (int line = 0; line < 9; line++)
        if (why->base_lines & (1u << line))
          add_unit_holders (search, why->by_column ? 9 + line : line, why->digit);
      break;
    case NC_TECH_NAKED_PAIR:
    case NC_TECH_HIDDEN_PAIR:
    case NC_TECH_NAKED_TRIPLE:
    case NC_TECH_HIDDEN_TRIPLE:
    case NC_TECH_NAKED_QUAD:
    case NC_TECH_HIDDEN_QUAD:
      for (int i = 0; i < why->n_cells && i < (int) G_N_ELEMENTS (why->cells); i++)
        add_cell (search->hint, why->cells[i]);
      break;
    case NC_TECH_XY_WING:
    case NC_TECH_XYZ_WING:
    case NC_TECH_SIMPLE_COLOURING:
      for (int i = 0; i < 3; i++)
        add_cell (search->hint, why->cells[i]);
      break;
    case NC_TECH_NAKED_SINGLE:
    case NC_TECH_GUESS:
    default:
      break;
    }
}

/* The grader's candidates after step, as it keeps them. */
static void
follow_step (HintSearch   *search,
             const NcStep *step)
{
  for (int i = 0; i < step->n_placed; i++)
    {
      int cell = step->placed_cell[i];

      search->candidates[cell] = 0;
      for (int p = 0; p < NC_PEERS; p++)
        search->candidates[nc_peers[cell][p]] &= (uint16_t) ~NC_CANDIDATE (step->placed_digit[i]);
    }
  for (int i = 0; i < step->n_eliminated; i++)
    search->candidates[step->eliminated_cell[i]] &= (uint16_t) ~NC_CANDIDATE (step->eliminated_digit[i]);
}

/* The player's pencil marks that step takes away; whether there are any. */
static gboolean
take_notes (HintSearch   *search,
            const NcStep *step)
{
  NeHint *hint = search->hint;

  hint->n_notes = 0;
  for (int i = 0; i < step->n_eliminated; i++)
    {
      int cell = step->eliminated_cell[i];
      int digit = step->eliminated_digit[i];

      if (search->state->entries.cell[cell] == 0 && (search->state->notes[cell] & NC_CANDIDATE (digit)))
        {
          hint->note_cell[hint->n_notes] = (uint8_t) cell;
          hint->note_digit[hint->n_notes] = (uint8_t) digit;
          hint->n_notes++;
        }
    }
  return hint->n_notes > 0;
}

/* No technique helps: the most constrained empty cell (the first of them in
 * reading order), with the solution's digit. */
static void
take_guess (HintSearch   *search,
            const NcStep *step)
{
  NeHint *hint = search->hint;
  int best = -1;
  int fewest = 10;

  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      int n = __builtin_popcount (search->candidates[cell]);

      if (search->candidates[cell] != 0 && n < fewest)
        {
          best = cell;
          fewest = n;
        }
    }
  g_assert (best >= 0);

  hint->kind = NE_HINT_PLACE;
  hint->step = *step;
  hint->step.n_placed = 1;
  hint->step.placed_cell[0] = (uint8_t) best;
  hint->step.placed_digit[0] = search->solution->cell[best];
  hint->target = best;
  hint->digit = search->solution->cell[best];
  add_cell (hint, best);
}

static bool
on_step (const NcStep *step,
         void         *data)
{
  HintSearch *search = data;
  NeHint *hint = search->hint;

  if (step->technique == NC_TECH_GUESS)
    {
      take_guess (search, step);
      return false;
    }
  if (step->n_placed > 0)
    {
      hint->kind = NE_HINT_PLACE;
      hint->step = *step;
      hint->target = step->placed_cell[0];
      hint->digit = step->placed_digit[0];
      add_cell (hint, hint->target);
      add_pattern (search, step);
      return false;
    }
  if (search->uses_notes && take_notes (search, step))
    {
      hint->kind = NE_HINT_REMOVE;
      hint->step = *step;
      hint->target = hint->note_cell[0];
      for (int i = 0; i < hint->n_notes; i++)
        add_cell (hint, hint->note_cell[i]);
      add_pattern (search, step);
      return false;
    }
  hint->n_skipped++;
  follow_step (search, step);
  return true;
}

gboolean
ne_hint_find (const NcGame *game,
              const NcGrid *solution,
              NeHint       *hint)
{
  const NcGrid *givens;
  HintSearch search = { .hint = hint };
  NcGrid solved;
  NcGrid board;
  NcGradeResult result;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (hint != NULL, FALSE);

  memset (hint, 0, sizeof *hint);
  hint->kind = NE_HINT_NONE;
  hint->target = -1;

  givens = nc_game_givens (game);
  if (solution == NULL)
    {
      if (!nc_solver_is_unique (givens, &solved))
        return FALSE;
      solution = &solved;
    }
  search.solution = solution;
  search.state = nc_game_state (game);

  /* A wrong entry first, in reading order: every step after it would rest
   * on it. */
  board = *givens;
  for (int cell = 0; cell < NC_CELLS; cell++)
    {
      int entry = search.state->entries.cell[cell];

      if (givens->cell[cell] != 0 || entry == 0)
        continue;
      if (entry != solution->cell[cell])
        {
          hint->kind = NE_HINT_WRONG;
          hint->target = cell;
          hint->digit = entry;
          add_cell (hint, cell);
          return TRUE;
        }
      board.cell[cell] = (uint8_t) entry;
    }
  if (nc_grid_is_full (&board))
    return FALSE;

  for (int cell = 0; cell < NC_CELLS; cell++)
    if (board.cell[cell] == 0 && search.state->notes[cell] != 0)
      search.uses_notes = TRUE;
  nc_grade_candidates (&board, search.candidates);

  nc_grade (&board, &result, on_step, &search);
  return hint->kind != NE_HINT_NONE;
}

char *
ne_hint_title (const NeHint *hint)
{
  g_return_val_if_fail (hint != NULL, NULL);

  switch (hint->kind)
    {
    case NE_HINT_WRONG:
      /* Translators: the heading of a hint that an entry is wrong */
      return g_strdup (_("Not right"));
    case NE_HINT_PLACE:
    case NE_HINT_REMOVE:
      return ne_capitalise (ne_technique_label (hint->step.technique));
    case NE_HINT_NONE:
    default:
      return g_strdup (_("No hint"));
    }
}

char *
ne_hint_describe (const NeHint *hint)
{
  g_autofree char *sentence = NULL;
  g_autofree char *step = NULL;

  g_return_val_if_fail (hint != NULL, NULL);

  switch (hint->kind)
    {
    case NE_HINT_WRONG:
      return g_strdup_printf (_("Row %d, column %d is not right"),
                              nc_cell_row (hint->target) + 1, nc_cell_col (hint->target) + 1);
    case NE_HINT_NONE:
      return g_strdup (_("This board has no hint: the puzzle does not have exactly one solution"));
    case NE_HINT_PLACE:
    case NE_HINT_REMOVE:
    default:
      break;
    }

  step = ne_step_describe (&hint->step);
  if (hint->step.technique == NC_TECH_GUESS)
    {
      g_autofree char *cell = ne_cell_label (hint->target);

      /* Translators: the grader's sentence that guessing is needed, then
       * "the solution has 7 at r3c5" */
      sentence = g_strdup_printf (_("%s; the solution has %d at %s"), step, hint->digit, cell);
    }
  else
    sentence = g_steal_pointer (&step);

  if (hint->n_skipped > 0)
    {
      g_autofree char *first = ne_capitalise (sentence);
      g_autofree char *rest =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "It rests on %u earlier step that removes candidates.",
                                      "It rests on %u earlier steps that remove candidates.",
                                      hint->n_skipped),
                         hint->n_skipped);

      return g_strdup_printf ("%s. %s", first, rest);
    }
  return ne_capitalise (sentence);
}

/* What applying hint does (done: did), as a sentence. */
static char *
hint_move_text (const NeHint *hint,
                gboolean      done)
{
  g_autofree char *cell = ne_cell_words (hint->target);

  switch (hint->kind)
    {
    case NE_HINT_PLACE:
      /* Translators: "Placed 7 at row 3, column 5", "Place 7 at row 3, column 5" */
      return g_strdup_printf (done ? _("Placed %d at %s") : _("Place %d at %s"), hint->digit, cell);
    case NE_HINT_WRONG:
      /* Translators: "Cleared row 3, column 4", "Clear row 3, column 4" */
      return g_strdup_printf (done ? _("Cleared %s") : _("Clear %s"), cell);
    case NE_HINT_REMOVE:
      if (done)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Removed %d pencil mark", "Removed %d pencil marks",
                                             (gulong) hint->n_notes),
                                hint->n_notes);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Remove %d pencil mark", "Remove %d pencil marks",
                                           (gulong) hint->n_notes),
                              hint->n_notes);
    case NE_HINT_NONE:
    default:
      return g_strdup ("");
    }
}

char *
ne_hint_action (const NeHint *hint)
{
  g_return_val_if_fail (hint != NULL, NULL);

  return hint_move_text (hint, FALSE);
}

char *
ne_hint_applied (const NeHint *hint)
{
  g_return_val_if_fail (hint != NULL, NULL);

  return hint_move_text (hint, TRUE);
}

int
ne_hint_moves (const NeHint *hint,
               gboolean      clean_notes,
               NcMove       *moves)
{
  g_return_val_if_fail (hint != NULL, 0);
  g_return_val_if_fail (moves != NULL, 0);

  switch (hint->kind)
    {
    case NE_HINT_PLACE:
      moves[0] = (NcMove) { .kind = NC_MOVE_SET, .cell = (int8_t) hint->target, .digit = (uint8_t) hint->digit,
                            .flags = clean_notes ? NC_MOVE_CLEAN_NOTES : 0 };
      return 1;
    case NE_HINT_WRONG:
      moves[0] = (NcMove) { .kind = NC_MOVE_CLEAR, .cell = (int8_t) hint->target };
      return 1;
    case NE_HINT_REMOVE:
      for (int i = 0; i < hint->n_notes; i++)
        moves[i] = (NcMove) { .kind = NC_MOVE_NOTE, .cell = (int8_t) hint->note_cell[i],
                              .digit = hint->note_digit[i] };
      return hint->n_notes;
    case NE_HINT_NONE:
    default:
      return 0;
    }
}
