"""Instructions a warm hand of the engine, counted by valgrind's callgrind (which no other
load on the machine disturbs, unlike the CPU time of ``run.py --only engine``).

    python benchmarks/engine_instructions.py              # both rows of run.py's engine
    python benchmarks/engine_instructions.py --cut 2000   # the first 2,000 hands of each file

A child loads the row's sessions and replays them once (cold: every plan worked out)
with callgrind's instrumentation off, then replays them again (warm: every plan
remembered) with it on, between client requests (a few lines of C built here with the
system's ``gcc`` and ``valgrind/callgrind.h``); the instructions counted, divided by the
hands replayed, are the figure. The child is this file with ``--child``, run with
``PYTHONHASHSEED=0``: the text's hashes, so the dicts' probes, are then the same in every
run, and two counts of the same code agree to the instruction (with a random seed they
moved by some 0.3%).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness as h  # noqa: E402

_C = """#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_START_INSTRUMENTATION; CALLGRIND_ZERO_STATS; }
void cg_stop(void) { CALLGRIND_DUMP_STATS_AT("warm"); CALLGRIND_STOP_INSTRUMENTATION; }
"""


def rows(hands: int) -> dict[str, list[Path]]:
    each = max(hands // len(h.VARIANTS), 1)
    return {"three-card, 6 players": [h.session_file(h.DEFAULT_CACHE, "three-card", 6, hands)],
            f"every preset, 5 players, {each:,} hands each":
                [h.session_file(h.DEFAULT_CACHE, v, 5, each) for v in h.VARIANTS]}


def child(lib: str, files: list[str], cut: int | None) -> None:
    from msgspec.structs import replace

    from loo_ledger.domain import replay
    from loo_ledger.formats.sessionfile import load_session_file

    cg = ctypes.CDLL(lib)
    sessions = [load_session_file(Path(f))[0] for f in files]
    if cut is not None:
        sessions = [replace(s, hands=s.hands[:cut]) for s in sessions]
    for s in sessions:
        replay(s)
    cg.cg_start()
    for s in sessions:
        replay(s)
    cg.cg_stop()
    print(sum(len(s.hands) for s in sessions))


def hooks(tmp: Path) -> Path:
    """The few lines of C (:data:`_C`) built in ``tmp``: the library a child loads to turn
    callgrind's counting on and off."""
    lib = tmp / "cg.so"
    (tmp / "cg.c").write_text(_C)
    subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", str(lib), str(tmp / "cg.c")],
                   check=True)
    return lib


def counted(script: str, child_args: list[str], tmp: Path) -> tuple[int, int]:
    """(instructions, hands) of ``script --child ...`` under callgrind, counting from
    nought only what the child counts between its ``cg_start`` and ``cg_stop`` (the dump
    named "warm"), its hands the last word it prints; the hash seed fixed at 0, so that
    two counts of the same code agree to the instruction."""
    out = tmp / "callgrind.out"
    cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
           f"--callgrind-out-file={out}", sys.executable, script, "--child", *child_args]
    run = subprocess.run(cmd, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    dumps = [p for p in tmp.iterdir() if p.name.startswith("callgrind.out")]
    for p in dumps:
        text = p.read_text()
        if "warm" in text.split("\nevents:", 1)[0]:
            got = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
            assert got, p
            for q in dumps:
                q.unlink()
            return int(got.group(1)), int(run.stdout.split()[-1])
    raise RuntimeError(f"no dump named 'warm' among {dumps}: {run.stderr[-2000:]}")


def count(lib: Path, files: list[Path], cut: int | None, tmp: Path) -> tuple[int, int]:
    """(instructions, hands) of a warm replay of ``files``."""
    return counted(__file__, [str(lib), *(["--cut", str(cut)] if cut else []),
                              *map(str, files)], tmp)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--cut", type=int, help="replay only the first CUT hands of each file")
    ap.add_argument("--rows", default="both", choices=("both", "three-card", "presets"))
    ap.add_argument("files", nargs="*", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        child(args.child, args.files, args.cut)
        return
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        lib = hooks(tmp)
        for i, (label, files) in enumerate(rows(100_000).items()):
            if args.rows not in ("both", ("three-card", "presets")[i]):
                continue
            total, hands = count(lib, files, args.cut, tmp)
            print(f"{label}: {total / hands:,.0f} instructions a warm hand ({hands:,} hands)",
                  flush=True)


if __name__ == "__main__":
    main()
