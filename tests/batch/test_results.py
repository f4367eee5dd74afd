"""Tests of bilingual_cv.batch.results: what one file gives, and how a copy of it travels."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path
from typing import Any

import pytest

from bilingual_cv.batch import ParseResult, parse_many
from tests.commands import EXAMPLES


@pytest.fixture
def corpus(tmp_path: Path) -> list[Path]:
    """The example CVs, a missing file and an empty one, in a fixed order."""
    paths = []
    for example in EXAMPLES:
        paths.append(Path(shutil.copy(example, tmp_path / example.name)))
    (tmp_path / "empty.txt").write_bytes(b"")
    return [tmp_path / "missing.txt", *paths, tmp_path / "empty.txt"]


def test_parse_result_pickles_without_its_cv(corpus: list[Path]) -> None:
    result = next(parse_many(corpus[1:2], workers=1))
    assert result.cv is not None
    data = pickle.dumps(result)
    # a pickled CV would name its class's module; the copy carries the CV's JSON only
    assert b"bilingual_cv.schema" in pickle.dumps(result.cv)
    assert b"bilingual_cv.schema" not in data
    copy: ParseResult = pickle.loads(data)
    assert copy == result
    assert copy.cv == result.cv  # validated again from the JSON, on first use


def test_a_bug_is_a_result_with_its_traceback_and_the_batch_goes_on(
    corpus: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bilingual_cv import pipeline

    parse_file = pipeline.parse_file

    def buggy(path: Path, **options: Any) -> Any:
        if Path(path).name == corpus[1].name:
            raise KeyError("a bug in a stage")
        return parse_file(path, **options)

    monkeypatch.setattr(pipeline, "parse_file", buggy)
    bug, good = list(parse_many(corpus[1:3], workers=1))
    assert bug.error_code == "internal_error" and bug.json is None
    assert bug.error == (
        f"{corpus[1]}: internal error (a bug, please report it): KeyError: 'a bug in a stage'"
    )
    assert bug.traceback is not None and "KeyError: 'a bug in a stage'" in bug.traceback
    assert good.ok and good.traceback is None


def test_a_memory_error_is_an_out_of_memory_result(
    corpus: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bilingual_cv import pipeline

    def exhausted(path: Path, **options: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(pipeline, "parse_file", exhausted)
    [result] = parse_many(corpus[1:2], workers=1)
    assert result.error_code == "out_of_memory" and result.traceback is None
    assert result.error == f"{corpus[1]}: out of memory (the limit of a worker is --max-memory)"
