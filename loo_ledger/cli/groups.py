"""An option group given to a command by a decorator, as simonw/llm gives its option groups:
the group's options are added to the command's signature (so Typer sees each as its own
option) and the command receives them read into one value under one parameter name.

The hand options (cli/options.py), the report filters (cli/filter_opts.py) and the report
outputs (cli/report_opts.py) are each one group made by :func:`option_group`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import typer

F = TypeVar("F", bound=Callable[..., Any])

#: What reads a group: (the options as typed, by parameter name; the command's context)
#: -> the one value the command receives.
Reader = Callable[[dict[str, Any], typer.Context], Any]


def option_group(fn: F, *, into: str, options: Sequence[tuple[str, Any, Any]],
                 read: Reader) -> F:
    """``fn`` with the options ``options`` ((parameter name, annotation, typer option), in
    the order --help lists them) in place of its parameter ``into``, which receives
    ``read(typed, ctx)``. ``fn`` must take a ``typer.Context`` (any name) when ``read``
    uses it; otherwise ``read`` is given None."""
    sig = inspect.signature(fn, eval_str=True)
    context = next((p.name for p in sig.parameters.values()
                    if p.annotation is typer.Context), None)
    kept = [p for p in sig.parameters.values() if p.name != into]
    added = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=option,
                               annotation=annotation) for name, annotation, option in options]
    names = [name for name, _, _ in options]

    @functools.wraps(fn)
    def command(*args: Any, **kwargs: Any) -> Any:
        typed = {name: kwargs.pop(name) for name in names}
        ctx: Any = kwargs[context] if context is not None else None
        return fn(*args, **{into: read(typed, ctx)}, **kwargs)

    command.__signature__ = sig.replace(parameters=kept + added)  # type: ignore[attr-defined]
    return command  # type: ignore[return-value]

