/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-opensudoku.c: OpenSudoku XML through the importer (ne-import.c's
 * GMarkup reader). Input that the importer would not take for XML is
 * rejected, so the corpus stays XML. Besides the checks of fuzz-import.h,
 * the games found must be the <game> elements of the document, counted
 * here with a GMarkup parser of our own: a document GMarkup refuses, or
 * whose root is not <opensudoku>, is an error; one with no game holds no
 * puzzle; otherwise each game is one puzzle found, good or bad. */

#include "fuzz-import.h"

typedef struct
{
  gboolean root_ok;
  gboolean seen_root;
  guint    n_games;
} GameCount;

static void
count_start (GMarkupParseContext  *context,
             const char           *element_name,
             const char          **attribute_names,
             const char          **attribute_values,
             gpointer              user_data,
             GError              **error)
{
  GameCount *count = user_data;

  if (!count->seen_root)
    {
      count->seen_root = TRUE;
      count->root_ok = strcmp (element_name, "opensudoku") == 0;
      return;
    }
  if (strcmp (element_name, "game") == 0)
    count->n_games++;
}

static const GMarkupParser count_parser = { .start_element = count_start };

/* FALSE when GMarkup refuses the document. */
static gboolean
count_games (const uint8_t *data, size_t size, GameCount *count)
{
  GMarkupParseContext *context =
    g_markup_parse_context_new (&count_parser, G_MARKUP_TREAT_CDATA_AS_TEXT, count, NULL);
  gboolean ok = g_markup_parse_context_parse (context, (const char *) data, (gssize) size, NULL)
                && g_markup_parse_context_end_parse (context, NULL);

  g_markup_parse_context_free (context);
  return ok;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(NeImportReport) report = NULL;
  g_autoptr(GError) error = NULL;
  GameCount count = { 0 };
  gboolean well_formed;

  if (size > FUZZ_IMPORT_MAX_INPUT || memchr (data, '\0', size) != NULL
      || !ne_import_looks_like_xml ((const char *) data, size))
    return -1;   /* not for this harness: libFuzzer keeps it out of the corpus */
  import_setup ("input.opensudoku");

  well_formed = count_games (data, size, &count);
  report = import_checked (data, size, &error);
  if (!well_formed || !count.root_ok || count.n_games == 0)
    FUZZ_CHECK (report == NULL);
  else
    {
      FUZZ_CHECK (report != NULL);
      FUZZ_CHECK (report->n_found == count.n_games);
    }
  return 0;
}
