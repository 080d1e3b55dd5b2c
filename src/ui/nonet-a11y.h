/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nonet-a11y.h: names a screen reader can say, where GTK 4.8 would say a
 * widget's class ("GtkButton", "GtkPopoverMenu menu", "GtkListItemWidget")
 * or a mnemonic ("_Pause Pause"). Any window may use them. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* text without its mnemonic underscores: "S_tep" is "Step", "__" is "_". */
char *nonet_a11y_strip_mnemonic    (const char   *text);
/* Names widget for a screen reader (its accessible label). */
void  nonet_a11y_name              (GtkWidget    *widget,
                                    const char   *name);
/* Names a button by its label without the mnemonic's underscore. Call it
 * again after each gtk_button_set_label: GTK 4.8 labels a button by its
 * mnemonic label's raw text ("_Pause"), before the button's own name. */
void  nonet_a11y_name_button       (GtkButton    *button);
/* Walks root and the widgets below it, once they are built: buttons with a
 * mnemonic are named as nonet_a11y_name_button does; a menu button and its
 * popover (a menu) by the button's tooltip (else its label); a list's items
 * (GtkListItemWidget) by the text of their first label, whenever a popover
 * below root is shown; a stack's pages by their titles; a column view's
 * row of titles; a drop-down not named by nonet_a11y_name_choice by the
 * value it shows, kept up to date. */
void  nonet_a11y_quiet_class_names (GtkWidget    *root);
/* Names dropdown "label: its selected item" ("Cell order: Reading order"),
 * and again whenever the selection changes; its button and its popup's
 * items are named too. The model's items must be GtkStringObjects. */
void  nonet_a11y_name_choice       (GtkDropDown  *dropdown,
                                    const char   *label);

G_END_DECLS
