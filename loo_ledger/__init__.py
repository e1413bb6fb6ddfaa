"""loo_ledger: scorekeeper and hand-history analyser for the card game Loo."""

__version__ = "0.1.0"
