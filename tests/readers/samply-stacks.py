#!/usr/bin/env python3
"""usage: samply-stacks.py [--summary|--user-frames] [--return-addresses] PROFILE

Reads the Firefox Profiler JSON (gzipped or not) that samply import
writes (scripts/get-readers.sh: build/readers/bin/samply import
--save-only -o PROFILE perf.data) and prints its samples, in time order,
one line each, as "TID SECS.NSECS: frame frame ...", innermost frame
first, like gen-perf-data.py --expect script. A frame is its function's
name: unsymbolicated (no libraries, or samply's --save-only), the
address in hex, absolute where the address is in no mapped file and
relative to the file where it is.

samply takes 1 from every frame but a sample's first (return addresses
into the call instruction); --return-addresses adds it back to frames
that are hex addresses, so that the lines of a file with no mmaps are
those of perf script.

--user-frames prints instead "TID: N" for each sample, in time order: its
number of user frames (the frames of samply's category "User"); TID
without the ".N" samply adds for a thread after its exec.

--summary prints instead, per thread and in total, the number of samples
and histograms {frames: samples} of all frames and of user frames (the
frames of samply's category "User") per sample.
"""
import argparse
import collections
import gzip
import json


def load(path):
    with open(path, "rb") as f:
        head = f.read(2)
    opener = gzip.open if head == b"\x1f\x8b" else open
    with opener(path, "rt") as f:
        return json.load(f)


def samples(profile, return_addresses):
    """(time in ns, tid, thread name, [(frame, category name)...]) for
    each sample, innermost frame first"""
    cats = [c["name"] for c in profile["meta"].get("categories", [])]
    shared = profile.get("shared", {}).get("stringArray")
    for t in profile["threads"]:
        strings = t.get("stringArray", shared)
        ft, fn, st, s = t["frameTable"], t["funcTable"], t["stackTable"], t["samples"]
        if "time" in s:
            times = s["time"]
        else:
            times, now = [], 0.0
            for d in s["timeDeltas"]:
                now += d
                times.append(now)
        for i in range(s["length"]):
            frames = []
            stack = s["stack"][i]
            while stack is not None:
                frame = st["frame"][stack]
                name = strings[fn["name"][ft["func"][frame]]]
                cat = ft["category"][frame]
                cat = cats[cat] if cat is not None and cat < len(cats) else "?"
                frames.append((name, cat))
                stack = st["prefix"][stack]
            out = []
            for n, (name, cat) in enumerate(frames):
                if name.startswith("0x"):
                    addr = int(name, 16)
                    if return_addresses and n > 0:
                        addr += 1
                    name = "%x" % addr
                out.append((name, cat))
            # samply's times are in ms
            yield round(times[i] * 1e6), t["tid"], t.get("name", ""), out


def hist(counter):
    return "{" + ", ".join("%d: %d" % kv for kv in sorted(counter.items())) + "}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--user-frames", action="store_true")
    ap.add_argument("--return-addresses", action="store_true")
    ap.add_argument("profile")
    args = ap.parse_args()
    all_samples = sorted(samples(load(args.profile), args.return_addresses),
                         key=lambda s: s[0])
    if args.user_frames:
        for ns, tid, _, frames in all_samples:
            # "101.1": samply's name for the thread 101 after its exec
            print("%s: %d" % (str(tid).split(".")[0],
                              sum(c == "User" for _, c in frames)))
        return
    if not args.summary:
        for ns, tid, _, frames in all_samples:
            print("%s %d.%09d: %s" % (tid, ns // 10**9, ns % 10**9,
                                      " ".join(f for f, _ in frames)))
        return
    threads = collections.OrderedDict()
    for ns, tid, name, frames in all_samples:
        threads.setdefault((tid, name), []).append(frames)
    threads[("all", "")] = [f for fs in threads.values() for f in fs]
    for (tid, name), fs in threads.items():
        depth = collections.Counter(len(f) for f in fs)
        user = collections.Counter(sum(c == "User" for _, c in f) for f in fs)
        print("tid %s%s: samples %d, frames per sample %s, user frames per sample %s"
              % (tid, " (%s)" % name if name else "", len(fs), hist(depth), hist(user)))


if __name__ == "__main__":
    main()
