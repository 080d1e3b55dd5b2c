/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-library-window.c: the library as a table. Rows come from SQLite a
 * page at a time (NeLibraryModel); searching, filtering and sorting are
 * handed to the model, so they stay fast with 100,000 puzzles. */

#define G_LOG_DOMAIN "nonet-library-window"

#include "config.h"

#include "nonet-library-window.h"

#include <glib/gi18n.h>

#include "nc-grade.h"
#include "ne-import.h"
#include "ne-library-model.h"
#include "ne-messages.h"
#include "ne-print.h"
#include "nonet-a11y.h"
#include "nonet-file-drop.h"
#include "nonet-grid-thumb.h"
#include "nonet-library-dialogs.h"
#include "nonet-print-operation.h"
#include "nonet-text.h"
#include "nonet-wrap-layout.h"

/* ---- A column's sorter: it only names its sort key ----
 * The column view's sorter asks its primary column's sorter first; the
 * model sorts in SQL. Comparing two probe objects through the view's sorter
 * tells which key is primary (the sorter asked records it) and the
 * direction (the probes come back swapped when descending). */

#define NONET_TYPE_LIBRARY_SORTER (nonet_library_sorter_get_type ())
G_DECLARE_FINAL_TYPE (NonetLibrarySorter, nonet_library_sorter, NONET, LIBRARY_SORTER, GtkSorter)

typedef struct
{
  GObject       *first;   /* the probes */
  GObject       *second;
  gboolean       asked;
  NeLibrarySort  key;
} SortProbe;

struct _NonetLibrarySorter
{
  GtkSorter      parent_instance;
  NeLibrarySort  key;
  SortProbe     *probe;   /* borrowed from the window */
};

G_DEFINE_FINAL_TYPE (NonetLibrarySorter, nonet_library_sorter, GTK_TYPE_SORTER)

static GtkOrdering
nonet_library_sorter_compare (GtkSorter *sorter,
                              gpointer   item1,
                              gpointer   item2)
{
  NonetLibrarySorter *self = NONET_LIBRARY_SORTER (sorter);

  if (self->probe == NULL || (item1 != self->probe->first && item1 != self->probe->second))
    return GTK_ORDERING_EQUAL;
  if (!self->probe->asked)
    {
      self->probe->asked = TRUE;
      self->probe->key = self->key;
    }
  return item1 == self->probe->first ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
}

static GtkSorterOrder
nonet_library_sorter_get_order (GtkSorter *sorter)
{
  return GTK_SORTER_ORDER_PARTIAL;
}

static void
nonet_library_sorter_class_init (NonetLibrarySorterClass *klass)
{
  GtkSorterClass *sorter_class = GTK_SORTER_CLASS (klass);

  sorter_class->compare = nonet_library_sorter_compare;
  sorter_class->get_order = nonet_library_sorter_get_order;
}

static void
nonet_library_sorter_init (NonetLibrarySorter *self)
{
}

/* ---- The window ---- */

typedef enum
{
  COLUMN_GRID,
  COLUMN_TITLE,
  COLUMN_CLUES,
  COLUMN_GRADE,
  COLUMN_STATUS,
  COLUMN_BEST_TIME,
  COLUMN_ADDED,
  COLUMN_COLLECTION,
  N_COLUMNS
} Column;

static const struct
{
  const char *title;
  gboolean    numeric;   /* right-aligned, tabular figures */
  gboolean    expand;
  int         sort;      /* NeLibrarySort, -1: not sortable */
  int         width;     /* fixed, so a right-aligned number sits under its title; 0: natural */
} columns[N_COLUMNS] = {
  [COLUMN_GRID] = { N_("Puzzle"), FALSE, FALSE, -1, 80 },
  [COLUMN_TITLE] = { N_("Title"), FALSE, TRUE, NE_LIBRARY_SORT_TITLE, 0 },
  [COLUMN_CLUES] = { N_("Clues"), TRUE, FALSE, NE_LIBRARY_SORT_CLUES, 72 },
  [COLUMN_GRADE] = { N_("Grade"), FALSE, FALSE, NE_LIBRARY_SORT_GRADE, 0 },
  [COLUMN_STATUS] = { N_("Status"), FALSE, FALSE, NE_LIBRARY_SORT_STATUS, 0 },
  [COLUMN_BEST_TIME] = { N_("Best Time"), TRUE, FALSE, NE_LIBRARY_SORT_BEST_TIME, 104 },
  [COLUMN_ADDED] = { N_("Added"), FALSE, FALSE, NE_LIBRARY_SORT_ADDED, 0 },
  [COLUMN_COLLECTION] = { N_("Collection"), FALSE, FALSE, -1, 0 },
};

/* The sides of a row's picture of its puzzle and of the preview's. */
#define ROW_GRID_SIZE     64
#define PREVIEW_GRID_SIZE 240

/* The fewest clues a puzzle with one solution can have. */
#define FEWEST_CLUES 17

/* Rows of the collection drop-down before the collections. */
#define COLLECTION_ROW_ALL  0
#define COLLECTION_ROW_NONE 1

struct _NonetLibraryWindow
{
  AdwWindow          parent_instance;

  /* Template widgets */
  AdwToastOverlay   *toast_overlay;
  AdwWindowTitle    *window_title;
  GtkWidget         *filter_bar;
  GtkSearchEntry    *search_entry;
  GtkDropDown       *collection_drop;
  GtkDropDown       *grade_drop;
  GtkDropDown       *hardest_drop;
  GtkDropDown       *status_drop;
  GtkMenuButton     *clues_button;
  GtkSpinButton     *min_clues_spin;
  GtkSpinButton     *max_clues_spin;
  GtkStack          *stack;
  GtkColumnView     *column_view;
  AdwStatusPage     *empty_page;
  GtkLabel          *selection_label;
  GMenuModel        *context_menu_model;
  AdwFlap           *preview_flap;
  GtkBox            *preview_box;
  GtkLabel          *preview_title;
  GtkLabel          *preview_details;
  NonetGridThumb    *preview_grid;

  /* Owned */
  NeStore           *store;
  NeLibraryModel    *model;
  GtkMultiSelection *selection;
  GArray            *collection_ids;  /* gint64 per row of collection_drop */
  GtkWidget         *context_menu;
  AdwToast          *delete_toast;    /* the Undo toast on show, or NULL */
  GArray            *deleted_ids;     /* what it would restore */
  GtkNativeDialog   *chooser;
  SortProbe          probe;

  gboolean           refreshing_collections;
};

G_DEFINE_FINAL_TYPE (NonetLibraryWindow, nonet_library_window, ADW_TYPE_WINDOW)

enum {
  SIGNAL_OPEN_PUZZLE,
  SIGNAL_IMPORT_FILES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
nonet_library_window_toast (NonetLibraryWindow *self,
                            const char         *title)
{
  nonet_toast_show (self->toast_overlay, nonet_toast_new (title));
}

/* The selected puzzles' ids, in the order shown. */
static GArray *
nonet_library_window_selected_ids (NonetLibraryWindow *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GArray *ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), (guint) gtk_bitset_get_size (selected));
  GtkBitsetIter iter;
  guint position;

  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position);
       more;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(NeLibraryItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
      gint64 id;

      if (item == NULL)
        continue;
      id = ne_library_item_get_id (item);
      g_array_append_val (ids, id);
    }
  return ids;
}

static guint
nonet_library_window_n_selected (NonetLibraryWindow *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  return (guint) gtk_bitset_get_size (selected);
}

/* One place decides what may be done with the selection. */
static void
nonet_library_window_update_actions (NonetLibraryWindow *self)
{
  guint n = nonet_library_window_n_selected (self);
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  g_autofree char *count = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.open", n >= 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.rename", n == 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.notes", n == 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.move", n >= 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.export", n >= 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.print", n >= 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.export-pdf", n >= 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.delete", n >= 1);

  if (n > 0)
    count = g_strdup_printf (ngettext ("%u of %u puzzle selected", "%u of %u puzzles selected", n_items),
                             n, n_items);
  gtk_label_set_label (self->selection_label,
                       count != NULL ? count : _("Double-click a puzzle to play it"));
}

/* ---- The preview of the puzzle selected ---- */

/* The first puzzle selected, larger, with what its row says. */
static void
nonet_library_window_update_preview (NonetLibraryWindow *self)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  g_autoptr(NeLibraryItem) item = NULL;
  g_autofree char *details = NULL;
  const char *collection;

  if (!gtk_bitset_is_empty (selected))
    item = g_list_model_get_item (G_LIST_MODEL (self->model), gtk_bitset_get_minimum (selected));
  if (item == NULL)
    {
      nonet_grid_thumb_set_grid (self->preview_grid, NULL);
      gtk_label_set_label (self->preview_title, _("No puzzle selected"));
      gtk_label_set_label (self->preview_details, "");
      return;
    }
  nonet_grid_thumb_set_line (self->preview_grid, ne_library_item_get_givens (item));
  gtk_label_set_label (self->preview_title, ne_library_item_get_title (item));
  details = nonet_describe_puzzle (NULL, ne_library_item_get_clues (item),
                                   ne_library_item_get_grade (item), ne_library_item_get_status (item));
  collection = ne_library_item_get_collection (item);
  if (collection != NULL)
    {
      /* Translators: a puzzle's clues, grade and status, and its collection, e.g. "36 clues, Medium, New; in Easy" */
      g_autofree char *with = g_strdup_printf (_("%s; in %s"), details, collection);

      g_free (details);
      details = g_steal_pointer (&with);
    }
  gtk_label_set_label (self->preview_details, details);
}

/* ---- Cells ---- */

static char *
format_added (gint64 ms)
{
  g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (ms / 1000);

  if (date == NULL)
    return g_strdup ("");
  /* Translators: the date a puzzle was added, see g_date_time_format (), e.g. "5 Mar 2024" */
  return g_date_time_format (date, _("%-d %b %Y"));
}

static void
cell_setup (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GtkWidget *label;

  if (column == COLUMN_GRID)
    {
      GtkWidget *thumb = nonet_grid_thumb_new (ROW_GRID_SIZE);

      gtk_widget_set_margin_top (thumb, 3);
      gtk_widget_set_margin_bottom (thumb, 3);
      g_object_set_data (G_OBJECT (thumb), "nonet-list-item", list_item);
      gtk_list_item_set_child (list_item, thumb);
      return;
    }

  label = gtk_label_new (NULL);
  if (columns[column].numeric)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
    }
  else
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
    }
  /* A right-click finds its row from the label it lands on. */
  g_object_set_data (G_OBJECT (label), "nonet-list-item", list_item);
  gtk_list_item_set_child (list_item, label);
}

static void
cell_bind (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  NeLibraryItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *child = gtk_list_item_get_child (list_item);
  GtkLabel *label = GTK_IS_LABEL (child) ? GTK_LABEL (child) : NULL;
  g_autofree char *text = NULL;

  if (column == COLUMN_GRID)
    {
      if (item != NULL)
        nonet_grid_thumb_set_line (NONET_GRID_THUMB (child), ne_library_item_get_givens (item));
      else
        nonet_grid_thumb_set_grid (NONET_GRID_THUMB (child), NULL);
      return;
    }
  if (item == NULL)
    {
      gtk_label_set_label (label, "");
      return;
    }

  switch (column)
    {
    case COLUMN_TITLE:
      gtk_label_set_label (label, ne_library_item_get_title (item));
      /* The row says what it shows: "Easy 3, 36 clues, Medium, In progress". */
      text = nonet_describe_puzzle (ne_library_item_get_title (item), ne_library_item_get_clues (item),
                                    ne_library_item_get_grade (item), ne_library_item_get_status (item));
      nonet_list_row_set_label (child, text);
      break;
    case COLUMN_CLUES:
      text = g_strdup_printf ("%d", ne_library_item_get_clues (item));
      gtk_label_set_label (label, text);
      break;
    case COLUMN_GRADE:
      gtk_label_set_label (label, ne_grade_label (ne_library_item_get_grade (item)));
      break;
    case COLUMN_STATUS:
      gtk_label_set_label (label, ne_puzzle_status_name (ne_library_item_get_status (item)));
      break;
    case COLUMN_BEST_TIME:
      if (ne_library_item_get_best_ms (item) >= 0)
        text = nonet_format_duration (ne_library_item_get_best_ms (item));
      gtk_label_set_label (label, text != NULL ? text : "");
      break;
    case COLUMN_ADDED:
      text = format_added (ne_library_item_get_added_ms (item));
      gtk_label_set_label (label, text);
      break;
    case COLUMN_COLLECTION:
      gtk_label_set_label (label, ne_library_item_get_collection (item) != NULL
                                  ? ne_library_item_get_collection (item) : "");
      break;
    case COLUMN_GRID:
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static void
nonet_library_window_add_columns (NonetLibraryWindow *self)
{
  for (Column c = 0; c < N_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;

      g_signal_connect (factory, "setup", G_CALLBACK (cell_setup), GINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (cell_bind), GINT_TO_POINTER (c));
      column = gtk_column_view_column_new (_(columns[c].title), factory);
      gtk_column_view_column_set_expand (column, columns[c].expand);
      gtk_column_view_column_set_resizable (column, TRUE);
      if (columns[c].width > 0)
        gtk_column_view_column_set_fixed_width (column, columns[c].width);
      if (columns[c].sort >= 0)
        {
          NonetLibrarySorter *sorter = g_object_new (NONET_TYPE_LIBRARY_SORTER, NULL);

          sorter->key = columns[c].sort;
          sorter->probe = &self->probe;
          gtk_column_view_column_set_sorter (column, GTK_SORTER (sorter));
          g_object_unref (sorter);
        }
      gtk_column_view_append_column (self->column_view, column);
      g_object_unref (column);
    }
}

static void
nonet_library_window_sort_changed (NonetLibraryWindow *self)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (self->column_view);
  GtkOrdering order;

  self->probe.asked = FALSE;
  order = gtk_sorter_compare (sorter, self->probe.first, self->probe.second);
  if (!self->probe.asked)
    return;
  ne_library_model_set_sort (self->model, self->probe.key, order == GTK_ORDERING_LARGER);
}

/* ---- Filters ---- */

static gint64
nonet_library_window_collection_filter (NonetLibraryWindow *self)
{
  guint row = gtk_drop_down_get_selected (self->collection_drop);

  if (row == COLLECTION_ROW_NONE)
    return 0;
  if (row == GTK_INVALID_LIST_POSITION || row >= self->collection_ids->len)
    return -1;
  return g_array_index (self->collection_ids, gint64, row);
}

/* The drop-down lists every collection with its count, so it is rebuilt on
 * every change to the library; the collection shown stays chosen. */
static void
nonet_library_window_refresh_collections (NonetLibraryWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) collections = ne_store_list_collections (self->store, &error);
  GtkStringList *names = gtk_string_list_new (NULL);
  gint64 current = nonet_library_window_collection_filter (self);
  gint64 all = -1, none = 0;
  guint selected = COLLECTION_ROW_ALL;

  if (collections == NULL)
    g_warning ("Could not list the collections: %s", error->message);

  g_array_set_size (self->collection_ids, 0);
  gtk_string_list_append (names, _("All Collections"));
  g_array_append_val (self->collection_ids, all);
  gtk_string_list_append (names, _("No Collection"));
  g_array_append_val (self->collection_ids, none);
  if (current == 0)
    selected = COLLECTION_ROW_NONE;
  for (guint i = 0; collections != NULL && i < collections->len; i++)
    {
      NeCollectionInfo *info = g_ptr_array_index (collections, i);
      /* Translators: a collection and how many puzzles it holds, e.g. "Easy (50)" */
      g_autofree char *label = g_strdup_printf (_("%s (%u)"), info->name, info->n_puzzles);

      if (info->id == current)
        selected = self->collection_ids->len;
      gtk_string_list_append (names, label);
      g_array_append_val (self->collection_ids, info->id);
    }

  self->refreshing_collections = TRUE;
  gtk_drop_down_set_model (self->collection_drop, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->collection_drop, selected);
  self->refreshing_collections = FALSE;
  g_object_unref (names);

  /* The collection shown was deleted: show them all. */
  if (current > 0 && selected == COLLECTION_ROW_ALL)
    ne_library_model_set_collection (self->model, -1);
}

static void
nonet_library_window_collection_changed (NonetLibraryWindow *self)
{
  if (!self->refreshing_collections)
    ne_library_model_set_collection (self->model, nonet_library_window_collection_filter (self));
}

static void
nonet_library_window_grade_changed (NonetLibraryWindow *self)
{
  guint row = gtk_drop_down_get_selected (self->grade_drop);

  ne_library_model_set_grade (self->model, row == 0 || row == GTK_INVALID_LIST_POSITION ? -1 : (int) row - 1);
}

/* Row 0 is any technique; row t + 1 is technique t, guessing the last. */
static void
nonet_library_window_hardest_changed (NonetLibraryWindow *self)
{
  guint row = gtk_drop_down_get_selected (self->hardest_drop);

  ne_library_model_set_hardest (self->model, row == 0 || row == GTK_INVALID_LIST_POSITION ? -1 : (int) row - 1);
}

static void
nonet_library_window_status_changed (NonetLibraryWindow *self)
{
  guint row = gtk_drop_down_get_selected (self->status_drop);

  ne_library_model_set_status (self->model, row == 0 || row == GTK_INVALID_LIST_POSITION ? -1 : (int) row - 1);
}

static void
nonet_library_window_search_changed (NonetLibraryWindow *self)
{
  ne_library_model_set_search (self->model, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

/* Enter in the search goes to the first match, selected. */
static void
nonet_library_window_search_activate (NonetLibraryWindow *self)
{
  GtkWidget *focus;

  /* Enter before the entry's delay: the search applies first, or the row
   * selected would be one of the list being replaced. */
  nonet_library_window_search_changed (self);
  if (g_list_model_get_n_items (G_LIST_MODEL (self->model)) == 0)
    return;
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), 0, TRUE);
  /* Onto the row, so a screen reader says the puzzle, not the list. */
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus != NULL && GTK_IS_LIST_VIEW (focus))
    gtk_widget_child_focus (focus, GTK_DIR_TAB_FORWARD);
}

static gboolean
nonet_library_window_clues_filtered (NonetLibraryWindow *self)
{
  return gtk_spin_button_get_value_as_int (self->min_clues_spin) > FEWEST_CLUES ||
         gtk_spin_button_get_value_as_int (self->max_clues_spin) < NC_CELLS;
}

static char *
nonet_library_window_describe_clues (NonetLibraryWindow *self)
{
  int min = gtk_spin_button_get_value_as_int (self->min_clues_spin);
  int max = gtk_spin_button_get_value_as_int (self->max_clues_spin);

  if (min == max)
    return g_strdup_printf (ngettext ("%d clue", "%d clues", min), min);
  /* Translators: a range of clue counts, e.g. "17–25 clues" */
  return g_strdup_printf (_("%d–%d clues"), min, max);
}

static void
nonet_library_window_clues_changed (GtkSpinButton      *spin,
                                    NonetLibraryWindow *self)
{
  int min = gtk_spin_button_get_value_as_int (self->min_clues_spin);
  int max = gtk_spin_button_get_value_as_int (self->max_clues_spin);
  g_autofree char *label = NULL;

  /* The other bound follows, so the range is never empty. */
  if (min > max)
    {
      if (spin == self->min_clues_spin)
        gtk_spin_button_set_value (self->max_clues_spin, min);
      else
        gtk_spin_button_set_value (self->min_clues_spin, max);
      return;
    }

  label = nonet_library_window_clues_filtered (self)
    ? nonet_library_window_describe_clues (self)
    : g_strdup (_("Any Clues"));
  gtk_menu_button_set_label (self->clues_button, label);
  ne_library_model_set_clue_range (self->model, min, max);
}

/* What the filters ask, for the empty state: "“Everest”, Forum, Hard". */
static char *
nonet_library_window_describe_filters (NonetLibraryWindow *self)
{
  GString *summary = g_string_new (NULL);
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  GtkDropDown *drops[] = { self->collection_drop, self->grade_drop, self->hardest_drop, self->status_drop };

  if (search[0] != '\0')
    g_string_append_printf (summary, _("“%s”"), search);
  for (guint i = 0; i < G_N_ELEMENTS (drops); i++)
    {
      GtkStringObject *chosen = gtk_drop_down_get_selected_item (drops[i]);

      if (gtk_drop_down_get_selected (drops[i]) == 0 || chosen == NULL)
        continue;
      if (summary->len > 0)
        /* Translators: separates the filters in "“Everest”, Forum, Hard" */
        g_string_append (summary, _(", "));
      g_string_append (summary, gtk_string_object_get_string (chosen));
    }
  if (nonet_library_window_clues_filtered (self))
    {
      g_autofree char *clues = nonet_library_window_describe_clues (self);

      if (summary->len > 0)
        g_string_append (summary, _(", "));
      g_string_append (summary, clues);
    }
  return g_string_free (summary, summary->len == 0);
}

/* The list, or a page saying why it is empty. */
static void
nonet_library_window_items_changed (NonetLibraryWindow *self)
{
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  g_autofree char *subtitle = g_strdup_printf (ngettext ("%u puzzle", "%u puzzles", n_items), n_items);
  g_autofree char *filters = NULL;

  adw_window_title_set_subtitle (self->window_title, subtitle);
  nonet_library_window_update_actions (self);

  if (n_items > 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "list");
      return;
    }

  filters = nonet_library_window_describe_filters (self);
  if (filters == NULL)
    {
      adw_status_page_set_icon_name (self->empty_page, "view-list-symbolic");
      adw_status_page_set_title (self->empty_page, _("The Library Is Empty"));
      adw_status_page_set_description (self->empty_page,
                                       _("Import puzzles from files, drop files here, or add the puzzle you are playing from the main menu."));
    }
  else
    {
      /* The description is markup; the search and the collections' names are not. */
      /* Translators: %s lists the search and filters, e.g. "“Everest”, Classics, Hard" */
      g_autofree char *description = g_markup_printf_escaped (_("Nothing matches %s."), filters);

      adw_status_page_set_icon_name (self->empty_page, "edit-find-symbolic");
      adw_status_page_set_title (self->empty_page, _("No Puzzles Match"));
      adw_status_page_set_description (self->empty_page, description);
    }
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

void
nonet_library_window_show_collection (NonetLibraryWindow *self,
                                      gint64              collection_id)
{
  guint row = COLLECTION_ROW_ALL;

  g_return_if_fail (NONET_IS_LIBRARY_WINDOW (self));

  /* The import that asks may have made the collection just now. */
  nonet_library_window_refresh_collections (self);
  for (guint i = 0; collection_id >= 0 && i < self->collection_ids->len; i++)
    if (i != COLLECTION_ROW_ALL && g_array_index (self->collection_ids, gint64, i) == collection_id)
      row = i;

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_drop_down_set_selected (self->grade_drop, 0);
  gtk_drop_down_set_selected (self->hardest_drop, 0);
  gtk_drop_down_set_selected (self->status_drop, 0);
  gtk_spin_button_set_value (self->min_clues_spin, FEWEST_CLUES);
  gtk_spin_button_set_value (self->max_clues_spin, NC_CELLS);
  gtk_drop_down_set_selected (self->collection_drop, row);
  nonet_library_window_collection_changed (self);
  gtk_window_present (GTK_WINDOW (self));
}

/* ---- Actions ---- */

/* The library steps aside for the puzzle opened (Ctrl+L brings it back as
 * it was): left in front of the board, it kept a screen reader's focus on
 * its row. */
static void
nonet_library_window_open_id (NonetLibraryWindow *self,
                              gint64              puzzle_id)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_emit (self, signals[SIGNAL_OPEN_PUZZLE], 0, puzzle_id);
}

static void
nonet_library_window_open_position (NonetLibraryWindow *self,
                                    guint               position)
{
  g_autoptr(NeLibraryItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);

  if (item != NULL)
    nonet_library_window_open_id (self, ne_library_item_get_id (item));
}

static void
nonet_library_window_activate (GtkColumnView      *view,
                               guint               position,
                               NonetLibraryWindow *self)
{
  nonet_library_window_open_position (self, position);
}

static void
nonet_library_window_action_open (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);
  g_autoptr(GArray) ids = nonet_library_window_selected_ids (self);

  if (ids->len > 0)
    nonet_library_window_open_id (self, g_array_index (ids, gint64, 0));
}

/* Rename and Notes: dialogs about the one puzzle selected. */
static void
nonet_library_window_action_edit_one (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);
  g_autoptr(GArray) ids = nonet_library_window_selected_ids (self);

  if (ids->len != 1)
    return;
  if (g_str_equal (action_name, "library.rename"))
    nonet_library_rename_dialog (GTK_WINDOW (self), self->store, g_array_index (ids, gint64, 0));
  else
    nonet_library_notes_dialog (GTK_WINDOW (self), self->store, g_array_index (ids, gint64, 0));
}

static void
nonet_library_window_action_move (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);
  g_autoptr(GArray) ids = nonet_library_window_selected_ids (self);

  if (ids->len > 0)
    nonet_library_move_dialog (GTK_WINDOW (self), self->store, (const gint64 *) (gpointer) ids->data, ids->len);
}

static void
nonet_library_window_action_collections (GtkWidget  *widget,
                                         const char *action_name,
                                         GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);

  nonet_library_collections_dialog (GTK_WINDOW (self), self->store);
}

/* Delete is trash now and purge once the toast goes without an Undo. */
static void
nonet_library_window_delete_undo (AdwToast           *toast,
                                  NonetLibraryWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (toast != self->delete_toast)
    return;
  self->delete_toast = NULL;
  if (!ne_store_restore_puzzles (self->store, (const gint64 *) (gpointer) self->deleted_ids->data,
                                 self->deleted_ids->len, &error))
    nonet_library_show_error (GTK_WINDOW (self), _("The Puzzles Could Not Be Restored"), error);
  g_array_set_size (self->deleted_ids, 0);
}

static void
nonet_library_window_delete_dismissed (AdwToast           *toast,
                                       NonetLibraryWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (toast != self->delete_toast)
    return;
  self->delete_toast = NULL;
  g_array_set_size (self->deleted_ids, 0);
  if (!ne_store_purge_trash (self->store, &error))
    g_warning ("Could not empty the trash: %s", error->message);
}

static void
nonet_library_window_action_delete (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);
  g_autoptr(GArray) ids = nonet_library_window_selected_ids (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;

  if (ids->len == 0)
    return;

  /* The previous delete is final now: its toast would purge this one too. */
  if (self->delete_toast != NULL)
    adw_toast_dismiss (self->delete_toast);
  g_assert (self->delete_toast == NULL);

  if (!ne_store_trash_puzzles (self->store, (const gint64 *) (gpointer) ids->data, ids->len, &error))
    {
      nonet_library_show_error (GTK_WINDOW (self), _("The Puzzles Could Not Be Deleted"), error);
      return;
    }

  g_array_append_vals (self->deleted_ids, ids->data, ids->len);
  if (ids->len == 1)
    {
      g_autofree char *name = ne_store_describe_puzzle (self->store, g_array_index (ids, gint64, 0));

      /* Translators: %s names the puzzle, e.g. "“Easy 4” in Easy" */
      title = g_strdup_printf (_("Deleted %s"), name);
    }
  else
    title = g_strdup_printf (ngettext ("Deleted %u puzzle", "Deleted %u puzzles", ids->len), ids->len);

  toast = nonet_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (toast, "button-clicked",
                           G_CALLBACK (nonet_library_window_delete_undo), self, 0);
  g_signal_connect_object (toast, "dismissed",
                           G_CALLBACK (nonet_library_window_delete_dismissed), self, 0);
  self->delete_toast = toast;
  nonet_toast_show (self->toast_overlay, toast);
}

static void
nonet_library_window_export_response (GtkNativeDialog    *chooser,
                                      int                 response,
                                      NonetLibraryWindow *self)
{
  GArray *ids = g_object_get_data (G_OBJECT (chooser), "nonet-ids");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *display = NULL;
  g_autofree char *title = NULL;

  if (response == GTK_RESPONSE_ACCEPT &&
      (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) != NULL)
    {
      name = g_file_get_basename (file);
      if (ne_export_puzzles (self->store, (const gint64 *) (gpointer) ids->data, ids->len,
                             ne_export_format_for_name (name), file, &error))
        {
          display = nonet_file_display_name (file);
          /* Translators: e.g. "Exported 3 puzzles to “forum.sdk”" */
          title = g_strdup_printf (ngettext ("Exported %u puzzle to “%s”", "Exported %u puzzles to “%s”",
                                             ids->len),
                                   ids->len, display);
          nonet_library_window_toast (self, title);
        }
      else
        nonet_library_show_error (GTK_WINDOW (self), _("The Puzzles Could Not Be Exported"), error);
    }
  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
}

static void
nonet_library_window_action_export (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);
  GArray *ids = nonet_library_window_selected_ids (self);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) lines = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) sdk = gtk_file_filter_new ();

  if (ids->len == 0)
    {
      g_array_unref (ids);
      return;
    }

  chooser = gtk_file_chooser_native_new (_("Export Puzzles"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("puzzles.txt"));
  gtk_file_filter_set_name (lines, _("One puzzle per line (.txt)"));
  gtk_file_filter_add_pattern (lines, "*.txt");
  /* A .sdk file holds one puzzle; several go one a line into a .sdm. */
  if (ids->len == 1)
    {
      gtk_file_filter_set_name (sdk, _("SadMan Sudoku (.sdk)"));
      gtk_file_filter_add_pattern (sdk, "*.sdk");
    }
  else
    {
      gtk_file_filter_set_name (sdk, _("SudoCue collection, one puzzle per line (.sdm)"));
      gtk_file_filter_add_pattern (sdk, "*.sdm");
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), lines);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), sdk);
  g_object_set_data_full (G_OBJECT (chooser), "nonet-ids", ids, (GDestroyNotify) g_array_unref);
  g_signal_connect_object (chooser, "response", G_CALLBACK (nonet_library_window_export_response), self, 0);
  g_set_object (&self->chooser, GTK_NATIVE_DIALOG (chooser));
  g_object_unref (chooser);
  gtk_native_dialog_show (self->chooser);
}

/* The selected puzzles on paper, each captioned with its title. */
static NonetPrintOperation *
nonet_library_window_print_operation (NonetLibraryWindow *self)
{
  g_autoptr(GArray) ids = nonet_library_window_selected_ids (self);
  g_autoptr(NePrintDocument) document = ne_print_document_new ();
  g_autofree char *title = NULL;

  for (guint i = 0; i < ids->len; i++)
    {
      NePuzzleInfo info = { 0 };
      g_autofree char *caption = NULL;
      NePrintPuzzle puzzle;

      if (!nonet_print_puzzle_init_stored (&puzzle, self->store, g_array_index (ids, gint64, i), &info, &caption))
        continue;
      ne_print_document_add_puzzle (document, &puzzle);
      ne_puzzle_info_clear (&info);
    }
  /* Translators: the header of printed pages, e.g. "Nonet — 4 puzzles" */
  title = g_strdup_printf (ngettext ("Nonet — %u puzzle", "Nonet — %u puzzles", ids->len), ids->len);
  ne_print_document_set_title (document, title);
  return nonet_print_operation_new (document);
}

static void
nonet_library_window_action_print (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);
  g_autoptr(NonetPrintOperation) operation = NULL;

  if (nonet_library_window_n_selected (self) == 0)
    return;
  operation = nonet_library_window_print_operation (self);
  nonet_print_operation_run (operation, GTK_WINDOW (self));
}

static void
nonet_library_window_action_export_pdf (GtkWidget  *widget,
                                        const char *action_name,
                                        GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);
  g_autoptr(NonetPrintOperation) operation = NULL;

  if (nonet_library_window_n_selected (self) == 0)
    return;
  operation = nonet_library_window_print_operation (self);
  nonet_print_operation_export_pdf_with_toast (operation, GTK_WINDOW (self), _("puzzles.pdf"), self->toast_overlay);
}

static void
nonet_library_window_import_files (GFile    **files,
                                   guint      n_files,
                                   gpointer   user_data)
{
  g_signal_emit (user_data, signals[SIGNAL_IMPORT_FILES], 0, files, n_files);
}

static void
nonet_library_window_import_response (GtkNativeDialog    *chooser,
                                      int                 response,
                                      NonetLibraryWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        g_ptr_array_add (array, g_list_model_get_item (files, i));
      if (array->len > 0)
        nonet_library_window_import_files ((GFile **) array->pdata, array->len, self);
    }
  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
}

static void
nonet_library_window_action_import (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);
  static const char * const patterns[] = { "*.txt", "*.sdk", "*.sdm", "*.ss", "*.opensudoku" };
  g_autoptr(GtkFileFilter) puzzles = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Import Puzzles"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_filter_set_name (puzzles, _("Sudoku Puzzles"));
  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    gtk_file_filter_add_pattern (puzzles, patterns[i]);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), puzzles);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  g_signal_connect_object (chooser, "response", G_CALLBACK (nonet_library_window_import_response), self, 0);
  g_set_object (&self->chooser, GTK_NATIVE_DIALOG (chooser));
  g_object_unref (chooser);
  gtk_native_dialog_show (self->chooser);
}

/* ---- The context menu ---- */

static void
nonet_library_window_popup_menu (NonetLibraryWindow *self,
                                 double              x,
                                 double              y)
{
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu),
                               &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

/* A right-click or long press on a row not selected selects it alone. */
static void
nonet_library_window_menu_at (NonetLibraryWindow *self,
                              double              x,
                              double              y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->column_view), x, y, GTK_PICK_DEFAULT);

  for (GtkWidget *w = picked; w != NULL && w != GTK_WIDGET (self->column_view); w = gtk_widget_get_parent (w))
    {
      GtkListItem *list_item = g_object_get_data (G_OBJECT (w), "nonet-list-item");
      guint position;

      if (list_item == NULL)
        continue;
      position = gtk_list_item_get_position (list_item);
      if (position != GTK_INVALID_LIST_POSITION &&
          !gtk_selection_model_is_selected (GTK_SELECTION_MODEL (self->selection), position))
        gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
      break;
    }
  if (nonet_library_window_n_selected (self) > 0)
    nonet_library_window_popup_menu (self, x, y);
}

static void
nonet_library_window_right_click (GtkGestureClick    *gesture,
                                  int                 n_press,
                                  double              x,
                                  double              y,
                                  NonetLibraryWindow *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  nonet_library_window_menu_at (self, x, y);
}

static void
nonet_library_window_long_press (GtkGestureLongPress *gesture,
                                 double               x,
                                 double               y,
                                 NonetLibraryWindow  *self)
{
  nonet_library_window_menu_at (self, x, y);
}

/* The Menu key: the menu points at the focused row. */
static gboolean
nonet_library_window_menu_key (GtkWidget *widget,
                               GVariant  *args,
                               gpointer   user_data)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (user_data);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  graphene_rect_t bounds;
  double x = 24, y = 24;

  if (nonet_library_window_n_selected (self) == 0)
    return FALSE;
  if (focus != NULL &&
      gtk_widget_compute_bounds (focus, GTK_WIDGET (self->column_view), &bounds))
    {
      x = bounds.origin.x + 24;
      y = bounds.origin.y + bounds.size.height / 2;
    }
  nonet_library_window_popup_menu (self, x, y);
  return TRUE;
}

static gboolean
nonet_library_window_focus_search (GtkWidget *widget,
                                   GVariant  *args,
                                   gpointer   user_data)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  return TRUE;
}

static void
nonet_library_window_setup_list (NonetLibraryWindow *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *long_press = gtk_gesture_long_press_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();

  nonet_library_window_add_columns (self);
  nonet_list_view_set_label (GTK_WIDGET (self->column_view), _("Puzzles"));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (gtk_column_view_get_sorter (self->column_view), "changed",
                           G_CALLBACK (nonet_library_window_sort_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->column_view, "activate",
                           G_CALLBACK (nonet_library_window_activate), self, 0);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (click, "pressed", G_CALLBACK (nonet_library_window_right_click), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
  g_signal_connect_object (long_press, "pressed", G_CALLBACK (nonet_library_window_long_press), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), GTK_EVENT_CONTROLLER (long_press));

  /* On the list only: Delete in the search entry deletes a character. */
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Delete, 0),
                                                                                       gtk_keyval_trigger_new (GDK_KEY_KP_Delete, 0)),
                                                          gtk_named_action_new ("library.delete")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Menu, 0),
                                                                                       gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK)),
                                                          gtk_callback_action_new (nonet_library_window_menu_key, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), keys);
}

static void
nonet_library_window_setup_filters (NonetLibraryWindow *self)
{
  const char *grades[NC_GRADE_COUNT + 2] = { _("Any Grade") };
  const char *statuses[] = {
    _("Any Status"),
    ne_puzzle_status_name (NE_PUZZLE_STATUS_NEW),
    ne_puzzle_status_name (NE_PUZZLE_STATUS_IN_PROGRESS),
    ne_puzzle_status_name (NE_PUZZLE_STATUS_SOLVED),
    NULL,
  };
  g_autoptr(GtkStringList) grade_list = NULL;
  g_autoptr(GtkStringList) hardest_list = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) status_list = NULL;

  for (int g = 0; g < NC_GRADE_COUNT; g++)
    grades[g + 1] = ne_grade_label (g);
  grade_list = gtk_string_list_new (grades);
  gtk_string_list_append (hardest_list, _("Any Technique"));
  for (int t = 0; t < NC_TECH_COUNT; t++)
    {
      g_autofree char *label = ne_capitalise (ne_technique_label ((NcTechnique) t));

      gtk_string_list_append (hardest_list, label);
    }
  status_list = gtk_string_list_new (statuses);
  gtk_drop_down_set_model (self->grade_drop, G_LIST_MODEL (grade_list));
  gtk_drop_down_set_model (self->hardest_drop, G_LIST_MODEL (hardest_list));
  gtk_drop_down_set_model (self->status_drop, G_LIST_MODEL (status_list));
  gtk_menu_button_set_label (self->clues_button, _("Any Clues"));
  nonet_library_window_refresh_collections (self);

  g_signal_connect_object (self->search_entry, "search-changed",
                           G_CALLBACK (nonet_library_window_search_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search_entry, "activate",
                           G_CALLBACK (nonet_library_window_search_activate), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->collection_drop, "notify::selected",
                           G_CALLBACK (nonet_library_window_collection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->grade_drop, "notify::selected",
                           G_CALLBACK (nonet_library_window_grade_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->hardest_drop, "notify::selected",
                           G_CALLBACK (nonet_library_window_hardest_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->status_drop, "notify::selected",
                           G_CALLBACK (nonet_library_window_status_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->min_clues_spin, "value-changed",
                           G_CALLBACK (nonet_library_window_clues_changed), self, 0);
  g_signal_connect_object (self->max_clues_spin, "value-changed",
                           G_CALLBACK (nonet_library_window_clues_changed), self, 0);
  g_signal_connect_object (self->store, "library-changed",
                           G_CALLBACK (nonet_library_window_refresh_collections), self, G_CONNECT_SWAPPED);
}

static void
nonet_library_window_dispose (GObject *object)
{
  NonetLibraryWindow *self = NONET_LIBRARY_WINDOW (object);

  /* A pending delete becomes final. */
  if (self->delete_toast != NULL)
    adw_toast_dismiss (self->delete_toast);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), NONET_TYPE_LIBRARY_WINDOW);
  g_clear_object (&self->selection);
  g_clear_object (&self->model);
  g_clear_object (&self->store);
  g_clear_pointer (&self->collection_ids, g_array_unref);
  g_clear_pointer (&self->deleted_ids, g_array_unref);
  g_clear_object (&self->probe.first);
  g_clear_object (&self->probe.second);

  G_OBJECT_CLASS (nonet_library_window_parent_class)->dispose (object);
}

static void
nonet_library_window_class_init (NonetLibraryWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nonet_library_window_dispose;

  signals[SIGNAL_OPEN_PUZZLE] =
    g_signal_new ("open-puzzle", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  /* (GFile **files, guint n_files), at least one file. */
  signals[SIGNAL_IMPORT_FILES] =
    g_signal_new ("import-files", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-library-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, filter_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, collection_drop);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, grade_drop);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, hardest_drop);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, status_drop);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, clues_button);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, min_clues_spin);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, max_clues_spin);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, column_view);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, selection_label);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, context_menu_model);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, preview_flap);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, preview_box);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, preview_title);
  gtk_widget_class_bind_template_child (widget_class, NonetLibraryWindow, preview_details);

  gtk_widget_class_install_action (widget_class, "library.open", NULL, nonet_library_window_action_open);
  gtk_widget_class_install_action (widget_class, "library.rename", NULL, nonet_library_window_action_edit_one);
  gtk_widget_class_install_action (widget_class, "library.notes", NULL, nonet_library_window_action_edit_one);
  gtk_widget_class_install_action (widget_class, "library.move", NULL, nonet_library_window_action_move);
  gtk_widget_class_install_action (widget_class, "library.export", NULL, nonet_library_window_action_export);
  gtk_widget_class_install_action (widget_class, "library.print", NULL, nonet_library_window_action_print);
  gtk_widget_class_install_action (widget_class, "library.export-pdf", NULL, nonet_library_window_action_export_pdf);
  gtk_widget_class_install_action (widget_class, "library.delete", NULL, nonet_library_window_action_delete);
  gtk_widget_class_install_action (widget_class, "library.import", NULL, nonet_library_window_action_import);
  gtk_widget_class_install_action (widget_class, "library.collections", NULL, nonet_library_window_action_collections);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, nonet_library_window_focus_search, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK, "library.import", NULL);
}

static void
nonet_library_window_init (NonetLibraryWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The search and the filters on one line, or as many as a narrow
   * window needs. */
  gtk_widget_set_layout_manager (self->filter_bar, nonet_wrap_layout_new (6, 6));
  self->preview_grid = nonet_grid_thumb_add_preview (self->preview_box, self->preview_flap, PREVIEW_GRID_SIZE);
  self->collection_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->deleted_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->probe.first = g_object_new (G_TYPE_OBJECT, NULL);
  self->probe.second = g_object_new (G_TYPE_OBJECT, NULL);
}

NonetLibraryWindow *
nonet_library_window_new (GtkWindow *parent,
                          NeStore   *store)
{
  NonetLibraryWindow *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (NE_IS_STORE (store), NULL);

  self = g_object_new (NONET_TYPE_LIBRARY_WINDOW,
                       "application", gtk_window_get_application (parent),
                       "transient-for", parent,
                       NULL);
  self->store = g_object_ref (store);
  self->model = ne_library_model_new (store);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (self->model)));

  nonet_library_window_setup_filters (self);
  nonet_library_window_setup_list (self);

  self->context_menu = gtk_popover_menu_new_from_model (self->context_menu_model);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
  gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self->column_view));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->context_menu), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Puzzle Menu"), -1);

  g_signal_connect_object (self->model, "items-changed",
                           G_CALLBACK (nonet_library_window_items_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "selection-changed",
                           G_CALLBACK (nonet_library_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "selection-changed",
                           G_CALLBACK (nonet_library_window_update_preview), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "items-changed",
                           G_CALLBACK (nonet_library_window_update_preview), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self),
                             GTK_EVENT_CONTROLLER (nonet_file_drop_target_new (nonet_library_window_import_files, self)));
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));

  nonet_library_window_items_changed (self);
  nonet_library_window_update_preview (self);
  nonet_a11y_quiet_class_names (GTK_WIDGET (self));
  return self;
}
