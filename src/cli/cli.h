/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli.h: what the files of nonet-cli share: the exit statuses, checked
 * standard output, reading what the person hands it, the options of the
 * puzzle commands and generate, and each command family's entry point. */
#pragma once

#include <glib.h>

#include "nc-backtrack.h"
#include "nc-generate.h"
#include "nc-parse.h"

/* Exit statuses, the same for every subcommand. */
enum
{
  CLI_STATUS_OK = 0,
  CLI_STATUS_NOT_UNIQUE = 1,   /* a puzzle has no solution or several; generate: a target was missed */
  CLI_STATUS_BAD_INPUT = 2,    /* unreadable file, bad syntax, repeated givens, bad options */
};

/* Standard output (cli-output.c) */

/* Sends g_print (GOptionContext's --help) through cli_out() and, at exit,
 * flushes standard output and turns a write error into exit status 2. */
void     cli_output_init   (void);
/* printf to standard output; after a write error, nothing. */
void     cli_out           (const char *format, ...) G_GNUC_PRINTF (1, 2);
void     cli_flush_stdout  (void);
/* TRUE once a write to standard output failed: nothing more is written. */
gboolean cli_stdout_failed (void);

/* A problem of an input on standard error, GNU style so that editors jump
 * to it: "nonet-cli: NAME:LINE:COLUMN: message", leaving out COLUMN (0),
 * or LINE and COLUMN (line 0). Standard output is flushed first. */
void     cli_problem       (const char *name,
                            int         line,
                            int         column,
                            const char *message);

/* A count as the locale groups its digits: "1,234" in English, "1.234"
 * in German, and "1234" in the C locale, where scripts read the output. */
char    *cli_format_count  (guint64     n);

/* After a usage error: "Try 'nonet-cli COMMAND --help' for more
 * information." on standard error (command NULL: nonet-cli's own). */
void     cli_usage_hint    (const char *command);

/* Reading the input (cli-input.c) */

/* The most an input may hold: standard input or a named pipe may never end. */
#define CLI_MAX_INPUT_SIZE (256 * 1024 * 1024)

/* Reads path ("-" or NULL: standard input) whole, NUL-terminated, and sets
 * *name to what messages call it. On failure says why on stderr, after
 * prefix ("nonet-cli pdf: ..."), and returns NULL. */
char *cli_read_input (const char  *prefix,
                      const char  *path,
                      const char **name,
                      gsize       *len);

/* The arguments left after GOptionContext: it keeps a "--" that ends the
 * options when an argument after it starts with '-', and drops it
 * otherwise. Removes that first "--" (a later one is a file named "--")
 * and returns the new argc. */
int   cli_drop_end_of_options (int    argc,
                               char **argv);

/* Text the person hands nonet-cli (cli-text.c), read the same way by every
 * subcommand: option values in the locale's encoding, technique names, and
 * inputs that are not puzzle text at all. */

/* *text, the value of option as the command line gave it (the locale's
 * encoding; NULL when the option was left out), made UTF-8 in place. FALSE
 * after a message, "prefix: the text of --title is not valid UTF-8". */
gboolean    cli_option_text (const char  *prefix,
                             const char  *option,
                             char       **text);

/* For an input that is XML (an OpenSudoku file) the sentence that says how
 * to import it instead, else NULL: one line, not one "'<' is not a digit"
 * a line of the file. */
const char *cli_xml_hint    (const char  *text,
                             gsize        len);

/* A technique as the command line spells it, one word a key ("X-wing" is
 * "x-wing", "naked single" "naked-single", NC_TECH_GUESS "guessing"): as
 * grade prints it, and --needs and library list --hardest take it. */
char       *cli_technique_key   (NcTechnique  technique);
/* Every technique so spelt, ", " between them: those --needs takes, and
 * "guessing" after them when with_guessing. */
char       *cli_technique_names (gboolean     with_guessing);

/* The options of the puzzle commands and generate (cli-main.c parses them) */

/* An integer option left out. */
#define CLI_NOT_GIVEN G_MININT64

typedef enum
{
  CLI_FORMAT_LINE,
  CLI_FORMAT_GRID,
  CLI_FORMAT_SDK,
} CliFormat;

/* Options shared by the subcommands, filled by GOptionContext. Those of
 * generate that can be left out start at CLI_NOT_GIVEN (or NULL). */
typedef struct
{
  gboolean  stats;
  gint64    limit;
  gint64    max_events;     /* 0: every event */
  gboolean  terminal_cap;   /* max_events is the terminal's default, said once when reached */
  NcOrder   order;
  gboolean  as_grid;
  CliFormat format;
  gboolean  explain;
  gint64    max_problems;   /* problems said of an input before the rest are counted; 0: all */
  gboolean  marks_failures; /* a '#' line in the output for each puzzle that gave none */
  int       n_inputs;       /* files on the command line (0: standard input) */
  guint     index;     /* puzzles printed so far */

  gint64    count;
  gint64    clues;
  gboolean  minimal;
  char     *symmetry;
  char     *difficulty;
  char     *needs;
  char     *seed;
  char     *id;
  gint64    jobs;
  double    timeout;
  gboolean  with_ids;
} CliOptions;

/* The puzzle commands: solve, count, trace, check, grade (cli-puzzles.c) */

/* One input's name, worst status and problems said so far. */
typedef struct _CliInput CliInput;

/* Handles one valid puzzle; FALSE stops the input. data: the CliOptions. */
typedef gboolean (*CliPuzzleFunc) (CliInput *input, const NcPuzzle *puzzle, gpointer data);

/* Reads every puzzle of the input (path "-" or NULL: standard input),
 * reports bad ones (syntax, repeated givens) and hands the rest to func.
 * Returns the exit status. */
int      cli_for_each_puzzle (const char    *path,
                              CliPuzzleFunc  func,
                              CliOptions    *options);
gboolean cli_solve_one       (CliInput *input, const NcPuzzle *puzzle, gpointer data);
gboolean cli_count_one       (CliInput *input, const NcPuzzle *puzzle, gpointer data);
gboolean cli_trace_one       (CliInput *input, const NcPuzzle *puzzle, gpointer data);
gboolean cli_check_one       (CliInput *input, const NcPuzzle *puzzle, gpointer data);
gboolean cli_grade_one       (CliInput *input, const NcPuzzle *puzzle, gpointer data);
/* TRUE when the puzzle has exactly one solution (stored in solution, which
 * may be NULL); else reports and marks it (status 1) and returns FALSE. */
gboolean cli_require_unique  (CliInput *input, const NcPuzzle *puzzle, NcGrid *solution);

/* generate (cli-generate.c), and what to generate (cli-generate-options.c),
 * shared by `nonet-cli generate` and `nonet-cli pdf --generate`, checked the
 * same way with the same messages. */

/* Generates and prints the puzzles the options ask for. Returns the exit
 * status. */
int      cli_generate_puzzles   (CliOptions       *options);

/* params from --clues (CLI_NOT_GIVEN when absent), --minimal, --symmetry,
 * --difficulty, --needs and --seed (NULL when absent; a random seed then), for a
 * run of count puzzles (count_option says how many, "-n"): puzzle i uses
 * seed S + i, so S + count - 1 must fit in 64 bits. FALSE after a message
 * on standard error, "command: ...". */
gboolean cli_generate_params    (const char       *command,
                                 gint64            clues,
                                 gboolean          minimal,
                                 const char       *symmetry,
                                 const char       *difficulty,
                                 const char       *needs,
                                 const char       *seed,
                                 gint64            count,
                                 const char       *count_option,
                                 NcGenerateParams *params);
/* --jobs (CLI_NOT_GIVEN when absent) and --timeout; FALSE after a message. */
gboolean cli_check_jobs_timeout (const char       *command,
                                 gint64            jobs,
                                 double            timeout);

/* Commands with options and arguments of their own: argv[0] is the
 * command's name. They return the exit status. */

/* `nonet-cli library` (cli-library.c): import, list, export, collections. */
int cli_library_run (int argc, char **argv);

/* `nonet-cli pdf` (cli-pdf.c), puzzles from a file or freshly generated,
 * printed to a PDF: 0 written, 1 a puzzle has no solution or several
 * (nothing written) or a generated one missed its target (the closest was
 * printed), 2 bad options or input (nothing written). */
int cli_pdf_run     (int argc, char **argv);

/* `nonet-cli compare` (cli-compare.c): the strategies' counts side by side,
 * one table a puzzle. */
int cli_compare_run (int argc, char **argv);
