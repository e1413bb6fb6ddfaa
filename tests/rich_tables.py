"""Reading rich's tables back in the CLI tests (a helper module, not a test module)."""

from __future__ import annotations


def cells(text: str) -> dict[str, list[str]]:
    """The rows of a rich table, keyed by their first cell, cells stripped."""
    out = {}
    for line in text.splitlines():
        if "\u2502" in line:  # the vertical rule between body cells
            parts = [c.strip() for c in line.split("\u2502")]
            out[parts[0]] = parts[1:]
    return out


def tables(out: str) -> dict[str, dict[str, list[str]]]:
    """Each rich table of the output by the first words of its title: rows by first cell."""
    found: dict[str, list[str]] = {}
    title = ""
    for line in out.splitlines():
        if not any(c in line for c in "\u2502\u2503\u2501"):
            title = line.split(",")[0].split(" (")[0]
            found[title] = []
        found[title].append(line)
    return {t: cells("\n".join(lines)) for t, lines in found.items()}
