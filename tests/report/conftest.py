"""The report tests' batch: the fictional CVs in an OUTDIR, and its page (one per test module)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bilingual_cv.report import read_outdir, render_report
from tests.report.fictional import fictional_outdir

#: The first year of the recent CCF counts on the tests' page.
SINCE = 2021


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return fictional_outdir(tmp_path_factory.mktemp("report") / "out")


@pytest.fixture(scope="module")
def page(batch: Path) -> str:
    entries, problems = read_outdir(batch)
    assert problems == []
    return render_report(entries, since=SINCE)
