"""Shared test fixtures: where the seed CVs are, and the golden-file switch."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DIR = ROOT.parent / "shared"
SEEDS_DIR = SHARED_DIR / "seeds"
GOLD_DIR = SHARED_DIR / "gold"
EXAMPLES_DIR = ROOT / "examples"

needs_seeds = pytest.mark.skipif(
    not SEEDS_DIR.is_dir(), reason="../shared/seeds is absent (seed CVs live beside the project)"
)


#: The suite keeps the built CCF index in a folder of its own, not in the user's cache (child
#: processes inherit it); tests of the cache set their own folder.
_CACHE_DIR = tempfile.mkdtemp(prefix="bilingual-cv-test-cache-")
os.environ.setdefault("BILINGUAL_CV_CACHE_DIR", _CACHE_DIR)


#: Ways a cache file can be damaged: a flipped byte, cut in half, emptied, a foreign header.
DAMAGES = ["flip", "truncate", "empty", "header"]


def damage_file(path: Path, damage: str) -> None:
    """Damage the file at ``path`` in one of the :data:`DAMAGES` ways."""
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[-100] ^= 0xFF
    elif damage == "truncate":
        del data[len(data) // 2 :]
    elif damage == "empty":
        data.clear()
    else:
        data[:5] = b"XXXXX"
    path.write_bytes(bytes(data))


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_CACHE_DIR, ignore_errors=True)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/*.json from the current output",
    )
    parser.addoption(
        "--run-slow",
        action="store_true",
        help="also run tests marked slow (subprocesses, big inputs, browser, cluster); CI does",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``slow`` tests unless ``--run-slow`` is given: the default run stays short."""
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(
        reason="slow: run with --run-slow (the README's test command and CI do)"
    )
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def seed_paths() -> list[Path]:
    return sorted(SEEDS_DIR.glob("*.txt")) if SEEDS_DIR.is_dir() else []
