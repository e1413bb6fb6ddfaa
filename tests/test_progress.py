"""Issue 10, item 6: progress on standard error, only on a terminal (cli/progress.py).

Piped or captured (CliRunner), the long commands write exactly what they wrote before:
no bar, no escape codes. With standard error on a real terminal (a pty) the bar is drawn
there, and standard output is unchanged."""

from __future__ import annotations

from pathlib import Path

from terminals import on_a_terminal

from loo_ledger.cli.progress import bar

WORDS = ("settling", "storing", "checking", "replaying")


def test_no_bar_and_no_callback_off_a_terminal(capsys) -> None:
    with bar("checking", total=10) as tick:
        assert tick is None
    captured = capsys.readouterr()
    assert captured.out == captured.err == ""


def test_the_long_commands_print_no_progress_when_captured(loo, tmp_path, good_file) -> None:
    db = tmp_path / "p.db"
    runs = [loo(db, "import", good_file), loo(db, "check"),
            loo(db, "replay", "--rule", "loo=unlimited")]
    for result in runs:
        assert result.exit_code == 0, result.output
        assert not any(w in result.stderr for w in WORDS), result.stderr
        assert "\x1b" not in result.stderr and "\x1b" not in result.stdout
    assert runs[0].stdout == f"imported {good_file} as session 1\n"
    assert runs[0].stderr == ""
    assert runs[1].stdout == "0 differences in 1 session(s)\n"
    assert runs[1].stderr == ""


def test_a_terminal_sees_the_bar_and_stdout_is_unchanged(tmp_path: Path, good_file) -> None:
    db = str(tmp_path / "t.db")
    out, seen, code = on_a_terminal("--db", db, "import", str(good_file))
    assert code == 0 and out == f"imported {good_file} as session 1\n"
    assert "settling" in seen
    out, seen, code = on_a_terminal("--db", db, "check")
    assert code == 0 and out == "0 differences in 1 session(s)\n"
    assert "checking" in seen and "/3" in seen  # M/N of the three hands
