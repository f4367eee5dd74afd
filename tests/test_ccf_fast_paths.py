"""Fast paths of ``bilingual_cv.ccf`` against the plain computation they stand for: each
shortcut (an early exit, a table, a memo) must give what the full work gives, on the venue
texts of ``tests/cases/venues.yaml`` and on fictional ones."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

import pytest
import yaml

from bilingual_cv.ccf import (
    _NUMBER,
    _TOKEN,
    _archive_hit,
    _find_phrase,
    _index,
    _scan,
    _strip_leading,
    _Tok,
    _tokenize,
    _words,
)

ROOT = Path(__file__).resolve().parents[1]
CASES_PATH = ROOT / "tests" / "cases" / "venues.yaml"

#: Fictional venue texts that reach the rarer paths (archives, loose names, ISO 4 forms).
FICTIONAL = (
    "arXiv preprint arXiv:2401.00001",
    "CoRR abs/2101.00002, 2021",
    "SSRN Electronic Journals, 2020",
    "bioRxiv 2024 (under review)",
    "Preprints of the Toy Archive, techrxiv",
    "Proceedings of the 3rd Imaginary Symposium on Widget Systems",
    "IEEE Trans. Toy Syst. 12(3), 2022",
    "Workshop on Pretend Networks @ NSDI 2024",
    "玩具会议MobiCom 2023",
    "",
    "2024",
)


def _texts() -> list[str]:
    cases = yaml.safe_load(CASES_PATH.read_text(encoding="utf-8"))
    return [str(case["input"]) for case in cases] + list(FICTIONAL)


TEXTS = _texts()


@pytest.mark.parametrize("text", TEXTS)
def test_archive_hit_is_the_first_archive_of_the_scan(text: str) -> None:
    idx = _index()
    words = _words(_tokenize(text))
    full = next(
        (
            h
            for h in _scan(words, idx)
            if h.target.unranked is not None and h.target.unranked.kind == "preprint"
        ),
        None,
    )
    assert _archive_hit(words, idx) == full


def _plain_tokens(text: str) -> list[_Tok]:
    text = unicodedata.normalize("NFKC", text)
    return [
        _Tok(
            m.group(0),
            m.group(0).casefold(),
            m.start(),
            m.end(),
            text[m.end() : m.end() + 1] == ".",
            m.group(0)[0].isalnum(),
            re.fullmatch(_NUMBER, m.group(0).casefold()) is not None,
        )
        for m in _TOKEN.finditer(text)
    ]


@pytest.mark.parametrize("text", TEXTS)
def test_tokens_are_built_like_the_plain_tokenizer(text: str) -> None:
    assert _tokenize(text) == _plain_tokens(text)
    assert _tokenize(text.upper()) == _plain_tokens(text.upper())  # memoized words, new case


def _plain_find(keys: Sequence[str], phrases: Sequence[tuple[str, ...]]) -> tuple[int, int] | None:
    for i in range(len(keys)):
        found = [p for p in phrases if tuple(keys[i : i + len(p)]) == p]
        if found:
            return i, i + len(max(found, key=len))
    return None


def _plain_strip(words: Sequence[_Tok], phrases: Sequence[tuple[str, ...]]) -> list[_Tok]:
    out = list(words)
    while True:
        keys = tuple(t.key for t in out)
        cut = next((p for p in phrases if keys[: len(p)] == p and len(p) < len(out)), None)
        if cut is None:
            return out
        out = out[len(cut) :]


@pytest.mark.parametrize("text", TEXTS)
def test_phrases_are_found_and_stripped_like_the_plain_loops(text: str) -> None:
    markers = _index().markers
    words = _words(_tokenize(text))
    keys = [t.key for t in words]
    for table in (markers.preprint, markers.host, markers.status, markers.side_tracks):
        assert _find_phrase(keys, table) == _plain_find(keys, table)
    assert _strip_leading(words, markers.leading) == _plain_strip(words, markers.leading)
