"""loo serve: the table on every phone, a read-only page that follows the ledger (issue 23).

Starlette, uvicorn and segno are imported when the command runs, never by any other
command (tests/test_startup.py). The ledger is opened for reading only (store/db.py
open_reader), never through :meth:`Env.ledger`, which may migrate it.
"""

# No ``from __future__ import annotations`` here: Typer reads these signatures at every
# start, and annotations that are objects spare it compiling each one from a string.

import json
import secrets

import typer

from loo_ledger.cli.context import env
from loo_ledger.cli.option_limits import ident


def serve(ctx: typer.Context,
          host: str = typer.Option("127.0.0.1", "--host", metavar="ADDRESS",
                                   help="Where to listen: 0.0.0.0 lets "
                                   "phones on your network in (default: this computer only)."),
          port: int = typer.Option(8023, "--port", metavar="PORT", min=0, max=65535,
                                   help="The port (0: any free one)."),
          session: int | None = typer.Option(None, "--session", "-s", metavar="ID",
                                             callback=ident, help="Show this session "
                                             "(default: the current one, followed as it "
                                             "changes)."),
          qr: bool = typer.Option(True, "--qr/--no-qr", help="Print the address as a QR "
                                  "code too."),
          as_json: bool = typer.Option(False, "--json", help="Print the address as JSON "
                                       "(address, host, port) before serving.")) -> None:
    """The page is at an address with a secret token (and its QR code). Ctrl-C stops it.

    Examples:
      $ loo serve --host 0.0.0.0
      $ loo serve --port 0 --no-qr
    """
    # the web server (Starlette, uvicorn) only here: `loo serve --help` loads none of it
    from loo_ledger.web import server  # noqa: PLC0415 (the web server: not for `loo serve --help`)
    from loo_ledger.web.app import make_app  # noqa: PLC0415 (Starlette: not for `loo serve --help`)
    token = secrets.token_urlsafe(24)
    app = make_app(env(ctx).db_path, token, session=session)  # reads the ledger once
    sock = server.listen(host, port)
    where = server.address(host, sock.getsockname()[1], token)
    if as_json:
        typer.echo(json.dumps({"address": where, "host": host,
                               "port": sock.getsockname()[1]}))
    else:
        local = host in ("127.0.0.1", "::1", "localhost")
        who = ("this computer only (--host 0.0.0.0 lets phones on your network in)" if local
               else "phones on your network")
        typer.echo(f"The table, read only, for {who}:\n  {where}")
        if qr:
            typer.echo(server.qr_code(where), nl=False)
        typer.echo("The address carries a secret token: give it to the table only. "
                   "Ctrl-C stops it.")
    server.run(app, sock)

