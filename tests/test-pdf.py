#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-pdf.py: nonet-cli pdf end to end: page counts (pdfinfo), IDs, clue
# counts and page numbers (pdftotext), bad input and unwritable output (exit
# 2, nothing written), and pages rendered with pdftoppm for a person to see.
import os
import re
import shutil
import subprocess
import tempfile
import unittest

CLI = os.environ.get("NONET_CLI", "nonet-cli")
OUTPUT = os.environ.get("NONET_TEST_OUTPUT")

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
EULER1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
HAVE_POPPLER = all(shutil.which(t) for t in ("pdfinfo", "pdftotext", "pdftoppm"))


def run(*args, stdin=""):
    return subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True, timeout=300)


def pages(path):
    info = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1)), info


def text(path):
    return subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True, check=True).stdout


@unittest.skipUnless(HAVE_POPPLER, "poppler-utils is not installed")
class Pdf(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def write(self, name, content):
        with open(self.path(name), "w") as f:
            f.write(content)
        return self.path(name)

    def keep(self, pdf, stem):
        """Renders the pages into the test output folder, to look at."""
        if OUTPUT is None:
            return
        os.makedirs(OUTPUT, exist_ok=True)
        shutil.copy(pdf, os.path.join(OUTPUT, stem + ".pdf"))
        subprocess.run(["pdftoppm", "-png", "-r", "60", pdf, os.path.join(OUTPUT, stem)], check=True)

    def generate_file(self, n, fmt="line"):
        out = run("generate", "-n", str(n), "--clues", "24", "--seed", "7", "--with-ids", "--format", fmt, "-j", "2")
        self.assertEqual(out.returncode, 0, out.stderr)
        ids = re.findall(r"N1-24-n-[0-9A-Z]+", out.stdout)
        self.assertEqual(len(ids), n)
        return self.write("puzzles." + fmt, out.stdout), ids

    def test_page_counts(self):
        puzzles, _ = self.generate_file(5)
        for per_page in (1, 2, 4, 6):
            for solutions in (False, True):
                with self.subTest(per_page=per_page, solutions=solutions):
                    pdf = self.path(f"p{per_page}{solutions}.pdf")
                    args = ["pdf", "-o", pdf, "--per-page", str(per_page), puzzles]
                    out = run(*args + (["--solutions"] if solutions else []))
                    self.assertEqual(out.returncode, 0, out.stderr)
                    expected = -(-5 // per_page) + (1 if solutions else 0)
                    self.assertEqual(pages(pdf)[0], expected)
                    self.assertIn(f"Page {expected} of {expected}", text(pdf))

    def test_ids_and_captions(self):
        for fmt in ("line", "grid", "sdk"):
            with self.subTest(fmt=fmt):
                puzzles, ids = self.generate_file(4, fmt)
                pdf = self.path(f"ids-{fmt}.pdf")
                out = run("pdf", "-o", pdf, "--title", "Saturday", "--solutions", puzzles)
                self.assertEqual(out.returncode, 0, out.stderr)
                content = text(pdf)
                for i, puzzle_id in enumerate(ids):
                    self.assertRegex(content, rf"{i + 1}\. {puzzle_id} · 24 clues · (Easy|Medium|Hard|Expert|Extreme)")
                self.assertIn("Saturday", content)
                self.assertIn("Saturday: solutions", content)
                self.assertIn("Page 1 of 2", content)
                self.assertIn("Page 2 of 2", content)
                if fmt == "line":
                    self.keep(pdf, "cli-ids")

    def test_no_ids_stdin_letter(self):
        pdf = self.path("stdin.pdf")
        out = run("pdf", "-o", pdf, "--paper", "letter", "--per-page", "1", "-", stdin=INKALA + "\n" + EULER1 + "\n")
        self.assertEqual(out.returncode, 0, out.stderr)
        count, info = pages(pdf)
        self.assertEqual(count, 2)
        self.assertIn("612 x 792 pts (letter)", info)
        content = text(pdf)
        self.assertIn("1. 21 clues · Extreme", content)
        self.assertIn("2. 32 clues · Easy", content)
        # Puzzles without an ID are captioned without one, never with a number
        # of their own like "#2".
        self.assertNotRegex(content, r"#\d")
        self.keep(pdf, "cli-letter-one")

    def test_generate(self):
        pdf = self.path("generated.pdf")
        out = run("pdf", "-o", pdf, "--generate", "9", "--clues", "24", "--symmetry", "rotate-180",
                  "--seed", "100", "-j", "2", "--per-page", "6", "--solutions")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(pages(pdf)[0], 2 + 1)
        content = text(pdf)
        # The same IDs as generate gives for the same options.
        listed = run("generate", "-n", "9", "--clues", "24", "--symmetry", "rotate-180", "--seed", "100", "--with-ids")
        for puzzle_id in re.findall(r"N1-\S+", listed.stdout):
            self.assertIn(puzzle_id, content)
        self.assertEqual(content.count("24 clues"), 9)
        self.assertIn("Page 3 of 3", content)
        self.keep(pdf, "cli-generate")

    def assert_nothing_written(self, pdf):
        self.assertFalse(os.path.exists(pdf))
        self.assertEqual([n for n in os.listdir(os.path.dirname(pdf)) if n.endswith(".pdf") or ".pdf." in n], [])

    def test_bad_input(self):
        puzzles = self.write("bad.txt", INKALA + "\n" + INKALA[:79] + "\n" + EULER1 + "\n")
        pdf = self.path("bad.pdf")
        out = run("pdf", "-o", pdf, puzzles)
        self.assertEqual(out.returncode, 2)
        self.assertIn(f"nonet-cli: {puzzles}:2: 79 cells, a puzzle has 81", out.stderr)
        self.assertIn("nothing written", out.stderr)
        self.assert_nothing_written(pdf)

        repeated = self.write("repeated.txt", "11" + INKALA[2:] + "\n")
        out = run("pdf", "-o", pdf, repeated)
        self.assertEqual(out.returncode, 2)
        self.assertIn(f"nonet-cli: {repeated}:1: ", out.stderr)
        self.assert_nothing_written(pdf)

    def test_not_unique(self):
        pdf = self.path("several.pdf")
        out = run("pdf", "-o", pdf, "-", stdin="." * 81 + "\n")
        self.assertEqual(out.returncode, 1)
        self.assertIn("nonet-cli: standard input:1: this puzzle has more than one solution", out.stderr)
        self.assert_nothing_written(pdf)

    def test_unwritable(self):
        pdf = os.path.join(self.dir.name, "missing", "out.pdf")
        out = run("pdf", "-o", pdf, "-", stdin=INKALA + "\n")
        self.assertEqual(out.returncode, 2)
        self.assertIn(pdf, out.stderr)
        self.assertFalse(os.path.exists(os.path.dirname(pdf)))

        folder = self.path("folder.pdf")
        os.mkdir(folder)
        out = run("pdf", "-o", folder, "-", stdin=INKALA + "\n")
        self.assertEqual(out.returncode, 2)
        self.assertIn(folder, out.stderr)
        self.assertEqual(sorted(os.listdir(self.dir.name)), ["folder.pdf"])

    def test_bad_options(self):
        cases = [
            (["--per-page", "3"], "--per-page must be 1, 2, 4 or 6"),
            (["--paper", "a5"], "unknown paper 'a5'; use a4 or letter"),
            (["--clues", "24"], "--clues goes with --generate N"),
            (["--generate", "2", "--clues", "12"], "--clues must be between 17 and 80"),
            (["--generate", "0"], "--generate must be between 1 and 100000"),
            (["--generate", "2", "--symmetry", "spiral"], "unknown symmetry 'spiral'"),
            (["--generate", "2", "--difficulty", "hard-easy"], "runs from harder to easier"),
            (["--generate", "2", "--jobs", "0"], "--jobs must be between 1 and 1024"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                pdf = self.path("options.pdf")
                out = run("pdf", "-o", pdf, *args, stdin=INKALA + "\n")
                self.assertEqual(out.returncode, 2, out.stderr)
                self.assertIn(message, out.stderr)
                self.assertFalse(os.path.exists(pdf))
        out = run("pdf", stdin=INKALA + "\n")
        self.assertEqual(out.returncode, 2)
        self.assertIn("-o FILE is needed", out.stderr)

    def test_listed_in_help(self):
        out = run("--help")
        self.assertIn("pdf", out.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=2)
