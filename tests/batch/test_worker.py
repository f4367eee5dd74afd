"""Tests of bilingual_cv.batch.worker: worker processes are isolated, die with their parent, and
stay under their memory limit.

Isolation: each test plants stand-ins for modules that a worker, or the interpreter that starts
one, imports (``dataclasses``, ``json``, ``signal``, ``socket``) in the folder it runs in and in
an input folder. A stand-in records that it ran (a marker file in a folder of its own) and then
puts the real module in its place, so that a batch that imports one still succeeds: the marker
is the only sign, as it would be for an attacker's module.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bilingual_cv.batch import SoloWorker, parse_many
from tests.commands import EXAMPLES, manifest, run_cli

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
    assert run.code == 1, run.stderr  # the planted .py files are inputs of a format not read
    assert sorted(p.name for p in markers.iterdir()) == []
    records = manifest(here.parent / "out")
    converted = [r for r in records if r["status"] == "ok"]
    assert len(converted) == 3
    assert {
        (Path(str(r["input"])).suffix, r["error_code"]) for r in records if r not in converted
    } == {(".py", "unsupported_format")}


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
    assert run.code == 1, run.stderr  # the planted .py files are inputs of a format not read
    assert sorted(p.name for p in markers.iterdir()) == []
    records = manifest(here.parent / "out")
    assert len([r for r in records if r["status"] == "ok"]) == 3
    assert {r["error_code"] for r in records if r["status"] != "ok"} == {"unsupported_format"}


def _children(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is ``pid``, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_die_with_a_killed_command(tmp_path: Path) -> None:
    import signal
    import time

    from tests.faults import driver_command, fault_plugin

    inputs = tmp_path / "in"
    inputs.mkdir()
    names = [f"slow-{n}.txt" for n in range(4)]
    for name in names:
        shutil.copy(EXAMPLES[0], inputs / name)
    plugin = fault_plugin(tmp_path, dict.fromkeys(names, "hang"))
    process = subprocess.Popen(
        [*driver_command([plugin]), "convert", str(inputs), "-o", str(tmp_path / "out"),
         "--workers", "2", "--timeout", "600", "-q"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        workers: list[int] = []
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(process.pid)
        assert len(workers) == 2, "the workers did not start"
        time.sleep(1.0)  # let them get past their first instructions (either path must work)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        deadline = time.monotonic() + 5
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_alive, workers)), "workers outlived their killed parent by 5 s"
    finally:
        if process.poll() is None:
            process.kill()
        for pid in _children(process.pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.slow
def test_a_file_over_the_memory_limit_costs_only_itself(tmp_path: Path) -> None:
    from tests.faults import fault_plugin

    inputs = tmp_path / "in"
    inputs.mkdir()
    for example in EXAMPLES[:2]:
        shutil.copy(example, inputs / example.name)
    shutil.copy(EXAMPLES[0], inputs / "huge.txt")
    out = tmp_path / "out"
    # the fault plugin makes huge.txt's worker run out of memory whatever the limit; the limit
    # itself is the default, so the other workers' address space (jieba, PDFium, lxml) fits
    plugin = fault_plugin(tmp_path, {"huge.txt": "oom"})
    run = run_cli("convert", inputs, "-o", out, "--workers", "1", "--max-memory", "2G",
                  plugins=[plugin])  # fmt: skip
    assert run.code == 1, run.stderr
    records = {Path(str(r["input"])).name: r for r in manifest(out)}
    assert records["huge.txt"]["error_code"] == "out_of_memory", records["huge.txt"]
    others = {name: (r["status"], r.get("error")) for name, r in records.items()}
    del others["huge.txt"]
    assert {status for status, _ in others.values()} == {"ok"}, others
    bad = run_cli("convert", inputs, "-o", tmp_path / "o2", "--max-memory", "12M")
    assert bad.code == 2 and "--max-memory must be at least" in bad.stderr
    assert not (tmp_path / "o2").exists()
