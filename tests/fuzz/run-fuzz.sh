#!/usr/bin/env bash
# tests/fuzz/run-fuzz.sh — runs the libFuzzer targets of a -Dfuzzing=true build.
#
# Usage: tests/fuzz/run-fuzz.sh BUILDDIR SECONDS [TARGET...] [-- LIBFUZZER_OPTION...]
#   BUILDDIR  a build configured with CC=clang and -Dfuzzing=true (and
#             -Db_sanitize=address,undefined for memory errors and UB)
#   SECONDS   how long each target runs
#   TARGET    fuzz-parser, fuzz-gzip, fuzz-inflate, fuzz-folder, fuzz-runs, fuzz-state (default: all)
# Environment:
#   HOTPATH_FUZZ_CORPUS=DIR  keep each target's corpus in DIR/TARGET (a long
#                            campaign resumes from it); default: a temporary one
#
# The seed corpus is made from tests/data: every trace file up to 256 KiB,
# and for fuzz-folder and fuzz-runs the pairs of files of each multi-rank
# folder; fuzz-state starts from the state files of tests/fuzz/state-seeds.
# Exits 1 on any finding (crash, leak, UB, timeout, out of memory): every leak
# LeakSanitizer reports is one, whether or not its input leaks again. The
# input that caused it is written to fuzz-findings/ in the current folder
# and copied to tests/fuzz/regressions/, where every later run starts from it.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

if (( $# < 2 )); then
  sed -n '3,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
builddir=$1
seconds=$2
shift 2
targets=()
extra=()
while (( $# > 0 )); do
  if [[ "$1" == -- ]]; then
    shift
    extra=("$@")
    break
  fi
  targets+=("$1")
  shift
done
(( ${#targets[@]} > 0 )) || targets=(fuzz-parser fuzz-gzip fuzz-inflate fuzz-folder fuzz-runs fuzz-state)

work=$(mktemp -d "${TMPDIR:-/tmp}/hotpath-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- seeds -------------------------------------------------------------------
mkdir -p "$work/seeds-file" "$work/seeds-folder"
n=0
while IFS= read -r -d '' f; do
  n=$((n + 1))
  cp "$f" "$work/seeds-file/$n-$(basename "$f")"
done < <(find "$root/tests/data" -type f \( -name '*.json' -o -name '*.json.gz' \) \
           -size -257k -print0 | LC_ALL=C sort -z)
# fuzz-gzip reads the JSON after one shape byte (a single member)
mkdir -p "$work/seeds-gzip"
for f in "$work"/seeds-file/*.json; do
  { printf '\000'; cat "$f"; } > "$work/seeds-gzip/$(basename "$f")"
done
# fuzz-inflate reads whole gzip files
mkdir -p "$work/seeds-inflate"
cp "$work"/seeds-file/*.json.gz "$work/seeds-inflate/" 2>/dev/null || true
# fuzz-folder: two rank files joined by the split line
split=$'\n--hotpath-fuzz-split--\n'
while IFS= read -r -d '' d; do
  mapfile -t files < <(find "$d" -maxdepth 1 -type f -name '*.json' -size -129k | LC_ALL=C sort | head -n 2)
  if (( ${#files[@]} == 2 )); then
    { cat "${files[0]}"; printf '%s' "$split"; cat "${files[1]}"; } \
      > "$work/seeds-folder/$(basename "$d").txt"
  fi
done < <(find "$root/tests/data" -mindepth 1 -type d -print0 | LC_ALL=C sort -z)
cp "$work"/seeds-file/*.json "$work/seeds-folder/" 2>/dev/null || true
# fuzz-state: timeline state files, as the app writes them and worse
mkdir -p "$work/seeds-state"
cp "$here"/state-seeds/*.ini "$work/seeds-state/"
# inputs that once failed: every run starts from them again
for f in "$root"/tests/fuzz/regressions/*; do
  [[ -f "$f" ]] || continue
  case $(basename "$f") in
    fuzz-folder-* | fuzz-runs-*) cp "$f" "$work/seeds-folder/" ;;
    fuzz-gzip-*) cp "$f" "$work/seeds-gzip/" ;;
    fuzz-inflate-*) cp "$f" "$work/seeds-inflate/" ;;
    fuzz-parser-*) cp "$f" "$work/seeds-file/" ;;
    fuzz-state-*) cp "$f" "$work/seeds-state/" ;;
  esac
done

# --- runs --------------------------------------------------------------------
# LeakSanitizer on, whatever the caller's ASAN_OPTIONS say
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1:allocator_may_return_null=1"
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
if [[ -f "$root/tests/lsan.supp" ]]; then
  export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/lsan.supp:print_suppressions=0}
fi
mkdir -p fuzz-findings
status=0
for t in "${targets[@]}"; do
  exe="$builddir/tests/fuzz/$t"
  if [[ ! -x "$exe" ]]; then
    echo "run-fuzz: $exe not found (configure with CC=clang -Dfuzzing=true and build it)" >&2
    exit 1
  fi
  case "$t" in
    fuzz-gzip) seeds="$work/seeds-gzip" ;;
    fuzz-inflate) seeds="$work/seeds-inflate" ;;
    fuzz-folder | fuzz-runs) seeds="$work/seeds-folder" ;;
    fuzz-state) seeds="$work/seeds-state" ;;
    *) seeds="$work/seeds-file" ;;
  esac
  corpus="${HOTPATH_FUZZ_CORPUS:+$HOTPATH_FUZZ_CORPUS/$t}"
  corpus=${corpus:-$work/corpus-$t}
  mkdir -p "$corpus"
  echo "run-fuzz: $t for $seconds s ($(ls "$seeds" | wc -l) seeds)"
  dict="$here/kineto.dict"
  [[ "$t" != fuzz-state ]] || dict="$here/state.dict"
  rc=0
  touch "$work/start-$t"
  "$exe" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2560 -max_len=262144 \
    -detect_leaks=1 -dict="$dict" -artifact_prefix="fuzz-findings/$t-" \
    -print_final_stats=1 "${extra[@]}" "$corpus" "$seeds" > "$work/$t.log" 2>&1 || rc=$?
  # a leak found at exit may end the run without a failing status: the
  # report itself is the finding
  if (( rc != 0 )) || grep -q 'ERROR: LeakSanitizer' "$work/$t.log"; then
    tail -n 60 "$work/$t.log"
    found=0
    for f in fuzz-findings/"$t"-*; do
      [[ -f "$f" && ! "$f" -ot "$work/start-$t" ]] || continue
      cp "$f" "$root/tests/fuzz/regressions/"
      echo "run-fuzz: $t: FINDING, input saved as tests/fuzz/regressions/$(basename "$f")" >&2
      found=1
    done
    (( found )) || echo "run-fuzz: $t: FINDING (status $rc), no input written; see the log above" >&2
    status=1
    continue
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$work/$t.log" | sed "s/^/run-fuzz: $t: /"
done
rmdir fuzz-findings 2>/dev/null || true
exit $status
