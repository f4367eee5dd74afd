"""Tests for ``bilingual_cv.lang.dates``: the case table ``tests/cases/dates.yaml``, the
whole-string and in-line entry points, and properties that hold for any input."""

from __future__ import annotations

import itertools
import re
from functools import cache
from pathlib import Path
from typing import Any

import opencc
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from bilingual_cv.lang.dates import (
    DateRange,
    find_date_range,
    find_date_ranges,
    parse_date,
    parse_date_range,
)
from bilingual_cv.schema import DateStr

CASES_PATH = Path(__file__).resolve().parents[1] / "cases" / "dates.yaml"
DATE_STR: TypeAdapter[str] = TypeAdapter(DateStr)


def _cases() -> list[Any]:
    cases = yaml.safe_load(CASES_PATH.read_text(encoding="utf-8"))
    params = []
    for number, case in enumerate(cases):
        marks = (
            [pytest.mark.xfail(strict=True, reason="known gap, see tests/cases/dates.yaml")]
            if case.get("expect") == "fail"
            else []
        )
        text = case.get("input", case.get("input_hant"))
        params.append(
            pytest.param(case, id=f"{number:03d} {case.get('label')}: {text}", marks=marks)
        )
    return params


CASES = _cases()


@cache
def _t2s() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


def _assert_valid(found: DateRange, text: str) -> None:
    """Contract strings, and ``raw`` is exactly the text at ``span``."""
    for value in (found.start, found.end):
        if value is not None:
            DATE_STR.validate_python(value)
    assert found.start is not None or found.end is not None
    assert text[found.span[0] : found.span[1]] == found.raw


def test_cases_file_is_well_formed() -> None:
    for param in CASES:
        (case,) = param.values
        assert set(case) <= {"label", "lang", "api", "input", "input_hant", "expected", "expect"}
        assert re.fullmatch(r"synthetic|seed \d{3}", case["label"]), case
        assert case["lang"] in ("en", "zh"), case
        assert ("input" in case) != ("input_hant" in case), case
        assert case.get("api", "parse") in ("parse", "find"), case
        assert case["expect"] in ("pass", "fail"), case
        expected = case["expected"]
        assert expected is None or set(expected) - {"raw"} == {"start", "end", "expected"}, case


@pytest.mark.parametrize("case", CASES)
def test_case(case: dict[str, Any]) -> None:
    text = case["input"] if "input" in case else _t2s().convert(case["input_hant"])
    find = case.get("api", "parse") == "find"
    found = find_date_range(text) if find else parse_date_range(text)
    expected = case["expected"]
    if expected is None:
        assert found is None
        return
    assert found is not None
    got = {"start": found.start, "end": found.end, "expected": found.expected}
    if "raw" in expected:
        got["raw"] = found.raw
    assert got == expected
    _assert_valid(found, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Jul. 2024", "2024-07"),
        ("Summer 2024", "2024"),
        ("民国108年", "2019"),
        ("August 29, 2024", "2024-08-29"),
        ("2024-05", "2024-05"),
        ("2019年9月", "2019-09"),
        ("至今", "present"),
        ("Present", "present"),
        ("May 2024 (expected)", "2024-05"),
        ("2015 – 2020", None),
        ("CS 536", None),
        ("", None),
    ],
)
def test_parse_date(text: str, value: str | None) -> None:
    assert parse_date(text) == value


def test_find_date_ranges_left_to_right() -> None:
    line = "Travel Grants: MLSys 2024, USENIX OSDI/ATC 2023, DSN 2022"
    assert [r.start for r in find_date_ranges(line)] == ["2024", "2023", "2022"]


def test_find_date_range_prefers_a_range_over_a_later_year() -> None:
    found = find_date_range("2021.2-2022.3 基于流水线并行的分布式训练 (SIGMETRICS 2023)")
    assert found is not None
    assert (found.start, found.end) == ("2021-02", "2022-03")


def test_find_date_range_takes_the_last_of_equals() -> None:
    found = find_date_range("NOI 2018, bronze medal; APSys 2024")
    assert found is not None
    assert found.start == "2024"


def test_span_is_in_the_original_text_after_width_folding() -> None:
    line = "某某大学　２０１９年９月～２０２３年６月（预计）"
    found = find_date_range(line)
    assert found is not None
    assert (found.start, found.end, found.expected) == ("2019-09", "2023-06", True)
    _assert_valid(found, line)


def test_lone_present_word_is_not_found_inside_prose() -> None:
    assert find_date_ranges("现在就职于某某公司, working on current projects now") == []


LONG = 200_000


@pytest.mark.parametrize(
    "line",
    [
        "May" + " " * LONG,
        "Sept., " * (LONG // 7),
        ("2019" + " " * 50) * (LONG // 54),
        "2019.9-" * (LONG // 7),
        "-" * LONG,
        " ," * (LONG // 2),
        "1" * LONG,
        "民国" + "1" * LONG,
        "2019年" * (LONG // 5),
        "expected " * (LONG // 9) + "2024",
        "(" * LONG + "预期",
        "May 2023 – Aug. 2023, " * (LONG // 22),
        "a" * LONG,
    ],
    ids=lambda line: repr(line[:12]),
)
def test_long_lines_return(line: str) -> None:
    # Returning at all is the test: a backtracking regex would never finish.
    assert isinstance(find_date_ranges(line), list)
    parse_date_range(line)


PIECES = [
    "2019", "2023", "1588", "9", "06", "12", "24", "108", "29", ".", "/", "-", "–", "~", "～",
    " ", ",", "(", ")", ":", "%", "年", "月", "日", "至", "今", "至今", "民国", "May", "Sept.",
    "Summer", "Fall", "Present", "now", "to", "expected", "预期", "(在读)", "pp.", "vol.", "CS",
    "x", "２０２０",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16).map("".join))
def test_any_text_gives_ordered_valid_ranges(text: str) -> None:
    ranges = find_date_ranges(text)
    for found in ranges:
        _assert_valid(found, text)
    for left, right in itertools.pairwise(ranges):
        assert left.span[1] <= right.span[0]
    whole = parse_date_range(text)
    if whole is not None:
        _assert_valid(whole, text)
    parse_date(text)


def test_token_lookahead_skips_no_date() -> None:
    """The token pattern's first-character lookahead (a speed guard) finds exactly what the
    bare alternatives find, on every case of the table and on their Traditional forms."""
    from bilingual_cv.lang.date_grammar import TOKEN_START, date_words, grammar, token_alternatives

    bare = re.compile(
        TOKEN_START + "(?:" + "|".join(token_alternatives(*date_words())) + ")", re.IGNORECASE
    )
    texts = [p.values[0].get("input") or p.values[0]["input_hant"] for p in CASES]
    texts += [_t2s().convert(text) for text in texts]
    assert len(texts) > 100
    for text in texts:
        guarded = [(m.span(), m.groupdict()) for m in grammar().token.finditer(text)]
        assert guarded == [(m.span(), m.groupdict()) for m in bare.finditer(text)], text


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        st.one_of(
            st.characters(min_codepoint=0x20, max_codepoint=0x7E),
            st.characters(min_codepoint=0xFF00, max_codepoint=0xFF60),
            st.sampled_from("\u3000\u3001年月（）–～\u00a0"),
        ),
        max_size=20,
    )
)
def test_width_folding_skips_only_lines_it_would_not_change(text: str) -> None:
    """Lines with no full-width character are not translated (a speed guard): the result is
    the translation all the same."""
    from bilingual_cv.lang.dates import _WIDTH, _fold_width

    assert _fold_width(text) == text.translate(_WIDTH)


def test_window_lookaheads_skip_no_marker() -> None:
    """The label and "expected" patterns searched in a window before a date start with a
    first-character lookahead (a speed guard): every window of every case of the table finds
    what the pattern without it finds."""
    from bilingual_cv.lang.date_grammar import date_words, grammar, word_pattern

    words = date_words()[2]
    bare_label = re.compile(rf"{word_pattern(words['label'])}\s*+[.:#]?\s*+\Z", re.IGNORECASE)
    bare_expected = re.compile(rf"{word_pattern(words['expected'])}\s*+:?\s*+\Z", re.IGNORECASE)
    texts = [p.values[0].get("input") or p.values[0]["input_hant"] for p in CASES]
    texts += ["pp. 2019", "Vol 12, No.3 2020", "电话：2019", "Expected graduation: 2029"]
    found = 0
    for text in texts:
        for end in range(len(text) + 1):
            for guarded, bare, window in (
                (grammar().label_before, bare_label, 24),
                (grammar().expected_before, bare_expected, 40),
            ):
                a = guarded.search(text, max(0, end - window), end)
                b = bare.search(text, max(0, end - window), end)
                assert (a and a.span()) == (b and b.span()), (text, end)
                found += a is not None
    assert found > 0
