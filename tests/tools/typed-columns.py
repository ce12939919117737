#!/usr/bin/env python3
# typed-columns.py — the charts and the app read tables through the column
# identifiers and table names each analysis exports from its header.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails when a file of src/charts or src/app
#  - looks a column up by a string: hp_table_find_column (t, "…") or
#    _hp_chart_column (t, "…");
#  - spells a table's name, as core's headers define them
#    (#define HP_…_TABLE "…"), in a string literal. A name that is also an
#    analysis' name (#define HP_…_ANALYSIS "…") is left to the analysis
#    descriptors, which name analyses.
#
# Usage: tests/tools/typed-columns.py SRC_DIR
# Prints each offending line; exits 1 if any.

import glob
import os
import re
import sys

BY_STRING = re.compile(r'\b(hp_table_find_column|_hp_chart_column)\s*\([^;]*?,\s*"', re.S)
DEFINE = re.compile(r'^#define\s+HP_\w+_(TABLE|ANALYSIS)\s+"([^"]+)"', re.M)
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def blank(match):
    """a comment as spaces, keeping the line breaks"""
    return re.sub(r'[^\n]', ' ', match.group(0))


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else 'src'
    tables, analyses = set(), set()
    for header in glob.glob(os.path.join(src, 'core', '*.h')):
        with open(header, encoding='utf-8') as f:
            for kind, name in DEFINE.findall(f.read()):
                (tables if kind == 'TABLE' else analyses).add(name)
    if len(tables) < 20:
        print(f'only {len(tables)} table names found in {src}/core', file=sys.stderr)
        return 1
    names = tables - analyses

    problems = []
    for layer in ('charts', 'app'):
        for path in sorted(glob.glob(os.path.join(src, layer, '*.[ch]'))):
            with open(path, encoding='utf-8') as f:
                code = COMMENT.sub(blank, f.read())
            for match in BY_STRING.finditer(code):
                line = code.count('\n', 0, match.start()) + 1
                problems.append(f'{path}:{line}: column read by name: {match.group(0).strip()}…')
            for match in LITERAL.finditer(code):
                if match.group(1) in names:
                    line = code.count('\n', 0, match.start()) + 1
                    problems.append(f'{path}:{line}: table name as a string: "{match.group(1)}"')
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
