#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-compare.py: Compare Strategies on Arto Inkala's 2012 puzzle, by
# keyboard: the puzzle pasted into the editor and started, Shift+F5 opens
# the window with reading, mrv, mrv+singles and mrv+hidden chosen (a fifth,
# Alt+F, disables Start till it is dropped again). Alt+S
# starts the four at 100 steps a second; Alt+P pauses, and once the status
# says "Paused at step N" every unfinished board's group (named by its
# strategy) says it stands at step N; Alt+T steps them all to N + 1 (the
# lockstep). Alt+U (Unlimited) and Alt+R resume; the table then holds a row
# a run in the order they finished, each read as its content with the
# core's exact counts, the fastest marked in words, and each run's end was
# said ("MRV + naked singles finished: 8,295 attempts, 1,837 backtracks").
# Alt+C copies the table: the clipboard holds nonet-cli compare's table
# for the same strategies, line for line but the seconds. Every control is
# named for a screen reader (as test-e2e-names-windows checks the others').
# Escape closes it; opened again and closed mid-run, the app goes on.

import importlib.util
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyatspi  # noqa: E402

import nonet_e2e as e2e  # noqa: E402

# The names check of the other windows (no GTK class names, no mnemonics,
# every control named), run on this one.
_spec = importlib.util.spec_from_file_location(
    "names_windows", os.path.join(os.path.dirname(os.path.abspath(__file__)), "test-e2e-names-windows.py"))
names_windows = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(names_windows)

TITLE = "Compare Strategies"
LABELS = {
    "reading": "Reading order",
    "mrv": "MRV",
    "mrv+singles": "MRV + naked singles",
    "mrv+hidden": "MRV + hidden singles",
}
# attempts, backtracks, forced; in the order they finish (fewest steps first).
EXPECTED = [
    ("mrv+hidden", 752, 162, 1402),
    ("mrv+singles", 8295, 1837, 8251),
    ("mrv", 90665, 10041, 0),
    ("reading", 445778, 49498, 0),
]
ROW = re.compile(r"^(?P<label>[^:]+): (?P<attempts>[\d,]+) attempts, (?P<backtracks>[\d,]+) backtracks, "
                 r"(?P<forced>[\d,]+) forced, depth (?P<depth>\d+), (?P<seconds>[\d.]+) seconds(?P<fastest>, fastest)?$")
STEP = re.compile(r"^(Step|Finished at step) ([\d,]+): ")


def number(text):
    return int(text.replace(",", ""))


def status(app, root):
    bar = app.find_in(root, lambda a: a is not None and a.getRole() == pyatspi.ROLE_STATUS_BAR)
    return (bar.name or "") if bar is not None else ""


def wait_status(app, root, pattern, timeout=30):
    found = e2e.wait_for(f"the status to match {pattern!r}",
                         lambda: re.match(pattern, status(app, root)), timeout=timeout)
    return found


def boards(app, root):
    """{strategy: (kind, step)} from the description of each board's group."""
    found = {}
    for strategy, label in LABELS.items():
        group = app.find_in(root, lambda a: a is not None and a.name == label
                            and a.getRole() == pyatspi.ROLE_PANEL)
        if group is None:
            raise e2e.Failure(f"no board named {label!r}")
        match = STEP.match(group.description or "")
        if match is None:
            raise e2e.Failure(f"the board {label!r} is described {group.description!r}")
        found[strategy] = (match.group(1), number(match.group(2)))
    return found


def check_lockstep(app, root, step):
    """Every unfinished board at step, a finished one before it."""
    states = boards(app, root)
    unfinished = [s for s, (kind, _) in states.items() if kind == "Step"]
    if len(unfinished) < 2:
        raise e2e.Failure(f"paused at step {step}, too few boards still run: {states}")
    for strategy, (kind, at) in states.items():
        if kind == "Step" and at != step:
            raise e2e.Failure(f"paused at step {step}, but {strategy} stands at {at}: {states}")
        if kind != "Step" and at > step:
            raise e2e.Failure(f"{strategy} finished at step {at}, after the others' {step}")
    print(f"lockstep at step {step}: {states}")


def table_rows(app, root):
    table = app.find_in(root, lambda a: a is not None and a.name == "Finished runs"
                        and a.getRole() == pyatspi.ROLE_LIST)
    if table is None:
        return []
    rows = []
    for i in range(table.childCount):
        match = ROW.match(table.getChildAtIndex(i).name or "")
        if match:
            rows.append(match)
    return rows


def test(home, apps):
    home.env["G_MESSAGES_DEBUG"] = "nonet-window nonet-compare"
    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)

    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: app.find_button("Start"))
    e2e.paste(app, e2e.INKALA, "the pasted puzzle",
              lambda: app.select(0).startswith("row 1, column 1, 8"))
    app.press("Start")
    e2e.wait_for("r1c1 to become a given", lambda: "given" in app.select(0), timeout=20)

    # Opened by keyboard, the default four chosen.
    app.key("shift+F5")
    root = app.window(TITLE)
    wid = app.window_id(TITLE)
    for name, checked in (("Reading order", True), ("MRV", True), ("MRV + forward checking", False),
                          ("MRV + naked singles", True), ("MRV + hidden singles", True)):
        box = e2e.wait_for(f"the check box {name!r}", lambda: app.find_in(
            root, lambda a: a is not None and a.name == name and a.getRole() == pyatspi.ROLE_CHECK_BOX))
        if box.getState().contains(pyatspi.STATE_CHECKED) != checked:
            raise e2e.Failure(f"{name!r} should {'' if checked else 'not '}be chosen")

    # Five chosen are too many: Start waits for four at most.
    start = app.find_button("Start", root)
    e2e.key_window(wid, "alt+f")
    e2e.wait_for("Start to be disabled with five chosen",
                 lambda: not start.getState().contains(pyatspi.STATE_SENSITIVE))
    e2e.key_window(wid, "alt+f")
    e2e.wait_for("Start to be enabled with four chosen",
                 lambda: start.getState().contains(pyatspi.STATE_SENSITIVE))

    # 100 steps a second (the default), paused mid-run: the boards in lockstep.
    e2e.key_window(wid, "alt+s")
    wait_status(app, root, r"^Running: step [\d,]+$")
    e2e.key_window(wid, "alt+p")
    step = number(wait_status(app, root, r"^Paused at step ([\d,]+)$").group(1))
    check_lockstep(app, root, step)
    e2e.key_window(wid, "alt+t")
    wait_status(app, root, rf"^Paused at step {step + 1:,}$")
    check_lockstep(app, root, step + 1)
    shots = e2e.shot_dir(home)
    app.screenshot(os.path.join(shots, "compare-paused.png"), wid)

    # Unlimited, resumed, to the end.
    e2e.key_window(wid, "alt+u")
    e2e.key_window(wid, "alt+r")
    wait_status(app, root, r"^All finished\. Fastest: MRV \+ hidden singles, in [\d,]+ steps\.$", timeout=180)
    rows = e2e.wait_for("four rows in the table", lambda: (lambda r: r if len(r) == 4 else None)(
        table_rows(app, root)))
    for i, (row, (strategy, attempts, backtracks, forced)) in enumerate(zip(rows, EXPECTED)):
        got = (row["label"], number(row["attempts"]), number(row["backtracks"]), number(row["forced"]))
        want = (LABELS[strategy], attempts, backtracks, forced)
        if got != want:
            raise e2e.Failure(f"row {i + 1} reads {row.group(0)!r}, expected {want}")
        if bool(row["fastest"]) != (i == 0):
            raise e2e.Failure(f"row {i + 1} {'is not' if i == 0 else 'is'} marked fastest: {row.group(0)!r}")
    print("table:", [row.group(0) for row in rows])
    fastest_steps = number(re.search(r"in ([\d,]+) steps", status(app, root)).group(1))
    if boards(app, root)["mrv+hidden"] != ("Finished at step", fastest_steps):
        raise e2e.Failure(f"the fastest board does not say step {fastest_steps}: {boards(app, root)}")
    said = "compare said: MRV + naked singles finished: 8,295 attempts, 1,837 backtracks"
    e2e.wait_for("the end of each run said", lambda: said in app.log())
    app.screenshot(os.path.join(shots, "compare-finished.png"), wid)

    # Copy Table: nonet-cli compare's table, but the seconds.
    e2e.key_window(wid, "alt+c")
    e2e.wait_for("the copy said", lambda: "compare said: Table copied" in app.log())
    helper = os.path.join(os.path.dirname(os.path.abspath(__file__)), "get-clipboard.py")
    copied = subprocess.run([sys.executable, helper], env=dict(os.environ, GTK_A11Y="none"),
                            capture_output=True, text=True, timeout=30)
    if copied.returncode != 0:
        raise e2e.Failure(f"reading the clipboard failed: {copied.stderr}")
    cli = subprocess.run([os.environ["NONET_CLI"], "compare", "--format", "table", "--strategies",
                          ",".join(s for s, *_ in EXPECTED)], input=e2e.INKALA + "\n",
                         capture_output=True, text=True, timeout=60, check=True)
    expected = [line.rsplit(None, 1)[0] for line in cli.stdout.splitlines()[1:]]
    got = [line.rsplit(None, 1)[0] for line in copied.stdout.splitlines()]
    if got != expected or not copied.stdout.endswith("\n"):
        raise e2e.Failure(f"the clipboard holds {copied.stdout!r}; nonet-cli prints {cli.stdout!r}")
    print("copied:", copied.stdout)
    bad = names_windows.check(root, TITLE)
    if bad:
        raise e2e.Failure(f"badly named objects: {bad}")

    # Escape closes it, and closing mid-run stops the runs: the app goes on.
    e2e.key_window(wid, "Escape")
    e2e.wait_for("the window to close", lambda: e2e.window_named(app, TITLE) is None)
    app.key("shift+F5")
    root = app.window(TITLE)
    wid = app.window_id(TITLE)
    e2e.key_window(wid, "alt+s")
    wait_status(app, root, r"^Running: step [\d,]+$")
    e2e.key_window(wid, "Escape")
    e2e.wait_for("the window to close mid-run", lambda: e2e.window_named(app, TITLE) is None)
    if not app.select(1).startswith("row 1, column 2, empty"):
        raise e2e.Failure(f"after closing mid-run the grid says {app.select(1)!r}")
    if app.proc.poll() is not None:
        raise e2e.Failure("the app ended when Compare closed mid-run")


if __name__ == "__main__":
    sys.exit(e2e.run(test))
