# bench-tools.sh — what the benchmark scripts share: finding the build's tools.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Sourced, not run. The caller defines $root (the repository) and die().

# bench_find_tools BUILDDIR: sets $builddir (absolute), $gen (hp-gen-traces)
# and $cli (hotpath-cli), or dies when one is not built. BUILDDIR may be
# absolute, relative to the current folder, or relative to the repository.
bench_find_tools () {
  builddir=$1
  if [[ $builddir != /* ]]; then
    if [ -d "$PWD/$builddir" ]; then
      builddir=$PWD/$builddir
    else
      builddir=$root/$builddir
    fi
  fi
  gen=$builddir/tests/tools/hp-gen-traces
  cli=$builddir/src/cli/hotpath-cli
  [ -x "$gen" ] || die "$gen not found; build it first: meson compile -C $builddir"
  [ -x "$cli" ] || die "$cli not found; build it first: meson compile -C $builddir"
}
