/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-text.c: text the person hands nonet-cli, read the same way by every
 * subcommand: option values in the locale's encoding, technique names as
 * options take them, and inputs that are not puzzle text at all. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "nc-grade.h"
#include "ne-import.h"

gboolean
cli_option_text (const char  *prefix,
                 const char  *option,
                 char       **text)
{
  const char *charset;
  gboolean utf8_locale = g_get_charset (&charset);
  char *converted = NULL;

  if (*text == NULL)
    return TRUE;
  if (!utf8_locale)
    converted = g_locale_to_utf8 (*text, -1, NULL, NULL, NULL);
  /* UTF-8 that the locale cannot read (the C locale's ASCII) is taken as
   * it is, as GLib takes file names. */
  if (converted == NULL && g_utf8_validate (*text, -1, NULL))
    converted = g_strdup (*text);
  if (converted == NULL)
    {
      if (utf8_locale)
        fprintf (stderr, _("%s: the text of %s is not valid UTF-8\n"), prefix, option);
      else
        fprintf (stderr, _("%s: the text of %s is neither valid UTF-8 nor valid %s, the locale's encoding\n"),
                 prefix, option, charset);
      return FALSE;
    }
  g_free (*text);
  *text = converted;
  return TRUE;
}

const char *
cli_xml_hint (const char *text,
              gsize       len)
{
  if (!ne_import_looks_like_xml (text, len))
    return NULL;
  return _("an XML file (OpenSudoku?), not puzzle text; import it with 'nonet-cli library import'");
}

char *
cli_technique_key (NcTechnique technique)
{
  char *key = g_ascii_strdown (nc_technique_name (technique), -1);

  return g_strdelimit (key, " ", '-');
}

char *
cli_technique_names (gboolean with_guessing)
{
  GString *names = g_string_new (NULL);

  for (int t = 0; t < (with_guessing ? NC_TECH_COUNT : NC_TECH_GUESS); t++)
    {
      g_autofree char *key = cli_technique_key ((NcTechnique) t);

      g_string_append_printf (names, "%s%s", t == 0 ? "" : ", ", key);
    }
  return g_string_free (names, FALSE);
}
