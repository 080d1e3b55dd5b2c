/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-model.c: the library's list model over 10,000 puzzles: counts
 * and rows against the same data sorted and filtered here, paging that reads
 * only the pages a view touches, page queries that walk an index, one
 * items-changed per change, and refreshes after the store changes. */

#define G_LOG_DOMAIN "nonet-test-library-model"

#include "config.h"

#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "nc-grade.h"
#include "ne-library-model.h"
#include "ne-search.h"
#include "ne-store-private.h"
#include "ne-store.h"

#define N_ROWS 10000
#define BASE_ADDED G_GINT64_CONSTANT (1700000000000)

static const char *const db_files[] = { "library.db", "library.db-wal", "library.db-shm" };
static const char *const collection_names[] = { NULL, "Easy", "Forum 50%_off", "Book Two" };

/* A puzzle as the test wrote it, to sort and filter independently of SQL. */
typedef struct
{
  gint64      id;
  char       *title;       /* NULL: untitled */
  int         clues;
  int         grade;       /* -1: NULL */
  int         hardest;     /* NcTechnique of that grade; -1 with grade */
  int         status;
  gint64      best_ms;     /* -1: NULL */
  gint64      added;
  gint64      collection_id;
  const char *collection;
  char       *author;
  char       *source;
  char       *notes;
  gboolean    trashed;
  char        givens[82];
} Row;

typedef struct
{
  char    *dir;
  NeStore *store;
  Row     *rows;           /* rows[i] has id i + 1 */
  guint    n_shown;        /* not trashed */
} Fixture;

static void
row_clear (Row *row)
{
  g_free (row->title);
  g_free (row->author);
  g_free (row->source);
  g_free (row->notes);
}

/* Row i (1-based): every column varied, with ties, NULLs, mixed case, and
 * text that a LIKE wildcard left unescaped would match by mistake. */
static void
make_row (Row *row,
          int  i)
{
  static const char *const words[] = { "Puzzle", "alpha", "Zebra", "bravo", "\xc3\x89" "chelle" };
  guint h = (guint) i * 2654435761u;

  row->id = i;
  row->clues = 17 + (int) ((h >> 8) % 20);
  row->grade = i % 7 == 0 ? -1 : (int) ((h >> 12) % 5);
  row->hardest = -1;
  if (row->grade >= 0)
    {
      int of_grade[NC_TECH_COUNT];
      int n = 0;

      for (int t = 0; t < NC_TECH_COUNT; t++)
        if ((int) nc_technique_grade ((NcTechnique) t) == row->grade)
          of_grade[n++] = t;
      g_assert_cmpint (n, >, 0);
      row->hardest = of_grade[(h >> 24) % (guint) n];
    }
  row->status = (int) ((h >> 16) % 3);
  row->best_ms = row->status == NE_PUZZLE_STATUS_SOLVED ? 30000 + (gint64) ((h >> 4) % 500) * 1000 : -1;
  row->added = BASE_ADDED + (gint64) ((h >> 10) % 3000) * 1000;
  row->collection_id = i % 4;
  row->collection = collection_names[row->collection_id];
  if (i % 500 == 1)
    row->title = g_strdup_printf ("100%% sure %d", i);
  else if (i % 500 == 2)
    row->title = g_strdup_printf ("snake_case %d", i);
  else if (i % 5 != 0)
    row->title = g_strdup_printf ("%s %d", words[(h >> 20) % G_N_ELEMENTS (words)], (int) ((h >> 3) % 1000));
  row->author = i % 10 == 0 ? g_strdup ("Arto Inkala") : NULL;
  row->source = i % 3 == 0 ? g_strdup_printf ("forum thread %d", i % 97) : NULL;
  row->notes = i % 9 == 0 ? g_strdup ("bake cookies first") : NULL;
  row->trashed = i % 50 == 0;
  /* Unique givens: the number, zero-padded, zeros blank. */
  g_snprintf (row->givens, sizeof row->givens, "%081d", i);
  for (int c = 0; c < 81; c++)
    if (row->givens[c] == '0')
      row->givens[c] = '.';
}

static void
exec_sql (sqlite3    *db,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

static gint64
query_int (sqlite3    *db,
           const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

static void
bind_text_or_null (sqlite3_stmt *stmt,
                   int           index,
                   const char   *text)
{
  if (text != NULL)
    sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, index);
}

static void
bind_int64_or_null (sqlite3_stmt *stmt,
                    int           index,
                    gint64        value)
{
  if (value >= 0)
    sqlite3_bind_int64 (stmt, index, value);
  else
    sqlite3_bind_null (stmt, index);
}

/* Straight into SQLite in one transaction: the store's checked inserts
 * (solve, grade, canonical form) would take far longer than the test. */
static void
insert_row (sqlite3   *db,
            const Row *row)
{
  sqlite3_stmt *stmt = NULL;
  g_autofree char *title_key = row->title != NULL ? ne_store_title_key (row->title) : NULL;

  if (sqlite3_prepare_v2 (db,
                          "INSERT INTO puzzle (id, givens, canon, added, clues, grade, score, title,"
                          " author, source, notes, collection_id, status, best_ms, trashed, title_key,"
                          " hardest)"
                          " VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
                          " ?15)",
                          -1, &stmt, NULL) != SQLITE_OK)
    g_error ("insert: %s", sqlite3_errmsg (db));
  sqlite3_bind_int64 (stmt, 1, row->id);
  sqlite3_bind_text (stmt, 2, row->givens, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, row->added);
  sqlite3_bind_int (stmt, 4, row->clues);
  bind_int64_or_null (stmt, 5, row->grade);
  bind_text_or_null (stmt, 6, row->title);
  bind_text_or_null (stmt, 7, row->author);
  bind_text_or_null (stmt, 8, row->source);
  bind_text_or_null (stmt, 9, row->notes);
  bind_int64_or_null (stmt, 10, row->collection_id > 0 ? row->collection_id : -1);
  sqlite3_bind_int (stmt, 11, row->status);
  bind_int64_or_null (stmt, 12, row->best_ms);
  bind_int64_or_null (stmt, 13, row->trashed ? BASE_ADDED : -1);
  bind_text_or_null (stmt, 14, title_key);
  bind_int64_or_null (stmt, 15, row->hardest);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    g_error ("insert %" G_GINT64_FORMAT ": %s", row->id, sqlite3_errmsg (db));
  sqlite3_finalize (stmt);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *moved = NULL;
  sqlite3 *db;

  fixture->dir = g_dir_make_tmp ("nonet-test-library-model-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->dir, "library.db", NULL);
  /* Without the built-in collections, which would be deleted below: they
   * took most of this suite's time, under TSan a minute. */
  fixture->store = ne_store_open_or_recover_later (path, &moved, &error);
  g_assert_no_error (error);
  g_assert_null (moved);
  db = ne_store_get_db (fixture->store);

  fixture->rows = g_new0 (Row, N_ROWS);
  exec_sql (db, "BEGIN");
  /* Only our puzzles. */
  exec_sql (db, "DELETE FROM game; DELETE FROM puzzle; DELETE FROM collection;");
  for (guint c = 1; c < G_N_ELEMENTS (collection_names); c++)
    {
      char *sql = sqlite3_mprintf ("INSERT INTO collection (id, name, added) VALUES (%u, %Q, 0)",
                                   c, collection_names[c]);

      exec_sql (db, sql);
      sqlite3_free (sql);
    }
  for (int i = 0; i < N_ROWS; i++)
    {
      make_row (&fixture->rows[i], i + 1);
      insert_row (db, &fixture->rows[i]);
      fixture->n_shown += !fixture->rows[i].trashed;
    }
  exec_sql (db, "COMMIT");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->store);
  for (int i = 0; i < N_ROWS; i++)
    row_clear (&fixture->rows[i]);
  g_free (fixture->rows);
  /* The library and its -wal and -shm: the folder holds nothing else. */
  for (guint i = 0; i < G_N_ELEMENTS (db_files); i++)
    {
      g_autofree char *path = g_build_filename (fixture->dir, db_files[i], NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
}

/* ---- the order and filters, computed here ---- */

typedef struct
{
  NeLibrarySort sort;
  gboolean      descending;
} Order;

/* Whether the row has no value in the sort column (sorted after the rest). */
static gboolean
row_key_is_null (const Row    *row,
                 NeLibrarySort sort)
{
  switch (sort)
    {
    case NE_LIBRARY_SORT_TITLE: return row->title == NULL;
    case NE_LIBRARY_SORT_GRADE: return row->grade < 0;
    case NE_LIBRARY_SORT_BEST_TIME: return row->best_ms < 0;
    case NE_LIBRARY_SORT_CLUES:
    case NE_LIBRARY_SORT_STATUS:
    case NE_LIBRARY_SORT_ADDED:
    default: return FALSE;
    }
}

static int
compare_int64 (gint64 a,
               gint64 b)
{
  return (a > b) - (a < b);
}

/* A title as people compare it: without case or accents. */
static char *
fold_title (const char *title)
{
  g_autofree char *decomposed = g_utf8_normalize (title, -1, G_NORMALIZE_ALL);
  g_autofree char *folded = g_utf8_casefold (decomposed, -1);
  GString *out = g_string_new (NULL);

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_type (g_utf8_get_char (p)) != G_UNICODE_NON_SPACING_MARK)
      g_string_append_unichar (out, g_utf8_get_char (p));
  return g_string_free (out, FALSE);
}

/* Natural order, worked out by walking both titles rather than through the
 * store's key: numbers by value, the rest by character. */
static int
compare_titles (const char *title_a,
                const char *title_b)
{
  g_autofree char *fa = fold_title (title_a);
  g_autofree char *fb = fold_title (title_b);
  const char *a = fa;
  const char *b = fb;

  while (*a != '\0' && *b != '\0')
    {
      if (g_ascii_isdigit (*a) && g_ascii_isdigit (*b))
        {
          const char *da, *db;
          gsize la, lb;
          int result;

          while (*a == '0')
            a++;
          while (*b == '0')
            b++;
          for (da = a; g_ascii_isdigit (*a); a++);
          for (db = b; g_ascii_isdigit (*b); b++);
          la = a - da;
          lb = b - db;
          if (la != lb)
            return la < lb ? -1 : 1;
          result = strncmp (da, db, la);
          if (result != 0)
            return result;
        }
      else if (*a != *b)
        return (guchar) *a < (guchar) *b ? -1 : 1;
      else
        a++, b++;
    }
  return (guchar) *a - (guchar) *b;
}

static int
row_compare_key (const Row    *a,
                 const Row    *b,
                 NeLibrarySort sort)
{
  switch (sort)
    {
    case NE_LIBRARY_SORT_TITLE: return compare_titles (a->title, b->title);
    case NE_LIBRARY_SORT_CLUES: return compare_int64 (a->clues, b->clues);
    case NE_LIBRARY_SORT_GRADE: return compare_int64 (a->grade, b->grade);
    case NE_LIBRARY_SORT_STATUS: return compare_int64 (a->status, b->status);
    case NE_LIBRARY_SORT_BEST_TIME: return compare_int64 (a->best_ms, b->best_ms);
    case NE_LIBRARY_SORT_ADDED: return compare_int64 (a->added, b->added);
    default: g_assert_not_reached ();
    }
}

/* Rows with a value first, by (value, id); then the others by id; the
 * direction reverses both but never moves the NULLs first. */
static int
row_compare (gconstpointer pa,
             gconstpointer pb,
             gpointer      data)
{
  const Row *a = *(const Row * const *) pa;
  const Row *b = *(const Row * const *) pb;
  const Order *order = data;
  gboolean a_null = row_key_is_null (a, order->sort);
  gboolean b_null = row_key_is_null (b, order->sort);
  int result;

  if (a_null != b_null)
    return a_null ? 1 : -1;
  result = a_null ? 0 : row_compare_key (a, b, order->sort);
  if (result == 0)
    result = compare_int64 (a->id, b->id);
  return order->descending ? -result : result;
}

typedef struct
{
  gint64      collection_id;  /* -1 any, 0 none */
  int         grade;
  int         min_clues;
  int         max_clues;
  int         status;
  const char *search;
  int         hardest;        /* NcTechnique; -1 any */
} Filter;

#define FILTER_NONE { -1, -1, 0, 81, -1, NULL, -1 }

/* The words of a text as the search means them, worked out here by
 * splitting the folded text by hand: "snake_case 12" is "snake", "case",
 * "12"; numbers lose their leading zeros. */
static GPtrArray *
text_words (const char *text)
{
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *folded = NULL;
  GString *word = g_string_new (NULL);
  int kind = 0;   /* 0 none, 1 letters, 2 digits */

  if (text == NULL)
    {
      g_string_free (word, TRUE);
      return words;
    }
  folded = fold_title (text);
  for (const char *p = folded;; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      int k = c == 0 ? 0 : g_unichar_isdigit (c) ? 2 : g_unichar_isalpha (c) ? 1 : 0;

      if (k != kind && word->len > 0)
        {
          const char *w = word->str;

          while (kind == 2 && w[0] == '0' && w[1] != '\0')
            w++;
          g_ptr_array_add (words, g_strdup (w));
          g_string_truncate (word, 0);
        }
      kind = k;
      if (c == 0)
        break;
      if (k != 0)
        g_string_append_unichar (word, c);
    }
  g_string_free (word, TRUE);
  return words;
}

static gboolean
text_has_word (const char *text,
               const char *word)
{
  g_autoptr(GPtrArray) words = text_words (text);

  for (guint i = 0; i < words->len; i++)
    if (g_str_equal (g_ptr_array_index (words, i), word))
      return TRUE;
  return FALSE;
}

/* A part of the search with punctuation, found as typed (ASCII here)
 * where a word starts and ends: the characters around it are no letters
 * (or digits) when its ends are. */
static gboolean
text_has_phrase (const char *text,
                 const char *phrase)
{
  g_autofree char *haystack = NULL;
  g_autofree char *needle = NULL;
  gsize len = strlen (phrase);

  if (text == NULL)
    return FALSE;
  haystack = fold_title (text);
  needle = g_ascii_strdown (phrase, -1);
  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    {
      char before = p > haystack ? p[-1] : ' ';
      char after = p[len];

      if ((g_ascii_isalpha (needle[0]) && g_ascii_isalpha (before))
          || (g_ascii_isdigit (needle[0]) && g_ascii_isdigit (before))
          || (g_ascii_isalpha (needle[len - 1]) && g_ascii_isalpha (after))
          || (g_ascii_isdigit (needle[len - 1]) && g_ascii_isdigit (after)))
        continue;
      return TRUE;
    }
  return FALSE;
}

static gboolean
row_matches (const Row    *row,
             const Filter *filter)
{
  g_autoptr(GPtrArray) words = NULL;
  g_auto(GStrv) chunks = NULL;

  if (row->trashed)
    return FALSE;
  if (filter->collection_id >= 0 && row->collection_id != filter->collection_id)
    return FALSE;
  if (filter->grade >= 0 && row->grade != filter->grade)
    return FALSE;
  if (filter->hardest >= 0 && row->hardest != filter->hardest)
    return FALSE;
  if (row->clues < filter->min_clues || row->clues > filter->max_clues)
    return FALSE;
  if (filter->status >= 0 && row->status != filter->status)
    return FALSE;
  if (filter->search == NULL)
    return TRUE;

  /* "#42" is puzzle 42; the test's searches hold no other '#'. */
  if (filter->search[0] == '#')
    return row->id == g_ascii_strtoll (filter->search + 1, NULL, 10);
  chunks = g_strsplit_set (filter->search, " \t", -1);
  for (guint c = 0; chunks[c] != NULL; c++)
    {
      const char *chunk = chunks[c];
      gboolean punctuation = FALSE;

      for (const char *p = chunk; *p != '\0'; p++)
        punctuation |= !g_ascii_isalnum (*p);
      if (punctuation)
        {
          if (!text_has_phrase (row->title, chunk) && !text_has_phrase (row->author, chunk)
              && !text_has_phrase (row->source, chunk) && !text_has_phrase (row->notes, chunk)
              && !text_has_phrase (row->collection, chunk))
            return FALSE;
          continue;
        }
      words = text_words (chunk);
      for (guint i = 0; i < words->len; i++)
        {
          const char *word = g_ptr_array_index (words, i);
          g_autofree char *clues = g_strdup_printf ("%d", row->clues);

          if (!text_has_word (row->title, word) && !text_has_word (row->author, word)
              && !text_has_word (row->source, word) && !text_has_word (row->notes, word)
              && !text_has_word (row->collection, word)
              && !(g_ascii_isdigit (word[0]) && g_str_equal (word, clues)))
            return FALSE;
        }
      g_clear_pointer (&words, g_ptr_array_unref);
    }
  return TRUE;
}

/* Row* in the order the model should show them. */
static GPtrArray *
expected_rows (Fixture      *fixture,
               const Filter *filter,
               NeLibrarySort sort,
               gboolean      descending)
{
  GPtrArray *rows = g_ptr_array_new ();
  Order order = { sort, descending };

  for (int i = 0; i < N_ROWS; i++)
    if (row_matches (&fixture->rows[i], filter))
      g_ptr_array_add (rows, &fixture->rows[i]);
  g_ptr_array_sort_with_data (rows, row_compare, &order);
  return rows;
}

static void
apply_filter (NeLibraryModel *model,
              const Filter   *filter)
{
  ne_library_model_set_collection (model, filter->collection_id);
  ne_library_model_set_grade (model, filter->grade);
  ne_library_model_set_hardest (model, filter->hardest);
  ne_library_model_set_clue_range (model, filter->min_clues, filter->max_clues);
  ne_library_model_set_status (model, filter->status);
  ne_library_model_set_search (model, filter->search);
}

static gint64
model_id_at (NeLibraryModel *model,
             guint           position)
{
  g_autoptr(NeLibraryItem) item = g_list_model_get_item (G_LIST_MODEL (model), position);

  g_assert_nonnull (item);
  return ne_library_item_get_id (item);
}

static void
assert_model_order (NeLibraryModel *model,
                    GPtrArray      *expected)
{
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      const Row *row = g_ptr_array_index (expected, i);

      g_assert_cmpint (model_id_at (model, i), ==, row->id);
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), expected->len));
}

/* ---- tests ---- */

static void
test_count (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, fixture->n_shown);
  g_assert_cmpuint (fixture->n_shown, ==, N_ROWS - N_ROWS / 50);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (model)) == NE_TYPE_LIBRARY_ITEM);
  /* Only counted: no row read until one is asked for. */
  g_assert_cmpuint (ne_library_model_get_rows_read (model), ==, 0);
}

/* Every field of the items at a few positions against a query written the
 * obvious way (a sort of the whole table). */
static void
test_items (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);
  sqlite3 *db = ne_store_get_db (fixture->store);
  const guint positions[] = { 0, 1, 127, 128, 129, 5000, fixture->n_shown - 1 };
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db,
                                       "SELECT p.id, p.title, p.clues, p.grade, p.status, p.best_ms,"
                                       " p.added, c.name, p.givens, p.hardest"
                                       " FROM puzzle p LEFT JOIN collection c ON c.id = p.collection_id"
                                       " WHERE p.trashed IS NULL"
                                       " ORDER BY p.title_key IS NULL, p.title_key, p.id"
                                       " LIMIT 1 OFFSET ?",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autoptr(NeLibraryItem) item = g_list_model_get_item (G_LIST_MODEL (model), positions[i]);
      g_autofree char *number = NULL;
      const char *title;

      g_assert_nonnull (item);
      sqlite3_bind_int (stmt, 1, (int) positions[i]);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
      g_assert_cmpint (ne_library_item_get_id (item), ==, sqlite3_column_int64 (stmt, 0));
      number = g_strdup_printf ("#%" G_GINT64_FORMAT, ne_library_item_get_id (item));
      title = (const char *) sqlite3_column_text (stmt, 1);
      g_assert_cmpstr (ne_library_item_get_title (item), ==, title != NULL ? title : number);
      g_assert_cmpint (ne_library_item_get_clues (item), ==, sqlite3_column_int (stmt, 2));
      g_assert_cmpint (ne_library_item_get_grade (item), ==,
                       sqlite3_column_type (stmt, 3) == SQLITE_NULL ? -1 : sqlite3_column_int (stmt, 3));
      g_assert_cmpint (ne_library_item_get_hardest (item), ==,
                       sqlite3_column_type (stmt, 9) == SQLITE_NULL ? -1 : sqlite3_column_int (stmt, 9));
      g_assert_cmpint (ne_library_item_get_status (item), ==, sqlite3_column_int (stmt, 4));
      g_assert_cmpint (ne_library_item_get_best_ms (item), ==,
                       sqlite3_column_type (stmt, 5) == SQLITE_NULL ? -1 : sqlite3_column_int64 (stmt, 5));
      g_assert_cmpint (ne_library_item_get_added_ms (item), ==, sqlite3_column_int64 (stmt, 6));
      g_assert_cmpstr (ne_library_item_get_collection (item), ==, (const char *) sqlite3_column_text (stmt, 7));
      g_assert_cmpstr (ne_library_item_get_givens (item), ==, (const char *) sqlite3_column_text (stmt, 8));
      sqlite3_reset (stmt);
    }
  sqlite3_finalize (stmt);

  /* The last position is an untitled one, named by its number. */
  {
    g_autoptr(NeLibraryItem) last = g_list_model_get_item (G_LIST_MODEL (model), fixture->n_shown - 1);

    g_assert_true (ne_library_item_get_title (last)[0] == '#');
  }
}

static void
test_paging (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);
  guint read;

  g_assert_cmpint (model_id_at (model, 5000), >, 0);
  read = ne_library_model_get_rows_read (model);
  g_assert_cmpuint (read, >, 0);
  g_assert_cmpuint (read, <=, 128);

  /* The same page again, and a position in it: nothing more read. */
  for (guint i = 5000; i < 5040; i++)
    model_id_at (model, i);
  g_assert_cmpuint (ne_library_model_get_rows_read (model), ==, read);

  /* A view's first screenful: one more page. */
  for (guint i = 0; i < 40; i++)
    model_id_at (model, i);
  g_assert_cmpuint (ne_library_model_get_rows_read (model), <=, 2 * read);
  /* Both pages are kept. */
  model_id_at (model, 5001);
  model_id_at (model, 1);
  g_assert_cmpuint (ne_library_model_get_rows_read (model), <=, 2 * read);
}

static void
test_sort (Fixture       *fixture,
           gconstpointer  data)
{
  const Filter none = FILTER_NONE;
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);

  for (NeLibrarySort sort = NE_LIBRARY_SORT_TITLE; sort <= NE_LIBRARY_SORT_ADDED; sort++)
    for (int descending = 0; descending <= 1; descending++)
      {
        g_autoptr(GPtrArray) expected = expected_rows (fixture, &none, sort, descending);

        g_test_message ("sort %d%s", sort, descending ? " descending" : "");
        ne_library_model_set_sort (model, sort, descending);
        assert_model_order (model, expected);
      }
}

static void
test_filters (Fixture       *fixture,
              gconstpointer  data)
{
  static const Filter filters[] = {
    { 1, -1, 0, 81, -1, NULL, -1 },                         /* a collection */
    { 0, -1, 0, 81, -1, NULL, -1 },                         /* in none */
    { -1, 2, 0, 81, -1, NULL, -1 },                         /* a grade */
    { -1, -1, 20, 25, -1, NULL, -1 },                       /* a clue range */
    { -1, -1, 0, 81, NE_PUZZLE_STATUS_SOLVED, NULL, -1 },
    { -1, -1, 0, 81, -1, "ALPHA", -1 },                     /* any case */
    { -1, -1, 0, 81, -1, "alpha 7", -1 },                   /* every word */
    { -1, -1, 0, 81, -1, "  zebra\t 1  ", -1 },
    { -1, -1, 0, 81, -1, "100%", -1 },                      /* % is no wildcard */
    { -1, -1, 0, 81, -1, "snake_case", -1 },                /* punctuation as typed */
    { -1, -1, 0, 81, -1, "ke_c", -1 },                      /* not inside a word */
    { -1, -1, 0, 81, -1, "CASE", -1 },                      /* a word between punctuation */
    { -1, -1, 0, 81, -1, "50%_", -1 },                      /* in a collection name */
    { -1, -1, 0, 81, -1, "alpha 050", -1 },                 /* a number by value */
    { -1, -1, 0, 81, -1, "22", -1 },                        /* in a title, or the clues */
    { -1, -1, 0, 81, -1, "echelle", -1 },                   /* accents aside */
    { -1, -1, 0, 81, -1, "alph", -1 },                      /* whole words only */
    { -1, -1, 0, 81, -1, "#42", -1 },                       /* by number */
    { -1, -1, 0, 81, -1, "inkala", -1 },                    /* author */
    { -1, -1, 0, 81, -1, "thread 5", -1 },                  /* source */
    { -1, -1, 0, 81, -1, "cookies", -1 },                   /* notes */
    { -1, -1, 0, 81, -1, "no such words", -1 },
    { 2, 3, 18, 30, NE_PUZZLE_STATUS_IN_PROGRESS, "a", -1 },
    { -1, -1, 0, 81, -1, NULL, NC_TECH_X_WING },            /* a hardest technique */
    { -1, -1, 0, 81, -1, NULL, NC_TECH_GUESS },             /* those that need guessing */
    { -1, NC_GRADE_HARD, 0, 81, -1, NULL, NC_TECH_X_WING },
    { -1, NC_GRADE_EASY, 0, 81, -1, NULL, NC_TECH_X_WING }, /* none: an X-wing is Hard */
    { 1, -1, 0, 81, NE_PUZZLE_STATUS_NEW, "alpha", NC_TECH_NAKED_PAIR },
  };
  const Filter none = FILTER_NONE;
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);

  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    {
      g_autoptr(GPtrArray) expected = expected_rows (fixture, &filters[i], NE_LIBRARY_SORT_TITLE, FALSE);

      g_test_message ("filter %u: \"%s\", %u rows", i, filters[i].search, expected->len);
      apply_filter (model, &filters[i]);
      assert_model_order (model, expected);
      apply_filter (model, &none);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, fixture->n_shown);
    }

  /* A filter and a sort on a column with NULLs together. */
  {
    g_autoptr(GPtrArray) expected = expected_rows (fixture, &filters[3], NE_LIBRARY_SORT_BEST_TIME, TRUE);

    apply_filter (model, &filters[3]);
    ne_library_model_set_sort (model, NE_LIBRARY_SORT_BEST_TIME, TRUE);
    assert_model_order (model, expected);
  }
}

static void
test_trashed_hidden (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (model));

  for (guint i = 0; i < n; i++)
    g_assert_false (fixture->rows[model_id_at (model, i) - 1].trashed);
  g_assert_cmpuint (ne_library_model_find (model, 50), ==, G_MAXUINT);
  ne_library_model_set_search (model, "#50");
  g_assert_cmpuint (ne_library_model_find (model, 50), ==, G_MAXUINT);
  /* Puzzle 50 alone: "#50" is no longer part of "#500". */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  ne_library_model_set_search (model, "#51");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  g_assert_cmpint (model_id_at (model, 0), ==, 51);
}

typedef struct
{
  guint n_signals;
  guint position;
  guint removed;
  guint added;
} Changes;

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Changes    *changes)
{
  changes->n_signals++;
  changes->position = position;
  changes->removed = removed;
  changes->added = added;
  /* The model already answers with its new contents. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, added);
}

static void
assert_one_change (Changes *changes,
                   guint    removed,
                   guint    added)
{
  g_assert_cmpuint (changes->n_signals, ==, 1);
  g_assert_cmpuint (changes->position, ==, 0);
  g_assert_cmpuint (changes->removed, ==, removed);
  g_assert_cmpuint (changes->added, ==, added);
  *changes = (Changes) { 0 };
}

static void
test_signals (Fixture       *fixture,
              gconstpointer  data)
{
  const Filter grade2 = { -1, 2, 0, 81, -1, NULL, -1 };
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);
  g_autoptr(GPtrArray) expected = expected_rows (fixture, &grade2, NE_LIBRARY_SORT_TITLE, FALSE);
  guint n = fixture->n_shown;
  guint before;
  Changes changes = { 0 };

  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &changes);

  ne_library_model_set_grade (model, 2);
  assert_one_change (&changes, n, expected->len);
  ne_library_model_set_grade (model, 2);
  g_assert_cmpuint (changes.n_signals, ==, 0);
  ne_library_model_set_grade (model, -1);
  assert_one_change (&changes, expected->len, n);

  ne_library_model_set_hardest (model, NC_TECH_SWORDFISH);
  g_assert_cmpuint (changes.n_signals, ==, 1);
  changes = (Changes) { 0 };
  ne_library_model_set_hardest (model, NC_TECH_SWORDFISH);
  g_assert_cmpuint (changes.n_signals, ==, 0);
  before = g_list_model_get_n_items (G_LIST_MODEL (model));
  g_assert_cmpuint (before, >, 0);
  ne_library_model_set_hardest (model, -1);
  assert_one_change (&changes, before, n);

  ne_library_model_set_sort (model, NE_LIBRARY_SORT_CLUES, TRUE);
  assert_one_change (&changes, n, n);
  ne_library_model_set_sort (model, NE_LIBRARY_SORT_CLUES, TRUE);
  g_assert_cmpuint (changes.n_signals, ==, 0);

  ne_library_model_set_search (model, "alpha");
  g_assert_cmpuint (changes.n_signals, ==, 1);
  changes = (Changes) { 0 };
  ne_library_model_set_search (model, " alpha ");   /* the same words */
  g_assert_cmpuint (changes.n_signals, ==, 0);
  before = g_list_model_get_n_items (G_LIST_MODEL (model));
  ne_library_model_set_search (model, "");
  assert_one_change (&changes, before, n);
  ne_library_model_set_search (model, NULL);
  g_assert_cmpuint (changes.n_signals, ==, 0);

  ne_library_model_set_collection (model, 3);
  g_assert_cmpuint (changes.n_signals, ==, 1);
  changes = (Changes) { 0 };
  before = g_list_model_get_n_items (G_LIST_MODEL (model));
  ne_library_model_set_collection (model, -1);
  assert_one_change (&changes, before, n);

  ne_library_model_set_clue_range (model, 20, 22);
  g_assert_cmpuint (changes.n_signals, ==, 1);
  changes = (Changes) { 0 };
  ne_library_model_set_clue_range (model, 20, 22);
  g_assert_cmpuint (changes.n_signals, ==, 0);
  before = g_list_model_get_n_items (G_LIST_MODEL (model));
  ne_library_model_set_clue_range (model, 0, 81);
  assert_one_change (&changes, before, n);

  ne_library_model_set_status (model, NE_PUZZLE_STATUS_NEW);
  g_assert_cmpuint (changes.n_signals, ==, 1);
  changes = (Changes) { 0 };
  before = g_list_model_get_n_items (G_LIST_MODEL (model));
  ne_library_model_set_status (model, -1);
  assert_one_change (&changes, before, n);

  ne_library_model_refresh (model);
  assert_one_change (&changes, n, n);
}

/* A puzzle added through another connection, then notify_changed; and a
 * change made through the store, which notifies by itself. */
static void
test_store_changes (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);
  g_autoptr(GError) error = NULL;
  g_autoptr(NeLibraryItem) first = NULL;
  sqlite3 *db = ne_store_get_db (fixture->store);
  guint n = fixture->n_shown;
  Changes changes = { 0 };
  Row row = { 0 };
  gint64 trash_id;

  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &changes);
  model_id_at (model, 0);

  make_row (&row, N_ROWS + 1);
  g_free (row.title);
  row.title = g_strdup ("0 first of all");
  row.trashed = FALSE;
  insert_row (db, &row);
  row_clear (&row);
  g_assert_cmpuint (changes.n_signals, ==, 0);
  ne_store_notify_changed (fixture->store);
  assert_one_change (&changes, n, n + 1);
  g_assert_cmpint (model_id_at (model, 0), ==, N_ROWS + 1);
  g_assert_cmpuint (ne_library_model_find (model, N_ROWS + 1), ==, 0);

  g_assert_true (ne_store_set_title (fixture->store, N_ROWS + 1, "zzz last of the titled", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes.n_signals, ==, 1);
  changes = (Changes) { 0 };
  first = g_list_model_get_item (G_LIST_MODEL (model), 0);
  g_assert_cmpint (ne_library_item_get_id (first), !=, N_ROWS + 1);

  trash_id = ne_library_item_get_id (first);
  g_assert_true (ne_store_trash_puzzles (fixture->store, &trash_id, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes.n_signals, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
  g_assert_cmpuint (ne_library_model_find (model, trash_id), ==, G_MAXUINT);
  /* The item handed out before is a snapshot, still whole. */
  g_assert_cmpint (ne_library_item_get_id (first), ==, trash_id);
}

/* Titles set through the store, in the order a file manager shows names:
 * numbers by value, case and accents aside; the untitled last either way. */
static void
test_natural_titles (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *const sorted[] = {
    "0 first", "apple", "Banana", "Easy 1", "easy 2", "Easy 9", "Easy 10", "EASY 11",
    "\xc3\x89" "chelle", "echelle 2", "Puzzle 2", "Puzzle \xef\xbc\x93" /* fullwidth 3 */,
    "Puzzle 10", "Puzzle 10a", "Puzzle 10b", "puzzle 100", "Vol 2 part 9", "Vol 2 part 10",
    "Vol 10 part 1", "Zebra",
  };
  /* The order they go in: no help from the ids. */
  static const guint insert_order[] = { 13, 6, 1, 19, 4, 10, 16, 2, 8, 0, 11, 17, 5, 14,
                                        3, 18, 9, 12, 7, 15 };
  g_autoptr(NeLibraryModel) model = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = ne_store_get_db (fixture->store);
  gint64 ids[G_N_ELEMENTS (sorted)];
  const guint n = G_N_ELEMENTS (sorted);
  Row untitled = { 0 };

  G_STATIC_ASSERT (G_N_ELEMENTS (insert_order) == G_N_ELEMENTS (sorted));
  exec_sql (db, "DELETE FROM puzzle");
  for (guint i = 0; i < n; i++)
    {
      Row row = { 0 };

      make_row (&row, (int) i + 1);
      g_clear_pointer (&row.title, g_free);
      row.trashed = FALSE;
      insert_row (db, &row);
      row_clear (&row);
      g_assert_true (ne_store_set_title (fixture->store, row.id, sorted[insert_order[i]], &error));
      g_assert_no_error (error);
      ids[insert_order[i]] = row.id;
    }
  make_row (&untitled, (int) n + 1);
  g_clear_pointer (&untitled.title, g_free);
  untitled.trashed = FALSE;
  insert_row (db, &untitled);
  row_clear (&untitled);

  model = ne_library_model_new (fixture->store);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n + 1);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(NeLibraryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_cmpstr (ne_library_item_get_title (item), ==, sorted[i]);
      g_assert_cmpuint (ne_library_model_find (model, ids[i]), ==, i);
    }
  g_assert_cmpint (model_id_at (model, n), ==, n + 1);

  ne_library_model_set_sort (model, NE_LIBRARY_SORT_TITLE, TRUE);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (model_id_at (model, i), ==, ids[n - 1 - i]);
  g_assert_cmpint (model_id_at (model, n), ==, n + 1);

  /* A title changed moves to its place. */
  g_assert_true (ne_store_set_title (fixture->store, ids[0], "Puzzle 9", &error));
  g_assert_no_error (error);
  ne_library_model_set_sort (model, NE_LIBRARY_SORT_TITLE, FALSE);
  g_assert_cmpuint (ne_library_model_find (model, ids[0]), ==, 11);
  g_assert_cmpint (model_id_at (model, 10), ==, ids[11]);   /* Puzzle ３ */
  g_assert_cmpint (model_id_at (model, 11), ==, ids[0]);
  g_assert_cmpint (model_id_at (model, 12), ==, ids[12]);   /* Puzzle 10 */
  g_assert_true (ne_store_set_title (fixture->store, ids[0], NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ne_library_model_find (model, ids[0]), ==, n - 1);
  g_assert_cmpint (query_int (db, "SELECT count (*) FROM puzzle WHERE title_key IS NULL"), ==, 2);
  g_assert_cmpint (query_int (db, "SELECT count (*) FROM puzzle"
                                  " WHERE (title IS NULL) != (title_key IS NULL)"), ==, 0);
}

/* find() against the position in the order computed here, under each sort
 * and under a filter, for every 197th id: each find is a query of its own,
 * and every 37th took most of the suite's time under the sanitizers. */
static void
test_find (Fixture       *fixture,
           gconstpointer  data)
{
  const Filter none = FILTER_NONE;
  const Filter coll1 = { 1, -1, 0, 81, -1, NULL, -1 };
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);

  for (NeLibrarySort sort = NE_LIBRARY_SORT_TITLE; sort <= NE_LIBRARY_SORT_ADDED; sort++)
    for (int descending = 0; descending <= 1; descending++)
      for (int f = 0; f < 2; f++)
        {
          const Filter *filter = f == 0 ? &none : &coll1;
          g_autoptr(GPtrArray) expected = expected_rows (fixture, filter, sort, descending);
          g_autoptr(GHashTable) positions = g_hash_table_new (g_int64_hash, g_int64_equal);

          apply_filter (model, filter);
          ne_library_model_set_sort (model, sort, descending);
          for (guint i = 0; i < expected->len; i++)
            g_hash_table_insert (positions, &((Row *) g_ptr_array_index (expected, i))->id,
                                 GUINT_TO_POINTER (i + 1));
          for (gint64 id = 1; id <= N_ROWS; id += 197)
            {
              guint position = GPOINTER_TO_UINT (g_hash_table_lookup (positions, &id));

              g_assert_cmpuint (ne_library_model_find (model, id), ==,
                                position == 0 ? G_MAXUINT : position - 1);
            }
        }
  g_assert_cmpuint (ne_library_model_find (model, N_ROWS + 100), ==, G_MAXUINT);
}

/* Every page query the model runs, caught with a trace, walks an index for
 * its ORDER BY: no temporary B-tree sorting the whole table per page. */
static int
on_trace (unsigned   type,
          void      *data,
          void      *p,
          void      *x)
{
  GPtrArray *statements = data;
  const char *sql = x;

  if (type == SQLITE_TRACE_STMT && g_str_has_prefix (sql, "SELECT p.id"))
    g_ptr_array_add (statements, g_strdup (sql));
  return 0;
}

static void
test_query_plans (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);
  g_autoptr(GPtrArray) statements = g_ptr_array_new_with_free_func (g_free);
  sqlite3 *db = ne_store_get_db (fixture->store);

  sqlite3_trace_v2 (db, SQLITE_TRACE_STMT, on_trace, statements);
  for (NeLibrarySort sort = NE_LIBRARY_SORT_TITLE; sort <= NE_LIBRARY_SORT_ADDED; sort++)
    for (int descending = 0; descending <= 1; descending++)
      {
        guint n;

        ne_library_model_set_sort (model, sort, descending);
        n = g_list_model_get_n_items (G_LIST_MODEL (model));
        model_id_at (model, 0);
        model_id_at (model, n - 1);   /* the rows with NULLs, if any */
      }
  sqlite3_trace_v2 (db, 0, NULL, NULL);
  g_assert_cmpuint (statements->len, >=, 12);

  for (guint i = 0; i < statements->len; i++)
    {
      g_autofree char *explain = g_strconcat ("EXPLAIN QUERY PLAN ", g_ptr_array_index (statements, i), NULL);
      g_autoptr(GString) plan = g_string_new (NULL);
      sqlite3_stmt *stmt = NULL;

      g_assert_cmpint (sqlite3_prepare_v2 (db, explain, -1, &stmt, NULL), ==, SQLITE_OK);
      while (sqlite3_step (stmt) == SQLITE_ROW)
        g_string_append_printf (plan, "%s; ", (const char *) sqlite3_column_text (stmt, 3));
      sqlite3_finalize (stmt);
      g_test_message ("%s\n  -> %s", (const char *) g_ptr_array_index (statements, i), plan->str);
      g_assert_null (strstr (plan->str, "TEMP B-TREE"));
      g_assert_nonnull (strstr (plan->str, "INDEX"));
    }
}

/* Rows edited by hand past the table's CHECKs are left out, with a warning
 * naming each once; text that is not UTF-8 is shown made valid. */
static void
test_damaged_rows (Fixture       *fixture,
                   gconstpointer  data)
{
  static const struct
  {
    gint64      id;
    const char *set;
    const char *reason;
  } damages[] = {
    { 11, "status = 99", "its status is not one Nonet knows" },
    { 12, "givens = replace (givens, '1', 'a')", "its givens are not 81 digits and blanks" },
    { 13, "added = -1", "the date it was added is not a date" },
  };
  sqlite3 *db = ne_store_get_db (fixture->store);
  g_autoptr(NeLibraryModel) model = NULL;
  g_autoptr(NeLibraryItem) item = NULL;
  guint n, position;

  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autofree char *sql = g_strdup_printf ("UPDATE puzzle SET %s WHERE id = %" G_GINT64_FORMAT,
                                              damages[i].set, damages[i].id);
      g_autofree char *pattern = g_strdup_printf ("Puzzle %" G_GINT64_FORMAT " in the game library"
                                                  " * is damaged (%s): it is left out of the lists",
                                                  damages[i].id, damages[i].reason);

      g_assert_false (fixture->rows[damages[i].id - 1].trashed);
      exec_sql (db, sql);
      g_test_expect_message ("nonet-store", G_LOG_LEVEL_WARNING, pattern);
    }
  exec_sql (db, "UPDATE puzzle SET title = CAST (x'4dc3a46cff' AS TEXT), collection_id = 3 WHERE id = 14;"
                "UPDATE collection SET name = CAST (x'426f6f6bfe' AS TEXT) WHERE id = 3");

  model = ne_library_model_new (fixture->store);
  g_test_assert_expected_messages ();
  n = g_list_model_get_n_items (G_LIST_MODEL (model));
  g_assert_cmpuint (n, ==, fixture->n_shown - G_N_ELEMENTS (damages));
  for (guint i = 0; i < n; i++)
    {
      gint64 id = model_id_at (model, i);

      g_assert_true (id != 11 && id != 12 && id != 13);
    }
  for (guint i = 0; i < G_N_ELEMENTS (damages); i++)
    g_assert_cmpuint (ne_library_model_find (model, damages[i].id), ==, G_MAXUINT);

  /* Warned of once: sorting and searching again leave them out quietly. */
  ne_library_model_set_sort (model, NE_LIBRARY_SORT_ADDED, TRUE);
  ne_library_model_set_search (model, "M\xc3\xa4l");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), >=, 1);
  position = ne_library_model_find (model, 14);
  g_assert_cmpuint (position, !=, G_MAXUINT);
  item = g_list_model_get_item (G_LIST_MODEL (model), position);
  g_assert_cmpstr (ne_library_item_get_title (item), ==, "M\xc3\xa4l\xef\xbf\xbd");
  g_assert_cmpstr (ne_library_item_get_collection (item), ==, "Book\xef\xbf\xbd");
}

/* Words as a person means them: "Hard 50" is not "Hard 30", "hard" is
 * not "Hardest", numbers go by value, accents and case aside. */
static void
test_search_words (Fixture       *fixture,
                   gconstpointer  data)
{
  static const struct { gint64 id; const char *title; } titles[] = {
    { 1, "Hard 30" }, { 2, "Hard 50" }, { 3, "Hardest 50" }, { 4, "hard 050" }, { 6, "Hard50 \xc3\x89t\xc3\xa9" },
  };
  static const struct { const char *search; const char *found; } cases[] = {
    { "Hard 50", "2 4 6" },
    { "hard 30", "1" },
    { "hard", "1 2 4 6" },
    { "HARDEST", "3" },
    { "50", "2 3 4 6" },
    { "ete", "6" },
    { "hard 5", "" },
    { "har", "" },
  };
  g_autoptr(NeLibraryModel) model = ne_library_model_new (fixture->store);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    g_assert_true (ne_store_set_title (fixture->store, titles[i].id, titles[i].title, &error));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) found = g_string_new (NULL);
      gboolean shown[7] = { FALSE };
      guint n;

      ne_library_model_set_search (model, cases[i].search);
      n = g_list_model_get_n_items (G_LIST_MODEL (model));
      for (guint p = 0; p < n; p++)
        {
          gint64 id = model_id_at (model, p);

          if (id < (gint64) G_N_ELEMENTS (shown))
            shown[id] = TRUE;
        }
      /* Among the retitled rows only: the others have no such words. */
      for (guint id = 1; id < G_N_ELEMENTS (shown); id++)
        if (shown[id])
          g_string_append_printf (found, "%s%u", found->len > 0 ? " " : "", id);
      g_test_message ("search \"%s\": %s", cases[i].search, found->str);
      g_assert_cmpstr (found->str, ==, cases[i].found);
    }
}

static void
test_search_parse (void)
{
  g_autoptr(GPtrArray) tokens = ne_search_parse ("  Hard50 #0042 \xc3\x89t\xc3\xa9\t007 <B> ");
  static const struct { NeSearchKind kind; const char *text; } expected[] = {
    { NE_SEARCH_WORD, "hard" }, { NE_SEARCH_NUMBER, "50" }, { NE_SEARCH_ID, "42" },
    { NE_SEARCH_WORD, "ete" }, { NE_SEARCH_NUMBER, "7" }, { NE_SEARCH_PHRASE, "<b>" },
  };

  g_assert_cmpuint (tokens->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < tokens->len; i++)
    {
      const NeSearchToken *token = g_ptr_array_index (tokens, i);

      g_assert_cmpint (token->kind, ==, expected[i].kind);
      g_assert_cmpstr (token->text, ==, expected[i].text);
    }
  g_assert_cmpint (((NeSearchToken *) g_ptr_array_index (tokens, 2))->id, ==, 42);
  g_clear_pointer (&tokens, g_ptr_array_unref);
  tokens = ne_search_parse ("  \t ");
  g_assert_cmpuint (tokens->len, ==, 0);

  /* A phrase where words start and end, punctuation and all. */
  g_assert_true (ne_search_text_has ("a <b> c", NE_SEARCH_PHRASE, "<b>"));
  g_assert_false (ne_search_text_has ("a b c", NE_SEARCH_PHRASE, "<b>"));
  g_assert_true (ne_search_text_has ("Snake_Case 2", NE_SEARCH_PHRASE, "snake_case"));
  g_assert_false (ne_search_text_has ("snake_case", NE_SEARCH_PHRASE, "ke_c"));
  g_assert_false (ne_search_text_has ("1100% sure", NE_SEARCH_PHRASE, "100%"));
  g_assert_true (ne_search_text_has ("100% sure", NE_SEARCH_PHRASE, "100%"));

  g_assert_true (ne_search_text_has ("Easy3", NE_SEARCH_WORD, "easy"));
  g_assert_true (ne_search_text_has ("Easy3", NE_SEARCH_NUMBER, "3"));
  g_assert_false (ne_search_text_has ("Hardest", NE_SEARCH_WORD, "hard"));
  g_assert_false (ne_search_text_has ("Hard 30", NE_SEARCH_NUMBER, "50"));
  g_assert_true (ne_search_text_has ("Hard 0", NE_SEARCH_NUMBER, "0"));
  g_assert_true (ne_search_text_has ("\xc3\x89" "CHELLE", NE_SEARCH_WORD, "echelle"));
  g_assert_false (ne_search_text_has (NULL, NE_SEARCH_WORD, "x"));
  g_assert_false (ne_search_text_has ("bad \xff bytes", NE_SEARCH_WORD, "x"));
  g_assert_true (ne_search_text_has ("bad \xff bytes", NE_SEARCH_WORD, "bytes"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/library-model/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("count", test_count);
  ADD ("items", test_items);
  ADD ("paging", test_paging);
  ADD ("sort", test_sort);
  ADD ("filters", test_filters);
  ADD ("trashed-hidden", test_trashed_hidden);
  ADD ("signals", test_signals);
  ADD ("store-changes", test_store_changes);
  ADD ("natural-titles", test_natural_titles);
  ADD ("find", test_find);
  ADD ("query-plans", test_query_plans);
  ADD ("damaged-rows", test_damaged_rows);
  ADD ("search-words", test_search_words);
#undef ADD
  g_test_add_func ("/library-model/search-parse", test_search_parse);

  return g_test_run ();
}
