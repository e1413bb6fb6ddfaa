"""Lines of words fitted to a terminal's width (issue 22 item 6): the terminal itself would
break a name or a figure at its edge. Used by the commands that print sentences rather than
tables (`loo pool`, `loo settle-up`'s transfers and notes, a season's tab); tables are laid
out by cli/layout.py. Plain textwrap, so nothing heavy is loaded for it."""

from __future__ import annotations

import shutil
import sys
import textwrap


def wrapped(lines: list[str], names: set[str]) -> list[str]:
    """On a terminal, each line wrapped between words to its width (issue 22 item 6): the
    terminal would break a name or a figure at its edge. A name of several words goes
    whole onto the next line (its spaces held by no-break spaces while it is wrapped,
    which textwrap does not break at). Piped, the lines as they are."""
    if not sys.stdout.isatty():
        return lines
    width = shutil.get_terminal_size().columns
    held = {n: n.replace(" ", "\xa0") for n in sorted(names, key=len, reverse=True) if " " in n}
    out = []
    for line in lines:
        for n, h in held.items():
            line = line.replace(n, h)
        for part in textwrap.wrap(line, width, subsequent_indent="  ",
                                  break_long_words=False, break_on_hyphens=False) or [""]:
            for n, h in held.items():
                part = part.replace(h, n)
            out.append(part)
    return out
