#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-library.py: the puzzle library as a person uses it. Ctrl+L opens
# the library on a fresh home, holding the built-in collections; a search
# narrows it to Inkala's "Everest", which opens in the main window with its
# givens. Deleting it leaves the "No Puzzles Match" page and Undo brings it
# back. `nonet FILE` from a second process imports a file of two good
# puzzles and one bad line into the running app: the report counts them and
# names the bad line. Searching goes by words and numbers ("easy 3" is one
# puzzle, not Easy 30 to 39), rows read as their content, and opening a
# puzzle puts the focus on the board and says which. The import asks for
# the collection (prefilled with the file's name) and titles the puzzles
# after it; a file of bad lines only imports nothing and makes no
# collection. Screenshots of the library, its empty state and the report
# go to NONET_TEST_OUTPUT.

import contextlib
import os
import re
import sqlite3
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
from nonet_e2e import pyatspi  # noqa: E402

EVEREST = "".join(["8........", "..36.....", ".7..9.2..", ".5...7...", "....457..",
                   "...1...3.", "..1....68", "..85...1.", ".9....4.."])

# Two 17-clue puzzles (from the shared 17-clue collection) and a line one
# cell short.
IMPORT_LINES = [
    "..............1..2..3....4.....3......564.....7....1.8...4...5..8.......12.9.....",
    "..............1.23..4.56......2........73......8...6...2.3...7.6.....5..9........",
    "..............1.23..4.56......2........73......8...6...2.3...7.6.....5..9.......",
]


def choose_in_drop_down(app, root, wid, name, current, item, moves):
    """Chooses item in the drop-down (a combo box) named name, showing
    current, as from the keyboard: its button pressed through its click
    action; once its list has the keyboard focus on current, the keys moves
    from there to item, and Return; then waits for the button to show item.
    (The list's rows exist while it is closed, and GTK 4.8 says none of
    them is showing: the focus tells that the list is open.)"""
    combo = e2e.wait_for(f"the drop-down {name!r}",
                         lambda: app.find_in(root, lambda a: a is not None and a.name == name
                                             and a.getRole() == pyatspi.ROLE_COMBO_BOX))

    def button_showing(label):
        return app.find_in(combo, lambda a: a is not None and a.getRole() == pyatspi.ROLE_PUSH_BUTTON
                           and a.name == label)

    button = e2e.wait_for(f"{name!r} to show {current!r}", lambda: button_showing(current))
    action = button.queryAction()
    action.doAction([action.getName(i) for i in range(action.nActions)].index("click"))
    e2e.wait_for(f"the focus on the row {current!r} of {name!r}",
                 lambda: app.find_in(combo, lambda a: a is not None and a.name == current
                                     and a.getRole() == pyatspi.ROLE_LIST_ITEM
                                     and a.getState().contains(pyatspi.STATE_FOCUSED)))
    e2e.key_window(wid, *moves, "Return")
    e2e.wait_for(f"{name!r} to show {item!r}", lambda: button_showing(item))


def search(app, wid, text):
    e2e.key_window(wid, "ctrl+f", "ctrl+a", "BackSpace")
    e2e.type_window(wid, text)


def focused(app, root):
    return app.find_in(root, lambda a: a is not None and a.getState().contains(pyatspi.STATE_FOCUSED))


def collections(home):
    """The names of the library's collections, read from its file."""
    db = os.path.join(home.env["XDG_DATA_HOME"], "nonet", "library.db")
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        return {name for (name,) in con.execute("SELECT name FROM collection")}


def entry_text(entry):
    text = entry.queryText()
    return text.getText(0, text.characterCount)


def import_file(app, home, path, name=None):
    """`nonet FILE` from a second process; the dialog asks for the
    collection, prefilled with the file's name: name (if given) replaces it.
    Returns the report's window and its summary line."""
    second = subprocess.run([os.environ["NONET_APP"], path], env=home.env,
                            capture_output=True, text=True, timeout=30)
    if second.returncode != 0:
        raise e2e.Failure(f"`nonet FILE` exited with {second.returncode}: {second.stderr}")
    dialog = app.window("Import", timeout=60)
    stem = os.path.splitext(os.path.basename(path))[0]
    entry = e2e.wait_for("the collection entry", lambda: app.find_in(
        dialog, lambda a: a is not None and a.getRole() == pyatspi.ROLE_TEXT))
    prefilled = e2e.wait_for("the file's name in the entry",
                             lambda: entry_text(entry) == stem and stem)
    print(f"import asks for the collection: {prefilled!r} prefilled")
    if name is not None:
        e2e.key_window(app.window_id("Import"), "ctrl+a")
        e2e.type_window(app.window_id("Import"), name)
        e2e.wait_for(f"{name!r} typed", lambda: entry_text(entry) == name)
    app.press_in(dialog, "Import")
    summary = e2e.wait_for("the report", lambda: app.find_in(
        dialog, lambda a: a is not None and re.match(r"(Imported |Nothing was imported)", a.name or "")),
        timeout=60)
    return dialog, summary


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)
    shot_dir = os.environ.get("NONET_TEST_OUTPUT", home.path)
    os.makedirs(shot_dir, exist_ok=True)

    # Ctrl+L: the library, with the built-in collections.
    app.key("ctrl+l")
    library = app.window("Library")
    wid = app.window_id("Library")
    e2e.wait_for("the row of “Easy 1”", lambda: app.find_named(library, "Easy 1"))
    print("library open: “Easy 1” listed")
    app.screenshot(os.path.join(shot_dir, "e2e-library.png"), wid)

    # The Hardest Technique filter: X-wing (the 11th technique) leaves the
    # puzzles that need one and nothing harder, the Hard collection's.
    choose_in_drop_down(app, library, wid, "Hardest Technique", "Any Technique", "X-wing",
                        ["Down"] * 11)
    e2e.wait_for("“Hard 1” listed and “Easy 1” not",
                 lambda: app.find_named(library, "Hard 1") is not None
                 and app.find_named(library, "Easy 1") is None)
    app.screenshot(os.path.join(shot_dir, "e2e-library-x-wing.png"), wid)
    choose_in_drop_down(app, library, wid, "Hardest Technique", "X-wing", "Any Technique",
                        ["Up"] * 11)
    e2e.wait_for("the row of “Easy 1” again", lambda: app.find_named(library, "Easy 1"))
    print("hardest technique X-wing: “Hard 1” listed, “Easy 1” not")

    search(app, wid, "Extreme")
    e2e.wait_for("the row of “Extreme 1”", lambda: app.find_named(library, "Extreme 1"))
    if app.find_named(library, "Easy 1") is not None:
        raise e2e.Failure("searching “Extreme” still lists “Easy 1”")
    print("search “Extreme”: “Extreme 1” listed, “Easy 1” not")

    # Words and numbers as a person means them: "easy 3" is Easy 3 alone,
    # not Easy 30 to 39; "eas" is no word of any title.
    search(app, wid, "easy 3")
    e2e.wait_for("“easy 3”: one puzzle", lambda: app.find_named(library, "1 puzzle"))
    search(app, wid, "eas")
    e2e.wait_for("“eas”: nothing", lambda: app.find_named(library, "No Puzzles Match"))
    print("search “easy 3”: one puzzle; “eas”: none")

    search(app, wid, "Everest")
    e2e.wait_for("one puzzle left", lambda: app.find_named(library, "1 puzzle"))
    e2e.wait_for("the row of “Everest”", lambda: app.find_named(library, "Everest"))
    print("search “Everest”: one row")

    # Enter selects the match and focuses its row, which reads as its
    # content; Open plays it in the main window, focused on the board,
    # which says which puzzle opened.
    e2e.key_window(wid, "Return")
    e2e.wait_for("a selection", lambda: app.find_named(library, "1 of 1 puzzle selected"))
    row = e2e.wait_for("the focused row", lambda: focused(app, library))
    if not re.fullmatch(r"Everest, 21 clues, \w+, New", row.name or ""):
        raise e2e.Failure(f"the focused row reads {row.name!r} ({row.getRoleName()})")
    print(f"the focused row reads {row.name!r}")
    app.press_in(library, "Open")
    opened = e2e.wait_for("the board to say the puzzle opened",
                          lambda: app.grid.getState().contains(pyatspi.STATE_FOCUSED)
                          and (app.grid.description or "").startswith("Opened ") and app.grid.description)
    if not re.fullmatch(r"Opened Everest, 21 clues, \w+", opened):
        raise e2e.Failure(f"opening says {opened!r}")
    print(f"opened: the board has the focus and says {opened!r}")
    # The library stepped aside for it.
    e2e.wait_for("the library to close", lambda: not library.getState().contains(e2e.pyatspi.STATE_VISIBLE))
    board = e2e.read_board(app)
    for cell, digit in enumerate(EVEREST):
        want = f", {digit}, given" if digit != "." else ", empty"
        if want not in board[cell]:
            raise e2e.Failure(f"cell {cell} reads {board[cell]!r}, Everest has {digit!r}")
    print("Everest opened: the grid holds Inkala's 21 givens")

    # Delete it, see the empty state, and undo.
    app.key("ctrl+l")
    library = app.window("Library")
    e2e.wait_for("the row of “Everest”", lambda: app.find_named(library, "Everest"))
    e2e.key_window(wid, "ctrl+f", "Return")
    e2e.wait_for("a selection", lambda: app.find_named(library, "1 of 1 puzzle selected"))
    app.press_in(library, "Delete")
    e2e.wait_for("the empty state", lambda: app.find_named(library, "No Puzzles Match"))
    app.screenshot(os.path.join(shot_dir, "e2e-library-empty.png"), wid)
    toast = e2e.wait_for("the delete toast",
                         lambda: app.find_in(library, lambda a: a is not None
                                             and (a.name or "").startswith("Deleted ")))
    print(f"deleted: {toast.name!r}")
    app.press_in(library, "Undo")
    e2e.wait_for("“Everest” back", lambda: app.find_named(library, "Everest"))
    print("undo: “Everest” is back")

    # `nonet FILE` in a second process imports into the running app, into
    # the collection the dialog is told.
    path = os.path.join(home.path, "small.txt")
    with open(path, "w") as f:
        f.write("\n".join(IMPORT_LINES) + "\n")
    report, summary = import_file(app, home, path, "Newspaper")
    if not summary.name.startswith("Imported 2 puzzles into “Newspaper”") or "1 skipped" not in summary.name:
        raise e2e.Failure(f"the report says {summary.name!r}")
    line = e2e.wait_for("the bad line's message",
                        lambda: app.find_in(report, lambda a: a is not None and "line 3: " in (a.name or "")))
    print(f"import report: {summary.name!r}; {line.name!r}")
    app.screenshot(os.path.join(shot_dir, "e2e-import-report.png"), app.window_id("Import"))

    # Show in Library: the new collection.
    app.press_in(report, "Show in Library")
    library = app.window("Library")
    e2e.wait_for("the imported collection", lambda: app.find_named(library, "2 puzzles"))
    # Titled after their collection, not "#303".
    e2e.wait_for("“Newspaper 2”", lambda: app.find_named(library, "Newspaper 2"))
    print("shown in the library: 2 puzzles, “Newspaper 1” and “Newspaper 2”")
    app.screenshot(os.path.join(shot_dir, "e2e-library-imported.png"), wid)
    e2e.key_window(wid, "Escape")

    # A file of bad lines only: a clear report, no collection made.
    bad = os.path.join(home.path, "bad.txt")
    with open(bad, "w") as f:
        f.write(IMPORT_LINES[2] + "\n12345678x\n")
    report, summary = import_file(app, home, bad)
    if not summary.name.startswith("Nothing was imported from “bad.txt”") or "2 skipped" not in summary.name:
        raise e2e.Failure(f"the report of a bad file says {summary.name!r}")
    show = app.find_button("Show in Library", report)
    if show is None or show.getState().contains(pyatspi.STATE_SENSITIVE):
        raise e2e.Failure("Show in Library is offered after importing nothing")
    if "bad" in collections(home) or "Newspaper" not in collections(home):
        raise e2e.Failure(f"the collections after a bad file: {sorted(collections(home))}")
    print(f"bad file: {summary.name!r}; no collection “bad”")
    app.screenshot(os.path.join(shot_dir, "e2e-import-nothing.png"), app.window_id("Import"))
    e2e.key_window(app.window_id("Import"), "Escape")

    code = app.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code}")
    print("PASS: library listed, searched, opened, deleted and restored; a file imported from the command line")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
