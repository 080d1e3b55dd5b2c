/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-search-panel.h: what a solver run looks like as it goes, beside
 * the board: the depth plot (NonetDepthPlot) and the heat map's legend,
 * with the hottest cell and every cell's count as text. It keeps the run's
 * figures (the depth series, the attempts per cell, the puzzle and the
 * order for the trace) from its events until the next run. Screen readers
 * get the figures at most once a second, and at once on sync. */
#pragma once

#include <gtk/gtk.h>

#include "ne-attempt-map.h"
#include "ne-depth-series.h"
#include "nonet-depth-plot.h"

G_BEGIN_DECLS

#define NONET_TYPE_SEARCH_PANEL (nonet_search_panel_get_type ())

G_DECLARE_FINAL_TYPE (NonetSearchPanel, nonet_search_panel, NONET, SEARCH_PANEL, GtkBox)

GtkWidget          *nonet_search_panel_new          (void);
/* Empties the figures for a run of givens in order. */
void                nonet_search_panel_start        (NonetSearchPanel *self,
                                                     const NcGrid     *givens,
                                                     NcOrder           order);
void                nonet_search_panel_add          (NonetSearchPanel *self,
                                                     const NcEvent    *events,
                                                     guint             n_events);
void                nonet_search_panel_sync_accessible (NonetSearchPanel *self);

void                nonet_search_panel_set_show_plot (NonetSearchPanel *self,
                                                      gboolean          show);
void                nonet_search_panel_set_show_heat (NonetSearchPanel *self,
                                                      gboolean          show);

const NeDepthSeries *nonet_search_panel_get_series   (NonetSearchPanel *self);
const NeAttemptMap  *nonet_search_panel_get_attempts (NonetSearchPanel *self);
const NcGrid        *nonet_search_panel_get_givens   (NonetSearchPanel *self);
NcOrder              nonet_search_panel_get_order    (NonetSearchPanel *self);
/* "Most tried: row 5, column 6, 247 attempts", or that none was tried. */
char                *nonet_search_panel_describe_hottest (NonetSearchPanel *self);

G_END_DECLS
