#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-play.py: the first start ever opens a fresh puzzle; clicking an
# empty cell and typing a digit enters it, Ctrl+Z takes it back, Ctrl+Shift+Z
# puts it back again, and a given cannot be overwritten. Then a nearly solved
# puzzle is entered and finished: a "Solved in" toast shows and the board
# takes no more moves. Ctrl+Q quits. All read back as a screen reader hears
# the app (AT-SPI accessible labels).

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402

SOLVED = ("534678912672195348198342567859761423426853791"
          "713924856961537284287419635345286179")


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)

    board = e2e.wait_for_puzzle(app)
    givens = [cell for cell, label in enumerate(board) if "given" in label]
    empty = [cell for cell, label in enumerate(board) if "empty" in label]
    if not 17 <= len(givens) <= 80 or len(givens) + len(empty) != 81:
        raise e2e.Failure(f"{len(givens)} givens and {len(empty)} empty cells: not a fresh puzzle")
    print(f"a puzzle of {len(givens)} givens")

    cell = empty[0]
    where = f"row {cell // 9 + 1}, column {cell % 9 + 1}"
    app.select(cell)
    app.key("5")
    said = app.wait_label(f"5 in {where}", lambda s: s.startswith(f"{where}, 5"))
    if "given" in said:
        raise e2e.Failure(f"an entry reads as a given: {said!r}")
    print(f"typed 5: {said!r}")

    app.key("ctrl+z")
    said = app.wait_label(f"{where} empty after undo", lambda s: s.startswith(f"{where}, empty"))
    print(f"undo: {said!r}")

    app.key("ctrl+shift+z")
    said = app.wait_label(f"5 in {where} after redo", lambda s: s.startswith(f"{where}, 5"))
    print(f"redo: {said!r}")

    # A given stays as it was.
    given = givens[0]
    before = app.select(given)
    app.key("1" if ", 1, given" not in before else "2")
    after = app.select(given)
    if after != before:
        raise e2e.Failure(f"typing over a given changed it: {before!r} became {after!r}")

    shot_dir = os.environ.get("NONET_TEST_OUTPUT", home.path)
    os.makedirs(shot_dir, exist_ok=True)
    app.screenshot(os.path.join(shot_dir, "e2e-play.png"))

    # Completion: a solved grid less one cell, entered and then finished.
    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: app.find_button("Start"))
    e2e.type_puzzle(app, "." + SOLVED[1:])
    app.press("Start")
    e2e.wait_for("r1c2 to become a given", lambda: "given" in app.select(1))
    app.select(0)
    app.key(SOLVED[0])
    toast = e2e.wait_for("the completion toast",
                         lambda: app.find(lambda a: a is not None and (a.name or "").startswith("Solved in ")))
    print(f"completion: {toast.name!r}")
    app.screenshot(os.path.join(shot_dir, "e2e-solved.png"))
    # The board is locked: Backspace no longer clears the last digit.
    app.key("BackSpace")
    said = app.select(0)
    if not said.startswith(f"row 1, column 1, {SOLVED[0]}"):
        raise e2e.Failure(f"a solved board took a move: {said!r}")

    code = app.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code}")
    print("PASS: typed, undone and redone; givens locked; completion toasted and locked; quit on Ctrl+Q")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
