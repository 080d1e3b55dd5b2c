/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-library-dialogs.c: one message dialog with whichever fields an
 * edit needs (title, collection, notes), applied in one transaction, and the
 * window that manages collections. */

#define G_LOG_DOMAIN "nonet-library-dialogs"

#include "config.h"

#include "nonet-library-dialogs.h"

#include <glib/gi18n.h>

void
nonet_library_show_error (GtkWindow    *parent,
                          const char   *heading,
                          const GError *error)
{
  GtkWidget *dialog;

  g_return_if_fail (error != NULL);

  dialog = adw_message_dialog_new (parent, heading, error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A message dialog with Cancel and an accept button ("apply"), the default. */
static AdwMessageDialog *
accept_dialog_new (GtkWindow  *parent,
                   const char *heading,
                   const char *body,
                   const char *accept_label,
                   AdwResponseAppearance appearance)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, body));

  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "apply", accept_label,
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "apply", appearance);
  adw_message_dialog_set_default_response (dialog, "apply");
  adw_message_dialog_set_close_response (dialog, "cancel");
  return dialog;
}

/* A labelled field: the label's mnemonic focuses target. */
static void
add_field (GtkBox     *box,
           const char *label_text,
           GtkWidget  *widget,
           GtkWidget  *target)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), target);
  gtk_widget_set_margin_top (label, gtk_widget_get_first_child (GTK_WIDGET (box)) != NULL ? 12 : 0);
  gtk_box_append (box, label);
  gtk_box_append (box, widget);
}

static GtkEditable *
entry_new (const char *text,
           const char *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text != NULL ? text : "");
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  return GTK_EDITABLE (entry);
}

/* ---- Editing puzzles ---- */

typedef enum
{
  EDIT_TITLE      = 1 << 0,
  EDIT_COLLECTION = 1 << 1,
  EDIT_NOTES      = 1 << 2,
} EditFields;

typedef struct
{
  NeStore     *store;
  GArray      *ids;             /* gint64 */
  GtkEditable *title;           /* each NULL when not edited */
  GtkDropDown *collection;
  GtkEditable *new_collection;
  GArray      *collection_ids;  /* gint64, one per row of collection */
  GtkTextView *notes;
} EditData;

static void
edit_data_free (gpointer data)
{
  EditData *edit = data;

  g_clear_object (&edit->store);
  g_clear_pointer (&edit->ids, g_array_unref);
  g_clear_pointer (&edit->collection_ids, g_array_unref);
  g_free (edit);
}

static gboolean
edit_apply (EditData  *edit,
            GError   **error)
{
  const gint64 *ids = (const gint64 *) (gpointer) edit->ids->data;

  if (edit->title != NULL)
    {
      g_autofree char *title = g_strstrip (g_strdup (gtk_editable_get_text (edit->title)));

      if (!ne_store_set_title (edit->store, ids[0], *title != '\0' ? title : NULL, error))
        return FALSE;
    }
  if (edit->collection != NULL)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (edit->new_collection)));
      guint selected = gtk_drop_down_get_selected (edit->collection);
      gint64 collection_id = 0;

      if (*name != '\0')
        {
          collection_id = ne_store_add_collection (edit->store, name, error);
          if (collection_id == 0)
            return FALSE;
        }
      else if (selected < edit->collection_ids->len)
        collection_id = g_array_index (edit->collection_ids, gint64, selected);
      if (!ne_store_move_puzzles (edit->store, ids, edit->ids->len, collection_id, error))
        return FALSE;
    }
  if (edit->notes != NULL)
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (edit->notes);
      GtkTextIter start, end;
      g_autofree char *notes = NULL;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      notes = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      if (!ne_store_set_notes (edit->store, ids[0], *g_strstrip (notes) != '\0' ? notes : NULL, error))
        return FALSE;
    }
  return TRUE;
}

/* Every change of one dialog is one transaction: all or nothing. */
static void
edit_response (AdwMessageDialog *dialog,
               const char       *response,
               EditData         *edit)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "apply") != 0)
    return;

  if (!ne_store_begin (edit->store, &error))
    ;
  else if (!edit_apply (edit, &error))
    ne_store_rollback (edit->store);
  else
    ne_store_commit (edit->store, &error);

  if (error != NULL)
    nonet_library_show_error (gtk_window_get_transient_for (GTK_WINDOW (dialog)),
                              _("The Library Could Not Be Changed"), error);
}

static void
edit_add_collection_fields (EditData     *edit,
                            GtkBox       *box,
                            gint64        current)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) collections = ne_store_list_collections (edit->store, &error);
  GtkStringList *names = gtk_string_list_new (NULL);
  gint64 none = 0;
  guint selected = 0;
  GtkWidget *drop;

  edit->collection_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gtk_string_list_append (names, _("None"));
  g_array_append_val (edit->collection_ids, none);
  for (guint i = 0; collections != NULL && i < collections->len; i++)
    {
      NeCollectionInfo *info = g_ptr_array_index (collections, i);

      if (info->id == current)
        selected = edit->collection_ids->len;
      gtk_string_list_append (names, info->name);
      g_array_append_val (edit->collection_ids, info->id);
    }

  drop = gtk_drop_down_new (G_LIST_MODEL (names), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop), selected);
  edit->collection = GTK_DROP_DOWN (drop);
  add_field (box, _("_Collection"), drop, drop);

  edit->new_collection = entry_new (NULL, _("Name of a new collection"));
  add_field (box, _("Or a _New Collection"), GTK_WIDGET (edit->new_collection),
             GTK_WIDGET (edit->new_collection));
}

static void
edit_add_notes_field (EditData   *edit,
                      GtkBox     *box,
                      const char *notes)
{
  GtkWidget *view = gtk_text_view_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), notes != NULL ? notes : "", -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 120);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  edit->notes = GTK_TEXT_VIEW (view);
  add_field (box, _("N_otes"), scrolled, view);
}

static void
nonet_library_edit_dialog (GtkWindow    *parent,
                           NeStore      *store,
                           const gint64 *ids,
                           guint         n_ids,
                           EditFields    fields,
                           const char   *heading,
                           const char   *body,
                           const char   *accept_label)
{
  NePuzzleInfo info = { 0 };
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *box;
  EditData *edit;

  g_return_if_fail (NE_IS_STORE (store));
  g_return_if_fail (n_ids > 0);

  /* Fields show what the puzzle has now (the first one, for a move). */
  if (!ne_store_get_puzzle (store, ids[0], &info, &error))
    {
      nonet_library_show_error (parent, _("The Puzzle Could Not Be Read"), error);
      return;
    }

  edit = g_new0 (EditData, 1);
  edit->store = g_object_ref (store);
  edit->ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n_ids);
  g_array_append_vals (edit->ids, ids, n_ids);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  if (fields & EDIT_TITLE)
    {
      edit->title = entry_new (info.title, _("Untitled"));
      add_field (GTK_BOX (box), _("_Title"), GTK_WIDGET (edit->title), GTK_WIDGET (edit->title));
    }
  if (fields & EDIT_COLLECTION)
    edit_add_collection_fields (edit, GTK_BOX (box), n_ids == 1 ? info.collection_id : -1);
  if (fields & EDIT_NOTES)
    edit_add_notes_field (edit, GTK_BOX (box), info.notes);
  ne_puzzle_info_clear (&info);

  dialog = accept_dialog_new (parent, heading, body, accept_label, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_extra_child (dialog, box);
  g_object_set_data_full (G_OBJECT (dialog), "nonet-edit", edit, edit_data_free);
  g_signal_connect (dialog, "response", G_CALLBACK (edit_response), edit);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
nonet_library_rename_dialog (GtkWindow *parent,
                             NeStore   *store,
                             gint64     puzzle_id)
{
  nonet_library_edit_dialog (parent, store, &puzzle_id, 1, EDIT_TITLE,
                             _("Rename Puzzle"), NULL, _("_Rename"));
}

void
nonet_library_notes_dialog (GtkWindow *parent,
                            NeStore   *store,
                            gint64     puzzle_id)
{
  g_autofree char *name = ne_store_describe_puzzle (store, puzzle_id);

  nonet_library_edit_dialog (parent, store, &puzzle_id, 1, EDIT_NOTES,
                             _("Notes"), name, _("_Save"));
}

void
nonet_library_move_dialog (GtkWindow    *parent,
                           NeStore      *store,
                           const gint64 *ids,
                           guint         n_ids)
{
  g_autofree char *body = g_strdup_printf (ngettext ("Move %u puzzle into a collection.",
                                                     "Move %u puzzles into a collection.", n_ids),
                                           n_ids);

  nonet_library_edit_dialog (parent, store, ids, n_ids, EDIT_COLLECTION,
                             _("Move to Collection"), body, _("_Move"));
}

void
nonet_library_add_dialog (GtkWindow *parent,
                          NeStore   *store,
                          gint64     puzzle_id)
{
  nonet_library_edit_dialog (parent, store, &puzzle_id, 1, EDIT_TITLE | EDIT_COLLECTION | EDIT_NOTES,
                             _("Add to Library"),
                             _("The puzzle you are playing is kept in the library. Give it a title and a collection to find it again."),
                             _("_Add"));
}

/* ---- Managing collections ---- */

typedef struct
{
  NeStore    *store;
  gulong      changed_id;
  GtkWindow  *window;   /* borrowed: owns this */
  GtkListBox *list;
} CollectionsData;

static void
collections_data_free (gpointer data)
{
  CollectionsData *cd = data;

  g_clear_signal_handler (&cd->changed_id, cd->store);
  g_clear_object (&cd->store);
  g_free (cd);
}

static gint64
button_collection_id (GtkWidget *button)
{
  return *(gint64 *) g_object_get_data (G_OBJECT (button), "collection-id");
}

static void
rename_collection_response (AdwMessageDialog *dialog,
                            const char       *response,
                            CollectionsData  *cd)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  g_autoptr(GError) error = NULL;
  gint64 id = button_collection_id (GTK_WIDGET (dialog));

  if (g_strcmp0 (response, "apply") != 0 || *name == '\0')
    return;
  if (!ne_store_rename_collection (cd->store, id, name, &error))
    nonet_library_show_error (cd->window, _("The Collection Could Not Be Renamed"), error);
}

static void
delete_collection_response (AdwMessageDialog *dialog,
                            const char       *response,
                            CollectionsData  *cd)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "apply") != 0)
    return;
  if (!ne_store_delete_collection (cd->store, button_collection_id (GTK_WIDGET (dialog)), &error))
    nonet_library_show_error (cd->window, _("The Collection Could Not Be Deleted"), error);
}

static void
set_collection_id (GObject *object,
                   gint64   id)
{
  g_object_set_data_full (object, "collection-id", g_memdup2 (&id, sizeof id), g_free);
}

static void
rename_collection_clicked (GtkButton       *button,
                           CollectionsData *cd)
{
  const char *name = g_object_get_data (G_OBJECT (button), "collection-name");
  AdwMessageDialog *dialog = accept_dialog_new (cd->window, _("Rename Collection"), NULL,
                                                _("_Rename"), ADW_RESPONSE_SUGGESTED);
  GtkEditable *entry = entry_new (name, NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Name"), -1);
  adw_message_dialog_set_extra_child (dialog, GTK_WIDGET (entry));
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  set_collection_id (G_OBJECT (dialog), button_collection_id (GTK_WIDGET (button)));
  g_signal_connect (dialog, "response", G_CALLBACK (rename_collection_response), cd);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
delete_collection_clicked (GtkButton       *button,
                           CollectionsData *cd)
{
  const char *name = g_object_get_data (G_OBJECT (button), "collection-name");
  g_autofree char *heading = g_strdup_printf (_("Delete “%s”?"), name);
  AdwMessageDialog *dialog = accept_dialog_new (cd->window, heading,
                                                _("Its puzzles stay in the library, in no collection."),
                                                _("_Delete"), ADW_RESPONSE_DESTRUCTIVE);

  adw_message_dialog_set_default_response (dialog, "cancel");
  set_collection_id (G_OBJECT (dialog), button_collection_id (GTK_WIDGET (button)));
  g_signal_connect (dialog, "response", G_CALLBACK (delete_collection_response), cd);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkWidget *
collection_button (CollectionsData        *cd,
                   const NeCollectionInfo *info,
                   const char             *icon_name,
                   const char             *tooltip,
                   const char             *accessible,
                   GCallback               clicked)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  gtk_widget_set_sensitive (button, !info->builtin);
  set_collection_id (G_OBJECT (button), info->id);
  g_object_set_data_full (G_OBJECT (button), "collection-name", g_strdup (info->name), g_free);
  g_signal_connect (button, "clicked", clicked, cd);
  return button;
}

static void
collections_refresh (CollectionsData *cd)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) collections = ne_store_list_collections (cd->store, &error);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (cd->list))) != NULL)
    gtk_list_box_remove (cd->list, child);

  for (guint i = 0; collections != NULL && i < collections->len; i++)
    {
      NeCollectionInfo *info = g_ptr_array_index (collections, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_markup_escape_text (info->name, -1);
      g_autofree char *count = g_strdup_printf (ngettext ("%u puzzle", "%u puzzles", info->n_puzzles),
                                                info->n_puzzles);
      g_autofree char *rename = g_strdup_printf (_("Rename “%s”"), info->name);
      g_autofree char *delete = g_strdup_printf (_("Delete “%s”"), info->name);
      g_autofree char *subtitle = info->builtin
        /* Translators: a built-in collection's subtitle, e.g. "50 puzzles, built in" */
        ? g_strdup_printf (_("%s, built in"), count)
        : g_strdup (count);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 collection_button (cd, info, "document-edit-symbolic", _("Rename"),
                                                    rename, G_CALLBACK (rename_collection_clicked)));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 collection_button (cd, info, "user-trash-symbolic", _("Delete"),
                                                    delete, G_CALLBACK (delete_collection_clicked)));
      gtk_list_box_append (cd->list, row);
    }
  if (collections == NULL)
    nonet_library_show_error (cd->window, _("The Collections Could Not Be Read"), error);
}

void
nonet_library_collections_dialog (GtkWindow *parent,
                                  NeStore   *store)
{
  GtkWidget *window = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  CollectionsData *cd = g_new0 (CollectionsData, 1);

  g_return_if_fail (NE_IS_STORE (store));

  gtk_window_set_title (GTK_WINDOW (window), _("Collections"));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 460);
  gtk_widget_add_css_class (window, "nonet-collections");

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_widget_set_valign (list, GTK_ALIGN_START);
  gtk_widget_set_margin_top (list, 12);
  gtk_widget_set_margin_bottom (list, 12);
  gtk_widget_set_margin_start (list, 12);
  gtk_widget_set_margin_end (list, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (window), box);

  cd->store = g_object_ref (store);
  cd->window = GTK_WINDOW (window);
  cd->list = GTK_LIST_BOX (list);
  g_object_set_data_full (G_OBJECT (window), "nonet-collections", cd, collections_data_free);
  cd->changed_id = g_signal_connect_swapped (store, "library-changed", G_CALLBACK (collections_refresh), cd);
  collections_refresh (cd);
  gtk_window_present (GTK_WINDOW (window));
}
