"""Tests of bilingual_cv.cli.main: bad usage exits 2 with one line saying why, before any work;
``schema`` prints the JSON Schema (bilingual_cv.cli.schema)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.commands import EXAMPLES, run_cli


@pytest.mark.slow
def test_usage_errors_exit_2(tmp_path: Path) -> None:
    cv = tmp_path / "cv.txt"
    shutil.copy(EXAMPLES[0], cv)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    cases: list[tuple[Sequence[str | Path], str]] = [
        (["convert", tmp_path / "nothing-here", "-o", tmp_path / "o"], "no input files found"),
        (
            ["convert", str(tmp_path / "*.pdf"), "-o", tmp_path / "o"],
            "no file matches this pattern",
        ),
        (["convert", cv, "-o", tmp_path / "file"], "-o must be a folder"),
        (["convert", cv, "-o", tmp_path / "o", "--jsonl", cv], "refusing to overwrite the input"),
        (["convert", cv, "-o", tmp_path / "o", "--workers", "0"], "must be at least 1"),
        (["convert", cv], "required: -o"),
    ]
    for args, message in cases:
        run = run_cli(*args)
        assert run.code == 2, (args, run.stderr)
        assert message in run.stderr, (args, run.stderr)
    assert cv.read_bytes() == EXAMPLES[0].read_bytes()


@pytest.mark.slow
def test_schema_command_prints_the_json_schema() -> None:
    run = run_cli("schema")
    assert run.code == 0
    assert json.loads(run.stdout)["title"] == "CV"
