"""Issue 22, item 11: the Markdown export says when the evening was played: the date play
began (``--when``), else, for a session begun without one, the date it was stored."""

from __future__ import annotations

from datetime import UTC, datetime


def _md(loo, db, *new_args):
    for args in (("new", "Friday", "--players", "Ann,Ben,Cat", "--dealer", "Cat", *new_args),
                 ("hand", "Ann=1", "Ben=1", "Cat=1")):
        result = loo(db, *args)
        assert result.exit_code == 0, result.output
    result = loo(db, "export", "--format", "md")
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def test_the_md_export_has_the_date_play_began(loo, tmp_path):
    """13 March 2026 was a Friday; one hand: "1 hand", not "1 hands"."""
    lines = _md(loo, tmp_path / "loo.db", "--when", "2026-03-13 20:00")
    assert lines[0] == "# Friday"
    assert lines[2].startswith("Fri 13 Mar 2026, 20:00 · three-card · 1 hand · ")


def test_a_session_begun_without_when_is_dated_when_it_was_stored(loo, tmp_path):
    before = datetime.now(UTC)
    lines = _md(loo, tmp_path / "loo.db")
    after = datetime.now(UTC)
    days = {f"{d:%a} {d.day} {d:%b %Y}, " for d in (before, after)}
    assert any(lines[2].startswith(day) for day in days), lines[2]
