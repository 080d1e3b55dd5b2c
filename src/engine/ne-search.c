/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-search.c: search words and numbers, and finding them in a text. The
 * library calls ne_search_text_has for every puzzle a search looks at, so
 * a text in plain ASCII (nearly all of them) is walked without a copy. */

#define G_LOG_DOMAIN "nonet-search"

#include "config.h"

#include "ne-search.h"

#include <string.h>

static void
token_free (gpointer data)
{
  NeSearchToken *token = data;

  g_free (token->text);
  g_free (token);
}

char *
ne_search_fold (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *decomposed = g_utf8_normalize (valid, -1, G_NORMALIZE_NFKD);
  GString *stripped = g_string_new (NULL);

  /* Accents are the combining marks decomposition split off. */
  for (const char *p = decomposed; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_type (c) != G_UNICODE_NON_SPACING_MARK)
        g_string_append_unichar (stripped, c);
    }
  {
    g_autofree char *joined = g_string_free (stripped, FALSE);

    return g_utf8_casefold (joined, -1);
  }
}

typedef enum
{
  RUN_NONE,
  RUN_LETTERS,
  RUN_DIGITS,
} Run;

static Run
run_of (gunichar c)
{
  if (c < 128)
    return g_ascii_isdigit (c) ? RUN_DIGITS : g_ascii_isalpha (c) ? RUN_LETTERS : RUN_NONE;
  if (g_unichar_isdigit (c))
    return RUN_DIGITS;
  return g_unichar_isalnum (c) || g_unichar_type (c) == G_UNICODE_NON_SPACING_MARK ? RUN_LETTERS : RUN_NONE;
}

/* Calls found for each run of letters or digits of text (UTF-8), with the
 * run's bounds and the character before it; stops when found says so. */
typedef gboolean (*RunFunc) (const char *start, const char *end, Run run, gunichar before, gpointer data);

static gboolean
each_run (const char *text, RunFunc found, gpointer data)
{
  const char *start = NULL;
  Run current = RUN_NONE;
  gunichar before = 0, previous = 0;

  for (const char *p = text;; p = g_utf8_next_char (p))
    {
      gunichar c = *p == '\0' ? 0 : g_utf8_get_char (p);
      Run run = c == 0 ? RUN_NONE : run_of (c);

      if (run != current)
        {
          if (current != RUN_NONE && found (start, p, current, before, data))
            return TRUE;
          start = p;
          current = run;
          before = previous;
        }
      if (c == 0)
        return FALSE;
      previous = c;
    }
}

/* A run of digits without its leading zeros (one zero for zero). */
static void
strip_zeros (const char **start, const char *end)
{
  while (end - *start > 1 && **start == '0')
    (*start)++;
}

static gboolean
add_token (const char *start, const char *end, Run run, gunichar before, gpointer data)
{
  GPtrArray *tokens = data;
  NeSearchToken *token = g_new0 (NeSearchToken, 1);

  if (run == RUN_DIGITS)
    {
      guint64 value;

      strip_zeros (&start, end);
      token->kind = before == '#' ? NE_SEARCH_ID : NE_SEARCH_NUMBER;
      token->text = g_strndup (start, (gsize) (end - start));
      token->id = token->kind == NE_SEARCH_ID && end - start <= 18
                  && g_ascii_string_to_unsigned (token->text, 10, 0, G_MAXINT64, &value, NULL)
                  ? (gint64) value : -1;
    }
  else
    {
      token->kind = NE_SEARCH_WORD;
      token->text = g_strndup (start, (gsize) (end - start));
    }
  g_ptr_array_add (tokens, token);
  return FALSE;
}

/* "#42": puzzle 42. */
static gboolean
is_id (const char *chunk)
{
  if (chunk[0] != '#' || chunk[1] == '\0')
    return FALSE;
  for (const char *p = chunk + 1; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

static gboolean
has_punctuation (const char *chunk)
{
  for (const char *p = chunk; *p != '\0'; p = g_utf8_next_char (p))
    if (run_of (g_utf8_get_char (p)) == RUN_NONE)
      return TRUE;
  return FALSE;
}

GPtrArray *
ne_search_parse (const char *search)
{
  GPtrArray *tokens = g_ptr_array_new_with_free_func (token_free);
  g_autofree char *folded = NULL;
  g_auto(GStrv) chunks = NULL;

  if (search == NULL)
    return tokens;
  folded = ne_search_fold (search);
  /* Tabs and line breaks part words too (folding made the Unicode spaces
   * plain ones). */
  for (char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_isspace (g_utf8_get_char (p)) && (guchar) *p < 128)
      *p = ' ';
  chunks = g_strsplit (folded, " ", -1);
  for (guint i = 0; chunks[i] != NULL; i++)
    {
      if (chunks[i][0] == '\0')
        continue;
      if (is_id (chunks[i]) || !has_punctuation (chunks[i]))
        each_run (chunks[i], add_token, tokens);
      else
        {
          /* "<b>", "snake_case", "50%": taken as typed, punctuation and all. */
          NeSearchToken *token = g_new0 (NeSearchToken, 1);

          token->kind = NE_SEARCH_PHRASE;
          token->text = g_strdup (chunks[i]);
          g_ptr_array_add (tokens, token);
        }
    }
  return tokens;
}

static Run
run_at (const char *p)
{
  return run_of (g_utf8_get_char (p));
}

/* Whether folded text holds phrase where its words start and end: "ke_c"
 * is no phrase of "snake_case", "<b>" is one of "a <b>". */
static gboolean
phrase_in (const char *text,
           const char *phrase)
{
  gsize len = strlen (phrase);
  Run first = run_at (phrase);
  Run last = run_at (g_utf8_find_prev_char (phrase, phrase + len));

  for (const char *p = strstr (text, phrase); p != NULL; p = strstr (p + 1, phrase))
    {
      if (first != RUN_NONE && p > text && run_at (g_utf8_find_prev_char (text, p)) == first)
        continue;
      if (last != RUN_NONE && p[len] != '\0' && run_at (p + len) == last)
        continue;
      return TRUE;
    }
  return FALSE;
}

typedef struct
{
  Run         run;
  const char *text;
  gsize       len;
  gboolean    ascii;   /* the text searched is ASCII, not folded */
} Wanted;

static gboolean
run_is_wanted (const char *start, const char *end, Run run, gunichar before, gpointer data)
{
  const Wanted *wanted = data;

  if (run != wanted->run)
    return FALSE;
  if (run == RUN_DIGITS)
    strip_zeros (&start, end);
  if ((gsize) (end - start) != wanted->len)
    return FALSE;
  /* ASCII letters compare without case in place. */
  return wanted->ascii && run == RUN_LETTERS
         ? g_ascii_strncasecmp (start, wanted->text, wanted->len) == 0
         : memcmp (start, wanted->text, wanted->len) == 0;
}

static gboolean
is_ascii (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p >= 128)
      return FALSE;
  return TRUE;
}

gboolean
ne_search_text_has (const char   *text,
                    NeSearchKind  kind,
                    const char   *token_text)
{
  Wanted wanted = { kind == NE_SEARCH_WORD ? RUN_LETTERS : RUN_DIGITS, token_text, 0, FALSE };
  g_autofree char *folded = NULL;

  g_return_val_if_fail (token_text != NULL, FALSE);

  if (text == NULL || text[0] == '\0' || token_text[0] == '\0')
    return FALSE;
  if (kind == NE_SEARCH_PHRASE)
    {
      folded = ne_search_fold (text);
      return phrase_in (folded, token_text);
    }
  wanted.len = strlen (token_text);
  wanted.ascii = is_ascii (text);
  if (wanted.ascii)
    return each_run (text, run_is_wanted, &wanted);
  folded = ne_search_fold (text);
  return each_run (folded, run_is_wanted, &wanted);
}
