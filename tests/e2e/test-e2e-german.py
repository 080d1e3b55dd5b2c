#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-e2e-german.py: the translation chain end to end. Nonet is built and
# installed into a temporary prefix (so LOCALEDIR is where the .mo lands),
# started with LANGUAGE=de, and must speak German to a screen reader: the
# header bar's buttons (from the .ui file), the grid's cells (from C), and
# the core's sentences (a parse error and a conflict, said by ne-messages).
# Environment: NONET_SOURCE_DIR (the source tree), as for the other e2e tests.

import os
import re
import subprocess
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

    # The core reports kinds and numbers; the sentences are translated.
    toast = e2e.paste(app, "12345", "the parse error in German",
                      lambda: app.find(lambda a: a is not None
                                       and (a.name or "").startswith("Zeile 1: 5 Zellen, eine Zeile des Gitters hat 9")))
    print(f"bad paste: {toast.name!r}")
    e2e.paste(app, "5.5" + "." * 78, "the pasted puzzle in the editor", lambda: app.find_button("Starten"))
    app.press("Starten")
    conflict = e2e.wait_for("the conflict in German",
                            lambda: app.find(lambda a: a is not None
                                             and "Z1S1 und Z1S3 sind beide 5 (Zeile 1)" in (a.name or "")))
    print(f"conflict: {conflict.name!r}")
    app.quit()


def cli_in_german(prefix):
    """The installed nonet-cli explains a grade and names a bad line in German."""
    env = dict(os.environ, LANGUAGE="de", LANG="C.UTF-8")
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    cli = os.path.join(prefix, "bin", "nonet-cli")
    # Inkala's 2012 puzzle: no technique applies at once, so guessing.
    inkala = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
    easy = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"
    out = subprocess.run([cli, "grade", "--explain", "-"], input=easy + "\n" + inkala + "\n",
                         env=env, capture_output=True, text=True, timeout=60)
    if out.returncode != 0 or "muss" not in out.stdout \
            or "keine Technik greift und 60 Zellen sind noch leer" not in out.stdout:
        raise e2e.Failure(f"grade --explain is not in German: {out.stdout[:400]!r} {out.stderr!r}")
    print("explain:", out.stdout.splitlines()[1])
    bad = subprocess.run([cli, "check", "-"], input="5.5" + "." * 78 + "\n12x\n", env=env,
                         capture_output=True, text=True, timeout=60)
    for expected in ("Standardeingabe:1: Z1S1 und Z1S3 sind beide 5 (Zeile 1)",
                     "Standardeingabe:2:3: 'x' ist weder eine Ziffer noch ein Leerfeld"):
        if expected not in bad.stderr:
            raise e2e.Failure(f"check does not say {expected!r}: {bad.stderr!r}")
    print("check:", bad.stderr.strip().replace("\n", " | "))


def test_installed(home, apps, prefix):
    mo = os.path.join(prefix, "share", "locale", "de", "LC_MESSAGES", "nonet.mo")
    if not os.path.exists(mo):
        raise e2e.Failure(f"{mo} was not installed")
    cli_in_german(prefix)
    test(home, apps, prefix)


def main():
    return e2e.run_installed(test_installed)


if __name__ == "__main__":
    sys.exit(main())
