#!/usr/bin/env python3
"""usage: scripts/mainline-tables.py DIR REASONS

Prints the markdown tables of docs/mainline.md from the results that
scripts/compare-mainline.sh wrote in DIR: per test, this series' result
and mainline 7.2's (ok, FAIL, skip, or - where it did not run), and for
each row that differs the reason: the first line of REASONS (a file of
"REGEX<TAB>REASON" lines, # for comments) whose REGEX matches the test's
name. A differing row that no line matches says "no reason yet"; the
count of those is printed last, so that none goes unexplained."""
import glob
import os
import re
import sys

RESULT = re.compile(r'^(ok|not ok) \d+ (.*?)(?: # (SKIP|TODO)\b.*)?$')
# regressions.sh: "NAME.data: perf CMD reads it, exit N", "... output",
# "... crashed (exit N)", "... still running after 60 s"
REGRESSION = re.compile(r'^(\S+\.data: perf \w+) (reads it|output|crashed|still running)')
REGRESSION_STATUS = {'reads it': 'ok', 'output': 'other text',
                     'crashed': 'CRASH', 'still running': 'HANG'}


def results(path):
    """{name: ok|FAIL|skip} of the TAP file, in its order"""
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path, errors='replace'):
        m = RESULT.match(line.rstrip('\n'))
        if not m:
            continue
        status = 'skip' if m.group(3) == 'SKIP' else \
            ('ok' if m.group(1) == 'ok' else 'FAIL')
        name = m.group(2).strip()
        r = REGRESSION.match(name)
        if r:
            name, status = r.group(1), REGRESSION_STATUS[r.group(2)]
        else:
            # exit statuses differ between the two perfs
            name = re.sub(r' \(exit \d+\)', '', name)
        while name in out:      # the same name twice: keep both rows
            name += ' (again)'
        out[name] = status
    return out


def load_reasons(path):
    reasons = []
    for line in open(path):
        line = line.rstrip('\n')
        if not line or line.startswith('#'):
            continue
        regex, reason = line.split('\t', 1)
        reasons.append((re.compile(regex), reason))
    return reasons


def regression_reason(name, theirs):
    """A fuzz regression input: what the bug was, from its NAME.txt"""
    txt = os.path.join(os.path.dirname(__file__), '..', 'tests', 'perf-data',
                       'regressions', name.split(':')[0][:-len('.data')] + '.txt')
    if not os.path.exists(txt):
        return None
    what = ' '.join(open(txt).read().split('\n\n')[0].split())
    if theirs in ('CRASH', 'HANG'):
        return f'mainline bug, fixed here: {what}'
    return f'no crash in mainline, which says something else (the input is refused earlier, or read without the warning of the fix here); the bug: {what}'


def table(title, ours, theirs, reasons, missing):
    print(f'### {title}\n')
    print('| test | this series | mainline 7.2 | reason |')
    print('| --- | --- | --- | --- |')
    names = list(ours) + [n for n in theirs if n not in ours]
    same = 0
    for name in names:
        a, b = ours.get(name, '-'), theirs.get(name, '-')
        if a == b:
            same += 1
            why = ''
        else:
            why = next((r for rx, r in reasons if rx.search(name)), None)
            if why is None and name.split(':')[0].endswith('.data'):
                why = regression_reason(name, b)
            if why is None:
                why = 'no reason yet'
                missing.append(name)
        print(f'| {name} | {a} | {b} | {why} |')
    print(f'\n{len(names)} tests, {same} with the same result.\n')


def record_tables(d):
    print('### Kernel: the record side benchmark (guest)\n')
    for name, what in (('series-release', "this series' release kernel, its perf with --call-graph fp,defer"),
                       ('mainline', "Debian's 7.2.13 cloud kernel, mainline's perf with --call-graph fp,defer")):
        path = f'{d}/record-{name}.md'
        print(f'{what}:\n')
        print(open(path).read().strip() if os.path.exists(path) else '(no results)')
        print()


def cross_lines(d, prefix):
    """(kernel, {key: value}) per line of each kernel's
    PREFIX-NAME.txt of key=value words (a first word without = is left out)"""
    for name, kernel in (('series-release', 'this series'), ('mainline', 'mainline 7.2')):
        path = f'{d}/{prefix}-{name}.txt'
        if not os.path.exists(path):
            continue
        for line in open(path):
            yield kernel, dict(kv.split('=', 1) for kv in line.split() if '=' in kv)


def cross_table(d):
    print('### Each perf on the other\'s deferred recording (guest)\n')
    print('| kernel | recorded by | read by | samples | samples with main() |')
    print('| --- | --- | --- | --- | --- |')
    for kernel, v in cross_lines(d, 'cross'):
        print(f"| {kernel} | {v['recorder']} | {v['reader']} | {v['samples']} | {v['with_main']} |")
    print()
    print('The same recordings on the host, as each perf shows them '
          '(`perf script -F comm,tid,time,event,ip,dso`): samples, samples '
          'shown before an earlier one, samples with a frame in a user dso, '
          'samples whose last frame is in no dso, samples per comm.\n')
    print('| kernel | read by | samples | out of time order | with a user dso | last frame in no dso | comms |')
    print('| --- | --- | --- | --- | --- | --- | --- |')
    for kernel, v in cross_lines(d, 'cross-host'):
        reader = 'perf' if v['reader'] == 'series' else 'perf-mainline'
        comms = ', '.join(' '.join(c.rsplit(':', 1)) for c in v['comms'].split(','))
        print(f"| {kernel} | {reader} | {v['samples']} | {v['late']} | "
              f"{v['user']} | {v['unknown']} | {comms} |")
    print()


def report_cost(d):
    """report-cost.sh of each perf, side by side by file and tool"""
    rows = {}
    for name in ('series', 'mainline'):
        path = f'{d}/report-cost-{name}.txt'
        if not os.path.exists(path):
            continue
        for line in open(path):
            f = line.split(None, 2)
            if len(f) < 3 or not f[0][0].isdigit():
                continue
            rows.setdefault((f[0], f[1]), {})[name] = f[2].strip()
    print('### Tool: perf script and perf report on generated files (host)\n')
    print('Each cell: time deferred / in place, peak RSS deferred / in place, '
          'µs per deferred sample, median (min-max) of 3 runs.\n')
    print('| samples,threads,per entry,depth | tool | this series | mainline 7.2 |')
    print('| --- | --- | --- | --- |')
    for (spec, tool), v in rows.items():
        cells = [re.sub(r'\s{2,}', ' · ', v.get(n, '-')) for n in ('series', 'mainline')]
        print(f'| {spec} | {tool} | {cells[0]} | {cells[1]} |')
    print()


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    d, reasons = sys.argv[1], load_reasons(sys.argv[2])
    missing = []
    table("Kernel: the deferred kselftests (guest: this series' debug kernel, Debian's 7.2.13 cloud kernel)",
          results(f'{d}/guest-series.tap'), results(f'{d}/guest-mainline.tap'),
          reasons, missing)
    record_tables(d)
    cross_table(d)
    for f in sorted(glob.glob(f'{d}/perf-data-series-*.tap')):
        suite = f[len(f'{d}/perf-data-series-'):-len('.tap')]
        table(f'Tool: tests/perf-data/{suite}.sh (host)', results(f),
              results(f'{d}/perf-data-mainline-{suite}.tap'), reasons, missing)
    report_cost(d)
    print(f'Rows that differ without a reason: {len(missing)}')
    for name in missing:
        print(f'- {name}')


if __name__ == '__main__':
    main()
