/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz.h: what every harness shares. A harness defines
 * LLVMFuzzerTestOneInput; libFuzzer calls it (run-fuzz.sh), or
 * fuzz-replay.c does over the seeds and regressions (meson test). Plain
 * C11: the core harnesses link no GLib. */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* An invariant the code under test broke: a finding, like a crash. Not
 * assert (): it must hold in every build type. */
#define FUZZ_CHECK(cond)                                                      \
  do                                                                          \
    {                                                                         \
      if (!(cond))                                                            \
        {                                                                     \
          fprintf (stderr, "%s:%d: invariant failed: %s\n", __FILE__,         \
                   __LINE__, #cond);                                          \
          abort ();                                                           \
        }                                                                     \
    }                                                                         \
  while (0)
