#!/usr/bin/env python3
"""usage: check-guest-log.py [--kunit-dir DIR | --no-kunit] LOG

Reads the serial console log of a test guest and prints TAP: one result
per KUnit case (parsed with the kernel's own kunit_parser), per test of
every "### BEGIN <suite>" ... "### END <suite> rc=N" section, and for the
guest's health: it booted, it finished, and the kernel printed no splat
(panic, oops, BUG, WARNING, lockdep, KASAN, sleeping-in-atomic, hung
task, RCU stall). Lines that explain a failure go to stderr. Exits 1 if
anything failed or is missing.
"""
import argparse
import io
import os
import re
import sys

import tap

KTIME = re.compile(r'\[\s*\d+\.\d+\] ')
# What KUnit prints at boot: KTAP keywords at the start, or indented lines
# of nested tests. Other kernel messages (a driver probing meanwhile) can
# land in the middle and would confuse kunit_parser.
KTAP = re.compile(r'\[\s*\d+\.\d+\] (\s|KTAP version|TAP version|1\.\.|ok |not ok |# )')
SPLATS = re.compile(
    r'Kernel panic|BUG:|WARNING:|Oops|general protection fault|'
    r'UBSAN:|INFO: task .* blocked|rcu: INFO:|detected stall|'
    r'DEBUG_LOCKS_WARN_ON|possible recursive locking|'
    r'suspected memory leak|Unable to handle kernel')
BEGIN = re.compile(r'^### BEGIN (\S+)$')
END = re.compile(r'^### END (\S+) rc=(\d+)$')


class Report:
    def __init__(self):
        self.results = []
        self.failed = False

    def add(self, ok, name, directive='', why=()):
        self.results.append((ok, name, directive))
        if not ok:
            self.failed = True
            print(f'FAIL: {name}', file=sys.stderr)
            for line in why:
                print(f'    {line}', file=sys.stderr)

    def tap(self):
        print('TAP version 13')
        for n, (ok, name, directive) in enumerate(self.results, 1):
            d = f' # {directive}' if directive else ''
            print(f"{'' if ok else 'not '}ok {n} {name}{d}")
        print(f'1..{len(self.results)}')


def check_kunit(report, lines, kunit_dir):
    sys.path.insert(0, kunit_dir)
    import kunit_parser
    import kunit_printer
    kunit_printer.stdout._output = io.StringIO()

    def leaves(test, path):
        if not test.subtests:
            yield path, test
        for sub in test.subtests:
            yield from leaves(sub, path + [sub.name])

    lines = [l for l in lines if not KTIME.match(l) or KTAP.match(l)]
    root = kunit_parser.parse_run_tests(lines)
    if root.status in (kunit_parser.TestStatus.NO_TESTS,
                       kunit_parser.TestStatus.FAILURE_TO_PARSE_TESTS) or \
            not root.subtests:
        report.add(False, 'kunit: results', why=['no KUnit results in the log'])
        return
    for path, test in leaves(root, []):
        name = 'kunit: ' + '.'.join(path)
        if test.status == kunit_parser.TestStatus.SKIPPED:
            report.add(True, name, 'SKIP')
        else:
            report.add(test.status == kunit_parser.TestStatus.SUCCESS, name,
                       why=test.log[-20:])


def check_suites(report, lines):
    suite, body = None, []
    for line in lines:
        m = BEGIN.match(line)
        if m:
            if suite:
                report.add(False, f'{suite}: finished', why=['no END line'])
            suite, body = m.group(1), []
            continue
        m = END.match(line)
        if m and suite == m.group(1):
            check_tap(report, suite, body, int(m.group(2)))
            suite = None
            continue
        if suite:
            body.append(line)
    if suite:
        report.add(False, f'{suite}: finished', why=['the guest stopped inside it'] + body[-20:])


def check_tap(report, suite, body, rc):
    stream, count, failures, last = tap.Stream(body), 0, 0, 0
    for r in stream.results():
        count += 1
        failures += r.failed
        report.add(r.ok, f'{suite}: {r.name}', r.directive, why=body[last:r.index])
        last = r.index + 1
    if stream.plan is None or count != stream.plan:
        report.add(False, f'{suite}: all results present',
                   why=[f'planned {stream.plan}, got {count} results'] + body[-10:])
    if rc == 124:
        report.add(False, f'{suite}: finished in time', why=['timed out'])
    elif rc not in (0, 4) and not failures:
        report.add(False, f'{suite}: exit status', why=[f'exit status {rc}'])


def check_splats(report, lines):
    found = 0
    for i, line in enumerate(lines):
        if KTIME.search(line) and SPLATS.search(line):
            found += 1
            report.add(False, f'kernel: no splat ({line.strip()[:100]})',
                       why=lines[i:i + 25])
    if not found:
        report.add(True, 'kernel: no panic, oops, BUG, WARNING, lockdep, KASAN or kmemleak report')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--kunit-dir', default=os.path.join(
        os.path.dirname(__file__), '..', 'build', 'linux', 'tools', 'testing', 'kunit'))
    ap.add_argument('--no-kunit', action='store_true',
                    help='the kernel has no KUnit tests (a distribution kernel)')
    ap.add_argument('log')
    args = ap.parse_args()

    with open(args.log, errors='replace') as f:
        lines = f.read().splitlines()
    report = Report()
    up = next((i for i, l in enumerate(lines) if l.startswith('### guest up')), None)
    report.add(up is not None, 'guest: reached /init', why=lines[-25:])
    boot = lines if up is None else lines[:up]
    if not args.no_kunit:
        check_kunit(report, boot, args.kunit_dir)
    if up is not None:
        check_suites(report, lines[up:])
        done = any(l.startswith('### guest done') for l in lines[up:])
        report.add(done, 'guest: ran to the end', why=lines[-25:])
    check_splats(report, lines)
    report.tap()
    return 1 if report.failed else 0


if __name__ == '__main__':
    sys.exit(main())
