/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-pdf.h: `nonet-cli pdf`, puzzles from a file or freshly generated,
 * printed to a PDF. */
#pragma once

/* argv[0] is "pdf". Returns the exit status: 0 written, 1 a puzzle has no
 * solution or several (nothing written) or a generated one missed its target
 * (the closest was printed), 2 bad options or input (nothing written). */
int cli_pdf_run (int argc, char **argv);
