/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-generate-options.h: the options that say what to generate, shared
 * by `nonet-cli generate` and `nonet-cli pdf --generate`, checked the same
 * way with the same messages. */
#pragma once

#include <glib.h>

#include "nc-generate.h"

/* An integer option left out. */
#define CLI_NOT_GIVEN G_MININT64

/* params from --clues (CLI_NOT_GIVEN when absent), --minimal, --symmetry,
 * --difficulty and --seed (NULL when absent; a random seed then), for a
 * run of count puzzles (count_option says how many, "-n"): puzzle i uses
 * seed S + i, so S + count - 1 must fit in 64 bits. FALSE after a message
 * on standard error, "command: ...". */
gboolean cli_generate_params  (const char       *command,
                               gint64            clues,
                               gboolean          minimal,
                               const char       *symmetry,
                               const char       *difficulty,
                               const char       *seed,
                               gint64            count,
                               const char       *count_option,
                               NcGenerateParams *params);
/* --jobs (CLI_NOT_GIVEN when absent) and --timeout; FALSE after a message. */
gboolean cli_check_jobs_timeout (const char *command,
                                 gint64      jobs,
                                 double      timeout);
