#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# get-clipboard.py: prints the X clipboard's text, as a text editor's Paste
# would take it, so the end-to-end tests can read what the app copied
# without xclip. Exits 1 when the clipboard holds no text.

import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

Gtk.init()
loop = GLib.MainLoop()
result = {}


def done(clipboard, res):
    try:
        result["text"] = clipboard.read_text_finish(res)
    except GLib.Error as e:
        result["error"] = e.message
    loop.quit()


Gdk.Display.get_default().get_clipboard().read_text_async(None, done)
loop.run()
if result.get("text") is None:
    print(result.get("error", "no text on the clipboard"), file=sys.stderr)
    sys.exit(1)
sys.stdout.write(result["text"])
