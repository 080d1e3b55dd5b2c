/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-input.c: reading a puzzle file or standard input for the subcommands
 * that take one, with one size limit and one set of messages. */

#include "config.h"

#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "ne-import.h"

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
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  gsize n = 0;
  int fd;
  gboolean ok;

  if (path == NULL || strcmp (path, "-") == 0)
    {
      *name = _("standard input");
      return read_stream (prefix, stdin, *name, len);
    }

  /* Opening never waits (a FIFO with no writer, a device), and reading
   * a FIFO gives up when no program comes to write to it. */
  *name = path;
  if (!ne_import_check_input (path, path, &error))
    {
      fprintf (stderr, "%s: %s\n", prefix, error->message);
      return NULL;
    }
  fd = ne_import_open_input (path);
  if (fd < 0)
    {
      int saved_errno = errno;

      /* GLib's wording, as g_file_get_contents said it before the limit. */
      fprintf (stderr, "%s: ", prefix);
      fprintf (stderr, _("Failed to open file “%s”: %s"), path, g_strerror (saved_errno));
      fputc ('\n', stderr);
      return NULL;
    }
  ok = ne_import_read_input (fd, path, CLI_MAX_INPUT_SIZE + 1, NULL, &text, &n, &error);
  close (fd);
  if (!ok)
    {
      fprintf (stderr, "%s: %s\n", prefix, error->message);
      return NULL;
    }
  if (n > CLI_MAX_INPUT_SIZE)
    {
      fprintf (stderr, _("%s: %s is too large (more than 256 MiB); split it into smaller files\n"),
               prefix, path);
      g_free (text);
      return NULL;
    }
  if (len != NULL)
    *len = n;
  return text;
}

int
cli_drop_end_of_options (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--") == 0)
      {
        memmove (argv + i, argv + i + 1, (size_t) (argc - i) * sizeof *argv);
        return argc - 1;
      }
  return argc;
}
