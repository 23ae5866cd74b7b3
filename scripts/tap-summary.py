#!/usr/bin/env python3
"""usage: tap-summary.py TAP_FILE...

Counts the top-level results of TAP files and prints the failed ones and
one summary line "N passed, N failed, N skipped". A file without results,
or with fewer results than its plan, counts as a failure. Exits 1 if
anything failed.
"""
import re
import sys

RESULT = re.compile(r'^(not )?ok \d+\b(?: -)? ?(.*?)(?:\s+#\s*(SKIP|TODO)\b.*)?$')
PLAN = re.compile(r'^1\.\.(\d+)')


def main():
    passed = failed = skipped = 0
    for path in sys.argv[1:]:
        plan, count = None, 0
        with open(path, errors='replace') as f:
            for line in f:
                line = line.rstrip('\n')
                m = PLAN.match(line)
                if m:
                    plan = int(m.group(1))
                    continue
                m = RESULT.match(line)
                if not m:
                    continue
                count += 1
                if m.group(1) and m.group(3) != 'TODO':
                    failed += 1
                    print(f'FAILED: {path.split("/")[-1]}: {m.group(2)}')
                elif m.group(3) == 'SKIP':
                    skipped += 1
                else:
                    passed += 1
        if count == 0 or (plan is not None and count != plan):
            failed += 1
            print(f'FAILED: {path}: {count} results, plan {plan}')
    print(f'{passed} passed, {failed} failed, {skipped} skipped')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
