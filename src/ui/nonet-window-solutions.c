/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-solutions.c: every answer explained. Show Solutions opens
 * the solutions window on the puzzle in the editor or in play; a puzzle
 * with no solution gets its reason (a cell or a unit, or the reference
 * search's counts) from a worker, for the editor's check and for Solve. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include <glib/gi18n.h>

#include "ne-explain.h"
#include "nonet-solutions-window.h"

/* The puzzle Show Solutions is about: the one being entered, else the
 * givens of the game. FALSE when there is neither. */
static gboolean
nonet_window_solutions_puzzle (NonetWindow *self,
                               NcGrid      *out)
{
  if (self->editor_game != NULL)
    nc_game_board (ne_game_get_core (self->editor_game), out);
  else if (self->game != NULL)
    *out = *nc_game_givens (ne_game_get_core (self->game));
  else
    return FALSE;
  return TRUE;
}

void
nonet_window_show_solutions (NonetWindow *self)
{
  NcGrid puzzle;
  NonetSolutionsWindow *window;

  if (!nonet_window_solutions_puzzle (self, &puzzle))
    return;
  if (nc_grid_find_conflicts (&puzzle, NULL, 0) > 0)
    {
      nonet_window_toast (self, _("This puzzle has a conflict: it has no solution"));
      return;
    }
  window = nonet_solutions_window_new (GTK_WINDOW (self), &puzzle);
  gtk_window_present (GTK_WINDOW (window));
}

void
nonet_window_action_show_solutions (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  nonet_window_show_solutions (NONET_WINDOW (widget));
}

typedef struct
{
  NonetWindow               *window;   /* owned */
  GCancellable              *cancellable;  /* owned: the explanation we want */
  NcGrid                     puzzle;
  NonetWindowNoSolutionFunc  done;
} Explaining;

static void
explaining_free (Explaining *explaining)
{
  g_clear_object (&explaining->window);
  g_clear_object (&explaining->cancellable);
  g_free (explaining);
}

static void
nonet_window_explain_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  Explaining *explaining = user_data;
  NonetWindow *self = explaining->window;
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *message = NULL;
  NeNoSolution explained;

  /* A newer question, the editor left or the window closed: not wanted. */
  if (!ne_no_solution_explain_finish (result, &explained, &error) ||
      explaining->cancellable != self->explain_cancellable)
    {
      if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Explaining why there is no solution failed: %s", error->message);
      explaining_free (explaining);
      return;
    }
  g_clear_object (&self->explain_cancellable);

  reason = ne_no_solution_describe (&explained);
  /* Translators: %s says why: "row 3 has no place for a 7", or "the search
   * tried 12,345 digits and took 1,234 back, and every branch failed" */
  message = g_strdup_printf (_("This puzzle has no solution: %s"), reason);
  explaining->done (self, &explaining->puzzle, message, &explained.why);
  explaining_free (explaining);
}

void
nonet_window_explain_no_solution (NonetWindow               *self,
                                  const NcGrid              *puzzle,
                                  NonetWindowNoSolutionFunc  done)
{
  Explaining *explaining;

  g_return_if_fail (puzzle != NULL && done != NULL);

  nonet_window_stop_explaining (self);
  self->explain_cancellable = g_cancellable_new ();
  explaining = g_new0 (Explaining, 1);
  explaining->window = g_object_ref (self);
  explaining->cancellable = g_object_ref (self->explain_cancellable);
  explaining->puzzle = *puzzle;
  explaining->done = done;
  ne_no_solution_explain_async (puzzle, self->explain_cancellable, nonet_window_explain_cb, explaining);
}

void
nonet_window_stop_explaining (NonetWindow *self)
{
  g_cancellable_cancel (self->explain_cancellable);
  g_clear_object (&self->explain_cancellable);
}
