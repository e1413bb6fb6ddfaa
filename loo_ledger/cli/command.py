"""The class of every ``loo`` command (Typer's documented ``cls=`` of ``app.command``):
a TyperCommand whose help names each argument by its metavar alone.

Typer 0.27 and later (its pull request #1863) print an argument's Click type beside its
metavar in the rich help (``NAME  <str>``) and a required argument's metavar in braces in
the usage line (``loo season rename [OPTIONS] {NAME} {NEW}``). Every argument of ``loo``
has a metavar that says what it is in a word (``NAME``, ``SESSION``, ``N``), so here:

* the usage line is Click's :meth:`collect_usage_pieces` with the braces taken off
  (``loo season rename [OPTIONS] NAME NEW``; an optional one keeps its ``[SESSION]``);
* an argument with a metavar gets a copy of its type whose
  :meth:`get_metavar` (Click's documented hook for the text naming a type) gives none, so
  the help's type column is left empty for it. Conversion and checks are the type's own.
"""

from __future__ import annotations

import copy
from typing import Any

from typer.core import TyperCommand


def _unnamed(param: Any, ctx: Any) -> str:
    return ""


class LooCommand(TyperCommand):
    """A TyperCommand whose usage line and help name each argument by its metavar."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.param_type_name == "argument" and param.metavar:
                kind = copy.copy(param.type)  # the type's own instance is shared
                kind.get_metavar = _unnamed  # type: ignore[method-assign]
                param.type = kind

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p
                for p in super().collect_usage_pieces(ctx)]
