/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-generate.c: New Game in the main window: one puzzle of a
 * preset generated off the main thread, and the Generate dialog's puzzles
 * played. */

#define G_LOG_DOMAIN "nonet-window"

#include "config.h"

#include "nonet-window-private.h"

#include <glib/gi18n.h>

#include "ne-batch.h"
#include "ne-messages.h"
#include "nonet-generate-dialog.h"

/* Seconds the generator may search before it settles for the closest puzzle. */
#define GENERATE_BUDGET_SECONDS 10.0

typedef struct
{
  const char *id;
  gboolean    by_difficulty;
  NcGrade     grade;
  int         clues;
} NonetPreset;

static const NonetPreset presets[] = {
  { "easy", TRUE, NC_GRADE_EASY, NC_CLUES_MINIMAL },
  { "medium", TRUE, NC_GRADE_MEDIUM, NC_CLUES_MINIMAL },
  { "hard", TRUE, NC_GRADE_HARD, NC_CLUES_MINIMAL },
  { "expert", TRUE, NC_GRADE_EXPERT, NC_CLUES_MINIMAL },
  { "clues-30", FALSE, NC_GRADE_EASY, 30 },
  { "clues-26", FALSE, NC_GRADE_EASY, 26 },
  { "clues-24", FALSE, NC_GRADE_EASY, 24 },
  { "clues-22", FALSE, NC_GRADE_EASY, 22 },
};
typedef struct
{
  NonetWindow       *self;
  GCancellable      *cancellable;
  const NonetPreset *preset;
} GenerateData;

static void
generate_data_clear (gpointer data)
{
  GenerateData *gd = data;

  g_clear_object (&gd->self);
  g_clear_object (&gd->cancellable);
}

static void
generate_data_unref (gpointer data)
{
  g_rc_box_release_full (data, generate_data_clear);
}

static void
nonet_window_generate_progress (guint    n_done,
                                guint    n_total,
                                double   fraction,
                                gpointer user_data)
{
  GenerateData *gd = user_data;

  if (gd->cancellable != gd->self->generate_cancellable)
    return;
  gtk_progress_bar_set_fraction (gd->self->progress_bar, fraction);
}

void
nonet_window_set_generating (NonetWindow *self,
                             gboolean     generating)
{
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), generating);
  gtk_spinner_set_spinning (self->spinner, generating);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), generating);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
}

/* Says plainly when the generator settled for less than was asked. */
static char *
describe_closest (const NonetPreset *preset,
                  const NcGenerated *generated)
{
  if (preset->by_difficulty)
    /* Translators: the first %s is the difficulty asked for, the second the one found, both such as "Hard" */
    return g_strdup_printf (_("No %s puzzle was found in time: this one is %s"),
                            ne_grade_label (preset->grade),
                            ne_grade_label (generated->grade.grade));
  return g_strdup_printf (ngettext ("No puzzle with %d clue was found in time: this one has %d",
                                    "No puzzle with %d clues was found in time: this one has %d",
                                    preset->clues),
                          preset->clues, generated->clues);
}

static void
nonet_window_generate_cb (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  GenerateData *gd = user_data;
  NonetWindow *self = gd->self;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;
  const NeBatchResult *r;

  results = ne_batch_generate_finish (result, &error);

  /* A later New game replaced this one (or the window went away). */
  if (gd->cancellable != self->generate_cancellable)
    {
      generate_data_unref (gd);
      return;
    }

  g_clear_object (&self->generate_cancellable);
  nonet_window_set_generating (self, FALSE);

  if (results == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *title = g_strdup_printf (_("No puzzle could be generated: %s"), error->message);

          nonet_window_toast (self, title);
        }
      generate_data_unref (gd);
      return;
    }

  g_assert (results->len == 1);
  r = g_ptr_array_index (results, 0);
  if (r->generated.status == NC_GENERATE_CLOSEST)
    {
      g_autofree char *title = describe_closest (gd->preset, &r->generated);

      nonet_window_toast (self, title);
    }
  nonet_window_start_game (self, &r->generated.puzzle, &r->generated.solution, &r->generated.grade, r->id);
  nonet_window_trim_memory_later (self);
  generate_data_unref (gd);
}

void
nonet_window_new_game (NonetWindow *self,
                       const char  *preset_id)
{
  const NonetPreset *preset = NULL;
  NcGenerateParams params;
  GenerateData *gd;

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_strcmp0 (presets[i].id, preset_id) == 0)
      preset = &presets[i];
  g_return_if_fail (preset != NULL);

  nonet_window_leave_welcome (self);
  /* A second New game replaces the first. */
  g_cancellable_cancel (self->generate_cancellable);
  g_clear_object (&self->generate_cancellable);
  self->generate_cancellable = g_cancellable_new ();

  nc_generate_params_init (&params);
  params.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  params.budget_seconds = GENERATE_BUDGET_SECONDS;
  if (preset->by_difficulty)
    {
      params.symmetry = NC_SYMMETRY_ROTATE_180;
      params.by_difficulty = TRUE;
      params.min_grade = preset->grade;
      params.max_grade = preset->grade;
      params.clues = NC_CLUES_MINIMAL;
    }
  else
    {
      params.symmetry = NC_SYMMETRY_NONE;
      params.clues = preset->clues;
    }

  gd = g_rc_box_new0 (GenerateData);
  gd->self = g_object_ref (self);
  gd->cancellable = g_object_ref (self->generate_cancellable);
  gd->preset = preset;

  nonet_window_set_generating (self, TRUE);
  ne_batch_generate_async (&params, 1, 1, self->generate_cancellable,
                           nonet_window_generate_progress,
                           g_rc_box_acquire (gd), generate_data_unref,
                           nonet_window_generate_cb, gd);
}

/* A generation under way would replace the game about to be played. */
void
nonet_window_stop_generating (NonetWindow *self)
{
  g_cancellable_cancel (self->generate_cancellable);
  g_clear_object (&self->generate_cancellable);
  nonet_window_set_generating (self, FALSE);
}

/* A puzzle of the Generate dialog that the library could not keep. */
static void
nonet_window_play_generated (NonetWindow         *self,
                             const NeBatchResult *r)
{
  nonet_window_stop_generating (self);
  nonet_window_start_game (self, &r->generated.puzzle, &r->generated.solution, &r->generated.grade, r->id);
  gtk_window_present (GTK_WINDOW (self));
}

void
nonet_window_action_generate (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  NonetWindow *self = NONET_WINDOW (widget);
  NonetGenerateDialog *dialog = nonet_generate_dialog_new (GTK_WINDOW (self), self->store);

  g_signal_connect_object (dialog, "open-puzzle", G_CALLBACK (nonet_window_open_puzzle), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "play-puzzle", G_CALLBACK (nonet_window_play_generated), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}
