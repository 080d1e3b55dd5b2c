/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-messages.h: the sentences of the core, in the user's language.
 *
 * The core (plain C11, no gettext) reports errors and events as kinds with
 * numbers, and its few fixed words (grade and technique names, puzzle ID
 * errors) as strings marked NC_N_. Every place that shows one of them to a
 * person (the window, the import report, nonet-cli) takes its sentence from
 * here, so each is written once and translated once. Untranslated, they read
 * as the core's own notation: "r1c3", "row 1", "line 4: 79 cells, a puzzle
 * has 81". */
#pragma once

#include <glib.h>

#include "nc-backtrack.h"
#include "nc-contradiction.h"
#include "nc-grade.h"
#include "nc-grid.h"
#include "nc-parse.h"

G_BEGIN_DECLS

/* A string the core marked with NC_N_, translated. */
const char *ne_core_text          (const char         *text);

/* "Easy" .. "Extreme"; "" for -1 (not graded). */
const char *ne_grade_label        (int                 grade);
const char *ne_technique_label    (NcTechnique         technique);
/* text with its first letter in upper case: a technique's label at the
 * start of a sentence, or as an item of a list ("X-wing", "Naked single"). */
char       *ne_capitalise         (const char         *text);

/* "r1c3" (row 1, column 3). */
char       *ne_cell_label         (int                 cell);
/* "row 1", "column 7", "box 3": the unit of that kind holding cell. */
char       *ne_unit_label         (NcUnit              unit,
                                   int                 cell);
/* "r1c1 and r1c7 are both 4 (row 1)" */
char       *ne_conflict_describe  (const NcConflict   *conflict);
/* Why a grid has no solution, as a clause: "r4c5 has no digit left, as 1
 * to 9 all appear in its row, column or box", "row 3 has no place for a 7";
 * NULL for NC_CONTRADICTION_NONE. */
char       *ne_contradiction_describe (const NcContradiction *contradiction);
/* "line 4: 79 cells, a puzzle has 81"; "" for NC_PARSE_OK. */
char       *ne_parse_error_message (const NcParseError *error);
/* The same without the place: "79 cells, a puzzle has 81", for a caller
 * that names the place its own way (nonet-cli's FILE:LINE:COLUMN). */
char       *ne_parse_error_text    (const NcParseError *error);
/* 999900 -> "999,900": counts as the import report, nonet-cli and the
 * solve bar write them. */
char       *ne_format_count       (guint64             n);
/* "… and 999,900 more problems": what a report says of the problems it
 * does not list one by one. */
char       *ne_more_problems      (guint               n);

/* Why a grader step holds, as a sentence: "r3c5 must be 7: it is the only
 * place for 7 in box 2". Lists are whole, however long. */
char       *ne_step_describe      (const NcStep       *step);
/* "4 collides with r1c7 (row 1), at r1c3": what changes first, then the
 * place; with_candidates says whether a CHOOSE event's count of
 * candidates means anything (MRV). The screen's short form. */
char       *ne_event_describe     (const NcEvent      *event,
                                   gboolean            with_candidates);
/* The same as a screen reader says it: "4 collides with row 1, column 7
 * (row 1), at row 1, column 3". */
char       *ne_event_speak        (const NcEvent      *event,
                                   gboolean            with_candidates);
/* "row 1, column 3" */
char       *ne_cell_words         (int                 cell);

/* "1,234 attempts, 120 backtracks" */
char       *ne_run_counts         (const NcCounters   *counters);

typedef enum
{
  NE_RUN_PROGRESS,   /* while it runs: where it is, then the counts */
  NE_RUN_PAUSED,
  NE_RUN_RESUMED,
  NE_RUN_STEPPED,    /* one step while paused */
  NE_RUN_STOPPED,
} NeRunMoment;

/* What a screen reader says of a run at a moment, with its counts and,
 * where it helps, its last event (NULL if none): "Paused: 1,234 attempts,
 * 120 backtracks. 4 collides with row 2, column 2 (row 2), at row 2,
 * column 8." */
char       *ne_run_speak          (NeRunMoment         moment,
                                   const NcCounters   *counters,
                                   const NcEvent      *last,
                                   gboolean            with_candidates);

G_END_DECLS
