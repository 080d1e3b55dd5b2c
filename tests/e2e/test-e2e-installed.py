#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-installed.py: one journey through the installed app, as a person
# would make it. Nonet is installed into a temporary prefix and its bin/nonet
# started with fresh XDG folders. Arto Inkala's 2012 puzzle is typed into the
# editor cell by cell and started; two moves are played and one undone.
# Animate with the MRV cell order at Unlimited speed ends with 90,665
# attempts and 10,041 backtracks; Close puts the game back. Solve shows the
# solution. Ctrl+Q, and the installed app started again resumes the game
# (the givens and the move kept). Last, Ctrl+G generates four puzzles of 24
# clues and Export PDF… writes them: pdftotext finds the four IDs and
# "24 clues". The help pages are installed where help:nonet finds them.
# Screenshots of each stage go to NONET_TEST_OUTPUT.
# Environment: NONET_SOURCE_DIR (the source tree), as for test-e2e-german.

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
from nonet_e2e import pyatspi  # noqa: E402

INKALA = e2e.INKALA
SOLUTION_ROW_1 = e2e.INKALA_SOLUTION[:9]
ATTEMPTS = "Attempts: 90,665"
BACKTRACKS = "Backtracks: 10,041"
SUMMARY = "Solved: 90,665 attempts, 10,041 backtracks in "
MRV = "MRV (fewest candidates)"
# The moves: r1c2 takes 1 (kept), r1c3 takes 2 (undone).
KEPT, UNDONE = 1, 2


def expected_label(cell):
    """What the grid should say of cell after the moves."""
    if cell == KEPT:
        return f"{e2e.where(cell)}, {SOLUTION_ROW_1[cell]}"
    if INKALA[cell] == "0":
        return f"{e2e.where(cell)}, empty"
    return f"{e2e.where(cell)}, {INKALA[cell]}, given"


def check_board(app, when):
    board = e2e.read_board(app)
    for cell, said in enumerate(board):
        want = expected_label(cell)
        if said != want and not said.startswith(want + ","):
            raise e2e.Failure(f"{when}: {e2e.where(cell)} says {said!r}, expected {want!r}")


def find_order(app):
    # Named with its choice, as a screen reader says it: "Cell order: Reading order".
    return app.find(lambda a: a is not None and (a.name or "").lower().startswith("cell order")
                    and a.getRole() == pyatspi.ROLE_COMBO_BOX)


def shows(node, text):
    """Whether node or one of its descendants is named text."""
    try:
        return node.name == text or pyatspi.findDescendant(node, lambda a: a is not None
                                                           and a.name == text) is not None
    except Exception:
        return False


def choose_mrv(app):
    """Chooses MRV in the solve bar's Cell Order drop-down: its button is
    pressed through its action, then Down and Return in the list that pops
    up, as from the keyboard."""
    order = e2e.wait_for("the Cell Order drop-down", lambda: find_order(app))
    for attempt in range(3):
        toggle = app.find_in(order, lambda a: a is not None
                             and a.getRole() in (pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_PUSH_BUTTON))
        action = (toggle or order).queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        action.doAction(next((i for i, n in enumerate(names) if n in ("click", "press", "activate")), 0))
        time.sleep(0.7)
        app.key("Down")
        time.sleep(0.2)
        app.key("Return")
        try:
            e2e.wait_for("MRV in the drop-down", lambda: shows(order, MRV), timeout=3)
            print(f"chose {MRV!r} (attempt {attempt + 1})")
            return
        except e2e.Failure:
            app.key("Escape")
            time.sleep(0.3)
    tree = pyatspi.findAllDescendants(order, lambda a: a is not None)
    raise e2e.Failure(f"could not choose MRV; the drop-down holds "
                      f"{[(a.name, a.getRoleName()) for a in tree]}")


def test(home, apps, prefix):
    shots = e2e.shot_dir(home)

    # The user help F1 opens (help:nonet) is installed with the app.
    for page in ("index", "play", "enter", "generate", "print", "solve"):
        path = os.path.join(prefix, "share", "help", "C", "nonet", f"{page}.page")
        if not os.path.isfile(path):
            raise e2e.Failure(f"the help page {path} is not installed")

    def shot(app, name, wid=None):
        time.sleep(0.5)
        app.screenshot(os.path.join(shots, f"e2e-installed-{name}.png"), wid)

    app = e2e.App(home, run=0)
    apps.append(app)
    e2e.wait_for_puzzle(app)
    print(f"the installed {os.environ['NONET_APP']} started with a puzzle")

    # Inkala's puzzle, typed into the editor and started.
    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: app.find_button("Start"))
    e2e.type_puzzle(app, INKALA)
    shot(app, "1-entered")
    app.press("Start")
    e2e.wait_for("r1c1 to become a given", lambda: "given" in app.select(0), timeout=20)
    print(f"started Inkala's puzzle: {app.select(0)!r}")

    # Two moves, the second undone.
    for cell in (KEPT, UNDONE):
        app.select(cell)
        app.key(SOLUTION_ROW_1[cell])
        app.wait_label(f"{SOLUTION_ROW_1[cell]} in {e2e.where(cell)}",
                       lambda s: s.startswith(f"{e2e.where(cell)}, {SOLUTION_ROW_1[cell]}"))
    shot(app, "2-moves")
    app.key("ctrl+z")
    said = app.wait_label(f"{e2e.where(UNDONE)} empty after undo",
                          lambda s: s.startswith(f"{e2e.where(UNDONE)}, empty"))
    print(f"undo: {said!r}")
    check_board(app, "after the moves")

    # Animate, MRV, Unlimited: the final counters.
    app.press("Animate")
    e2e.wait_for("the solve bar's Stop", lambda: e2e.find_bar_button(app, "Stop"))
    choose_mrv(app)
    e2e.set_unlimited(app)
    summary = e2e.wait_run_end(app).name
    print(f"summary: {summary!r}")
    if not summary.startswith(SUMMARY):
        raise e2e.Failure(f"the summary says {summary!r}, expected {SUMMARY}...")
    e2e.check_counters(app, ATTEMPTS, BACKTRACKS)
    e2e.wait_for("Close in place of Stop", lambda: e2e.find_bar_button(app, "Close"))
    shot(app, "3-animate-mrv")
    e2e.press_bar_button(app, "Close")
    e2e.wait_for("the game back", lambda: app.select(KEPT) == expected_label(KEPT), timeout=10)
    print("Close: the game is back")

    # Solve: the solution over the board, said in the solve bar's status.
    app.press("Solve")
    status = e2e.wait_for("the solution", lambda: e2e.named(
        app, lambda s: s.startswith("Solved in ") and "This is the solution" in s), timeout=20)
    print(f"solve: {status.name!r}")
    grid = app.label()
    if not grid.startswith("Solver"):
        raise e2e.Failure(f"after Solve the grid says {grid!r}, not the solver's board")
    shot(app, "4-solved")
    e2e.press_bar_button(app, "Close")
    e2e.wait_for("the game back", lambda: app.select(KEPT) == expected_label(KEPT), timeout=10)

    # Quit, start again: the game resumes.
    code = app.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code} on Ctrl+Q")
    again = e2e.App(home, run=1)
    apps.append(again)
    e2e.wait_for_puzzle(again)
    check_board(again, "after the restart")
    shot(again, "5-resumed")
    print("restarted: Inkala's givens and the kept move are back")

    # Ctrl+G: four puzzles at 24 clues, exported to a PDF.
    again.key("ctrl+g")
    dialog = again.window(e2e.GENERATE_TITLE)
    wid = again.window_id(e2e.GENERATE_TITLE)
    e2e.spin_value(again, dialog, "Clue target").currentValue = 24
    e2e.spin_value(again, dialog, "How many").currentValue = 4
    again.press_in(dialog, "Generate")
    rows = e2e.wait_for("four results",
                        lambda: (lambda r: r if len(r) == 4 else None)(e2e.generator_results(dialog)),
                        timeout=120)
    for puzzle_id, clues, grade in rows:
        if clues != 24 or not puzzle_id.startswith("N1-24-"):
            raise e2e.Failure(f"the results list {puzzle_id} with {clues} clues")
    print("generated: " + "; ".join(f"{i} {c} clues {g}" for i, c, g in rows))
    shot(again, "6-generated", wid)
    pdf = os.path.join(home.path, "e2e-installed.pdf")
    e2e.export_pdf(again, dialog, pdf, None)
    pages, text = e2e.pdf_text(pdf)
    for want in [i for i, _, _ in rows] + ["24 clues"]:
        if want not in text:
            raise e2e.Failure(f"the PDF does not say {want!r}:\n{text}")
    print(f"PDF: {pages} page(s), the four IDs and “24 clues”")
    # Escape closes the dialog (once the focus is back from the file chooser).
    for attempt in range(5):
        time.sleep(0.5)
        e2e.key_window(wid, "Escape")
        try:
            e2e.wait_for("the dialog to close", lambda: e2e.window_named(again, e2e.GENERATE_TITLE) is None,
                         timeout=3)
            break
        except e2e.Failure:
            if attempt == 4:
                raise
    code = again.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code} on Ctrl+Q")
    print("PASS: the installed app: Inkala entered, played, undone, animated under MRV "
          "(90,665 attempts, 10,041 backtracks), solved, resumed after a restart; "
          "four 24-clue puzzles generated and exported to PDF")


if __name__ == "__main__":
    sys.exit(e2e.run_installed(test))
