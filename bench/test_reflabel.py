"""The CRF reference labeler: tokens, features, author splitting, and the model built by
scripts/train_reference_crf.py on self-written (fictional) entries."""

from __future__ import annotations

import importlib.util

import pytest

from bench.reflabel import (
    LABELS,
    label_reference,
    model_path,
    read_fields,
    split_authors,
    token_features,
    tokenize,
)

needs_model = pytest.mark.skipif(
    importlib.util.find_spec("pycrfsuite") is None or not model_path().is_file(),
    reason="python-crfsuite (pip install -e '.[bench]') or lexicons/models/references.crfsuite "
    "is absent; scripts/train_reference_crf.py builds the model",
)


def test_tokens_are_cjk_characters_words_numbers_and_marks_with_their_spans() -> None:
    text = "李华, Jane O'Neil. 图学习综述[J]. 2023"
    tokens = tokenize(text)
    assert [t.text for t in tokens] == [
        "李", "华", ",", "Jane", "O'Neil", ".", "图", "学", "习", "综", "述",
        "[", "J", "]", ".", "2023",
    ]  # fmt: skip
    assert all(text[t.start : t.end] == t.text for t in tokens)


def test_features_mark_years_venue_words_quotes_and_sentence_position() -> None:
    text = 'Jane Roe, J. Doe. "Graph Things". In Proc. NSDI 2023.\n李华. 软件学报'
    tokens = tokenize(text)
    feats = token_features(text, tokens)
    by_word = {t.text: f for t, f in zip(tokens, feats, strict=True)}
    assert len(feats) == len(tokens)
    assert "year" in by_word["2023"] and "year" not in by_word["J"]
    assert "abbr" in by_word["NSDI"]  # a CCF abbreviation from lexicons/ccf
    assert "vw" in by_word["Proc"] and "vw" in by_word["学"]  # venue words, Latin and Chinese
    assert "quoted" in by_word["Graph"] and "quoted" not in by_word["Roe"]
    # "J." is an initial, not a sentence end: the title is still after one stop
    assert "stops=1" in by_word["Graph"] and "stops=3" in by_word["NSDI"]  # after "Proc."
    assert "line_start" in by_word["李"] and "first" in feats[0] and "last" in feats[-1]
    assert token_features(text, tokens) == feats  # deterministic


def test_authors_split_at_separators_and_inverted_names_stay_whole() -> None:
    assert split_authors("Jane Roe, Lan Qiu*, and Ann Lee et al.") == [
        "Jane Roe",
        "Lan Qiu",
        "Ann Lee",
    ]
    assert split_authors("Roe, J., Doe, J. K. & Lee, A.") == ["Roe, J.", "Doe, J. K.", "Lee, A."]
    assert split_authors("李华，王明、张伟") == ["李华", "王明", "张伟"]
    assert split_authors("ROE J, DOE K") == ["ROE J", "DOE K"]
    assert split_authors("") == []


def test_fields_are_read_from_label_runs() -> None:
    text = "Jane Roe, Bo Wu. Fast Things. In ACM SIGCOMM, 2024."
    tokens = tokenize(text)
    tags = ["author"] * 6 + ["title"] * 3 + ["venue"] * 4 + ["date"] * 2
    assert len(tags) == len(tokens) and set(tags) <= set(LABELS)
    assert read_fields(text, list(zip(tokens, tags, strict=True))) == {
        "title": "Fast Things",
        "authors": ["Jane Roe", "Bo Wu"],
        "venue": "ACM SIGCOMM",
        "year": 2024,
    }


@needs_model
def test_model_reads_an_english_proceedings_entry() -> None:
    fields = label_reference(
        "Jane Roe, John Doe, and Ann Lee. Fast Graph Things at Scale. In Proceedings of the "
        "21st USENIX Symposium on Networked Systems Design and Implementation (NSDI '24), 2024."
    )
    assert fields["title"] == "Fast Graph Things at Scale"
    assert fields["authors"] == ["Jane Roe", "John Doe", "Ann Lee"]
    assert fields["year"] == 2024
    assert fields["venue"] is not None and "NSDI" in fields["venue"]


@needs_model
def test_model_reads_a_quoted_title_and_a_journal() -> None:
    fields = label_reference(
        'Jane Roe, Lan Qiu*, "Scalable Widgets for Everyone", IEEE Transactions on Parallel '
        "and Distributed Systems, 2022."
    )
    assert fields["title"] == "Scalable Widgets for Everyone"
    assert fields["authors"] == ["Jane Roe", "Lan Qiu"]
    assert fields["venue"] == "IEEE Transactions on Parallel and Distributed Systems"
    assert fields["year"] == 2022


@needs_model
def test_model_reads_a_chinese_gbt_entry() -> None:
    fields = label_reference(
        "李华, 王明. 一种面向大模型的推理加速方法[J]. 软件学报, 2023, 34(5): 1-20."
    )
    assert fields["title"] == "一种面向大模型的推理加速方法"
    assert fields["authors"] == ["李华", "王明"]
    assert fields["venue"] == "软件学报"
    assert fields["year"] == 2023
