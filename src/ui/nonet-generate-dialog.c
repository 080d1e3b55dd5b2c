/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-generate-dialog.c: the generator dialog. Its settings start a batch
 * on every core (ne_batch); a progress page counts it down and cancels it;
 * the results page lists each puzzle as a small grid with its ID, clues
 * and grade, shows the one selected larger, says which missed the target,
 * and hands them on: play, library, print, PDF. */

#define G_LOG_DOMAIN "nonet-generate-dialog"

#include "config.h"

#include "nonet-generate-dialog.h"

#include <glib/gi18n.h>

#include "nc-generate.h"
#include "ne-batch.h"
#include "ne-messages.h"
#include "ne-print.h"
#include "nonet-grid-thumb.h"
#include "nonet-a11y.h"
#include "nonet-library-dialogs.h"
#include "nonet-print-operation.h"
#include "nonet-text.h"
#include "nonet-wrap-layout.h"

/* The columns of the results list. */
typedef enum
{
  COLUMN_GRID,
  COLUMN_NUMBER,
  COLUMN_ID,
  COLUMN_CLUES,
  COLUMN_GRADE,
  COLUMN_NOTE,
} Column;

/* The sides of a row's picture of its puzzle and of the preview's. */
#define ROW_GRID_SIZE     64
#define PREVIEW_GRID_SIZE 240

/* Where the puzzles are meant to go: the button the results page offers first. */
typedef enum
{
  DESTINATION_PLAY,
  DESTINATION_COLLECTION,
  DESTINATION_PRINT,
} Destination;

/* A result's place in the library. */
typedef struct
{
  gint64   puzzle_id;   /* 0 until added */
  gboolean ours;        /* added by this dialog, not found there already */
} Kept;

struct _NonetGenerateDialog
{
  AdwWindow           parent_instance;

  /* Template widgets */
  AdwToastOverlay    *toast_overlay;
  GtkStack           *stack;
  GtkWidget          *back_button;
  GtkWidget          *generate_button;
  GtkSpinButton      *clues_spin;
  GtkSwitch          *minimal_switch;
  GtkLabel           *note_label;
  AdwComboRow        *symmetry_row;
  AdwComboRow        *difficulty_row;
  AdwComboRow        *technique_row;
  /* The difficulty the user chose, while a technique sets the row. */
  guint               user_difficulty;
  gboolean            difficulty_set;
  GtkSpinButton      *count_spin;
  GtkSpinButton      *budget_spin;
  GtkCheckButton     *play_check;
  GtkCheckButton     *collection_check;
  GtkCheckButton     *print_check;
  AdwEntryRow        *collection_entry;
  GtkLabel           *progress_title;
  GtkLabel           *progress_subtitle;
  GtkProgressBar     *progress_bar;
  GtkLabel           *time_label;
  GtkInfoBar         *closest_bar;
  GtkLabel           *closest_label;
  GtkLabel           *results_label;
  GtkColumnView      *results_view;
  AdwFlap            *preview_flap;
  GtkBox             *preview_box;
  GtkLabel           *preview_label;
  NonetGridThumb     *preview_grid;
  GtkWidget          *play_button;
  GtkWidget          *add_button;
  GtkWidget          *print_button;
  GtkWidget          *results_bar;

  /* Owned */
  NeStore            *store;          /* NULL when the library could not open */
  GCancellable       *cancellable;    /* the batch whose result we want; NULL when none runs */
  NcGenerateParams    params;         /* those of the batch under way or listed */
  guint               n_total;
  gint64              started_us;
  guint               n_done;
  double              fraction;
  guint               tick_id;
  GPtrArray          *results;        /* NeBatchResult, item i of the list being result i */
  GArray             *kept;           /* Kept, one per result */
  GtkStringList      *ids;            /* the list's model: the results' IDs */
  GtkSingleSelection *selection;
};

G_DEFINE_FINAL_TYPE (NonetGenerateDialog, nonet_generate_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_OPEN_PUZZLE,
  SIGNAL_PLAY_PUZZLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void nonet_generate_dialog_update_preview (NonetGenerateDialog *self);

static void
nonet_generate_dialog_toast (NonetGenerateDialog *self,
                             const char          *title)
{
  nonet_toast_show (self->toast_overlay, nonet_toast_new (title));
}

static Destination
nonet_generate_dialog_destination (NonetGenerateDialog *self)
{
  if (gtk_check_button_get_active (self->collection_check))
    return DESTINATION_COLLECTION;
  if (gtk_check_button_get_active (self->print_check))
    return DESTINATION_PRINT;
  return DESTINATION_PLAY;
}

/* One place decides what may be done on each page. */
static void
nonet_generate_dialog_update_actions (NonetGenerateDialog *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  gboolean settings = g_strcmp0 (page, "settings") == 0;
  gboolean results = g_strcmp0 (page, "results") == 0 && self->results != NULL && self->results->len > 0;
  gboolean all_kept = TRUE;

  for (guint i = 0; self->kept != NULL && i < self->kept->len; i++)
    all_kept &= g_array_index (self->kept, Kept, i).ours;

  gtk_widget_set_visible (self->generate_button, settings);
  gtk_widget_set_visible (self->back_button, results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "generate.generate", settings);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "generate.cancel", self->cancellable != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "generate.back", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "generate.play", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "generate.add", results && self->store != NULL && !all_kept);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "generate.print", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "generate.export-pdf", results);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "generate.copy-ids", results);
  gtk_widget_set_sensitive (GTK_WIDGET (self->collection_entry),
                            nonet_generate_dialog_destination (self) == DESTINATION_COLLECTION);
}

static void
nonet_generate_dialog_show_page (NonetGenerateDialog *self,
                                 const char          *page)
{
  gtk_stack_set_visible_child_name (self->stack, page);
  nonet_generate_dialog_update_actions (self);
}

/* ---- Settings ---- */

/* A technique to practise sets the grade: the difficulty row then shows
 * it, says why, and cannot be changed; "Any" gives the user's choice back. */
static void
nonet_generate_dialog_update_difficulty (NonetGenerateDialog *self)
{
  guint technique = adw_combo_row_get_selected (self->technique_row);
  gboolean by_technique = technique > 0 && technique <= NC_TECH_GUESS;
  g_autofree char *subtitle = NULL;

  if (by_technique)
    {
      NcGrade grade = nc_technique_grade ((NcTechnique) (technique - 1));

      if (!self->difficulty_set)
        {
          self->user_difficulty = adw_combo_row_get_selected (self->difficulty_row);
          self->difficulty_set = TRUE;
        }
      adw_combo_row_set_selected (self->difficulty_row, grade + 1);
      /* Translators: the difficulty row's subtitle when a technique is chosen, e.g. "Hard, set by the technique" */
      subtitle = g_strdup_printf (_("%s, set by the technique"), ne_grade_label (grade));
    }
  else if (self->difficulty_set)
    {
      adw_combo_row_set_selected (self->difficulty_row, self->user_difficulty);
      self->difficulty_set = FALSE;
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->difficulty_row), subtitle != NULL ? subtitle : "");
  gtk_widget_set_sensitive (GTK_WIDGET (self->difficulty_row), !by_technique);
}

/* "Any", then the techniques the grader knows, easiest first. */
static GListModel *
nonet_generate_dialog_technique_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  /* Translators: the technique row's choice when no technique is asked for */
  gtk_string_list_append (list, C_("technique", "Any"));
  for (int t = 0; t < NC_TECH_GUESS; t++)
    {
      g_autofree char *label = ne_capitalise (ne_technique_label ((NcTechnique) t));

      gtk_string_list_append (list, label);
    }
  return G_LIST_MODEL (list);
}

/* What to expect of a clue target, in plain words. */
static void
nonet_generate_dialog_update_note (NonetGenerateDialog *self)
{
  gboolean minimal = gtk_switch_get_active (self->minimal_switch);
  int clues = gtk_spin_button_get_value_as_int (self->clues_spin);
  g_autoptr(GString) note = g_string_new (NULL);

  gtk_widget_set_sensitive (GTK_WIDGET (self->clues_spin), !minimal);
  if (minimal)
    g_string_append (note, _("A moment each"));
  else if (clues >= 22)
    g_string_append (note, _("A moment each"));
  else if (clues >= 20)
    g_string_append (note, _("About a second each"));
  else if (clues >= 18)
    g_string_append (note, _("Seconds each, sometimes minutes"));
  else
    g_string_append (note, _("Minutes each; may not be reached"));

  /* Measured with bench-needs: these take a second or more each, and a
   * hidden quad is rare. */
  switch ((int) adw_combo_row_get_selected (self->technique_row) - 1)
    {
    case NC_TECH_HIDDEN_TRIPLE:
    case NC_TECH_NAKED_QUAD:
    case NC_TECH_SWORDFISH:
      g_string_assign (note, _("Seconds each: few puzzles need this technique"));
      break;
    case NC_TECH_HIDDEN_QUAD:
      g_string_assign (note, _("Minutes each; may not be found: very few puzzles need a hidden quad"));
      break;
    default:
      break;
    }

  /* Quarter turns move clues in fours around the centre. */
  if (!minimal && adw_combo_row_get_selected (self->symmetry_row) == NC_SYMMETRY_ROTATE_90 && clues % 4 > 1)
    {
      g_string_append (note, ". ");
      g_string_append_printf (note,
                              /* Translators: %d are clue counts, e.g. "24 cannot be made: the closest will have 28" */
                              _("With 90° rotation clues come in fours, plus the centre: %d cannot be made, "
                                "the closest found will have %d"),
                              clues, clues + 4 - clues % 4);
    }
  gtk_label_set_label (self->note_label, note->str);
}

static gboolean
nonet_generate_dialog_read_params (NonetGenerateDialog *self,
                                   NcGenerateParams    *params)
{
  guint difficulty = adw_combo_row_get_selected (self->difficulty_row);
  guint technique = adw_combo_row_get_selected (self->technique_row);

  nc_generate_params_init (params);
  params->clues = gtk_switch_get_active (self->minimal_switch)
                  ? NC_CLUES_MINIMAL : gtk_spin_button_get_value_as_int (self->clues_spin);
  params->symmetry = MIN (adw_combo_row_get_selected (self->symmetry_row), NC_SYMMETRY_COUNT - 1);
  if (technique > 0 && technique <= NC_TECH_GUESS)
    {
      params->by_technique = TRUE;
      params->technique = (NcTechnique) (technique - 1);
    }
  else if (difficulty > 0 && difficulty <= NC_GRADE_COUNT)
    {
      params->by_difficulty = TRUE;
      params->min_grade = params->max_grade = (NcGrade) (difficulty - 1);
    }
  /* 30 random bits: six characters in an ID, as nonet-cli makes them. */
  params->seed = g_random_int () & ((1u << 30) - 1);
  params->budget_seconds = gtk_spin_button_get_value (self->budget_spin);
  return TRUE;
}

/* ---- Progress ---- */

typedef struct
{
  NonetGenerateDialog *self;
  GCancellable        *cancellable;
} Batch;

static void
batch_clear (gpointer data)
{
  Batch *batch = data;

  g_clear_object (&batch->self);
  g_clear_object (&batch->cancellable);
}

static void
batch_unref (gpointer data)
{
  g_rc_box_release_full (data, batch_clear);
}

static void
nonet_generate_dialog_update_progress (NonetGenerateDialog *self)
{
  gint64 elapsed_ms = (g_get_monotonic_time () - self->started_us) / 1000;
  g_autofree char *elapsed = nonet_format_duration (elapsed_ms);
  g_autofree char *count = NULL;
  g_autofree char *times = NULL;

  /* Translators: puzzles done so far, e.g. "3 of 20" */
  count = g_strdup_printf (_("%u of %u"), self->n_done, self->n_total);
  gtk_progress_bar_set_fraction (self->progress_bar, self->fraction);
  gtk_progress_bar_set_text (self->progress_bar, count);

  /* An estimate needs some progress to go on. */
  if (self->fraction >= 0.02 && elapsed_ms >= 1000)
    {
      g_autofree char *left = nonet_format_duration ((gint64) (elapsed_ms * (1 - self->fraction) / self->fraction));

      /* Translators: durations such as "0:12" */
      times = g_strdup_printf (_("%s elapsed, about %s left"), elapsed, left);
    }
  else
    /* Translators: a duration such as "0:12" */
    times = g_strdup_printf (_("%s elapsed"), elapsed);
  gtk_label_set_label (self->time_label, times);
}

static gboolean
nonet_generate_dialog_tick (gpointer user_data)
{
  nonet_generate_dialog_update_progress (NONET_GENERATE_DIALOG (user_data));
  return G_SOURCE_CONTINUE;
}

static void
nonet_generate_dialog_progress (guint    n_done,
                                guint    n_total,
                                double   fraction,
                                gpointer user_data)
{
  Batch *batch = user_data;
  NonetGenerateDialog *self = batch->self;

  if (batch->cancellable != self->cancellable)
    return;
  self->n_done = n_done;
  self->fraction = fraction;
  nonet_generate_dialog_update_progress (self);
}

static void
nonet_generate_dialog_stop (NonetGenerateDialog *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->tick_id, g_source_remove);
}

/* ---- Results ---- */

static const NeBatchResult *
nonet_generate_dialog_result (NonetGenerateDialog *self,
                              guint                position)
{
  g_assert (self->results != NULL && position < self->results->len);

  return g_ptr_array_index (self->results, position);
}

/* The fewest and most clues of the results (with status, or any when -1). */
static guint
nonet_generate_dialog_clue_range (NonetGenerateDialog *self,
                                  int                  status,
                                  int                 *min,
                                  int                 *max)
{
  guint n = 0;

  *min = G_MAXINT;
  *max = 0;
  for (guint i = 0; i < self->results->len; i++)
    {
      const NeBatchResult *r = nonet_generate_dialog_result (self, i);

      if (status >= 0 && (int) r->generated.status != status)
        continue;
      *min = MIN (*min, r->generated.clues);
      *max = MAX (*max, r->generated.clues);
      n++;
    }
  return n;
}

/* "20 puzzles, 24 clues". */
static char *
nonet_generate_dialog_describe (NonetGenerateDialog *self)
{
  guint n = self->results->len;
  int min, max;

  nonet_generate_dialog_clue_range (self, -1, &min, &max);
  if (min == max)
    return g_strdup_printf (ngettext ("%u puzzle, %d clues", "%u puzzles, %d clues", n), n, min);
  /* Translators: e.g. "20 puzzles, 24–26 clues" */
  return g_strdup_printf (ngettext ("%u puzzle, %d–%d clues", "%u puzzles, %d–%d clues", n), n, min, max);
}

/* Says honestly which puzzles missed the target, and by how much. */
static void
nonet_generate_dialog_show_closest (NonetGenerateDialog *self)
{
  g_autofree char *text = NULL;
  int min, max;
  guint n_missed = nonet_generate_dialog_clue_range (self, NC_GENERATE_CLOSEST, &min, &max);
  int target = self->params.clues;

  if (n_missed == 0)
    {
      gtk_info_bar_set_revealed (self->closest_bar, FALSE);
      return;
    }

  if (target != NC_CLUES_MINIMAL && (min != target || max != target))
    {
      if (min == max)
        /* Translators: e.g. "3 puzzles missed the 18-clue target in the time allowed; the closest found have 19 clues" */
        text = g_strdup_printf (ngettext ("%u puzzle missed the %d-clue target in the time allowed; "
                                          "the closest found has %d clues",
                                          "%u puzzles missed the %d-clue target in the time allowed; "
                                          "the closest found have %d clues", n_missed),
                                n_missed, target, min);
      else
        /* Translators: e.g. "3 puzzles missed the 18-clue target in the time allowed; the closest found have 19 to 21 clues" */
        text = g_strdup_printf (ngettext ("%u puzzle missed the %d-clue target in the time allowed; "
                                          "the closest found has %d to %d clues",
                                          "%u puzzles missed the %d-clue target in the time allowed; "
                                          "the closest found have %d to %d clues", n_missed),
                                n_missed, target, min, max);
    }
  else if (self->params.by_technique)
    text = g_strdup_printf (ngettext ("%u puzzle that needs the technique asked for was not found in the time allowed; "
                                      "the closest found is listed with its grade",
                                      "%u puzzles that need the technique asked for were not found in the time allowed; "
                                      "the closest found are listed with their grades", n_missed),
                            n_missed);
  else
    text = g_strdup_printf (ngettext ("%u puzzle missed the difficulty asked for in the time allowed; "
                                      "the closest found is listed with its grade",
                                      "%u puzzles missed the difficulty asked for in the time allowed; "
                                      "the closest found are listed with their grades", n_missed),
                            n_missed);
  gtk_label_set_label (self->closest_label, text);
  /* A status label's name is its text; GTK 4.8 says "GtkLabel". */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->closest_label), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_info_bar_set_revealed (self->closest_bar, TRUE);
}

static void
nonet_generate_dialog_show_results (NonetGenerateDialog *self,
                                    GPtrArray           *results)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autofree char *summary = NULL;
  GtkWidget *suggested;

  g_clear_pointer (&self->results, g_ptr_array_unref);
  g_clear_pointer (&self->kept, g_array_unref);
  self->results = results;
  self->kept = g_array_set_size (g_array_new (FALSE, TRUE, sizeof (Kept)), results->len);

  for (guint i = 0; i < results->len; i++)
    g_ptr_array_add (ids, (gpointer) nonet_generate_dialog_result (self, i)->id);
  g_ptr_array_add (ids, NULL);
  gtk_string_list_splice (self->ids, 0, g_list_model_get_n_items (G_LIST_MODEL (self->ids)),
                          (const char * const *) ids->pdata);
  gtk_single_selection_set_selected (self->selection, 0);
  nonet_generate_dialog_update_preview (self);

  summary = nonet_generate_dialog_describe (self);
  gtk_label_set_label (self->results_label, summary);
  nonet_generate_dialog_show_closest (self);

  switch (nonet_generate_dialog_destination (self))
    {
    case DESTINATION_COLLECTION: suggested = self->add_button; break;
    case DESTINATION_PRINT: suggested = self->print_button; break;
    case DESTINATION_PLAY:
    default: suggested = self->play_button; break;
    }
  gtk_widget_remove_css_class (self->play_button, "suggested-action");
  gtk_widget_remove_css_class (self->add_button, "suggested-action");
  gtk_widget_remove_css_class (self->print_button, "suggested-action");
  gtk_widget_add_css_class (suggested, "suggested-action");
  gtk_window_set_default_widget (GTK_WINDOW (self), suggested);

  nonet_generate_dialog_show_page (self, "results");
  gtk_widget_grab_focus (suggested);
}

static void
nonet_generate_dialog_generate_cb (GObject      *source,
                                   GAsyncResult *result,
                                   gpointer      user_data)
{
  Batch *batch = user_data;
  NonetGenerateDialog *self = batch->self;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;

  results = ne_batch_generate_finish (result, &error);

  /* Cancelled, or the dialog closed: nothing to show. */
  if (batch->cancellable != self->cancellable)
    {
      batch_unref (batch);
      return;
    }
  nonet_generate_dialog_stop (self);

  if (results == NULL)
    {
      g_autofree char *title = g_strdup_printf (_("No puzzles could be generated: %s"), error->message);

      nonet_generate_dialog_toast (self, title);
      nonet_generate_dialog_show_page (self, "settings");
    }
  else
    nonet_generate_dialog_show_results (self, g_steal_pointer (&results));
  batch_unref (batch);
}

static void
nonet_generate_dialog_action_generate (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *parameter)
{
  NonetGenerateDialog *self = NONET_GENERATE_DIALOG (widget);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  Batch *batch;

  if (nonet_generate_dialog_destination (self) == DESTINATION_COLLECTION)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->collection_entry))));

      if (name[0] == '\0')
        {
          nonet_generate_dialog_toast (self, _("Name the collection the puzzles go to"));
          gtk_widget_grab_focus (GTK_WIDGET (self->collection_entry));
          return;
        }
    }

  nonet_generate_dialog_read_params (self, &self->params);
  self->n_total = (guint) gtk_spin_button_get_value_as_int (self->count_spin);
  self->n_done = 0;
  self->fraction = 0;
  self->started_us = g_get_monotonic_time ();
  nonet_generate_dialog_stop (self);
  self->cancellable = g_cancellable_new ();

  title = g_strdup_printf (ngettext ("Generating %u Puzzle", "Generating %u Puzzles", self->n_total), self->n_total);
  gtk_label_set_label (self->progress_title, title);
  if (self->params.clues == NC_CLUES_MINIMAL)
    subtitle = g_strdup (_("Minimal: every clue needed"));
  else
    subtitle = g_strdup_printf (ngettext ("%d clue each. %s", "%d clues each. %s", self->params.clues),
                                self->params.clues, gtk_label_get_label (self->note_label));
  gtk_label_set_label (self->progress_subtitle, subtitle);
  nonet_generate_dialog_update_progress (self);
  self->tick_id = g_timeout_add_seconds (1, nonet_generate_dialog_tick, self);
  nonet_generate_dialog_show_page (self, "progress");

  batch = g_rc_box_new0 (Batch);
  batch->self = g_object_ref (self);
  batch->cancellable = g_object_ref (self->cancellable);
  /* jobs 0: one worker per processor. */
  ne_batch_generate_async (&self->params, self->n_total, 0, self->cancellable,
                           nonet_generate_dialog_progress, g_rc_box_acquire (batch), batch_unref,
                           nonet_generate_dialog_generate_cb, batch);
}

static void
nonet_generate_dialog_action_cancel (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  NonetGenerateDialog *self = NONET_GENERATE_DIALOG (widget);

  nonet_generate_dialog_stop (self);
  nonet_generate_dialog_toast (self, _("Generating was cancelled"));
  nonet_generate_dialog_show_page (self, "settings");
}

static void
nonet_generate_dialog_action_back (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  nonet_generate_dialog_show_page (NONET_GENERATE_DIALOG (widget), "settings");
}

/* ---- Using the results ---- */

/* Keeps every result not kept yet in the library, in collection_id (0:
 * none); with a collection, those this dialog kept before move there too.
 * Counts how many were there already. */
static gboolean
nonet_generate_dialog_keep (NonetGenerateDialog *self,
                            gint64               collection_id,
                            guint               *n_known,
                            GError             **error)
{
  g_autoptr(GArray) moved = g_array_new (FALSE, FALSE, sizeof (gint64));

  *n_known = 0;
  if (!ne_store_begin (self->store, error))
    return FALSE;
  for (guint i = 0; i < self->results->len; i++)
    {
      const NeBatchResult *r = nonet_generate_dialog_result (self, i);
      const NcGenerated *generated = &r->generated;
      Kept *kept = &g_array_index (self->kept, Kept, i);
      NePuzzleMeta meta = { .source = r->id, .collection_id = collection_id };
      g_autoptr(GError) local_error = NULL;
      gint64 original_id = 0;

      if (kept->puzzle_id != 0)
        {
          if (kept->ours && collection_id != 0)
            g_array_append_val (moved, kept->puzzle_id);
          continue;
        }
      /* The generator solved and graded it: its solution and score go in as they are. */
      kept->puzzle_id = ne_store_insert_puzzle (self->store, &generated->puzzle, &generated->solution,
                                                (int) generated->grade.grade, (int) generated->grade.score,
                                                (int) generated->grade.hardest, &meta, &original_id, &local_error);
      kept->ours = kept->puzzle_id != 0;
      if (kept->puzzle_id == 0 && g_error_matches (local_error, NE_STORE_ERROR, NE_STORE_ERROR_DUPLICATE))
        {
          kept->puzzle_id = original_id;
          (*n_known)++;
        }
      else if (kept->puzzle_id == 0)
        {
          ne_store_rollback (self->store);
          for (guint j = 0; j < self->kept->len; j++)
            g_array_index (self->kept, Kept, j) = (Kept) { 0 };
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  if ((moved->len > 0 && !ne_store_move_puzzles (self->store, (const gint64 *) (gpointer) moved->data, moved->len,
                                                  collection_id, error))
      || !ne_store_commit (self->store, error))
    {
      ne_store_rollback (self->store);
      return FALSE;
    }
  return TRUE;
}

static void
nonet_generate_dialog_action_add (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  NonetGenerateDialog *self = NONET_GENERATE_DIALOG (widget);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->collection_entry))));
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) title = g_string_new (NULL);
  gint64 collection_id = 0;
  guint n_known = 0;
  guint n = self->results->len;

  g_return_if_fail (self->store != NULL);

  if (name[0] != '\0')
    {
      collection_id = ne_store_find_collection (self->store, name, &error);
      if (collection_id == 0 && error == NULL)
        collection_id = ne_store_add_collection (self->store, name, &error);
    }
  if (error != NULL || !nonet_generate_dialog_keep (self, collection_id, &n_known, &error))
    {
      nonet_library_show_error (GTK_WINDOW (self), _("The Puzzles Could Not Be Added"), error);
      nonet_generate_dialog_update_actions (self);
      return;
    }

  if (collection_id != 0)
    /* Translators: e.g. "Added 20 puzzles to “Generated 5 March 2024”" */
    g_string_printf (title, ngettext ("Added %u puzzle to “%s”", "Added %u puzzles to “%s”", n), n, name);
  else
    g_string_printf (title, ngettext ("Added %u puzzle to the library", "Added %u puzzles to the library", n), n);
  if (n_known > 0)
    {
      g_string_append (title, "; ");
      g_string_append_printf (title, ngettext ("%u was there already", "%u were there already", n_known), n_known);
    }
  nonet_generate_dialog_toast (self, title->str);
  nonet_generate_dialog_update_actions (self);
}

static void
nonet_generate_dialog_action_play (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  NonetGenerateDialog *self = NONET_GENERATE_DIALOG (widget);
  guint position = gtk_single_selection_get_selected (self->selection);
  const NeBatchResult *r;
  g_autoptr(GError) error = NULL;
  guint n_known;

  if (position >= self->results->len)
    position = 0;
  r = nonet_generate_dialog_result (self, position);

  /* Every puzzle is kept, the one played included. */
  if (self->store != NULL && nonet_generate_dialog_keep (self, 0, &n_known, &error))
    g_signal_emit (self, signals[SIGNAL_OPEN_PUZZLE], 0, g_array_index (self->kept, Kept, position).puzzle_id);
  else
    {
      if (error != NULL)
        g_warning ("The puzzles could not be kept in the library: %s", error->message);
      g_signal_emit (self, signals[SIGNAL_PLAY_PUZZLE], 0, r);
    }
  gtk_window_close (GTK_WINDOW (self));
}

static NonetPrintOperation *
nonet_generate_dialog_print_operation (NonetGenerateDialog *self)
{
  g_autoptr(NePrintDocument) document = ne_print_document_new ();
  g_autofree char *summary = nonet_generate_dialog_describe (self);
  /* Translators: the header of printed pages, e.g. "Nonet — 20 puzzles, 24 clues" */
  g_autofree char *title = g_strdup_printf (_("Nonet — %s"), summary);

  for (guint i = 0; i < self->results->len; i++)
    {
      const NeBatchResult *r = nonet_generate_dialog_result (self, i);
      NePrintPuzzle puzzle;

      ne_print_puzzle_init_generated (&puzzle, &r->generated, r->id);
      ne_print_document_add_puzzle (document, &puzzle);
    }
  ne_print_document_set_title (document, title);
  return nonet_print_operation_new (document);
}

static void
nonet_generate_dialog_action_print (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  NonetGenerateDialog *self = NONET_GENERATE_DIALOG (widget);
  g_autoptr(NonetPrintOperation) operation = nonet_generate_dialog_print_operation (self);

  nonet_print_operation_run (operation, GTK_WINDOW (self));
}

static void
nonet_generate_dialog_action_export_pdf (GtkWidget  *widget,
                                         const char *action_name,
                                         GVariant   *parameter)
{
  NonetGenerateDialog *self = NONET_GENERATE_DIALOG (widget);
  g_autoptr(NonetPrintOperation) operation = nonet_generate_dialog_print_operation (self);

  nonet_print_operation_export_pdf_with_toast (operation, GTK_WINDOW (self), _("puzzles.pdf"), self->toast_overlay);
}

static void
nonet_generate_dialog_action_copy_ids (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *parameter)
{
  NonetGenerateDialog *self = NONET_GENERATE_DIALOG (widget);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *title = NULL;
  guint n = self->results->len;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s\n", nonet_generate_dialog_result (self, i)->id);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text->str);
  title = g_strdup_printf (ngettext ("Copied %u ID", "Copied %u IDs", n), n);
  nonet_generate_dialog_toast (self, title);
}

/* ---- The list ---- */

static void
nonet_generate_dialog_setup_cell (GtkSignalListItemFactory *factory,
                                  GtkListItem              *item,
                                  gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GtkWidget *label;

  if (column == COLUMN_GRID)
    {
      GtkWidget *thumb = nonet_grid_thumb_new (ROW_GRID_SIZE);

      gtk_widget_set_margin_top (thumb, 3);
      gtk_widget_set_margin_bottom (thumb, 3);
      gtk_list_item_set_child (item, thumb);
      return;
    }
  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_NUMBER || column == COLUMN_CLUES ? 1 : 0);
  if (column == COLUMN_NUMBER || column == COLUMN_CLUES)
    gtk_widget_add_css_class (label, "numeric");
  if (column == COLUMN_ID)
    gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_list_item_set_child (item, label);
}

/* "N1-24-n-7QK3ZP, 24 clues, Easy", and whether it missed the target. */
static char *
describe_result (const NeBatchResult *r)
{
  if (r->generated.status == NC_GENERATE_CLOSEST)
    /* Translators: a generated puzzle: its ID, clue count and grade, e.g. "N1-19-n-7QK3ZP, 19 clues, Hard, closest found" */
    return g_strdup_printf (_("%s, %d clues, %s, closest found"), r->id, r->generated.clues,
                            ne_grade_label (r->generated.grade.grade));
  /* Translators: a generated puzzle: its ID, clue count and grade, e.g. "N1-24-n-7QK3ZP, 24 clues, Easy" */
  return g_strdup_printf (_("%s, %d clues, %s"), r->id, r->generated.clues,
                          ne_grade_label (r->generated.grade.grade));
}

static void
nonet_generate_dialog_bind_cell (GtkSignalListItemFactory *factory,
                                 GtkListItem              *item,
                                 gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  NonetGenerateDialog *self = g_object_get_data (G_OBJECT (factory), "nonet-dialog");
  GtkWidget *child = gtk_list_item_get_child (item);
  const NeBatchResult *r = nonet_generate_dialog_result (self, gtk_list_item_get_position (item));
  gboolean closest = r->generated.status == NC_GENERATE_CLOSEST;
  g_autofree char *text = NULL;

  switch (column)
    {
    case COLUMN_GRID:
      nonet_grid_thumb_set_grid (NONET_GRID_THUMB (child), &r->generated.puzzle);
      return;
    case COLUMN_NUMBER:
      text = g_strdup_printf ("%u", r->index + 1);
      break;
    case COLUMN_ID:
      text = g_strdup (r->id);
      break;
    case COLUMN_CLUES:
      text = g_strdup_printf ("%d", r->generated.clues);
      break;
    case COLUMN_GRADE:
      text = g_strdup (ne_grade_label (r->generated.grade.grade));
      break;
    case COLUMN_NOTE:
    default:
      text = g_strdup (closest ? _("Closest found") : "");
      break;
    }
  gtk_label_set_label (GTK_LABEL (child), text);

  /* A screen reader hears the whole row on the row. */
  if (column == COLUMN_ID)
    {
      g_autofree char *description = describe_result (r);

      nonet_list_row_set_label (child, description);
    }
}

/* The puzzle selected, larger. */
static void
nonet_generate_dialog_update_preview (NonetGenerateDialog *self)
{
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autofree char *description = NULL;
  const NeBatchResult *r;

  if (self->results == NULL || position >= self->results->len)
    {
      nonet_grid_thumb_set_grid (self->preview_grid, NULL);
      gtk_label_set_label (self->preview_label, "");
      return;
    }
  r = nonet_generate_dialog_result (self, position);
  nonet_grid_thumb_set_grid (self->preview_grid, &r->generated.puzzle);
  if (r->generated.status == NC_GENERATE_CLOSEST)
    /* Translators: the generated puzzle shown larger, e.g. "Puzzle 2: 19 clues, Hard, closest found" */
    description = g_strdup_printf (_("Puzzle %u: %d clues, %s, closest found"), r->index + 1,
                                   r->generated.clues, ne_grade_label (r->generated.grade.grade));
  else
    /* Translators: the generated puzzle shown larger, e.g. "Puzzle 2: 24 clues, Easy" */
    description = g_strdup_printf (_("Puzzle %u: %d clues, %s"), r->index + 1,
                                   r->generated.clues, ne_grade_label (r->generated.grade.grade));
  gtk_label_set_label (self->preview_label, description);
}

static void
nonet_generate_dialog_add_columns (NonetGenerateDialog *self)
{
  static const struct { Column column; const char *title; gboolean expand; } columns[] = {
    { COLUMN_GRID, N_("Puzzle"), FALSE },
    { COLUMN_NUMBER, N_("#"), FALSE },
    { COLUMN_ID, N_("ID"), TRUE },
    { COLUMN_CLUES, N_("Clues"), FALSE },
    { COLUMN_GRADE, N_("Grade"), FALSE },
    { COLUMN_NOTE, N_("Target"), FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_autoptr(GtkColumnViewColumn) column = NULL;

      g_object_set_data (G_OBJECT (factory), "nonet-dialog", self);
      g_signal_connect (factory, "setup", G_CALLBACK (nonet_generate_dialog_setup_cell),
                        GINT_TO_POINTER (columns[i].column));
      g_signal_connect (factory, "bind", G_CALLBACK (nonet_generate_dialog_bind_cell),
                        GINT_TO_POINTER (columns[i].column));
      column = gtk_column_view_column_new (_(columns[i].title), factory);
      gtk_column_view_column_set_expand (column, columns[i].expand);
      gtk_column_view_append_column (self->results_view, column);
    }
}

static void
nonet_generate_dialog_activate_row (NonetGenerateDialog *self,
                                    guint                position)
{
  gtk_single_selection_set_selected (self->selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self), "generate.play", NULL);
}

/* ---- The dialog ---- */

static gboolean
nonet_generate_dialog_close_request (GtkWindow *window)
{
  /* Closing cancels a batch under way. */
  nonet_generate_dialog_stop (NONET_GENERATE_DIALOG (window));

  return GTK_WINDOW_CLASS (nonet_generate_dialog_parent_class)->close_request (window);
}

static void
nonet_generate_dialog_dispose (GObject *object)
{
  NonetGenerateDialog *self = NONET_GENERATE_DIALOG (object);

  nonet_generate_dialog_stop (self);
  g_clear_object (&self->store);
  g_clear_object (&self->selection);
  g_clear_object (&self->ids);
  g_clear_pointer (&self->results, g_ptr_array_unref);
  g_clear_pointer (&self->kept, g_array_unref);

  gtk_widget_dispose_template (GTK_WIDGET (self), NONET_TYPE_GENERATE_DIALOG);

  G_OBJECT_CLASS (nonet_generate_dialog_parent_class)->dispose (object);
}

static void
nonet_generate_dialog_class_init (NonetGenerateDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = nonet_generate_dialog_dispose;
  window_class->close_request = nonet_generate_dialog_close_request;

  signals[SIGNAL_OPEN_PUZZLE] =
    g_signal_new ("open-puzzle", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  /* (const NeBatchResult *result): a puzzle the library could not keep. */
  signals[SIGNAL_PLAY_PUZZLE] =
    g_signal_new ("play-puzzle", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-generate-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, back_button);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, generate_button);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, clues_spin);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, minimal_switch);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, note_label);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, symmetry_row);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, difficulty_row);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, technique_row);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, budget_spin);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, play_check);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, collection_check);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, print_check);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, collection_entry);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, progress_title);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, progress_subtitle);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, time_label);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, closest_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, closest_label);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, results_label);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, results_view);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, preview_flap);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, preview_box);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, preview_label);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, play_button);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, results_bar);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, add_button);
  gtk_widget_class_bind_template_child (widget_class, NonetGenerateDialog, print_button);

  gtk_widget_class_install_action (widget_class, "generate.generate", NULL, nonet_generate_dialog_action_generate);
  gtk_widget_class_install_action (widget_class, "generate.cancel", NULL, nonet_generate_dialog_action_cancel);
  gtk_widget_class_install_action (widget_class, "generate.back", NULL, nonet_generate_dialog_action_back);
  gtk_widget_class_install_action (widget_class, "generate.play", NULL, nonet_generate_dialog_action_play);
  gtk_widget_class_install_action (widget_class, "generate.add", NULL, nonet_generate_dialog_action_add);
  gtk_widget_class_install_action (widget_class, "generate.print", NULL, nonet_generate_dialog_action_print);
  gtk_widget_class_install_action (widget_class, "generate.export-pdf", NULL, nonet_generate_dialog_action_export_pdf);
  gtk_widget_class_install_action (widget_class, "generate.copy-ids", NULL, nonet_generate_dialog_action_copy_ids);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
nonet_generate_dialog_init (NonetGenerateDialog *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  /* Translators: the date in the default collection name, see g_date_time_format (), e.g. "5 March 2024" */
  g_autofree char *date = g_date_time_format (now, _("%-d %B %Y"));
  /* Translators: the default collection name, %s is a date */
  g_autofree char *name = g_strdup_printf (_("Generated %s"), date);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (self->results_bar, nonet_wrap_layout_new (6, 6));

  self->ids = gtk_string_list_new (NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->ids)));
  gtk_column_view_set_model (self->results_view, GTK_SELECTION_MODEL (self->selection));
  nonet_generate_dialog_add_columns (self);
  nonet_list_view_set_label (GTK_WIDGET (self->results_view), _("Generated puzzles"));
  g_signal_connect_object (self->results_view, "activate",
                           G_CALLBACK (nonet_generate_dialog_activate_row), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (nonet_generate_dialog_update_preview), self, G_CONNECT_SWAPPED);

  self->preview_grid = nonet_grid_thumb_add_preview (self->preview_box, self->preview_flap, PREVIEW_GRID_SIZE);

  gtk_editable_set_text (GTK_EDITABLE (self->collection_entry), name);
  g_signal_connect_object (self->clues_spin, "value-changed",
                           G_CALLBACK (nonet_generate_dialog_update_note), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->minimal_switch, "notify::active",
                           G_CALLBACK (nonet_generate_dialog_update_note), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->symmetry_row, "notify::selected",
                           G_CALLBACK (nonet_generate_dialog_update_note), self, G_CONNECT_SWAPPED);
  {
    g_autoptr(GListModel) techniques = nonet_generate_dialog_technique_model ();

    adw_combo_row_set_model (self->technique_row, techniques);
  }
  g_signal_connect_object (self->technique_row, "notify::selected",
                           G_CALLBACK (nonet_generate_dialog_update_difficulty), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->technique_row, "notify::selected",
                           G_CALLBACK (nonet_generate_dialog_update_note), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->collection_check, "notify::active",
                           G_CALLBACK (nonet_generate_dialog_update_actions), self, G_CONNECT_SWAPPED);
  nonet_generate_dialog_update_note (self);
  nonet_a11y_quiet_class_names (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->closest_label), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);

  gtk_window_set_default_widget (GTK_WINDOW (self), self->generate_button);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->clues_spin));
  nonet_generate_dialog_show_page (self, "settings");
}

/* The dialog goes with its window, and lets go of it first. GTK 4.8's
 * destroy-with-parent keeps pointing at the parent when something else
 * still holds the dialog (a pending event at quit): its later dispose then
 * disconnects from a window already freed, and the app crashes on exit. */
static void
nonet_generate_dialog_parent_destroyed (GtkWindow           *parent,
                                        NonetGenerateDialog *self)
{
  gtk_window_set_transient_for (GTK_WINDOW (self), NULL);
  gtk_window_destroy (GTK_WINDOW (self));
}

NonetGenerateDialog *
nonet_generate_dialog_new (GtkWindow *parent,
                           NeStore   *store)
{
  NonetGenerateDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (store == NULL || NE_IS_STORE (store), NULL);

  self = g_object_new (NONET_TYPE_GENERATE_DIALOG,
                       "transient-for", parent,
                       "application", gtk_window_get_application (parent),
                       NULL);
  g_signal_connect_object (parent, "destroy",
                           G_CALLBACK (nonet_generate_dialog_parent_destroyed), self, 0);
  g_set_object (&self->store, store);
  nonet_generate_dialog_update_actions (self);
  return self;
}
