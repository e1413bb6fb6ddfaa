"""Write ``schemas/session.schema.json`` from the typed records of loo_ledger/formats/types.py.

    python scripts/session_schema.py          # write it
    python scripts/session_schema.py --check  # exit 1 if the file is not what it would write

msgspec emits the JSON Schema of the records (``msgspec.json.schema_components``); a few
documented steps then give it the published layout that other programs and the loader's
messages rely on, without changing what it accepts:

1. the session record is the document, under the project's ``$id`` and draft 2020-12;
2. the hand, seat change and rule change records are ``$defs`` under their schema names;
   the records used once (unit, flush, penalty, cards) stand where they are used;
3. the named types (``types.NAMED``: player, text, word, suit, card, cards) are ``$defs``
   and every use of one is a ``$ref`` (keeping a description of its own);
4. beside an ``allOf`` of a named type, what that type states is not said again;
5. the records that take extension fields (``types.EXTENSIBLE``) say so in
   ``patternProperties`` (msgspec's records are open or closed, never open to ``x-`` only);
6. a union of single-typed schemas (a rule's value) is one schema with a list of types,
   a one-value enum is a ``const``, a docstring's lines are one description, a record
   with no required field has no empty ``required``, and a string whose ``anyOf`` gives
   its patterns (started_at) has none of its own (msgspec's one pattern is their union).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from loo_ledger.formats import types  # noqa: E402
from loo_ledger.formats.schemacheck import SCHEMA_ID  # noqa: E402

TARGET = ROOT / "schemas" / "session.schema.json"
#: Step 2: records kept in $defs, by their schema names and titles.
DEFS = {"RuleChange": ("rule_change", "rule change"), "SeatChange": ("seat_change", "seat change"),
        "Hand": ("hand", None)}
REF = "#/$defs/"


def schema() -> dict[str, Any]:
    """The session schema, as written to the file."""
    (_,), components = msgspec.json.schema_components([types.SessionFile],
                                                      ref_template=REF + "{name}")
    named: dict[str, Any] = {}  # filled in types.NAMED's order: a card before cards
    extensible = {t.__name__ for t in types.EXTENSIBLE}
    records = {}
    for name, record in components.items():
        record = {k: v for k, v in record.items() if not (k == "title" and v == name)}
        if name in extensible:
            record["patternProperties"] = {"^x-": {"description": types.EXTENSION}}
        records[name] = record

    def walk(node: Any, top: str | None = None) -> Any:
        if isinstance(node, list):
            return [walk(n) for n in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref", "")[len(REF):]
        if ref in DEFS:
            return {**node, "$ref": REF + DEFS[ref][0]}
        if ref in records:
            return {**walk(records[ref]), **{k: v for k, v in node.items() if k != "$ref"}}
        out = {k: walk(v) for k, v in node.items()}
        for name, def_ in named.items():  # step 3 (a key's schema has no "type")
            if name != top and _less(out, "description") == _less(
                    def_, "description", *(() if "type" in out else ("type",))):
                mine = out.get("description")
                return ({"description": mine} if mine and mine != def_.get("description")
                        else {}) | {"$ref": REF + name}
        for part in out.get("allOf", ()):  # step 4
            stated = named.get(part.get("$ref", "")[len(REF):], {})
            out = {k: v for k, v in out.items() if k == "description" or stated.get(k) != v}
        return _tidy(out)

    for name, t in types.NAMED.items():
        named[name] = walk(msgspec.json.schema(t), top=name)
    defs: dict[str, Any] = {}
    for record, (name, title) in DEFS.items():
        defs[name] = ({"title": title} if title else {}) | walk(records[record])
    root = walk(records["SessionFile"])
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": types.FORMAT, **root, "$defs": defs | named}


def _less(d: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in keys}


def _tidy(node: dict[str, Any]) -> dict[str, Any]:
    """Step 6."""
    if "description" in node:
        node["description"] = " ".join(node["description"].split())
    if node.get("required") == []:
        del node["required"]
    if "pattern" in node and node.get("anyOf") and all("pattern" in b for b in node["anyOf"]):
        del node["pattern"]  # started_at: msgspec's one pattern is the anyOf's two
    if list(node.get("enum", ())) and len(node["enum"]) == 1:
        node = {("const" if k == "enum" else k): (v[0] if k == "enum" else v)
                for k, v in node.items()}
    branches = node.get("anyOf", [])
    kinds = [b.get("type") for b in branches]
    if branches and all(isinstance(k, str) for k in kinds) and len(set(kinds)) == len(kinds):
        merged: dict[str, Any] = {"type": kinds}
        for b in branches:
            for k, v in b.items():
                if k != "type" and merged.setdefault(k, v) != v:
                    return node
        node = {**{k: v for k, v in node.items() if k != "anyOf"}, **merged}
    return node


def text() -> str:
    """The file's text: indented JSON, characters as they are, final newline."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    if "--check" in argv:
        if TARGET.read_text(encoding="utf-8") != text():
            print(f"{TARGET} is not current: run python scripts/session_schema.py")
            return 1
        return 0
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
