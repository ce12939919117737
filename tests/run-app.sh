#!/usr/bin/env bash
# tests/run-app.sh — sets up Hotpath and opens the bundled sample traces:
# installs missing packages, builds, then launches the app on data/samples.
# Without the app (or without a display) it prints the CLI summary instead.
#
# Usage: tests/run-app.sh [TRACE_DIR]   (default: data/samples)
# Environment:
#   BUILDDIR=build        build directory
#   HOTPATH_SKIP_DEPS=1   do not check for Debian packages
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
srcdir=$PWD

# shellcheck source=tests/setup-deps.sh
source tests/setup-deps.sh

BUILDDIR=${BUILDDIR:-build}
traces=${1:-data/samples}

echo "==> Checking build dependencies"
hotpath_ensure_deps

if [[ ! -f "$BUILDDIR/meson-private/coredata.dat" ]]; then
  echo "==> Configuring $BUILDDIR"
  meson setup "$BUILDDIR"
fi
# Only what is launched: the app, the CLI and the settings schema (not the
# tests and benchmarks, which tests/run-all.sh builds).
echo "==> Building hotpath and hotpath-cli in $BUILDDIR"
meson compile -C "$BUILDDIR" hotpath hotpath-cli gsettings-compile-data

app="$BUILDDIR/src/app/hotpath"
cli="$BUILDDIR/src/cli/hotpath-cli"

if [[ -x "$app" ]]; then
  if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
    # Run uninstalled: settings schema from the build tree, icons from data/.
    if [[ -f "$BUILDDIR/data/gschemas.compiled" ]]; then
      export GSETTINGS_SCHEMA_DIR="$srcdir/$BUILDDIR/data"
    fi
    export XDG_DATA_DIRS="$srcdir/data:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
    echo "==> Launching $app $traces"
    exec "$app" "$traces"
  fi
  echo "==> No display (DISPLAY and WAYLAND_DISPLAY are unset); showing the CLI summary instead"
fi

if [[ ! -x "$cli" ]]; then
  echo "run-app: neither $app nor $cli was built" >&2
  exit 1
fi
echo "==> $cli info $traces"
exec "$cli" info "$traces"
