/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-search-panel.c: the depth plot and the heat map's legend of a
 * run. The events only add to the figures; the texts (the plot's
 * description, the hottest cell, the counts per cell) follow at most once
 * a second, a pending update carrying the last figures. */

#define G_LOG_DOMAIN "nonet-search-panel"

#include "config.h"

#include "nonet-search-panel.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ne-messages.h"
#include "ne-search-render.h"
#include "nonet-grid-view.h"

#define TEXT_US G_USEC_PER_SEC
/* Wider than this (in device pixels) the panel is not drawn: only a
 * revealer sliding it in or out asks for it (it allocates its child the
 * width over the progress, then scales it down to a sliver), and the plot's
 * cairo nodes would outgrow what a texture can hold. */
#define MAX_DRAWN_PX 8192

struct _NonetSearchPanel
{
  GtkBox          parent_instance;

  /* Children */
  NonetDepthPlot *plot;
  GtkWidget      *heat_box;
  GtkWidget      *ramp;
  GtkLabel       *hottest_label;
  GtkLabel       *counts_label;

  NeAttemptMap    attempts;
  NcGrid          givens;
  NcOrder         order;
  gint64          text_us;    /* when the texts last followed the figures */
  guint           text_id;    /* a pending update of them */
};

G_DEFINE_FINAL_TYPE (NonetSearchPanel, nonet_search_panel, GTK_TYPE_BOX)

char *
nonet_search_panel_describe_hottest (NonetSearchPanel *self)
{
  g_autofree char *count = NULL;
  int cell;

  g_return_val_if_fail (NONET_IS_SEARCH_PANEL (self), NULL);

  cell = self->attempts.hottest;
  if (cell < 0)
    return g_strdup (_("No cell tried yet"));
  count = ne_format_count (self->attempts.max);
  /* Translators: the heat map's hottest cell: "Most tried: row 5, column 6, 247 attempts" */
  return g_strdup_printf (ngettext ("Most tried: row %d, column %d, %s attempt",
                                    "Most tried: row %d, column %d, %s attempts", (gulong) self->attempts.max),
                          nc_cell_row (cell) + 1, nc_cell_col (cell) + 1, count);
}

/* Every cell's attempts, a row of the grid a line ("Row 1: 12, 0, 5, ..."):
 * the heat map as numbers, for whoever cannot see the shades. */
static char *
describe_counts (NonetSearchPanel *self)
{
  GString *text = g_string_new (NULL);

  for (int row = 0; row < 9; row++)
    {
      if (row > 0)
        g_string_append_c (text, '\n');
      /* Translators: starts a line of the heat map's counts, one per cell */
      g_string_append_printf (text, _("Row %d:"), row + 1);
      for (int col = 0; col < 9; col++)
        {
          g_autofree char *count = ne_format_count (self->attempts.counts[row * 9 + col]);

          g_string_append_printf (text, col == 0 ? " %s" : ", %s", count);
        }
    }
  return g_string_free (text, FALSE);
}

static void
update_texts (NonetSearchPanel *self)
{
  g_autofree char *hottest = nonet_search_panel_describe_hottest (self);
  g_autofree char *counts = describe_counts (self);
  g_autofree char *legend = NULL;
  g_autofree char *most = ne_format_count (self->attempts.max);

  self->text_us = g_get_monotonic_time ();
  nonet_depth_plot_sync_accessible (self->plot);
  gtk_label_set_text (self->hottest_label, hottest);
  gtk_label_set_text (self->counts_label, counts);
  /* Translators: the heat map's legend for a screen reader; %s is a count */
  legend = g_strdup_printf (_("Shade: attempts per cell, from none (lightest) to %s (strongest)"), most);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->ramp),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, legend,
                                  -1);
  gtk_widget_queue_draw (self->ramp);
}

static gboolean
text_timeout (gpointer user_data)
{
  NonetSearchPanel *self = user_data;

  self->text_id = 0;
  update_texts (self);
  return G_SOURCE_REMOVE;
}

void
nonet_search_panel_sync_accessible (NonetSearchPanel *self)
{
  g_return_if_fail (NONET_IS_SEARCH_PANEL (self));

  g_clear_handle_id (&self->text_id, g_source_remove);
  update_texts (self);
}

void
nonet_search_panel_start (NonetSearchPanel *self,
                          const NcGrid     *givens,
                          NcOrder           order)
{
  g_return_if_fail (NONET_IS_SEARCH_PANEL (self));
  g_return_if_fail (givens != NULL);

  self->givens = *givens;
  self->order = order;
  ne_attempt_map_init (&self->attempts);
  nonet_depth_plot_clear (self->plot);
  nonet_search_panel_sync_accessible (self);
}

void
nonet_search_panel_add (NonetSearchPanel *self,
                        const NcEvent    *events,
                        guint             n_events)
{
  gint64 wait;

  g_return_if_fail (NONET_IS_SEARCH_PANEL (self));

  nonet_depth_plot_add (self->plot, events, n_events);
  ne_attempt_map_add (&self->attempts, events, n_events);
  if (self->text_id != 0)
    return;
  wait = self->text_us + TEXT_US - g_get_monotonic_time ();
  if (wait <= 0)
    update_texts (self);
  else
    self->text_id = g_timeout_add ((guint) (wait / 1000) + 1, text_timeout, self);
}

void
nonet_search_panel_set_show_plot (NonetSearchPanel *self,
                                  gboolean          show)
{
  g_return_if_fail (NONET_IS_SEARCH_PANEL (self));

  gtk_widget_set_visible (GTK_WIDGET (self->plot), show);
  gtk_widget_set_visible (GTK_WIDGET (self), show || gtk_widget_get_visible (self->heat_box));
}

void
nonet_search_panel_set_show_heat (NonetSearchPanel *self,
                                  gboolean          show)
{
  g_return_if_fail (NONET_IS_SEARCH_PANEL (self));

  gtk_widget_set_visible (self->heat_box, show);
  gtk_widget_set_visible (GTK_WIDGET (self), show || gtk_widget_get_visible (GTK_WIDGET (self->plot)));
}

const NeDepthSeries *
nonet_search_panel_get_series (NonetSearchPanel *self)
{
  g_return_val_if_fail (NONET_IS_SEARCH_PANEL (self), NULL);

  return nonet_depth_plot_get_series (self->plot);
}

const NeAttemptMap *
nonet_search_panel_get_attempts (NonetSearchPanel *self)
{
  g_return_val_if_fail (NONET_IS_SEARCH_PANEL (self), NULL);

  return &self->attempts;
}

const NcGrid *
nonet_search_panel_get_givens (NonetSearchPanel *self)
{
  g_return_val_if_fail (NONET_IS_SEARCH_PANEL (self), NULL);

  return &self->givens;
}

NcOrder
nonet_search_panel_get_order (NonetSearchPanel *self)
{
  g_return_val_if_fail (NONET_IS_SEARCH_PANEL (self), NC_ORDER_READING);

  return self->order;
}

static void
draw_ramp (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  NonetSearchPanel *self = user_data;
  NeRenderStyle style;
  NeRgba heat;

  nonet_grid_view_theme_style (GTK_WIDGET (area), &style);
  style.background.alpha = 0;
  ne_search_heat_colour (adw_style_manager_get_dark (adw_style_manager_get_default ()), &heat);
  ne_search_draw_heat_legend (cr, width, height, &style, &heat, &self->attempts);
}

static void
nonet_search_panel_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  int scale = gtk_widget_get_scale_factor (widget);

  if (gtk_widget_get_width (widget) * scale > MAX_DRAWN_PX || gtk_widget_get_height (widget) * scale > MAX_DRAWN_PX)
    return;
  GTK_WIDGET_CLASS (nonet_search_panel_parent_class)->snapshot (widget, snapshot);
}

static void
nonet_search_panel_dispose (GObject *object)
{
  NonetSearchPanel *self = NONET_SEARCH_PANEL (object);

  g_clear_handle_id (&self->text_id, g_source_remove);

  G_OBJECT_CLASS (nonet_search_panel_parent_class)->dispose (object);
}

static void
nonet_search_panel_class_init (NonetSearchPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = nonet_search_panel_dispose;
  GTK_WIDGET_CLASS (klass)->snapshot = nonet_search_panel_snapshot;
}

static void
nonet_search_panel_init (NonetSearchPanel *self)
{
  GtkWidget *toggle;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 6);
  ne_attempt_map_init (&self->attempts);

  self->plot = NONET_DEPTH_PLOT (nonet_depth_plot_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->plot), TRUE);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->plot));

  self->heat_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  gtk_widget_set_visible (self->heat_box, FALSE);
  self->ramp = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->ramp), 36);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->ramp), draw_ramp, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->ramp),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Heat map legend"),
                                  -1);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self->ramp, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (self->heat_box), self->ramp);
  self->hottest_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->hottest_label, 0);
  gtk_label_set_wrap (self->hottest_label, TRUE);
  gtk_label_set_selectable (self->hottest_label, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->hottest_label), "numeric");
  gtk_box_append (GTK_BOX (self->heat_box), GTK_WIDGET (self->hottest_label));
  /* A toggle, not a GtkExpander: GTK 4.8 gives an expander no role or
   * action a screen reader can use. */
  toggle = gtk_toggle_button_new_with_label (_("Attempts per Cell as Numbers"));
  gtk_widget_add_css_class (toggle, "flat");
  gtk_widget_set_halign (toggle, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (self->heat_box), toggle);
  self->counts_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->counts_label, 0);
  gtk_label_set_wrap (self->counts_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->counts_label), "numeric");
  gtk_widget_add_css_class (GTK_WIDGET (self->counts_label), "caption");
  g_object_bind_property (toggle, "active", self->counts_label, "visible", G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (self->heat_box), GTK_WIDGET (self->counts_label));
  gtk_box_append (GTK_BOX (self), self->heat_box);
}

GtkWidget *
nonet_search_panel_new (void)
{
  return g_object_new (NONET_TYPE_SEARCH_PANEL, NULL);
}
