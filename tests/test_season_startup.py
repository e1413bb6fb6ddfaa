"""`loo standings` starts without what only other season commands need (issue 24's
figures: benchmarks/season.py): the season services (services/seasons.py, for `loo season
new/list/rename/delete`) and the CSV writer with the evening's reports it brings
(services/reports/csvout.py, evening.py). The modules are listed by a fresh interpreter,
as tests/test_startup.py lists them (timing is measured in benchmarks/, not here)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

RUN = """
import atexit, json, sys
sys.argv = ["loo", *json.loads(sys.argv[1])]
atexit.register(lambda: sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules))))
from loo_ledger.cli import main
main()
"""


def loaded(*args: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run([sys.executable, "-c", RUN, json.dumps(args)], capture_output=True,
                          text=True, env={**env, "COLUMNS": "100"}, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stderr.rsplit("MODULES ", 1)[1])


def test_standings_loads_no_season_services_and_no_csv_writer(good_template: Path,
                                                               tmp_path: Path) -> None:
    db = tmp_path / "loo.db"
    shutil.copyfile(good_template, db)
    modules = loaded("--db", str(db), "standings")
    assert "loo_ledger.services.analysis.standings" in modules   # it did its work
    assert not {"loo_ledger.services.seasons", "loo_ledger.services.reports.csvout",
                "loo_ledger.services.reports.evening"} & set(modules)
