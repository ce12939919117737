#!/usr/bin/env bash
# tests/run-all.sh — sets up and runs all of Hotpath's tests: installs missing
# packages, builds, runs every test under Xvfb, runs them all again with
# AddressSanitizer and UBSan, runs each libFuzzer target of tests/fuzz for 60 s
# under both, and checks the formatting.
#
# Usage: tests/run-all.sh
# Environment:
#   BUILDDIR=build             main build directory
#   ASAN_BUILDDIR=build-asan   sanitizer build directory
#   HOTPATH_SKIP_ASAN=1        skip the sanitizer build and its tests
#   HOTPATH_SKIP_FORMAT=1      skip the clang-format check
#   FUZZ_BUILDDIR=build-fuzz   fuzzing build directory (clang, -Dfuzzing=true)
#   HOTPATH_FUZZ_SECONDS=60    how long each fuzz target runs
#   HOTPATH_SKIP_FUZZ=1        skip the fuzz targets
#   HOTPATH_SKIP_DEPS=1        do not check for Debian packages
#   PYTHON_BUILDDIR=build-python  meson-python's build directory (kept, so
#                              rebuilds are incremental)
#   HOTPATH_SKIP_PYTHON=1      skip the Python package and its pytest suite
#
# The last line printed is "N passed, M failed", the sum of both meson test
# runs and the pytest run; a step that fails before it can report tests (configure, compile,
# formatting) counts as one failure. Exits 1 when anything failed.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=tests/setup-deps.sh
source tests/setup-deps.sh

BUILDDIR=${BUILDDIR:-build}
ASAN_BUILDDIR=${ASAN_BUILDDIR:-build-asan}
FUZZ_BUILDDIR=${FUZZ_BUILDDIR:-build-fuzz}

total_passed=0
total_failed=0
failed_steps=()

LOGDIR=$(mktemp -d "${TMPDIR:-/tmp}/hotpath-run-all.XXXXXX")
trap 'rm -rf "$LOGDIR"' EXIT

step ()
{
  printf '\n==> %s\n' "$*"
}

step_failed ()
{
  echo "run-all: FAILED: $1" >&2
  failed_steps+=("$1")
  total_failed=$((total_failed + 1))
}

# meson_setup DIR OPTION... — configures DIR, or reconfigures it with the
# given options if it already exists (keeps incremental builds fast).
meson_setup ()
{
  local dir=$1
  shift
  if [[ -f "$dir/meson-private/coredata.dat" ]]; then
    meson setup --reconfigure "$dir" "$@" || meson setup --wipe "$dir" "$@"
  else
    meson setup "$dir" "$@"
  fi
}

# count_results LOG RC NAME — adds the summary of one meson test run to the
# totals. Meson ends with lines such as "Ok:                 12"; only the
# last such block counts, so test output that looks alike is ignored.
count_results ()
{
  local log=$1 rc=$2 name=$3
  local passed failed
  read -r passed failed < <(awk '
    /^Ok:[ \t]+[0-9]+[ \t]*$/              { ok = $2; xf = 0; fail = 0; up = 0; to = 0; next }
    /^Expected Fail:[ \t]+[0-9]+[ \t]*$/   { xf = $3; next }
    /^Fail:[ \t]+[0-9]+[ \t]*$/            { fail = $2; next }
    /^Unexpected Pass:[ \t]+[0-9]+[ \t]*$/ { up = $3; next }
    /^Timeout:[ \t]+[0-9]+[ \t]*$/         { to = $2; next }
    END { print ok + xf, fail + up + to }
  ' "$log")

  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  echo "run-all: $name: $passed passed, $failed failed"

  if (( rc != 0 && failed == 0 )); then
    step_failed "$name (meson test exited with status $rc)"
  elif (( failed > 0 )); then
    failed_steps+=("$name")
  fi
}

# run_meson_test NAME COMMAND... — runs a meson test command, shows its
# output and counts its results.
run_meson_test ()
{
  local name=$1
  shift
  local log="$LOGDIR/${name//[^A-Za-z0-9]/-}.log"
  local rc=0

  set +e
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  set -e
  count_results "$log" "$rc" "$name"
}

# --- 1. Packages -----------------------------------------------------------

step "Checking build and test dependencies"
hotpath_ensure_deps

# --- 2. Build and all tests under Xvfb -------------------------------------

step "Configuring $BUILDDIR (-Dtests=all)"
if ! meson_setup "$BUILDDIR" -Dtests=all; then
  step_failed "meson setup $BUILDDIR"
else
  step "Building $BUILDDIR"
  if ! meson compile -C "$BUILDDIR"; then
    step_failed "meson compile -C $BUILDDIR"
  else
    test_cmd=(meson test -C "$BUILDDIR" --print-errorlogs)
    if command -v xvfb-run >/dev/null 2>&1 && command -v dbus-run-session >/dev/null 2>&1; then
      step "Running all tests under Xvfb and a private session bus"
      run_meson_test "tests ($BUILDDIR)" \
        xvfb-run -a -s "-screen 0 1280x1024x24" \
        dbus-run-session -- "${test_cmd[@]}"
    else
      step "Running all tests (xvfb-run or dbus-run-session not found, using the current display)"
      run_meson_test "tests ($BUILDDIR)" "${test_cmd[@]}"
    fi
  fi
fi

# --- 2b. The Slurm array job on a single-node cluster ----------------------

# Summarises a generated multi-rank folder with contrib/slurm's array job
# on a private single-node Slurm, and checks report(summaries) against
# report(traces) table by table; counts as one test. Needs root (slurmd);
# elsewhere it is skipped and said so.
if [[ "${HOTPATH_SKIP_SLURM:-0}" == 1 ]]; then
  step "Skipping the Slurm array-job test (HOTPATH_SKIP_SLURM=1)"
elif [[ -x "$BUILDDIR/src/cli/hotpath-cli" ]]; then
  step "Running the Slurm array-job test (tests/cluster/test-slurm.sh)"
  slurm_rc=0
  timeout 900 tests/cluster/test-slurm.sh "$BUILDDIR" || slurm_rc=$?
  if (( slurm_rc == 0 )); then
    total_passed=$((total_passed + 1))
  elif (( slurm_rc == 77 )); then
    echo "run-all: the Slurm array-job test was skipped (needs root and the Slurm packages)"
  else
    step_failed "Slurm array-job test (tests/cluster/test-slurm.sh, status $slurm_rc)"
  fi
fi

# --- 3. Sanitizer build, every suite ---------------------------------------

if [[ "${HOTPATH_SKIP_ASAN:-0}" == 1 ]]; then
  step "Skipping the sanitizer build (HOTPATH_SKIP_ASAN=1)"
else
  step "Configuring $ASAN_BUILDDIR (-Db_sanitize=address,undefined -Dtests=all)"
  if ! meson_setup "$ASAN_BUILDDIR" -Db_sanitize=address,undefined -Db_lundef=false -Dtests=all; then
    step_failed "meson setup $ASAN_BUILDDIR"
  else
    step "Building $ASAN_BUILDDIR"
    if ! meson compile -C "$ASAN_BUILDDIR"; then
      step_failed "meson compile -C $ASAN_BUILDDIR"
    else
      export ASAN_OPTIONS=detect_leaks=1
      export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
      if [[ -f tests/lsan.supp ]]; then
        export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0"
      fi
      asan_cmd=(meson test -C "$ASAN_BUILDDIR" --print-errorlogs --timeout-multiplier 3)
      if command -v xvfb-run >/dev/null 2>&1 && command -v dbus-run-session >/dev/null 2>&1; then
        step "Running all tests with AddressSanitizer and UBSan under Xvfb"
        run_meson_test "sanitizer tests ($ASAN_BUILDDIR)" \
          xvfb-run -a -s "-screen 0 1280x1024x24" \
          dbus-run-session -- "${asan_cmd[@]}"
      else
        step "Running the headless suites with AddressSanitizer and UBSan (no Xvfb)"
        run_meson_test "sanitizer tests ($ASAN_BUILDDIR)" \
          "${asan_cmd[@]}" --suite core --suite cli --suite charts --suite data
      fi
    fi
  fi
fi

# --- 4. The Python package ---------------------------------------------------

# Builds the package as a user would (pip, offline, in a venv that sees
# Debian's pandas) and runs its pytest suite; pytest's summary line counts
# into the totals. No test collected (exit 5) is a failure, not a pass.
count_pytest ()
{
  local log=$1 rc=$2 name=$3
  local passed failed
  read -r passed failed < <(awk '
    /^=+ .* in [0-9.]+s.* =+$/ || /^[0-9]+ (passed|failed).* in [0-9.]+s/ {
      p = 0; f = 0
      n = split($0, w, /[ ,=]+/)
      for (i = 2; i <= n; i++) {
        if (w[i] == "passed") p = w[i - 1]
        if (w[i] == "failed" || w[i] == "error" || w[i] == "errors") f += w[i - 1]
      }
    }
    END { print p + 0, f + 0 }
  ' "$log")
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  echo "run-all: $name: $passed passed, $failed failed"
  if (( rc == 5 )); then
    step_failed "$name (pytest collected no test)"
  elif (( rc != 0 && failed == 0 )); then
    step_failed "$name (pytest exited with status $rc)"
  elif (( failed > 0 )); then
    failed_steps+=("$name")
  fi
}

if [[ "${HOTPATH_SKIP_PYTHON:-0}" == 1 ]]; then
  step "Skipping the Python package (HOTPATH_SKIP_PYTHON=1)"
else
  # Debian's interpreter: its pandas, numpy and meson-python are the ones
  # setup-deps.sh installs (a python3 earlier on PATH may lack them)
  python=python3
  [[ -x /usr/bin/python3 ]] && python=/usr/bin/python3
  python_builddir=$(realpath -m "${PYTHON_BUILDDIR:-build-python}")
  venv="$LOGDIR/venv"
  step "Building the Python package in a venv (pip install --no-build-isolation --no-deps .)"
  # meson-python 0.12 only reconfigures a directory it was given: make it a
  # build tree first (the options are meson-python's, see pyproject.toml)
  if [[ ! -f "$python_builddir/meson-private/coredata.dat" ]]; then
    rm -rf "$python_builddir"
    meson setup "$python_builddir" -Dpython=true -Dapp=false -Dbuildtype=release >"$LOGDIR/pysetup.log" 2>&1 ||
      tail -n 20 "$LOGDIR/pysetup.log"
  fi
  if ! "$python" -m venv --system-site-packages "$venv"; then
    step_failed "python3 -m venv"
  elif ! "$venv/bin/pip" install --no-build-isolation --no-deps --no-index \
         --config-settings=builddir="$python_builddir" . >"$LOGDIR/pip.log" 2>&1; then
    tail -n 40 "$LOGDIR/pip.log"
    step_failed "pip install ."
  else
    step "Running the Python package's tests with pytest"
    pytest_log="$LOGDIR/pytest.log"
    source_dir=$PWD
    cli_path=$(realpath -m "$BUILDDIR/src/cli/hotpath-cli")
    rc=0
    set +e
    # from outside the checkout, so that "import hotpath" is the installed one
    (cd "$LOGDIR" && HOTPATH_CLI="$cli_path" "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs \
       "$source_dir/python/tests") 2>&1 | tee "$pytest_log"
    rc=${PIPESTATUS[0]}
    set -e
    count_pytest "$pytest_log" "$rc" "pytest (python/tests)"
  fi
fi

# --- 5. Fuzzing ------------------------------------------------------------

# Each libFuzzer target runs for a bounded time under ASan and UBSan from the
# seed corpus of tests/data; any finding fails the run (one failure per target).
if [[ "${HOTPATH_SKIP_FUZZ:-0}" == 1 ]]; then
  step "Skipping the fuzz targets (HOTPATH_SKIP_FUZZ=1)"
elif ! command -v clang >/dev/null 2>&1; then
  step_failed "clang not found: the fuzz targets need it (tests/setup-deps.sh installs it)"
else
  step "Configuring $FUZZ_BUILDDIR (clang, -Dfuzzing=true, ASan and UBSan)"
  fuzz_targets=(fuzz-parser fuzz-gzip fuzz-inflate fuzz-folder fuzz-runs fuzz-state)
  if ! CC=clang meson_setup "$FUZZ_BUILDDIR" -Dfuzzing=true -Db_sanitize=address,undefined \
       -Db_lundef=false -Dwerror=false; then
    step_failed "meson setup $FUZZ_BUILDDIR"
  elif ! meson compile -C "$FUZZ_BUILDDIR" "${fuzz_targets[@]}"; then
    step_failed "meson compile -C $FUZZ_BUILDDIR"
  else
    for target in "${fuzz_targets[@]}"; do
      step "Fuzzing $target for ${HOTPATH_FUZZ_SECONDS:-60} s"
      if tests/fuzz/run-fuzz.sh "$FUZZ_BUILDDIR" "${HOTPATH_FUZZ_SECONDS:-60}" "$target"; then
        total_passed=$((total_passed + 1))
      else
        step_failed "fuzzing $target"
      fi
    done
  fi
fi

# --- 6. Formatting ---------------------------------------------------------

if [[ "${HOTPATH_SKIP_FORMAT:-0}" == 1 ]]; then
  step "Skipping the formatting check (HOTPATH_SKIP_FORMAT=1)"
else
  step "Checking formatting with clang-format"
  format_dirs=()
  for dir in src tests python; do
    [[ -d "$dir" ]] && format_dirs+=("$dir")
  done
  format_files=()
  if (( ${#format_dirs[@]} > 0 )); then
    mapfile -t format_files < <(find "${format_dirs[@]}" -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
  fi
  if (( ${#format_files[@]} == 0 )); then
    echo "run-all: no C files to check"
  elif ! command -v clang-format >/dev/null 2>&1; then
    step_failed "clang-format not found"
  elif clang-format --dry-run --Werror "${format_files[@]}" >"$LOGDIR/format.log" 2>&1; then
    echo "run-all: ${#format_files[@]} files are formatted"
  else
    # The full diagnostics can run to thousands of lines: show the start and
    # name every file that needs formatting.
    head -n 40 "$LOGDIR/format.log"
    echo "run-all: these files need formatting (clang-format -i FILE...):"
    grep -oE '^[^:]+\.[ch]:[0-9]+:[0-9]+: error' "$LOGDIR/format.log" |
      cut -d: -f1 | LC_ALL=C sort -u | sed 's/^/  /'
    step_failed "clang-format"
  fi
fi

# --- Summary ---------------------------------------------------------------

echo
if (( ${#failed_steps[@]} > 0 )); then
  echo "run-all: failed:"
  printf '  %s\n' "${failed_steps[@]}"
fi
echo "$total_passed passed, $total_failed failed"

if (( total_failed > 0 )); then
  exit 1
fi
exit 0
