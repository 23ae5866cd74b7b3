"""Reads the top-level results of a TAP stream (shared by the scripts
that check guest logs and sum up a run)."""
import re
from typing import Iterable, Iterator, NamedTuple, Optional

RESULT = re.compile(r'^(not )?ok (\d+)\b(?: -)? ?(.*?)(?:\s+#\s*(SKIP|TODO)\b\s*(.*))?$')
PLAN = re.compile(r'^1\.\.(\d+)')


class Result(NamedTuple):
    index: int          # line number in the stream
    ok: bool            # passed, skipped or a failing TODO
    failed: bool        # "not ok" without TODO
    name: str
    directive: str      # "SKIP reason", "TODO reason" or ""


class Stream:
    def __init__(self, lines: Iterable[str]):
        self.lines = list(lines)
        self.plan: Optional[int] = None

    def results(self) -> Iterator[Result]:
        for i, line in enumerate(self.lines):
            m = PLAN.match(line)
            if m:
                self.plan = int(m.group(1))
                continue
            m = RESULT.match(line)
            if not m:
                continue
            directive = m.group(4) or ''
            if directive and m.group(5):
                directive += ' ' + m.group(5)
            todo = directive.startswith('TODO')
            yield Result(i, not m.group(1) or todo, bool(m.group(1)) and not todo,
                         m.group(3), directive)
