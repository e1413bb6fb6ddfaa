"""Names of a package loaded on first use (PEP 562), so importing one small module of a
package does not import all of it: ``loo --help`` and the read-only commands stay cheap to
start. Used by loo_ledger.domain and loo_ledger.store."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from typing import Any


def exports(package: str, homes: Mapping[str, str], names: Iterable[str]
            ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package``, whose public ``names``
    are defined in its submodules ``homes[name]``; a name is looked up once, then kept."""
    public = frozenset(names)

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        vars(sys.modules[package])[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *public})

    return __getattr__, __dir__
