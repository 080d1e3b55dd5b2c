#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-hostile-output.py: files written where the person points, and what
# nonet-cli says (issue 14). -o writes through to what it names: a named
# pipe gets the PDF, a device stays a device, a symbolic link stays a link
# and its target gets the file, a file keeps its mode, owner and hard links,
# and -o - is standard output. A full device (standard output or -o) is an
# error naming the output, for every command that writes; a reader that
# goes away (| head -1) ends the output quietly. Options that are not
# UTF-8 are named; trace stops on a terminal; seeds do not wrap.
#
# The device nodes are the test's own (mknod of 1,3 and 1,7 on a tmpfs of
# its own, in a private mount namespace that takes them with it): the
# machine's /dev is never written. Without root the device, owner and
# namespace cases are skipped, the others still run.
import errno
import os
import pty
import select
import signal
import stat
import subprocess
import tempfile
import threading
import unittest

import nonet_test
import private_mounts

CLI = os.environ.get("NONET_CLI", "nonet-cli")
SKIP = 77
TIMEOUT = 120 * float(os.environ.get("NONET_E2E_TIMEOUT_SCALE", "1"))

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
EULER1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
FULL = "No space left on device"
LARGEST_SEED = str(2 ** 64 - 1)




def in_namespace():
    return private_mounts.mode() == "root"


def cli(*args, stdin=None, input=None, stdout=subprocess.PIPE, env=None, timeout=TIMEOUT):
    result = subprocess.run([CLI, *args], input=input, stdin=stdin, stdout=stdout,
                            stderr=subprocess.PIPE, env=env, timeout=timeout)
    return result.returncode, result.stdout, result.stderr.decode("utf-8", "replace")


def said(err):
    """What nonet-cli said on standard error, without the statistics a
    sanitizer build adds at exit."""
    return [line for line in err.splitlines() if line.startswith("nonet-cli")]


def is_pdf(data):
    return data.startswith(b"%PDF-") and b"%%EOF" in data[-32:]


class Case(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.class_dir = tempfile.TemporaryDirectory()
        # Two puzzles of our own: the classics are in the built-in library.
        rc, out, err = cli("generate", "-n", "2", "--clues", "30", "--seed", "77")
        assert rc == 0, err
        cls.two = out.decode().split()
        cls.puzzles = os.path.join(cls.class_dir.name, "puzzles.txt")
        with open(cls.puzzles, "w") as f:
            f.write(f"{cls.two[0]}\n{cls.two[1]}\n")
        cls.db = os.path.join(cls.class_dir.name, "library.db")
        rc, out, err = cli("library", "--db", cls.db, "import", "-c", "Two", cls.puzzles)
        assert rc == 0, err

    @classmethod
    def tearDownClass(cls):
        cls.class_dir.cleanup()

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.dir, name)

    def pdf(self, target, *more):
        return cli("pdf", "-o", target, *more, self.puzzles)

    def export(self, target):
        return cli("library", "--db", self.db, "export", "-c", "Two", "-o", target)

    def assert_only(self, folder, names):
        """No temporary file left beside what should be there."""
        self.assertEqual(sorted(os.listdir(folder)), sorted(names))


class Devices:
    """A tmpfs of our own in the namespace, with null (1,3) and full (1,7)."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="nonet-devices-")
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", self.path], check=True)
        self.null = os.path.join(self.path, "null")
        self.full = os.path.join(self.path, "full")
        os.mknod(self.null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        os.mknod(self.full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))

    def assert_devices(self, test):
        for node, minor in ((self.null, 3), (self.full, 7)):
            st = os.lstat(node)
            test.assertTrue(stat.S_ISCHR(st.st_mode), f"{node} is no longer a device")
            test.assertEqual(os.major(st.st_rdev), 1)
            test.assertEqual(os.minor(st.st_rdev), minor)
        test.assertEqual(sorted(os.listdir(self.path)), ["full", "null"])

    def remove(self):
        subprocess.run(["umount", "-l", self.path], check=False)
        os.rmdir(self.path)


def needs_devices(test):
    return unittest.skipUnless(in_namespace(), "needs root and a private mount namespace for its own device nodes")(test)


class WriteThrough(Case):
    """-o writes through to what it names."""

    def test_new_file(self):
        for write, name in ((self.pdf, "new.pdf"), (self.export, "new.txt")):
            target = self.path(name)
            rc, out, err = write(target)
            self.assertEqual(rc, 0, err)
            self.assertEqual(stat.S_IMODE(os.stat(target).st_mode), 0o666 & ~current_umask())
        self.assert_only(self.dir, ["new.pdf", "new.txt"])
        with open(self.path("new.pdf"), "rb") as f:
            self.assertTrue(is_pdf(f.read()))

    def test_fifo_reader_gets_the_file(self):
        for write, check in ((self.pdf, is_pdf), (self.export, lambda data: data.count(b"\n") == 2)):
            fifo = self.path("pipe")
            os.mkfifo(fifo)
            got = []

            def read():
                with open(fifo, "rb") as f:
                    got.append(f.read())
            # A daemon: should the pipe be replaced, nobody ever writes to it.
            reader = threading.Thread(target=read, daemon=True)
            reader.start()
            rc, out, err = write(fifo)
            self.assertEqual(rc, 0, err)
            self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the pipe was replaced")
            reader.join(TIMEOUT)
            self.assertFalse(reader.is_alive())
            self.assertTrue(check(got[0]), got[0][:64])
            self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the pipe was replaced")
            self.assert_only(self.dir, ["pipe"])
            os.unlink(fifo)

    def test_symlink_stays_a_link(self):
        elsewhere = self.path("elsewhere")
        os.mkdir(elsewhere)
        target = os.path.join(elsewhere, "target.pdf")
        with open(target, "w") as f:
            f.write("old\n")
        link = self.path("link.pdf")
        os.symlink(os.path.join("elsewhere", "target.pdf"), link)
        chain = self.path("chain.pdf")
        os.symlink("link.pdf", chain)

        for name in (link, chain):
            rc, out, err = self.pdf(name)
            self.assertEqual(rc, 0, err)
            self.assertTrue(os.path.islink(name))
            with open(target, "rb") as f:
                self.assertTrue(is_pdf(f.read()))
        self.assertEqual(os.readlink(link), os.path.join("elsewhere", "target.pdf"))
        self.assertEqual(os.readlink(chain), "link.pdf")
        # The temporary file went beside the target, and is gone.
        self.assert_only(self.dir, ["chain.pdf", "elsewhere", "link.pdf"])
        self.assert_only(elsewhere, ["target.pdf"])

        # A link to a file not there yet makes the file.
        dangling = self.path("dangling.txt")
        os.symlink("made.txt", dangling)
        rc, out, err = self.export(dangling)
        self.assertEqual(rc, 0, err)
        self.assertTrue(os.path.islink(dangling))
        with open(self.path("made.txt")) as f:
            self.assertEqual(f.read().count("\n"), 2)   # the two puzzle lines, no header

    def test_symlink_loop_named_once(self):
        loop = self.path("loop.pdf")
        os.symlink("loop.pdf", loop)
        for write in (self.pdf, self.export):
            rc, out, err = write(loop)
            self.assertEqual(rc, 2, err)
            self.assertEqual(err.count(loop), 1, err)
            self.assertIn(f"Could not write {loop}: {os.strerror(errno.ELOOP)}", err)
            self.assertEqual(os.readlink(loop), "loop.pdf")
        self.assert_only(self.dir, ["loop.pdf"])

    def test_mode_kept(self):
        target = self.path("private.pdf")
        with open(target, "w") as f:
            f.write("old\n")
        os.chmod(target, 0o600)
        rc, out, err = self.pdf(target)
        self.assertEqual(rc, 0, err)
        self.assertEqual(stat.S_IMODE(os.stat(target).st_mode), 0o600)
        with open(target, "rb") as f:
            self.assertTrue(is_pdf(f.read()))
        self.assert_only(self.dir, ["private.pdf"])

    @unittest.skipUnless(os.geteuid() == 0, "only root can give a file to another owner")
    def test_owner_kept(self):
        target = self.path("theirs.txt")
        with open(target, "w") as f:
            f.write("old\n")
        os.chown(target, 4321, 4322)
        os.chmod(target, 0o640)
        rc, out, err = self.export(target)
        self.assertEqual(rc, 0, err)
        st = os.stat(target)
        self.assertEqual((st.st_uid, st.st_gid), (4321, 4322))
        self.assertEqual(stat.S_IMODE(st.st_mode), 0o640)
        with open(target) as f:
            self.assertEqual(f.read().count("\n"), 2)   # the two puzzle lines, no header

    def test_hard_links_stay_one_file(self):
        first = self.path("first.pdf")
        second = self.path("second.pdf")
        with open(first, "w") as f:
            f.write("old content, longer than nothing\n" * 1000)
        os.link(first, second)
        inode = os.stat(first).st_ino
        rc, out, err = self.pdf(first)
        self.assertEqual(rc, 0, err)
        for name in (first, second):
            st = os.stat(name)
            self.assertEqual((st.st_ino, st.st_nlink), (inode, 2))
            with open(name, "rb") as f:
                self.assertTrue(is_pdf(f.read()), name)
        self.assert_only(self.dir, ["first.pdf", "second.pdf"])

    def test_folder(self):
        folder = self.path("folder.pdf")
        os.mkdir(folder)
        for write in (self.pdf, self.export):
            rc, out, err = write(folder)
            self.assertEqual(rc, 2, err)
            self.assertIn(f"Could not write {folder}: {os.strerror(errno.EISDIR)}", err)
        self.assert_only(self.dir, ["folder.pdf"])
        self.assert_only(folder, [])

    def test_dash_is_standard_output(self):
        rc, out, err = self.pdf("-")
        self.assertEqual(rc, 0, err)
        self.assertTrue(is_pdf(out))
        rc, out, err = self.export("-")
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.decode().split("\n"), [*self.two, ""])
        self.assert_only(self.dir, [])

    def test_socket(self):
        import socket
        path = self.path("socket")
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        server.listen(1)
        server.settimeout(TIMEOUT)
        got = []

        def serve():
            conn, _ = server.accept()
            data = b""
            while chunk := conn.recv(65536):
                data += chunk
            got.append(data)
            conn.close()
        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        rc, out, err = self.pdf(path)
        self.assertEqual(rc, 0, err)
        self.assertTrue(stat.S_ISSOCK(os.lstat(path).st_mode), "the socket was replaced")
        thread.join(TIMEOUT)
        server.close()
        self.assertTrue(is_pdf(got[0]))
        self.assertTrue(stat.S_ISSOCK(os.lstat(path).st_mode))

    @needs_devices
    def test_devices_stay_devices(self):
        devices = Devices()
        self.addCleanup(devices.remove)
        for write in (self.pdf, self.export):
            rc, out, err = write(devices.null)
            self.assertEqual(rc, 0, err)
            rc, out, err = write(devices.full)
            self.assertEqual(rc, 2, err)
            self.assertEqual(err.count(devices.full), 1, err)
            self.assertIn(f"Could not write {devices.full}: {FULL}", err)
            devices.assert_devices(self)


class FullDisk(Case):
    @needs_devices
    def test_hard_linked_file_untouched_on_a_full_disk(self):
        disk = tempfile.mkdtemp(prefix="nonet-full-")
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,mode=0755", "tmpfs", disk], check=True)
        self.addCleanup(os.rmdir, disk)
        self.addCleanup(subprocess.run, ["umount", "-l", disk], check=False)
        first, second = os.path.join(disk, "first.pdf"), os.path.join(disk, "second.pdf")
        with open(first, "w") as f:
            f.write("old\n")
        os.link(first, second)
        fd = os.open(os.path.join(disk, "filler"), os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            while os.write(fd, b"\0" * 4096) > 0:
                pass
        except OSError as e:
            self.assertEqual(e.errno, errno.ENOSPC)
        finally:
            os.close(fd)
        rc, out, err = self.pdf(first)
        self.assertEqual(rc, 2, err)
        self.assertIn(f"Could not write {first}: {FULL}", err)
        for name in (first, second):
            with open(name) as f:
                self.assertEqual(f.read(), "old\n")
        self.assertEqual(os.stat(first).st_nlink, 2)
        self.assert_only(disk, ["filler", "first.pdf", "second.pdf"])


def current_umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


class FullOutput(Case):
    """Standard output on a full device: an error naming it, status 2."""

    def commands(self, tag):
        grids = os.path.join(self.dir, "grids.txt")
        with open(grids, "w") as f:
            f.write(f"{self.two[0]}\n")
        hard = os.path.join(self.dir, "hard.txt")
        with open(hard, "w") as f:
            f.write(f"{INKALA}\n")
        return [
            ("solve", ["solve", self.puzzles]),
            ("count", ["count", self.puzzles]),
            ("trace", ["trace", "--max-events", "50", self.puzzles]),
            # Every event of a hard puzzle: stops at the first failed write.
            ("trace unlimited", ["trace", hard]),
            ("check", ["check", self.puzzles]),
            ("grade", ["grade", "--explain", self.puzzles]),
            ("generate", ["generate", "-n", "2", "--seed", "5"]),
            ("library list", ["library", "--db", self.db, "list"]),
            ("library collections", ["library", "--db", self.db, "collections"]),
            ("library export", ["library", "--db", self.db, "export", "-o", "-"]),
            ("library import", ["library", "--db", os.path.join(self.dir, f"{tag}.db"), "import", grids]),
            ("pdf", ["pdf", "-o", "-", self.puzzles]),
            ("--help", ["solve", "--help"]),
            ("--version", ["--version"]),
        ]

    @needs_devices
    def test_every_command_on_a_full_device(self):
        devices = Devices()
        self.addCleanup(devices.remove)
        for (name, args), (_, null_args) in zip(self.commands("full"), self.commands("null")):
            with self.subTest(command=name):
                with open(devices.full, "wb") as full:
                    rc, out, err = cli(*args, stdout=full)
                self.assertEqual(rc, 2, err)
                self.assertIn(f"standard output: {FULL}", err)
                self.assertEqual(len(said(err)), 1, err)
                # The same command into the null device is fine (every
                # event of a hard puzzle would take long under ASan).
                if name != "trace unlimited":
                    with open(devices.null, "wb") as null:
                        rc, out, err = cli(*null_args, stdout=null)
                    self.assertEqual(rc, 0, err)
        devices.assert_devices(self)

    def read_first_line_then_close(self, args, ignore_sigpipe=False):
        """Like | head -1: the reader takes one line and goes."""
        preexec = (lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN)) if ignore_sigpipe else None
        proc = subprocess.Popen([CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=preexec)
        line = proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.stderr.close()
        rc = proc.wait(TIMEOUT)
        return line, rc, err

    def test_closed_pipe_is_quiet(self):
        hard = os.path.join(self.dir, "hard.txt")
        with open(hard, "w") as f:
            f.write(INKALA + "\n")
        # More than a pipe holds, so the writer meets the closed end.
        many = os.path.join(self.dir, "many.txt")
        with open(many, "w") as f:
            f.write((EULER1 + "\n") * 2000)
        # generate streams: a run of minutes stops when the reader goes.
        for args in (["solve", many], ["trace", hard], ["generate", "-n", "100000"]):
            for ignore in (False, True):
                with self.subTest(command=args[0], sigpipe_ignored=ignore):
                    line, rc, err = self.read_first_line_then_close(args, ignore)
                    self.assertTrue(line)
                    self.assertEqual(said(err), [])
                    self.assertIn(rc, (-signal.SIGPIPE, 2) if not ignore else (2,))


class Messages(Case):
    def test_invalid_utf8_names_the_option(self):
        env = dict(os.environ, LC_ALL="C.UTF-8")
        for args, option in (([b"pdf", b"-o", self.path("t.pdf").encode(), b"--title", b"bad\xff\xfe",
                               self.puzzles.encode()], "--title"),
                             ([b"library", b"--db", self.db.encode(), b"import", b"-c", b"bad\xff",
                               self.puzzles.encode()], "--collection"),
                             ([b"library", b"--db", self.db.encode(), b"list", b"-c", b"\xff"], "--collection"),
                             ([b"library", b"--db", self.db.encode(), b"export", b"-c", b"\xc3",
                               b"-o", self.path("e.txt").encode()], "--collection")):
            with self.subTest(option=option, command=args[0] if args[0] != b"library" else args[3]):
                rc, out, err = cli(*args, env=env)
                self.assertEqual(rc, 2, err)
                self.assertIn(f"the text of {option} is not valid UTF-8", err)
                self.assertNotIn("Invalid byte sequence", err)
        self.assert_only(self.dir, [])

    def test_text_in_the_locale_encoding(self):
        # UTF-8 text in the C locale is taken as it is.
        env = dict(os.environ, LC_ALL="C")
        target = self.path("cafe.pdf")
        rc, out, err = cli("pdf", "-o", target, "--title", "Café", self.puzzles, env=env)
        self.assertEqual(rc, 0, err)
        text = subprocess.run(["pdftotext", target, "-"], capture_output=True, text=True)
        if text.returncode == 0:
            self.assertIn("Café", text.stdout)

    def test_pdf_of_opensudoku_gives_the_hint(self):
        xml = self.path("games.opensudoku")
        with open(xml, "w") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<opensudoku>\n'
                    + "".join(f'<game data="{INKALA}" />\n' for _ in range(10)) + "</opensudoku>\n")
        rc, out, check_err = cli("check", xml)
        self.assertEqual(rc, 2)
        # "nonet-cli: FILE: hint"
        hint = check_err.strip().split(": ", 2)[2]
        self.assertIn("library import", hint)
        rc, out, err = cli("pdf", "-o", self.path("x.pdf"), xml)
        self.assertEqual(rc, 2, err)
        self.assertNotIn("is not a digit", err)
        self.assertIn(f"nonet-cli: {xml}: {hint}\n", err)
        self.assertFalse(os.path.exists(self.path("x.pdf")))


class Trace(Case):
    def run_on_terminal(self, *args):
        """Runs nonet-cli with standard output on a pty; returns the lines
        it printed there, its status and its standard error."""
        master, slave = pty.openpty()
        proc = subprocess.Popen([CLI, *args], stdout=slave, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        os.close(slave)
        data = b""
        while True:
            ready, _, _ = select.select([master], [], [], TIMEOUT)
            self.assertTrue(ready, "no output on the terminal")
            try:
                chunk = os.read(master, 65536)
            except OSError as e:   # EIO: the last writer closed the terminal
                if e.errno != errno.EIO:
                    raise
                break
            if not chunk:
                break
            data += chunk
        os.close(master)
        err = proc.stderr.read().decode()
        proc.stderr.close()
        rc = proc.wait(TIMEOUT)
        return data.decode().replace("\r\n", "\n").splitlines(), rc, err

    def test_terminal_default_cap(self):
        hard = self.path("hard.txt")
        with open(hard, "w") as f:
            f.write(INKALA + "\n")
        lines, rc, err = self.run_on_terminal("trace", hard)
        self.assertEqual(rc, 0, err)
        self.assertEqual(lines[0], "# line 1")
        self.assertEqual(len(lines), 1 + 1000)
        self.assertIn("stopped after 1000 events", err)
        self.assertIn("--max-events 0", err)

        lines, rc, err = self.run_on_terminal("trace", "--max-events", "7", hard)
        self.assertEqual((rc, len(lines), said(err)), (0, 1 + 7, []))

    def test_pipe_has_every_event(self):
        rc, out, err = cli("trace", input=(EULER1 + "\n").encode())
        self.assertEqual(rc, 0, err)
        lines = out.decode().splitlines()
        self.assertGreater(len(lines), 1000 + 1)
        self.assertTrue(lines[-1].startswith("solved"), lines[-1])
        self.assertEqual(said(err), [])
        rc, out0, err = cli("trace", "--max-events", "0", input=(EULER1 + "\n").encode())
        self.assertEqual((rc, out0), (0, out))
        rc, out, err = cli("trace", "--max-events", "-1", input=(EULER1 + "\n").encode())
        self.assertEqual(rc, 2)
        self.assertIn("--max-events must not be negative", err)

    def test_help_documents_the_cap(self):
        rc, out, err = cli("trace", "--help")
        self.assertEqual(rc, 0, err)
        self.assertIn("1000 on a terminal", out.decode())

    def test_seed_does_not_wrap(self):
        rc, out, err = cli("generate", "--seed", LARGEST_SEED, "-n", "2")
        self.assertEqual(rc, 2, err)
        self.assertEqual(out, b"")
        self.assertIn(f"--seed {LARGEST_SEED} with -n 2 runs past the largest seed", err)
        rc, out, err = cli("pdf", "-o", self.path("s.pdf"), "--generate", "3", "--seed", str(2 ** 64 - 2))
        self.assertEqual(rc, 2, err)
        self.assertIn("with --generate 3 runs past the largest seed", err)
        self.assertIn(f"at most {2 ** 64 - 3}", err)
        self.assert_only(self.dir, [])
        # The last seeds there are still fine.
        rc, out, err = cli("generate", "--seed", str(2 ** 64 - 2), "-n", "2", "--with-ids")
        self.assertEqual(rc, 0, err)
        self.assertEqual(len(out.splitlines()), 2)
        rc, out, err = cli("generate", "--seed", LARGEST_SEED)
        self.assertEqual(rc, 0, err)


if __name__ == "__main__":
    private_mounts.enter(__file__, as_user=False, required=False)
    nonet_test.main()
