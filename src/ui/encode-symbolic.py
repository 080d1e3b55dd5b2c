#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# encode-symbolic.py ENCODER SVG SIZE OUTPUT: GTK's symbolic PNG of a
# symbolic SVG at SIZE px (gtk4-encode-symbolic-svg), written to OUTPUT.
# The encoder names its file after the SVG's, in a folder it is given; meson
# wants a file name of each size's own.

import os
import shutil
import subprocess
import sys
import tempfile

encoder, svg, size, output = sys.argv[1:]
with tempfile.TemporaryDirectory() as folder:
    subprocess.run([encoder, "-o", folder, svg, f"{size}x{size}"], check=True)
    name = os.path.basename(svg)[:-len(".svg")] + ".symbolic.png"
    shutil.copyfile(os.path.join(folder, name), output + ".part")
    os.replace(output + ".part", output)
