#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-cli.py: nonet-cli end to end: the output and exit status of every
# subcommand, good input and bad, through files and standard input.
import os
import re
import signal
import subprocess
import tempfile
import time
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
NO_SOLUTION_WHY = "r1c9 has no digit left, as 1 to 9 all appear in its row, column or box"
# EULER1 with a 5 at r1c1: no cell or unit shows why; the reference
# backtracker in reading order tries 3,141 digits and takes 348 back.
NO_SOLUTION_SEARCH = "5" + EULER1[1:]
NO_SOLUTION_SEARCH_WHY = "the search tried 3,141 digits and took 348 back, and every branch failed"
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
        # One output line a puzzle read: the bad one is marked in its place.
        self.assertEqual(result.stdout, f"{INKALA_SOLUTION}\n# line 3: 79 cells, a puzzle has 81\n{EULER1_SOLUTION}\n")
        self.assertEqual(result.stderr, f"nonet-cli: {path}:3: 79 cells, a puzzle has 81\n")

    def test_bad_character(self):
        bad = EULER1[:16] + "x" + EULER1[17:]
        result = run("solve", stdin=f"{EULER1}\n{bad}\n")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, EULER1_SOLUTION + "\n# line 2: 'x' is not a digit or a blank\n")
        # GNU style: an editor jumps to line 2, column 17.
        self.assertEqual(result.stderr,
                         "nonet-cli: standard input:2:17: 'x' is not a digit or a blank\n")

    def test_repeated_givens(self):
        puzzle = "4" + "." * 5 + "4" + "." * 74
        result = run("solve", stdin=puzzle + "\n")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "# line 1: r1c1 and r1c7 are both 4 (row 1)\n")
        self.assertEqual(result.stderr, "nonet-cli: standard input:1: r1c1 and r1c7 are both 4 (row 1)\n")

    def test_no_solution_and_several(self):
        result = run("solve", stdin=f"{NO_SOLUTION}\n{TWO_SOLUTIONS}\n{EULER1}\n")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout,
                         f"# line 1: this puzzle has no solution: {NO_SOLUTION_WHY}\n"
                         "# line 2: this puzzle has more than one solution\n"
                         f"{EULER1_SOLUTION}\n")
        self.assertEqual(result.stderr,
                         f"nonet-cli: standard input:1: this puzzle has no solution: {NO_SOLUTION_WHY}\n"
                         "nonet-cli: standard input:2: this puzzle has more than one solution\n")

    def test_no_solution_proved_by_search(self):
        # No local reason: the reference's counts, as trace counts them.
        for command in ("solve", "check"):
            result = run(command, stdin=f"{NO_SOLUTION_SEARCH}\n")
            self.assertEqual(result.returncode, 1)
            self.assertEqual(result.stderr,
                             f"nonet-cli: standard input:1: this puzzle has no solution: {NO_SOLUTION_SEARCH_WHY}\n")
        trace = run("trace", "--max-events", "0", stdin=f"{NO_SOLUTION_SEARCH}\n").stdout.splitlines()
        self.assertEqual(sum(line.startswith("try ") for line in trace), 3141)
        self.assertEqual(sum(line.startswith("backtrack ") for line in trace), 348)

    def test_no_solution_local_reason(self):
        # A digit with no place in a unit is named as such.
        row = "." * 9 + "7" + "." * 13 + "7" + "." * 37 + "7" + "." * 19
        row = row[:6] + "4" + row[7] + "5" + row[9:]
        result = run("check", stdin=f"{row}\n")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr,
                         "nonet-cli: standard input:1: this puzzle has no solution: row 1 has no place for a 7\n")

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
        self.assertEqual(result.stderr, "nonet-cli: standard input:1: this puzzle has no solution\n")


class Check(TempFiles):
    def test_valid(self):
        result = run("check", self.write("p.txt", EULER1 + "\n"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "line 1: valid, one solution, 32 clues\n")

    def test_invalid(self):
        result = run("check", stdin=f"{TWO_SOLUTIONS}\n")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, "nonet-cli: standard input:1: this puzzle has more than one solution\n")

    def test_several_files_and_end_of_options(self):
        first = self.write("a.sdk", EULER1 + "\n")
        second = self.write("-b.txt", f"{INKALA}\n{TWO_SOLUTIONS}\n")
        result = subprocess.run([CLI, "check", "a.sdk", "--", "-b.txt", "-"], input=EULER1 + "\n",
                                capture_output=True, text=True, timeout=120, cwd=self.dir.name)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout,
                         "a.sdk: line 1: valid, one solution, 32 clues\n"
                         "-b.txt: line 1: valid, one solution, 21 clues\n"
                         "standard input: line 1: valid, one solution, 32 clues\n")
        self.assertEqual(result.stderr, "nonet-cli: -b.txt:2: this puzzle has more than one solution\n")
        # The worst status of all inputs; the others are still read.
        result = run("solve", self.write("bad.txt", "x\n"), first)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, f"# line 1: 'x' is not a digit or a blank\n{EULER1_SOLUTION}\n")


def grid_rows(puzzle, blank="0", sep=""):
    return [sep.join(c if c not in ".0" else blank for c in puzzle[r * 9:r * 9 + 9]) for r in range(9)]


class Formats(TempFiles):
    """Files as other programs and sites write them, read whole: no header
    or comment of the format is counted as a skipped puzzle."""

    @classmethod
    def setUpClass(cls):
        result = run("generate", "-n", "50", "--seed", "96")
        assert result.returncode == 0, result.stderr
        cls.puzzles = result.stdout.split()

    def check(self, text, name="input.txt"):
        result = run("check", self.write(name, text))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual(result.stderr, "")
        return result

    def test_project_euler_96(self):
        text = "".join(f"Grid {i + 1:02}\n" + "\n".join(grid_rows(p)) + "\n"
                       for i, p in enumerate(self.puzzles))
        path = self.check(text, "sudoku.txt").args[-1]
        # Imported, each grid is named by its header.
        db = os.path.join(self.dir.name, "library.db")
        result = run("library", "--db", db, "import", path)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "Imported 50 puzzles.\n")
        table = run("library", "--db", db, "list", "--format", "table").stdout
        self.assertIn("Grid 01", table)
        self.assertIn("Grid 50", table)

    def test_title_above_lines(self):
        self.check("Fifty minimal puzzles\n" + "\n".join(self.puzzles) + "\n")

    def test_qqwing_csv_and_solution(self):
        self.check("Puzzle,\n" + "".join(p + ",\n" for p in self.puzzles))
        solved = run("solve", stdin="\n".join(self.puzzles[:5]) + "\n").stdout.split()
        self.check("Puzzle,Solution,\n" + "".join(f"{p},{s},\n" for p, s in zip(self.puzzles, solved)))
        self.check("".join(f"{p}\n{s}\n" for p, s in zip(self.puzzles, solved)))
        readable = "".join("\n".join(grid_rows(p, ".", " ")) + "\n\n" + "\n".join(grid_rows(s, ".", " ")) + "\n\n"
                           for p, s in zip(self.puzzles, solved))
        result = run("solve", stdin=readable)
        self.assertEqual(result.stdout.split(), solved)

    def test_blanks_and_commas(self):
        self.check("".join(p.replace(".", "_") + "\n" for p in self.puzzles[:10]))
        self.check("".join("\n".join(grid_rows(p, "*")) + "\n\n" for p in self.puzzles[:10]))
        self.check("".join("\n".join(grid_rows(p, "0", ",")) + "\n\n" for p in self.puzzles[:10]))

    def test_forum_csv_and_gnome_sudoku(self):
        self.check("#!sudoku -c1,-c2\npuzzle,label,poster,ER,EP,ED\n"
                   + "".join(f"{p},n{i},someone,9.{i % 10},9.0,2.3\n" for i, p in enumerate(self.puzzles)))
        self.check("".join(" ".join(c if c != "." else "0" for c in p) + "\t0.5\n" for p in self.puzzles))

    def test_full_sdk(self):
        p = self.puzzles[0]
        solved = run("solve", stdin=p + "\n").stdout.strip()
        text = ("#ASomeone\n#DA test\n#CMade here\n#B2026-12-02\n#SNonet tests\n#L3\n#Uhttps://example.org/\n"
                "#N7\n#HSadMan\n[Puzzle]\n" + "\n".join(grid_rows(p, ".")) + "\n"
                "[State]\n" + "\n".join(grid_rows(solved[:40] + p[40:], ".")) + "\n"
                "[PencilMarks]\n" + "\n".join([",".join(["123"] * 9)] * 9) + "\n"
                "[Colours]\n" + "\n".join(["RGBRGBRGB"] * 9) + "\n")
        self.check(text, "full.sdk")


class Compare(TempFiles):
    STRATEGIES = ["reading", "mrv", "mrv+fc", "mrv+singles", "mrv+hidden"]

    def tsv_rows(self, stdout):
        lines = stdout.splitlines()
        self.assertEqual(lines[0], "line\tstrategy\tattempts\tbacktracks\tforced\tdepth\tseconds")
        return [line.split("\t") for line in lines[1:]]

    def test_tsv_inkala_exact(self):
        result = run("compare", "--format", "tsv", stdin=INKALA + "\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")
        rows = self.tsv_rows(result.stdout)
        self.assertEqual([row[1] for row in rows], self.STRATEGIES)
        # The reference's figures, ungrouped; the depth is the 60 empty cells.
        self.assertEqual(rows[0][:6], ["1", "reading", "445778", "49498", "0", "60"])
        self.assertEqual(rows[1][:6], ["1", "mrv", "90665", "10041", "0", "60"])
        # Forward checking only saves MRV's attempts at dead cells.
        self.assertEqual(rows[2][3], rows[1][3])
        self.assertLess(int(rows[2][2]), int(rows[1][2]))
        self.assertGreater(int(rows[3][4]), 0)
        for row in rows:
            self.assertRegex(row[6], r"^[0-9]+\.[0-9]{6}$")

    def test_counts_repeat(self):
        first = self.tsv_rows(run("compare", "--format", "tsv", stdin=EULER1 + "\n").stdout)
        again = self.tsv_rows(run("compare", "--format", "tsv", stdin=EULER1 + "\n").stdout)
        self.assertEqual([row[:6] for row in first], [row[:6] for row in again])

    def test_table(self):
        path = self.write("two.txt", f"{INKALA}\n{EULER1}\n")
        result = run("compare", "--strategies", "reading,mrv+singles", path)
        self.assertEqual(result.returncode, 0, result.stderr)
        tables = result.stdout.split("\n\n")
        self.assertEqual(len(tables), 2)
        lines = tables[0].splitlines()
        self.assertEqual(lines[0], "# line 1")
        self.assertEqual(lines[1].split(), ["strategy", "attempts", "backtracks", "forced", "depth", "seconds"])
        self.assertEqual(lines[2].split()[:5], ["reading", "445778", "49498", "0", "60"])
        self.assertEqual(lines[3].split()[0], "mrv+singles")
        self.assertEqual(len(lines), 4)
        self.assertEqual(tables[1].splitlines()[0], "# line 2")

    def test_bad_input(self):
        result = run("compare", "--format", "tsv", stdin=f"{INKALA}\n{INKALA[:80]}x\n{NO_SOLUTION}\n{EULER1}\n")
        self.assertEqual(result.returncode, 2)
        self.assertRegex(result.stderr, r"^nonet-cli: standard input:2:81: ")
        self.assertIn("nonet-cli: standard input:3: this puzzle has no solution", result.stderr)
        lines = result.stdout.splitlines()
        # One entry a puzzle read, in order.
        self.assertEqual([line.split("\t")[0] for line in lines[1:6]], ["1"] * 5)
        self.assertTrue(lines[6].startswith("# line 2: "))
        self.assertTrue(lines[7].startswith("# line 3: "))
        self.assertEqual([line.split("\t")[0] for line in lines[8:]], ["4"] * 5)

    def test_usage_errors(self):
        for args, message in ((["--strategies", "mrv,dfs"], "unknown strategy 'dfs'"),
                              (["--strategies", "mrv,mrv"], "strategy 'mrv' is named twice"),
                              (["--format", "csv"], "unknown format 'csv'")):
            with self.subTest(args=args):
                result = run("compare", *args, stdin=INKALA + "\n")
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stdout, "")
                self.assertIn(f"nonet-cli compare: {message}", result.stderr)
                self.assertIn("nonet-cli compare --help", result.stderr)

    def test_help(self):
        result = run("compare", "--help")
        self.assertEqual(result.returncode, 0)
        self.assertIn("--strategies", result.stdout)
        self.assertIn("Exit status: 0", result.stdout)
        self.assertIn("compare", run("--help").stdout)

    @unittest.skipUnless(os.path.exists("/dev/full"), "no /dev/full")
    def test_full_device(self):
        for args in (["compare"], ["compare", "--format", "tsv"]):
            with self.subTest(args=args), open("/dev/full", "w") as full:
                result = subprocess.run([CLI, *args], stdout=full, stderr=subprocess.PIPE, text=True,
                                        input=EULER1 + "\n", timeout=120)
                self.assertEqual(result.returncode, 2)
                self.assertRegex(result.stderr,
                                 r"^nonet-cli[a-z ]*: (Could not write )?standard output: No space left on device\n$")


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
            (["solve", "--order", "random"], "nonet-cli solve: unknown order 'random'; use reading or mrv\n"
                                              "Try 'nonet-cli solve --help' for more information.\n"),
            (["solve", "--format", "xml"], "nonet-cli solve: unknown format 'xml'; use line or grid\n"
                                           "Try 'nonet-cli solve --help' for more information.\n"),
            (["trace", "--max-events", "-1"], "nonet-cli trace: --max-events must not be negative\n"
                                              "Try 'nonet-cli trace --help' for more information.\n"),
            (["--bogus"], "nonet-cli: Unknown option --bogus\n"
                          "Try 'nonet-cli --help' for more information.\n"),
            (["count", "--max-problems", "-1"], "nonet-cli count: --max-problems must be between 0 and 4294967295\n"
                                                "Try 'nonet-cli count --help' for more information.\n"),
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
        self.assertTrue(result.stderr.endswith("Try 'nonet-cli solve --help' for more information.\n"))

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
            self.assertEqual(result.stderr, "nonet-cli: standard input: no puzzle found\n")

    def test_every_problem_on_request(self):
        text = "x\n" * 150
        result = run("count", stdin=text)
        lines = result.stderr.splitlines()
        self.assertEqual(len(lines), 101)
        self.assertEqual(lines[-1], "nonet-cli: standard input: … and 50 more problems (--max-problems 0 lists them all)")
        result = run("count", "--max-problems", "0", stdin=text)
        self.assertEqual(len(result.stderr.splitlines()), 150)
        self.assertEqual(result.stdout, "".join(f"# line {n}: 'x' is not a digit or a blank\n" for n in range(1, 151)))
        result = run("count", "--max-problems", "3", stdin=text)
        self.assertEqual(len(result.stderr.splitlines()), 4)


@unittest.skipUnless(os.path.exists("/dev/full"), "no /dev/full")
class WriteErrors(TempFiles):
    """Output lost to a full device is an error, not a silent success."""

    def into_full(self, *args):
        with open("/dev/full", "w") as full:
            return subprocess.run([CLI, *args], stdout=full, stderr=subprocess.PIPE, text=True,
                                  input=EULER1 + "\n", timeout=120)

    def test_full_device(self):
        db = os.path.join(self.dir.name, "library.db")
        self.assertEqual(run("library", "--db", db, "import", "-", stdin=EULER1 + "\n").returncode, 0)
        for args in (["solve"], ["count"], ["grade"], ["check"],
                     # A run of minutes stops at the first failed write.
                     ["generate", "-n", "100000"],
                     ["library", "--db", db, "list"], ["library", "--db", db, "collections"],
                     ["library", "--db", db, "export", "-o", "-"]):
            with self.subTest(args=args):
                result = self.into_full(*args)
                self.assertEqual(result.returncode, 2)
                self.assertRegex(result.stderr,
                                 r"^nonet-cli[a-z ]*: (Could not write )?standard output: No space left on device\n$")


def puzzles_of(text):
    """The 81-character puzzles of line-format output, without their IDs."""
    return [line.split()[0] for line in text.splitlines()]


def clues(puzzle):
    return sum(c != "." for c in puzzle)


class Generate(unittest.TestCase):
    LINE = r"[.1-9]{81}"

    def generate(self, *args, status=0):
        result = run("generate", *args)
        self.assertEqual(result.returncode, status, result.stderr)
        if status == 0:
            self.assertEqual(result.stderr, "")
        return result

    def assert_unique(self, text, n):
        result = run("count", stdin=text)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "1\n" * n)

    def test_count_and_clues(self):
        result = self.generate("-n", "5", "--clues", "28", "--seed", "11")
        lines = result.stdout.splitlines()
        self.assertEqual(len(lines), 5)
        for line in lines:
            self.assertRegex(line, "^" + self.LINE + "$")
            self.assertEqual(clues(line), 28)
        self.assertEqual(len(set(lines)), 5)
        self.assert_unique(result.stdout, 5)

    def test_default_is_one_minimal_puzzle(self):
        result = self.generate("--seed", "3")
        [puzzle] = puzzles_of(result.stdout)
        self.assert_unique(result.stdout, 1)
        # Every clue is needed: without any one of them, a second solution appears.
        weaker = [puzzle[:i] + "." + puzzle[i + 1:] for i, c in enumerate(puzzle) if c != "."]
        result = run("count", stdin="\n".join(weaker) + "\n")
        self.assertEqual(result.stdout, "2\n" * len(weaker))

    def test_ids_read_back_and_regenerate(self):
        result = self.generate("-n", "3", "--clues", "26", "--seed", "9", "--with-ids")
        lines = result.stdout.splitlines()
        self.assertEqual(len(lines), 3)
        for line in lines:
            self.assertRegex(line, "^" + self.LINE + r" # N1-26-n-[0-9A-Z]+$")
        # The ID is a trailing comment: every command reads the output back.
        solved = run("solve", stdin=result.stdout)
        self.assertEqual(solved.returncode, 0, solved.stderr)
        for puzzle, solution in zip(puzzles_of(result.stdout), solved.stdout.splitlines()):
            self.assertTrue(all(p in (".", s) for p, s in zip(puzzle, solution)))
        for line in lines:
            puzzle, _, puzzle_id = line.split()
            with self.subTest(id=puzzle_id):
                again = self.generate("--id", puzzle_id)
                self.assertEqual(again.stdout, puzzle + "\n")
                again = self.generate("--id", puzzle_id, "--with-ids")
                self.assertEqual(again.stdout, line + "\n")

    def test_same_seed_same_output_with_any_jobs(self):
        args = ["-n", "6", "--clues", "26", "--seed", "2026", "--with-ids"]
        one = self.generate(*args, "--jobs", "1")
        two = self.generate(*args, "--jobs", "2")
        self.assertEqual(one.stdout, two.stdout)
        other = self.generate("-n", "6", "--clues", "26", "--seed", "2027", "--with-ids")
        self.assertNotEqual(one.stdout, other.stdout)
        # Puzzle i uses seed S + i: the runs overlap by all but one puzzle.
        self.assertEqual(one.stdout.splitlines()[1:], other.stdout.splitlines()[:-1])

    def test_grid_and_sdk_output_same_with_any_jobs(self):
        for layout in ("grid", "sdk"):
            with self.subTest(format=layout):
                args = ["-n", "5", "--seed", "77", "--with-ids", "--format", layout]
                one = self.generate(*args, "--jobs", "1")
                two = self.generate(*args, "--jobs", "2")
                self.assertEqual(one.stdout, two.stdout)

    def test_first_puzzle_comes_before_the_rest_are_made(self):
        # | head -1 of a run that would take minutes: the reader gets the
        # first line at once and the writer ends when the pipe closes.
        proc = subprocess.Popen([CLI, "generate", "-n", "100000", "--seed", "5"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = proc.stdout.readline().decode()
        proc.stdout.close()
        self.assertRegex(line, "^" + self.LINE + "\n$")
        self.assertEqual(proc.wait(60), -signal.SIGPIPE)
        self.assertEqual(proc.stderr.read(), b"")
        proc.stderr.close()
        self.assertEqual(line, self.generate("--seed", "5").stdout)

    def test_interrupt_keeps_whole_puzzles(self):
        for stop in (signal.SIGINT, signal.SIGTERM):
            with self.subTest(signal=stop.name):
                self.interrupt_keeps_whole_puzzles(stop)

    def interrupt_keeps_whole_puzzles(self, stop):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "out.txt")
            with open(path, "w") as out:
                proc = subprocess.Popen([CLI, "generate", "-n", "100000", "--seed", "8", "--with-ids"],
                                        stdout=out, stderr=subprocess.PIPE)
            # The file grows while it runs: wait for the first line.
            deadline = time.monotonic() + 60
            while os.path.getsize(path) == 0 and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            proc.send_signal(stop)
            # Dies of the signal (the shell says 130 for SIGINT), within a puzzle's time.
            self.assertEqual(proc.wait(60), -stop)
            self.assertEqual(proc.stderr.read(), b"")
            proc.stderr.close()
            with open(path) as f:
                text = f.read()
        lines = text.splitlines(keepends=True)
        self.assertGreater(len(lines), 0)
        self.assertLess(len(lines), 100000)
        for line in lines:
            self.assertRegex(line, "^" + self.LINE + r" # \S+\n$")
        # The same puzzles as a run of that many, in order.
        again = self.generate("-n", str(len(lines)), "--seed", "8", "--with-ids")
        self.assertEqual(text, again.stdout)

    def test_symmetry(self):
        cases = [
            ("rotate-180", "30", lambda r, c: (8 - r, 8 - c)),
            ("rotate-90", "29", lambda r, c: (c, 8 - r)),
            ("mirror-vertical", "32", lambda r, c: (r, 8 - c)),
        ]
        for name, target, image in cases:
            with self.subTest(symmetry=name):
                result = self.generate("-n", "2", "--clues", target, "--symmetry", name, "--seed", "4")
                self.assert_unique(result.stdout, 2)
                for puzzle in puzzles_of(result.stdout):
                    self.assertEqual(clues(puzzle), int(target))
                    for cell in range(81):
                        r, c = image(cell // 9, cell % 9)
                        self.assertEqual(puzzle[cell] == ".", puzzle[r * 9 + c] == ".")

    def test_grid_and_sdk_formats(self):
        result = self.generate("-n", "2", "--clues", "27", "--seed", "8", "--format", "grid", "--with-ids")
        blocks = result.stdout.split("\n\n")
        self.assertEqual(len(blocks), 2)
        for block in blocks:
            lines = block.strip("\n").splitlines()
            self.assertRegex(lines[0], r"^# N1-27-n-[0-9A-Z]+$")
            self.assertEqual(len(lines), 12)
            self.assertEqual(lines[4], "---+---+---")
            self.assertRegex(lines[1], r"^[.1-9]{3}\|[.1-9]{3}\|[.1-9]{3}$")
        checked = run("check", stdin=result.stdout)
        self.assertEqual(checked.returncode, 0, checked.stderr)
        self.assertEqual(len(checked.stdout.splitlines()), 2)
        self.assertIn("27 clues", checked.stdout)

        result = self.generate("-n", "2", "--clues", "27", "--seed", "8", "--format", "sdk", "--with-ids")
        lines = result.stdout.splitlines()
        self.assertEqual(lines[0], "#ANonet")
        self.assertRegex(lines[1], r"^#DNonet N1-27-n-[0-9A-Z]+$")
        self.assertRegex(lines[2], r"^#C(Easy|Medium|Hard|Expert|Extreme), 27 clues$")
        for row in lines[3:12]:
            self.assertRegex(row, r"^[.1-9]{9}$")
        self.assertEqual(lines[12], "")
        checked = run("check", stdin=result.stdout)
        self.assertEqual(checked.returncode, 0, checked.stderr)
        self.assertEqual(len(checked.stdout.splitlines()), 2)
        # The same puzzles as the line format prints.
        lines_format = self.generate("-n", "2", "--clues", "27", "--seed", "8")
        self.assertEqual("".join(lines[3:12]), puzzles_of(lines_format.stdout)[0])

    def test_difficulty(self):
        result = self.generate("-n", "2", "--clues", "30", "--difficulty", "easy", "--seed", "6", "--with-ids")
        self.assertRegex(result.stdout.splitlines()[0], r" # N1-30-n-g1-[0-9A-Z]+$")
        graded = run("grade", stdin=result.stdout)
        self.assertEqual(graded.returncode, 0, graded.stderr)
        for line in graded.stdout.splitlines():
            self.assertTrue(line.startswith("grade=Easy "), line)
        result = self.generate("--clues", "30", "--difficulty", "Easy-medium", "--seed", "6", "--with-ids")
        self.assertRegex(result.stdout, r" # N1-30-n-g12-[0-9A-Z]+\n$")
        graded = run("grade", stdin=result.stdout)
        self.assertRegex(graded.stdout, r"^grade=(Easy|Medium) ")

    def test_needs(self):
        result = self.generate("-n", "3", "--needs", "x-wing", "--seed", "7", "--with-ids")
        lines = result.stdout.splitlines()
        self.assertEqual([line.split()[-1] for line in lines], ["N1-m-n-txw-7", "N1-m-n-txw-8", "N1-m-n-txw-9"])
        graded = run("grade", stdin=result.stdout)
        self.assertEqual(graded.returncode, 0, graded.stderr)
        for line in graded.stdout.splitlines():
            self.assertRegex(line, r"^grade=Hard .*hardest=x-wing .*x-wing=[1-9]")
        self.assert_unique(result.stdout, 3)
        # The ID gives the same puzzle again; a clue target and a symmetry go with it.
        self.assertEqual(self.generate("--id", "N1-m-n-txw-8", "--with-ids").stdout, lines[1] + "\n")
        result = self.generate("--needs", "XY wing", "--clues", "28", "--symmetry", "rotate-180", "--seed", "2")
        self.assertEqual(clues(result.stdout.split()[0]), 28)
        self.assertRegex(run("grade", stdin=result.stdout).stdout, r"hardest=xy-wing ")

    def test_missed_target_is_reported(self):
        result = self.generate("--clues", "17", "--timeout", "0.2", "--seed", "1", "--with-ids", status=1)
        [line] = result.stdout.splitlines()
        puzzle, _, puzzle_id = line.split()
        self.assertEqual(puzzle_id, "N1-17-n-1")
        self.assert_unique(puzzle + "\n", 1)
        match = re.fullmatch(r"nonet-cli generate: puzzle 1 \(N1-17-n-1\): the 17-clue target was not "
                             r"reached in 0.2 s; the closest has ([0-9]+) clues\n", result.stderr)
        self.assertIsNotNone(match, result.stderr)
        self.assertEqual(int(match.group(1)), clues(puzzle))
        self.assertGreater(clues(puzzle), 17)

    def test_usage_errors(self):
        cases = [
            (["--clues", "16"], "--clues must be between 17 and 80"),
            (["--clues", "81"], "--clues must be between 17 and 80"),
            (["--clues", "30", "--minimal"], "--clues and --minimal cannot go together"),
            (["--symmetry", "spiral"], "unknown symmetry 'spiral'; use none, rotate-180, rotate-90, "
                                       "mirror-horizontal, mirror-vertical, diagonal or anti-diagonal"),
            (["--symmetry", "rotate-90", "--clues", "30"],
             "with rotate-90 symmetry clues come in fours, plus the centre: --clues 30 cannot be made; use 29 or 32"),
            (["--difficulty", "tricky"], "unknown difficulty 'tricky'; use easy, medium, hard, expert or extreme, "
                                         "or a range such as easy-medium"),
            (["--difficulty", "hard-easy"], "the difficulty range 'hard-easy' runs from harder to easier; write it easy-hard"),
            (["--needs", "fishing"], "unknown technique 'fishing'; use one of: naked-single, hidden-single, "
                                     "pointing, claiming, naked-pair, hidden-pair, naked-triple, hidden-triple, "
                                     "naked-quad, hidden-quad, x-wing, swordfish, xy-wing, xyz-wing, simple-colouring"),
            (["--needs", "x-wing", "--difficulty", "hard"],
             "--needs sets the difficulty (the technique's grade), so it cannot go with --difficulty"),
            (["--needs", "pointing", "--clues", "78"],
             "every puzzle with 78 clues falls to naked singles, so --needs pointing cannot be met; use 77 clues or fewer"),
            (["--id", "N1-m-n-txw-8", "--needs", "pointing"], "--id names one puzzle and cannot go with --needs"),
            (["--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615, not '-1'"),
            (["-n", "0"], "-n must be between 1 and 100000"),
            (["--jobs", "0"], "--jobs must be between 1 and 1024"),
            (["--timeout", "-2"], "--timeout must be a number of seconds, 0 for no limit"),
            (["--format", "xml"], "unknown format 'xml'; use line, grid or sdk"),
            (["puzzles.txt"], "reads no input, got 'puzzles.txt'"),
            (["--id", "N1-24-r2-7QK3ZP", "--seed", "4"], "--id names one puzzle and cannot go with --seed"),
            (["--id", "N1-24-r2-7QK3ZP", "-n", "2"], "--id names one puzzle and cannot go with -n"),
            (["--id", "X1-24-r2-7QK3ZP"], "bad puzzle ID 'X1-24-r2-7QK3ZP': A puzzle ID starts with N1."),
            (["--id", "N1-24"], "bad puzzle ID 'N1-24': A puzzle ID has four or five parts separated by dashes, "
                                "as in N1-24-r2-7QK3ZP."),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                result = run("generate", *args)
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stderr, f"nonet-cli generate: {message}\n"
                                 "Try 'nonet-cli generate --help' for more information.\n")
                self.assertEqual(result.stdout, "")
        result = run("generate", "--jobs", "many")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--jobs", result.stderr)

    def test_help(self):
        result = run("--help")
        for command in ("generate", "grade"):
            self.assertRegex(result.stdout, rf"\n  {command} ")
        result = run("generate", "--help")
        self.assertEqual(result.returncode, 0)
        for option in ("--count", "--clues", "--minimal", "--symmetry", "--difficulty", "--seed",
                       "--id", "--jobs", "--timeout", "--format", "--with-ids", "Exit status"):
            self.assertIn(option, result.stdout)


class Grade(unittest.TestCase):
    TECHNIQUE = r"[a-z]+(-[a-z]+)*"

    def summary(self, line):
        fields = dict(field.split("=") for field in line.split())
        self.assertEqual(list(fields)[:3], ["grade", "score", "hardest"])
        self.assertRegex(fields["score"], r"^[0-9]+$")
        self.assertRegex(fields["hardest"], "^" + self.TECHNIQUE + "$")
        uses = {key: int(value) for key, value in list(fields.items())[3:]}
        for key, value in uses.items():
            self.assertRegex(key, "^" + self.TECHNIQUE + "$")
            self.assertGreater(value, 0)
        self.assertIn(fields["hardest"], uses)
        return fields, uses

    def test_euler_is_easy(self):
        result = run("grade", stdin=EULER1 + "\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        [line] = result.stdout.splitlines()
        fields, uses = self.summary(line)
        self.assertEqual(fields["grade"], "Easy")
        self.assertLessEqual(set(uses), {"naked-single", "hidden-single"})
        # 49 empty cells, each filled by one single.
        self.assertEqual(sum(uses.values()), 49)

    def test_inkala_is_extreme(self):
        result = run("grade", stdin=INKALA + "\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        [line] = result.stdout.splitlines()
        fields, uses = self.summary(line)
        self.assertEqual(fields["grade"], "Extreme")

    def test_one_line_a_puzzle_and_bad_ones_reported(self):
        result = run("grade", stdin=f"{EULER1}\n{TWO_SOLUTIONS}\n{INKALA}\n")
        self.assertEqual(result.returncode, 1)
        lines = result.stdout.splitlines()
        self.assertEqual(len(lines), 3)
        self.assertTrue(lines[0].startswith("grade=Easy "))
        self.assertEqual(lines[1], "# line 2: this puzzle has more than one solution")
        self.assertTrue(lines[2].startswith("grade=Extreme "))
        self.assertEqual(result.stderr, "nonet-cli: standard input:2: this puzzle has more than one solution\n")

    def test_explain(self):
        result = run("grade", "--explain", stdin=f"{EULER1}\n{EULER1}\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        first, second = result.stdout.split("\n\n")
        self.assertEqual(second.splitlines()[1:], first.splitlines()[1:])
        lines = first.splitlines()
        self.assertEqual(lines[0], "# line 1")
        self.assertEqual(second.splitlines()[0], "# line 2")
        steps = lines[1:-1]
        for number, step in enumerate(steps, 1):
            self.assertRegex(step, rf"^{number}\. r[1-9]c[1-9] must be [1-9]: .+$")
        fields, uses = self.summary(lines[-1])
        self.assertEqual(len(steps), sum(uses.values()))
        plain = run("grade", stdin=EULER1 + "\n")
        self.assertEqual(plain.stdout, lines[-1] + "\n")

    def test_bad_input(self):
        result = run("grade", stdin=EULER1[:80] + "\n")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "# line 1: 80 cells, a puzzle has 81\n")
        self.assertEqual(result.stderr, "nonet-cli: standard input:1: 80 cells, a puzzle has 81\n")


DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
P1000 = ".................1..2.34...............1.5.6...78..2.......94.8.5.......16..7...."
P2000 = "................12....34...........3..2.......567........2...7.3.518....8.....4.."


class Library(TempFiles):
    def setUp(self):
        super().setUp()
        self.db = os.path.join(self.dir.name, "library.db")

    def library(self, *args, status=0):
        result = run("library", "--db", self.db, *args)
        self.assertEqual(result.returncode, status, result.stdout + result.stderr)
        return result

    def test_import_report_and_exit_status(self):
        path = os.path.join(DATA, "mixed-bad.txt")
        result = self.library("import", "--collection", "Forum", path, status=1)
        # The count on standard output, the problems on standard error.
        self.assertEqual(result.stdout, "Imported 3 puzzles into “Forum”; 2 duplicates; 5 skipped.\n")
        lines = result.stderr.splitlines()
        # In the GNU form FILE:LINE:COLUMN, as every command's problems.
        self.assertEqual(lines[0:5], [
            f"nonet-cli: {path}:3: 80 cells, a puzzle has 81",
            f"nonet-cli: {path}:4:11: 'x' is not a digit or a blank",
            f"nonet-cli: {path}:5: r1c1 and r1c7 are both 4 (row 1)",
            f"nonet-cli: {path}:6: no solution",
            f"nonet-cli: {path}:7: more than one solution",
        ])
        self.assertRegex(lines[5], "^nonet-cli: " + re.escape(path) + ":9: the same puzzle as .*Forum")
        self.assertRegex(lines[6], "^nonet-cli: " + re.escape(path) + ":10: the same puzzle as .*Forum")
        self.assertEqual(len(lines), 7)

    def test_import_lists_problems_up_to_max_problems(self):
        path = self.write("bad.txt", "x\n" * 150)
        lines = self.library("import", path, status=1).stderr.splitlines()
        self.assertEqual(len(lines), 101)
        self.assertEqual(lines[99], f"nonet-cli: {path}:100:1: 'x' is not a digit or a blank")
        self.assertEqual(lines[100], f"nonet-cli: {path}: … and 50 more problems (--max-problems 0 lists them all)")
        self.assertEqual(len(self.library("import", "--max-problems", "0", path, status=1).stderr.splitlines()), 150)
        self.assertEqual(len(self.library("import", "--max-problems", "5", path, status=1).stderr.splitlines()), 6)
        self.assertIn("--max-problems", self.library("import", "--max-problems", "-1", path, status=2).stderr)

    def test_import_from_standard_input_and_export_to_standard_output(self):
        with open(os.path.join(DATA, "lines.txt")) as f:
            text = f.read()
        result = run("library", "--db", self.db, "import", "-c", "Piped", "-", stdin=text)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "Imported 3 puzzles into “Piped”.\n")
        result = run("library", "--db", self.db, "import", "-", stdin=text + "x\n")
        self.assertEqual(result.returncode, 1)
        self.assertIn("nonet-cli: standard input:", result.stderr)
        exported = self.library("export", "-c", "Piped", "--format", "line", "-o", "-").stdout
        puzzles = [l for l in exported.splitlines() if not l.startswith("#")]
        self.assertEqual(len(puzzles), 3)
        self.assertEqual(run("check", stdin=exported).returncode, 0)

    def test_db_folder_must_exist(self):
        # A new library in a folder that is there is made; a mistyped
        # folder is an error, and nothing is created.
        self.library("collections")
        self.assertTrue(os.path.exists(self.db))
        typo = os.path.join(self.dir.name, "no-such-folder", "library.db")
        for args in (("collections",), ("list",), ("import", os.path.join(DATA, "lines.txt")),
                     ("export", "-o", "-")):
            with self.subTest(command=args[0]):
                result = run("library", "--db", typo, *args)
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stderr,
                                 f"nonet-cli library {args[0]}: cannot use the library {typo}: "
                                 f"the folder {os.path.dirname(typo)} does not exist\n")
                self.assertFalse(os.path.exists(os.path.dirname(typo)))
        # The app's own library is the one whose folder is made.
        data = os.path.join(self.dir.name, "data")
        own = os.path.join(data, "nonet", "library.db")
        result = subprocess.run([CLI, "library", "--db", own, "collections"], capture_output=True, text=True,
                                env=dict(os.environ, XDG_DATA_HOME=data), timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(os.path.exists(own))

    def test_counts_for_scripts_have_no_separators(self):
        env = dict(os.environ, LC_ALL="C")
        big = "".join(f"{p}\n" for p in run("generate", "-n", "1200", "--seed", "1", "--clues", "30").stdout.split())
        result = subprocess.run([CLI, "library", "--db", self.db, "import", "-c", "Big", "-"], input=big,
                                capture_output=True, text=True, env=env, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "Imported 1200 puzzles into “Big”.\n")
        result = subprocess.run([CLI, "library", "--db", self.db, "collections"],
                                capture_output=True, text=True, env=env, timeout=120)
        self.assertRegex(result.stdout, r"(?m)^ +1200  Big$")

    def test_import_all_good_is_status_0(self):
        result = self.library("import", os.path.join(DATA, "lines.txt"))
        self.assertEqual(result.stdout, "Imported 3 puzzles.\n")
        self.assertEqual(result.stderr, "")

    def test_list_collections_and_export(self):
        self.library("import", "-c", "Sdk", os.path.join(DATA, "sadman.sdk"))
        self.library("import", "-c", "Xml", os.path.join(DATA, "folders.opensudoku"), status=1)
        listed = self.library("list", "--collection", "Sdk").stdout
        self.assertEqual(listed, f"{P1000}\n{P2000}\n")
        self.assertEqual(self.library("list", "--collection", "Sdk", "--status", "solved").stdout, "")
        self.assertEqual(self.library("list", "--collection", "Sdk", "--status", "new").stdout, listed)
        table = self.library("list", "-c", "Sdk", "--format", "table").stdout.splitlines()
        self.assertEqual(len(table), 3)
        self.assertIn("Seventeen 1000", table[1])
        self.assertIn("new", table[1])
        self.assertIn("Sdk", table[1])
        everything = self.library("list").stdout.splitlines()
        self.assertIn(P1000, everything)

        collections = self.library("collections").stdout
        self.assertRegex(collections, r"(?m)^ +2  Sdk$")
        self.assertRegex(collections, r"(?m)^ +1  Xml$")

        out = os.path.join(self.dir.name, "out.sdk")
        # A .sdk is one puzzle: a collection goes to .sdm, or to blocks on request.
        result = self.library("export", "--collection", "Sdk", "-o", out, status=2)
        self.assertIn(".sdm", result.stderr)
        self.assertFalse(os.path.exists(out))
        sdm = os.path.join(self.dir.name, "out.sdm")
        self.library("export", "--collection", "Sdk", "-o", sdm)
        with open(sdm) as f:
            self.assertEqual(f.read(), f"{P1000}\n{P2000}\n")
        result = self.library("export", "--collection", "Sdk", "--format", "sdk", "-o", out)
        self.assertEqual(result.stdout, f"Exported 2 puzzles to {out}\n")
        with open(out) as f:
            text = f.read()
        self.assertTrue(text.startswith("#TSeventeen 1000\n#AGordon Royle\n"), text)
        # The export reads back: the same puzzles, in order.
        self.assertEqual(run("check", out).returncode, 0)
        lines = os.path.join(self.dir.name, "out.txt")
        self.library("export", "-c", "Sdk", "-o", lines)
        with open(lines) as f:
            self.assertEqual([l for l in f.read().splitlines() if not l.startswith("#")], [P1000, P2000])
        self.library("export", "-c", "Sdk", "--format", "line", "-o", out)
        with open(out) as f:
            self.assertIn(P1000 + "\n", f.read())

    def test_list_by_hardest_technique(self):
        # The built-in collections of a new library: every puzzle graded,
        # each listed under exactly one hardest technique.
        everything = self.library("list").stdout.splitlines()
        table = self.library("list", "--format", "table").stdout.splitlines()
        self.assertEqual(table[0].split(), ["ID", "CLUES", "GRADE", "HARDEST", "STATUS", "COLLECTION", "TITLE"])
        self.assertEqual(len(table), 1 + len(everything))
        keys = ["naked-single", "hidden-single", "pointing", "claiming", "naked-pair", "hidden-pair",
                "naked-triple", "hidden-triple", "naked-quad", "hidden-quad", "x-wing", "swordfish",
                "xy-wing", "xyz-wing", "simple-colouring", "guessing"]
        grades = {"naked-single": "Easy", "hidden-single": "Easy", "x-wing": "Hard", "xy-wing": "Expert",
                  "guessing": "Extreme"}
        listed = []
        for key in keys:
            with self.subTest(hardest=key):
                lines = self.library("list", "--hardest", key).stdout.splitlines()
                rows = self.library("list", "--hardest", key, "--format", "table").stdout.splitlines()[1:]
                self.assertEqual(len(rows), len(lines))
                for row in rows:
                    self.assertEqual(row.split()[3], key, row)
                    if key in grades:
                        self.assertEqual(row.split()[2], grades[key], row)
                listed += lines
        self.assertEqual(sorted(listed), sorted(everything))
        self.assertGreater(len(self.library("list", "--hardest", "x-wing").stdout.splitlines()), 0)
        self.assertGreater(len(self.library("list", "--hardest", "guessing").stdout.splitlines()), 0)
        # Spelt as --needs takes it: by name, in any case, or by code.
        x_wing = self.library("list", "--hardest", "x-wing").stdout
        for spelling in ("X wing", "X_WING", "xw"):
            with self.subTest(spelling=spelling):
                self.assertEqual(self.library("list", "--hardest", spelling).stdout, x_wing)
        self.assertEqual(self.library("list", "--hardest", "Guessing").stdout,
                         self.library("list", "--hardest", "guessing").stdout)
        # With the other filters.
        self.assertEqual(self.library("list", "--hardest", "x-wing", "--collection", "Easy").stdout, "")
        self.assertEqual(self.library("list", "--hardest", "x-wing", "--status", "solved").stdout, "")

    def test_bad_input(self):
        cases = [
            (("import",), "a file to import is needed"),
            (("import", os.path.join(self.dir.name, "missing.txt")), "missing.txt"),
            (("list", "--status", "done"), "unknown status 'done'; use new, in-progress or solved"),
            (("list", "--format", "grid"), "unknown format 'grid'; use line or table"),
            (("list", "--hardest", "bogus"), "--hardest: unknown technique 'bogus'; use one of: naked-single, "),
            (("list", "--hardest", "bogus"), ", simple-colouring, guessing\n"),
            (("list", "--collection", "Nothing"), "there is no collection named “Nothing”"),
            (("export",), "-o FILE is needed"),
            (("export", "--format", "pdf", "-o", "x"), "unknown format 'pdf'; use line or sdk"),
            (("export", "-o", os.path.join(self.dir.name, "no", "such", "dir", "out.txt")), "Could not write "),
            (("frobnicate",), "unknown command 'frobnicate'"),
            ((), "a command is needed"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                result = self.library(*args, status=2)
                self.assertIn(message, result.stderr)
        # Usage errors say where help is.
        for args in (("list", "--status", "done"), ("list", "--hardest", "bogus"), ("export",), ("import",),
                     ("list", "--bogus"), ("--bogus",)):
            with self.subTest(args=args):
                result = self.library(*args, status=2)
                command = " ".join(["library", *[a for a in args[:1] if not a.startswith("-")]])
                self.assertTrue(result.stderr.endswith(f"Try 'nonet-cli {command} --help' for more information.\n"),
                                result.stderr)

    def test_not_text_and_bad_xml(self):
        binary = os.path.join(self.dir.name, "binary.txt")
        with open(binary, "wb") as f:
            f.write(P1000.encode() + b"\n\0\0")
        result = self.library("import", binary, status=2)
        self.assertEqual(result.stderr, f"nonet-cli library import: {binary} is not a text file\n")
        result = self.library("import", os.path.join(DATA, "entity-bomb.opensudoku"), status=2)
        self.assertIn("is not a valid OpenSudoku file: line ", result.stderr)

    def test_db_cannot_open(self):
        blocker = self.write("blocker", "a file, not a folder")
        result = run("library", "--db", os.path.join(blocker, "library.db"), "collections")
        self.assertEqual(result.returncode, 2)
        self.assertIn("nonet-cli library collections: ", result.stderr)

    def test_help(self):
        result = run("library", "--help")
        self.assertEqual(result.returncode, 0)
        for word in ("import", "list", "export", "collections", "--db", "Exit status"):
            self.assertIn(word, result.stdout)
        result = run("library", "import", "--help")
        self.assertIn("--collection", result.stdout)
        self.assertIn("1 some puzzles were not imported", result.stdout)
        # The others do not import: their exit statuses are their own.
        for command in ("list", "export", "collections"):
            with self.subTest(command=command):
                result = run("library", command, "--help")
                self.assertEqual(result.returncode, 0)
                self.assertIn("Exit status: 0 fine, 2 bad options", result.stdout)
                self.assertNotIn("imported", result.stdout)
        self.assertIn("library", run("--help").stdout)


if __name__ == "__main__":
    unittest.main(verbosity=2)
