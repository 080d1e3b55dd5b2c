/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nc-rng.c: xoshiro256** (Blackman and Vigna), seeded with splitmix64 so that
 * any 64-bit seed, 0 included, gives a well-mixed state. */

#include "nc-rng.h"

static uint64_t
splitmix64 (uint64_t *x)
{
  uint64_t z = (*x += 0x9E3779B97F4A7C15u);

  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

static inline uint64_t
rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

void
nc_rng_seed (NcRng *rng, uint64_t seed)
{
  for (int i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&seed);
}

uint64_t
nc_rng_next (NcRng *rng)
{
  uint64_t *s = rng->s;
  uint64_t result = rotl (s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

uint32_t
nc_rng_below (NcRng *rng, uint32_t n)
{
  /* Lemire's multiply-and-reject: unbiased, rarely loops. */
  uint64_t m = (nc_rng_next (rng) >> 32) * n;
  uint32_t low = (uint32_t) m;

  if (low < n)
    {
      uint32_t threshold = (uint32_t) -n % n;

      while (low < threshold)
        {
          m = (nc_rng_next (rng) >> 32) * n;
          low = (uint32_t) m;
        }
    }
  return (uint32_t) (m >> 32);
}

void
nc_rng_shuffle (NcRng *rng, uint8_t *items, int n)
{
  for (int i = n - 1; i > 0; i--)
    {
      uint32_t j = nc_rng_below (rng, (uint32_t) i + 1);
      uint8_t t = items[i];

      items[i] = items[j];
      items[j] = t;
    }
}
