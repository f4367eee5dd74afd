"""Cutting a document into sections at its headings.

Lines before the first heading form the unlabeled ``profile`` block. A short ALL-CAPS line
that the lexicons do not know, in a place where headings stand, is a heading too: its key is
read from its heading words or from what its block holds (``heading_inferred``), else it
opens an ``other`` section with an ``unknown_heading`` warning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from bilingual_cv.lang import ITEM_START_RE, route
from bilingual_cv.lang.heading_text import is_caps, strip_heading
from bilingual_cv.lang.headings import heading_table, list_subheadings, match_heading_loosely
from bilingual_cv.lexicon import lexicon_key, load_ccf_markers
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.publications.patent_numbers import read_number_line
from bilingual_cv.schema import SectionKind, Warning, WarningCode
from bilingual_cv.sections.blocks import holds_date_range, is_publication_block
from bilingual_cv.sections.headings import (
    CAPS_LINE_RE,
    MAX_CJK_HEADING_CHARS,
    HeadingMatch,
    find_heading,
)
from bilingual_cv.sections.setext import mark_setext_headings
from bilingual_cv.sections.styled import DATED_KEYS, find_styled_headings, heading_style
from bilingual_cv.sections.unheaded import split_unheaded_lists

#: Keys whose sub-headings are sections of their own (SCHEMA.md: publication sub-headings).
LIST_KEYS = frozenset({SectionKind.PUBLICATIONS, SectionKind.PATENTS})


#: A line of capitals with at least this many words inside a publication list is a topic.
MIN_TOPIC_WORDS = 3


#: The number opening a list entry: "8. ", "[8] ", "(8) ", "8、".
_ENTRY_NUMBER_RE = re.compile(r"^\s*[\[(（]?(\d{1,3})(?:[\])）.、]\s*|\.?\s+)(?=\S)")


#: A count closing a sub-list's title: "（8 篇）", "(共 3 项)", "(12 papers)", "(5)".
_COUNT_RE = re.compile(
    r"[(（]\s*(?:共\s*)?\d{1,3}\s*(?:篇|项|本|件|部|papers?|articles?|items?|entries)?\s*[)）]\s*$"
)


#: How far above a wrapped line the number of its entry may be.
MAX_ENTRY_LINES = 8


def split_sections(lines: Sequence[Line]) -> tuple[list[RawSection], list[Warning]]:
    """Cut a document into sections at its headings.

    Lines before the first heading form the unlabeled ``profile`` block. A heading with the
    same key as the section it sits in opens a sub-list, not a section, except for
    publication lists, whose sub-headings are sections of their own.

    >>> from bilingual_cv.clean import clean_text
    >>> text = "Ann Lee\\nann@uni.edu\\n\\nEDUCATION\\nPh.D., 2020\\n\\n## Service\\n## Organizer\\nChair"
    >>> sections, warnings = split_sections(clean_text(text).lines)
    >>> [(s.key.value, s.heading, s.start_line, s.end_line) for s in sections]
    [('profile', None, 1, 2), ('education', 'EDUCATION', 4, 5), ('service', 'Service', 7, 9)]
    """
    lines = mark_setext_headings(lines)  # "Education" / "---------": a markdown heading
    table = heading_table()
    labels: dict[str, int] = {}
    found: list[tuple[int, HeadingMatch]] = []
    warnings: list[Warning] = []
    index = 0
    seen: frozenset[SectionKind] = frozenset(
        SectionKind
    )  # no bare one-word heading before any heading
    while index < len(lines):
        if lines[index].is_blank:  # no rule reads a heading in a blank line
            index += 1
            continue
        match = find_heading(lines, index, table, seen)
        if (
            match is not None
            and found
            and _is_plain_prefix(lines[index], match)
            and _follows_heading(lines, found[-1], index)
        ):
            match = (
                None  # "Experience" / "Undergraduate Research Assistant ...": a job, not a heading
            )
        if match is None and found and found[-1][1].key in LIST_KEYS:
            match = _match_list_subheading(lines[index]) or _match_restart_subheading(
                lines, index, found[-1]
            )
        if (
            match is not None
            and _COUNT_RE.search(match.heading) is None  # "其他论文（3 篇）" sizes a sub-list
            and _splits_numbered_list(lines, index, match)
        ):
            match = None  # "…Winter Simulation" / "Conference" / "8. …": a wrapped entry line
        if (
            match is None
            and found
            and found[-1][1].key in LIST_KEYS
            and heading_style(lines[index]) is not None
        ):  # "**Under Review**" / "[8] …": set as a heading, numbering that runs on across it
            match = _match_status_subheading(lines, index)
        if match is not None and _continues_line_above(lines, index):
            match = None  # "…results of" / "Publications in Toy Science": a wrapped line
        if match is not None and _ends_wrapped_sentence(lines, index, match):
            match = None  # "…三好学生等" / "荣誉.": the end of a sentence, not a heading
        if match is not None and match.rest and _is_entry_label(lines, match, labels):
            match = None  # "Research Interest: …" opening a line of every entry: a field
        if (
            match is not None
            and not (found and found[-1][0] == index - 1)  # "2. PAPERS" / "   Journals"
            and goes_on_item(lines, index)
        ):
            match = None  # "[2] KR 10-2345678<gap>Jul 2022" / "    TOY KITE METHOD": its title
        if match is None and found and _is_unknown_heading(lines, index):
            match, warning = _read_unknown_heading(lines, index)
            warnings.append(warning)
        if match is not None:
            nested = bool(found) and _is_nested(lines, found[-1], index, match)
            if not nested:
                found.append((index, match))
                # the keys found so far (kept as it grows: a rebuild per heading is quadratic)
                seen = frozenset({match.key}) if len(found) == 1 else seen | {match.key}
                index += match.lines_used
                continue
        index += 1
    found, styled_warnings = find_styled_headings(lines, found)
    found = _drop_tight_subheadings(lines, _drop_entry_tags(_drop_nested(lines, found)))
    sections, unheaded_warnings = split_unheaded_lists(_build_sections(lines, found))
    return sections, [*warnings, *styled_warnings, *unheaded_warnings]


#: Sentence stops: a heading does not end with one when the line before it runs on.
_SENTENCE_STOPS = (".", "。")


#: How a line that stops mid-sentence ends: a comma, a hyphen, an open bracket, a joining
#: word; the line under it carries on the same sentence.
_RUNS_ON_RE = re.compile(
    r"(?:[,，、\-‐–(（\[【&]|\b(?:and|or|of|in|on|for|to|the|a|an|with|at|by|from|via|und|et))$",
    re.IGNORECASE,
)


def goes_on_item(lines: Sequence[Line], index: int) -> bool:
    """The line goes on the list item whose first line is right above it, whatever its words
    (a title in capitals reads like a heading): it stands at the hanging indent of a numbered
    item's text, or the item's first line (numbered, bulleted or plain) holds only a patent's
    number and date (its title is under it). A markdown heading stays a heading.

    >>> above = Line(1, "[2] KR 10-2345678          Jul 2022")
    >>> goes_on_item([above, Line(2, "TOY KITE METHOD AND SYSTEM")], 1)
    True
    >>> above = Line(1, "[12] A. Lee. Toy kites. In ToyConf 2023.")
    >>> goes_on_item([above, Line(2, "TOY KITE SYSTEMS", indent=5)], 1)
    True
    >>> goes_on_item([above, Line(2, "TOY KITE SYSTEMS")], 1)
    False
    >>> goes_on_item([Line(1, "US 10,234,567 B2", bullet=True), Line(2, "TOY KITE REEL")], 1)
    True
    """
    line = lines[index]
    if index == 0 or line.md_level:
        return False
    above = lines[index - 1]
    label = _ENTRY_NUMBER_RE.match(above.text)
    if read_number_line(above.text[label.end() :] if label else above.text) is not None:
        return True
    if label is None:
        return False
    column = above.indent + label.end()  # where the item's text starts
    return line.indent > above.indent and abs(line.indent - column) <= 1


def _continues_line_above(lines: Sequence[Line], index: int) -> bool:
    """A plain line right under a line that stops mid-sentence carries that sentence on,
    whatever word it starts with: ``…pretend results of`` / ``Honors Students in Toy Science``
    is one sentence, no heading. A heading set off by markup (a markdown level, wholly bold)
    is read as one still.

    >>> _continues_line_above([Line(1, "Ann Lee, Bo Wu. A study of"), Line(2, "Awards in Toys.")], 1)
    True
    >>> _continues_line_above([Line(1, "Toy U, 2024."), Line(2, "Awards")], 1)
    False
    """
    line = lines[index]
    if index == 0 or line.md_level or (line.bold and line.is_bold(0, len(line.text.strip()))):
        return False
    return _RUNS_ON_RE.search(lines[index - 1].text.rstrip()) is not None


#: How a line that ends a sentence or an entry may end.
_LINE_ENDS = ".。!！?？;；:：)）]】\"”'’"


def _ends_wrapped_sentence(lines: Sequence[Line], index: int, match: HeadingMatch) -> bool:
    """A one-line heading word ending with a full stop right under a line that runs on
    (no stop at its end) is the tail of a wrapped sentence: ``…学生等`` / ``荣誉.``.

    >>> lines = [Line(1, "曾多次获得虚构大学三好学生等"), Line(2, "荣誉.")]
    >>> _ends_wrapped_sentence(lines, 1, HeadingMatch(SectionKind.AWARDS, "荣誉.", 1))
    True
    """
    if match.lines_used != 1 or match.rest or index == 0:
        return False
    if not lines[index].text.rstrip().endswith(_SENTENCE_STOPS):
        return False
    before = lines[index - 1].text.rstrip()
    return bool(before) and before[-1] not in _LINE_ENDS and not before[-1].isdigit()


def _is_entry_label(lines: Sequence[Line], match: HeadingMatch, labels: dict[str, int]) -> bool:
    """A heading before content on its line that opens two or more lines of the document as
    a label (a colon, a tab or an opening bracket after it: ``Research Interest: privacy``
    under each of several positions, ``论文《…》`` in a table) labels a field of every entry;
    a section's heading opens one line. ``labels`` memoizes the counts.

    >>> lines = [Line(1, "Research Interest: toys"), Line(2, "Toy U"), Line(3, "Research Interest: dolls")]
    >>> _is_entry_label(lines, HeadingMatch(SectionKind.RESEARCH_INTERESTS, "Research Interest", 1, "toys"), {})
    True
    >>> lines = [Line(1, "Education: Ph.D., Toy U"), Line(2, "Education Committee, Toy U")]
    >>> _is_entry_label(lines, HeadingMatch(SectionKind.EDUCATION, "Education", 1, "Ph.D."), {})
    False
    """
    heading = match.heading
    if heading not in labels:
        labels[heading] = sum(_opens_as_label(line.text, heading) for line in lines)
    return labels[heading] >= 2


#: What follows a label's words (after spaces): a colon or an opening bracket; or a tab.
_LABEL_ENDS = ":：《「【(（"


def _opens_as_label(text: str, heading: str) -> bool:
    """``text`` opens with ``heading`` as a label, as ``\\s*heading\\s*[:：\\t《「【(（]``
    reads it, without a pattern compiled for each heading.

    >>> _opens_as_label("  Research Interest : toys", "Research Interest")
    True
    >>> _opens_as_label("Research Interest\\ttoys", "Research Interest")
    True
    >>> _opens_as_label("Research Interests", "Research Interest")
    False
    """
    rest = text.lstrip()
    if not rest.startswith(heading):
        return False
    after = rest[len(heading) :]
    stripped = after.lstrip()
    return (stripped != "" and stripped[0] in _LABEL_ENDS) or "\t" in after[
        : len(after) - len(stripped)
    ]


#: A document sets its headings off with a blank line below when at least this many of its
#: plain headings have one, and more of them than not.
MIN_SPACED_HEADINGS = 3


def _drop_tight_subheadings(
    lines: Sequence[Line], found: list[tuple[int, HeadingMatch]]
) -> list[tuple[int, HeadingMatch]]:
    """The headings without the sub-headings of a plain document whose headings stand over a
    blank line: there a plain heading with its content right under it, under a heading with
    no body of its own (``Awards`` / blank / ``Scholarships`` / ``Toy Grant (2024)``), titles
    a sub-list of that section. Publication sub-headings stay sections.

    >>> lines = [Line(1, "Education"), Line(2, ""), Line(3, "Toy U"), Line(4, "Awards"),
    ...     Line(5, ""), Line(6, "Scholarships"), Line(7, "Toy Grant"), Line(8, "Skills"),
    ...     Line(9, ""), Line(10, "C")]
    >>> found = [(i, HeadingMatch(SectionKind.OTHER, lines[i].text, 1)) for i in (0, 3, 5, 7)]
    >>> [m.heading for _, m in _drop_tight_subheadings(lines, found)]
    ['Education', 'Awards', 'Skills']
    """
    plain = [
        index
        for index, match in found
        if match.lines_used == 1
        and not match.rest
        and match.key not in LIST_KEYS
        and heading_style(lines[index]) is None
        and index + 1 < len(lines)
    ]
    tight = {index for index in plain[1:] if not lines[index + 1].is_blank}
    spaced = len(plain) - len(tight)
    if spaced < MIN_SPACED_HEADINGS or spaced <= len(tight):
        return found
    kept: list[tuple[int, HeadingMatch]] = []
    container = False  # the last heading set off by a blank line has no body of its own
    for index, match in found:
        if index in tight and container:
            continue
        if index not in tight:
            first = next(
                (i for i in range(index + match.lines_used, len(lines)) if not lines[i].is_blank),
                None,
            )  # its body opens with a heading (one nested in it, or the next): it has none
            container = (
                not match.rest
                and first is not None
                and find_heading(lines, first, heading_table()) is not None
            )
        kept.append((index, match))
    return kept


def _drop_entry_tags(found: list[tuple[int, HeadingMatch]]) -> list[tuple[int, HeadingMatch]]:
    """The headings without runs of one wording repeated with no other heading between
    them (``Preprint`` / entry / ``Preprint`` / entry): a tag set before each entry of a
    list, not sections; its line stays in the list. A wording repeated under other headings
    (``Journals`` under each of two publication lists) is kept.

    >>> pub = lambda h: (0, HeadingMatch(SectionKind.PUBLICATIONS, h, 1))
    >>> [m.heading for _, m in _drop_entry_tags([pub("Papers"), pub("Preprint"), pub("Preprint")])]
    ['Papers']
    """
    kept: list[tuple[int, HeadingMatch]] = []
    for position, (index, match) in enumerate(found):
        repeated = any(
            0 <= other < len(found) and found[other][1].heading == match.heading
            for other in (position - 1, position + 1)
        )
        if not (repeated and match.lines_used == 1 and not match.rest):
            kept.append((index, match))
    return kept


def _drop_nested(
    lines: Sequence[Line], found: list[tuple[int, HeadingMatch]]
) -> list[tuple[int, HeadingMatch]]:
    """The headings without those nested in the section before them (:func:`_is_nested`)."""
    kept: list[tuple[int, HeadingMatch]] = []
    for index, match in found:
        if not kept or not _is_nested(lines, kept[-1], index, match):
            kept.append((index, match))
    return kept


def _is_unknown_heading(lines: Sequence[Line], index: int) -> bool:
    """A short ALL-CAPS line standing alone after a blank line: a heading we do not know."""
    text = lines[index].text.strip()
    if not CAPS_LINE_RE.match(text) or lines[index].bullet:
        return False
    words = text.split()
    letters = sum(map(str.isalpha, text))
    previous_blank = index == 0 or lines[index - 1].is_blank
    return previous_blank and 2 <= len(words) <= 4 and letters >= 6


#: The block under an unknown heading is read for at most this many lines.
MAX_BLOCK_LINES = 40


def _read_unknown_heading(lines: Sequence[Line], index: int) -> tuple[HeadingMatch, Warning]:
    """The key of an unknown heading in capitals (:func:`_is_unknown_heading`): by its heading
    words when it holds some (``PARTICIPATED PROJECTS``; a key of dated entries only over
    dates), else by what its block holds (a list of papers, with no date range of a post,
    is ``publications``), else
    ``other``. A key so read is ``heading_inferred``; no key is ``unknown_heading``.

    >>> lines = [Line(1, "PARTICIPATED PROJECTS"), Line(2, "[1] A toy study, 2020")]
    >>> match, warning = _read_unknown_heading(lines, 0)
    >>> match.key.value, warning.code.value
    ('projects', 'heading_inferred')
    """
    line = lines[index]
    text = line.text.strip()
    block = _block_under(lines, index)
    key = match_heading_loosely(text)
    if key in DATED_KEYS and not holds_date_range(block):
        key = None  # positions and degrees have dates
    how = "by its words"
    if key is None and not holds_date_range(block) and is_publication_block(block):
        key, how = SectionKind.PUBLICATIONS, "by the papers under it"
    if key is None:
        message = f"heading not in the lexicons: {text!r}"
        match = HeadingMatch(SectionKind.OTHER, text, 1, known=False)
        return match, Warning(code=WarningCode.UNKNOWN_HEADING, message=message, line=line.no)
    message = f"heading not in the lexicons: {text!r}, read as {key.value} {how}"
    match = HeadingMatch(key, text, 1, known=False)
    return match, Warning(code=WarningCode.HEADING_INFERRED, message=message, line=line.no)


def _block_under(lines: Sequence[Line], index: int) -> list[Line]:
    """The lines under ``lines[index]`` up to the next line in capitals after a blank line
    (the next heading, likely), at most :data:`MAX_BLOCK_LINES`."""
    block: list[Line] = []
    for position in range(index + 1, min(len(lines), index + 1 + MAX_BLOCK_LINES)):
        if lines[position - 1].is_blank and CAPS_LINE_RE.match(lines[position].text.strip()):
            break
        block.append(lines[position])
    return block


def _style(lines: Sequence[Line], index: int, match: HeadingMatch) -> tuple[int, bool]:
    return lines[index].md_level, is_caps(match.heading)


def _is_nested(
    lines: Sequence[Line], current: tuple[int, HeadingMatch], index: int, match: HeadingMatch
) -> bool:
    """A heading of the current section's kind set in a weaker style opens a sub-list
    (``PROFESSIONAL SERVICES`` / ``Community Services``); in the same style it is a sibling
    (``ACADEMIC APPOINTMENTS`` / ``INDUSTRY EXPERIENCE``), unless it comes right under the
    section's heading (``Academic Service`` / ``Reviewing:``: the section's first sub-list);
    with content after it on its line it is a field of the section (``学历：硕士``).
    Publication sub-headings are always sections."""
    if current[1].key != match.key or match.key in LIST_KEYS:
        return False
    if match.rest:
        return True  # a form field inside its own section: "教育背景" / "学历：硕士研究生"
    if _follows_heading(lines, current, index):
        return True  # "Academic Service" / "Reviewing:": the first sub-list of the section
    return _style(lines, *current) != _style(lines, index, match)


#: An entry numbered one: ``[1]``, ``1.``, ``(1)``, ``1)``.
_FIRST_ENTRY_RE = re.compile(r"^\s*(?:\[1\]|\(1\)|1[.)、](?!\d))")
#: A sub-list's title is at most this many words.
MAX_SUBLIST_WORDS = 6


def _match_restart_subheading(
    lines: Sequence[Line], index: int, current: tuple[int, HeadingMatch]
) -> HeadingMatch | None:
    """A short plain line right over an entry numbered one, inside a list of works, where the
    list starts or its numbering starts again: the title of a sub-list, whatever its words
    (``International Registrations`` / ``[1] US …``, ``PhD thesis`` / ``1. …``).

    >>> lines = [Line(1, "Patents"), Line(2, "Granted Ones"), Line(3, "[1] US 123, Toy lock"),
    ...     Line(4, "Pending Ones"), Line(5, "[1] US 456, Toy key")]
    >>> current = (0, HeadingMatch(SectionKind.PATENTS, "Patents", 1))
    >>> [_match_restart_subheading(lines, i, current) is not None for i in (1, 3, 4)]
    [True, True, False]
    """
    line = lines[index]
    text = line.text.strip()
    words = text.split()
    if (
        line.bullet
        or not 0 < len(words) <= MAX_SUBLIST_WORDS
        or not (text[0].isupper() or not route(text[:1]).spaced)
        or text[-1] in _LINE_ENDS + ",，"
        or any(map(str.isdigit, text))
    ):
        return None
    after = next((i for i in range(index + 1, len(lines)) if not lines[i].is_blank), None)
    if after is None or not _FIRST_ENTRY_RE.match(lines[after].text):
        return None
    above = [i for i in range(current[0] + current[1].lines_used, index) if not lines[i].is_blank]
    if above and not any(ITEM_START_RE.match(lines[i].text) for i in above):
        return None  # text above the list that no entry opens: a sentence, not a sub-list
    if match_heading_loosely(text) not in (None, *LIST_KEYS):
        return None  # "## 学术会议报告": a section of another kind, found by its style
    return HeadingMatch(current[1].key, strip_heading(text, collapse=False), 1)


def _match_status_subheading(lines: Sequence[Line], index: int) -> HeadingMatch | None:
    """A short line that names a status of works (``Under Review``, ``进行中的工作 / 审稿中``)
    right over a numbered entry inside a list of works: the title of its sub-list of papers.

    >>> lines = [Line(1, "Drafts / 审稿中"), Line(2, "[8] A. Lee. Toys. 2025.")]
    >>> _match_status_subheading(lines, 0).heading
    'Drafts / 审稿中'
    """
    text = lines[index].text.strip()
    if (
        lines[index].bullet
        or not text
        or len(text) > MAX_CJK_HEADING_CHARS
        or text[-1] in _LINE_ENDS + ",，"
        or any(map(str.isdigit, text))
    ):
        return None
    after = next((i for i in range(index + 1, len(lines)) if not lines[i].is_blank), None)
    if after is None or not ITEM_START_RE.match(lines[after].text) or not _names_status(text):
        return None
    return HeadingMatch(SectionKind.PUBLICATIONS, strip_heading(text, collapse=False), 1)


def _names_status(text: str) -> bool:
    """``text`` holds a status word of works not out yet (``lexicons/ccf/markers.yaml``):
    whole words in Latin text, anywhere in Chinese.

    >>> _names_status("Papers Under Review"), _names_status("Reviewing"), _names_status("审稿中")
    (True, False, True)
    """
    key = f" {lexicon_key(text)} "
    return any(
        (f" {word} " in key) if word.isascii() else (word in key) for word in _status_words()
    )


@cache
def _status_words() -> tuple[str, ...]:
    return tuple(lexicon_key(word) for word in load_ccf_markers().preprint)


def _match_list_subheading(line: Line) -> HeadingMatch | None:
    """``Journals`` or ``期刊`` alone on its line inside a publication list, a topic in
    capitals (``SECURE STORAGE SYSTEMS``), or words of works with a count after them
    (``第一作者论文（8 篇）``): a sub-heading.

    >>> _match_list_subheading(Line(5, "Journals")).heading
    'Journals'
    >>> _match_list_subheading(Line(5, "第一作者论文（8 篇）")).heading
    '第一作者论文（8 篇）'
    """
    text = line.text.strip()
    if line.bullet:
        return None
    if CAPS_LINE_RE.match(text) and len(text.split()) >= MIN_TOPIC_WORDS:
        # a topic over part of the list: "MACHINE LEARNING AND SYSTEMS" (no venue or author
        # line is three words of capitals with no digit or comma)
        return HeadingMatch(SectionKind.PUBLICATIONS, text, 1)
    if len(text) > MAX_CJK_HEADING_CHARS:
        return None
    if lexicon_key(strip_heading(text)) in list_subheadings():
        return HeadingMatch(SectionKind.PUBLICATIONS, strip_heading(text, collapse=False), 1)
    count = _COUNT_RE.search(text)
    if count is None or count.start() == 0:
        return None
    words = text[: count.start()].strip()
    if any(map(str.isdigit, words)) or words[-1:] in ".,;。，；、":
        return None
    key = match_heading_loosely(words)
    if key not in LIST_KEYS:
        return None  # "第一作者论文（8 篇）", "Book Chapters (3)": a sub-list and its size
    return HeadingMatch(SectionKind.PUBLICATIONS, strip_heading(text, collapse=False), 1)


def _is_plain_prefix(line: Line, match: HeadingMatch) -> bool:
    """A heading found before content on its line by Title Case alone (no bold, capitals or
    markdown): the weakest sign, trusted only where a section can start."""
    if not match.rest or match.lines_used != 1 or line.md_level:
        return False
    end = len(line.text) - len(match.rest)
    return not line.is_bold(0, max(1, len(match.heading))) and not is_caps(line.text[:end])


def _follows_heading(lines: Sequence[Line], previous: tuple[int, HeadingMatch], index: int) -> bool:
    """The line comes right after the previous heading, with no body in between."""
    start, match = previous
    body = lines[start + match.lines_used : index]
    return not match.rest and all(line.is_blank for line in body)


#: A line that closes a citation: its year, then a full stop (``…, pages 1–14, 2020.``).
_CLOSED_BY_YEAR_RE = re.compile(r"\b(?:19|20)\d{2}[a-z]?\)?\.\s*$")


def _splits_numbered_list(lines: Sequence[Line], index: int, match: HeadingMatch) -> bool:
    """The one-line heading stands between list entries numbered n and n + 1, right before
    n + 1 or right under the line that opens n: it is a line of entry n (its end wrapped
    onto a line of its own, or its title under its number), not a heading.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("7. Ann Lee, Toys, Winter Toy\\nConference\\n8. Bo Wu, Toys").lines
    >>> _splits_numbered_list(lines, 1, HeadingMatch(SectionKind.PUBLICATIONS, "Conference", 1))
    True
    >>> lines = clean_text("7. Ann Lee, Toys, 2020.\\nJournal Articles\\n8. Bo Wu, Toys").lines
    >>> _splits_numbered_list(lines, 1, HeadingMatch(SectionKind.PUBLICATIONS, "Journal Articles", 1))
    False
    >>> lines = clean_text("[1] US 123 Oct 2018\\nTOY METHOD AND SYSTEM\\nToy Inc.\\n[2] US 456").lines
    >>> _splits_numbered_list(lines, 1, HeadingMatch(SectionKind.PUBLICATIONS, "TOY METHOD AND SYSTEM", 1))
    True
    """
    if match.lines_used != 1 or lines[index].md_level:
        return False
    if index and _CLOSED_BY_YEAR_RE.search(lines[index - 1].text):
        return False  # "…SIGCOMM, pages 1–14, 2020." / "Journal Articles" / "3. …": it ended
    above = next(
        (
            (i, found)
            for i in range(index - 1, max(-1, index - MAX_ENTRY_LINES - 1), -1)
            if (found := _ENTRY_NUMBER_RE.match(lines[i].text)) is not None
        ),
        None,
    )
    if above is None:
        return False
    at, number = above
    below = range(index + 1, min(len(lines), index + 1 + MAX_ENTRY_LINES))
    if at < index - 1:  # entry n is above: the heading must stand right before n + 1
        below = range(index + 1, len(lines))
    for i in below:
        if lines[i].is_blank and at < index - 1:
            continue
        after = _ENTRY_NUMBER_RE.match(lines[i].text)
        if after is not None:
            return int(after.group(1)) == int(number.group(1)) + 1
        if at < index - 1:
            return False  # the first line of content after it opens no entry
    return False


def _build_sections(
    lines: Sequence[Line], found: list[tuple[int, HeadingMatch]]
) -> list[RawSection]:
    sections: list[RawSection] = []
    first = found[0][0] if found else len(lines)
    top_last = _last_content(lines, 0, first)
    if top_last is not None:
        top_first = next(i for i in range(first) if not lines[i].is_blank)
        sections.append(
            RawSection(
                SectionKind.PROFILE,
                None,
                lines[top_first].no,
                lines[top_last].no,
                tuple(lines[:first]),
            )
        )
    for position, (index, match) in enumerate(found):
        end = found[position + 1][0] if position + 1 < len(found) else len(lines)
        body_start = index + match.lines_used
        body = list(lines[body_start:end])
        if match.rest:
            anchor = lines[index + match.lines_used - 1]
            body.insert(0, Line(anchor.no, match.rest, anchor.origin, 0, (), False))
        last = _last_content(lines, body_start, end)
        if last is None:  # no body: the section ends with its heading
            last = index + match.lines_used - 1
        previous = sections[-1] if sections else None
        parent: str | None = None
        if match.key in LIST_KEYS and previous is not None and previous.key in LIST_KEYS:
            container = not any(not line.is_blank for line in previous.lines)
            parent = previous.heading if container else previous.parent
        sections.append(
            RawSection(
                key=match.key,
                heading=match.heading,
                start_line=lines[index].no,
                end_line=lines[last].no,
                lines=tuple(body),
                parent=parent,
            )
        )
    return sections


def _last_content(lines: Sequence[Line], start: int, end: int) -> int | None:
    """Index of the last non-blank line of ``lines[start:end]``, None when all are blank;
    looked for from the end (a section's body is not read line by line).

    >>> _last_content([Line(1, "PhD"), Line(2, "2019"), Line(3, "")], 0, 3)
    1
    """
    return next((i for i in range(end - 1, start - 1, -1) if not lines[i].is_blank), None)
