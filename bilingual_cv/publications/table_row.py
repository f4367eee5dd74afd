"""A publication printed as a row of a table, its fields in cells (Word CVs, Chinese CVs:
``No. | Title | Authors | Venue | Year``), rewritten as the citation the parsers read.

A DOCX reader gives such a row as one line, its cells joined by tabs; so does a PDF whose
columns stand a wide gap apart. Read as one text, the cells run into each other (a title
followed by a tab and the authors is one long title). :func:`row_as_citation` finds the
cell that is the author list and the cell that is the year, and writes
``Authors. Title. Venue, Year.`` from them and the other cells in their order, the first
being the title.
"""

from __future__ import annotations

import re

from bilingual_cv.lines import Line
from bilingual_cv.publications.authors import find_author_run
from bilingual_cv.publications.venue_text import is_venue_text

#: A row is read so when it has at least this many cells.
MIN_CELLS = 3
#: A cell that is a date: a year, maybe with a month (``2023``, ``2023.05``, ``May 2023``).
_DATE_CELL_RE = re.compile(r"^(?:[A-Za-z]{3,9}\.?\s+)?((?:19|20)\d{2})(?:[./\-年]\d{1,2}月?)?\.?$")


def row_as_citation(line: Line) -> Line | None:
    """``line`` rewritten as a citation when it is a table row of a publication's fields (an
    author cell and a date cell among at least :data:`MIN_CELLS`), else None. The author
    cell's bold (the owner's name) moves with it.

    >>> row = Line(1, "Fast Toys for Slow Nets\\tAnn Lee, Bo Wu\\tToy Symposium\\t2021", bold=((24, 31),))
    >>> cited = row_as_citation(row)
    >>> cited.text, [cited.text[s:e] for s, e in cited.bold]
    ('Ann Lee, Bo Wu. Fast Toys for Slow Nets. Toy Symposium, 2021.', ['Ann Lee'])
    >>> row_as_citation(Line(1, "Research Scientist\\tToy Lab\\t2021 - 2023")) is None
    True
    """
    if line.text.count("\t") < MIN_CELLS - 1:
        return None
    cells: list[tuple[int, str]] = []
    at = 0
    for piece in line.text.split("\t"):
        if piece.strip():
            cells.append((at + len(piece) - len(piece.lstrip()), piece.strip()))
        at += len(piece) + 1
    if len(cells) < MIN_CELLS:
        return None
    years = [i for i, (_, text) in enumerate(cells) if _DATE_CELL_RE.match(text)]
    authors = _author_cell(cells)
    if len(years) != 1 or authors is None or authors == years[0]:
        return None
    rest = [text for i, (_, text) in enumerate(cells) if i not in (years[0], authors)]
    if not rest:
        return None
    start, author_text = cells[authors]
    year = _DATE_CELL_RE.match(cells[years[0]][1])
    assert year is not None
    where = ", ".join(text.rstrip(".") for text in rest[1:])
    tail = f"{where}, {year.group(1)}." if where else f"{year.group(1)}."
    text = f"{author_text.rstrip('.')}. {rest[0].rstrip('.')}. {tail}"
    end = start + len(author_text)
    bold = tuple((s - start, e - start) for s, e in line.bold if start <= s and e <= end)
    return Line(line.no, text, line.origin, line.md_level, bold, line.bullet)


def _author_cell(cells: list[tuple[int, str]]) -> int | None:
    """The index of the cell that is the author list: of the cells that are names through and
    through and name no venue (``软件学报`` reads as a name), the one with the most names,
    when no other has as many.

    >>> _author_cell([(0, "软件学报"), (5, "吴伟, 何晨"), (12, "2021")])
    1
    """
    named: list[tuple[int, int]] = []
    for index, (_, text) in enumerate(cells):
        start, end, spans = find_author_run(text)
        whole = start == 0 and spans and end >= len(text.rstrip(" .*")) - 1
        if whole and not is_venue_text(text):
            named.append((len(spans), index))
    named.sort(reverse=True)
    if not named or (len(named) > 1 and named[1][0] == named[0][0]):
        return None
    return named[0][1]
