/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-search.c: the search made visible in the main window: the
 * depth plot and the heat map of an animated run (NonetSearchPanel beside
 * the board, the heat on the grid), shown from the run's start until the
 * board is closed, and their export as PNG or SVG with the run's trace as
 * text. Actions in the "search" group:
 *   search.show-plot (b), search.show-heat (b): stateful toggles;
 *   search.export-plot (s), search.export-heat (s): "png" or "svg";
 *   search.export-trace: the events so far, as `nonet-cli trace` prints them. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include <glib/gi18n.h>

#include "ne-output.h"
#include "ne-search-render.h"
#include "ne-trace.h"

typedef enum
{
  EXPORT_PLOT,
  EXPORT_HEAT,
  EXPORT_TRACE,
} ExportKind;

static gboolean
action_state (NonetWindow *self,
              const char  *name)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (self->search_actions), name);

  return g_variant_get_boolean (state);
}

gboolean
nonet_window_search_wanted (NonetWindow *self)
{
  return self->run != NULL && (action_state (self, "show-plot") || action_state (self, "show-heat"));
}

/* What is shown follows the toggles and whether there is a run; the
 * exports need a run. */
static void
nonet_window_search_update (NonetWindow *self)
{
  gboolean heat = action_state (self, "show-heat");
  const char *exports[] = { "export-plot", "export-heat", "export-trace" };

  nonet_search_panel_set_show_plot (self->search_panel, action_state (self, "show-plot"));
  nonet_search_panel_set_show_heat (self->search_panel, heat);
  nonet_grid_view_set_heat (self->grid_view, heat && self->run != NULL
                                             ? nonet_search_panel_get_attempts (self->search_panel) : NULL);
  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->search_actions),
                                                                              exports[i])),
                                 self->run != NULL);
  nonet_window_update_log (self);
}

void
nonet_window_search_start (NonetWindow *self)
{
  nonet_search_panel_start (self->search_panel, nc_game_givens (ne_game_get_core (self->game)), self->run_order);
  nonet_window_search_update (self);
}

void
nonet_window_search_events (NonetWindow   *self,
                            const NcEvent *events,
                            guint          n_events)
{
  nonet_search_panel_add (self->search_panel, events, n_events);
  if (action_state (self, "show-heat"))
    nonet_grid_view_set_heat (self->grid_view, nonet_search_panel_get_attempts (self->search_panel));
}

/* The figures are heard at once at the end, as after a pause or a step. */
void
nonet_window_search_sync (NonetWindow *self)
{
  nonet_search_panel_sync_accessible (self->search_panel);
}

/* The board closed: nothing of the run is shown any more. */
void
nonet_window_search_closed (NonetWindow *self)
{
  nonet_window_search_update (self);
}

/* A toggle is heard at once, with what it shows now. */
static void
toggle_activate (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  NonetWindow *self = user_data;
  g_autoptr(GVariant) state = g_action_get_state (G_ACTION (action));
  gboolean on = !g_variant_get_boolean (state);
  gboolean heat = g_str_equal (g_action_get_name (G_ACTION (action)), "show-heat");
  g_autofree char *said = NULL;

  g_simple_action_set_state (action, g_variant_new_boolean (on));
  nonet_window_search_update (self);
  if (self->run == NULL)
    return;
  nonet_search_panel_sync_accessible (self->search_panel);
  if (heat && on)
    {
      g_autofree char *hottest = nonet_search_panel_describe_hottest (self->search_panel);

      /* Translators: said when the heat map is turned on; %s is "Most tried: row 5, column 6, 247 attempts" */
      said = g_strdup_printf (_("Heat map of attempts per cell shown. %s"), hottest);
    }
  else if (heat)
    said = g_strdup (_("Heat map hidden"));
  else
    said = g_strdup (on ? _("Depth plot shown") : _("Depth plot hidden"));
  nonet_announcer_now (self->announcer, said);
}

static GBytes *
export_bytes (NonetWindow *self,
              ExportKind   kind,
              gboolean     svg)
{
  NonetSearchPanel *panel = self->search_panel;
  const NcGrid *givens = nonet_search_panel_get_givens (panel);

  switch (kind)
    {
    case EXPORT_PLOT:
      return ne_search_export_depth_plot (nonet_search_panel_get_series (panel), svg);
    case EXPORT_HEAT:
      return ne_search_export_heat_map (givens, self->run != NULL ? &ne_solve_run_get_view (self->run)->board : NULL,
                                        nonet_search_panel_get_attempts (panel), svg);
    case EXPORT_TRACE:
    default:
      {
        guint64 steps = nonet_search_panel_get_series (panel)->steps;
        NcOrder order = nonet_search_panel_get_order (panel);
        char line[82];
        g_autofree char *header = NULL;

        nc_grid_format_line (givens, '0', line);
        header = g_strdup_printf ("# %s %s", line, nc_order_name (order));
        /* The events delivered so far: the same search, run again (a limit
         * of 0 would be none). */
        if (steps == 0)
          return g_bytes_new_take (g_strconcat (header, "\n", NULL), strlen (header) + 1);
        return g_string_free_to_bytes (ne_trace_to_text (givens, order, steps, header));
      }
    }
}

static void
export_response (GtkNativeDialog *chooser,
                 int              response,
                 gpointer         user_data)
{
  NonetWindow *self = user_data;
  ExportKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "nonet-kind"));
  gboolean svg = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "nonet-svg"));
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  if (file != NULL)
    path = g_file_get_path (file);
  if (file != NULL && path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *text = g_strdup_printf (_("Could not write %s: only local files can be written"), uri);

      nonet_window_toast (self, text);
    }
  else if (path != NULL)
    {
      bytes = export_bytes (self, kind, svg);
      if (ne_output_write (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error))
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *text = g_strdup_printf (_("Saved “%s”"), name);

          nonet_window_toast (self, text);
        }
      else
        nonet_window_toast (self, error->message);
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
export_choose (NonetWindow *self,
               ExportKind   kind,
               gboolean     svg)
{
  static const char *titles[] = { N_("Export Depth Plot"), N_("Export Heat Map"), N_("Export Trace") };
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;
  const char *name;

  chooser = gtk_file_chooser_native_new (_(titles[kind]), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  if (kind == EXPORT_TRACE)
    {
      /* Translators: a file name */
      name = _("trace.txt");
      gtk_file_filter_set_name (filter, _("Text files"));
      gtk_file_filter_add_pattern (filter, "*.txt");
    }
  else if (svg)
    {
      /* Translators: file names */
      name = kind == EXPORT_PLOT ? _("depth-plot.svg") : _("heat-map.svg");
      gtk_file_filter_set_name (filter, _("SVG images"));
      gtk_file_filter_add_pattern (filter, "*.svg");
    }
  else
    {
      name = kind == EXPORT_PLOT ? _("depth-plot.png") : _("heat-map.png");
      gtk_file_filter_set_name (filter, _("PNG images"));
      gtk_file_filter_add_pattern (filter, "*.png");
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_set_data (G_OBJECT (chooser), "nonet-kind", GINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (chooser), "nonet-svg", GINT_TO_POINTER (svg));
  /* The chooser and the window live until the response. */
  g_signal_connect (chooser, "response", G_CALLBACK (export_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_activate (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  const char *name = g_action_get_name (G_ACTION (action));
  ExportKind kind = g_str_equal (name, "export-plot") ? EXPORT_PLOT
                    : g_str_equal (name, "export-heat") ? EXPORT_HEAT : EXPORT_TRACE;

  export_choose (user_data, kind, parameter != NULL && g_str_equal (g_variant_get_string (parameter, NULL), "svg"));
}

static const GActionEntry search_entries[] = {
  { "show-plot", toggle_activate, NULL, "true", NULL },
  { "show-heat", toggle_activate, NULL, "false", NULL },
  { "export-plot", export_activate, "s", NULL, NULL },
  { "export-heat", export_activate, "s", NULL, NULL },
  { "export-trace", export_activate, NULL, NULL, NULL },
};

/* The panel goes above the step log in the side column. */
void
nonet_window_search_init (NonetWindow *self)
{
  GtkWidget *side = gtk_widget_get_parent (GTK_WIDGET (self->event_log));

  GtkWidget *scrolled = gtk_scrolled_window_new ();

  /* Scrolled, so that below the board in a narrow window it takes no more
   * height than it is given. */
  self->search_panel = NONET_SEARCH_PANEL (nonet_search_panel_new ());
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->search_panel));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (scrolled),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Depth plot and heat map"),
                                  -1);
  g_object_bind_property (self->search_panel, "visible", scrolled, "visible", G_BINDING_SYNC_CREATE);
  gtk_box_prepend (GTK_BOX (side), scrolled);
  self->search_actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->search_actions), search_entries,
                                   G_N_ELEMENTS (search_entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "search", G_ACTION_GROUP (self->search_actions));
  nonet_window_search_update (self);
}
