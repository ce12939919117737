#!/usr/bin/env bash
# tests/cluster/slurm-local.sh — a single-node Slurm cluster on this machine,
# for the tests that submit jobs (Debian's slurmctld, slurmd, slurm-client and
# munge; run as root).
#
# Usage:
#   eval "$(tests/cluster/slurm-local.sh start)"   # prints export SLURM_CONF=…
#   sbatch --wait …
#   tests/cluster/slurm-local.sh stop              # uses $SLURM_CONF
#
# Everything lives in one temporary folder (HOTPATH_SLURM_DIR, or a new one
# under $TMPDIR): slurm.conf, the state and spool folders, the logs, and a
# private munged with its own key and socket, so the machine's own Slurm
# and munge, if any, are not touched. Processes are tracked by
# proctrack/linuxproc and no cgroup plugin is used, so it runs in
# containers. Ports: HOTPATH_SLURM_PORT (default: a free one) and the next.
# `start` waits up to HOTPATH_SLURM_TIMEOUT seconds (30) for the node to be
# idle and stops everything it started if it is not.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail

timeout_s=${HOTPATH_SLURM_TIMEOUT:-30}

die ()
{
  echo "slurm-local: $*" >&2
  exit 1
}

free_port ()
{
  python3 - <<'PY'
import socket
for port in range(16817, 17817, 2):
    ok = True
    for p in (port, port + 1):
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", p))
        except OSError:
            ok = False
        finally:
            s.close()
    if ok:
        print(port)
        break
PY
}

# kill_pidfile FILE — ends the process whose id FILE holds, and waits for it
kill_pidfile ()
{
  local file=$1 pid
  [[ -s "$file" ]] || return 0
  pid=$(cat "$file")
  if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

stop ()
{
  local dir=${1:-}
  if [[ -z "$dir" && -n "${SLURM_CONF:-}" ]]; then
    dir=$(dirname "$SLURM_CONF")
  fi
  [[ -n "$dir" && -f "$dir/hotpath-slurm-local" ]] || die "stop: no cluster of this script at '${dir}' (set SLURM_CONF or name the folder)"
  # jobs first, so that slurmd ends their steps
  if [[ -f "$dir/slurm.conf" ]] && command -v scancel >/dev/null 2>&1; then
    SLURM_CONF="$dir/slurm.conf" timeout 5 scancel --quiet --full -u "$(id -un)" 2>/dev/null || true
  fi
  kill_pidfile "$dir/slurmd.pid"
  kill_pidfile "$dir/slurmctld.pid"
  kill_pidfile "$dir/munged.pid"
  rm -rf "$dir"
  echo "slurm-local: stopped" >&2
}

start ()
{
  local dir node host cpus mem port key
  for tool in slurmctld slurmd munged sbatch sinfo scontrol; do
    command -v "$tool" >/dev/null 2>&1 || [[ -x "/usr/sbin/$tool" ]] ||
      die "$tool not found: install slurmctld slurmd slurm-client munge"
  done
  [[ "$(id -u)" == 0 ]] || die "run as root: slurmd starts jobs as their user"
  export PATH="$PATH:/usr/sbin"

  dir=${HOTPATH_SLURM_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hotpath-slurm.XXXXXX")}
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  chmod 0755 "$dir"
  touch "$dir/hotpath-slurm-local"
  # from here on a failure stops what was started
  trap 'echo "slurm-local: start failed; logs in $dir:" >&2; tail -n 20 "$dir"/*.log >&2 || true; stop "$dir"' ERR

  host=$(hostname -s)
  node=hotpath-node
  cpus=$(nproc)
  mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 / 2 }' /proc/meminfo)
  port=${HOTPATH_SLURM_PORT:-$(free_port)}
  [[ -n "$port" ]] || die "no free port pair between 16817 and 17817"

  # a private munged: its own key, socket, pid and log
  key="$dir/munge/munge.key"
  head -c 1024 /dev/urandom >"$key"
  chmod 0400 "$key"
  chmod 0700 "$dir/munge"
  munged --force --key-file="$key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/munge.seed"

  touch "$dir/plugstack.conf"
  cat >"$dir/slurm.conf" <<EOF
# made by tests/cluster/slurm-local.sh; removed by its stop
ClusterName=hotpath-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$dir/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=300
MaxArraySize=100001
NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$dir/slurm.conf"

  slurmctld -i -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF" -N "$node"

  local deadline=$((SECONDS + timeout_s)) state=""
  while (( SECONDS < deadline )); do
    state=$(timeout 5 sinfo -h -N -n "$node" -o '%T' 2>/dev/null || true)
    if [[ "$state" == idle* ]]; then
      break
    fi
    sleep 0.5
  done
  if [[ "$state" != idle* ]]; then
    echo "slurm-local: the node is '${state:-unreachable}' after ${timeout_s} s" >&2
    false
  fi
  trap - ERR
  echo "slurm-local: node $node idle ($cpus CPUs), state in $dir" >&2
  echo "export SLURM_CONF=$dir/slurm.conf"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *)
    echo "usage: $0 start|stop [DIR]" >&2
    exit 2
    ;;
esac
