/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-output.c: nonet-cli's standard output, checked, for every command:
 * what it prints, GOptionContext's --help and the report at exit of a write
 * that failed; and the two kinds of message on standard error, a problem
 * of an input and the hint after a usage error. */

#define G_LOG_DOMAIN "nonet-cli"

#include "config.h"

#include "cli.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Standard output, checked: a full disk, a full device or a broken pipe
 * is an error like any other, not a silent success. cli_out() records the
 * first write error's errno the moment stdio sees it (a later flush would
 * have lost it) and writes nothing more after one; close_stdout() reports
 * it at exit. */
static int stdout_errno;

gboolean
cli_stdout_failed (void)
{
  return stdout_errno != 0;
}

static void
note_stdout_error (void)
{
  if (stdout_errno == 0 && ferror (stdout))
    stdout_errno = errno != 0 ? errno : EIO;
}

void
cli_out (const char *format, ...)
{
  va_list args;

  if (cli_stdout_failed ())
    return;
  errno = 0;
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  note_stdout_error ();
}

void
cli_flush_stdout (void)
{
  if (cli_stdout_failed ())
    return;
  errno = 0;
  if (fflush (stdout) != 0)
    note_stdout_error ();
}

/* g_print: GOptionContext's --help goes through it. */
static void
print_handler (const char *text)
{
  cli_out ("%s", text);
  cli_flush_stdout ();
}

/* At exit, whichever way it comes (GOptionContext's --help calls exit()):
 * what was not written yet is flushed, and a write error makes the exit
 * status 2. A reader that went away (EPIPE, when SIGPIPE is ignored) ends
 * the output quietly: that is what `| head -1` asks for. */
static void
close_stdout (void)
{
  cli_flush_stdout ();
  errno = 0;
  if (fclose (stdout) != 0 && stdout_errno == 0)
    stdout_errno = errno != 0 ? errno : EIO;
  if (stdout_errno == 0)
    return;
  if (stdout_errno != EPIPE)
    fprintf (stderr, "%s: %s: %s\n", g_get_prgname (), _("standard output"), g_strerror (stdout_errno));
  _exit (CLI_STATUS_BAD_INPUT);
}

void
cli_problem (const char *name, int line, int column, const char *message)
{
  cli_flush_stdout ();
  if (line > 0 && column > 0)
    fprintf (stderr, "nonet-cli: %s:%d:%d: %s\n", name, line, column, message);
  else if (line > 0)
    fprintf (stderr, "nonet-cli: %s:%d: %s\n", name, line, message);
  else
    fprintf (stderr, "nonet-cli: %s: %s\n", name, message);
}

char *
cli_format_count (guint64 n)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
}

void
cli_usage_hint (const char *command)
{
  g_autofree char *full = command != NULL ? g_strdup_printf ("nonet-cli %s", command) : g_strdup ("nonet-cli");

  /* Translators: as coreutils says it: "Try 'ls --help' for more information." */
  fprintf (stderr, _("Try '%s --help' for more information.\n"), full);
}

void
cli_output_init (void)
{
  g_set_print_handler (print_handler);
  atexit (close_stdout);
}
