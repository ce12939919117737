#!/usr/bin/env python3
# check-media.py — the user guide's figures: every <media src> of a page is
# in help_media (and so installed by gnome.yelp), every listed figure is
# used and exists, and each is byte-identical to the screenshot of the same
# name in data/screenshots, so the guide never shows a stale picture.
#
# Usage: check-media.py HELP_C_DIR SCREENSHOT_DIR --pages PAGE… --media FILE…
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import sys
import xml.etree.ElementTree as ET

MALLARD = '{http://projectmallard.org/1.0/}'


def main(argv):
    if len(argv) < 4 or '--pages' not in argv or '--media' not in argv:
        print('usage: check-media.py HELP_C_DIR SCREENSHOT_DIR --pages PAGE… --media FILE…',
              file=sys.stderr)
        return 2
    cdir, shots = argv[1], argv[2]
    pi, mi = argv.index('--pages'), argv.index('--media')
    pages, media = argv[pi + 1:mi], argv[mi + 1:]
    errors = []
    used = {}
    for page in pages:
        tree = ET.parse(os.path.join(cdir, page))
        for el in tree.iter(MALLARD + 'media'):
            src = el.get('src', '')
            used.setdefault(src, page)
            if src not in media:
                errors.append(f'{page}: <media src="{src}"> is not in help_media')
    for m in media:
        path = os.path.join(cdir, m)
        if not os.path.isfile(path):
            errors.append(f'{m}: listed in help_media but missing')
            continue
        if m not in used:
            errors.append(f'{m}: listed in help_media but no page shows it')
        orig = os.path.join(shots, os.path.basename(m))
        if not os.path.isfile(orig):
            errors.append(f'{m}: no screenshot {orig} to compare with')
        else:
            with open(path, 'rb') as a, open(orig, 'rb') as b:
                if a.read() != b.read():
                    errors.append(f'{m}: differs from {orig}; copy the new screenshot')
    for e in errors:
        print(e, file=sys.stderr)
    if not used:
        print('no page shows a figure', file=sys.stderr)
        return 1
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
