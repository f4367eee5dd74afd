"""Tests of bilingual_cv.batch.pool: parse_many in the calling process and through worker processes.

The crash, hang and bug cases use a worker plugin (tests/faults.py): a worker handed a file of
that name exits with ``os._exit``, sleeps for ever, or raises. A link (or another file) put in
an input's place after the walk is never parsed in its place, by the library or by
``parse_many``: the walk is done through the public
:func:`~bilingual_cv.batch.inputs.collect_inputs`, then the file is swapped, then it is parsed.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

import bilingual_cv
from bilingual_cv import parse
from bilingual_cv.batch import parse_many, set_worker_plugins
from bilingual_cv.batch.inputs import InputSet, collect_inputs, display_name, text_name
from bilingual_cv.errors import LinkRefusedError, UnreadableFileError
from bilingual_cv.io.readers import read_source
from bilingual_cv.schema import CV
from tests.batch.hostile import cvs_beside_a_secret, make_files
from tests.commands import EXAMPLES
from tests.faults import fault_plugin


@pytest.fixture
def corpus(tmp_path: Path) -> list[Path]:
    """The example CVs, a missing file and an empty one, in a fixed order."""
    paths = []
    for example in EXAMPLES:
        paths.append(Path(shutil.copy(example, tmp_path / example.name)))
    (tmp_path / "empty.txt").write_bytes(b"")
    return [tmp_path / "missing.txt", *paths, tmp_path / "empty.txt"]


@pytest.fixture
def cvs(tmp_path: Path) -> Path:
    """Two fictional CVs in ``cvs/``, and a file outside it (``secret/payroll.txt``)."""
    return cvs_beside_a_secret(tmp_path)


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


@pytest.mark.parametrize("bad", ["cv.txt", b"cv.txt", Path("cv.txt")])
def test_parse_many_refuses_a_single_path(bad: object) -> None:
    from bilingual_cv.batch import parse_many

    with pytest.raises(TypeError, match="iterable of paths"):
        parse_many(bad)  # type: ignore[arg-type]


def test_parse_many_records_undecodable_names_in_text_form(tmp_path: Path) -> None:
    from bilingual_cv.batch import parse_many

    good, empty = make_files(tmp_path, [b"caf\xe9.txt", b"vide\xe9.txt"])
    good.write_text("Jane Roe\njane@example.com\nEducation\nPh.D., Example University, 2020\n")
    empty.write_bytes(b"")
    ok, failed = parse_many([good, empty], workers=1)
    assert ok.cv is not None and ok.cv.source.path == text_name(good)
    assert ok.json is not None and "caf\\\\xe9.txt" in ok.json
    assert failed.error_code == "empty_input"
    assert failed.error is not None and failed.error.startswith(display_name(empty) + ": ")
    failed.error.encode("utf-8")


def test_the_library_refuses_a_link_and_says_what_to_pass(cvs: Path, tmp_path: Path) -> None:
    link = tmp_path / "cv.txt"
    link.symlink_to(tmp_path / "secret" / "payroll.txt")
    for read in (read_source, parse):
        with pytest.raises(LinkRefusedError, match="pass the file it points to") as caught:
            read(link)
        assert str(caught.value).startswith(f"{link}: ")
        assert caught.value.code == "link_refused"
    assert isinstance(caught.value, UnreadableFileError)  # callers catching that still do
    dangling = tmp_path / "gone.txt"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    with pytest.raises(UnreadableFileError, match="No such file") as missing:
        read_source(dangling)
    assert missing.value.code == "unreadable_file"
    assert parse(tmp_path / "secret" / "payroll.txt").person.name == "Zed Quillfeather"


def _walk_then_swap(folder: Path, name: str, swap: str, outside: Path) -> InputSet:
    """List ``folder`` with the public walk, then put a link (or another file) at ``name``."""
    found = collect_inputs([str(folder)])
    victim = folder / name
    if swap == "link":
        victim.unlink()
        victim.symlink_to(outside)
    else:  # another file renamed into its place: same name, another inode
        shutil.copy(outside, folder / ".incoming")
        os.replace(folder / ".incoming", victim)
    return found


@pytest.mark.parametrize(("swap", "code"), [("link", "link_refused"), ("file", "input_changed")])
def test_parse_many_reads_only_the_file_the_walk_listed(
    cvs: Path, tmp_path: Path, swap: str, code: str
) -> None:
    found = _walk_then_swap(cvs, "jane.txt", swap, tmp_path / "secret" / "payroll.txt")
    results = list(parse_many([item.checked() for item in found.inputs], workers=1))
    by_name = {r.path.name: r for r in results}
    assert by_name["jane.txt"].error_code == code, by_name["jane.txt"].error
    assert by_name["jane.txt"].json is None
    error = by_name["jane.txt"].error or ""
    assert error.startswith(f"{cvs / 'jane.txt'}: refused: ") and "\n" not in error
    assert by_name[f"lee{EXAMPLES[1].suffix}"].ok


@pytest.mark.slow
@pytest.mark.parametrize(("swap", "code"), [("link", "link_refused"), ("file", "input_changed")])
def test_worker_processes_get_only_the_file_the_walk_listed(
    cvs: Path, tmp_path: Path, swap: str, code: str
) -> None:
    found = _walk_then_swap(cvs, "jane.txt", swap, tmp_path / "secret" / "payroll.txt")
    items = [item.checked() for item in found.inputs]
    results = list(parse_many(items, workers=2, timeout=60))
    assert [r.path.name for r in results] == ["jane.txt", f"lee{EXAMPLES[1].suffix}"]
    assert results[0].error_code == code and results[0].json is None
    assert results[1].ok
