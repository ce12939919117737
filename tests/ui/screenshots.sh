#!/usr/bin/env bash
# screenshots.sh — renders the start page, the preferences and every tab of
# Hotpath on the public 2-rank trace to PNG files, at 1280×800 under Xvfb.
#
# Usage: tests/ui/screenshots.sh [OUTDIR]      (default: tests/ui/out)
# Environment: BUILDDIR (default: build), TRACE (default: the 2-rank trace),
#              COMPARE_TRACE (compared with TRACE in the comparison window;
#              default: the NCCL trace),
#              SIZE (default: 1280x800; e.g. 1280x3000 shows whole panels)
#
# The app does the rendering itself: built with -Dtest_hooks=true (this
# script configures BUILDDIR so) and run with HOTPATH_SCREENSHOT_DIR set, its
# test hooks (src/app/hp-test-hooks.c, hp-screenshots.c) draw the window
# through GTK's own renderer, so no window manager or
# screen grabber is needed. Settings live in memory and XDG folders in a
# temporary home, so recent folders and saved window sizes stay out. Each run
# of the app gets five minutes.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
builddir=${BUILDDIR:-$top/build}
outdir=${1:-$here/out}
trace=${TRACE:-$top/tests/data/hta_trace_filter_2ranks}
compare_trace=${COMPARE_TRACE:-$top/tests/data/hta_nccl_parser_config}
size=${SIZE:-1280x800}

for tool in xvfb-run dbus-run-session python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "screenshots.sh: $tool is missing (Debian packages: xvfb xauth dbus)" >&2
    exit 1
  fi
done

# the screenshots are taken by the app's test hooks (-Dtest_hooks=true)
hooks_on ()
{
  meson introspect "$builddir" --buildoptions |
    python3 -c 'import json, sys; sys.exit(not any(o["name"] == "test_hooks" and o["value"] for o in json.load(sys.stdin)))'
}
if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" "$top" -Dtest_hooks=true
elif ! hooks_on; then
  meson configure "$builddir" -Dtest_hooks=true
fi
# the app, and its settings schema for the preferences (00-preferences.png)
meson compile -C "$builddir" hotpath gschemas-compiled >/dev/null

mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
rm -f "$outdir"/[0-9][0-9]-*.png

home=$(mktemp -d "${TMPDIR:-/tmp}/hotpath-screenshots-XXXXXX")
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/config" "$home/data" "$home/cache" "$home/runtime"
chmod 700 "$home/runtime"

run_app() {
  env HOME="$home" \
    XDG_CONFIG_HOME="$home/config" \
    XDG_DATA_HOME="$home/data" \
    XDG_CACHE_HOME="$home/cache" \
    XDG_RUNTIME_DIR="$home/runtime" \
    GSETTINGS_BACKEND=memory \
    GSETTINGS_SCHEMA_DIR="$builddir/data" \
    GDK_BACKEND=x11 \
    GSK_RENDERER=cairo \
    GTK_A11Y=none \
    NO_AT_BRIDGE=1 \
    LANG=C.UTF-8 LC_ALL=C.UTF-8 \
    HOTPATH_SCREENSHOT_DIR="$outdir" \
    HOTPATH_SCREENSHOT_SIZE="$size" \
    timeout 300 xvfb-run -a -s "-screen 0 ${size}x24" \
    dbus-run-session -- "$builddir/src/app/hotpath" "$@" ||
    { echo "screenshots.sh: hotpath exited with status $?" >&2; exit 1; }
}

# the trace is copied into the temporary home, so the header bar shows a
# short "~/traces/…" rather than this checkout's path
mkdir -p "$home/traces"
cp -r "$trace" "$home/traces/"
shown="$home/traces/$(basename "$trace")"

cp -r "$compare_trace" "$home/traces/"
compared="$home/traces/$(basename "$compare_trace")"

# the start page and the preferences over it, every tab of the trace, then
# every tab of the comparison of two runs (30-compare-*.png)
run_app
run_app "$shown"
run_app --compare "$shown" "$compared"

count=$(find "$outdir" -maxdepth 1 -name '[0-9][0-9]-*.png' | wc -l)
if [ "$count" -lt 2 ]; then
  echo "screenshots.sh: no screenshots were written to $outdir" >&2
  exit 1
fi
echo "screenshots.sh: $count screenshots in $outdir"
