# SPDX-License-Identifier: GPL-3.0-or-later
# private_mounts.py: the test scripts that mount a tmpfs or make device nodes
# do it in a mount namespace of their own, which takes its mounts with it and
# never touches the machine's /dev. One way in, shared by every such script.
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
MARKER = "NONET_PRIVATE_MOUNTS"


def mode():
    """'root' in a private mount namespace as root, 'user' in one inside a
    user namespace, None outside one."""
    return os.environ.get(MARKER)


def enter(script, *, as_user=True, required=True):
    """Runs script again in a private mount namespace with a tmpfs to be had.
    as_user: a user namespace will do when not root. When none can be had,
    exits with SKIP and the reason (required), or returns and the script runs
    on without (its own skips then say which cases need one)."""
    if mode():
        return
    if os.geteuid() == 0:
        flags = ["-m"]
    elif as_user:
        flags = ["-r", "-m"]
    else:
        return
    reason = None
    unshare = shutil.which("unshare")
    if unshare is None:
        reason = "unshare (util-linux) is not installed"
    else:
        with tempfile.TemporaryDirectory() as probe:
            result = subprocess.run([unshare, *flags, "mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe],
                                    capture_output=True, text=True)
        if result.returncode != 0:
            reason = (f"cannot mount a tmpfs in a private namespace (unshare {' '.join(flags)}): "
                      f"{result.stderr.strip()}")
    if reason:
        if required:
            print("SKIP: " + reason)
            sys.exit(SKIP)
        return
    env = dict(os.environ, **{MARKER: "root" if os.geteuid() == 0 else "user"})
    sys.stdout.flush()
    os.execve(unshare, [unshare, *flags, sys.executable, os.path.abspath(script), *sys.argv[1:]], env)
