#!/usr/bin/env python3
"""Reads guest/bench-record.sh lines (key=value) on stdin and prints a
table per (depth, bytes): median (min-max) over the rounds."""
import statistics
import sys
from collections import defaultdict

runs = defaultdict(list)
for line in sys.stdin:
    v = dict(kv.split("=", 1) for kv in line.split())
    v = {k: float(x) for k, x in v.items()}
    runs[(int(v["depth"]), int(v["bytes"]))].append(v)

figures = [
    ("walks/entry deferred", lambda v: v["d_records"] / v["d_cookies"]),
    ("walks/entry in place", lambda v: v["d_samples"] / v["d_cookies"]),
    ("bytes/sample def/inpl", lambda v: (v["d_bytes"] / v["d_samples"]) /
                                        (v["i_bytes"] / v["i_samples"])),
    ("throughput deferred", lambda v: v["d_calls"] / v["calls_plain"]),
    ("throughput in place", lambda v: v["i_calls"] / v["calls_plain"]),
    ("lost user parts", lambda v: v["d_lost"]),
]


def fmt(xs):
    return f"{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})"


print(f"{'depth':>5} {'read bytes':>10} {'rounds':>6} " +
      " ".join(f"{name:>22}" for name, _ in figures))
for (depth, nbytes), vs in sorted(runs.items()):
    cells = [fmt([f(v) for v in vs]) for _, f in figures]
    print(f"{depth:>5} {nbytes:>10} {len(vs):>6} " +
          " ".join(f"{c:>22}" for c in cells))
