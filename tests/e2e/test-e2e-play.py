#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-play.py: the first start ever greets with a welcome page and
# its Easy button opens the fresh puzzle made ready behind it; the clock
# waits for the first move, and stands still ("Paused") while the library is
# open or the focus is elsewhere; clicking an empty cell and typing a digit enters it, Ctrl+Z takes it
# back, Ctrl+Shift+Z puts it back again, and a given cannot be overwritten.
# A pasted puzzle started in its place says "Game replaced", and Resume
# brings the game back. Then a nearly solved puzzle is finished: a "Solved
# in" toast shows, the board takes no more moves, and a line under it gives
# the time against the best with a new game of that difficulty. F1 opens the
# help, or says no help viewer is installed. Ctrl+Q quits. All read back as
# a screen reader hears the app (AT-SPI accessible labels), and the clock in
# the app's debug log.

import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
import pyatspi  # noqa: E402

SOLVED = ("534678912672195348198342567859761423426853791"
          "713924856961537284287419635345286179")


NEARLY = "0" + SOLVED[1:]
TIME = re.compile(r"^\d+:\d\d$")


def subtitle(app):
    """The header bar's subtitle: the time played, or "Paused". (GTK 4.8
    leaves hidden widgets, such as the paused card's own "Paused", out of
    the accessible tree; it reports no showing state.)"""
    found = app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_LABEL
                     and (TIME.match(a.name or "") or a.name == "Paused"))
    return found.name if found is not None else None


def clock_lines(app):
    return re.findall(r"clock (runs|stops) at (\d+) ms", app.log())


def find_toast_button(app, name):
    return app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_PUSH_BUTTON
                    and (a.name or "").split()[-1:] == [name])


def click(button):
    action = button.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    action.doAction(next((i for i, n in enumerate(names) if n in ("click", "press", "activate")), 0))


def paste_and_start(app, line):
    e2e.paste(app, line, "the editor with the pasted puzzle",
              lambda: app.find_button("Start") is not None and app.select(1).startswith(f"row 1, column 2, {SOLVED[1]}"))
    app.press("Start")
    e2e.wait_for("r1c2 to become a given", lambda: "given" in app.select(1))


def test(home, apps):
    app = e2e.App(home, welcome=True)
    apps.append(app)

    # The welcome page, over the puzzle made ready; the clock does not run.
    e2e.wait_for("the welcome page", lambda: app.find_button("Easy"))
    if "welcome page shown" not in app.log():
        raise e2e.Failure("the welcome page shows, but the log does not say so")
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-welcome.png"))
    app.press("Easy")
    e2e.wait_for("the welcome page to go", lambda: "welcome page left" in app.log())

    board = e2e.wait_for_puzzle(app)
    givens = [cell for cell, label in enumerate(board) if "given" in label]
    empty = [cell for cell, label in enumerate(board) if "empty" in label]
    if not 17 <= len(givens) <= 80 or len(givens) + len(empty) != 81:
        raise e2e.Failure(f"{len(givens)} givens and {len(empty)} empty cells: not a fresh puzzle")
    print(f"a puzzle of {len(givens)} givens")

    # Clicking cells is no move: the clock has not started.
    if clock_lines(app):
        raise e2e.Failure(f"the clock ran before the first move: {clock_lines(app)}")
    if subtitle(app) != "0:00":
        raise e2e.Failure(f"before the first move the header says {subtitle(app)!r}, not 0:00")

    cell = empty[0]
    where = f"row {cell // 9 + 1}, column {cell % 9 + 1}"
    app.select(cell)
    app.key("5")
    said = app.wait_label(f"5 in {where}", lambda s: s.startswith(f"{where}, 5"))
    if "given" in said:
        raise e2e.Failure(f"an entry reads as a given: {said!r}")
    print(f"typed 5: {said!r}")
    e2e.wait_for("the clock to start at the first move",
                 lambda: clock_lines(app) and clock_lines(app)[-1] == ("runs", "0"))

    # The library over the window stops the clock, and the header says so.
    app.key("ctrl+l")
    library_frame = app.window("Library")
    library = e2e.wait_for("the library's X window", lambda: e2e.window_named(app, "Library"))
    e2e.wait_for("the clock to stop under the library", lambda: clock_lines(app)[-1][0] == "stops")
    e2e.wait_for("the header to say Paused", lambda: subtitle(app) == "Paused")
    e2e.wait_for("the library's list", lambda: app.find_named(library_frame, "Easy 1"))
    # Escape closes it (a first one may go to its search entry).
    for attempt in range(3):
        e2e.key_window(library, "Escape")
        try:
            e2e.wait_for("the library to close",
                         lambda: not library_frame.getState().contains(pyatspi.STATE_VISIBLE), timeout=5)
            break
        except e2e.Failure:
            if attempt == 2:
                raise
    # Back in the window (without a window manager the focus does not come
    # back by itself): the clock goes on.
    e2e.xdotool("windowfocus", "--sync", app.wid)
    e2e.wait_for("the clock to run again", lambda: clock_lines(app)[-1][0] == "runs")
    e2e.wait_for("the header to show the time", lambda: TIME.match(subtitle(app) or ""))

    # The focus away from the window (on the root window, as no other
    # program is there, with the pointer outside: X gives a window under
    # the pointer the root's focus): the clock stops until it comes back.
    root = e2e.xdotool("search", "--maxdepth", "0", "--name", "").split()[0]
    e2e.xdotool("mousemove", "--screen", "0", "1270", "1010")
    e2e.xdotool("windowfocus", root)
    e2e.wait_for("the clock to stop in the background", lambda: clock_lines(app)[-1][0] == "stops")
    e2e.wait_for("the header to say Paused in the background", lambda: subtitle(app) == "Paused")
    e2e.xdotool("windowfocus", "--sync", app.wid)
    e2e.wait_for("the clock to run in the foreground", lambda: clock_lines(app)[-1][0] == "runs")
    print(f"clock: {clock_lines(app)}")

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

    # A puzzle started in place of a game with moves: the game is offered back.
    paste_and_start(app, NEARLY)
    resume = e2e.wait_for("the Game replaced toast's Resume",
                          lambda: app.find(lambda a: a is not None and a.name == "Game replaced")
                          and find_toast_button(app, "Resume"))
    click(resume)
    e2e.wait_for(f"the replaced game back, with 5 in {where}",
                 lambda: app.select(cell).startswith(f"{where}, 5"))
    print("Game replaced: Resume brought the game back")

    # Completion: a solved grid less one cell, entered and then finished.
    paste_and_start(app, NEARLY)
    app.select(0)
    app.key(SOLVED[0])
    toast = e2e.wait_for("the completion toast",
                         lambda: app.find(lambda a: a is not None and re.match(r"^Solved in \S+!$", a.name or "")))
    print(f"completion: {toast.name!r}")
    app.screenshot(os.path.join(shot_dir, "e2e-solved.png"))
    # The board is locked: Backspace no longer clears the last digit.
    app.key("BackSpace")
    said = app.select(0)
    if not said.startswith(f"row 1, column 1, {SOLVED[0]}"):
        raise e2e.Failure(f"a solved board took a move: {said!r}")

    # The next step, under the board: the time against the best, a new game.
    finish = e2e.wait_for("the line under the solved board",
                          lambda: app.find(lambda a: a is not None and (a.name or "").startswith("Solved in ")
                                           and " — " in (a.name or "")))
    print(f"under the board: {finish.name!r}")
    next_game = e2e.wait_for("the new game button",
                             lambda: app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                              and re.match(r"^New \w+ Game$", a.name or "")))
    click(next_game)
    e2e.wait_for("a new puzzle in place of the solved one",
                 lambda: re.search(r"empty|given", app.select(0))
                 and app.find(lambda a: a is not None and a.name == finish.name) is None,
                 timeout=60)

    # Help: yelp, or a toast saying there is none (never nothing at all).
    app.key("F1")
    if shutil.which("yelp") is None:
        toast = e2e.wait_for("the no-help-viewer toast",
                             lambda: app.find(lambda a: a is not None
                                              and (a.name or "").startswith("The help cannot be shown")))
        print(f"F1: {toast.name!r}")

    code = app.quit()
    if code != 0:
        raise e2e.Failure(f"exited with status {code}")
    print("PASS: welcomed; clock from the first move, paused under the library and in the background; typed, undone and "
          "redone; givens locked; a replaced game resumed; completion toasted, locked and followed "
          "by a new game; F1 answered; quit on Ctrl+Q")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
