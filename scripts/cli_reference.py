"""Write docs/cli.md: the CLI reference, generated from the commands themselves.

    python scripts/cli_reference.py           # print the reference
    python scripts/cli_reference.py --write   # write docs/cli.md
    python scripts/cli_reference.py --check   # exit 1 if docs/cli.md is not what it would write

It walks the Click command tree that Typer builds (``typer.main.get_command``, Typer's
public way to the Click object; Typer carries its own copy of Click) with Click's own
``list_commands``/``get_command`` (which a lazily loading group answers too), and shows
each command's ``--help`` as ``loo`` prints it at a width of 100 columns.
tests/test_cli_reference.py keeps docs/cli.md current: run ``--write`` after changing a
command's name, options or help.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "cli.md"
WIDTH = "100"

HEADER = """# The `loo` command line

Generated from the commands by `python scripts/cli_reference.py --write`; do not edit it by
hand (`tests/test_cli_reference.py` fails when it is out of date). Each command's `--help`,
as `loo` prints it at 100 columns. The user guide ([guide.md](guide.md)) says how the
commands fit together at the table; [format.md](format.md) is the session file and the
`--json` outputs.

Exit statuses: 0 all went well; 1 bad input, a refused hand or a failed check (nothing
written); 2 a mistyped command; 3 a declined confirmation or a cancelled `loo hand -i`
(nothing written); 130 Ctrl-C (nothing written, or what had been stored when it came).
"""


def is_group(command: Any) -> bool:
    return callable(getattr(command, "list_commands", None))


def commands(group: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command's path below ``loo``, in the order ``--help`` lists them, each group
    before its own commands."""
    ctx = typer.Context(group, info_name="loo")
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        yield (*path, name)
        if is_group(command):
            yield from commands(command, (*path, name))


def help_text(app: typer.Typer, path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(app, [*path, "--help"], prog_name="loo",
                                env={"COLUMNS": WIDTH, "NO_COLOR": "1", "TERM": "dumb"})
    if result.exit_code != 0:
        raise SystemExit(f"loo {' '.join(path)} --help failed: {result.output}")
    return "\n".join(line.rstrip() for line in result.output.strip("\n").splitlines())


def render() -> str:
    """docs/cli.md as it should be."""
    from loo_ledger.cli import app
    root = typer.main.get_command(app)
    assert is_group(root)
    parts = [HEADER, "## `loo`\n", "```text", help_text(app, ()), "```\n"]
    for path in commands(root):
        parts += [f"{'#' * min(len(path) + 2, 4)} `loo {' '.join(path)}`\n", "```text",
                  help_text(app, path), "```\n"]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    what.add_argument("--check", action="store_true",
                      help=f"exit 1 if {OUT.relative_to(ROOT)} is out of date")
    args = parser.parse_args(argv)
    text = render()
    if args.write:
        OUT.write_text(text, encoding="utf-8")
    elif args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is out of date: run python scripts/cli_reference.py "
                  "--write", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
