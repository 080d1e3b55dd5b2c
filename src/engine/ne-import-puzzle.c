/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-import-puzzle.c: the check, grade and insert of one imported puzzle,
 * for files and the built-in collections alike. */

#define G_LOG_DOMAIN "nonet-import"

#include "config.h"

#include "ne-import-puzzle.h"
#include "ne-messages.h"

#include "nc-game.h"
#include "nc-grade.h"
#include "nc-solver.h"

#include <glib/gi18n.h>

/* Appends a line to the notes when value is given; format holds it. */
static void append_note (GString *notes, const char *value, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
append_note (GString *notes, const char *value, const char *format, ...)
{
  va_list args;

  if (value == NULL || value[0] == '\0')
    return;
  if (notes->len > 0)
    g_string_append_c (notes, '\n');
  va_start (args, format);
  g_string_append_vprintf (notes, format, args);
  va_end (args);
}

/* The library keeps a title, author, source and notes. SadMan's other
 * headers go into the notes, each on a line of its own: the description
 * (#D, when #S names the source), the comment (#C), the date (#B), the
 * level (#L) and the address (#U). NULL when there are none. */
static char *
import_notes (const NcPuzzle *puzzle)
{
  g_autoptr(GString) notes = g_string_new (NULL);

  if (nc_puzzle_meta (puzzle, 'S') != NULL)
    append_note (notes, nc_puzzle_meta (puzzle, 'D'), "%s", nc_puzzle_meta (puzzle, 'D'));
  append_note (notes, nc_puzzle_meta (puzzle, 'C'), "%s", nc_puzzle_meta (puzzle, 'C'));
  /* Translators: a line of an imported puzzle's notes: the date its file gives */
  append_note (notes, nc_puzzle_meta (puzzle, 'B'), _("Date: %s"), nc_puzzle_meta (puzzle, 'B'));
  /* Translators: a line of an imported puzzle's notes: the level its file gives */
  append_note (notes, nc_puzzle_meta (puzzle, 'L'), _("Level: %s"), nc_puzzle_meta (puzzle, 'L'));
  /* Translators: a line of an imported puzzle's notes: the web address its file gives */
  append_note (notes, nc_puzzle_meta (puzzle, 'U'), _("Address: %s"), nc_puzzle_meta (puzzle, 'U'));
  return notes->len > 0 ? g_string_free (g_steal_pointer (&notes), FALSE) : NULL;
}

/* A SadMan [State] beyond the givens is a game in progress: its digits
 * become the moves of a game of the new puzzle. */
static gboolean
save_progress (NeStore *store, gint64 puzzle_id, const NcPuzzle *puzzle, GError **error)
{
  NcGame *game;
  gint64 game_id, version = 0;
  gboolean moved = FALSE, ok;

  if (!puzzle->has_state)
    return TRUE;
  game = nc_game_new (&puzzle->grid);
  if (game == NULL)
    g_error ("out of memory");
  for (int i = 0; i < NC_CELLS; i++)
    if (puzzle->grid.cell[i] == 0 && puzzle->state.cell[i] != 0)
      {
        NcMove move = { .kind = NC_MOVE_SET, .cell = (int8_t) i, .digit = puzzle->state.cell[i] };

        moved |= nc_game_apply (game, move);
      }
  game_id = moved ? ne_store_start_game (store, puzzle_id, error) : 0;
  ok = !moved || (game_id > 0 && ne_store_save_game (store, &game_id, &version, game, 0, 0, error));
  nc_game_free (game);
  return ok;
}

NeImportOutcome
ne_import_add_puzzle (NeStore            *store,
                      const NcPuzzle     *puzzle,
                      gint64              collection_id,
                      NeImportBeginFunc   begin,
                      gpointer            begin_data,
                      char              **message,
                      GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  NcConflict conflict;
  NcGrid solution;
  NcGradeResult grade;
  gint64 original_id;
  gint64 puzzle_id;
  gboolean was_trashed = FALSE;
  g_autofree char *notes = import_notes (puzzle);
  const char *source = nc_puzzle_meta (puzzle, 'S');
  NePuzzleMeta meta = {
    .title = nc_puzzle_meta (puzzle, 'T'),
    .author = nc_puzzle_meta (puzzle, 'A'),
    .source = source != NULL ? source : nc_puzzle_meta (puzzle, 'D'),
    .notes = notes,
    .collection_id = collection_id,
  };

  g_return_val_if_fail (NE_IS_STORE (store), NE_IMPORT_FAILED);
  g_return_val_if_fail (puzzle != NULL, NE_IMPORT_FAILED);
  g_return_val_if_fail (error == NULL || *error == NULL, NE_IMPORT_FAILED);

  if (message != NULL)
    *message = NULL;
  if (nc_grid_find_conflicts (&puzzle->grid, &conflict, 1) > 0)
    {
      if (message != NULL)
        *message = ne_conflict_describe (&conflict);
      return NE_IMPORT_CONFLICT;
    }
  if (begin != NULL && !begin (begin_data, error))
    return NE_IMPORT_FAILED;
  /* Givens the library holds already (a line repeated in the file, or a
   * file imported again) are a duplicate without being solved and graded
   * again: a file of one puzzle a million times is a lookup a line. */
  original_id = ne_store_find_duplicate (store, &puzzle->grid, &was_trashed, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NE_IMPORT_FAILED;
    }
  if (original_id > 0)
    {
      if (message != NULL)
        *message = ne_store_describe_duplicate (store, original_id, was_trashed);
      return NE_IMPORT_DUPLICATE;
    }

  switch (nc_solver_count (&puzzle->grid, 2, &solution))
    {
    case 0:
      return NE_IMPORT_NO_SOLUTION;
    case 1:
      break;
    default:
      return NE_IMPORT_MANY_SOLUTIONS;
    }
  nc_grade (&puzzle->grid, &grade, NULL, NULL);

  puzzle_id = ne_store_insert_puzzle (store, &puzzle->grid, &solution, (int) grade.grade,
                                      (int) grade.score, (int) grade.hardest, &meta, NULL,
                                      &local_error);
  if (puzzle_id > 0)
    return save_progress (store, puzzle_id, puzzle, error) ? NE_IMPORT_ADDED : NE_IMPORT_FAILED;
  if (g_error_matches (local_error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE)
      || g_error_matches (local_error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID))
    {
      if (message != NULL)
        *message = g_strdup (local_error->message);
      return local_error->code == NE_STORE_ERROR_DUPLICATE ? NE_IMPORT_DUPLICATE : NE_IMPORT_INVALID;
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NE_IMPORT_FAILED;
}
