/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store-games.c: the games of the library: starting one, saving its
 * moves after each one (with the check for another instance that saved it
 * meanwhile), reading it back as core values (ne-game.c makes the game in
 * play of them), and its status. */

#define G_LOG_DOMAIN "nonet-store"

#include "config.h"

#include "ne-store.h"
#include "ne-store-internal.h"

#include <glib/gi18n-lib.h>

#include "nc-parse.h"

static const char *
status_to_string (NeGameStatus status)
{
  return status == NE_GAME_STATUS_SOLVED ? "solved" : "in-progress";
}

/* The puzzle's status and best time from its games, for the puzzle of
 * game_id; marks the library changed when they changed. */
static gboolean
update_puzzle_status (NeStore  *self,
                      gint64    game_id,
                      GError  **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_UPDATE_PUZZLE_STATUS);
  int changes;

  sqlite3_bind_int64 (stmt, 1, game_id);
  changes = ne_store_step_change (self, stmt, error);
  if (changes > 0)
    self->changed = TRUE;
  return changes >= 0;
}

static gint64
start_game (NeStore  *self,
            gint64    puzzle_id,
            GError  **error)
{
  sqlite3_stmt *stmt;
  gint64 game_id;
  int rc;

  stmt = ne_store_stmt (self, STMT_START_GAME);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  sqlite3_bind_int64 (stmt, 2, ne_store_now_ms ());
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                   _("Could not start a game: puzzle %lld is not in the game library %s"),
                   (long long) puzzle_id, self->display_path);
      return 0;
    }
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          _("Could not start a game in the game library"));
      return 0;
    }
  game_id = sqlite3_last_insert_rowid (self->db);
  if (!update_puzzle_status (self, game_id, error))
    return 0;
  return game_id;
}

gint64
ne_store_start_game (NeStore  *self,
                     gint64    puzzle_id,
                     GError  **error)
{
  gint64 game_id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!ne_store_tx_begin (self, error))
    return 0;
  game_id = start_game (self, puzzle_id, error);
  if (!ne_store_tx_end (self, game_id != 0, error))
    return 0;
  return game_id;
}

/* The history as space-separated move texts, e.g. "n3:4 s3:4c c3". */
static char *
format_moves (const NcGame *game)
{
  size_t n_moves;
  const NcMove *moves = nc_game_moves (game, &n_moves);
  GString *text = g_string_sized_new (n_moves * 7 + 1);

  for (size_t i = 0; i < n_moves; i++)
    {
      char buf[NC_MOVE_TEXT_SIZE];

      nc_move_format (moves[i], buf, sizeof buf);
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, buf);
    }
  return g_string_free (text, FALSE);
}

/* After an UPDATE of one game row: the statement ran, and the row was
 * there; then the puzzle's status follows, in the same transaction. */
static gboolean
ne_store_check_game_updated (NeStore  *self,
                             int       rc,
                             gint64    game_id,
                             GError  **error)
{
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not save the game to"));
      return FALSE;
    }
  if (sqlite3_changes (self->db) != 1)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                   _("Could not save the game to %s: game %lld is no longer in the library"),
                   self->display_path, (long long) game_id);
      return FALSE;
    }
  return update_puzzle_status (self, game_id, error);
}

/* Binds ?2..?7 of STMT_SAVE_GAME and STMT_COPY_GAME: the moves (owned by
 * the caller until the statement is reset), position, time, status, now,
 * hints. */
static void
bind_game_state (sqlite3_stmt *stmt,
                 const char   *moves,
                 const NcGame *game,
                 gint64        elapsed_ms,
                 guint         hints)
{
  NeGameStatus status = nc_game_is_solved (game) ? NE_GAME_STATUS_SOLVED
                                                 : NE_GAME_STATUS_IN_PROGRESS;

  sqlite3_bind_text (stmt, 2, moves, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, (sqlite3_int64) nc_game_position (game));
  sqlite3_bind_int64 (stmt, 4, elapsed_ms);
  sqlite3_bind_text (stmt, 5, status_to_string (status), -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 6, ne_store_now_ms ());
  sqlite3_bind_int64 (stmt, 7, hints);
}

/* Inside the save's transaction, when another instance saved game_id
 * since: the game as this one has it, as a new game of the same puzzle
 * (at version 1); its id, or 0 and error. */
static gint64
save_as_copy (NeStore       *self,
              gint64         game_id,
              const char    *moves,
              const NcGame  *game,
              gint64         elapsed_ms,
              guint          hints,
              GError       **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_COPY_GAME);
  gint64 copy_id;
  int rc;

  sqlite3_bind_int64 (stmt, 1, game_id);
  bind_game_state (stmt, moves, game, elapsed_ms, hints);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not save the game to"));
      return 0;
    }
  copy_id = sqlite3_last_insert_rowid (self->db);
  if (!update_puzzle_status (self, copy_id, error))
    return 0;
  return copy_id;
}

gboolean
ne_store_save_game (NeStore       *self,
                    gint64        *game_id,
                    gint64        *version,
                    const NcGame  *game,
                    gint64         elapsed_ms,
                    guint          hints,
                    GError       **error)
{
  g_autofree char *moves = NULL;
  sqlite3_stmt *stmt;
  gint64 stored_version;
  gint64 copy_id;
  gboolean found;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL && version != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  moves = format_moves (game);

  /* Moves, position, time, status and the puzzle's status are saved
   * together or not at all; the version is compared in the same
   * transaction, so no other save comes between. */
  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_GAME_VERSION);
  sqlite3_bind_int64 (stmt, 1, *game_id);
  rc = sqlite3_step (stmt);
  found = rc == SQLITE_ROW;
  stored_version = found ? sqlite3_column_int64 (stmt, 0) : 0;
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not save the game to"));
      return ne_store_tx_end (self, FALSE, error);
    }

  if (found && stored_version != *version)
    {
      copy_id = save_as_copy (self, *game_id, moves, game, elapsed_ms, hints, error);
      if (!ne_store_tx_end (self, copy_id != 0, error))
        return FALSE;
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CONFLICT,
                   _("Game %lld in the game library %s was changed by another window of Nonet "
                     "meanwhile: its moves were kept, and the moves here were saved as a "
                     "separate game (%lld)"),
                   (long long) *game_id, self->display_path, (long long) copy_id);
      *game_id = copy_id;
      *version = 1;
      return FALSE;
    }

  stmt = ne_store_stmt (self, STMT_SAVE_GAME);
  sqlite3_bind_int64 (stmt, 1, *game_id);
  bind_game_state (stmt, moves, game, elapsed_ms, hints);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (!ne_store_tx_end (self, ne_store_check_game_updated (self, rc, *game_id, error), error))
    return FALSE;
  *version = stored_version + 1;
  return TRUE;
}

gboolean
ne_store_mark_solved (NeStore  *self,
                      gint64    game_id,
                      GError  **error)
{
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_MARK_SOLVED);
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, ne_store_now_ms ());
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  return ne_store_tx_end (self, ne_store_check_game_updated (self, rc, game_id, error), error);
}

static void
set_corrupt (NeStore     *self,
             GError     **error,
             gint64       game_id,
             const char  *reason)
{
  g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT,
               _("Game %lld in the game library %s could not be restored: %s"),
               (long long) game_id, self->display_path, reason);
}

gboolean
ne_store_get_game_status (NeStore       *self,
                          gint64         game_id,
                          NeGameStatus  *status,
                          GError       **error)
{
  sqlite3_stmt *stmt;
  gboolean found = FALSE;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (status != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stmt = ne_store_stmt (self, STMT_GAME_STATUS);
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);

      found = TRUE;
      if (g_strcmp0 (text, "solved") == 0)
        *status = NE_GAME_STATUS_SOLVED;
      else if (g_strcmp0 (text, "in-progress") == 0)
        *status = NE_GAME_STATUS_IN_PROGRESS;
      else
        {
          set_corrupt (self, error, game_id, _("its status is not one Nonet knows"));
          found = FALSE;
        }
    }
  else if (rc == SQLITE_DONE)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                 _("Game %lld is not in the game library %s"),
                 (long long) game_id, self->display_path);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return found;
}

gint64
ne_store_find_current_game (NeStore  *self,
                            GError  **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  return ne_store_step_id (self, ne_store_stmt (self, STMT_CURRENT_GAME), error);
}

/* Plays the saved moves back; the error names the game and the move. */
static NcGame *
restore_game (NeStore       *self,
              gint64         game_id,
              const NcGrid  *givens,
              const char    *moves_text,
              gint64         position,
              GError       **error)
{
  g_auto(GStrv) words = g_strsplit (moves_text != NULL ? moves_text : "", " ", -1);
  g_autofree NcMove *moves = g_new (NcMove, g_strv_length (words) + 1);
  size_t n_moves = 0;
  size_t bad_move = 0;
  NcGame *core;

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      if (!nc_move_parse (words[i], &moves[n_moves]))
        {
          /* The text may be any bytes: quoted as valid UTF-8. */
          g_autofree char *word = g_utf8_make_valid (words[i], -1);
          g_autofree char *reason =
            g_strdup_printf ("its move %zu, “%s”, is not a move", n_moves + 1, word);

          set_corrupt (self, error, game_id, reason);
          return NULL;
        }
      n_moves++;
    }

  if (position < 0 || (guint64) position > n_moves)
    {
      g_autofree char *reason =
        g_strdup_printf ("it is at move %" G_GINT64_FORMAT " of only %zu", position, n_moves);

      set_corrupt (self, error, game_id, reason);
      return NULL;
    }

  core = nc_game_restore (givens, moves, n_moves, (size_t) position, &bad_move);
  if (core == NULL)
    {
      char text[NC_MOVE_TEXT_SIZE];
      g_autofree char *reason = NULL;

      g_assert (bad_move < n_moves);
      nc_move_format (moves[bad_move], text, sizeof text);
      reason = g_strdup_printf ("its move %zu, “%s”, cannot be played on its puzzle",
                                bad_move + 1, text);
      set_corrupt (self, error, game_id, reason);
      return NULL;
    }
  return core;
}

/* Why givens (read as 81 digits and blanks) and a solution (NULL when
 * unknown) cannot be played, or NULL when they can: a damaged row. */
static const char *
play_damage (const NcGrid *givens,
             const NcGrid *solution)
{
  if (nc_grid_count_filled (givens) == 0)
    return _("its puzzle has no givens");
  if (nc_grid_find_conflicts (givens, NULL, 0) != 0)
    return _("its puzzle breaks the rules: two givens collide");
  if (solution == NULL)
    return NULL;
  if (!nc_grid_is_full (solution) || nc_grid_find_conflicts (solution, NULL, 0) != 0)
    return _("its puzzle’s solution is not a solved grid");
  for (int i = 0; i < NC_CELLS; i++)
    if (givens->cell[i] != 0 && givens->cell[i] != solution->cell[i])
      return _("its puzzle’s solution does not hold its givens");
  return NULL;
}

void
ne_store_game_clear (NeStoreGame *game)
{
  g_return_if_fail (game != NULL);

  g_clear_pointer (&game->core, nc_game_free);
}

gboolean
ne_store_load_game (NeStore      *self,
                    gint64        game_id,
                    NeStoreGame  *out,
                    GError      **error)
{
  g_autofree char *moves_text = NULL;
  sqlite3_stmt *stmt;
  NcGrid givens;
  NcGrid solution;
  gboolean has_solution = FALSE;
  gboolean givens_ok = FALSE;
  gint64 position = 0;
  gint64 version = 0;
  gint64 elapsed_ms = 0;
  gint64 hints = 0;
  const char *damage = NULL;
  NcGame *core;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  stmt = ne_store_stmt (self, STMT_LOAD_GAME);
  sqlite3_bind_int64 (stmt, 1, game_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      const char *status = (const char *) sqlite3_column_text (stmt, 5);

      moves_text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      position = sqlite3_column_int64 (stmt, 1);
      elapsed_ms = sqlite3_column_int64 (stmt, 2);
      givens_ok = ne_store_column_grid (stmt, 3, &givens);
      has_solution = sqlite3_column_type (stmt, 4) != SQLITE_NULL;
      version = sqlite3_column_int64 (stmt, 8);
      hints = sqlite3_column_int64 (stmt, 9);

      /* What a hand edit may leave that the table's CHECKs let through. */
      if (!givens_ok)
        damage = _("its puzzle is not 81 digits and blanks");
      else if (has_solution && !ne_store_column_grid (stmt, 4, &solution))
        damage = _("its puzzle’s solution is not 81 digits");
      else if (!ne_store_column_int_in (stmt, 2, 0, MAX_ELAPSED_MS))
        damage = _("its time played is not a time");
      else if (g_strcmp0 (status, "in-progress") != 0 && g_strcmp0 (status, "solved") != 0)
        damage = _("its status is not one Nonet knows");
      else if (!ne_store_column_int_in (stmt, 6, 0, MAX_TIME_MS) || !ne_store_column_int_in (stmt, 7, 0, MAX_TIME_MS))
        damage = _("the date it was played is not a date");
      else if (!ne_store_column_int_in (stmt, 9, 0, MAX_HINTS))
        damage = _("its count of hints is not a count");
      else
        damage = play_damage (&givens, has_solution ? &solution : NULL);
    }
  else if (rc == SQLITE_DONE)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_NOT_FOUND,
                 _("Game %lld is not in the game library %s"),
                 (long long) game_id, self->display_path);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  if (rc != SQLITE_ROW)
    return FALSE;

  if (damage != NULL)
    {
      set_corrupt (self, error, game_id, damage);
      return FALSE;
    }

  core = restore_game (self, game_id, &givens, moves_text, position, error);
  if (core == NULL)
    return FALSE;

  out->game_id = game_id;
  out->version = version;
  out->elapsed_ms = elapsed_ms;
  out->hints = (guint) hints;
  out->givens = givens;
  out->core = core;
  out->has_solution = has_solution;
  if (has_solution)
    out->solution = solution;
  return TRUE;
}

/* A game of givens not played yet: no moves, at version 0. */
static void
fresh_game (NeStoreGame   *out,
            gint64         game_id,
            const NcGrid  *givens,
            const NcGrid  *solution)
{
  memset (out, 0, sizeof *out);
  out->game_id = game_id;
  out->givens = *givens;
  out->has_solution = solution != NULL;
  if (solution != NULL)
    out->solution = *solution;
}

gboolean
ne_store_new_game (NeStore       *self,
                   const NcGrid  *givens,
                   const NcGrid  *solution,
                   const char    *source,
                   NeStoreGame   *out,
                   GError       **error)
{
  gint64 puzzle_id;
  gint64 game_id = 0;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (givens != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  /* The puzzle and its game arrive together or not at all. */
  if (!ne_store_tx_begin (self, error))
    return FALSE;
  puzzle_id = ne_store_add_or_find_puzzle (self, givens, solution, source, error);
  if (puzzle_id != 0)
    game_id = start_game (self, puzzle_id, error);
  if (!ne_store_tx_end (self, game_id != 0, error))
    return FALSE;

  fresh_game (out, game_id, givens, solution);
  return TRUE;
}

gint64
ne_store_get_game_puzzle (NeStore  *self,
                          gint64    game_id,
                          GError  **error)
{
  sqlite3_stmt *stmt;
  GError *local_error = NULL;
  gint64 puzzle_id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_GAME_PUZZLE);
  sqlite3_bind_int64 (stmt, 1, game_id);
  puzzle_id = ne_store_step_id (self, stmt, &local_error);
  if (local_error != NULL)
    g_propagate_error (error, local_error);
  else if (puzzle_id == 0)
    ne_store_set_not_found (self, error, _("Game"), game_id);
  return puzzle_id;
}

gint64
ne_store_get_best_time (NeStore  *self,
                        int       grade,
                        gint64    except_game_id,
                        GError  **error)
{
  /* Once per solved game: not worth a statement kept prepared. */
  static const char sql[] =
    "SELECT min (game.elapsed_ms) FROM game JOIN puzzle ON puzzle.id = game.puzzle_id"
    " WHERE game.status = 'solved' AND puzzle.grade = ?1 AND game.id != ?2"
    " AND puzzle.trashed IS NULL";
  sqlite3_stmt *stmt = NULL;
  gint64 best = -1;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  rc = sqlite3_prepare_v2 (ne_store_get_db (self), sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int (stmt, 1, grade);
      sqlite3_bind_int64 (stmt, 2, except_game_id);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
        best = sqlite3_column_int64 (stmt, 0);
    }
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_finalize (stmt);
  return best;
}

gboolean
ne_store_play_puzzle (NeStore      *self,
                      gint64        puzzle_id,
                      NeStoreGame  *out,
                      GError      **error)
{
  NePuzzleInfo info = { 0 };
  GError *local_error = NULL;
  const char *damage;
  sqlite3_stmt *stmt;
  gint64 game_id;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  stmt = ne_store_stmt (self, STMT_CURRENT_GAME_OF);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  game_id = ne_store_step_id (self, stmt, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  if (game_id != 0)
    return ne_store_load_game (self, game_id, out, error);

  if (!ne_store_get_puzzle (self, puzzle_id, &info, error))
    return FALSE;
  damage = play_damage (&info.givens, nc_grid_is_full (&info.solution) ? &info.solution : NULL);
  if (damage != NULL)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT,
                   _("Puzzle %lld in the game library %s cannot be played: %s"),
                   (long long) puzzle_id, self->display_path, damage);
      ne_puzzle_info_clear (&info);
      return FALSE;
    }
  game_id = ne_store_start_game (self, puzzle_id, error);
  if (game_id == 0)
    {
      ne_puzzle_info_clear (&info);
      return FALSE;
    }
  fresh_game (out, game_id, &info.givens, nc_grid_is_full (&info.solution) ? &info.solution : NULL);
  ne_puzzle_info_clear (&info);
  return TRUE;
}
