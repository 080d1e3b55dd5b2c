/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-gtk-util.h: the start every GTK test shares. */
#pragma once

#include <adwaita.h>

/* g_test_init, then GTK and libadwaita. Returns -1 to go on, or the exit
 * status for a run with no display: 77 is the GNU "skipped" status, but
 * meson reads a TAP test's status as pass or error, so under --tap the skip
 * is said in TAP and the status is 0. */
static inline int
test_gtk_init (int    *argc,
               char ***argv)
{
  gboolean tap = FALSE;

  for (int i = 1; i < *argc; i++)
    tap |= g_strcmp0 ((*argv)[i], "--tap") == 0;

  g_test_init (argc, argv, NULL);
  /* The build's folders (tests/meson.build), made on a first run: Mesa
   * keeps its compiled shaders in the cache folder only if it exists. */
  g_mkdir_with_parents (g_get_user_cache_dir (), 0700);
  g_mkdir_with_parents (g_get_user_config_dir (), 0700);
  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  g_mkdir_with_parents (g_get_user_state_dir (), 0700);
  if (!gtk_init_check ())
    {
      if (!tap)
        return 77;
      g_print ("1..0 # SKIP no display (run under xvfb-run)\n");
      return 0;
    }
  adw_init ();
  return -1;
}
