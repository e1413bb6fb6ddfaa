"""Hand-history analysis (issue 4): statistics, settling up, and replays under other rules.

Between the store and the command line, like ``app.py``: functions take the Ledger and
return plain data (money as Decimal) or raise a LooError; nothing here prints or speaks SQL.
"""
