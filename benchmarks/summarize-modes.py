#!/usr/bin/env python3
"""Reads guest/bench-modes.sh lines (key=value, with clock= from
benchmarks/mode-cost.sh) on stdin and prints, per clock, workload and
user stack depth, the median (min-max) over the rounds, for fp in place,
fp deferred and dwarf, of: the time per sample that the workload lost
against unrecorded in its 2 s (2e9 * (1 - calls / unrecorded calls) /
samples; with the icount clock, instructions of the whole guest, perf
record's own work on the other vCPU included), perf.data bytes per
sample, and the share of samples whose stack reaches main()."""
import statistics
import sys
from collections import defaultdict

UNITS = {"icount": "instructions", "tcg": "ns"}
MODES = ["inplace", "defer", "dwarf"]
NAMES = {"inplace": "fp in place", "defer": "fp deferred", "dwarf": "dwarf"}
RUN_NS = 2e9

# clock -> (work, depth) -> round -> mode -> values
runs = defaultdict(lambda: defaultdict(lambda: defaultdict(dict)))
for line in sys.stdin:
    v = dict(kv.split("=", 1) for kv in line.split())
    runs[v["clock"]][(v["work"], int(v["depth"]))][v["round"]][v["mode"]] = {
        k: float(v[k]) for k in ("calls", "samples", "bytes", "main")}


def fmt(xs, f="%.0f"):
    return (f + " (" + f + "-" + f + ")") % (statistics.median(xs), min(xs), max(xs))


for clock, rows in runs.items():
    print("%s clock, median (min-max) of %d rounds" %
          (clock, max(len(r) for r in rows.values())))
    print("%-6s %-5s %-12s %-26s %-22s %s" %
          ("work", "depth", "mode", UNITS.get(clock, "ns") + " per sample",
           "bytes per sample", "share reaching main()"))
    for (work, depth) in sorted(rows, key=lambda k: (k[0] != "cpu", k[1])):
        rounds = [r for r in rows[(work, depth)].values()
                  if set(MODES + ["none"]) <= r.keys() and
                  all(r[m]["samples"] for m in MODES)]
        if len(rounds) < len(rows[(work, depth)]):
            print("%s depth %d: %d rounds lack a mode or its samples, left out" %
                  (work, depth, len(rows[(work, depth)]) - len(rounds)), file=sys.stderr)
        for m in MODES:
            if not rounds:
                break
            cost = [RUN_NS * (1 - r[m]["calls"] / r["none"]["calls"]) / r[m]["samples"]
                    for r in rounds]
            size = [r[m]["bytes"] / r[m]["samples"] for r in rounds]
            main = [r[m]["main"] / r[m]["samples"] for r in rounds]
            print("%-6s %-5d %-12s %-26s %-22s %s" %
                  (work, depth, NAMES[m], fmt(cost), fmt(size), fmt(main, "%.3f")))
    print()
