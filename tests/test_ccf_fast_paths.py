"""Fast paths of ``bilingual_cv.ccf`` against the plain computation they stand for: each
shortcut (an early exit, a table, a memo) must give what the full work gives, on the venue
texts of ``tests/cases/venues.yaml`` and on fictional ones."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bilingual_cv.ccf import _archive_hit, _index, _scan, _tokenize, _words

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
