"""The pure rules engine: no I/O, no CLI, no database.

``validate`` collects every problem of a hand record; ``settle`` turns a valid
record into chip movements with a reason each and the next table state;
``replay`` settles a whole session.
"""

from loo_ledger.domain.model import (
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
from loo_ledger.domain.replay import Replay, replay, session_variant, start
from loo_ledger.domain.settle import settle, validate
from loo_ledger.domain.variants import PRESETS, Variant, variant

__all__ = ["Flush", "HandRecord", "Movement", "Penalty", "Session", "Settlement", "TableState",
           "Unit", "net_changes", "opening_state", "Replay", "replay", "session_variant", "start",
           "settle", "validate", "PRESETS", "Variant", "variant"]
