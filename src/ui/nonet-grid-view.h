/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-grid-view.h: the Sudoku grid widget, drawn by ne-render: selection,
 * keyboard and pointer input, pencil marks, highlighting, accessibility. It
 * shows an NeGame and applies the player's moves to it. */
#pragma once

#include <gtk/gtk.h>

#include "nc-backtrack.h"
#include "ne-game.h"
#include "ne-attempt-map.h"
#include "ne-render.h"

G_BEGIN_DECLS

#define NONET_TYPE_GRID_VIEW (nonet_grid_view_get_type ())

G_DECLARE_FINAL_TYPE (NonetGridView, nonet_grid_view, NONET, GRID_VIEW, GtkWidget)

GtkWidget *nonet_grid_view_new        (void);

/* Holds a reference; redraws on the game's "changed". NULL shows an empty grid. */
void       nonet_grid_view_set_game   (NonetGridView *self,
                                       NeGame        *game);
NeGame    *nonet_grid_view_get_game   (NonetGridView *self);

/* The selected cell, 0..80 (property "cursor"). */
int        nonet_grid_view_get_cursor (NonetGridView *self);
void       nonet_grid_view_set_cursor (NonetGridView *self,
                                       int            cell);

/* Boolean properties, bindable to GSettings:
 *   "pencil-mode"          digits toggle pencil marks instead of entering
 *   "highlight-peers"      tint the cursor's row, column and box
 *   "highlight-same-digit" tint every cell holding the cursor's digit
 *   "highlight-conflicts"  repeated digits in the error colour, reason in a tooltip
 *   "auto-clean-notes"     placing a digit removes it from the peers' notes
 *   "locked"               no input (completed or paused game)
 *   "hidden"               draw an empty board (paused)
 *   "entering"             the editor's givens: a digit (or 0, .) moves the
 *                          cursor on to the next cell in reading order,
 *                          Backspace on an empty cell goes back one and
 *                          clears it; no pencil marks (pencil mode is off,
 *                          and play's comes back when entering ends)
 *
 * Actions, installed on the class, for the number pad and the window:
 *   "grid.enter" (i)       digit 1..9 at the cursor: an entry, or a pencil
 *                          mark in pencil mode
 *   "grid.note" (i)        toggle pencil mark 1..9 at the cursor
 *   "grid.clear"           empty the cursor's cell (entry and notes)
 *   "grid.pencil-mode"     stateful (b), toggles the "pencil-mode" property
 * They are disabled while there is no game, or it is locked or hidden. */

/* What the window shows in a label with the status role, and what a screen
 * reader should hear: conflicts and completion, "" when there is nothing
 * to say (read-only property "status-text"). */
const char *nonet_grid_view_get_status_text (NonetGridView *self);

/* Signal "announce" (const char *text): a sentence a screen reader should
 * hear at once, such as "row 3, column 4 is a given, 5; it cannot be
 * changed" when a given is typed over. */

/* Tints cells (n_cells of them; 0 clears) in the error colour, as the
 * reason a puzzle fails (the editor's "row 3 has no place for a 7"),
 * until the game changes or another is shown. */
void        nonet_grid_view_mark_cells      (NonetGridView *self,
                                             const uint8_t *cells,
                                             int            n_cells);
gboolean    nonet_grid_view_get_marked      (NonetGridView *self,
                                             int            cell);
/* The same in a gentle warm tint, for the cells a hint is about. */
void        nonet_grid_view_hint_cells      (NonetGridView *self,
                                             const uint8_t *cells,
                                             int            n_cells);
gboolean    nonet_grid_view_get_hinted      (NonetGridView *self,
                                             int            cell);

/* The cell (0..80) at a point in widget coordinates, -1 outside the grid:
 * the one hit test behind clicks, tooltips and drawing. */
int         nonet_grid_view_cell_at         (NonetGridView *self,
                                             double         x,
                                             double         y);

/* Where a cell is drawn, in widget coordinates (for tests and tooltips). */
void        nonet_grid_view_get_cell_rect   (NonetGridView  *self,
                                             int             cell,
                                             graphene_rect_t *rect);

/* The conflicts of a cell as its tooltip says them, one a line ("r1c1 and
 * r1c7 are both 4 (row 1)"); NULL when it has none or they are not shown. */
char       *nonet_grid_view_dup_conflict_text (NonetGridView *self,
                                               int            cell);

/* The solver's animation overlay. With view non-NULL the grid draws
 * view->board (the run's digits; the game's givens stay as they are) instead
 * of the game's entries and notes, with no cursor: the chosen cell ringed
 * (with candidates > 0 in its corner), tentative_digit at tentative_cell
 * faded and italic, and for a collision the colliding cell, the tentative
 * cell and the unit (an NcUnit of tentative_cell) tinted; -1 (0 for counts
 * and digits) is what is not shown. view NULL turns the overlay off. The
 * game is never touched; lock the grid while the overlay is on. */
void        nonet_grid_view_set_overlay     (NonetGridView   *self,
                                             const NcRunView *view);
/* The accessible label follows a run's overlay at most once a second, and
 * not while the grid has the focus; this brings it up to date at once. */
void        nonet_grid_view_sync_accessible (NonetGridView *self);
/* What a screen reader hears of the grid now ("row 3, column 5, 7, given"). */
char       *nonet_grid_view_describe_cursor (NonetGridView *self);
/* Copies the overlay's board to out (if non-NULL) and returns TRUE while
 * the overlay is on. */
gboolean    nonet_grid_view_get_overlay     (NonetGridView *self,
                                             NcGrid        *out);

/* The heat map of a run's attempts per cell, drawn under the overlay's
 * marks while the overlay is on (copied; NULL turns it off), each cell's
 * count in its tooltip ("row 5, column 6: 247 attempts"). */
void        nonet_grid_view_set_heat        (NonetGridView      *self,
                                             const NeAttemptMap *map);
char       *nonet_grid_view_dup_heat_text   (NonetGridView      *self,
                                             int                 cell);

/* The colours the grid draws in, as the theme has them for widget (light or
 * dark, the accent and error colours); font_family NULL. For anything that
 * draws what the grid draws, such as the board legend. */
void        nonet_grid_view_theme_style     (GtkWidget     *widget,
                                             NeRenderStyle *style);

/* Until the window moves to nonet_grid_view_set_game(): shows givens as a
 * new game of its own. */
void        nonet_grid_view_set_puzzle      (NonetGridView *self,
                                             const NcGrid  *givens);

G_END_DECLS
