"""Setext headings: a short line underlined by a line of ``=`` or ``-`` (Markdown, and plain
text CVs that draw their headings so).

The underline marks the line above it as a heading (``md_level`` 1 for ``=``, 2 for ``-``) and
is markup, not content: it is left blank, as a ``#`` is stripped. A rule under a paragraph's
last line is no underline: the underlined line stands apart (a blank line or nothing above
it) and is short.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from bilingual_cv.lines import Line

__all__ = ["mark_setext_headings"]

#: An underline: three or more ``=`` or ``-`` alone on a line.
_UNDERLINE_RE = re.compile(r"^\s*(=+|-+)\s*$")
#: The shortest underline.
MIN_UNDERLINE = 3
#: An underlined heading has at most this many words and characters.
MAX_WORDS = 7
MAX_CHARS = 60


def mark_setext_headings(lines: Sequence[Line]) -> Sequence[Line]:
    """The lines with each setext heading marked as a markdown heading, its underline blank.

    >>> lines = [Line(1, "Education"), Line(2, "---------"), Line(3, "Ph.D., 2024")]
    >>> [(line.text, line.md_level) for line in mark_setext_headings(lines)]
    [('Education', 2), ('', 0), ('Ph.D., 2024', 0)]
    >>> lines = [Line(1, "a long paragraph"), Line(2, "its last line"), Line(3, "-----")]
    >>> [line.text for line in mark_setext_headings(lines)]
    ['a long paragraph', 'its last line', '-----']
    """
    marked: list[Line] | None = None
    for index in range(1, len(lines)):
        underline = _UNDERLINE_RE.match(lines[index].text)
        if underline is None or len(underline.group(1)) < MIN_UNDERLINE:
            continue
        if not _may_be_underlined(lines, index - 1):
            continue
        if marked is None:
            marked = list(lines)
        level = 1 if underline.group(1)[0] == "=" else 2
        marked[index - 1] = dataclasses.replace(lines[index - 1], md_level=level)
        marked[index] = dataclasses.replace(lines[index], text="", bold=(), italic=())
    return lines if marked is None else marked


def _may_be_underlined(lines: Sequence[Line], index: int) -> bool:
    """``lines[index]`` is a short plain line standing apart: a heading an underline marks."""
    line = lines[index]
    text = line.text.strip()
    if not text or line.md_level or line.bullet or _UNDERLINE_RE.match(text):
        return False
    if len(text) > MAX_CHARS or len(text.split()) > MAX_WORDS:
        return False
    return index == 0 or lines[index - 1].is_blank
