"""Tests of bilingual_cv.cli.main: bad usage exits 2 with one line saying why, before any work;
``schema`` prints the JSON Schema (bilingual_cv.cli.schema); ``--help`` is plain text;
``python -m bilingual_cv`` runs the command; the package lists its API to ``dir`` and
``help``; pytest's own options leave its summary line alone."""

from __future__ import annotations

import json
import pydoc
import shutil
import subprocess
import sys
import tomllib
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


def test_convert_help_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    from bilingual_cv.cli.main import main

    with pytest.raises(SystemExit) as done:
        main(["convert", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "``" not in text and ":mod:" not in text and ":func:" not in text
    assert "OUTDIR/manifest.jsonl" in text and "--bibtex" in text and "--since" in text


@pytest.mark.slow
def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bilingual_cv", "--version"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("bilingual-cv ")


def test_dir_and_help_list_the_api() -> None:
    import bilingual_cv

    listed = dir(bilingual_cv)
    for name in ("parse", "parse_file", "parse_many", "CV", "InputError"):
        assert name in listed and name in bilingual_cv.__all__
    text = pydoc.render_doc(bilingual_cv, renderer=pydoc.plaintext)
    for name in ("parse", "parse_file", "parse_many"):
        assert f"    {name}(" in text, name


def test_pytest_options_do_not_hide_the_summary_line() -> None:
    config = tomllib.loads(
        (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    )
    options = config["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert "-q" not in options and "--quiet" not in options
