/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-grid-view.c: the Sudoku grid widget. A square, centred in whatever
 * space it is given; the background and lines are cached as a render node,
 * the highlights and digits are drawn over them each frame, all through
 * ne-render. The cursor is UI state: undo never moves it. */

#define G_LOG_DOMAIN "nonet-grid-view"

#include "config.h"

#include "nonet-grid-view.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "ne-messages.h"
#include "ne-render.h"
#include "ne-search-render.h"
#include "nonet-announcer.h"

/* The smallest grid whose digits are still legible, and the size it asks
 * for when nothing constrains it. */
#define MIN_SIDE     216
#define NATURAL_SIDE 450

/* Every pair of peers at most once. */
#define MAX_CONFLICTS (NC_CELLS * NC_PEERS / 2)

struct _NonetGridView
{
  GtkWidget         parent_instance;

  /* Owned */
  NeGame           *game;
  char             *status_text;

  /* UI state */
  int               cursor;
  gboolean          pencil_mode;
  gboolean          highlight_peers;
  gboolean          highlight_same_digit;
  gboolean          highlight_conflicts;
  gboolean          auto_clean_notes;
  gboolean          locked;
  gboolean          hidden;
  gboolean          entering;
  gboolean          keys_heard;      /* the focus has come and gone since describe_keys */
  gboolean          play_pencil_mode;   /* pencil_mode before entering began */

  /* What is drawn, from the game; marks are filled in per frame */
  NeRenderBoard     board;
  NcConflict        conflicts[MAX_CONFLICTS];
  size_t            n_conflicts;
  gboolean          in_conflict[NC_CELLS];
  uint16_t          marked[NC_CELLS];   /* NE_MARK_UNIT (nonet_grid_view_mark_cells) and
                                         * NE_MARK_HINT (hint_cells), until a change */

  /* The solver's animation overlay, drawn instead of the game's play */
  gboolean          overlay_on;
  NcRunView         overlay;            /* valid while overlay_on */
  gint64            overlay_label_us;   /* when the label last followed it */
  guint             overlay_label_id;   /* a pending update of the label */
  NeAttemptMap     *heat;               /* owned: the run's heat map over the overlay; NULL: none */

  /* Layout, from the last allocation: the square's origin in the widget */
  NeRenderGeometry  geometry;
  int               origin_x;
  int               origin_y;

  /* Owned cache: the style the static layer was drawn in, and the layer */
  NeRenderStyle     style;
  char             *font_family;
  gboolean          style_valid;
  GskRenderNode    *static_node;
};

G_DEFINE_FINAL_TYPE (NonetGridView, nonet_grid_view, GTK_TYPE_WIDGET)

/* How often at most the accessible label follows a solver run: a screen
 * reader falls behind a faster flood of names. */
#define OVERLAY_LABEL_US G_USEC_PER_SEC

enum
{
  PROP_0,
  PROP_GAME,
  PROP_CURSOR,
  PROP_PENCIL_MODE,
  PROP_HIGHLIGHT_PEERS,
  PROP_HIGHLIGHT_SAME_DIGIT,
  PROP_HIGHLIGHT_CONFLICTS,
  PROP_AUTO_CLEAN_NOTES,
  PROP_LOCKED,
  PROP_HIDDEN,
  PROP_ENTERING,
  PROP_STATUS_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  ANNOUNCE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The digit a player sees at cell, 0 when empty. */
static int
board_value (const NeRenderBoard *board,
             int                  cell)
{
  return board->givens.cell[cell] != 0 ? board->givens.cell[cell] : board->entries.cell[cell];
}

static gboolean
are_peers (int a,
           int b)
{
  return a != b &&
         (nc_cell_row (a) == nc_cell_row (b) ||
          nc_cell_col (a) == nc_cell_col (b) ||
          nc_cell_box (a) == nc_cell_box (b));
}

static gboolean
can_edit (NonetGridView *self)
{
  return self->game != NULL && !self->locked && !self->hidden;
}

/* ---- Style and the cached static layer ---- */

static void
invalidate_static (NonetGridView *self)
{
  g_clear_pointer (&self->static_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
rgba_from_gdk (NeRgba        *out,
               const GdkRGBA *rgba)
{
  *out = (NeRgba) { rgba->red, rgba->green, rgba->blue, rgba->alpha };
}

/* A named colour of the theme, e.g. "accent_color". GTK 4.8 has no other
 * way to read one (deprecated in 4.10, where CSS variables replace them). */
static gboolean
lookup_color (GtkWidget  *widget,
              const char *name,
              NeRgba     *out)
{
  GtkStyleContext *style_context = gtk_widget_get_style_context (widget);
  GdkRGBA rgba;

  if (!gtk_style_context_lookup_color (style_context, name, &rgba))
    return FALSE;
  rgba_from_gdk (out, &rgba);
  return TRUE;
}

void
nonet_grid_view_theme_style (GtkWidget     *widget,
                             NeRenderStyle *style)
{
  NeRgba fg, bg;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
    ne_render_style_init_dark (style);
  else
    ne_render_style_init_light (style);

  if (lookup_color (widget, "accent_color", &fg) && lookup_color (widget, "accent_bg_color", &bg))
    ne_render_style_set_accent (style, &fg, &bg);
  if (lookup_color (widget, "error_color", &fg) && lookup_color (widget, "error_bg_color", &bg))
    ne_render_style_set_error (style, &fg, &bg);
}

/* Light or dark, accent and error colours as nonet_grid_view_theme_style()
 * says, and the font family from the theme, so the grid follows the rest of
 * the window. Returns whether anything changed: css_changed also runs for
 * state changes (backdrop, hover, focus) that should not redraw the static
 * layer. */
static gboolean
update_style (NonetGridView *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  const PangoFontDescription *font = pango_context_get_font_description (context);
  g_autofree char *font_family = NULL;
  NeRenderStyle style;

  nonet_grid_view_theme_style (GTK_WIDGET (self), &style);

  if (font != NULL && pango_font_description_get_family (font) != NULL)
    font_family = g_strdup (pango_font_description_get_family (font));

  /* The colours are all of the style before its font. */
  if (self->style_valid &&
      memcmp (&style, &self->style, G_STRUCT_OFFSET (NeRenderStyle, font_family)) == 0 &&
      g_strcmp0 (font_family, self->font_family) == 0)
    return FALSE;

  g_free (self->font_family);
  self->font_family = g_steal_pointer (&font_family);
  self->style = style;
  self->style.font_family = self->font_family;
  self->style_valid = TRUE;
  return TRUE;
}

static void
restyle (NonetGridView *self)
{
  if (update_style (self))
    invalidate_static (self);
}

static void
ensure_static_node (NonetGridView *self)
{
  GtkSnapshot *snapshot;
  cairo_t *cr;

  if (self->static_node != NULL)
    return;

  /* Called while drawing: refresh the style, but queue no other draw. */
  update_style (self);

  g_debug ("Drawing the static layer: %g px at scale %g",
           self->geometry.size, self->geometry.pixel_scale);

  snapshot = gtk_snapshot_new ();
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, self->geometry.size, self->geometry.size));
  ne_render_draw_static (cr, &self->geometry, &self->style);
  cairo_destroy (cr);
  self->static_node = gtk_snapshot_free_to_node (snapshot);
}

/* ---- Accessibility and status ---- */

/* What a screen reader says of a cell: "row 3, column 5, 7, given",
 * "row 3, column 5, empty, notes 1 4 7", "row 3, column 5, 4, conflict
 * with row 3, column 9". */
static char *
describe_cell_content (NonetGridView *self,
                       int            cell)
{
  GString *text = g_string_new (NULL);
  int value = board_value (&self->board, cell);

  g_string_printf (text, _("row %d, column %d"), nc_cell_row (cell) + 1, nc_cell_col (cell) + 1);

  if (self->hidden)
    {
      g_string_append (text, _(", hidden"));
      return g_string_free (text, FALSE);
    }

  if (value == 0)
    {
      uint16_t notes = self->board.notes[cell];

      g_string_append (text, _(", empty"));
      if (notes != 0)
        {
          g_string_append (text, _(", notes"));
          for (int d = 1; d <= 9; d++)
            if (notes & NE_NOTE (d))
              g_string_append_printf (text, " %d", d);
        }
      return g_string_free (text, FALSE);
    }

  g_string_append_printf (text, ", %d", value);
  if (self->board.givens.cell[cell] != 0)
    g_string_append (text, _(", given"));

  if (self->highlight_conflicts && self->in_conflict[cell])
    for (size_t i = 0; i < MIN (self->n_conflicts, (size_t) MAX_CONFLICTS); i++)
      {
        const NcConflict *conflict = &self->conflicts[i];
        int other;

        if (conflict->cell_a != cell && conflict->cell_b != cell)
          continue;
        other = conflict->cell_a == cell ? conflict->cell_b : conflict->cell_a;
        g_string_append_printf (text, _(", conflict with row %d, column %d"),
                                nc_cell_row (other) + 1, nc_cell_col (other) + 1);
      }

  return g_string_free (text, FALSE);
}

/* The same, and last, whether a hint is about it. */
static char *
describe_cell (NonetGridView *self,
               int            cell)
{
  g_autofree char *content = describe_cell_content (self, cell);

  if (self->hidden || !(self->marked[cell] & NE_MARK_HINT))
    return g_steal_pointer (&content);
  /* Translators: said of a cell last, "row 5, column 5, empty, part of the hint" */
  return g_strdup_printf (_("%s, part of the hint"), content);
}

/* During a run the board is the solver's: "solver at row 3, column 5,
 * trying 4 (2 candidates)", or "row 3, column 5, 4, placed by the solver". */
static char *
describe_overlay (NonetGridView *self)
{
  GString *text = g_string_new (NULL);
  int cell = self->overlay.chosen;

  if (cell < 0)
    cell = self->overlay.tentative_cell;
  if (cell < 0)
    {
      g_string_append (text, _("Solver board"));
      return g_string_free (text, FALSE);
    }

  g_string_printf (text, _("Solver at row %d, column %d"), nc_cell_row (cell) + 1, nc_cell_col (cell) + 1);
  if (cell == self->overlay.tentative_cell && self->overlay.tentative_digit > 0)
    g_string_append_printf (text, _(", trying %d"), self->overlay.tentative_digit);
  else if (self->overlay.board.cell[cell] != 0)
    g_string_append_printf (text, ", %d", self->overlay.board.cell[cell]);
  if (self->overlay.collision_cell >= 0)
    g_string_append_printf (text, _(", collides with row %d, column %d"),
                            nc_cell_row (self->overlay.collision_cell) + 1,
                            nc_cell_col (self->overlay.collision_cell) + 1);
  if (self->overlay.candidates > 0)
    g_string_append_printf (text, ngettext (" (%d candidate)", " (%d candidates)", self->overlay.candidates),
                            self->overlay.candidates);
  return g_string_free (text, FALSE);
}

static void
update_accessible (NonetGridView *self)
{
  g_autofree char *label = self->overlay_on ? describe_overlay (self) : describe_cell (self, self->cursor);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static char *
make_status_text (NonetGridView *self)
{
  g_autofree char *first = NULL;

  if (self->game == NULL || self->hidden)
    return g_strdup ("");
  if (ne_game_get_solved (self->game))
    return g_strdup (_("Puzzle solved"));
  if (!self->highlight_conflicts || self->n_conflicts == 0)
    return g_strdup ("");

  first = ne_conflict_describe (&self->conflicts[0]);
  if (self->n_conflicts == 1)
    return g_strdup_printf (_("Conflict: %s"), first);
  return g_strdup_printf (ngettext ("%d conflict, the first: %s",
                                    "%d conflicts, the first: %s",
                                    self->n_conflicts),
                          (int) self->n_conflicts, first);
}

static void
update_status (NonetGridView *self)
{
  g_autofree char *text = make_status_text (self);

  if (g_strcmp0 (text, self->status_text) == 0)
    return;
  g_free (self->status_text);
  self->status_text = g_steal_pointer (&text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS_TEXT]);
}

static void
update_actions (NonetGridView *self)
{
  gboolean enabled = can_edit (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "grid.enter", enabled);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "grid.note", enabled && !self->entering);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "grid.clear", enabled);
  /* Pencil marks are for play: givens are entered as digits. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "grid.pencil-mode", !self->entering);
}

/* Everything that follows from the game or a setting: the board, its
 * conflicts, the accessible texts and a redraw. */
static void
sync_from_game (NonetGridView *self)
{
  const NcGame *core = self->game != NULL ? ne_game_get_core (self->game) : NULL;
  NcGrid shown;

  ne_render_board_init (&self->board, core != NULL ? nc_game_givens (core) : NULL);
  if (core != NULL)
    {
      const NcPlayState *state = nc_game_state (core);

      self->board.entries = state->entries;
      memcpy (self->board.notes, state->notes, sizeof self->board.notes);
    }

  /* Entries under givens are ignored, as the renderer does. */
  for (int i = 0; i < NC_CELLS; i++)
    shown.cell[i] = (uint8_t) board_value (&self->board, i);
  self->n_conflicts = nc_grid_find_conflicts (&shown, self->conflicts, MAX_CONFLICTS);
  memset (self->in_conflict, 0, sizeof self->in_conflict);
  for (size_t i = 0; i < MIN (self->n_conflicts, (size_t) MAX_CONFLICTS); i++)
    {
      self->in_conflict[self->conflicts[i].cell_a] = TRUE;
      self->in_conflict[self->conflicts[i].cell_b] = TRUE;
    }

  update_status (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_game_changed (NonetGridView *self,
                 int            cell,
                 NeGame        *game)
{
  memset (self->marked, 0, sizeof self->marked);
  sync_from_game (self);
}

static void
on_game_solved (NonetGridView *self,
                GParamSpec    *pspec,
                NeGame        *game)
{
  update_status (self);
}

/* ---- Input ---- */

/* How the keys work, for a screen reader: while entering they move on. */
static void
describe_keys (NonetGridView *self)
{
  const char *keys;

  if (self->entering)
    keys = _("Sudoku grid, entering a puzzle. Digits enter and move on to the next cell, 0 leaves one empty, Backspace takes the last digit back, arrow keys move.");
  else
    keys = _("Sudoku grid. Arrow keys move, digits enter, Control with a digit toggles a note, Backspace clears.");
  nonet_announcer_set_description (GTK_WIDGET (self), keys);
  self->keys_heard = FALSE;
}

/* A given cannot change: the bell, and a sentence for a screen reader,
 * which hears no bell ("row 3, column 4 is a given, 5; it cannot be
 * changed"). */
static void
refuse_given (NonetGridView *self,
              int            cell)
{
  g_autofree char *where = ne_cell_words (cell);
  g_autofree char *text = NULL;

  gtk_widget_error_bell (GTK_WIDGET (self));
  /* Translators: %s is a cell, "row 3, column 4"; %d its digit */
  text = g_strdup_printf (_("%s is a given, %d; it cannot be changed"), where,
                          (int) self->board.givens.cell[cell]);
  g_signal_emit (self, signals[ANNOUNCE], 0, text);
}

/* While entering givens the cursor moves on in reading order after each
 * digit, as one types a puzzle from a newspaper; r9c9 is the end. */
static void
advance (NonetGridView *self)
{
  if (self->entering && self->cursor < NC_CELLS - 1)
    nonet_grid_view_set_cursor (self, self->cursor + 1);
}

static void
enter_digit (NonetGridView *self,
             int            digit,
             gboolean       note)
{
  int cell = self->cursor;
  NcMove move = { .cell = (int8_t) cell, .digit = (uint8_t) digit };

  g_return_if_fail (digit >= 1 && digit <= 9);

  if (!can_edit (self) || (note && self->entering))
    return;

  if (self->board.givens.cell[cell] != 0)
    {
      refuse_given (self, cell);
      return;
    }
  /* A note needs an empty cell. */
  if (note && self->board.entries.cell[cell] != 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }

  if (note)
    move.kind = NC_MOVE_NOTE;
  else
    {
      move.kind = NC_MOVE_SET;
      move.flags = self->auto_clean_notes ? NC_MOVE_CLEAN_NOTES : 0;
    }
  ne_game_apply (self->game, move);
  if (!note)
    advance (self);
}

static void
clear_cell (NonetGridView *self)
{
  int cell = self->cursor;

  if (!can_edit (self))
    return;
  if (self->board.givens.cell[cell] != 0)
    {
      refuse_given (self, cell);
      return;
    }
  ne_game_apply (self->game, (NcMove) { .kind = NC_MOVE_CLEAR, .cell = (int8_t) cell });
}

/* 0 and . are an empty cell, as in a puzzle's line: while entering they
 * move on like a digit. In play 0 clears and . is the solver's Step (an
 * application accelerator, passed on to here while no run is going). */
static gboolean
key_blank (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  NonetGridView *self = NONET_GRID_VIEW (widget);
  gboolean in_play;

  g_variant_get (args, "(b)", &in_play);
  if (!can_edit (self) || (!in_play && !self->entering))
    return FALSE;
  clear_cell (self);
  if (self->board.givens.cell[self->cursor] == 0)
    advance (self);
  return TRUE;
}

/* Backspace clears. While entering it works as in a line of text: on an
 * empty cell it goes back one and clears that, so "5 3 Backspace" takes
 * the 3 away. */
static gboolean
key_backspace (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  NonetGridView *self = NONET_GRID_VIEW (widget);

  if (!can_edit (self))
    return FALSE;
  if (self->entering && board_value (&self->board, self->cursor) == 0 && self->cursor > 0)
    nonet_grid_view_set_cursor (self, self->cursor - 1);
  clear_cell (self);
  return TRUE;
}

static void
action_enter (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  NonetGridView *self = NONET_GRID_VIEW (widget);
  int digit = g_variant_get_int32 (parameter);

  if (digit < 1 || digit > 9)
    return;
  enter_digit (self, digit, self->pencil_mode && !self->entering);
}

static void
action_note (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  int digit = g_variant_get_int32 (parameter);

  if (digit < 1 || digit > 9)
    return;
  enter_digit (NONET_GRID_VIEW (widget), digit, TRUE);
}

static void
action_clear (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  clear_cell (NONET_GRID_VIEW (widget));
}

/* Arrows by one cell, Control+arrows and Page keys by a box: all wrap
 * around the edge. */
static gboolean
move_by (GtkWidget *widget,
         GVariant  *args,
         gpointer   user_data)
{
  NonetGridView *self = NONET_GRID_VIEW (widget);
  int dx, dy, row, col;

  g_variant_get (args, "(ii)", &dx, &dy);
  row = (nc_cell_row (self->cursor) + dy + 9) % 9;
  col = (nc_cell_col (self->cursor) + dx + 9) % 9;
  nonet_grid_view_set_cursor (self, row * 9 + col);
  return TRUE;
}

/* Home and End to the row's ends, with Control to the grid's corners:
 * (row, column), -1 keeping the cursor's. */
static gboolean
move_to (GtkWidget *widget,
         GVariant  *args,
         gpointer   user_data)
{
  NonetGridView *self = NONET_GRID_VIEW (widget);
  int row, col;

  g_variant_get (args, "(ii)", &row, &col);
  if (row < 0)
    row = nc_cell_row (self->cursor);
  if (col < 0)
    col = nc_cell_col (self->cursor);
  nonet_grid_view_set_cursor (self, row * 9 + col);
  return TRUE;
}

static void
on_click_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  NonetGridView   *self)
{
  int cell = nonet_grid_view_cell_at (self, x, y);

  if (cell < 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  nonet_grid_view_set_cursor (self, cell);
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* ---- GtkWidget ---- */

static void
update_geometry (NonetGridView *self,
                 int            width,
                 int            height)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  int side = MAX (0, MIN (width, height));

  /* Whole pixels, so the lines ne-render puts on the pixel grid stay there. */
  self->origin_x = (width - side) / 2;
  self->origin_y = (height - side) / 2;

  if (self->geometry.size == side && self->geometry.pixel_scale == scale)
    return;
  ne_render_geometry_init (&self->geometry, side, scale);
  invalidate_static (self);
}

static void
on_scale_factor_changed (NonetGridView *self,
                         GParamSpec    *pspec,
                         gpointer       user_data)
{
  update_geometry (self,
                   gtk_widget_get_width (GTK_WIDGET (self)),
                   gtk_widget_get_height (GTK_WIDGET (self)));
}

static void
on_dark_changed (NonetGridView   *self,
                 GParamSpec      *pspec,
                 AdwStyleManager *manager)
{
  restyle (self);
}

static GtkSizeRequestMode
nonet_grid_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Square by nature, but never demanding: the minimum stays small in both
 * directions so a wide, short window can still shrink, and size_allocate()
 * centres the square in whatever it is given. */
static void
nonet_grid_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = MIN_SIDE;
  *natural = for_size >= 0 ? MAX (for_size, MIN_SIDE) : NATURAL_SIDE;
}

static void
nonet_grid_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  update_geometry (NONET_GRID_VIEW (widget), width, height);
}

/* The highlights of this frame, from the cursor and the settings. */
static void
mark_cells (NonetGridView *self,
            NeRenderBoard *board)
{
  int cursor = self->cursor;
  int digit = board_value (board, cursor);

  for (int i = 0; i < NC_CELLS; i++)
    {
      uint16_t marks = self->marked[i];

      if (self->highlight_peers && are_peers (i, cursor))
        marks |= NE_MARK_PEER;
      if (self->highlight_same_digit && digit != 0 && i != cursor && board_value (board, i) == digit)
        marks |= NE_MARK_SAME_DIGIT;
      if (self->highlight_conflicts && self->in_conflict[i])
        marks |= NE_MARK_CONFLICT;
      board->marks[i] = marks;
    }
  board->marks[cursor] |= NE_MARK_CURSOR;
  if (gtk_widget_has_focus (GTK_WIDGET (self)))
    board->marks[cursor] |= NE_MARK_FOCUS;
}

/* The overlay's frame: the run's board over the givens, its marks only. */
static void
overlay_board (NonetGridView *self,
               NeRenderBoard *board)
{
  int tentative = self->overlay.tentative_cell;
  int collision = self->overlay.collision_cell;

  ne_render_board_init (board, &self->board.givens);
  board->entries = self->overlay.board;

  if (self->overlay.chosen >= 0)
    {
      board->marks[self->overlay.chosen] |= NE_MARK_CHOSEN;
      if (self->overlay.candidates > 0 && self->overlay.candidates <= 9)
        board->counts[self->overlay.chosen] = (uint8_t) self->overlay.candidates;
    }
  if (tentative >= 0 && self->overlay.tentative_digit > 0)
    {
      board->entries.cell[tentative] = (uint8_t) self->overlay.tentative_digit;
      board->marks[tentative] |= NE_MARK_TENTATIVE;
    }
  if (tentative >= 0 && collision >= 0)
    {
      int unit = 0;

      switch (self->overlay.collision_unit)
        {
        case NC_UNIT_ROW: unit = nc_cell_row (tentative); break;
        case NC_UNIT_COLUMN: unit = 9 + nc_cell_col (tentative); break;
        default: unit = 18 + nc_cell_box (tentative); break;
        }
      for (int i = 0; i < 9; i++)
        board->marks[nc_units[unit][i]] |= NE_MARK_UNIT;
      board->marks[collision] |= NE_MARK_CONFLICT;
      board->marks[tentative] |= NE_MARK_CONFLICT;
    }
}

static void
nonet_grid_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  NonetGridView *self = NONET_GRID_VIEW (widget);
  double size = self->geometry.size;
  NeRenderBoard board;
  cairo_t *cr;

  if (size <= 0)
    return;

  ensure_static_node (self);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->origin_x, self->origin_y));
  gtk_snapshot_append_node (snapshot, self->static_node);

  if (self->overlay_on)
    {
      overlay_board (self, &board);
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, size, size));
      if (self->heat != NULL)
        {
          NeRgba heat;

          ne_search_heat_colour (adw_style_manager_get_dark (adw_style_manager_get_default ()), &heat);
          ne_search_draw_heat (cr, &self->geometry, &heat, self->heat);
        }
      ne_render_draw_highlights (cr, &self->geometry, &self->style, &board);
      ne_render_draw_digits (cr, &self->geometry, &self->style, &board);
      cairo_destroy (cr);
    }
  /* A paused game shows nothing of its play: no digits, no cursor. */
  else if (!self->hidden)
    {
      board = self->board;
      mark_cells (self, &board);
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, size, size));
      ne_render_draw_highlights (cr, &self->geometry, &self->style, &board);
      ne_render_draw_digits (cr, &self->geometry, &self->style, &board);
      cairo_destroy (cr);
    }

  gtk_snapshot_restore (snapshot);
}

static gboolean
nonet_grid_view_query_tooltip (GtkWidget  *widget,
                               int         x,
                               int         y,
                               gboolean    keyboard_tooltip,
                               GtkTooltip *tooltip)
{
  NonetGridView *self = NONET_GRID_VIEW (widget);
  int cell = keyboard_tooltip ? self->cursor : nonet_grid_view_cell_at (self, x, y);
  g_autofree char *text = NULL;
  graphene_rect_t rect;

  if (cell < 0)
    return FALSE;
  text = self->overlay_on && self->heat != NULL ? nonet_grid_view_dup_heat_text (self, cell)
                                                : nonet_grid_view_dup_conflict_text (self, cell);
  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);
  /* Asked again when the pointer moves to another cell. */
  nonet_grid_view_get_cell_rect (self, cell, &rect);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
                              (int) rect.origin.x, (int) rect.origin.y,
                              (int) rect.size.width, (int) rect.size.height });
  return TRUE;
}

static void
nonet_grid_view_state_flags_changed (GtkWidget     *widget,
                                     GtkStateFlags  previous)
{
  GTK_WIDGET_CLASS (nonet_grid_view_parent_class)->state_flags_changed (widget, previous);

  /* The focus ring comes and goes with the focus. */
  if ((previous ^ gtk_widget_get_state_flags (widget)) & GTK_STATE_FLAG_FOCUSED)
    gtk_widget_queue_draw (widget);

  /* How the keys work is said on the first focus only (and again when they
   * change, see describe_keys): under GTK 4.8 Orca 43 speaks a focused
   * widget's description twice, its description and again as its help,
   * on every focus, which buries the cell under it. */
  if ((previous & GTK_STATE_FLAG_FOCUSED) && !gtk_widget_has_focus (widget) &&
      !NONET_GRID_VIEW (widget)->keys_heard)
    {
      NONET_GRID_VIEW (widget)->keys_heard = TRUE;
      nonet_announcer_set_description (widget, NULL);
    }
}

/* A theme, font or high-contrast change. */
static void
nonet_grid_view_css_changed (GtkWidget         *widget,
                             GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (nonet_grid_view_parent_class)->css_changed (widget, change);

  restyle (NONET_GRID_VIEW (widget));
}

/* ---- GObject ---- */

static void
set_boolean (NonetGridView *self,
             gboolean      *field,
             gboolean       value,
             guint          prop_id)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;

  switch (prop_id)
    {
    case PROP_HIGHLIGHT_CONFLICTS:
    case PROP_HIDDEN:
      update_status (self);
      update_accessible (self);
      break;
    case PROP_ENTERING:
      /* Play's pencil mode waits for play to come back. */
      if (value)
        self->play_pencil_mode = self->pencil_mode;
      g_object_set (self, "pencil-mode", value ? FALSE : self->play_pencil_mode, NULL);
      describe_keys (self);
      break;
    default:
      break;
    }
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static gboolean *
boolean_field (NonetGridView *self,
               guint          prop_id)
{
  switch (prop_id)
    {
    case PROP_PENCIL_MODE: return &self->pencil_mode;
    case PROP_HIGHLIGHT_PEERS: return &self->highlight_peers;
    case PROP_HIGHLIGHT_SAME_DIGIT: return &self->highlight_same_digit;
    case PROP_HIGHLIGHT_CONFLICTS: return &self->highlight_conflicts;
    case PROP_AUTO_CLEAN_NOTES: return &self->auto_clean_notes;
    case PROP_LOCKED: return &self->locked;
    case PROP_HIDDEN: return &self->hidden;
    case PROP_ENTERING: return &self->entering;
    default: return NULL;
    }
}

static void
nonet_grid_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  NonetGridView *self = NONET_GRID_VIEW (object);
  gboolean *field = boolean_field (self, prop_id);

  if (field != NULL)
    {
      g_value_set_boolean (value, *field);
      return;
    }

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_CURSOR:
      g_value_set_int (value, self->cursor);
      break;
    case PROP_STATUS_TEXT:
      g_value_set_string (value, self->status_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_grid_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  NonetGridView *self = NONET_GRID_VIEW (object);
  gboolean *field = boolean_field (self, prop_id);

  if (field != NULL)
    {
      set_boolean (self, field, g_value_get_boolean (value), prop_id);
      return;
    }

  switch (prop_id)
    {
    case PROP_GAME:
      nonet_grid_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_CURSOR:
      nonet_grid_view_set_cursor (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
nonet_grid_view_dispose (GObject *object)
{
  NonetGridView *self = NONET_GRID_VIEW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_handle_id (&self->overlay_label_id, g_source_remove);
  g_clear_pointer (&self->heat, g_free);
  g_clear_pointer (&self->static_node, gsk_render_node_unref);
  g_clear_pointer (&self->font_family, g_free);
  self->style.font_family = NULL;
  self->style_valid = FALSE;

  G_OBJECT_CLASS (nonet_grid_view_parent_class)->dispose (object);
}

static void
nonet_grid_view_finalize (GObject *object)
{
  NonetGridView *self = NONET_GRID_VIEW (object);

  g_free (self->status_text);

  G_OBJECT_CLASS (nonet_grid_view_parent_class)->finalize (object);
}

static GParamSpec *
boolean_pspec (const char *name,
               gboolean    default_value)
{
  return g_param_spec_boolean (name, NULL, NULL, default_value,
                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
add_move_binding (GtkWidgetClass  *widget_class,
                  guint            keyval,
                  guint            kp_keyval,
                  GdkModifierType  modifiers,
                  GtkShortcutFunc  callback,
                  int              a,
                  int              b)
{
  gtk_widget_class_add_binding (widget_class, keyval, modifiers, callback, "(ii)", a, b);
  gtk_widget_class_add_binding (widget_class, kp_keyval, modifiers, callback, "(ii)", a, b);
}

static void
add_key_bindings (GtkWidgetClass *widget_class)
{
  static const guint clear_keys[] = { GDK_KEY_Delete, GDK_KEY_KP_Delete };
  static const guint blank_keys[] = { GDK_KEY_0, GDK_KEY_KP_0 };

  add_move_binding (widget_class, GDK_KEY_Left, GDK_KEY_KP_Left, 0, move_by, -1, 0);
  add_move_binding (widget_class, GDK_KEY_Right, GDK_KEY_KP_Right, 0, move_by, 1, 0);
  add_move_binding (widget_class, GDK_KEY_Up, GDK_KEY_KP_Up, 0, move_by, 0, -1);
  add_move_binding (widget_class, GDK_KEY_Down, GDK_KEY_KP_Down, 0, move_by, 0, 1);
  add_move_binding (widget_class, GDK_KEY_Left, GDK_KEY_KP_Left, GDK_CONTROL_MASK, move_by, -3, 0);
  add_move_binding (widget_class, GDK_KEY_Right, GDK_KEY_KP_Right, GDK_CONTROL_MASK, move_by, 3, 0);
  add_move_binding (widget_class, GDK_KEY_Up, GDK_KEY_KP_Up, GDK_CONTROL_MASK, move_by, 0, -3);
  add_move_binding (widget_class, GDK_KEY_Down, GDK_KEY_KP_Down, GDK_CONTROL_MASK, move_by, 0, 3);
  add_move_binding (widget_class, GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up, 0, move_by, 0, -3);
  add_move_binding (widget_class, GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down, 0, move_by, 0, 3);
  add_move_binding (widget_class, GDK_KEY_Home, GDK_KEY_KP_Home, 0, move_to, -1, 0);
  add_move_binding (widget_class, GDK_KEY_End, GDK_KEY_KP_End, 0, move_to, -1, 8);
  add_move_binding (widget_class, GDK_KEY_Home, GDK_KEY_KP_Home, GDK_CONTROL_MASK, move_to, 0, 0);
  add_move_binding (widget_class, GDK_KEY_End, GDK_KEY_KP_End, GDK_CONTROL_MASK, move_to, 8, 8);

  for (int d = 1; d <= 9; d++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + d, 0, "grid.enter", "i", d);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0 + d, 0, "grid.enter", "i", d);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0 + d, GDK_CONTROL_MASK, "grid.note", "i", d);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0 + d, GDK_CONTROL_MASK, "grid.note", "i", d);
    }
  for (guint i = 0; i < G_N_ELEMENTS (clear_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, clear_keys[i], 0, "grid.clear", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (blank_keys); i++)
    gtk_widget_class_add_binding (widget_class, blank_keys[i], 0, key_blank, "(b)", TRUE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_period, 0, key_blank, "(b)", FALSE);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_BackSpace, 0, key_backspace, NULL);
}

static void
nonet_grid_view_class_init (NonetGridViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = nonet_grid_view_dispose;
  object_class->finalize = nonet_grid_view_finalize;
  object_class->get_property = nonet_grid_view_get_property;
  object_class->set_property = nonet_grid_view_set_property;

  widget_class->get_request_mode = nonet_grid_view_get_request_mode;
  widget_class->measure = nonet_grid_view_measure;
  widget_class->size_allocate = nonet_grid_view_size_allocate;
  widget_class->snapshot = nonet_grid_view_snapshot;
  widget_class->query_tooltip = nonet_grid_view_query_tooltip;
  widget_class->state_flags_changed = nonet_grid_view_state_flags_changed;
  widget_class->css_changed = nonet_grid_view_css_changed;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, NE_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURSOR] =
    g_param_spec_int ("cursor", NULL, NULL, 0, NC_CELLS - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PENCIL_MODE] = boolean_pspec ("pencil-mode", FALSE);
  properties[PROP_HIGHLIGHT_PEERS] = boolean_pspec ("highlight-peers", TRUE);
  properties[PROP_HIGHLIGHT_SAME_DIGIT] = boolean_pspec ("highlight-same-digit", TRUE);
  properties[PROP_HIGHLIGHT_CONFLICTS] = boolean_pspec ("highlight-conflicts", TRUE);
  properties[PROP_AUTO_CLEAN_NOTES] = boolean_pspec ("auto-clean-notes", TRUE);
  properties[PROP_LOCKED] = boolean_pspec ("locked", FALSE);
  properties[PROP_HIDDEN] = boolean_pspec ("hidden", FALSE);
  properties[PROP_ENTERING] = boolean_pspec ("entering", FALSE);
  properties[PROP_STATUS_TEXT] =
    g_param_spec_string ("status-text", NULL, NULL, "",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A sentence a screen reader should hear at once, such as why a move
   * was refused: the window's announcer says it. */
  signals[ANNOUNCE] =
    g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "grid.enter", "i", action_enter);
  gtk_widget_class_install_action (widget_class, "grid.note", "i", action_note);
  gtk_widget_class_install_action (widget_class, "grid.clear", NULL, action_clear);
  gtk_widget_class_install_property_action (widget_class, "grid.pencil-mode", "pencil-mode");
  add_key_bindings (widget_class);

  gtk_widget_class_set_css_name (widget_class, "sudokugrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
nonet_grid_view_init (NonetGridView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->highlight_peers = TRUE;
  self->highlight_same_digit = TRUE;
  self->highlight_conflicts = TRUE;
  self->auto_clean_notes = TRUE;
  self->status_text = g_strdup ("");

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  /* Mouse and touch alike: button 1 is also a touch. */
  g_signal_connect (click, "pressed", G_CALLBACK (on_click_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  describe_keys (self);

  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (on_scale_factor_changed), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);

  sync_from_game (self);
  update_actions (self);
}

GtkWidget *
nonet_grid_view_new (void)
{
  return g_object_new (NONET_TYPE_GRID_VIEW, NULL);
}

void
nonet_grid_view_set_game (NonetGridView *self,
                          NeGame        *game)
{
  g_return_if_fail (NONET_IS_GRID_VIEW (self));
  g_return_if_fail (game == NULL || NE_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  memset (self->marked, 0, sizeof self->marked);
  if (game != NULL)
    {
      g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::solved", G_CALLBACK (on_game_solved), self, G_CONNECT_SWAPPED);
    }

  sync_from_game (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

NeGame *
nonet_grid_view_get_game (NonetGridView *self)
{
  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), NULL);

  return self->game;
}

int
nonet_grid_view_get_cursor (NonetGridView *self)
{
  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), 0);

  return self->cursor;
}

void
nonet_grid_view_set_cursor (NonetGridView *self,
                            int            cell)
{
  g_return_if_fail (NONET_IS_GRID_VIEW (self));
  g_return_if_fail (cell >= 0 && cell < NC_CELLS);

  if (self->cursor == cell)
    return;
  self->cursor = cell;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
}

const char *
nonet_grid_view_get_status_text (NonetGridView *self)
{
  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), NULL);

  return self->status_text;
}

int
nonet_grid_view_cell_at (NonetGridView *self,
                         double         x,
                         double         y)
{
  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), -1);

  if (self->geometry.size <= 0)
    return -1;
  return ne_render_geometry_cell_at (&self->geometry, x - self->origin_x, y - self->origin_y);
}

void
nonet_grid_view_get_cell_rect (NonetGridView   *self,
                               int              cell,
                               graphene_rect_t *rect)
{
  double x, y, width, height;

  g_return_if_fail (NONET_IS_GRID_VIEW (self));
  g_return_if_fail (cell >= 0 && cell < NC_CELLS);
  g_return_if_fail (rect != NULL);

  ne_render_geometry_cell_rect (&self->geometry, cell, &x, &y, &width, &height);
  graphene_rect_init (rect, self->origin_x + x, self->origin_y + y, width, height);
}

char *
nonet_grid_view_dup_conflict_text (NonetGridView *self,
                                   int            cell)
{
  GString *text = NULL;

  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < NC_CELLS, NULL);

  if (self->hidden || self->overlay_on || !self->highlight_conflicts || !self->in_conflict[cell])
    return NULL;

  for (size_t i = 0; i < MIN (self->n_conflicts, (size_t) MAX_CONFLICTS); i++)
    {
      const NcConflict *conflict = &self->conflicts[i];
      g_autofree char *line = NULL;

      if (conflict->cell_a != cell && conflict->cell_b != cell)
        continue;
      line = ne_conflict_describe (conflict);
      if (text == NULL)
        text = g_string_new (line);
      else
        g_string_append_printf (text, "\n%s", line);
    }
  return text != NULL ? g_string_free (text, FALSE) : NULL;
}

/* Puts mark on cells, and on no other. */
static void
set_marked (NonetGridView *self,
            uint16_t       mark,
            const uint8_t *cells,
            int            n_cells)
{
  for (int i = 0; i < NC_CELLS; i++)
    self->marked[i] &= (uint16_t) ~mark;
  for (int i = 0; i < n_cells; i++)
    {
      g_return_if_fail (cells[i] < NC_CELLS);
      self->marked[cells[i]] |= mark;
    }
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
nonet_grid_view_mark_cells (NonetGridView *self,
                            const uint8_t *cells,
                            int            n_cells)
{
  g_return_if_fail (NONET_IS_GRID_VIEW (self));
  g_return_if_fail (n_cells == 0 || cells != NULL);

  set_marked (self, NE_MARK_UNIT, cells, n_cells);
}

void
nonet_grid_view_hint_cells (NonetGridView *self,
                            const uint8_t *cells,
                            int            n_cells)
{
  g_return_if_fail (NONET_IS_GRID_VIEW (self));
  g_return_if_fail (n_cells == 0 || cells != NULL);

  set_marked (self, NE_MARK_HINT, cells, n_cells);
}

gboolean
nonet_grid_view_get_hinted (NonetGridView *self,
                            int            cell)
{
  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), FALSE);
  g_return_val_if_fail (cell >= 0 && cell < NC_CELLS, FALSE);

  return (self->marked[cell] & NE_MARK_HINT) != 0;
}

gboolean
nonet_grid_view_get_marked (NonetGridView *self,
                            int            cell)
{
  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), FALSE);
  g_return_val_if_fail (cell >= 0 && cell < NC_CELLS, FALSE);

  return (self->marked[cell] & NE_MARK_UNIT) != 0;
}

static gboolean
overlay_label_timeout (gpointer user_data)
{
  NonetGridView *self = NONET_GRID_VIEW (user_data);

  self->overlay_label_id = 0;
  /* A focused object's new name is spoken: while the grid has the focus
   * the run's progress is the announcer's to say, and the label waits for
   * nonet_grid_view_sync_accessible (a pause, a step, the end). */
  if (gtk_widget_has_focus (GTK_WIDGET (self)))
    return G_SOURCE_REMOVE;
  self->overlay_label_us = g_get_monotonic_time ();
  update_accessible (self);
  return G_SOURCE_REMOVE;
}

char *
nonet_grid_view_describe_cursor (NonetGridView *self)
{
  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), NULL);

  return self->overlay_on ? describe_overlay (self) : describe_cell (self, self->cursor);
}

void
nonet_grid_view_sync_accessible (NonetGridView *self)
{
  g_return_if_fail (NONET_IS_GRID_VIEW (self));

  g_clear_handle_id (&self->overlay_label_id, g_source_remove);
  self->overlay_label_us = g_get_monotonic_time ();
  update_accessible (self);
}

/* The label follows the overlay at a readable rate, at most once a
 * second; nonet_grid_view_sync_accessible brings it up to date. */
static void
nonet_grid_view_overlay_label (NonetGridView *self)
{
  gint64 now = g_get_monotonic_time ();

  if (!self->overlay_on)
    {
      g_clear_handle_id (&self->overlay_label_id, g_source_remove);
      update_accessible (self);
      return;
    }
  if (self->overlay_label_id != 0)
    return;
  if (now - self->overlay_label_us >= OVERLAY_LABEL_US)
    overlay_label_timeout (self);
  else
    self->overlay_label_id = g_timeout_add ((guint) ((OVERLAY_LABEL_US - (now - self->overlay_label_us)) / 1000) + 1,
                                            overlay_label_timeout, self);
}

void
nonet_grid_view_set_overlay (NonetGridView   *self,
                             const NcRunView *view)
{
  g_return_if_fail (NONET_IS_GRID_VIEW (self));
  g_return_if_fail (view == NULL || (view->chosen >= -1 && view->chosen < NC_CELLS));
  g_return_if_fail (view == NULL || (view->tentative_cell >= -1 && view->tentative_cell < NC_CELLS));
  g_return_if_fail (view == NULL || (view->collision_cell >= -1 && view->collision_cell < NC_CELLS));

  self->overlay_on = view != NULL;
  if (view != NULL)
    self->overlay = *view;
  nonet_grid_view_overlay_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
nonet_grid_view_get_overlay (NonetGridView *self,
                             NcGrid        *out)
{
  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), FALSE);

  if (self->overlay_on && out != NULL)
    *out = self->overlay.board;
  return self->overlay_on;
}

void
nonet_grid_view_set_puzzle (NonetGridView *self,
                            const NcGrid  *givens)
{
  g_autoptr(NeGame) game = NULL;

  g_return_if_fail (NONET_IS_GRID_VIEW (self));
  g_return_if_fail (givens != NULL);

  game = ne_game_new (givens, NULL);
  nonet_grid_view_set_game (self, game);
}

void
nonet_grid_view_set_heat (NonetGridView      *self,
                          const NeAttemptMap *map)
{
  g_return_if_fail (NONET_IS_GRID_VIEW (self));

  if (map == NULL)
    g_clear_pointer (&self->heat, g_free);
  else if (self->heat == NULL)
    self->heat = g_memdup2 (map, sizeof *map);
  else
    *self->heat = *map;
  if (self->overlay_on)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

char *
nonet_grid_view_dup_heat_text (NonetGridView *self,
                               int            cell)
{
  g_autofree char *count = NULL;
  guint64 n;

  g_return_val_if_fail (NONET_IS_GRID_VIEW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < NC_CELLS, NULL);

  if (self->heat == NULL)
    return NULL;
  n = self->heat->counts[cell];
  count = ne_format_count (n);
  /* Translators: the heat map's tooltip: "row 5, column 6: 247 attempts" */
  return g_strdup_printf (ngettext ("row %d, column %d: %s attempt", "row %d, column %d: %s attempts", (gulong) n),
                          nc_cell_row (cell) + 1, nc_cell_col (cell) + 1, count);
}
