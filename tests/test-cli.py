#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-cli.py: nonet-cli end to end: the output and exit status of every
# subcommand, good input and bad, through files and standard input.
import os
import re
import subprocess
import tempfile
import unittest

CLI = os.environ.get("NONET_CLI", "nonet-cli")

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
INKALA_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
EULER1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
EULER1_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# A solved grid with a deadly rectangle opened at r1c1, r1c2, r4c1, r4c2.
SOLVED = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
TWO_SOLUTIONS = "00" + SOLVED[2:27] + "00" + SOLVED[29:]
# r1c9 has no legal digit, yet no givens repeat.
NO_SOLUTION = "12345678.........9" + "." * 63
EMPTY = "." * 81


def run(*args, stdin=""):
    return subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True, timeout=120)


class TempFiles(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def write(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, "w") as f:
            f.write(text)
        return path


class Solve(TempFiles):
    def test_line_output(self):
        result = run("solve", stdin=f"{INKALA}\n{EULER1}\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, f"{INKALA_SOLUTION}\n{EULER1_SOLUTION}\n")
        self.assertEqual(result.stderr, "")

    def test_grid_output(self):
        result = run("solve", "--format", "grid", "-", stdin=EULER1 + "\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout,
                         "483|921|657\n967|345|821\n251|876|493\n---+---+---\n"
                         "548|132|976\n729|564|138\n136|798|245\n---+---+---\n"
                         "372|689|514\n814|253|769\n695|417|382\n")

    def test_stats_exact_counts(self):
        cases = [
            ("reading", INKALA, INKALA_SOLUTION, 445778, 49498),
            ("reading", EULER1, EULER1_SOLUTION, 1605, 151),
            ("mrv", INKALA, INKALA_SOLUTION, 90665, 10041),
        ]
        for order, puzzle, solution, attempts, backtracks in cases:
            with self.subTest(order=order, puzzle=puzzle):
                result = run("solve", "--stats", f"--order={order}", stdin=puzzle + "\n")
                self.assertEqual(result.returncode, 0, result.stderr)
                lines = result.stdout.splitlines()
                self.assertEqual(len(lines), 2)
                self.assertEqual(lines[0], solution)
                stats = dict(field.split("=") for field in lines[1].split())
                self.assertEqual(int(stats["attempts"]), attempts)
                self.assertEqual(int(stats["backtracks"]), backtracks)
                self.assertEqual(stats["order"], order)

    def test_bad_line_is_reported_and_the_rest_solved(self):
        path = self.write("mixed.txt", f"# three puzzles\n{INKALA}\n{EULER1[:79]}\n{EULER1}\n")
        result = run("solve", path)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, f"{INKALA_SOLUTION}\n{EULER1_SOLUTION}\n")
        self.assertEqual(result.stderr, f"{path}: line 3: 79 cells, a puzzle has 81\n")

    def test_bad_character(self):
        bad = EULER1[:16] + "x" + EULER1[17:]
        result = run("solve", stdin=f"{EULER1}\n{bad}\n")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, EULER1_SOLUTION + "\n")
        self.assertEqual(result.stderr,
                         "standard input: line 2, column 17: 'x' is not a digit or a blank\n")

    def test_repeated_givens(self):
        puzzle = "4" + "." * 5 + "4" + "." * 74
        result = run("solve", stdin=puzzle + "\n")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "")
        self.assertEqual(result.stderr, "standard input: line 1: r1c1 and r1c7 are both 4 (row 1)\n")

    def test_no_solution_and_several(self):
        result = run("solve", stdin=f"{NO_SOLUTION}\n{TWO_SOLUTIONS}\n{EULER1}\n")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, EULER1_SOLUTION + "\n")
        self.assertEqual(result.stderr,
                         "standard input: line 1: this puzzle has no solution\n"
                         "standard input: line 2: this puzzle has more than one solution\n")

    def test_grid_and_sdk_input(self):
        rows = [EULER1[i:i + 9] for i in range(0, 81, 9)]
        boxed = ""
        for r, row in enumerate(rows):
            if r in (3, 6):
                boxed += "---+---+---\n"
            boxed += f"{row[0:3]}|{row[3:6]}|{row[6:9]}\n".replace("0", ".")
        for name, text in [
            ("euler.ss", boxed),
            ("euler.sdk", "#AProject Euler\n#DGrid 01\n" + "\n".join(rows).replace("0", ".") + "\n"),
            ("euler.txt", "\n".join(" ".join(row) for row in rows) + "\n"),
        ]:
            with self.subTest(name=name):
                result = run("solve", self.write(name, text))
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertEqual(result.stdout, EULER1_SOLUTION + "\n")


class Count(unittest.TestCase):
    def test_counts(self):
        result = run("count", stdin=f"{EULER1}\n{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{EMPTY}\n")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, "1\n2\n0\n2\n")

    def test_limit(self):
        result = run("count", "--limit", "10", stdin=f"{TWO_SOLUTIONS}\n{EMPTY}\n")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, "2\n10\n")
        result = run("count", "--limit=1", stdin=f"{EULER1}\n")
        self.assertEqual((result.returncode, result.stdout), (0, "1\n"))

    def test_bad_limit(self):
        for limit in ("0", "-3", "many"):
            with self.subTest(limit=limit):
                result = run("count", "--limit", limit, stdin=EULER1 + "\n")
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stdout, "")
                self.assertIn("nonet-cli count:", result.stderr)


class Trace(unittest.TestCase):
    def test_full_trace_adds_up(self):
        result = run("trace", stdin=EULER1 + "\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertEqual(lines[0], "# line 1")
        self.assertEqual(lines[-1], "solved")
        kinds = [line.split()[0] for line in lines[1:]]
        self.assertEqual(kinds.count("try"), 1605)
        self.assertEqual(kinds.count("backtrack"), 151)
        self.assertEqual(kinds.count("try"), kinds.count("reject") + kinds.count("place"))
        patterns = {
            "choose": r"choose r[1-9]c[1-9] candidates [0-9]",
            "try": r"try r[1-9]c[1-9] [1-9]",
            "reject": r"reject r[1-9]c[1-9] [1-9] (row|column|box) r[1-9]c[1-9]",
            "place": r"place r[1-9]c[1-9] [1-9] depth [1-9][0-9]?",
            "backtrack": r"backtrack r[1-9]c[1-9] [1-9]",
            "solved": r"solved",
        }
        for line in lines[1:]:
            self.assertRegex(line, "^" + patterns[line.split()[0]] + "$")

    def test_first_events(self):
        result = run("trace", "--max-events", "6", stdin=EULER1 + "\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        # r1c1 may hold 4 or 5: 1 is in its box at r3c3, 2 and 3 in row 1.
        self.assertEqual(result.stdout.splitlines(), [
            "# line 1",
            "choose r1c1 candidates 2",
            "try r1c1 1",
            "reject r1c1 1 box r3c3",
            "try r1c1 2",
            "reject r1c1 2 row r1c5",
            "try r1c1 3",
        ])

    def test_mrv_chooses_fewest(self):
        result = run("trace", "--order", "mrv", "--max-events", "1", stdin=INKALA + "\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        event = result.stdout.splitlines()[1]
        self.assertRegex(event, r"^choose r[1-9]c[1-9] candidates [12]$")

    def test_exhausted(self):
        result = run("trace", stdin=NO_SOLUTION + "\n")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout.splitlines()[-1], "exhausted")
        self.assertEqual(result.stderr, "standard input: line 1: this puzzle has no solution\n")


class Check(TempFiles):
    def test_valid(self):
        result = run("check", self.write("p.txt", EULER1 + "\n"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "line 1: valid, one solution, 32 clues\n")

    def test_invalid(self):
        result = run("check", stdin=f"{TWO_SOLUTIONS}\n")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, "standard input: line 1: this puzzle has more than one solution\n")


class Usage(TempFiles):
    def test_version(self):
        result = run("--version")
        self.assertEqual(result.returncode, 0)
        self.assertRegex(result.stdout, r"^nonet-cli [0-9]+\.[0-9]+\.[0-9]+\n$")

    def test_help_lists_commands(self):
        result = run("--help")
        self.assertEqual(result.returncode, 0)
        for command in ("solve", "count", "trace", "check"):
            self.assertRegex(result.stdout, rf"\n  {command} ")
        result = run("solve", "--help")
        self.assertEqual(result.returncode, 0)
        for option in ("--order", "--format", "--stats"):
            self.assertIn(option, result.stdout)

    def test_usage_errors(self):
        cases = [
            (["frobnicate"], "nonet-cli: unknown command 'frobnicate'. Try 'nonet-cli --help'.\n"),
            ([], "nonet-cli: a command is needed. Try 'nonet-cli --help'.\n"),
            (["solve", "--order", "random"], "nonet-cli solve: unknown order 'random'; use reading or mrv\n"),
            (["solve", "--format", "xml"], "nonet-cli solve: unknown format 'xml'; use line or grid\n"),
            (["solve", "a", "b"], "nonet-cli solve: one input at most, got 2\n"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                result = run(*args, stdin=EULER1 + "\n")
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stderr, message)
                self.assertEqual(result.stdout, "")
        result = run("solve", "--no-such-option", stdin=EULER1 + "\n")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--no-such-option", result.stderr)

    def test_missing_file(self):
        path = os.path.join(self.dir.name, "missing.txt")
        result = run("solve", path)
        self.assertEqual(result.returncode, 2)
        self.assertIn(path, result.stderr)
        self.assertEqual(result.stdout, "")

    def test_empty_input(self):
        for text in ("", "# only a comment\n\n"):
            result = run("count", stdin=text)
            self.assertEqual(result.returncode, 2)
            self.assertEqual(result.stderr, "standard input: no puzzle found\n")


if __name__ == "__main__":
    unittest.main(verbosity=2)
