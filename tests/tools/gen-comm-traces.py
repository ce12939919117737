#!/usr/bin/env python3
# gen-comm-traces.py — writes the hand-made communication traces of
# tests/data/edge/comm-*/ and tests/data/comm/ (docs/communication.md).
# Run from tests/data/edge:
#   python3 ../../tools/gen-comm-traces.py
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os

BASE = 1_700_000_000_000_000  # us


def write(folder, rank, world, events, device=None):
    os.makedirs(folder, exist_ok=True)
    doc = {
        "schemaVersion": 1,
        "distributedInfo": {"backend": "nccl", "rank": rank, "world_size": world},
        "traceEvents": events,
    }
    if device is not None:
        doc["deviceProperties"] = [device]
    with open(os.path.join(folder, "rank-%d.json" % rank), "w") as f:
        f.write("{\n")
        keys = list(doc)
        for i, k in enumerate(keys):
            if k == "traceEvents":
                f.write('  "traceEvents": [\n')
                f.write(",\n".join("    " + json.dumps(e) for e in events))
                f.write("\n  ]")
            else:
                f.write("  %s: %s" % (json.dumps(k), json.dumps(doc[k])))
            f.write(",\n" if i + 1 < len(keys) else "\n")
        f.write("}\n")


class Rank:
    def __init__(self, runtime="cudaLaunchKernel", pid=100, tid=1):
        self.ev = []
        self.corr = 1000
        self.runtime = runtime
        self.pid = pid
        self.tid = tid

    def step(self, n, ts, dur):
        self.ev.append({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d" % n,
                        "pid": self.pid, "tid": self.tid, "ts": ts, "dur": dur, "args": {}})

    def cpu(self, name, ts, dur, args=None):
        self.ev.append({"ph": "X", "cat": "cpu_op", "name": name, "pid": self.pid, "tid": self.tid,
                        "ts": ts, "dur": dur, "args": args or {}})

    def kernel(self, name, launch_ts, ts, dur, stream, args=None):
        self.corr += 1
        self.ev.append({"ph": "X", "cat": "cuda_runtime", "name": self.runtime, "pid": self.pid,
                        "tid": self.tid, "ts": launch_ts, "dur": 4, "args": {"correlation": self.corr}})
        a = {"stream": stream, "correlation": self.corr, "device": 0}
        a.update(args or {})
        self.ev.append({"ph": "X", "cat": "kernel", "name": name, "pid": 0, "tid": stream, "ts": ts,
                        "dur": dur, "args": a})


def deepep():
    """One rank of expert-parallel training: DeepEP's kernels (DeepSeek's own
    dpsk::ep:: namespace) are most of each 1000 us step."""
    r = Rank()
    for s in range(3):
        t = BASE + s * 1000
        r.step(s + 1, t, 1000)
        r.kernel("void dpsk::ep::layout::get_dispatch_layout<256, 32, 8>(long const*, int*, int*)", t + 1, t + 10, 20, 7)
        r.kernel("sm90_xmma_gemm_bf16bf16_bf16f32", t + 2, t + 30, 150, 7)
        r.kernel("void dpsk::ep::internode::notify_dispatch<8>(int const*, int*, int)", t + 3, t + 40, 50, 20)
        r.kernel("void dpsk::ep::internode::dispatch<true, 8, 768>(void*, float*, int*)", t + 4, t + 100, 350, 20)
        r.kernel("void dpsk::ep::internode::cached_notify<8>(int, int*)", t + 5, t + 460, 50, 20)
        r.kernel("void dpsk::ep::internode::combine<false, 8, 768>(void*, float*, int*)", t + 6, t + 520, 350, 20)
    write("comm-deepep", 0, 1, r.ev, {"id": 0, "name": "NVIDIA H800", "totalGlobalMem": 85520809984,
                                      "computeMajor": 9, "computeMinor": 0, "numSms": 132})


def b200():
    """vLLM on eight B200s: an all-gather whose kernel args say everything,
    sequence numbers included; rank k starts k us late."""
    n = 8
    for k in range(n):
        r = Rank()
        for s in range(3):
            t = BASE + s * 2000
            r.step(s + 1, t, 2000)
            r.kernel("void gemv_kernel<bf16>(bf16*, bf16 const*)", t + 1, t + 20, 300, 7)
            args = {"Collective name": "_allgather_base", "In msg nelems": 262144, "Out msg nelems": 2097152,
                    "dtype": "BFloat16", "Group size": n, "Process Group Name": "0",
                    "Process Group Description": "default_pg", "Process Group Ranks": json.dumps(list(range(n))),
                    "Sequence number": 7 + s}
            # the last rank arrives 40 us late; all end together
            start = t + 400 + (40 if k == n - 1 else k)
            r.kernel("ncclDevKernel_Generic_4(ncclDevKernelArgsStorage<4096ul>)", t + 350, start,
                     t + 500 - start, 21, args)
        write("comm-b200", k, n, r.ev, {"id": 0, "name": "NVIDIA B200", "totalGlobalMem": 191511986176,
                                        "computeMajor": 10, "computeMinor": 0, "numSms": 148})


def mi300x():
    """RCCL on eight MI300X: ncclDevKernel_Generic says nothing about its
    collective; the record_param_comms op that launched it does."""
    n = 8
    for k in range(n):
        r = Rank(runtime="hipLaunchKernel")
        for s in range(3):
            t = BASE + s * 2000
            r.step(s + 1, t, 2000)
            r.kernel("Cijk_Ailk_Bljk_BBS_BH_MT128x128x64", t + 1, t + 20, 300, 3)
            r.cpu("c10d::allreduce_", t + 340, 30)
            r.cpu("record_param_comms", t + 342, 20,
                  {"Collective name": "allreduce", "In msg nelems": 4194304, "Out msg nelems": 4194304,
                   "dtype": "Float", "Group size": n, "Process Group Name": "0",
                   "Process Group Ranks": json.dumps(list(range(n))), "Rank": k,
                   "Global rank start": 0, "Global rank stride": 1})
            start = t + 400 + k
            r.kernel("ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)", t + 345, start, t + 800 - start, 4)
        write("comm-mi300x", k, n, r.ev, {"id": 0, "name": "AMD Instinct MI300X", "totalGlobalMem": 205822885888,
                                          "computeMajor": 9, "computeMinor": 4, "numSms": 304})


def skewed():
    """Two ranks whose clocks disagree by 300 us: rank 1's events are all
    written 300 us late. Three all-reduces a step, no sequence numbers, so
    only the per-group order and the measured skew pair them."""
    skew = 300
    for k in range(2):
        r = Rank()
        off = skew if k == 1 else 0
        for s in range(3):
            t = BASE + s * 3000 + off
            r.step(s + 1, t, 3000)
            for i in range(3):
                c = t + 100 + i * 800
                # rank 0 arrives 20 us after rank 1 at the second one
                start = c + (20 if (k == 0 and i == 1) else 0)
                r.kernel("gemm_kernel", c - 90, c - 80, 60, 7)
                r.kernel("ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
                         c - 10, start, c + 50 - start, 20,
                         {"Collective name": "allreduce", "In msg nelems": 1048576, "Out msg nelems": 1048576,
                          "dtype": "BFloat16", "Group size": 2, "Process Group Name": "0",
                          "Process Group Ranks": "[0, 1]"})
        write("comm-skew", k, 2, r.ev)


def user():
    """Kernels only a user pattern file or the launching op call
    communication: a custom all-to-all, an excluded one, and a kernel
    launched inside record_param_comms without args of its own."""
    r = Rank()
    for s in range(3):
        t = BASE + s * 1000
        r.step(s + 1, t, 1000)
        r.kernel("my_moe_all_to_all_kernel<bf16>", t + 1, t + 10, 100, 20)
        r.kernel("my_moe_all_to_all_local_permute", t + 2, t + 120, 50, 20)
        r.cpu("record_param_comms", t + 3, 10)
        r.kernel("p2p_copy_kernel", t + 5, t + 200, 100, 21)
        r.kernel("mlp_gemm_kernel", t + 20, t + 300, 400, 7)
    write("comm-user", 0, 1, r.ev)


def communicators():
    """Four ranks in two communicators of two ranks, {0, 1} and {2, 3}, that
    newer Kineto tells apart by their id only (no process group name); each
    numbers its collectives from 1. Versions spell the keys differently:
    the first writes pg_id and Seq, the second Comm Id and seq_num. The
    second communicator's ranks run 150 us after the first's, and both
    communicators' sequence numbers are the same, so only the id keeps the
    four ranks from being one group."""
    for k in range(4):
        r = Rank()
        second = k >= 2
        for s in range(3):
            t = BASE + s * 2000
            r.step(s + 1, t, 2000)
            r.kernel("gemm_kernel", t + 1, t + 10, 200, 7)
            args = {"Collective name": "allreduce", "In msg nelems": 65536, "Out msg nelems": 65536,
                    "dtype": "Float", "Group size": 2,
                    "Process Group Ranks": "[2, 3]" if second else "[0, 1]"}
            if second:
                args.update({"Comm Id": "0x7f3a00bb", "seq_num": s + 1})
            else:
                args.update({"pg_id": 3, "Seq": s + 1})
            start = t + 300 + (150 if second else 0) + (k % 2) * 10
            r.kernel("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)",
                     t + 290, start, t + 500 + (150 if second else 0) - start, 20, args)
        write("../comm/communicators", k, 4, r.ev)


def helpers():
    """Collective ops that launch more than their collective: an all-reduce
    of a custom backend whose kernel no rule names (the longest kernel the
    op launched), after a fill and a copy into its flat buffer; an NCCL
    all-gather followed by a copy out of the gathered buffer. Only the
    collectives are communication."""
    r = Rank()
    for s in range(3):
        t = BASE + s * 2000
        r.step(s + 1, t, 2000)
        r.kernel("gemm_kernel", t + 1, t + 10, 200, 7)
        r.cpu("c10d::allreduce_", t + 300, 60)
        r.kernel("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>(int, float)",
                 t + 302, t + 310, 8, 20)
        r.kernel("void at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda>(int, char*)",
                 t + 310, t + 320, 12, 20)
        r.kernel("custom_ar::two_stage_reduce_kernel<float>(float*, int)", t + 320, t + 340, 150, 20)
        r.cpu("c10d::allgather_", t + 600, 60)
        r.cpu("record_param_comms", t + 602, 20,
              {"Collective name": "allgather", "In msg nelems": 1024, "Out msg nelems": 8192,
               "dtype": "Float", "Group size": 8})
        r.kernel("ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", t + 605, t + 620, 90,
                 20)
        r.kernel("void at::native::(anonymous namespace)::CatArrayBatchedCopy<float, unsigned int, 1>(float*)",
                 t + 640, t + 720, 30, 20)
    write("../comm/helpers", 0, 1, r.ev)


if __name__ == "__main__":
    deepep()
    b200()
    mi300x()
    skewed()
    user()
    communicators()
    helpers()
