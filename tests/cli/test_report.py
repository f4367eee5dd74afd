"""Tests of bilingual_cv.cli.report: ``bilingual-cv report`` writes the page ``render_report``
gives; bad usage is one line and exit status 2, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from bilingual_cv.cli.main import main
from bilingual_cv.report import read_outdir, render_report
from tests.report.fictional import fictional_outdir


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return fictional_outdir(tmp_path_factory.mktemp("report") / "out")


@pytest.fixture(scope="module")
def page(batch: Path) -> str:
    entries, problems = read_outdir(batch)
    assert problems == []
    return render_report(entries)


def test_report_command_writes_the_page(batch: Path, tmp_path: Path, page: str) -> None:
    target = tmp_path / "report.html"
    assert main(["report", str(batch), "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == page


@pytest.mark.parametrize(
    ("outdir", "output", "message"),
    [
        ("missing", "r.html", "not a folder"),
        ("empty", "r.html", "no manifest.jsonl"),
        ("good", "x.json", "give a .html file"),
    ],
)
def test_report_command_bad_usage_is_a_message(
    batch: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    outdir: str,
    output: str,
    message: str,
) -> None:
    (tmp_path / "empty").mkdir()
    folder = batch if outdir == "good" else tmp_path / outdir
    assert main(["report", str(folder), "-o", str(tmp_path / output)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / output).exists()
