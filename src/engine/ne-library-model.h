/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-library-model.h: the library as a GListModel of NeLibraryItem, read
 * from SQLite on demand a page at a time, so a library of 100,000 puzzles
 * opens at once: only the count is read up front, and rows as the view asks
 * for them. Filtering and sorting happen in SQL. Main thread only. */
#pragma once

#include <gio/gio.h>

#include "ne-store.h"

G_BEGIN_DECLS

typedef enum
{
  NE_LIBRARY_SORT_TITLE,   /* title, untitled ones by number */
  NE_LIBRARY_SORT_CLUES,
  NE_LIBRARY_SORT_GRADE,
  NE_LIBRARY_SORT_STATUS,
  NE_LIBRARY_SORT_BEST_TIME,
  NE_LIBRARY_SORT_ADDED,
} NeLibrarySort;

/* ---- NeLibraryItem: one row, a snapshot ---- */

#define NE_TYPE_LIBRARY_ITEM (ne_library_item_get_type ())
G_DECLARE_FINAL_TYPE (NeLibraryItem, ne_library_item, NE, LIBRARY_ITEM, GObject)

gint64          ne_library_item_get_id         (NeLibraryItem *self);
/* The title, or "#<id>" when it has none. */
const char     *ne_library_item_get_title      (NeLibraryItem *self);
int             ne_library_item_get_clues      (NeLibraryItem *self);
int             ne_library_item_get_grade      (NeLibraryItem *self);  /* -1: not graded */
/* The hardest technique its solution needs (NcTechnique, NC_TECH_GUESS for
 * guessing); -1: not graded. */
int             ne_library_item_get_hardest    (NeLibraryItem *self);
NePuzzleStatus  ne_library_item_get_status     (NeLibraryItem *self);
gint64          ne_library_item_get_best_ms    (NeLibraryItem *self);  /* -1: never solved */
gint64          ne_library_item_get_added_ms   (NeLibraryItem *self);
const char     *ne_library_item_get_collection (NeLibraryItem *self);  /* NULL: none */
/* The givens as an 81-character line, '.' blank. */
const char     *ne_library_item_get_givens     (NeLibraryItem *self);

/* ---- NeLibraryModel ---- */

#define NE_TYPE_LIBRARY_MODEL (ne_library_model_get_type ())
G_DECLARE_FINAL_TYPE (NeLibraryModel, ne_library_model, NE, LIBRARY_MODEL, GObject)

/* Follows the store's "library-changed": refreshes itself. */
NeLibraryModel *ne_library_model_new (NeStore *store);

/* Filters; each setter re-queries and emits items-changed once. */
/* Words and numbers (ne-search.h), all of them matched against title,
 * author, source, notes and collection name; a number also against the
 * clue count, "#42" against the puzzle's number. NULL or "" for none. */
void ne_library_model_set_search      (NeLibraryModel *self, const char *search);
void ne_library_model_set_collection  (NeLibraryModel *self, gint64 collection_id); /* -1 any, 0 none */
void ne_library_model_set_grade       (NeLibraryModel *self, int grade);            /* -1 any */
/* Puzzles whose hardest technique is this one (NcTechnique; NC_TECH_GUESS:
 * those that need guessing). -1 any. */
void ne_library_model_set_hardest     (NeLibraryModel *self, int technique);
void ne_library_model_set_clue_range  (NeLibraryModel *self, int min_clues, int max_clues);
void ne_library_model_set_status      (NeLibraryModel *self, int status);           /* -1 any */
void ne_library_model_set_sort        (NeLibraryModel *self, NeLibrarySort sort, gboolean descending);

/* Re-reads the count and drops the cached pages: items-changed (0, old, new). */
void ne_library_model_refresh         (NeLibraryModel *self);
/* The position of a puzzle under the current filter and sort, or
 * G_MAXUINT when it is not shown. */
guint ne_library_model_find (NeLibraryModel *self, gint64 puzzle_id);
/* Rows read from SQLite so far (for tests of paging). */
guint ne_library_model_get_rows_read  (NeLibraryModel *self);

G_END_DECLS
