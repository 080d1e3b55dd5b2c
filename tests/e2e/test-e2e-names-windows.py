#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-names-windows.py: every widget a user can reach in the Library
# window and the generator dialog has a name a screen reader can say. The
# accessible tree of each window is walked (what shows: the lists, the
# filters, the menus (GTK 4.8 lists them closed), the generator's results once made) and the
# test fails on any object named after its GTK class ("GtkListItemWidget",
# "GtkStackPage", "GtkImage"...), any name with a mnemonic underscore
# ("_Open Open"), and any control (button, switch, menu, list row...) with
# no name at all.

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
from nonet_e2e import pyatspi  # noqa: E402

# The roles a user acts on or moves to: each must be named.
NAMED_ROLES = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_MENU, pyatspi.ROLE_MENU_ITEM,
    pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM, pyatspi.ROLE_SPIN_BUTTON,
    pyatspi.ROLE_SLIDER, pyatspi.ROLE_TABLE_ROW, pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_TABLE,
    pyatspi.ROLE_LIST, pyatspi.ROLE_TREE_TABLE, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_PAGE_TAB, pyatspi.ROLE_PANEL,
}
# GTK 4.8 has no switch role: a GtkSwitch is a toggle button.
CLASS_NAME = re.compile(r"^(Gtk|Adw)[A-Z]\w*\b")
MNEMONIC = re.compile(r"(^|\s)_\w")


# Objects a screen reader does not stop at, named or not: GTK's own
# insides (a button's icon, a scroll bar, the cells of a row it reads as one).
UNSPOKEN_ROLES = {
    pyatspi.ROLE_FILLER, pyatspi.ROLE_SCROLL_BAR, pyatspi.ROLE_IMAGE, pyatspi.ROLE_TABLE_CELL,
    pyatspi.ROLE_LABEL, pyatspi.ROLE_SEPARATOR,
}
BUTTONS = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON}


def faults(root):
    """(path, why, name) of each visible object whose name is wrong. GTK
    4.8 reports no object as showing: visible is what there is. A button's
    insides are the button's (Orca says its name), and of a drop-down the
    button that takes the focus."""
    found = []

    def walk(node, path, depth=0, inside_combo=False):
        if node is None or depth > 60:
            return
        try:
            state = node.getState()
            role = node.getRole()
            name = node.name or ""
            count = node.childCount
        except Exception:
            return
        if depth > 0 and not state.contains(pyatspi.STATE_VISIBLE):
            return
        if inside_combo and role not in BUTTONS:
            return
        where = f"{path}/{node.getRoleName()}"
        if role not in UNSPOKEN_ROLES and CLASS_NAME.match(name):
            found.append((where, "a GTK class name", name))
        elif MNEMONIC.search(name):
            found.append((where, "a mnemonic underscore", name))
        elif role in NAMED_ROLES and role != pyatspi.ROLE_PANEL and not name.strip():
            found.append((where, "no name", name))
        if role in BUTTONS or inside_combo:
            return
        for i in range(min(count, 400)):
            try:
                walk(node.getChildAtIndex(i), where, depth + 1, role == pyatspi.ROLE_COMBO_BOX)
            except Exception:
                continue

    walk(root, "")
    return found


def check(root, what):
    bad = faults(root)
    for where, why, name in bad:
        print(f"  {what}: {why}: {name!r} at {where}")
    print(f"{what}: {len(bad)} badly named objects")
    return [f"{what}: {why} {name!r}" for where, why, name in bad]


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)
    problems = []

    # The Library: its list of the built-in collections.
    app.key("ctrl+l")
    library = app.window("Library")
    wid = app.window_id("Library")
    e2e.wait_for("the row of “Easy 1”", lambda: app.find_named(library, "Easy 1"))
    e2e.wait_for("a row named by its puzzle",
                 lambda: app.find_in(library, lambda a: a is not None and a.getRole() == pyatspi.ROLE_TABLE_ROW
                                     and (a.name or "").startswith("Easy 1, ")))
    problems += check(library, "Library")
    # (GTK 4.8 reports a closed menu as visible too: the walk has read the
    # menus already.)

    # The generator, before and after a small batch.
    app.key("ctrl+g")
    dialog = app.window(e2e.GENERATE_TITLE)
    e2e.spin_value(app, dialog, "How many").currentValue = 2
    e2e.spin_value(app, dialog, "Clue target").currentValue = 30
    problems += check(dialog, "Generator")
    app.press_in(dialog, "Generate")
    e2e.wait_for("two results", lambda: len(e2e.generator_results(dialog)) == 2, timeout=120)
    problems += check(dialog, "Generator's results")

    if problems:
        raise e2e.Failure("badly named objects:\n  " + "\n  ".join(problems))
    print("PASS: the Library, its menu, the generator and its results name every object a user reaches")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
