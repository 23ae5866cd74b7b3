#!/usr/bin/env python3
# usage: scripts/series-churn.py [-a] [RANGE]
# Churn of the series in build/linux (RANGE, default base..HEAD): per
# patch and file, the lines the patch removes that an earlier patch of
# the range added (compared without leading and trailing blanks). Counts
# kernel/, arch/ and include/ (with -a, every file); prints each patch
# with churn, then the total. A patch that only repairs an earlier one
# shows up here; a patch whose point is a refactor may too.
import collections
import os
import subprocess
import sys

KERNEL = ('kernel/', 'arch/', 'include/')


def git(*args):
    linux = os.environ.get('LINUX') or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'linux')
    return subprocess.check_output(['git', '-C', linux, *args], text=True,
                                   errors='replace')


def main():
    args = sys.argv[1:]
    every = '-a' in args
    args = [a for a in args if a != '-a']
    rng = args[0] if args else 'base..HEAD'
    added = collections.defaultdict(collections.Counter)
    total = 0
    for commit in git('rev-list', '--reverse', rng).split():
        subject = git('log', '-1', '--format=%s', commit).strip()
        removed = collections.Counter()
        adds = []
        path = None
        for line in git('show', '--format=', '-U0', commit).splitlines():
            if line.startswith('diff --git '):
                path = line.split(' b/', 1)[1]
            elif line.startswith(('--- ', '+++ ')):
                continue
            elif line.startswith('-'):
                text = line[1:].strip()
                if text and added[path][text] > 0:
                    added[path][text] -= 1
                    removed[path] += 1
            elif line.startswith('+'):
                text = line[1:].strip()
                if text:
                    adds.append((path, text))
        for path, text in adds:
            added[path][text] += 1
        counted = {p: n for p, n in removed.items()
                   if every or p.startswith(KERNEL)}
        if counted:
            n = sum(counted.values())
            total += n
            files = ' '.join(f'{p}:{c}' for p, c in sorted(counted.items()))
            print(f'{n:5d} {subject} ({files})')
    print(f'{total} lines removed that an earlier patch added')


if __name__ == '__main__':
    main()
