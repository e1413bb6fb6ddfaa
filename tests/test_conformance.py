"""The worked conformance cases, from the project's own copy (tests/data/conformance/).

Each case is settled twice: by the engine directly (so a failure points at the
rules) and through the CLI exactly as ../shared/conformance/run does it. One test proves
the copy equal to ../shared/conformance/cases where that folder is beside the checkout, and
one the copy of the rule sources (tests/data/seeds/, whose words `loo explain` quotes:
tests/test_explain_words.py) equal to ../shared/seeds; they are the only tests that look there.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_kit import BuiltOnce

from loo_ledger.cli import app
from loo_ledger.domain import replay
from loo_ledger.errors import LooError
from loo_ledger.formats.sessionfile import session_from_dict

RUNNER = BuiltOnce()  # the program's command built once for the module

CASES_DIR = Path(__file__).resolve().parent / "data" / "conformance" / "cases"
CASES = sorted(CASES_DIR.glob("*.json"))
SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "cases"
BASELINE = {"format": "loo-session/1", "name": "baseline", "variant": "three-card",
            "players": ["P1", "P2", "P3", "P4"], "first_dealer": "P4", "opening_pool": 0,
            "hands": [{"tricks": {"P1": 1, "P2": 0, "P3": 1, "P4": 1}}]}


def test_the_cases_are_there():
    assert len(CASES) == 44, f"expected the 44 cases in {CASES_DIR}"


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"no shared cases to compare at {SHARED}")
def test_the_copy_is_the_shared_cases():
    """The copy is byte for byte the shared cases: the same files, the same contents."""
    shared = {p.name: p.read_bytes() for p in SHARED.glob("*.json")}
    copied = {p.name: p.read_bytes() for p in CASES}
    assert sorted(copied) == sorted(shared)
    assert [n for n in sorted(shared) if copied[n] != shared[n]] == []


SEEDS = Path(__file__).resolve().parent / "data" / "seeds"
SHARED_SEEDS = SHARED.parents[1] / "seeds"


@pytest.mark.skipif(not SHARED_SEEDS.is_dir(), reason=f"no seeds to compare at {SHARED_SEEDS}")
def test_the_copy_is_the_shared_seeds():
    """The copy of the rule sources is byte for byte the shared one."""
    shared = {p.name: p.read_bytes() for p in SHARED_SEEDS.iterdir() if p.is_file()}
    copied = {p.name: p.read_bytes() for p in SEEDS.iterdir() if p.is_file()}
    assert copied == shared


def _case(path: Path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_engine(path):
    case = _case(path)
    session = session_from_dict(case["session"])
    want = case["expect"]
    if not want["valid"]:
        with pytest.raises(LooError) as info:
            replay(session)
        assert want["code"] in [p.code for p in info.value.problems]
        return
    (s,) = replay(session).settlements
    assert {p: s.deltas.get(p, 0) for p in want["deltas"]} == want["deltas"]
    assert s.pool_after == want["pool_after"]


def _run(db: Path, *args: str):
    return RUNNER.invoke(app, ["--db", str(db), *args])


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_cli(path, tmp_path, fresh_db):
    case, db, f = _case(path), fresh_db(tmp_path, "c.db"), tmp_path / "s.json"
    want = case["expect"]
    if not want["valid"]:
        (tmp_path / "b.json").write_text(json.dumps(BASELINE))
        assert _run(db, "import", str(tmp_path / "b.json")).exit_code == 0
        before = _run(db, "balances", "--json").stdout
    f.write_text(json.dumps(case["session"]))
    result = _run(db, "import", str(f))
    if not want["valid"]:
        assert result.exit_code == 1
        assert want["code"] in result.stderr and "hand 1" in result.stderr
        assert _run(db, "balances", "--json").stdout == before
        return
    assert result.exit_code == 0, result.output
    (hand,) = json.loads(_run(db, "hands", "--json").stdout)
    assert {p: hand["deltas"].get(p, 0) for p in want["deltas"]} == want["deltas"]
    assert hand["pool_after"] == want["pool_after"]
    bal = json.loads(_run(db, "balances", "--json").stdout)
    assert bal["pool"] == want["pool_after"]
    assert {p["name"]: p["net"] for p in bal["players"]} == want["deltas"]
