#!/usr/bin/env python3
"""Reads workloads/defercost.c lines (key=value, with clock= and kernel=
from benchmarks/return-cost.sh) on stdin and prints, per clock and
kernel, median (min-max) over the rounds: the cost per fault of each
setup; per depth what a sample adds to a fault without event (in place,
deferred with 1 session) with their ratio, and what each further session
adds to the deferred sample (from 1 to 4 and from 4 to 16 sessions, per
session: equal figures mean linear growth), and the same for two samples
a fault (two events: two walks in place, one walk and one record
deferred); and those costs split into a part per frame (the slope from
the smallest depth to the largest) and a fixed part (the cost
extrapolated to 0 frames). With the icount clock a
nanosecond is an instruction; with tcg it is TCG's wall clock."""
import statistics
import sys
from collections import defaultdict

SETUPS = ["none", "inplace", "defer1", "defer4", "defer16", "inplace2",
          "defer1x2"]
UNITS = {"icount": ("instructions", 1.0, 0), "tcg": ("us", 1000.0, 2)}

# (clock, kernel) -> (depth, round) -> setup -> ns per fault
runs = defaultdict(lambda: defaultdict(dict))
for line in sys.stdin:
    v = dict(kv.split("=", 1) for kv in line.split())
    key = (v.get("clock", "tcg"), v.get("kernel", "release"))
    runs[key][(int(v["depth"]), int(v["round"]))][v["setup"]] = \
        int(v["ns_per_fault"])


def fmt(xs, scale, digits):
    xs = [x / scale for x in xs]
    return "%.*f (%.*f-%.*f)" % (digits, statistics.median(xs), digits,
                                 min(xs), digits, max(xs))


def costs(r):
    """What the sample adds, by kind, in one round."""
    return {"in place": r["inplace"] - r["none"],
            "deferred": r["defer1"] - r["none"],
            "per session": (r["defer16"] - r["defer4"]) / 12}


for (clock, kernel), ns in runs.items():
    unit, scale, digits = UNITS[clock]
    depths = sorted({d for d, _ in ns})
    rounds = {d: [ns[k] for k in sorted(ns) if k[0] == d and
                  all(s in ns[k] for s in SETUPS)] for d in depths}

    print("### %s, %s clock (%s per fault)" % (kernel, clock, unit))
    print()
    print("| depth | rounds | " + " | ".join(SETUPS) + " |")
    print("| --- | --- |" + " --- |" * len(SETUPS))
    for d in depths:
        print("| %d | %d | " % (d, len(rounds[d])) +
              " | ".join(fmt([r[s] for r in rounds[d]], scale, digits)
                         for s in SETUPS) + " |")
    print()
    print("| depth | sample in place | sample deferred, 1 session "
          "| deferred / in place | per session, 1 to 4 "
          "| per session, 4 to 16 |")
    print("| --- | --- | --- | --- | --- | --- |")
    for d in depths:
        rs = rounds[d]
        ratio = [(r["defer1"] - r["none"]) / (r["inplace"] - r["none"])
                 for r in rs if r["inplace"] > r["none"]]
        print("| %d | %s | %s | %s | %s | %s |" % (
            d, fmt([costs(r)["in place"] for r in rs], scale, digits),
            fmt([costs(r)["deferred"] for r in rs], scale, digits),
            fmt(ratio, 1.0, 2) if ratio else "-",
            fmt([(r["defer4"] - r["defer1"]) / 3 for r in rs], scale, digits),
            fmt([costs(r)["per session"] for r in rs], scale, digits)))
    print()
    print("| depth | 2 samples in place | 2 samples deferred, 1 session "
          "| deferred / in place |")
    print("| --- | --- | --- | --- |")
    for d in depths:
        rs = rounds[d]
        ratio = [(r["defer1x2"] - r["none"]) / (r["inplace2"] - r["none"])
                 for r in rs if r["inplace2"] > r["none"]]
        print("| %d | %s | %s | %s |" % (
            d, fmt([r["inplace2"] - r["none"] for r in rs], scale, digits),
            fmt([r["defer1x2"] - r["none"] for r in rs], scale, digits),
            fmt(ratio, 1.0, 2) if ratio else "-"))
    print()
    if len(depths) < 2:
        continue
    lo, hi = depths[0], depths[-1]
    # Rounds pair up by index: round i at depth lo with round i at hi.
    pairs = list(zip(rounds[lo], rounds[hi]))
    print("| cost | per frame (%d to %d frames) | fixed (0 frames) |" %
          (lo, hi))
    print("| --- | --- | --- |")
    for kind in ("in place", "deferred", "per session"):
        slope = [(costs(b)[kind] - costs(a)[kind]) / (hi - lo)
                 for a, b in pairs]
        fixed = [costs(a)[kind] - s * lo for (a, _), s in zip(pairs, slope)]
        print("| %s | %s | %s |" % (kind, fmt(slope, scale, digits + 1),
                                    fmt(fixed, scale, digits)))
    print()
