"""Problem codes are one StrEnum (loo_ledger/problem.py ProblemCode): every code the package
writes is a member, and a member is its text."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from loo_ledger.problem import Problem, ProblemCode

PACKAGE = Path(__file__).resolve().parent.parent / "loo_ledger"
CASES = Path(__file__).resolve().parent / "data" / "conformance" / "cases"
#: The functions that make a Problem from a code given first (or as ``code=``).
MAKERS = frozenset({"Problem", "problem", "_problem", "add"})


#: What a call of a maker, or a ``code=`` argument, looks like in the source: a file with
#: neither has no such call, and is not parsed (a fifth of the package's files has one).
MAKER_TEXT = re.compile(rf"\b(?:{'|'.join(sorted(MAKERS))})\s*\(|\bcode\s*=")


def _written_codes() -> dict[str, set[str]]:
    """Every code literal the package passes to a maker of problems: code -> files."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if not MAKER_TEXT.search(text):
            continue
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Call):
                continue
            given = [k.value for k in node.keywords if k.arg == "code"]
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in MAKERS:
                given += node.args[:2]
            for value in given:
                if (isinstance(value, ast.Constant) and isinstance(value.value, str)
                        and value.value.isupper()):
                    found.setdefault(value.value, set()).add(path.name)
    return found


def test_every_code_the_package_writes_is_a_member():
    written = _written_codes()
    assert sorted(set(written) - set(ProblemCode)) == []
    assert len(written) >= 70  # the scan finds the codes (76 when this was written)


def test_the_conformance_cases_name_members():
    named = {json.loads(p.read_text())["expect"].get("code") for p in CASES.glob("*.json")}
    named.discard(None)
    assert len(named) == 9 and named <= set(ProblemCode)


def test_a_member_is_its_text():
    problem = Problem(code=ProblemCode.TRICKS_SUM, message="the tricks add up to 4, not 3",
                      hand=2)
    assert problem.code == "TRICKS_SUM" and ProblemCode("TRICKS_SUM") is ProblemCode.TRICKS_SUM
    assert problem.describe() == "hand 2: the tricks add up to 4, not 3 [TRICKS_SUM]"
    assert json.dumps({"code": problem.code}) == '{"code": "TRICKS_SUM"}'
