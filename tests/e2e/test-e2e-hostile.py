#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-hostile.py: the real app given text an attacker or an unlucky
# user would give it. Pango markup (`<span size="999999999">x</span>`,
# `a & b`, `<b>`) imported as puzzles' titles, sources and collections,
# typed in the search and the generator's collection, and pasted, shows as
# it is in the library's rows, its Collection filter, the Collections
# window, the empty page and every toast (delete, paste, generate): a screen
# reader hears the raw text and the window keeps its size. A file named
# `bad\xff\xfe.txt` opened with `nonet FILE` becomes the collection
# "bad\ufffd\ufffd": the import report, the rows and the Collection filter
# show it, and the app stays alive, in that run and the next.
# Needs a display and a session bus (xvfb-run -a dbus-run-session), NONET_APP
# and NONET_CLI; see TESTING.md.

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402
import pyatspi  # noqa: E402

CLI = os.environ.get("NONET_CLI", "nonet-cli")

SPAN = '<span size="999999999">x</span>'
AMPERSAND = "a & b"
BOLD = "<b>"
HOSTILE = [SPAN, AMPERSAND, BOLD]

# Three puzzles with one solution each, none of them built in: one for
# each hostile name.
PUZZLES = [
    ".21.....58.5.1.2.767....9..7....6..3.1........8.2.71...69.8......75..82.24....5.6",
    "6..5.8.9.7..........869.43.....2.....6.851....1.4..3....19.6.4.49..8756.8.....7..",
    "...7.....57.2.....43..9625...65.4..82.....1......1..3531..27.....9..1.7..2....491",
]

# What the app makes of the bytes \xff\xfe in a file's name.
BAD_NAME = os.fsdecode(b"bad\xff\xfe.txt")
BAD_COLLECTION = "bad\ufffd\ufffd"


def cli(env, *args):
    result = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, env=env,
                            timeout=120 * e2e.TIMEOUT_SCALE)
    if result.returncode != 0:
        raise e2e.Failure(f"nonet-cli {' '.join(map(str, args))} exited with {result.returncode}: "
                          f"{result.stdout}{result.stderr}")
    return result.stdout


def sdk(title, source, line):
    """A SadMan .sdk file's text: a title and a source header, then the grid."""
    rows = "\n".join(line[r * 9:r * 9 + 9] for r in range(9))
    return f"#T{title}\n#D{source}\n{rows}\n"


def window_size(wid):
    """The X window's width and height."""
    out = e2e.xdotool("getwindowgeometry", "--shell", wid)
    values = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(values["WIDTH"]), int(values["HEIGHT"])


def screen_size():
    out = e2e.xdotool("getdisplaygeometry")
    width, height = out.split()
    return int(width), int(height)


def only_window_named(app, title):
    """The X window of the app titled title when there is one only."""
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.proc.pid), "--name", "."],
                           capture_output=True, text=True).stdout.split()
    named = [wid for wid in found
             if subprocess.run(["xdotool", "getwindowname", wid], capture_output=True,
                               text=True).stdout.strip() == title]
    return named[0] if len(named) == 1 else None


def do_action(accessible, name):
    action = accessible.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    if name not in names:
        raise e2e.Failure(f"{accessible.name!r} has no action {name!r} (it has {names})")
    action.doAction(names.index(name))


def click(app, root, name, roles):
    """Clicks the widget under root named name, of one of roles, that can
    be clicked (a menu button's outer node cannot: its inner one can)."""
    def clickable(a):
        if a is None or a.name != name or a.getRole() not in roles:
            return False
        try:
            action = a.queryAction()
        except NotImplementedError:
            return False
        return any(action.getName(i) == "click" for i in range(action.nActions))
    do_action(e2e.wait_for(f"{name!r} to click", lambda: app.find_in(root, clickable)), "click")


def open_drop_down(app, root, name):
    """Opens a drop-down (a combo box named name) through its button's
    click action."""
    combo = e2e.wait_for(f"the drop-down {name!r}",
                         lambda: app.find_in(root, lambda a: a is not None and a.name == name
                                             and a.getRole() == pyatspi.ROLE_COMBO_BOX))
    button = e2e.wait_for(f"the button of {name!r}",
                          lambda: app.find_in(combo, lambda a: a is not None
                                              and a.getRole() == pyatspi.ROLE_PUSH_BUTTON))
    do_action(button, "click")


def text_of(accessible):
    """An entry's text (GTK 4.8 gives none for an end offset of -1)."""
    text = accessible.queryText()
    return text.getText(0, text.characterCount)


def close_drop_down(app, wid, item):
    """Closes the drop-down open in the window wid, whose list holds item."""
    def closed():
        found = app.find_named(app.accessible, item)
        return found is None or not found.getState().contains(pyatspi.STATE_SHOWING)
    e2e.key_window(wid, "Escape")
    e2e.wait_for("the drop-down to close", closed)


def names_in(root):
    """Every accessible name under root, for a failure's message."""
    try:
        return sorted({a.name for a in pyatspi.findAllDescendants(root, lambda a: a is not None and a.name)})
    except Exception:
        return []


class Hostile(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        code = e2e.check_environment()
        if code == e2e.SKIP:
            raise unittest.SkipTest("needs DISPLAY and a session bus (run under xvfb-run -a dbus-run-session)")
        if code is not None:
            raise RuntimeError("the environment cannot run the app (see above)")

    def setUp(self):
        self.home = e2e.Home()
        self.db = os.path.join(self.home.env["XDG_DATA_HOME"], "nonet", "library.db")
        self.apps = []
        self.passed = False

    def tearDown(self):
        reports = []
        for app in self.apps:
            app.kill()
            report = app.sanitizer_report()
            if report is not None:
                reports.append(f"{os.path.basename(app.log_path)}: {report}")
            if not self.passed or report is not None:
                sys.stdout.write(f"--- log of {app.log_path}:\n{app.log()}")
        self.home.remove()
        if reports:
            raise AssertionError("; ".join(reports))

    def start(self, *args):
        app = e2e.App(self.home, run=len(self.apps), args=args)
        self.apps.append(app)
        return app

    def alive(self, app):
        self.assertIsNone(app.proc.poll(), f"the app exited with {app.proc.returncode}")

    def wait_named(self, app, root, name, what=None, timeout=20):
        """The descendant of root named exactly name, waited for."""
        try:
            return e2e.wait_for(what or f"something named {name!r}", lambda: app.find_named(root, name), timeout)
        except e2e.Failure as failure:
            self.fail(f"{failure}; names shown: {names_in(root)}")

    def find_label(self, app, root, predicate, what, timeout=20):
        """A label under root whose name satisfies predicate, found as soon
        as it shows: a toast goes after 5 s."""
        try:
            return e2e.wait_for(what, lambda: app.find_in(root, lambda a: a is not None
                                                          and a.getRole() == pyatspi.ROLE_LABEL
                                                          and predicate(a.name or "")), timeout)
        except e2e.Failure as failure:
            self.fail(f"{failure}; names shown: {names_in(root)}")

    def import_hostile(self):
        """Each hostile name as a puzzle's title and source, and as its collection."""
        os.makedirs(os.path.dirname(self.db), exist_ok=True)
        for i, (name, line) in enumerate(zip(HOSTILE, PUZZLES)):
            path = os.path.join(self.home.path, f"hostile-{i}.sdk")
            with open(path, "w") as f:
                f.write(sdk(name, name, line))
            cli(self.home.env, "library", "--db", self.db, "import", "--collection", name, path)

    def test_markup_in_the_library(self):
        self.import_hostile()
        app = self.start()
        app.key("ctrl+l")
        library = app.window("Library")
        wid = app.window_id("Library")
        size = window_size(wid)
        screen = screen_size()

        # The rows: title and collection columns, as they are.
        for name in HOSTILE:
            self.wait_named(app, library, name, f"the row of {name!r}")
        print(f"rows: {HOSTILE} listed as they are; the window is {size[0]}x{size[1]}")

        # The Collection filter lists them with their counts.
        open_drop_down(app, library, "Collection")
        for name in HOSTILE:
            self.wait_named(app, app.accessible, f"{name} (1)", f"the filter's row {name!r}")
        close_drop_down(app, wid, f"{SPAN} (1)")
        print("the Collection filter lists them as they are")

        # The Collections window (Library Menu, Collections…): a row per
        # collection, titled as it is.
        click(app, library, "Library Menu", (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON))
        click(app, app.accessible, "Collections…", (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_PUSH_BUTTON))
        collections = app.window("Collections")
        for name in HOSTILE:
            self.wait_named(app, collections, name, f"the Collections row of {name!r}")
        app.press_in(collections, "Close")
        e2e.wait_for("the Collections window to close",
                     lambda: not collections.getState().contains(pyatspi.STATE_VISIBLE))
        print("the Collections window names them as they are")

        # Deleting each: its toast and the empty page say the name as it is.
        for name in HOSTILE:
            e2e.key_window(wid, "ctrl+f", "ctrl+a", "BackSpace")
            e2e.type_window(wid, name)
            self.wait_named(app, library, "1 puzzle", f"the search for {name!r} to find one puzzle")
            e2e.key_window(wid, "Return")
            self.wait_named(app, library, "1 of 1 puzzle selected", f"{name!r} selected")
            app.press_in(library, "Delete")
            # (The toast of the delete before may still be on its way out.)
            deleted = f"Deleted “{name}” in {name}"
            toast = self.find_label(app, library, lambda s: s == deleted, f"the toast {deleted!r}")
            if name == SPAN:
                app.screenshot(os.path.join(e2e.shot_dir(self.home), "e2e-hostile-library.png"), wid)
            empty = f"Nothing matches “{name}”."
            self.wait_named(app, library, empty, f"the empty page saying {empty!r}")
            now = window_size(wid)
            self.assertLessEqual(now[0], size[0], f"the window grew from {size} to {now}")
            self.assertLessEqual(now[1], size[1], f"the window grew from {size} to {now}")
            self.assertLessEqual(now[0], screen[0])
            self.assertLessEqual(now[1], screen[1])
            print(f"deleted: the toast says {toast.name!r}, the page {empty!r}; the window is {now[0]}x{now[1]}")

        self.alive(app)
        self.assertEqual(app.quit(), 0)
        self.passed = True

    def test_markup_in_pasted_text(self):
        app = self.start()
        for text, char in (("& not a puzzle", "&"), ("<b>not a puzzle</b>", "<")):
            clipboard = e2e.Clipboard(text)
            try:
                app.key("ctrl+v")
                toast = self.find_label(app, app.accessible, lambda s, c=char: f"'{c}' is not a digit" in s,
                                        f"the toast about {char!r}", timeout=30)
            finally:
                clipboard.stop()
                clipboard.proc.stdout.close()
            print(f"pasted {text!r}: the toast says {toast.name!r}")
        self.alive(app)
        self.assertEqual(app.quit(), 0)
        self.passed = True

    def test_markup_in_a_generated_collection(self):
        app = self.start()
        app.key("ctrl+g")
        title = "Generate Puzzles"
        dialog = app.window(title)
        wid = app.window_id(title)
        e2e.spin_value(app, dialog, "Clue target").currentValue = 30
        e2e.spin_value(app, dialog, "How many").currentValue = 1
        check = e2e.wait_for("the collection choice",
                             lambda: app.find_in(dialog, lambda a: a is not None
                                                 and a.getRole() in (pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_RADIO_BUTTON)
                                                 and (a.name or "").startswith("Add to a library collection")))
        e2e.key_window(wid, "alt+c")
        e2e.wait_for("the collection chosen", lambda: check.getState().contains(pyatspi.STATE_CHECKED))
        # Alt+N focuses the collection's name (GTK 4.8 does not say when:
        # typed again until the entry holds the name).
        entry = e2e.wait_for("the collection's name", lambda: app.find_in(
            dialog, lambda a: a is not None and a.name == "Collection name"
            and a.getState().contains(pyatspi.STATE_EDITABLE)))
        for attempt in range(5):
            e2e.key_window(wid, "alt+n", "ctrl+a", "BackSpace")
            e2e.type_window(wid, AMPERSAND)
            try:
                e2e.wait_for("the name typed", lambda: text_of(entry) == AMPERSAND, timeout=3)
                break
            except e2e.Failure:
                if attempt == 4:
                    self.fail(f"the collection's name reads {text_of(entry)!r}")
        app.press_in(dialog, "Generate")
        e2e.wait_for("one result", lambda: len(e2e.generator_results(dialog)) == 1, timeout=120)
        app.press_in(dialog, "Add to Library")
        added = f"Added 1 puzzle to “{AMPERSAND}”"
        toast = self.find_label(app, dialog, lambda s: s == added, f"the toast {added!r}")
        print(f"generated into {AMPERSAND!r}: the toast says {toast.name!r}")
        listed = cli(self.home.env, "library", "--db", self.db, "list", "--collection", AMPERSAND).split()
        self.assertEqual(len(listed), 1, listed)
        self.alive(app)
        # Closed before Ctrl+Q: Ctrl+Q in the main window with this dialog
        # open crashes in GTK's dispose under MALLOC_PERTURB_, a fault of its
        # own, not this test's.
        e2e.key_window(wid, "Escape")
        e2e.wait_for("the dialog to close", lambda: not dialog.getState().contains(pyatspi.STATE_VISIBLE))
        self.assertEqual(app.quit(), 0)
        self.passed = True

    def check_bad_collection(self, app, library):
        """The Collection filter opens and names the collection made of the
        bad name, the app alive throughout; returns the filter's row's name."""
        open_drop_down(app, library, "Collection")
        item = self.wait_named(app, app.accessible, f"{BAD_COLLECTION} (2)", "the filter's row")
        name = item.name
        self.alive(app)
        close_drop_down(app, app.window_id("Library"), name)
        return name

    def test_file_name_not_utf8(self):
        path = os.path.join(self.home.path, BAD_NAME)
        with open(path, "w") as f:
            f.write("\n".join(PUZZLES[:2]) + "\n")

        app = self.start(path)
        report = app.window("Import", timeout=60)
        # The collection asked for is the file's name, made readable.
        app.press_in(report, "Import")
        summary = self.find_label(app, report, lambda s: s.startswith("Imported "), "the import report", timeout=60)
        self.assertEqual(summary.name, f"Imported 2 puzzles into “{BAD_COLLECTION}”")
        print(f"`nonet {BAD_NAME!r}`: the report says {summary.name!r}")
        app.press_in(report, "Show in Library")
        library = app.window("Library")
        # The window found first may have been the report's while it had
        # no title of its own: the main window is the one left so named.
        app.wid = e2e.wait_for("the main window", lambda: only_window_named(app, e2e.TITLE))
        # Show in Library shows the collection's puzzles, its name in their rows.
        self.wait_named(app, library, BAD_COLLECTION, "the rows' collection")
        app.screenshot(os.path.join(e2e.shot_dir(self.home), "e2e-hostile-bad-name.png"), app.window_id("Library"))
        item = self.check_bad_collection(app, library)
        print(f"the Collection filter opens: {item!r}")
        self.assertEqual(app.quit(), 0)

        # The next start reads the name back from the library.
        app = self.start()
        app.key("ctrl+l")
        library = app.window("Library")
        item = self.check_bad_collection(app, library)
        print(f"started again: the Collection filter opens: {item!r}")
        listed = cli(self.home.env, "library", "--db", self.db, "collections")
        self.assertIn(BAD_COLLECTION, listed)
        self.alive(app)
        self.assertEqual(app.quit(), 0)
        self.passed = True


if __name__ == "__main__":
    unittest.main(verbosity=2)
