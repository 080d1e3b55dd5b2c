/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-render.h: the one routine that draws a Sudoku grid, with cairo and Pango
 * only, for the screen widget, printing and the PDF of the command-line tool.
 *
 * A grid is drawn in three layers so the widget can cache the first:
 *  - the static layer: background, thin cell lines, thick box lines;
 *  - the highlights layer: per-cell tints (the cursor's peers, cells with
 *    the cursor's digit, conflicts), the cursor and its focus ring, all
 *    inside the cell rectangles of NeRenderGeometry, never over a line;
 *  - the digits layer: givens (bold), the player's digits (accent colour),
 *    digits in conflict (error colour) and pencil marks (a 3x3 of small
 *    digits); for the solver's animation, a tentative digit (italic, faded)
 *    and a small count in a cell's corner.
 * Print and PDF leave NeRenderBoard.marks zero: no highlights. */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <stdint.h>

#include "nc-grid.h"

G_BEGIN_DECLS

/* Channels 0..1, not premultiplied. */
typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} NeRgba;

typedef struct
{
  NeRgba      background;
  NeRgba      cell_line;
  NeRgba      box_line;
  NeRgba      given;         /* digits of the puzzle */
  NeRgba      player;        /* digits the player entered: the accent colour */
  NeRgba      notes;         /* pencil marks */
  NeRgba      error;         /* digits in conflict */
  NeRgba      conflict;      /* tint of a cell in conflict */
  NeRgba      cursor;        /* fill of the selected cell */
  NeRgba      focus;         /* ring in the selected cell while the grid has focus */
  NeRgba      peer;          /* tint of the cursor's row, column and box */
  NeRgba      same_digit;    /* tint of the cells holding the cursor's digit */
  NeRgba      hint;          /* tint of the cells a hint is about: warm, not the error's */
  const char *font_family;   /* borrowed; NULL for "Sans" */
} NeRenderStyle;

void ne_render_style_init_light (NeRenderStyle *style);
void ne_render_style_init_dark  (NeRenderStyle *style);
/* Black on white, for paper and PDF. */
void ne_render_style_init_print (NeRenderStyle *style);

/* Takes a theme's accent colours: foreground for the player's digits, the
 * background colour for the cursor, its ring and the (subtler) tints. */
void ne_render_style_set_accent (NeRenderStyle *style,
                                 const NeRgba  *accent,
                                 const NeRgba  *accent_bg);
/* Takes a theme's error colours: foreground for digits in conflict, the
 * background colour for the tint of their cells. */
void ne_render_style_set_error  (NeRenderStyle *style,
                                 const NeRgba  *error,
                                 const NeRgba  *error_bg);

/* The pencil mark of digit d (1..9) in NeRenderBoard.notes. */
#define NE_NOTE(d) ((uint16_t) (1u << ((d) - 1)))
#define NE_NOTES_ALL ((uint16_t) 0x1ff)

/* Per-cell flags of NeRenderBoard.marks, drawn by the highlights layer
 * (and, for NE_MARK_CONFLICT, the digits layer). */
typedef enum
{
  NE_MARK_PEER       = 1 << 0,   /* in the cursor's row, column or box */
  NE_MARK_SAME_DIGIT = 1 << 1,   /* holds the cursor's digit */
  NE_MARK_CONFLICT   = 1 << 2,   /* its digit repeats in one of its units */
  NE_MARK_CURSOR     = 1 << 3,   /* the selected cell */
  NE_MARK_FOCUS      = 1 << 4,   /* with NE_MARK_CURSOR: the grid has focus */
  /* The solver's animation overlay: */
  NE_MARK_CHOSEN     = 1 << 5,   /* the cell the search works on: filled and ringed */
  NE_MARK_TENTATIVE  = 1 << 6,   /* its entry is a digit being tried: italic, faded */
  NE_MARK_UNIT       = 1 << 7,   /* in the unit of a collision: an error tint */
  /* A hint while playing: */
  NE_MARK_HINT       = 1 << 8,   /* a cell the hint is about: a gentle warm tint */
} NeRenderMark;

/* What the digits layer shows. A cell shows its given, else its entry, else
 * its notes: whatever lies under a given is ignored. */
typedef struct
{
  NcGrid   givens;
  NcGrid   entries;
  uint16_t notes[NC_CELLS];
  uint16_t marks[NC_CELLS];      /* NeRenderMark flags */
  uint8_t  counts[NC_CELLS];     /* a small number in a cell's corner (the
                                  * solver's candidate count), 0 for none */
} NeRenderBoard;

/* Clears entries, notes and marks and copies givens (NULL: an empty grid). */
void ne_render_board_init (NeRenderBoard *board, const NcGrid *givens);

/* Where everything goes in a square grid of side `size` (user units, origin
 * at the top left). Lines are numbered 0..9 across (and down): 0, 3, 6 and 9
 * are box lines, the others cell lines; cell column (row) i lies between
 * line i and line i + 1.
 *
 * With pixel_scale > 0 (device pixels per user unit) every edge falls on a
 * device pixel, so lines are crisp; cells may then differ by one device
 * pixel and size is rounded to whole device pixels. With pixel_scale <= 0
 * (printing, PDF) nothing is rounded. The caller keeps the origin on a
 * device pixel. */
typedef struct
{
  double size;
  double pixel_scale;        /* as given; <= 0 when not snapped */
  double line_start[10];
  double line_width[10];
  double cell_start[9];
  double cell_size[9];
} NeRenderGeometry;

void ne_render_geometry_init (NeRenderGeometry *geometry,
                              double            size,
                              double            pixel_scale);

/* The area inside the lines around cell (0..80). */
void ne_render_geometry_cell_rect (const NeRenderGeometry *geometry,
                                   int                     cell,
                                   double                 *x,
                                   double                 *y,
                                   double                 *width,
                                   double                 *height);

/* The cell at a point, a line counting as half of each cell beside it; -1
 * outside the grid. The one hit test for clicks, tooltips and drawing. */
int ne_render_geometry_cell_at (const NeRenderGeometry *geometry,
                                double                  x,
                                double                  y);

/* Each draws into the square (0, 0, geometry->size, geometry->size) of cr's
 * user space and leaves cr's state as it found it. */
void ne_render_draw_static (cairo_t                *cr,
                            const NeRenderGeometry *geometry,
                            const NeRenderStyle    *style);

/* Fills and rings inside the cells, from board->marks: draw it over the
 * static layer and under the digits. */
void ne_render_draw_highlights (cairo_t                *cr,
                                const NeRenderGeometry *geometry,
                                const NeRenderStyle    *style,
                                const NeRenderBoard    *board);

void ne_render_draw_digits (cairo_t                *cr,
                            const NeRenderGeometry *geometry,
                            const NeRenderStyle    *style,
                            const NeRenderBoard    *board);

/* Every layer: what print and PDF use. */
void ne_render_draw (cairo_t                *cr,
                     const NeRenderGeometry *geometry,
                     const NeRenderStyle    *style,
                     const NeRenderBoard    *board);

G_END_DECLS
