"""A report's output options, one group for every report (issue 22, item 5): ``--json``,
``--csv``, ``--tsv`` and ``--nl`` (newline-delimited JSON), as sqlite-utils has them.

:func:`output_options` adds the four options to a command and hands it one :class:`Output`
(parameter ``output``); two of them given is a usage error (exit 2). The command prints its
table for :attr:`Output.table`, and otherwise calls :func:`emit` with its whole ``--json``
value and the rows the other formats write:

* ``--json``: the whole value, as it always was (its shape: docs/format.md, schemas/output/);
* ``--csv`` and ``--tsv``: one header row, then a row for each of the report's rows, with
  the same fields as those rows in ``--json`` (the fields of every row, in the order they
  first appear). A nested value (an object or a list) is written as its JSON text, null as
  an empty cell, true and false as ``true`` and ``false``; figures are integers and money
  its stored decimal string (``-1.35``). Text a spreadsheet would take for a formula gets
  a quote in front (services/reports/csvout.py ``cell``); a number never does;
* ``--nl``: each row as one line of JSON.

A report with no rows writes nothing (CSV and TSV: not even a header).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any, TypeVar

import typer

from loo_ledger.cli.context import print_json
from loo_ledger.cli.groups import option_group

F = TypeVar("F", bound=Callable[..., Any])


class Output(StrEnum):
    """What a report prints."""

    table = "table"
    json = "json"
    csv = "csv"
    tsv = "tsv"
    nl = "nl"


JSON_HELP = ("Print JSON instead of a table (its shape: format.md, installed in "
             "loo_ledger/docs/).")

#: (parameter name, the option, the output it asks for, its help)
_FLAGS: tuple[tuple[str, str, Output, str], ...] = (
    ("as_json", "--json", Output.json, JSON_HELP),
    ("as_csv", "--csv", Output.csv, "Print CSV: a header, then the rows of --json, flat."),
    ("as_tsv", "--tsv", Output.tsv, "Print the same as --csv with tabs between the cells."),
    ("as_nl", "--nl", Output.nl, "Print each row of --json as a line of JSON."),
)


def output_options(fn: F) -> F:
    """Give report ``fn`` the output options; it receives them as ``output: Output``."""
    options = [(name, bool, typer.Option(False, flag, help=text, rich_help_panel="Output"))
               for name, flag, _, text in _FLAGS]
    return option_group(fn, into="output", options=options, read=_chosen_output)


def _chosen_output(typed: dict[str, Any], ctx: typer.Context) -> Output:
    """The one output asked for (a table if none); two or more: a usage error."""
    given = [(flag, out) for name, flag, out, _ in _FLAGS if typed[name]]
    if len(given) > 1:
        ctx.fail(f"choose one output: {' or '.join(f for f, _ in given)}, not both "
                 "(--json, --csv, --tsv and --nl exclude each other)")
    return given[0][1] if given else Output.table


#: A decimal number as the ledger stores money and JSON writes figures: never quoted.
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def flat(value: Any) -> Any:
    """A value as a CSV cell: nested values as JSON text, null empty, booleans as JSON
    writes them, text that could start a formula quoted (numbers and money never).

    >>> flat({"a": 1}), flat(None), flat(True), flat("-1.35"), flat("=1+2"), flat(-5)
    ('{"a": 1}', '', 'true', '-1.35', "'=1+2", -5)
    """
    from loo_ledger.services.reports.csvout import cell  # noqa: PLC0415 (CSV cells: only --csv/--tsv)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping | list | tuple):
        import json  # noqa: PLC0415 (only for --csv/--tsv: every report loads this module)
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, str):
        return value if _NUMBER.fullmatch(value) else cell(value)
    return value


def columns_of(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every field of ``rows``, in the order they first appear."""
    return list(dict.fromkeys(k for row in rows for k in row))


def write_rows(output: Output, rows: Iterable[Mapping[str, Any]],
               columns: Sequence[str] | None = None) -> None:
    """``rows`` as ``output`` (csv, tsv or nl) on standard output. Without ``columns`` the
    rows are read first to find every field; with them, they are written as they come."""
    if output is Output.nl:
        import json  # noqa: PLC0415 (only for --nl: every report loads this module)
        for row in rows:
            sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
        return
    if columns is None:
        rows = list(rows)
        columns = columns_of(rows)
        if not columns:  # no rows: nothing to name (no header either)
            return
    import csv  # noqa: PLC0415 (only for --csv/--tsv: every report loads this module)
    writer = csv.writer(sys.stdout, lineterminator="\n",
                        delimiter="\t" if output is Output.tsv else ",")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([flat(row.get(c)) for c in columns])


def emit(output: Output, whole: Any, rows: Callable[[], Iterable[Mapping[str, Any]]],
         columns: Sequence[str] | None = None) -> None:
    """Print a report that is not a table: ``whole`` for ``--json``, else ``rows()`` (the
    report's rows) as ``output``."""
    if output is Output.json:
        print_json(whole)
    else:
        write_rows(output, rows(), columns)
