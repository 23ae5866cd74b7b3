#!/usr/bin/env python3
"""usage: merge-series.py OLD_SERIES NAME...

Prints a new series file listing the patch file NAMEs in the given
order. Comment and blank lines of OLD_SERIES stay above the patch they
preceded; those of a patch that is gone move to the new patch in its
place, and the trailing ones stay at the end. A patch stays in the
folder (bugfix/, ...) that OLD_SERIES names it in; a new one goes into
the folder of the patch it replaces, or else of the patch before it.
"""
import os
import sys


def main():
    old, names = sys.argv[1], sys.argv[2:]
    blocks, folders, pending = {}, {}, []
    try:
        with open(old) as f:
            for line in f.read().splitlines():
                if not line.strip() or line.lstrip().startswith('#'):
                    pending.append(line)
                else:
                    folder, name = os.path.split(line.strip())
                    blocks[name] = pending
                    folders[name] = folder
                    pending = []
    except FileNotFoundError:
        pass
    trailing = pending
    if not blocks:
        # No patches yet: the comments are the series' header.
        header, trailing = trailing, []
    else:
        header = []

    # The block of a vanished patch goes to the first new patch that
    # follows the same kept patch (a renamed patch keeps its comments).
    # Its folder goes with it.
    orphans, orphan_folders, prev = {}, {}, None
    for name in blocks:
        if name in names:
            prev = name
        else:
            orphans.setdefault(prev, []).extend(blocks[name])
            orphan_folders.setdefault(prev, folders[name])
    out, prev, folder = list(header), None, ''
    for name in names:
        if name in blocks:
            out += orphans.pop(prev, []) + blocks[name]
            folder = folders[name]
            prev = name
        else:
            out += orphans.pop(prev, [])
            folder = orphan_folders.pop(prev, folder)
        out.append(os.path.join(folder, name))
    for block in orphans.values():
        out += block
    out += trailing
    print('\n'.join(out))


if __name__ == '__main__':
    main()
