"""The program run in process as one ``loo`` process runs it (a helper module, not a test
module): :class:`BuiltOnce`, Typer's CliRunner with the program's Click command built once.

``CliRunner.invoke(app, ...)`` builds the command again at every call (Typer's
``get_command``, then each command's own as it is first run, loo_ledger/cli/__init__.py
``load``): about a third of a short command's time. A process of ``loo`` builds it once
and runs it once; here it is built once and run many times, each run's state its own Click
context's. A test of what building the commands loads (tests/test_startup.py) keeps
``CliRunner``.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import typer
import typer.main
from typer.testing import CliRunner, Result

from loo_ledger.cli import app as loo_app


class BuiltOnce(CliRunner):
    """``invoke(app, args, ...)`` as CliRunner's, the same result and the same ending; for
    loo_ledger's ``app`` the Click command is the one built when the runner was made."""

    def __init__(self) -> None:
        super().__init__()
        self.cli = typer.main.get_command(loo_app)

    def invoke(self, app: typer.Typer, args: str | Sequence[str] | None = None,
               input: bytes | str | None = None, env: Mapping[str, str | None] | None = None,
               catch_exceptions: bool = True, color: bool = False, **extra: Any) -> Result:
        if app is not loo_app or isinstance(args, str):
            return super().invoke(app, args, input, env, catch_exceptions, color, **extra)
        prog_name = extra.pop("prog_name", self.get_default_prog_name(self.cli))
        with self.isolation(input=input, env=env, color=color) as (stdout, stderr, output):
            code: Any = 0
            exception: BaseException | None = None
            exc_info: Any = None
            try:
                self.cli.main(args=list(args or ()), prog_name=prog_name, **extra)
            except SystemExit as exc:
                exc_info, code = sys.exc_info(), exc.code
                if code is None:
                    code = 0
                if code != 0:
                    exception = exc
                if not isinstance(code, int):
                    sys.stdout.write(f"{code}\n")
                    code = 1
            except Exception as exc:
                if not catch_exceptions:
                    raise
                exception, code, exc_info = exc, 1, sys.exc_info()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            return Result(runner=self, stdout_bytes=stdout.getvalue(),
                          stderr_bytes=stderr.getvalue(), output_bytes=output.getvalue(),
                          return_value=None, exit_code=code, exception=exception,
                          exc_info=exc_info)
