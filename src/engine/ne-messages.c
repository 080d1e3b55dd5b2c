/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-messages.c: the core's sentences, translated. See ne-messages.h. */

#include "config.h"

#include "ne-messages.h"

#include <string.h>

#include <glib/gi18n-lib.h>

const char *
ne_core_text (const char *text)
{
  return text != NULL && text[0] != '\0' ? g_dgettext (GETTEXT_PACKAGE, text) : "";
}

const char *
ne_grade_label (int grade)
{
  if (grade < 0 || grade >= NC_GRADE_COUNT)
    return "";
  return ne_core_text (nc_grade_name ((NcGrade) grade));
}

const char *
ne_technique_label (NcTechnique technique)
{
  return ne_core_text (nc_technique_name (technique));
}

char *
ne_capitalise (const char *text)
{
  gunichar first = g_utf8_get_char (text);
  char buf[8];
  int len;

  if (*text == '\0')
    return g_strdup (text);
  len = g_unichar_to_utf8 (g_unichar_totitle (first), buf);
  return g_strdup_printf ("%.*s%s", len, buf, g_utf8_next_char (text));
}

char *
ne_cell_label (int cell)
{
  if (cell < 0 || cell >= NC_CELLS)
    return g_strdup ("?");
  /* Translators: a cell by its row and column, as in "r1c3"; keep it short */
  return g_strdup_printf (_("r%dc%d"), nc_cell_row (cell) + 1, nc_cell_col (cell) + 1);
}

char *
ne_unit_label (NcUnit unit,
               int    cell)
{
  switch (unit)
    {
    case NC_UNIT_ROW:
      return g_strdup_printf (_("row %d"), nc_cell_row (cell) + 1);
    case NC_UNIT_COLUMN:
      return g_strdup_printf (_("column %d"), nc_cell_col (cell) + 1);
    case NC_UNIT_BOX:
    default:
      return g_strdup_printf (_("box %d"), nc_cell_box (cell) + 1);
    }
}

char *
ne_conflict_describe (const NcConflict *conflict)
{
  g_autofree char *a = ne_cell_label (conflict->cell_a);
  g_autofree char *b = ne_cell_label (conflict->cell_b);
  g_autofree char *unit = ne_unit_label (conflict->unit, conflict->cell_a);

  /* Translators: "r1c1 and r1c7 are both 4 (row 1)" */
  return g_strdup_printf (_("%s and %s are both %d (%s)"), a, b, (int) conflict->digit, unit);
}

char *
ne_contradiction_describe (const NcContradiction *contradiction)
{
  g_autofree char *cell = NULL;
  int digit;

  g_return_val_if_fail (contradiction != NULL, NULL);

  digit = contradiction->digit;
  switch (contradiction->kind)
    {
    case NC_CONTRADICTION_CELL:
      cell = ne_cell_label (contradiction->cell);
      /* Translators: %s is a cell, as in "r4c5" */
      return g_strdup_printf (_("%s has no digit left, as 1 to 9 all appear in its row, column or box"), cell);
    case NC_CONTRADICTION_DIGIT:
      switch (contradiction->unit)
        {
        case NC_UNIT_ROW:
          /* Translators: "row 3 has no place for a 7" */
          return g_strdup_printf (_("row %d has no place for a %d"), nc_cell_row (contradiction->cell) + 1, digit);
        case NC_UNIT_COLUMN:
          return g_strdup_printf (_("column %d has no place for a %d"), nc_cell_col (contradiction->cell) + 1, digit);
        case NC_UNIT_BOX:
        default:
          return g_strdup_printf (_("box %d has no place for a %d"), nc_cell_box (contradiction->cell) + 1, digit);
        }
    case NC_CONTRADICTION_NONE:
    default:
      return NULL;
    }
}

char *
ne_format_count (guint64 n)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  GString *out = g_string_new (NULL);
  size_t len = strlen (digits);

  for (size_t i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

char *
ne_more_problems (guint n)
{
  g_autofree char *count = ne_format_count (n);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "… and %s more problem",
                                       "… and %s more problems", n),
                          count);
}

char *
ne_parse_error_text (const NcParseError *error)
{
  char *what = NULL;
  size_t count = error->count;

  switch (error->kind)
    {
    case NC_PARSE_OK:
      return g_strdup ("");
    case NC_PARSE_NO_PUZZLE:
      return g_strdup (_("the text holds no puzzle"));
    case NC_PARSE_BAD_CHARACTER:
      /* Translators: %s is a character in quotes, such as 'x' */
      what = g_strdup_printf (_("%s is not a digit or a blank"), error->what);
      break;
    case NC_PARSE_ROW_CELLS:
      what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%zu cell, a grid row has 9",
                                           "%zu cells, a grid row has 9", count), count);
      break;
    case NC_PARSE_LINE_CELLS:
      what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%zu cell, a puzzle has 81",
                                           "%zu cells, a puzzle has 81", count), count);
      break;
    case NC_PARSE_GRID_ROWS:
      what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the grid has %zu row, a puzzle has 9",
                                           "the grid has %zu rows, a puzzle has 9", count), count);
      break;
    case NC_PARSE_SECOND_PUZZLE:
    default:
      what = g_strdup (_("a second puzzle starts here, only one was expected"));
      break;
    }
  return what;
}

char *
ne_parse_error_message (const NcParseError *error)
{
  g_autofree char *what = NULL;

  if (error->kind == NC_PARSE_OK || error->kind == NC_PARSE_NO_PUZZLE)
    return ne_parse_error_text (error);
  what = ne_parse_error_text (error);
  if (error->column > 0)
    /* Translators: "line 2, column 17: 'x' is not a digit or a blank" */
    return g_strdup_printf (_("line %d, column %d: %s"), error->line, error->column, what);
  /* Translators: "line 4: 79 cells, a puzzle has 81" */
  return g_strdup_printf (_("line %d: %s"), error->line, what);
}

/* One sentence for a step, leading with what changes (the digit and what
 * became of it), then the place; cells come from label_cell. */
static char *
event_sentence (const NcEvent *event,
                gboolean       with_candidates,
                char        *(*label_cell) (int cell))
{
  g_autofree char *cell = label_cell (event->cell);

  switch (event->kind)
    {
    case NC_EVENT_CHOOSE:
      if (with_candidates)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Chose %s: %u candidate",
                                             "Chose %s: %u candidates", event->candidates),
                                cell, (guint) event->candidates);
      return g_strdup_printf (_("Chose %s"), cell);
    case NC_EVENT_TRY:
      return g_strdup_printf (_("Trying %u at %s"), (guint) event->digit, cell);
    case NC_EVENT_REJECT:
      {
        g_autofree char *peer = label_cell (event->peer);
        g_autofree char *unit = ne_unit_label ((NcUnit) event->unit, event->cell);

        /* Translators: "4 collides with r1c7 (row 1), at r1c3": the digit
         * tried, the cell holding the same digit, their shared row, column
         * or box, and the cell tried. What changes comes first. */
        return g_strdup_printf (_("%u collides with %s (%s), at %s"),
                                (guint) event->digit, peer, unit, cell);
      }
    case NC_EVENT_PLACE:
      /* Translators: "4 placed at r1c3 (depth 5)" */
      return g_strdup_printf (_("%u placed at %s (depth %u)"), (guint) event->digit, cell,
                              (guint) event->depth);
    case NC_EVENT_BACKTRACK:
      /* Translators: "4 taken back from r1c3" */
      return g_strdup_printf (_("%u taken back from %s"), (guint) event->digit, cell);
    case NC_EVENT_FORCE:
      if (event->candidates == 1)
        /* Translators: "4 forced at r1c3: the only digit left there" (a
         * naked single, filled without an attempt) */
        return g_strdup_printf (_("%u forced at %s: the only digit left there"),
                                (guint) event->digit, cell);
      {
        g_autofree char *unit = ne_unit_label ((NcUnit) event->unit, event->cell);

        /* Translators: "4 forced at r1c3: the only place for it in row 1"
         * (a hidden single, filled without an attempt) */
        return g_strdup_printf (_("%u forced at %s: the only place for it in %s"),
                                (guint) event->digit, cell, unit);
      }
    case NC_EVENT_DEAD_END:
      if (event->digit == 0)
        /* Translators: "Dead end: r1c3 has no digit left" (the last
         * placement fails at once) */
        return g_strdup_printf (_("Dead end: %s has no digit left"), cell);
      {
        g_autofree char *unit = ne_unit_label ((NcUnit) event->unit, event->cell);

        /* Translators: "Dead end: 4 has no place left in box 1" */
        return g_strdup_printf (_("Dead end: %u has no place left in %s"),
                                (guint) event->digit, unit);
      }
    case NC_EVENT_SOLVED:
      return g_strdup (_("Solved"));
    case NC_EVENT_EXHAUSTED:
    default:
      return g_strdup (_("No solution"));
    }
}

char *
ne_cell_words (int cell)
{
  if (cell < 0 || cell >= NC_CELLS)
    return g_strdup ("?");
  /* Translators: a cell as a screen reader says it */
  return g_strdup_printf (_("row %d, column %d"), nc_cell_row (cell) + 1, nc_cell_col (cell) + 1);
}

char *
ne_event_describe (const NcEvent *event,
                   gboolean       with_candidates)
{
  return event_sentence (event, with_candidates, ne_cell_label);
}

char *
ne_event_speak (const NcEvent *event,
                gboolean       with_candidates)
{
  return event_sentence (event, with_candidates, ne_cell_words);
}

/* --- What a screen reader says of a run -------------------------------
 * The counts travel with each sentence: a listener cannot glance at them. */

char *
ne_run_counts (const NcCounters *counters)
{
  g_autofree char *attempts = ne_format_count (counters->attempts);
  g_autofree char *backtracks = ne_format_count (counters->backtracks);
  g_autofree char *a = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s attempt", "%s attempts",
                                                     (gulong) MIN (counters->attempts, G_MAXULONG)),
                                        attempts);
  g_autofree char *b = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s backtrack", "%s backtracks",
                                                     (gulong) MIN (counters->backtracks, G_MAXULONG)),
                                        backtracks);

  /* Translators: "1,234 attempts, 120 backtracks" */
  return g_strdup_printf (_("%s, %s"), a, b);
}

char *
ne_run_speak (NeRunMoment       moment,
              const NcCounters *counters,
              const NcEvent    *last,
              gboolean          with_candidates)
{
  g_autofree char *counts = ne_run_counts (counters);
  g_autofree char *where = last != NULL ? ne_event_speak (last, with_candidates) : NULL;

  switch (moment)
    {
    case NE_RUN_PAUSED:
      if (where != NULL)
        /* Translators: "Paused: 1,234 attempts, 120 backtracks. 4 collides
         * with row 2, column 2 (row 2), at row 2, column 8." */
        return g_strdup_printf (_("Paused: %s. %s."), counts, where);
      return g_strdup_printf (_("Paused: %s."), counts);
    case NE_RUN_RESUMED:
      return g_strdup_printf (_("Running: %s."), counts);
    case NE_RUN_STEPPED:
    case NE_RUN_PROGRESS:
      if (where != NULL)
        /* Translators: "4 placed at row 2, column 8 (depth 3). 1,234
         * attempts, 120 backtracks." What changed first, then the counts. */
        return g_strdup_printf (_("%s. %s."), where, counts);
      return g_strdup_printf ("%s.", counts);
    case NE_RUN_STOPPED:
    default:
      return g_strdup_printf (_("Stopped: %s."), counts);
    }
}

/* --- Grader steps --------------------------------------------------------
 * Each technique's sentence is whole in one translatable string; lists go
 * in as "r1c2, r1c5 and r1c8" or "4 or 6". */

typedef enum
{
  JOIN_AND,
  JOIN_OR,
} Join;

/* Takes the strings of items: "a", "a and b", "a, b and c". */
static char *
join_list (GPtrArray *items,
           Join       join)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i + 1 < items->len; i++)
    {
      if (i > 0)
        /* Translators: between the items of a list, "r1c1, r1c2 and r1c3" */
        g_string_append (text, _(", "));
      g_string_append (text, g_ptr_array_index (items, i));
    }
  if (items->len >= 2)
    {
      g_autofree char *head = g_string_free (g_steal_pointer (&text), FALSE);

      if (join == JOIN_AND)
        /* Translators: the last two items of a list, "r1c1, r1c2 and r1c3" */
        return g_strdup_printf (_("%s and %s"), head, (char *) g_ptr_array_index (items, items->len - 1));
      /* Translators: the last two items of a list of choices, "4, 6 or 8" */
      return g_strdup_printf (_("%s or %s"), head, (char *) g_ptr_array_index (items, items->len - 1));
    }
  if (items->len == 1)
    g_string_append (text, g_ptr_array_index (items, 0));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
join_cells (const uint8_t *cells,
            int            n,
            Join           join)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < n; i++)
    g_ptr_array_add (items, ne_cell_label (cells[i]));
  return join_list (items, join);
}

/* Bit i stands for i + first: digits (bit d-1) and lines (bit i: line i+1). */
static char *
join_numbers (unsigned mask,
              int      first,
              Join     join)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < 16; i++)
    if (mask & (1u << i))
      g_ptr_array_add (items, g_strdup_printf ("%d", i + first));
  return join_list (items, join);
}

/* The cells the step removes candidates from, each once, in reading order. */
static char *
join_eliminated (const NcStep *step,
                 Join          join)
{
  gboolean hit[NC_CELLS] = { FALSE };
  uint8_t cells[NC_CELLS];
  int n = 0;

  for (int i = 0; i < step->n_eliminated; i++)
    hit[step->eliminated_cell[i]] = TRUE;
  for (int cell = 0; cell < NC_CELLS; cell++)
    if (hit[cell])
      cells[n++] = (uint8_t) cell;
  return join_cells (cells, n, join);
}

static unsigned
eliminated_digits (const NcStep *step)
{
  unsigned mask = 0;

  for (int i = 0; i < step->n_eliminated; i++)
    mask |= NC_CANDIDATE (step->eliminated_digit[i]);
  return mask;
}

/* Unit 0..26 as nc_units numbers them: "row 1", "column 7", "box 3". */
static char *
unit_name (int unit)
{
  return ne_unit_label (unit < 9 ? NC_UNIT_ROW : unit < 18 ? NC_UNIT_COLUMN : NC_UNIT_BOX,
                        nc_units[unit][0]);
}

/* "r1c7 (3 or 8)": a wing's cell with its candidates. */
static char *
cell_with_digits (const NcStepWhy *why,
                  int              i)
{
  g_autofree char *cell = ne_cell_label (why->cells[i]);
  g_autofree char *digits = join_numbers (why->cell_digits[i], 1, JOIN_OR);

  /* Translators: a cell and its candidates, "r1c7 (3 or 8)" */
  return g_strdup_printf (_("%s (%s)"), cell, digits);
}

static char *
describe_subset (const NcStep *step)
{
  const NcStepWhy *why = &step->why;
  g_autofree char *unit = unit_name (why->unit);
  g_autofree char *cells = join_cells (why->cells, why->n_cells, JOIN_AND);
  g_autofree char *digits = join_numbers (why->digits, 1, JOIN_AND);

  if (step->technique == NC_TECH_NAKED_PAIR || step->technique == NC_TECH_NAKED_TRIPLE
      || step->technique == NC_TECH_NAKED_QUAD)
    {
      g_autofree char *rest = join_eliminated (step, JOIN_AND);

      /* Translators: "r1c2 and r1c8 hold only 4 and 6 between them, so 4 and
       * 6 leave the rest of row 1: r1c1, r1c3 and r1c9" */
      return g_strdup_printf (_("%s hold only %s between them, so %s leave the rest of %s: %s"),
                              cells, digits, digits, unit, rest);
    }
  else
    {
      unsigned gone = eliminated_digits (step);
      g_autofree char *others = join_numbers (gone, 1, JOIN_AND);

      /* Translators: "in box 1, the 1 and 2 can only go in r1c1 and r1c2, so
       * those cells hold nothing else: 5, 6 and 9 go" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "in %s, the %s can only go in %s, so those cells hold nothing else: %s goes",
                                           "in %s, the %s can only go in %s, so those cells hold nothing else: %s go",
                                           (gulong) __builtin_popcount (gone)),
                              unit, digits, cells, others);
    }
}

char *
ne_step_describe (const NcStep *step)
{
  const NcStepWhy *why = &step->why;
  g_autofree char *gone = NULL;

  switch (step->technique)
    {
    case NC_TECH_NAKED_SINGLE:
      {
        g_autofree char *cell = ne_cell_label (step->placed_cell[0]);

        /* Translators: "r3c5 must be 7: it is the only digit left for it" */
        return g_strdup_printf (_("%s must be %d: it is the only digit left for it"), cell, why->digit);
      }
    case NC_TECH_HIDDEN_SINGLE:
      {
        g_autofree char *cell = ne_cell_label (step->placed_cell[0]);
        g_autofree char *unit = unit_name (why->unit);

        /* Translators: "r3c5 must be 7: it is the only place for 7 in box 2" */
        return g_strdup_printf (_("%s must be %d: it is the only place for %d in %s"),
                                cell, why->digit, why->digit, unit);
      }
    case NC_TECH_POINTING:
    case NC_TECH_CLAIMING:
      {
        g_autofree char *base = unit_name (why->unit);
        g_autofree char *cover = unit_name (why->cover);

        gone = join_eliminated (step, JOIN_OR);
        /* Translators: "in box 1 the 4 can only go in row 2, so it is not in
         * r2c5 or r2c8" */
        return g_strdup_printf (_("in %s the %d can only go in %s, so it is not in %s"),
                                base, why->digit, cover, gone);
      }
    case NC_TECH_NAKED_PAIR:
    case NC_TECH_HIDDEN_PAIR:
    case NC_TECH_NAKED_TRIPLE:
    case NC_TECH_HIDDEN_TRIPLE:
    case NC_TECH_NAKED_QUAD:
    case NC_TECH_HIDDEN_QUAD:
      return describe_subset (step);
    case NC_TECH_X_WING:
    case NC_TECH_SWORDFISH:
      {
        g_autofree char *base_list = join_numbers (why->base_lines, 1, JOIN_AND);
        g_autofree char *cover_list = join_numbers (why->cover_lines, 1, JOIN_AND);
        /* Translators: a list of rows or of columns, "rows 2, 5 and 8" */
        g_autofree char *rows = g_strdup_printf (_("rows %s"), why->by_column ? cover_list : base_list);
        g_autofree char *columns = g_strdup_printf (_("columns %s"), why->by_column ? base_list : cover_list);

        gone = join_eliminated (step, JOIN_OR);
        /* Translators: "7 in rows 2 and 8 can only go in columns 3 and 6, so
         * it is not in r1c3 or r5c6" */
        return g_strdup_printf (_("%d in %s can only go in %s, so it is not in %s"), why->digit,
                                why->by_column ? columns : rows, why->by_column ? rows : columns, gone);
      }
    case NC_TECH_XY_WING:
    case NC_TECH_XYZ_WING:
      {
        g_autofree char *pivot = cell_with_digits (why, 0);
        g_autofree char *a = cell_with_digits (why, 1);
        g_autofree char *b = cell_with_digits (why, 2);

        gone = join_eliminated (step, JOIN_OR);
        if (step->technique == NC_TECH_XY_WING)
          {
            g_autofree char *cell_a = ne_cell_label (why->cells[1]);
            g_autofree char *cell_b = ne_cell_label (why->cells[2]);

            /* Translators: "r1c1 (3 or 5) sees r1c7 (3 or 8) and r4c1 (5 or
             * 8): one of r1c7 and r4c1 is 8, so 8 is not in r4c7" */
            return g_strdup_printf (_("%s sees %s and %s: one of %s and %s is %d, so %d is not in %s"),
                                    pivot, a, b, cell_a, cell_b, why->digit, why->digit, gone);
          }
        /* Translators: "r1c1 (3, 5 or 8) sees r1c7 (3 or 8) and r2c2 (5 or
         * 8): one of the three is 8, so 8 is not in r1c2" */
        return g_strdup_printf (_("%s sees %s and %s: one of the three is %d, so %d is not in %s"),
                                pivot, a, b, why->digit, why->digit, gone);
      }
    case NC_TECH_SIMPLE_COLOURING:
      {
        g_autofree char *start = ne_cell_label (why->cells[0]);
        g_autofree char *a = ne_cell_label (why->cells[1]);
        g_autofree char *b = ne_cell_label (why->cells[2]);

        gone = join_eliminated (step, JOIN_OR);
        if (why->wrap)
          {
            g_autofree char *unit = unit_name (why->unit);

            /* Translators: "colouring 4 by strong links from r1c1 puts r2c3
             * and r2c8 (both in row 2) in one colour, so it is false: 4 is
             * not in r1c1 or r2c3" */
            return g_strdup_printf (_("colouring %d by strong links from %s puts %s and %s (both in %s) "
                                      "in one colour, so it is false: %d is not in %s"),
                                    why->digit, start, a, b, unit, why->digit, gone);
          }
        else
          {
            g_autofree char *trapped = ne_cell_label (step->eliminated_cell[0]);

            /* Translators: "colouring 1 by strong links from r1c1: r1c4 sees
             * r1c1 and r1c9, of opposite colours, so one of them is 1; it is
             * not in r1c4 or r1c5" */
            return g_strdup_printf (_("colouring %d by strong links from %s: %s sees %s and %s, "
                                      "of opposite colours, so one of them is %d; it is not in %s"),
                                    why->digit, start, trapped, a, b, why->digit, gone);
          }
      }
    case NC_TECH_GUESS:
    default:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "no technique applies and %d cell is still empty: the puzzle needs guessing",
                                           "no technique applies and %d cells are still empty: the puzzle needs guessing",
                                           (gulong) why->empty),
                              why->empty);
    }
}
