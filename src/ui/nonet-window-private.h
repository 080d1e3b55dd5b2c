/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-window-private.h: the main window's instance struct and the
 * functions its files (nonet-window*.c) share. */
#pragma once

#include "nonet-window.h"

#include "nc-contradiction.h"
#include "nc-grade.h"
#include "ne-clock.h"
#include "ne-hint.h"
#include "ne-solve-run.h"
#include "ne-solve-task.h"
#include "ne-store.h"
#include "nonet-announcer.h"
#include "nonet-event-log.h"
#include "nonet-grid-view.h"
#include "nonet-library-window.h"
#include "nonet-search-panel.h"
#include "nonet-solve-bar.h"

G_BEGIN_DECLS

struct _NonetWindow
{
  AdwApplicationWindow  parent_instance;

  /* The shortcuts window, made the first time it is asked for. */
  GtkWindow            *shortcuts;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwSqueezer          *new_game_squeezer;  /* the labelled button, else the icon */
  GtkMenuButton        *new_game_button;
  GtkMenuButton        *new_game_icon_button;
  GtkMenuButton        *primary_menu_button;
  GMenuModel           *new_game_menu;
  GMenuModel           *primary_menu;
  GtkWidget            *library_button;
  GtkSpinner           *spinner;
  GtkWidget            *title_box;
  AdwWindowTitle       *window_title;
  GtkRevealer          *editor_revealer;
  GtkLabel             *editor_label;
  GtkProgressBar       *progress_bar;
  GtkWidget            *paused_box;
  GtkWidget            *content_box;
  GtkWidget            *welcome_page;
  GtkWidget            *welcome_easy_button;
  GtkWidget            *status_label;
  GtkWidget            *finish_box;
  GtkLabel             *finish_label;
  GtkButton            *finish_button;
  GtkWidget            *board_box;
  NonetGridView        *grid_view;
  GtkWidget            *number_pad;
  GtkWidget            *solve_buttons;
  AdwSqueezer          *start_squeezer;     /* shows start_tools while they fit */
  GtkWidget            *start_tools;
  AdwSqueezer          *end_squeezer;       /* end_tools, else end_undo_tools, else nothing */
  GtkWidget            *end_tools;
  GtkWidget            *end_undo_tools;
  GtkActionBar         *bottom_bar;         /* a narrow window's tools */
  GtkWidget            *bottom_tools;
  GtkWidget            *bottom_library_button;
  GtkWidget            *bottom_solve_buttons;
  GtkWidget            *bottom_pause_button;
  GtkWidget            *bottom_undo_tools;
  GtkRevealer          *solve_revealer;
  NonetSolveBar        *solve_bar;
  NonetEventLog        *event_log;
  GtkRevealer          *log_revealer;
  GtkRevealer          *hint_revealer;      /* the hint bar (nonet-window-hint.c) */
  GtkWidget            *hint_area;
  GtkLabel             *hint_title;
  GtkLabel             *hint_label;
  GtkLabel             *hint_count;
  GtkButton            *hint_apply_button;

  /* Owned */
  GSettings            *settings;
  NeStore              *store;              /* NULL when the library could not open */
  NeGame               *game;               /* the game in play; NULL before the first */
  NeGame               *editor_game;        /* the puzzle being entered; NULL unless editing */
  char                 *puzzle_title;       /* the game's puzzle's title; NULL for none */
  NonetLibraryWindow   *library_window;     /* weak: made when first shown, destroyed with us */
  GCancellable         *generate_cancellable;  /* the generation whose result we want */
  guint                 clock_id;
  guint                 trim_id;            /* nonet_window_trim_memory_later's idle */

  /* The game's clock (ne-clock.h): it runs while nothing holds it. */
  NeClock               clock;
  gboolean              game_started;       /* a move was made: the clock may run */
  gint64                shown_seconds;

  gboolean              paused;
  gboolean              welcoming;          /* the first start's welcome page is up */
  gboolean              show_log;           /* the solver's step log beside the board */
  int                   debug_geometry[4];

  /* Solve and Animate. While the overlay is on, the grid shows a run's
   * board (a run, its end, or Solve's solution) and the game is locked and
   * untouched; turning it off shows the game as it was. */
  gboolean              overlay_on;
  GCancellable         *solve_cancellable;  /* the Solve whose result we want */
  NeSolveRun           *run;                /* the animated run; NULL if none */
  NcOrder               run_order;          /* the cell order of run */
  GCancellable         *run_check_cancellable; /* whether run's puzzle has other solutions */
  gint64                status_us;          /* when the status line last changed */
  gint64                a11y_us;            /* when screen readers last got the run */
  NonetAnnouncer       *announcer;          /* says the run to a screen reader */
  GCancellable         *explain_cancellable; /* why there is no solution: the answer we want */

  /* Hint (nonet-window-hint.c): the hint shown, which the next press
   * applies, until the game changes; NULL when none is waiting. */
  NeHint               *hint;
  NeGame               *hint_game;          /* the game the bar speaks of, while it shows */
  gboolean              hint_applying;      /* its moves are being played */
  NonetSearchPanel     *search_panel;       /* the run's depth plot and heat legend */
  GSimpleActionGroup   *search_actions;     /* "search": nonet-window-search.c */
};

/* nonet-window.c: play and the clock */
void     nonet_window_toast                 (NonetWindow  *self,
                                             const char   *title);
/* One place decides what may be done now. */
void     nonet_window_update_actions        (NonetWindow  *self);
void     nonet_window_update_all            (NonetWindow  *self);
void     nonet_window_stop_clock            (NonetWindow  *self);
void     nonet_window_trim_memory_later     (NonetWindow  *self);
void     nonet_window_set_paused            (NonetWindow  *self,
                                             gboolean      paused);
void     nonet_window_game_can_undo_redo    (NonetWindow  *self);
void     nonet_window_grid_show             (NonetWindow  *self);
void     nonet_window_set_game              (NonetWindow  *self,
                                             NeGame       *game);
void     nonet_window_play                  (NonetWindow  *self,
                                             NeGame       *game);
/* The first start ever: a welcome page over the board, once (the
 * show-welcome setting). Leaving it is choosing what to play. */
void     nonet_window_show_welcome          (NonetWindow  *self);
void     nonet_window_leave_welcome         (NonetWindow  *self);
void     nonet_window_start_game            (NonetWindow         *self,
                                             const NcGrid        *givens,
                                             const NcGrid        *solution,
                                             const NcGradeResult *graded,
                                             const char          *source);

/* nonet-window-solve.c: Solve and Animate */
void     nonet_window_end_solve             (NonetWindow  *self);
void     nonet_window_run_clear             (NonetWindow  *self);
/* An animated run is started and not yet finished. */
gboolean nonet_window_run_active            (NonetWindow  *self);
void     nonet_window_update_log            (NonetWindow  *self);
/* The solve bar, made on the first call. */
NonetSolveBar *nonet_window_solve_bar      (NonetWindow  *self);
void     nonet_window_solve_bar_order_changed (NonetWindow *self);
void     nonet_window_solve_bar_speed_changed (NonetWindow *self);
void     nonet_window_action_solve          (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_animate        (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_compare        (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_animate_pause  (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_animate_step   (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_animate_stop   (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);

/* nonet-window-search.c: the depth plot, the heat map and their export */
void     nonet_window_search_init           (NonetWindow  *self);
void     nonet_window_search_start          (NonetWindow  *self);
void     nonet_window_search_events         (NonetWindow  *self,
                                             const NcEvent *events,
                                             guint         n_events);
void     nonet_window_search_sync           (NonetWindow  *self);
void     nonet_window_search_closed         (NonetWindow  *self);
/* A run is on show and the plot or the heat map is asked for. */
gboolean nonet_window_search_wanted         (NonetWindow  *self);

/* nonet-window-generate.c: New Game and the Generate dialog */
/* The preset the first start ever, and Ctrl+N without a menu, use. */
#define NONET_DEFAULT_PRESET "easy"
void     nonet_window_set_generating        (NonetWindow  *self,
                                             gboolean      generating);
void     nonet_window_stop_generating       (NonetWindow  *self);
void     nonet_window_new_game              (NonetWindow  *self,
                                             const char   *preset_id);
void     nonet_window_action_generate       (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);

/* nonet-window-print.c: print and export to PDF */
void     nonet_window_action_print          (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_print_progress (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_export_pdf     (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);

/* nonet-window-editor.c: the puzzle editor */
void     nonet_window_leave_editor          (NonetWindow  *self);
void     nonet_window_action_enter_puzzle   (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_edit_puzzle    (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_start_puzzle   (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_cancel_puzzle  (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_paste          (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);

/* nonet-window-solutions.c: Show Solutions, and why there is none */
void     nonet_window_show_solutions        (NonetWindow  *self);
void     nonet_window_action_show_solutions (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
/* message: "This puzzle has no solution: …", heard and shown as is; why:
 * the cell or unit to mark, kind NONE when the search proved it. */
typedef void (*NonetWindowNoSolutionFunc) (NonetWindow           *self,
                                           const NcGrid          *puzzle,
                                           const char            *message,
                                           const NcContradiction *why);
/* Finds out why puzzle (no conflicts, no solution) has none, on a worker,
 * and calls done unless stopped or asked again meanwhile. */
void     nonet_window_explain_no_solution   (NonetWindow               *self,
                                             const NcGrid              *puzzle,
                                             NonetWindowNoSolutionFunc  done);
void     nonet_window_stop_explaining       (NonetWindow  *self);

/* nonet-window-a11y.c: the window heard with a screen reader */
/* Names what GTK 4.8 names by class or mnemonic; the launch is said. */
void     nonet_window_a11y_init             (NonetWindow  *self);
void     nonet_window_a11y_shortcuts        (GtkWindow    *shortcuts);
/* Undoes (redo: redoes) a move of game, puts the cursor on its cell and
 * says what changed ("Undid 5 at row 3, column 4"). */
void     nonet_window_a11y_undo             (NonetWindow  *self,
                                             NeGame       *game,
                                             gboolean      redo);
/* Says "Paused" or "Resumed". */
void     nonet_window_a11y_paused           (NonetWindow  *self,
                                             gboolean      paused);

/* nonet-window-hint.c: a hint while playing */
void     nonet_window_hint_init             (NonetWindow  *self);
/* The bar closed and the hint dropped (a new game, a pause, the end). */
void     nonet_window_hint_dismiss          (NonetWindow  *self);
/* "Solved in 4:12" with the hints the game was given: "Solved in 4:12
 * (2 hints)"; text as it is without any. */
char    *nonet_window_hint_finish_text      (NonetWindow  *self,
                                             const char   *text);
void     nonet_window_action_hint           (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_hint_close     (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);

/* nonet-window-title.c: the puzzle's title in the header bar */
/* Follows the library's changes from now on, and shows the game's title. */
void     nonet_window_title_init            (NonetWindow  *self);
/* Reads the title of the game's puzzle from the library and shows it. */
void     nonet_window_title_reload          (NonetWindow  *self);
/* Shows title (NULL: none) for the game, as for a game outside the library. */
void     nonet_window_title_set             (NonetWindow  *self,
                                             const char   *title);
/* Shows the title known, or the app's name while editing or when none. */
void     nonet_window_title_show            (NonetWindow  *self);

/* nonet-window-library.c: the library, imports and recovery */
void     nonet_window_action_library        (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
void     nonet_window_action_add_to_library (GtkWidget    *widget,
                                             const char   *action_name,
                                             GVariant     *parameter);
/* Resumes the game in progress; the first start ever generates one. */
void     nonet_window_open_library          (NonetWindow  *self);
/* Plays a puzzle of the library (resuming its game) and presents the window. */
void     nonet_window_open_puzzle           (NonetWindow  *self,
                                             gint64        puzzle_id);
void     nonet_window_add_file_drop         (NonetWindow  *self);

G_END_DECLS
