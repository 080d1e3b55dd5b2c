#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check-desktop-integration.py: the desktop file, metainfo, file types and
# icons agree with each other; each validator checks one file, this checks
# the names that tie them together.
# Usage: check-desktop-integration.py DESKTOP METAINFO MIME_XML ICON_DIR
import configparser
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

APP_ID = "io.github.nonet.Nonet"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
SVG_NS = "{http://www.w3.org/2000/svg}"

failures = []


def check(ok, message):
    if not ok:
        failures.append(message)


def main(desktop_path, metainfo_path, mime_path, icon_dir):
    desktop = configparser.ConfigParser(interpolation=None, strict=False)
    desktop.optionxform = str
    desktop.read(desktop_path, encoding="utf-8")
    entry = desktop["Desktop Entry"]
    check(os.path.basename(desktop_path) == APP_ID + ".desktop",
          f"desktop file is named {os.path.basename(desktop_path)}, not {APP_ID}.desktop")
    check(entry.get("Icon") == APP_ID, f"Icon={entry.get('Icon')}, expected {APP_ID}")
    check(entry.get("Exec", "").split()[0] == "nonet", f"Exec={entry.get('Exec')} does not run nonet")
    check(set(entry.get("Categories", "").split(";")) >= {"Game", "LogicGame"},
          "Categories lacks Game;LogicGame;")
    check(entry.get("Keywords", "").endswith(";"), "Keywords must end with a semicolon")
    check(any(k.startswith("Keywords[de]") for k in entry), "Keywords are not translated into German")
    desktop_types = {t for t in entry.get("MimeType", "").split(";") if t}

    metainfo = ET.parse(metainfo_path).getroot()
    check(metainfo.findtext("id") == APP_ID, f"metainfo id is {metainfo.findtext('id')}")
    check(metainfo.findtext("launchable") == APP_ID + ".desktop",
          f"metainfo launchable is {metainfo.findtext('launchable')}")
    binaries = {b.text for b in metainfo.iter("binary")}
    check(binaries == {"nonet", "nonet-cli"}, f"metainfo provides binaries {sorted(binaries)}")
    check(metainfo.find("content_rating[@type='oars-1.1']") is not None, "no OARS 1.1 content rating")
    check(len(metainfo.findall("screenshots/screenshot")) >= 1, "no screenshots")
    for image in metainfo.iter("image"):
        name = image.text.rsplit("/data/", 1)[-1]
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", name)
        check(os.path.exists(path), f"screenshot {image.text} is not in the repository at data/{name}")

    mime = ET.parse(mime_path).getroot()
    mime_types = {t.get("type") for t in mime.iter(MIME_NS + "mime-type")}
    check(desktop_types == mime_types,
          f"desktop MimeType {sorted(desktop_types)} differs from the types defined {sorted(mime_types)}")
    for t in mime.iter(MIME_NS + "mime-type"):
        check(t.find(MIME_NS + "glob") is not None, f"{t.get('type')} has no glob")
        check(t.find(MIME_NS + "comment[@{http://www.w3.org/XML/1998/namespace}lang='de']") is not None,
              f"{t.get('type')} has no German comment")
    if shutil.which("update-mime-database"):
        with tempfile.TemporaryDirectory() as tmp:
            mime_dir = os.path.join(tmp, "mime")
            os.makedirs(os.path.join(mime_dir, "packages"))
            shutil.copy(mime_path, os.path.join(mime_dir, "packages", APP_ID + ".xml"))
            result = subprocess.run(["update-mime-database", mime_dir], capture_output=True,
                                    text=True, env=dict(os.environ, XDG_DATA_DIRS=tmp))
            check(result.returncode == 0 and not result.stderr.strip(),
                  f"update-mime-database: {result.stderr.strip()}")
            with open(os.path.join(mime_dir, "globs2")) as f:
                globs = f.read()
            for pattern in ("*.sdk", "*.sdm", "*.ss", "*.opensudoku"):
                check(pattern in globs, f"{pattern} is not in the compiled globs")

    for path, size in ((f"hicolor/scalable/apps/{APP_ID}.svg", None),
                       (f"hicolor/symbolic/apps/{APP_ID}-symbolic.svg", "16")):
        full = os.path.join(icon_dir, path)
        if not os.path.exists(full):
            failures.append(f"missing icon {path}")
            continue
        svg = ET.parse(full).getroot()
        check(svg.tag == SVG_NS + "svg", f"{path} is not SVG")
        check(svg.get("viewBox") is not None, f"{path} has no viewBox")
        if size:
            check(svg.get("width") == size and svg.get("height") == size, f"{path} is not {size}×{size}")
            fills = {e.get("fill") for e in svg.iter() if e.get("fill") not in (None, "none")}
            check(len(fills) <= 1, f"{path} uses several colours: {sorted(fills)}")

    for message in failures:
        print("FAIL:", message)
    print("ok" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
