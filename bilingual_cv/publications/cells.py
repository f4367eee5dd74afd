"""Publication lists set as a two-column table whose cells hold several lines.

Word and LaTeX (tabularx) CVs often set each paper as a table row: the left cell holds the
title and the authors, the right cell the venue (a tag such as ``ICML``, or a short name) over
the year or the date. A text layer reads such a row line by line across both cells::

    Learning to fly toy kites at scale<TAB>ICML
    Ann Lee, Bo Wu, Cy Ma<TAB>2023

so the right cells stand at the ends of lines (after a tab or a wide gap), a venue cell on
one line and the year cell on the line under it. This module reads them as a column of their
own: :func:`read_right_cells` takes them off the lines, the left cells are split into entries
as any list is, and :func:`with_right_cells` gives each entry its right cells back as one
venue line at its end (``ICML 2023``), which the fields parser reads as the entry's venue.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from bilingual_cv.lines import Line, RawEntry
from bilingual_cv.publications.authors import find_author_run, is_lone_name
from bilingual_cv.publications.table_row import row_as_citation
from bilingual_cv.publications.venue_text import names_venue_words

#: A right cell at a line's end: a tab or a wide gap (text extracted with its layout keeps a
#: column as spaces), then a short text that does not reach the next tab.
_CELL_RE = re.compile(r"(?:\t|[ ]{4,})(?=([^\t]{1,40})$)")
TAB = "\t"
#: A year, or a year cut to two digits after an apostrophe (``2023``, ``Jul. 2023``, ``'23``).
_YEAR_RE = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)|['’]\d{2}\b")
#: A venue tag: capitalised words, one of them at least holding two capitals or a capital
#: and a digit (``ICML``, ``NeurIPS``, ``IEEE TPDS``, ``APWeb``), nothing else.
_TAG_RE = re.compile(r"^(?:[A-Z][\w&@'’.+/-]*\s?){1,4}$")
_TWO_CAPITALS_RE = re.compile(r"[A-Z][\w&@'’.+/-]*[A-Z0-9]")
#: A right cell holds a venue's name in at most this many words and characters.
MAX_CELL_WORDS = 8
MAX_CELL_CHARS = 40
#: A comma, a semicolon or a colon: marks of a list or a sentence, not of a venue's name.
_LIST_MARK_RE = re.compile(r"[,，;；:：]")


@dataclass(frozen=True, slots=True)
class RightCells:
    """The right cells of a table's lines: the lines with their cells taken off (a line that
    held a right cell only is left out) and each cell by its line's number."""

    lines: tuple[Line, ...]
    cells: dict[int, str]


def _right_cell(text: str) -> tuple[str, str] | None:
    """The left text and the right cell of a line that ends with a right cell holding a year,
    a date or a venue; None for other lines.

    >>> _right_cell("Fast toys at scale" + chr(9) + "ICML")
    ('Fast toys at scale', 'ICML')
    >>> _right_cell("Ann Lee, Bo Wu" + " " * 8 + "2023")
    ('Ann Lee, Bo Wu', '2023')
    >>> _right_cell("Fast toys at scale" + chr(9) + "and more words") is None
    True
    >>> _right_cell("1" + chr(9) + "Fast toys" + chr(9) + "ICML") is None
    True
    """
    found = _raw_cell(text)  # (a row of three cells or more is a table of fields: elsewhere)
    if found is None or not found[1] or not (is_year_cell(found[1]) or is_venue_cell(found[1])):
        return None
    return found


#: A list is a table of papers when at least this many of its lines are rows of three cells
#: or more.
MIN_TABLE_ROWS = 2


def is_table_row(line: Line) -> bool:
    """The line is a row of three cells or more (two tabs between them).

    >>> is_table_row(Line(1, "Fast toys" + TAB + "TOYC 2023" + TAB + "1")), is_table_row(Line(1, "Fast toys" + TAB + "2023"))
    (True, False)
    """
    return line.text.count(TAB) >= 2


def row_cells(line: Line) -> list[Line]:
    """A table row's cells as lines of their own, in their order and numbered as the row is, so
    that a row reads as a title over its venue line (``Fast toys<TAB>TOYC 2023<TAB>1``: three
    lines); a row whose cells a citation is written from (an author cell and a year cell,
    :func:`row_as_citation`) stays one line.

    >>> [cell.text for cell in row_cells(Line(1, "Fast toys" + TAB + " TOYC 2023" + TAB + "1"))]
    ['Fast toys', 'TOYC 2023', '1']
    """
    if row_as_citation(line) is not None:
        return [line]
    return _cell_lines(line)


def split_row_numbers(lines: Sequence[Line]) -> frozenset[int]:
    """Numbers of the table rows whose cells stand as lines of their own (:func:`row_cells`):
    the numbers next lines share.

    >>> sorted(split_row_numbers([Line(1, "a"), Line(1, "b"), Line(2, "c"), Line(3, "d"), Line(3, "e")]))
    [1, 3]
    """
    return frozenset(a.no for a, b in pairwise(lines) if a.no == b.no)


def _cell_lines(line: Line) -> list[Line]:
    """The non-empty cells of a row as lines numbered as the row is, each with the bold and
    italic spans inside it; the first keeps the row's bullet and indent."""
    cells: list[Line] = []
    start = 0
    for piece in line.text.split(TAB):
        end = start + len(piece)
        lead = len(piece) - len(piece.lstrip())
        text = piece.strip()
        if text:
            at = start + lead
            cells.append(
                Line(
                    line.no,
                    text,
                    line.origin,
                    bold=_spans_within(line.bold, at, at + len(text)),
                    bullet=line.bullet and not cells,
                    italic=_spans_within(line.italic, at, at + len(text)),
                    indent=0 if cells else line.indent,
                )
            )
        start = end + 1
    return cells


def _spans_within(
    spans: tuple[tuple[int, int], ...], start: int, end: int
) -> tuple[tuple[int, int], ...]:
    """The spans that overlap ``[start, end)``, cut to it and counted from ``start``."""
    return tuple(
        (max(s, start) - start, min(e, end) - start) for s, e in spans if s < end and e > start
    )


def is_year_cell(cell: str) -> bool:
    """The cell holds a year (alone, in a date, or with a venue tag).

    >>> is_year_cell("2023"), is_year_cell("Jul. 2023"), is_year_cell("ICML")
    (True, True, False)
    """
    return _YEAR_RE.search(cell) is not None


def is_venue_cell(cell: str) -> bool:
    """The cell names a venue and holds no year: a catalog venue, a name in a venue's words
    (``Proc. Symposium on Toy Systems``), or a capitalised tag (``TOYC``, ``NeurIPS``).

    >>> is_venue_cell("NeurIPS"), is_venue_cell("Proc. Symposium on Toy Systems"), is_venue_cell("TOYC")
    (True, True, True)
    >>> is_venue_cell("Ann Lee"), is_venue_cell("and more words"), is_venue_cell("2023")
    (False, False, False)
    >>> is_venue_cell("Ann Lee, Bo Wu. ICML.")
    False
    """
    if (
        is_year_cell(cell)
        or len(cell) > MAX_CELL_CHARS
        or len(cell.split()) > MAX_CELL_WORDS
        or _LIST_MARK_RE.search(cell)  # "Ann Lee, Bo Wu. ToyConf.": a list, not a cell
    ):
        return False
    return is_venue_tag(cell) or names_venue_words(cell)


def is_venue_tag(text: str) -> bool:
    """The text is a venue tag: capitalised words, one at least with two capitals or a
    capital and a digit, nothing else.

    >>> is_venue_tag("NeurIPS"), is_venue_tag("IEEE TPDS"), is_venue_tag("Networks")
    (True, True, False)
    """
    return _TAG_RE.match(text) is not None and _TWO_CAPITALS_RE.search(text) is not None


def read_right_cells(lines: Sequence[Line]) -> RightCells | None:
    """The right cells of a list set as a two-column table whose right cells stack a venue
    over a year; None for other lists.

    A list is so set when a venue cell stands right above a year cell at least once, and such
    stacks hold at least half of the list's right cells: a list whose lines carry a year in a
    right column (``Title<TAB>2023`` / ``Authors``) stacks none, and is read as before.

    >>> rows = [Line(1, "Fast toys" + chr(9) + "ICML"), Line(2, "Ann Lee, Bo Wu" + chr(9) + "2023")]
    >>> found = read_right_cells(rows)
    >>> [line.text for line in found.lines], found.cells
    (['Fast toys', 'Ann Lee, Bo Wu'], {1: 'ICML', 2: '2023'})
    >>> read_right_cells([Line(1, "Fast toys" + chr(9) + "2023"), Line(2, "Ann Lee, Bo Wu")]) is None
    True

    A venue cell that a reader set on a line of its own, right above its year cell, is a
    right cell too:

    >>> rows = [Line(1, "Fast toys"), Line(2, "ICML"), Line(3, "Ann Lee, Bo Wu" + chr(9) + "2023")]
    >>> found = read_right_cells(rows)
    >>> [line.text for line in found.lines], found.cells
    (['Fast toys', 'Ann Lee, Bo Wu'], {3: '2023', 2: 'ICML'})
    """
    if not any("\t" in line.text or "    " in line.text for line in lines):
        return None  # no tab and no wide gap: no line has a right cell (most lists)
    split = {line.no: cell for line in lines if (cell := _right_cell(line.text)) is not None}
    if not split:
        return None
    stacked = 0
    for index, line in enumerate(lines):
        if line.no not in split or not is_year_cell(split[line.no][1]):
            continue
        above = lines[index - 1] if index else None
        if above is not None and above.no in split and is_venue_cell(split[above.no][1]):
            stacked += 2
        elif _is_author_cell(split[line.no][0]) and (found := _venue_lines(lines[:index])):
            split.update(found)
            stacked += 2
    if not stacked or 2 * stacked < len(split):
        return None
    left = tuple(
        replace(line, text=split[line.no][0], bold=_bold_within(line, len(split[line.no][0])))
        if line.no in split
        else line
        for line in lines
        if line.no not in split or split[line.no][0].strip()
    )
    return RightCells(left, {no: cell for no, (_, cell) in split.items()})


def _venue_lines(above: Sequence[Line]) -> dict[int, tuple[str, str]]:
    """The venue cell of a row whose year cell stands beside the authors' line right under
    ``above``, when a reader set that cell apart: on a line of its own (``Fast toys`` /
    ``ICML``), wrapped over two lines of its own (``Computer Aided Geometric`` / ``Design``),
    or wrapped after the title's tab (``Fast toys<TAB>Data & Knowledge`` / ``Engineering``).
    Each such line's left text and cell by its number; empty when there is none.

    The cell stands alone only under a line that has no right cell: a line under a title
    that carries its venue cell is the title's, wrapped (``Fast toys for slow<TAB>NSDI`` /
    ``Networks``), and a venue line over a title opens an entry (moderncv banking).

    >>> rows = [Line(1, "Fast toys"), Line(2, "Computer Aided Geometric"), Line(3, "Design")]
    >>> _venue_lines(rows)
    {2: ('', 'Computer Aided Geometric'), 3: ('', 'Design')}
    >>> _venue_lines([Line(1, "Fast toys" + chr(9) + "Data & Knowledge"), Line(2, "Engineering")])
    {1: ('Fast toys', 'Data & Knowledge'), 2: ('', 'Engineering')}
    >>> _venue_lines([Line(1, "Fast toys for slow" + chr(9) + "NSDI"), Line(2, "Networks")])
    {}
    """
    # the last three lines above the year's line, nearest last, padded at the list's top
    window: list[Line | None] = [None, None, None, *above][-3:]
    bare = [line.text.strip() if line and TAB not in line.text else "" for line in window]
    cells = [_raw_cell(line.text) if line else None for line in window]
    if window[2] is None or not bare[2] or cells[2] is not None:
        return {}
    if window[1] is not None and cells[1] is not None:
        if not is_venue_cell(cells[1][1]) and is_venue_cell(f"{cells[1][1]} {bare[2]}"):
            # a cell that names a venue only with the next line: it wrapped there
            return {window[1].no: cells[1], window[2].no: ("", bare[2])}
        return {}  # the title wrapped beside its cell
    if is_venue_cell(bare[2]):
        return {window[2].no: ("", bare[2])}
    if (
        window[0] is not None  # (a title stands above the two lines)
        and window[1] is not None
        and cells[0] is None
        and not is_venue_cell(bare[1])
        and is_venue_cell(f"{bare[1]} {bare[2]}")
    ):
        return {window[1].no: ("", bare[1]), window[2].no: ("", bare[2])}
    return {}


def _raw_cell(text: str) -> tuple[str, str] | None:
    """The left text and the text after a line's tab or wide gap, whatever it holds; None for
    a line without one, or with more than two cells."""
    found = _CELL_RE.search(text)
    if found is None or TAB in text[: found.start()]:
        return None
    return text[: found.start()].rstrip(), found.group(1).strip()


def _is_author_cell(text: str) -> bool:
    """The left cell is an author list: two names or more, or one name alone.

    >>> _is_author_cell("Ann Lee, Bo Wu"), _is_author_cell("Ann Lee*"), _is_author_cell("Fast toys")
    (True, True, False)
    """
    start, _, spans = find_author_run(text)
    return start == 0 and (len(spans) >= 2 or (len(spans) == 1 and is_lone_name(text.strip())))


def _bold_within(line: Line, end: int) -> tuple[tuple[int, int], ...]:
    """The line's bold spans cut to its first ``end`` characters."""
    return tuple((s, min(e, end)) for s, e in line.bold if s < end)


def with_right_cells(
    entries: Sequence[RawEntry], cells: dict[int, str], lines: Sequence[Line]
) -> list[RawEntry]:
    """Each entry with the right cells beside its lines (from its first line up to the next
    entry's; the first entry also takes those above it) as one line at its end, the cells in reading order (``ICML 2023``).

    >>> rows = [Line(1, "Fast toys"), Line(2, "Ann Lee"), Line(3, "Slow toys"), Line(4, "Bo Wu")]
    >>> entries = [RawEntry(tuple(rows[:2])), RawEntry(tuple(rows[2:]))]
    >>> cells = {1: "ICML", 2: "2023", 3: "TOYC", 4: "2022"}
    >>> [e.text.splitlines() for e in with_right_cells(entries, cells, rows)]
    [['Fast toys', 'Ann Lee', 'ICML 2023'], ['Slow toys', 'Bo Wu', 'TOYC 2022']]
    """
    by_no = {line.no: line for line in lines}
    starts = [entry.first_line for entry in entries]
    out = []
    for index, entry in enumerate(entries):
        end = starts[index + 1] if index + 1 < len(starts) else None
        start = entry.first_line if index else 0  # (cells above the first entry are its own)
        mine = sorted(no for no in cells if no >= start and (end is None or no < end))
        if not mine:
            out.append(entry)
            continue
        last = by_no.get(mine[-1], entry.lines[-1])
        column = replace(
            last, text=" ".join(cells[no] for no in mine), bold=(), italic=(), bullet=False
        )
        out.append(replace(entry, lines=(*entry.lines, column)))
    return out
