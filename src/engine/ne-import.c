/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-import.c: files of puzzles into the library, and puzzles out of it.
 * The import reads the whole file, then checks, grades and inserts each
 * puzzle on its own connection, committing in small batches so that what
 * it reports as imported is always what the database holds. */

/* O_CLOEXEC */
#define _POSIX_C_SOURCE 200809L

#define G_LOG_DOMAIN "nonet-import"

#include "config.h"

#include "ne-import.h"
#include "ne-import-puzzle.h"
#include "ne-messages.h"
#include "ne-output.h"
#include "ne-progress.h"

#include "ne-tsan-private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "nc-parse.h"

#define MAX_FILE_SIZE    (256 * 1024 * 1024)
#define BATCH_PUZZLES    500
#define BATCH_USEC       (100 * G_TIME_SPAN_MILLISECOND)
#define PROGRESS_USEC    (100 * G_TIME_SPAN_MILLISECOND)

void
ne_import_report_free (NeImportReport *report)
{
  if (report == NULL)
    return;
  g_free (report->file_name);
  g_clear_pointer (&report->messages, g_ptr_array_unref);
  g_clear_pointer (&report->problems, g_array_unref);
  g_free (report);
}

/* The reason of a file error in a few words ("Permission denied"), for a
 * sentence that names the file itself: GIO's messages name it again. */
static const char *
io_error_reason (const GError *error)
{
  if (error->domain == G_IO_ERROR)
    switch (error->code)
      {
      case G_IO_ERROR_PERMISSION_DENIED: return g_strerror (EACCES);
      case G_IO_ERROR_NOT_FOUND:         return g_strerror (ENOENT);
      case G_IO_ERROR_NO_SPACE:          return g_strerror (ENOSPC);
      case G_IO_ERROR_IS_DIRECTORY:      return g_strerror (EISDIR);
      case G_IO_ERROR_READ_ONLY:         return g_strerror (EROFS);
      case G_IO_ERROR_NOT_DIRECTORY:     return g_strerror (ENOTDIR);
      default: break;
      }
  return error->message;
}

/* ---- OpenSudoku XML ----
 * Version 1 holds <folder name="..."> elements of <game data="81 digits">;
 * version 2 may hold <game> directly under <opensudoku>, and its data may
 * be a serialised cell collection ("version: 1\n" then value|notes|editable|
 * for each cell, the givens being the cells that are not editable). GMarkup
 * expands only the five predefined entities, so a document that defines its
 * own (an "entity bomb") is an error, never a hang. */

typedef struct
{
  NcReadResult result;   /* NC_READ_PUZZLE or NC_READ_ERROR */
  NcPuzzle     puzzle;
  NcParseError error;
} XmlItem;

typedef struct
{
  GArray *items;          /* XmlItem */
  char   *folder;         /* the enclosing folder's name, or NULL */
  gboolean seen_root;
} XmlState;

static void
xml_item_clear (gpointer data)
{
  XmlItem *item = data;

  nc_puzzle_clear (&item->puzzle);
}

/* A bad game, said as the text reader says its faults (ne-messages). */
static void
xml_item_error (XmlState *state, NcParseErrorKind kind, int line, size_t count, char what)
{
  XmlItem item = {
    .result = NC_READ_ERROR,
    .error = { .kind = kind, .line = line, .count = count },
  };

  if (g_ascii_isgraph (what) && what != '\'')
    g_snprintf (item.error.what, sizeof item.error.what, "'%c'", what);
  else if (what == '\'')
    g_strlcpy (item.error.what, "\"'\"", sizeof item.error.what);
  else
    g_snprintf (item.error.what, sizeof item.error.what, "'\\x%02X'", (guint) (guchar) what);
  nc_puzzle_init (&item.puzzle);
  g_array_append_val (state->items, item);
}

/* The givens of a serialised cell collection; FALSE when it is not one. */
static gboolean
parse_cell_collection (const char *data, NcPuzzle *puzzle)
{
  NcGrid *grid = &puzzle->grid;
  g_auto(GStrv) fields = NULL;
  const char *cells = strchr (data, '\n');
  guint n;

  if (!g_str_has_prefix (data, "version:") || cells == NULL)
    return FALSE;
  fields = g_strsplit (cells + 1, "|", -1);
  n = g_strv_length (fields);
  if (n < NC_CELLS * 3)
    return FALSE;
  for (int i = 0; i < NC_CELLS; i++)
    {
      const char *value = g_strstrip (fields[i * 3]);
      const char *editable = g_strstrip (fields[i * 3 + 2]);

      if (strlen (value) != 1 || value[0] < '0' || value[0] > '9')
        {
          puzzle->has_state = false;
          return FALSE;
        }
      grid->cell[i] = strcmp (editable, "0") == 0 ? (uint8_t) (value[0] - '0') : 0;
      /* An editable cell with a digit is the player's: a game in progress. */
      puzzle->state.cell[i] = (uint8_t) (value[0] - '0');
      if (grid->cell[i] == 0 && value[0] != '0')
        puzzle->has_state = true;
    }
  return TRUE;
}

static void
xml_add_game (XmlState *state, int line, const char *data, const char *note)
{
  XmlItem item = { .result = NC_READ_PUZZLE };
  g_autofree char *digits = g_strstrip (g_strdup (data));
  size_t len = strlen (digits);

  nc_puzzle_init (&item.puzzle);
  item.puzzle.line = line;
  if (parse_cell_collection (digits, &item.puzzle))
    ;
  else if (len != NC_CELLS)
    {
      xml_item_error (state, NC_PARSE_LINE_CELLS, line, len, 0);
      return;
    }
  else
    for (int i = 0; i < NC_CELLS; i++)
      {
        char c = digits[i];

        if (c == '.')
          c = '0';
        if (c < '0' || c > '9')
          {
            xml_item_error (state, NC_PARSE_BAD_CHARACTER, line, 0, digits[i]);
            return;
          }
        item.puzzle.grid.cell[i] = (uint8_t) (c - '0');
      }

  /* nc_puzzle_clear frees these with free (): g_malloc is malloc since GLib 2.46. */
  if (state->folder != NULL && state->folder[0] != '\0')
    item.puzzle.meta['D' - 'A'] = g_strdup (state->folder);
  if (note != NULL && note[0] != '\0')
    item.puzzle.meta['C' - 'A'] = g_strdup (note);
  g_array_append_val (state->items, item);
}

static void
xml_start_element (GMarkupParseContext  *context,
                   const char           *element_name,
                   const char          **attribute_names,
                   const char          **attribute_values,
                   gpointer              user_data,
                   GError              **error)
{
  XmlState *state = user_data;
  int line = 0;

  g_markup_parse_context_get_position (context, &line, NULL);
  if (!state->seen_root)
    {
      if (strcmp (element_name, "opensudoku") != 0)
        {
          g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                       _("line %d: <%s> where an OpenSudoku file starts with <opensudoku>"),
                       line, element_name);
          return;
        }
      state->seen_root = TRUE;
      return;
    }

  if (strcmp (element_name, "folder") == 0)
    {
      const char *name = NULL;

      g_markup_collect_attributes (element_name, attribute_names, attribute_values, NULL,
                                   G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "name", &name,
                                   G_MARKUP_COLLECT_INVALID);
      g_free (state->folder);
      state->folder = g_strdup (name);
    }
  else if (strcmp (element_name, "game") == 0)
    {
      const char *data = NULL;
      const char *note = NULL;

      for (guint i = 0; attribute_names[i] != NULL; i++)
        if (strcmp (attribute_names[i], "data") == 0)
          data = attribute_values[i];
        else if (strcmp (attribute_names[i], "note") == 0 || strcmp (attribute_names[i], "puzzle_note") == 0)
          note = attribute_values[i];
      if (data == NULL)
        xml_item_error (state, NC_PARSE_LINE_CELLS, line, 0, 0);
      else
        xml_add_game (state, line, data, note);
    }
}

static void
xml_end_element (GMarkupParseContext  *context,
                 const char           *element_name,
                 gpointer              user_data,
                 GError              **error)
{
  XmlState *state = user_data;

  if (strcmp (element_name, "folder") == 0)
    g_clear_pointer (&state->folder, g_free);
}

static const GMarkupParser xml_parser = {
  .start_element = xml_start_element,
  .end_element = xml_end_element,
};

static GArray *
parse_opensudoku (const char *text, gsize len, const char *name, GError **error)
{
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) local_error = NULL;
  XmlState state = { 0 };

  state.items = g_array_new (FALSE, TRUE, sizeof (XmlItem));
  g_array_set_clear_func (state.items, xml_item_clear);
  context = g_markup_parse_context_new (&xml_parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &state, NULL);
  if (!g_markup_parse_context_parse (context, text, (gssize) len, &local_error)
      || !g_markup_parse_context_end_parse (context, &local_error))
    {
      const char *message = local_error->message;
      const char *after_position;
      g_autofree char *valid_message = NULL;
      int line = 0, column = 0;

      /* GMarkup starts with "Error on line 6 char 5: ", said below. */
      if (g_str_has_prefix (message, "Error on line ") && (after_position = strstr (message, ": ")) != NULL)
        message = after_position + 2;
      /* About bad UTF-8, GMarkup quotes the bad bytes themselves. */
      valid_message = g_utf8_make_valid (message, -1);
      g_markup_parse_context_get_position (context, &line, &column);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is not a valid OpenSudoku file: line %d, column %d: %s"),
                   name, line, column, valid_message);
      g_free (state.folder);
      g_array_unref (state.items);
      return NULL;
    }
  g_free (state.folder);
  return state.items;
}

gboolean
ne_import_looks_like_xml (const char *text,
                          gsize       len)
{
  gsize i = 0;

  if (len >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  while (i < len && g_ascii_isspace (text[i]))
    i++;
  if (i < len && text[i] == '<')
    return TRUE;
  return g_strstr_len (text, (gssize) MIN (len, 4096), "<opensudoku") != NULL;
}

#define PEEK_BYTES 65536

/* The text of the first <name> element, unescaped; NULL when none. */
static char *
peek_xml_name (const char *text)
{
  const char *start = strstr (text, "<name>");
  const char *end = start != NULL ? strstr (start, "</name>") : NULL;
  g_autofree char *escaped = NULL;
  g_autoptr(GString) name = NULL;

  if (end == NULL)
    return NULL;
  start += strlen ("<name>");
  escaped = g_strndup (start, (gsize) (end - start));
  if (strchr (escaped, '<') != NULL)
    return NULL;
  name = g_string_new (escaped);
  g_string_replace (name, "&lt;", "<", 0);
  g_string_replace (name, "&gt;", ">", 0);
  g_string_replace (name, "&quot;", "\"", 0);
  g_string_replace (name, "&apos;", "'", 0);
  g_string_replace (name, "&amp;", "&", 0);
  return g_string_free (g_steal_pointer (&name), FALSE);
}

/* A title on the first line of a list of 81-character lines ("Hard
 * seventeen-clue puzzles" on top); not "Grid 01" above a grid, nor a CSV
 * header. NULL when none. */
static char *
peek_list_title (char **lines)
{
  guint i = 0, next;

  while (lines[i] != NULL && lines[i][0] == '\0')
    i++;
  if (lines[i] == NULL || !g_ascii_isalpha (lines[i][0]) || !g_ascii_isalpha (lines[i][1])
      || g_ascii_strncasecmp (lines[i], "puzzle,", 7) == 0)
    return NULL;
  for (next = i + 1; lines[next] != NULL && lines[next][0] == '\0'; next++)
    ;
  if (lines[next] == NULL || strlen (lines[next]) < NC_CELLS)
    return NULL;
  return g_strdup (lines[i]);
}

/* The first "#D" header line's text, or a list's title line; NULL when
 * none. */
static char *
peek_sdk_description (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    g_strstrip (lines[i]);
  for (guint i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++)
    {
      const char *line = lines[i];

      if (g_str_has_prefix (line, "#D"))
        return g_strdup (line + 2);
    }
  return peek_list_title (lines);
}

char *
ne_import_peek_title (GFile *file)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;
  g_autofree char *valid = NULL;
  gsize len = 0;
  struct stat st;
  FILE *stream;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  if (path == NULL || stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return NULL;
  stream = fopen (path, "rb");
  if (stream == NULL)
    return NULL;
  text = g_malloc (PEEK_BYTES + 1);
  len = fread (text, 1, PEEK_BYTES, stream);
  fclose (stream);
  text[len] = '\0';
  if (memchr (text, '\0', len) != NULL)
    return NULL;

  title = ne_import_looks_like_xml (text, len) ? peek_xml_name (text) : peek_sdk_description (text);
  if (title == NULL)
    return NULL;
  valid = g_utf8_make_valid (g_strstrip (title), -1);
  return valid[0] != '\0' ? g_steal_pointer (&valid) : NULL;
}

/* ---- The puzzles of a file, whatever its format ---- */

typedef struct
{
  NcReader *reader;       /* text formats */
  GArray   *xml_items;    /* or OpenSudoku */
  guint     next_item;
  guint     n_lines;      /* for the fraction read */
} Source;

static NcReadResult
source_next (Source *source, NcPuzzle *puzzle, NcParseError *error)
{
  XmlItem *item;

  if (source->reader != NULL)
    return nc_reader_next (source->reader, puzzle, error);
  if (source->next_item >= source->xml_items->len)
    return NC_READ_END;
  item = &g_array_index (source->xml_items, XmlItem, source->next_item++);
  *puzzle = item->puzzle;
  *error = item->error;
  nc_puzzle_init (&item->puzzle);   /* handed over */
  return item->result;
}

static double
source_fraction (const Source *source, const NcPuzzle *puzzle)
{
  if (source->xml_items != NULL)
    return source->xml_items->len > 0 ? (double) source->next_item / source->xml_items->len : 1.0;
  return source->n_lines > 0 ? MIN (1.0, (double) puzzle->line / source->n_lines) : 1.0;
}

static void
source_clear (Source *source)
{
  g_clear_pointer (&source->reader, nc_reader_free);
  g_clear_pointer (&source->xml_items, g_array_unref);
}

static guint
count_lines (const char *text, gsize len)
{
  guint n = 1;

  for (const char *p = text, *end = text + len; (p = memchr (p, '\n', (size_t) (end - p))) != NULL; p++)
    n++;
  return n;
}

/* ---- Reading a local file ---- */

/* The longest wait on an empty pipe between two looks at the clock (the
 * cancellable wakes it at once), and the most read at a time, between two
 * looks at the cancellable. */
#define PIPE_SLICE_MS 100
#define READ_CHUNK    (1024 * 1024)

/* Only a regular file or a pipe holds puzzles; the rest is refused. */
static gboolean
check_mode (mode_t mode, const char *name, GError **error)
{
  if (S_ISREG (mode) || S_ISFIFO (mode))
    return TRUE;
  if (S_ISDIR (mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _("%s is a folder, not a file of puzzles"), name);
  else if (S_ISCHR (mode) || S_ISBLK (mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("%s is a device, not a puzzle file"), name);
  else
    /* A socket: stat follows symbolic links. */
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("%s is a socket, not a puzzle file"), name);
  return FALSE;
}

static gboolean
set_read_error (GError **error, const char *name, int saved_errno)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Could not read %s: %s"), name, g_strerror (saved_errno));
  return FALSE;
}

gboolean
ne_import_check_input (const char  *path,
                       const char  *name,
                       GError     **error)
{
  struct stat st;

  g_return_val_if_fail (path != NULL && name != NULL, FALSE);

  if (stat (path, &st) != 0)
    return TRUE;
  return check_mode (st.st_mode, name, error);
}

int
ne_import_open_input (const char *path)
{
  int fd;

  g_return_val_if_fail (path != NULL, -1);

  do
    fd = open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  return fd;
}

/* NE_IMPORT_WRITER_WAIT_SECONDS in milliseconds, unless
 * NONET_IMPORT_WRITER_WAIT_MS holds a positive number (for tests). */
static gint64
writer_wait_ms (void)
{
  const char *env = g_getenv ("NONET_IMPORT_WRITER_WAIT_MS");
  guint64 ms;

  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, G_MAXINT, &ms, NULL))
    return (gint64) ms;
  return NE_IMPORT_WRITER_WAIT_SECONDS * G_GINT64_CONSTANT (1000);
}

/* A pipe is read without blocking: read() says whether a writer is there
 * (an empty pipe with one gives EAGAIN, with none 0), and between reads
 * poll() waits for data, the writer leaving (HUP) or the cancellable. */
gboolean
ne_import_read_input (int            fd,
                      const char    *name,
                      gsize          max,
                      GCancellable  *cancellable,
                      char         **text,
                      gsize         *len,
                      GError       **error)
{
  g_autofree char *buffer = NULL;
  struct stat st;
  GPollFD fds[2] = { { .fd = fd, .events = G_IO_IN } };
  guint n_fds = 1;
  gboolean is_pipe, writer_seen = FALSE, ok = TRUE;
  int flags;
  gint64 wait_ms = writer_wait_ms ();
  gint64 give_up = g_get_monotonic_time () + wait_ms * G_TIME_SPAN_MILLISECOND;
  gsize allocated = MIN (65536, max), used = 0;

  g_return_val_if_fail (fd >= 0 && name != NULL && text != NULL && len != NULL, FALSE);

  if (fstat (fd, &st) != 0)
    return set_read_error (error, name, errno);
  /* Checked again on what was opened: the path may name another file now. */
  if (!check_mode (st.st_mode, name, error))
    return FALSE;
  is_pipe = S_ISFIFO (st.st_mode);
  /* O_NONBLOCK was for the open: a regular file is read the usual way. */
  if (!is_pipe && ((flags = fcntl (fd, F_GETFL)) < 0 || fcntl (fd, F_SETFL, flags & ~O_NONBLOCK) != 0))
    return set_read_error (error, name, errno);
  if (is_pipe && g_cancellable_make_pollfd (cancellable, &fds[1]))
    n_fds = 2;

  buffer = g_malloc (allocated + 1);
  while (used < max)
    {
      gssize n;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      if (used == allocated)
        {
          allocated = MIN (allocated * 2, max);
          buffer = g_realloc (buffer, allocated + 1);
        }
      n = read (fd, buffer + used, MIN (allocated - used, READ_CHUNK));
      if (n > 0)
        {
          used += (gsize) n;
          writer_seen = TRUE;
          continue;
        }
      if (n == 0 && (!is_pipe || writer_seen))
        break;
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && errno != EAGAIN)
        {
          ok = set_read_error (error, name, errno);
          break;
        }
      if (n < 0)
        writer_seen = TRUE;

      /* An empty pipe. */
      if (!writer_seen && g_get_monotonic_time () >= give_up)
        {
          int seconds = (int) ((wait_ms + 999) / 1000);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "No program is writing to the FIFO %s: none opened it in %d second",
                                    "No program is writing to the FIFO %s: none opened it in %d seconds",
                                    seconds),
                       name, seconds);
          ok = FALSE;
          break;
        }
      if (g_poll (fds, n_fds, PIPE_SLICE_MS) > 0 && (fds[0].revents & G_IO_HUP))
        /* A writer came and went: the next read says whether it left data. */
        writer_seen = TRUE;
    }
  if (n_fds == 2)
    g_cancellable_release_fd (cancellable);
  if (!ok)
    return FALSE;
  buffer[used] = '\0';
  *len = used;
  *text = g_steal_pointer (&buffer);
  return TRUE;
}

/* Reads the file into *text; errors name it. */
/* The file's first max bytes, NUL-terminated: a named pipe or a device
 * may never end, so its size says nothing. */
static gboolean
read_at_most (GFile *file, gsize max, GCancellable *cancellable, char **text, gsize *len, GError **error)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, cancellable, error);
  g_autofree char *buffer = NULL;
  gsize allocated = 65536;
  gsize used = 0;
  gsize n_read;

  if (stream == NULL)
    return FALSE;
  buffer = g_malloc (allocated + 1);
  do
    {
      if (used == allocated)
        {
          allocated = MIN (allocated * 2, max);
          buffer = g_realloc (buffer, allocated + 1);
        }
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer + used, allocated - used,
                                    &n_read, cancellable, error))
        return FALSE;
      used += n_read;
    }
  while (n_read > 0 && used < max);
  buffer[used] = '\0';
  *len = used;
  *text = g_steal_pointer (&buffer);
  return TRUE;
}

static gboolean
load_file (GFile *file, const char *name, char **text, gsize *len, GCancellable *cancellable, GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (info == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Could not read %s: %s"), name, io_error_reason (local_error));
      return FALSE;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _("%s is a folder, not a file of puzzles"), name);
      return FALSE;
    }
  if (g_file_info_get_size (info) > MAX_FILE_SIZE)
    {
      g_autofree char *size = g_format_size ((guint64) g_file_info_get_size (info));

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is too large to import (%s; the limit is 256 MiB)"), name, size);
      return FALSE;
    }
  path = g_file_get_path (file);
  if (path != NULL)
    {
      /* A local file: opening it never waits, and a pipe is read in
       * slices that look at the cancellable. */
      int fd;
      gboolean read_ok;

      if (!ne_import_check_input (path, name, error))
        return FALSE;
      fd = ne_import_open_input (path);
      if (fd < 0)
        return set_read_error (error, name, errno);
      read_ok = ne_import_read_input (fd, name, MAX_FILE_SIZE + 1, cancellable, text, len, error);
      close (fd);
      if (!read_ok)
        return FALSE;
    }
  else if (!read_at_most (file, MAX_FILE_SIZE + 1, cancellable, text, len, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Could not read %s: %s"), name, io_error_reason (local_error));
      return FALSE;
    }
  /* A file that grew between the two looks, or a pipe. */
  if (*len > MAX_FILE_SIZE)
    {
      g_clear_pointer (text, g_free);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is too large to import (the limit is 256 MiB)"), name);
      return FALSE;
    }
  if (memchr (*text, '\0', *len) != NULL)
    {
      g_clear_pointer (text, g_free);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s is not a text file"), name);
      return FALSE;
    }
  return TRUE;
}

/* ---- The import ---- */

typedef void (*ProgressSink) (guint n_done, double fraction, gpointer data);

typedef struct
{
  NeStore        *store;
  NeImportReport *report;
  guint           max_messages;    /* 0: no limit */
  guint           n_batch;         /* inserted in the open transaction */
  gboolean        in_batch;
  gint64          batch_start;
} Importer;

/* Whether one more problem would still be listed: a file of a million
 * bad lines lists the first max_messages and counts the rest. */
static gboolean
report_has_room (const Importer *importer)
{
  return importer->max_messages == 0 || importer->report->messages->len < importer->max_messages;
}

static void
problem_clear (gpointer data)
{
  NeImportProblem *problem = data;

  g_free (problem->text);
}

/* Lists a problem at line and column (0: the whole line), or counts it
 * when the list is full. Takes text. */
static void
report_problem (Importer *importer, int line, int column, char *text)
{
  NeImportReport *report = importer->report;
  NeImportProblem problem = { line, column, text };

  if (!report_has_room (importer))
    {
      report->n_unlisted++;
      g_free (text);
      return;
    }
  if (column > 0)
    /* Translators: "line 2, column 17: 'x' is not a digit or a blank" */
    g_ptr_array_add (report->messages, g_strdup_printf (_("line %d, column %d: %s"), line, column, text));
  else
    /* Translators: "line 4: 79 cells, a puzzle has 81" */
    g_ptr_array_add (report->messages, g_strdup_printf (_("line %d: %s"), line, text));
  g_array_append_val (report->problems, problem);
}

static void
report_add_unlisted (NeImportReport *report)
{
  if (report->n_unlisted > 0)
    g_ptr_array_add (report->messages, ne_more_problems (report->n_unlisted));
}

static gboolean
importer_commit (Importer *importer, GError **error)
{
  if (!importer->in_batch)
    return TRUE;
  /* A failed commit has rolled the batch back already. */
  if (!ne_store_commit (importer->store, error))
    {
      importer->in_batch = FALSE;
      return FALSE;
    }
  importer->in_batch = FALSE;
  importer->report->n_imported += importer->n_batch;
  importer->n_batch = 0;
  return TRUE;
}

/* Opens a batch unless one is open (NeImportBeginFunc). */
static gboolean
importer_begin (gpointer data, GError **error)
{
  Importer *importer = data;

  if (importer->in_batch)
    return TRUE;
  if (!ne_store_begin (importer->store, error))
    return FALSE;
  importer->in_batch = TRUE;
  importer->batch_start = g_get_monotonic_time ();
  return TRUE;
}

/* Checks, grades and inserts one puzzle (ne_import_add_puzzle) and
 * reports it; FALSE only when the library cannot be written. */
static gboolean
import_puzzle (Importer *importer, const NcPuzzle *puzzle, GError **error)
{
  NeImportReport *report = importer->report;
  g_autofree char *message = NULL;
  /* A sentence only while the report lists problems (report_has_room). */
  gboolean want_message = report_has_room (importer);

  switch (ne_import_add_puzzle (importer->store, puzzle, report->collection_id,
                                importer_begin, importer, want_message ? &message : NULL, error))
    {
    case NE_IMPORT_ADDED:
      importer->n_batch++;
      return TRUE;
    case NE_IMPORT_DUPLICATE:
      report_problem (importer, puzzle->line, 0, g_strdup (message != NULL ? message : ""));
      report->n_duplicates++;
      return TRUE;
    case NE_IMPORT_CONFLICT:
    case NE_IMPORT_INVALID:
      report_problem (importer, puzzle->line, 0, g_strdup (message != NULL ? message : ""));
      report->n_skipped++;
      return TRUE;
    case NE_IMPORT_NO_SOLUTION:
      report_problem (importer, puzzle->line, 0, g_strdup (_("no solution")));
      report->n_skipped++;
      return TRUE;
    case NE_IMPORT_MANY_SOLUTIONS:
      report_problem (importer, puzzle->line, 0, g_strdup (_("more than one solution")));
      report->n_skipped++;
      return TRUE;
    case NE_IMPORT_FAILED:
    default:
      break;
    }
  /* A batch this puzzle's failure leaves open is rolled back. */
  if (importer->in_batch)
    {
      ne_store_rollback (importer->store);
      importer->in_batch = FALSE;
    }
  return FALSE;
}

/* "forum" of "forum.sdk". */
static char *
file_stem (const char *basename)
{
  g_autofree char *name = g_utf8_make_valid (basename, -1);
  char *dot = strrchr (name, '.');

  if (dot != NULL && dot != name)
    *dot = '\0';
  return g_steal_pointer (&name);
}

/* A puzzle the file gives no title (#T, or a SadMan #N name) is called
 * after its collection (or file) and its number in it: "Newspaper 3". */
static void
give_title (NcPuzzle   *puzzle,
            const char *base,
            guint       number)
{
  char **title = &puzzle->meta['T' - 'A'];
  const char *name = nc_puzzle_meta (puzzle, 'N');

  if (*title != NULL && (*title)[0] != '\0')
    return;
  /* nc_puzzle_clear frees it with free (): g_malloc is malloc since GLib 2.46. */
  g_free (*title);
  if (name != NULL && name[0] != '\0')
    *title = g_strdup (name);
  else
    /* Translators: an imported puzzle's title: its collection or file and its number in it, e.g. "Newspaper 3" */
    *title = g_strdup_printf (C_("imported puzzle", "%s %u"), base, number);
}

static NeImportReport *
import_run (const char    *db_path,
            GFile         *file,
            const char    *collection_name,
            guint          max_messages,
            GCancellable  *cancellable,
            ProgressSink   sink,
            gpointer       sink_data,
            GError       **error)
{
  g_autoptr(NeImportReport) report = g_new0 (NeImportReport, 1);
  g_autoptr(NeStore) store = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *text = NULL;
  g_autoptr(GError) load_error = NULL;
  gsize len = 0;
  Source source = { 0 };
  Importer importer = { 0 };
  NcPuzzle puzzle;
  NcParseError parse_error;
  NcReadResult result;
  gint64 last_progress = 0;
  gboolean ok = TRUE;
  gboolean collection_made = FALSE;
  guint n_before = 0;
  g_autofree char *title_base = NULL;

  report->file_name = g_file_get_basename (file);
  report->messages = g_ptr_array_new_with_free_func (g_free);
  report->problems = g_array_new (FALSE, FALSE, sizeof (NeImportProblem));
  g_array_set_clear_func (report->problems, problem_clear);

  if (!load_file (file, name, &text, &len, cancellable, &load_error))
    {
      /* Cancelled while reading (a pipe waiting for its writer, say):
       * nothing was imported, as after any other cancel. */
      if (g_error_matches (load_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          report->cancelled = TRUE;
          return g_steal_pointer (&report);
        }
      g_propagate_error (error, g_steal_pointer (&load_error));
      return NULL;
    }
  if (ne_import_looks_like_xml (text, len))
    {
      source.xml_items = parse_opensudoku (text, len, name, error);
      if (source.xml_items == NULL)
        return NULL;
    }
  else
    {
      source.reader = nc_reader_new (text, len);
      if (source.reader == NULL)
        g_error ("out of memory");
      source.n_lines = count_lines (text, len);
    }

  store = ne_store_open (db_path, error);
  if (store == NULL)
    {
      source_clear (&source);
      return NULL;
    }
  if (collection_name != NULL)
    {
      g_autoptr(GArray) held = NULL;

      /* A collection made here and left empty is taken away at the end. */
      collection_made = ne_store_find_collection (store, collection_name, NULL) == 0;
      report->collection_id = ne_store_add_collection (store, collection_name, error);
      if (report->collection_id == 0)
        {
          source_clear (&source);
          return NULL;
        }
      held = ne_store_list_puzzle_ids (store, report->collection_id, -1, NULL);
      n_before = held != NULL ? held->len : 0;
    }
  title_base = collection_name != NULL ? g_strdup (collection_name) : file_stem (report->file_name);

  importer.store = store;
  importer.report = report;
  importer.max_messages = max_messages;
  nc_puzzle_init (&puzzle);
  while (ok && (result = source_next (&source, &puzzle, &parse_error)) != NC_READ_END)
    {
      gint64 now;

      if (result == NC_READ_ERROR && parse_error.line == 0)
        ;   /* the reader's "holds no puzzle": said below, for the whole file */
      else if (result == NC_READ_ERROR)
        {
          report->n_found++;
          report->n_skipped++;
          report_problem (&importer, parse_error.line, parse_error.column, ne_parse_error_text (&parse_error));
        }
      else
        {
          report->n_found++;
          give_title (&puzzle, title_base, n_before + report->n_imported + importer.n_batch + 1);
          ok = import_puzzle (&importer, &puzzle, error);
        }
      nc_puzzle_clear (&puzzle);
      if (!ok)
        break;

      now = g_get_monotonic_time ();
      if (importer.in_batch
          && (importer.n_batch >= BATCH_PUZZLES || now - importer.batch_start >= BATCH_USEC))
        ok = importer_commit (&importer, error);
      /* Progress only after a commit, so what it counts is in the library. */
      if (ok && !importer.in_batch && sink != NULL && now - last_progress >= PROGRESS_USEC)
        {
          last_progress = now;
          sink (report->n_found, source_fraction (&source, &puzzle), sink_data);
        }
      if (ok && g_cancellable_is_cancelled (cancellable))
        {
          report->cancelled = TRUE;
          break;
        }
    }
  if (ok)
    ok = importer_commit (&importer, error);
  source_clear (&source);
  /* Nothing imported (every puzzle bad, or there already): no collection. */
  if (collection_made && report->n_imported == 0)
    {
      g_autoptr(GError) delete_error = NULL;

      if (!ne_store_delete_collection (store, report->collection_id, &delete_error))
        g_warning ("Could not remove the empty collection “%s”: %s", collection_name, delete_error->message);
      report->collection_id = 0;
    }
  if (!ok)
    {
      /* What the batches before the failure put in the library stays. */
      if (report->n_imported > 0 && error != NULL && *error != NULL)
        {
          g_autofree char *count = ne_format_count (report->n_imported);
          char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "%s (%s puzzle of the file was imported before that)",
                                                        "%s (%s puzzles of the file were imported before that)",
                                                        report->n_imported),
                                           (*error)->message, count);

          g_free ((*error)->message);
          (*error)->message = message;
        }
      return NULL;
    }

  if (report->n_found == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s holds no puzzle"), name);
      return NULL;
    }
  report_add_unlisted (report);
  if (sink != NULL && !report->cancelled)
    sink (report->n_found, 1.0, sink_data);
  return g_steal_pointer (&report);
}

static void
call_progress_directly (guint n_done, double fraction, gpointer data)
{
  gpointer *closure = data;

  ((NeImportProgressFunc) closure[0]) (n_done, fraction, closure[1]);
}

NeImportReport *
ne_import_file (const char            *db_path,
                GFile                 *file,
                const char            *collection_name,
                GCancellable          *cancellable,
                NeImportProgressFunc   progress,
                gpointer               user_data,
                GError               **error)
{
  return ne_import_file_full (db_path, file, collection_name, NE_IMPORT_MAX_MESSAGES, cancellable,
                              progress, user_data, error);
}

NeImportReport *
ne_import_file_full (const char            *db_path,
                     GFile                 *file,
                     const char            *collection_name,
                     guint                  max_messages,
                     GCancellable          *cancellable,
                     NeImportProgressFunc   progress,
                     gpointer               user_data,
                     GError               **error)
{
  gpointer closure[2] = { (gpointer) progress, user_data };

  g_return_val_if_fail (db_path != NULL, NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return import_run (db_path, file, collection_name, max_messages, cancellable,
                     progress != NULL ? call_progress_directly : NULL, closure, error);
}

/* The worker's input (copies) and the progress it hands to the caller's
 * main context: the latest value under a mutex, at most one idle pending
 * (ne-progress.h). */
typedef struct
{
  char                 *db_path;
  GFile                *file;
  char                 *collection_name;

  GMainContext         *context;
  NeImportProgressFunc  progress;
  gpointer              progress_data;
  GDestroyNotify        progress_notify;

  NeProgress           *reports;    /* stopped once the result is taken */

  GMutex                mutex;
  guint                 n_done;
  double                fraction;
} ImportJob;

/* The job is freed with the task, on whichever thread drops the last
 * reference: each thread that used it releases it before letting go (GLib's
 * reference counts are invisible to a TSan build). */
static void
import_job_free (gpointer data)
{
  ImportJob *job = data;

  tsan_acquire (job);

  g_free (job->db_path);
  g_clear_object (&job->file);
  g_free (job->collection_name);
  if (job->progress_notify != NULL)
    job->progress_notify (job->progress_data);
  g_clear_pointer (&job->reports, ne_progress_free);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_mutex_clear (&job->mutex);
  g_free (job);
}

static void
dispatch_progress (gpointer data)
{
  GTask *task = data;
  ImportJob *job = g_task_get_task_data (task);
  guint n_done;
  double fraction;

  ne_mutex_lock (&job->mutex);
  n_done = job->n_done;
  fraction = job->fraction;
  ne_mutex_unlock (&job->mutex);

  job->progress (n_done, fraction, job->progress_data);
  tsan_release (job);
}

static void
post_progress (guint n_done, double fraction, gpointer data)
{
  GTask *task = data;
  ImportJob *job = g_task_get_task_data (task);

  ne_mutex_lock (&job->mutex);
  job->n_done = n_done;
  job->fraction = fraction;
  ne_mutex_unlock (&job->mutex);

  ne_progress_schedule (job->reports);
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  GError *error = NULL;
  NeImportReport *report;

  /* The job was filled in on the main thread; a pool thread that ran an
   * earlier task gets it through GLib's queue, which TSan cannot see. */
  tsan_acquire (job);
  report = import_run (job->db_path, job->file, job->collection_name, NE_IMPORT_MAX_MESSAGES, cancellable,
                       job->progress != NULL ? post_progress : NULL, task, &error);
  /* The report goes to the main thread through GTask's own locking. */
  tsan_release (task);
  tsan_release (job);
  if (report == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, report, (GDestroyNotify) ne_import_report_free);
}

void
ne_import_file_async (const char            *db_path,
                      GFile                 *file,
                      const char            *collection_name,
                      GCancellable          *cancellable,
                      NeImportProgressFunc   progress,
                      gpointer               progress_data,
                      GDestroyNotify         progress_notify,
                      GAsyncReadyCallback    callback,
                      gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  ImportJob *job;

  g_return_if_fail (db_path != NULL);
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  job = g_new0 (ImportJob, 1);
  job->db_path = g_strdup (db_path);
  job->file = g_file_dup (file);
  job->collection_name = g_strdup (collection_name);
  job->context = g_main_context_ref_thread_default ();
  job->progress = progress;
  job->progress_data = progress_data;
  job->progress_notify = progress_notify;
  g_mutex_init (&job->mutex);

  task = g_task_new (NULL, cancellable, callback, user_data);
  /* Each pending report holds the task, and so the job. */
  if (progress != NULL)
    job->reports = ne_progress_new (job->context, 0, G_PRIORITY_DEFAULT, "[nonet] import progress",
                                    dispatch_progress, task, g_object_ref, g_object_unref);
  g_task_set_source_tag (task, ne_import_file_async);
  g_task_set_name (task, "[nonet] import");
  g_task_set_task_data (task, job, import_job_free);
  /* A cancelled import still returns its report. */
  g_task_set_check_cancellable (task, FALSE);
  tsan_release (job);
  g_task_run_in_thread (task, import_thread);
}

NeImportReport *
ne_import_file_finish (GAsyncResult  *result,
                       GError       **error)
{
  ImportJob *job;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ne_import_file_async, NULL);

  tsan_acquire (result);
  job = g_task_get_task_data (G_TASK (result));
  if (job->reports != NULL)
    ne_progress_stop (job->reports);
  tsan_release (job);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- Export ---- */

NeExportFormat
ne_export_format_for_name (const char *name)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (name != NULL, NE_FORMAT_LINES);

  lower = g_ascii_strdown (name, -1);
  return g_str_has_suffix (lower, ".sdk") ? NE_FORMAT_SDK : NE_FORMAT_LINES;
}

/* One "#X text" header a line of value (the reader joins them back with '\n'). */
static void
append_header (GString *out, char tag, const char *value)
{
  g_auto(GStrv) lines = NULL;

  if (value == NULL || value[0] == '\0')
    return;
  lines = g_strsplit_set (value, "\r\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      g_string_append_printf (out, "#%c%s\n", tag, lines[i]);
}

gboolean
ne_export_puzzles (NeStore         *store,
                   const gint64    *ids,
                   guint            n_ids,
                   NeExportFormat   format,
                   GFile           *file,
                   GError         **error)
{
  g_autoptr(GString) out = g_string_sized_new (n_ids * 83 + 32);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (NE_IS_STORE (store), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Puzzle lines only: HoDoKu's batch reader, and others, take any other
   * line for a puzzle. The metadata goes in .sdk. */
  for (guint i = 0; i < n_ids; i++)
    {
      NePuzzleInfo info = { 0 };
      char line[82];

      if (!ne_store_get_puzzle (store, ids[i], &info, error))
        return FALSE;
      nc_grid_format_line (&info.givens, '.', line);
      if (format == NE_FORMAT_SDK)
        {
          if (i > 0)
            g_string_append_c (out, '\n');
          append_header (out, 'T', info.title);
          append_header (out, 'A', info.author);
          append_header (out, 'D', info.source);
          append_header (out, 'C', info.notes);
          for (int r = 0; r < 9; r++)
            {
              g_string_append_len (out, line + r * 9, 9);
              g_string_append_c (out, '\n');
            }
        }
      else
        {
          g_string_append_len (out, line, NC_CELLS);
          g_string_append_c (out, '\n');
        }
      ne_puzzle_info_clear (&info);
    }

  /* A local file (or standard output) is written as every output is. GIO
   * would write a target that does not exist yet in place, and leave it
   * half-written when the disk fills. */
  if (file == NULL || (path = g_file_get_path (file)) != NULL)
    return ne_output_write (path, out->str, out->len, error);
  if (!g_file_replace_contents (file, out->str, out->len, NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, &local_error))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, local_error->domain, local_error->code,
                   _("Could not write %s: %s"), name, io_error_reason (local_error));
      return FALSE;
    }
  return TRUE;
}
