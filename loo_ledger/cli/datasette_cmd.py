"""loo datasette-metadata: Datasette's metadata.json for the ledger (store/views.py)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from loo_ledger.cli.context import JSON_OPTION, print_json
from loo_ledger.errors import StoreError
from loo_ledger.services.outfile import check_target
from loo_ledger.store.views import metadata


def datasette_metadata(
        ctx: typer.Context,
        output: Path | None = typer.Option(None, "--output", "-o", metavar="FILE",
                                           help="Write it to FILE ('-': standard output)."),
        database: str | None = typer.Option(
            None, "--database", metavar="NAME",
            help="The name Datasette serves the ledger under (default: the ledger file's "
                 "name without .db, as Datasette names it)."),
        force: bool = typer.Option(False, "--force", help="Replace FILE if it exists."),
        as_json: bool = JSON_OPTION) -> None:
    """Serve the ledger with: datasette loo.db -m metadata.json

    The output is JSON with or without --json. The ledger is not opened.
    """
    name = database or ctx.obj.db_path.stem
    value = metadata(name)
    if output is None or str(output) == "-":
        print_json(value)
        return
    check_target(output, ctx.obj.db_path, replace=force, what="the metadata")
    ctx.obj.writing(output)
    try:
        output.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    except OSError as e:
        raise StoreError(f"Cannot write {output}: {e.strerror or e}.") from e
    typer.echo(f"Wrote {output}: serve the ledger with datasette {ctx.obj.db_path} "
               f"-m {output}", err=True)
