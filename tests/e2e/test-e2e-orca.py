#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-orca.py: a solver run heard with the real Orca screen reader, by
# keyboard alone. tests/orca/ runs Orca headless and logs what it says; the
# driver (this file with --drive, inside that session) presses keys as a
# blind user would and waits for what Orca says after each. Then: the start
# of a run is spoken; while it runs Orca speaks at a bounded rate; Tab is
# still announced; Space (pause) speaks both counts, "." (step) where the
# solver is, and the end of the run its summary with both counts. With the
# progress announcements off, nothing is spoken while it runs, and a pause
# still is. Before that, a game by keyboard alone: the launch speaks the
# window's title and the cell (when Orca listens yet); a puzzle entered (Ctrl+E, its digits) and
# started (Alt+S) says so; moving, a digit, a note, an undo off the cursor
# cell (what was undone, and where), a conflict, a given typed over (why it
# was refused), and Pause and Resume are all heard. Skipped when Orca
# cannot start here.

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KIT = os.environ.get("ORCA_KIT", os.path.join(HERE, "..", "orca"))
SKIP = 77
# The driver's exit status when Orca never followed the app (class Deaf).
DEAF = 76
# Waits are this many times longer for an app under a sanitizer.
TIMEOUT_SCALE = float(os.environ.get("NONET_E2E_TIMEOUT_SCALE") or 1)
WAIT = 60 * TIMEOUT_SCALE
# How long the run is watched, and the rate Orca may speak at meanwhile:
# the app's about one sentence a second, with room for a sentence that a
# key caused just before.
WATCH = 8
MAX_RATE = 1.5
EXTRA = 2
# Arto Inkala's 2012 puzzle (21 clues): r1c1 is a given 8, r1c2 and r1c3
# are empty.
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
COUNTS = re.compile(r"\d[\d,]* attempts?, \d[\d,]* backtracks?")


PASS = ("PASS: a game entered, started and played is heard step by step (the launch, a digit, "
        "a note, undo off the cursor, a conflict, a given refused, Pause and Resume); "
        "the start, the pause, the step and the end are spoken with the counts, "
        "progress at a bounded rate, Tab still heard, and silence when asked for")


class Failure(Exception):
    pass


class Deaf(Exception):
    """Orca heard nothing of the app, not even a key, over several starts:
    Orca itself is stuck, which is no fault of the app."""


# --- The driver, inside the Orca session -----------------------------------

def read_jsonl(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return []


def said_since(out, t):
    return [r["text"] for r in read_jsonl(os.path.join(out, "speech.jsonl"))
            if r["kind"] == "say" and r["t"] >= t]


def keys(*args):
    subprocess.run([os.path.join(os.environ["ORCA_KIT_DIR"], "keys.sh"), *args], check=True)


def mark(label):
    keys("-m", label)
    return time.time()


def wait_said(out, since, what, pattern, timeout=WAIT):
    """Waits until Orca has said something matching pattern since `since`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for text in said_since(out, since):
            if re.search(pattern, text):
                print(f"heard {what}: {text!r}", flush=True)
                return text
        time.sleep(0.2)
    raise Failure(f"Orca never said {what} ({pattern!r}); it said {said_since(out, since)}")


def wait_window(out, since):
    """Orca reads a new window late or not at all (GTK 4.8): a key pressed
    before it has is lost. Its first words will do; none within a while is
    a session Orca does not follow (class Deaf)."""
    try:
        wait_said(out, since, "the window", r"Nonet|push button", timeout=10 * TIMEOUT_SCALE)
    except Failure:
        # A key pressed now reaches the app before Orca follows it: what
        # the app says of it is lost, and there is nothing to judge.
        raise Deaf("Orca said nothing of the new window: it does not follow this start of the app")


def start_app(app, home, progress, welcome=None):
    """The app, in a home of its own; the settings in a key file there
    (welcome: whether the first start's welcome page shows; None, as by
    default)."""
    config = os.path.join(home, ".config")
    os.makedirs(os.path.join(config, "glib-2.0", "settings"), exist_ok=True)
    with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w", encoding="utf-8") as f:
        f.write("[io/github/nonet/Nonet]\n")
        f.write(f"announce-solver-progress={'true' if progress else 'false'}\n")
        if welcome is not None:
            f.write(f"show-welcome={'true' if welcome else 'false'}\n")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=config,
               XDG_DATA_HOME=os.path.join(home, ".local", "share"),
               XDG_CACHE_HOME=os.path.join(home, ".cache"), GSETTINGS_BACKEND="keyfile")
    proc = subprocess.Popen(app, env=env, cwd=home)
    subprocess.run(["timeout", str(int(WAIT)), "xdotool", "search", "--sync", "--onlyvisible",
                    "--pid", str(proc.pid)], check=True, stdout=subprocess.DEVNULL)
    return proc


def stop_app(proc):
    proc.terminate()
    proc.wait(timeout=WAIT)


def press(out, label, key, what, pattern):
    """Marks label, presses key and waits until Orca says what."""
    t = mark(label)
    keys(key)
    return wait_said(out, t, what, pattern)


def animate(app, home, label, progress):
    """The app started, and a run started with F5: the start is spoken."""
    t = time.time()
    proc = start_app(app, os.path.join(home, label), progress)
    try:
        wait_window(out_dir(), t)
        press(out_dir(), label, "F5", "the start", r"Animating the backtracker")
    except BaseException:
        stop_app(proc)
        raise
    return proc


def out_dir():
    return os.environ["ORCA_KIT_OUT"]


def play(app, home):
    """A puzzle entered, started and played by keyboard, each step heard."""
    out = out_dir()
    proc = launch_heard(app, os.path.join(home, "play"))
    try:
        press(out, "enter", "ctrl+e", "the editor", r"entering a puzzle")
        t = mark("givens")
        keys("-d", "0", "type:" + INKALA)
        wait_said(out, t, "the last cell", r"row 9, column 9")
        press(out, "start", "alt+s", "Start", r"Puzzle started: .*21 clues")
        press(out, "home", "ctrl+Home", "the first cell", r"row 1, column 1, 8, given")
        press(out, "move", "Right", "the empty cell", r"row 1, column 2, empty")
        press(out, "digit", "1", "the digit", r"row 1, column 2, 1\b")
        press(out, "next", "Right", "the next cell", r"row 1, column 3, empty")
        press(out, "note", "ctrl+3", "the note", r"row 1, column 3, empty, notes 3")
        press(out, "off", "Down", "a given below", r"row 2, column 3, 3, given")
        press(out, "undo-note", "ctrl+z", "the note undone", r"Undid note 3 at row 1, column 3")
        press(out, "undo-digit", "ctrl+z", "the digit undone", r"Undid 1 at row 1, column 2")
        press(out, "conflict", "8", "the conflict", r"row 1, column 2, 8, conflict")
        press(out, "given", "ctrl+Home", "the given", r"row 1, column 1, 8, given")
        press(out, "refused", "5", "the given refused", r"is a given")
        press(out, "pause", "Pause", "the pause", r"\bPaused\b(?!:)")
        press(out, "resume", "Pause", "the resume", r"\bResumed\b")
    finally:
        stop_app(proc)


def launch_heard(app, home, tries=3):
    """The app started until Orca is heard following it. The launch says the
    window's title, then the cell with the focus. Orca 43 may not yet listen
    to a new GTK 4.8 app then (see wait_window), and on a busy machine it
    sometimes never takes up the first app of its session: a key that moves
    the cursor must then be heard, or the app is started again."""
    out = out_dir()
    cell = r"row \d, column \d"
    for attempt in range(1, tries + 1):
        t = mark("launch")
        proc = start_app(app, home, progress=True, welcome=False)
        try:
            wait_said(out, t, "the launch", cell, timeout=10 * TIMEOUT_SCALE)
            return proc
        except Failure:
            print("Orca said nothing of the launch; moving the cursor", flush=True)
        try:
            t = mark("heard")
            keys("Right")
            wait_said(out, t, "the cursor", cell, timeout=20 * TIMEOUT_SCALE)
            return proc
        except Failure:
            print(f"Orca does not follow the app (start {attempt}); starting it again", flush=True)
            stop_app(proc)
    raise Deaf(f"Orca followed none of {tries} starts of the app and said nothing at all")


def drive(app):
    out = out_dir()
    home = os.environ["HOME"]

    play(app, home)

    proc = animate(app, home, "start", progress=True)
    try:
        mark("running")
        time.sleep(WATCH)
        press(out, "tab", "Tab", "the newly focused Step", r"^Step\b")
        press(out, "back", "shift+Tab", "Pause again", r"^Pause\b")
        press(out, "pause", "space", "the pause", r"^Paused: " + COUNTS.pattern)
        press(out, "step", "period", "the step", r"row \d, column \d.*" + COUNTS.pattern)
        press(out, "speed", "alt+d", "the speed scale", r"Speed")
        press(out, "unlimited", "End", "Unlimited", r"Unlimited")
        press(out, "resume", "alt+r", "the end", r"^Solved: " + COUNTS.pattern)
    finally:
        stop_app(proc)

    proc = animate(app, home, "silent-start", progress=False)
    try:
        # Orca finishes what the focus made it say first.
        time.sleep(1)
        mark("silent-running")
        time.sleep(WATCH)
        press(out, "silent-pause", "alt+p", "the pause", r"^Paused: " + COUNTS.pattern)
        mark("done")
    finally:
        stop_app(proc)


# --- The test, outside ------------------------------------------------------

def steps(out):
    return {r["text"]: r["t"] for r in read_jsonl(os.path.join(out, "steps.jsonl")) if r["kind"] == "step"}


def between(out, first, last):
    marks = steps(out)
    return [r for r in read_jsonl(os.path.join(out, "speech.jsonl"))
            if r["kind"] == "say" and marks[first] <= r["t"] < marks[last]]


def check(out):
    marks = steps(out)
    running = between(out, "running", "tab")
    seconds = marks["tab"] - marks["running"]
    print(f"while running: {len(running)} utterances in {seconds:.1f} s")
    for r in running:
        print(f"  {r['clock']}  {r['text']}")
    if len(running) > MAX_RATE * seconds + EXTRA:
        raise Failure(f"{len(running)} utterances in {seconds:.1f} s while running, "
                      f"at most {MAX_RATE}/s (+{EXTRA}) expected")
    if not running:
        raise Failure("nothing was spoken while the run went (progress is announced by default)")
    if any(r["kind"] == "deluge" for r in read_jsonl(os.path.join(out, "speech.jsonl"))):
        raise Failure("Orca's event queue overflowed (a deluge)")
    silent = between(out, "silent-running", "silent-pause")
    print(f"progress off, while running: {[r['text'] for r in silent]}")
    if silent:
        raise Failure(f"with progress announcements off, Orca said {[r['text'] for r in silent]}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--drive":
        try:
            drive(sys.argv[2:])
        except Failure as e:
            print(f"FAIL: {e}", flush=True)
            return 1
        except Deaf as e:
            print(f"DEAF: {e}", flush=True)
            return DEAF
        return 0

    app = os.environ.get("NONET_APP")
    if not app:
        print("FAIL: NONET_APP is not set")
        return 1
    for tool in ("xvfb-run", "dbus-run-session", "xdotool", "orca", "speech-dispatcher", "metacity"):
        if shutil.which(tool) is None:
            print(f"SKIP: {tool} is not installed (see the Makefile's TEST_PACKAGES)")
            return SKIP
    out = tempfile.mkdtemp(prefix="nonet-orca-")
    session = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--",
               os.path.join(KIT, "orca-session.sh"), out, "--",
               "timeout", str(int(10 * WAIT)), "/usr/bin/python3", os.path.abspath(__file__), "--drive",
               "env", f"GSETTINGS_SCHEMA_DIR={os.environ.get('GSETTINGS_SCHEMA_DIR', '')}", app]
    rc = subprocess.run(session, timeout=12 * WAIT).returncode
    print(subprocess.run([os.path.join(KIT, "say.py"), out], capture_output=True, text=True).stdout)
    if rc == DEAF:
        # Seen on Debian 12's Orca 43 now and then: its session starts, says
        # "Screen reader on." and then hears no event of any app, keys
        # included, until it is stopped. Nothing was heard to judge.
        print(f"SKIP: Orca heard nothing of the app over several starts (logs in {out})")
        return SKIP
    if rc == 75:
        print("SKIP: another Orca runs for this user")
        return SKIP
    if rc in (2, 70):
        print(f"SKIP: Orca or speech-dispatcher could not start here (exit {rc}, see {out})")
        return SKIP
    if rc != 0:
        print(f"FAIL: the driver exited {rc} (logs in {out})")
        return 1
    try:
        check(out)
    except Failure as e:
        print(f"FAIL: {e} (logs in {out})")
        return 1
    print(PASS)
    shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
