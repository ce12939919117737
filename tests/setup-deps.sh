# tests/setup-deps.sh — the Debian 12 packages Hotpath needs to build and run
# its tests, and the functions that check for them and install them.
#
# Sourced by tests/run-all.sh, tests/run-app.sh and .ci/run; it does nothing
# when run on its own. Environment:
#   HOTPATH_SKIP_DEPS=1         do not check packages at all (non-Debian hosts)
#   HOTPATH_INSTALL_OPTIONAL=1  also install the optional packages
#
# SPDX-License-Identifier: GPL-3.0-or-later

# shellcheck shell=bash

HOTPATH_DEB_PACKAGES=(
  # compiler and build system
  gcc
  libc6-dev
  meson
  ninja-build
  pkg-config
  # libraries
  libcairo2-dev
  libglib2.0-bin
  libglib2.0-dev
  libadwaita-1-dev
  libgtk-4-dev
  libjson-glib-dev
  libyajl-dev
  zlib1g-dev
  # gzip at several times zlib's speed (meson option isal; zlib without it)
  libisal-dev
  # data files, their validators and translations
  appstream
  desktop-file-utils
  gettext
  librsvg2-common
  shared-mime-info
  # the user guide (gnome.yelp needs itstool; the tests run yelp-check) and
  # the manual pages (the tests render them with man and groff)
  itstool
  yelp-tools
  man-db
  groff-base
  # UI tests: a virtual X server (xvfb-run needs xauth) and a session bus
  # (dbus-run-session is in dbus-daemon; dbus-x11 is not needed)
  dbus-daemon
  xauth
  xvfb
  # typing keys in the UI tests (XTEST, loaded at run time)
  libxtst6
  # fuzzing: clang and libFuzzer (libclang_rt.fuzzer, in compiler-rt)
  clang
  libclang-rt-14-dev
  # the Slurm array-job test (tests/cluster): a single-node cluster
  munge
  slurm-client
  slurmctld
  slurmd
  # scripts and the formatting check; GNU time for the model-size test
  clang-format
  python3
  time
  # the Python package (pip install . offline) and its tests: the example
  # notebook runs headless with nbclient on an IPython kernel
  python3-dev
  python3-venv
  python3-pip
  python3-mesonpy
  python3-pandas
  python3-pytest
  python3-networkx
  python3-nbclient
  python3-ipykernel
)

# Only for making screenshots; never needed by the tests.
HOTPATH_DEB_OPTIONAL_PACKAGES=(
  imagemagick
)

# Prints, one per line, the packages among "$@" that are not installed.
hotpath_missing_packages ()
{
  local pkg status
  for pkg in "$@"; do
    # Capture first: "dpkg -s | grep -q" can fail with SIGPIPE under pipefail.
    status=$(dpkg -s "$pkg" 2>/dev/null || true)
    if [[ "$status" != *$'\nStatus: install ok installed\n'* ]]; then
      printf '%s\n' "$pkg"
    fi
  done
}

# Installs "$@" with apt-get, without questions and without recommends.
hotpath_apt_install ()
{
  export DEBIAN_FRONTEND=noninteractive
  echo "setup: apt-get update"
  apt-get update -q
  echo "setup: apt-get install -y --no-install-recommends $*"
  apt-get install -y -q --no-install-recommends \
    -o Dpkg::Options::=--force-confdef \
    -o Dpkg::Options::=--force-confold \
    -o Dpkg::Use-Pty=0 \
    "$@"
}

# Makes sure every required package is installed. Installs what is missing
# when running as root; otherwise prints the command to run and returns 1.
# Needs no network when everything is already there.
hotpath_ensure_deps ()
{
  local wanted=("${HOTPATH_DEB_PACKAGES[@]}")
  local missing=()

  if [[ "${HOTPATH_SKIP_DEPS:-0}" == 1 ]]; then
    echo "setup: HOTPATH_SKIP_DEPS=1, not checking packages"
    return 0
  fi
  if ! command -v dpkg >/dev/null 2>&1; then
    echo "setup: no dpkg here; install the equivalents of these Debian packages yourself:" >&2
    echo "  ${HOTPATH_DEB_PACKAGES[*]}" >&2
    return 0
  fi

  if [[ "${HOTPATH_INSTALL_OPTIONAL:-0}" == 1 ]]; then
    wanted+=("${HOTPATH_DEB_OPTIONAL_PACKAGES[@]}")
  fi
  mapfile -t missing < <(hotpath_missing_packages "${wanted[@]}")

  if (( ${#missing[@]} == 0 )); then
    echo "setup: all ${#wanted[@]} required packages are installed"
    return 0
  fi

  if [[ "$(id -u)" != 0 ]]; then
    echo "setup: these packages are missing: ${missing[*]}" >&2
    echo "setup: install them with:" >&2
    echo "  sudo apt-get install --no-install-recommends ${missing[*]}" >&2
    return 1
  fi

  echo "setup: installing ${#missing[@]} missing packages: ${missing[*]}"
  hotpath_apt_install "${missing[@]}"
}
