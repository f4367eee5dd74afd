"""Labels (bilingual_cv/entries/labels.py): the quick answers equal the plain computation."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bilingual_cv.entries.labels import (
    LABEL_ANY_RE,
    _field_labels,
    _label_keys,
    find_labels,
    label_kind,
)
from bilingual_cv.entries.line_text import HAN_RE
from bilingual_cv.lexicon import lexicon_key


def _plain_label_kind(label: str) -> str:
    """label_kind as a scan of every key of each kind."""
    key = lexicon_key(label)
    advisor, thesis, other = _label_keys()
    if key in other:
        return "other"
    if key in _field_labels():
        return _field_labels()[key]
    for kind, keys in (("advisor", advisor), ("thesis", thesis)):
        if key in keys or any(key.startswith(k + " ") or key.endswith(" " + k) for k in keys):
            return kind
        if HAN_RE.match(key[-1:]) and any(HAN_RE.match(k) and key.endswith(k) for k in keys):
            return kind
    return "other"


#: Words of invented labels: label words of every kind, and others.
_WORDS = [
    "Advisor",
    "Co-advisor",
    "PhD",
    "Thesis",
    "Title",
    "Committee",
    "Toy",
    "Lab",
    "导师",
    "合作",
    "论文",
    "学位",
    "玩具",
    "公司",
    "a",
]


@settings(max_examples=300, deadline=None)
@example(["博士后", "合作导师"])
@example(["Senior", "Thesis", "Advisor"])
@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4))
def test_label_kind_equals_a_scan_of_every_key(words: list[str]) -> None:
    for label in (" ".join(words), "".join(words)):
        assert label_kind(label) == _plain_label_kind(label), label


@settings(max_examples=300, deadline=None)
@example("导师：李安")
@given(st.text(st.sampled_from("Ab 导师,，(（\t.-:："), max_size=20))
def test_labels_are_found_wherever_the_label_pattern_matches(text: str) -> None:
    """A line without a colon is not searched (a speed guard): it holds no label anyway."""
    assert bool(find_labels(text)) == (LABEL_ANY_RE.search(text) is not None)


@pytest.mark.parametrize(
    "text",
    ["Ph.D. (Advisor: Ann Lee), 2020", "导师：李安 " + "玩具 " * 700 + "Thesis: Toys"],
)
def test_find_labels_memo_gives_the_computed_labels(text: str) -> None:
    from bilingual_cv.entries.labels import _labels_in

    assert find_labels(text) == find_labels(text) == list(_labels_in.__wrapped__(text)) != []
    find_labels(text).clear()  # each call hands out a list of its own
    assert find_labels(text) == list(_labels_in.__wrapped__(text))
