#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-faults.py: faults injected for real, each of which must end in a
# clear message and lose nothing already saved: a full disk (a small tmpfs)
# under an import, an export and a PDF; a read-only data folder (a tmpfs
# remounted read-only); a library another process holds locked; a file that
# vanishes while another is importing and one cut short under the reader;
# and floods of bad or repeated lines. The app plays on a full disk (a
# toast, then it saves again once there is room), with its library locked
# by another program (a toast after a second, then it saves again once the
# lock is gone) and on a read-only folder (a toast, then play in memory).
#
# The script runs itself again in a private mount namespace (unshare -m as
# root, unshare -rm otherwise): its mounts vanish with it, whatever happens.
# The app's cases need a display and a session bus (xvfb-run -a
# dbus-run-session) and NONET_APP; without them they are skipped.
import errno
import hashlib
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

import nonet_test
import private_mounts

CLI = os.environ.get("NONET_CLI", "nonet-cli")
SKIP = 77


def cli(*args, stdin=None, input=None, timeout=120):
    result = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, stdin=stdin,
                            input=input, timeout=timeout)
    return result.returncode, result.stdout, result.stderr


def generate(n, seed):
    rc, out, err = cli("generate", "-n", n, "--seed", seed, timeout=600)
    assert rc == 0, err
    return out.split()


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def library_givens(db):
    """The givens of every puzzle, after PRAGMA integrity_check said ok."""
    conn = sqlite3.connect(db, timeout=10)
    try:
        check = conn.execute("PRAGMA integrity_check").fetchall()
        assert check == [("ok",)], check
        return {row[0] for row in conn.execute("SELECT givens FROM puzzle")}
    finally:
        conn.close()


def as_givens(line):
    return line.replace("0", ".")


class Tmpfs:
    """A tmpfs of size bytes on a new folder, in this namespace only."""

    def __init__(self, size):
        self.path = tempfile.mkdtemp(prefix="nonet-faults-")
        self.filler = os.path.join(self.path, "filler")
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", self.path],
                       check=True)

    def fill(self, leave=0):
        """Fills the disk, then gives back leave bytes."""
        chunk = b"\0" * 65536
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            for size in (65536, 4096, 1):
                while True:
                    try:
                        if os.write(fd, chunk[:size]) == 0:
                            break
                    except OSError as e:
                        if e.errno != errno.ENOSPC:
                            raise
                        break
        finally:
            os.close(fd)
        if leave:
            os.truncate(self.filler, max(0, os.path.getsize(self.filler) - leave))

    def free(self):
        if os.path.exists(self.filler):
            os.unlink(self.filler)

    def remount_read_only(self):
        subprocess.run(["mount", "-o", "remount,ro", self.path], check=True)

    def files(self):
        return sorted(set(os.listdir(self.path)) - {"filler"})

    def remove(self):
        subprocess.run(["umount", "-l", self.path], check=False)
        os.rmdir(self.path)


class Faults(unittest.TestCase):
    """Faults through nonet-cli."""

    @classmethod
    def setUpClass(cls):
        cls.first = generate(60, 11)         # saved before each fault
        cls.big = generate(3000, 5000)       # the import the fault hits

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.mounts = []
        self.first_file = self.write("first.txt", self.first)
        self.big_file = self.write("big.txt", self.big)

    def tearDown(self):
        for mount in self.mounts:
            mount.remove()
        self.tmp.cleanup()

    def write(self, name, lines, folder=None):
        path = os.path.join(folder or self.dir, name)
        with open(path, "w") as f:
            f.write("".join(line + "\n" for line in lines))
        return path

    def tmpfs(self, size):
        mount = Tmpfs(size)
        self.mounts.append(mount)
        return mount

    def saved_library(self, folder):
        """A library in folder holding self.first; returns its path and givens."""
        db = os.path.join(folder, "library.db")
        rc, out, err = cli("library", "--db", db, "import", self.first_file)
        self.assertEqual(rc, 0, out + err)
        givens = library_givens(db)
        self.assertTrue({as_givens(p) for p in self.first} <= givens)
        return db, givens

    # ---- A full disk ----

    def test_disk_full_import(self):
        disk = self.tmpfs("16m")
        db, before = self.saved_library(disk.path)
        disk.fill(leave=512 * 1024)
        rc, out, err = cli("library", "--db", db, "import", self.big_file)
        print(f"import onto a full disk: {err.strip()}")
        self.assertEqual(rc, 2, out + err)
        match = re.search(r"^nonet-cli library import: Could not [\w ]+ the game library (.*): "
                          r"the disk is full(?: \(([\d,]+) puzzles? of the file (?:was|were) imported before that\))?$",
                          err, re.M)
        self.assertIsNotNone(match, err)
        self.assertEqual(match.group(1), db)
        imported = int((match.group(2) or "0").replace(",", ""))
        after = library_givens(db)
        self.assertTrue(before <= after, "puzzles saved before were lost")
        self.assertEqual(len(after), len(before) + imported)
        self.assertTrue(all(len(g) == 81 for g in after))
        self.assertTrue(set(disk.files()) <= {"library.db", "library.db-wal", "library.db-shm"}, disk.files())

        # With room again the same import finishes the job.
        disk.free()
        rc, out, err = cli("library", "--db", db, "import", self.big_file)
        self.assertIn(rc, (0, 1), out + err)
        self.assertEqual(library_givens(db), before | {as_givens(p) for p in self.big})

    def test_disk_full_export_and_pdf(self):
        db, before = self.saved_library(self.dir)
        disk = self.tmpfs("1m")
        kept_export = os.path.join(disk.path, "kept.txt")
        kept_pdf = os.path.join(disk.path, "kept.pdf")
        for path in (kept_export, kept_pdf):
            with open(path, "w") as f:
                f.write("written before the disk filled\n")
        old = digest(kept_export)
        disk.fill()

        new_export = os.path.join(disk.path, "new.txt")
        for target in (new_export, kept_export):
            rc, out, err = cli("library", "--db", db, "export", "-o", target)
            print(f"export onto a full disk: {err.strip()}")
            self.assertEqual(rc, 2, out + err)
            self.assertIn(f"nonet-cli library export: Could not write {target}: No space left on device", err)
        new_pdf = os.path.join(disk.path, "new.pdf")
        for target in (new_pdf, kept_pdf):
            rc, out, err = cli("pdf", "-o", target, self.first_file)
            print(f"pdf onto a full disk: {err.strip()}")
            self.assertEqual(rc, 2, out + err)
            self.assertIn(f"nonet-cli pdf: Could not write {target}: No space left on device", err)

        # No half-written file, no temporary file; what was there is intact.
        self.assertEqual(disk.files(), ["kept.pdf", "kept.txt"])
        self.assertEqual(digest(kept_export), old)
        self.assertEqual(digest(kept_pdf), old)
        self.assertEqual(library_givens(db), before)

    # ---- A read-only data folder ----

    def test_read_only_folder(self):
        disk = self.tmpfs("8m")
        db, before = self.saved_library(disk.path)
        saved = digest(db)
        disk.remount_read_only()
        folder = disk.path

        for command in (["import", self.big_file], ["list"]):
            rc, out, err = cli("library", "--db", db, *command)
            print(f"library {command[0]} in a read-only folder: {err.strip()}")
            self.assertEqual(rc, 2, out + err)
            self.assertRegex(err, rf"^nonet-cli library {command[0]}: Could not \w+ (to )?the game library "
                                  rf"{re.escape(db)}: its folder {re.escape(folder)} cannot be written: "
                                  r"Read-only file system$")
        rc, out, err = cli("library", "--db", os.path.join(folder, "new", "library.db"), "list")
        self.assertEqual(rc, 2, out + err)
        self.assertIn(f"the folder {os.path.join(folder, 'new')} does not exist", err)
        target = os.path.join(folder, "export.txt")
        rc, out, err = cli("library", "--db", os.path.join(self.dir, "other.db"), "export", "-o", target)
        self.assertEqual(rc, 2, out + err)
        self.assertIn(f"Could not write {target}: Read-only file system", err)

        self.assertEqual(digest(db), saved)
        self.assertEqual(sorted(os.listdir(folder)), ["library.db"])
        # Read through a copy: SQLite wants a -shm file beside a WAL library.
        copy = os.path.join(self.dir, "copy.db")
        shutil.copy(db, copy)
        self.assertEqual(library_givens(copy), before)

    # ---- A library another process holds ----

    def test_locked_library(self):
        db, before = self.saved_library(self.dir)
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("INSERT INTO meta (key, value) VALUES ('test-faults', 'held')")
        try:
            rc, out, err = cli("library", "--db", db, "import", self.big_file)
            print(f"import into a locked library: {err.strip()}")
            self.assertEqual(rc, 2, out + err)
            self.assertIn(f"nonet-cli library import: Could not write to the game library {db}: "
                          "the library is locked: another program is using it", err)
            # Reading still works meanwhile.
            rc, out, err = cli("library", "--db", db, "list")
            self.assertEqual(rc, 0, err)
            self.assertEqual({as_givens(line) for line in out.split()}, before)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        self.assertEqual(library_givens(db), before)
        rc, out, err = cli("library", "--db", db, "import", self.big_file)
        self.assertEqual(rc, 0, out + err)
        self.assertEqual(library_givens(db), before | {as_givens(p) for p in self.big})

    # ---- Files that vanish or end early ----

    def test_file_vanishes_during_import(self):
        db, before = self.saved_library(self.dir)
        a_lines = self.big[:400]
        fifo = os.path.join(self.dir, "a.txt")
        os.mkfifo(fifo)
        b = self.write("b.txt", self.big[400:450])
        proc = subprocess.Popen([CLI, "library", "--db", db, "import", fifo, b],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # The importer holds A open (its other end is ours) when B goes.
        with open(fifo, "w") as f:
            f.write("".join(line + "\n" for line in a_lines[:200]))
            f.flush()
            os.unlink(b)
            f.write("".join(line + "\n" for line in a_lines[200:]))
        out, err = proc.communicate(timeout=120)
        print(f"a file gone before its turn: {err.strip()}")
        self.assertEqual(proc.returncode, 2, out + err)
        self.assertIn(f"{fifo}: Imported 400 puzzles.", out)
        self.assertIn(f"nonet-cli library import: Could not read {b}: No such file or directory", err)
        self.assertEqual(library_givens(db), before | {as_givens(p) for p in a_lines})

    def test_file_cut_short(self):
        db, before = self.saved_library(self.dir)
        lines = self.big[:5]
        fifo = os.path.join(self.dir, "cut.txt")
        os.mkfifo(fifo)
        proc = subprocess.Popen([CLI, "library", "--db", db, "import", fifo],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        with open(fifo, "w") as f:
            f.write("".join(line + "\n" for line in lines) + self.big[5][:40])
        out, err = proc.communicate(timeout=60)
        print(f"a file cut short: {out.strip()}")
        self.assertEqual(proc.returncode, 1, out + err)
        self.assertIn("Imported 5 puzzles; 1 skipped.", out)
        self.assertRegex(err, rf"nonet-cli: {re.escape(fifo)}:6: .*40 cells")
        self.assertEqual(library_givens(db), before | {as_givens(p) for p in lines})

    # ---- Floods ----

    def test_many_bad_lines_are_counted_not_listed(self):
        bad = os.path.join(self.dir, "bad.txt")
        with open(bad, "w") as f:
            f.write("x\n" * 100_000)
        rc, out, err = cli("check", bad)
        self.assertEqual(rc, 2)
        lines = err.splitlines()
        self.assertEqual(len(lines), 101, lines[-3:])
        self.assertEqual(lines[-1], f"nonet-cli: {bad}: … and 99900 more problems (--max-problems 0 lists them all)")

        db = os.path.join(self.dir, "library.db")
        rc, out, err = cli("library", "--db", db, "import", bad)
        self.assertEqual(rc, 1, err)
        self.assertEqual(out, "Imported 0 puzzles; 100000 skipped.\n")
        lines = err.splitlines()
        self.assertEqual(len(lines), 101)
        self.assertEqual(lines[-1], f"nonet-cli: {bad}: … and 99900 more problems (--max-problems 0 lists them all)")

    def test_repeated_puzzle_is_a_duplicate_at_once(self):
        db, before = self.saved_library(self.dir)
        again = self.write("again.txt", self.first + [self.big[0]] * 20_000)
        rc, out, err = cli("library", "--db", db, "import", again)
        self.assertEqual(rc, 1, err)
        self.assertEqual(out, "Imported 1 puzzle; 20059 duplicates.\n")
        lines = err.splitlines()
        # Named by the title its import gave it (after its file: "first 1").
        self.assertRegex(lines[0], rf"^nonet-cli: {re.escape(again)}:1: the same puzzle as “first \d+”$")
        self.assertEqual(len(lines), 101)
        self.assertEqual(lines[-1], f"nonet-cli: {again}: … and 19959 more problems (--max-problems 0 lists them all)")
        self.assertEqual(library_givens(db), before | {as_givens(self.big[0])})

    def test_check_input_is_capped(self):
        rc, out, err = cli("check", "-", stdin=subprocess.DEVNULL)
        self.assertEqual(rc, 2)
        with open("/dev/zero", "rb") as zero:
            rc, out, err = cli("check", "-", stdin=zero, timeout=300)
        self.assertEqual(rc, 2)
        self.assertEqual(err, "nonet-cli: standard input is too large (more than 256 MiB); "
                              "split it into smaller files\n")
        with open("/dev/zero", "rb") as zero:
            rc, out, err = cli("pdf", "-o", os.path.join(self.dir, "zero.pdf"), "-", stdin=zero, timeout=300)
        self.assertEqual(rc, 2)
        self.assertIn("nonet-cli pdf: standard input is too large (more than 256 MiB)", err)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "zero.pdf")))


class AppFaults(unittest.TestCase):
    """The real app on a full disk, a locked library and a read-only data folder."""

    @classmethod
    def setUpClass(cls):
        global e2e
        e2e = nonet_test.app_cases()

    def setUp(self):
        self.home = e2e.Home()
        self.data = Tmpfs("16m")
        self.home.env["XDG_DATA_HOME"] = self.data.path
        self.apps = []
        self.passed = False

    def tearDown(self):
        for app in self.apps:
            app.kill()
            if not self.passed:
                sys.stdout.write(f"--- log of {app.log_path}:\n{app.log()}")
        self.data.remove()
        self.home.remove()

    def start(self, welcome=False):
        app = e2e.App(self.home, run=len(self.apps), welcome=welcome)
        self.apps.append(app)
        return app

    def toast(self, app, text, timeout=10):
        return e2e.wait_for(f"a toast saying {text!r}",
                            lambda: app.find(lambda a: a is not None and text in (a.name or "")), timeout)

    def play(self, app, cell, key):
        where = e2e.where(cell)
        app.select(cell)
        app.key(key)
        return app.wait_label(f"{where} holding {key}", lambda s: s.startswith(f"{where}, {key}"))

    def saved_game(self, db):
        conn = sqlite3.connect(db, timeout=10)
        try:
            self.assertEqual(conn.execute("PRAGMA integrity_check").fetchall(), [("ok",)])
            return conn.execute("SELECT moves, position FROM game WHERE status = 'in-progress' "
                                "ORDER BY updated DESC LIMIT 1").fetchone()
        finally:
            conn.close()

    def test_app_disk_full(self):
        app = self.start()
        board = e2e.wait_for_puzzle(app)
        empty = [cell for cell, label in enumerate(board) if "empty" in label]
        self.play(app, empty[0], "1")

        self.data.fill()
        self.play(app, empty[1], "2")
        toast = self.toast(app, "Your game could not be saved")
        print(f"app on a full disk: {toast.name!r}")
        self.assertIn("the disk is full", toast.name)
        self.play(app, empty[2], "3")          # still playing

        self.data.free()
        self.play(app, empty[3], "4")          # saved again, all four moves
        self.assertEqual(app.quit(), 0)
        moves, position = self.saved_game(os.path.join(self.data.path, "nonet", "library.db"))
        self.assertEqual(len(moves.split()), 4, moves)
        self.assertEqual(position, 4)
        self.passed = True

    def test_app_locked_library(self):
        app = self.start()
        board = e2e.wait_for_puzzle(app)
        empty = [cell for cell, label in enumerate(board) if "empty" in label]
        self.play(app, empty[0], "1")

        db = os.path.join(self.data.path, "nonet", "library.db")
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            # The app waits a second, not the command line's five, on its
            # main thread: then a toast, and play goes on.
            self.play(app, empty[1], "2")
            toast = self.toast(app, "Your game could not be saved")
            print(f"app on a locked library: {toast.name!r}")
            self.assertIn("the library is locked: another program is using it (waited 1 second)", toast.name)
            self.play(app, empty[2], "3")
        finally:
            holder.execute("ROLLBACK")
            holder.close()

        self.play(app, empty[3], "4")          # saved again, all four moves
        self.assertEqual(app.quit(), 0)
        moves, position = self.saved_game(db)
        self.assertEqual(len(moves.split()), 4, moves)
        self.assertEqual(position, 4)
        self.passed = True

    def test_app_read_only_folder(self):
        db = os.path.join(self.data.path, "nonet", "library.db")
        # --db makes a library in a folder that is there, not the folder.
        os.makedirs(os.path.dirname(db))
        rc, out, err = cli("library", "--db", db, "collections")   # makes the library
        self.assertEqual(rc, 0, err)
        saved = digest(db)
        self.data.remount_read_only()

        # The toast first: the Escape that leaves the welcome page would
        # dismiss it.
        app = self.start(welcome=True)
        found = self.toast(app, "Games cannot be saved")
        print(f"app in a read-only folder: {found.name!r}")
        self.assertIn("Read-only file system", found.name)
        if "welcome page shown" in app.log():
            app.press("Easy")
            e2e.wait_for("the welcome page to go", lambda: "welcome page left" in app.log())
        board = e2e.wait_for_puzzle(app)       # a new game, in memory
        empty = [cell for cell, label in enumerate(board) if "empty" in label]
        self.play(app, empty[0], "5")
        self.assertEqual(app.quit(), 0)
        self.assertEqual(digest(db), saved)
        self.assertEqual(sorted(os.listdir(os.path.dirname(db))), ["library.db"])
        self.passed = True


if __name__ == "__main__":
    private_mounts.enter(__file__)
    unittest.main(verbosity=2)
