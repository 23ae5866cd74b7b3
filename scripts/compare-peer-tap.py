#!/usr/bin/env python3
"""usage: compare-peer-tap.py SUITE BASE.tap SERIES.tap

Compares the results of one suite in two checked guest logs (the TAP
that scripts/check-guest-log.py writes): the base kernel with the base's
tools, and the series'. Prints how many passed, failed and skipped on
each, then every result that differs, and exits 1 if one that passes on
the base fails with the series or is missing there.
"""
import sys

import tap


def results(path, suite):
    prefix = suite + ': '
    out = {}
    with open(path) as f:
        for r in tap.Stream(f.read().splitlines()).results():
            if not r.name.startswith(prefix):
                continue
            name = r.name[len(prefix):]
            if name in ('finished', 'all results present', 'exit status',
                        'finished in time'):
                continue
            state = 'skip' if r.directive.startswith('SKIP') else \
                'ok' if r.ok else 'FAIL'
            n, key = 2, name
            while key in out:
                key, n = f'{name} ({n})', n + 1
            out[key] = state
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    suite, base_path, series_path = sys.argv[1:]
    base, series = results(base_path, suite), results(series_path, suite)
    for label, res in (('base', base), ('series', series)):
        counts = {s: sum(v == s for v in res.values()) for s in ('ok', 'FAIL', 'skip')}
        print(f'{label:6} {len(res):4} results: {counts["ok"]} ok, '
              f'{counts["FAIL"]} failed, {counts["skip"]} skipped')
    regressions = 0
    print(f'{"base":6} {"series":6} test')
    for name in list(base) + [n for n in series if n not in base]:
        b, s = base.get(name, '-'), series.get(name, '-')
        if b == s:
            continue
        print(f'{b:6} {s:6} {name}')
        regressions += b == 'ok' and s in ('FAIL', '-')
    print(f'{regressions} passing on the base and not with the series')
    return 1 if regressions else 0


if __name__ == '__main__':
    sys.exit(main())
