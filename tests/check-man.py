#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check-man.py: the man pages follow `nonet-cli --help`: every command,
# library command and option the help lists is in nonet-cli.1, and both pages
# render without groff warnings.
# Usage: check-man.py NONET_CLI NONET_1 NONET_CLI_1
import os
import re
import shutil
import subprocess
import sys

failures = []


def help_text(cli, *args):
    result = subprocess.run([cli, *args, "--help"], capture_output=True, text=True, timeout=30,
                            env=dict(os.environ, LANGUAGE="C", LC_ALL="C.UTF-8"))
    if result.returncode != 0:
        failures.append(f"nonet-cli {' '.join(args)} --help exited with {result.returncode}")
    return result.stdout


def commands(text):
    """The names listed under 'Commands:'."""
    block = text.split("Commands:", 1)[1] if "Commands:" in text else ""
    names = []
    for line in block.splitlines()[1:]:
        m = re.match(r"^  (\S+)\s", line)
        if not m:
            break
        names.append(m.group(1))
    return names


def options(text):
    """Long and short options of the 'Application Options' block."""
    block = text.split("Application Options:", 1)[1] if "Application Options:" in text else ""
    block = block.split("\n\n", 1)[0]
    found = set(re.findall(r"^\s+(?:-\w, )?(--[a-z][a-z0-9-]*)", block, re.M))
    found |= set(re.findall(r"^\s+(-\w),", block, re.M))
    return found


def main(cli, man_nonet, man_cli):
    with open(man_cli, encoding="utf-8") as f:
        page = f.read().replace("\\-", "-")

    top = help_text(cli)
    wanted = {(): options(top)}
    listed = commands(top)
    if not listed:
        failures.append("no commands found in nonet-cli --help")
    for command in listed:
        wanted[(command,)] = options(help_text(cli, command))
    if "library" in listed:
        for sub in commands(help_text(cli, "library")):
            wanted[("library", sub)] = options(help_text(cli, "library", sub))

    for path, opts in wanted.items():
        where = " ".join(("nonet-cli",) + path)
        if path and not re.search(r"(^\.SS |^\.B )" + re.escape(" ".join(path)) + r"\b", page, re.M):
            failures.append(f"{where}: no section or heading in {os.path.basename(man_cli)}")
        for opt in sorted(opts):
            if not re.search(re.escape(opt) + r"(?![a-z-])", page):
                failures.append(f"{where}: {opt} is not in {os.path.basename(man_cli)}")
        print(f"{where}: {len(opts)} option(s)")

    if shutil.which("groff"):
        for man in (man_nonet, man_cli):
            result = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", man],
                                    capture_output=True, text=True, timeout=30,
                                    env=dict(os.environ, LC_ALL="C.UTF-8"))
            if result.returncode != 0 or result.stderr.strip():
                failures.append(f"groff warns on {os.path.basename(man)}: {result.stderr.strip()}")
    else:
        print("groff not installed (Debian: groff-base): rendering not checked")

    for message in failures:
        print("FAIL:", message)
    print("ok" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
