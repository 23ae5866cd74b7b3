#!/usr/bin/env python3
"""usage: tap-summary.py TAP_FILE...

Counts the top-level results of TAP files and prints the failed ones and
one summary line "N passed, N failed, N skipped". A file without results,
or with fewer results than its plan, counts as a failure. Exits 1 if
anything failed.
"""
import os
import sys

import tap


def main():
    passed = failed = skipped = 0
    for path in sys.argv[1:]:
        with open(path, errors='replace') as f:
            stream = tap.Stream(f.read().splitlines())
        count = 0
        for r in stream.results():
            count += 1
            if r.failed:
                failed += 1
                print(f'FAILED: {os.path.basename(path)}: {r.name}')
            elif r.directive.startswith('SKIP'):
                skipped += 1
            else:
                passed += 1
        if count == 0 or (stream.plan is not None and count != stream.plan):
            failed += 1
            print(f'FAILED: {path}: {count} results, plan {stream.plan}')
    print(f'{passed} passed, {failed} failed, {skipped} skipped')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
