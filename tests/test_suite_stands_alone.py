"""The suite stands on its own (issue 20, item 4): no test module imports another or a
conftest (shared helpers live in modules that are not test modules, such as
tests/rules/rules_kit.py, and shared data in tests/data/), no test
waits for a length of time, and only tests/test_conformance.py looks beside the checkout
(at ../shared, to compare its copy of the cases)."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: The test modules and their helpers (not tests/fixtures/, scripts run by hand to make a
#: fixture file, such as make_v1_db.py, which takes conftest's GOOD_SESSION).
SOURCES = {p: p.read_text(encoding="utf-8") for p in sorted(TESTS.rglob("*.py"))
           if p != Path(__file__).resolve() and "fixtures" not in p.relative_to(TESTS).parts}


def _found(pattern: str, *, but: tuple[str, ...] = ()) -> list[str]:
    return [f"{path.relative_to(TESTS)}: {m.group(0).strip()}"
            for path, text in SOURCES.items() if path.name not in but
            for m in re.finditer(pattern, text, re.M)]


def test_no_test_module_imports_another_or_a_conftest():
    assert _found(r"^\s*(from\s+(tests\.)?test_\w*\s+import|import\s+(tests\.)?test_\w*)") == []
    assert _found(r"^\s*from\s+conftest\s+import|^\s*import\s+conftest|import__\(.conftest") == []


def test_no_test_sleeps():
    assert _found(r"\bsleep\(") == []


def test_only_the_conformance_test_looks_beside_the_checkout():
    assert _found(r"[\"']shared[\"']|\.\./shared", but=("test_conformance.py",)) == []
