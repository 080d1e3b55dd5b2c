/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-tsan-private.h: GMutex and GCond are built on futexes, which
 * ThreadSanitizer cannot see through, so a TSan build of the engine's worker
 * code is told about the ordering the mutex gives. Nothing in other builds. */
#pragma once

#include <glib.h>

#if defined(__SANITIZE_THREAD__)
void __tsan_acquire (void *addr);
void __tsan_release (void *addr);
# define tsan_acquire(addr) __tsan_acquire (addr)
# define tsan_release(addr) __tsan_release (addr)
#else
# define tsan_acquire(addr) ((void) (addr))
# define tsan_release(addr) ((void) (addr))
#endif

/* A GMutex whose ordering a TSan build sees. */
static inline void
ne_mutex_lock (GMutex *mutex)
{
  g_mutex_lock (mutex);
  tsan_acquire (mutex);
}

static inline void
ne_mutex_unlock (GMutex *mutex)
{
  tsan_release (mutex);
  g_mutex_unlock (mutex);
}
