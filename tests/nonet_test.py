# SPDX-License-Identifier: GPL-3.0-or-later
# nonet_test.py: what the unittest scripts of tests/ share: the skip of the
# real app's cases where they cannot run, and the closing count line.
import os
import sys
import unittest

import private_mounts


def app_cases():
    """For setUpClass of a class of the real app's cases: skips the class
    without a display, a session bus and NONET_APP, or outside a private
    mount namespace as root; else returns the nonet_e2e module (tests/e2e)
    that drives the app."""
    if not (os.environ.get("DISPLAY") and os.environ.get("DBUS_SESSION_BUS_ADDRESS")
            and os.environ.get("NONET_APP")):
        raise unittest.SkipTest("the app's cases need DISPLAY, a session bus and NONET_APP "
                                "(run under xvfb-run -a dbus-run-session)")
    if private_mounts.mode() != "root":
        raise unittest.SkipTest("the app's cases need root: in a user namespace the session "
                                "bus does not know the mapped user")
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "e2e"))
    import nonet_e2e
    return nonet_e2e


def main():
    """unittest.main over the calling script's cases, then one line of
    counts; exits 0 when all passed."""
    program = unittest.main(verbosity=2, exit=False)
    result = program.result
    print(f"\n{result.testsRun} tests, {len(result.failures)} failures, {len(result.errors)} errors, "
          f"{len(result.skipped)} skipped")
    sys.exit(0 if result.wasSuccessful() else 1)
