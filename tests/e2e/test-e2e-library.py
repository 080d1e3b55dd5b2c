#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-library.py: the puzzle library as a person uses it. Ctrl+L opens
# the library on a fresh home, holding the built-in collections; a search
# narrows it to Inkala's "Everest", which opens in the main window with its
# givens. Deleting it leaves the "No Puzzles Match" page and Undo brings it
# back. `nonet FILE` from a second process imports a file of two good
# puzzles and one bad line into the running app: the report counts them and
# names the bad line. Screenshots of the library, its empty state and the
# report go to NONET_TEST_OUTPUT.

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402

EVEREST = "".join(["8........", "..36.....", ".7..9.2..", ".5...7...", "....457..",
                   "...1...3.", "..1....68", "..85...1.", ".9....4.."])

# Two 17-clue puzzles (from the shared 17-clue collection) and a line one
# cell short.
IMPORT_LINES = [
    "..............1..2..3....4.....3......564.....7....1.8...4...5..8.......12.9.....",
    "..............1.23..4.56......2........73......8...6...2.3...7.6.....5..9........",
    "..............1.23..4.56......2........73......8...6...2.3...7.6.....5..9.......",
]


def search(app, wid, text):
    e2e.key_window(wid, "ctrl+f", "ctrl+a", "BackSpace")
    e2e.type_window(wid, text)


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

    search(app, wid, "Extreme")
    e2e.wait_for("the row of “Extreme 1”", lambda: app.find_named(library, "Extreme 1"))
    if app.find_named(library, "Easy 1") is not None:
        raise e2e.Failure("searching “Extreme” still lists “Easy 1”")
    print("search “Extreme”: “Extreme 1” listed, “Easy 1” not")

    search(app, wid, "Everest")
    e2e.wait_for("one puzzle left", lambda: app.find_named(library, "1 puzzle"))
    e2e.wait_for("the row of “Everest”", lambda: app.find_named(library, "Everest"))
    print("search “Everest”: one row")

    # Enter selects the match; Open plays it in the main window.
    e2e.key_window(wid, "Return")
    e2e.wait_for("a selection", lambda: app.find_named(library, "1 of 1 puzzle selected"))
    app.press_in(library, "Open")
    time.sleep(0.5)
    e2e.key_window(wid, "Escape")
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

    # `nonet FILE` in a second process imports into the running app.
    path = os.path.join(home.path, "small.txt")
    with open(path, "w") as f:
        f.write("\n".join(IMPORT_LINES) + "\n")
    second = subprocess.run([os.environ["NONET_APP"], path], env=home.env,
                            capture_output=True, text=True, timeout=30)
    if second.returncode != 0:
        raise e2e.Failure(f"`nonet FILE` exited with {second.returncode}: {second.stderr}")
    report = app.window("Import", timeout=60)
    summary = e2e.wait_for("the report", lambda: app.find_in(report, lambda a: a is not None
                                                              and (a.name or "").startswith("Imported ")),
                           timeout=60)
    if not summary.name.startswith("Imported 2 puzzles into “small”") or "1 skipped" not in summary.name:
        raise e2e.Failure(f"the report says {summary.name!r}")
    line = e2e.wait_for("the bad line's message",
                        lambda: app.find_in(report, lambda a: a is not None and "line 3: " in (a.name or "")))
    print(f"import report: {summary.name!r}; {line.name!r}")
    app.screenshot(os.path.join(shot_dir, "e2e-import-report.png"), app.window_id("Import"))

    # Show in Library: the new collection.
    app.press_in(report, "Show in Library")
    library = app.window("Library")
    e2e.wait_for("the imported collection", lambda: app.find_named(library, "2 puzzles"))
    print("shown in the library: 2 puzzles")
    app.screenshot(os.path.join(shot_dir, "e2e-library-imported.png"), wid)

    code = app.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code}")
    print("PASS: library listed, searched, opened, deleted and restored; a file imported from the command line")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
