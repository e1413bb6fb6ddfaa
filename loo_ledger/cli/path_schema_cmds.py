"""loo path (where the ledger is) and loo schema (the session-file or an output schema).

Neither opens the ledger: they answer from the command line's ``--db`` / ``LOO_DB`` / the
data folder, and from the schemas that ship in the package."""

from __future__ import annotations

import sys

import typer

from loo_ledger.cli.context import JSON_OPTION, print_json
from loo_ledger.cli.matching import match


def path(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """The ledger this command line uses: --db, else $LOO_DB, else the data folder's.

    Examples:
      $ loo path
      $ sqlite3 "$(loo path)" 'SELECT * FROM balances'
    """
    where = ctx.obj.db_path.expanduser().resolve()
    if as_json:
        return print_json({"path": str(where), "exists": where.is_file()})
    typer.echo(str(where))


def schema(ctx: typer.Context,
           name: str | None = typer.Argument(
               None, metavar="[NAME]",
               help="An output schema (a command's --json: balances, hands, settle-up...), "
                    "by unique prefix; none: the session-file schema."),
           as_json: bool = JSON_OPTION) -> None:
    """Print the JSON Schema of a session file (loo-session/1), or of a command's --json
    output. The output is JSON with or without --json.

    Examples:
      $ loo schema > session.schema.json
      $ loo schema balances
    """
    from loo_ledger.formats.schemacheck import SCHEMA_NAME, schemas_dir  # noqa: PLC0415 (the schemas: `loo schema` alone, not `loo path`)
    where = schemas_dir()
    if name is None or name.strip().casefold() == "session":
        text = (where / SCHEMA_NAME).read_text(encoding="utf-8")
    else:
        names = sorted(p.name.removesuffix(".schema.json")
                       for p in (where / "output").glob("*.schema.json"))
        found = match(name, names, "output schema")
        text = (where / "output" / f"{found}.schema.json").read_text(encoding="utf-8")
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
