#!/usr/bin/env python3
# file-lengths.py — lists the C sources under src/ longer than a limit.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: file-lengths.py SOURCE_ROOT [LIMIT]
#
# A file of one job stays short (docs/architecture.md, "Files"); this names
# every .c and .h under SOURCE_ROOT/src and SOURCE_ROOT/python with more than LIMIT lines (800 by
# default), longest first, and exits 1 when there is one.

import os
import sys


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: file-lengths.py SOURCE_ROOT [LIMIT]", file=sys.stderr)
        return 2
    root = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) == 3 else 800
    long_files = []
    for top in ("src", "python"):
        for folder, _dirs, names in os.walk(os.path.join(root, top)):
            for name in names:
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    n = sum(1 for _ in f)
                if n > limit:
                    long_files.append((n, os.path.relpath(path, root)))
        for n, path in sorted(long_files, key=lambda item: (-item[0], item[1])):
            print(f"{path}: {n} lines (limit {limit})")
        return 1 if long_files else 0


if __name__ == "__main__":
    sys.exit(main())
