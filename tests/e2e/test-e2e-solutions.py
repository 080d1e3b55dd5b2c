#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-solutions.py: every answer explained, as a person meets it.
# A puzzle with exactly two solutions, typed into the editor with the
# keyboard alone (0 leaves a cell empty): Start warns of several, "Show
# Solutions" opens the solutions window, which counts exactly 2, says so
# to a screen reader, names its boards "Solution 1" and "Solution 2" and
# lists the four cells where they differ, digits and all; played anyway,
# Solve's toast offers the same. A grid with one
# given: the count stops at its limit of 100, Count More raises it to
# 1,000, Next and Previous step through the pairs. A puzzle with no
# solution and no reason one look shows: the editor says the search proved
# it, with the counts nonet-cli check gives.

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
import pyatspi  # noqa: E402

# test-e2e-enter's puzzle: r4c6, r4c9, r5c6 and r5c9 hold 1 and 3 either way round.
TWO_SOLUTIONS = "....7891.6.21.............7..........2.8...9.7....4..6..1.37..4.....963.3..2....."
DIFFER = ("They differ in 4 cells: row 4, column 6 (1 / 3), row 4, column 9 (3 / 1), "
          "row 5, column 6 (3 / 1), row 5, column 9 (1 / 3)")
EULER1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
# A 5 at r1c1 that no cell or unit rules out at a glance.
NO_SOLUTION = "5" + EULER1[1:]
SEVERAL_HEADING = "This Puzzle Has Several Solutions"


def description(app):
    return app.grid.description or ""


def find_heading(app):
    return app.find(lambda a: a is not None and (a.name or "") == SEVERAL_HEADING)


def type_by_keyboard(app, line):
    """Types the whole puzzle from r1c1, a row at a time, waiting for the
    cursor to move on to the next row (the editor moves on after each key)."""
    app.wait_label("the editor's cursor in r1c1", lambda s: s.startswith("row 1, column 1, empty"))
    for row in range(9):
        keys = ["0" if ch in ".0" else ch for ch in line[row * 9:row * 9 + 9]]
        app.key(*keys)
        if row < 8:
            app.wait_label(f"row {row + 1} typed", lambda s, r=row: s.startswith(f"row {r + 2}, column 1,"))
        else:
            last = line[80] if line[80] not in ".0" else "empty"
            app.wait_label("the last row typed", lambda s: s.startswith(f"row 9, column 9, {last}"))


def editor_open(app):
    """Whether the grid is entering a puzzle, as it tells a screen reader
    (the editor's bar slides away, its buttons stay)."""
    return description(app).startswith("Sudoku grid, entering a puzzle")


def open_editor(app):
    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: editor_open(app))


def leave_editor(app):
    app.press("Cancel")
    e2e.wait_for("the editor to close", lambda: not editor_open(app))


def show_solutions(app):
    """Start on a puzzle with several: the warning, then Show Solutions."""
    app.press("Start")
    e2e.wait_for("the several-solutions warning", lambda: find_heading(app))
    app.press("Show Solutions")
    return app.window("Solutions")


def label_in(app, window, predicate):
    return app.find_in(window, lambda a: a is not None and a.getRole() == pyatspi.ROLE_LABEL
                       and predicate(a.name or ""))


def wait_count(app, window, text):
    """The count's line (a status), once it reads text."""
    return e2e.wait_for(f"the count {text!r}",
                        lambda: app.find_in(window, lambda a: a is not None and (a.name or "") == text
                                            and a.getRole() == pyatspi.ROLE_STATUS_BAR), timeout=60)


def said_in(app, window, text):
    """The object of window (or window itself) a sentence was said through:
    the announcer makes it the focused widget's description."""
    if (window.description or "") == text:
        return window
    return app.find_in(window, lambda a: a is not None and (a.description or "") == text)


def sensitive(button):
    return button.getState().contains(pyatspi.STATE_SENSITIVE)


def close_solutions(app):
    e2e.key_window(app.window_id("Solutions"), "Escape")
    e2e.wait_for("the solutions window to close",
                 lambda: not any((app.accessible.getChildAtIndex(i).name or "") == "Solutions"
                                 for i in range(app.accessible.childCount)))


def test(home, apps):
    cli = os.environ.get("NONET_CLI")
    if not cli:
        raise e2e.Failure("NONET_CLI is not set")
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)

    # Two solutions, exactly.
    open_editor(app)
    type_by_keyboard(app, TWO_SOLUTIONS)
    window = show_solutions(app)
    count = wait_count(app, window, "2 solutions")
    heard = e2e.wait_for("the count said", lambda: said_in(app, window, "2 solutions"))
    print(f"counted: {count.name!r}, said on {heard.getRoleName()} {heard.name!r}")
    for name in ("Solution 1", "Solution 2"):
        board = e2e.wait_for(f"a board named {name!r}", lambda n=name: app.find_named(window, n)
                             if app.find_named(window, n) is not None
                             and app.find_named(window, n).getRole() != pyatspi.ROLE_LABEL else None)
        rows = board.description or ""
        if not re.fullmatch(r"(row \d: \d( \d){8}; ){8}row 9: \d( \d){8}", rows):
            raise e2e.Failure(f"{name} does not read its rows: {rows!r}")
    differ = e2e.wait_for("the differences", lambda: label_in(app, window, lambda s: s.startswith("They differ")))
    if differ.name != DIFFER:
        raise e2e.Failure(f"the differences read {differ.name!r}, expected {DIFFER!r}")
    e2e.wait_for("the pair's heading", lambda: label_in(app, window, lambda s: s == "Solutions 1 and 2 of 2"))
    for name in ("Previous", "Next", "Count More"):
        button = app.find_button(name, window)
        if button is None or sensitive(button):
            raise e2e.Failure(f"{name} should be there and off with two solutions counted")
    print(f"differences: {differ.name!r}")
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-solutions-two.png"), app.window_id("Solutions"))
    close_solutions(app)
    # The warning went with its answer; the editor stays.
    e2e.wait_for("the warning gone", lambda: find_heading(app) is None)

    # Played anyway, Solve says there are several and offers them too.
    app.press("Start")
    e2e.wait_for("the several-solutions warning", lambda: find_heading(app))
    app.press("Play Anyway")
    e2e.wait_for("the game to start", lambda: not editor_open(app))
    app.key("ctrl+F5")
    e2e.wait_for("Solve's toast", lambda: app.find(lambda a: a is not None
                                                  and (a.name or "") == "This puzzle has more than one solution"))
    app.press("Show Solutions")
    window = app.window("Solutions")
    wait_count(app, window, "2 solutions")
    e2e.wait_for("the same differences from Solve", lambda: label_in(app, window, lambda s: s == DIFFER))
    print("Solve's toast opened the same two solutions")
    close_solutions(app)

    # One given: far more than the limit.
    open_editor(app)
    type_by_keyboard(app, "5" + "0" * 80)
    window = show_solutions(app)
    wait_count(app, window, "More than 100 solutions")
    e2e.wait_for("the first pair of the first 100",
                 lambda: label_in(app, window, lambda s: s == "Solutions 1 and 2 of the first 100 found"))
    more = app.find_button("Count More", window)
    e2e.wait_for("Count More on", lambda: sensitive(more))
    app.press_in(window, "Count More")
    wait_count(app, window, "More than 1,000 solutions")
    app.press_in(window, "Next")
    e2e.wait_for("the second pair",
                 lambda: label_in(app, window, lambda s: s == "Solutions 2 and 3 of the first 1,000 found"))
    e2e.wait_for("Previous on", lambda: sensitive(app.find_button("Previous", window)))
    app.press_in(window, "Previous")
    e2e.wait_for("the first pair again",
                 lambda: label_in(app, window, lambda s: s == "Solutions 1 and 2 of the first 1,000 found"))
    if not label_in(app, window, lambda s: re.fullmatch(r"They differ in \d+ cells?: row .*", s)):
        raise e2e.Failure("the differences of the first pair are not listed")
    print("the limit of 100, Count More to 1,000, Next and Previous")
    close_solutions(app)
    # The warning went with its answer; the editor stays.
    e2e.wait_for("the warning gone", lambda: find_heading(app) is None)
    leave_editor(app)

    # No solution, proved by the search: the counts nonet-cli gives.
    cli_check = subprocess.run([cli, "check"], input=NO_SOLUTION + "\n", capture_output=True, text=True,
                               timeout=120)
    found = re.search(r"this puzzle has no solution: (the search tried ([\d,]+) digits and took ([\d,]+) back, "
                      r"and every branch failed)", cli_check.stderr)
    if found is None:
        raise e2e.Failure(f"nonet-cli check said {cli_check.stderr!r}")
    expected = "This puzzle has no solution: " + found.group(1)
    open_editor(app)
    type_by_keyboard(app, NO_SOLUTION)
    app.press("Start")
    message = e2e.wait_for("the search's counts", lambda: label_in(app, app.accessible, lambda s: s == expected),
                           timeout=60)
    e2e.wait_for("the counts said", lambda: description(app) == expected)
    print(f"no solution: {message.name!r}, as nonet-cli: {found.group(2)} attempts, {found.group(3)} backtracks")
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-solutions-none.png"))
    print("PASS: two solutions counted and compared, the limit raised, no solution explained")
    app.quit()


if __name__ == "__main__":
    sys.exit(e2e.run(test))
