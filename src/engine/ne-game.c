/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ne-game.c: an NcGame for the UI: change signals and property
 * notifications that fire only when a value really changes, the clock, and
 * once attached to an NeStore, a save after every move. */

#define G_LOG_DOMAIN "nonet-game"

#include "config.h"

#include "ne-game.h"
#include "ne-store.h"

struct _NeGame
{
  GObject   parent_instance;

  /* Owned. */
  NcGame   *core;
  NeStore  *store;

  NcGrid    solution;
  gboolean  has_solution;
  gint64    elapsed_ms;
  guint     hints;            /* given so far: not undone, as time is not */
  gint64    game_id;
  gint64    version;          /* of the game row, as last read or saved */
  gint64    last_save_time;   /* monotonic, in microseconds */
  gboolean  elapsed_unsaved;

  /* The values last notified, so a notification means a change. */
  gboolean  can_undo;
  gboolean  can_redo;
  gboolean  solved;
};

G_DEFINE_FINAL_TYPE (NeGame, ne_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_SOLVED,
  PROP_ELAPSED_MS,
  PROP_HINTS,
  N_PROPS
};

enum {
  CHANGED,
  SAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gboolean
ne_game_save (NeGame  *self,
              GError **error)
{
  GError *local_error = NULL;

  if (self->store == NULL)
    return TRUE;

  self->last_save_time = g_get_monotonic_time ();
  if (!ne_store_save_game (self->store, &self->game_id, &self->version, self->core,
                           self->elapsed_ms, self->hints, &local_error))
    {
      /* Saved all the same, as a copy of the game another instance changed. */
      if (g_error_matches (local_error, NE_STORE_ERROR, NE_STORE_ERROR_CONFLICT))
        self->elapsed_unsaved = FALSE;
      g_propagate_error (error, local_error);
      return FALSE;
    }
  self->elapsed_unsaved = FALSE;
  return TRUE;
}

static void
ne_game_save_or_report (NeGame *self)
{
  g_autoptr(GError) error = NULL;

  if (!ne_game_save (self, &error))
    g_signal_emit (self, signals[SAVE_FAILED], 0, error);
}

static void
ne_game_sync_flags (NeGame *self)
{
  self->can_undo = nc_game_can_undo (self->core);
  self->can_redo = nc_game_can_redo (self->core);
  self->solved = nc_game_is_solved (self->core);
}

/* The one cell whose entry or notes differ between before and the current
 * state, or -1 when several do. */
static int
ne_game_changed_cell (NeGame            *self,
                      const NcPlayState *before)
{
  const NcPlayState *after = nc_game_state (self->core);
  int changed = -1;

  for (int i = 0; i < NC_CELLS; i++)
    {
      if (before->entries.cell[i] == after->entries.cell[i] && before->notes[i] == after->notes[i])
        continue;
      if (changed != -1)
        return -1;
      changed = i;
    }
  return changed;
}

/* After every change of the play state: save first, so a handler that goes
 * wrong cannot lose the move, then tell the UI. */
static void
ne_game_after_change (NeGame            *self,
                      const NcPlayState *before)
{
  g_autoptr(NeGame) hold = g_object_ref (self);   /* a handler may drop the last reference */
  g_autoptr(GError) error = NULL;
  gboolean can_undo = self->can_undo;
  gboolean can_redo = self->can_redo;
  gboolean solved = self->solved;
  gboolean saved;

  saved = ne_game_save (self, &error);
  ne_game_sync_flags (self);

  g_object_freeze_notify (G_OBJECT (self));
  g_signal_emit (self, signals[CHANGED], 0, ne_game_changed_cell (self, before));
  if (can_undo != self->can_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (can_redo != self->can_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (solved != self->solved)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVED]);
  g_object_thaw_notify (G_OBJECT (self));

  if (!saved)
    g_signal_emit (self, signals[SAVE_FAILED], 0, error);
}

static void
ne_game_dispose (GObject *object)
{
  NeGame *self = NE_GAME (object);

  /* The clock may have run since the last save; nobody is left to tell of a
   * failure here, so it is logged. */
  if (self->store != NULL && self->elapsed_unsaved)
    {
      g_autoptr(GError) error = NULL;

      if (!ne_game_save (self, &error))
        g_warning ("%s", error->message);
    }
  g_clear_object (&self->store);

  G_OBJECT_CLASS (ne_game_parent_class)->dispose (object);
}

static void
ne_game_finalize (GObject *object)
{
  NeGame *self = NE_GAME (object);

  g_clear_pointer (&self->core, nc_game_free);

  G_OBJECT_CLASS (ne_game_parent_class)->finalize (object);
}

static void
ne_game_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  NeGame *self = NE_GAME (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_SOLVED:
      g_value_set_boolean (value, self->solved);
      break;
    case PROP_ELAPSED_MS:
      g_value_set_int64 (value, self->elapsed_ms);
      break;
    case PROP_HINTS:
      g_value_set_uint (value, self->hints);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ne_game_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  NeGame *self = NE_GAME (object);

  switch (prop_id)
    {
    case PROP_ELAPSED_MS:
      ne_game_set_elapsed_ms (self, g_value_get_int64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ne_game_class_init (NeGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ne_game_dispose;
  object_class->finalize = ne_game_finalize;
  object_class->get_property = ne_game_get_property;
  object_class->set_property = ne_game_set_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOLVED] =
    g_param_spec_boolean ("solved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ELAPSED_MS] =
    g_param_spec_int64 ("elapsed-ms", NULL, NULL, 0, G_MAXINT64, 0,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HINTS] =
    g_param_spec_uint ("hints", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The cell whose entry or notes changed, or -1 when several did. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* A save to the attached store failed: the GError says why. The game in
   * memory is intact and the next move tries again. */
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
ne_game_init (NeGame *self)
{
}

NeGame *
ne_game_new_for_core (NcGame       *core,
                      const NcGrid *solution)
{
  NeGame *self;

  g_return_val_if_fail (core != NULL, NULL);

  self = g_object_new (NE_TYPE_GAME, NULL);
  self->core = core;
  if (solution != NULL)
    {
      self->solution = *solution;
      self->has_solution = TRUE;
    }
  ne_game_sync_flags (self);
  return self;
}

NeGame *
ne_game_new (const NcGrid *givens,
             const NcGrid *solution)
{
  NcGame *core;

  g_return_val_if_fail (givens != NULL, NULL);

  core = nc_game_new (givens);
  if (core == NULL)
    g_error ("Out of memory for a new game");
  return ne_game_new_for_core (core, solution);
}

const NcGame *
ne_game_get_core (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), NULL);

  return self->core;
}

const NcGrid *
ne_game_get_solution (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), NULL);

  return self->has_solution ? &self->solution : NULL;
}

gboolean
ne_game_apply (NeGame *self,
               NcMove  move)
{
  NcPlayState before;

  g_return_val_if_fail (NE_IS_GAME (self), FALSE);

  before = *nc_game_state (self->core);
  if (!nc_game_apply (self->core, move))
    return FALSE;
  ne_game_after_change (self, &before);
  return TRUE;
}

gboolean
ne_game_undo (NeGame *self)
{
  NcPlayState before;

  g_return_val_if_fail (NE_IS_GAME (self), FALSE);

  before = *nc_game_state (self->core);
  if (!nc_game_undo (self->core))
    return FALSE;
  ne_game_after_change (self, &before);
  return TRUE;
}

gboolean
ne_game_redo (NeGame *self)
{
  NcPlayState before;

  g_return_val_if_fail (NE_IS_GAME (self), FALSE);

  before = *nc_game_state (self->core);
  if (!nc_game_redo (self->core))
    return FALSE;
  ne_game_after_change (self, &before);
  return TRUE;
}

gboolean
ne_game_get_can_undo (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), FALSE);

  return self->can_undo;
}

gboolean
ne_game_get_can_redo (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), FALSE);

  return self->can_redo;
}

gboolean
ne_game_get_solved (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), FALSE);

  return self->solved;
}

gint64
ne_game_get_elapsed_ms (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), 0);

  return self->elapsed_ms;
}

void
ne_game_set_elapsed_ms (NeGame *self,
                        gint64  elapsed_ms)
{
  g_return_if_fail (NE_IS_GAME (self));
  g_return_if_fail (elapsed_ms >= 0);

  if (self->elapsed_ms == elapsed_ms)
    return;

  self->elapsed_ms = elapsed_ms;
  self->elapsed_unsaved = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ELAPSED_MS]);

  /* The clock ticks often: its time alone is saved at a bounded rate. */
  if (self->store != NULL
      && g_get_monotonic_time () - self->last_save_time
         >= NE_GAME_ELAPSED_SAVE_INTERVAL_MS * G_GINT64_CONSTANT (1000))
    ne_game_save_or_report (self);
}

guint
ne_game_get_hints (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), 0);

  return self->hints;
}

void
ne_game_count_hint (NeGame *self)
{
  g_return_if_fail (NE_IS_GAME (self));

  if (self->hints == G_MAXUINT)
    return;
  self->hints++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINTS]);
  /* Saved at once, as a move is: a crash keeps the count. */
  ne_game_save_or_report (self);
}

void
ne_game_attach_store (NeGame  *self,
                      NeStore *store,
                      gint64   game_id,
                      gint64   version)
{
  g_return_if_fail (NE_IS_GAME (self));
  g_return_if_fail (store == NULL || NE_IS_STORE (store));
  g_return_if_fail (store == NULL || game_id > 0);

  g_set_object (&self->store, store);
  self->game_id = store != NULL ? game_id : 0;
  self->version = store != NULL ? version : 0;
  self->last_save_time = g_get_monotonic_time ();
  self->elapsed_unsaved = FALSE;
}

NeStore *
ne_game_get_store (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), NULL);

  return self->store;
}

/* Takes saved's core. */
static NeGame *
ne_game_new_from_store (NeStore      *store,
                        NeStoreGame  *saved)
{
  const NcGrid *solution = saved->has_solution ? &saved->solution : NULL;
  NeGame *self;

  if (saved->core != NULL)
    self = ne_game_new_for_core (g_steal_pointer (&saved->core), solution);
  else
    self = ne_game_new (&saved->givens, solution);
  ne_game_set_elapsed_ms (self, saved->elapsed_ms);
  self->hints = saved->hints;
  ne_game_attach_store (self, store, saved->game_id, saved->version);
  return self;
}

NeGame *
ne_game_load (NeStore  *store,
              gint64    game_id,
              GError  **error)
{
  NeStoreGame saved;

  g_return_val_if_fail (NE_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ne_store_load_game (store, game_id, &saved, error))
    return NULL;
  return ne_game_new_from_store (store, &saved);
}

NeGame *
ne_game_resume (NeStore  *store,
                GError  **error)
{
  GError *local_error = NULL;
  gint64 game_id;

  g_return_val_if_fail (NE_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  game_id = ne_store_find_current_game (store, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  if (game_id == 0)
    return NULL;
  return ne_game_load (store, game_id, error);
}

NeGame *
ne_game_new_in_store (NeStore       *store,
                      const NcGrid  *givens,
                      const NcGrid  *solution,
                      const char    *source,
                      GError       **error)
{
  NeStoreGame saved;

  g_return_val_if_fail (NE_IS_STORE (store), NULL);
  g_return_val_if_fail (givens != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ne_store_new_game (store, givens, solution, source, &saved, error))
    return NULL;
  return ne_game_new_from_store (store, &saved);
}

NeGame *
ne_game_play_puzzle (NeStore  *store,
                     gint64    puzzle_id,
                     GError  **error)
{
  NeStoreGame saved;

  g_return_val_if_fail (NE_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ne_store_play_puzzle (store, puzzle_id, &saved, error))
    return NULL;
  return ne_game_new_from_store (store, &saved);
}

NeGame *
ne_game_new_graded_in_store (NeStore             *store,
                             const NcGrid        *givens,
                             const NcGrid        *solution,
                             const NcGradeResult *graded,
                             const char          *source,
                             GError             **error)
{
  NePuzzleMeta meta = { .source = source };
  g_autoptr(GError) local_error = NULL;
  g_autoptr(NeGame) game = NULL;
  gint64 puzzle_id;

  g_return_val_if_fail (NE_IS_STORE (store), NULL);
  g_return_val_if_fail (givens != NULL && solution != NULL && graded != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ne_store_begin (store, error))
    return NULL;
  puzzle_id = ne_store_insert_puzzle (store, givens, solution, (int) graded->grade, (int) graded->score,
                                      (int) graded->hardest, &meta, NULL, &local_error);
  if (puzzle_id != 0)
    game = ne_game_play_puzzle (store, puzzle_id, &local_error);
  if (game != NULL && ne_store_commit (store, &local_error))
    return g_steal_pointer (&game);
  g_clear_object (&game);
  ne_store_rollback (store);

  if (g_error_matches (local_error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE))
    return ne_game_new_in_store (store, givens, solution, source, error);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

gint64
ne_game_get_game_id (NeGame *self)
{
  g_return_val_if_fail (NE_IS_GAME (self), 0);

  return self->game_id;
}

gboolean
ne_game_save_now (NeGame  *self,
                  GError **error)
{
  g_return_val_if_fail (NE_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return ne_game_save (self, error);
}
