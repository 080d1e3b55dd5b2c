#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-names.py: everything a user can reach in the main window has a
# name a screen reader can say. The main window, its main menu, the number
# pad and the shortcuts window are walked through AT-SPI; a showing widget
# a user can reach (focusable, or a button, menu item, page tab, ...) fails
# the test when its name is empty, is a GTK class name ("GtkButton",
# "GtkPopoverMenu menu": GTK 4.8's fallback) or still holds a mnemonic's
# underscore ("_1 page tab", "_New Game New Game").

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
import pyatspi  # noqa: E402

# Roles a user meets by keyboard or pointer, whatever their focusable state.
REACHED = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
           pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM,
           pyatspi.ROLE_RADIO_MENU_ITEM, pyatspi.ROLE_MENU, pyatspi.ROLE_PAGE_TAB,
           pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_SLIDER, pyatspi.ROLE_SPIN_BUTTON,
           pyatspi.ROLE_ENTRY, pyatspi.ROLE_TEXT, pyatspi.ROLE_TABLE_CELL, pyatspi.ROLE_LIST_ITEM}
CLASS_NAME = re.compile(r"\b(Gtk|Adw)[A-Z]\w*")
MNEMONIC = re.compile(r"_(?=\w)")


def reachable(node):
    try:
        states = node.getState()
        if not states.contains(pyatspi.STATE_SHOWING) and not states.contains(pyatspi.STATE_VISIBLE):
            return False
        return node.getRole() in REACHED or states.contains(pyatspi.STATE_FOCUSABLE)
    except Exception:
        return False


BUTTONS = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON}


def walk(node, path, bad, seen, in_button=False):
    """Appends to bad a line for every reachable node badly named. What a
    button shows (a dropdown's current item) is reached as the button."""
    if node is None:
        return
    try:
        role = node.getRoleName()
        name = node.name or ""
    except Exception:
        return
    here = f"{path} > {role} {name!r}"
    seen.append(here)
    if reachable(node) and not in_button:
        if not name.strip():
            bad.append(f"no name: {here}")
        elif CLASS_NAME.search(name):
            bad.append(f"a class name: {here}")
        elif MNEMONIC.search(name):
            bad.append(f"a mnemonic: {here}")
    try:
        count = node.childCount
    except Exception:
        return
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        walk(child, here if len(path) < 400 else "...", bad, seen,
             in_button or node.getRole() in BUTTONS)


def check(app, root, what, out):
    bad, seen = [], []
    walk(root, what, bad, seen)
    with open(out, "a", encoding="utf-8") as f:
        f.write("\n".join(seen) + "\n")
    return bad


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)
    out = os.path.join(home.path, "tree.txt")
    bad = []
    frame = app.window(e2e.TITLE)
    bad += check(app, frame, "main window", out)
    # The pad's digits and the cell order, as a user hears them.
    for d in range(1, 10):
        if app.find_button(f"Digit {d}") is None:
            bad.append(f"the pad's {d} is not named 'Digit {d}'")

    # The solve bar, made when first needed: Animate shows it, paused
    # while it runs, and the window is walked again with it.
    app.press("Animate")
    button = e2e.wait_for("the solve bar's Pause or Close", lambda: e2e.find_bar_button(app, "Pause")
                          or e2e.find_bar_button(app, "Close"))
    if button.name.endswith("Pause"):
        e2e.press_bar_button(app, "Pause")
        e2e.wait_for("the run paused", lambda: e2e.find_bar_button(app, "Resume")
                     or e2e.find_bar_button(app, "Close"))
    if app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_COMBO_BOX
                and a.name == "Cell order: Reading order") is None:
        bad.append("the cell order does not say its choice ('Cell order: Reading order')")
    bad += check(app, frame, "main window with the solve bar", out)

    # The main menu, open.
    # (F10, as a user would: GTK 4.8's menu button has no AT-SPI action.)
    e2e.wait_for("the main menu button", lambda: app.find_button("Main Menu"))
    app.key("F10")
    menu = e2e.wait_for("the main menu open", lambda: app.find(
        lambda a: a is not None and a.getRole() == pyatspi.ROLE_MENU_ITEM))
    bad += check(app, app.accessible, "main menu", out)
    app.key("Escape")
    e2e.wait_for("the main menu closed", lambda: not menu.getState().contains(pyatspi.STATE_SHOWING))

    # The shortcuts window.
    app.key("ctrl+question")
    shortcuts = app.window("Keyboard Shortcuts")
    bad += check(app, shortcuts, "shortcuts window", out)
    if app.find_in(shortcuts, lambda a: a is not None and a.getRole() == pyatspi.ROLE_PAGE_TAB
                   and a.name == "Page 1") is None:
        bad.append("the shortcuts' first page tab is not named 'Page 1'")
    app.key("Escape")

    bad = sorted(set(bad))
    if bad:
        raise e2e.Failure(f"{len(bad)} widgets are badly named:\n  " + "\n  ".join(bad)
                          + f"\n(the whole tree: {out})")
    print("PASS: every widget a user can reach in the main window, its main menu, its pad and "
          "the shortcuts window has a name, no class name and no mnemonic")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
