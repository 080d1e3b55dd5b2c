#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# set-clipboard.py TEXT: owns the X clipboard with TEXT until killed, as a
# text editor would after Ctrl+C, so the end-to-end tests can paste without
# xclip. Prints "ready" once the clipboard is set.

import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

Gtk.init()
data = GLib.Bytes.new(sys.argv[1].encode())
provider = Gdk.ContentProvider.new_union([
    Gdk.ContentProvider.new_for_bytes("text/plain;charset=utf-8", data),
    Gdk.ContentProvider.new_for_bytes("text/plain", data),
])
Gdk.Display.get_default().get_clipboard().set_content(provider)
print("ready", flush=True)
GLib.MainLoop().run()
