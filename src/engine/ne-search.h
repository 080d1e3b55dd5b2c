/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-search.h: the library's search as a person means it. A search is cut
 * into words and numbers (at spaces and punctuation, and where letters meet
 * digits: "Easy3" is "easy" and 3). A word matches a whole word of a text,
 * without case or accents ("hard" finds "Hard 3", not "Hardest"); a number
 * matches a number by value ("50" finds "Hard 050", not "Hard 30"); "#42"
 * is puzzle 42. A part between spaces that holds punctuation ("<b>",
 * "snake_case", "100%") is a phrase, found as typed (without case or
 * accents) where words start and end. A puzzle is found when every one of
 * them matches. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  NE_SEARCH_WORD,     /* text: folded (lower case, no accents) */
  NE_SEARCH_NUMBER,   /* text: its digits without leading zeros */
  NE_SEARCH_ID,       /* "#42": text as NUMBER, id its value */
  NE_SEARCH_PHRASE,   /* text: folded, punctuation kept */
} NeSearchKind;

typedef struct
{
  NeSearchKind kind;
  char        *text;
  gint64       id;     /* NE_SEARCH_ID only; -1 when too large to be one */
} NeSearchToken;

/* The tokens of search, in order (NeSearchToken*, freed with the array);
 * an empty array when it holds none. */
GPtrArray *ne_search_parse (const char *search);

/* Whether text (any bytes; NULL is empty) holds the word, number or phrase
 * of a token (not NE_SEARCH_ID) given as its kind and text. */
gboolean ne_search_text_has (const char   *text,
                             NeSearchKind  kind,
                             const char   *token_text);

/* text without case and accents, for comparing words. */
char *ne_search_fold (const char *text);

G_END_DECLS
