#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check-flatpak.py: the Flatpak manifest, checked statically (no runtime can
# be downloaded here): valid JSON, the app id and command of the app, a
# sandbox of display and GPU only, and flatpak-builder's own parse with
# warnings fatal.
# Usage: check-flatpak.py MANIFEST DESKTOP_FILE
import configparser
import json
import os
import shutil
import subprocess
import tempfile
import sys

APP_ID = "io.github.nonet.Nonet"
ALLOWED = {"--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"}

failures = []


def check(ok, message):
    if not ok:
        failures.append(message)


def main(manifest_path, desktop_path):
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)

    desktop = configparser.ConfigParser(interpolation=None, strict=False)
    desktop.optionxform = str
    desktop.read(desktop_path, encoding="utf-8")
    exec_command = desktop["Desktop Entry"]["Exec"].split()[0]

    check(manifest.get("id") == APP_ID, f"id is {manifest.get('id')!r}, not {APP_ID}")
    check(os.path.basename(manifest_path) == APP_ID + ".json", "the manifest is not named after the app id")
    check(manifest.get("command") == exec_command == "nonet",
          f"command {manifest.get('command')!r} and desktop Exec {exec_command!r} must both be nonet")
    check(manifest.get("runtime") == "org.gnome.Platform", "runtime is not org.gnome.Platform")
    check(manifest.get("sdk") == "org.gnome.Sdk", "sdk is not org.gnome.Sdk")
    version = manifest.get("runtime-version", "")
    check(version.isdigit() and int(version) >= 47, f"runtime-version {version!r} is not a GNOME 47+ runtime")

    args = manifest.get("finish-args", [])
    for arg in args:
        check(not arg.startswith("--filesystem"), f"{arg}: files go through portals")
        check(arg != "--share=network", f"{arg}: Nonet needs no network")
        check(arg in ALLOWED, f"{arg}: only display and GPU access are granted")

    modules = manifest.get("modules", [])
    nonet = [m for m in modules if isinstance(m, dict) and m.get("name") == "nonet"]
    check(len(nonet) == 1, "no module named nonet")
    if nonet:
        check(nonet[0].get("buildsystem") == "meson", "nonet is not built with meson")
        sources = nonet[0].get("sources", [])
        check({"type": "dir", "path": ".."} in sources, "nonet's source is not the dir ..")

    builder = shutil.which("flatpak-builder")
    if builder is None:
        print("SKIP step: flatpak-builder is not installed (Debian: flatpak-builder); "
              "--show-manifest not checked")
    else:
        # flatpak-builder keeps its state in .flatpak-builder under the
        # current folder: a temporary one, not the source tree.
        with tempfile.TemporaryDirectory() as scratch:
            result = subprocess.run([builder, "--show-manifest", os.path.abspath(manifest_path)],
                                    capture_output=True, text=True, timeout=60, cwd=scratch,
                                    env=dict(os.environ, G_DEBUG="fatal-warnings"))
        check(result.returncode == 0 and not result.stderr.strip(),
              f"flatpak-builder --show-manifest: exit {result.returncode}: {result.stderr.strip()}")
        if result.returncode == 0:
            shown = json.loads(result.stdout)
            check(shown.get("id", shown.get("app-id")) == APP_ID, "flatpak-builder reads another app id")

    for message in failures:
        print("FAIL:", message)
    print("ok" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
