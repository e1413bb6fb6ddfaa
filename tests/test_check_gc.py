"""loo check turns Python's cyclic garbage collector off while it settles a session's
hands (speed, issue 10) and leaves it as it found it."""

from __future__ import annotations

import gc

from loo_ledger.services.checking import check_session
from loo_ledger.store.ledger import Ledger


def test_check_leaves_the_collector_as_it_found_it(good_db):
    ledger = Ledger.open(good_db)
    try:
        assert gc.isenabled()
        assert check_session(ledger, 1) == []
        assert gc.isenabled()
        gc.disable()
        try:
            assert check_session(ledger, 1) == []
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        ledger.close()
