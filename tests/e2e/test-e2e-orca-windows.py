#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-orca-windows.py: the Library and the generator heard with the
# real Orca, by keyboard alone (the session and its driver as in
# test-e2e-orca.py, whose helpers this reuses). Ctrl+L opens the Library;
# typing "Everest" searches; the row is heard as its content ("Everest,
# 21 clues, ...", never "GtkListItemWidget" or "GtkStackPage"); Enter opens
# it: "Opened Everest, ..." is heard and the next arrow speaks a cell of the
# board. Then, in the same app, Ctrl+G opens the generator; two puzzles of
# 30 clues are made; the results page is heard, Tab reaches the table and
# each result row is read by its ID, clues and grade. Nothing Orca says is a
# GTK class name or a mnemonic. Skipped when Orca cannot start here.

import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("orca_e2e", os.path.join(HERE, "test-e2e-orca.py"))
orca = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(orca)

ROW = r"N1-\S+"
CLASS_NAME = re.compile(r"\b(Gtk|Adw)[A-Z]\w+")


def library(app, home):
    out = orca.out_dir()
    proc = orca.launch_heard(app, os.path.join(home, "library"))
    try:
        orca.press(out, "library", "ctrl+l", "the Library", r"Library|Import")
        # The focus starts on Import…: Ctrl+F goes to the search, as in any
        # GNOME list.
        orca.press(out, "find", "ctrl+f", "the search entry", r"[Ss]earch")
        orca.mark("search")
        orca.keys("E", "v", "e", "r", "e", "s", "t")
        # Enter in the search goes to the first match: its row is heard.
        orca.press(out, "row", "Return", "the row of Everest", r"^Everest, \d+ clues")
        orca.press(out, "open", "Return", "the puzzle opened", r"^Opened Everest, \d+ clues, \w+")
        orca.press(out, "board", "Right", "a cell of the board", r"row \d, column \d")
        generator(out)
    finally:
        orca.stop_app(proc)


def generator(out):
    """In the same app (a second start in one Orca session is not always
    taken up by Orca 43): the generator by keyboard, its results heard."""
    orca.press(out, "generator", "ctrl+g", "the generator", r"Generate|Clue target|^\d+$")
    # The focus starts on the clue target.
    orca.keys("ctrl+a", "3", "0", "Tab")
    orca.press(out, "how-many", "alt+h", "How many", r"How many")
    orca.keys("ctrl+a", "2", "Tab")
    orca.press(out, "generate", "alt+g", "the results", r"\d+ puzzles?|Generated|Results")
    # The focus is on Play: Tab goes on to the table of results.
    first = None
    for _ in range(8):
        t = orca.mark("tab")
        orca.keys("Tab")
        try:
            first = orca.wait_said(out, t, "a result row", ROW, timeout=5 * orca.TIMEOUT_SCALE)
            break
        except orca.Failure:
            continue
    if first is None:
        raise orca.Failure("Tab never reached a result row heard by its ID")
    t = orca.mark("second-row")
    orca.keys("Down")
    second = orca.wait_said(out, t, "the other result row", ROW)
    if first == second:
        t = orca.mark("back-row")
        orca.keys("Up")
        second = orca.wait_said(out, t, "the other result row", ROW)
    if first == second:
        raise orca.Failure(f"both rows were heard as {first!r}")
    orca.mark("done")


def drive(app):
    library(app, os.environ["HOME"])


def check(out):
    said = [r["text"] for r in orca.read_jsonl(os.path.join(out, "speech.jsonl")) if r["kind"] == "say"]
    bad = [text for text in said if CLASS_NAME.search(text) or re.search(r"(^|\s)_\w", text)]
    if bad:
        raise orca.Failure(f"Orca said GTK class names or mnemonics: {bad}")


if __name__ == "__main__":
    # The session runs this file as its driver, with these journeys.
    orca.__file__ = os.path.abspath(__file__)
    orca.drive = drive
    orca.check = check
    orca.PASS = ("PASS: the Library's search, row and opening and the generator's results "
                 "are heard by their content, with no class name or mnemonic")
    sys.exit(orca.main())
