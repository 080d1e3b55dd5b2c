/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: sets up translations and runs the application. */

#define G_LOG_DOMAIN "nonet"

#include "config.h"

#include <glib/gi18n.h>

#include "nonet-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(NonetApplication) app = NULL;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = nonet_application_new (APP_ID, G_APPLICATION_DEFAULT_FLAGS);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
