/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-depth-plot.h: a live plot of a solver run's depth against its
 * steps, drawn by ne-search-render from the NeDepthSeries it keeps: a
 * column per pixel, so it costs the same at any speed and any length; a
 * backtrack shows as a drop. For a screen reader it is an image whose
 * description says the figures ("Depth 23 after 12,000 steps; deepest 60;
 * 1,200 backtracks"), brought up to date by nonet_depth_plot_sync_accessible. */
#pragma once

#include <gtk/gtk.h>

#include "ne-depth-series.h"

G_BEGIN_DECLS

#define NONET_TYPE_DEPTH_PLOT (nonet_depth_plot_get_type ())

G_DECLARE_FINAL_TYPE (NonetDepthPlot, nonet_depth_plot, NONET, DEPTH_PLOT, GtkWidget)

GtkWidget           *nonet_depth_plot_new          (void);
/* Empties the plot for a new run. */
void                 nonet_depth_plot_clear        (NonetDepthPlot *self);
void                 nonet_depth_plot_add          (NonetDepthPlot *self,
                                                    const NcEvent  *events,
                                                    guint           n_events);
const NeDepthSeries *nonet_depth_plot_get_series   (NonetDepthPlot *self);
/* The figures as they are now; sync gives them to the accessible
 * description (its owner decides how often). */
char                *nonet_depth_plot_describe     (NonetDepthPlot *self);
void                 nonet_depth_plot_sync_accessible (NonetDepthPlot *self);

G_END_DECLS
