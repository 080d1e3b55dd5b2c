/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-depth-plot.c: the depth plot widget. Events only add to the series
 * and queue a redraw; the frame clock then draws once per frame whatever
 * the number of events. The description follows when its owner syncs it
 * (the search panel: at most once a second). */

#define G_LOG_DOMAIN "nonet-depth-plot"

#include "config.h"

#include "nonet-depth-plot.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ne-messages.h"
#include "ne-search-render.h"
#include "nonet-announcer.h"
#include "nonet-grid-view.h"

struct _NonetDepthPlot
{
  GtkWidget      parent_instance;

  NeDepthSeries  series;
};

G_DEFINE_FINAL_TYPE (NonetDepthPlot, nonet_depth_plot, GTK_TYPE_WIDGET)

char *
nonet_depth_plot_describe (NonetDepthPlot *self)
{
  g_autofree char *steps = NULL;
  g_autofree char *backtracks = NULL;
  g_autofree char *depth = NULL;
  g_autofree char *deepest = NULL;

  g_return_val_if_fail (NONET_IS_DEPTH_PLOT (self), NULL);

  if (self->series.steps == 0)
    return g_strdup (_("No steps yet"));
  steps = ne_format_count (self->series.steps);
  backtracks = ne_format_count (self->series.backtracks);
  /* Translators: the depth plot's figures, e.g. "Depth 23 after 12,000 steps" */
  depth = g_strdup_printf (ngettext ("Depth %d after %s step", "Depth %d after %s steps", (gulong) self->series.steps),
                           self->series.depth, steps);
  /* Translators: follows "Depth 23 after 12,000 steps; "; %s is a count */
  deepest = g_strdup_printf (ngettext ("deepest %d; %s backtrack", "deepest %d; %s backtracks", (gulong) self->series.backtracks),
                             self->series.max_depth, backtracks);
  return g_strdup_printf ("%s; %s", depth, deepest);
}

static void
update_accessible (NonetDepthPlot *self)
{
  g_autofree char *text = nonet_depth_plot_describe (self);

  nonet_announcer_set_description (GTK_WIDGET (self), text);
}

void
nonet_depth_plot_sync_accessible (NonetDepthPlot *self)
{
  g_return_if_fail (NONET_IS_DEPTH_PLOT (self));

  update_accessible (self);
}

void
nonet_depth_plot_clear (NonetDepthPlot *self)
{
  g_return_if_fail (NONET_IS_DEPTH_PLOT (self));

  ne_depth_series_init (&self->series);
  nonet_depth_plot_sync_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
nonet_depth_plot_add (NonetDepthPlot *self,
                      const NcEvent  *events,
                      guint           n_events)
{
  g_return_if_fail (NONET_IS_DEPTH_PLOT (self));

  ne_depth_series_add (&self->series, events, n_events);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const NeDepthSeries *
nonet_depth_plot_get_series (NonetDepthPlot *self)
{
  g_return_val_if_fail (NONET_IS_DEPTH_PLOT (self), NULL);

  return &self->series;
}

static void
nonet_depth_plot_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  NonetDepthPlot *self = NONET_DEPTH_PLOT (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  NeRenderStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  nonet_grid_view_theme_style (widget, &style);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  ne_search_draw_depth_plot (cr, width, height, gtk_widget_get_scale_factor (widget), &style, &self->series);
  cairo_destroy (cr);
}

static void
nonet_depth_plot_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 160 : 100;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 280 : 180;
}

static void
nonet_depth_plot_class_init (NonetDepthPlotClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = nonet_depth_plot_snapshot;
  widget_class->measure = nonet_depth_plot_measure;
  gtk_widget_class_set_css_name (widget_class, "depthplot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
nonet_depth_plot_init (NonetDepthPlot *self)
{
  ne_depth_series_init (&self->series);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  /* A Tab stop, so a screen reader reaches the figures by keyboard. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search depth against steps"),
                                  -1);
  update_accessible (self);
}

GtkWidget *
nonet_depth_plot_new (void)
{
  return g_object_new (NONET_TYPE_DEPTH_PLOT, NULL);
}
