"""Tests of bilingual_cv.report.aliases and its lexicon (lexicons/entries/institutions.yaml): an
institution is found under either name, the longest name wins, no name stands for two."""

from __future__ import annotations

from collections import Counter

from bilingual_cv.lexicon import lexicon_key, load_institutions
from bilingual_cv.report.aliases import institution_aliases


def test_no_name_stands_for_two_institutions() -> None:
    keys = Counter(
        lexicon_key(name)
        for entry in load_institutions().institutions
        for name in (entry.zh, *entry.en)
    )
    assert [key for key, count in keys.items() if count > 1] == []
    assert len(load_institutions().institutions) >= 40


def test_either_name_finds_the_other() -> None:
    assert "Tsinghua University" in institution_aliases(["清华大学计算机科学与技术系"])
    assert "清华大学" in institution_aliases(["Department of CS, Tsinghua University, Beijing"])
    assert "浙江大学" in institution_aliases(["ZHEJIANG UNIVERSITY"])


def test_the_longest_name_wins_and_words_are_whole() -> None:
    cuhk = institution_aliases(["The Chinese University of Hong Kong"])
    assert "香港中文大学" in cuhk and "香港大学" not in cuhk
    assert institution_aliases(["Thustsinghua Universityx"]) == []  # no whole-word match
    assert "台湾大学" in institution_aliases(["國立臺灣大學 資訊工程學系"])  # Traditional folds
