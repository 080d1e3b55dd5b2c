/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-text.h: text the person hands nonet-cli, read the same way by every
 * subcommand: option values in the locale's encoding, and inputs that are
 * not puzzle text at all. */
#pragma once

#include <glib.h>

/* *text, the value of option as the command line gave it (the locale's
 * encoding; NULL when the option was left out), made UTF-8 in place. FALSE
 * after a message, "prefix: the text of --title is not valid UTF-8". */
gboolean    cli_option_text (const char  *prefix,
                             const char  *option,
                             char       **text);

/* For an input that is XML (an OpenSudoku file) the sentence that says how
 * to import it instead, else NULL: one line, not one "'<' is not a digit"
 * a line of the file. */
const char *cli_xml_hint    (const char  *text,
                             gsize        len);
