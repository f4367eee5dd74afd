"""Tests of bilingual_cv.batch.pool: parse_many in the calling process and through worker processes.

The crash, hang and bug cases use a worker plugin (tests/faults.py): a worker handed a file of
that name exits with ``os._exit``, sleeps for ever, or raises.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

import bilingual_cv
from bilingual_cv.batch import ParseResult, parse_many, set_worker_plugins
from bilingual_cv.schema import CV
from tests.faults import fault_plugin

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.[tm][xd]*"))


@pytest.fixture
def corpus(tmp_path: Path) -> list[Path]:
    """The example CVs, a missing file and an empty one, in a fixed order."""
    paths = []
    for example in EXAMPLES:
        paths.append(Path(shutil.copy(example, tmp_path / example.name)))
    (tmp_path / "empty.txt").write_bytes(b"")
    return [tmp_path / "missing.txt", *paths, tmp_path / "empty.txt"]


def test_parse_many_is_exported_lazily() -> None:
    assert bilingual_cv.parse_many is parse_many


def test_in_process_results_come_in_input_order(corpus: list[Path]) -> None:
    results = list(parse_many(corpus, workers=1))
    assert [r.path for r in results] == corpus
    assert [r.ok for r in results] == [False] + [True] * len(EXAMPLES) + [False]
    assert [r.error_code for r in (results[0], results[-1])] == ["unreadable_file", "empty_input"]
    assert results[0].error is not None and results[0].error.startswith(f"{corpus[0]}: ")
    first = results[1]
    assert isinstance(first.cv, CV)
    assert first.cv.model_dump_json(indent=2) == first.json
    assert first.sha256 == first.cv.source.sha256
    assert first.warnings == len(first.cv.warnings)


@pytest.mark.slow
def test_worker_results_equal_in_process_results(corpus: list[Path]) -> None:
    alone = list(parse_many(corpus, workers=1))
    pooled = list(parse_many(corpus, workers=2, timeout=60))
    assert [r.path for r in pooled] == corpus
    assert [(r.json, r.error, r.error_code) for r in pooled] == [
        (r.json, r.error, r.error_code) for r in alone
    ]
    # the CV crossed the pipe as JSON and is validated on first use
    assert pooled[1].cv == alone[1].cv


@pytest.mark.slow
def test_a_crash_a_hang_and_a_bug_cost_only_their_own_file(tmp_path: Path) -> None:
    good = [Path(shutil.copy(example, tmp_path / example.name)) for example in EXAMPLES]
    faulty = {}
    for kind in ("crash", "hang", "bug"):
        faulty[kind] = tmp_path / f"{kind}.txt"
        shutil.copy(EXAMPLES[0], faulty[kind])
    plugin = fault_plugin(tmp_path, {path.name: kind for kind, path in faulty.items()})
    paths = [faulty["crash"], good[0], faulty["hang"], *good[1:], faulty["bug"]]
    started = time.monotonic()
    set_worker_plugins([plugin])
    try:
        results = list(
            parse_many(paths, workers=2, timeout=10)
        )  # room for a good file on a loaded machine
    finally:
        set_worker_plugins([])
    assert time.monotonic() - started < 240  # generous: CI is a loaded 2-core machine
    by_path = {r.path: r for r in results}
    assert [r.path for r in results] == paths
    assert all(by_path[path].ok for path in good)
    crash, hang, bug = (by_path[faulty[kind]] for kind in ("crash", "hang", "bug"))
    assert crash.error_code == "worker_crashed"
    assert (
        crash.error == f"{faulty['crash']}: worker crashed (exit code 70) while parsing this file"
    )
    assert hang.error_code == "timeout"
    assert hang.error == f"{faulty['hang']}: timed out after 10 s (its worker was stopped)"
    assert hang.seconds >= 10
    assert bug.error_code == "internal_error"
    assert bug.traceback is not None and "RuntimeError: test hook" in bug.traceback


@pytest.mark.slow
def test_closing_the_iterator_early_stops_the_workers(corpus: list[Path]) -> None:
    results = parse_many(corpus * 3, workers=2, timeout=60)
    first = next(results)
    assert first.path == corpus[0]
    results.close()  # must not hang; the workers are stopped


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"workers": 0}, "workers must be at least 1"),
        ({"ccf_edition": "2019"}, "unknown CCF edition"),
        ({"timeout": 0}, "timeout must be a positive"),
    ],
)
def test_bad_arguments_fail_at_the_call(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_many(["cv.txt"], **kwargs)  # type: ignore[arg-type]


def test_no_inputs_give_no_results() -> None:
    assert list(parse_many([], workers=4, timeout=10)) == []


def test_parse_result_pickles_without_its_cv(corpus: list[Path]) -> None:
    import pickle

    result = next(parse_many(corpus[1:2], workers=1))
    assert result.cv is not None
    copy: ParseResult = pickle.loads(pickle.dumps(result))
    assert copy == result and copy._cv is None
    assert copy.cv == result.cv
