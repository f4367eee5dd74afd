"""``convert --dask``: the same outputs, manifest, resume and failure isolation as a local run.

A :class:`distributed.LocalCluster` of two worker processes runs in the test process; the
command (a subprocess) connects to its scheduler. Faults come from a worker plugin
(tests/faults.py) that the command sets; its tasks carry it to the Dask workers, whose worker
processes import it.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.commands import EXAMPLES, manifest, run_cli
from tests.faults import fault_plugin

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")

#: Files of the failure-isolation run and what the fault plugin does to each.
FAULTS = {"hang.txt": "hang", "crash.txt": "crash", "bug.txt": "bug"}


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a LocalCluster of 2 worker processes (1 thread each)."""
    import logging

    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    with cluster:
        yield str(cluster.scheduler_address)


def _without_seconds(records: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def _tables(out: Path) -> dict[str, bytes]:
    files = [*out.glob("*.json"), out / "all.jsonl", out / "publications.csv", out / "summary.csv"]
    return {p.name: p.read_bytes() for p in files}


def test_parse_many_dask_refuses_a_single_path() -> None:
    from bilingual_cv.batch.dask import parse_many_dask

    with pytest.raises(TypeError, match="iterable of paths"):
        parse_many_dask("cv.txt", "local")  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_dask_run_equals_a_local_run_and_resumes(tmp_path: Path, scheduler: str) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for example in EXAMPLES:
        shutil.copy(example, inputs / example.name)
    (inputs / "empty.txt").write_bytes(b"")
    runs = {}
    for name, extra in (("local", ["--workers", "2"]), ("dask", ["--dask", scheduler])):
        out = tmp_path / name
        runs[name] = run_cli("convert", inputs, "-o", out, "--csv", out, "--jsonl",
                             out / "all.jsonl", "-q", *extra)  # fmt: skip
        assert runs[name].code == 1, runs[name].stderr  # empty.txt fails, nothing else
    assert _tables(tmp_path / "dask") == _tables(tmp_path / "local")
    assert len(list((tmp_path / "dask").glob("*.json"))) == len(EXAMPLES)
    assert _without_seconds(manifest(tmp_path / "dask")) == _without_seconds(
        manifest(tmp_path / "local")
    )
    # the workers see the same files here, so sending paths gives the same outputs too
    out = tmp_path / "paths"
    shared = run_cli("convert", inputs, "-o", out, "--csv", out, "--jsonl", out / "all.jsonl",
                     "-q", "--dask", scheduler, "--dask-shared-files")  # fmt: skip
    assert shared.code == 1, shared.stderr
    assert _tables(out) == _tables(tmp_path / "local")
    # resume: current outputs are skipped, the failed input is tried again
    again = run_cli("convert", inputs, "-o", tmp_path / "dask", "--dask", scheduler)
    statuses = {Path(str(r["input"])).name: r["status"] for r in manifest(tmp_path / "dask")}
    assert statuses.pop("empty.txt") == "failed"
    assert set(statuses.values()) == {"skipped"}, again.stderr


@pytest.mark.slow
def test_a_dask_run_isolates_hangs_crashes_and_bugs(tmp_path: Path, scheduler: str) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for example in EXAMPLES:
        shutil.copy(example, inputs / example.name)
    for name in FAULTS:
        shutil.copy(EXAMPLES[0], inputs / name)
    out = tmp_path / "out"
    plugin = fault_plugin(tmp_path, FAULTS)
    run = run_cli(
        "convert", inputs, "-o", out, "--dask", scheduler, "--timeout", "10", plugins=[plugin]
    )
    assert run.code == 1
    records = {Path(str(r["input"])).name: r for r in manifest(out)}
    assert {name: r["error_code"] for name, r in records.items() if r["status"] == "failed"} == {
        "hang.txt": "timeout",
        "crash.txt": "worker_crashed",
        "bug.txt": "internal_error",
    }
    assert all((out / f"{example.stem}.json").is_file() for example in EXAMPLES)
    assert f"{inputs / 'hang.txt'}: timed out after 10 s (its worker was stopped)" in run.stderr


@pytest.mark.slow
def test_dask_local_starts_its_own_cluster(tmp_path: Path) -> None:
    out, local = tmp_path / "out", tmp_path / "local"
    inputs = [str(example) for example in EXAMPLES]
    run = run_cli("convert", *inputs, "-o", out, "--dask", "local", "--workers", "2")
    assert run.code == 0, run.stderr
    assert run.stderr.startswith("bilingual-cv: 4 input(s): 4 to convert; starting a local Dask")
    assert run_cli("convert", *inputs, "-o", local, "-q").code == 0
    assert {p.name: p.read_bytes() for p in out.glob("*.json")} == {
        p.name: p.read_bytes() for p in local.glob("*.json")
    }


@pytest.mark.slow
def test_a_local_runs_worker_processes_are_stopped_and_reaped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--dask local`` runs its Dask workers as threads of this process, so the worker
    processes they start are this process's children: none is left running or unreaped."""
    from bilingual_cv.batch import worker as workers
    from bilingual_cv.batch.dask import parse_many_dask

    started: list[int] = []
    real_start = workers.start_worker

    def recording(*args: Any) -> Any:
        worker = real_start(*args)
        started.append(worker.process.pid)
        return worker

    monkeypatch.setattr(workers, "start_worker", recording)
    results = list(parse_many_dask(EXAMPLES, "local", workers=2, timeout=60))
    assert [r.ok for r in results] == [True] * len(EXAMPLES)
    assert started
    assert [pid for pid in started if Path(f"/proc/{pid}").exists()] == []
