"""The tree stays as STYLE.md asks: ruff-formatted, ruff-clean, strictly typed.

These run the tools the test extra installs; CI runs them with the rest of the suite.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return path


@pytest.mark.parametrize("args", [["check"], ["format", "--check"]], ids=["check", "format"])
def test_ruff(args: list[str]) -> None:
    run = subprocess.run(
        [_tool("ruff"), *args, "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.slow
def test_mypy_strict() -> None:
    run = subprocess.run(
        [_tool("mypy"), "bilingual_cv"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout[-3000:]
