#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Prints one closing line for `make check` from meson's test logs:
# "check: N passed, N failed, N skipped".
import json
import sys

passed = failed = skipped = 0
for build in sys.argv[1:]:
    try:
        with open(f"{build}/meson-logs/testlog.json") as log:
            for line in log:
                result = json.loads(line)["result"]
                if result in ("OK", "EXPECTEDFAIL"):
                    passed += 1
                elif result == "SKIP":
                    skipped += 1
                else:
                    failed += 1
    except FileNotFoundError:
        print(f"summarize: no test log in {build}", file=sys.stderr)
        failed += 1
print(f"check: {passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
