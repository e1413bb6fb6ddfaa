"""Hand-history analysis: loo stats, settle-up, replay (issue 4)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the analysis commands to the app."""
