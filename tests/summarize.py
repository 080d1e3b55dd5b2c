#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Prints one closing line for `make check` from meson's test logs:
# "check: N passed, N failed, N skipped". Each argument is a build folder
# (its meson-logs/testlog.json) or one of meson's JSON test logs itself
# (`meson test --setup NAME` writes meson-logs/testlog-NAME.json,
# `--logbase NAME` meson-logs/NAME.json).
import json
import os
import sys

passed = failed = skipped = 0
for build in sys.argv[1:]:
    path = build if build.endswith(".json") else os.path.join(build, "meson-logs", "testlog.json")
    try:
        with open(path) as log:
            for line in log:
                result = json.loads(line)["result"]
                if result in ("OK", "EXPECTEDFAIL"):
                    passed += 1
                elif result == "SKIP":
                    skipped += 1
                else:
                    failed += 1
    except FileNotFoundError:
        print(f"summarize: no test log {path}", file=sys.stderr)
        failed += 1
print(f"check: {passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
