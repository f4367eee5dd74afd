"""Lists with no heading: a block of publications inside a section of another kind.

A CV may set its papers right after its degrees or its positions with no heading over them
(or under a heading the reader lost). In a section whose own entries cite no works
(:data:`SEARCHED`), a block of lines (between blank lines) that holds a list
of publications (:func:`~bilingual_cv.sections.blocks.is_publication_block`: citations with
author lists and years) is a publication list whatever section it stands in: it becomes a
``publications`` section with no heading, and a ``heading_inferred`` warning. The blocks
after it that are not publications go back to the section it was cut from, under no heading.
A section of such a kind (or of projects or other) whose whole body is a list of publications
is one, under its heading (``heading_inferred``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bilingual_cv.entries.degrees import find_degree
from bilingual_cv.lang import ITEM_START_RE, route
from bilingual_cv.lang.dates import YEAR_RE
from bilingual_cv.lang.heading_text import strip_heading
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.schema import SectionKind, Warning, WarningCode
from bilingual_cv.sections.blocks import (
    MIN_CITATION_LINES,
    holds_date_range,
    is_publication_block,
)

__all__ = ["split_unheaded_lists"]

#: Sections searched: those whose own entries cite no works (talks, awards, service and
#: projects name papers and venues in their entries). The top block before the first heading
#: is searched past its first block, the owner's name and contacts: a list under a heading
#: the lexicons lack, first after them, stands there.
SEARCHED = frozenset(
    {
        SectionKind.PROFILE,
        SectionKind.EDUCATION,
        SectionKind.EXPERIENCE,
        SectionKind.RESEARCH_EXPERIENCE,
        SectionKind.RESEARCH_INTERESTS,
        SectionKind.SUMMARY,
        SectionKind.SKILLS,
    }
)


def split_unheaded_lists(
    sections: Sequence[RawSection],
) -> tuple[list[RawSection], list[Warning]]:
    """The sections with each block of publications inside a section of another kind cut
    out as a ``publications`` section with no heading (``heading_inferred``).

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("Ph.D., Toy U, 2024\\n\\nAnn Lee, Bo Wu. Toys. In NSDI 2024.\\n"
    ...     "Bo Wu, Ann Lee. Dolls. In SOSP 2023.\\n").lines
    >>> edu = RawSection(SectionKind.EDUCATION, "Education", 1, 4, tuple(lines))
    >>> sections, warnings = split_unheaded_lists([edu])
    >>> [(s.key.value, s.heading, s.start_line, s.end_line) for s in sections]
    [('education', 'Education', 1, 1), ('publications', None, 3, 4)]
    >>> [w.code.value for w in warnings]
    ['heading_inferred']
    """
    result: list[RawSection] = []
    warnings: list[Warning] = []
    for section in sections:
        if _holds_only_papers(section):
            result.append(dataclasses.replace(section, key=SectionKind.PUBLICATIONS))
            warnings.append(
                Warning(
                    code=WarningCode.HEADING_INFERRED,
                    message=f"a list of publications under {section.heading!r}: read as"
                    " publications",
                    line=section.start_line,
                )
            )
            continue
        parts = _cut(section) if section.key in SEARCHED else [section]
        result.extend(parts)
        warnings.extend(
            Warning(
                code=WarningCode.HEADING_INFERRED,
                message="a list of publications with no heading: read as publications",
                line=part.start_line,
            )
            for part in parts[1:]
            if part.key is SectionKind.PUBLICATIONS
        )
    return result, warnings


#: Sections whose heading's vote yields to a body of papers only: kinds whose entries are
#: no citations (positions, projects, skills ...). Awards, talks and service cite papers;
#: a list of degrees is never read as papers (:func:`_is_paper_list`), but the degrees under
#: an education heading are its own; the top block opens with the owner's name, no paper.
SETTLED = (SEARCHED - {SectionKind.EDUCATION, SectionKind.PROFILE}) | {
    SectionKind.PROJECTS,
    SectionKind.OTHER,
}


def _holds_only_papers(section: RawSection) -> bool:
    """A section of a kind in :data:`SETTLED` whose whole body, and the block right under its
    heading, is a list of publications with no date range of a post (``Peer-Reviewed Works``, ``科研项目与论文`` over papers):
    its heading named the wrong kind, or several.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("Ann Lee, Bo Wu. Toys. In NSDI 2024.\\nBo Wu, Ann Lee. Dolls. In SOSP 2023.").lines
    >>> _holds_only_papers(RawSection(SectionKind.EXPERIENCE, "Peer-Reviewed Works", 1, 3, lines))
    True
    """
    if section.key not in SETTLED or not _may_hold_papers(section.lines):
        return False
    blocks = _blocks(section.lines)
    first = section.lines[blocks[0][0] : blocks[0][1]]  # what the heading heads: papers too
    return (
        not holds_date_range(section.lines)
        and _is_paper_list(first)
        and _is_paper_list(section.lines)
    )


def _is_paper_list(lines: Sequence[Line]) -> bool:
    """A list of publications (:func:`is_publication_block`) in which no line names a
    degree: degrees with a year each (``M.S., Toy Science, Toy University, 2012``) read as
    citations, their fields and schools as authors.

    >>> _is_paper_list([Line(1, "M.S., Toy Science, Toy University, 2012"),
    ...     Line(2, "B.S., Doll Studies, Doll College, 2010")])
    False
    """
    return is_publication_block(lines) and not any(
        find_degree(line.text) is not None for line in lines
    )


def _blocks(lines: Sequence[Line]) -> list[tuple[int, int]]:
    """The runs of non-blank lines, as ``(start, end)`` indices (end exclusive)."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for position, line in enumerate(lines):
        if line.is_blank:
            if start is not None:
                runs.append((start, position))
                start = None
        elif start is None:
            start = position
    if start is not None:
        runs.append((start, len(lines)))
    return runs


def _may_hold_papers(lines: Sequence[Line]) -> bool:
    """Enough lines carry a year to hold :data:`MIN_CITATION_LINES` citations (a cheap test
    before the author lists are looked for)."""
    return sum(YEAR_RE.search(line.text) is not None for line in lines) >= MIN_CITATION_LINES


def _cut(section: RawSection) -> list[RawSection]:
    """``section`` cut before its first block of publications, and again after the run of
    such blocks; the parts after the first keep no heading."""
    blocks = _blocks(section.lines)
    kinds = [
        _may_hold_papers(section.lines[a:b]) and _is_paper_list(section.lines[a:b])
        for a, b in blocks[1:]  # the first block is the section's own (under its heading)
    ]
    if not any(kinds):
        return [section]
    first = kinds.index(True) + 1
    last = first
    while last + 1 < len(blocks) and kinds[last]:
        last += 1
    start = blocks[first][0]
    heading = _heading_line(section.lines[start])
    if heading is not None:  # "Scholarly Works" over the papers: their heading, as written
        start += 1
    cuts = [(0, blocks[first][0], section.key, section.heading)]
    cuts.append((start, blocks[last][1], SectionKind.PUBLICATIONS, heading))
    if last + 1 < len(blocks):
        rest = _cut(_part(section, blocks[last + 1][0], len(section.lines), section.key, None))
        return [*_parts(section, cuts), *rest]
    cuts[-1] = (start, len(section.lines), SectionKind.PUBLICATIONS, heading)
    return _parts(section, cuts)


#: A heading over a list is at most this long (characters).
MAX_HEADING_CHARS = 60


def _heading_line(line: Line) -> str | None:
    """The line's text when it reads as a heading over the list below it: short, no year,
    no sentence or list punctuation at its end, no item number; else None.

    >>> _heading_line(Line(3, "Scholarly Works")), _heading_line(Line(3, "Ann Lee. Toys. 2020."))
    ('Scholarly Works', None)
    """
    text = strip_heading(line.text, collapse=False)
    if (
        not text
        or len(text) > MAX_HEADING_CHARS
        or YEAR_RE.search(text)
        or ITEM_START_RE.match(line.text)
        or text.endswith((".", ",", ";", "。", "，", "；"))
        or not text[:1].isupper()
        and route(text[:1]).spaced
    ):
        return None
    return text


def _parts(
    section: RawSection, cuts: Sequence[tuple[int, int, SectionKind, str | None]]
) -> list[RawSection]:
    return [_part(section, a, b, key, heading) for a, b, key, heading in cuts]


def _part(
    section: RawSection, start: int, end: int, key: SectionKind, heading: str | None
) -> RawSection:
    """The lines ``start:end`` of ``section`` as a section of ``key``; the first part keeps
    the section's start line (its heading's)."""
    lines = section.lines[start:end]
    content = [line.no for line in lines if not line.is_blank]
    first = section.start_line if start == 0 else content[0]
    last = content[-1] if content else first
    return dataclasses.replace(
        section, key=key, heading=heading, start_line=first, end_line=last, lines=tuple(lines)
    )
