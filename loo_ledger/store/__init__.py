"""The store: the only code that speaks SQLite.

The names below are loaded on first use (PEP 562): ``loo_ledger.store.conn`` or
``loo_ledger.store.identities`` can be imported without the writer and the ledger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loo_ledger.lazy import exports

if TYPE_CHECKING:
    from loo_ledger.store.codec import state_from_json, state_to_json
    from loo_ledger.store.db import APPLICATION_ID, default_db_path, open_database
    from loo_ledger.store.ledger import Ledger

#: Each public name and the module that defines it.
_HOMES = {"state_from_json": "codec", "state_to_json": "codec", "APPLICATION_ID": "db",
          "default_db_path": "db", "open_database": "db", "Ledger": "ledger"}

__all__ = ["APPLICATION_ID", "Ledger", "default_db_path", "open_database",
           "state_from_json", "state_to_json"]


__getattr__, __dir__ = exports(__name__, _HOMES, __all__)
