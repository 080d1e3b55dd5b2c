/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-puzzle-id.c: puzzle IDs (nc_puzzle_id_parse and _format, in
 * nc-generate.h). The input is parsed as an ID; whatever parses must hold
 * parameters nc_generate accepts and must format to an ID that parses to
 * the same parameters and formats to itself. The same bytes are also read
 * as parameters, any values at all, which must format to an ID that parses
 * to them as nc_generate would bring them into range. */

#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "nc-generate.h"

#define FUZZ_MAX_INPUT 256

static void
check_params (const NcGenerateParams *params)
{
  FUZZ_CHECK (params->clues == NC_CLUES_MINIMAL || (params->clues >= 17 && params->clues <= 80));
  FUZZ_CHECK ((unsigned) params->symmetry < NC_SYMMETRY_COUNT);
  FUZZ_CHECK ((unsigned) params->min_grade < NC_GRADE_COUNT);
  FUZZ_CHECK ((unsigned) params->max_grade < NC_GRADE_COUNT);
  FUZZ_CHECK (params->min_grade <= params->max_grade);
  FUZZ_CHECK (params->budget_seconds == 0);
}

static bool
same_params (const NcGenerateParams *a, const NcGenerateParams *b)
{
  if (a->clues != b->clues || a->symmetry != b->symmetry || a->by_difficulty != b->by_difficulty
      || a->seed != b->seed)
    return false;
  /* Without by_difficulty the grades are not part of the ID. */
  return !a->by_difficulty || (a->min_grade == b->min_grade && a->max_grade == b->max_grade);
}

/* The ID of params parses back to expected and formats to itself. */
static void
check_format (const NcGenerateParams *params, const NcGenerateParams *expected)
{
  char id[NC_ID_SIZE], again[NC_ID_SIZE];
  NcGenerateParams parsed;
  const char *error = NULL;
  int n;

  n = nc_puzzle_id_format (params, id, sizeof id);
  FUZZ_CHECK (n > 0 && (size_t) n < sizeof id && (size_t) n == strlen (id));
  if (!nc_puzzle_id_parse (id, &parsed, &error))
    {
      fprintf (stderr, "\"%s\" does not parse: %s\n", id, error);
      FUZZ_CHECK (!"a formatted ID parses");
    }
  check_params (&parsed);
  FUZZ_CHECK (same_params (&parsed, expected));
  FUZZ_CHECK (nc_puzzle_id_format (&parsed, again, sizeof again) == n);
  FUZZ_CHECK (strcmp (id, again) == 0);
}

static uint64_t
read_u64 (const uint8_t *p)
{
  uint64_t v = 0;

  for (int i = 0; i < 8; i++)
    v = v << 8 | p[i];
  return v;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char text[FUZZ_MAX_INPUT + 1];
  NcGenerateParams params;
  const char *error = NULL;

  if (size > FUZZ_MAX_INPUT)
    return 0;

  /* As text: the ID ends at the first NUL, as a C string does. */
  memcpy (text, data, size);
  text[size] = '\0';
  memset (&params, 0xA5, sizeof params);
  if (nc_puzzle_id_parse (text, &params, &error))
    {
      check_params (&params);
      check_format (&params, &params);
    }
  else
    {
      size_t len;

      FUZZ_CHECK (error != NULL);
      len = strlen (error);
      FUZZ_CHECK (len > 0 && error[len - 1] == '.');
    }

  /* As parameters: clues, symmetry, grades and seed from any bytes. */
  if (size >= 12)
    {
      NcGenerateParams raw, expected;

      nc_generate_params_init (&raw);
      raw.clues = (int8_t) data[0];
      raw.symmetry = (NcSymmetry) (data[1] % (NC_SYMMETRY_COUNT + 3));
      raw.by_difficulty = data[2] & 1;
      raw.min_grade = (NcGrade) ((int8_t) data[3] % 8);
      raw.max_grade = (NcGrade) ((int8_t) data[4] % 8);
      raw.budget_seconds = data[5];
      raw.seed = read_u64 (data + 4 + (size >= 13));

      /* What the ID holds: nc-generate.h's rules for out-of-range values. */
      expected = raw;
      if (expected.clues != NC_CLUES_MINIMAL)
        expected.clues = expected.clues < 17 ? 17 : expected.clues > 80 ? 80 : expected.clues;
      if ((unsigned) expected.symmetry >= NC_SYMMETRY_COUNT)
        expected.symmetry = NC_SYMMETRY_NONE;
      {
        int lo = (int) raw.min_grade, hi = (int) raw.max_grade, t;

        lo = lo < 0 ? 0 : lo >= NC_GRADE_COUNT ? NC_GRADE_COUNT - 1 : lo;
        hi = hi < 0 ? 0 : hi >= NC_GRADE_COUNT ? NC_GRADE_COUNT - 1 : hi;
        if (lo > hi)
          t = lo, lo = hi, hi = t;
        expected.min_grade = (NcGrade) lo;
        expected.max_grade = (NcGrade) hi;
      }
      expected.budget_seconds = 0;
      check_format (&raw, &expected);
    }
  return 0;
}
