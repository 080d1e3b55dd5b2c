#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-animate.py: pastes Arto Inkala's 2012 puzzle into the editor,
# starts it, presses Animate (the header-bar button, through its action),
# drags the speed to Unlimited and waits for the backtracker to finish. The
# counters read as a screen reader hears them: 445,778 attempts and 49,498
# backtracks (reading order) and the summary says "Solved: ...". Close puts
# the board back as it was. A screenshot of the finished run is saved.
# Then the same by keyboard alone: F5 animates, Space pauses, "." steps,
# Ctrl+Shift+M and Ctrl+Shift+R switch the cell order, Escape stops and
# Ctrl+F5 solves, with the focus in the solve bar and on the grid; the speed
# scale says its speed in words, and the shortcuts window lists the keys.
# Switching the order keeps the old run's figures in a line of the bar:
# Inkala's finished reading-order run beside MRV's 90,665 attempts and
# 10,041 backtracks, and a paused run's exact counts, "stopped". The legend
# ("What the Marks Mean") opens from the bar. A puzzle of two solutions,
# animated at 1,000 steps/s, ends with a summary saying it has others; the
# status line after any run is its summary.

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyatspi  # noqa: E402

import nonet_e2e as e2e  # noqa: E402

INKALA = e2e.INKALA
ATTEMPTS = "Attempts: 445,778"
BACKTRACKS = "Backtracks: 49,498"
SUMMARY = "Solved: 445,778 attempts, 49,498 backtracks in "
MRV_SUMMARY = "Solved: 90,665 attempts, 10,041 backtracks in "
KEPT_READING = "Reading order: 445,778 attempts, 49,498 backtracks, solved in "
SEVERAL_NOTE = "This puzzle has more than one solution; this is the first the search found."
# Inkala's solution less a deadly rectangle (r1c3, r1c6, r2c3, r2c6) and 40
# more clues: exactly two solutions, 823 attempts and 67 backtracks.
SEVERAL = "810050009940000075070000200004200800069040700007169000020004300030026917706310452"
SEVERAL_SUMMARY = "Solved: 823 attempts, 67 backtracks in "
LEGEND = "What the Marks Mean"
# Cells read back: r1c1 (a given 8), r1c2 (empty), r5c5 (a given 4), r9c9.
PROBES = (0, 1, 40, 80)


where = e2e.where


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)

    # The puzzle, pasted into the editor and started.
    e2e.paste_and_start(app, INKALA)
    before = {}
    for cell in PROBES:
        expect = "empty" if INKALA[cell] == "0" else INKALA[cell]
        said = app.select(cell)
        if not said.startswith(f"{where(cell)}, {expect}"):
            raise e2e.Failure(f"before Animate {where(cell)} says {said!r}, expected {expect}")
        if expect != "empty" and "given" not in said:
            raise e2e.Failure(f"{where(cell)} should be a given: {said!r}")
        before[cell] = said
    print(f"started the puzzle: {before[0]!r}, {before[1]!r}")

    # Animate, then Unlimited.
    started = time.monotonic()
    app.press("Animate")
    e2e.wait_for("the solve bar's Stop", lambda: e2e.find_bar_button(app, "Stop"))
    check_speed_words(app, "20 steps per second")
    e2e.set_unlimited(app)
    check_speed_words(app, "Unlimited")
    summary = e2e.wait_run_end(app)
    text = summary.name
    print(f"summary after {time.monotonic() - started:.1f} s: {text!r}")
    if not text.startswith(SUMMARY) or not text.endswith(" s"):
        raise e2e.Failure(f"the summary says {text!r}, expected {SUMMARY}... s")
    if summary.getRole() != pyatspi.ROLE_STATUS_BAR:
        print(f"note: the summary's role is {summary.getRoleName()!r}")
    if SEVERAL_NOTE in text:
        raise e2e.Failure(f"Inkala's puzzle has one solution, yet the summary says {text!r}")
    if status(app) != text:
        raise e2e.Failure(f"the status line says {status(app)!r}, not the summary {text!r}")
    e2e.check_counters(app, ATTEMPTS, BACKTRACKS)
    e2e.wait_for("Close in place of Stop", lambda: e2e.find_bar_button(app, "Close"))
    legend(app, home)

    # The solved board is drawn over the grid, but the grid's accessible
    # label keeps describing the game underneath (r1c2 still "empty"), so
    # the solution is checked by the summary above and the screenshot.
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-animate.png"))

    # Ctrl+Shift+M after the end: MRV runs from zero beside the finished
    # run's figures, and reaches its own exact counts.
    app.key("ctrl+shift+m")
    kept = e2e.wait_for("the reading-order run's figures kept",
                        lambda: (kept_figures(app) or "").startswith(KEPT_READING) and kept_figures(app))
    print(f"kept after Ctrl+Shift+M: {kept!r}")
    summary = e2e.wait_for("the MRV run's summary",
                           lambda: e2e.named(app, lambda s: s.startswith(MRV_SUMMARY)), timeout=150)
    e2e.check_counters(app, "Attempts: 90,665", "Backtracks: 10,041")
    if status(app) != summary.name:
        raise e2e.Failure(f"the status line says {status(app)!r}, not the summary {summary.name!r}")
    if kept_figures(app) != kept or not kept.endswith(" s"):
        raise e2e.Failure(f"the kept figures {kept!r} changed to {kept_figures(app)!r}")
    print(f"MRV beside them: {summary.name!r}")
    app.key("ctrl+shift+r")
    e2e.wait_for("the MRV run's figures kept",
                 lambda: (kept_figures(app) or "").startswith("MRV (fewest candidates): 90,665 attempts, "
                                                              "10,041 backtracks, solved in "))
    e2e.wait_run_end(app)
    e2e.check_counters(app, ATTEMPTS, BACKTRACKS)

    # Close: the board as it was.
    e2e.press_bar_button(app, "Close")
    for cell in PROBES:
        said = e2e.wait_for(f"{where(cell)} as before",
                            lambda: (lambda s: s if s == before[cell] else None)(app.select(cell)),
                            timeout=10)
        print(f"after Close: {said!r}")
    print("PASS: Animate at Unlimited solves Inkala's puzzle in 445,778 attempts and "
          "49,498 backtracks, and Close puts the board back")

    keyboard_run(app, before)
    shortcuts_window(app)
    several_solutions(app)
    narrow(app, home)
    app.quit()


def legend(app, home):
    """The bar's legend button opens "What the Marks Mean": a sentence for
    each mark, each a label a screen reader reads."""
    # (GTK 4.8's menu button takes the focus and the click with an inner
    # button, named as the menu button is; the outer one has no action.)
    button = e2e.wait_for("the legend button", lambda: app.find(
        lambda a: a is not None and a.name == LEGEND and a.getRole() == pyatspi.ROLE_PUSH_BUTTON
        and a.queryAction().nActions > 0))
    menu = e2e.wait_for("the legend's menu button", lambda: app.find(
        lambda a: a is not None and a.name == LEGEND and a.getRole() == pyatspi.ROLE_PUSH_BUTTON
        and a.queryAction().nActions == 0))
    button.queryAction().doAction(0)
    e2e.wait_for("the legend open", lambda: menu.getState().contains(pyatspi.STATE_EXPANDED))
    sentences = ("A digit of the puzzle (a given)", "A digit the solver has placed",
                 "The cell the solver works on", "A digit being tried", "A collision",
                 "The tinted cells are")
    for start in sentences:
        e2e.wait_for(f"the legend's {start!r}", lambda: e2e.named(app, lambda s: s.startswith(start)))
    print(f"the legend ({button.name!r}, {button.getRoleName()}) shows {len(sentences)} sentences")
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-animate-legend.png"))
    app.key("Escape")
    e2e.wait_for("the legend closed", lambda: not menu.getState().contains(pyatspi.STATE_EXPANDED))


def several_solutions(app):
    """A puzzle with two solutions, played anyway and animated at 1,000
    steps a second: the summary says there are others."""
    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: app.find_button("Start"))
    e2e.paste(app, SEVERAL, "the pasted puzzle",
              lambda: app.select(0).startswith("row 1, column 1, 8"))
    app.press("Start")
    e2e.wait_for("the several-solutions warning", lambda: app.find_button("Play Anyway"))
    app.press("Play Anyway")
    e2e.wait_for("r1c1 to become a given", lambda: "given" in app.select(0), timeout=20)
    app.key("F5")
    e2e.wait_for("Stop after F5", lambda: e2e.find_bar_button(app, "Stop"))
    e2e.wait_for("the speed scale", lambda: e2e.find_speed(app)).queryValue().currentValue = 3
    check_speed_words(app, "1,000 steps per second")
    summary = e2e.wait_run_end(app).name
    print(f"two solutions: {summary!r}")
    if not summary.startswith(SEVERAL_SUMMARY) or not summary.endswith(SEVERAL_NOTE):
        raise e2e.Failure(f"the summary says {summary!r}, expected {SEVERAL_SUMMARY}... {SEVERAL_NOTE}")
    if status(app) != summary:
        raise e2e.Failure(f"the status line says {status(app)!r}, not the summary")
    e2e.check_counters(app, "Attempts: 823", "Backtracks: 67")
    app.key("Escape")
    e2e.wait_for("Animate enabled after Escape", lambda: sensitive(app.find_button("Animate")))
    print("PASS: a puzzle of two solutions ends with a summary saying so")


def visible_buttons(app, name):
    """Buttons of that name in the tree. (GTK 4.8 sends no "showing"
    state; a widget hidden by its parent, as a squeezer's other child,
    stays "visible".)"""
    return pyatspi.findAllDescendants(app.accessible, lambda a: a is not None and a.name == name
                                      and a.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                      and a.getState().contains(pyatspi.STATE_VISIBLE))


def narrow(app, home):
    """At 360 px the window is 360 px wide: the header bar's tools move to
    a bottom bar (a Library button there, shown only then), and a run
    with its step log open keeps the whole grid in the window."""
    e2e.xdotool("windowsize", app.wid, 1000, 800)
    e2e.wait_for("the window at 1000x800", lambda: "Geometry: 1000x800" in e2e.xdotool("getwindowgeometry", app.wid))
    header = e2e.wait_for("one Library button, in the header bar",
                          lambda: (lambda b: b if len(b) == 1 else None)(visible_buttons(app, "Library")))
    if len(header) != 1:
        raise e2e.Failure(f"{len(header)} Library buttons shown in a wide window")
    e2e.xdotool("windowsize", app.wid, 360, 700)
    e2e.wait_for("the window at 360x700", lambda: "Geometry: 360x700" in e2e.xdotool("getwindowgeometry", app.wid))
    below = e2e.wait_for("a Library button in the bottom bar",
                         lambda: [b for b in visible_buttons(app, "Library") if b != header[0]] or None)
    for name in ("Enter a Puzzle", "Solve", "Animate", "Pause", "Undo", "Redo", "New Game", "Main Menu"):
        if not visible_buttons(app, name):
            raise e2e.Failure(f"no {name!r} button at 360 px")
    app.key("F5")
    # (At the last run's 1,000 steps/s it may be over before it is seen.)
    e2e.wait_for("Stop or Close after F5",
                 lambda: e2e.find_bar_button(app, "Stop") or e2e.find_bar_button(app, "Close"))
    app.key("ctrl+shift+l")
    e2e.wait_for("the step log", lambda: app.find(lambda a: a is not None and a.name == "Solver steps"))
    left, top, right, bottom = e2e.wait_for(
        "the grid inside the 360 px window",
        lambda: (lambda g: g if g and g[0] >= 0 and g[2] <= 360 and g[2] - g[0] >= 200 else None)(app.geometry()))
    print(f"at 360 px: the grid {right - left} px, the bottom bar's {below[0].name!r} shown")
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-animate-360.png"))
    app.key("Escape")
    e2e.wait_for("Animate enabled after Escape", lambda: sensitive(app.find_button("Animate")))


def check_speed_words(app, expect):
    """The speed scale's speed in words, as AT-SPI gives it: GTK 4.8 sends
    no value text, so it is the scale's description."""
    scale = e2e.wait_for("the speed scale", lambda: e2e.find_speed(app))
    said = e2e.wait_for(f"the speed scale to say {expect!r}",
                        lambda: scale.description if scale.description == expect else None,
                        timeout=5)
    print(f"the speed scale says {said!r} at value {scale.queryValue().currentValue:.2f}")


def sensitive(accessible):
    return accessible.getState().contains(pyatspi.STATE_SENSITIVE)


def area_description(app):
    """What a screen reader hears of the status area (the status-bar role)
    besides the status line: "Attempts: 12, Backtracks: 1, ..., Reading
    order: 445,778 attempts, ...", the counters, then any kept figures."""
    area = app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_STATUS_BAR)
    return (area.description or "") if area is not None else ""


def counter(app, name):
    """The counter name ("Attempts") as a screen reader hears it."""
    return next((c for c in area_description(app).split(", ") if c.startswith(f"{name}: ")), None)


def attempts(app):
    return counter(app, "Attempts")


def kept_figures(app):
    """The figures kept of the run before the cell order changed, or None."""
    description = area_description(app)
    for order in ("Reading order: ", "MRV (fewest candidates): "):
        if order in description:
            return description[description.index(order):]
    return None


def status(app):
    """The solve bar's status line (the name of its status area)."""
    found = app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_STATUS_BAR)
    return found.name if found is not None else None


def focus_grid(app):
    """Clicks r1c2: the focus goes to the grid (locked while a run goes)."""
    x, y = app.cell_centre(1)
    e2e.xdotool("mousemove", "--window", app.wid, x, y, "click", "1")
    e2e.wait_for("the grid focused", lambda: app.grid.getState().contains(pyatspi.STATE_FOCUSED),
                 timeout=5)


def keyboard_run(app, before):
    # 1 step a second, so that the run is still going below; F5 starts it.
    # (The bar's widgets stay in the accessible tree while it is hidden.)
    e2e.find_speed(app).queryValue().currentValue = 0
    check_speed_words(app, "1 step per second")
    app.key("F5")
    e2e.wait_for("Animate disabled after F5", lambda: not sensitive(app.find_button("Animate")))
    e2e.wait_for("Stop after F5", lambda: e2e.find_bar_button(app, "Stop"))

    # Space, with the focus in the solve bar (on Pause): paused.
    app.key("space")
    e2e.wait_for("Resume after Space", lambda: e2e.find_bar_button(app, "Resume"))
    if not sensitive(app.find_button("Step")):
        raise e2e.Failure("Step is not enabled while paused")
    # "." steps: one event at a time, and the run stays paused.
    shown = attempts(app)
    for press in range(1, 11):
        said = status(app)
        app.key("period")
        e2e.wait_for(f"the status line to move on after . number {press}",
                     lambda: status(app) != said, timeout=10)
        if attempts(app) != shown:
            break
    else:
        raise e2e.Failure(f"ten presses of . left the counters at {shown!r}")
    print(f"paused by Space, stepped by . ({press} presses): {shown!r} -> {attempts(app)!r}")
    if e2e.find_bar_button(app, "Resume") is None:
        raise e2e.Failure("a step resumed the run")

    # With the focus on the grid: Space resumes, and again pauses.
    focus_grid(app)
    app.key("space")
    e2e.wait_for("Pause after Space on the grid", lambda: e2e.find_bar_button(app, "Pause"))
    app.key("space")
    e2e.wait_for("Resume after Space on the grid", lambda: e2e.find_bar_button(app, "Resume"))
    shown = attempts(app)
    said = status(app)
    app.key("period")
    e2e.wait_for("the status line to move on after . on the grid", lambda: status(app) != said)
    print(f"on the grid: Space resumed and paused, . stepped ({shown!r} -> {attempts(app)!r})")

    # Ctrl+Shift+M, paused: the cell order is MRV and the run starts again
    # from zero, the paused run's exact figures kept beside it; Ctrl+Shift+R
    # goes back to reading order and keeps MRV's.
    shown = attempts(app)
    backtracks = counter(app, "Backtracks")
    app.key("ctrl+shift+m")
    expect = (f"Reading order: {shown.split(': ')[1]} attempts, "
              f"{backtracks.split(': ')[1]} backtracks, stopped")
    e2e.wait_for(f"{expect!r} kept", lambda: kept_figures(app) == expect)
    e2e.wait_for("the MRV order", lambda: e2e.named(app, lambda s: s.startswith("MRV")))
    e2e.wait_for("the run restarted", lambda: e2e.find_bar_button(app, "Pause"))
    print(f"Ctrl+Shift+M while paused at {shown!r}: {expect!r} kept")
    app.key("ctrl+shift+r")
    e2e.wait_for("the reading order", lambda: e2e.named(app, lambda s: s == "Reading order"))
    e2e.wait_for("MRV's figures kept",
                 lambda: (kept_figures(app) or "").startswith("MRV (fewest candidates): ")
                 and kept_figures(app).endswith(", stopped"))
    print("Ctrl+Shift+M and Ctrl+Shift+R switched the cell order")

    # Escape stops: Animate and Solve are enabled again and the board is
    # back; the kept figures go with the run.
    app.key("Escape")
    e2e.wait_for("Animate enabled after Escape", lambda: sensitive(app.find_button("Animate")))
    if kept_figures(app) is not None:
        raise e2e.Failure(f"the kept figures stay after Escape: {kept_figures(app)!r}")
    if not sensitive(app.find_button("Solve")):
        raise e2e.Failure("Solve is not enabled after Escape")
    e2e.wait_for("r1c2 as before", lambda: app.select(1) == before[1], timeout=10)

    # Ctrl+F5, with the focus on the grid: the solution, closed by Escape.
    app.key("ctrl+F5")
    e2e.wait_for("the solution's status", lambda: (status(app) or "").startswith("Solved in "))
    e2e.wait_for("Close after Ctrl+F5", lambda: e2e.find_bar_button(app, "Close"))
    app.key("Escape")
    e2e.wait_for("Animate enabled after Escape", lambda: sensitive(app.find_button("Animate")))
    print("PASS: F5, Space, ., Ctrl+Shift+M, Ctrl+Shift+R, Escape and Ctrl+F5 drive the solver")


def shortcuts_window(app):
    """Ctrl+? opens the shortcuts window; it lists the solver's keys."""
    app.key("ctrl+question")
    # (Its frame and its X window are titled "Keyboard Shortcuts".)
    window = app.window("Keyboard Shortcuts")
    for title in ("Show the solution", "Animate the backtracker", "Pause or resume the run",
                  "One step of the run", "Cells in reading order",
                  "Cells with the fewest candidates first (MRV)"):
        e2e.wait_for(f"{title!r} in the shortcuts window",
                     lambda: app.find_named(window, title), timeout=5)
    print("PASS: the shortcuts window lists the solver's keys")
    e2e.key_window(e2e.wait_for("the shortcuts window's X window", lambda: e2e.window_named(app, "Keyboard Shortcuts")),
                   "Escape")
    e2e.wait_for("the shortcuts window closed",
                 lambda: not window.getState().contains(pyatspi.STATE_VISIBLE))


if __name__ == "__main__":
    sys.exit(e2e.run(test))
