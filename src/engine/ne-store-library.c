/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-store-library.c: the puzzles and collections of the library: adding
 * (with the check for the same puzzle, perhaps transformed), reading,
 * titles and notes, the trash, collections, and the helpers that bind
 * and read their columns. */

#define G_LOG_DOMAIN "nonet-store"

#include "config.h"

#include "ne-store.h"
#include "ne-store-internal.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "nc-canon.h"
#include "nc-grade.h"
#include "nc-parse.h"
#include "nc-solver.h"

const char *
ne_puzzle_status_name (NePuzzleStatus status)
{
  switch (status)
    {
    case NE_PUZZLE_STATUS_NEW:
      return _("New");
    case NE_PUZZLE_STATUS_IN_PROGRESS:
      return _("In progress");
    case NE_PUZZLE_STATUS_SOLVED:
      return _("Solved");
    default:
      g_return_val_if_reached (NULL);
    }
}

void
ne_puzzle_info_clear (NePuzzleInfo *info)
{
  g_return_if_fail (info != NULL);

  g_clear_pointer (&info->title, g_free);
  g_clear_pointer (&info->author, g_free);
  g_clear_pointer (&info->source, g_free);
  g_clear_pointer (&info->notes, g_free);
  g_clear_pointer (&info->collection, g_free);
}

void
ne_collection_info_free (NeCollectionInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info);
}

/* The grade, score and hardest technique of a puzzle with exactly one
 * solution (stored in solution, which may be NULL); FALSE for none or
 * several. */
gboolean
ne_store_grade_if_unique (const NcGrid *givens,
                          NcGrid       *solution,
                          int          *grade,
                          int          *score,
                          int          *hardest)
{
  NcGradeResult result;

  if (nc_solver_count (givens, 2, solution) != 1)
    return FALSE;
  nc_grade (givens, &result, NULL, NULL);
  *grade = (int) result.grade;
  *score = (int) result.score;
  *hardest = (int) result.hardest;
  return TRUE;
}

void
ne_store_canon_line (const NcGrid *givens,
                     char          out[NC_CELLS + 1])
{
  NcGrid canon;

  nc_canon (givens, &canon);
  nc_grid_format_line (&canon, '.', out);
}

static gboolean
value_int_in (sqlite3_value *value,
              gint64         min,
              gint64         max)
{
  gint64 v;

  if (sqlite3_value_type (value) != SQLITE_INTEGER)
    return FALSE;
  v = sqlite3_value_int64 (value);
  return v >= min && v <= max;
}

static gboolean
value_null_or_int_in (sqlite3_value *value,
                      gint64         min,
                      gint64         max)
{
  return sqlite3_value_type (value) == SQLITE_NULL || value_int_in (value, min, max);
}

/* An integer column in [min, max]: not NULL, not text, not a real. */
gboolean
ne_store_column_int_in (sqlite3_stmt *stmt,
                        int           index,
                        gint64        min,
                        gint64        max)
{
  gint64 v;

  if (sqlite3_column_type (stmt, index) != SQLITE_INTEGER)
    return FALSE;
  v = sqlite3_column_int64 (stmt, index);
  return v >= min && v <= max;
}

/* 81 characters of '1'..'9', '.' or '0', at least one a digit (text
 * from SQLite ends with a NUL, which a cell cannot be). */
static gboolean
givens_text_sound (const char *text,
                   int         len)
{
  return text != NULL && len == NC_CELLS
         && strspn (text, "123456789.0") == NC_CELLS
         && strspn (text, ".0") < NC_CELLS;
}

/* Why a puzzle row is damaged, or NULL when it holds what Nonet writes. A
 * hand-edited row can pass the table's CHECKs and still hold letters, no
 * given at all or a status no Nonet knows. Every row of a list's count
 * comes here (NE_STORE_PUZZLE_SOUND_SQL): no allocation, no grid. */
const char *
ne_store_puzzle_damage (sqlite3_value **values)
{
  const char *givens = (const char *) sqlite3_value_text (values[PUZZLE_GIVENS]);

  if (!givens_text_sound (givens, sqlite3_value_bytes (values[PUZZLE_GIVENS])))
    return givens != NULL && strspn (givens, ".0") == NC_CELLS
           ? _("it has no givens") : _("its givens are not 81 digits and blanks");
  if (!value_int_in (values[PUZZLE_CLUES], 0, NC_CELLS))
    return _("its number of clues is not a number of cells");
  if (!value_null_or_int_in (values[PUZZLE_GRADE], 0, NC_GRADE_COUNT - 1))
    return _("its grade is not one Nonet knows");
  if (!value_null_or_int_in (values[PUZZLE_SCORE], 0, G_MAXINT))
    return _("its score is not a score");
  if (!value_int_in (values[PUZZLE_STATUS], NE_PUZZLE_STATUS_NEW, NE_PUZZLE_STATUS_SOLVED))
    return _("its status is not one Nonet knows");
  if (!value_null_or_int_in (values[PUZZLE_BEST_MS], 0, MAX_ELAPSED_MS))
    return _("its best time is not a time");
  if (!value_int_in (values[PUZZLE_ADDED], 0, MAX_TIME_MS))
    return _("the date it was added is not a date");
  if (!value_null_or_int_in (values[PUZZLE_HARDEST], 0, NC_TECH_COUNT - 1))
    return _("its hardest technique is not one Nonet knows");
  return NULL;
}

/* Logs a damaged puzzle once per store: lists leave it out every time. */
void
ne_store_warn_damaged_puzzle (NeStore    *self,
                              gint64      puzzle_id,
                              const char *reason)
{
  if (g_hash_table_contains (self->damaged_warned, &puzzle_id))
    return;
  g_hash_table_add (self->damaged_warned, g_memdup2 (&puzzle_id, sizeof puzzle_id));
  g_warning ("Puzzle %" G_GINT64_FORMAT " in the game library %s is damaged (%s): "
             "it is left out of the lists", puzzle_id, self->display_path, reason);
}

/* The longest run of digits a title key orders by value: its length is
 * written in two digits (ne-store-private.h). */
#define TITLE_KEY_MAX_RUN 99

char *
ne_store_title_key (const char *title)
{
  g_autofree char *decomposed = NULL;
  g_autofree char *folded = NULL;
  GString *key;
  const char *p;

  g_return_val_if_fail (title != NULL, NULL);

  /* Compatibility forms (fullwidth digits, ligatures) as their plain
   * letters, then without case or accents. */
  decomposed = g_utf8_normalize (title, -1, G_NORMALIZE_ALL);
  if (decomposed == NULL)   /* not UTF-8: still a key, as the title has one */
    return g_strdup (title);
  folded = g_utf8_casefold (decomposed, -1);

  key = g_string_sized_new (strlen (folded) + 8);
  p = folded;
  while (*p != '\0')
    {
      if (g_ascii_isdigit (*p))
        {
          const char *digits;
          gsize len;

          while (*p == '0')
            p++;
          digits = p;
          while (g_ascii_isdigit (*p))
            p++;
          /* A longer run (no title has one) sorts among the 99-digit
           * numbers, by its digits. */
          len = p - digits;
          g_string_append_printf (key, "%02u", (guint) MIN (len, TITLE_KEY_MAX_RUN));
          g_string_append_len (key, digits, len);
        }
      else
        {
          gunichar c = g_utf8_get_char (p);

          if (g_unichar_type (c) != G_UNICODE_NON_SPACING_MARK)
            g_string_append_unichar (key, c);
          p = g_utf8_next_char (p);
        }
    }
  return g_string_free (key, FALSE);
}

static void
bind_grid (sqlite3_stmt *stmt,
           int           index,
           const NcGrid *grid)
{
  char line[82];

  if (grid == NULL)
    {
      sqlite3_bind_null (stmt, index);
      return;
    }
  nc_grid_format_line (grid, '.', line);
  sqlite3_bind_text (stmt, index, line, NC_CELLS, SQLITE_TRANSIENT);
}

/* Text as the library stores it: valid UTF-8, whatever the caller had. */
static void
bind_valid_text (sqlite3_stmt *stmt,
                 int           index,
                 const char   *text)
{
  if (g_utf8_validate (text, -1, NULL))
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_text (stmt, index, g_utf8_make_valid (text, -1), -1, g_free);
}

/* NULL for an empty string too. */
static void
bind_text_or_null (sqlite3_stmt *stmt,
                   int           index,
                   const char   *text)
{
  if (text == NULL || text[0] == '\0')
    sqlite3_bind_null (stmt, index);
  else
    bind_valid_text (stmt, index, text);
}

static void
bind_id_or_null (sqlite3_stmt *stmt,
                 int           index,
                 gint64        id)
{
  if (id == 0)
    sqlite3_bind_null (stmt, index);
  else
    sqlite3_bind_int64 (stmt, index, id);
}

static void
bind_int_or_null (sqlite3_stmt *stmt,
                  int           index,
                  int           value)
{
  if (value < 0)
    sqlite3_bind_null (stmt, index);
  else
    sqlite3_bind_int (stmt, index, value);
}

/* A grid column: FALSE unless 81 characters of '1'..'9', '.' or '0'. */
gboolean
ne_store_column_grid (sqlite3_stmt *stmt,
                      int           index,
                      NcGrid       *out)
{
  return ne_store_grid_from_text ((const char *) sqlite3_column_text (stmt, index),
                                  sqlite3_column_bytes (stmt, index), out);
}

/* A text column as valid UTF-8 (NULL for NULL), however it was written. */
static char *
column_strdup (sqlite3_stmt *stmt,
               int           index)
{
  return ne_store_valid_text_dup ((const char *) sqlite3_column_text (stmt, index),
                                  sqlite3_column_bytes (stmt, index));
}

/* Runs a bound statement that changes the row of id (a "what", for the
 * error) and ends the transaction the caller began: NOT_FOUND when there
 * was no such row. */
static gboolean
change_one_and_end (NeStore       *self,
                    sqlite3_stmt  *stmt,
                    const char    *what,
                    gint64         id,
                    GError       **error)
{
  int changes = ne_store_step_change (self, stmt, error);

  if (changes == 0)
    ne_store_set_not_found (self, error, what, id);
  if (changes > 0)
    self->changed = TRUE;
  return ne_store_tx_end (self, changes > 0, error);
}

gint64
ne_store_find_puzzle (NeStore       *self,
                      const NcGrid  *givens,
                      GError       **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_FIND_PUZZLE);
  bind_grid (stmt, 1, givens);
  return ne_store_step_id (self, stmt, error);
}

static gint64
find_by_canon (NeStore     *self,
               const char  *canon,
               GError     **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_FIND_EQUIVALENT);

  sqlite3_bind_text (stmt, 1, canon, NC_CELLS, SQLITE_TRANSIENT);
  return ne_store_step_id (self, stmt, error);
}

gint64
ne_store_find_equivalent (NeStore       *self,
                          const NcGrid  *givens,
                          GError       **error)
{
  char canon[NC_CELLS + 1];

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  ne_store_canon_line (givens, canon);
  return find_by_canon (self, canon, error);
}

/* Inserts a row (grade, score and hardest -1 for unknown; canon is givens'
 * canonical line); returns its id, 0 with no error when a puzzle with the same givens
 * is there already. */
static gint64
insert_row (NeStore             *self,
            const NcGrid        *givens,
            const char          *canon,
            const NcGrid        *solution,
            int                  grade,
            int                  score,
            int                  hardest,
            const NePuzzleMeta  *meta,
            GError             **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_ADD_PUZZLE);
  g_autofree char *title_key = NULL;
  int rc;

  bind_grid (stmt, 1, givens);
  bind_grid (stmt, 2, solution);
  bind_text_or_null (stmt, 3, meta->source);
  sqlite3_bind_int64 (stmt, 4, ne_store_now_ms ());
  sqlite3_bind_text (stmt, 5, canon, NC_CELLS, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 6, nc_grid_count_filled (givens));
  bind_int_or_null (stmt, 7, grade);
  bind_int_or_null (stmt, 8, grade < 0 ? -1 : score);
  bind_text_or_null (stmt, 9, meta->title);
  bind_text_or_null (stmt, 10, meta->author);
  bind_text_or_null (stmt, 11, meta->notes);
  bind_id_or_null (stmt, 12, meta->collection_id);
  if (meta->title != NULL && meta->title[0] != '\0')
    {
      g_autofree char *title = g_utf8_make_valid (meta->title, -1);

      title_key = ne_store_title_key (title);
    }
  bind_text_or_null (stmt, 13, title_key);
  bind_int_or_null (stmt, 14, grade < 0 ? -1 : hardest);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
  if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
    {
      ne_store_set_not_found (self, error, _("Collection"), meta->collection_id);
      return 0;
    }
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                          _("Could not add the puzzle to the game library"));
      return 0;
    }
  if (sqlite3_changes (self->db) == 0)
    return 0;
  self->changed = TRUE;
  return sqlite3_last_insert_rowid (self->db);
}

/* Takes a puzzle out of the trash; *restored (may be NULL) says whether it
 * was in it. FALSE and error when that fails. */
static gboolean
untrash (NeStore   *self,
         gint64     puzzle_id,
         gboolean  *restored,
         GError   **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_UNTRASH);
  int changes;

  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  changes = ne_store_step_change (self, stmt, error);
  if (changes > 0)
    self->changed = TRUE;
  if (restored != NULL)
    *restored = changes > 0;
  return changes >= 0;
}

gint64
ne_store_add_or_find_puzzle (NeStore       *self,
                             const NcGrid  *givens,
                             const NcGrid  *solution,
                             const char    *source,
                             GError       **error)
{
  NePuzzleMeta meta = { .source = source };
  char canon[NC_CELLS + 1];
  int grade = -1;
  int score = -1;
  int hardest = -1;
  gint64 id;

  if (!ne_store_grade_if_unique (givens, NULL, &grade, &score, &hardest))
    grade = score = hardest = -1;
  ne_store_canon_line (givens, canon);
  id = insert_row (self, givens, canon, solution, grade, score, hardest, &meta, error);
  if (id != 0 || (error != NULL && *error != NULL))
    return id;

  /* Already there: the same puzzle, out of the trash if it was in it. */
  id = ne_store_find_puzzle (self, givens, error);
  if (id == 0 && error != NULL && *error == NULL)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_FAILED,
                 _("Could not add the puzzle to the game library %s"), self->display_path);
  if (id != 0 && !untrash (self, id, NULL, error))
    return 0;
  return id;
}

gint64
ne_store_add_puzzle (NeStore       *self,
                     const NcGrid  *givens,
                     const NcGrid  *solution,
                     const char    *source,
                     GError       **error)
{
  gint64 id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!ne_store_tx_begin (self, error))
    return 0;
  id = ne_store_add_or_find_puzzle (self, givens, solution, source, error);
  if (!ne_store_tx_end (self, id != 0, error))
    return 0;
  return id;
}

static gboolean
validate_solution (const NcGrid  *givens,
                   const NcGrid  *solution,
                   GError       **error)
{
  if (solution == NULL || !nc_grid_is_full (solution)
      || nc_grid_find_conflicts (solution, NULL, 0) != 0)
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID,
                   _("The puzzle could not be added: its solution is not a solved grid"));
      return FALSE;
    }
  for (int i = 0; i < NC_CELLS; i++)
    if (givens->cell[i] != 0 && givens->cell[i] != solution->cell[i])
      {
        char cell[5];

        g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID,
                     _("The puzzle could not be added: its given at %s is not in its solution"),
                     nc_cell_name (i, cell));
        return FALSE;
      }
  return TRUE;
}

char *
ne_store_describe_puzzle (NeStore *self,
                          gint64   puzzle_id)
{
  NePuzzleInfo info = { 0 };
  GString *text;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);

  text = g_string_new (NULL);
  if (ne_store_get_puzzle (self, puzzle_id, &info, NULL) && info.title != NULL)
    g_string_append_printf (text, "“%s”", info.title);
  else
    g_string_append_printf (text, "#%" G_GINT64_FORMAT, puzzle_id);
  if (info.collection != NULL)
    g_string_append_printf (text, " in %s", info.collection);
  ne_puzzle_info_clear (&info);
  return g_string_free (text, FALSE);
}

char *
ne_store_describe_duplicate (NeStore  *self,
                             gint64    original_id,
                             gboolean  was_trashed)
{
  g_autofree char *original = NULL;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);

  original = ne_store_describe_puzzle (self, original_id);
  if (was_trashed)
    return g_strdup_printf ("the same puzzle as %s, which was in the trash and is back in the library",
                            original);
  return g_strdup_printf ("the same puzzle as %s", original);
}

/* The duplicate error for original_id, e.g. "the same puzzle as “Easy 4”
 * in Easy". */
static void
set_duplicate (NeStore     *self,
               GError     **error,
               gint64       original_id,
               gboolean     was_trashed)
{
  g_autofree char *message = ne_store_describe_duplicate (self, original_id, was_trashed);

  g_set_error_literal (error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE, message);
}

gint64
ne_store_find_duplicate (NeStore       *self,
                         const NcGrid  *givens,
                         gboolean      *was_trashed,
                         GError       **error)
{
  GError *local_error = NULL;
  gboolean restored = FALSE;
  gint64 original;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (was_trashed != NULL)
    *was_trashed = FALSE;
  original = ne_store_find_puzzle (self, givens, error);
  if (original == 0)
    return 0;
  if (!ne_store_tx_begin (self, error))
    return 0;
  if (!ne_store_tx_end (self, untrash (self, original, &restored, &local_error), &local_error))
    {
      g_propagate_error (error, local_error);
      return 0;
    }
  if (was_trashed != NULL)
    *was_trashed = restored;
  return original;
}

/* The insert proper, inside a transaction: 0 and error when not added. */
static gint64
insert_puzzle (NeStore             *self,
               const NcGrid        *givens,
               const NcGrid        *solution,
               int                  grade,
               int                  score,
               int                  hardest,
               const NePuzzleMeta  *meta,
               gint64              *original_id,
               GError             **error)
{
  GError *local_error = NULL;
  gboolean restored = FALSE;
  char canon[NC_CELLS + 1];
  gint64 original;
  gint64 id;

  ne_store_canon_line (givens, canon);
  original = find_by_canon (self, canon, &local_error);
  if (original == 0 && local_error == NULL)
    {
      id = insert_row (self, givens, canon, solution, grade, score, hardest, meta, &local_error);
      if (id != 0 || local_error != NULL)
        {
          if (local_error != NULL)
            g_propagate_error (error, local_error);
          return id;
        }
      /* The same givens without a canonical form: a row no migration
       * filled; recognise it all the same. */
      original = ne_store_find_puzzle (self, givens, &local_error);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return 0;
    }

  /* A puzzle in the trash is one the person deleted moments ago (the trash
   * is purged when the Undo toast goes): adding it again means they want
   * it, so it comes back rather than staying out of view. */
  if (!untrash (self, original, &restored, error))
    return 0;
  if (original_id != NULL)
    *original_id = original;
  set_duplicate (self, error, original, restored);
  return 0;
}

gint64
ne_store_insert_puzzle (NeStore             *self,
                        const NcGrid        *givens,
                        const NcGrid        *solution,
                        int                  grade,
                        int                  score,
                        int                  hardest,
                        const NePuzzleMeta  *meta,
                        gint64              *original_id,
                        GError             **error)
{
  static const NePuzzleMeta no_meta = { 0 };
  GError *local_error = NULL;
  gboolean ok;
  gint64 id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (givens != NULL, 0);
  g_return_val_if_fail (grade >= -1 && grade < NC_GRADE_COUNT, 0);
  g_return_val_if_fail (grade < 0 || (hardest >= 0 && hardest < NC_TECH_COUNT), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (original_id != NULL)
    *original_id = 0;
  if (!validate_solution (givens, solution, error))
    return 0;
  if (!ne_store_tx_begin (self, error))
    return 0;
  id = insert_puzzle (self, givens, solution, grade, score, hardest,
                      meta != NULL ? meta : &no_meta, original_id, &local_error);
  /* A duplicate is not a failure of the transaction: a puzzle it took out
   * of the trash stays out. */
  ok = id != 0 || g_error_matches (local_error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE);
  if (local_error != NULL)
    {
      ne_store_tx_end (self, ok, NULL);
      g_propagate_error (error, local_error);
      return 0;
    }
  if (!ne_store_tx_end (self, ok, error))
    return 0;
  return id;
}

gboolean
ne_store_get_puzzle (NeStore       *self,
                     gint64         puzzle_id,
                     NePuzzleInfo  *out,
                     GError       **error)
{
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  stmt = ne_store_stmt (self, STMT_GET_PUZZLE);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      sqlite3_value *values[N_PUZZLE_CHECKED];
      const char *damage;

      /* Copies: a column's own value is only for binding elsewhere. */
      for (int i = 0; i < N_PUZZLE_CHECKED; i++)
        values[i] = sqlite3_value_dup (sqlite3_column_value (stmt, i));
      damage = ne_store_puzzle_damage (values);
      for (int i = 0; i < N_PUZZLE_CHECKED; i++)
        sqlite3_value_free (values[i]);
      if (damage != NULL)
        {
          g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_CORRUPT,
                       _("Puzzle %lld in the game library %s is damaged: %s"),
                       (long long) puzzle_id, self->display_path, damage);
          sqlite3_reset (stmt);
          return FALSE;
        }
      out->id = puzzle_id;
      ne_store_column_grid (stmt, PUZZLE_GIVENS, &out->givens);
      out->clues = sqlite3_column_int (stmt, PUZZLE_CLUES);
      out->grade = sqlite3_column_type (stmt, PUZZLE_GRADE) == SQLITE_NULL
                   ? -1 : sqlite3_column_int (stmt, PUZZLE_GRADE);
      out->score = sqlite3_column_type (stmt, PUZZLE_SCORE) == SQLITE_NULL
                   ? -1 : sqlite3_column_int (stmt, PUZZLE_SCORE);
      out->status = (NePuzzleStatus) sqlite3_column_int (stmt, PUZZLE_STATUS);
      out->best_ms = sqlite3_column_type (stmt, PUZZLE_BEST_MS) == SQLITE_NULL
                     ? -1 : sqlite3_column_int64 (stmt, PUZZLE_BEST_MS);
      out->added_ms = sqlite3_column_int64 (stmt, PUZZLE_ADDED);
      out->hardest = out->grade < 0 || sqlite3_column_type (stmt, PUZZLE_HARDEST) == SQLITE_NULL
                     ? -1 : sqlite3_column_int (stmt, PUZZLE_HARDEST);
      if (!ne_store_column_grid (stmt, N_PUZZLE_CHECKED, &out->solution))
        memset (&out->solution, 0, sizeof out->solution);
      out->title = column_strdup (stmt, N_PUZZLE_CHECKED + 1);
      out->author = column_strdup (stmt, N_PUZZLE_CHECKED + 2);
      out->source = column_strdup (stmt, N_PUZZLE_CHECKED + 3);
      out->notes = column_strdup (stmt, N_PUZZLE_CHECKED + 4);
      out->collection_id = sqlite3_column_int64 (stmt, N_PUZZLE_CHECKED + 5);
      out->collection = column_strdup (stmt, N_PUZZLE_CHECKED + 6);
    }
  else if (rc == SQLITE_DONE)
    ne_store_set_not_found (self, error, _("Puzzle"), puzzle_id);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return rc == SQLITE_ROW;
}

guint
ne_store_count_puzzles (NeStore  *self,
                        GError  **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  return (guint) ne_store_step_id (self, ne_store_stmt (self, STMT_COUNT_PUZZLES), error);
}

/* Runs which (?1 a puzzle id, ?2 value when it has one: 0 is NULL) on each
 * puzzle, in one transaction: all of them or, when one is missing, none. */
static gboolean
update_puzzles (NeStore       *self,
                Stmt           which,
                const gint64  *ids,
                guint          n_ids,
                gint64         value,
                GError       **error)
{
  gboolean ok = TRUE;

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  for (guint i = 0; i < n_ids && ok; i++)
    {
      sqlite3_stmt *stmt = ne_store_stmt (self, which);
      int changes;

      sqlite3_bind_int64 (stmt, 1, ids[i]);
      if (sqlite3_bind_parameter_count (stmt) >= 2)
        bind_id_or_null (stmt, 2, value);
      changes = ne_store_step_change (self, stmt, error);
      if (changes == 0)
        ne_store_set_not_found (self, error, _("Puzzle"), ids[i]);
      ok = changes > 0;
    }
  if (ok && n_ids > 0)
    self->changed = TRUE;
  return ne_store_tx_end (self, ok, error);
}

/* Sets a text column (?2) of puzzle ?1; an empty text is NULL. A title
 * has its sort key beside it (?3). */
static gboolean
set_puzzle_text (NeStore     *self,
                 Stmt         which,
                 gint64       puzzle_id,
                 const char  *text,
                 GError     **error)
{
  g_autofree char *stripped = g_strstrip (g_utf8_make_valid (text != NULL ? text : "", -1));
  g_autofree char *title_key = NULL;
  sqlite3_stmt *stmt;

  if (which == STMT_SET_TITLE && stripped[0] != '\0')
    title_key = ne_store_title_key (stripped);
  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, which);
  sqlite3_bind_int64 (stmt, 1, puzzle_id);
  bind_text_or_null (stmt, 2, stripped);
  if (which == STMT_SET_TITLE)
    bind_text_or_null (stmt, 3, title_key);
  return change_one_and_end (self, stmt, "Puzzle", puzzle_id, error);
}

gboolean
ne_store_set_title (NeStore     *self,
                    gint64       puzzle_id,
                    const char  *title,
                    GError     **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return set_puzzle_text (self, STMT_SET_TITLE, puzzle_id, title, error);
}

gboolean
ne_store_set_notes (NeStore     *self,
                    gint64       puzzle_id,
                    const char  *notes,
                    GError     **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return set_puzzle_text (self, STMT_SET_NOTES, puzzle_id, notes, error);
}

/* The collection's name; NULL and NOT_FOUND when there is none. */
static char *
collection_name (NeStore  *self,
                 gint64    collection_id,
                 GError  **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_COLLECTION_EXISTS);
  char *name = NULL;
  int rc;

  sqlite3_bind_int64 (stmt, 1, collection_id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    name = column_strdup (stmt, 0);
  else if (rc == SQLITE_DONE)
    ne_store_set_not_found (self, error, _("Collection"), collection_id);
  else
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return name;
}

gboolean
ne_store_move_puzzles (NeStore       *self,
                       const gint64  *ids,
                       guint          n_ids,
                       gint64         collection_id,
                       GError       **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (collection_id != 0)
    {
      g_autofree char *name = collection_name (self, collection_id, error);

      if (name == NULL)
        return FALSE;
    }
  return update_puzzles (self, STMT_MOVE_PUZZLE, ids, n_ids, collection_id, error);
}

gboolean
ne_store_trash_puzzles (NeStore       *self,
                        const gint64  *ids,
                        guint          n_ids,
                        GError       **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return update_puzzles (self, STMT_TRASH_PUZZLE, ids, n_ids, ne_store_now_ms (), error);
}

gboolean
ne_store_restore_puzzles (NeStore       *self,
                          const gint64  *ids,
                          guint          n_ids,
                          GError       **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return update_puzzles (self, STMT_RESTORE_PUZZLE, ids, n_ids, 0, error);
}

/* Deletes what went to the trash at or before trashed_before (ms), with
 * its games (ON DELETE CASCADE). */
gboolean
ne_store_purge_trashed_before (NeStore  *self,
                               gint64    trashed_before,
                               GError  **error)
{
  sqlite3_stmt *stmt;
  int changes;

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_PURGE_TRASH);
  sqlite3_bind_int64 (stmt, 1, trashed_before);
  changes = ne_store_step_change (self, stmt, error);
  if (changes > 0)
    self->changed = TRUE;
  return ne_store_tx_end (self, changes >= 0, error);
}

gboolean
ne_store_purge_trash (NeStore  *self,
                      GError  **error)
{
  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return ne_store_purge_trashed_before (self, G_MAXINT64, error);
}

/* A collection's name as a person typed it: trimmed, and not empty. */
static char *
check_collection_name (const char  *name,
                       GError     **error)
{
  g_autofree char *stripped = g_strstrip (g_utf8_make_valid (name, -1));

  if (stripped[0] == '\0')
    {
      g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_INVALID,
                   _("A collection needs a name"));
      return NULL;
    }
  return g_steal_pointer (&stripped);
}

gint64
ne_store_insert_collection (NeStore     *self,
                            const char  *name,
                            gboolean     builtin,
                            GError     **error)
{
  sqlite3_stmt *stmt = ne_store_stmt (self, STMT_ADD_COLLECTION);
  GError *local_error = NULL;
  gint64 id;
  int changes;

  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, builtin ? 1 : 0);
  sqlite3_bind_int64 (stmt, 3, ne_store_now_ms ());
  changes = ne_store_step_change (self, stmt, error);
  if (changes < 0)
    return 0;
  if (changes > 0)
    {
      self->changed = TRUE;
      return sqlite3_last_insert_rowid (self->db);
    }
  stmt = ne_store_stmt (self, STMT_FIND_COLLECTION);
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  id = ne_store_step_id (self, stmt, &local_error);
  if (id == 0 && local_error == NULL)
    ne_store_set_error (self, &local_error, NE_STORE_ERROR_FAILED,
                        _("Could not add a collection to the game library"));
  if (local_error != NULL)
    g_propagate_error (error, local_error);
  return id;
}

gint64
ne_store_add_collection (NeStore     *self,
                         const char  *name,
                         GError     **error)
{
  g_autofree char *checked = NULL;
  gint64 id;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (name != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  checked = check_collection_name (name, error);
  if (checked == NULL || !ne_store_tx_begin (self, error))
    return 0;
  id = ne_store_insert_collection (self, checked, FALSE, error);
  if (!ne_store_tx_end (self, id != 0, error))
    return 0;
  return id;
}

gint64
ne_store_find_collection (NeStore     *self,
                          const char  *name,
                          GError     **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (NE_IS_STORE (self), 0);
  g_return_val_if_fail (name != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  stmt = ne_store_stmt (self, STMT_FIND_COLLECTION);
  bind_valid_text (stmt, 1, name);
  return ne_store_step_id (self, stmt, error);
}

gboolean
ne_store_rename_collection (NeStore     *self,
                            gint64       collection_id,
                            const char  *name,
                            GError     **error)
{
  g_autofree char *checked = NULL;
  sqlite3_stmt *stmt;
  gboolean ok;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  checked = check_collection_name (name, error);
  if (checked == NULL || !ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_RENAME_COLLECTION);
  sqlite3_bind_int64 (stmt, 1, collection_id);
  sqlite3_bind_text (stmt, 2, checked, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  ok = rc == SQLITE_DONE && sqlite3_changes (self->db) == 1;
  if (rc == SQLITE_CONSTRAINT_UNIQUE)
    g_set_error (error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE,
                 _("There is already a collection named “%s”"), checked);
  else if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                        _("Could not rename the collection in the game library"));
  else if (!ok)
    ne_store_set_not_found (self, error, _("Collection"), collection_id);
  if (ok)
    self->changed = TRUE;
  return ne_store_tx_end (self, ok, error);
}

gboolean
ne_store_delete_collection (NeStore  *self,
                            gint64    collection_id,
                            GError  **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (NE_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  stmt = ne_store_stmt (self, STMT_DELETE_COLLECTION);
  sqlite3_bind_int64 (stmt, 1, collection_id);
  return change_one_and_end (self, stmt, "Collection", collection_id, error);
}

GPtrArray *
ne_store_list_collections (NeStore  *self,
                           GError  **error)
{
  g_autoptr(GPtrArray) list = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  list = g_ptr_array_new_with_free_func ((GDestroyNotify) ne_collection_info_free);
  stmt = ne_store_stmt (self, STMT_LIST_COLLECTIONS);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      NeCollectionInfo *info = g_new0 (NeCollectionInfo, 1);

      info->id = sqlite3_column_int64 (stmt, 0);
      info->name = column_strdup (stmt, 1);
      info->builtin = sqlite3_column_int (stmt, 2) != 0;
      info->n_puzzles = (guint) sqlite3_column_int64 (stmt, 3);
      g_ptr_array_add (list, info);
    }
  if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return rc == SQLITE_DONE ? g_steal_pointer (&list) : NULL;
}

GArray *
ne_store_list_puzzle_ids (NeStore  *self,
                          gint64    collection_id,
                          int       status,
                          GError  **error)
{
  return ne_store_list_puzzle_ids_full (self, collection_id, status, -1, error);
}

GArray *
ne_store_list_puzzle_ids_full (NeStore  *self,
                               gint64    collection_id,
                               int       status,
                               int       hardest,
                               GError  **error)
{
  g_autoptr(GArray) ids = NULL;
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (NE_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  stmt = ne_store_stmt (self, STMT_LIST_PUZZLE_IDS);
  sqlite3_bind_int64 (stmt, 1, collection_id < 0 ? -1 : collection_id);
  sqlite3_bind_int (stmt, 2, status < 0 ? -1 : status);
  sqlite3_bind_int (stmt, 3, hardest < 0 ? -1 : hardest);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (ids, id);
    }
  if (rc != SQLITE_DONE)
    ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
  sqlite3_reset (stmt);
  return rc == SQLITE_DONE ? g_steal_pointer (&ids) : NULL;
}

/* Collection names that are not UTF-8 (an older build named a collection
 * after a file whose name was not) made valid, so that no name from the
 * library ever reaches a list, a menu or the accessibility bus as invalid
 * UTF-8. The table is small: read at every open, written only when a name
 * needs it. A repaired name another collection has already gets its id. */
gboolean
ne_store_repair_names (NeStore  *self,
                       GError  **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = NULL;
  gboolean ok = TRUE;
  int rc;

  if (sqlite3_prepare_v2 (self->db, "SELECT id, name FROM collection", -1, &stmt, NULL) != SQLITE_OK)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
      return FALSE;
    }
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (stmt, 1);
      int len = sqlite3_column_bytes (stmt, 1);
      gint64 id = sqlite3_column_int64 (stmt, 0);

      if (sqlite3_column_type (stmt, 1) == SQLITE_TEXT && g_utf8_validate_len (name, len, NULL))
        continue;
      g_array_append_val (ids, id);
      g_ptr_array_add (names, ne_store_valid_text_dup (name != NULL ? name : "", len));
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      ne_store_set_error (self, error, NE_STORE_ERROR_FAILED, _("Could not read the game library"));
      return FALSE;
    }
  if (ids->len == 0)
    return TRUE;

  if (!ne_store_tx_begin (self, error))
    return FALSE;
  for (guint i = 0; i < ids->len && ok; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *renamed = g_strdup_printf ("%s (%" G_GINT64_FORMAT ")", name, id);
      sqlite3_stmt *rename = ne_store_stmt (self, STMT_RENAME_COLLECTION);

      g_debug ("Collection %" G_GINT64_FORMAT " of %s: its name made valid UTF-8 as “%s”",
               id, self->display_path, name);
      sqlite3_bind_int64 (rename, 1, id);
      sqlite3_bind_text (rename, 2, name, -1, SQLITE_STATIC);
      rc = sqlite3_step (rename);
      sqlite3_reset (rename);
      if ((rc & 0xff) == SQLITE_CONSTRAINT)
        {
          sqlite3_bind_text (rename, 2, renamed, -1, SQLITE_STATIC);
          rc = sqlite3_step (rename);
          sqlite3_reset (rename);
        }
      sqlite3_clear_bindings (rename);
      if (rc != SQLITE_DONE)
        {
          ne_store_set_error (self, error, NE_STORE_ERROR_FAILED,
                              _("Could not write to the game library"));
          ok = FALSE;
        }
    }
  if (ok)
    self->changed = TRUE;
  return ne_store_tx_end (self, ok, error);
}
