#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-german.py: the translation chain end to end. Nonet is built and
# installed into a temporary prefix (so LOCALEDIR is where the .mo lands),
# started with LANGUAGE=de, and must speak German to a screen reader: the
# header bar's buttons (from the .ui file) and the grid's cells (from C).
# Environment: NONET_SOURCE_DIR (the source tree), as for the other e2e tests.

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402


class GermanApp(e2e.App):
    def _find_grid(self):
        return self.find(lambda a: a is not None
                         and re.match(r"Zeile \d, Spalte \d", a.name or ""))


def install(prefix, build):
    """Builds and installs Nonet into prefix; None on success, else the log."""
    source = os.environ["NONET_SOURCE_DIR"]
    for args in (["meson", "setup", "--prefix", prefix, build, source],
                 ["meson", "install", "-C", build, "--quiet"]):
        result = subprocess.run(args, capture_output=True, text=True, timeout=900)
        if result.returncode != 0:
            return f"{' '.join(args)}:\n{result.stdout}{result.stderr}"
    return None


def named(app, name):
    return app.find(lambda a: a is not None
                    and (a.name == name or (a.name or "").endswith(" " + name)))


def test(home, apps, prefix):
    home.env.pop("LC_ALL", None)
    home.env.pop("LC_MESSAGES", None)
    home.env.update(LANGUAGE="de", LANG="C.UTF-8",
                    GSETTINGS_SCHEMA_DIR=os.path.join(prefix, "share", "glib-2.0", "schemas"),
                    XDG_DATA_DIRS=os.path.join(prefix, "share") + ":/usr/local/share:/usr/share")
    app = GermanApp(home)
    apps.append(app)

    for name in ("Neues Spiel", "Rückgängig", "Hauptmenü", "Ziffernblock"):
        found = e2e.wait_for(f"“{name}” on the accessibility bus", lambda: named(app, name), timeout=10)
        print(f"found {name!r}: role {found.getRoleName()}")
    for name in ("New Game", "Undo"):
        if named(app, name) is not None:
            raise e2e.Failure(f"“{name}” is still in English")
    print(f"grid cell: {app.grid.name!r}")

    shot_dir = os.environ.get("NONET_TEST_OUTPUT", home.path)
    os.makedirs(shot_dir, exist_ok=True)
    app.screenshot(os.path.join(shot_dir, "e2e-german.png"))
    app.quit()


def main():
    code = e2e.check_environment()
    if code is not None:
        return code
    if shutil.which("meson") is None:
        print("FAIL: meson is not on PATH")
        return 1
    top = tempfile.mkdtemp(prefix="nonet-e2e-de-")
    try:
        prefix = os.path.join(top, "prefix")
        log = install(prefix, os.path.join(top, "build"))
        if log is not None:
            print(f"FAIL: installing into {prefix} failed:\n{log}")
            return 1
        mo = os.path.join(prefix, "share", "locale", "de", "LC_MESSAGES", "nonet.mo")
        if not os.path.exists(mo):
            print(f"FAIL: {mo} was not installed")
            return 1
        os.environ["NONET_APP"] = os.path.join(prefix, "bin", "nonet")
        return e2e.run(lambda home, apps: test(home, apps, prefix))
    finally:
        shutil.rmtree(top, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
