"""Line text (bilingual_cv/entries/line_text.py): trimming edge punctuation and brackets."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bilingual_cv.entries.line_text import _EDGE_PLAIN, trim


def _plain_trim(text: str) -> str:
    """trim, weighing the brackets of every text."""
    while True:
        out = text.strip(_EDGE_PLAIN)
        opened = out.count("(") + out.count("（")
        closed = out.count(")") + out.count("）")
        if out.endswith((")", "）")) and closed > opened or out.endswith(("(", "（")):
            out = out[:-1]
        elif out.startswith(("(", "（")) and opened > closed or out.startswith((")", "）")):
            out = out[1:]
        if out == text:
            return out
        text = out


@settings(max_examples=500, deadline=None)
@example("Contractor (through Populous Group),")
@example("- Rice University (")
@example("（Virtual）。")
@given(st.text(st.sampled_from("Ab (（)）,，.。;:-| \t·"), max_size=16))
def test_trim_equals_weighing_the_brackets_of_every_text(text: str) -> None:
    """A text with no bracket at an edge skips the bracket counts (a speed guard)."""
    assert trim(text) == _plain_trim(text)
