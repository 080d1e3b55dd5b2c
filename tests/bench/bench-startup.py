#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-startup.py: time from launch to a visible window, and resident memory
# once started, for Nonet and for GNOME Sudoku measured the same way in the
# same run, side by side (medians of several runs). A benchmark, not a test:
# it asserts nothing. Needs an X display (xvfb-run), xdotool and gnome-sudoku.
# Environment: NONET_APP (the binary), GSETTINGS_SCHEMA_DIR (its compiled
# schema), BENCH_FLOOR_APP (bench-startup.c: an empty libadwaita window,
# the toolkit's floor), BENCH_RUNS (default 7).

import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

SKIP = 77
SETTLE_SECONDS = 5.0     # at most, after the window shows, for the RSS to settle
TIMEOUT_SECONDS = 30.0
POLL_SECONDS = 0.01


def find_window(pid):
    # `xdotool search --sync` polls only every half second: too coarse to
    # time a start-up, so poll here instead, with the same search. Any
    # visible window of the process counts: GNOME Sudoku retitles its own.
    result = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                            capture_output=True, text=True)
    return result.returncode == 0 and result.stdout.strip() != ""


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def settled_rss(pid):
    """The RSS once start-up work is done: sampled until it holds still for
    half a second (or SETTLE_SECONDS pass)."""
    deadline = time.monotonic() + SETTLE_SECONDS
    last, still = rss_kib(pid), 0
    while time.monotonic() < deadline and still < 5:
        time.sleep(0.1)
        now = rss_kib(pid)
        still = still + 1 if abs(now - last) <= last // 200 else 0
        last = now
    return last


def make_home():
    home = tempfile.mkdtemp(prefix="nonet-bench-")
    for name in ("cache", "config", "data", "state"):
        os.makedirs(os.path.join(home, name))
    os.makedirs(os.path.join(home, "runtime"), mode=0o700)
    return home


def measure(argv, extra_env, home):
    """One start: (seconds to a visible window, RSS KiB)."""
    env = dict(os.environ, GSETTINGS_BACKEND="memory", **extra_env)
    for name in ("CACHE", "CONFIG", "DATA", "STATE"):
        env[f"XDG_{name}_HOME"] = os.path.join(home, name.lower())
    env["XDG_RUNTIME_DIR"] = os.path.join(home, "runtime")
    start = time.monotonic()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not find_window(proc.pid):
            if proc.poll() is not None:
                raise RuntimeError(f"{argv[0]} exited with status {proc.returncode}")
            if time.monotonic() - start > TIMEOUT_SECONDS:
                raise RuntimeError(f"{argv[0]}: no visible window")
            time.sleep(POLL_SECONDS)
        elapsed = time.monotonic() - start
        rss = settled_rss(proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return elapsed, rss


def main():
    if not os.environ.get("DISPLAY"):
        print("SKIP: no DISPLAY (run under xvfb-run)")
        return SKIP
    if shutil.which("xdotool") is None:
        print("SKIP: xdotool is missing; install it with: apt-get install xdotool")
        return SKIP
    sudoku = shutil.which("gnome-sudoku") or "/usr/games/gnome-sudoku"
    if not os.access(sudoku, os.X_OK):
        print("SKIP: GNOME Sudoku is the baseline and is not installed;")
        print("install it with: apt-get install gnome-sudoku")
        return SKIP
    app = os.environ.get("NONET_APP")
    if not app or not os.access(app, os.X_OK):
        print(f"FAIL: NONET_APP is not an executable: {app!r}")
        return 1
    runs = int(os.environ.get("BENCH_RUNS", "7"))

    # GNOME Sudoku 43 (Debian 12) is GTK 3 and draws with cairo; GTK 4 draws
    # with GL, which under Xvfb is Mesa's software rasteriser. The cairo row
    # tells the toolkit's renderer apart from Nonet's own weight.
    subjects = [("Nonet", [app], {}),
                ("Nonet (cairo)", [app], {"GSK_RENDERER": "cairo"}),
                ("GNOME Sudoku", [sudoku], {})]
    # The floor: an empty libadwaita window, started the same way.
    floor = os.environ.get("BENCH_FLOOR_APP")
    if floor and os.access(floor, os.X_OK):
        subjects += [("empty Adw window", [floor], {}),
                     ("empty (cairo)", [floor], {"GSK_RENDERER": "cairo"})]
    results = {name: ([], []) for name, _, _ in subjects}
    # Each keeps one home, as a user would: the first start, not counted,
    # fills the caches (fonts, GL shaders; GTK 3 also caches its GL visual
    # choice on the X server) and Nonet's first start generates its first
    # puzzle; the counted starts are the everyday ones. Interleaved, so a
    # slow moment of the machine hits all alike.
    homes = {name: make_home() for name, _, _ in subjects}
    try:
        for name, argv, extra_env in subjects:
            first = measure(argv, extra_env, homes[name])
            print(f"{name}: first start {first[0] * 1000:.0f} ms, {first[1] / 1024:.1f} MiB (not counted)")
        for _ in range(runs):
            for name, argv, extra_env in subjects:
                seconds, rss = measure(argv, extra_env, homes[name])
                results[name][0].append(seconds)
                results[name][1].append(rss)
    finally:
        for home in homes.values():
            shutil.rmtree(home, ignore_errors=True)

    print(f"start-up to a visible window and settled RSS, median of {runs} runs each")
    print(f"{'':18} {'to window':>10} {'RSS':>10}")
    medians = {}
    for name, _, _ in subjects:
        t = statistics.median(results[name][0])
        r = statistics.median(results[name][1])
        medians[name] = (t, r)
        print(f"{name:18} {t * 1000:8.0f} ms {r / 1024:7.1f} MiB")
    st, sr = medians["GNOME Sudoku"]
    for name in ("Nonet", "Nonet (cairo)"):
        nt, nr = medians[name]
        print(f"{name + ' / Sudoku':24} {nt / st:4.2f}x {nr / sr:8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
