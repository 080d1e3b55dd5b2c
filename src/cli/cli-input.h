/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-input.h: reading a puzzle file or standard input for the subcommands
 * that take one, with one size limit and one set of messages. */
#pragma once

#include <glib.h>

/* The most an input may hold: standard input or a named pipe may never end. */
#define CLI_MAX_INPUT_SIZE (256 * 1024 * 1024)

/* Reads path ("-" or NULL: standard input) whole, NUL-terminated, and sets
 * *name to what messages call it. On failure says why on stderr, after
 * prefix ("nonet-cli pdf: ..."), and returns NULL. */
char *cli_read_input (const char  *prefix,
                      const char  *path,
                      const char **name,
                      gsize       *len);
