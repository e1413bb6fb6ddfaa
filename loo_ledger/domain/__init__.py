"""The pure rules engine: no I/O, no CLI, no database.

``validate`` collects every problem of a hand record; ``settle`` turns a valid
record into chip movements with a reason each and the next table state;
``replay`` settles a whole session.

The names below are loaded on first use (PEP 562), so importing one small module of the
package (``loo_ledger.domain.rules.money``) does not import the whole engine: ``loo --help``
and the read-only commands stay cheap to start.

The subpackages: ``rules`` (the rules as data: codes, params, variants, model, money,
chips), ``next`` (what may happen next: legal, rotation, plan, checks), ``settlement``
(engine, book, tricks, lou, flushes, rulings, session, wording, compiled) and ``cards``
(deck, play, judge, play_rules, hand_flushes, reading, facts). No module is named like a
public function, so importing a submodule never binds over one of the names below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loo_ledger.lazy import exports

if TYPE_CHECKING:
    from loo_ledger.domain.rules.model import (
        Flush,
        HandRecord,
        Movement,
        Penalty,
        Session,
        Settlement,
        TableState,
        Unit,
        net_changes,
        opening_state,
    )
    from loo_ledger.domain.rules.variants import PRESETS, Variant, variant
    from loo_ledger.domain.settlement.engine import settle, validate
    from loo_ledger.domain.settlement.session import Replay, replay, session_variant, start

#: Each public name and the module that defines it.
_HOMES = {
    **dict.fromkeys(("Flush", "HandRecord", "Movement", "Penalty", "Session", "Settlement",
                     "TableState", "Unit", "net_changes", "opening_state"), "rules.model"),
    **dict.fromkeys(("Replay", "replay", "session_variant", "start"), "settlement.session"),
    **dict.fromkeys(("settle", "validate"), "settlement.engine"),
    **dict.fromkeys(("PRESETS", "Variant", "variant"), "rules.variants"),
}

__all__ = ["Flush", "HandRecord", "Movement", "Penalty", "Session", "Settlement", "TableState",
           "Unit", "net_changes", "opening_state", "Replay", "replay", "session_variant", "start",
           "settle", "validate", "PRESETS", "Variant", "variant"]

__getattr__, __dir__ = exports(__name__, _HOMES, __all__)
