/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-library-model.c: the library as a GListModel read from SQLite a page at
 * a time. Only the count is read when the filter or sort changes; pages of
 * rows are read as the view asks for them and a few are kept. */

#define G_LOG_DOMAIN "nonet-library-model"

#include "config.h"

#include "ne-library-model.h"

#include <string.h>

#include "nc-grade.h"
#include "ne-search.h"
#include "ne-store-private.h"

/* Rows read at a time, and pages kept: a screenful of rows is within one or
 * two pages, and scrolling back a little finds them still here. */
#define PAGE_SIZE 128
#define N_PAGES   4

/* ---- NeLibraryItem ---- */

struct _NeLibraryItem
{
  GObject parent_instance;

  gint64          id;
  char           *title;
  gboolean        untitled;      /* title is "#<id>" */
  char           *title_key;     /* puzzle.title_key, for paging; NULL when untitled */
  int             clues;
  int             grade;
  int             hardest;
  NePuzzleStatus  status;
  gint64          best_ms;
  gint64          added_ms;
  char           *collection;
  char            givens[NC_CELLS + 1];
};

G_DEFINE_FINAL_TYPE (NeLibraryItem, ne_library_item, G_TYPE_OBJECT)

static void
ne_library_item_finalize (GObject *object)
{
  NeLibraryItem *self = NE_LIBRARY_ITEM (object);

  g_free (self->title);
  g_free (self->title_key);
  g_free (self->collection);

  G_OBJECT_CLASS (ne_library_item_parent_class)->finalize (object);
}

static void
ne_library_item_class_init (NeLibraryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ne_library_item_finalize;
}

static void
ne_library_item_init (NeLibraryItem *self)
{
}

gint64
ne_library_item_get_id (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), 0);
  return self->id;
}

const char *
ne_library_item_get_title (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), NULL);
  return self->title;
}

int
ne_library_item_get_clues (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), 0);
  return self->clues;
}

int
ne_library_item_get_grade (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), -1);
  return self->grade;
}

int
ne_library_item_get_hardest (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), -1);
  return self->hardest;
}

NePuzzleStatus
ne_library_item_get_status (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), NE_PUZZLE_STATUS_NEW);
  return self->status;
}

gint64
ne_library_item_get_best_ms (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), -1);
  return self->best_ms;
}

gint64
ne_library_item_get_added_ms (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), 0);
  return self->added_ms;
}

const char *
ne_library_item_get_collection (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), NULL);
  return self->collection;
}

const char *
ne_library_item_get_givens (NeLibraryItem *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_ITEM (self), NULL);
  return self->givens;
}

/* The columns every page query selects, in this order. */
#define ITEM_COLUMNS \
  "p.id, p.title, p.clues, p.grade, p.status, p.best_ms, p.added, c.name, p.givens," \
  " p.title_key, p.hardest"

static NeLibraryItem *
ne_library_item_new_from_row (sqlite3_stmt *stmt)
{
  NeLibraryItem *self = g_object_new (NE_TYPE_LIBRARY_ITEM, NULL);
  const char *title = (const char *) sqlite3_column_text (stmt, 1);
  const char *collection = (const char *) sqlite3_column_text (stmt, 7);
  const char *givens = (const char *) sqlite3_column_text (stmt, 8);
  const char *title_key = (const char *) sqlite3_column_text (stmt, 9);

  self->id = sqlite3_column_int64 (stmt, 0);
  self->untitled = title == NULL;
  /* Text as a view may show it, whatever bytes the file holds; the title's
   * key stays as stored, for the next page's seek. */
  self->title = title != NULL ? g_utf8_make_valid (title, sqlite3_column_bytes (stmt, 1))
                              : g_strdup_printf ("#%" G_GINT64_FORMAT, self->id);
  self->title_key = g_strdup (title_key);
  self->clues = sqlite3_column_int (stmt, 2);
  self->grade = sqlite3_column_type (stmt, 3) == SQLITE_NULL ? -1 : sqlite3_column_int (stmt, 3);
  self->hardest = self->grade < 0 || sqlite3_column_type (stmt, 10) == SQLITE_NULL
                  ? -1 : sqlite3_column_int (stmt, 10);
  self->status = (NePuzzleStatus) sqlite3_column_int (stmt, 4);
  self->best_ms = sqlite3_column_type (stmt, 5) == SQLITE_NULL ? -1 : sqlite3_column_int64 (stmt, 5);
  self->added_ms = sqlite3_column_int64 (stmt, 6);
  self->collection = collection != NULL ? g_utf8_make_valid (collection, sqlite3_column_bytes (stmt, 7))
                                        : NULL;
  memset (self->givens, '.', NC_CELLS);
  if (givens != NULL)
    memcpy (self->givens, givens, MIN (strlen (givens), (size_t) NC_CELLS));
  self->givens[NC_CELLS] = '\0';
  return self;
}

/* nonet_search_has (kind, token, text...): whether one of the texts holds
 * the word or number (ne_search_text_has). */
static void
search_has (sqlite3_context  *context,
            int               argc,
            sqlite3_value   **argv)
{
  NeSearchKind kind = (NeSearchKind) sqlite3_value_int (argv[0]);
  const char *token = (const char *) sqlite3_value_text (argv[1]);

  for (int i = 2; token != NULL && i < argc; i++)
    if (ne_search_text_has ((const char *) sqlite3_value_text (argv[i]), kind, token))
      {
        sqlite3_result_int (context, 1);
        return;
      }
  sqlite3_result_int (context, 0);
}

/* ---- NeLibraryModel ---- */

/* How each sort orders: by the column, then by id, both in the same
 * direction, so an ORDER BY walks the store's (column, id) index. Titles
 * sort by their key (ne_store_title_key: natural order, compared bytewise
 * like any column, so the index serves it). Rows where
 * the column is NULL (no title, no grade, never solved) come after the others
 * in either direction, by id: they are read as a second segment from the
 * same index (column IS NULL), since an "IS NULL" sort key would need a sort
 * of every row for each page. */
static const char *const sort_columns[] = {
  [NE_LIBRARY_SORT_TITLE] = "p.title_key",
  [NE_LIBRARY_SORT_CLUES] = "p.clues",
  [NE_LIBRARY_SORT_GRADE] = "p.grade",
  [NE_LIBRARY_SORT_STATUS] = "p.status",
  [NE_LIBRARY_SORT_BEST_TIME] = "p.best_ms",
  [NE_LIBRARY_SORT_ADDED] = "p.added",
};

/* The rows with a value in the sort column, then the rows without. */
typedef enum
{
  SEGMENT_VALUE,
  SEGMENT_NULL,
  N_SEGMENTS
} Segment;

/* Where a page query starts: at an OFFSET, which SQLite reaches by walking
 * every row before it, or just after a row of the page before (the key of
 * its last item), which is a seek in the index: scrolling down a long list
 * reads each page as fast as the first. */
typedef enum
{
  START_AT_OFFSET,
  START_AFTER_KEY,
  N_STARTS
} Start;

typedef struct
{
  guint      index;     /* position / PAGE_SIZE */
  guint64    last_use;  /* 0: the slot is empty */
  GPtrArray *items;     /* NeLibraryItem* */
} Page;

struct _NeLibraryModel
{
  GObject parent_instance;

  /* owned */
  NeStore       *store;
  gulong         changed_id;
  GPtrArray     *tokens;         /* NeSearchToken*, NULL: no search */
  char          *search_key;     /* the tokens as one string, to see a change */
  gint64         collection_id;
  int            grade;
  int            hardest;
  int            min_clues;
  int            max_clues;
  int            status;
  NeLibrarySort  sort;
  gboolean       descending;

  /* Prepared for the current filter and sort; NULL until needed. */
  sqlite3_stmt  *count_stmt;
  sqlite3_stmt  *page_stmts[N_SEGMENTS][N_STARTS];

  guint          n_items;
  guint          n_valued;       /* rows in SEGMENT_VALUE */
  Page           pages[N_PAGES];
  guint64        use_clock;
  guint          rows_read;
};

static void ne_library_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NeLibraryModel, ne_library_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      ne_library_model_list_model_init))

static sqlite3 *
ne_library_model_db (NeLibraryModel *self)
{
  return ne_store_get_db (self->store);
}

static void
ne_library_model_drop_pages (NeLibraryModel *self)
{
  for (guint i = 0; i < N_PAGES; i++)
    {
      g_clear_pointer (&self->pages[i].items, g_ptr_array_unref);
      self->pages[i].last_use = 0;
    }
}

static void
ne_library_model_drop_statements (NeLibraryModel *self)
{
  g_clear_pointer (&self->count_stmt, sqlite3_finalize);
  for (guint i = 0; i < N_SEGMENTS; i++)
    for (guint j = 0; j < N_STARTS; j++)
      g_clear_pointer (&self->page_stmts[i][j], sqlite3_finalize);
}

/* "FROM ... WHERE ..." for the current filter: every value is a named
 * parameter, bound by bind_filter. */
static void
append_from_where (NeLibraryModel *self,
                   GString        *sql)
{
  g_string_append (sql, " FROM puzzle p LEFT JOIN collection c ON c.id = p.collection_id"
                        " WHERE p.trashed IS NULL AND " NE_STORE_PUZZLE_SOUND_SQL ("p"));
  if (self->collection_id == 0)
    g_string_append (sql, " AND p.collection_id IS NULL");
  else if (self->collection_id > 0)
    g_string_append (sql, " AND p.collection_id = :collection");
  if (self->grade >= 0)
    g_string_append (sql, " AND p.grade = :grade");
  if (self->hardest >= 0)
    g_string_append (sql, " AND p.hardest = :hardest");
  if (self->min_clues > 0)
    g_string_append (sql, " AND p.clues >= :min_clues");
  if (self->max_clues < NC_CELLS)
    g_string_append (sql, " AND p.clues <= :max_clues");
  if (self->status >= 0)
    g_string_append (sql, " AND p.status = :status");
  for (guint i = 0; self->tokens != NULL && i < self->tokens->len; i++)
    {
      const NeSearchToken *token = g_ptr_array_index (self->tokens, i);

      if (token->kind == NE_SEARCH_ID)
        g_string_append_printf (sql, " AND p.id = :n%u", i);
      else
        g_string_append_printf (sql, " AND (p.clues = :n%u OR nonet_search_has (:k%u, :w%u,"
                                     " p.title, p.author, p.source, p.notes, c.name))", i, i, i);
    }
}

static void
bind_named_int64 (sqlite3_stmt *stmt,
                  const char   *name,
                  gint64        value)
{
  int index = sqlite3_bind_parameter_index (stmt, name);

  if (index > 0)
    sqlite3_bind_int64 (stmt, index, value);
}

static void
bind_filter (NeLibraryModel *self,
             sqlite3_stmt   *stmt)
{
  bind_named_int64 (stmt, ":collection", self->collection_id);
  bind_named_int64 (stmt, ":grade", self->grade);
  bind_named_int64 (stmt, ":hardest", self->hardest);
  bind_named_int64 (stmt, ":min_clues", self->min_clues);
  bind_named_int64 (stmt, ":max_clues", self->max_clues);
  bind_named_int64 (stmt, ":status", self->status);
  for (guint i = 0; self->tokens != NULL && i < self->tokens->len; i++)
    {
      const NeSearchToken *token = g_ptr_array_index (self->tokens, i);
      char name[32];
      gint64 number = -1;
      guint64 value;
      int index;

      if (token->kind == NE_SEARCH_ID)
        number = token->id;
      else if (token->kind == NE_SEARCH_NUMBER
               && g_ascii_string_to_unsigned (token->text, 10, 0, NC_CELLS, &value, NULL))
        number = (gint64) value;
      g_snprintf (name, sizeof name, ":n%u", i);
      bind_named_int64 (stmt, name, number);
      g_snprintf (name, sizeof name, ":k%u", i);
      bind_named_int64 (stmt, name, token->kind);
      g_snprintf (name, sizeof name, ":w%u", i);
      index = sqlite3_bind_parameter_index (stmt, name);
      if (index > 0)
        sqlite3_bind_text (stmt, index, token->text, -1, SQLITE_STATIC);
    }
}

/* sql with the filter's values bound, or NULL (and a warning: the store's
 * schema is ours, so a failure here is a bug or a broken file). */
static sqlite3_stmt *
ne_library_model_prepare (NeLibraryModel *self,
                          const char     *sql)
{
  sqlite3 *db = ne_library_model_db (self);
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      g_warning ("Cannot read the library: %s", sqlite3_errmsg (db));
      return NULL;
    }
  bind_filter (self, stmt);
  return stmt;
}

/* A condition that puts a row in segment. */
static void
append_segment (NeLibraryModel *self,
                GString        *sql,
                Segment         segment)
{
  g_string_append_printf (sql, " AND %s %s", sort_columns[self->sort],
                          segment == SEGMENT_VALUE ? "IS NOT NULL" : "IS NULL");
}

static void
append_order (NeLibraryModel *self,
              GString        *sql,
              Segment         segment)
{
  const char *direction = self->descending ? "DESC" : "ASC";

  if (segment == SEGMENT_VALUE)
    g_string_append_printf (sql, " ORDER BY %s %s, p.id %s",
                            sort_columns[self->sort], direction, direction);
  else
    g_string_append_printf (sql, " ORDER BY p.id %s", direction);
}

/* Rows after (:value, :id) in the order, or before with before set. The
 * first condition is a range on the index; the second only skips the rows
 * of equal value up to the id. */
static void
append_key_condition (NeLibraryModel *self,
                      GString        *sql,
                      Segment         segment,
                      gboolean        before)
{
  const char *column = sort_columns[self->sort];
  gboolean less = before != self->descending;

  if (segment == SEGMENT_VALUE)
    g_string_append_printf (sql, " AND %s %s :value AND (%s %s :value OR p.id %s :id)",
                            column, less ? "<=" : ">=",
                            column, less ? "<" : ">", less ? "<" : ">");
  else
    g_string_append_printf (sql, " AND p.id %s :id", less ? "<" : ">");
}

/* Binds the sort key of item to :value and :id. */
static void
bind_item_key (NeLibraryModel *self,
               sqlite3_stmt   *stmt,
               NeLibraryItem  *item)
{
  int index = sqlite3_bind_parameter_index (stmt, ":value");

  bind_named_int64 (stmt, ":id", item->id);
  if (index == 0)
    return;
  switch (self->sort)
    {
    case NE_LIBRARY_SORT_TITLE:
      sqlite3_bind_text (stmt, index, item->title_key, -1, SQLITE_TRANSIENT);
      break;
    case NE_LIBRARY_SORT_CLUES:
      sqlite3_bind_int (stmt, index, item->clues);
      break;
    case NE_LIBRARY_SORT_GRADE:
      sqlite3_bind_int (stmt, index, item->grade);
      break;
    case NE_LIBRARY_SORT_STATUS:
      sqlite3_bind_int (stmt, index, item->status);
      break;
    case NE_LIBRARY_SORT_BEST_TIME:
      sqlite3_bind_int64 (stmt, index, item->best_ms);
      break;
    case NE_LIBRARY_SORT_ADDED:
      sqlite3_bind_int64 (stmt, index, item->added_ms);
      break;
    default:
      g_assert_not_reached ();
    }
}

static char *
ne_library_model_page_sql (NeLibraryModel *self,
                           Segment         segment,
                           Start           start)
{
  GString *sql = g_string_new ("SELECT " ITEM_COLUMNS);

  append_from_where (self, sql);
  append_segment (self, sql, segment);
  if (start == START_AFTER_KEY)
    append_key_condition (self, sql, segment, FALSE);
  append_order (self, sql, segment);
  g_string_append (sql, " LIMIT :limit OFFSET :offset");
  return g_string_free (sql, FALSE);
}

/* Counts the rows under the current filter, and those of them with a value
 * in the sort column, in one scan. */
static void
ne_library_model_count (NeLibraryModel *self)
{
  self->n_items = 0;
  self->n_valued = 0;

  if (self->count_stmt == NULL)
    {
      GString *sql = g_string_new (NULL);

      g_string_printf (sql, "SELECT COUNT(*), COUNT(%s)", sort_columns[self->sort]);
      append_from_where (self, sql);
      self->count_stmt = ne_library_model_prepare (self, sql->str);
      g_string_free (sql, TRUE);
      if (self->count_stmt == NULL)
        return;
    }

  if (sqlite3_step (self->count_stmt) == SQLITE_ROW)
    {
      self->n_items = (guint) sqlite3_column_int64 (self->count_stmt, 0);
      self->n_valued = (guint) sqlite3_column_int64 (self->count_stmt, 1);
    }
  else
    g_warning ("Cannot count the library: %s", sqlite3_errmsg (ne_library_model_db (self)));
  sqlite3_reset (self->count_stmt);
}

/* Appends up to limit rows of segment to items: from offset, or (with
 * after set) from the row after that item. */
static void
ne_library_model_read_rows (NeLibraryModel *self,
                            Segment         segment,
                            guint           offset,
                            NeLibraryItem  *after,
                            guint           limit,
                            GPtrArray      *items)
{
  Start start = after != NULL ? START_AFTER_KEY : START_AT_OFFSET;
  sqlite3_stmt *stmt;
  int rc;

  if (self->page_stmts[segment][start] == NULL)
    {
      g_autofree char *sql = ne_library_model_page_sql (self, segment, start);

      self->page_stmts[segment][start] = ne_library_model_prepare (self, sql);
      if (self->page_stmts[segment][start] == NULL)
        return;
    }
  stmt = self->page_stmts[segment][start];

  bind_named_int64 (stmt, ":limit", limit);
  bind_named_int64 (stmt, ":offset", after != NULL ? 0 : offset);
  if (after != NULL)
    bind_item_key (self, stmt, after);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_ptr_array_add (items, ne_library_item_new_from_row (stmt));
      self->rows_read++;
    }
  if (rc != SQLITE_DONE)
    g_warning ("Cannot read the library: %s", sqlite3_errmsg (ne_library_model_db (self)));
  sqlite3_reset (stmt);
}

static Page *
ne_library_model_find_page (NeLibraryModel *self,
                            guint           index)
{
  for (guint i = 0; i < N_PAGES; i++)
    if (self->pages[i].items != NULL && self->pages[i].index == index)
      return &self->pages[i];
  return NULL;
}

/* The page holding position index * PAGE_SIZE, read if it is not kept. */
static Page *
ne_library_model_get_page (NeLibraryModel *self,
                           guint           index)
{
  Page *page = ne_library_model_find_page (self, index);
  Page *previous = index > 0 ? ne_library_model_find_page (self, index - 1) : NULL;
  NeLibraryItem *after = NULL;
  guint start = index * PAGE_SIZE;
  guint end = MIN (start + PAGE_SIZE, self->n_items);

  if (page != NULL)
    {
      page->last_use = ++self->use_clock;
      return page;
    }

  /* The row just before this page, when the page before is kept whole. */
  if (previous != NULL && previous->items->len == PAGE_SIZE)
    after = g_object_ref (g_ptr_array_index (previous->items, PAGE_SIZE - 1));

  page = &self->pages[0];
  for (guint i = 1; i < N_PAGES; i++)
    if (self->pages[i].last_use < page->last_use)
      page = &self->pages[i];

  /* Not kept: read it into the least recently used slot. */
  g_clear_pointer (&page->items, g_ptr_array_unref);
  page->items = g_ptr_array_new_full (PAGE_SIZE, g_object_unref);
  page->index = index;
  page->last_use = ++self->use_clock;

  /* The rows with a value, then those without: after is in the segment
   * the page starts in, unless the page starts the second one. */
  if (start < self->n_valued)
    ne_library_model_read_rows (self, SEGMENT_VALUE, start, after,
                                MIN (end, self->n_valued) - start, page->items);
  if (end > self->n_valued)
    {
      guint from = MAX (start, self->n_valued);

      ne_library_model_read_rows (self, SEGMENT_NULL, from - self->n_valued,
                                  start > self->n_valued ? after : NULL,
                                  end - from, page->items);
    }
  g_clear_object (&after);
  return page;
}

static GType
ne_library_model_get_item_type (GListModel *model)
{
  return NE_TYPE_LIBRARY_ITEM;
}

static guint
ne_library_model_get_n_items (GListModel *model)
{
  return NE_LIBRARY_MODEL (model)->n_items;
}

static gpointer
ne_library_model_get_item (GListModel *model,
                           guint       position)
{
  NeLibraryModel *self = NE_LIBRARY_MODEL (model);
  Page *page;

  if (position >= self->n_items)
    return NULL;

  page = ne_library_model_get_page (self, position / PAGE_SIZE);
  /* Fewer rows than counted: the database changed under us and the
   * refresh ("library-changed") is on its way. */
  if (position % PAGE_SIZE >= page->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (page->items, position % PAGE_SIZE));
}

static void
ne_library_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ne_library_model_get_item_type;
  iface->get_n_items = ne_library_model_get_n_items;
  iface->get_item = ne_library_model_get_item;
}

static void
ne_library_model_dispose (GObject *object)
{
  NeLibraryModel *self = NE_LIBRARY_MODEL (object);

  ne_library_model_drop_pages (self);
  /* Before the store: its connection closes with it. */
  ne_library_model_drop_statements (self);
  if (self->store != NULL)
    g_clear_signal_handler (&self->changed_id, self->store);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (ne_library_model_parent_class)->dispose (object);
}

static void
ne_library_model_finalize (GObject *object)
{
  NeLibraryModel *self = NE_LIBRARY_MODEL (object);

  g_clear_pointer (&self->tokens, g_ptr_array_unref);
  g_free (self->search_key);

  G_OBJECT_CLASS (ne_library_model_parent_class)->finalize (object);
}

static void
ne_library_model_class_init (NeLibraryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ne_library_model_dispose;
  object_class->finalize = ne_library_model_finalize;
}

static void
ne_library_model_init (NeLibraryModel *self)
{
  self->collection_id = -1;
  self->grade = -1;
  self->hardest = -1;
  self->min_clues = 0;
  self->max_clues = NC_CELLS;
  self->status = -1;
  self->sort = NE_LIBRARY_SORT_TITLE;
}

NeLibraryModel *
ne_library_model_new (NeStore *store)
{
  NeLibraryModel *self;

  g_return_val_if_fail (NE_IS_STORE (store), NULL);

  self = g_object_new (NE_TYPE_LIBRARY_MODEL, NULL);
  self->store = g_object_ref (store);
  if (sqlite3_create_function (ne_library_model_db (self), "nonet_search_has", -1,
                               SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, search_has, NULL, NULL) != SQLITE_OK)
    g_warning ("Cannot search the library: %s", sqlite3_errmsg (ne_library_model_db (self)));
  self->changed_id = g_signal_connect_object (store, "library-changed",
                                              G_CALLBACK (ne_library_model_refresh),
                                              self, G_CONNECT_SWAPPED);
  ne_library_model_count (self);
  return self;
}

void
ne_library_model_refresh (NeLibraryModel *self)
{
  guint old_n;

  g_return_if_fail (NE_IS_LIBRARY_MODEL (self));

  old_n = self->n_items;
  ne_library_model_drop_pages (self);
  ne_library_model_count (self);
  if (old_n != 0 || self->n_items != 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, self->n_items);
}

/* After a change of filter or sort: new statements, then a refresh. */
static void
ne_library_model_requery (NeLibraryModel *self)
{
  ne_library_model_drop_statements (self);
  ne_library_model_refresh (self);
}

/* "w:hard n:50", the same for the same tokens. */
static char *
search_key (GPtrArray *tokens)
{
  GString *key = g_string_new (NULL);

  for (guint i = 0; i < tokens->len; i++)
    {
      const NeSearchToken *token = g_ptr_array_index (tokens, i);

      g_string_append_printf (key, "%d:%s ", token->kind, token->text);
    }
  return g_string_free (key, FALSE);
}

void
ne_library_model_set_search (NeLibraryModel *self,
                             const char     *search)
{
  g_autoptr(GPtrArray) tokens = NULL;
  g_autofree char *key = NULL;

  g_return_if_fail (NE_IS_LIBRARY_MODEL (self));

  tokens = ne_search_parse (search);
  if (tokens->len == 0)
    g_clear_pointer (&tokens, g_ptr_array_unref);
  else
    key = search_key (tokens);
  if (g_strcmp0 (key, self->search_key) == 0)
    return;

  g_clear_pointer (&self->tokens, g_ptr_array_unref);
  self->tokens = g_steal_pointer (&tokens);
  g_free (self->search_key);
  self->search_key = g_steal_pointer (&key);
  ne_library_model_requery (self);
}

void
ne_library_model_set_collection (NeLibraryModel *self,
                                 gint64          collection_id)
{
  g_return_if_fail (NE_IS_LIBRARY_MODEL (self));
  g_return_if_fail (collection_id >= -1);

  if (self->collection_id == collection_id)
    return;
  self->collection_id = collection_id;
  ne_library_model_requery (self);
}

void
ne_library_model_set_grade (NeLibraryModel *self,
                            int             grade)
{
  g_return_if_fail (NE_IS_LIBRARY_MODEL (self));
  g_return_if_fail (grade >= -1);

  if (self->grade == grade)
    return;
  self->grade = grade;
  ne_library_model_requery (self);
}

void
ne_library_model_set_hardest (NeLibraryModel *self,
                              int             technique)
{
  g_return_if_fail (NE_IS_LIBRARY_MODEL (self));
  g_return_if_fail (technique >= -1 && technique < NC_TECH_COUNT);

  if (self->hardest == technique)
    return;
  self->hardest = technique;
  ne_library_model_requery (self);
}

void
ne_library_model_set_clue_range (NeLibraryModel *self,
                                 int             min_clues,
                                 int             max_clues)
{
  g_return_if_fail (NE_IS_LIBRARY_MODEL (self));
  g_return_if_fail (min_clues <= max_clues);

  /* 0..81 is every puzzle: no condition at all. */
  min_clues = MAX (min_clues, 0);
  max_clues = MIN (max_clues, NC_CELLS);
  if (self->min_clues == min_clues && self->max_clues == max_clues)
    return;
  self->min_clues = min_clues;
  self->max_clues = max_clues;
  ne_library_model_requery (self);
}

void
ne_library_model_set_status (NeLibraryModel *self,
                             int             status)
{
  g_return_if_fail (NE_IS_LIBRARY_MODEL (self));
  g_return_if_fail (status >= -1 && status <= NE_PUZZLE_STATUS_SOLVED);

  if (self->status == status)
    return;
  self->status = status;
  ne_library_model_requery (self);
}

void
ne_library_model_set_sort (NeLibraryModel *self,
                           NeLibrarySort   sort,
                           gboolean        descending)
{
  g_return_if_fail (NE_IS_LIBRARY_MODEL (self));
  g_return_if_fail (sort < G_N_ELEMENTS (sort_columns));

  descending = !!descending;
  if (self->sort == sort && self->descending == descending)
    return;
  self->sort = sort;
  self->descending = descending;
  ne_library_model_requery (self);
}

/* The rows before the puzzle in its segment: those ordered before its
 * (value, id), or before its id among the rows without a value. */
static guint
ne_library_model_count_before (NeLibraryModel *self,
                               Segment         segment,
                               sqlite3_value  *value,
                               gint64          puzzle_id)
{
  g_autoptr(GString) sql = g_string_new ("SELECT COUNT(*)");
  sqlite3_stmt *stmt;
  guint count = 0;

  append_from_where (self, sql);
  append_segment (self, sql, segment);
  append_key_condition (self, sql, segment, TRUE);

  stmt = ne_library_model_prepare (self, sql->str);
  if (stmt == NULL)
    return 0;
  if (value != NULL)
    sqlite3_bind_value (stmt, sqlite3_bind_parameter_index (stmt, ":value"), value);
  bind_named_int64 (stmt, ":id", puzzle_id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    count = (guint) sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return count;
}

guint
ne_library_model_find (NeLibraryModel *self,
                       gint64          puzzle_id)
{
  g_autoptr(GString) sql = g_string_new (NULL);
  sqlite3_stmt *stmt;
  sqlite3_value *value = NULL;
  gboolean shown;
  guint position = G_MAXUINT;

  g_return_val_if_fail (NE_IS_LIBRARY_MODEL (self), G_MAXUINT);

  /* Is it shown, and what is its sort key? */
  g_string_printf (sql, "SELECT %s", sort_columns[self->sort]);
  append_from_where (self, sql);
  g_string_append (sql, " AND p.id = :id");
  stmt = ne_library_model_prepare (self, sql->str);
  if (stmt == NULL)
    return G_MAXUINT;
  bind_named_int64 (stmt, ":id", puzzle_id);
  shown = sqlite3_step (stmt) == SQLITE_ROW;
  if (shown && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
    value = sqlite3_value_dup (sqlite3_column_value (stmt, 0));
  sqlite3_finalize (stmt);

  if (shown && value != NULL)
    position = ne_library_model_count_before (self, SEGMENT_VALUE, value, puzzle_id);
  else if (shown)
    position = self->n_valued + ne_library_model_count_before (self, SEGMENT_NULL, NULL, puzzle_id);
  sqlite3_value_free (value);
  return position;
}

guint
ne_library_model_get_rows_read (NeLibraryModel *self)
{
  g_return_val_if_fail (NE_IS_LIBRARY_MODEL (self), 0);
  return self->rows_read;
}
