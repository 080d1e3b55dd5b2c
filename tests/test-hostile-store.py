#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-hostile-store.py: the library's boundary under issue 14, through
# nonet-cli. A library path that is empty, a folder, a FIFO or a device
# node is refused in words naming it, without blocking; another program's
# SQLite file is refused and left byte for byte as it was, journal mode
# included; names that are not UTF-8 (an older build named collections
# after file names) come out valid and are repaired in the file; and rows
# edited by hand past the table's CHECKs are left out of lists and exports
# with a warning naming each. Two instances of the app on different session
# buses and one data folder, playing the same game: neither overwrites the
# other's moves (the second to save gets its moves kept as a new game).
#
# The script runs itself again in a private mount namespace (unshare -m as
# root, unshare -rm otherwise), like test-faults.py, so that the device
# node it makes (as root) lives in a folder of its own; it never touches the
# machine's /dev.
import hashlib
import os
import re
import shlex
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
import unittest

import nonet_test
import private_mounts

CLI = os.environ.get("NONET_CLI", "nonet-cli")
SKIP = 77
TIMEOUT = 120 * float(os.environ.get("NONET_E2E_TIMEOUT_SCALE") or 1)

RAW_NAME = b"bad\xff\xfe"                 # as a file name may hold it
REPAIRED_NAME = "bad\ufffd\ufffd"




def cli(*args):
    """Exit status, standard output and error (bytes, to check their UTF-8)."""
    result = subprocess.run([CLI, *args], capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    return result.returncode, result.stdout, result.stderr


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def connect(db):
    return sqlite3.connect(db, timeout=10, isolation_level=None)


def query(db, sql, *args):
    conn = connect(db)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def execute(db, script):
    conn = connect(db)
    try:
        conn.executescript(script)
    finally:
        conn.close()


class HostileStore(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        rc, out, err = cli("generate", "-n", "5", "--seed", "14")
        assert rc == 0, err
        cls.generated = out.decode().split()

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.puzzles = os.path.join(self.dir, "puzzles.txt")
        with open(self.puzzles, "w") as f:
            f.write("".join(p + "\n" for p in self.generated))

    def tearDown(self):
        self.tmp.cleanup()

    def library(self, name="library.db", collection="Forum"):
        """A library holding the generated puzzles in collection; its path."""
        db = os.path.join(self.dir, name)
        rc, out, err = cli("library", "--db", db, "import", "--collection", collection, self.puzzles)
        self.assertEqual(rc, 0, out + err)
        return db

    def assert_utf8(self, data):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            self.fail(f"not UTF-8 ({e}): {data!r}")

    # ---- Paths that are no library file ----

    def test_empty_path(self):
        rc, out, err = cli("library", "--db", "", "import", self.puzzles)
        print(f"--db '': {err.decode().strip()}")
        self.assertEqual(rc, 2, out + err)
        self.assertNotIn(b"Imported", out)
        self.assertIn(b"Could not open the game library: its path is empty", err)
        rc, out, err = cli("library", "--db", "", "list")
        self.assertEqual(rc, 2, out + err)
        self.assertIn(b"its path is empty", err)

    def test_folder(self):
        folder = os.path.join(self.dir, "folder.db")
        os.mkdir(folder)
        for command in (["list"], ["import", self.puzzles], ["collections"]):
            rc, out, err = cli("library", "--db", folder, *command)
            self.assertEqual(rc, 2, out + err)
            self.assertIn(f"{folder}: it is a folder, not a library file".encode(), err)
            self.assertNotIn(b"unable to open database file", err)
        self.assertEqual(os.listdir(folder), [])

    def test_fifo(self):
        fifo = os.path.join(self.dir, "fifo.db")
        os.mkfifo(fifo)
        # No writer ever comes: refused at once (the timeout would say otherwise).
        for command in (["list"], ["import", self.puzzles]):
            rc, out, err = cli("library", "--db", fifo, *command)
            print(f"--db FIFO: {err.decode().strip()}")
            self.assertEqual(rc, 2, out + err)
            self.assertIn(f"{fifo}: it is not a regular file".encode(), err)
            self.assertNotIn(b"disk I/O error", err)
        self.assertTrue(stat.S_ISFIFO(os.stat(fifo).st_mode))

    def test_device_node(self):
        if private_mounts.mode() != "root":
            self.skipTest("making a device node needs root")
        node = os.path.join(self.dir, "null.db")
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        rc, out, err = cli("library", "--db", node, "import", self.puzzles)
        self.assertEqual(rc, 2, out + err)
        self.assertIn(f"{node}: it is not a regular file".encode(), err)
        self.assertTrue(stat.S_ISCHR(os.stat(node).st_mode))

    # ---- Another program's database ----

    def assert_refused_unchanged(self, db, journal_mode):
        before = digest(db)
        files = sorted(os.listdir(self.dir))
        for command in (["import", self.puzzles], ["list"], ["collections"]):
            rc, out, err = cli("library", "--db", db, *command)
            self.assertEqual(rc, 2, out + err)
            self.assertIn(f"Could not open {db}: it is not a Nonet library".encode(), err)
        self.assertEqual(digest(db), before)
        self.assertEqual(query(db, "PRAGMA journal_mode"), [(journal_mode,)])
        self.assertEqual(query(db, "SELECT name FROM sqlite_master WHERE type = 'table'"), [("notes",)])
        self.assertEqual(query(db, "SELECT text FROM notes"), [("keep me",)])
        self.assertEqual(sorted(os.listdir(self.dir)), files)

    def test_foreign_database(self):
        db = os.path.join(self.dir, "other.sqlite")
        execute(db, "CREATE TABLE notes (text); INSERT INTO notes VALUES ('keep me');")
        self.assert_refused_unchanged(db, "delete")
        execute(db, "PRAGMA journal_mode = WAL")
        self.assert_refused_unchanged(db, "wal")

    def test_library_has_application_id(self):
        db = self.library()
        self.assertEqual(query(db, "PRAGMA application_id"), [(0x4E6F4E74,)])
        self.assertEqual(query(db, "PRAGMA user_version"), [(5,)])

    # ---- Names that are not UTF-8 ----

    def test_old_library_repaired(self):
        """A library of an older Nonet (schema 2, no application id) whose
        collection is named with raw bytes: listed as valid UTF-8, and
        repaired in the file."""
        db = self.library()
        conn = connect(db)
        try:
            conn.execute("ALTER TABLE game DROP COLUMN version")
            conn.execute("ALTER TABLE game DROP COLUMN hints")
            conn.execute("DROP INDEX puzzle_by_hardest")
            conn.execute("ALTER TABLE puzzle DROP COLUMN hardest")
            conn.execute("PRAGMA user_version = 2")
            conn.execute("PRAGMA application_id = 0")
            conn.execute("UPDATE collection SET name = CAST (? AS TEXT) WHERE name = 'Forum'", (RAW_NAME,))
            conn.execute("UPDATE puzzle SET title = CAST (? AS TEXT)"
                         " WHERE id = (SELECT min (id) FROM puzzle WHERE collection_id IS NOT NULL"
                         " AND collection_id = (SELECT id FROM collection WHERE NOT builtin))",
                         (b"T\xff <b>&amp;</b>",))
        finally:
            conn.close()

        rc, out, err = cli("library", "--db", db, "collections")
        self.assertEqual(rc, 0, out + err)
        text = self.assert_utf8(out)
        self.assertIn(f"5  {REPAIRED_NAME}\n", text)
        rc, out, err = cli("library", "--db", db, "list", "--format", "table", "--collection", REPAIRED_NAME)
        self.assertEqual(rc, 0, out + err)
        text = self.assert_utf8(out)
        self.assertIn("T\ufffd <b>&amp;</b>", text)
        self.assertEqual(len(text.splitlines()), 1 + len(self.generated))

        self.assertEqual(query(db, "PRAGMA application_id"), [(0x4E6F4E74,)])
        self.assertEqual(query(db, "PRAGMA user_version"), [(5,)])
        names = [row[0] for row in query(db, "SELECT CAST (name AS BLOB) FROM collection WHERE NOT builtin")]
        self.assertEqual(names, [REPAIRED_NAME.encode()])

    def test_raw_name_in_current_library(self):
        db = self.library()
        execute(db, "UPDATE collection SET name = CAST (x'%s' AS TEXT) WHERE name = 'Forum';" % RAW_NAME.hex())
        rc, out, err = cli("library", "--db", db, "collections")
        self.assertEqual(rc, 0, out + err)
        self.assertIn(REPAIRED_NAME, self.assert_utf8(out))
        names = [row[0] for row in query(db, "SELECT CAST (name AS BLOB) FROM collection WHERE NOT builtin")]
        self.assertEqual(names, [REPAIRED_NAME.encode()])

    # ---- Rows edited by hand ----

    def test_damaged_rows(self):
        db = self.library()
        ids = [row[0] for row in query(db, "SELECT id FROM puzzle WHERE collection_id ="
                                           " (SELECT id FROM collection WHERE name = 'Forum') ORDER BY id")]
        self.assertEqual(len(ids), len(self.generated))
        letters, zeros, status, best, sound = ids
        execute(db, f"""
            UPDATE puzzle SET givens = replace (givens, '1', 'a') WHERE id = {letters};
            UPDATE puzzle SET givens = '{'0' * 81}' WHERE id = {zeros};
            UPDATE puzzle SET status = 99 WHERE id = {status};
            UPDATE puzzle SET best_ms = -1 WHERE id = {best};
        """)
        reasons = {
            letters: "its givens are not 81 digits and blanks",
            zeros: "it has no givens",
            status: "its status is not one Nonet knows",
            best: "its best time is not a time",
        }

        rc, out, err = cli("library", "--db", db, "list", "--collection", "Forum")
        print(f"list of damaged rows: {err.decode().strip()}")
        self.assertEqual(rc, 0, out + err)
        self.assertEqual(out.decode().split(), [self.generated[4].replace("0", ".")])
        for puzzle_id, reason in reasons.items():
            self.assertIn(f"Puzzle {puzzle_id} in the game library {db} is damaged ({reason})".encode(), err)

        rc, out, err = cli("library", "--db", db, "list", "--format", "table", "--status", "solved")
        self.assertEqual(rc, 0, out + err)
        self.assertNotIn(f"{status:8d}".encode(), out)

        target = os.path.join(self.dir, "export.txt")
        rc, out, err = cli("library", "--db", db, "export", "--collection", "Forum", "-o", target)
        self.assertEqual(rc, 0, out + err)
        with open(target) as f:
            lines = [line for line in f.read().splitlines() if line and not line.startswith("#")]
        self.assertEqual(lines, [self.generated[4].replace("0", ".")])

        rc, out, err = cli("library", "--db", db, "collections")
        self.assertEqual(rc, 0, out + err)
        self.assertIn(b"1  Forum\n", out)


class TwoInstances(unittest.TestCase):
    """Two runs of the real app, each on its own session bus, one library."""

    @classmethod
    def setUpClass(cls):
        global e2e
        e2e = nonet_test.app_cases()

    def setUp(self):
        self.home = e2e.Home()
        self.db = os.path.join(self.home.env["XDG_DATA_HOME"], "nonet", "library.db")
        self.app = None
        self.other = None
        self.other_log = os.path.join(self.home.path, "other.log")
        self.passed = False

    def tearDown(self):
        if self.app is not None:
            self.app.kill()
            if not self.passed:
                sys.stdout.write(f"--- log of the first app:\n{self.app.log()}")
        if self.other is not None:
            if self.other.poll() is None:
                self.other.kill()
                self.other.wait(timeout=30)
            if not self.passed:
                with open(self.other_log, errors="replace") as f:
                    sys.stdout.write(f"--- log of the second app:\n{f.read()}")
        self.home.remove()

    def games(self):
        """(id, moves) of each game, a move as "s<cell>:<digit>" without its flags."""
        return [(game_id, " ".join(m.split("c")[0] for m in moves.split()))
                for game_id, moves in query(self.db, "SELECT id, moves FROM game ORDER BY id")]

    def wait_games(self, what, predicate):
        try:
            return e2e.wait_for(what, lambda: (lambda g: g if predicate(g) else None)(self.games()), 30)
        except e2e.Failure:
            self.fail(f"{what}: the library holds the games {self.games()}")

    def test_two_instances_keep_both_games(self):
        # One game in progress, of Inkala's puzzle, for both to resume.
        puzzle = os.path.join(self.home.path, "inkala.txt")
        with open(puzzle, "w") as f:
            f.write(e2e.INKALA + "\n")
        # --db makes a library in a folder that is there, not the folder.
        os.makedirs(os.path.dirname(self.db), exist_ok=True)
        rc, out, err = cli("library", "--db", self.db, "import", puzzle)
        self.assertIn(rc, (0, 1), out + err)
        now = int(time.time() * 1000)
        execute(self.db, f"INSERT INTO game (puzzle_id, started, updated) SELECT id, {now}, {now}"
                         f" FROM puzzle WHERE givens = '{e2e.INKALA.replace('0', '.')}';")
        [(game_id, _)] = self.games()

        self.app = e2e.App(self.home, run=0)
        self.app.select(1)
        self.app.key("1")
        self.wait_games("the first app's move saved", lambda g: g == [(game_id, "s1:1")])

        # The second instance, on a session bus of its own: it resumes the
        # same game, as saved after that move.
        with open(self.other_log, "w") as log:
            wrapper = shlex.split(os.environ.get("NONET_APP_WRAPPER", ""))
            self.other = subprocess.Popen(["dbus-run-session", "--", *wrapper, os.environ["NONET_APP"]],
                                          env=self.home.env, stdout=log, stderr=subprocess.STDOUT)
        other_wid = e2e.wait_for("the second app's window", lambda: next(
            (w for w in e2e.xdotool("search", "--onlyvisible", "--name", f"^{e2e.TITLE}$").split()
             if w != self.app.wid), None), 60)
        # Beside the first one, which its clicks must reach.
        e2e.xdotool("windowmove", "--sync", other_wid, "700", "0")

        # The first plays on; then the second, which has not seen that move.
        self.app.select(2)
        self.app.key("2")
        self.wait_games("the first app's second move saved", lambda g: g == [(game_id, "s1:1 s2:2")])
        # Its grid has the keyboard once the window has focus; each digit is
        # a move wherever the cursor is, unless on a given: try a few cells.
        # Its first save (a move, or its clock's) finds the game changed.
        def copy_played():
            games = self.games()
            return len(games) == 2 and any(m.endswith(":7") for m in games[1][1].split())

        def other_cell_centre(cell):
            """Where a cell of the second app's grid is, from its debug log."""
            with open(self.other_log, errors="replace") as f:
                found = re.findall(r"grid geometry: (-?\d+) (-?\d+) (-?\d+) (-?\d+)", f.read())
            if not found:
                return None
            left, top, right, bottom = map(int, found[-1])
            return (int(left + (cell % 9 + 0.5) * (right - left) / 9),
                    int(top + (cell // 9 + 0.5) * (bottom - top) / 9))

        # Cell 4 (row 1, column 5) is empty in Inkala's puzzle: a click
        # there, then a digit, is a move (retried until the click lands).
        x, y = e2e.wait_for("the second app's grid geometry", lambda: other_cell_centre(4), 30)
        deadline = time.monotonic() + 60 * e2e.TIMEOUT_SCALE
        while not copy_played() and time.monotonic() < deadline:
            e2e.xdotool("mousemove", "--window", other_wid, x, y, "click", "1")
            e2e.key_window(other_wid, "7")
            time.sleep(0.5)
        games = self.wait_games("the second app's moves saved as a game of their own",
                                lambda g: copy_played())
        print(f"two instances, one game: {games}")
        self.assertEqual(games[0], (game_id, "s1:1 s2:2"))       # not overwritten
        copy_moves = games[1][1].split()
        self.assertEqual(copy_moves[0], "s1:1")                   # the second's own history
        self.assertNotIn("s2:2", copy_moves)
        self.assertEqual(query(self.db, "SELECT count (DISTINCT puzzle_id) FROM game"), [(1,)])

        # Both play on, each in its own game.
        self.app.select(3)
        self.app.key("3")
        self.wait_games("the first app's third move saved",
                        lambda g: g[0] == (game_id, "s1:1 s2:2 s3:3") and len(g) == 2)
        self.assertEqual(self.app.quit(), 0)
        e2e.key_window(other_wid, "ctrl+q")
        self.assertEqual(self.other.wait(timeout=30 * e2e.TIMEOUT_SCALE), 0)
        self.assertEqual(len(self.games()), 2)
        self.assertIsNone(self.app.sanitizer_report())
        with open(self.other_log, errors="replace") as f:
            self.assertIsNone(e2e.SANITIZER_REPORT.search(f.read()))
        self.passed = True


if __name__ == "__main__":
    private_mounts.enter(__file__)
    nonet_test.main()
