#!/usr/bin/env python3
"""usage: scripts/mail-upstream.py [--from "Name <address>"] [-o DIR] FOLDER...

Writes the mails of the series in upstream/FOLDER... for their sender
into DIR/FOLDER/ (default build/mail) and prints their paths, cover
letter first, for git send-email:

    git send-email --to=LIST $(scripts/mail-upstream.py --from "..." FOLDER)

upstream/ carries the project's neutral identity, which is no person and
certifies nothing. Every mail gets the sender's instead: in From:, in the
Signed-off-by: lines of the patches and in the cover letter's shortlog.
The sender is --from, or git's user.name and user.email; with neither,
or with the neutral identity, nothing is written. The cover letter says
the base in words: upstream/ has no base-commit: line, as the tree's
base is Debian's source committed locally.
"""
import argparse
import email.utils
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATCHES = os.path.abspath(os.environ.get('PATCHES', f'{TOP}/upstream'))
NEUTRAL_NAME = 'Deferred Callchains Project'
NEUTRAL_EMAIL = 'deferred-callchains@example.org'
NEUTRAL = f'{NEUTRAL_NAME} <{NEUTRAL_EMAIL}>'
BASE = 'v7.2.13'
COVER = '0000-cover-letter.patch'


def die(msg):
    sys.exit(f'mail-upstream: {msg}')


def git_identity():
    def get(key):
        r = subprocess.run(['git', 'config', key], text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return r.stdout.strip() if r.returncode == 0 else ''
    name, addr = get('user.name'), get('user.email')
    return f'{name} <{addr}>' if name and addr else ''


def sender(given):
    ident = given or git_identity()
    if not ident:
        die('no sender: give --from "Name <address>" or set git\'s user.name '
            'and user.email; the mails need a person in From: and '
            'Signed-off-by:')
    name, addr = email.utils.parseaddr(ident)
    if not name or not re.fullmatch(r'[^@\s<>]+@[^@\s<>]+', addr):
        die(f'"{ident}" is not "Name <address>"')
    if name == NEUTRAL_NAME or addr == NEUTRAL_EMAIL:
        die(f'{NEUTRAL} is the project\'s neutral identity, which no one '
            'can sign off as: give your own with --from')
    return name, addr


def rewrite(text, name, addr, cover):
    ident = f'{name} <{addr}>'
    # From: as git format-patch writes it, RFC 2047 where not ASCII
    text = text.replace(f'\nFrom: {NEUTRAL}\n',
                        f'\nFrom: {email.utils.formataddr((name, addr))}\n', 1)
    text = text.replace(f'\nSigned-off-by: {NEUTRAL}\n',
                        f'\nSigned-off-by: {ident}\n')
    if cover:
        # The shortlog's author, and the base in words before it where the
        # cover does not name it
        base = '' if BASE in text else f'Based on {BASE}.\n\n'
        text = re.sub(rf'^{re.escape(NEUTRAL_NAME)} \((\d+)\):$',
                      lambda m: f'{base}{name} ({m[1]}):',
                      text, count=1, flags=re.M)
    return text


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split('\n')[0][7:])
    ap.add_argument('--from', dest='ident', default='')
    ap.add_argument('-o', dest='out', default=f'{TOP}/build/mail')
    ap.add_argument('folders', nargs='+', metavar='FOLDER')
    args = ap.parse_args()
    name, addr = sender(args.ident)

    mails = []
    for folder in args.folders:
        folder = folder.rstrip('/').split('/')[-1]
        src = f'{PATCHES}/{folder}'
        files = sorted(f for f in os.listdir(src) if f.endswith('.patch')) \
            if os.path.isdir(src) else []
        if COVER not in files:
            die(f'{src} holds no series (no {COVER})')
        for f in files:
            with open(f'{src}/{f}') as fh:
                text = rewrite(fh.read(), name, addr, f == COVER)
            if NEUTRAL_NAME in text or NEUTRAL_EMAIL in text:
                die(f'{folder}/{f} still names {NEUTRAL} where this script '
                    'does not replace it')
            mails.append((f'{args.out}/{folder}/{f}', text))
    for path, text in mails:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as fh:
            fh.write(text)
        print(path)


if __name__ == '__main__':
    main()
