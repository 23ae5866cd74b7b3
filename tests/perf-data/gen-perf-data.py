#!/usr/bin/env python3
"""usage: gen-perf-data.py [--pipe | [--zstd [--zstd-chunk BYTES]] [--cut] [--newer-feature]] [--rounds] [--big-endian] [--attr-tail VALUE] [--in-place] [--branches] [--max-stack N] SCENARIO OUT
       gen-perf-data.py [--max-stack N] --expect WHAT SCENARIO OUT
       gen-perf-data.py [--in-place] --bench SAMPLES,THREADS,PER_ENTRY,DEPTH[,RECORDS] OUT

Writes a perf.data file (or a pipe-mode stream with --pipe) holding a
chosen sequence of samples and PERF_RECORD_CALLCHAIN_DEFERRED records, as
a kernel with deferred user callchains and a mainline perf record would
write it: a cpu-clock event with defer_callchain and a dummy tracking
event with defer_output, both with sample_id_all. --big-endian writes
what a big-endian machine would. --max-stack N sets the cpu-clock
event's sample_max_stack (--expect then cuts the stitched chains to N
frames). With --branches the cpu-clock samples
also have a branch stack with branch counters (perf record -j
any,counter). --rounds puts a FINISHED_ROUND after each event (after
each PERF_RECORD_COMPRESSED with --zstd). SCENARIO is one of the names
in SCENARIOS below.

--zstd writes the records of the data section as perf record -z does:
in PERF_RECORD_COMPRESSED records (the header and a zstd frame, made by
the zstd program), one record each, or with --zstd-chunk the records
cut every BYTES bytes (a record may straddle two, as when perf record
reaches the end of its ring buffer), and the HEADER_COMPRESSED feature.
perf decompresses each into a buffer of its own. File mode only.
--cut ends the data section inside one more record, as in a recording
cut short: perf reads what comes before it, but cannot index the
records.

Each sample of a scenario says which user part perf must stitch on to
it, or None where it must be shown without one (its record lost). With
--in-place the same samples are written as a kernel without deferral
would have recorded them: [PERF_CONTEXT_KERNEL, kernel ips...,
PERF_CONTEXT_USER, that user part...], no records, no defer bits. So
perf must show a scenario exactly as its --in-place variant.

--expect writes what perf must show for SCENARIO, OUT being "-" or a file:
  script     perf script -F tid,time,ip --ns with the callchains stitched,
             one line per sample ("TID SECS.NSECS: ip ip ..."), in time
             order (file and pipe mode)
  no-merge   the same with --no-merge-callchains and sym, one line per
             sample (its last frame "COOKIE (cookie)") or record ("TID
             SECS.NSECS: DEFERRED CALLCHAIN [cookie: X] ip ..."), in time
             order
  counts     "stitched N" and "without N": samples given their user part
             and samples shown without it
  malformed  the file offsets (file mode) of the malformed records
"""
import argparse
import struct
import subprocess
import sys
from dataclasses import dataclass

PERF_RECORD_COMM = 3
PERF_RECORD_SAMPLE = 9
PERF_RECORD_EXIT = 4
PERF_RECORD_THROTTLE = 5
PERF_RECORD_CALLCHAIN_DEFERRED = 22
PERF_RECORD_THREAD_MAP = 73
PERF_RECORD_HEADER_ATTR = 64
PERF_RECORD_FINISHED_ROUND = 68
PERF_RECORD_COMPRESSED = 81

PERF_CONTEXT_KERNEL = (1 << 64) - 128
PERF_CONTEXT_USER = (1 << 64) - 512
PERF_CONTEXT_USER_DEFERRED = (1 << 64) - 640

MISC_KERNEL, MISC_USER = 1, 2

SAMPLE_IP, SAMPLE_TID, SAMPLE_TIME = 1 << 0, 1 << 1, 1 << 2
SAMPLE_CPU, SAMPLE_PERIOD = 1 << 7, 1 << 8
SAMPLE_CALLCHAIN, SAMPLE_IDENTIFIER = 1 << 5, 1 << 16
SAMPLE_TYPE = (SAMPLE_IDENTIFIER | SAMPLE_IP | SAMPLE_TID | SAMPLE_TIME |
               SAMPLE_CPU | SAMPLE_PERIOD | SAMPLE_CALLCHAIN)
# --branches: the sampling event's samples have a branch stack with
# counters (perf record -j any,counter)
SAMPLE_BRANCH_STACK = 1 << 11
BRANCH_ANY, BRANCH_COUNTERS = 1 << 3, 1 << 19
BRANCHES = [(0x401000, 0x401100), (0x401200, 0x401300)]
BRANCH_COUNTS = [3, 5]

ATTR_SIZE = 136                 # PERF_ATTR_SIZE_VER8
ATTR_TAIL = None                # --attr-tail: config4, in an attr of 144 bytes
BIT = {"disabled": 0, "mmap": 8, "comm": 9, "task": 13,
       "sample_id_all": 18, "exclude_guest": 20, "comm_exec": 24,
       "defer_callchain": 38, "defer_output": 39}

SAMPLING_ID, TRACKING_ID = 1, 2
PID = 4242
HEADER_SIZE = 104
HEADER_HOSTNAME = 3
HEADER_NRCPUS = 7
HEADER_COMPRESSED = 27
HEADER_NEWER = 60                # no perf knows it: one newer than 7.2
COMP_MMAP_LEN = 528384          # perf record -z's, with 128 data pages
DATA_OFFSET = HEADER_SIZE + 2 * (ATTR_SIZE + 16) + 16


class Writer:
    def __init__(self, big_endian, branches=False, max_stack=0):
        self.e = ">" if big_endian else "<"
        self.big_endian = big_endian
        self.branches = branches
        self.max_stack = max_stack

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

    def attr(self, config, period, flags, branches=False, max_stack=0):
        stype = SAMPLE_TYPE | (SAMPLE_BRANCH_STACK if branches else 0)
        a = self.pack("IIQQQQ", 1, ATTR_SIZE, config, period, stype, 0)
        a += self.flags(flags)
        # wakeup_events, bp_type, config1, config2, branch_sample_type
        a += self.pack("IIQQQ", 0, 0, 0, 0,
                       BRANCH_ANY | BRANCH_COUNTERS if branches else 0)
        # sample_regs_user, sample_stack_user, clockid, sample_regs_intr,
        # aux_watermark, sample_max_stack
        a += self.pack("QIiQIH", 0, 0, 0, 0, 0, max_stack)
        a += bytes(136 - len(a))
        if ATTR_TAIL is not None:
            a += self.pack("Q", ATTR_TAIL)
        return a

    def sample_id(self, pid, tid, time, cpu, ident):
        return (self.pack("II", pid, tid) + self.pack("Q", time) +
                self.pack("II", cpu, 0) + self.pack("Q", ident))

    def record(self, rtype, misc, body):
        return self.pack("IHH", rtype, misc, 8 + len(body)) + body

    def comm(self, pid, tid, name, time):
        n = name.encode() + b"\0"
        n += bytes(-len(n) % 8)
        body = self.pack("II", pid, tid) + n
        body += self.sample_id(pid, tid, time, 0, TRACKING_ID)
        return self.record(PERF_RECORD_COMM, 0, body)

    def exit(self, pid, tid, time):
        body = self.pack("IIII", pid, 1, tid, 1) + self.pack("Q", time)
        body += self.sample_id(pid, tid, time, 0, TRACKING_ID)
        return self.record(PERF_RECORD_EXIT, 0, body)

    def sample(self, pid, tid, time, cpu, ip, misc, chain):
        body = self.pack("Q", SAMPLING_ID)
        body += self.pack("Q", ip)
        body += self.pack("II", pid, tid) + self.pack("Q", time)
        body += self.pack("II", cpu, 0) + self.pack("Q", 100000)
        body += self.pack("Q", len(chain))
        body += b"".join(self.pack("Q", ip) for ip in chain)
        if self.branches:
            body += self.pack("Q", len(BRANCHES))
            body += b"".join(self.pack("QQQ", f, t, 0) for f, t in BRANCHES)
            body += b"".join(self.pack("Q", n) for n in BRANCH_COUNTS)
        return self.record(PERF_RECORD_SAMPLE, misc, body)

    def deferred(self, pid, tid, time, cpu, cookie, ips, nr, short):
        body = self.pack("QQ", cookie, nr)
        body += b"".join(self.pack("Q", ip) for ip in ips)
        if not short:
            body += self.sample_id(pid, tid, time, cpu, TRACKING_ID)
        return self.record(PERF_RECORD_CALLCHAIN_DEFERRED, MISC_USER, body)


@dataclass
class C:
    """PERF_RECORD_COMM"""
    tid: int
    time: int
    name: str = "deferred"
    pid: int = PID


@dataclass
class S:
    """A sample with a deferred user part (cookie); user: what perf must
    stitch on (None: shown without). A kernel-mode sample has the kernel
    part KIPS; a user-mode one (kernel=False) none, its ip is user[0]."""
    tid: int
    time: int
    cpu: int
    cookie: int
    user: list
    kernel: bool = True
    pid: int = PID


@dataclass
class R:
    """PERF_RECORD_CALLCHAIN_DEFERRED; nr, if given, overrides len(ips)."""
    tid: int
    time: int
    cpu: int
    cookie: int
    ips: list
    nr: int = None
    pid: int = PID
    short: bool = False

    def malformed(self):
        return (self.cookie == 0 or self.short or
                (self.nr is not None and self.nr != len(self.ips)))


@dataclass
class E:
    """PERF_RECORD_EXIT of a thread"""
    tid: int
    time: int
    pid: int = PID


@dataclass
class X:
    """A record of type RTYPE holding only BODY, in time order at TIME."""
    time: int
    rtype: int
    body: bytes = b""


@dataclass
class F:
    """PERF_RECORD_FINISHED_ROUND: every event up to the largest time of
    the round before is written (perf record writes one after each pass
    over the ring buffers)."""
    time = None


def encode(w, ev, in_place):
    if isinstance(ev, F):
        return w.record(PERF_RECORD_FINISHED_ROUND, 0, b"")
    if isinstance(ev, X):
        return w.record(ev.rtype, 0, ev.body)
    if isinstance(ev, E):
        return w.exit(ev.pid, ev.tid, ev.time)
    if isinstance(ev, C):
        return w.comm(ev.pid, ev.tid, ev.name, ev.time)
    if isinstance(ev, R):
        if in_place:
            return b""
        nr = len(ev.ips) if ev.nr is None else ev.nr
        return w.deferred(ev.pid, ev.tid, ev.time, ev.cpu, ev.cookie, ev.ips,
                          nr, ev.short)
    chain = [PERF_CONTEXT_KERNEL] + KIPS if ev.kernel else []
    if not in_place:
        chain += [PERF_CONTEXT_USER_DEFERRED, ev.cookie]
    elif ev.user:
        chain += [PERF_CONTEXT_USER] + ev.user
    ip, misc = (KIPS[0], MISC_KERNEL) if ev.kernel else (ev.user[0], MISC_USER)
    return w.sample(ev.pid, ev.tid, ev.time, ev.cpu, ip, misc, chain)


KIPS = [0xffffffff81000100, 0xffffffff81000200]
UIPS = [0x401136, 0x401152, 0x401170]
U2 = [0x402200, 0x402210]
U3 = [0x7f0000001000, 0x7f0000002000, 0x401170]
U4 = [0x403300]
U5 = [0x404400, 0x404410, 0x404420]


def basic():
    """Two entries of one thread: 3 and 1 samples, each entry's record."""
    return [C(PID, 1000),
            S(PID, 2000, 0, 0x11, UIPS),
            S(PID, 2100, 0, 0x11, UIPS),
            S(PID, 2200, 1, 0x11, UIPS),
            R(PID, 2300, 1, 0x11, UIPS),
            S(PID, 3000, 1, 0x13, UIPS[1:]),
            R(PID, 3100, 1, 0x13, UIPS[1:])]


def malformed_nr():
    """A record whose nr is larger than the record, between good ones:
    its sample loses its user part when the next cookie shows up."""
    return [C(PID, 1000),
            S(PID, 2000, 0, 0x11, None),
            R(PID, 2300, 0, 0x11, UIPS, nr=1000),
            S(PID, 3000, 0, 0x13, UIPS),
            R(PID, 3100, 0, 0x13, UIPS)]


def zero_cookie():
    """Records with cookie 0 (malformed), each before a good one."""
    return [C(PID, 1000),
            S(PID, 2000, 0, 0x81, UIPS),
            R(PID, 2050, 0, 0, U2),
            R(PID, 2100, 0, 0x81, UIPS),
            S(PID, 2200, 1, 0x83, UIPS[1:]),
            R(PID, 2250, 1, 0, U2),
            R(PID, 2300, 1, 0x83, UIPS[1:])]


def short_record():
    """A record without its sample_id (nr 0, too short to hold one) before
    the good one."""
    return [C(PID, 1000),
            S(PID, 2000, 0, 0x85, UIPS),
            R(PID, 2050, 0, 0x85, [], short=True),
            R(PID, 2100, 0, 0x85, UIPS),
            S(PID, 2200, 1, 0x87, UIPS[1:]),
            R(PID, 2300, 1, 0x87, UIPS[1:])]


def short_fixed():
    """Records shorter than their fixed fields between the samples: a
    THROTTLE with only its time, a THREAD_MAP without its nr, a
    CALLCHAIN_DEFERRED with only its cookie."""
    return [C(PID, 1000),
            S(PID, 2000, 0, 0x89, UIPS),
            X(2050, PERF_RECORD_THROTTLE, bytes(8)),
            X(2060, PERF_RECORD_THREAD_MAP),
            X(2070, PERF_RECORD_CALLCHAIN_DEFERRED, b"\x8d" * 8),
            R(PID, 2100, 0, 0x89, UIPS),
            S(PID, 2200, 1, 0x8b, UIPS[1:]),
            R(PID, 2300, 1, 0x8b, UIPS[1:])]


def huge_stack():
    """A sample whose user part is as long as a record can hold (8184
    frames): stitched, it does not fit in one record. No --in-place twin."""
    big = [0x500000 + 16 * i for i in range(8184)]
    return [C(PID, 1000),
            S(PID, 2000, 0, 0xa1, big),
            R(PID, 2100, 0, 0xa1, big),
            S(PID, 2200, 0, 0xa3, UIPS),
            R(PID, 2300, 0, 0xa3, UIPS)]


def exit_thread():
    """A thread exits while its sample waits for a record that was lost:
    from a pipe, the sample goes out at the exit, not at the end."""
    return [C(PID, 1000), C(PID + 1, 1010),
            S(PID + 1, 2000, 0, 0xb1, None),
            E(PID + 1, 2100),
            S(PID, 2200, 1, 0xb3, UIPS),
            R(PID, 2300, 1, 0xb3, UIPS)]


def threads():
    """Three threads of one process and another process, samples and
    records interleaved on four CPUs, records on other CPUs than their
    samples; the same cookie value on three threads (matching is by
    pid/tid and cookie); a user-mode sample; records coming in another
    order than their samples."""
    return [C(PID, 1000), C(PID + 1, 1010), C(PID + 2, 1020),
            C(5151, 1030, "other", 5151),
            S(PID, 2000, 0, 0x21, UIPS),
            S(PID + 1, 2010, 1, 0x21, U2),
            S(PID + 2, 2020, 2, 0x25, U4),
            S(5151, 2030, 3, 0x21, U3, pid=5151),
            S(PID, 2040, 0, 0x21, UIPS),
            R(PID + 1, 2050, 0, 0x21, U2),
            S(PID + 1, 2060, 1, 0x23, U2[1:]),
            R(5151, 2070, 2, 0x21, U3, pid=5151),
            R(PID, 2090, 1, 0x21, UIPS),
            R(PID + 2, 2100, 3, 0x25, U4),
            S(PID + 2, 2110, 2, 0x29, U5, kernel=False),
            R(PID + 1, 2120, 3, 0x23, U2[1:]),
            R(PID + 2, 2130, 2, 0x29, U5)]


def lost():
    """Thread A's record of cookie 0x31 is lost: its two samples are shown
    without user part once A's sample with cookie 0x33 shows up; thread B
    waits for its record meanwhile and gets it."""
    return [C(PID, 1000), C(PID + 1, 1010),
            S(PID, 2000, 0, 0x31, None),
            S(PID + 1, 2010, 1, 0x41, U2),
            S(PID, 2100, 0, 0x31, None),
            S(PID, 2200, 0, 0x33, UIPS),
            R(PID, 2300, 0, 0x33, UIPS),
            R(PID + 1, 2400, 1, 0x41, U2)]


def early_record():
    """Samples taken after the unwind ran, so after their record: one after
    an earlier sample of the same entry, one with no earlier sample."""
    return [C(PID, 1000),
            S(PID, 2000, 0, 0x51, UIPS),
            R(PID, 2100, 1, 0x51, UIPS),
            S(PID, 2200, 1, 0x51, UIPS),
            R(PID, 3000, 0, 0x55, U2),
            S(PID, 3100, 0, 0x55, U2),
            S(PID, 4000, 0, 0x57, UIPS[1:]),
            R(PID, 4100, 0, 0x57, UIPS[1:])]


def eof():
    """Samples of two processes still waiting at the end of the data."""
    return [C(PID, 1000), C(5151, 1010, "other", 5151),
            S(PID, 2000, 0, 0x61, UIPS),
            R(PID, 2100, 0, 0x61, UIPS),
            S(PID, 2200, 0, 0x63, None),
            S(5151, 2300, 1, 0x71, None, pid=5151),
            S(PID, 2400, 1, 0x63, None)]


def user_mode():
    """A user-mode sample: its chain is only [USER_DEFERRED, cookie]."""
    return [C(PID, 1000),
            S(PID, 2000, 0, 0x91, U5, kernel=False),
            R(PID, 2100, 0, 0x91, U5),
            S(PID, 2200, 0, 0x93, UIPS),
            R(PID, 2300, 0, 0x93, UIPS)]


def blocked():
    """A thread blocked in the kernel while another one runs 500 kernel
    entries: the first one's record comes after all of them."""
    events = [C(PID, 1000), C(PID + 1, 1001), S(PID, 2000, 0, 0x91, UIPS)]
    for i in range(500):
        cookie = 0x93 + 2 * i
        events += [S(PID + 1, 3000 + 10 * i, 1, cookie, U2),
                   R(PID + 1, 3005 + 10 * i, 1, cookie, U2)]
    return events + [R(PID, 9000, 0, 0x91, UIPS)]


def migrated():
    """A kernel entry of thread A has samples on CPUs 1 and 3, and perf
    record, reading CPU 1's ring buffer before CPU 3's, writes the later
    one first; its record comes two rounds later, after a sample of
    thread B and its record. (Events in the order perf record writes
    them, not in time order.)"""
    return [C(PID, 1000), C(PID + 1, 1010),
            S(PID, 2200, 1, 0xc1, UIPS),
            S(PID, 2100, 3, 0xc1, UIPS),
            S(PID + 1, 2300, 2, 0xd1, U2),
            F(),
            R(PID + 1, 2350, 2, 0xd1, U2),
            F(),
            R(PID, 2400, 3, 0xc1, UIPS),
            S(PID + 1, 2500, 2, 0xd3, U4),
            F(),
            R(PID + 1, 2600, 2, 0xd3, U4),
            F()]


SCENARIOS = {"basic": basic, "malformed-nr": malformed_nr,
             "zero-cookie": zero_cookie, "short-record": short_record,
             "short-fixed": short_fixed, "huge-stack": huge_stack,
             "exit": exit_thread, "threads": threads, "lost": lost,
             "early-record": early_record, "eof": eof,
             "user-mode": user_mode, "blocked": blocked,
             "migrated": migrated}
# Scenarios whose events are not written in time order
UNSORTED = {"migrated"}


def bench(samples, threads, per_entry, depth, records=1):
    """For benchmarks/: THREADS threads of one process take turns; each
    kernel entry of each thread has PER_ENTRY samples with a DEPTH-frame
    user stack, and its record comes after the samples of all threads in
    that round, so about THREADS * PER_ENTRY samples wait at a time. With
    RECORDS 0 every record is lost: each thread keeps producing new
    cookies and its samples are shown without their user part."""
    user = [0x401000 + 16 * i for i in range(depth)]
    tids = [PID + t for t in range(threads)]
    events = [C(tid, 1 + i) for i, tid in enumerate(tids)]
    time, cookie, n = threads + 1000, 1, 0
    while n < samples:
        cookies = []
        for tid in tids:
            cookies.append(cookie)
            cookie += 2
        for _ in range(per_entry):
            for i, tid in enumerate(tids):
                events.append(S(tid, time, i % 4, cookies[i],
                                user if records else None))
                time += 1
                n += 1
        for i, tid in enumerate(tids):
            if records:
                events.append(R(tid, time, i % 4, cookies[i], user))
            time += 1
    return events


def timed(events):
    return [ev for ev in events if not isinstance(ev, F)]


def hexs(ips):
    return [f"{ip:x}" for ip in ips]


def expect(what, events, max_stack=0):
    """The lines perf must show, see the usage at the top. With MAX_STACK a
    stitched chain has no more frames than that, as in place."""
    def head(ev):
        return f"{ev.tid} {ev.time // 10**9}.{ev.time % 10**9:09d}:"
    samples = [ev for ev in events if isinstance(ev, S)]
    if what == "counts":
        n = sum(ev.user is not None for ev in samples)
        return [f"stitched {n}", f"without {len(samples) - n}"]
    if what == "malformed":
        off, lines = DATA_OFFSET, []
        for ev in events:
            if isinstance(ev, R) and ev.malformed():
                lines.append(f"{off:#x}")
            off += len(encode(Writer(False), ev, False))
        return lines
    def line(ev, user):
        kernel = KIPS if ev.kernel else []
        if max_stack and user:
            user = user[:max(max_stack - len(kernel), 0)]
        return " ".join([head(ev)] + hexs(kernel) + hexs(user or []))
    if what == "script":
        return [line(ev, ev.user) for ev in sorted(samples, key=lambda ev: ev.time)]
    lines = []
    for ev in sorted(timed(events), key=lambda ev: ev.time):
        if isinstance(ev, S):
            lines.append(" ".join([head(ev)] + hexs(KIPS if ev.kernel else []) +
                                  [f"{ev.cookie:x} (cookie)"]))
        elif isinstance(ev, R) and not ev.malformed():
            lines.append(" ".join([head(ev), "DEFERRED CALLCHAIN",
                                   f"[cookie: {ev.cookie:x}]"] + hexs(ev.ips)))
    return lines


def zstd(data):
    """One zstd frame holding DATA, from the zstd program."""
    return subprocess.run(["zstd", "-q", "-c", "-1"], input=data,
                          stdout=subprocess.PIPE, check=True).stdout


def compress(w, events, chunk, rounds):
    """The records EVENTS as PERF_RECORD_COMPRESSED records: one each, or
    cut every CHUNK bytes; FINISHED_ROUND records stay as they are, as
    perf record writes them. Returns the records and the largest amount
    of data one of them decompresses to."""
    fin = w.record(PERF_RECORD_FINISHED_ROUND, 0, b"")
    end = fin if rounds else b""
    groups, group = [], []
    for ev in events:
        if ev == fin:
            groups.append((group, ev))
            group = []
        elif ev:                # no records of --in-place
            group.append(ev)
    groups.append((group, b""))
    out, largest = [], 0
    for group, fin in groups:
        if chunk:
            data = b"".join(group)
            group = [data[i:i + chunk] for i in range(0, len(data), chunk)]
        for part in group:
            z = zstd(part)
            if 8 + len(z) > 0xffff:
                sys.exit(f"a PERF_RECORD_COMPRESSED of {8 + len(z)} bytes: "
                         "a smaller --zstd-chunk")
            out.append(w.record(PERF_RECORD_COMPRESSED, 0, z) + end)
            largest = max(largest, len(part))
        out.append(fin)
    return out, largest


def file_mode(w, events, in_place, rounds=False, zstd_chunk=None, cut=False,
              newer_feature=False):
    attrs_off = HEADER_SIZE
    ids_off = attrs_off + 2 * (ATTR_SIZE + 16)
    feats = {}
    if newer_feature:
        feats[HEADER_NEWER] = w.pack("Q", 0x4e45574552)
    if zstd_chunk is not None:
        size = sum(len(ev) for ev in events)
        events, largest = compress(w, events, zstd_chunk, rounds)
        # comp_ver (perf record leaves it 0), comp_type (1: zstd),
        # comp_level, comp_ratio, comp_mmap_len: the size of the buffer
        # perf decompresses each record into.
        ratio = round(size / sum(len(ev) for ev in events))
        feats[HEADER_COMPRESSED] = w.pack("IIIII", 0, 1, 1, ratio,
                                          max(COMP_MMAP_LEN, largest))
    elif rounds:
        end = w.record(PERF_RECORD_FINISHED_ROUND, 0, b"")
        events = [ev + end for ev in events]
    data = b"".join(events)
    if cut:
        # Half of one more record: the data end inside it.
        data += w.comm(PID, PID, "cut", 1 << 40)[:16]
    out = b"PERFILE2" if not w.big_endian else b"2ELIFREP"
    out += w.pack("QQ", HEADER_SIZE, ATTR_SIZE + 16)
    out += w.pack("QQ", attrs_off, 2 * (ATTR_SIZE + 16))
    out += w.pack("QQ", DATA_OFFSET, len(data))
    out += w.pack("QQ", 0, 0)
    # perf takes a byte-swapped file whose features lack HEADER_HOSTNAME
    # (which perf record always writes) for one older than that feature,
    # with build ids only: give a big-endian file a host name, and the
    # CPU counts that perf 7.2 warns about when features lack them.
    if w.big_endian or newer_feature:
        name = b"gen-perf-data\0"
        name += bytes(-len(name) % 64)  # NAME_ALIGN
        feats[HEADER_HOSTNAME] = w.pack("I", len(name)) + name
        feats[HEADER_NRCPUS] = w.pack("II", 4, 4)
    out += w.pack("Q", sum(1 << f for f in feats)) + bytes(24)
    for i, a in enumerate(attrs(w, in_place)):
        out += a + w.pack("QQ", ids_off + 8 * i, 8)
    out += w.pack("QQ", SAMPLING_ID, TRACKING_ID)
    out += data
    off = len(out) + 16 * len(feats)
    for f in sorted(feats):
        out += w.pack("QQ", off, len(feats[f]))
        off += len(feats[f])
    return out + b"".join(feats[f] for f in sorted(feats))


def pipe_mode(w, events, in_place, rounds):
    out = b"PERFILE2" if not w.big_endian else b"2ELIFREP"
    out += w.pack("Q", 16)
    for a, ident in zip(attrs(w, in_place), (SAMPLING_ID, TRACKING_ID)):
        out += w.record(PERF_RECORD_HEADER_ATTR, 0, a + w.pack("Q", ident))
    end = w.record(PERF_RECORD_FINISHED_ROUND, 0, b"") if rounds else b""
    return out + b"".join(ev + end for ev in events)


def attrs(w, in_place):
    defer = lambda bit: [] if in_place else [bit]
    return [w.attr(0, 100000, ["disabled", "sample_id_all", "exclude_guest"] +
                   defer("defer_callchain"), w.branches, w.max_stack),
            w.attr(9, 1, ["disabled", "mmap", "comm", "task", "comm_exec",
                          "sample_id_all", "exclude_guest"] +
                   defer("defer_output"))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pipe", action="store_true")
    ap.add_argument("--attr-tail", type=lambda v: int(v, 0), metavar="VALUE",
                    help="attrs of 144 bytes, as perf 7.2 writes them, whose "
                         "last 8 (config4, unknown to 6.12) hold VALUE")
    ap.add_argument("--rounds", action="store_true",
                    help="a FINISHED_ROUND after each event (each "
                         "PERF_RECORD_COMPRESSED with --zstd)")
    ap.add_argument("--zstd", action="store_true",
                    help="the data in PERF_RECORD_COMPRESSED records, as "
                         "perf record -z writes them")
    ap.add_argument("--cut", action="store_true",
                    help="the data section ends inside one more record, as "
                         "in a recording cut short")
    ap.add_argument("--zstd-chunk", type=int, metavar="BYTES",
                    help="with --zstd: BYTES of records in each "
                         "PERF_RECORD_COMPRESSED, not one record each")
    ap.add_argument("--big-endian", action="store_true")
    ap.add_argument("--newer-feature", action="store_true",
                    help="a feature section of a perf newer than any "
                         "(HEADER_NEWER), beside the host name and CPU counts")
    ap.add_argument("--in-place", action="store_true")
    ap.add_argument("--branches", action="store_true",
                    help="samples with a branch stack and branch counters")
    ap.add_argument("--max-stack", type=int, default=0,
                    help="the sampling event's sample_max_stack")
    ap.add_argument("--expect",
                    choices=["script", "no-merge", "counts",
                             "malformed"])
    ap.add_argument("--bench", metavar="SAMPLES,THREADS,PER_ENTRY,DEPTH[,RECORDS]",
                    help="instead of a scenario: see bench()")
    ap.add_argument("scenario", nargs="?", choices=sorted(SCENARIOS))
    ap.add_argument("out")
    args = ap.parse_args()
    if (args.zstd or args.cut) and args.pipe:
        ap.error("--zstd and --cut write a file")
    if args.zstd_chunk is not None and (not args.zstd or args.zstd_chunk <= 0):
        ap.error("--zstd-chunk needs --zstd and a size")
    if args.attr_tail is not None:
        global ATTR_SIZE, ATTR_TAIL, DATA_OFFSET
        ATTR_SIZE, ATTR_TAIL = 144, args.attr_tail
        DATA_OFFSET = HEADER_SIZE + 2 * (ATTR_SIZE + 16) + 16
    if args.bench:
        events = bench(*(int(v) for v in args.bench.split(",")))
    elif args.scenario:
        events = SCENARIOS[args.scenario]()
    else:
        ap.error("a scenario or --bench")
    times = [ev.time for ev in timed(events)]
    assert len(set(times)) == len(times)
    assert times == sorted(times) or args.scenario in UNSORTED
    if args.expect:
        data = "".join(l + "\n" for l in expect(args.expect, events,
                                                 args.max_stack)).encode()
    else:
        w = Writer(args.big_endian, args.branches, args.max_stack)
        data = [encode(w, ev, args.in_place) for ev in events]
        if args.pipe:
            data = pipe_mode(w, data, args.in_place, args.rounds)
        else:
            data = file_mode(w, data, args.in_place, args.rounds,
                             (args.zstd_chunk or 0) if args.zstd else None,
                             args.cut, args.newer_feature)
    if args.out == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(args.out, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
