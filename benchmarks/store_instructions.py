"""Instructions a hand of the store's derivation, counted by valgrind's callgrind (which no
other load on the machine disturbs, unlike the CPU time of ``run.py --only import``).

    python benchmarks/store_instructions.py                # the three-card 6-player file
    python benchmarks/store_instructions.py --cut 30000    # its first 30,000 hands

A child reads the 100,000-hand file of ``run.py``'s import row with the one reader and
settles its hands with the engine, instrumentation off; then, with it on (between client
requests: engine_instructions.py's few lines of C), derives every hand's row as the one
writer does for an import (store/derive.py ``Deriving.each``: the record's compact text,
the facts' columns, the totals and the leak tallies counted), and the session's nets,
totals and tallies (``Deriving.derived``, ``Tally.tallies``). No SQL: the inserts are
measured by the import row. The instructions counted, divided by the hands, are the
figure; the child is this file with ``--child``.
"""

from __future__ import annotations

import argparse
import ctypes
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness as h  # noqa: E402
from engine_instructions import counted, hooks  # noqa: E402


def child(lib: str, file: str, cut: int | None) -> None:
    from loo_ledger.domain.settlement.session import settle_each
    from loo_ledger.formats import reader
    from loo_ledger.store import derive, leak_tallies

    cg = ctypes.CDLL(lib)
    stream = reader.Stream(Path(file).read_bytes())
    hands = list(stream.hands())[:cut]
    session = stream.session
    settled = list(settle_each(session, (record for record, _ in hands)))
    texts = [text for _, text in hands]
    lou, swapping = leak_tallies.session_game(session.variant, session.rules)
    cg.cg_start()
    leaks = leak_tallies.Tally(session.players, lou=lou, swapping=swapping)
    deriving = derive.Deriving(session.players, leaks=leaks)
    for _ in deriving.each(texts, settled):
        pass
    deriving.derived(settled[-1].next_state)
    leaks.tallies()
    cg.cg_stop()
    print(len(settled))


def count(lib: Path, file: Path, cut: int | None, tmp: Path) -> tuple[int, int]:
    """(instructions, hands) of the derivation of ``file``'s hands."""
    return counted(__file__, [str(lib), *(["--cut", str(cut)] if cut else []), str(file)], tmp)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--cut", type=int, help="derive only the first CUT hands of the file")
    ap.add_argument("file", nargs="?", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        child(args.child, args.file, args.cut)
        return
    file = h.session_file(h.DEFAULT_CACHE, "three-card", 6, 100_000)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        lib = hooks(tmp)
        total, hands = count(lib, file, args.cut, tmp)
        print(f"the store's derivation, three-card, 6 players: {total / hands:,.0f} "
              f"instructions a hand ({hands:,} hands)", flush=True)


if __name__ == "__main__":
    main()
