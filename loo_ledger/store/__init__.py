"""The store: the only code that speaks SQLite."""

from loo_ledger.store.codec import state_from_json, state_to_json
from loo_ledger.store.db import APPLICATION_ID, default_db_path, open_database
from loo_ledger.store.ledger import Ledger

__all__ = ["APPLICATION_ID", "Ledger", "default_db_path", "open_database",
           "state_from_json", "state_to_json"]
