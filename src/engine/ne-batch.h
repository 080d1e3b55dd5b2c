/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-batch.h: many puzzles at once over a pool of worker threads, for the
 * app and nonet-cli alike. Results come back in index order whatever the
 * thread timing (all at the end, or each as soon as those before it are),
 * progress reaches the caller's main context at a bounded
 * rate, and a GCancellable stops the work promptly. */
#pragma once

#include <gio/gio.h>

#include "nc-generate.h"

G_BEGIN_DECLS

/* One puzzle of a batch. */
typedef struct
{
  guint            index;               /* 0 .. count - 1 */
  NcGenerateParams params;              /* this puzzle's own parameters, seed included */
  NcGenerated      generated;           /* .status is NC_GENERATE_OK or NC_GENERATE_CLOSEST */
  char             id[NC_ID_SIZE];      /* regenerates this puzzle with nc_generate alone */
} NeBatchResult;

/* Puzzle index of a batch whose base seed is base_seed uses this seed:
 * base_seed + index, wrapping at 2^64. Each puzzle's ID carries its own
 * seed, so a batch of 1 from that seed (or the ID) gives the same puzzle. */
guint64 ne_batch_seed_for_index (guint64 base_seed, guint index);

/* Runs on the thread whose thread-default main context was current when the
 * batch started. n_done is the number of puzzles finished; fraction (0..1)
 * also counts the puzzles in progress. Both only ever grow, and the last
 * call before the batch completes (unless cancelled) has n_done == n_total
 * and fraction == 1. Calls come at most every NE_BATCH_PROGRESS_INTERVAL_MS
 * milliseconds, however fast the workers go. */
typedef void (*NeBatchProgressFunc) (guint    n_done,
                                     guint    n_total,
                                     double   fraction,
                                     gpointer user_data);

#define NE_BATCH_PROGRESS_INTERVAL_MS 50

/* Generates count puzzles from base (only the seed differs between them; see
 * ne_batch_seed_for_index) on jobs worker threads, 0 meaning one per
 * processor. base->budget_seconds applies to each puzzle. */
void       ne_batch_generate_async  (const NcGenerateParams *base,
                                     guint                   count,
                                     guint                   jobs,
                                     GCancellable           *cancellable,
                                     NeBatchProgressFunc     progress,
                                     gpointer                progress_data,
                                     GDestroyNotify          progress_data_destroy,
                                     GAsyncReadyCallback     callback,
                                     gpointer                user_data);
/* Returns a GPtrArray of count NeBatchResult, element i being puzzle i, or
 * NULL with G_IO_ERROR_CANCELLED. */
GPtrArray *ne_batch_generate_finish (GAsyncResult           *result,
                                     GError                **error);

/* Takes each puzzle as soon as it and every puzzle before it are done, in
 * index order, on the thread of the batch's context. The result is only
 * borrowed for the call. Not called after cancellable is cancelled. */
typedef void (*NeBatchResultFunc) (const NeBatchResult *result,
                                   gpointer             user_data);

/* Like ne_batch_generate_async, but hands each result to each in index
 * order instead of all at the end (the output of a long run starts at
 * once, and memory does not grow with count). The finish returns TRUE once
 * every result was handed over, or FALSE with G_IO_ERROR_CANCELLED. */
void       ne_batch_generate_each_async  (const NcGenerateParams *base,
                                          guint                   count,
                                          guint                   jobs,
                                          GCancellable           *cancellable,
                                          NeBatchResultFunc       each,
                                          gpointer                each_data,
                                          GAsyncReadyCallback     callback,
                                          gpointer                user_data);
gboolean   ne_batch_generate_each_finish (GAsyncResult           *result,
                                          GError                **error);

/* The same, blocking the calling thread, which runs its own main context
 * meanwhile so progress is still called on it. */
GPtrArray *ne_batch_generate        (const NcGenerateParams *base,
                                     guint                   count,
                                     guint                   jobs,
                                     GCancellable           *cancellable,
                                     NeBatchProgressFunc     progress,
                                     gpointer                progress_data,
                                     GError                **error);

G_END_DECLS
