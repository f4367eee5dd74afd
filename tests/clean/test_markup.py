"""Markdown marks kept as spans (clean/markup.py), on self-written fragments."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.clean import ITALIC_RE, clean_text, strip_markup, unwrap_spans

# The full path is the reference the fast path of strip_markup must agree with; no public
# function reaches it for lines the fast path takes.
from bilingual_cv.clean.markup import _strip_markup_marks
from tests.clean.pieces import LINE_PIECES


def test_markup_positions_are_kept() -> None:
    line = clean_text("Ann Lee, **Bo Wu**, Cy Ma").lines[0]
    assert line.text[slice(*line.bold[0])] == "Bo Wu"
    heading = clean_text("### **Awards**").lines[0]
    assert heading.md_level == 3 and heading.text == "Awards"


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LINE_PIECES), max_size=8).map("".join))
def test_markup_fast_path_agrees_with_every_pattern(line: str) -> None:
    assert strip_markup(line) == _strip_markup_marks(line)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(["Ann ", "*Title*", "**Toy**", "*", "x"]), max_size=8).map("".join),
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=3).map(tuple),
)
def test_unwrapped_spans_shift_the_others_by_the_marks_before_them(
    line: str, others: tuple[tuple[int, int], ...]
) -> None:
    marks = [at for m in ITALIC_RE.finditer(line) for at in (m.start(), m.end() - 1)]

    def shift(index: int) -> int:
        return index - sum(1 for at in marks if at < index)

    text, spans, shifted = unwrap_spans(line, ITALIC_RE, 1, others)
    assert text == ITALIC_RE.sub(r"\1", line)
    assert len(spans) == len(marks) // 2
    assert shifted == tuple((shift(start), shift(end)) for start, end in others)
