#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-import-kill.py: `nonet-cli library import` killed with SIGKILL in the
# middle of a big file leaves a sound library holding whole puzzles only, in
# whole batches; importing the file again finishes the job and reports the
# puzzles already there as duplicates. Two processes writing the same
# library at once both finish, and the library holds what both reported.
import os
import random
import signal
import sqlite3
import subprocess
import tempfile
import time
import unittest

CLI = os.environ.get("NONET_CLI", "nonet-cli")
SHARED = os.environ.get("NONET_SHARED_DATA", "")


def generated_puzzles(n, seed=7):
    """Distinct puzzles without the shared data: nonet-cli generate."""
    result = subprocess.run([CLI, "generate", "-n", str(n), "--clues", "30", "--seed", str(seed)],
                            capture_output=True, text=True, timeout=600, check=True)
    return result.stdout


class ImportKill(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.db = os.path.join(self.dir.name, "library.db")
        shared = os.path.join(SHARED, "17-clue.txt")
        if os.path.exists(shared):
            self.input = shared
            with open(shared) as f:
                self.total = sum(1 for line in f if line.strip() and not line.startswith("#"))
        else:
            self.input = os.path.join(self.dir.name, "generated.txt")
            with open(self.input, "w") as f:
                f.write(generated_puzzles(3000))
            self.total = 3000

    def tearDown(self):
        self.dir.cleanup()

    def imported_rows_in(self, collection):
        """Rows of the puzzles this test imported into a collection, or 0
        while the library or its tables do not exist yet."""
        if not os.path.exists(self.db):
            return 0
        try:
            with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=5) as db:
                return db.execute("SELECT count(*) FROM puzzle p JOIN collection c ON c.id = p.collection_id"
                                  " WHERE c.name = ?", (collection,)).fetchone()[0]
        except sqlite3.OperationalError:
            return 0

    def imported_rows(self):
        return self.imported_rows_in("Killed")

    def test_kill_mid_import(self):
        process = subprocess.Popen([CLI, "library", "--db", self.db, "import", "--collection", "Killed", self.input],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 120
        # Kill once some batches are committed, however fast the machine.
        while self.imported_rows() == 0 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(random.uniform(0, 0.05))
        process.send_signal(signal.SIGKILL)
        process.communicate()
        self.assertEqual(process.returncode, -signal.SIGKILL, "the import finished before it could be killed")

        with sqlite3.connect(self.db) as db:
            self.assertEqual(db.execute("PRAGMA integrity_check").fetchone()[0], "ok")
            rows = db.execute("SELECT givens, solution, grade, score, clues FROM puzzle p"
                              " JOIN collection c ON c.id = p.collection_id WHERE c.name = 'Killed'").fetchall()
        self.assertGreater(len(rows), 0)
        self.assertLess(len(rows), self.total)
        for givens, solution, grade, score, clues in rows:
            self.assertEqual(len(givens), 81)
            self.assertEqual(len(solution), 81)
            self.assertNotIn(".", solution)
            self.assertIsNotNone(grade)
            self.assertIsNotNone(score)
            self.assertEqual(clues, sum(c != "." for c in givens))
            # The solution fits the givens.
            self.assertTrue(all(g in (".", s) for g, s in zip(givens, solution)))
        committed = len(rows)

        listed = subprocess.run([CLI, "library", "--db", self.db, "list", "--collection", "Killed"],
                                capture_output=True, text=True, timeout=120)
        self.assertEqual(listed.returncode, 0, listed.stderr)
        self.assertEqual(len(listed.stdout.splitlines()), committed)

        # Again, to the end: what was committed comes back as duplicates.
        again = subprocess.run([CLI, "library", "--db", self.db, "import", "--collection", "Killed", self.input],
                               capture_output=True, text=True, timeout=600)
        summary = again.stdout.splitlines()[0]
        self.assertEqual(again.returncode, 1 if committed else 0, again.stderr)
        duplicates = int(summary.split("; ")[1].split()[0].replace(",", ""))
        imported = int(summary.split()[1].replace(",", ""))
        self.assertGreaterEqual(duplicates, committed)
        self.assertEqual(self.imported_rows(), committed + imported)
        self.assertEqual(imported + duplicates, self.total)

    def test_two_processes(self):
        """A second nonet-cli importing and listing while a big import runs:
        each waits for the other's write lock, nothing is lost or corrupted."""
        # Big enough to last some batches, small enough for sanitizer builds.
        first = os.path.join(self.dir.name, "first.txt")
        with open(self.input) as f, open(first, "w") as out:
            lines = [line for line in f if line.strip() and not line.startswith("#")][:10000]
            out.writelines(lines)
        total = len(lines)
        second = os.path.join(self.dir.name, "second.txt")
        with open(second, "w") as f:
            # Another seed than setUp's: none of these may be duplicates.
            f.write(generated_puzzles(200, seed=100000))
        # The library exists (built-in puzzles) before both start.
        subprocess.run([CLI, "library", "--db", self.db, "collections"], capture_output=True, timeout=120, check=True)

        big = subprocess.Popen([CLI, "library", "--db", self.db, "import", "--collection", "Big", first],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while self.imported_rows_in("Big") == 0 and big.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertIsNone(big.poll(), "the big import ended before the second process started")
        small = subprocess.run([CLI, "library", "--db", self.db, "import", "--collection", "Second", second],
                               capture_output=True, text=True, timeout=600)
        listed = subprocess.run([CLI, "library", "--db", self.db, "list", "--collection", "Second"],
                                capture_output=True, text=True, timeout=600)
        out, err = big.communicate(timeout=600)

        self.assertEqual(small.returncode, 0, small.stderr)
        self.assertTrue(small.stdout.startswith("Imported 200 puzzles"), small.stdout)
        self.assertEqual(listed.returncode, 0, listed.stderr)
        self.assertEqual(len(listed.stdout.splitlines()), 200)
        self.assertEqual(big.returncode, 0, err)
        big_imported = int(out.split()[1].replace(",", ""))
        self.assertEqual(big_imported, total)
        with sqlite3.connect(self.db) as db:
            self.assertEqual(db.execute("PRAGMA integrity_check").fetchone()[0], "ok")
        self.assertEqual(self.imported_rows_in("Big"), total)
        self.assertEqual(self.imported_rows_in("Second"), 200)


if __name__ == "__main__":
    unittest.main(verbosity=2)
