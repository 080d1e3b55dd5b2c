#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# test-app.py: starts the real nonet, finds its window, takes screenshots and
# checks that a square 9x9 grid holding a puzzle is drawn, centred, before and
# after a resize (the first start's welcome page left with Escape, for the
# puzzle made ready behind it), then quits with Ctrl+Q. Needs an X display (xvfb-run), xdotool and
# ImageMagick's import. Environment: NONET_APP (the binary), NONET_TEST_OUTPUT
# (where the screenshots go; default: the current directory).

import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

TITLE = "Nonet"
SKIP = 77


class Failure(Exception):
    pass


def read_png(path):
    """Width, height and rows of (r, g, b) for an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure(f"{path} is not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise Failure(f"{path}: unexpected PNG format (depth {depth}, colour type {colour})")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 0xFF
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def luminance(rgb):
    r, g, b = rgb
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def lines_along(dark, count, length):
    """Groups of adjacent indices whose longest dark run is near the longest
    of all: the full-length grid lines, not the broken strokes of digits."""
    longest = []
    for i in range(count):
        best = run = 0
        for j in range(length):
            run = run + 1 if dark(i, j) else 0
            best = max(best, run)
        longest.append(best)
    top = max(longest)
    groups = []
    for i, n in enumerate(longest):
        if top > 0 and n >= 0.9 * top:
            if groups and groups[-1][1] == i - 1:
                groups[-1][1] = i
            else:
                groups.append([i, i])
    return groups, top


def find_grid(path, centred=True):
    """The grid in a screenshot: checks it is there and square, returns
    (left, top, side) and the window's width."""
    width, height, rows = read_png(path)
    lum = [[luminance(p) for p in row] for row in rows]
    values = [v for row in lum for v in row]
    mean = sum(values) / len(values)
    deviation = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
    if deviation < 0.05:
        raise Failure(f"{path} looks blank (standard deviation {deviation:.3f})")

    def dark(v):
        return v < 0.35

    columns, top_v = lines_along(lambda x, y: dark(lum[y][x]), width, height)
    rows_, top_h = lines_along(lambda y, x: dark(lum[y][x]), height, width)
    # The four box lines across and down; the header bar has no long dark lines.
    if len(columns) != 4 or len(rows_) != 4:
        raise Failure(f"{path}: expected 4 box lines each way, found {len(columns)} vertical "
                      f"and {len(rows_)} horizontal")
    left, right = columns[0][0], columns[-1][1]
    top, bottom = rows_[0][0], rows_[-1][1]
    side_x, side_y = right - left + 1, bottom - top + 1
    if abs(side_x - side_y) > 2:
        raise Failure(f"{path}: the grid is {side_x}x{side_y}, not square")
    # Box lines a third of the grid apart, as long as the grid is wide.
    for groups, origin in ((columns, left), (rows_, top)):
        for k, (a, b) in enumerate(groups):
            centre = (a + b) / 2 - origin
            if abs(centre - k * (side_x - 1) / 3) > 0.03 * side_x + 2:
                raise Failure(f"{path}: box line {k} at {centre:.1f} of a {side_x} px grid")
    if abs(top_v - side_y) > 2 or abs(top_h - side_x) > 2:
        raise Failure(f"{path}: box lines {top_v} and {top_h} px long in a {side_x} px grid")
    # Centred across the window (the header bar is above it, so only across)
    # unless the number pad stands beside it.
    if centred and abs(left - (width - 1 - right)) > 3:
        raise Failure(f"{path}: grid not centred: {left} px left of it, {width - 1 - right} right")
    # A puzzle: the first start generates one, so count its givens (dark
    # pixels in the middle of a cell) rather than expect particular ones.
    cell = side_x / 9
    def dark_in(col, row):
        x0, y0 = int(left + col * cell + cell * 0.2), int(top + row * cell + cell * 0.2)
        x1, y1 = int(left + (col + 1) * cell - cell * 0.2), int(top + (row + 1) * cell - cell * 0.2)
        return sum(dark(lum[y][x]) for y in range(y0, y1) for x in range(x0, x1))
    filled = sum(1 for row in range(9) for col in range(9)
                 if dark_in(col, row) >= cell * cell * 0.03)
    if not 17 <= filled < 81:
        raise Failure(f"{path}: {filled} cells hold a digit; a puzzle has 17 to 80")
    return (left, top, side_x), width, height


def xdotool(*args, timeout=10):
    result = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise Failure(f"xdotool {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def screenshot(wid, path):
    # Without a window manager every window sits at 0,0: other tests' windows
    # on the same display may cover this one, and import grabs the screen.
    xdotool("windowraise", wid)
    # PNG24: always 8-bit RGB, which read_png understands.
    subprocess.run(["import", "-window", wid, f"PNG24:{path}"], check=True, timeout=30)


def wait_for_grid(wid, path, expect=None, timeout=30, centred=True, on_miss=None):
    """Screenshots until the grid is found (and, with expect, has that size);
    on_miss() after each screenshot without it."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            screenshot(wid, path)
            found = find_grid(path, centred)
            if expect is None or expect(found):
                return found
            problem = f"unexpected grid {found}"
        except (Failure, subprocess.CalledProcessError) as e:
            problem = str(e)
        if time.monotonic() > deadline:
            raise Failure(problem)
        if on_miss is not None:
            on_miss()
        time.sleep(0.3)


def leave_welcome(wid):
    """Escape: the welcome page goes for the puzzle behind it (and does
    nothing on a board). Again on each miss: another test on the display
    may have had the focus."""
    xdotool("windowfocus", "--sync", wid)
    xdotool("key", "Escape")


def main():
    if not os.environ.get("DISPLAY"):
        print("SKIP: no DISPLAY (run under xvfb-run)")
        return SKIP
    app = os.environ.get("NONET_APP")
    if not app or not os.access(app, os.X_OK):
        print(f"FAIL: NONET_APP is not an executable: {app!r}")
        return 1
    for tool in ("xdotool", "import"):
        if shutil.which(tool) is None:
            print(f"FAIL: {tool} is not installed")
            return 1
    output = os.environ.get("NONET_TEST_OUTPUT") or os.getcwd()
    os.makedirs(output, exist_ok=True)

    home = tempfile.mkdtemp(prefix="nonet-test-app-")
    env = dict(os.environ, GSETTINGS_BACKEND="memory")
    # The compiled schema is in the build tree's data folder.
    env.setdefault("GSETTINGS_SCHEMA_DIR",
                   os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
                       os.path.abspath(app)))), "data"))
    for name in ("CACHE", "CONFIG", "DATA", "STATE"):
        env[f"XDG_{name}_HOME"] = os.path.join(home, name.lower())
    env["XDG_RUNTIME_DIR"] = os.path.join(home, "runtime")
    os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
    log_path = os.path.join(home, "nonet.log")

    with open(log_path, "w") as log:
        proc = subprocess.Popen([app], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        try:
            # By process too: other tests on the same display open windows
            # with the same title and close them again at any moment.
            out = xdotool("search", "--sync", "--all", "--onlyvisible", "--pid", str(proc.pid),
                          "--name", f"^{TITLE}$", timeout=30)
        except subprocess.TimeoutExpired:
            raise Failure(f"no visible window titled {TITLE!r} after 30 s")
        wid = out.split()[-1]

        # (At the default size the number pad stands beside the grid.)
        shot = os.path.join(output, "test-app-default.png")
        leave_welcome(wid)
        (left, top, side), width, height = wait_for_grid(wid, shot, centred=False,
                                                         on_miss=lambda: leave_welcome(wid))
        print(f"default: {width}x{height} window, {side} px grid at {left},{top}: {shot}")

        # Narrow and tall: the pad below, the grid centred across.
        xdotool("windowsize", wid, "600", "900")
        shot = os.path.join(output, "test-app-tall.png")
        (left1, top1, side1), width1, height1 = wait_for_grid(
            wid, shot, expect=lambda f: f[1] == 600 and f[2] == 900)
        print(f"tall: {width1}x{height1} window, {side1} px grid at {left1},{top1}: {shot}")

        # Wide and short: the grid shrinks to the height (the number pad
        # may move beside it).
        xdotool("windowsize", wid, "900", "420")
        shot = os.path.join(output, "test-app-wide.png")
        (left2, top2, side2), width2, height2 = wait_for_grid(
            wid, shot, expect=lambda f: f[1] == 900 and f[2] == 420, centred=False)
        if not side2 < side or not side2 < height2:
            raise Failure(f"after resizing to 900x420 the grid is {side2} px (was {side})")
        print(f"wide: {width2}x{height2} window, {side2} px grid at {left2},{top2}: {shot}")

        # Ctrl+Q quits. Keys go to the focused window, and another test on
        # the same display may take the focus at any time: focus, press, and
        # try again if the key went elsewhere.
        code = None
        for attempt in range(5):
            xdotool("windowfocus", "--sync", wid)
            xdotool("key", "ctrl+q")
            try:
                code = proc.wait(timeout=3)
                break
            except subprocess.TimeoutExpired:
                pass
        if code is None:
            raise Failure("still running after Ctrl+Q, pressed five times")
        if code != 0:
            raise Failure(f"exited with status {code}")
    except Failure as e:
        print(f"FAIL: {e}")
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        with open(log_path) as log:
            sys.stdout.write(log.read())
        return 1
    finally:
        shutil.rmtree(home, ignore_errors=True)

    print("PASS: the window showed a square grid with a puzzle at both sizes and quit on Ctrl+Q")
    return 0


if __name__ == "__main__":
    sys.exit(main())
