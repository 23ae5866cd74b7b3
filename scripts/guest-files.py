#!/usr/bin/env python3
"""usage: scripts/guest-files.py SERIAL DIR

Writes into DIR the files that the guest sent on its second serial port
(scripts/run-guest.sh -o SERIAL): base64 between "=== FILE NAME" and
"=== END NAME" lines (guest/send-files.sh). Prints their names;
fails on a file that did not end."""
import base64
import os
import sys


def main():
    serial, out = sys.argv[1:3]
    os.makedirs(out, exist_ok=True)
    name, lines = None, []
    with open(serial, errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("=== FILE "):
                name, lines = line[len("=== FILE "):], []
            elif name and line == "=== END " + name:
                path = os.path.join(out, os.path.basename(name))
                with open(path, "wb") as o:
                    o.write(base64.b64decode("".join(lines)))
                print(path)
                name = None
            elif name:
                lines.append(line)
    if name:
        sys.exit("%s: %s did not end" % (serial, name))


if __name__ == "__main__":
    main()
