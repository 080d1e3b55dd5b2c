/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-icons.c: the icons of ours a start shows (the welcome page's, the
 * application's own, and Hint's) are found in the application's resources
 * as PNGs at the sizes they are drawn, and drawing them leaves librsvg
 * unloaded: drawn from SVGs they cost 6 MiB a start (issue 20). A build
 * without rsvg-convert or gtk4-encode-symbolic-svg keeps the SVGs, and
 * tests/meson.build then says so (NONET_ICONS_PNG=0). */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "test-gtk-util.h"

/* GtkApplication adds its resource base path's icons folder to the theme;
 * these tests have no application. */
#define ICONS_PATH "/io/github/nonet/Nonet/icons"

static gboolean
librsvg_loaded (void)
{
  g_autofree char *maps = NULL;

  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));
  return strstr (maps, "librsvg") != NULL;
}

static void
test_icons_png (void)
{
  static const struct
  {
    const char *name;
    int         size;
    int         scale;
  } icons[] = {
    /* AdwStatusPage draws its icon at 128 px, and smaller when compact. */
    { "io.github.nonet.Nonet", 128, 1 },
    { "io.github.nonet.Nonet", 128, 2 },
    { "io.github.nonet.Nonet", 96, 1 },
    { "nonet-hint-symbolic", 16, 1 },
    { "nonet-hint-symbolic", 16, 2 },
    { "nonet-hint-symbolic", 24, 1 },
  };
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());

  if (g_strcmp0 (g_getenv ("NONET_ICONS_PNG"), "1") != 0)
    {
      g_test_skip ("built without rsvg-convert or gtk4-encode-symbolic-svg: the icons are SVGs");
      return;
    }
  gtk_icon_theme_add_resource_path (theme, ICONS_PATH);
  g_assert_false (librsvg_loaded ());

  for (guint i = 0; i < G_N_ELEMENTS (icons); i++)
    {
      g_autoptr(GtkIconPaintable) icon = NULL;
      g_autoptr(GFile) file = NULL;
      g_autofree char *uri = NULL;
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      int pixels = icons[i].size * icons[i].scale;

      icon = gtk_icon_theme_lookup_icon (theme, icons[i].name, NULL, icons[i].size,
                                         icons[i].scale, GTK_TEXT_DIR_LTR, 0);
      file = gtk_icon_paintable_get_file (icon);
      g_assert_nonnull (file);
      uri = g_file_get_uri (file);
      g_test_message ("%s at %d px, scale %d: %s", icons[i].name, icons[i].size, icons[i].scale, uri);
      g_assert_true (g_str_has_prefix (uri, "resource://" ICONS_PATH "/"));
      g_assert_true (g_str_has_suffix (uri, ".png"));

      /* Drawn, the icon's image is loaded. */
      gdk_paintable_snapshot (GDK_PAINTABLE (icon), GDK_SNAPSHOT (snapshot), pixels, pixels);
      node = gtk_snapshot_to_node (snapshot);
      g_assert_nonnull (node);
      g_assert_false (librsvg_loaded ());
    }
}

int
main (int   argc,
      char *argv[])
{
  int status = test_gtk_init (&argc, &argv);

  if (status >= 0)
    return status;
  g_test_add_func ("/icons/png", test_icons_png);
  return g_test_run ();
}
