/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-rng.h: the seeded random number generator every random choice of the
 * core goes through (xoshiro256**, seeded by splitmix64). The state is passed
 * in, so a seed reproduces a puzzle on any machine and any thread. */
#pragma once

#include <stdint.h>

typedef struct
{
  uint64_t s[4];
} NcRng;

void     nc_rng_seed (NcRng *rng, uint64_t seed);
uint64_t nc_rng_next (NcRng *rng);
/* Uniform in [0, n), n >= 1, without modulo bias. */
uint32_t nc_rng_below (NcRng *rng, uint32_t n);
/* Shuffles n bytes in place (Fisher-Yates). */
void     nc_rng_shuffle (NcRng *rng, uint8_t *items, int n);
