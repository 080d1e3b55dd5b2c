/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-output.c: writing through to what the path names (see ne-output.h).
 * What is there is looked at once, before writing; each kind of file then
 * gets the one way of writing that leaves it what it was. */

/* fallocate (FALLOC_FL_KEEP_SIZE) */
#define _GNU_SOURCE

#define G_LOG_DOMAIN "nonet-output"

#include "config.h"

#include "ne-output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

/* As many links as the kernel follows in one path before ELOOP. */
#define MAX_SYMLINKS 40

char *
ne_output_display_name (const char *path)
{
  if (path == NULL)
    return g_strdup (_("standard output"));
  return g_filename_display_name (path);
}

static gboolean
set_write_error (GError     **error,
                 const char  *path,
                 int          errsv)
{
  g_autofree char *name = ne_output_display_name (path);

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
               _("Could not write %s: %s"), name, g_strerror (errsv));
  return FALSE;
}

/* 0 or the errno at fault. send() rather than write() on a socket: a peer
 * that has gone is EPIPE, not a signal. */
static int
write_all (int         fd,
           gboolean    is_socket,
           const char *data,
           gsize       len)
{
  while (len > 0)
    {
      gsize chunk = MIN (len, (gsize) G_MAXSSIZE);
      ssize_t n = is_socket ? send (fd, data, chunk, MSG_NOSIGNAL) : write (fd, data, chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return errno;
      if (n == 0)
        return EIO;
      data += n;
      len -= (gsize) n;
    }
  return 0;
}

/* Where the data goes: path with each symbolic link of its last component
 * followed, the link's own folder the base of a relative target. Returns 0
 * or ELOOP; a path that cannot be looked at is returned as it is, for the
 * caller's stat to say why. */
static int
follow_links (const char  *path,
              char       **target)
{
  g_autofree char *current = g_strdup (path);

  for (int i = 0; i <= MAX_SYMLINKS; i++)
    {
      g_autofree char *dir = NULL;
      char link[PATH_MAX];
      struct stat st;
      ssize_t n;

      if (lstat (current, &st) != 0 || !S_ISLNK (st.st_mode)
          || (n = readlink (current, link, sizeof link - 1)) < 0)
        {
          *target = g_steal_pointer (&current);
          return 0;
        }
      link[n] = '\0';
      if (g_path_is_absolute (link))
        {
          g_free (current);
          current = g_strdup (link);
          continue;
        }
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_build_filename (dir, link, NULL);
    }
  return ELOOP;
}

/* The old file's permission bits and, where the writer may, its owner and
 * group (chown first: it clears the set-ID bits). The set-ID and sticky
 * bits are not kept: a file of puzzles has no business running as anyone. */
static int
keep_mode_and_owner (int                fd,
                     const char        *target,
                     const struct stat *old)
{
  if ((old->st_uid != geteuid () || old->st_gid != getegid ())
      && fchown (fd, old->st_uid, old->st_gid) != 0
      && fchown (fd, (uid_t) -1, old->st_gid) != 0)
    g_debug ("%s: only root may keep its owner; the new file is the writer's", target);
  if (fchmod (fd, old->st_mode & 0777) != 0)
    return errno;
  return 0;
}

/* A new file beside target, synced, renamed over it; removed again on any
 * failure. old is target's stat, or NULL when there is no file yet. */
static int
replace (const char        *target,
         const struct stat *old,
         const char        *data,
         gsize              len)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *tmp_path = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  int errsv = 0;
  int fd;

  /* Beside the target, so the rename cannot cross file systems. */
  fd = g_mkstemp_full (tmp_path, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return errno;
  if (old != NULL)
    errsv = keep_mode_and_owner (fd, target, old);
  if (errsv == 0)
    errsv = write_all (fd, FALSE, data, len);
  /* On disk before it takes the name; a full disk may show only here. */
  if (errsv == 0 && fsync (fd) != 0)
    errsv = errno;
  if (close (fd) != 0 && errsv == 0)
    errsv = errno;
  if (errsv == 0 && g_rename (tmp_path, target) != 0)
    errsv = errno;
  if (errsv != 0)
    g_unlink (tmp_path);
  return errsv;
}

/* A regular file with other hard links: a rename would leave them behind
 * on the old content, so it is rewritten where it is. The room is reserved
 * first where the file system can: a full disk then leaves it untouched. */
static int
rewrite_in_place (const char *target,
                  const char *data,
                  gsize       len)
{
  int errsv = 0;
  int fd = open (target, O_WRONLY | O_CLOEXEC | O_NOCTTY);

  if (fd < 0)
    return errno;
  if (len > 0 && fallocate (fd, FALLOC_FL_KEEP_SIZE, 0, (off_t) len) != 0
      && errno != EOPNOTSUPP && errno != ENOSYS)
    errsv = errno;
  if (errsv == 0)
    errsv = write_all (fd, FALSE, data, len);
  if (errsv == 0 && ftruncate (fd, (off_t) len) != 0)
    errsv = errno;
  if (errsv == 0 && fsync (fd) != 0)
    errsv = errno;
  if (close (fd) != 0 && errsv == 0)
    errsv = errno;
  return errsv;
}

/* A named pipe or a device: opened as it is, written, closed. Nothing to
 * sync (a device may refuse fsync) and nothing to rename. */
static int
write_through (const char *target,
               const char *data,
               gsize       len)
{
  int errsv;
  int fd = open (target, O_WRONLY | O_CLOEXEC | O_NOCTTY);

  if (fd < 0)
    return errno;
  errsv = write_all (fd, FALSE, data, len);
  if (close (fd) != 0 && errsv == 0)
    errsv = errno;
  return errsv;
}

/* A Unix socket cannot be opened: it is connected to, as a stream. */
static int
write_to_socket (const char *target,
                 const char *data,
                 gsize       len)
{
  struct sockaddr_un address = { .sun_family = AF_UNIX };
  int errsv;
  int fd;

  if (strlen (target) >= sizeof address.sun_path)
    return ENAMETOOLONG;
  strcpy (address.sun_path, target);
  fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return errno;
  if (connect (fd, (const struct sockaddr *) &address, sizeof address) != 0)
    errsv = errno;
  else
    errsv = write_all (fd, TRUE, data, len);
  if (close (fd) != 0 && errsv == 0)
    errsv = errno;
  return errsv;
}

/* 0 or the errno at fault, after writing to target the way its kind wants. */
static int
write_to (const char *target,
          const char *data,
          gsize       len)
{
  struct stat st;

  if (stat (target, &st) != 0)
    return errno == ENOENT ? replace (target, NULL, data, len) : errno;
  if (S_ISDIR (st.st_mode))
    return EISDIR;
  if (S_ISREG (st.st_mode) && st.st_nlink > 1)
    return rewrite_in_place (target, data, len);
  if (S_ISREG (st.st_mode))
    return replace (target, &st, data, len);
  if (S_ISSOCK (st.st_mode))
    return write_to_socket (target, data, len);
  return write_through (target, data, len);
}

gboolean
ne_output_write (const char  *path,
                 const void  *data,
                 gsize        len,
                 GError     **error)
{
  int errsv;

  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (path == NULL)
    errsv = write_all (STDOUT_FILENO, FALSE, data, len);
  else
    {
      g_autofree char *target = NULL;

      errsv = follow_links (path, &target);
      if (errsv == 0)
        errsv = write_to (target, data, len);
    }
  if (errsv != 0)
    return set_write_error (error, path, errsv);
  return TRUE;
}
