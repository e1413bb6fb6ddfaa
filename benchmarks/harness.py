"""What benchmarks/run.py stands on: whole-process timing with each child's peak memory,
and the cached session files and databases it measures.

Cache (``benchmarks/.cache/``, git-ignored): generated session files are keyed by the
generator's source and their parameters; the million-hand database also by the sources of
the store and the session-file reader (a change there may change the schema), so it is
rebuilt when they change and reused otherwise.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate_session, write_session  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_CACHE = HERE / ".cache"
ENV = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1"}


def loo_command() -> list[str]:
    """The `loo` console script of this interpreter's environment, else ``python -m``."""
    beside = Path(sys.executable).parent / "loo"
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "loo_ledger"]


REFERENCE = [sys.executable, str(HERE / "reference_app.py")]


@dataclass(frozen=True)
class Run:
    """One whole-process run: wall-clock seconds, the child's peak RSS in MiB, its exit,
    and the CPU seconds it used (user and system, its threads and children included): on
    a machine shared with other work the wall clock waits for them, the CPU time less so."""

    seconds: float
    peak_mib: float
    code: int
    err: str
    cpu: float = 0.0

    @property
    def missing(self) -> bool:
        """The command or option does not exist (yet): Click's usage error."""
        return self.code == 2 and ("No such command" in self.err or "No such option" in self.err)

    def problem(self) -> str:
        last = [line for line in self.err.strip().splitlines() if line.strip()]
        return f"exit {self.code}: {last[-1].strip(' │') if last else 'no message'}"


#: GNU time, where there is one: it reports the command's own peak RSS. ``os.wait4`` alone
#: would not do: Linux starts a child's peak at its parent's size when it forks, so a
#: harness grown large would hide every smaller figure.
GNU_TIME = "/usr/bin/time" if Path("/usr/bin/time").exists() else None


def run_once(cmd: Sequence[str], out: Path | None = None) -> Run:
    """Run ``cmd`` to the end; stdout to ``out`` (else discarded), stderr kept."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryFile() as err, \
            (open(out, "wb") if out else open(os.devnull, "wb")) as o:
        peak_file = Path(tmp) / "peak"
        full = [GNU_TIME, "-f", "%M", "-o", str(peak_file), *cmd] if GNU_TIME else list(cmd)
        start = time.perf_counter()
        proc = subprocess.Popen(full, stdout=o, stderr=err, stdin=subprocess.DEVNULL, env=ENV)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
        kib = usage.ru_maxrss
        if GNU_TIME and peak_file.exists():
            kib = int(peak_file.read_text().split()[-1])
    return Run(seconds, kib / 1024, proc.returncode, text, usage.ru_utime + usage.ru_stime)


@dataclass(frozen=True)
class Measure:
    """Several runs of one command: the median time and the largest peak memory."""

    runs: tuple[Run, ...]

    @property
    def failed(self) -> Run | None:
        return next((r for r in self.runs if r.code != 0), None)

    @property
    def seconds(self) -> float:
        return statistics.median(r.seconds for r in self.runs)

    @property
    def peak_mib(self) -> float:
        return max(r.peak_mib for r in self.runs)

    @property
    def cpu(self) -> float:
        """The median CPU seconds of the runs."""
        return statistics.median(r.cpu for r in self.runs)


def measure(cmd: Sequence[str], runs: int, *, warm: bool = False, out: Path | None = None,
            before: Callable[[], object] | None = None) -> Measure:
    """``runs`` runs of ``cmd`` (after one untimed run if ``warm``); stops at a failure.
    ``before()`` is called untimed before each run, e.g. to remove a database."""
    done: list[Run] = []
    if warm:
        first = run_once(cmd, out)
        if first.code:
            return Measure((first,))
    for _ in range(runs):
        if before is not None:
            before()
        done.append(run_once(cmd, out))
        if done[-1].code:
            break
    return Measure(tuple(done))


def interleaved(a: Sequence[str], b: Sequence[str], runs: int) -> tuple[Measure, Measure]:
    """Runs of ``a`` and ``b`` taken in turn (each warmed once), so drift hits both alike."""
    ra, rb = [run_once(a)], [run_once(b)]
    if ra[0].code or rb[0].code:
        return Measure((ra[0],)), Measure((rb[0],))
    ra, rb = [], []
    for _ in range(runs):
        ra.append(run_once(a))
        rb.append(run_once(b))
    return Measure(tuple(ra)), Measure(tuple(rb))


# -- cached inputs -------------------------------------------------------------------

def _digest(*parts: object, sources: Sequence[Path] = ()) -> str:
    h = hashlib.sha256(repr(parts).encode())
    for path in sources:
        for f in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            h.update(f.read_bytes())
    return h.hexdigest()[:10]


def session_file(cache: Path, variant: str, players: int, hands: int, seed: int = 1) -> Path:
    """A generated session file, made once and kept."""
    key = _digest(variant, players, hands, seed, sources=[HERE / "generate.py"])
    path = cache / "files" / f"{variant}-{players}p-{hands}-s{seed}-{key}.json"
    if not path.exists():
        session = generate_session(variant, players, hands, seed)
        tmp = write_session(session, path.with_suffix(".tmp"))
        tmp.replace(path)
    return path


#: The mix of the big database: every preset, four to seven players, evenings of
#: 150 to 450 hands; the last evening (the current session) three-card with five players.
VARIANTS = ("three-card", "irish", "five-card", "lou", "britannica", "poker-book", "bicycle",
            "lanterloo", "undivided", "britannica-five-card")


def evenings(hands: int) -> list[tuple[str, int, int, int]]:
    """(variant, players, hands, seed) of each evening, ``hands`` hands in all."""
    out, total, i = [], 0, 0
    while total < hands:
        n = min(150 + (i * 7919) % 301, hands - total)
        out.append((VARIANTS[i % len(VARIANTS)], 4 + i % 4, n, 1000 + i))
        total, i = total + n, i + 1
    variant, players, n, seed = out[-1]
    out[-1] = ("three-card", 5, n, seed)
    return out


def _write_evening(args: tuple[Path, tuple[str, int, int, int]]) -> Path:
    folder, (variant, players, n, seed) = args
    data = generate_session(variant, players, n, seed, name=f"evening {seed - 999}")
    return write_session(data, folder / f"{seed:07d}.json")


def big_database(cache: Path, hands: int, *, rebuild: bool = False, batch: int = 100_000,
                 log=print) -> Path:
    """The database of ``hands`` hands in many evenings, imported with ``loo import``
    about ``batch`` hands a call; built once per generator, store and reader source."""
    pkg = ROOT / "loo_ledger"
    key = _digest(hands, sources=[HERE / "generate.py", HERE / "harness.py", pkg / "store",
                                  pkg / "formats", ROOT / "schemas"])
    path = cache / f"big-{hands}-{key}.db"
    if path.exists() and not rebuild:
        return path
    for old in cache.glob(f"big-{hands}-*.db*"):
        old.unlink()
    plan = evenings(hands)
    log(f"building a {hands:,}-hand database: {len(plan):,} evenings (once; cached as {path.name})")
    start = time.perf_counter()
    files = evening_files(cache, hands, log=log)
    log(f"  generated in {time.perf_counter() - start:.0f} s")
    tmp = path.with_suffix(".building")
    for extra in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        extra.unlink(missing_ok=True)
    group: list[Path] = []
    counted = 0
    for (_, _, n, _), f in zip(plan, files, strict=False):
        group.append(f)
        counted += n
        if counted >= batch or f == files[-1]:
            done = subprocess.run([*loo_command(), "--db", str(tmp), "import", *map(str, group)],
                                  capture_output=True, text=True, env=ENV)
            if done.returncode:
                raise RuntimeError(f"loo import failed building the big database:\n{done.stderr}")
            log(f"  imported {sum(e[2] for e in plan[:files.index(f) + 1]):,} hands")
            group, counted = [], 0
    import sqlite3
    conn = sqlite3.connect(tmp)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    tmp.replace(path)
    log(f"  built in {time.perf_counter() - start:.0f} s")
    return path


def evening_files(cache: Path, hands: int, *, log=print) -> list[Path]:
    """The generated evenings of the big database, one file each (:func:`evenings`), made
    once per generator and kept: a change to the store only imports them again."""
    key = _digest(hands, sources=[HERE / "generate.py"])
    work = cache / f"evenings-{hands}-{key}"
    plan = evenings(hands)
    files = [work / f"{seed:07d}.json" for (_, _, _, seed) in plan]
    if work.is_dir() and all(f.exists() for f in files):
        return files
    for old in cache.glob(f"evenings-{hands}-*"):
        shutil.rmtree(old, ignore_errors=True)
    part = work.with_name(work.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    log(f"  generating {len(plan):,} evenings into {work.name}")
    from multiprocessing import Pool
    with Pool(min(2, os.cpu_count() or 1)) as pool:
        pool.map(_write_evening, [(part, e) for e in plan], chunksize=8)
    part.replace(work)
    return files


def db_bytes(path: Path) -> int:
    """The database's size on disk, its write-ahead log included."""
    return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
