"""Tests of bilingual_cv.report.records: OUTDIR read as the manifest lists it, or without one as
the CV records in name order; an unreadable record becomes a failed row."""

from __future__ import annotations

import json
from pathlib import Path

from bilingual_cv.report import read_outdir, render_report
from tests.report.dom import parse_html, table_rows
from tests.report.fictional import record, write_outdir


def test_without_a_manifest_the_cv_files_are_read_in_name_order(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "b.json").write_text(json.dumps(record("sam_poe")), "utf-8")
    (folder / "a.json").write_text(json.dumps(record("li_hua")), "utf-8")
    (folder / "resume.json").write_text(json.dumps({"basics": {"name": "Jane Roe"}}), "utf-8")
    entries, problems = read_outdir(folder)
    assert [e.file for e in entries] == ["a.json", "b.json"]
    assert problems == [f"{folder / 'resume.json'}: not a CV record, left out"]


def test_an_unreadable_record_becomes_a_failed_row(tmp_path: Path) -> None:
    folder = write_outdir(tmp_path / "out", {"jane_roe": record("jane_roe")}, failed=False)
    (folder / "jane_roe.json").write_text('{"schema_version": "1.0", "person": {', "utf-8")
    entries, problems = read_outdir(folder)
    assert len(entries) == 1 and entries[0].cv is None
    assert len(problems) == 1 and "cannot read" in problems[0]
    dom = parse_html(render_report(entries))
    assert "failed" in table_rows(dom)[0].attrs["class"]
