"""What a block of lines holds, read from its lines alone: here, whether it is a list of
publications (lines that carry an author list or a venue, and a year).

A known heading is one strong vote for what a section is; what its block holds is another.
An unknown heading over a block of publications is a publication list (``heading_inferred``),
whatever its words.
"""

from __future__ import annotations

from collections.abc import Sequence

from bilingual_cv.lang import ITEM_START_RE, route
from bilingual_cv.lang.dates import YEAR_RE, find_date_range
from bilingual_cv.lines import Line
from bilingual_cv.publications.authors import find_author_run
from bilingual_cv.publications.venue_text import is_venue_text

#: A publication block has at least this many lines that read as an entry's citation...
MIN_CITATION_LINES = 2
#: ... and they are at least this share of its lines (entries take up to three lines).
MIN_CITATION_SHARE = 0.3


def is_citation_line(text: str) -> bool:
    """A line that carries a year and an author list or a venue: a publication's citation.

    >>> is_citation_line("Ann Lee, Bo Wu. Fast toys. In NSDI 2024."), is_citation_line("Toy Lab, 2019 - 2023")
    (True, False)
    """
    if YEAR_RE.search(text) is None:
        return False
    span = find_date_range(text)
    if span is not None and span.end is not None and span.end != span.start:
        return False  # "Toy Lab, 2019 - 2023": a position's dates
    return _has_authors(text) or is_venue_text(text)


#: A title in a table's first cell has at least this many words (an unspaced language: twice
#: as many characters); a role in a service list (``Program committee``) has fewer.
MIN_TITLE_CELL_WORDS = 5


def _is_paper_row(text: str) -> bool:
    """A row of a table of papers that names no authors: a title in its first cell, and a cell
    after it that names a venue beside a year (``Fast toys for slow networks<TAB>ToyConf
    2023``). A year alone in the cell is not enough: a table of software names its years too.

    >>> _is_paper_row("Fast toys for slow networks" + chr(9) + "ICSE 2023" + chr(9) + "1")
    True
    >>> _is_paper_row("Program committee member" + chr(9) + "ICSE 2023")
    False
    >>> _is_paper_row("toy/kites | 77 | Kites that fly in code" + chr(9) + "2020")
    False
    """
    tab = text.find("\t")
    if tab < 0 or YEAR_RE.search(text, tab) is None:  # (cheap tests first: a block's every line)
        return False
    first, *cells = [cell.strip() for cell in text.split("\t") if cell.strip()] or [""]
    words = len(first.split()) if route(first).spaced else len(first) // 2
    return (
        words >= MIN_TITLE_CELL_WORDS
        and any(_names_venue_and_year(cell) for cell in cells)
        and not is_venue_text(first)
    )


def _names_venue_and_year(cell: str) -> bool:
    """The cell holds a year and, beside it, a venue's name or tag (``ToyConf 2023``)."""
    if YEAR_RE.search(cell) is None:
        return False
    rest = YEAR_RE.sub("", cell).strip(" ,.'’()（）")
    return any(char.isalpha() for char in rest) and is_venue_text(rest)


def _has_authors(text: str) -> bool:
    """The text holds a list of two or more authors' names."""
    return len(find_author_run(text)[2]) >= 2


def is_publication_block(lines: Sequence[Line]) -> bool:
    """The block is a list of publications: enough of its lines read as citations.

    >>> block = [Line(1, "Ann Lee, Bo Wu. Fast toys. In NSDI 2024."), Line(2, "Bo Wu. Slow toys. TOCS 2023.")]
    >>> is_publication_block(block), is_publication_block([Line(1, "Rome, Italy, 2019")])
    (True, False)
    """
    texts = [ITEM_START_RE.sub("", line.text) for line in lines if not line.is_blank]
    if len(texts) < MIN_CITATION_LINES:
        return False
    citations = sum(is_citation_line(text) for text in texts)
    if citations < MIN_CITATION_LINES or citations < MIN_CITATION_SHARE * len(texts):
        return False  # (before the author lists of every line are looked for)
    # papers have authors, or stand in a table as a title beside its venue; service lists
    # ("PC member, NSDI 2023") have venues and years
    authored = sum(_has_authors(text) or _is_paper_row(text) for text in texts)
    return authored >= max(1, citations // 3)


def holds_date_range(lines: Sequence[Line]) -> bool:
    """Some line of the block holds a date range (``2019 - 2023``, ``2020.9 至今``): what
    lists of positions and degrees hold.

    >>> holds_date_range([Line(1, "Toy Lab, 2019 - 2023")]), holds_date_range([Line(1, "In NSDI 2024")])
    (True, False)
    """
    for line in lines:
        found = find_date_range(line.text)
        if found is not None and found.end is not None and found.end != found.start:
            return True
    return False
