/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-saved-game.c: a saved game as the library holds it, loaded
 * (ne_game_load: the row read back, its moves parsed with
 * nc_move_parse and played back with nc_game_restore). The input is the
 * row's content, one field a line:
 *   givens     (puzzle.givens: 81 characters, or the row is refused)
 *   solution   (puzzle.solution; "-" for NULL)
 *   position   (game.position, as text: SQLite's column affinity decides)
 *   moves...   (game.moves: the rest of the input, newlines and all)
 * Each process makes one library with one game; every input overwrites its
 * row and loads it.
 *
 * Checks: the game loads exactly when its givens are 81 digits and blanks
 * with at least one given and no two colliding, its solution (when it has
 * one) is a solved grid holding them, every space-separated word is a move,
 * the position lies within them and every move applies; otherwise the
 * error is NE_STORE_ERROR_CORRUPT, a
 * UTF-8 sentence naming the game. A loaded game holds those givens, moves,
 * position and the state nc_game_restore gives, and its solution when the
 * row has one; saved again, its moves are the words joined by
 * single spaces, and it loads again the same. */

#include <string.h>

#include "fuzz-engine.h"
#include "ne-game.h"
#include "ne-store-private.h"

#define FUZZ_MAX_INPUT 8192

static NeStore *store;
static gint64   game_id;
static gint64   puzzle_id;

static void
setup (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(NeGame) game = NULL;
  NcGrid givens = { { 0 } };

  if (store != NULL)
    return;
  path = fuzz_tmp_path ("library.db");
  store = ne_store_open (path, &error);
  FUZZ_CHECK (store != NULL);
  /* Givens no built-in puzzle has: the row's are overwritten anyway. */
  givens.cell[0] = 1;
  game = ne_game_new_in_store (store, &givens, NULL, "fuzz", &error);
  FUZZ_CHECK (game != NULL);
  game_id = ne_game_get_game_id (game);
  puzzle_id = ne_store_get_game_puzzle (store, game_id, &error);
  FUZZ_CHECK (game_id > 0 && puzzle_id > 0);
}

/* The next line of *p (its end in *len), advancing *p past it; NULL at
 * the end of the input. */
static const char *
next_line (const char **p, const char *end, size_t *len)
{
  const char *start = *p, *nl;

  if (start >= end)
    return NULL;
  nl = memchr (start, '\n', (size_t) (end - start));
  *len = (size_t) ((nl != NULL ? nl : end) - start);
  *p = nl != NULL ? nl + 1 : end;
  return start;
}

/* The row as SQL sees it; FALSE when SQLite refuses it (a CHECK, or
 * givens another puzzle has). */
static gboolean
write_row (const char *givens, size_t givens_len, const char *solution, size_t solution_len,
           const char *position, size_t position_len, const char *moves, size_t moves_len)
{
  sqlite3 *db = ne_store_get_db (store);
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  FUZZ_CHECK (sqlite3_prepare_v2 (db, "UPDATE puzzle SET givens = ?1, solution = ?2 WHERE id = ?3",
                                  -1, &stmt, NULL) == SQLITE_OK);
  sqlite3_bind_text (stmt, 1, givens, (int) givens_len, SQLITE_TRANSIENT);
  if (solution != NULL)
    sqlite3_bind_text (stmt, 2, solution, (int) solution_len, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, puzzle_id);
  ok = sqlite3_step (stmt) == SQLITE_DONE;
  sqlite3_finalize (stmt);
  if (!ok)
    return FALSE;

  FUZZ_CHECK (sqlite3_prepare_v2 (db, "UPDATE game SET position = ?1, moves = ?2 WHERE id = ?3",
                                  -1, &stmt, NULL) == SQLITE_OK);
  sqlite3_bind_text (stmt, 1, position, (int) position_len, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, moves, (int) moves_len, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, game_id);
  ok = sqlite3_step (stmt) == SQLITE_DONE;
  sqlite3_finalize (stmt);
  return ok;
}

/* What the row holds now, as the store reads it. */
static void
read_row (char **moves, gint64 *position, char **givens, int *givens_len, char **solution,
          int *solution_len)
{
  sqlite3 *db = ne_store_get_db (store);
  sqlite3_stmt *stmt = NULL;

  FUZZ_CHECK (sqlite3_prepare_v2 (db, "SELECT game.moves, game.position, puzzle.givens, puzzle.solution"
                                  " FROM game JOIN puzzle ON puzzle.id = game.puzzle_id WHERE game.id = ?1",
                                  -1, &stmt, NULL) == SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, game_id);
  FUZZ_CHECK (sqlite3_step (stmt) == SQLITE_ROW);
  *moves = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  *position = sqlite3_column_int64 (stmt, 1);
  *givens_len = sqlite3_column_bytes (stmt, 2);
  *givens = g_memdup2 (sqlite3_column_text (stmt, 2), (gsize) *givens_len + 1);
  *solution_len = sqlite3_column_bytes (stmt, 3);
  *solution = sqlite3_column_type (stmt, 3) == SQLITE_NULL
              ? NULL : g_memdup2 (sqlite3_column_text (stmt, 3), (gsize) *solution_len + 1);
  sqlite3_finalize (stmt);
}

/* 81 characters of '1'..'9', '.' or '0'. */
static gboolean
grid_of_text (const char *text, int len, NcGrid *grid)
{
  if (text == NULL || len != NC_CELLS)
    return FALSE;
  for (int i = 0; i < NC_CELLS; i++)
    {
      if (text[i] >= '1' && text[i] <= '9')
        grid->cell[i] = (uint8_t) (text[i] - '0');
      else if (text[i] == '.' || text[i] == '0')
        grid->cell[i] = 0;
      else
        return FALSE;
    }
  return TRUE;
}

static gboolean
same_state (const NcPlayState *a, const NcPlayState *b)
{
  return nc_grid_equal (&a->entries, &b->entries) && memcmp (a->notes, b->notes, sizeof a->notes) == 0;
}

static gboolean
same_moves (const NcGame *game, const NcMove *moves, size_t n_moves)
{
  size_t n;
  const NcMove *have = nc_game_moves (game, &n);

  if (n != n_moves)
    return FALSE;
  for (size_t i = 0; i < n; i++)
    if (have[i].kind != moves[i].kind || have[i].cell != moves[i].cell
        || have[i].digit != moves[i].digit || have[i].flags != moves[i].flags)
      return FALSE;
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *p = (const char *) data, *end = p + size;
  const char *givens_text, *solution_text, *position_text;
  size_t givens_len = 0, solution_len = 0, position_len = 0;
  g_autofree char *moves_text = NULL;
  g_autofree char *row_givens = NULL;
  g_autofree char *row_solution = NULL;
  g_autofree NcMove *moves = NULL;
  g_auto(GStrv) words = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) joined = g_string_new (NULL);
  NcGame *expected = NULL;
  NeGame *game;
  NcGrid givens = { { 0 } }, solution = { { 0 } };
  gboolean givens_ok, solution_ok, words_ok = TRUE;
  gint64 position;
  int row_givens_len, row_solution_len;
  size_t n_moves = 0;

  if (size > FUZZ_MAX_INPUT)
    return 0;
  setup ();

  givens_text = next_line (&p, end, &givens_len);
  solution_text = next_line (&p, end, &solution_len);
  position_text = next_line (&p, end, &position_len);
  if (position_text == NULL)
    return 0;
  if (solution_len == 1 && solution_text[0] == '-')
    solution_text = NULL;
  if (!write_row (givens_text, givens_len, solution_text, solution_len, position_text, position_len,
                  p, (size_t) (end - p)))
    return 0;

  /* The expectation, from the row as SQLite gives it back (a NUL ends the
   * text, the position is what the column's affinity made of it). */
  read_row (&moves_text, &position, &row_givens, &row_givens_len, &row_solution, &row_solution_len);
  givens_ok = grid_of_text (row_givens, row_givens_len, &givens)
              && nc_grid_count_filled (&givens) > 0 && nc_grid_find_conflicts (&givens, NULL, 0) == 0;
  solution_ok = grid_of_text (row_solution, row_solution_len, &solution)
                && nc_grid_is_full (&solution) && nc_grid_find_conflicts (&solution, NULL, 0) == 0;
  for (int i = 0; i < NC_CELLS && solution_ok; i++)
    solution_ok = givens.cell[i] == 0 || givens.cell[i] == solution.cell[i];
  /* A solution that does not solve the givens is a damaged row. */
  if (row_solution != NULL && !solution_ok)
    givens_ok = FALSE;
  words = g_strsplit (moves_text != NULL ? moves_text : "", " ", -1);
  moves = g_new (NcMove, g_strv_length (words) + 1);
  for (guint i = 0; words[i] != NULL && words_ok; i++)
    {
      if (words[i][0] == '\0')
        continue;
      words_ok = nc_move_parse (words[i], &moves[n_moves++]);
      if (joined->len > 0)
        g_string_append_c (joined, ' ');
      g_string_append (joined, words[i]);
    }
  if (givens_ok && words_ok && position >= 0 && (guint64) position <= n_moves)
    expected = nc_game_restore (&givens, moves, n_moves, (size_t) position, NULL);

  game = ne_game_load (store, game_id, &error);
  if (expected == NULL)
    {
      g_autofree char *named = g_strdup_printf ("Game %" G_GINT64_FORMAT " ", game_id);

      FUZZ_CHECK (game == NULL);
      FUZZ_CHECK (g_error_matches (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT));
      FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL));
      FUZZ_CHECK (g_str_has_prefix (error->message, named));
      return 0;
    }

  FUZZ_CHECK (game != NULL && error == NULL);
  for (int round = 0; round < 2; round++)
    {
      const NcGame *core = ne_game_get_core (game);
      const NcGrid *game_solution = ne_game_get_solution (game);

      FUZZ_CHECK (nc_grid_equal (nc_game_givens (core), &givens));
      FUZZ_CHECK (same_moves (core, moves, n_moves));
      FUZZ_CHECK (nc_game_position (core) == (size_t) position);
      FUZZ_CHECK (same_state (nc_game_state (core), nc_game_state (expected)));
      FUZZ_CHECK ((game_solution != NULL) == solution_ok);
      FUZZ_CHECK (game_solution == NULL || nc_grid_equal (game_solution, &solution));
      FUZZ_CHECK (ne_game_get_elapsed_ms (game) >= 0);
      FUZZ_CHECK (ne_game_get_store (game) == store && ne_game_get_game_id (game) == game_id);

      if (round == 0)
        {
          g_autofree char *saved_moves = NULL;
          g_autofree char *saved_givens = NULL;
          g_autofree char *saved_solution = NULL;
          gint64 saved_position;
          int saved_givens_len, saved_solution_len;

          /* Saved again: the same game, in the words it was read from. */
          FUZZ_CHECK (ne_game_save_now (game, &error));
          read_row (&saved_moves, &saved_position, &saved_givens, &saved_givens_len,
                    &saved_solution, &saved_solution_len);
          FUZZ_CHECK (strcmp (saved_moves, joined->str) == 0);
          FUZZ_CHECK (saved_position == position);
          g_object_unref (game);
          game = ne_game_load (store, game_id, &error);
          FUZZ_CHECK (game != NULL && error == NULL);
        }
    }
  g_object_unref (game);
  nc_game_free (expected);
  return 0;
}
