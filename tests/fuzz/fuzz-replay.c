/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-replay.c: a main () for builds without libFuzzer. Runs the
 * harness's LLVMFuzzerTestOneInput once on every file named, and on every
 * file of every folder named (in name order), so that the seeds and the
 * regressions of each harness run as ordinary tests under any compiler and
 * sanitizer. An invariant that fails aborts, as under libFuzzer; a folder
 * that holds no input is an error, so a test cannot pass by replaying
 * nothing. */

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* The whole file in a buffer of exactly its size, so that a read past the
 * end of the input is caught by AddressSanitizer. */
static int
replay_file (const char *path)
{
  FILE *file = fopen (path, "rb");
  uint8_t *data = NULL;
  size_t size = 0, allocated = 0, n;
  uint8_t chunk[65536];

  if (file == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, strerror (errno));
      return -1;
    }
  while ((n = fread (chunk, 1, sizeof chunk, file)) > 0)
    {
      if (size + n > allocated)
        {
          uint8_t *grown;

          allocated = (size + n) * 2;
          grown = realloc (data, allocated);
          if (grown == NULL)
            {
              fprintf (stderr, "%s: out of memory\n", path);
              free (data);
              fclose (file);
              return -1;
            }
          data = grown;
        }
      memcpy (data + size, chunk, n);
      size += n;
    }
  if (ferror (file))
    {
      fprintf (stderr, "%s: could not read it\n", path);
      free (data);
      fclose (file);
      return -1;
    }
  fclose (file);

  {
    uint8_t *exact = malloc (size > 0 ? size : 1);

    if (exact == NULL)
      {
        free (data);
        return -1;
      }
    if (size > 0)
      memcpy (exact, data, size);
    free (data);
    fprintf (stderr, "replaying %s (%zu bytes)\n", path, size);
    LLVMFuzzerTestOneInput (exact, size);
    free (exact);
  }
  return 0;
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Returns the number of files replayed, or -1. */
static int
replay_dir (const char *path)
{
  DIR *dir = opendir (path);
  struct dirent *entry;
  char **names = NULL;
  size_t n_names = 0, allocated = 0;
  int n_replayed = 0;

  if (dir == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, strerror (errno));
      return -1;
    }
  while ((entry = readdir (dir)) != NULL)
    {
      if (entry->d_name[0] == '.')   /* ".", "..", and hidden files such as .gitkeep */
        continue;
      if (n_names == allocated)
        {
          char **grown;

          allocated = allocated ? allocated * 2 : 64;
          grown = realloc (names, allocated * sizeof *names);
          if (grown == NULL)
            abort ();
          names = grown;
        }
      names[n_names] = malloc (strlen (path) + strlen (entry->d_name) + 2);
      if (names[n_names] == NULL)
        abort ();
      sprintf (names[n_names], "%s/%s", path, entry->d_name);
      n_names++;
    }
  closedir (dir);
  if (n_names > 0)
    qsort (names, n_names, sizeof *names, compare_names);
  for (size_t i = 0; i < n_names; i++)
    {
      struct stat st;

      if (stat (names[i], &st) == 0 && S_ISREG (st.st_mode))
        {
          if (replay_file (names[i]) != 0)
            n_replayed = -1;
          else if (n_replayed >= 0)
            n_replayed++;
        }
      free (names[i]);
    }
  free (names);
  return n_replayed;
}

int
main (int argc, char **argv)
{
  int total = 0;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FILE-OR-FOLDER...\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      struct stat st;
      int n;

      if (stat (argv[i], &st) != 0)
        {
          fprintf (stderr, "%s: %s\n", argv[i], strerror (errno));
          return 1;
        }
      if (S_ISDIR (st.st_mode))
        {
          n = replay_dir (argv[i]);
          if (n == 0)
            {
              fprintf (stderr, "%s holds no input to replay\n", argv[i]);
              return 1;
            }
        }
      else
        n = replay_file (argv[i]) == 0 ? 1 : -1;
      if (n < 0)
        return 1;
      total += n;
    }
  printf ("replayed %d inputs\n", total);
  return 0;
}
