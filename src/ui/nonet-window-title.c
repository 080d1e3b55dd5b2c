/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-title.c: the title of the puzzle in play, in the header bar
 * above the clock, as the library has it (renamed there, it follows). */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include "nonet-text.h"

/* The library's title of the game's puzzle; NULL when it has none or the
 * game is not in the library. */
static char *
nonet_window_read_puzzle_title (NonetWindow *self)
{
  NePuzzleInfo info = { 0 };
  g_autoptr(GError) error = NULL;
  char *title = NULL;
  gint64 puzzle_id;

  if (self->store == NULL || self->game == NULL || ne_game_get_game_id (self->game) == 0)
    return NULL;
  puzzle_id = ne_store_get_game_puzzle (self->store, ne_game_get_game_id (self->game), &error);
  if (puzzle_id != 0 && ne_store_get_puzzle (self->store, puzzle_id, &info, &error))
    title = g_steal_pointer (&info.title);
  if (error != NULL)
    g_debug ("No title for the game: %s", error->message);
  ne_puzzle_info_clear (&info);
  return title;
}

void
nonet_window_title_show (NonetWindow *self)
{
  const char *title = self->puzzle_title;

  /* While entering a puzzle the subtitle says so; the game waits. */
  if (title == NULL || title[0] == '\0' || self->editor_game != NULL)
    title = NULL;
  adw_window_title_set_title (self->window_title, title != NULL ? title : gtk_window_get_title (GTK_WINDOW (self)));
  /* A narrow header bar cuts a long title short. */
  nonet_widget_set_tooltip (GTK_WIDGET (self->window_title), title);
}

void
nonet_window_title_set (NonetWindow *self,
                        const char  *title)
{
  g_free (self->puzzle_title);
  self->puzzle_title = g_strdup (title);
  nonet_window_title_show (self);
}

void
nonet_window_title_reload (NonetWindow *self)
{
  g_autofree char *title = nonet_window_read_puzzle_title (self);

  nonet_window_title_set (self, title);
}

/* A game outside the library (it could not open) keeps the title it was
 * given; one in it follows the library. */
static void
nonet_window_title_library_changed (NonetWindow *self)
{
  if (self->game != NULL && ne_game_get_game_id (self->game) != 0)
    nonet_window_title_reload (self);
}

void
nonet_window_title_init (NonetWindow *self)
{
  if (self->store != NULL)
    g_signal_connect_object (self->store, "library-changed",
                             G_CALLBACK (nonet_window_title_library_changed), self, G_CONNECT_SWAPPED);
  nonet_window_title_reload (self);
}
