#!/usr/bin/env python3
# analysis-names.py — each analysis name of `hotpath-cli analyses` is written
# as a string literal only in the analysis' own file pair (the header that
# defines HP_<X>_ANALYSIS and the .c that defines its descriptor) and the
# registry; everything else uses the macro or the descriptor.
#
# Usage: analysis-names.py HOTPATH-CLI SOURCE-ROOT
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import sys

REGISTRY = "src/core/hp-analysis-registry.c"

# (file, name, why): literals spelled like an analysis name that are not
# one, or that belong to code still reading tables and charts by name
KNOWN = [
    ("src/core/hp-gzip.c", "memory", "an asm clobber"),
    ("src/core/hp-critical-path-overlay.c", "critical_path", "the category of the overlaid events"),
    ("src/core/hp-critical-path-ranks.c", "collectives", "a column"),
    ("src/core/hp-critical-path.h", "collectives", "the identifier of that column"),
    ("src/cli/hp-cli-info.c", "communication", "a label and a JSON key of `info`"),
]


def sources(root):
    for top in ("src",):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if f.endswith((".c", ".h")):
                    path = os.path.join(d, f)
                    yield os.path.relpath(path, root), open(path, encoding="utf-8").read()


def main():
    cli, root = sys.argv[1], sys.argv[2]
    out = subprocess.run([cli, "analyses"], check=True, capture_output=True, text=True).stdout
    names = [m.group(1) for m in re.finditer(r"^(\w+) — ", out, re.M)]
    if len(names) < 10:
        print("could not read the analyses from `hotpath-cli analyses`")
        return 1
    files = dict(sources(root))
    known = {(f, n) for f, n, _ in KNOWN}
    failed = 0
    for name in names:
        macro = None
        own = {REGISTRY}
        for path, text in files.items():
            m = re.search(r'#define (HP_\w+_ANALYSIS) "%s"' % re.escape(name), text)
            if m is not None and path.endswith(".h"):
                macro = m.group(1)
                own.add(path)
        if macro is None:
            print("%s: no header defines its name as HP_<X>_ANALYSIS" % name)
            failed += 1
            continue
        for path, text in files.items():
            if path.endswith(".c") and re.search(r"\.name = %s\b" % macro, text):
                own.add(path)
        if len(own) != 3:
            print("%s: expected its header, the file of its descriptor and the registry, found %s"
                  % (name, sorted(own)))
            failed += 1
        literal = '"%s"' % name
        found = sorted(p for p, t in files.items() if literal in t)
        extra = [p for p in found if p not in own and (p, name) not in known]
        if extra:
            print("%s: written as a literal in %s; use %s" % (name, ", ".join(extra), macro))
            failed += 1
        print("%s: %d files with the literal, %d known exceptions" %
              (name, len(found), len([p for p in found if (p, name) in known])))
    stale = [(f, n) for f, n, _ in KNOWN if f in files and '"%s"' % n not in files[f]]
    for f, n in stale:
        print("note: %s no longer writes \"%s\": drop it from KNOWN" % (f, n))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
