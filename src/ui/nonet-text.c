/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-text.c: user text and file names made fit for markup and for GTK's
 * UTF-8 strings, in one place for every window. */

#define G_LOG_DOMAIN "nonet-text"

#include "config.h"

#include "nonet-text.h"

AdwToast *
nonet_toast_new (const char *text)
{
  g_autofree char *valid = NULL;
  g_autofree char *escaped = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  valid = g_utf8_make_valid (text, -1);
  escaped = g_markup_escape_text (valid, -1);
  return adw_toast_new (escaped);
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
