#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-kill.py: plays a few moves (entries and a pencil mark), kills the
# app with SIGKILL mid-game, starts it again in the same home and finds the
# very same board: every given, entry and note, as the grid reports them.
# Then undo still works across the restart.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402


def test(home, apps):
    app = e2e.App(home, run=0)
    apps.append(app)
    board = e2e.wait_for_puzzle(app)
    empty = [cell for cell, label in enumerate(board) if "empty" in label]

    # Two entries and a note, each saved as it is made.
    moves = [(empty[0], "3", ", 3"), (empty[1], "8", ", 8"), (empty[2], "ctrl+6", ", empty, notes 6")]
    for cell, key, expect in moves:
        where = f"row {cell // 9 + 1}, column {cell % 9 + 1}"
        app.select(cell)
        app.key(key)
        app.wait_label(f"{where}{expect}", lambda s: s.startswith(where + expect))
    before = e2e.read_board(app)

    app.kill()
    print(f"killed pid {app.proc.pid} with SIGKILL after {len(moves)} moves")

    again = e2e.App(home, run=1)
    apps.append(again)
    after = e2e.wait_for_puzzle(again)
    changed = [(b, a) for b, a in zip(before, after) if b != a]
    if changed:
        raise e2e.Failure(f"{len(changed)} cells differ after the restart, e.g. {changed[0]}")
    print("the board came back intact after SIGKILL")

    # The history came back too: undo takes back the note.
    cell = moves[2][0]
    where = f"row {cell // 9 + 1}, column {cell % 9 + 1}"
    again.select(cell)
    again.key("ctrl+z")
    again.wait_label(f"{where} without its note", lambda s: s == f"{where}, empty")

    code = again.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code}")
    print("PASS: the game in progress survived SIGKILL, history included")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
