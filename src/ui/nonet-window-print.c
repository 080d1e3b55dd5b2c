/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-print.c: printing the puzzle in play (with or without the
 * player's digits) and exporting it to a PDF. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include <glib/gi18n.h>

#include "ne-print.h"
#include "nonet-print-operation.h"

/* The document of the puzzle in play; with progress, the player's digits
 * print grey. */
static NePrintDocument *
nonet_window_print_document (NonetWindow *self,
                             gboolean     with_progress)
{
  NePrintDocument *document = ne_print_document_new ();
  const NcGame *core = ne_game_get_core (self->game);
  g_autofree char *title = NULL;
  NePuzzleInfo info = { 0 };
  NePrintPuzzle puzzle = { 0 };
  gint64 puzzle_id = 0;
  NcGrid board;

  if (self->store != NULL)
    puzzle_id = ne_store_get_game_puzzle (self->store, ne_game_get_game_id (self->game), NULL);
  if (puzzle_id != 0)
    nonet_print_puzzle_init_stored (&puzzle, self->store, puzzle_id, &info, &title);
  /* The library says what the puzzle is; the game, what is on paper. */
  puzzle.givens = *nc_game_givens (core);
  puzzle.solution = ne_game_get_solution (self->game);
  if (with_progress)
    {
      nc_game_board (core, &board);
      puzzle.entries = &board;
    }
  ne_print_document_add_puzzle (document, &puzzle);
  ne_puzzle_info_clear (&info);
  ne_print_document_set_per_page (document, 1);
  ne_print_document_set_title (document, _("Nonet"));
  return document;
}

static void
nonet_window_print (NonetWindow *self,
                    gboolean     with_progress)
{
  g_autoptr(NePrintDocument) document = NULL;
  g_autoptr(NonetPrintOperation) operation = NULL;

  if (self->game == NULL)
    return;
  document = nonet_window_print_document (self, with_progress);
  operation = nonet_print_operation_new (document);
  nonet_print_operation_run (operation, GTK_WINDOW (self));
}

void
nonet_window_action_print (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  nonet_window_print (NONET_WINDOW (widget), FALSE);
}

void
nonet_window_action_print_progress (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  nonet_window_print (NONET_WINDOW (widget), TRUE);
}

void
nonet_window_action_export_pdf (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  g_autoptr(NePrintDocument) document = NULL;
  g_autoptr(NonetPrintOperation) operation = NULL;

  if (self->game == NULL)
    return;
  document = nonet_window_print_document (self, FALSE);
  operation = nonet_print_operation_new (document);
  nonet_print_operation_export_pdf_with_toast (operation, GTK_WINDOW (self), _("puzzle.pdf"), self->toast_overlay);
}
