#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-enter.py: enters a puzzle by clicking cells and typing, as a
# person would: two 5s in a row, and Start names the conflict while the
# editor stays open. Pastes (Ctrl+V, copied from another program): text that
# is not a puzzle is refused with the parser's sentence; a puzzle with
# exactly two solutions fills the editor. Start warns that it has several,
# "Keep Editing" keeps the editor, "Play Anyway" starts it with the digits
# entered locked as givens.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402

# A full grid less the four corners of a deadly rectangle (r4c6, r4c9, r5c6,
# r5c9 hold 1 and 3 either way round) and then less every clue that keeps
# the count at two: 23 clues, exactly two solutions.
TWO_SOLUTIONS = (
    "....7891.6.21.............7..........2.8...9.7....4..6..1.37..4.....963.3..2....."
)
SEVERAL_HEADING = "This Puzzle Has Several Solutions"


def find_heading(app):
    return app.find(lambda a: a is not None and (a.name or "") == SEVERAL_HEADING)


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)

    # Ctrl+E: a blank grid to fill in.
    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: app.find_button("Start"))
    board = e2e.read_board(app)
    if any("empty" not in label for label in board):
        raise e2e.Failure("the editor did not open on a blank grid")

    # A conflict: the editor says which cells and stays open.
    e2e.type_puzzle(app, "5.5" + "." * 78)
    app.press("Start")
    message = e2e.wait_for("the conflict message",
                           lambda: app.find(lambda a: a is not None and "conflict" in (a.name or "")
                                            and "r1c1 and r1c3 are both 5" in (a.name or "")))
    print(f"conflict: {message.name!r}")
    app.select(2)
    app.key("BackSpace")
    app.select(0)
    app.key("BackSpace")
    app.wait_label("r1c1 empty again", lambda s: s.startswith("row 1, column 1, empty"))

    # Pasting: a bad puzzle is refused with the parser's sentence (in a
    # toast), a good one fills the editor.
    toast = e2e.paste(app, "12345", "the parse error toast",
                      lambda: app.find(lambda a: a is not None and "line 1" in (a.name or "")))
    print(f"bad paste: {toast.name!r}")
    said = e2e.paste(app, TWO_SOLUTIONS, "the pasted puzzle",
                     lambda: (lambda s: s if s.startswith("row 1, column 5, 7") else None)(app.select(4)))
    if "given" in said:
        raise e2e.Failure(f"a pasted digit is locked before Start: {said!r}")
    board = e2e.read_board(app)
    for cell, ch in enumerate(TWO_SOLUTIONS):
        expect = "empty" if ch == "." else ch
        if not board[cell].startswith(f"row {cell // 9 + 1}, column {cell % 9 + 1}, {expect}"):
            raise e2e.Failure(f"after pasting, cell {cell} reads {board[cell]!r}, expected {expect}")
    print("pasted the two-solution puzzle")
    app.press("Start")
    e2e.wait_for("the several-solutions warning", lambda: find_heading(app))
    print(f"warning: {SEVERAL_HEADING!r}")
    shot_dir = os.environ.get("NONET_TEST_OUTPUT", home.path)
    os.makedirs(shot_dir, exist_ok=True)

    # Keep editing: the dialog goes, the editor stays.
    app.press("Keep Editing")
    e2e.wait_for("the warning to close", lambda: find_heading(app) is None)
    if app.find_button("Start") is None:
        raise e2e.Failure("Keep Editing closed the editor")

    # Play anyway: the typed digits become givens.
    app.press("Start")
    e2e.wait_for("the warning again", lambda: find_heading(app))
    app.press("Play Anyway")
    e2e.wait_for("the warning to close again", lambda: find_heading(app) is None)
    said = e2e.wait_for("r1c5 to become a given", lambda: (lambda s: s if "given" in s else None)(app.select(4)))
    if not said.startswith("row 1, column 5, 7") or "given" not in said:
        raise e2e.Failure(f"after Play Anyway r1c5 should be a given 7: {said!r}")
    said = app.select(0)
    if "empty" not in said:
        raise e2e.Failure(f"after Play Anyway r1c1 should be empty: {said!r}")
    app.key("4")
    app.wait_label("4 in r1c1", lambda s: s.startswith("row 1, column 1, 4"))
    app.screenshot(os.path.join(shot_dir, "e2e-enter.png"))
    print("PASS: conflict named, paste parsed, several solutions warned about, "
          "Keep Editing and Play Anyway work")
    app.quit()


if __name__ == "__main__":
    sys.exit(e2e.run(test))
