/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-library.c: the main window and the puzzle library: the
 * library window, Add to Library, imports (dropped files too) and the game
 * resumed on start, with word of a damaged library moved aside. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include <glib/gi18n.h>

#include "nonet-file-drop.h"
#include "nonet-import-dialog.h"
#include "nonet-library-dialogs.h"
#include "nonet-library-window.h"
#include "nonet-text.h"

static void
nonet_window_show_library (NonetWindow *self,
                           gint64       collection_id)
{
  g_return_if_fail (self->store != NULL);

  if (self->library_window == NULL)
    {
      self->library_window = nonet_library_window_new (GTK_WINDOW (self), self->store);
      g_object_add_weak_pointer (G_OBJECT (self->library_window), (gpointer *) &self->library_window);
      g_signal_connect_object (self->library_window, "open-puzzle",
                               G_CALLBACK (nonet_window_open_puzzle), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->library_window, "import-files",
                               G_CALLBACK (nonet_window_import_files), self, G_CONNECT_SWAPPED);
    }
  if (collection_id != 0)
    nonet_library_window_show_collection (self->library_window, collection_id);
  gtk_window_present (GTK_WINDOW (self->library_window));
}

void
nonet_window_action_library (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);

  if (self->store != NULL)
    nonet_window_show_library (self, 0);
}

void
nonet_window_action_add_to_library (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  gint64 puzzle_id;

  if (self->store == NULL || self->game == NULL)
    return;
  puzzle_id = ne_store_get_game_puzzle (self->store, ne_game_get_game_id (self->game), &error);
  if (puzzle_id == 0)
    nonet_library_show_error (GTK_WINDOW (self), _("The Puzzle Is Not in the Library"), error);
  else
    nonet_library_add_dialog (GTK_WINDOW (self), self->store, puzzle_id);
}

#define OPENED_KEY "nonet-opened-sentence"

/* Said once the window is active: Orca takes no focus or sentence from a
 * window it has not yet heard become active, and the window presented from
 * the library becomes active only when the window manager says so. */
static gboolean
nonet_window_say_opened_now (gpointer user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);
  g_autofree char *text = g_strdup (g_object_get_data (G_OBJECT (self), OPENED_KEY));

  if (text == NULL)
    return G_SOURCE_REMOVE;
  g_object_set_data (G_OBJECT (self), OPENED_KEY, NULL);
  /* The focus given while the window was not active went unheard: given
   * again now, the board is what the reader says after the window. */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
  nonet_announcer_now (self->announcer, text);
  return G_SOURCE_REMOVE;
}

static void
nonet_window_say_opened (NonetWindow *self)
{
  if (g_object_get_data (G_OBJECT (self), OPENED_KEY) == NULL || !gtk_window_is_active (GTK_WINDOW (self)))
    return;
  g_signal_handlers_disconnect_by_func (self, nonet_window_say_opened, NULL);
  /* After the window's own news of becoming active, not before it. */
  g_idle_add_full (G_PRIORITY_LOW, nonet_window_say_opened_now, g_object_ref (self), g_object_unref);
}

/* The board has the focus (not the library's row, now behind), and a
 * screen reader hears which puzzle: "Opened Easy 3, 36 clues, Medium". */
static void
nonet_window_announce_opened (NonetWindow *self,
                              gint64       puzzle_id)
{
  NePuzzleInfo info = { 0 };
  g_autofree char *puzzle = NULL;

  gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
  if (!ne_store_get_puzzle (self->store, puzzle_id, &info, NULL))
    return;
  if (info.title == NULL)
    info.title = g_strdup_printf ("#%" G_GINT64_FORMAT, puzzle_id);
  puzzle = nonet_describe_puzzle (info.title, info.clues, info.grade, -1);
  ne_puzzle_info_clear (&info);

  g_signal_handlers_disconnect_by_func (self, nonet_window_say_opened, NULL);
  /* Translators: said when a puzzle opens, e.g. "Opened Easy 3, 36 clues, Medium" */
  g_object_set_data_full (G_OBJECT (self), OPENED_KEY, g_strdup_printf (_("Opened %s"), puzzle), g_free);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (nonet_window_say_opened), NULL);
  nonet_window_say_opened (self);
}

void
nonet_window_open_puzzle (NonetWindow *self,
                          gint64       puzzle_id)
{
  g_autoptr(NeGame) game = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (NONET_IS_WINDOW (self));
  g_return_if_fail (self->store != NULL);

  nonet_window_leave_welcome (self);
  /* The game left keeps its time. */
  nonet_window_stop_clock (self);
  if (self->game != NULL && !ne_game_save_now (self->game, &error))
    {
      g_warning ("Could not save the game: %s", error->message);
      g_clear_error (&error);
    }
  nonet_window_stop_generating (self);

  game = ne_game_play_puzzle (self->store, puzzle_id, &error);
  if (game == NULL)
    {
      g_autofree char *title = g_strdup_printf (_("This puzzle cannot be opened: %s"), error->message);

      nonet_window_toast (self, title);
      nonet_window_update_all (self);
    }
  else
    nonet_window_play (self, game);
  gtk_window_present (GTK_WINDOW (self));
  if (game != NULL)
    nonet_window_announce_opened (self, puzzle_id);
}

static void
nonet_window_show_library_for_import (NonetWindow       *self,
                                      gint64             collection_id,
                                      NonetImportDialog *dialog)
{
  nonet_window_show_library (self, collection_id > 0 ? collection_id : -1);
}

void
nonet_window_import_files (NonetWindow  *self,
                           GFile       **files,
                           guint         n_files)
{
  NonetImportDialog *dialog;
  GtkWindow *parent = GTK_WINDOW (self);

  g_return_if_fail (NONET_IS_WINDOW (self));

  if (n_files == 0)
    return;
  /* Opening files is what the person came for: no welcome over them. */
  nonet_window_leave_welcome (self);
  if (self->store == NULL)
    {
      nonet_window_toast (self, _("Puzzles cannot be imported: the library could not be opened"));
      return;
    }
  if (self->library_window != NULL && gtk_widget_get_visible (GTK_WIDGET (self->library_window)))
    parent = GTK_WINDOW (self->library_window);

  dialog = nonet_import_dialog_new (parent, self->store, files, n_files);
  g_signal_connect_object (dialog, "show-library",
                           G_CALLBACK (nonet_window_show_library_for_import), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
nonet_window_drop_files (GFile    **files,
                         guint      n_files,
                         gpointer   user_data)
{
  nonet_window_import_files (NONET_WINDOW (user_data), files, n_files);
}

/* Files dropped on the window are imported. */
void
nonet_window_add_file_drop (NonetWindow *self)
{
  gtk_widget_add_controller (GTK_WIDGET (self),
                             GTK_EVENT_CONTROLLER (nonet_file_drop_target_new (nonet_window_drop_files, self)));
}

static void
nonet_window_recovered_response (AdwMessageDialog *dialog,
                                 const char       *response,
                                 NonetWindow      *self)
{
  if (g_strcmp0 (response, "library") == 0)
    nonet_window_show_library (self, 0);
}

/* Says, once the window shows, that a damaged library was moved aside. */
static gboolean
nonet_window_tell_recovered (gpointer user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);
  const char *message = g_object_get_data (G_OBJECT (self), "nonet-recovered");
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("The Library Was Damaged"), message));
  adw_message_dialog_add_responses (dialog, "library", _("Show _Library"), "close", _("_Close"), NULL);
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (nonet_window_recovered_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  g_object_set_data (G_OBJECT (self), "nonet-recovered", NULL);
  return G_SOURCE_REMOVE;
}

static void
nonet_window_builtin_imported (GObject      *source,
                               GAsyncResult *result,
                               gpointer      user_data)
{
  g_autoptr(NonetWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  guint n_added = ne_store_import_builtin_finish (NE_STORE (source), result, &error);

  if (error != NULL)
    {
      g_autofree char *title = g_strdup_printf (_("The built-in puzzles could not be added to the library: %s"),
                                                error->message);

      nonet_window_toast (self, title);
      return;
    }
  g_debug ("built-in collections: %u puzzles added", n_added);
  nonet_window_trim_memory_later (self);
}

/* The built-in collections, on a first start, once the window shows: their
 * puzzles are checked and graded on a thread, off the way to the first
 * frame; the library shows them when they are in. */
static gboolean
nonet_window_import_builtin (gpointer user_data)
{
  NonetWindow *self = NONET_WINDOW (user_data);

  if (self->store != NULL)
    ne_store_import_builtin_async (self->store, NULL, nonet_window_builtin_imported, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

/* Resumes the game in progress; the first start ever generates one. */
void
nonet_window_open_library (NonetWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(NeGame) game = NULL;
  g_autofree char *path = ne_store_default_path ();
  g_autofree char *recovered = NULL;

  self->store = ne_store_open_or_recover_later (path, &recovered, &error);
  if (recovered != NULL)
    {
      g_object_set_data_full (G_OBJECT (self), "nonet-recovered", g_steal_pointer (&recovered), g_free);
      g_idle_add_full (G_PRIORITY_LOW, nonet_window_tell_recovered, g_object_ref (self), g_object_unref);
    }
  if (self->store == NULL)
    {
      g_autofree char *title = g_strdup_printf (_("Games cannot be saved: %s"), error->message);
      g_autofree char *tooltip = g_strdup_printf (_("The library cannot be opened: %s"), error->message);

      nonet_window_toast (self, title);
      nonet_widget_set_tooltip (self->library_button, tooltip);
      nonet_widget_set_tooltip (self->bottom_library_button, tooltip);
      g_clear_error (&error);
    }
  else
    {
      /* Games save on the main thread after every move: while another
       * program holds the library, a move freezes the window this long at
       * most before the toast says so (the next move saves them all). */
      ne_store_set_busy_timeout (self->store, 1000);
      g_idle_add_full (G_PRIORITY_LOW, nonet_window_import_builtin, g_object_ref (self), g_object_unref);
      game = ne_game_resume (self->store, &error);
      if (game == NULL && error != NULL)
        {
          g_autofree char *title = g_strdup_printf (_("Your last game could not be resumed: %s"), error->message);

          nonet_window_toast (self, title);
        }
    }

  nonet_window_trim_memory_later (self);
  if (game != NULL)
    nonet_window_set_game (self, game);
  else
    {
      /* The puzzle is made ready behind the welcome page. */
      nonet_window_new_game (self, NONET_DEFAULT_PRESET);
      if (g_settings_get_boolean (self->settings, "show-welcome"))
        nonet_window_show_welcome (self);
    }
}
