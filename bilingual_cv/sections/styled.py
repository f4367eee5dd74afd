"""Headings found by how the document sets the headings it is known to have.

A CV sets its section headings one way: as markdown headings of one level, wholly bold, in
capitals, in decorative brackets or numbered (``一、``). Once the lexicons have found two or
more headings set one way, another short line set that way is a heading too when it holds
heading words among one or two words no lexicon lists (``Toy Science Publications``,
``技能清单``): its key is read from those words (:func:`match_heading_loosely`). A line with
no heading word is none (entries set their employers and people in the headings' bold too),
nor is a line that names an institution or that the document repeats (a label of every
entry). A document that sets its known headings as plain lines (a DOCX with no heading
styles, a PDF that lost them) has plain headings: there, a short plain line in an unspaced
language (``技能清单``), or a short Title Case line set off by blank lines in a spaced one
(``Coding Skills``), is read like a styled one. Elsewhere a plain line (no style) is a
heading only when it stands alone after a blank line, holds publication words, and the block
under it is a list of publications.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast, overload

from bilingual_cv.entries.organizations import is_institution
from bilingual_cv.lang import route
from bilingual_cv.lang.heading_text import (
    NUMBERING_RE,
    is_caps,
    match_brackets,
    strip_heading,
)
from bilingual_cv.lang.headings import (
    heading_table,
    is_sublist_title,
    match_heading_loosely,
    research_words,
)
from bilingual_cv.lexicon import lexicon_key
from bilingual_cv.lines import Line
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.schema import SectionKind, Warning, WarningCode
from bilingual_cv.sections.blocks import holds_date_range, is_publication_block
from bilingual_cv.sections.headings import HeadingMatch

#: A heading is at most this many words, or characters in an unspaced language.
MAX_HEADING_WORDS = 7
MAX_HEADING_CHARS = 40
#: A style is the document's heading style when at least this many known headings use it.
MIN_STYLED_HEADINGS = 2
#: Keys of lists of works: a block of papers in one needs no new heading.
WORK_LISTS = frozenset({SectionKind.PUBLICATIONS, SectionKind.PATENTS})
#: Keys of sections whose entries carry date ranges.
DATED_KEYS = frozenset(
    {SectionKind.EDUCATION, SectionKind.EXPERIENCE, SectionKind.RESEARCH_EXPERIENCE}
)
#: Sentence ends and list marks no heading ends with.
_NO_HEADING_END = ".,;。，；、"


@dataclass(frozen=True, slots=True)
class Style:
    """How a line is set, as far as headings go."""

    md_level: int
    bold: bool
    caps: bool
    bracketed: bool
    numbered: bool


#: The style of a plain line, when the document sets its known headings as plain lines.
PLAIN = Style(md_level=0, bold=False, caps=False, bracketed=False, numbered=False)
#: A plain line is read as a heading when it has at most this many characters (unspaced
#: languages) or words (spaced ones): a heading of a plain document is short beside its body.
MAX_PLAIN_CHARS = 8
MAX_PLAIN_WORDS = 4


def heading_style(line: Line) -> Style | None:
    """How a line is set; None for a plain line (nothing sets it apart).

    >>> heading_style(Line(1, "Toy Papers", md_level=2)), heading_style(Line(1, "Toy Papers"))
    (Style(md_level=2, bold=False, caps=False, bracketed=False, numbered=False), None)
    """
    text = line.text.strip()
    caps, bracketed, numbered = _text_marks(text)
    bold = bool(line.bold) and line.is_bold(0, len(text))
    if not (line.md_level or bold or caps or bracketed or numbered):
        return None
    return Style(line.md_level, bold, caps, bracketed, numbered)


@memo_short_texts(max_chars=200, maxsize=4096)
def _text_marks(text: str) -> tuple[bool, bool, bool]:
    """Whether a heading's text is in capitals, in brackets, numbered: asked of every line
    several times per document, so kept by text."""
    return is_caps(text), match_brackets(text) is not None, NUMBERING_RE.match(text) is not None


class _LineStyles(Sequence["Style | None"]):
    """The style of each line of a document (None for a plain line or a bullet), read on
    first use: most lines are never asked, and the others several times.

    >>> styles = _LineStyles([Line(1, "Toys", md_level=2), Line(2, "Kites")])
    >>> styles[0].md_level, styles[1], len(styles)
    (2, None, 2)
    """

    _UNREAD = object()

    def __init__(self, lines: Sequence[Line]) -> None:
        self._lines = lines
        self._styles: list[object] = [self._UNREAD] * len(lines)

    def __len__(self) -> int:
        return len(self._lines)

    @overload
    def __getitem__(self, index: int) -> Style | None: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Style | None]: ...

    def __getitem__(self, index: int | slice) -> Style | None | Sequence[Style | None]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        style = self._styles[index]
        if style is self._UNREAD:
            line = self._lines[index]
            style = self._styles[index] = None if line.bullet else heading_style(line)
        return cast("Style | None", style)


def is_heading_shaped(text: str) -> bool:
    """Short, not ending like a sentence or a list item, no digits of a date: a line that
    could be a heading by its shape alone.

    >>> is_heading_shaped("Toy Science Publications"), is_heading_shaped("Ann Lee, Bo Wu. 2024.")
    (True, False)
    """
    if not text or text.rstrip()[-1] in _NO_HEADING_END:
        return False
    text = strip_heading(text, collapse=False)
    if not text or any(map(str.isdigit, text)):
        return False
    if max(text) > "\u2e7f":  # CJK and the like: count characters
        return len(text) <= MAX_HEADING_CHARS and len(text.split()) <= MAX_HEADING_WORDS
    return len(text.split()) <= MAX_HEADING_WORDS


def find_styled_headings(
    lines: Sequence[Line], found: list[tuple[int, HeadingMatch]]
) -> tuple[list[tuple[int, HeadingMatch]], list[Warning]]:
    """The headings the lexicons did not know, among the lines after the first known one:
    those set in the document's heading style, and plain ones over a block that holds what
    their words say. Sorted in with ``found``.

    >>> from bilingual_cv.clean import clean_text
    >>> text = "Ann Lee\\n## Education\\nToy U\\n## Toy Science Publications\\nA. Lee. T. 2024.\\n## Skills\\nC"
    >>> lines = clean_text(text).lines
    >>> found = [(1, HeadingMatch(SectionKind.EDUCATION, "Education", 1)), (5, HeadingMatch(SectionKind.SKILLS, "Skills", 1))]
    >>> [(i, m.key.value, m.heading) for i, m in find_styled_headings(lines, found)[0]]
    [(1, 'education', 'Education'), (3, 'publications', 'Toy Science Publications'), (5, 'skills', 'Skills')]
    """
    if not found:
        return found, []
    line_styles = _LineStyles(lines)
    styles = _document_styles(lines, line_styles, found)
    taken = {i for index, match in found for i in range(index, index + match.lines_used)}
    stripped = [line.text.strip() for line in lines]
    counts = Counter(stripped)
    added: list[tuple[int, HeadingMatch]] = []
    warnings: list[Warning] = []
    table = heading_table()
    first = found[0][0]
    for index in range(len(lines)):
        line = lines[index]
        text = stripped[index]
        if index in taken or not text or line.bullet:
            continue
        if index < first and (len(text) > MAX_HEADING_CHARS or line_styles[index] not in styles):
            continue  # above the first known heading: the name and contacts, unless so styled
        if (
            counts[text] > 1  # a label every entry repeats ("Research Interest"), no section
            or not is_heading_shaped(text)
        ):
            continue
        style = line_styles[index]
        if style is None and PLAIN in styles and _is_short_plain_line(lines, index):
            style = PLAIN  # a short line alone, in a document of plain headings
        if style is not None and style not in styles:
            continue  # set in a style no heading has: a heading of none of the ways below
        key = match_heading_loosely(text) or _research_key(text, lines, index, taken)
        if (style is None and key is not SectionKind.PUBLICATIONS) or is_institution(text):
            continue  # "Toy University of Technology": an entry's place, no heading
        if style is not None and key is not None:
            if is_sublist_title(text, table):
                continue
            block = _block_after(lines, index, taken, line_styles if style is PLAIN else None)
            if key in DATED_KEYS and not holds_date_range(block):
                continue  # positions and degrees have dates: "Work in progress" is no job list
            added.append((index, HeadingMatch(key, strip_heading(text, collapse=False), 1)))
        elif (
            key is SectionKind.PUBLICATIONS
            and index > 0
            and lines[index - 1].is_blank
            and _heads_work_list(lines, index, found)
        ):  # "Toy Science Publications" / "Conference Papers": a list of sub-lists
            added.append((index, HeadingMatch(key, strip_heading(text, collapse=False), 1)))
        elif (
            (
                key is SectionKind.PUBLICATIONS
                and style is None
                and (
                    _stands_alone(lines, index)
                    or _heads_from_within(lines, index, _enclosing_key(found, added, index))
                )
                or key is None  # set in a heading style (a plain line without one is passed)
                and _enclosing_key(found, added, index) not in WORK_LISTS
                and not is_sublist_title(text, table)
            )
            and _stands_apart(lines, index)
            and is_publication_block(_block_after(lines, index, taken))
        ):
            heading = strip_heading(text, collapse=False)
            added.append((index, HeadingMatch(SectionKind.PUBLICATIONS, heading, 1)))
            if key is None:  # no heading word: the block says what the section is
                warnings.append(
                    Warning(
                        code=WarningCode.HEADING_INFERRED,
                        message=f"a list of publications under {heading!r}: read as publications",
                        line=line.no,
                    )
                )
    chosen = _section_styles(lines, line_styles, styles, [*found, *added])
    if chosen:
        first = found[0][0]
        taken |= {at for at, _ in added}
        added.extend(_level_headings(lines, line_styles, chosen, first, taken, counts))
    level = _section_level(chosen)
    if level:
        found = _drop_repeated_labels(lines, level, found, added, counts)
    return sorted([*found, *added], key=lambda pair: pair[0]), warnings


def _drop_repeated_labels(
    lines: Sequence[Line],
    level: int,
    found: list[tuple[int, HeadingMatch]],
    added: list[tuple[int, HeadingMatch]],
    counts: dict[str, int],
) -> list[tuple[int, HeadingMatch]]:
    """``found`` without the known headings set below the section ``level`` that the document
    repeats, outside a list of works: ``### 研究成果`` under every ``## 研究方向 …`` is a
    label each entry repeats, while ``### Journals`` under two lists of papers is a sub-list.
    """
    sections = sorted(
        (index, match) for index, match in [*found, *added] if lines[index].md_level <= level
    )
    kept: list[tuple[int, HeadingMatch]] = []
    for index, match in found:
        line = lines[index]
        if line.md_level > level and counts[line.text.strip()] > 1:
            above = [pair for pair in sections if pair[0] < index]
            if above and above[-1][1].key not in WORK_LISTS:
                continue
        kept.append((index, match))
    return kept


#: A style other than a markdown level is a section style when it sets at least this many
#: known headings, and they are at least three in four of its lines.
MIN_STYLE_HEADINGS = 3


def _section_styles(
    lines: Sequence[Line],
    line_styles: Sequence[Style | None],
    styles: set[Style],
    headings: list[tuple[int, HeadingMatch]],
) -> set[Style]:
    """The styles of ``styles`` that set little but headings, so that every line set that way
    is a section: the shallowest markdown (or HTML) level when known headings are at least
    half of its lines; another style (bold capitals, a PDF's heading size in bold) when they
    are at least :data:`MIN_STYLE_HEADINGS` and three in four of its lines. Not a type that
    contact lines, employers and an entry's sub-titles share with the headings.

    >>> lines = [Line(1, "Education", md_level=2), Line(2, "Toy U"), Line(3, "Garden", md_level=2)]
    >>> found = [(0, HeadingMatch(SectionKind.EDUCATION, "Education", 1))]
    >>> _section_styles(lines, [heading_style(l) for l in lines], {_level_style(2)}, found) == {_level_style(2)}
    True
    """
    chosen: set[Style] = set()
    level = _section_level(styles)
    if level:
        total = sum(line.md_level == level for line in lines)
        known = sum(lines[index].md_level == level for index, _ in headings)
        if 2 * known >= total:
            chosen.add(_level_style(level))
    others = {style for style in styles if style != PLAIN and style != _level_style(style.md_level)}
    if not others:
        return chosen
    totals: dict[Style, int] = {}
    for style in line_styles:
        if style in others:
            totals[style] = totals.get(style, 0) + 1
    knowns: dict[Style, int] = {}
    for index, match in headings:
        style = heading_style(lines[index])
        if style in others and match.lines_used == 1 and not match.rest:
            knowns[style] = knowns.get(style, 0) + 1
    for style in others:
        known = knowns.get(style, 0)
        if known >= MIN_STYLE_HEADINGS and 4 * known >= 3 * totals.get(style, 0):
            chosen.add(style)
    return chosen


def _section_level(styles: set[Style]) -> int:
    """The shallowest markdown heading level that the document's known headings share when
    set as nothing but that level (0 when they share none).

    >>> _section_level({_level_style(3), _level_style(2)}), _section_level(set())
    (2, 0)
    """
    levels = [style.md_level for style in styles if style == _level_style(style.md_level)]
    return min(levels, default=0)


def _level_headings(
    lines: Sequence[Line],
    line_styles: Sequence[Style | None],
    chosen: set[Style],
    first: int,
    taken: set[int],
    counts: dict[str, int],
) -> list[tuple[int, HeadingMatch]]:
    """The lines set in a section style (:func:`_section_styles`) that no lexicon knows: each
    is a section too, whatever its words (``## 学习情况`` among ``## 教育背景`` and ``## 论文``,
    ``Academic Research`` among bold ``Education`` and ``Skills``). Its key is read from its
    words when they tell, else ``other``. Above the ``first`` known heading only a markdown
    level counts (the name is set in the headings' bold)."""
    table = heading_table()
    added: list[tuple[int, HeadingMatch]] = []
    for index, line in enumerate(lines):
        text = line.text.strip()
        style = line_styles[index] if text else None
        if (
            style not in chosen
            or index in taken
            or (index < first and style != _level_style(line.md_level))
            or counts[text] > 1
            or not is_heading_shaped(text)
            or is_sublist_title(text, table)
            or is_institution(text)
            or _follows_heading(lines, line_styles, index, chosen)
            or not _has_body(lines, line_styles, index, chosen)
        ):
            continue
        key = match_heading_loosely(text) or SectionKind.OTHER
        if key in DATED_KEYS and not holds_date_range(_block_after(lines, index, taken)):
            continue  # positions and degrees have dates: "Work in progress" is no job list
        added.append((index, HeadingMatch(key, strip_heading(text, collapse=False), 1)))
    return added


def _follows_heading(
    lines: Sequence[Line], line_styles: Sequence[Style | None], index: int, chosen: set[Style]
) -> bool:
    """The last line of content above ``lines[index]`` is a markdown heading or set in a
    section style: the line is its sub-heading (``## Publications`` / ``## Work in
    Progress``), not a section of its own.

    >>> lines = [Line(1, "Papers", md_level=2), Line(2, ""), Line(3, "Drafts")]
    >>> _follows_heading(lines, [heading_style(line) for line in lines], 2, set())
    True
    """
    above = next((i for i in range(index - 1, -1, -1) if not lines[i].is_blank), None)
    return above is not None and (lines[above].md_level > 0 or line_styles[above] in chosen)


def _has_body(
    lines: Sequence[Line], line_styles: Sequence[Style | None], index: int, chosen: set[Style]
) -> bool:
    """The next line of content under ``lines[index]`` is body text or a deeper heading, not
    another line of a section style or of its level (a run of such lines is a list set
    large).

    >>> lines = [Line(1, "Toys", md_level=2), Line(2, "Kites", md_level=2)]
    >>> _has_body(lines, [heading_style(line) for line in lines], 0, {_level_style(2)})
    False
    """
    at = next((i for i in range(index + 1, len(lines)) if not lines[i].is_blank), None)
    if at is None or line_styles[at] in chosen:
        return False
    after = lines[at]
    level = lines[index].md_level
    return not level or after.md_level == 0 or after.md_level > level


def _level_style(level: int) -> Style:
    """The style of a line set only as a markdown heading of ``level``.

    >>> _level_style(2).md_level, _level_style(2).bold
    (2, False)
    """
    return Style(md_level=level, bold=False, caps=False, bracketed=False, numbered=False)


def _document_styles(
    lines: Sequence[Line],
    line_styles: Sequence[Style | None],
    found: list[tuple[int, HeadingMatch]],
) -> set[Style]:
    """The styles at least :data:`MIN_STYLED_HEADINGS` whole-line known headings share."""
    counts: dict[Style, int] = {}
    for index, match in found:
        if match.lines_used == 1 and not match.rest and not lines[index].bullet:
            style = line_styles[index] or PLAIN
            counts[style] = counts.get(style, 0) + 1
    return {style for style, count in counts.items() if count >= MIN_STYLED_HEADINGS}


def _is_short_plain_line(lines: Sequence[Line], index: int) -> bool:
    """A plain line short enough to be a heading of a document whose headings are plain
    lines, with content under it: in an unspaced language at most :data:`MAX_PLAIN_CHARS`
    characters; in a spaced one at most :data:`MAX_PLAIN_WORDS` words in Title Case set off
    by blank lines above and below (a role or a sub-list title runs on into its lines).

    >>> lines = [Line(1, "技能清单"), Line(2, "Python、C++")]
    >>> _is_short_plain_line(lines, 0), _is_short_plain_line(lines, 1)
    (True, False)
    >>> lines = [Line(1, ""), Line(2, "Coding Skills"), Line(3, ""), Line(4, "C, Python")]
    >>> _is_short_plain_line(lines, 1)
    True
    """
    text = lines[index].text.strip()
    if index + 1 >= len(lines) or lines[index].bullet:
        return False
    if not route(text).spaced:
        return not lines[index + 1].is_blank and len(text) <= MAX_PLAIN_CHARS
    words = text.split()
    return (
        len(words) <= MAX_PLAIN_WORDS
        and all(word[:1].isupper() for word in words)
        and index > 0
        and lines[index - 1].is_blank
        and lines[index + 1].is_blank
        and index + 2 < len(lines)
        and not lines[index + 2].is_blank
    )


def _heads_work_list(
    lines: Sequence[Line], index: int, found: list[tuple[int, HeadingMatch]]
) -> bool:
    """The next line of content after ``lines[index]`` is a known heading of a list of
    works (``Conference Papers``): ``lines[index]`` heads the lists under it."""
    after = next((i for i in range(index + 1, len(lines)) if not lines[i].is_blank), None)
    return after is not None and any(at == after and m.key in WORK_LISTS for at, m in found)


def _stands_alone(lines: Sequence[Line], index: int) -> bool:
    """A blank line before, and a line of content after."""
    return (
        index > 0
        and lines[index - 1].is_blank
        and index + 1 < len(lines)
        and not lines[index + 1].is_blank
    )


def _heads_from_within(lines: Sequence[Line], index: int, enclosing: SectionKind | None) -> bool:
    """A short plain line with content under it, no blank line above (a PDF's text has none),
    inside a section that is no list of works, in no brackets: a list of papers set in a
    section of another kind under a title of its own (``学术服务`` ... ``发表论文情况``); the
    caller asks that the line above ends an entry and that the block under it is papers.
    (``(Cover Paper)`` under a paper is a note on it, in brackets, inside a list of works.)

    >>> lines = [Line(1, "Reviewer, ToyConf 2022."), Line(2, "Selected Papers"), Line(3, "A. Lee. T. 2024.")]
    >>> _heads_from_within(lines, 1, SectionKind.SERVICE), _heads_from_within(lines, 1, SectionKind.PUBLICATIONS)
    (True, False)
    """
    text = lines[index].text.strip()
    if enclosing in WORK_LISTS or text[:1] in _OPENING_BRACKETS or index + 1 >= len(lines):
        return False
    if lines[index + 1].is_blank or lines[index].bullet:
        return False
    if route(text).spaced:
        return len(text.split()) <= MAX_PLAIN_WORDS
    return len(text) <= MAX_PLAIN_CHARS


#: Brackets a note on an entry opens with.
_OPENING_BRACKETS = "(（"


def _enclosing_key(
    found: list[tuple[int, HeadingMatch]], added: list[tuple[int, HeadingMatch]], index: int
) -> SectionKind | None:
    """The key of the section the line at ``index`` stands in so far."""
    above = [(at, match) for at, match in [*found, *added] if at < index]
    return max(above, key=lambda pair: pair[0])[1].key if above else None


def _stands_apart(lines: Sequence[Line], index: int) -> bool:
    """The line is no part of an entry: the line before it ends one (or is blank, or there is
    none), and the line after it opens content."""
    before = lines[index - 1].text.rstrip() if index > 0 else ""
    return not before or before[-1] in '.。)）]】"”' or before[-1].isdigit()


def _research_key(
    text: str, lines: Sequence[Line], index: int, taken: set[int]
) -> SectionKind | None:
    """The key of a heading that is the word for research alone (``Research``, ``研究``): what
    its block holds decides, positions with date ranges (``research_experience``), bulleted
    works (``projects``) or the owner's research described (``research_interests``); None
    for any other text.

    >>> lines = [Line(1, "Research"), Line(2, "2019 - 2023 Toy Lab, research assistant")]
    >>> _research_key("Research", lines, 0, set()).value
    'research_experience'
    >>> _research_key("Toy Research", lines, 0, set()) is None
    True
    """
    if lexicon_key(strip_heading(text)) not in research_words():
        return None
    block = _block_after(lines, index, taken)
    if holds_date_range(block):
        return SectionKind.RESEARCH_EXPERIENCE
    return SectionKind.PROJECTS if _lists_works(block) else SectionKind.RESEARCH_INTERESTS


#: A bulleted item that describes a work (a project, a system) has at least this many words;
#: an item of a list of interests is a topic of a few.
MIN_WORK_ITEM_WORDS = 8
#: ... and there are at least this many such items.
MIN_WORK_ITEMS = 2


def _lists_works(block: Sequence[Line]) -> bool:
    """Most of the block's lines are bulleted items that each describe a work
    (``• Fast Toys: quiet queues for loud toys in small shops``), not a paragraph of prose
    or a list of topics (``• Toy networks``).

    >>> item = Line(1, "Fast Toys: quiet queues for loud toys in small shops", bullet=True)
    >>> topics = [Line(1, "Toy networks", bullet=True)] * 2
    >>> _lists_works([item, item]), _lists_works(topics)
    (True, False)
    """
    content = [line for line in block if not line.is_blank]
    items = [line for line in content if line.bullet]
    if len(items) < MIN_WORK_ITEMS or 3 * len(items) < len(content):
        return False  # (an item wraps: its lines after the first carry no bullet)
    long_items = sum(len(line.text.split()) >= MIN_WORK_ITEM_WORDS for line in items)
    return 2 * long_items > len(items)


def _block_after(
    lines: Sequence[Line],
    index: int,
    taken: set[int],
    plain_styles: Sequence[Style | None] | None = None,
) -> list[Line]:
    """The lines under ``lines[index]`` up to the next known heading; under a plain heading
    (``plain_styles``: the lines' styles), also up to the next short plain line with heading
    words (the next heading, likely)."""
    block: list[Line] = []
    for position in range(index + 1, len(lines)):
        if position in taken:
            break
        if (
            plain_styles is not None
            and plain_styles[position] is None
            and _is_short_plain_line(lines, position)
            and match_heading_loosely(lines[position].text.strip()) is not None
        ):
            break
        block.append(lines[position])
    return block
