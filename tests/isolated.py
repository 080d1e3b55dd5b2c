#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# isolated.py COMMAND [ARGS...]: runs COMMAND on an X display and a session
# bus of its own (a private Xvfb, found free with -displayfd, and
# dbus-run-session), so that it gets the keyboard focus of its own windows
# and its own accessibility bus. Tests that press keys into the real app
# then run two at a time, each on its own display, instead of one after the
# other on the display of `make check`. Exit status: COMMAND's. Without Xvfb
# or dbus-run-session, COMMAND runs as it is (and skips what needs them).

import os
import shutil
import subprocess
import sys
import tempfile

SCREEN = "1280x1024x24"


def start_xvfb(log):
    """Starts Xvfb on the first free display; (process, ":N")."""
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN,
                             "-nolisten", "tcp", "-noreset"],
                            pass_fds=[write_end], stdout=log, stderr=log)
    os.close(write_end)
    number = b""
    with os.fdopen(read_end, "rb") as pipe:
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip().isdigit():
        xvfb.kill()
        xvfb.wait()
        return None, None
    return xvfb, ":" + number.decode().strip()


def main():
    command = sys.argv[1:]
    if not command:
        print("usage: isolated.py COMMAND [ARGS...]", file=sys.stderr)
        return 2
    if shutil.which("Xvfb") is None or shutil.which("dbus-run-session") is None:
        return subprocess.call(command)

    runtime = tempfile.mkdtemp(prefix="nonet-isolated-")
    try:
        with open(os.path.join(runtime, "xvfb.log"), "w") as log:
            xvfb, display = start_xvfb(log)
        if xvfb is None:
            with open(os.path.join(runtime, "xvfb.log")) as log:
                print(f"isolated.py: Xvfb did not start:\n{log.read()}", file=sys.stderr)
            return 1
        env = dict(os.environ, DISPLAY=display, XDG_RUNTIME_DIR=runtime)
        env.pop("XAUTHORITY", None)
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        env.pop("AT_SPI_BUS_ADDRESS", None)
        try:
            return subprocess.call(["dbus-run-session", "--", *command], env=env)
        finally:
            xvfb.terminate()
            try:
                xvfb.wait(timeout=10)
            except subprocess.TimeoutExpired:
                xvfb.kill()
                xvfb.wait()
    finally:
        shutil.rmtree(runtime, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
