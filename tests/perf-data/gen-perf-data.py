#!/usr/bin/env python3
"""usage: gen-perf-data.py [--pipe] [--big-endian] SCENARIO OUT

Writes a perf.data file (or a pipe-mode stream with --pipe) holding a
chosen sequence of samples and PERF_RECORD_CALLCHAIN_DEFERRED records, as
a kernel with deferred user callchains and a mainline perf record would
write it: a cpu-clock event with defer_callchain and a dummy tracking
event with defer_output, both with sample_id_all. --big-endian writes
what a big-endian machine would. SCENARIO is one of the names in
SCENARIOS below.
"""
import argparse
import struct
import sys

PERF_RECORD_COMM = 3
PERF_RECORD_SAMPLE = 9
PERF_RECORD_CALLCHAIN_DEFERRED = 22
PERF_RECORD_HEADER_ATTR = 64

PERF_CONTEXT_KERNEL = (1 << 64) - 128
PERF_CONTEXT_USER_DEFERRED = (1 << 64) - 640

MISC_KERNEL, MISC_USER = 1, 2

SAMPLE_IP, SAMPLE_TID, SAMPLE_TIME = 1 << 0, 1 << 1, 1 << 2
SAMPLE_CPU, SAMPLE_PERIOD = 1 << 7, 1 << 8
SAMPLE_CALLCHAIN, SAMPLE_IDENTIFIER = 1 << 5, 1 << 16
SAMPLE_TYPE = (SAMPLE_IDENTIFIER | SAMPLE_IP | SAMPLE_TID | SAMPLE_TIME |
               SAMPLE_CPU | SAMPLE_PERIOD | SAMPLE_CALLCHAIN)

ATTR_SIZE = 136                 # PERF_ATTR_SIZE_VER8
BIT = {"disabled": 0, "mmap": 8, "comm": 9, "task": 13,
       "sample_id_all": 18, "exclude_guest": 20, "comm_exec": 24,
       "defer_callchain": 38, "defer_output": 39}

SAMPLING_ID, TRACKING_ID = 1, 2
PID = 4242


class Writer:
    def __init__(self, big_endian):
        self.e = ">" if big_endian else "<"
        self.big_endian = big_endian

    def pack(self, fmt, *v):
        return struct.pack(self.e + fmt, *v)

    def flags(self, names):
        v = 0
        for n in names:
            v |= 1 << BIT[n]
        if self.big_endian:
            # A big-endian compiler allocates bitfields from the top bit.
            v = int(f"{v:064b}"[::-1], 2)
        return self.pack("Q", v)

    def attr(self, config, period, flags):
        a = self.pack("IIQQQQ", 1, ATTR_SIZE, config, period, SAMPLE_TYPE, 0)
        a += self.flags(flags)
        a += bytes(ATTR_SIZE - len(a))
        return a

    def sample_id(self, tid, time, cpu, ident):
        return (self.pack("II", PID, tid) + self.pack("Q", time) +
                self.pack("II", cpu, 0) + self.pack("Q", ident))

    def record(self, rtype, misc, body):
        return self.pack("IHH", rtype, misc, 8 + len(body)) + body

    def comm(self, tid, name, time):
        n = name.encode() + b"\0"
        n += bytes(-len(n) % 8)
        body = self.pack("II", PID, tid) + n
        body += self.sample_id(tid, time, 0, TRACKING_ID)
        return self.record(PERF_RECORD_COMM, 0, body)

    def sample(self, tid, time, cpu, chain):
        """A kernel-mode sample: its ip is the first kernel ip."""
        body = self.pack("Q", SAMPLING_ID)
        body += self.pack("Q", chain[1])
        body += self.pack("II", PID, tid) + self.pack("Q", time)
        body += self.pack("II", cpu, 0) + self.pack("Q", 100000)
        body += self.pack("Q", len(chain))
        body += b"".join(self.pack("Q", ip) for ip in chain)
        return self.record(PERF_RECORD_SAMPLE, MISC_KERNEL, body)

    def deferred(self, tid, time, cpu, cookie, ips, nr=None):
        body = self.pack("QQ", cookie, len(ips) if nr is None else nr)
        body += b"".join(self.pack("Q", ip) for ip in ips)
        body += self.sample_id(tid, time, cpu, TRACKING_ID)
        return self.record(PERF_RECORD_CALLCHAIN_DEFERRED, MISC_USER, body)


KIPS = [0xffffffff81000100, 0xffffffff81000200]
UIPS = [0x401136, 0x401152, 0x401170]


def kchain(cookie):
    return [PERF_CONTEXT_KERNEL] + KIPS + [PERF_CONTEXT_USER_DEFERRED, cookie]


def basic(w):
    """Two entries of one thread: 3 and 1 samples, each entry's record."""
    return [w.comm(PID, "deferred", 1000),
            w.sample(PID, 2000, 0, kchain(0x11)),
            w.sample(PID, 2100, 0, kchain(0x11)),
            w.sample(PID, 2200, 1, kchain(0x11)),
            w.deferred(PID, 2300, 1, 0x11, UIPS),
            w.sample(PID, 3000, 1, kchain(0x13)),
            w.deferred(PID, 3100, 1, 0x13, UIPS[1:])]


def malformed_nr(w):
    """A record whose nr is larger than the record, between good ones."""
    return [w.comm(PID, "deferred", 1000),
            w.sample(PID, 2000, 0, kchain(0x11)),
            w.deferred(PID, 2300, 0, 0x11, UIPS, nr=1000),
            w.sample(PID, 3000, 0, kchain(0x13)),
            w.deferred(PID, 3100, 0, 0x13, UIPS)]


SCENARIOS = {"basic": basic, "malformed-nr": malformed_nr}


def file_mode(w, events):
    attrs_off = 104
    ids_off = attrs_off + 2 * (ATTR_SIZE + 16)
    data_off = ids_off + 16
    data = b"".join(events)
    out = b"PERFILE2" if not w.big_endian else b"2ELIFREP"
    out += w.pack("QQ", 104, ATTR_SIZE + 16)
    out += w.pack("QQ", attrs_off, 2 * (ATTR_SIZE + 16))
    out += w.pack("QQ", data_off, len(data))
    out += w.pack("QQ", 0, 0)
    out += bytes(32)                    # no feature sections
    for i, a in enumerate(attrs(w)):
        out += a + w.pack("QQ", ids_off + 8 * i, 8)
    out += w.pack("QQ", SAMPLING_ID, TRACKING_ID)
    return out + data


def pipe_mode(w, events):
    out = b"PERFILE2" if not w.big_endian else b"2ELIFREP"
    out += w.pack("Q", 16)
    for a, ident in zip(attrs(w), (SAMPLING_ID, TRACKING_ID)):
        out += w.record(PERF_RECORD_HEADER_ATTR, 0, a + w.pack("Q", ident))
    return out + b"".join(events)


def attrs(w):
    return [w.attr(0, 100000, ["disabled", "sample_id_all", "exclude_guest",
                               "defer_callchain"]),
            w.attr(9, 1, ["disabled", "mmap", "comm", "task", "comm_exec",
                          "sample_id_all", "exclude_guest", "defer_output"])]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pipe", action="store_true")
    ap.add_argument("--big-endian", action="store_true")
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    ap.add_argument("out")
    args = ap.parse_args()
    w = Writer(args.big_endian)
    events = SCENARIOS[args.scenario](w)
    data = (pipe_mode if args.pipe else file_mode)(w, events)
    if args.out == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(args.out, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
