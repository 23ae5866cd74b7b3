#!/usr/bin/env python3
"""Reads guest/bench-trace.sh lines (key=value, with clock= from
benchmarks/trace-cost.sh) on stdin and prints, per clock and user stack
depth, the median (min-max) over the rounds of a run's median getppid()
call, from its entry to its return to user space: unrecorded, under perf
trace --call-graph fp (deferred) and fp,nodefer (in place), and deferred
/ in place; then the calls of each run against unrecorded. With the
icount clock a nanosecond is an instruction; the histogram's buckets are
64 wide."""
import statistics
import sys
from collections import defaultdict

UNITS = {"icount": "instructions", "tcg": "ns"}
MODES = ["none", "defer", "inplace"]

# clock -> depth -> round -> mode -> (calls, median)
runs = defaultdict(lambda: defaultdict(lambda: defaultdict(dict)))
for line in sys.stdin:
    v = dict(kv.split("=", 1) for kv in line.split())
    runs[v["clock"]][int(v["depth"])][v["round"]][v["mode"]] = (
        float(v["calls"]), float(v["median"]))


def fmt(xs, f="%.0f"):
    return (f + " (" + f + "-" + f + ")") % (statistics.median(xs), min(xs), max(xs))


for clock, depths in runs.items():
    print("%s clock: %s per getppid() call, entry to return to user space, "
          "median (min-max) of %d rounds" %
          (clock, UNITS.get(clock, "ns"), max(len(r) for r in depths.values())))
    print("%-5s %-20s %-20s %-20s %-18s %-17s %s" %
          ("depth", "unrecorded", "deferred", "in place", "deferred/in place",
           "calls def./unrec.", "calls in place/unrec."))
    for depth in sorted(depths):
        rounds = [r for r in depths[depth].values() if set(MODES) <= r.keys()]
        if len(rounds) < len(depths[depth]):
            print("depth %d: %d of %d rounds lack a mode, left out" %
                  (depth, len(depths[depth]) - len(rounds), len(depths[depth])),
                  file=sys.stderr)
        if not rounds:
            continue
        t = {m: [r[m][1] for r in rounds] for m in MODES}
        print("%-5d %-20s %-20s %-20s %-18s %-17s %s" %
              (depth, fmt(t["none"]), fmt(t["defer"]), fmt(t["inplace"]),
               fmt([a / b for a, b in zip(t["defer"], t["inplace"])], "%.2f"),
               fmt([r["defer"][0] / r["none"][0] for r in rounds], "%.3f"),
               fmt([r["inplace"][0] / r["none"][0] for r in rounds], "%.3f")))
    print()
