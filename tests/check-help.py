#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check-help.py: the user help is well-formed Mallard that yelp can show:
# each page parses (xmllint too, when installed), is a Mallard page whose id
# is its file name, has a title, and every xref names a page that exists;
# every topic is linked from the index; meson installs each page; and the
# help: URI the app opens is the id the pages are installed under.
# Usage: check-help.py HELP_DIR HELP_ID APP_SOURCE
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

MALLARD = "{http://projectmallard.org/1.0/}"


def main():
    help_dir, help_id, app_source = sys.argv[1:4]
    c_dir = os.path.join(help_dir, "C")
    failures = []
    pages = {}
    for name in sorted(os.listdir(c_dir)):
        if not name.endswith(".page"):
            continue
        path = os.path.join(c_dir, name)
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError as e:
            failures.append(f"{name}: not well-formed XML: {e}")
            continue
        if root.tag != MALLARD + "page":
            failures.append(f"{name}: the root is {root.tag}, not a Mallard <page>")
            continue
        if root.get("id") != name[:-len(".page")]:
            failures.append(f"{name}: its id is {root.get('id')!r}, not its file name")
        title = root.find(MALLARD + "title")
        if title is None or not "".join(title.itertext()).strip():
            failures.append(f"{name}: no title")
        pages[root.get("id")] = root
        if shutil.which("xmllint"):
            result = subprocess.run(["xmllint", "--noout", path], capture_output=True, text=True)
            if result.returncode != 0:
                failures.append(f"{name}: xmllint: {result.stderr.strip()}")

    if "index" not in pages:
        failures.append("no index.page: yelp opens help:ID at the index")
    for page_id, root in pages.items():
        for link in root.iter():
            xref = link.get("xref")
            if xref is not None and xref.split("#")[0] not in pages:
                failures.append(f"{page_id}.page: xref {xref!r} names no page")
        if root.get("type") == "topic":
            guides = [l.get("xref", "").split("#")[0] for l in root.iter(MALLARD + "link")
                      if l.get("type") == "guide"]
            if "index" not in guides:
                failures.append(f"{page_id}.page: a topic not linked from the index (no guide link)")

    with open(os.path.join(help_dir, "meson.build")) as f:
        build = f.read()
    listed = set(re.findall(r"'([\w-]+\.page)'", build))
    for page_id in pages:
        if f"{page_id}.page" not in listed:
            failures.append(f"help/meson.build does not install {page_id}.page")
    if f"gnome.yelp('{help_id}'" not in build or f"'help' / 'C' / '{help_id}'" not in build:
        failures.append(f"help/meson.build does not install the pages as {help_id!r}")

    with open(app_source) as f:
        if f'"help:{help_id}"' not in f.read():
            failures.append(f"{os.path.basename(app_source)} does not open help:{help_id}")

    for failure in failures:
        print(f"FAIL: {failure}")
    if not failures:
        print(f"PASS: {len(pages)} Mallard pages, their links and their install as help:{help_id}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
