/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store-private.h: for the engine's own readers of the library (the list
 * model), not for the UI or the CLI.
 *
 * Schema version 5 (see the migrations in ne-store.c), in a file whose
 * PRAGMA application_id is NE_STORE_APPLICATION_ID:
 *   collection (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
 *               builtin INTEGER NOT NULL DEFAULT 0, added INTEGER NOT NULL)
 *   puzzle     (id INTEGER PRIMARY KEY, givens TEXT NOT NULL UNIQUE (81 chars, '.' blank),
 *               solution TEXT (81 chars or NULL), source TEXT, added INTEGER NOT NULL (ms),
 *               canon TEXT (nc_canon's 81-char line, '.' blank),
 *               clues INTEGER NOT NULL, grade INTEGER (NcGrade or NULL),
 *               score INTEGER, title TEXT, author TEXT, notes TEXT,
 *               title_key TEXT (ne_store_title_key (title); NULL with title),
 *               collection_id INTEGER REFERENCES collection (id) ON DELETE SET NULL,
 *               status INTEGER NOT NULL DEFAULT 0 (NePuzzleStatus, kept by the game saves),
 *               best_ms INTEGER (best solve time, NULL when never solved),
 *               trashed INTEGER (ms when moved to the trash, NULL otherwise),
 *               hardest INTEGER (NcTechnique the grade came from, NC_TECH_GUESS
 *               when guessing is needed; NULL with grade))
 *   game       (id, puzzle_id, moves, position, elapsed_ms, status, started, updated,
 *               version (bumped by every save), hints (given, ne-hint.h))
 *   meta       (key TEXT PRIMARY KEY, value TEXT): 'builtin-version'
 * Indexes on puzzle: canon, collection_id, and (col, id) for each column the
 * library sorts or filters by: clues, grade, hardest, status, best_ms,
 * added, title_key (titles in natural order, by plain binary comparison: any SQLite can read and
 * check the file); and a partial one on trashed (WHERE trashed IS NOT NULL)
 * for the purge. */
#pragma once

#include <sqlite3.h>

#include "ne-store.h"

G_BEGIN_DECLS

/* The store's connection, for reading on the main thread only. */
sqlite3 *ne_store_get_db (NeStore *self);

/* A condition true for the puzzle rows (of the table or alias p, a string
 * literal) that lists show: those whose columns hold what Nonet writes
 * (givens of digits and blanks with at least one given; clues, grade,
 * score, status, best time, date added and hardest technique in range). A damaged row is
 * left out, and the store's connection warns of it once, naming it. */
#define NE_STORE_PUZZLE_SOUND_SQL(p) \
  "nonet_puzzle_sound (" p ".id, " p ".givens, " p ".clues, " p ".grade, " p ".score, " \
  p ".status, " p ".best_ms, " p ".added, " p ".hardest)"

/* The key puzzle.title_key holds for a title, so that titles sort by it
 * bytewise as people sort them: case-insensitive, and numbers by value
 * ("Easy 2" before "Easy 10"). The title in compatibility decomposition
 * (NFKD: fullwidth digits are digits, accents apart), casefolded, without
 * its non-spacing marks (accents); then each run of ASCII digits as its
 * length without leading zeros, in two digits, and those digits: "Easy 10"
 * is "easy 0210", "Easy 2" is "easy 012", "Easy 007" is "easy 017". It
 * depends on no locale, so a library's keys stay right whatever LANG the
 * app runs under. */
char *ne_store_title_key (const char *title);

G_END_DECLS
