#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-plot.py: the search made visible. Pastes Project Euler's grid 1
# into the editor, animates it at Unlimited in reading order (1,605
# attempts, 151 backtracks) and checks, as a screen reader reads them, what
# `nonet-cli trace` of the same puzzle says: the depth plot's description
# (its steps, depth, deepest depth and backtracks, exact), then with the
# heat map on (Ctrl+Shift+H) the hottest cell and every cell's count, which
# add up to the attempts. Exports the plot and the heat map as PNG and SVG
# and the trace as text through the bar's menu and the file chooser, and
# checks the files: PNG signature, SVG root element, and the trace equal to
# nonet-cli's, event for event. Screenshots light and dark, wide and 360 px.

import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyatspi  # noqa: E402

import nonet_e2e as e2e  # noqa: E402

EULER1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
SUMMARY = "Solved: 1,605 attempts, 151 backtracks in "
PLOT = "Search depth against steps"
MENU = "Depth Plot, Heat Map and Export"


def count(n):
    return f"{n:,}"


def cli_trace():
    """nonet-cli trace of the puzzle: its event lines, without comments."""
    out = subprocess.run([os.environ["NONET_CLI"], "trace", "--max-events", "0", "-"],
                         input=EULER1 + "\n", capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if line and not line.startswith("#")]


def figures(events):
    """What the plot and the heat map should say of the trace's events."""
    depth = deepest = backtracks = 0
    tries = [0] * 81
    for line in events:
        words = line.split()
        if words[0] == "place":
            depth = int(words[words.index("depth") + 1])
        elif words[0] == "backtrack":
            depth -= 1
            backtracks += 1
        elif words[0] == "try":
            row, col = map(int, re.match(r"r(\d)c(\d)", words[1]).groups())
            tries[(row - 1) * 9 + col - 1] += 1
        deepest = max(deepest, depth)
    return depth, deepest, backtracks, tries


def find_named(app, name, roles=None):
    return app.find(lambda a: a is not None and (a.name or "").replace("_", "") == name
                    and (roles is None or a.getRole() in roles))


def click(app, name, roles):
    """Clicks the widget named name (mnemonics aside) that has a click action."""
    def clickable(a):
        if a is None or (a.name or "").replace("_", "") != name or a.getRole() not in roles:
            return False
        try:
            action = a.queryAction()
        except NotImplementedError:
            return False
        return any(action.getName(i) == "click" for i in range(action.nActions))
    target = e2e.wait_for(f"{name!r} to click", lambda: app.find(clickable))
    action = target.queryAction()
    action.doAction(next(i for i in range(action.nActions) if action.getName(i) == "click"))


def menu_item(app, label):
    """Opens the solve bar's menu and activates one of its items."""
    click(app, MENU, (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON))
    click(app, label, (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_PUSH_BUTTON))


def export(app, label, title, path):
    """A menu item's export, through the file chooser: types path there and
    waits for the "Saved" toast and the file."""
    menu_item(app, label)
    chooser = e2e.enter_path(app, title, path)
    e2e.key_window(chooser, "Return")
    saved = f"Saved “{os.path.basename(path)}”"
    e2e.wait_for(f"the toast {saved!r}", lambda: find_named(app, saved), timeout=30)
    if not os.path.exists(path):
        raise e2e.Failure(f"the toast says {saved!r}, but {path} does not exist")
    with open(path, "rb") as f:
        return f.read()


def test(home, apps):
    events = cli_trace()
    depth, deepest, backtracks, tries = figures(events)
    if sum(tries) != 1605 or backtracks != 151:
        raise e2e.Failure(f"nonet-cli trace gives {sum(tries)} attempts and {backtracks} backtracks")
    expect_plot = (f"Depth {depth} after {count(len(events))} steps; "
                   f"deepest {deepest}; {count(backtracks)} backtracks")
    hottest = max(range(81), key=lambda c: (tries[c], -c))
    expect_hottest = (f"Most tried: row {hottest // 9 + 1}, column {hottest % 9 + 1}, "
                      f"{count(tries[hottest])} attempts")

    app = e2e.App(home)
    apps.append(app)
    e2e.wait_for_puzzle(app)
    app.key("ctrl+e")
    e2e.wait_for("the editor", lambda: app.find_button("Start"))
    e2e.paste(app, EULER1, "the pasted puzzle", lambda: app.select(2).startswith("row 1, column 3, 3"))
    app.press("Start")
    e2e.wait_for("r1c3 to become a given", lambda: "given" in app.select(2), timeout=20)

    # Animate at Unlimited: the plot is there from the start.
    app.press("Animate")
    e2e.wait_for("the solve bar's Stop", lambda: e2e.find_bar_button(app, "Stop"))
    plot = e2e.wait_for("the depth plot", lambda: find_named(app, PLOT))
    if plot.getRole() != pyatspi.ROLE_IMAGE:
        print(f"note: the plot's role is {plot.getRoleName()!r}")
    e2e.set_unlimited(app)
    summary = e2e.wait_run_end(app)
    if not summary.name.startswith(SUMMARY):
        raise e2e.Failure(f"the summary says {summary.name!r}, expected {SUMMARY}...")
    said = e2e.wait_for("the plot's figures", lambda: plot.description if plot.description == expect_plot else None,
                        timeout=5)
    print(f"the plot says {said!r}")

    # The heat map: the hottest cell, and the counts per cell as numbers.
    app.key("ctrl+shift+h")
    e2e.wait_for("the hottest cell", lambda: find_named(app, expect_hottest))
    click(app, "Attempts per Cell as Numbers", (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON))
    rows = e2e.wait_for("the counts per cell", lambda: app.find(
        lambda a: a is not None and (a.name or "").startswith("Row 1:")))
    shown = []
    for line in rows.name.splitlines():
        match = re.match(r"Row (\d): (.*)$", line)
        if match is None:
            raise e2e.Failure(f"a line of the counts reads {line!r}")
        shown += [int(n.replace(",", "")) for n in match.group(2).split(", ")]
    if shown != tries:
        raise e2e.Failure(f"the counts per cell {shown} are not nonet-cli's {tries}")
    if sum(shown) != 1605:
        raise e2e.Failure(f"the counts add up to {sum(shown)}, not 1,605")
    print(f"heat map: {expect_hottest!r}, the 81 counts add up to {sum(shown):,}")
    shots = e2e.shot_dir(home)
    app.screenshot(os.path.join(shots, "e2e-plot-heat.png"))

    # Export: PNG and SVG of each, and the trace.
    folder = tempfile.mkdtemp(prefix="nonet-plot-", dir=home.path)
    png = export(app, "Export Plot as PNG…", "Export Depth Plot", os.path.join(folder, "plot.png"))
    svg = export(app, "Export Plot as SVG…", "Export Depth Plot", os.path.join(folder, "plot.svg"))
    heat_png = export(app, "Export Heat Map as PNG…", "Export Heat Map", os.path.join(folder, "heat.png"))
    heat_svg = export(app, "Export Heat Map as SVG…", "Export Heat Map", os.path.join(folder, "heat.svg"))
    trace = export(app, "Export Trace as Text…", "Export Trace", os.path.join(folder, "trace.txt"))
    for name, data in (("plot.png", png), ("heat.png", heat_png)):
        if not data.startswith(b"\x89PNG\r\n\x1a\n"):
            raise e2e.Failure(f"{name} does not start with the PNG signature: {data[:8]!r}")
    for name, data in (("plot.svg", svg), ("heat.svg", heat_svg)):
        if not re.search(rb"<svg[\s>]", data[:400]) or not data.rstrip().endswith(b"</svg>"):
            raise e2e.Failure(f"{name} has no svg root element: {data[:200]!r}")
    lines = trace.decode().splitlines()
    if not lines or lines[0] != f"# {EULER1} reading":
        raise e2e.Failure(f"the trace's header is {lines[:1]!r}")
    body = [line for line in lines if not line.startswith("#")]
    if body != events:
        first = next((i for i, (a, b) in enumerate(zip(body, events)) if a != b), min(len(body), len(events)))
        raise e2e.Failure(f"the trace differs from nonet-cli's at event {first + 1} "
                          f"({len(body)} against {len(events)} events)")
    print(f"exported plot.png, plot.svg, heat.png, heat.svg and a trace of {len(body):,} events equal to nonet-cli's")

    # Close: the board goes back, and with it the plot.
    e2e.press_bar_button(app, "Close")
    e2e.wait_for("the plot gone", lambda: not (lambda p: p is not None and p.getState().contains(
        pyatspi.STATE_SHOWING))(find_named(app, PLOT)))
    print("PASS: the depth plot and the heat map say nonet-cli's figures for Euler's grid 1, and export "
          "as PNG, SVG and the CLI's trace")
    app.quit()


if __name__ == "__main__":
    sys.exit(e2e.run(test))
