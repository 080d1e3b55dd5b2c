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
# Cells read back: r1c1 (a given 8), r1c2 (empty), r5c5 (a given 4), r9c9.
PROBES = (0, 1, 40, 80)


where = e2e.where


def test(home, apps):
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)

    # The puzzle, pasted into the editor and started.
    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: app.find_button("Start"))
    e2e.paste(app, INKALA, "the pasted puzzle",
              lambda: app.select(0).startswith("row 1, column 1, 8"))
    app.press("Start")
    # (The editor's buttons stay in the accessible tree once it slides away.)
    e2e.wait_for("r1c1 to become a given", lambda: "given" in app.select(0), timeout=20)
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
    e2e.check_counters(app, ATTEMPTS, BACKTRACKS)
    e2e.wait_for("Close in place of Stop", lambda: e2e.find_bar_button(app, "Close"))

    # The solved board is drawn over the grid, but the grid's accessible
    # label keeps describing the game underneath (r1c2 still "empty"), so
    # the solution is checked by the summary above and the screenshot.
    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-animate.png"))

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
    app.quit()


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


def attempts(app):
    """The attempts as a screen reader hears them: the first counter in the
    description of the status area (the status-bar role)."""
    area = app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_STATUS_BAR)
    counters = (area.description or "").split(", ") if area is not None else []
    return next((c for c in counters if c.startswith("Attempts: ")), None)


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
    resume = e2e.wait_for("Resume after Space", lambda: e2e.find_bar_button(app, "Resume"))
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

    # Ctrl+Shift+M: the cell order is MRV and the run starts again from
    # zero; Ctrl+Shift+R goes back to reading order.
    app.key("ctrl+shift+m")
    e2e.wait_for("the MRV order", lambda: e2e.named(app, lambda s: s.startswith("MRV")))
    e2e.wait_for("the run restarted", lambda: e2e.find_bar_button(app, "Pause"))
    app.key("ctrl+shift+r")
    e2e.wait_for("the reading order", lambda: e2e.named(app, lambda s: s == "Reading order"))
    print("Ctrl+Shift+M and Ctrl+Shift+R switched the cell order")

    # Escape stops: Animate and Solve are enabled again and the board is back.
    app.key("Escape")
    e2e.wait_for("Animate enabled after Escape", lambda: sensitive(app.find_button("Animate")))
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
    # (GTK 4.8 names its frame "GtkShortcutsWindow", its X window "nonet".)
    window = app.window("GtkShortcutsWindow")
    for title in ("Show the solution", "Animate the backtracker", "Pause or resume the run",
                  "One step of the run", "Cells in reading order",
                  "Cells with the fewest candidates first (MRV)"):
        e2e.wait_for(f"{title!r} in the shortcuts window",
                     lambda: app.find_named(window, title), timeout=5)
    print("PASS: the shortcuts window lists the solver's keys")
    e2e.key_window(e2e.wait_for("the shortcuts window's X window", lambda: e2e.window_named(app, "nonet")),
                   "Escape")
    e2e.wait_for("the shortcuts window closed",
                 lambda: not window.getState().contains(pyatspi.STATE_VISIBLE))


if __name__ == "__main__":
    sys.exit(e2e.run(test))
