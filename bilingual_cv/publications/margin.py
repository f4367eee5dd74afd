"""Publication lists whose entries are labelled by a tag in a left margin column.

CS CVs often set a publication list as a two-column table: a short tag in a narrow left
column (a venue with its year, an entry number, a year), the entry in the right column,
wrapped, its lines under the first indented to the right column. Text extracted with its
layout (or a text CV) prints it so::

    TOYC'23   Fast Toys for Slow Networks.
              Ann Lee and Bo Wu.
    KITE 2022 Paper Kites at Scale.
              Bo Wu.

The tag stands before a wide gap (2+ spaces or a tab), or fills the column up to one space;
the other lines are indented to the column where the entries' text starts.
:func:`read_margin_tags` reads such a list: each tag line opens an entry, the tag taken off
as the entry's label (a tag wrapped in its column, ``ACL`` over ``2021``, is joined).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bilingual_cv.lang import ITEM_START_RE
from bilingual_cv.lines import Line
from bilingual_cv.publications.cells import is_venue_tag
from bilingual_cv.publications.venue_text import names_venue

#: A margin tag is at most this many characters and words (``USENIX ATC'23``, ``[C13]``).
MAX_TAG_CHARS = 14
MAX_TAG_WORDS = 3
#: The left column is at most this much wider than its longest tag.
MAX_COLUMN_SLACK = 6
#: A list is a margin-tag list when at least this many lines open with a tag before a wide
#: gap at one column, and at least :data:`MIN_SHARE` of its lines are tag lines or lines
#: indented to that column.
MIN_GAP_TAGS = 2
MIN_SHARE = 0.9
#: A short run of words before a wide gap (2+ spaces or a tab) at a line's start.
_GAP_TAG_RE = re.compile(r"^(\S+(?: \S+){0,2}?)(\t+| {2,})(?=\S)")
#: A year, alone or cut to two digits: the second line of a tag wrapped in its column.
_YEAR_ONLY_RE = re.compile(r"^(?:(?:19|20)\d{2}|['’]\d{2})$")
#: A year with a range mark next to it: a date range (``2019 – 2023``), never a tag.
_RANGE_RE = re.compile(r"(?:19|20)\d{2}\s*[-–—~至]|[-–—~至]\s*(?:19|20)\d{2}")


@dataclass(frozen=True, slots=True)
class MarginEntry:
    """One entry of a margin-tag list: its tag and its lines, the tag taken off."""

    tag: str
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class MarginList:
    """A margin-tag list: the lines above its first tag, and its entries."""

    above: tuple[Line, ...]
    entries: tuple[MarginEntry, ...]


def is_margin_tag(text: str) -> bool:
    """The text can be a tag of a margin column: short, holding a digit, a bracket or a
    venue's capitals (``SOSP'23``, ``NSDI 2022``, ``[C3]``, ``J2``, ``2023``, ``ICML``),
    and no date range.

    >>> [is_margin_tag(t) for t in ["SOSP'23", "C-4", "ICML", "2019 – 2023", "Ann Lee", "Spinning"]]
    [True, True, True, False, False, False]
    """
    if not text or len(text) > MAX_TAG_CHARS or text.count(" ") >= MAX_TAG_WORDS:
        return False
    if _RANGE_RE.search(text):
        return False
    return any(ch.isdigit() for ch in text) or text[0] in "[(【" or is_venue_tag(text)


#: A margin-tag list opens with a tag line, after at most this many lines of lead-in.
MAX_LEAD_LINES = 3


def has_gap_tag(lines: Sequence[Line]) -> bool:
    """The cheap test, on a list's first lines only: one opens with a tag before a wide gap
    (only then is the whole list read for margin tags).

    >>> has_gap_tag([Line(1, "J2  Fast Toys.")]), has_gap_tag([Line(1, "Fast Toys.  2023")])
    (True, False)
    """
    for line in lines[:MAX_LEAD_LINES]:
        found = _GAP_TAG_RE.match(line.text)
        if found is not None and is_margin_tag(found.group(1)):
            return True
    return False


def read_margin_tags(lines: Sequence[Line]) -> MarginList | None:
    """The list as a margin-tag list; None when it is not one (no consistent column of tags
    with the other lines indented to it), or when every tag is an item number the anchored
    split reads already (``[3]``, ``1.``).

    >>> text = ["TOYC'23   Fast Toys.", "Ann Lee.", "KITE'22   Kites.", "Bo Wu.", "TOYC 2021 Tops."]
    >>> lines = [Line(i, t, indent=10 * (i % 2 == 0)) for i, t in enumerate(text, start=1)]
    >>> [(e.tag, [line.text for line in e.lines]) for e in read_margin_tags(lines).entries]
    [("TOYC'23", ['Fast Toys.', 'Ann Lee.']), ("KITE'22", ['Kites.', 'Bo Wu.']), ('TOYC 2021', ['Tops.'])]
    """
    if not has_gap_tag(lines):
        return None
    gapped = {
        line.no: found
        for line in lines
        if (found := _GAP_TAG_RE.match(line.text)) is not None and is_margin_tag(found.group(1))
    }
    if len(gapped) < MIN_GAP_TAGS:
        return None
    tabbed = [line for line in lines if line.no in gapped and "\t" in gapped[line.no].group(2)]
    if len(tabbed) >= MIN_GAP_TAGS:
        rows = _tab_rows(lines, gapped)
    else:
        rows = _spaced_rows(lines, gapped)
    if rows is None:
        return None
    return _margin_list(lines, rows)


#: A line's reading in a margin-tag list: (tag, text after it) for a tag line, ("", text)
#: for a line indented to the entries' column, None for any other line.
_Row = tuple[str, str] | None


def _tab_rows(lines: Sequence[Line], gapped: dict[int, re.Match[str]]) -> list[_Row] | None:
    """The rows of a list whose tags stand before a tab: the lines without one go on the
    entry above (a tab that indented them was taken off with the line's leading space).
    None when a tag stands on a line of its own: the column's lines are then not known."""
    if any(line.no not in gapped and is_margin_tag(line.text.strip()) for line in lines):
        return None  # "ACL" / "Demo'26" / authors: a tag wrapped on lines of its own
    rows: list[_Row] = []
    for line in lines:
        found = gapped.get(line.no)
        if found is not None and "\t" in found.group(2):
            rows.append((found.group(1), line.text[found.end() :]))
        else:
            rows.append(None if "\t" in line.text else ("", line.text))
    return rows


def _spaced_rows(lines: Sequence[Line], gapped: dict[int, re.Match[str]]) -> list[_Row] | None:
    """The rows of a list whose tags stand before spaces: the column where the tag lines'
    text starts is the one most of them share, and the lines under them are indented to
    it. A tag that fills its column stands before one space (``ICML 2021 Title``)."""
    spaced = [line for line in lines if line.no in gapped]
    columns = Counter(line.indent + gapped[line.no].end() for line in spaced)
    column, count = columns.most_common(1)[0]
    if count < MIN_GAP_TAGS:
        return None
    margin = Counter(
        line.indent for line in spaced if line.indent + gapped[line.no].end() == column
    ).most_common(1)[0][0]
    width = column - margin
    if width > MAX_TAG_CHARS + MAX_COLUMN_SLACK:
        return None
    rows: list[_Row] = []
    for line in lines:
        text = line.text
        if abs(line.indent - column) <= 1:
            rows.append(("", text))
        elif (
            line.indent == margin
            and len(text) > width
            and text[width - 1] == " "
            and text[width] != " "
            and is_margin_tag(text[:width].strip())
        ):
            rows.append((text[:width].strip(), text[width:]))
        else:
            rows.append(None)
    return rows


def _margin_list(lines: Sequence[Line], rows: list[_Row]) -> MarginList | None:
    """The entries of a list read row by row; None when too few of its rows are tag rows or
    rows of the entries' column, or when its tags are all item numbers."""
    read = [row for row in rows if row is not None]
    tags = [row[0] for row in read if row[0]]
    if len(tags) < MIN_GAP_TAGS or len(read) < MIN_SHARE * len(rows):
        return None
    if all(ITEM_START_RE.match(tag) for tag in tags):
        return None  # "[3]   Ann Lee, ..." : numbered items, which the anchored split reads
    if all(row[0] for row in read) and len({len(tag) for tag in tags}) == 1:
        # "2019  Ann Lee. Title. Venue." on every line: tags of one width and no line in the
        # entries' column show no column (a year-first list), and its wrapped form, whose
        # lines go on at the margin, would be read otherwise
        return None
    first = next(i for i, row in enumerate(rows) if row is not None)
    opening = rows[first]
    if opening is None or not opening[0] or first >= MAX_LEAD_LINES:
        return None  # no tag opens the column: a hanging indent, not a margin
    above = tuple(lines[:first])
    entries: list[tuple[str, list[Line]]] = []
    for line, row in zip(lines[first:], rows[first:], strict=True):
        if row is None:
            entries[-1][1].append(line)  # a line off the columns goes on the entry above
            continue
        tag, text = row
        if tag and entries and _wraps_tag(entries[-1], tag):
            entries[-1] = (f"{entries[-1][0]} {tag}", entries[-1][1])
            tag = ""
        if tag:
            entries.append((tag, []))
        entries[-1][1].append(_with_text(line, text))
    return MarginList(above, tuple(MarginEntry(tag, tuple(body)) for tag, body in entries))


def _wraps_tag(entry: tuple[str, list[Line]], tag: str) -> bool:
    """``tag`` is the second line of the tag above, wrapped in its narrow column: a year
    under a venue's name with none (``ICML`` / ``2021``), on the entry's second line."""
    above, body = entry
    return (
        len(body) == 1
        and _YEAR_ONLY_RE.match(tag) is not None
        and not any(ch.isdigit() for ch in above)
        and names_venue(above)
    )


def _with_text(line: Line, text: str) -> Line:
    """The line holding only ``text``, its last characters (bold spans moved along)."""
    if text == line.text:
        return line
    shift = len(line.text) - len(text)
    bold = tuple((max(0, s - shift), e - shift) for s, e in line.bold if e > shift)
    italic = tuple((max(0, s - shift), e - shift) for s, e in line.italic if e > shift)
    return Line(line.no, text, line.origin, line.md_level, bold, line.bullet, italic, line.indent)
