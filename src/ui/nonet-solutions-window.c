/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-solutions-window.c: counts a puzzle's solutions on a worker (the
 * engine's ne_solutions_count_async), then shows solutions k and k + 1
 * side by side: the solver lists them depth first, so neighbours differ in
 * few cells and the list of differences stays short enough to read. */

#define G_LOG_DOMAIN "nonet-solutions"

#include "config.h"

#include "nonet-solutions-window.h"

#include <glib/gi18n.h>

#include "ne-explain.h"
#include "ne-messages.h"
#include "nonet-a11y.h"
#include "nonet-announcer.h"
#include "nonet-grid-thumb.h"

/* Each board's side: two fit beside each other in a 360 px window. */
#define BOARD_SIDE 156

struct _NonetSolutionsWindow
{
  AdwWindow       parent_instance;

  /* Template widgets */
  GtkLabel       *count_label;
  GtkSpinner     *spinner;
  GtkButton      *cancel_button;
  GtkButton      *more_button;
  GtkWidget      *compare_box;
  GtkLabel       *pair_label;
  GtkWidget      *first_box;
  GtkWidget      *second_box;
  GtkLabel       *first_label;
  GtkLabel       *second_label;
  GtkLabel       *differ_label;
  GtkButton      *previous_button;
  GtkButton      *next_button;

  /* Owned */
  NcGrid          puzzle;
  guint           limit;
  GCancellable   *cancellable;   /* the count whose result we want; NULL when none runs */
  NeSolutions    *solutions;     /* the last count's; NULL before the first ends */
  NonetAnnouncer *announcer;
  guint           pair;          /* solutions pair and pair + 1 (from 0) are shown */
  guint           so_far;        /* the latest progress */
  char           *unsaid;        /* said once the window is mapped */

  /* Not owned: children of first_box and second_box */
  NonetGridThumb *first_board;
  NonetGridThumb *second_board;
};

G_DEFINE_FINAL_TYPE (NonetSolutionsWindow, nonet_solutions_window, ADW_TYPE_WINDOW)

static void nonet_solutions_window_count (NonetSolutionsWindow *self);

/* A sentence for a screen reader, said through the focused widget. Never
 * through the window itself: under GTK 4.8 a description set on a toplevel
 * loses the whole application to AT-SPI clients. Until the window is
 * mapped and something in it has the focus, the sentence waits. */
static void
nonet_solutions_window_say (NonetSolutionsWindow *self,
                            const char           *text)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && gtk_root_get_focus (GTK_ROOT (self)) != NULL)
    {
      g_clear_pointer (&self->unsaid, g_free);
      nonet_announcer_now (self->announcer, text);
    }
  else if (text != self->unsaid)
    {
      g_free (self->unsaid);
      self->unsaid = g_strdup (text);
    }
}

static void
nonet_solutions_window_say_unsaid (NonetSolutionsWindow *self)
{
  g_autofree char *unsaid = g_steal_pointer (&self->unsaid);

  if (unsaid != NULL)
    nonet_solutions_window_say (self, unsaid);
}

static void
nonet_solutions_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (nonet_solutions_window_parent_class)->map (widget);
  nonet_solutions_window_say_unsaid (NONET_SOLUTIONS_WINDOW (widget));
}

static gboolean
nonet_solutions_window_counting (NonetSolutionsWindow *self)
{
  return self->cancellable != NULL;
}

static guint
nonet_solutions_window_n_kept (NonetSolutionsWindow *self)
{
  return self->solutions != NULL ? self->solutions->kept->len : 0;
}

static void
nonet_solutions_window_update_actions (NonetSolutionsWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint kept = nonet_solutions_window_n_kept (self);
  gboolean idle = !nonet_solutions_window_counting (self);

  gtk_widget_action_set_enabled (widget, "solutions.cancel", !idle);
  /* Raising the limit helps only when the count reached it. */
  gtk_widget_action_set_enabled (widget, "solutions.count-more",
                                 idle && self->solutions != NULL && self->solutions->more &&
                                 self->limit <= G_MAXUINT / 10);
  gtk_widget_action_set_enabled (widget, "solutions.previous", self->pair > 0);
  gtk_widget_action_set_enabled (widget, "solutions.next", self->pair + 2 < kept);
  gtk_spinner_set_spinning (self->spinner, !idle);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), !idle);
}

/* A solution drawn over the puzzle: the givens as given, the rest as the
 * board draws a player's digits, and the differing cells ringed. */
static void
nonet_solutions_window_show_board (NonetSolutionsWindow *self,
                                   NonetGridThumb       *board,
                                   GtkWidget            *box,
                                   GtkLabel             *label,
                                   guint                 index,
                                   const NcGrid         *solution,
                                   const uint8_t        *differ,
                                   int                   n_differ)
{
  g_autofree char *name = NULL;
  g_autoptr(GString) rows = g_string_new (NULL);
  NeRenderBoard render;

  ne_render_board_init (&render, &self->puzzle);
  for (int cell = 0; cell < NC_CELLS; cell++)
    if (self->puzzle.cell[cell] == 0)
      render.entries.cell[cell] = solution->cell[cell];
  for (int i = 0; i < n_differ; i++)
    render.marks[differ[i]] |= NE_MARK_CHOSEN;
  nonet_grid_thumb_set_board (board, &render);

  /* Translators: a board's heading and name, %u counts from 1 */
  name = g_strdup_printf (_("Solution %u"), index + 1);
  gtk_label_set_label (label, name);
  /* The picture says nothing to a screen reader: its rows do. */
  for (int row = 0; row < 9; row++)
    {
      /* Translators: one row of a solution as a screen reader reads it, "row 1: 4 8 3 9 2 1 6 5 7" */
      g_string_append_printf (rows, _("row %d: %d %d %d %d %d %d %d %d %d"), row + 1,
                              solution->cell[row * 9 + 0], solution->cell[row * 9 + 1], solution->cell[row * 9 + 2],
                              solution->cell[row * 9 + 3], solution->cell[row * 9 + 4], solution->cell[row * 9 + 5],
                              solution->cell[row * 9 + 6], solution->cell[row * 9 + 7], solution->cell[row * 9 + 8]);
      if (row < 8)
        g_string_append (rows, "; ");
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, rows->str,
                                  -1);
}

static void
nonet_solutions_window_show_pair (NonetSolutionsWindow *self)
{
  guint kept = nonet_solutions_window_n_kept (self);
  g_autofree char *pair = NULL;
  g_autofree char *differ_text = NULL;
  g_autofree char *of = NULL;
  const NcGrid *a, *b;
  uint8_t differ[NC_CELLS];
  int n_differ;

  gtk_widget_set_visible (self->compare_box, kept >= 2);
  if (kept < 2)
    return;
  g_assert (self->pair + 1 < kept);
  a = &g_array_index (self->solutions->kept, NcGrid, self->pair);
  b = &g_array_index (self->solutions->kept, NcGrid, self->pair + 1);
  n_differ = ne_solutions_differences (a, b, differ);
  nonet_solutions_window_show_board (self, self->first_board, self->first_box, self->first_label,
                                     self->pair, a, differ, n_differ);
  nonet_solutions_window_show_board (self, self->second_board, self->second_box, self->second_label,
                                     self->pair + 1, b, differ, n_differ);

  of = ne_format_count (kept);
  if (kept < self->solutions->n_found || self->solutions->more)
    /* Translators: "Solutions 1 and 2 of the first 1,000 found" */
    pair = g_strdup_printf (_("Solutions %u and %u of the first %s found"), self->pair + 1, self->pair + 2, of);
  else
    /* Translators: "Solutions 1 and 2 of 2" */
    pair = g_strdup_printf (_("Solutions %u and %u of %s"), self->pair + 1, self->pair + 2, of);
  gtk_label_set_label (self->pair_label, pair);
  differ_text = ne_solutions_describe_differences (a, b);
  gtk_label_set_label (self->differ_label, differ_text);
}

static void
nonet_solutions_window_progress (guint    n_found,
                                 gpointer user_data)
{
  NonetSolutionsWindow *self = user_data;
  g_autofree char *text = ne_solutions_so_far (n_found);

  self->so_far = n_found;
  gtk_label_set_label (self->count_label, text);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && gtk_root_get_focus (GTK_ROOT (self)) != NULL)
    nonet_announcer_progress (self->announcer, text);
}

/* Cancel turns off when the count ends, with the focus it may have had:
 * the focus goes on to what is next to do, Next, Count More, else the
 * list of differences. */
static void
nonet_solutions_window_keep_focus (NonetSolutionsWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *next[] = {
    GTK_WIDGET (self->next_button), GTK_WIDGET (self->more_button), GTK_WIDGET (self->differ_label),
  };

  if (focus != NULL && gtk_widget_is_sensitive (focus) && gtk_widget_is_visible (focus))
    return;
  for (size_t i = 0; i < G_N_ELEMENTS (next); i++)
    if (gtk_widget_is_sensitive (next[i]) && gtk_widget_is_visible (next[i]) && gtk_widget_grab_focus (next[i]))
      {
        /* A label focused selects all its text: read, not to be copied. */
        if (GTK_IS_LABEL (next[i]))
          gtk_label_select_region (GTK_LABEL (next[i]), 0, 0);
        return;
      }
}

static void
nonet_solutions_window_count_cb (GObject      *source,
                                 GAsyncResult *result,
                                 gpointer      user_data)
{
  g_autoptr(NonetSolutionsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(NeSolutions) solutions = ne_solutions_count_finish (result, &error);
  g_autofree char *text = NULL;

  /* Cancelled: the window says so itself, or is closing. */
  if (solutions == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Counting the solutions failed: %s", error->message);
      return;
    }
  g_clear_object (&self->cancellable);
  ne_solutions_free (self->solutions);
  self->solutions = g_steal_pointer (&solutions);
  if (self->pair + 1 >= nonet_solutions_window_n_kept (self))
    self->pair = 0;

  text = ne_solutions_describe (self->solutions);
  gtk_label_set_label (self->count_label, text);
  nonet_solutions_window_show_pair (self);
  nonet_solutions_window_update_actions (self);
  nonet_solutions_window_keep_focus (self);
  nonet_solutions_window_say (self, text);
}

static void
nonet_solutions_window_count (NonetSolutionsWindow *self)
{
  g_autofree char *limit = ne_format_count (self->limit);
  g_autofree char *text = NULL;

  g_return_if_fail (self->cancellable == NULL);

  self->cancellable = g_cancellable_new ();
  self->so_far = 0;
  /* Translators: %s is the limit, "Counting up to 100 solutions…" */
  text = g_strdup_printf (_("Counting up to %s solutions…"), limit);
  gtk_label_set_label (self->count_label, text);
  nonet_solutions_window_say (self, text);
  ne_solutions_count_async (&self->puzzle, self->limit, NONET_SOLUTIONS_KEPT, self->cancellable,
                            nonet_solutions_window_progress, self,
                            nonet_solutions_window_count_cb, g_object_ref (self));
  nonet_solutions_window_update_actions (self);
}

static void
nonet_solutions_window_stop (NonetSolutionsWindow *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
}

static void
nonet_solutions_window_action_cancel (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *parameter)
{
  NonetSolutionsWindow *self = NONET_SOLUTIONS_WINDOW (widget);
  g_autofree char *count = NULL;
  g_autofree char *text = NULL;

  if (!nonet_solutions_window_counting (self))
    return;
  nonet_solutions_window_stop (self);
  count = ne_format_count (self->so_far);
  /* Translators: the count cancelled: "Stopped after 1,234 solutions" */
  text = g_strdup_printf (ngettext ("Stopped after %s solution", "Stopped after %s solutions", self->so_far),
                          count);
  gtk_label_set_label (self->count_label, text);
  nonet_solutions_window_update_actions (self);
  nonet_solutions_window_keep_focus (self);
  nonet_solutions_window_say (self, text);
}

static void
nonet_solutions_window_action_count_more (GtkWidget  *widget,
                                          const char *action_name,
                                          GVariant   *parameter)
{
  NonetSolutionsWindow *self = NONET_SOLUTIONS_WINDOW (widget);

  if (nonet_solutions_window_counting (self) || self->limit > G_MAXUINT / 10)
    return;
  self->limit *= 10;
  nonet_solutions_window_count (self);
  /* Count More turns off while counting; Cancel is where the focus goes. */
  gtk_widget_grab_focus (GTK_WIDGET (self->cancel_button));
}

static void
nonet_solutions_window_step (NonetSolutionsWindow *self,
                             int                   delta)
{
  guint kept = nonet_solutions_window_n_kept (self);

  if ((delta < 0 && self->pair == 0) || (delta > 0 && self->pair + 2 >= kept))
    return;
  self->pair = (guint) ((int) self->pair + delta);
  nonet_solutions_window_show_pair (self);
  nonet_solutions_window_update_actions (self);
  nonet_solutions_window_say (self, gtk_label_get_label (self->pair_label));
}

static void
nonet_solutions_window_action_previous (GtkWidget  *widget,
                                        const char *action_name,
                                        GVariant   *parameter)
{
  nonet_solutions_window_step (NONET_SOLUTIONS_WINDOW (widget), -1);
}

static void
nonet_solutions_window_action_next (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  nonet_solutions_window_step (NONET_SOLUTIONS_WINDOW (widget), 1);
}

static void
nonet_solutions_window_dispose (GObject *object)
{
  NonetSolutionsWindow *self = NONET_SOLUTIONS_WINDOW (object);

  nonet_solutions_window_stop (self);
  g_clear_pointer (&self->solutions, ne_solutions_free);
  g_clear_pointer (&self->unsaid, g_free);
  g_clear_object (&self->announcer);
  gtk_widget_dispose_template (GTK_WIDGET (self), NONET_TYPE_SOLUTIONS_WINDOW);
  G_OBJECT_CLASS (nonet_solutions_window_parent_class)->dispose (object);
}

/* Closing cancels: the worker stops at its next solution. */
static gboolean
nonet_solutions_window_close_request (GtkWindow *window)
{
  nonet_solutions_window_stop (NONET_SOLUTIONS_WINDOW (window));
  return GTK_WINDOW_CLASS (nonet_solutions_window_parent_class)->close_request (window);
}

static void
nonet_solutions_window_class_init (NonetSolutionsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = nonet_solutions_window_dispose;
  window_class->close_request = nonet_solutions_window_close_request;
  widget_class->map = nonet_solutions_window_map;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/nonet/Nonet/nonet-solutions-window.ui");
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, count_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, more_button);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, compare_box);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, pair_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, first_box);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, second_box);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, first_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, second_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, differ_label);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, previous_button);
  gtk_widget_class_bind_template_child (widget_class, NonetSolutionsWindow, next_button);

  gtk_widget_class_install_action (widget_class, "solutions.cancel", NULL, nonet_solutions_window_action_cancel);
  gtk_widget_class_install_action (widget_class, "solutions.count-more", NULL, nonet_solutions_window_action_count_more);
  gtk_widget_class_install_action (widget_class, "solutions.previous", NULL, nonet_solutions_window_action_previous);
  gtk_widget_class_install_action (widget_class, "solutions.next", NULL, nonet_solutions_window_action_next);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "solutions.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "solutions.next", NULL);
}

static void
nonet_solutions_window_init (NonetSolutionsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->first_board = NONET_GRID_THUMB (nonet_grid_thumb_new (BOARD_SIDE));
  self->second_board = NONET_GRID_THUMB (nonet_grid_thumb_new (BOARD_SIDE));
  gtk_box_append (GTK_BOX (self->first_box), GTK_WIDGET (self->first_board));
  gtk_box_append (GTK_BOX (self->second_box), GTK_WIDGET (self->second_board));
  gtk_widget_set_visible (self->compare_box, FALSE);

  nonet_a11y_name_button (self->cancel_button);
  nonet_a11y_name_button (self->more_button);
  nonet_a11y_name_button (self->previous_button);
  nonet_a11y_name_button (self->next_button);
  self->announcer = nonet_announcer_new (GTK_WINDOW (self));
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (nonet_solutions_window_say_unsaid), NULL);
  /* Counting starts at once: Cancel is what there is to do. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->cancel_button));
  self->limit = NONET_SOLUTIONS_FIRST_LIMIT;
}

NonetSolutionsWindow *
nonet_solutions_window_new (GtkWindow    *parent,
                            const NcGrid *puzzle)
{
  NonetSolutionsWindow *self;

  g_return_val_if_fail (puzzle != NULL, NULL);

  self = g_object_new (NONET_TYPE_SOLUTIONS_WINDOW,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->puzzle = *puzzle;
  nonet_solutions_window_count (self);
  return self;
}
