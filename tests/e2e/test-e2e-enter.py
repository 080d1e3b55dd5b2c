#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-enter.py: enters a puzzle by clicking cells and typing, as a
# person would. The editor opens on r1c1 with the pencil toggle off (it was
# on in play) and moves on after each digit ("5 3" is 5 and 3), arrows move
# freely, Backspace takes the last digit back. Two 5s in a row: Start names
# the conflict while the editor stays open; a puzzle where row 1 has no
# place for a 7: Start says so (to a screen reader too). Pastes (Ctrl+V,
# copied from another program): text that is not a puzzle is refused with
# the parser's sentence; a puzzle with exactly two solutions fills the
# editor. Start warns that it has several, "Keep Editing" keeps the editor,
# "Play Anyway" (Start reached with the keyboard) starts it with the digits
# entered locked as givens, the grid keeping the keyboard, the puzzle
# titled "Entered <date>" in the header bar and said to have started; a
# given typed over says it cannot be changed.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
import pyatspi  # noqa: E402

# A full grid less the four corners of a deadly rectangle (r4c6, r4c9, r5c6,
# r5c9 hold 1 and 3 either way round) and then less every clue that keeps
# the count at two: 23 clues, exactly two solutions.
TWO_SOLUTIONS = (
    "....7891.6.21.............7..........2.8...9.7....4..6..1.37..4.....963.3..2....."
)
SEVERAL_HEADING = "This Puzzle Has Several Solutions"
# Row 1 has no place for a 7: r1c1..r1c6 see the 7s in r2c1 and r3c6, r1c8
# the one in r7c8, and r1c7 and r1c9 hold a 4 and a 5.
DEAD_ROW = "......4.5" "7........" ".....7..." + "." * 27 + ".......7." + "." * 18
NO_PLACE = "This puzzle has no solution: row 1 has no place for a 7"


def description(app):
    """What the announcer last said through the grid (its description)."""
    return app.grid.description or ""


def is_on(toggle):
    """A toggle button's state: GTK 4.8 says "pressed" where others say "checked"."""
    states = toggle.getState()
    return states.contains(pyatspi.STATE_PRESSED) or states.contains(pyatspi.STATE_CHECKED)


def named(app, name, role):
    return app.find(lambda a: a is not None and (a.name or "") == name and a.getRole() == role)


def find_heading(app):
    return app.find(lambda a: a is not None and (a.name or "") == SEVERAL_HEADING)


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)

    # Play's pencil toggle on, and the cursor left in r9c9 (the last cell
    # wait_for_puzzle clicked).
    pencil = e2e.wait_for("the pencil toggle", lambda: app.find_button("Pencil Marks"))
    app.press("Pencil Marks")
    e2e.wait_for("pencil marks on", lambda: is_on(pencil))
    app.wait_label("the cursor in r9c9", lambda s: s.startswith("row 9, column 9,"))

    # Ctrl+E: a blank grid to fill in, from r1c1, in digits.
    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: app.find_button("Start"))
    app.wait_label("the editor's cursor in r1c1", lambda s: s.startswith("row 1, column 1, empty"))
    e2e.wait_for("the grid to describe entering",
                 lambda: description(app).startswith("Sudoku grid, entering a puzzle. Digits enter and move on"))
    e2e.wait_for("the pencil toggle off and insensitive",
                 lambda: not is_on(pencil)
                 and not pencil.getState().contains(pyatspi.STATE_SENSITIVE))

    # Newspaper typing: "5 3" moves on after each digit; arrows move freely
    # over them; Backspace on an empty cell takes the digit before back.
    app.key("5", "3")
    app.wait_label("the cursor on to r1c3", lambda s: s.startswith("row 1, column 3, empty"))
    app.key("Left")
    app.wait_label("3 in r1c2", lambda s: s.startswith("row 1, column 2, 3"))
    app.key("Left")
    app.wait_label("5 in r1c1", lambda s: s.startswith("row 1, column 1, 5"))
    app.key("Right", "Right", "BackSpace")
    app.wait_label("the 3 taken back", lambda s: s.startswith("row 1, column 2, empty"))
    app.key("BackSpace")
    app.wait_label("the 5 taken back", lambda s: s.startswith("row 1, column 1, empty"))
    print("typed 5 3, moved over them with the arrows, took them back with Backspace")
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

    # No solution: Start says why, in the editor's bar and to a screen reader.
    e2e.type_puzzle(app, DEAD_ROW)
    app.press("Start")
    message = e2e.wait_for("the reason there is no solution", lambda: named(app, NO_PLACE, pyatspi.ROLE_LABEL))
    said = e2e.wait_for("the reason said", lambda: description(app) if description(app) == NO_PLACE else None)
    print(f"no solution: {message.name!r}, said {said!r}")
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-enter-no-solution.png"))

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

    # Play anyway, Start pressed from the keyboard: the typed digits become
    # givens, and the grid keeps the keyboard as Start slides away.
    app.select(4)
    start = app.find_button("Start")
    for _ in range(12):
        app.key("shift+Tab")
        try:
            e2e.wait_for("Start focused", lambda: start.getState().contains(pyatspi.STATE_FOCUSED), timeout=1)
            break
        except e2e.Failure:
            continue
    else:
        raise e2e.Failure("Shift+Tab never reached Start")
    app.key("Return")
    e2e.wait_for("the warning again", lambda: find_heading(app))
    app.press("Play Anyway")
    e2e.wait_for("the warning to close again", lambda: find_heading(app) is None)
    said = e2e.wait_for("the start said",
                        lambda: description(app) if description(app).startswith("Puzzle started: ") else None)
    if not said.startswith("Puzzle started: Entered ") or not said.endswith(", 23 clues"):
        raise e2e.Failure(f"Start said {said!r}, expected 'Puzzle started: Entered <date>, 23 clues'")
    title = said[len("Puzzle started: "):-len(", 23 clues")]
    e2e.wait_for(f"the title {title!r} in the header bar", lambda: named(app, title, pyatspi.ROLE_LABEL))
    print(f"started: {said!r}")
    if is_on(pencil):
        raise e2e.Failure("the new game started in pencil mode")
    app.key("Right")
    said = app.wait_label("Right to move the grid's cursor", lambda s: s.startswith("row 1, column 6,"))
    print(f"the grid kept the keyboard: Right gave {said!r}")
    said = e2e.wait_for("r1c5 to become a given", lambda: (lambda s: s if "given" in s else None)(app.select(4)))
    if not said.startswith("row 1, column 5, 7") or "given" not in said:
        raise e2e.Failure(f"after Play Anyway r1c5 should be a given 7: {said!r}")
    app.key("1")
    refused = "row 1, column 5 is a given, 7; it cannot be changed"
    e2e.wait_for("the given refused aloud", lambda: description(app) == refused)
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
