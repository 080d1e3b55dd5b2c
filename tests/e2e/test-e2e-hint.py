#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-hint.py: Hint by keyboard alone. On Wikipedia's newspaper puzzle
# (pasted into the editor and started), Ctrl+H shows the grader's first step
# (`nonet-cli grade --explain` says "1. r5c5 must be 5: it is the only digit
# left for it"): the hint bar, a status a screen reader reads, names the
# technique and the sentence, and the cursor is on r5c5. Ctrl+H again places
# the 5 as a move of the player's, counted as one hint; Ctrl+Z takes the 5
# back and not the count. The count is in the library at once, and after
# closing and reopening the app the next hint is the second of the game.
# A wrong digit is the hint before any step, and the second press clears
# it. Last, a nearly solved puzzle finished by a hint: the finish bar says
# "(1 hint)". Read back as a screen reader hears the app (AT-SPI), the
# count in the app's debug log and in the library file.

import contextlib
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyatspi  # noqa: E402

import nonet_e2e as e2e  # noqa: E402

NEWSPAPER = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SOLVED = ("534678912672195348198342567859761423426853791"
          "713924856961537284287419635345286179")
# All but r1c2: a pasted puzzle's first cell must be a given.
NEARLY = SOLVED[0] + "0" + SOLVED[2:]
# The grader's first step on it, as nonet-cli grade --explain prints it.
FIRST_CELL = 40   # r5c5
FIRST_DIGIT = 5
HINT_SHOWN = "Naked single: R5c5 must be 5: it is the only digit left for it"
HINT_APPLIED = "Hint applied: Placed 5 at row 5, column 5"


def hints_in_library(home):
    """The hints of the game last played, as the library file holds them."""
    db = os.path.join(home.env["XDG_DATA_HOME"], "nonet", "library.db")
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        row = con.execute("SELECT hints FROM game ORDER BY updated DESC, id DESC LIMIT 1").fetchone()
    return row[0] if row else None


def hint_status(app):
    """The hint bar's status area, as a screen reader finds it."""
    found = app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_STATUS_BAR
                     and (a.name or "").startswith(("Naked single", "Hint applied", "Not right")))
    return found.name if found is not None else None


def wait_hint(app, text):
    return e2e.wait_for(f"the hint bar to say {text!r}", lambda: hint_status(app) == text)


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)

    e2e.paste_and_start(app, NEWSPAPER)
    # The cursor somewhere else than the hint's cell, and the grid focused.
    app.select(2)

    # First press: the step, its cells, the cursor on its cell.
    app.key("ctrl+h")
    wait_hint(app, HINT_SHOWN)
    app.wait_label("the cursor on the hint's cell",
                   lambda label: label.startswith(e2e.where(FIRST_CELL) + ", empty"))
    if "part of the hint" not in app.label():
        raise e2e.Failure(f"the hint's cell does not say it is part of the hint: {app.label()!r}")
    if f"hint: {HINT_SHOWN} (1 hint used in this game)" not in app.log():
        raise e2e.Failure("the hint shown is not in the log with its count")
    e2e.wait_for("the hint counted in the library", lambda: hints_in_library(home) == 1)
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-hint-shown.png"))

    # Second press: the digit placed, as the player's move.
    app.key("ctrl+h")
    wait_hint(app, HINT_APPLIED)
    app.wait_label("the hint's digit in its cell",
                   lambda label: label.startswith(f"{e2e.where(FIRST_CELL)}, {FIRST_DIGIT}")
                   and "given" not in label)
    if hints_in_library(home) != 1:
        raise e2e.Failure(f"applying the hint counted again: {hints_in_library(home)} in the library")
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-hint-applied.png"))

    # Undo takes the move back, not the count; the bar goes with the change.
    app.key("ctrl+z")
    app.wait_label("the hint's digit undone", lambda label: label.startswith(e2e.where(FIRST_CELL) + ", empty"))
    e2e.wait_for("the hint bar to go", lambda: "hint bar closed" in app.log())
    if hints_in_library(home) != 1:
        raise e2e.Failure(f"undo changed the hints: {hints_in_library(home)} in the library")

    code = app.quit()
    if code != 0:
        raise e2e.Failure(f"the app exited with {code}")
    if hints_in_library(home) != 1:
        raise e2e.Failure(f"closing lost the hint: {hints_in_library(home)} in the library")

    # Reopened, the game goes on with its count: the next hint is its second.
    again = e2e.App(home, run=1)
    apps.append(again)
    again.wait_label("the game resumed", lambda label: "row" in label)
    e2e.wait_for("the newspaper puzzle resumed", lambda: again.select(0).startswith("row 1, column 1, 5, given"))
    again.key("ctrl+h")
    wait_hint(again, HINT_SHOWN)
    if f"hint: {HINT_SHOWN} (2 hints used in this game)" not in again.log():
        raise e2e.Failure("the hint after reopening is not the game's second")
    e2e.wait_for("the second hint in the library", lambda: hints_in_library(home) == 2)

    # A wrong digit (r1c3 is 4) comes first; the second press clears it.
    again.select(2)
    again.key("1")
    again.wait_label("the wrong digit in r1c3", lambda label: label.startswith("row 1, column 3, 1"))
    again.select(0)
    again.key("ctrl+h")
    wait_hint(again, "Not right: Row 1, column 3 is not right")
    again.wait_label("the cursor on the wrong digit", lambda label: label.startswith("row 1, column 3, 1"))
    again.screenshot(os.path.join(e2e.shot_dir(home), "e2e-hint-wrong.png"))
    again.key("ctrl+h")
    wait_hint(again, "Hint applied: Cleared row 1, column 3")
    again.wait_label("the wrong digit cleared", lambda label: label.startswith("row 1, column 3, empty"))
    e2e.wait_for("the third hint in the library", lambda: hints_in_library(home) == 3)

    # A game finished by a hint says so in its finish bar.
    e2e.paste_and_start(again, NEARLY)
    again.key("ctrl+h")
    e2e.wait_for("the last cell's hint", lambda: "hint: Naked single: R1c2 must be 3" in again.log())
    again.key("ctrl+h")
    finish = e2e.wait_for("the finish bar", lambda: again.find(
        lambda a: a is not None and a.getRole() == pyatspi.ROLE_STATUS_BAR
        and (a.name or "").startswith("Solved in")))
    if not finish.name.endswith("(1 hint)"):
        raise e2e.Failure(f"the finish bar does not count the hint: {finish.name!r}")
    again.screenshot(os.path.join(e2e.shot_dir(home), "e2e-hint-finished.png"))


if __name__ == "__main__":
    sys.exit(e2e.run(test))
