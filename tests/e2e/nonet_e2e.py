# SPDX-License-Identifier: GPL-3.0-or-later
# nonet_e2e.py: drives the real nonet as a person would, for the end-to-end
# tests: starts it in a throwaway home, clicks cells with xdotool and reads
# what a screen reader hears through AT-SPI. Needs an X display and a
# session bus (xvfb-run ... dbus-run-session); see TESTING.md.
# Environment: NONET_APP (the binary), GSETTINGS_SCHEMA_DIR (its schema);
# NONET_APP_WRAPPER, a command the app is started under (valgrind);
# NONET_E2E_TIMEOUT_SCALE, a factor for every wait (for a sanitized build).

import fcntl
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import Atspi

SKIP = 77
TITLE = "Nonet"
# Arto Inkala's 2012 puzzle and its solution.
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
INKALA_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
# Waits are this many times longer for an app under a sanitizer or valgrind.
TIMEOUT_SCALE = float(os.environ.get("NONET_E2E_TIMEOUT_SCALE") or 1)
# So are AT-SPI's calls: an app under a sanitizer on a busy machine can take
# longer than D-Bus's 25 s to answer one (an action that opens a window),
# and a slow answer is not a failure (meson's timeout still bounds a hang).
Atspi.set_timeout(int(25000 * TIMEOUT_SCALE), int(15000 * TIMEOUT_SCALE))
# What AddressSanitizer, LeakSanitizer and UBSan print when they find an error.
SANITIZER_REPORT = re.compile(r"^.*(ERROR: (Address|Leak)Sanitizer|runtime error:).*$", re.M)


class Failure(Exception):
    pass


def check_environment():
    """None when the tests can run, else the exit code to return."""
    if not os.environ.get("DISPLAY"):
        print("SKIP: no DISPLAY (run under xvfb-run and dbus-run-session)")
        return SKIP
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        print("SKIP: no session bus (run under dbus-run-session)")
        return SKIP
    app = os.environ.get("NONET_APP")
    if not app or not os.access(app, os.X_OK):
        print(f"FAIL: NONET_APP is not an executable: {app!r}")
        return 1
    if shutil.which("xdotool") is None:
        print("FAIL: xdotool is not installed")
        return 1
    return None


def wait_for(what, predicate, timeout=20.0, interval=0.05):
    deadline = time.monotonic() + timeout * TIMEOUT_SCALE
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure(f"timed out waiting for {what}")
        time.sleep(interval)


def xdotool(*args, timeout=20):
    result = subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True,
                            timeout=timeout * TIMEOUT_SCALE)
    if result.returncode != 0:
        raise Failure(f"xdotool {' '.join(map(str, args))} failed: {result.stderr.strip()}")
    return result.stdout


class Home:
    """A throwaway $HOME of XDG folders, kept across restarts of the app.
    Its toasts stay until dismissed or replaced (NONET_TOAST_TIMEOUT=0), so
    that a test finds each however slow the app (ASan, a busy machine)."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="nonet-e2e-")
        self.env = dict(os.environ, GSETTINGS_BACKEND="memory",
                        G_MESSAGES_DEBUG="nonet-window", NONET_TOAST_TIMEOUT="0")
        for name in ("CACHE", "CONFIG", "DATA", "STATE"):
            self.env[f"XDG_{name}_HOME"] = os.path.join(self.path, name.lower())
        self.env["XDG_RUNTIME_DIR"] = os.path.join(self.path, "runtime")
        os.makedirs(self.env["XDG_RUNTIME_DIR"], mode=0o700)

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)


class App:
    """One run of nonet: its window, its grid's place and its grid's
    accessible object."""

    def __init__(self, home, run=0, args=(), welcome=False):
        """args: what follows the app's name on its command line (files to
        open, str or bytes). The first start greets with a welcome page
        over the puzzle made ready: unless welcome, Escape (as a person
        could) leaves it for that puzzle, whatever the language."""
        self.home = home
        self.log_path = os.path.join(home.path, f"nonet-{run}.log")
        wrapper = shlex.split(os.environ.get("NONET_APP_WRAPPER", ""))
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen([*wrapper, os.environ["NONET_APP"], *args], env=home.env,
                                         stdout=log, stderr=subprocess.STDOUT)
        out = xdotool("search", "--sync", "--all", "--onlyvisible", "--pid", self.proc.pid,
                      "--name", f"^{TITLE}$", timeout=30)
        self.wid = out.split()[-1]
        self.accessible = wait_for("the app on the accessibility bus", self._find_app)
        self.grid = wait_for("the grid's accessible", self._find_grid)
        # (Started with files to open, the app leaves the page itself.)
        if not welcome and "welcome page shown" in self.log() and "welcome page left" not in self.log():
            self.key("Escape")
            wait_for("the welcome page to go", lambda: "welcome page left" in self.log())

    def log(self):
        with open(self.log_path, errors="replace") as f:
            return f.read()

    def sanitizer_report(self):
        """The first line of a sanitizer's report in the log, or None."""
        found = SANITIZER_REPORT.search(self.log())
        return found.group(0) if found else None

    def _find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            try:
                if app is not None and app.get_process_id() == self.proc.pid:
                    return app
            except Exception:
                continue
        return None

    def find(self, predicate):
        try:
            return pyatspi.findDescendant(self.accessible, predicate)
        except Exception:
            return None

    def _find_grid(self):
        return self.find(lambda a: a is not None and re.match(r"row \d, column \d", a.name or ""))

    def find_button(self, name, root=None):
        # GTK 4.8 names a button with a mnemonic "_Label Label".
        return self.find_in(root or self.accessible,
                            lambda a: a is not None
                            and (a.name == name or (a.name or "").endswith(" " + name))
                            and a.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON))

    def press(self, name, timeout=10):
        """Presses a button by its accessible name, through its action."""
        self.press_in(self.accessible, name, timeout)

    def geometry(self):
        """The grid in window coordinates: left, top, right, bottom, from the
        window's debug output (the last line wins)."""
        found = re.findall(r"grid geometry: (-?\d+) (-?\d+) (-?\d+) (-?\d+)", self.log())
        return tuple(map(int, found[-1])) if found else None

    def cell_centre(self, cell):
        left, top, right, bottom = wait_for("the grid's geometry", self.geometry)
        size_x, size_y = (right - left) / 9, (bottom - top) / 9
        return int(left + (cell % 9 + 0.5) * size_x), int(top + (cell // 9 + 0.5) * size_y)

    def label(self):
        return self.grid.name or ""

    def select(self, cell):
        """Clicks a cell and returns what the grid then says of it."""
        prefix = f"row {cell // 9 + 1}, column {cell % 9 + 1},"
        for attempt in range(5):
            # Again each time: the grid moves when the editor bar slides in
            # or a status line appears.
            x, y = self.cell_centre(cell)
            xdotool("mousemove", "--window", self.wid, x, y, "click", "1")
            try:
                return wait_for(f"the cursor on {prefix}",
                                lambda: self.label() if self.label().startswith(prefix) else None,
                                timeout=2, interval=0.01)
            except Failure:
                time.sleep(0.3)
                continue
        raise Failure(f"clicking {x},{y} did not select {prefix} (the grid says {self.label()!r})")

    def key(self, *keys):
        xdotool("windowfocus", "--sync", self.wid)
        xdotool("key", *keys)

    def window_id(self, title, timeout=20):
        """The X window of another window of the app, by its exact title."""
        out = xdotool("search", "--sync", "--all", "--onlyvisible", "--pid", self.proc.pid,
                      "--name", f"^{title}$", timeout=timeout)
        return out.split()[-1]

    def window(self, title, timeout=20):
        """The accessible frame of a window of the app, by its title."""
        def find():
            try:
                for i in range(self.accessible.childCount):
                    frame = self.accessible.getChildAtIndex(i)
                    if frame is not None and frame.name == title and \
                            frame.getState().contains(pyatspi.STATE_VISIBLE):
                        return frame
            except Exception:
                return None
            return None
        return wait_for(f"a window titled {title!r}", find, timeout)

    def find_in(self, root, predicate):
        try:
            return pyatspi.findDescendant(root, predicate)
        except Exception:
            return None

    def find_named(self, root, name):
        """A descendant of root whose accessible name is name."""
        return self.find_in(root, lambda a: a is not None and a.name == name)

    def press_in(self, root, name, timeout=10):
        """Presses a button of one window (root: its accessible) by its
        accessible name, through its action."""
        button = wait_for(f"a button named {name!r}", lambda: self.find_button(name, root), timeout)
        action = button.queryAction()
        for i in range(action.nActions):
            if action.getName(i) in ("click", "press", "activate"):
                action.doAction(i)
                return
        action.doAction(0)

    def wait_label(self, what, predicate, timeout=5):
        return wait_for(what, lambda: self.label() if predicate(self.label()) else None, timeout)

    def screenshot(self, path, wid=None):
        wid = wid or self.wid
        xdotool("windowraise", wid)
        subprocess.run(["import", "-window", wid, f"PNG24:{path}"], check=False, timeout=30)

    def quit(self):
        self.key("ctrl+q")
        try:
            return self.proc.wait(timeout=10 * TIMEOUT_SCALE)
        except subprocess.TimeoutExpired:
            raise Failure(f"still running {10 * TIMEOUT_SCALE:g} s after Ctrl+Q")

    def kill(self, sig=signal.SIGKILL):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=10 * TIMEOUT_SCALE)


class Clipboard:
    """Holds text on the clipboard (through set-clipboard.py) until stopped."""

    def __init__(self, text):
        helper = os.path.join(os.path.dirname(os.path.abspath(__file__)), "set-clipboard.py")
        env = dict(os.environ, GTK_A11Y="none")
        self.proc = subprocess.Popen([sys.executable, helper, text], env=env,
                                     stdout=subprocess.PIPE, text=True)
        if self.proc.stdout.readline().strip() != "ready":
            raise Failure("set-clipboard.py did not start")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def paste(app, text, what, predicate, timeout=20):
    """Copies text (from another process), presses Ctrl+V in the app and
    returns wait_for(what, predicate, timeout): the clipboard is held until
    the app shows what the paste brought (a toast among others, found as
    soon as it shows)."""
    clipboard = Clipboard(text)
    try:
        app.key("ctrl+v")
        return wait_for(what, predicate, timeout)
    finally:
        clipboard.stop()


def entry_text(accessible):
    """An entry's text (GTK 4.8 gives none for an end offset of -1)."""
    text = accessible.queryText()
    return text.getText(0, text.characterCount)


def enter_path(app, title, path):
    """Puts path in the name entry of the file chooser titled title, all at
    once (pasted: typed, each folder on the way, /tmp among them, would be
    listed for completion, and GTK 4.8's list loses the names it cached of
    files that vanish meanwhile, which ASan reports as leaks), and waits
    until the entry holds it. Returns the chooser's window id."""
    wid = wait_for(f"the file chooser {title!r}", lambda: window_named(app, title))
    root = app.window(title)

    def holds_path():
        found = app.find_in(root, lambda a: a is not None and a.getRole() == pyatspi.ROLE_TEXT
                            and entry_text(a) == path)
        return found is not None

    wait_for(f"the name entry of {title!r}", lambda: app.find_in(
        root, lambda a: a is not None and a.getRole() == pyatspi.ROLE_TEXT
        and a.getState().contains(pyatspi.STATE_FOCUSED)))
    clipboard = Clipboard(path)
    try:
        key_window(wid, "ctrl+a", "ctrl+v")
        wait_for(f"{path!r} in the name entry", holds_path)
    finally:
        clipboard.stop()
    return wid


def key_window(wid, *keys):
    """Presses keys in one window (the app's other windows than the main one)."""
    xdotool("windowfocus", "--sync", wid)
    xdotool("key", *keys)


def type_window(wid, text):
    xdotool("windowfocus", "--sync", wid)
    xdotool("type", "--delay", "20", text)


def read_board(app):
    """What the grid says of each of the 81 cells, clicking them in turn."""
    return [app.select(cell) for cell in range(81)]


def wait_for_puzzle(app, timeout=60):
    """Waits until the grid holds a puzzle (the first start generates one:
    until then the grid is blank) and returns read_board."""
    deadline = time.monotonic() + timeout * TIMEOUT_SCALE
    while True:
        labels = read_board(app)
        if any("given" in label for label in labels):
            return labels
        if time.monotonic() > deadline:
            raise Failure("no puzzle appeared")
        time.sleep(0.5)


def shot_dir(home):
    """Where screenshots go: NONET_TEST_OUTPUT, else the throwaway home."""
    path = os.environ.get("NONET_TEST_OUTPUT", home.path)
    os.makedirs(path, exist_ok=True)
    return path


def where(cell):
    return f"row {cell // 9 + 1}, column {cell % 9 + 1}"


def paste_and_start(app, line):
    """Opens the editor (Ctrl+E), pastes line (its first cell a given) and
    starts it: the game is line, once r1c1 reads as a given."""
    app.key("ctrl+e")
    wait_for("the editor", lambda: app.find_button("Start"))
    paste(app, line, "the pasted puzzle",
          lambda: app.select(0).startswith(f"row 1, column 1, {line[0]}"))
    app.press("Start")
    # (The editor's buttons stay in the accessible tree once it slides away.)
    wait_for("r1c1 to become a given", lambda: "given" in app.select(0), timeout=20)


def type_puzzle(app, line):
    """Types a puzzle into the editor as a person would: clicks the first
    cell of each run of digits and types them, the editor moving on to the
    next cell after each ("." or "0" is empty). Waits for each move on
    (r9c9, the end, for its digit)."""
    cursor = None
    for cell, ch in enumerate(line):
        if ch in ".0":
            continue
        if cursor != cell:
            app.select(cell)
        app.key(ch)
        cursor = min(cell + 1, 80)
        moved = f"{where(cursor)}, {ch}" if cell == 80 else f"{where(cursor)},"
        app.wait_label(f"{ch} in {where(cell)}", lambda s: s.startswith(moved))


# Installing: LOCALEDIR and the data folders are compiled in, so the tests
# that need the installed app build and install the source into a prefix.
# The tests that do share one build and prefix (NONET_INSTALL_DIR), under a
# lock: the first to come builds, the next finds it built and only
# reinstalls.

def install(top):
    """Builds and installs Nonet (NONET_SOURCE_DIR) into top/prefix with
    meson, in top/build, without its tests (-Dtests=false) and set up with
    NONET_MESON_SETUP_ARGS (the sanitizers of the build under test); None
    on success, else the log."""
    source = os.environ["NONET_SOURCE_DIR"]
    build, prefix = os.path.join(top, "build"), os.path.join(top, "prefix")
    setup_args = shlex.split(os.environ.get("NONET_MESON_SETUP_ARGS", ""))
    steps = [["meson", "install", "-C", build, "--quiet"]]
    if not os.path.exists(os.path.join(build, "build.ninja")):
        steps.insert(0, ["meson", "setup", "--prefix", prefix, "-Dtests=false", *setup_args,
                         build, source])
    for args in steps:
        result = subprocess.run(args, capture_output=True, text=True, timeout=900 * TIMEOUT_SCALE)
        if result.returncode != 0:
            return f"{' '.join(args)}:\n{result.stdout}{result.stderr}"
    return None


def run_installed(test):
    """Installs Nonet into the prefix the install tests share, points
    NONET_APP at its bin/nonet and runs test(home, apps, prefix) as run()
    does; the home's schema and data folders are the prefix's."""
    code = check_environment()
    if code is not None:
        return code
    if shutil.which("meson") is None:
        print("FAIL: meson is not on PATH")
        return 1
    top = os.environ["NONET_INSTALL_DIR"]
    os.makedirs(top, exist_ok=True)
    prefix = os.path.join(top, "prefix")
    with open(os.path.join(top, "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        log = install(top)
    if log is not None:
        print(f"FAIL: installing into {prefix} failed:\n{log}")
        return 1
    os.environ["NONET_APP"] = os.path.join(prefix, "bin", "nonet")

    def installed(home, apps):
        home.env.update(GSETTINGS_SCHEMA_DIR=os.path.join(prefix, "share", "glib-2.0", "schemas"),
                        XDG_DATA_DIRS=os.path.join(prefix, "share") + ":/usr/local/share:/usr/share")
        test(home, apps, prefix)
    return run(installed)


# The solve bar (Solve and Animate).

def named(app, predicate):
    return app.find(lambda a: a is not None and predicate(a.name or ""))


def find_bar_button(app, label):
    """A solve-bar button by its label: within the bar (named "Solver"),
    since a plain "Close" is also the window's own close button, which
    would quit the app. (Before its names lost GTK 4.8's mnemonics,
    "_Close" was named "_Close Close".)"""
    bar = app.find(lambda a: a is not None and a.name == "Solver"
                   and a.getRole() != pyatspi.ROLE_PUSH_BUTTON)
    if bar is None:
        return None
    return app.find_in(bar, lambda a: a is not None
                       and (a.name or "") in (label, f"_{label} {label}", f"_{label}")
                       and a.getRole() == pyatspi.ROLE_PUSH_BUTTON)


def press_bar_button(app, label, timeout=10):
    button = wait_for(f"the solve bar's {label}", lambda: find_bar_button(app, label), timeout)
    action = button.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    action.doAction(next((i for i, n in enumerate(names) if n in ("click", "press", "activate")), 0))


def find_speed(app):
    # (GTK 4.8 names it "Speed Speed": its mnemonic label's text, then its own.)
    return app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_SLIDER
                    and (a.name or "").split()[-1:] == ["Speed"])


def set_unlimited(app):
    """Moves the speed scale to its top (Unlimited): through the AT-SPI value
    interface when it can be set, else by focusing the scale with its
    mnemonic (Alt+D) and pressing End; retried, as focus may move."""
    try:
        scale = wait_for("the speed scale", lambda: find_speed(app))
    except Failure:
        found = pyatspi.findAllDescendants(app.accessible, lambda a: a is not None and (
            "peed" in (a.name or "") or a.getRole() == pyatspi.ROLE_SLIDER))
        raise Failure(f"no slider named Speed; found {[(a.name, a.getRoleName()) for a in found]}")
    value = scale.queryValue()
    for attempt in range(5):
        how = "the AT-SPI value interface" if attempt == 0 else "Alt+D, End"
        if attempt == 0:
            try:
                value.currentValue = value.maximumValue
            except Exception as e:
                print(f"setting the value through AT-SPI: {e}")
        try:
            wait_for("the speed at its maximum",
                     lambda: value.currentValue >= value.maximumValue - 1e-6,
                     timeout=1 if attempt == 0 else 2)
            print(f"speed {value.currentValue} of {value.maximumValue}, set by {how}")
            return scale
        except Failure:
            app.key("alt+d")
            time.sleep(0.2)
            app.key("End")
    raise Failure(f"the speed scale stays at {value.currentValue} "
                  f"(max {value.maximumValue})")


def wait_run_end(app, timeout=150):
    """Waits for an Animate run to end; returns its summary's accessible."""
    return wait_for("the run to finish",
                    lambda: named(app, lambda s: s.startswith(("Solved:", "No solution:"))),
                    timeout=timeout, interval=0.2)


def check_counters(app, *expected):
    """Each of expected ("Attempts: 445,778") is a counter of the solve bar,
    as a screen reader hears them: in the description of its status area
    (the status-bar role), "Attempts: 445,778, Backtracks: 49,498, ..."."""
    area = app.find(lambda a: a is not None and a.getRole() == pyatspi.ROLE_STATUS_BAR)
    counters = (area.description or "").split(", ") if area is not None else []
    for expect in expected:
        if expect not in counters:
            raise Failure(f"no counter reads {expect!r} (the status area's: {counters})")


# The generator dialog (Ctrl+G).

GENERATE_TITLE = "Generate Puzzles"
RESULT_ROW = re.compile(r"^(N1-\S+), (\d+) clues, (\w+)$")


def generator_results(dialog):
    """The rows of the generator's results list: (ID, clues, grade) as a
    screen reader hears them."""
    rows = []

    def walk(node, depth=0):
        if node is None or depth > 40:
            return
        match = RESULT_ROW.match(node.name or "")
        if match:
            rows.append((match.group(1), int(match.group(2)), match.group(3)))
        for i in range(node.childCount):
            walk(node.getChildAtIndex(i), depth + 1)

    try:
        walk(dialog)
    except Exception:
        return []
    return rows


def spin_value(app, dialog, name):
    """The AT-SPI value of a dialog's spin button, by its name's start."""
    return wait_for(f"the {name!r} spin button",
                    lambda: app.find_in(dialog, lambda a: a is not None
                                        and a.getRole() == pyatspi.ROLE_SPIN_BUTTON
                                        and (a.name or "").startswith(name))).queryValue()


def window_named(app, title):
    """The X window of the app titled title, checked by its name: xdotool
    search --name also returns a window while its title changes."""
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.proc.pid), "--name", "."],
                           capture_output=True, text=True).stdout.split()
    for wid in found:
        name = subprocess.run(["xdotool", "getwindowname", wid], capture_output=True, text=True).stdout
        if name.strip() == title:
            return wid
    return None


def export_pdf(app, dialog, pdf, shots, one_a_page_with_solutions=False):
    """Export PDF… in the generator dialog: its options first (with
    one_a_page_with_solutions, 1 a page and solution pages, chosen by their
    mnemonics), then Export…; without a portal the GTK file chooser asks
    where: types pdf's path there. Waits for the file and the dialog's
    "Saved" toast."""
    app.press_in(dialog, "Export PDF…")
    options = wait_for("the export options", lambda: window_named(app, "Export PDF"))
    options_root = app.window("Export PDF")
    wait_for("the Solution pages row", lambda: app.find_in(options_root, lambda a: a is not None
                                                           and a.name == "Solution pages"))
    if one_a_page_with_solutions:
        key_window(options, "alt+s")
        key_window(options, "alt+p")
        time.sleep(0.5)
        key_window(options, "Home", "Return")
        time.sleep(0.5)
    if shots:
        app.screenshot(shots.replace("chooser", "options"), options)
    # Return: the default button is Export….
    key_window(options, "Return")
    chooser = enter_path(app, "Export as PDF", pdf)
    if shots:
        app.screenshot(shots, chooser)
    key_window(chooser, "Return")
    # The toast first, as soon as it shows: it goes after a while, the file
    # stays (and is there by the time the toast is).
    saved = f"Saved “{os.path.basename(pdf)}”"
    wait_for("the saved toast", lambda: app.find_in(dialog, lambda a: a is not None
                                                    and (a.name or "") == saved), timeout=30)
    if not os.path.exists(pdf):
        raise Failure(f"the toast says {saved!r}, but {pdf} does not exist")


def pdf_text(pdf):
    """pdf's page count (pdfinfo) and its text (pdftotext -layout)."""
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True,
                          check=True).stdout
    return pages, text


def run(test):
    """Runs test(home) with a clean home; prints the app's log on failure."""
    code = check_environment()
    if code is not None:
        return code
    home = Home()
    apps = []
    try:
        try:
            test(home, apps)
            failure = None
        except Failure as e:
            failure = str(e)
        # A sanitizer's report fails the test even when the app went on (a
        # leak shows at exit, which a test may not check) or was killed.
        for app in apps:
            app.kill()
            report = app.sanitizer_report()
            if failure is None and report is not None:
                failure = f"{os.path.basename(app.log_path)}: {report}"
        if failure is not None:
            print(f"FAIL: {failure}")
            for app in apps:
                print(f"--- log of {app.log_path}:")
                sys.stdout.write(app.log())
            return 1
    finally:
        for app in apps:
            app.kill()
        home.remove()
    return 0
