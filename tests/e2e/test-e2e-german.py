#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-german.py: the translation chain end to end. Nonet is built and
# installed into a temporary prefix (so LOCALEDIR is where the .mo lands),
# started with LANGUAGE=de, and must speak German to a screen reader: the
# header bar's buttons (from the .ui file) and the grid's cells (from C).
# Environment: NONET_SOURCE_DIR (the source tree), as for the other e2e tests.

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import nonet_e2e as e2e  # noqa: E402


class GermanApp(e2e.App):
    def _find_grid(self):
        return self.find(lambda a: a is not None
                         and re.match(r"Zeile \d, Spalte \d", a.name or ""))


def named(app, name):
    return app.find(lambda a: a is not None
                    and (a.name == name or (a.name or "").endswith(" " + name)))


def test(home, apps, prefix):
    home.env.pop("LC_ALL", None)
    home.env.pop("LC_MESSAGES", None)
    home.env.update(LANGUAGE="de", LANG="C.UTF-8")
    app = GermanApp(home)
    apps.append(app)

    for name in ("Neues Spiel", "Rückgängig", "Hauptmenü", "Ziffernblock"):
        found = e2e.wait_for(f"“{name}” on the accessibility bus", lambda: named(app, name), timeout=10)
        print(f"found {name!r}: role {found.getRoleName()}")
    for name in ("New Game", "Undo"):
        if named(app, name) is not None:
            raise e2e.Failure(f"“{name}” is still in English")
    print(f"grid cell: {app.grid.name!r}")

    app.screenshot(os.path.join(e2e.shot_dir(home), "e2e-german.png"))
    app.quit()


def test_installed(home, apps, prefix):
    mo = os.path.join(prefix, "share", "locale", "de", "LC_MESSAGES", "nonet.mo")
    if not os.path.exists(mo):
        raise e2e.Failure(f"{mo} was not installed")
    test(home, apps, prefix)


def main():
    return e2e.run_installed(test_installed, "nonet-e2e-de-")


if __name__ == "__main__":
    sys.exit(main())
