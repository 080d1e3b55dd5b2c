/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-solutions-window.h: the solutions of a puzzle that has several,
 * counted up to a limit the player can raise, two shown side by side with
 * the cells where they differ marked and listed. */
#pragma once

#include <adwaita.h>

#include "nc-grid.h"

G_BEGIN_DECLS

#define NONET_TYPE_SOLUTIONS_WINDOW (nonet_solutions_window_get_type ())
G_DECLARE_FINAL_TYPE (NonetSolutionsWindow, nonet_solutions_window, NONET, SOLUTIONS_WINDOW, AdwWindow)

/* The first count's limit; Count More multiplies it by ten. */
#define NONET_SOLUTIONS_FIRST_LIMIT 100
/* Solutions kept to step through: however many are counted, the first these. */
#define NONET_SOLUTIONS_KEPT        1000

/* Starts counting the solutions of puzzle (copied) at once; closing the
 * window cancels the count. */
NonetSolutionsWindow *nonet_solutions_window_new (GtkWindow    *parent,
                                                  const NcGrid *puzzle);

G_END_DECLS
