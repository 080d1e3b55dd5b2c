/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-print.h: puzzles laid out on paper, for the print dialog and the PDF of
 * the command-line tool alike. Each grid is drawn by ne-render; this lays out
 * pages of 1, 2, 4 or 6 puzzles with captions, then optional solution pages
 * of smaller grids, with a header (the title) and a footer ("Page 2 of 5"). */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "nc-generate.h"
#include "nc-grid.h"

G_BEGIN_DECLS

/* Paper sizes in points (1/72 inch), portrait. */
#define NE_PRINT_A4_WIDTH      595.276
#define NE_PRINT_A4_HEIGHT     841.89
#define NE_PRINT_LETTER_WIDTH  612.0
#define NE_PRINT_LETTER_HEIGHT 792.0
/* The margin ne_print_write_pdf leaves on every side unless told otherwise. */
#define NE_PRINT_DEFAULT_MARGIN 36.0

/* Solution grids on each solution page. */
#define NE_PRINT_SOLUTIONS_PER_PAGE 9

/* One puzzle to print. Everything is copied by ne_print_document_add_puzzle. */
typedef struct
{
  NcGrid        givens;
  const NcGrid *solution;   /* NULL: no solution page entry */
  const NcGrid *entries;    /* the player's digits, printed grey; NULL for none */
  const char   *id;         /* "N1-24-r2-7QK3ZP", or NULL */
  const char   *grade;      /* "Medium", or NULL */
  const char   *title;      /* a name of its own, or NULL */
} NePrintPuzzle;

/* Fills puzzle with a generated puzzle, its solution, its ID (may be NULL)
 * and its grade's name. The pointers are borrowed from generated and id. */
void ne_print_puzzle_init_generated (NePrintPuzzle     *puzzle,
                                     const NcGenerated *generated,
                                     const char        *id);

#define NE_TYPE_PRINT_DOCUMENT (ne_print_document_get_type ())
G_DECLARE_FINAL_TYPE (NePrintDocument, ne_print_document, NE, PRINT_DOCUMENT, GObject)

NePrintDocument *ne_print_document_new (void);

void  ne_print_document_add_puzzle        (NePrintDocument     *self,
                                           const NePrintPuzzle *puzzle);
guint ne_print_document_get_n_puzzles     (NePrintDocument     *self);

/* 1, 2, 4 or 6 (the default is 4). */
void  ne_print_document_set_per_page      (NePrintDocument     *self,
                                           guint                per_page);
guint ne_print_document_get_per_page      (NePrintDocument     *self);
gboolean ne_print_per_page_is_valid       (guint                per_page);

/* Solution pages at the end (off by default). */
void     ne_print_document_set_solutions  (NePrintDocument     *self,
                                           gboolean             solutions);
gboolean ne_print_document_get_solutions  (NePrintDocument     *self);

/* The header of every page; NULL for none. */
void        ne_print_document_set_title   (NePrintDocument     *self,
                                           const char          *title);
const char *ne_print_document_get_title   (NePrintDocument     *self);

/* The margins ne_print_write_pdf leaves (a print dialog has its own). */
void ne_print_document_set_margins        (NePrintDocument     *self,
                                           double               top,
                                           double               right,
                                           double               bottom,
                                           double               left);

/* The pages of puzzles, then the solution pages; at least 1 (an empty
 * document is one page with its header and footer). The count depends on
 * the puzzles and options only, never on the paper. */
guint ne_print_document_get_n_pages       (NePrintDocument     *self);

/* Draws page page_nr (0-based) into the rectangle (0, 0, width, height) of
 * cr's user space, in points: the printable area, inside the margins. On a
 * landscape area, two puzzles go side by side and six in three columns.
 * Leaves cr's state as it found it. */
void ne_print_document_draw_page          (NePrintDocument     *self,
                                           cairo_t             *cr,
                                           guint                page_nr,
                                           double               width,
                                           double               height);

/* Writes every page to a PDF of paper width x height points, inside the
 * document's margins, to path (NULL: standard output) with
 * ne_output_write: a file appears whole or not at all, and a link, a pipe
 * or a device is written through. Errors name the path. */
gboolean ne_print_write_pdf               (NePrintDocument     *self,
                                           const char          *path,
                                           double               width,
                                           double               height,
                                           GError             **error);

G_END_DECLS
