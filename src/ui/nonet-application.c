/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-application.c: the application: app-wide actions and their
 * shortcuts, one main window presented on activation, and files opened
 * (`nonet FILE...`, also from a second process) imported into the library. */

#define G_LOG_DOMAIN "nonet-application"

#include "config.h"

#include "nonet-application.h"

#include <glib/gi18n.h>

#include "nonet-preferences-window.h"
#include "nonet-window.h"

struct _NonetApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (NonetApplication, nonet_application, ADW_TYPE_APPLICATION)

/* Closes the windows first, so each saves its state and its game as it
 * does when closed by hand; g_application_quit alone would skip that. */
static void
nonet_application_quit (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);

  g_application_quit (G_APPLICATION (app));
}

static void
nonet_application_about (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Nonet"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Solve, study and make Sudoku puzzles"),
                         "developer-name", _("The Nonet developers"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
nonet_application_preferences (GSimpleAction *action,
                               GVariant      *parameter,
                               gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  NonetPreferencesWindow *preferences;

  preferences = nonet_preferences_window_new (gtk_application_get_active_window (app));
  gtk_window_present (GTK_WINDOW (preferences));
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = nonet_application_quit },
  { .name = "about", .activate = nonet_application_about },
  { .name = "preferences", .activate = nonet_application_preferences },
};

/* Window actions' accelerators live here too, so the shortcuts window and
 * the menus show them. */
static const struct {
  const char *action;
  const char *accels[3];
} app_accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "win.help", { "F1", NULL } },
  /* The shortcuts window's key, which GtkApplication would give it were it
   * gtk/help-overlay.ui (see nonet_window_action_shortcuts). */
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "win.new-game-menu", { "<Control>n", NULL } },
  { "win.enter-puzzle", { "<Control>e", NULL } },
  { "win.paste", { "<Control>v", NULL } },
  { "win.library", { "<Control>l", NULL } },
  { "win.cancel-puzzle", { "Escape", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", NULL } },
  { "win.pause", { "Pause", NULL } },
  { "win.hint", { "<Control>h", NULL } },
  { "win.generate", { "<Control>g", NULL } },
  { "win.print", { "<Control>p", NULL } },
  { "win.show-log", { "<Control><Shift>l", NULL } },
  { "search.show-plot", { "<Control><Shift>d", NULL } },
  { "search.show-heat", { "<Control><Shift>h", NULL } },
  /* The solver: F5 starts a run, as a debugger's Run does; Ctrl+F5 solves
   * without watching. Space and "." pause and step, as in video players;
   * Escape stops (a binding of the window). No key here is one the grid
   * takes (digits, arrows, Home, End, Page Up, Page Down, Delete, Backspace). */
  { "win.animate", { "F5", NULL } },
  { "win.solve", { "<Control>F5", NULL } },
  { "win.compare", { "<Shift>F5", NULL } },
  { "win.animate-pause", { "space", NULL } },
  { "win.animate-step", { "period", NULL } },
  { "win.cell-order::reading", { "<Control><Shift>r", NULL } },
  { "win.cell-order::mrv", { "<Control><Shift>m", NULL } },
};

/* The main window, made if there is none (the library and dialogs are
 * windows of the application too). */
static NonetWindow *
nonet_application_main_window (NonetApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (NONET_IS_WINDOW (l->data))
      return l->data;
  return nonet_window_new (self);
}

static void
nonet_application_activate (GApplication *application)
{
  NonetApplication *self = NONET_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (nonet_application_main_window (self));

  gtk_window_present (window);
}

static void
nonet_application_open (GApplication  *application,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  NonetWindow *window = nonet_application_main_window (NONET_APPLICATION (application));

  gtk_window_present (GTK_WINDOW (window));
  nonet_window_import_files (window, files, (guint) n_files);
}

static void
nonet_application_startup (GApplication *application)
{
  G_APPLICATION_CLASS (nonet_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application),
                                   app_actions, G_N_ELEMENTS (app_actions),
                                   application);
  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application),
                                           app_accels[i].action,
                                           app_accels[i].accels);
}

static void
nonet_application_class_init (NonetApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = nonet_application_activate;
  app_class->open = nonet_application_open;
  app_class->startup = nonet_application_startup;
}

static void
nonet_application_init (NonetApplication *self)
{
}

NonetApplication *
nonet_application_new (const char        *application_id,
                       GApplicationFlags  flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (NONET_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags | G_APPLICATION_HANDLES_OPEN,
                       NULL);
}
