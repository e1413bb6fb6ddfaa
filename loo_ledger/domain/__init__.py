"""The pure rules engine: no I/O, no CLI, no database.

``validate`` collects every problem of a hand record; ``settle`` turns a valid
record into chip movements with a reason each and the next table state;
``replay`` settles a whole session.

The names below are loaded on first use (PEP 562), so importing one small module of the
package (``loo_ledger.domain.money``) does not import the whole engine: ``loo --help``
and the read-only commands stay cheap to start.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from loo_ledger.lazy import exports

if TYPE_CHECKING:
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

#: Each public name and the module that defines it.
_HOMES = {
    **dict.fromkeys(("Flush", "HandRecord", "Movement", "Penalty", "Session", "Settlement",
                     "TableState", "Unit", "net_changes", "opening_state"), "model"),
    **dict.fromkeys(("Replay", "replay", "session_variant", "start"), "replay"),
    **dict.fromkeys(("settle", "validate"), "settle"),
    **dict.fromkeys(("PRESETS", "Variant", "variant"), "variants"),
}

__all__ = ["Flush", "HandRecord", "Movement", "Penalty", "Session", "Settlement", "TableState",
           "Unit", "net_changes", "opening_state", "Replay", "replay", "session_variant", "start",
           "settle", "validate", "PRESETS", "Variant", "variant"]


class _Package(ModuleType):
    """Keeps ``settle`` and ``replay`` the functions: importing the submodules of the same
    names would otherwise bind the modules over them (as the eager imports used to)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and _HOMES.get(name) == name:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


__getattr__, __dir__ = exports(__name__, _HOMES, __all__)
