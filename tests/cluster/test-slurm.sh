#!/usr/bin/env bash
# tests/cluster/test-slurm.sh — summarises a multi-rank trace folder with the
# Slurm array job of contrib/slurm on a single-node cluster of this machine
# (tests/cluster/slurm-local.sh), then checks that `hotpath-cli report` on
# the summaries writes the same tables as on the traces, byte for byte, in
# both modes. Always stops the cluster; every wait is bounded.
#
# Usage: tests/cluster/test-slurm.sh [--local] [BUILDDIR]   (default: build)
#   --local: summarise with hotpath-cli directly instead of the array job
#            (no Slurm, no root: what `meson test summaries-8-ranks` runs)
# Environment: HOTPATH_SLURM_RANKS=8  rank files to generate (2 to 64)
#
# Exit status: 0 passed, 1 failed, 77 skipped (not root, or no Slurm).
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail

local_only=0
if [[ "${1:-}" == --local ]]; then
  local_only=1
  shift
fi
builddir=$(cd "${1:-build}" && pwd)
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
cli="$builddir/src/cli/hotpath-cli"
gen="$builddir/tests/tools/hp-gen-traces"
n_ranks=${HOTPATH_SLURM_RANKS:-8}
template="$root/tests/data/hta_trace_filter_2ranks/sampled_rank-0.json.gz"

fail ()
{
  echo "test-slurm: FAIL: $*" >&2
  exit 1
}

if (( local_only )); then
  :
elif [[ "$(id -u)" != 0 ]]; then
  echo "test-slurm: SKIP: needs root to run slurmd" >&2
  exit 77
fi
export PATH="$PATH:/usr/sbin"
for tool in slurmctld slurmd munged sbatch; do
  if (( !local_only )) && ! command -v "$tool" >/dev/null 2>&1; then
    echo "test-slurm: SKIP: $tool not installed (tests/setup-deps.sh lists it)" >&2
    exit 77
  fi
done
[[ -x "$cli" ]] || fail "$cli not built"
[[ -x "$gen" ]] || fail "$gen not built"

work=$(mktemp -d "${TMPDIR:-/tmp}/hotpath-test-slurm.XXXXXX")
chmod 0755 "$work"
started=0
cleanup ()
{
  if (( started )); then
    tests/cluster/slurm-local.sh stop "$(dirname "$SLURM_CONF")" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# a multi-rank job from the project's trace generator
timeout 120 "$gen" --template "$template" --ranks "$n_ranks" --output "$work/traces" >/dev/null ||
  fail "hp-gen-traces could not write $n_ranks ranks"
n=$(find "$work/traces" -maxdepth 1 -type f \( -name '*.json' -o -name '*.gz' \) | wc -l)
(( n == n_ranks )) || fail "expected $n_ranks rank files, found $n"

if (( local_only )); then
  timeout 600 "$cli" summarize --quiet --output "$work/summaries" "$work/traces"/* || fail "summarize failed"
else
  conf=$(timeout 120 tests/cluster/slurm-local.sh start) || fail "the single-node Slurm did not start"
  eval "$conf"
  started=1

  echo "test-slurm: submitting --array=0-$((n - 1)) on $n rank files"
  (
    cd "$work"
    HOTPATH_CLI="$cli" timeout 600 sbatch --wait --export=ALL --array="0-$((n - 1))" \
      "$root/contrib/slurm/hotpath-summarize.sbatch" "$work/traces" "$work/summaries"
  ) || {
    cat "$work"/hotpath-summarize-*.out >&2 2>/dev/null || true
    fail "the array job failed"
  }
fi
m=$(find "$work/summaries" -maxdepth 1 -name '*.hpsum' | wc -l)
(( m == n )) || fail "expected $n summaries, found $m"

status=0
for mode in default hta-compat; do
  flags=()
  [[ $mode == hta-compat ]] && flags=(--hta-compat)
  timeout 300 "$cli" report "${flags[@]}" --output "$work/full-$mode" "$work/traces" >/dev/null 2>&1 ||
    fail "report on the traces ($mode)"
  timeout 300 "$cli" report "${flags[@]}" --output "$work/sum-$mode" "$work/summaries" >/dev/null \
    2>"$work/notes-$mode" || fail "report on the summaries ($mode)"
  for table in "$work/full-$mode"/*.csv; do
    name=$(basename "$table" .csv)
    if [[ ! -f "$work/sum-$mode/$name.csv" ]]; then
      # only what needs every event may be missing, and it must say so
      noted=0
      while read -r analysis; do
        [[ -n "$analysis" && "$name" == "$analysis"* ]] && noted=1
      done < <(sed -n 's/^hotpath-cli: note: \([a-z_]*\) .*/\1/p' "$work/notes-$mode")
      if (( noted )); then
        echo "test-slurm: $mode: $name needs the full traces, as the summaries say"
        continue
      fi
      echo "test-slurm: $mode: $name is missing from the summaries' report" >&2
      status=1
    elif cmp -s "$table" "$work/sum-$mode/$name.csv"; then
      echo "test-slurm: $mode: $name equal"
    else
      echo "test-slurm: $mode: $name differs:" >&2
      diff "$table" "$work/sum-$mode/$name.csv" | head -n 5 >&2 || true
      status=1
    fi
  done
done
# the analyses across ranks outside the default set the summaries answer:
# every table must be there and equal (none may be noted as needing events)
for mode in default hta-compat; do
  flags=()
  [[ $mode == hta-compat ]] && flags=(--hta-compat)
  for analysis in collectives stragglers; do
    timeout 300 "$cli" report "${flags[@]}" -a "$analysis" --output "$work/full-$mode-$analysis" "$work/traces" \
      >/dev/null 2>&1 || fail "report -a $analysis on the traces ($mode)"
    timeout 300 "$cli" report "${flags[@]}" -a "$analysis" --output "$work/sum-$mode-$analysis" \
      "$work/summaries" >/dev/null 2>&1 || fail "report -a $analysis on the summaries ($mode)"
    found=0
    for table in "$work/full-$mode-$analysis"/*.csv; do
      [[ -f "$table" ]] || continue
      found=1
      name=$(basename "$table" .csv)
      if cmp -s "$table" "$work/sum-$mode-$analysis/$name.csv"; then
        echo "test-slurm: $mode: $name equal"
      else
        echo "test-slurm: $mode: $name differs or is missing from the summaries' report" >&2
        status=1
      fi
    done
    (( found )) || fail "report -a $analysis on the traces wrote no table ($mode)"
  done
done
(( status == 0 )) || fail "report on the summaries differs from report on the traces"
echo "test-slurm: PASS ($n ranks, both modes$( (( local_only )) && echo ", without Slurm"))"
