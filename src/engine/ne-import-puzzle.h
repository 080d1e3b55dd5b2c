/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-import-puzzle.h: one puzzle read from a file into the library: checked
 * (conflicts, one solution), graded, and added unless the library holds it
 * already (perhaps transformed). The importer (ne-import.c) and the
 * built-in collections (ne-store-builtin.c) both add their puzzles so. */
#pragma once

#include "nc-parse.h"
#include "ne-store.h"

G_BEGIN_DECLS

typedef enum
{
  NE_IMPORT_ADDED,           /* in the library now */
  NE_IMPORT_DUPLICATE,       /* the library held it, or a transform of it */
  NE_IMPORT_CONFLICT,        /* two givens collide */
  NE_IMPORT_NO_SOLUTION,
  NE_IMPORT_MANY_SOLUTIONS,
  NE_IMPORT_INVALID,         /* refused by the library (NE_STORE_ERROR_INVALID) */
  NE_IMPORT_FAILED,          /* the library could not be read or written: error */
} NeImportOutcome;

/* Called once per puzzle before the library is first read or written for
 * it (not for a puzzle refused before that): an importer opens its batch
 * here. FALSE and error stop the import of the puzzle (NE_IMPORT_FAILED). */
typedef gboolean (*NeImportBeginFunc) (gpointer   data,
                                       GError   **error);

/* Adds puzzle (with its #T, #A, #D and #C as title, author, source and
 * notes) to collection_id (0: none). When message is not NULL, it gets the
 * sentence for a CONFLICT ("r1c1 and r1c7 are both 4 (row 1)"), a
 * DUPLICATE ("the same puzzle as “Easy 4” in Easy") or an INVALID, without
 * the line; NULL for the other outcomes. begin may be NULL. */
NeImportOutcome ne_import_add_puzzle (NeStore            *store,
                                      const NcPuzzle     *puzzle,
                                      gint64              collection_id,
                                      NeImportBeginFunc   begin,
                                      gpointer            begin_data,
                                      char              **message,
                                      GError            **error);

G_END_DECLS
