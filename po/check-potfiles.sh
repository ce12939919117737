#!/usr/bin/env bash
# check-potfiles.sh — fails when po/POTFILES.in is out of step with the tree:
# a file with translatable strings is not listed, a listed file does not
# exist, or the list is not sorted.
#
# Usage: po/check-potfiles.sh [SOURCE_ROOT]   (default: the script's parent)
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -u -o pipefail

srcroot=${1:-"$(dirname "$0")/.."}
cd "$srcroot" || exit 2

potfiles=po/POTFILES.in
if [ ! -f "$potfiles" ]; then
  echo "check-potfiles: $potfiles not found under $(pwd)" >&2
  exit 2
fi

export LC_ALL=C
status=0

# The entries: no comments, blank lines or "[encoding: …]" directives.
listed=$(sed -e 's/[[:space:]]*$//' -e '/^#/d' -e '/^$/d' -e '/^\[/d' "$potfiles")

# Sources calling a gettext keyword: the ones xgettext extracts with the glib
# preset (_, N_, C_, NC_, Q_) plus the plain and g_-prefixed gettext family.
# Lines that start a comment do not count. The second grep reads all of its
# input: with -q it would stop at the first match, the first grep could die
# of SIGPIPE and, under pipefail, the file would be passed over.
keyword_re='(^|[^[:alnum:]_])(_|N_|C_|NC_|Q_|g_d?[cnp]?gettext2?|d?c?n?p?gettext)[[:space:]]*\('
c_files=$(find src -type f -name '*.c' 2>/dev/null | sort |
  while read -r f; do
    if grep -vE '^[[:space:]]*(/?\*|//)' "$f" | grep -E "$keyword_re" >/dev/null; then
      echo "$f"
    fi
  done)

ui_files=$(find ui -type f -name '*.ui' 2>/dev/null | sort |
  while read -r f; do
    if grep -qiE 'translatable="(yes|true|1)"' "$f"; then
      echo "$f"
    fi
  done)

data_files=$(find data -maxdepth 1 -type f \
  \( -name '*.desktop.in' -o -name '*.metainfo.xml.in' -o -name '*.appdata.xml.in' \
     -o -name '*.gschema.xml.in' \) 2>/dev/null | sort)

missing=$(printf '%s\n' $c_files $ui_files $data_files |
  grep -vxF -f <(printf '%s\n' "$listed") || true)
if [ -n "$missing" ]; then
  echo "These files have translatable strings but are missing from $potfiles:" >&2
  printf '  %s\n' $missing >&2
  status=1
fi

stale=$(printf '%s\n' "$listed" | while read -r f; do
  [ -n "$f" ] && [ ! -f "$f" ] && echo "$f"
done)
if [ -n "$stale" ]; then
  echo "$potfiles lists files that do not exist:" >&2
  printf '  %s\n' $stale >&2
  status=1
fi

if ! sorted_err=$(printf '%s\n' "$listed" | sort -c -u 2>&1); then
  echo "$potfiles is not sorted (LC_ALL=C, no duplicates): ${sorted_err#sort: }" >&2
  echo "Expected order:" >&2
  printf '%s\n' "$listed" | sort -u | sed 's/^/  /' >&2
  status=1
fi

if [ "$status" -eq 0 ]; then
  echo "$potfiles is complete and sorted ($(printf '%s\n' "$listed" | wc -l) files)."
fi
exit "$status"
