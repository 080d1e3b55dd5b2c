/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-solve-bar.c: the controls and counters of a solver run. The speed
 * scale is logarithmic: its value v in 0..4 means 10^v steps per second, and
 * its last stretch (above 4) means unlimited. Its marks are labelled, and a
 * screen reader hears the speed in words, not the scale's value. */

#define G_LOG_DOMAIN "nonet-solve-bar"

#include "config.h"

#include "nonet-solve-bar.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ne-messages.h"
#include "nonet-a11y.h"
#include "nonet-announcer.h"
#include "nonet-board-legend.h"
#include "nonet-status-area.h"
#include "nonet-wrap-layout.h"

/* The scale's value for NONET_SOLVE_BAR_MAX_SPEED, and for unlimited. */
#define SCALE_MAX_FINITE 4.0
#define SCALE_UNLIMITED  5.0

struct _NonetSolveBar
{
  AdwBin          parent_instance;

  /* Template widgets */
  GtkButton      *pause_button;
  GtkWidget      *step_button;
  GtkButton      *stop_button;
  GtkWidget      *speed_box;
  GtkWidget      *speed_label;
  GtkScale       *speed_scale;
  GtkAdjustment  *speed_adjustment;
  GtkDropDown    *order_dropdown;
  GtkWidget      *controls_box;
  GtkWidget      *status_area;
  GtkWidget      *counters_box;
  GtkLabel       *attempts_label;
  GtkLabel       *backtracks_label;
  GtkLabel       *depth_label;
  GtkLabel       *elapsed_label;
  GtkLabel       *rate_label;
  GtkLabel       *previous_label;
  GtkLabel       *status_label;

  /* Owned */
  char           *attempts_text;
  char           *backtracks_text;
  guint           speed;
};

G_DEFINE_FINAL_TYPE (NonetSolveBar, nonet_solve_bar, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_SPEED,
  PROP_ORDER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static guint
speed_from_value (double value)
{
  if (value > SCALE_MAX_FINITE + 1e-9)
    return 0;
  return (guint) CLAMP (lround (pow (10.0, value)), 1, NONET_SOLVE_BAR_MAX_SPEED);
}

static double
value_from_speed (guint speed)
{
  if (speed == 0)
    return SCALE_UNLIMITED;
  return log10 (MIN (speed, NONET_SOLVE_BAR_MAX_SPEED));
}

static char *
format_speed (GtkScale *scale,
              double    value,
              gpointer  user_data)
{
  guint speed = speed_from_value (value);
  g_autofree char *count = NULL;

  if (speed == 0)
    return g_strdup (_("Unlimited"));
  count = ne_format_count (speed);
  /* Translators: steps per second */
  return g_strdup_printf (_("%s/s"), count);
}

/* The speed in words, as a screen reader says it. GTK 4.8 does not send
 * the value text over AT-SPI, so the description carries it too. */
static void
update_speed_description (NonetSolveBar *self,
                          guint          speed)
{
  g_autofree char *text = NULL;

  if (speed == 0)
    text = g_strdup (_("Unlimited"));
  else
    {
      g_autofree char *count = ne_format_count (speed);

      /* Translators: the solver's speed; %s is a number such as 1,000 */
      text = g_strdup_printf (ngettext ("%s step per second", "%s steps per second", speed),
                              count);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->speed_scale),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  -1);
  nonet_announcer_set_description (GTK_WIDGET (self->speed_scale), text);
}

static void
on_speed_changed (NonetSolveBar *self)
{
  guint speed = speed_from_value (gtk_adjustment_get_value (self->speed_adjustment));

  update_speed_description (self, speed);
  if (speed == self->speed)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

static void
on_order_changed (NonetSolveBar *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ORDER]);
}

GtkWidget *
nonet_solve_bar_new (void)
{
  return g_object_new (NONET_TYPE_SOLVE_BAR, NULL);
}

guint
nonet_solve_bar_get_speed (NonetSolveBar *self)
{
  g_return_val_if_fail (NONET_IS_SOLVE_BAR (self), 0);

  return self->speed;
}

void
nonet_solve_bar_set_speed (NonetSolveBar *self,
                           guint          speed)
{
  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  gtk_adjustment_set_value (self->speed_adjustment, value_from_speed (speed));
  /* The scale keeps its value; an exact speed (say 20) is kept as given. */
  if (speed <= NONET_SOLVE_BAR_MAX_SPEED && speed != self->speed)
    {
      self->speed = speed;
      update_speed_description (self, speed);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
    }
}

NcOrder
nonet_solve_bar_get_order (NonetSolveBar *self)
{
  g_return_val_if_fail (NONET_IS_SOLVE_BAR (self), NC_ORDER_READING);

  return gtk_drop_down_get_selected (self->order_dropdown) == 1 ? NC_ORDER_MRV : NC_ORDER_READING;
}

void
nonet_solve_bar_set_order (NonetSolveBar *self,
                           NcOrder        order)
{
  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  gtk_drop_down_set_selected (self->order_dropdown, order == NC_ORDER_MRV ? 1 : 0);
}

void
nonet_solve_bar_set_running (NonetSolveBar *self,
                             gboolean       running)
{
  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  gtk_widget_set_visible (GTK_WIDGET (self->pause_button), running);
  gtk_widget_set_visible (self->step_button, running);
  gtk_button_set_label (self->stop_button, running ? _("_Stop") : _("_Close"));
  nonet_a11y_name_button (self->stop_button);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stop_button),
                               running ? _("Stop and Put the Board Back") : _("Back to the Game"));
}

void
nonet_solve_bar_set_show_settings (NonetSolveBar *self,
                                   gboolean       show)
{
  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  gtk_widget_set_visible (self->speed_box, show);
  gtk_widget_set_visible (GTK_WIDGET (self->order_dropdown), show);
}

void
nonet_solve_bar_set_paused (NonetSolveBar *self,
                            gboolean       paused)
{
  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  gtk_button_set_label (self->pause_button, paused ? _("_Resume") : _("_Pause"));
  nonet_a11y_name_button (self->pause_button);
}

void
nonet_solve_bar_set_counters (NonetSolveBar    *self,
                              const NcCounters *counters,
                              gint64            elapsed_us,
                              double            steps_per_second)
{
  g_autofree char *text = NULL;
  g_autofree char *count = NULL;

  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  gtk_widget_set_visible (self->counters_box, counters != NULL);
  if (counters == NULL)
    return;

  g_free (self->attempts_text);
  self->attempts_text = ne_format_count (counters->attempts);
  g_free (self->backtracks_text);
  self->backtracks_text = ne_format_count (counters->backtracks);

  text = g_strdup_printf (_("Attempts: %s"), self->attempts_text);
  gtk_label_set_label (self->attempts_label, text);
  g_free (text);
  text = g_strdup_printf (_("Backtracks: %s"), self->backtracks_text);
  gtk_label_set_label (self->backtracks_label, text);
  g_free (text);
  text = g_strdup_printf (_("Depth: %d"), counters->depth);
  gtk_label_set_label (self->depth_label, text);
  g_free (text);
  text = g_strdup_printf (_("Time: %.1f s"), elapsed_us / 1e6);
  gtk_label_set_label (self->elapsed_label, text);
  g_free (text);
  count = ne_format_count ((guint64) MAX (0.0, steps_per_second + 0.5));
  text = g_strdup_printf (_("Steps/s: %s"), count);
  gtk_label_set_label (self->rate_label, text);
}

void
nonet_solve_bar_set_status (NonetSolveBar *self,
                            const char    *text)
{
  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  if (g_strcmp0 (gtk_label_get_label (self->status_label), text) != 0)
    gtk_label_set_label (self->status_label, text != NULL ? text : "");
}

/* The status area's accessible side: the status line as its name, the
 * counters (and the previous run's line) as its description. The labels
 * themselves are hidden from screen readers: they change many times a
 * second. */
void
nonet_solve_bar_sync_accessible (NonetSolveBar *self,
                                 gboolean       force)
{
  g_autoptr(GString) counters = g_string_new (NULL);
  GtkLabel *labels[] = { self->attempts_label, self->backtracks_label, self->depth_label,
                         self->elapsed_label, self->rate_label };

  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  /* A focused object's new name is spoken: while it has the focus, only
   * a pause, a step or the end changes it (the announcer says progress). */
  if (!force && gtk_widget_has_focus (self->status_area))
    return;
  if (gtk_widget_get_visible (self->counters_box))
    for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
      {
        if (i > 0)
          /* Translators: between the items of a list, "r1c1, r1c2 and r1c3" */
          g_string_append (counters, _(", "));
        g_string_append (counters, gtk_label_get_label (labels[i]));
      }
  if (gtk_widget_get_visible (GTK_WIDGET (self->previous_label)))
    {
      if (counters->len > 0)
        g_string_append (counters, _(", "));
      g_string_append (counters, gtk_label_get_label (self->previous_label));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status_area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, gtk_label_get_label (self->status_label),
                                  -1);
  nonet_announcer_set_description (self->status_area, counters->len > 0 ? counters->str : NULL);
}

const char *
nonet_solve_bar_get_status (NonetSolveBar *self)
{
  g_return_val_if_fail (NONET_IS_SOLVE_BAR (self), NULL);

  return gtk_label_get_label (self->status_label);
}

void
nonet_solve_bar_keep_previous_run (NonetSolveBar    *self,
                                   NcOrder           order,
                                   const NcCounters *counters,
                                   gint64            elapsed_us,
                                   NonetRunEnd       end)
{
  g_autofree char *attempts = NULL;
  g_autofree char *backtracks = NULL;
  g_autofree char *text = NULL;
  /* The names the cell order drop-down shows. */
  const char *name = order == NC_ORDER_MRV ? _("MRV (fewest candidates)") : _("Reading order");

  g_return_if_fail (NONET_IS_SOLVE_BAR (self));
  g_return_if_fail (counters != NULL);

  attempts = ne_format_count (counters->attempts);
  backtracks = ne_format_count (counters->backtracks);
  switch (end)
    {
    case NONET_RUN_SOLVED:
      /* Translators: a run before the cell order changed: "Reading order:
       * 445,778 attempts, 49,498 backtracks, solved in 2.5 s" */
      text = g_strdup_printf (_("%s: %s attempts, %s backtracks, solved in %.1f s"),
                              name, attempts, backtracks, elapsed_us / 1e6);
      break;
    case NONET_RUN_NO_SOLUTION:
      /* Translators: as "solved in", for a puzzle with no solution */
      text = g_strdup_printf (_("%s: %s attempts, %s backtracks, no solution after %.1f s"),
                              name, attempts, backtracks, elapsed_us / 1e6);
      break;
    case NONET_RUN_STOPPED:
    default:
      /* Translators: a run stopped when the cell order changed:
       * "Reading order: 12,345 attempts, 1,234 backtracks, stopped" */
      text = g_strdup_printf (_("%s: %s attempts, %s backtracks, stopped"),
                              name, attempts, backtracks);
      break;
    }
  gtk_label_set_label (self->previous_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->previous_label), TRUE);
}

void
nonet_solve_bar_clear_previous_run (NonetSolveBar *self)
{
  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  gtk_widget_set_visible (GTK_WIDGET (self->previous_label), FALSE);
  gtk_label_set_label (self->previous_label, "");
  nonet_solve_bar_sync_accessible (self, TRUE);
}

const char *
nonet_solve_bar_get_previous_run (NonetSolveBar *self)
{
  g_return_val_if_fail (NONET_IS_SOLVE_BAR (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->previous_label)))
    return NULL;
  return gtk_label_get_label (self->previous_label);
}

const char *
nonet_solve_bar_get_attempts_text (NonetSolveBar *self)
{
  g_return_val_if_fail (NONET_IS_SOLVE_BAR (self), NULL);

  return self->attempts_text;
}

const char *
nonet_solve_bar_get_backtracks_text (NonetSolveBar *self)
{
  g_return_val_if_fail (NONET_IS_SOLVE_BAR (self), NULL);

  return self->backtracks_text;
}

void
nonet_solve_bar_focus_status (NonetSolveBar *self)
{
  g_return_if_fail (NONET_IS_SOLVE_BAR (self));

  gtk_widget_grab_focus (self->status_area);
}

gboolean
nonet_solve_bar_status_has_focus (NonetSolveBar *self)
{
  g_return_val_if_fail (NONET_IS_SOLVE_BAR (self), FALSE);

  return gtk_widget_has_focus (self->status_area);
}

/* Focus goes to the first control: Pause while running, else Close. */
static gboolean
nonet_solve_bar_grab_focus (GtkWidget *widget)
{
  NonetSolveBar *self = NONET_SOLVE_BAR (widget);

  if (gtk_widget_get_visible (GTK_WIDGET (self->pause_button)) &&
      gtk_widget_grab_focus (GTK_WIDGET (self->pause_button)))
    return TRUE;
  return gtk_widget_grab_focus (GTK_WIDGET (self->stop_button));
}

static void
nonet_solve_bar_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  NonetSolveBar *self = NONET_SOLVE_BAR (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      g_value_set_uint (value, self->speed);
      break;
    case PROP_ORDER:
      g_value_set_uint (value, nonet_solve_bar_get_order (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_solve_bar_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  NonetSolveBar *self = NONET_SOLVE_BAR (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      nonet_solve_bar_set_speed (self, g_value_get_uint (value));
      break;
    case PROP_ORDER:
      nonet_solve_bar_set_order (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_solve_bar_finalize (GObject *object)
{
  NonetSolveBar *self = NONET_SOLVE_BAR (object);

  g_free (self->attempts_text);
  g_free (self->backtracks_text);

  G_OBJECT_CLASS (nonet_solve_bar_parent_class)->finalize (object);
}

static void
nonet_solve_bar_class_init (NonetSolveBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = nonet_solve_bar_finalize;
  object_class->get_property = nonet_solve_bar_get_property;
  object_class->set_property = nonet_solve_bar_set_property;
  widget_class->grab_focus = nonet_solve_bar_grab_focus;

  properties[PROP_SPEED] =
    g_param_spec_uint ("speed", NULL, NULL, 0, NONET_SOLVE_BAR_MAX_SPEED, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ORDER] =
    g_param_spec_uint ("order", NULL, NULL, NC_ORDER_READING, NC_ORDER_MRV, NC_ORDER_READING,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (NONET_TYPE_BOARD_LEGEND);
  g_type_ensure (NONET_TYPE_STATUS_AREA);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-solve-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, pause_button);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, step_button);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, stop_button);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, speed_box);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, speed_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, speed_scale);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, order_dropdown);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, controls_box);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, status_area);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, counters_box);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, attempts_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, backtracks_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, depth_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, elapsed_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, rate_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, previous_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolveBar, status_label);
}

/* A tick at value, with its speed written under it when labelled. */
static void
add_speed_mark (NonetSolveBar *self,
                double         value,
                gboolean       labelled)
{
  g_autofree char *text = labelled ? format_speed (self->speed_scale, value, NULL) : NULL;
  g_autofree char *markup = text ? g_markup_printf_escaped ("<small>%s</small>", text) : NULL;

  gtk_scale_add_mark (self->speed_scale, value, GTK_POS_BOTTOM, markup);
}

static void
nonet_solve_bar_init (NonetSolveBar *self)
{
  NcCounters zero = { 0 };

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (self->controls_box, nonet_wrap_layout_new (6, 6));
  gtk_widget_set_layout_manager (self->counters_box, nonet_wrap_layout_new (18, 0));
  /* Names without GTK 4.8's mnemonics ("_Pause Pause", "Speed Speed"), and
   * the cell order that says its choice. */
  nonet_a11y_quiet_class_names (GTK_WIDGET (self));
  /* (Unnamed, GTK 4.8 would name it "NonetSolveBar".) */
  nonet_a11y_name (GTK_WIDGET (self), _("Solver"));
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->speed_scale), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  nonet_a11y_name_choice (self->order_dropdown, _("Cell order"));

  gtk_scale_set_format_value_func (self->speed_scale, format_speed, NULL, NULL);
  /* A tick where each power of ten is: 1, 10, 100, 1,000/s and Unlimited.
   * Only the two ends are written under the scale: in a narrow window the
   * scale is 120 px, where five labels ran into each other ("100/s1,000/s");
   * the value beside the scale says where the slider is. */
  for (guint i = 0; i < SCALE_MAX_FINITE; i++)
    add_speed_mark (self, i, i == 0);
  add_speed_mark (self, SCALE_UNLIMITED, TRUE);
  self->speed = 0;
  gtk_adjustment_set_value (self->speed_adjustment, SCALE_UNLIMITED);
  on_speed_changed (self);
  g_signal_connect_object (self->speed_adjustment, "value-changed",
                           G_CALLBACK (on_speed_changed), self, G_CONNECT_SWAPPED);
  /* GTK 4.8's drop-down takes the focus with an inner button of no name:
   * Tab would land on an unnamed button. It is named as the drop-down is. */
  {
    GtkWidget *button = gtk_widget_get_first_child (GTK_WIDGET (self->order_dropdown));

    if (GTK_IS_TOGGLE_BUTTON (button))
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Cell Order"), -1);
  }
  g_signal_connect_object (self->order_dropdown, "notify::selected",
                           G_CALLBACK (on_order_changed), self, G_CONNECT_SWAPPED);
  nonet_solve_bar_set_counters (self, &zero, 0, 0);
}
