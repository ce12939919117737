#!/usr/bin/env python3
# view-call-order.py — checks that the files of HpTimelineView call one way.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# hp-timeline-view.c lists the widget's other files in its opening comment;
# a file may call functions defined in the files after it, never in one
# before it (docs/architecture.md, "The timeline"). Every
# src/app/hp-timeline-view*.c file must be in the list.
#
# Usage: tests/tools/view-call-order.py SRC_DIR
# Prints each call that goes back up the list; exits 1 if any.

import glob
import os
import re
import sys

LISTED = re.compile(r"^ \*\s+(hp-timeline-view-[a-z]+\.c)\b", re.M)
DEFINED = re.compile(r"^(hp_timeline_view_\w+) \(", re.M)
COMMENT = re.compile(r"/\*.*?\*/", re.S)


def main():
    app = os.path.join(sys.argv[1] if len(sys.argv) > 1 else ".", "src", "app")
    with open(os.path.join(app, "hp-timeline-view.c"), encoding="utf-8") as f:
        order = ["hp-timeline-view.c"] + LISTED.findall(f.read())
    present = sorted(os.path.basename(p) for p in glob.glob(os.path.join(app, "hp-timeline-view*.c")))
    problems = ["%s: not in hp-timeline-view.c's list" % name for name in present if name not in order]
    problems += ["%s: listed, but there is no such file" % name for name in order if name not in present]
    if problems:
        print("\n".join(problems))
        return 1

    text = {}
    defined = {}
    for name in order:
        with open(os.path.join(app, name), encoding="utf-8") as f:
            text[name] = COMMENT.sub("", f.read())
        for function in DEFINED.findall(text[name]):
            defined[function] = name

    for i, name in enumerate(order):
        for function, home in sorted(defined.items()):
            if home == name or order.index(home) > i:
                continue
            if re.search(r"\b%s\s*\(" % function, text[name]):
                problems.append("%s calls %s (%s), which is before it" % (name, function, home))
    print("\n".join(problems) if problems else "the %d files call one way" % len(order))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
