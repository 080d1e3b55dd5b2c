/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-text.c: user text and file names made fit for markup and for GTK's
 * UTF-8 strings, in one place for every window. */

#define G_LOG_DOMAIN "nonet-text"

#include "config.h"

#include "nonet-text.h"

#include <glib/gi18n.h>

#include "ne-messages.h"
#include "ne-store.h"

/* A toast goes after 5 s. NONET_TOAST_TIMEOUT, a number of seconds (0: until
 * dismissed or replaced, see nonet_toast_show), is for tests: one that must
 * find a toast, or press its button, in an app slowed down by sanitizers
 * must not race its lifetime. */
static guint
toast_timeout (void)
{
  const char *timeout = g_getenv ("NONET_TOAST_TIMEOUT");
  guint64 seconds = 5;

  if (timeout != NULL)
    g_ascii_string_to_unsigned (timeout, 10, 0, G_MAXUINT, &seconds, NULL);
  return (guint) seconds;
}

AdwToast *
nonet_toast_new (const char *text)
{
  g_autofree char *valid = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  g_return_val_if_fail (text != NULL, NULL);

  valid = g_utf8_make_valid (text, -1);
  escaped = g_markup_escape_text (valid, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, toast_timeout ());
  return toast;
}

#define SHOWN_TOAST "nonet-shown-toast"

static void
nonet_toast_dismissed (AdwToast        *toast,
                       AdwToastOverlay *overlay)
{
  if (g_object_get_data (G_OBJECT (overlay), SHOWN_TOAST) == toast)
    g_object_set_data (G_OBJECT (overlay), SHOWN_TOAST, NULL);
}

void
nonet_toast_show (AdwToastOverlay *overlay,
                  AdwToast        *toast)
{
  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (ADW_IS_TOAST (toast));

  /* A toast that stays until dismissed would keep the next one queued
   * behind it for good: the newer one takes its place. */
  if (toast_timeout () == 0)
    {
      AdwToast *shown = g_object_get_data (G_OBJECT (overlay), SHOWN_TOAST);

      if (shown != NULL)
        adw_toast_dismiss (shown);
      g_object_set_data_full (G_OBJECT (overlay), SHOWN_TOAST, g_object_ref (toast), g_object_unref);
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (nonet_toast_dismissed), overlay, 0);
    }
  adw_toast_overlay_add_toast (overlay, toast);
}

char *
nonet_file_display_name (GFile *file)
{
  g_autofree char *base = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  base = g_file_get_basename (file);
  if (base == NULL)
    return g_file_get_parse_name (file);
  return g_filename_display_name (base);
}

char *
nonet_format_duration (gint64 ms)
{
  gint64 seconds = MAX (ms, 0) / 1000;

  if (seconds >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (seconds / 3600),
                            (int) (seconds / 60 % 60), (int) (seconds % 60));
  return g_strdup_printf ("%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
}

void
nonet_list_row_set_label (GtkWidget  *cell_child,
                          const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (cell_child));

  /* GTK 4.8 has no row factory: the row is the list view's child that
   * holds the cell. It has no name of its own, so a screen reader said its
   * type ("GtkListItemWidget") for every row. */
  for (GtkWidget *w = cell_child; w != NULL; w = gtk_widget_get_parent (w))
    {
      GtkWidget *parent = gtk_widget_get_parent (w);

      if (parent != NULL && GTK_IS_LIST_VIEW (parent))
        {
          gtk_accessible_update_property (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
          return;
        }
    }
}

char *
nonet_describe_puzzle (const char *title,
                       int         clues,
                       int         grade,
                       int         status)
{
  GString *text = g_string_new (NULL);

  if (title != NULL && title[0] != '\0')
    g_string_append_printf (text, "%s, ", title);
  g_string_append_printf (text, ngettext ("%d clue", "%d clues", clues), clues);
  if (grade >= 0)
    /* Translators: separates the parts of a puzzle's description, e.g. "Easy 3, 36 clues, Medium" */
    g_string_append_printf (text, _(", %s"), ne_grade_label (grade));
  if (status >= 0)
    g_string_append_printf (text, _(", %s"), ne_puzzle_status_name ((NePuzzleStatus) status));
  return g_string_free (text, FALSE);
}

void
nonet_list_view_set_label (GtkWidget  *view,
                           const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (view));

  /* A GtkColumnView's rows are in a list view of its own, which a screen
   * reader names by its type ("GtkColumnListView") before each row. */
  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* GTK asks where the pointer is only for a widget shown at that moment, and
 * a widget not realized yet cannot be under it: hidden for the moment, it
 * gets the same tooltip and accessible description without the round
 * trip. Not when hiding would take the window's focus or default away. */
void
nonet_widget_set_tooltip (GtkWidget  *widget,
                          const char *text)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  gboolean quiet = gtk_widget_get_visible (widget) && !gtk_widget_get_realized (widget)
                   && (root == NULL
                       || (gtk_root_get_focus (root) != widget
                           && !(GTK_IS_WINDOW (root)
                                && gtk_window_get_default_widget (GTK_WINDOW (root)) == widget)));

  if (quiet)
    gtk_widget_set_visible (widget, FALSE);
  gtk_widget_set_tooltip_text (widget, text);
  if (quiet)
    gtk_widget_set_visible (widget, TRUE);
}
