"""Worker processes never import a module from the current folder or an input's folder.

Each test plants stand-ins for modules that a worker, or the interpreter that starts one,
imports (``dataclasses``, ``json``, ``signal``, ``socket``) in the folder it runs in and in an
input folder. A stand-in records that it ran (a marker file in a folder of its own) and then
puts the real module in its place, so that a batch that imports one still succeeds: the
marker is the only sign, as it would be for an attacker's module.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bilingual_cv.batch import SoloWorker, parse_many
from tests.test_cli import EXAMPLES, manifest, run_cli

#: Modules a worker imports (the first two), or that ``multiprocessing``'s spawn imports
#: before it sets a child's ``sys.path`` (the last two).
PLANTED = ("dataclasses", "json", "signal", "socket")

_STAND_IN = """\
import importlib, os, sys
open(os.path.join({markers!r}, "%s-%d" % (__name__, os.getpid())), "w").close()
del sys.modules[__name__]
here, saved = os.path.dirname(os.path.abspath(__file__)), sys.path[:]
sys.path[:] = [p for p in saved if os.path.abspath(p or ".") != here]
try:
    sys.modules[__name__] = importlib.import_module(__name__)
finally:
    sys.path[:] = saved
"""


def _plant(folder: Path, markers: Path) -> None:
    """Stand-ins for :data:`PLANTED` in ``folder``, each leaving a marker in ``markers``."""
    for name in PLANTED:
        (folder / f"{name}.py").write_text(_STAND_IN.format(markers=str(markers)), "utf-8")


@pytest.fixture
def planted(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A folder of CVs with planted modules (to run in), another such input folder, and the
    folder their markers go to."""
    here, other, markers = tmp_path / "here", tmp_path / "other", tmp_path / "markers"
    for folder in (here, other, markers):
        folder.mkdir()
    for example in EXAMPLES[:2]:
        shutil.copy(example, here / example.name)
    shutil.copy(EXAMPLES[2], other / EXAMPLES[2].name)
    _plant(here, markers)
    _plant(other, markers)
    return here, other, markers


@pytest.mark.slow
def test_a_stand_in_leaves_its_marker_and_the_real_module(tmp_path: Path) -> None:
    """The planted module works as the tests need: it marks, then the real module serves."""
    import subprocess
    import sys

    markers = tmp_path / "markers"
    markers.mkdir()
    _plant(tmp_path, markers)
    code = "import json; print(json.dumps({'a': 1}))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout == '{"a": 1}\n'
    assert [p.name.split("-")[0] for p in markers.iterdir()] == ["json"]


@pytest.mark.slow
def test_convert_in_a_folder_of_planted_modules_imports_none(
    planted: tuple[Path, Path, Path],
) -> None:
    here, _, markers = planted
    run = run_cli("convert", ".", "../other", "-o", "../out", "--workers", "2", cwd=here)
    assert run.code == 0, run.stderr
    assert sorted(p.name for p in markers.iterdir()) == []
    assert {r["status"] for r in manifest(here.parent / "out")} == {"ok"}
    assert len(manifest(here.parent / "out")) == 3


@pytest.mark.slow
def test_parse_many_workers_import_no_planted_module(
    planted: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    here, other, markers = planted
    monkeypatch.chdir(here)
    paths = [Path(p.name) for p in sorted(here.glob("*.[tm][xd]*"))]
    paths += sorted(other.glob("*.[tm][xd]*"))
    results = list(parse_many(paths, workers=2, timeout=60))
    assert sorted(p.name for p in markers.iterdir()) == []
    assert [r.ok for r in results] == [True] * 3, [r.error for r in results]


@pytest.mark.slow
def test_a_solo_worker_imports_no_planted_module(
    planted: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    here, _, markers = planted
    monkeypatch.chdir(here)
    solo = SoloWorker("2026", None)
    try:
        result = solo.parse(Path(EXAMPLES[0].name), None, 60)
    finally:
        solo.close()
    assert sorted(p.name for p in markers.iterdir()) == []
    assert result.ok, result.error


@pytest.mark.slow
def test_dask_local_imports_no_planted_module(planted: tuple[Path, Path, Path]) -> None:
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    here, _, markers = planted
    run = run_cli(
        "convert", ".", "../other", "-o", "../out", "--dask", "local", "--workers", "2", cwd=here
    )
    assert run.code == 0, run.stderr
    assert sorted(p.name for p in markers.iterdir()) == []
    assert len(manifest(here.parent / "out")) == 3
