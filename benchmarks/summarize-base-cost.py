#!/usr/bin/env python3
"""Reads workloads/basecost.c lines (key=value, with clock= and kernel=
from benchmarks/base-cost.sh) on stdin and prints, per clock, a table:
per row, the base and the series kernels' median (min-max) over the
rounds, and series/base: the ratio of the medians, and in brackets the
range that the two kernels' extremes allow (the series' min over the
base's max to its max over the base's min). With the icount clock a
nanosecond is an instruction."""
import statistics
import sys
from collections import defaultdict

ROWS = ["getppid", "signal", "signal_altstack", "restart", "ptrace",
        "rseq_abort", "io_uring", "fork_exit", "execve", "uprobe",
        "nohz_getppid", "first_callchain_open"]
# Once per boot, after first_callchain_open, on the series' kernel only:
# what the first deferring event costs beyond a later one
ONCE = ["first_defer_open", "defer_open"]
UNITS = {"icount": "instructions", "tcg": "ns"}

# clock -> kernel -> row -> [ns]
runs = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
for line in sys.stdin:
    v = dict(kv.split("=", 1) for kv in line.split())
    runs[v["clock"]][v["kernel"]][v["row"]].append(float(v["ns"]))


def fmt(xs):
    return "%.0f (%.0f-%.0f)" % (statistics.median(xs), min(xs), max(xs))


for clock, kernels in runs.items():
    base, series = kernels.get("base", {}), kernels.get("series", {})
    print("%s clock: %s per operation, median (min-max) of %d rounds" %
          (clock, UNITS.get(clock, "ns"),
           max((len(x) for x in base.values()), default=0)))
    print("%-20s %-28s %-28s %s" % ("row", "base", "series",
                                      "series/base [range]"))
    for row in ROWS:
        b, s = base.get(row), series.get(row)
        if not b or not s:
            continue
        print("%-20s %-28s %-28s %.3f [%.3f-%.3f]" %
              (row, fmt(b), fmt(s),
               statistics.median(s) / statistics.median(b),
               min(s) / max(b), max(s) / min(b)))
    first, again = series.get(ONCE[0]), series.get(ONCE[1])
    if first and again:
        print("%-20s %-28s %-28s one-time: %.0f" %
              (ONCE[0], "-", fmt(first),
               statistics.median(first) - statistics.median(again)))
        print("%-20s %-28s %s" % (ONCE[1], "-", fmt(again)))
    print()
