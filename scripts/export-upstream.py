#!/usr/bin/env python3
"""usage: scripts/export-upstream.py

Writes the commits of build/upstream/linux ($LINUX) since the tag "base"
back to upstream/ ($PATCHES) as the series that upstream/series names,
each in its own folder, as `git format-patch --cover-letter`
writes it for posting: [PATCH n/m] numbering, a cover letter, and the
prerequisite-patch-id lines of the series it needs, computed from the
files as written. The base-commit line is left out: the base is
Debian's source committed locally, which no reader has.

upstream/series lists the series in the order they apply, each as a
line "# series FOLDER needs DEP..." (or "needs -") and then its patch
files. A commit stays in the series of its subject's old patch file; a
new commit goes into the series of the commit before it. Each series is
made by cherry-picking its needs (every series it needs, in order: they
are not followed further) and itself onto "base" alone, so its
files apply to 7.2.13 and the series it needs, and nothing else; the
export then checks that with git am. The cover letter keeps its subject
and text, and its subject prefix ([RFC PATCH 0/n]): edit them in the
exported 0000-cover-letter.patch.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINUX = os.path.abspath(os.environ.get('LINUX', f'{TOP}/build/upstream/linux'))
PATCHES = os.path.abspath(os.environ.get('PATCHES', f'{TOP}/upstream'))
IDENT = ['-c', 'user.name=Deferred Callchains Project',
         '-c', 'user.email=deferred-callchains@example.org',
         # the index lines' length as the stored files have it, whatever
         # the number of objects of the tree they are exported from
         '-c', 'core.abbrev=9']
FORMAT = ['format-patch', '-q', '--zero-commit', '--no-signature', '--always',
          '--filename-max-length=80']
COVER = '0000-cover-letter.patch'


def die(msg):
    sys.exit(f'error: {msg}')


def git(*args, cwd=LINUX):
    return subprocess.run(['git', *IDENT, *args], cwd=cwd, check=True,
                          text=True, stdout=subprocess.PIPE).stdout


def slug(path):
    return re.sub(r'^\d{4}-', '', os.path.basename(path))


def read_series():
    """The series in order: [(folder, needs, [slug...])], and the header."""
    series, header = [], []
    with open(f'{PATCHES}/series') as f:
        for line in f.read().splitlines():
            m = re.match(r'#\s*series\s+(\S+)\s+needs\s+(.*)$', line)
            if m:
                needs = [] if m[2].strip() == '-' else m[2].split()
                series.append((m[1], needs, []))
            elif not series:
                header.append(line)
            elif line.strip() and not line.lstrip().startswith('#'):
                series[-1][2].append(slug(line.strip()))
    if not series:
        die(f'{PATCHES}/series names no "# series FOLDER needs ..." line')
    return series, header


def read_cover(folder):
    """(subject prefix, subject, blurb lines) of the folder's cover letter."""
    path = f'{PATCHES}/{folder}/{COVER}'
    if not os.path.exists(path):
        return 'PATCH', '*** SUBJECT HERE ***', ['*** BLURB HERE ***']
    with open(path) as f:
        lines = f.read().split('\n')
    for i, line in enumerate(lines):
        m = re.match(r'Subject: \[(.*) 0+/\d+\] (.*)$', line)
        if m:
            prefix, subject = m[1], m[2]
            while lines[i + 1].startswith(' '):
                i += 1
                subject += lines[i]
            break
    else:
        die(f'{path} has no "Subject: [... 0/n]" line')
    body = lines[lines.index('', i) + 1:]
    end = next((j for j, l in enumerate(body)
                if re.match(r'^Deferred Callchains Project \(\d+\):$', l)), None)
    if end is None:
        die(f'{path} has no shortlog after its text')
    while end and not body[end - 1]:
        end -= 1
    return prefix, subject, body[:end]


def fill_cover(path, subject, blurb, date):
    with open(path) as f:
        text = f.read()
    text = re.sub(r'^Date: .*$', date, text, count=1, flags=re.M)
    text = text.replace('*** SUBJECT HERE ***', subject, 1)
    text = text.replace('*** BLURB HERE ***', '\n'.join(blurb), 1)
    with open(path, 'w') as f:
        f.write(text)


def main():
    series, header = read_series()
    folders = [s[0] for s in series]
    where = {name: s[0] for s in series for name in s[2]}

    tmp = tempfile.mkdtemp()
    try:
        commits = git('rev-list', '--reverse', '--no-merges', 'base..HEAD').split()
        git(*FORMAT, '-o', f'{tmp}/all', 'base..HEAD')
        names = [slug(p) for p in sorted(glob.glob(f'{tmp}/all/*.patch'))]
        if len(names) != len(commits):
            die(f'{len(commits)} commits but {len(names)} patches: a merge?')
        members = {f: [] for f in folders}
        order, folder = [], folders[0]
        for commit, name in zip(commits, names):
            folder = where.get(name, folder)
            if not order or order[-1] != folder:
                order.append(folder)
            members[folder].append(commit)
        if order != [f for f in folders if members[f]]:
            die(f'the commits of a series are not together, or not in the '
                f'order of {PATCHES}/series: {" ".join(order)}')
        empty = [f for f in folders if not members[f]]
        if empty:
            die(f'no commit left in {" ".join(empty)}: take it out of '
                f'{PATCHES}/series (and its folder) by hand')

        wt = f'{tmp}/wt'
        git('worktree', 'add', '-q', '--detach', wt, 'base')
        try:
            out = export(series, members, wt, tmp)
            check(series, out, wt)
        finally:
            git('worktree', 'remove', '--force', wt)

        for folder in folders:
            shutil.rmtree(f'{PATCHES}/{folder}', ignore_errors=True)
        lines = header[:]
        for folder, needs, _ in series:
            shutil.copytree(f'{out}/{folder}', f'{PATCHES}/{folder}')
            lines.append(f'# series {folder} needs {" ".join(needs) or "-"}')
            lines += [f'{folder}/{p}' for p in patches(f'{PATCHES}/{folder}')]
        with open(f'{PATCHES}/series', 'w') as f:
            f.write('\n'.join(lines) + '\n')
    finally:
        shutil.rmtree(tmp)

    # The tree holds the series now: tell prepare-upstream-tree.sh, with
    # lib.sh's digest of the series.
    digest = subprocess.run(
        ['bash', '-c', f'. "{TOP}/scripts/lib.sh" && series_id'],
        env={**os.environ, 'PATCHES': PATCHES, 'LINUX': LINUX}, check=True,
        text=True, stdout=subprocess.PIPE).stdout.strip()
    head = git('rev-parse', 'HEAD').strip()
    with open(f'{LINUX}/.git/dcp-applied', 'w') as f:
        f.write(f'{digest} {head}\n')
    print(f'==> exported {len(commits)} patches in '
          f'{sum(1 for f in folders if members[f])} series to {PATCHES}',
          file=sys.stderr)


def patches(folder):
    return sorted(os.path.basename(p) for p in glob.glob(f'{folder}/*.patch')
                  if os.path.basename(p) != COVER)


def export(series, members, wt, tmp):
    """Each series cherry-picked onto base after its needs, formatted."""
    out = f'{tmp}/out'
    for folder, needs, _ in series:
        git('checkout', '-q', '--detach', 'base', cwd=wt)
        for dep in needs:
            if dep not in members:
                die(f'series {folder} needs {dep}, which upstream/series does not name')
            pick(members[dep], wt, f'{dep} (needed by {folder})')
        pick(members[folder], wt, folder)
        prefix, subject, blurb = read_cover(folder)
        git(*FORMAT, '--cover-letter',
            f'--subject-prefix={prefix}', '-o', f'{out}/{folder}',
            f'HEAD~{len(members[folder])}..HEAD', cwd=wt)
        # The date of its last patch, not of the export.
        with open(f'{out}/{folder}/{patches(f"{out}/{folder}")[-1]}') as f:
            date = re.search(r'^Date: .*$', f.read(), re.M)[0]
        fill_cover(f'{out}/{folder}/{COVER}', subject, blurb, date)
        prerequisites(f'{out}/{folder}/{COVER}',
                      [f'{out}/{d}/{p}' for d in needs
                       for p in patches(f'{out}/{d}')])
    return out


def prerequisites(cover, files):
    """Ends the cover with the prerequisite-patch-id lines of the needed
    series' files as exported, which a reader checks them against. No
    base-commit line: the base is Debian's source committed locally,
    which no reader has."""
    if not files:
        return
    ids = []
    for path in files:
        with open(path) as f:
            r = subprocess.run(['git', 'patch-id', '--stable'], stdin=f,
                               text=True, stdout=subprocess.PIPE, check=True)
        ids.append(f'prerequisite-patch-id: {r.stdout.split()[0]}')
    with open(cover) as f:
        text = f.read().rstrip('\n')
    with open(cover, 'w') as f:
        f.write(text + '\n\n\n' + '\n'.join(ids) + '\n')


def pick(commits, wt, what):
    r = subprocess.run(['git', *IDENT, 'cherry-pick', '--allow-empty',
                        *commits], cwd=wt, text=True, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    if r.returncode:
        conflict = git('diff', '--name-only', '--diff-filter=U', cwd=wt)
        subprocess.run(['git', 'cherry-pick', '--abort'], cwd=wt)
        die(f'{what} does not apply to 7.2.13 and the series it needs: '
            f'{conflict.strip() or r.stdout.strip()}')


def check(series, out, wt):
    """Each series' files apply with git am onto base and its needs' files."""
    for folder, needs, _ in series:
        if not os.path.isdir(f'{out}/{folder}'):
            continue
        git('checkout', '-q', '--detach', 'base', cwd=wt)
        files = [f'{out}/{d}/{p}' for d in needs + [folder]
                 for p in patches(f'{out}/{d}')]
        r = subprocess.run(['git', *IDENT, 'am', '-q', '--keep-cr', *files],
                           cwd=wt, text=True, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        if r.returncode:
            subprocess.run(['git', 'am', '--abort'], cwd=wt)
            die(f'the exported {folder} does not apply after {needs}: {r.stdout}')


if __name__ == '__main__':
    main()
