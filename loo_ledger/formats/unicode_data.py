"""Unicode data for the name check (formats/lookalike.py), written by
scripts/unicode_names.py: do not edit by hand.

Default_Ignorable_Code_Point: DerivedCoreProperties.txt 15.0.0;
prototypes: UTS #39 confusables.txt 13.0.0 (ASCII here; the whole table
is in unicode_confusables.py).
"""

DERIVED_VERSION = "15.0.0"
CONFUSABLES_VERSION = "13.0.0"

#: Default_Ignorable_Code_Point, as (first, last) code points.
IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)

#: Each character of confusables.txt whose prototype (UTS #39, section 4) is in ASCII
#: text, and that prototype.
ASCII_PROTOTYPES: dict[str, str] = {
    "\u0022": "''",
    "%": "\u00ba/\u2080",
    "0": "O",
    "1": "l",
    "I": "l",
    "`": "'",
    "m": "rn",
    "|": "l",
}
