/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-input.c: see cli-input.h. */

#include "config.h"

#include "cli-input.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

static char *
read_stream (const char *prefix,
             FILE       *stream,
             const char *name,
             gsize      *len)
{
  GString *buffer = g_string_new (NULL);
  char chunk[65536];
  size_t n;

  while ((n = fread (chunk, 1, sizeof chunk, stream)) > 0)
    {
      if (buffer->len + n > CLI_MAX_INPUT_SIZE)
        {
          fprintf (stderr, _("%s: %s is too large (more than 256 MiB); split it into smaller files\n"),
                   prefix, name);
          g_string_free (buffer, TRUE);
          return NULL;
        }
      g_string_append_len (buffer, chunk, (gssize) n);
    }
  if (ferror (stream))
    {
      fprintf (stderr, _("%s: cannot read %s: %s\n"), prefix, name, g_strerror (errno));
      g_string_free (buffer, TRUE);
      return NULL;
    }
  if (len != NULL)
    *len = buffer->len;
  return g_string_free (buffer, FALSE);
}

char *
cli_read_input (const char  *prefix,
                const char  *path,
                const char **name,
                gsize       *len)
{
  FILE *stream;
  char *text;

  if (path == NULL || strcmp (path, "-") == 0)
    {
      *name = _("standard input");
      return read_stream (prefix, stdin, *name, len);
    }

  *name = path;
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      fprintf (stderr, _("%s: %s is a folder, not a file of puzzles\n"), prefix, path);
      return NULL;
    }
  stream = fopen (path, "rb");
  if (stream == NULL)
    {
      int saved_errno = errno;

      /* GLib's wording, as g_file_get_contents said it before the limit. */
      fprintf (stderr, "%s: ", prefix);
      fprintf (stderr, _("Failed to open file “%s”: %s"), path, g_strerror (saved_errno));
      fputc ('\n', stderr);
      return NULL;
    }
  text = read_stream (prefix, stream, path, len);
  fclose (stream);
  return text;
}
