"""schemas/session.schema.json is generated from the decoder's types (issue 10, item 2):
scripts/session_schema.py writes it, and this proves the published file current."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "session_schema.py"


def generator() -> Any:
    spec = importlib.util.spec_from_file_location("session_schema", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_published_schema_is_the_one_the_types_make():
    published = (REPO / "schemas" / "session.schema.json").read_text(encoding="utf-8")
    assert published == generator().text(), (
        "schemas/session.schema.json is out of date: run python scripts/session_schema.py")


def test_the_check_mode_says_so():
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True,
                          text=True, cwd=REPO)
    assert (done.returncode, done.stdout) == (0, "")


def inlined(node: Any, root: dict[str, Any]) -> Any:
    """The schema with every $ref replaced by what it names (the format has no cycles)."""
    if isinstance(node, list):
        return [inlined(n, root) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target: Any = root
        for step in node["$ref"][2:].split("/"):
            target = target[step]
        return inlined(target, root) | {k: inlined(v, root) for k, v in node.items()
                                        if k != "$ref"}
    return {k: inlined(v, root) for k, v in node.items() if k != "$defs"}


def test_what_the_generated_schema_says_of_a_hand():
    """Worked from SESSION-FORMAT.md: a hand's fields, each name a player's, the bounds."""
    schema = generator().schema()
    hand = inlined(schema, schema)["properties"]["hands"]["items"]
    assert list(hand["properties"]) == [
        "dealer", "sitting_out", "trump", "declarations", "exchanges", "flushes", "pam_holder",
        "tricks", "penalties", "deltas", "table_ruling", "note", "cards"]
    assert hand["additionalProperties"] is False and list(hand["patternProperties"]) == ["^x-"]
    assert "required" not in hand
    assert hand["properties"]["tricks"]["additionalProperties"] == {
        "type": "integer", "minimum": 0, "maximum": 5}
    assert hand["properties"]["tricks"]["propertyNames"]["title"] == "player name"
    assert sorted(hand["properties"]["declarations"]["additionalProperties"]["enum"]) == [
        "defend", "fold", "miss", "pass", "stand"]
    ruling = hand["properties"]["table_ruling"]
    assert (ruling["minLength"], ruling["pattern"], ruling["allOf"][0]["title"]) == (
        1, r"\S", "text")
    assert schema["properties"]["format"] == {
        "description": "The literal loo-session/1: which version of this format the file is.",
        "const": "loo-session/1"}
    rule = schema["properties"]["rules"]["additionalProperties"]
    assert rule["type"] == ["string", "integer", "boolean", "array"]
    assert "pattern" not in schema["properties"]["started_at"]
    assert [b.get("format") for b in schema["properties"]["started_at"]["anyOf"]] == [
        "date-time", None]
    assert json.loads(json.dumps(schema)) == schema
