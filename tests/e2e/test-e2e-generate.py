#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-generate.py: the generator dialog as a person uses it. Ctrl+G
# opens it on a fresh home; a slow batch (19 clues) shows its progress and
# Cancel stops it at once. Then four puzzles at 24 clues go to the
# collection "E2E": the results list names each with its ID, clues and
# grade (on the row, which draws the puzzle small), the first is shown
# larger beside them, Add to Library keeps them (nonet-cli reads them back from the
# library: four puzzles of 24 clues, each with one solution, each with its
# ID as source), and Export PDF… writes them to a PDF whose text shows the
# IDs, "24 clues" and "Page 1 of 1". The puzzle the first start generated
# and plays is in the library with the solution, grade and score of the
# puzzle its ID makes. Last, Ctrl+P opens the print dialog
# with its Puzzles tab, and Ctrl+Q with the dialog open ends the app
# cleanly. Screenshots go to NONET_TEST_OUTPUT.

import contextlib
import os
import re
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
from nonet_e2e import pyatspi  # noqa: E402

TITLE = e2e.GENERATE_TITLE
GRADES = ["Easy", "Medium", "Hard", "Expert", "Extreme"]


def cli(*args, stdin=None):
    result = subprocess.run([os.environ["NONET_CLI"], *args], input=stdin, capture_output=True,
                            text=True, timeout=60)
    if result.returncode != 0:
        raise e2e.Failure(f"nonet-cli {' '.join(args)} exited with {result.returncode}: {result.stderr}")
    return result.stdout


def check_played_row(db):
    """The generated puzzle in play is stored as the generator made it."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        rows = con.execute("SELECT puzzle.givens, puzzle.solution, puzzle.source, puzzle.grade, puzzle.score"
                           " FROM puzzle JOIN game ON game.puzzle_id = puzzle.id").fetchall()
    if len(rows) != 1:
        raise e2e.Failure(f"the library holds {len(rows)} games, not the one generated at start: {rows}")
    givens, solution, source, grade, score = rows[0]
    made = cli("generate", "--id", source).split()[0]
    graded = dict(field.split("=", 1) for field in cli("grade", stdin=made + "\n").split())
    solved = cli("solve", stdin=made + "\n").split()[0]
    stored = (givens.replace("0", "."), solution, GRADES[grade], str(score))
    wanted = (made.replace("0", "."), solved, graded["grade"], graded["score"])
    if stored != wanted:
        raise e2e.Failure(f"the library stores {stored} for {source}, the generator made {wanted}")
    print(f"played: {source} stored with its solution, grade {GRADES[grade]} and score {score}")


def test(home, apps):
    if not os.environ.get("NONET_CLI"):
        raise e2e.Failure("NONET_CLI is not set")
    shot_dir = os.environ.get("NONET_TEST_OUTPUT", home.path)
    os.makedirs(shot_dir, exist_ok=True)
    db = os.path.join(home.env["XDG_DATA_HOME"], "nonet", "library.db")

    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)
    check_played_row(db)

    # Ctrl+G: the dialog, its settings.
    app.key("ctrl+g")
    dialog = app.window(TITLE)
    wid = app.window_id(TITLE)

    def value(name):
        return e2e.spin_value(app, dialog, name)

    def note(text):
        return e2e.wait_for(f"the note {text!r}", lambda: app.find_named(dialog, text), timeout=5)

    # The note follows the target.
    value("Clue target").currentValue = 19
    note("Seconds each, sometimes minutes")
    value("Clue target").currentValue = 17
    note("Minutes each; may not be reached")
    print("the note follows the target: 19 and 17 clues")

    # A slow batch: its progress, then Cancel.
    value("Clue target").currentValue = 18
    value("How many").currentValue = 40
    app.press_in(dialog, "Generate")
    elapsed = e2e.wait_for("the elapsed time", lambda: app.find_in(dialog, lambda a: a is not None
                                                                   and "elapsed" in (a.name or "")))
    time.sleep(2.5)
    app.screenshot(os.path.join(shot_dir, "e2e-generate-progress.png"), wid)
    print(f"progress: {elapsed.name!r}")
    start = time.monotonic()
    app.press_in(dialog, "Cancel")
    e2e.wait_for("the cancelled toast", lambda: app.find_named(dialog, "Generating was cancelled"), timeout=5)
    print(f"cancelled: the settings are back after {time.monotonic() - start:.2f} s")

    # Four puzzles at 24 clues into the collection "E2E".
    value("Clue target").currentValue = 24
    value("How many").currentValue = 4
    note("A moment each")
    check = e2e.wait_for("the collection choice",
                         lambda: app.find_in(dialog, lambda a: a is not None
                                             and a.getRole() in (pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_RADIO_BUTTON)
                                             and (a.name or "").startswith("Add to a library collection")))
    e2e.key_window(wid, "alt+c")
    e2e.wait_for("the collection chosen", lambda: check.getState().contains(pyatspi.STATE_CHECKED))
    e2e.key_window(wid, "alt+n")
    time.sleep(0.3)
    e2e.key_window(wid, "ctrl+a", "BackSpace")
    e2e.type_window(wid, "E2E")
    app.screenshot(os.path.join(shot_dir, "e2e-generate-settings.png"), wid)
    app.press_in(dialog, "Generate")

    rows = e2e.wait_for("four results", lambda: (lambda r: r if len(r) == 4 else None)(e2e.generator_results(dialog)),
                        timeout=120)
    for puzzle_id, clues, grade in rows:
        if clues != 24 or not puzzle_id.startswith("N1-24-"):
            raise e2e.Failure(f"the results list {puzzle_id} with {clues} clues")
    print("results: " + "; ".join(f"{i} {c} clues {g}" for i, c, g in rows))
    # Each row reads as its content on the row itself (not "GtkListItemWidget"),
    # and the preview shows the selected one, the first.
    named_rows = app.find_in(dialog, lambda a: a is not None and a.getRole() == pyatspi.ROLE_TABLE_ROW
                             and e2e.RESULT_ROW.match(a.name or ""))
    if named_rows is None:
        raise e2e.Failure("no row of the results is named by its puzzle")
    first_id, first_clues, first_grade = rows[0]
    preview = e2e.wait_for("the preview of the first puzzle",
                           lambda: app.find_named(dialog, f"Puzzle 1: {first_clues} clues, {first_grade}"))
    print(f"rows named as {named_rows.name!r}; the preview says {preview.name!r}")
    app.screenshot(os.path.join(shot_dir, "e2e-generate-results.png"), wid)

    app.press_in(dialog, "Add to Library")
    toast = e2e.wait_for("the added toast", lambda: app.find_in(dialog, lambda a: a is not None
                                                                and (a.name or "").startswith("Added ")))
    if toast.name != "Added 4 puzzles to “E2E”":
        raise e2e.Failure(f"the toast says {toast.name!r}")
    print(f"added: {toast.name!r}")

    # The library holds them: 24 clues, one solution, the ID as source.
    lines = cli("library", "--db", db, "list", "--collection", "E2E").split()
    if len(lines) != 4:
        raise e2e.Failure(f"the collection E2E holds {len(lines)} puzzles: {lines}")
    for line in lines:
        if len(line) != 81 or sum(ch not in ".0" for ch in line) != 24:
            raise e2e.Failure(f"the library holds {line!r}, not a 24-clue puzzle")
    counts = cli("count", stdin="\n".join(lines) + "\n")
    print(f"nonet-cli count: {counts.strip()!r}")
    if counts.split() != ["1"] * 4:
        raise e2e.Failure(f"nonet-cli count says {counts!r}, not one solution each")
    # A collection goes to a .sdk file only as --format sdk, one block a
    # puzzle (a .sdk file holds one puzzle for other programs); the blocks
    # carry each puzzle's source.
    sdk_path = os.path.join(home.path, "e2e.sdk")
    cli("library", "--db", db, "export", "--collection", "E2E", "--format", "sdk", "-o", sdk_path)
    with open(sdk_path) as f:
        sdk = f.read()
    for puzzle_id, _, _ in rows:
        if puzzle_id not in sdk:
            raise e2e.Failure(f"the library does not give {puzzle_id} as a source:\n{sdk}")
    print("library: 4 puzzles in E2E, 24 clues each, one solution each, their IDs as sources")

    # Export PDF…: without a portal the GTK file chooser asks where.
    pdf = os.path.join(home.path, "e2e-generate.pdf")
    # Its options first: 1 a page and solution pages.
    e2e.export_pdf(app, dialog, pdf, os.path.join(shot_dir, "e2e-generate-chooser.png"),
                   one_a_page_with_solutions=True)
    pages, text = e2e.pdf_text(pdf)
    if pages != 5:
        raise e2e.Failure(f"the PDF has {pages} pages, not 5 (4 puzzles one a page, 1 of solutions)")
    for want in [i for i, _, _ in rows] + ["24 clues", "Page 1 of 5", "Page 5 of 5",
                                           "Nonet — 4 puzzles, 24 clues: solutions"]:
        if want not in text:
            raise e2e.Failure(f"the PDF does not say {want!r}:\n{text}")
    if re.search(r"#\d", text):
        raise e2e.Failure(f"a caption names a row id:\n{text}")
    subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "5", "-singlefile", pdf,
                    os.path.join(shot_dir, "e2e-generate-pdf")], check=False)
    print(f"PDF: {pages} pages, one a page, the four IDs, “24 clues”, the solutions")

    # Ctrl+P in the main window: the print dialog and its Puzzles tab.
    e2e.key_window(wid, "Escape")
    e2e.wait_for("the dialog to close", lambda: not dialog.getState().contains(pyatspi.STATE_VISIBLE))
    app.key("ctrl+p")
    printer = app.window("Print", timeout=30)
    print_wid = app.window_id("Print")
    time.sleep(1)
    # GTK 4.8 names every tab "Tab"; the label inside says which.
    e2e.wait_for("the Puzzles tab", lambda: app.find_in(printer, lambda a: a is not None
                                                        and a.name == "Puzzles"
                                                        and a.parent.getRole() == pyatspi.ROLE_PAGE_TAB))
    # The dialog opens with the focus on its first tab, General; GTK puts
    # an application's tab third, after Page Setup (the accessible tree
    # lists it last). Arrows move along the tabs.
    e2e.key_window(print_wid, "Right", "Right")
    # GTK 4.8 does not report which page shows: the screenshot does.
    # What Export PDF chose is what it starts from: solution pages on (the
    # puzzle in play is one to its page, so no per-page choice).
    e2e.wait_for("the Solution pages switch on", lambda: app.find_in(printer, lambda a: a is not None
                                                                     and a.name == "Solution pages"
                                                                     and a.getRole() != pyatspi.ROLE_LABEL
                                                                     and a.getState().contains(pyatspi.STATE_CHECKED)))
    time.sleep(0.5)
    app.screenshot(os.path.join(shot_dir, "e2e-print-dialog.png"), print_wid)
    print("print dialog: the Puzzles tab shows, solution pages on as exported")
    app.press_in(printer, "Cancel")
    e2e.wait_for("the print dialog to close", lambda: not printer.getState().contains(pyatspi.STATE_VISIBLE))

    # Ctrl+Q in the main window with the dialog still open closes both: the
    # dialog outlived its parent once and let go of it after it was freed
    # (a crash at exit, seen under meson's MALLOC_PERTURB_).
    app.key("ctrl+g")
    app.window(TITLE)
    code = app.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code}")
    print("PASS: generated with progress and cancel, listed, added to a collection, exported to PDF, printed")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
