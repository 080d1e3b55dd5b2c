#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check-valgrind-logs.py LOG_BASE COMMAND...: the valgrind setup's wrapper
# (tests/meson.build). Runs one test, COMMAND, whose app runs under
# valgrind with --log-file=LOG_BASE.%p.log, then reads every such log: the
# app exits with 99 on an error, which fails the test, but a run of the app
# that the test kills never gets to exit, so its errors are found here. The
# logs of the test before are removed first. Exits with the test's status,
# or 1 when a log holds an error.
import glob
import os
import re
import subprocess
import sys

SUMMARY = re.compile(r"definitely lost|indirectly lost|possibly lost|ERROR SUMMARY")
ERROR = re.compile(r"== (Invalid|Conditional jump|Use of uninitialised|Syscall param|Mismatched|"
                   r"Source and destination)")


def main():
    base, command = sys.argv[1], sys.argv[2:]
    for old in glob.glob(f"{glob.escape(base)}.*.log"):
        os.remove(old)
    status = subprocess.run(command).returncode
    lines = []
    for path in sorted(glob.glob(f"{glob.escape(base)}.*.log")):
        with open(path, errors="replace") as log:
            lines += [(path, line) for line in log]
    for path, line in lines:
        if SUMMARY.search(line):
            print(f"{path}:{line}", end="")
    errors = [(path, line) for path, line in lines if ERROR.search(line)]
    for path, line in errors:
        print(f"{path}:{line}", end="")
    if errors:
        print("valgrind: errors (above) in a run that was killed")
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
