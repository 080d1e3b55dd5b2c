/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-a11y.c: names a screen reader can say. GTK 4.8 names a widget
 * without a label by its class ("GtkButton"), and a button with a mnemonic
 * by its label's raw text then its own ("_Pause Pause"): the label says
 * it labels the button (the labelled-by relation), with the underscore.
 * So such a button loses that relation and gets its label's text, without
 * the underscore, as its own name. */
#define G_LOG_DOMAIN "nonet-a11y"

#include "config.h"

#include "nonet-a11y.h"

#include <glib/gi18n.h>

#define CHOICE_LABEL "nonet-a11y-choice-label"
#define VALUE_NAMED  "nonet-a11y-value-named"

char *
nonet_a11y_strip_mnemonic (const char *text)
{
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);

  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

void
nonet_a11y_name (GtkWidget  *widget,
                 const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (name != NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

void
nonet_a11y_name_button (GtkButton *button)
{
  const char *label;
  g_autofree char *name = NULL;

  g_return_if_fail (GTK_IS_BUTTON (button));

  label = gtk_button_get_label (button);
  if (label == NULL || !gtk_button_get_use_underline (button))
    return;
  name = nonet_a11y_strip_mnemonic (label);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  nonet_a11y_name (GTK_WIDGET (button), name);
}

/* The text of the first label at or below widget, or NULL. */
static const char *
first_label_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return gtk_label_get_text (GTK_LABEL (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *text = first_label_text (child);

      if (text != NULL && *text != '\0')
        return text;
    }
  return NULL;
}

/* A list's rows (GtkListItemWidget, a private class) are named by what
 * they show. */
static void
name_list_items (GtkWidget *widget)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkListItemWidget"))
    {
      const char *text = first_label_text (widget);

      if (text != NULL && *text != '\0')
        nonet_a11y_name (widget, text);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_list_items (child);
}

/* A popover's rows exist once it is laid out: named when the focus goes in,
 * before a screen reader asks for the focused row's name. */
static void
on_popover_focus_enter (GtkEventControllerFocus *controller)
{
  name_list_items (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

/* GTK 4.8 has a scrolled window take the focus too (with no name): it
 * gets the name of what it scrolls. */
static void
name_scrolled (GtkWidget  *widget,
               const char *name)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    nonet_a11y_name (widget, name);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_scrolled (child, name);
}

static void
watch_popover (GtkWidget *popover)
{
  GtkEventController *focus;

  if (g_object_get_data (G_OBJECT (popover), "nonet-a11y-watched") != NULL)
    return;
  g_object_set_data (G_OBJECT (popover), "nonet-a11y-watched", GINT_TO_POINTER (TRUE));
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (on_popover_focus_enter), NULL);
  gtk_widget_add_controller (popover, focus);
  g_signal_connect (popover, "map", G_CALLBACK (name_list_items), NULL);
}

/* A drop-down named by nonet_a11y_name_choice says what it chooses too;
 * any other says the value it shows. GTK 4.8 names its toggle, which has
 * the focus, "GtkToggleButton". */
static void
name_drop_down_value (GtkDropDown *dropdown)
{
  GtkWidget *toggle = gtk_widget_get_first_child (GTK_WIDGET (dropdown));
  gpointer item = gtk_drop_down_get_selected_item (dropdown);

  if (GTK_IS_TOGGLE_BUTTON (toggle) && GTK_IS_STRING_OBJECT (item))
    nonet_a11y_name (toggle, gtk_string_object_get_string (item));
}

static void
on_drop_down_value (GtkDropDown *dropdown,
                    GParamSpec  *pspec,
                    gpointer     user_data)
{
  name_drop_down_value (dropdown);
}

/* GTK 4.8: a stack's page is a "panel" named "GtkStackPage", read before
 * what is on it. */
static void
name_stack_pages (GtkStack *stack)
{
  g_autoptr (GListModel) pages = G_LIST_MODEL (gtk_stack_get_pages (stack));

  for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (pages, i);
      GtkStackPage *page = GTK_STACK_PAGE (item);
      const char *title = gtk_stack_page_get_title (page);

      gtk_accessible_update_property (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      title != NULL ? title : "", -1);
    }
}

/* A menu button is named by its tooltip, else by its label without the
 * mnemonic; its menu ("GtkPopoverMenu menu" in GTK 4.8) by the tooltip. */
static void
name_menu_button (GtkMenuButton *button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);
  const char *tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (button));
  const char *label = gtk_menu_button_get_label (button);

  if (tooltip != NULL)
    nonet_a11y_name (GTK_WIDGET (button), tooltip);
  else if (label != NULL)
    {
      g_autofree char *name = nonet_a11y_strip_mnemonic (label);

      nonet_a11y_name (GTK_WIDGET (button), name);
    }
  if (popover == NULL)
    return;
  if (tooltip != NULL)
    {
      nonet_a11y_name (GTK_WIDGET (popover), tooltip);
      name_scrolled (GTK_WIDGET (popover), tooltip);
    }
  watch_popover (GTK_WIDGET (popover));
}

void
nonet_a11y_quiet_class_names (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_BUTTON (root))
    nonet_a11y_name_button (GTK_BUTTON (root));
  else if (GTK_IS_MENU_BUTTON (root))
    name_menu_button (GTK_MENU_BUTTON (root));
  else if (GTK_IS_POPOVER (root))
    watch_popover (root);
  else if (GTK_IS_STACK (root))
    name_stack_pages (GTK_STACK (root));
  else if (GTK_IS_COLUMN_VIEW (root) && gtk_widget_get_first_child (root) != NULL)
    /* Its first child is the row of column titles, a "GtkListItemWidget". */
    nonet_a11y_name (gtk_widget_get_first_child (root), _("Column titles"));
  else if (GTK_IS_DROP_DOWN (root)
           && g_object_get_data (G_OBJECT (root), CHOICE_LABEL) == NULL
           && g_object_get_data (G_OBJECT (root), VALUE_NAMED) == NULL)
    {
      g_object_set_data (G_OBJECT (root), VALUE_NAMED, GINT_TO_POINTER (TRUE));
      name_drop_down_value (GTK_DROP_DOWN (root));
      g_signal_connect (root, "notify::selected-item", G_CALLBACK (on_drop_down_value), NULL);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    nonet_a11y_quiet_class_names (child);
}

static void
name_buttons (GtkWidget  *widget,
              const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child))
        {
          gtk_accessible_reset_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
          nonet_a11y_name (child, name);
        }
      else if (!GTK_IS_POPOVER (child))
        name_buttons (child, name);
    }
}

static void
sync_choice (GtkDropDown *dropdown)
{
  const char *label = g_object_get_data (G_OBJECT (dropdown), CHOICE_LABEL);
  gpointer item = gtk_drop_down_get_selected_item (dropdown);
  g_autofree char *name = NULL;

  if (GTK_IS_STRING_OBJECT (item))
    /* Translators: a dropdown for a screen reader, "Cell order: Reading
     * order": %1$s what it chooses, %2$s the choice made */
    name = g_strdup_printf (_("%1$s: %2$s"), label, gtk_string_object_get_string (item));
  else
    name = g_strdup (label);
  nonet_a11y_name (GTK_WIDGET (dropdown), name);
  /* The dropdown's own toggle button has the focus, not the dropdown. */
  name_buttons (GTK_WIDGET (dropdown), name);
  name_list_items (GTK_WIDGET (dropdown));
}

void
nonet_a11y_name_choice (GtkDropDown *dropdown,
                        const char  *label)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));
  g_return_if_fail (label != NULL);

  g_object_set_data_full (G_OBJECT (dropdown), CHOICE_LABEL, g_strdup (label), g_free);
  g_signal_handlers_disconnect_by_func (dropdown, sync_choice, NULL);
  /* Named by its value before, it now says what it chooses too. */
  g_signal_handlers_disconnect_by_func (dropdown, on_drop_down_value, NULL);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (sync_choice), NULL);
  /* Its popup's rows are made as it is first shown. */
  g_signal_connect_after (dropdown, "map", G_CALLBACK (sync_choice), NULL);
  sync_choice (dropdown);
  /* Its popup (a popover among its children) lists the choices. */
  nonet_a11y_quiet_class_names (GTK_WIDGET (dropdown));
}
