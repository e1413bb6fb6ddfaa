"""The suite stands on its own (issue 20, item 4): no test module imports another (shared
helpers live in modules that are not test modules, shared data in tests/data/), no test
waits for a length of time, and only tests/test_conformance.py looks beside the checkout
(at ../shared, to compare its copy of the cases)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

TESTS = Path(__file__).resolve().parent


@functools.cache
def _parsed() -> tuple[tuple[Path, ast.Module], ...]:
    return tuple((path, ast.parse(path.read_text(encoding="utf-8")))
                 for path in sorted(TESTS.rglob("*.py")))


def _trees():
    yield from _parsed()


def test_no_test_module_imports_another():
    found = []
    for path, tree in _trees():
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.name}: {n}" for n in names
                      if n.split(".")[-1].startswith("test_")]
    assert found == []


def test_no_test_sleeps():
    found = [f"{path.name}:{node.lineno}" for path, tree in _trees() for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
             and getattr(node.func, "attr", getattr(node.func, "id", "")) == "sleep"]
    assert found == []


def test_only_the_conformance_test_looks_beside_the_checkout():
    found = [path.name for path, tree in _trees()
             if path.name not in ("test_conformance.py", Path(__file__).name)
             for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and node.value == "shared"]
    assert found == []
