#!/usr/bin/env python3
# module-loops.py — finds loops between the source modules of src/.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Module A depends on module B when A's object file calls a function (or
# reads a variable) that B's object file defines: the dependencies the
# includes stand for, without the noise of headers that only pass types
# along. A module is a .c file; a .c file that includes another module's
# -private.h is part of that module (hp-window-actions.c belongs to
# hp-window, as one class split by concern).
#
# Usage: tests/tools/module-loops.py BUILD_DIR [SRC_DIR]
# Prints each loop and the symbols that make each edge; exits 1 if any.

import glob
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def owners(src):
    """file stem -> module stem, from the -private.h rule"""
    owner = {}
    for path in glob.glob(os.path.join(src, "**", "*.c"), recursive=True):
        name = os.path.basename(path)[:-2]
        with open(path, encoding="utf-8") as f:
            privates = [os.path.basename(i)[: -len("-private.h")] for i in INCLUDE.findall(f.read()) if i.endswith("-private.h")]
        mine = [p for p in privates if name.startswith(p + "-")]
        owner[name] = max(mine, key=len) if mine else name
    return owner


def main():
    if len(sys.argv) < 2:
        print("usage: module-loops.py BUILD_DIR [SRC_DIR]", file=sys.stderr)
        return 2
    build = sys.argv[1]
    src = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src")
    owner = owners(src)
    defined, used = {}, {}
    for lib in sorted(glob.glob(os.path.join(build, "src", "*", "*.a"))):
        out = subprocess.run(["nm", "-A", lib], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.match(r"[^:]+:([^:]+)\.c\.o:\s*[0-9a-f]*\s+([A-Za-z])\s+(\S+)$", line)
            if not m:
                continue
            obj, kind, symbol = m.groups()
            obj = os.path.basename(obj)
            module = owner.get(obj, obj)
            if kind in "TDBR":
                defined[symbol] = module
            elif kind == "U":
                used.setdefault(module, set()).add(symbol)

    edges = {}
    for a, symbols in used.items():
        for symbol in symbols:
            b = defined.get(symbol)
            if b is not None and b != a:
                edges.setdefault(a, {}).setdefault(b, set()).add(symbol)

    index, low, stack, on_stack, loops = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(100000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                loops.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)

    for component in loops:
        print("loop: " + " ".join(component))
        for a in component:
            for b, symbols in sorted(edges.get(a, {}).items()):
                if b in component:
                    print("  %s -> %s: %s" % (a, b, ", ".join(sorted(symbols)[:3])))
    return 1 if loops else 0


if __name__ == "__main__":
    sys.exit(main())
