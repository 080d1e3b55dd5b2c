/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-compare-window.h: Compare Strategies: two to four small boards,
 * each animating one search strategy on the puzzle, in lockstep (NeCompare),
 * with live counters, and a table that fills in a row as each run finishes;
 * Copy Table puts it on the clipboard as nonet-cli compare prints it. */
#pragma once

#include <adwaita.h>

#include "nc-grid.h"

G_BEGIN_DECLS

#define NONET_TYPE_COMPARE_WINDOW (nonet_compare_window_get_type ())

G_DECLARE_FINAL_TYPE (NonetCompareWindow, nonet_compare_window, NONET, COMPARE_WINDOW, AdwWindow)

/* A window for puzzle's givens (a copy), transient for parent (may be NULL).
 * Closing it stops its runs. */
NonetCompareWindow *nonet_compare_window_new (GtkWindow    *parent,
                                              const NcGrid *puzzle);

G_END_DECLS
