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


def test_report_since_names_its_year_on_the_page(
    batch: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.html"
    assert main(["report", str(batch), "-o", str(target), "--since", "2019"]) == 0
    entries, _ = read_outdir(batch)
    assert target.read_text(encoding="utf-8") == render_report(entries, since=2019)
    assert "(recent CCF counts from 2019)" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:
        main(["report", str(batch), "-o", str(target), "--since", "19"])
    assert refused.value.code == 2


def test_report_open_shows_the_page_in_the_default_browser(
    batch: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bilingual_cv.cli.report

    opened: list[str] = []

    def fake_open(url: str) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(bilingual_cv.cli.report.webbrowser, "open", fake_open)
    target = tmp_path / "report.html"
    assert main(["report", str(batch), "-o", str(target)]) == 0
    assert opened == []  # only when asked
    assert main(["report", str(batch), "-o", str(target), "--open"]) == 0
    assert opened == [target.resolve().as_uri()]
