#!/usr/bin/env python3
# layout-setters.py — checks that nothing can change a timeline layout once it is built.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# An HpTimelineLayout is complete when hp_timeline_layout_new() returns
# (docs/architecture.md, "The timeline"): every function of src/ that is
# given one takes it const, but for its lifetime (ref, unref), the scene
# that keeps a reference, and the hashing of name colours that
# hp_timeline_layout_new() calls before it returns. A setter added back, or
# any function taking a layout it could write, is reported here; so is a
# cast that takes the const away, but for the unref of a kept reference.
#
# Usage: tests/tools/layout-setters.py SRC_DIR
# Prints each offending function or cast; exits 1 if any.

import glob
import os
import re
import sys

ALLOWED = {
    "hp_timeline_layout_ref",
    "hp_timeline_layout_unref",
    "hp_timeline_scene_new",
    "_hp_timeline_layout_hash_name_colors",
}
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# a function declared or defined: its name and its parameters
FUNCTION = re.compile(r"\b(\w+)\s*\(([^;{}()]*(?:\([^()]*\)[^;{}()]*)*)\)\s*[;{]", re.S)
WRITABLE = re.compile(r"(?<!const )\bHpTimelineLayout\s*\*")
CAST = re.compile(r"\(\s*HpTimelineLayout\s*\*\s*\)\s*([\w>.-]+)")


def main():
    src = os.path.join(sys.argv[1] if len(sys.argv) > 1 else ".", "src")
    problems = []
    files = sorted(glob.glob(os.path.join(src, "**", "*.[ch]"), recursive=True))
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = COMMENT.sub("", f.read())
        name = os.path.relpath(path, src)
        for function, params in FUNCTION.findall(text):
            if function not in ALLOWED and WRITABLE.search(params):
                problems.append("%s: %s takes a layout it could change" % (name, function))
        for match in CAST.finditer(text):
            line = text[text.rfind("\n", 0, match.start()) + 1 : text.find("\n", match.end())]
            if "hp_timeline_layout_unref" not in line:
                problems.append("%s: casts const away: %s" % (name, line.strip()))
    print("\n".join(problems) if problems else "no function of %d files can change a layout" % len(files))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
