"""Markdown marks on one line: heading marks, a leading bullet, bold and italic emphasis.

They are stripped from the text while what they said is kept on the line: the heading level
(``Line.md_level``), the bold and italic spans at their new positions, and whether a bullet
led (``Line.bullet``).
"""

from __future__ import annotations

import re
from bisect import bisect_left

from bilingual_cv.lines import Span

#: Leading markdown heading marks.
_MD_HEADING_RE = re.compile(r"^\s{0,3}(#{1,6})\s+")
#: The glyphs CVs set as bullets: dots, squares, circles, diamonds and arrowheads.
BULLET_GLYPHS = "•·▪▫■□●○◦‣⁃∙⋄◇◆➤➢▸►❖✦"
#: Leading bullet: dashes, the glyphs, and ``- ·`` pairs; not a minus sign before a digit run
#: like a date, nor the Chinese dash ``——`` that opens a translated title.
_BULLET_RE = re.compile(rf"^\s*(?!——)(?:(?:[-{BULLET_GLYPHS}–—]|\*(?=\s))\s*){{1,2}}(?=\S)")
#: A dash before a year: a date range's open start ("- 2019"), not a bullet.
_DASH_YEAR_RE = re.compile(r"\s*-\s*\d{4}\b")
#: The characters a markdown heading mark or a bullet (:data:`_BULLET_RE`) starts with.
_MARKUP_LEADS = f"#-{BULLET_GLYPHS}–—*"
#: Bold ``**x**`` and italic ``*x*`` or ``_x_`` emphasis.
_MD_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
#: (The italic pattern starts with its "*", checking what comes before after it: a pattern that
#: starts with a character is scanned for, one that starts with a lookbehind tried everywhere.)
ITALIC_RE = re.compile(r"\*(?<![\w*]\*)(?!\s)([^*]+?)(?<!\s)\*(?![\w*])")
_MD_UNDERSCORE_RE = re.compile(r"__(.+?)__")
#: Emphasis marks whose partner is on another line: at a line's start before a word, or at
#: its end after punctuation.
_LONE_EMPHASIS_RE = re.compile(r"^\s*\*{1,2}(?=[^\s*])|(?<=[.)\]])\*{1,2}\s*$")


def strip_markup(text: str) -> tuple[str, int, tuple[Span, ...], tuple[Span, ...], bool]:
    """Strip markdown heading marks, bullets and emphasis from one line, keeping positions.

    Returns the text, the markdown heading level, the bold and italic spans and whether a
    bullet led.

    >>> strip_markup("## **Publications**")
    ('Publications', 2, ((0, 12),), (), False)
    >>> strip_markup("- · Design a **fast** allocator.")
    ('Design a fast allocator.', 0, ((9, 13),), (), True)
    >>> strip_markup("*Designed AWARE (published at ATC 2023 [C10]).*")[0]
    'Designed AWARE (published at ATC 2023 [C10]).'
    >>> strip_markup("- 1. **Ann Lee**. *A Title.* OSDI, 2024.")
    ('1. Ann Lee. A Title. OSDI, 2024.', 0, ((3, 10),), ((12, 20),), True)
    """
    stripped = text.strip()
    if (not stripped or stripped[0] not in _MARKUP_LEADS) and "*" not in text and "__" not in text:
        return stripped, 0, (), (), False  # no heading mark, bullet or emphasis: most lines
    return _strip_markup_marks(text)


def _strip_markup_marks(text: str) -> tuple[str, int, tuple[Span, ...], tuple[Span, ...], bool]:
    """:func:`strip_markup` of a line that may hold marks: every pattern is tried."""
    level = 0
    heading = _MD_HEADING_RE.match(text)
    if heading:
        level = len(heading.group(1))
        text = text[heading.end() :]
    bullet = False
    mark = _BULLET_RE.match(text)
    if mark and not _DASH_YEAR_RE.match(text):
        bullet = True
        text = text[mark.end() :]
    bold: tuple[Span, ...] = ()
    italic: tuple[Span, ...] = ()
    if "**" in text:
        text, bold, _ = unwrap_spans(text, _MD_BOLD_RE, 2, ())
        text = text.replace("**", "")
    if "*" in text:
        text, italic, bold = unwrap_spans(text, ITALIC_RE, 1, bold)
    if "__" in text:
        text, extra, italic = unwrap_spans(text, _MD_UNDERSCORE_RE, 2, italic)
        bold = bold + extra
    if "*" in text:  # emphasis opened or closed on another line: "*Designed ..." / "... [C7]).*"
        text = _LONE_EMPHASIS_RE.sub("", text)
    stripped = text.lstrip()
    shift = len(text) - len(stripped)
    if shift:
        bold = tuple((max(0, s - shift), max(0, e - shift)) for s, e in bold)
        italic = tuple((max(0, s - shift), max(0, e - shift)) for s, e in italic)
    return stripped.rstrip(), level, bold, italic, bullet


def unwrap_spans(
    text: str, pattern: re.Pattern[str], marker: int, others: tuple[Span, ...]
) -> tuple[str, tuple[Span, ...], tuple[Span, ...]]:
    """Remove ``marker``-wide emphasis marks matched by ``pattern``; return the new text,
    the spans of the unwrapped text, and ``others`` shifted to the new positions.

    >>> unwrap_spans("Ann *Title* Bo", ITALIC_RE, 1, ((12, 14),))
    ('Ann Title Bo', ((4, 9),), ((10, 12),))
    """
    out: list[str] = []
    spans: list[Span] = []
    removed: list[int] = []  # positions (in the old text) of removed marks
    pos = 0
    length = 0
    for match in pattern.finditer(text):
        start, end = match.span()
        inner = match.group(1)
        out.append(text[pos:start])
        out.append(inner)
        length += start - pos
        spans.append((length, length + len(inner)))
        length += len(inner)
        removed.append(start)
        removed.append(end - marker)
        pos = end
    out.append(text[pos:])
    if not others:  # most lines: one kind of emphasis
        return "".join(out), tuple(spans), ()

    def shift(index: int) -> int:  # ``removed`` is in ascending order
        return index - marker * bisect_left(removed, index)

    return "".join(out), tuple(spans), tuple((shift(s), shift(e)) for s, e in others)
