#!/usr/bin/env python3
"""Reads guest/bench-record.sh lines (key=value) on stdin and prints a
markdown table per (depth, workload): median (min-max) over the rounds.
bytes= is the workload: cpu, getppid or the read() length. Lines from
before d_inplace= and d_cookie_samples= (a kernel that deferred every
sample) count as having none in place and a cookie on every sample."""
import statistics
import sys
from collections import defaultdict

WORKLOADS = ["cpu", "getppid"]  # then the read() lengths, shortest first

runs = defaultdict(list)
for line in sys.stdin:
    if not line.strip():
        continue
    v = dict(kv.split("=", 1) for kv in line.split())
    work = v.pop("bytes")
    v = {k: float(x) for k, x in v.items()}
    v.setdefault("d_inplace", 0.0)
    v.setdefault("d_cookie_samples", v["d_samples"] - v["d_inplace"])
    runs[(int(v["depth"]), work)].append(v)


def order(key):
    depth, work = key
    if work in WORKLOADS:
        return (depth, WORKLOADS.index(work), 0, "")
    if work.isdigit():
        return (depth, len(WORKLOADS), int(work), "")
    return (depth, len(WORKLOADS) + 1, 0, work)


def per(a, b):
    return lambda v: v[a] / v[b] if v[b] else None


# name, value per round (None: not defined, e.g. no cookies: nothing
# deferred), decimals
figures = [
    ("samples/entry def.", per("d_cookie_samples", "d_cookies"), 2),
    ("walks/sample def.", lambda v: (v["d_records"] + v["d_inplace"]) /
                                    v["d_samples"], 2),
    ("bytes/sample def./in place", lambda v: (v["d_bytes"] / v["d_samples"]) /
                                             (v["i_bytes"] / v["i_samples"]), 2),
    ("throughput def.", per("d_calls", "calls_plain"), 2),
    ("throughput in place", per("i_calls", "calls_plain"), 2),
    ("no user part def.", lambda v: v.get("d_nouser", v["d_lost"]) / v["d_samples"]
                          if v["d_samples"] else None, 4),
]


def fmt(values, d=2):
    xs = [x for x in values if x is not None]
    if not xs:
        return "-"
    s = f"{statistics.median(xs):.{d}f} ({min(xs):.{d}f}-{max(xs):.{d}f})"
    if len(xs) < len(values):
        s += f" [{len(xs)} of {len(values)} rounds]"
    return s


def row(cells):
    print("| " + " | ".join(str(c) for c in cells) + " |")


names = ["depth", "workload", "rounds"] + [name for name, _, _ in figures]
names.insert(5, "walks/sample in place")  # every sample walks: 1.00
row(names)
row(["---"] * len(names))
uneven = []
for key in sorted(runs, key=order):
    vs = runs[key]
    cells = [fmt([f(v) for v in vs], d) for _, f, d in figures]
    cells.insert(2, "1.00")
    row(list(key) + [len(vs)] + cells)
    odd = [v for v in vs if v["d_records"] != v["d_cookies"]]
    if odd:
        uneven.append((key, odd))
# One walk per kernel entry that deferred: records = distinct cookies.
# Where not, each such round: its counts, the cookies of samples that no
# record has, the records whose cookie no sample has (lines from before
# d_norecord= and d_nosample= give "?").
print()
if uneven:
    print("deferred records != distinct cookies in some round:")
    print()
    for (depth, work), odd in uneven:
        for v in odd:
            miss = v.get("d_norecord")
            extra = v.get("d_nosample")
            print(f"- {depth} {work}: {v['d_records']:.0f} records, "
                  f"{v['d_cookies']:.0f} cookies; cookies without a record "
                  f"{'?' if miss is None else f'{miss:.0f}'}, records without "
                  f"a sample {'?' if extra is None else f'{extra:.0f}'}")
else:
    print("deferred records = distinct cookies in every round "
          "(one user stack walk per kernel entry that deferred)")
