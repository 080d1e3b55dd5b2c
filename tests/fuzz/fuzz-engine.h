/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-engine.h: for the harnesses of the engine, which read and write
 * real files: one temporary folder per process, removed at exit, and
 * GLib's warnings and criticals made fatal so that a g_return_if_fail the
 * input trips is a finding like a crash. */
#pragma once

#include <errno.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "fuzz.h"

static char *fuzz_tmp_dir;

static void
fuzz_remove_tmp_dir (void)
{
  GDir *dir;
  const char *name;

  if (fuzz_tmp_dir == NULL)
    return;
  dir = g_dir_open (fuzz_tmp_dir, 0, NULL);
  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (fuzz_tmp_dir, name, NULL);

          g_unlink (path);
        }
      g_dir_close (dir);
    }
  g_rmdir (fuzz_tmp_dir);
  g_clear_pointer (&fuzz_tmp_dir, g_free);
}

/* Makes the folder once; returns a path in it (owned by the caller). */
static char *
fuzz_tmp_path (const char *name)
{
  if (fuzz_tmp_dir == NULL)
    {
      /* In memory when the system has a tmpfs for it: a disk's file
       * creation and syncs would cost more than the code under test. */
      const char *base = g_access ("/dev/shm", W_OK) == 0 ? "/dev/shm" : g_get_tmp_dir ();

      g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
      fuzz_tmp_dir = g_build_filename (base, "nonet-fuzz-XXXXXX", NULL);
      if (g_mkdtemp (fuzz_tmp_dir) == NULL)
        {
          fprintf (stderr, "no temporary folder in %s: %s\n", base, g_strerror (errno));
          abort ();
        }
      atexit (fuzz_remove_tmp_dir);
    }
  return g_build_filename (fuzz_tmp_dir, name, NULL);
}
