#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-needs.py: puzzles to practise a technique, from the generator
# dialog by keyboard alone. Ctrl+G, then Alt+E goes to "Technique to
# practise" and Space opens its list; the arrows pick the X-wing, Enter
# takes it. The difficulty row then shows the grade the technique sets,
# says why, and cannot be changed. Three puzzles are generated: each
# result's ID carries the technique (-txw-), its grade is Hard, and
# nonet-cli regenerates each from its ID and grades it: the X-wing is the
# hardest technique it needs. "Any" again gives the difficulty row back,
# with the user's choice. Screenshots go to NONET_TEST_OUTPUT.

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
from nonet_e2e import pyatspi  # noqa: E402

TITLE = e2e.GENERATE_TITLE
# The list under the row: Any, then the techniques easiest first.
X_WING = 11


def cli(*args, stdin=None):
    result = subprocess.run([os.environ["NONET_CLI"], *args], input=stdin, capture_output=True,
                            text=True, timeout=60)
    if result.returncode != 0:
        raise e2e.Failure(f"nonet-cli {' '.join(args)} exited with {result.returncode}: {result.stderr}")
    return result.stdout


def test(home, apps):
    if not os.environ.get("NONET_CLI"):
        raise e2e.Failure("NONET_CLI is not set")
    shot_dir = os.environ.get("NONET_TEST_OUTPUT", home.path)
    os.makedirs(shot_dir, exist_ok=True)

    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)

    app.key("ctrl+g")
    dialog = app.window(TITLE)
    wid = app.window_id(TITLE)

    def difficulty_row():
        return app.find_in(dialog, lambda a: a is not None and (a.name or "").startswith("Difficulty")
                           and a.getRole() != pyatspi.ROLE_LABEL)

    row = e2e.wait_for("the Difficulty row", difficulty_row)
    if not row.getState().contains(pyatspi.STATE_SENSITIVE):
        raise e2e.Failure("the Difficulty row is off before a technique is chosen")

    # Alt+E and Space open the list of techniques; the arrows and Enter pick one.
    e2e.key_window(wid, "alt+e", "space")
    e2e.wait_for("the list of techniques", lambda: app.find_named(app.accessible, "Simple colouring"))
    e2e.key_window(wid, *(["Down"] * X_WING), "Return")
    e2e.wait_for("the grade the technique sets", lambda: app.find_in(
        dialog, lambda a: a is not None and "Hard, set by the technique" in (a.name or "")
        + " " + (a.description or "")))
    e2e.wait_for("the Difficulty row off", lambda: not difficulty_row().getState().contains(pyatspi.STATE_SENSITIVE))
    e2e.wait_for("the Difficulty row showing Hard", lambda: app.find_named(difficulty_row(), "Hard"))
    print("X-wing chosen: the Difficulty row shows Hard, says it is set by the technique, and is off")

    e2e.spin_value(app, dialog, "How many").currentValue = 3
    app.screenshot(os.path.join(shot_dir, "e2e-needs-settings.png"), wid)
    app.press_in(dialog, "Generate")
    rows = e2e.wait_for("three results", lambda: (lambda r: r if len(r) == 3 else None)(e2e.generator_results(dialog)),
                        timeout=120)
    app.screenshot(os.path.join(shot_dir, "e2e-needs-results.png"), wid)
    for puzzle_id, clues, grade in rows:
        if "-txw-" not in puzzle_id or grade != "Hard":
            raise e2e.Failure(f"a result is {puzzle_id}, {clues} clues, {grade}: not an X-wing puzzle")
        puzzle = cli("generate", "--id", puzzle_id).split()[0]
        graded = dict(field.split("=", 1) for field in cli("grade", stdin=puzzle + "\n").split())
        if graded["hardest"] != "x-wing" or sum(ch != "." for ch in puzzle) != clues:
            raise e2e.Failure(f"{puzzle_id} regenerates as {puzzle}, graded {graded}")
    print("results: " + "; ".join(f"{i} {c} clues {g}" for i, c, g in rows) + "; each needs the X-wing")

    # Back to the settings, "Any" again: the difficulty is the user's again.
    app.press_in(dialog, "Change the Settings")
    e2e.wait_for("the settings", lambda: app.find_button("Generate", dialog))
    e2e.key_window(wid, "alt+e", "space")
    e2e.wait_for("the list of techniques", lambda: app.find_named(app.accessible, "Simple colouring"))
    e2e.key_window(wid, "Home", "Return")
    e2e.wait_for("the Difficulty row on", lambda: difficulty_row().getState().contains(pyatspi.STATE_SENSITIVE))
    e2e.wait_for("the Difficulty row showing Any", lambda: app.find_named(difficulty_row(), "Any"))
    print("Any again: the Difficulty row is on, and shows Any as before")

    code = app.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code}")
    print("PASS: X-wing puzzles from the dialog by keyboard, each needing the X-wing, regenerated from its ID")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
