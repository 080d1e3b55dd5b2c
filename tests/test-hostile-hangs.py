#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-hostile-hangs.py: loops that must end (issue 14). generate and pdf
# with 78 to 80 clues and a difficulty above Easy (which no such puzzle can
# have) are refused up front; an ID that asks for it ends at once with the
# closest puzzle, named on standard error, exit 1, with a budget or without
# one (it used to run for ever at 79 and 80 clues). A named pipe (FIFO)
# that no program writes to is given up after a bounded wait, with a
# sentence saying so, by check and by library import; one whose writer comes
# later, a pipe through /dev/fd (<(...)) and standard input still read. A
# folder and a device are refused with a reason, the device unopened.
#
# The device node is the test's own (mknod of 1,3 on a tmpfs of its own, in
# a private mount namespace that takes it with it): the machine's /dev is
# never touched. Without root the device case is skipped, the others run.
#
# The subprocess timeouts only detect a hang (they are many times what the
# commands take); no test measures time.
import os
import shutil
import stat
import subprocess
import tempfile
import time
import unittest

import nonet_test
import private_mounts

CLI = os.environ.get("NONET_CLI", "nonet-cli")
SCALE = float(os.environ.get("NONET_E2E_TIMEOUT_SCALE", "1"))
# What the CLI waits for a program to open a FIFO: 2 s here, through the
# override it has for tests (NONET_IMPORT_WRITER_WAIT_MS), not its own 10 s
# (NE_IMPORT_WRITER_WAIT_SECONDS), which test_no_writer_is_given_up and
# test_writer_that_waits_before_writing would each wait out in full.
WRITER_WAIT = 2
os.environ["NONET_IMPORT_WRITER_WAIT_MS"] = str(WRITER_WAIT * 1000)
HANG = 120 * SCALE
# generate runs with --timeout 2: twenty times that means a hang.
GENERATE_HANG = 20 * 2 * SCALE

# Two puzzles of the 17-clue collection, which a fresh library does not hold.
P1000 = ".................1..2.34...............1.5.6...78..2.......94.8.5.......16..7...."
P2000 = "................12....34...........3..2.......567........2...7.3.518....8.....4.."




def cli(*args, input=None, timeout=HANG):
    result = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, input=input,
                            timeout=timeout)
    return result.returncode, result.stdout, result.stderr


def has_open(pid, path):
    """Whether process pid has path open."""
    fd_dir = f"/proc/{pid}/fd"
    try:
        names = os.listdir(fd_dir)
    except FileNotFoundError:
        return False
    for name in names:
        try:
            if os.readlink(os.path.join(fd_dir, name)) == path:
                return True
        except FileNotFoundError:
            pass
    return False


def wait_until_open(proc, path):
    """Polls until proc has path open (or has ended, which the caller's
    assertions then report). A command that never gets it open (blocked
    in open() for a writer) fails after HANG."""
    give_up = time.monotonic() + HANG
    while proc.poll() is None and not has_open(proc.pid, path):
        if time.monotonic() > give_up:
            proc.kill()
            proc.wait()
            raise AssertionError(f"{proc.args} never opened {path}")
        try:
            proc.wait(timeout=0.01)
        except subprocess.TimeoutExpired:
            pass


def open_writer(path):
    """The FIFO's write end, once a reader has it open: never blocks (ENXIO
    when the reader is gone)."""
    fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    os.set_blocking(fd, True)
    return os.fdopen(fd, "w")


class Generate(unittest.TestCase):
    """78 to 80 clues are always Easy: a harder range cannot be met. Asked
    for in options, it is refused up front; an ID that names it gives its
    puzzle, the closest, at once."""

    def assert_closest(self, args, clues, wanted, id_):
        rc, out, err = cli("generate", *args, "--with-ids", timeout=GENERATE_HANG)
        self.assertEqual(rc, 1, out + err)
        lines = out.splitlines()
        self.assertEqual(len(lines), 1, out)
        puzzle, _, printed_id = lines[0].partition(" # ")
        self.assertEqual(len(puzzle), 81)
        self.assertEqual(81 - puzzle.count("."), clues)
        self.assertEqual(printed_id, id_)
        # Answered at once, so no word of a time that was not spent.
        self.assertIn(f"puzzle 1 ({id_}): every puzzle with {clues} clues is Easy, none is {wanted}; "
                      "this is the closest", err)
        rc, out, err = cli("check", "-", input=puzzle + "\n")
        self.assertEqual(rc, 0, err)
        self.assertIn(f"valid, one solution, {clues} clues", out)
        return puzzle

    def assert_refused(self, command, args, clues, difficulty):
        rc, out, err = cli(*command, *args, timeout=GENERATE_HANG)
        self.assertEqual(rc, 2, out + err)
        self.assertEqual(out, "")
        self.assertEqual(err, f"nonet-cli {command[0]}: every puzzle with {clues} clues is Easy (three empty "
                              f"cells or fewer always fall to naked singles), so --difficulty {difficulty} "
                              f"cannot be met; use 77 clues or fewer\n"
                              f"Try 'nonet-cli {command[0]} --help' for more information.\n")

    def test_options_are_refused(self):
        for clues in (78, 79, 80):
            for difficulty in ("medium", "hard", "expert", "extreme", "hard-extreme"):
                with self.subTest(clues=clues, difficulty=difficulty):
                    self.assert_refused(["generate"], ["--clues", clues, "--difficulty", difficulty,
                                                       "--timeout", "2"], clues, difficulty)
        with tempfile.TemporaryDirectory() as folder:
            pdf = os.path.join(folder, "unused.pdf")
            self.assert_refused(["pdf"], ["-o", pdf, "--generate", "2", "--clues", "80", "--difficulty", "medium"],
                                80, "medium")
            self.assertEqual(os.listdir(folder), [])

    def test_ids_end_with_the_closest(self):
        for id_, clues, wanted in (("N1-80-n-g2-1", 80, "Medium"), ("N1-79-n-g35-3", 79, "Hard-Extreme"),
                                   ("N1-78-n-g4-2", 78, "Expert"), ("N1-80-r4-g3-4", 80, "Hard")):
            with self.subTest(id=id_):
                first = self.assert_closest(["--id", id_, "--timeout", "2"], clues, wanted, id_)
                # Without a budget too, and the same puzzle: the ID names it.
                again = self.assert_closest(["--id", id_, "--timeout", "0"], clues, wanted, id_)
                self.assertEqual(first, again)

    def test_easy_is_still_reached(self):
        rc, out, err = cli("generate", "--clues", "80", "--difficulty", "easy", "--timeout", "2", "--seed", "1")
        self.assertEqual(rc, 0, err)
        self.assertEqual(81 - out.strip().count("."), 80)
        rc, out, err = cli("generate", "--clues", "78", "--difficulty", "easy-extreme", "--seed", "1")
        self.assertEqual(rc, 0, err)
        self.assertEqual(81 - out.strip().count("."), 78)


class Fifo(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.db = os.path.join(self.dir, "library.db")
        self.puzzles = os.path.join(self.dir, "two.txt")
        with open(self.puzzles, "w") as f:
            f.write(P1000 + "\n" + P2000 + "\n")

    def tearDown(self):
        self.tmp.cleanup()

    def popen(self, *args):
        """A command left running (when an assertion fails) is killed."""
        proc = subprocess.Popen([CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.addCleanup(self.reap, proc)
        return proc

    @staticmethod
    def reap(proc):
        if proc.poll() is None:
            proc.kill()
            proc.wait()

    def fifo(self, name):
        path = os.path.join(self.dir, name)
        os.mkfifo(path)
        return path

    def test_no_writer_is_given_up(self):
        # Both at once: each waits its bounded time for a writer.
        check_fifo = self.fifo("check.txt")
        import_fifo = self.fifo("import.txt")
        check = self.popen("check", check_fifo)
        imp = self.popen("library", "--db", self.db, "import", import_fifo)
        out, err = check.communicate(timeout=WRITER_WAIT + HANG)
        print(f"check of a FIFO nobody writes to: {err.strip()}")
        self.assertEqual(check.returncode, 2, out + err)
        self.assertEqual(out, "")
        self.assertEqual(err, f"nonet-cli: No program is writing to the FIFO {check_fifo}: "
                              f"none opened it in {WRITER_WAIT} seconds\n")
        out, err = imp.communicate(timeout=WRITER_WAIT + HANG)
        print(f"import of a FIFO nobody writes to: {err.strip()}")
        self.assertEqual(imp.returncode, 2, out + err)
        self.assertEqual(err, f"nonet-cli library import: No program is writing to the FIFO {import_fifo}: "
                              f"none opened it in {WRITER_WAIT} seconds\n")

    def late_writer(self, args, path):
        proc = self.popen(*args)
        wait_until_open(proc, path)
        with open_writer(path) as f:
            f.write(P1000 + "\n")
            f.flush()
            f.write(P2000 + "\n")
        out, err = proc.communicate(timeout=HANG)
        return proc.returncode, out, err

    def test_late_writer_is_read(self):
        path = self.fifo("late.txt")
        rc, out, err = self.late_writer(["check", path], path)
        self.assertEqual(rc, 0, err)
        self.assertIn("line 1: valid, one solution", out)
        self.assertIn("line 2: valid, one solution", out)
        rc, out, err = self.late_writer(["library", "--db", self.db, "import", "-c", "Late", path], path)
        self.assertEqual(rc, 0, err)
        self.assertIn("Imported 2 puzzles", out)

    def test_writer_that_waits_before_writing(self):
        # A writer that opens the FIFO and writes only later is waited for
        # for as long as it takes: only a missing writer is given up.
        path = self.fifo("slow.txt")
        proc = self.popen("check", path)
        wait_until_open(proc, path)
        with open_writer(path) as f:
            # Past the writer wait, the CLI is still waiting for data.
            with self.assertRaises(subprocess.TimeoutExpired):
                proc.wait(timeout=WRITER_WAIT + 2)
            f.write(P1000 + "\n")
        out, err = proc.communicate(timeout=HANG)
        self.assertEqual(proc.returncode, 0, err)
        self.assertIn("line 1: valid, one solution", out)

    def test_pipes_with_a_writer(self):
        bash = shutil.which("bash")
        if bash is None:
            self.skipTest("needs bash for <(...)")
        result = subprocess.run([bash, "-c", '"$0" check <(cat "$1")', CLI, self.puzzles],
                                capture_output=True, text=True, timeout=HANG)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("line 2: valid, one solution", result.stdout)
        result = subprocess.run([bash, "-c", 'cat "$1" | "$0" check -', CLI, self.puzzles],
                                capture_output=True, text=True, timeout=HANG)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("line 2: valid, one solution", result.stdout)
        result = subprocess.run([bash, "-c", '"$0" library --db "$2" import <(cat "$1")', CLI, self.puzzles,
                                 self.db], capture_output=True, text=True, timeout=HANG)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Imported 2 puzzles", result.stdout)

    def test_folder_is_refused(self):
        folder = os.path.join(self.dir, "folder")
        os.mkdir(folder)
        rc, out, err = cli("check", folder)
        self.assertEqual(rc, 2, out + err)
        self.assertEqual(err, f"nonet-cli: {folder} is a folder, not a file of puzzles\n")
        rc, out, err = cli("library", "--db", self.db, "import", folder)
        self.assertEqual(rc, 2, out + err)
        self.assertEqual(err, f"nonet-cli library import: {folder} is a folder, not a file of puzzles\n")

    @unittest.skipUnless(private_mounts.mode() == "root", "needs root for a device node of its own")
    def test_device_is_refused(self):
        devices = os.path.join(self.dir, "dev")
        os.mkdir(devices)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", devices], check=True)
        try:
            null = os.path.join(devices, "null")
            os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            rc, out, err = cli("check", null)
            self.assertEqual(rc, 2, out + err)
            self.assertEqual(err, f"nonet-cli: {null} is a device, not a puzzle file\n")
            rc, out, err = cli("library", "--db", self.db, "import", null)
            self.assertEqual(rc, 2, out + err)
            self.assertEqual(err, f"nonet-cli library import: {null} is a device, not a puzzle file\n")
            rc, out, err = cli("pdf", "-o", os.path.join(self.dir, "x.pdf"), null)
            self.assertEqual(rc, 2, out + err)
            self.assertIn(f"{null} is a device, not a puzzle file", err)
            self.assertTrue(stat.S_ISCHR(os.lstat(null).st_mode))
        finally:
            subprocess.run(["umount", devices], check=True)


if __name__ == "__main__":
    private_mounts.enter(__file__, as_user=False, required=False)
    nonet_test.main()
