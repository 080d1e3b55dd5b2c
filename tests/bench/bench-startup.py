#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-startup.py: time from launch to a visible window, and resident memory
# once started, for Nonet and for the floor (an empty libadwaita window)
# measured the same way in the same run, side by side (medians of several
# runs), on a first start (a fresh data folder) and on a later one. GNOME
# Sudoku joins them if installed. A benchmark, not a test: it asserts
# nothing. Needs an X display (xvfb-run) and xdotool.
# Environment: NONET_APP (the binary), GSETTINGS_SCHEMA_DIR (its compiled
# schema), BENCH_FLOOR_APP (bench-startup.c: an empty libadwaita window,
# the toolkit's floor), BENCH_RUNS (default 7), BENCH_BASELINE_APP (another
# build of nonet, an older commit's, say, measured beside them).

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
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=None if os.environ.get("BENCH_VERBOSE") else subprocess.DEVNULL)
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


def median_of(values):
    return statistics.median(values) if values else float("nan")


def main():
    if not os.environ.get("DISPLAY"):
        print("SKIP: no DISPLAY (run under xvfb-run)")
        return SKIP
    if shutil.which("xdotool") is None:
        print("SKIP: xdotool is missing; install it with: apt-get install xdotool")
        return SKIP
    app = os.environ.get("NONET_APP")
    if not app or not os.access(app, os.X_OK):
        print(f"FAIL: NONET_APP is not an executable: {app!r}")
        return 1
    floor = os.environ.get("BENCH_FLOOR_APP")
    if not floor or not os.access(floor, os.X_OK):
        print(f"FAIL: BENCH_FLOOR_APP is not an executable: {floor!r}")
        return 1
    runs = int(os.environ.get("BENCH_RUNS", "7"))

    # The floor is an empty libadwaita window with a header bar
    # (bench-startup.c): what any GTK 4 + libadwaita app pays to show a
    # window here. GNOME Sudoku 43 (GTK 3, cairo) is a neighbour, if
    # installed. A first start has a data folder of its own, fresh (Nonet
    # then makes its library and its first puzzle; every program fills its
    # caches); a later start reuses one that a first start filled. All are
    # interleaved, so a slow moment of the machine hits all alike.
    subjects = [("Nonet", [app]), ("floor", [floor])]
    baseline = os.environ.get("BENCH_BASELINE_APP")
    if baseline:
        if not os.access(baseline, os.X_OK):
            print(f"FAIL: BENCH_BASELINE_APP is not an executable: {baseline!r}")
            return 1
        subjects.insert(1, ("baseline Nonet", [baseline]))
    sudoku = shutil.which("gnome-sudoku") or "/usr/games/gnome-sudoku"
    if os.access(sudoku, os.X_OK):
        subjects.append(("GNOME Sudoku", [sudoku]))
    else:
        print("GNOME Sudoku is not installed: measured against the floor only")
    kinds = ("first", "later")
    results = {(name, kind): ([], []) for name, _ in subjects for kind in kinds}
    homes = {name: make_home() for name, _ in subjects}
    try:
        for name, argv in subjects:
            measure(argv, {}, homes[name])     # the home a later start finds
        for _ in range(runs):
            for name, argv in subjects:
                fresh = make_home()
                try:
                    seconds, rss = measure(argv, {}, fresh)
                finally:
                    shutil.rmtree(fresh, ignore_errors=True)
                results[(name, "first")][0].append(seconds)
                results[(name, "first")][1].append(rss)
                seconds, rss = measure(argv, {}, homes[name])
                results[(name, "later")][0].append(seconds)
                results[(name, "later")][1].append(rss)
    finally:
        for home in homes.values():
            shutil.rmtree(home, ignore_errors=True)

    print(f"start-up to a visible window and settled RSS, median of {runs} runs each")
    print(f"{'':15} {'start':>6} {'to window':>10} {'RSS':>10}")
    medians = {}
    for name, _ in subjects:
        for kind in kinds:
            times, rsses = results[(name, kind)]
            medians[(name, kind)] = (median_of(times), median_of(rsses))
            t, r = medians[(name, kind)]
            print(f"{name:15} {kind:>6} {t * 1000:8.0f} ms {r / 1024:7.1f} MiB")
    for name in ("Nonet", "baseline Nonet"):
        if (name, "first") not in medians:
            continue
        print(f"{name} against the floor, same start:")
        for kind in kinds:
            nt, nr = medians[(name, kind)]
            ft, fr = medians[("floor", kind)]
            print(f"  {kind:>6}: {nt / ft:4.2f}x the time, {(nr - fr) / 1024:+5.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
