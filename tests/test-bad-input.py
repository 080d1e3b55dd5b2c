#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-bad-input.py: the bad-input table of issue 9. Each malformed input
# goes through `nonet-cli check FILE` and through the import path
# `nonet-cli library --db DB import FILE`; each row asserts the exit status,
# a substring of the message, a time bound, and (import) that the library
# passes PRAGMA integrity_check and holds only valid puzzles.
import os
import random
import resource
import sqlite3
import subprocess
import tempfile
import time
import unittest

CLI = os.environ.get("NONET_CLI", "nonet-cli")
# Under ASan/UBSan everything is slower; bounds are loosened, not dropped.
def sanitized():
    if os.environ.get("NONET_SANITIZED"):
        return True
    try:
        with open(CLI if os.path.isabs(CLI) else "/nonexistent", "rb") as f:
            return b"__asan_init" in f.read()
    except OSError:
        return False


SLOW = 4 if sanitized() else 1

P = "000000000000000001002034000000000000000105060007800200000009408050000000160070000"
P16 = P[:76] + "0" + P[77:]          # 17-clue puzzle less one clue: several solutions
NOSOL = "12345678." + "........9" + "." * 63   # r1c9 has no candidate, no conflict


def grid(p):
    return "".join(p[i * 9:i * 9 + 9] + "\n" for i in range(9))


def opensudoku(body):
    return ('<?xml version="1.0"?>\n<opensudoku>\n<folder name="f">\n' + body +
            '\n</folder>\n</opensudoku>\n').encode()


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE opensudoku [
<!ENTITY lol "lol">
<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<opensudoku>
  <folder name="&lol9;">
    <game data="%s" />
  </folder>
</opensudoku>
""" % P.encode()

_rng = random.Random(9)
GARBAGE = bytes(_rng.getrandbits(8) for _ in range(2048))  # 2 KiB, fixed seed

UNCLOSED = opensudoku('<game data="%s" />\n<game data="%s"\n' % (P, P16))

# name, file name, content (bytes, or a callable building it in the temp dir),
#   check: (status, substring), import: (status, substring), seconds
# The file's path is substituted for {f}.
ROWS = [
    ("empty file", "empty.txt", b"", (2, "{f}: no puzzle found"), (2, "{f} holds no puzzle"), 10),
    ("only comments", "comments.txt", b"# one\n# two\n", (2, "{f}: no puzzle found"),
     (2, "{f} holds no puzzle"), 10),
    ("whitespace only", "ws.txt", b"  \n\t\n \n", (2, "{f}: no puzzle found"),
     (2, "{f} holds no puzzle"), 10),
    ("80 cells", "80.txt", P[:80].encode() + b"\n", (2, "{f}:1: 80 cells, a puzzle has 81"),
     (1, "{f}:1: 80 cells, a puzzle has 81"), 10),
    ("82 cells", "82.txt", (P + "1").encode() + b"\n", (2, "{f}:1: 82 cells, a puzzle has 81"),
     (1, "{f}:1: 82 cells, a puzzle has 81"), 10),
    ("a letter", "letter.txt", (P[:40] + "x" + P[41:]).encode() + b"\n",
     (2, "{f}:1:41: 'x' is not a digit or a blank"),
     (1, "{f}:1:41: 'x' is not a digit or a blank"), 10),
    ("a control character", "ctrl.txt", (P[:40] + "\x07" + P[41:]).encode() + b"\n",
     (2, "{f}:1:41: '\\x07' is not a digit or a blank"),
     (1, "{f}:1:41: '\\x07' is not a digit or a blank"), 10),
    ("a NUL byte", "nul.txt", P[:40].encode() + b"\0" + P[41:].encode() + b"\n",
     (2, "{f}:1:41: '\\x00' is not a digit or a blank"),
     (2, "{f} is not a text file"), 10),
    ("binary garbage", "garbage.txt", GARBAGE,
     (2, "{f}:1:1: 'v' is not a digit or a blank"),
     (2, "{f} is not a text file"), 10),
    ("invalid UTF-8", "badutf8.txt", P[:40].encode() + b"\xc3\x28" + P[42:].encode() + b"\n",
     (2, "{f}:1:41: '\\xC3' is not a digit or a blank"),
     (1, "{f}:1:41: '\\xC3' is not a digit or a blank"), 10),
    ("UTF-8 BOM + valid puzzle", "bom.txt", b"\xef\xbb\xbf" + P.encode() + b"\n",
     (0, "line 1: valid, one solution, 17 clues"), (0, "Imported 1 puzzle."), 10),
    ("CRLF line endings", "crlf.txt", grid(P).replace("\n", "\r\n").encode(),
     (0, "line 1: valid, one solution, 17 clues"), (0, "Imported 1 puzzle."), 10),
    ("duplicate in a row", "duprow.txt", ("4" + P[1:6] + "4" + P[7:]).encode() + b"\n",
     (2, "{f}:1: r1c1 and r1c7 are both 4 (row 1)"),
     (1, "{f}:1: r1c1 and r1c7 are both 4 (row 1)"), 10),
    ("duplicate in a column", "dupcol.txt", ("5" + P[1:45] + "5" + P[46:]).encode() + b"\n",
     (2, "{f}:1: r1c1 and r6c1 are both 5 (column 1)"),
     (1, "{f}:1: r1c1 and r6c1 are both 5 (column 1)"), 10),
    ("duplicate in a box", "dupbox.txt", ("7" + P[1:10] + "7" + P[11:]).encode() + b"\n",
     (2, "{f}:1: r1c1 and r2c2 are both 7 (box 1)"),
     (1, "{f}:1: r1c1 and r2c2 are both 7 (box 1)"), 10),
    ("no solution, no conflict", "nosol.txt", NOSOL.encode() + b"\n",
     (1, "{f}:1: this puzzle has no solution"), (1, "{f}:1: no solution"), 10),
    ("empty grid", "empty81.txt", b"0" * 81 + b"\n",
     (1, "{f}:1: this puzzle has more than one solution"),
     (1, "{f}:1: more than one solution"), 10),
    ("16 clues", "sixteen.txt", P16.encode() + b"\n",
     (1, "{f}:1: this puzzle has more than one solution"),
     (1, "{f}:1: more than one solution"), 10),
    ("grid with a short row", "shortrow.txt", grid(P).replace(P[9:18] + "\n", P[9:17] + "\n").encode(),
     (2, "{f}:2: 8 cells, a grid row has 9"), (1, "{f}:2: 8 cells, a grid row has 9"), 10),
    ("10-row grid", "tenrow.txt", (grid(P) + "000000000\n").encode(),
     (2, "{f}:10: the grid has 1 row, a puzzle has 9"),
     (1, "{f}:10: the grid has 1 row, a puzzle has 9"), 10),
    ("wrong separators", "seps.txt",
     ("\n".join(";".join(P[i * 9:i * 9 + 9]) for i in range(9)) + "\n").encode(),
     (2, "{f}:1:2: ';' is not a digit or a blank"),
     (1, "{f}:9:2: ';' is not a digit or a blank"), 10),
    (".sdk headers, no grid", "headers.sdk", b"#TTitle\n#AAuthor\n#CComment\n",
     (2, "{f}: no puzzle found"), (2, "{f} holds no puzzle"), 10),
    ("truncated .sdk", "trunc.sdk", b"#TTitle\n" + grid(P.replace("0", ".")).encode()[:40],
     (2, "{f}:2: the grid has 4 rows, a puzzle has 9"),
     (1, "{f}:2: the grid has 4 rows, a puzzle has 9"), 10),
    # check reads puzzle text only: an OpenSudoku file is named as XML, once.
    ("OpenSudoku unclosed tag", "unclosed.opensudoku", UNCLOSED,
     (2, "{f}: an XML file (OpenSudoku?), not puzzle text; import it with 'nonet-cli library import'"),
     (2, "{f} is not a valid OpenSudoku file: line 7, column 3: “<” is not a valid name"), 10),
    ("OpenSudoku entity bomb", "bomb.opensudoku", BOMB,
     (2, "{f}: an XML file (OpenSudoku?), not puzzle text; import it with 'nonet-cli library import'"),
     (2, "{f} is not a valid OpenSudoku file: line 15, column 24: Entity name “lol9” is not known"), 5),
    ("OpenSudoku data of wrong length", "short.opensudoku", opensudoku('<game data="00012" />'),
     (2, "{f}: an XML file (OpenSudoku?), not puzzle text; import it with 'nonet-cli library import'"),
     (1, "{f}:4: 5 cells, a puzzle has 81"), 10),
    ("100 MB: a puzzle repeated (check) / comments + a puzzle (import)", "100mb.txt", "big",
     (0, "line 1278752: valid, one solution, 17 clues"), (0, "Imported 1 puzzle."), 60),
    ("over the import cap (300 MiB sparse)", "300mb.txt", "huge",
     (2, "nonet-cli: {f} is too large (more than 256 MiB); split it into smaller files"),
     (2, "{f} is too large to import (314.6\u00a0MB; the limit is 256 MiB)"), 60),
    ("a million bad lines", "million.txt", b"x\n" * 1_000_000,
     (2, "{f}: \u2026 and 999900 more problems"),
     (1, "Imported 0 puzzles; 1000000 skipped."), 60),
    ("10 MB single line", "long.txt", b"1" * 10_000_000,
     (2, "{f}:1: 10000000 cells, a puzzle has 81"),
     (1, "{f}:1: 10000000 cells, a puzzle has 81"), 20),
    ("a file that does not exist", "missing.txt", None,
     (2, "Failed to open file “{f}”: No such file or directory"),
     (2, "Could not read {f}: No such file or directory"), 10),
    ("a directory", "adir", "dir",
     (2, "nonet-cli: {f} is a folder, not a file of puzzles"),
     (2, "{f} is a folder, not a file of puzzles"), 10),
    ("an unreadable file", "unreadable.txt", "unreadable",
     (2, "“{f}”: Permission denied"), (2, "Could not read {f}: Permission denied"), 10),
]


class BadInput(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = cls.tmp.name
        for name, fname, content, *_ in ROWS:
            path = os.path.join(cls.dir, fname)
            if content is None:
                continue
            if content == "dir":
                os.mkdir(path)
            elif content == "unreadable":
                with open(path, "w") as f:
                    f.write(P + "\n")
                os.chmod(path, 0)
            elif content == "huge":
                with open(path, "wb") as f:
                    f.truncate(300 * 1024 * 1024)      # sparse: no disk used
            elif content == "big":
                pass                                   # two files, below
            else:
                with open(path, "wb") as f:
                    f.write(content)
        # check: one puzzle line repeated to 100 MB (one solve, then duplicates);
        # import: 100 MB of comments and one puzzle at the end.
        n = 100 * 1024 * 1024 // 82 + 1
        with open(os.path.join(cls.dir, "100mb.txt"), "w") as f:
            f.write((P + "\n") * n)
        with open(os.path.join(cls.dir, "100mb-import.txt"), "w") as f:
            f.write(("# " + "c" * 77 + "\n") * (100 * 1024 * 1024 // 80) + P + "\n")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def run_cli(self, args, seconds):
        start = time.monotonic()
        result = subprocess.run([CLI] + args, capture_output=True, timeout=seconds * SLOW)
        elapsed = time.monotonic() - start
        self.assertLess(elapsed, seconds * SLOW)
        out = (result.stdout + result.stderr).decode("utf-8", errors="replace")
        return result.returncode, out

    def check_library(self, db):
        if not os.path.exists(db):
            return
        with sqlite3.connect(db) as conn:
            self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")
            givens = [r[0] for r in conn.execute("SELECT givens FROM puzzle")]
        for g in givens:
            self.assertEqual(len(g), 81)
            self.assertTrue(all(c in "0123456789." for c in g), g)
        if givens:
            r = subprocess.run([CLI, "check", "-"], input="\n".join(givens) + "\n",
                               capture_output=True, text=True, timeout=30 * SLOW)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def run_row(self, row):
        name, fname, content, check, imp, seconds = row
        path = os.path.join(self.dir, fname)
        if content == "unreadable" and os.geteuid() == 0:
            self.skipTest("root reads anything")
        for kind, expected in (("check", check), ("import", imp)):
            with self.subTest(kind=kind):
                f = path
                if kind == "import" and fname == "100mb.txt":
                    f = os.path.join(self.dir, "100mb-import.txt")
                status, substring = expected
                substring = substring.replace("{f}", f)
                if kind == "check":
                    rc, out = self.run_cli(["check", f], seconds)
                else:
                    db = os.path.join(self.dir, "library-%s.db" % fname)
                    rc, out = self.run_cli(["library", "--db", db, "import", f], seconds)
                    self.check_library(db)
                self.assertIn(substring, out, "%s (%s): %s" % (name, kind, out[:2000]))
                self.assertEqual(rc, status, "%s (%s): %s" % (name, kind, out[:2000]))
        # Bounded memory: the largest child so far (ru_maxrss is in KiB).
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        self.assertLess(peak, 600 * 1024 * (2 if SLOW > 1 else 1), "peak RSS %d KiB" % peak)


def make_test(row):
    return lambda self: self.run_row(row)


for i, row in enumerate(ROWS):
    slug = "".join(c if c.isalnum() else "_" for c in row[0].lower()).strip("_")
    setattr(BadInput, "test_%02d_%s" % (i, slug), make_test(row))

if __name__ == "__main__":
    unittest.main(verbosity=2)
