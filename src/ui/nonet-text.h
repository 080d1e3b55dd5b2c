/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-text.h: text from the library, the player and file names, made
 * safe for the widgets that show it, times and puzzles written for the
 * player, and the names a screen reader says for a list's rows. A
 * toast's title is Pango markup, so a title "a & b" or "<span size=…>" must
 * reach it escaped; a file name is any bytes, and GTK and the accessibility
 * bus take only UTF-8. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A toast that shows text as it is: never read as markup, and invalid
 * UTF-8 shown as U+FFFD. */
AdwToast *nonet_toast_new              (const char *text);
/* Adds toast (taking it) to overlay. */
void      nonet_toast_show             (AdwToastOverlay *overlay,
                                        AdwToast        *toast);

/* A file's name for the player to read: its base name in UTF-8, whatever
 * the bytes of the name on disk. */
char     *nonet_file_display_name      (GFile      *file);

/* A time played: "4:32", "1:02:03". */
char     *nonet_format_duration        (gint64      ms);

/* A puzzle in one line, as a row and a screen reader say it: "Easy 3,
 * 36 clues, Medium, In progress". title NULL, grade or status -1: left out. */
char     *nonet_describe_puzzle        (const char *title,
                                        int         clues,
                                        int         grade,
                                        int         status);

/* Names the row of a GtkColumnView (or GtkListView) that cell_child, a
 * cell's widget, is bound into: what a screen reader says on the row.
 * Call it from the cell's bind. */
void      nonet_list_row_set_label     (GtkWidget  *cell_child,
                                        const char *label);

/* Names the list inside a GtkColumnView, view, as the view is named. */
void      nonet_list_view_set_label    (GtkWidget  *view,
                                        const char *label);

/* gtk_widget_set_tooltip_text, without its question to the display of
 * where the pointer is (a round trip to the X server, 0.14 ms here) when
 * widget is not on screen yet, so under no pointer: the window's tooltips
 * are set before its first frame. */
void      nonet_widget_set_tooltip     (GtkWidget  *widget,
                                        const char *text);

G_END_DECLS
