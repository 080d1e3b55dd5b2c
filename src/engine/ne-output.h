/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-output.h: a file written where a person points, the one way every
 * writer of Nonet writes one: the CLI's -o, the library's export, the PDF
 * and the app's save dialogs.
 *
 * What the path names decides how. A regular file, or a name that does not
 * exist yet, is replaced whole: the data goes to a temporary file beside it,
 * is synced, and is renamed over it, keeping the old file's mode and (where
 * the writer may, as root) its owner; a crash or a full disk leaves the old
 * file or the new one, never half of either. A regular file with several
 * hard links is written in place, so the links stay one file. A symbolic
 * link is followed to its target (which is then written as above) and
 * stays a link. A named pipe, a device or a socket is written straight
 * into. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Writes len bytes of data to path, or to standard output for a NULL path.
 * Errors are one sentence that names the path once ("Could not write
 * out.pdf: No space left on device"); they leave no temporary file behind
 * and a replaced file as it was. */
gboolean ne_output_write (const char  *path,
                          const void  *data,
                          gsize        len,
                          GError     **error);

/* What messages call path: its display name, or "standard output" for NULL. */
char    *ne_output_display_name (const char *path);

G_END_DECLS
