#!/usr/bin/env python3
"""usage: plot-scaling.py TOOL LABEL=FILE...

Draws, as text, the time of perf TOOL (script or report) on deferred data
relative to the same samples in place (median), against the number of
samples waiting at a time (threads * per entry), from report-cost.sh
outputs: one bar per file and size. The ratio leaves out what perf
spends per thread whether or not the data is deferred."""
import re
import sys

tool, series = sys.argv[1], [a.split("=", 1) for a in sys.argv[2:]]
points = []
for label, path in series:
    for line in open(path):
        f = line.split()
        if len(f) < 2 or f[1] != tool or not re.match(r"\d", f[0]):
            continue
        samples, threads, per_entry, depth = map(int, f[0].split(","))
        ratio = float(f[2])
        points.append((label, threads * per_entry, ratio))

top = max(r for _, _, r in points)
width = 50
print(f"perf {tool}: time deferred / in place against samples waiting for their record")
for label, waiting, ratio in points:
    bar = "#" * max(1, round(width * ratio / top))
    print(f"{label:>8} {waiting:>7} waiting {ratio:6.2f} |{bar}")
