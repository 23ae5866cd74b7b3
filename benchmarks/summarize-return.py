#!/usr/bin/env python3
"""Reads workloads/defercost.c lines (key=value) on stdin and prints two
markdown tables, median (min-max) over the rounds: the time per fault of
each setup, and per depth what a sample adds to a fault without event
(in place, deferred with 1 session) with their ratio, and what each
further session adds to the deferred sample (from 1 to 4 and from 4 to
16 sessions, per session): equal figures mean linear growth."""
import statistics
import sys
from collections import defaultdict

SETUPS = ["none", "inplace", "defer1", "defer4", "defer16"]

ns = defaultdict(dict)  # (depth, round) -> setup -> ns per fault
for line in sys.stdin:
    v = dict(kv.split("=", 1) for kv in line.split())
    ns[(int(v["depth"]), int(v["round"]))][v["setup"]] = int(v["ns_per_fault"])


def fmt(xs, scale=1.0, digits=2):
    xs = [x / scale for x in xs]
    return "%.*f (%.*f-%.*f)" % (digits, statistics.median(xs), digits,
                                 min(xs), digits, max(xs))


depths = sorted({d for d, _ in ns})
rounds = {d: [ns[k] for k in sorted(ns) if k[0] == d and
              all(s in ns[k] for s in SETUPS)] for d in depths}

print("| depth | rounds | " + " | ".join(SETUPS) + " |")
print("| --- | --- |" + " --- |" * len(SETUPS))
for d in depths:
    print("| %d | %d | " % (d, len(rounds[d])) +
          " | ".join(fmt([r[s] for r in rounds[d]], 1000.0) for s in SETUPS)
          + " |")
print()
print("(microseconds per fault)")
print()
print("| depth | sample in place (us) | sample deferred, 1 session (us) "
      "| deferred / in place | per session, 1 to 4 (us) "
      "| per session, 4 to 16 (us) |")
print("| --- | --- | --- | --- | --- | --- |")
for d in depths:
    rs = rounds[d]
    inplace = [r["inplace"] - r["none"] for r in rs]
    defer = [r["defer1"] - r["none"] for r in rs]
    ratio = [(r["defer1"] - r["none"]) / (r["inplace"] - r["none"])
             for r in rs if r["inplace"] > r["none"]]
    s4 = [(r["defer4"] - r["defer1"]) / 3 for r in rs]
    s16 = [(r["defer16"] - r["defer4"]) / 12 for r in rs]
    print("| %d | %s | %s | %s | %s | %s |" % (
        d, fmt(inplace, 1000.0), fmt(defer, 1000.0),
        fmt(ratio) if ratio else "-", fmt(s4, 1000.0), fmt(s16, 1000.0)))
