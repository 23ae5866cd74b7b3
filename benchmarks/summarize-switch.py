#!/usr/bin/env python3
"""Reads guest/bench-switch.sh lines (key=value, with clock= from
benchmarks/switch-cost.sh) on stdin and prints, per clock and user stack
depth, the median (min-max) over the rounds of the time in the
sched_switch tracepoint per sampled switch, beyond what an unrecorded
switch spends there: deferred, in place, with the kernel part of the
callchain only, and deferred / in place; then the workload's round trips
against unrecorded and perf.data bytes per sample. With the icount
clock a nanosecond is an instruction."""
import statistics
import sys
from collections import defaultdict

UNITS = {"icount": "instructions", "tcg": "ns"}
MODES = ["defer", "inplace", "kernel"]

# clock -> depth -> round -> mode -> values
runs = defaultdict(lambda: defaultdict(lambda: defaultdict(dict)))
for line in sys.stdin:
    v = dict(kv.split("=", 1) for kv in line.split())
    runs[v["clock"]][int(v["depth"])][v["round"]][v["mode"]] = {
        k: float(v[k]) for k in ("trips", "switches", "ns", "samples", "bytes")}


def fmt(xs, f="%.0f"):
    return (f + " (" + f + "-" + f + ")") % (statistics.median(xs), min(xs), max(xs))


def in_tracepoint(r, mode):
    """Per sampled switch, beyond an unrecorded switch's time there"""
    m, base = r[mode], r["none"]
    return (m["ns"] - base["ns"] / base["switches"] * m["switches"]) / m["samples"]


for clock, depths in runs.items():
    print("%s clock: %s in the sched_switch tracepoint per sampled switch, "
          "median (min-max) of %d rounds" %
          (clock, UNITS.get(clock, "ns"), max(len(r) for r in depths.values())))
    print("%-5s %-20s %-20s %-20s %-18s" %
          ("depth", "deferred", "in place", "kernel part only", "deferred/in place"))
    rows = {}
    for depth in sorted(depths):
        rounds = [r for r in depths[depth].values()
                  if set(MODES + ["none"]) <= r.keys() and
                  all(r[m]["samples"] for m in MODES)]
        if len(rounds) < len(depths[depth]):
            print("depth %d: %d of %d rounds lack a mode or its samples, left out" %
                  (depth, len(depths[depth]) - len(rounds), len(depths[depth])),
                  file=sys.stderr)
        if not rounds:
            continue
        rows[depth] = rounds
        t = {m: [in_tracepoint(r, m) for r in rounds] for m in MODES}
        print("%-5d %-20s %-20s %-20s %s" %
              (depth, fmt(t["defer"]), fmt(t["inplace"]), fmt(t["kernel"]),
               fmt([a / b for a, b in zip(t["defer"], t["inplace"])], "%.2f")))
    print()
    print("%-5s %-17s %-17s %-17s %s" %
          ("depth", "round trips / unrecorded:", "", "",
           "perf.data bytes per sample"))
    print("%-5s %-17s %-17s %-17s %s" %
          ("", "deferred", "in place", "kernel part only",
           "deferred, in place, kernel part only"))
    for depth, rounds in rows.items():
        print("%-5d %-17s %-17s %-17s %s" %
              ((depth,) +
               tuple(fmt([r[m]["trips"] / r["none"]["trips"] for r in rounds], "%.2f")
                     for m in MODES) +
               (", ".join("%.0f" % statistics.median(r[m]["bytes"] / r[m]["samples"]
                                                    for r in rounds) for m in MODES),)))
    print()
