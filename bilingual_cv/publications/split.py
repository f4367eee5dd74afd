"""A publication list split into entries (:func:`split_entries`).

Item anchors (numbers, bullets, tags) and unpunctuated labels (bare numbers, year labels,
venue tags, entry numbers past 999) open entries; in an untagged list, the role of each
line (:func:`line_role`: title, authors, venue, note, stray, or a whole entry) decides
where the next entry starts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from itertools import pairwise

from bilingual_cv.lang import ITEM_START_RE, route
from bilingual_cv.lang.dates import YEAR_RE, parse_date_range
from bilingual_cv.lang.scripts import HAN
from bilingual_cv.lexicon import lexicon_key, load_publication_words
from bilingual_cv.lines import Line, RawEntry, RawSection
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.publications.authors import (
    INITIAL_START_RE,
    continues_authors,
    find_author_run,
    has_embedded_authors,
    has_names,
    is_lone_name,
)
from bilingual_cv.publications.cells import (
    MIN_TABLE_ROWS,
    is_table_row,
    is_venue_tag,
    read_right_cells,
    row_cells,
    split_row_numbers,
    with_right_cells,
)
from bilingual_cv.publications.cues import is_note
from bilingual_cv.publications.ip_items import read_ip_label
from bilingual_cv.publications.margin import MarginList, read_margin_tags
from bilingual_cv.publications.notes import is_bold_title_line, is_link_line
from bilingual_cv.publications.parts import (
    MEMO_MAX_CHARS,
    MEMO_SIZE,
    MIN_TITLE_CHARS,
    SENTENCE_END_RE,
)
from bilingual_cv.publications.patent_numbers import read_number_line
from bilingual_cv.publications.table_row import row_as_citation
from bilingual_cv.publications.venue_text import TAG_YEAR_RE, is_venue_text, names_venue
from bilingual_cv.publications.wrap import (
    GOES_ON,
    OPENS,
    column_width,
    ends_open,
    is_wrapped,
    layout_cues,
)
from bilingual_cv.publications.year import MAX_YEAR, MIN_YEAR, SHORT_YEAR_RE, find_patent
from bilingual_cv.schema import SectionKind


def _is_anchor(line: Line, bullets: bool = True, style: str | None = None) -> bool:
    """The line opens an entry by its number or tag, or by its bullet when the list's bullets
    mark entries (``bullets``); when the list numbers its entries one way (``style``:
    :func:`_numbering_style`), a number written another way opens none."""
    if bullets and line.bullet:
        return True
    found = ITEM_START_RE.match(line.text)
    return found is not None and (style is None or _item_style(found.group(0)) == style)


def _item_style(label: str) -> str:
    """How an item number is written: ``[`` (``[3]``, ``[C3]``), ``(`` (``(3)``), ``A``
    (``C3.``), or the mark after the digits (``.`` ``)`` ``、``).

    >>> [_item_style(x) for x in ["[12] ", "(3)", "11. ", "2)", "C3."]]
    ['[', '(', '.', ')', 'A']
    """
    label = label.strip()
    if label[0] in "[(":
        return label[0]
    return "A" if label[0].isalpha() else label[-1]


#: A list numbers its entries one way when at least this many of its numbers are so written
#: and no more than :data:`MAX_OTHER_SHARE` of them otherwise.
MIN_STYLED_NUMBERS = 3
MAX_OTHER_SHARE = 0.2


def _numbering_style(lines: Sequence[Line]) -> str | None:
    """The one way a list writes its item numbers, if it has one: a line that opens with a
    number written another way (``11. Springfield, 2024: 1-2`` wrapped under ``[9] …``)
    is the rest of a line, not an entry.

    >>> lines = [Line(i, f"[{i}] Ann Lee. Toys. In ToyConf, 2024: AD-") for i in range(1, 6)]
    >>> _numbering_style([*lines, Line(6, "11. Springfield, 2024: 1-2")])
    '['
    >>> _numbering_style([Line(1, "1. Toys"), Line(2, "[2] Kites")]) is None
    True
    """
    styles = Counter(
        _item_style(found.group(0))
        for line in lines
        if (found := ITEM_START_RE.match(line.text)) is not None
    )
    if not styles:
        return None
    style, count = styles.most_common(1)[0]
    others = sum(styles.values()) - count
    return style if count >= MIN_STYLED_NUMBERS and others <= MAX_OTHER_SHARE * count else None


def _bullets_open_entries(lines: Sequence[Line]) -> bool:
    """The list's bullets mark its entries, not notes under them: its first line is bulleted,
    or most of its bulleted lines hold a year or an author list. Under entries that open
    without one, bulleted lines are the entries' highlights ("⋄ Adopted by 26 companies").

    >>> notes = [Line(1, "Fast Toys"), Line(2, "Ann Lee, Bo Wu"), Line(3, "Used by many", bullet=True)]
    >>> _bullets_open_entries(notes), _bullets_open_entries([Line(1, "Fast Toys", bullet=True)])
    (False, True)
    """
    bulleted = [line for line in lines if line.bullet]
    if not bulleted or lines[0].bullet:
        return True
    return 2 * sum(_is_entry_like(line.text) for line in bulleted) > len(bulleted)


def _is_entry_like(text: str) -> bool:
    """The text holds what an entry holds: a year or an author list."""
    return bool(YEAR_RE.search(text) or SHORT_YEAR_RE.search(text)) or has_names(text, 2)


@cache
def _stray_labels() -> frozenset[str]:
    return frozenset(lexicon_key(label) for label in load_publication_words().stray_labels)


def is_stray_line(text: str) -> bool:
    """A line that belongs to no publication: a lone date, an ``Advisor:`` label line.

    >>> [is_stray_line(x) for x in ["Jul. 2024", "Expected: 2029", "Advisor: Prof. Fan Lai", "NSDI, 2025"]]
    [True, True, True, False]
    """
    text = text.strip()
    label = re.match(r"^([^:：]{2,30})[:：]", text)
    if label and lexicon_key(label.group(1)) in _stray_labels():
        return True
    return parse_date_range(text) is not None


def split_entries(section: RawSection) -> tuple[list[RawEntry], list[Line]]:
    """Split a publication section into entries; also return lines that are no entry.

    >>> from bilingual_cv.clean import clean_text
    >>> from bilingual_cv.schema import SectionKind
    >>> lines = clean_text("Summary: ATC 2024\\n\\n[C2] Title Two\\nAnn Lee\\n\\n[C1] Title One\\nBo Wu").lines
    >>> entries, strays = split_entries(RawSection(SectionKind.PUBLICATIONS, "P", 1, 6, lines))
    >>> [e.lines[0].text for e in entries], [s.text for s in strays]
    (['[C2] Title Two', '[C1] Title One'], ['Summary: ATC 2024'])
    """
    lines = [line for line in section.lines if not line.is_blank]
    if not lines:
        return [], []
    after_blank = frozenset(
        line.no for above, line in pairwise(section.lines) if above.is_blank and not line.is_blank
    )
    margin = read_margin_tags(lines)
    if margin is not None:  # "SOSP'23<gap>Title" / "<gap>Authors": tags in a left column
        return _split_margin(margin, section, after_blank)
    if sum(map(is_table_row, lines)) >= MIN_TABLE_ROWS:  # a table of three columns or more
        return _split_table(lines, section, after_blank)
    table = read_right_cells(lines)
    if table is not None:  # a two-column table: the left cells decide where entries start
        entries, strays = _split_lines(list(table.lines), section, after_blank)
        entries = [_with_title_cell(entry) for entry in entries]
        return with_right_cells(entries, table.cells, lines), strays
    years = _group_years(lines)
    if years:
        headed = frozenset(
            line.no for above, line in pairwise(lines) if above.no in years and line.no not in years
        )
        lines = [line for line in lines if line.no not in years]
        entries, strays = _split_lines(lines, section, after_blank, headed)
        return [_with_group_year(entry, years) for entry in entries], strays
    return _split_lines(lines, section, after_blank)


def _split_table(
    lines: list[Line], section: RawSection, after_blank: frozenset[int]
) -> tuple[list[RawEntry], list[Line]]:
    """The entries of a list set as a table of three columns or more (:func:`is_table_row`):
    each row's cells as lines of their own (:func:`row_cells`), split as any list is, a row's
    cells kept in one entry and a row after a row opening a paper (:func:`_split_by_roles`).
    A first row of column names (``Title<TAB>Venue<TAB>Year``) is no entry (a stray line);
    when it names a column of the owner's place (``作者排序``), each paper takes its row's
    number there as the owner's place.

    >>> from bilingual_cv.schema import SectionKind
    >>> tab = chr(9)
    >>> rows = [Line(1, tab.join(["Title", "Venue", "作者排序"])), Line(2, tab.join(["Fast toys", "TOYC 2023", "2"])),
    ...         Line(3, tab.join(["Slow toys", "TOYJ 2022", "1"]))]
    >>> entries, strays = _split_table(rows, RawSection(SectionKind.PUBLICATIONS, "P", 1, 3, tuple(rows)), frozenset())
    >>> [([line.text for line in e.lines], e.cells, e.stated_position) for e in entries], len(strays)
    ([(['Fast toys', 'TOYC 2023', '2'], True, 2), (['Slow toys', 'TOYJ 2022', '1'], True, 1)], 1)
    """
    first = next(index for index, line in enumerate(lines) if is_table_row(line))
    header = lines[first] if _is_column_names(lines[first]) else None
    rows = [line for index, line in enumerate(lines) if header is None or index != first]
    cells = [cell for line in rows for cell in (row_cells(line) if is_table_row(line) else [line])]
    entries, strays = _split_lines(cells, section, after_blank)
    places = _owner_places(header, rows) if header is not None else {}
    entries = [
        replace(
            entry,
            cells=True,
            stated_position=next(
                (places[line.no] for line in entry.lines if line.no in places), None
            ),
        )
        for entry in entries
    ]
    return entries, ([header] if header is not None else []) + strays


#: The owner's place in a column of its own: a small number.
_PLACE_RE = re.compile(r"^\s*(\d{1,2})\s*$")


def _owner_places(header: Line, rows: Sequence[Line]) -> dict[int, int]:
    """The owner's place by row number, read from the column the header names so
    (``owner_position_columns`` in the publication words): the row's cell at that column when
    the row has as many cells as the header, else its last cell when that column is last."""
    names = header.text.split("\t")
    column = next((i for i, name in enumerate(names) if _names_owner_place(name)), None)
    if column is None:
        return {}
    places: dict[int, int] = {}
    for row in rows:
        if not is_table_row(row):
            continue
        cells = row.text.split("\t")
        if len(cells) == len(names):
            cell = cells[column]
        elif column == len(names) - 1:
            cell = cells[-1]
        else:
            continue
        found = _PLACE_RE.match(cell)
        if found is not None and int(found.group(1)) > 0:
            places[row.no] = int(found.group(1))
    return places


@cache
def _owner_place_columns() -> frozenset[str]:
    return frozenset(lexicon_key(name) for name in load_publication_words().owner_position_columns)


def _names_owner_place(name: str) -> bool:
    return lexicon_key(name.strip()) in _owner_place_columns()


#: A column's name is at most this many words, or characters in an unspaced language.
MAX_COLUMN_NAME_WORDS = 3
MAX_COLUMN_NAME_CHARS = 8


def _is_column_names(line: Line) -> bool:
    """A row of column names: every cell a short label with no digit (``Title``, ``期刊名称``).

    >>> _is_column_names(Line(1, "No." + chr(9) + "Title" + chr(9) + "Venue")), _is_column_names(Line(1, "1" + chr(9) + "Toys" + chr(9) + "TOYC 2023"))
    (True, False)
    >>> _is_column_names(Line(1, "论文题目" + chr(9) + "发表期刊/会议" + chr(9) + "作者排序"))
    True
    """
    for cell in line.text.split("\t"):
        text = cell.strip()
        if any(char.isdigit() for char in text):
            return False
        if route(text).spaced:
            if len(text.split()) > MAX_COLUMN_NAME_WORDS:
                return False
        elif len(text) > MAX_COLUMN_NAME_CHARS:
            return False
    return True


def _split_margin(
    margin: MarginList, section: RawSection, after_blank: frozenset[int]
) -> tuple[list[RawEntry], list[Line]]:
    """The entries of a margin-tag list, each labelled by its tag; the lines above the first
    tag are split as any list is."""
    entries, strays = (
        _split_lines(list(margin.above), section, after_blank) if margin.above else ([], [])
    )
    for entry in margin.entries:
        year = int(entry.tag) if _FULL_YEAR_RE.fullmatch(entry.tag) else None
        groups = _year_group_entries(entry.lines) if year is not None else [list(entry.lines)]
        entries.append(RawEntry(tuple(groups[0]), section.lang, section.heading, label=entry.tag))
        entries += [
            RawEntry(tuple(group), section.lang, section.heading, group_year=year)
            for group in groups[1:]
        ]
    return entries, strays


_FULL_YEAR_RE = re.compile(r"(?:19|20)\d{2}")


def _year_group_entries(lines: Sequence[Line]) -> list[list[Line]]:
    """The entries of a group a margin year dates, printed once for the group (moderncv):
    when the first opens with its author list, so does each after it, below a finished line.

    >>> rows = [Line(1, "Ann Lee. Fast Toys. In ToyConf."), Line(2, "Ann Lee. Kites. In KiteConf.")]
    >>> [len(group) for group in _year_group_entries(rows)]
    [1, 1]
    """
    groups = [[lines[0]]]
    if not _opens_with_authors(lines[0].text):
        return [list(lines)]
    for line in lines[1:]:
        if _is_finished(groups[-1][-1].text) and _opens_with_authors(line.text):
            groups.append([line])
        else:
            groups[-1].append(line)
    return groups


def _with_title_cell(entry: RawEntry) -> RawEntry:
    """An entry of a two-column table with the lines of its left cell above the authors' line
    joined into one title line when one of them reads as a venue: the venue stands in the
    right cell, so the left cell's lines above the authors are the title, wrapped
    (``Fast toys for slow`` / ``Networks`` / ``Ann Lee, Bo Wu``).

    >>> rows = (Line(1, "Fast toys for slow"), Line(2, "Networks"), Line(3, "Ann Lee, Bo Wu"))
    >>> [line.text for line in _with_title_cell(RawEntry(rows)).lines]
    ['Fast toys for slow Networks', 'Ann Lee, Bo Wu']

    A venue tag on a line of its own (a cell a reader set apart), or a plain line under a
    title set in bold, is no part of the title:

    >>> rows = (Line(1, "Fast toys for slow"), Line(2, "NSDI"), Line(3, "Ann Lee, Bo Wu"))
    >>> len(_with_title_cell(RawEntry(rows)).lines)
    3
    """
    roles = [line_role(line) for line in entry.lines]
    if AUTHORS not in roles[1:]:
        return entry
    end = roles.index(AUTHORS, 1)
    if end < 2 or VENUE not in roles[1:end]:
        return entry
    bold = is_bold_title_line(entry.lines[0])
    if any(
        is_venue_tag(line.text.strip()) or (bold and not is_bold_title_line(line))
        for line in entry.lines[1:end]
    ):
        return entry  # a venue tag, or a line in other type than the title: not the title's
    title = " ".join(line.text.strip() for line in entry.lines[:end])
    first = replace(entry.lines[0], text=title)
    return replace(entry, lines=(first, *entry.lines[end:]))


#: A line that is only a year, maybe bracketed or with a colon: a year heading of a list.
_YEAR_LINE_RE = re.compile(r"^\s*[\[(【]?((?:19|20)\d{2})[\])】]?\s*[:：]?\s*$")
#: A list is grouped by years when at least this many lines are year headings.
MIN_YEAR_HEADINGS = 2


def _group_years(lines: Sequence[Line]) -> dict[int, int]:
    """The year headings of a list grouped by year ("2024" / entries / "2023" / ...): line
    number -> year; empty when the list has fewer than :data:`MIN_YEAR_HEADINGS`, or when
    a line above the first one already holds a year or an author list: a heading stands
    above the entries it groups, and a year alone below an entry is that entry's own (a
    right-column year the PDF set on a line of its own).

    >>> _group_years([Line(1, "2024"), Line(2, "A. Lee. Toys."), Line(3, "2023:"), Line(4, "B.")])
    {1: 2024, 3: 2023}
    >>> _group_years([Line(1, "A. Lee. Toys, 2024."), Line(2, "2024"), Line(3, "B."), Line(4, "2023")])
    {}
    """
    found = {
        line.no: int(year.group(1))
        for line in lines
        if (year := _YEAR_LINE_RE.match(line.text)) is not None
    }
    if len(found) < MIN_YEAR_HEADINGS or any(split_right_column(line)[1] for line in lines):
        return {}  # (a list that sets its years in a right column has no year headings)
    first = min(found)
    if any(_is_entry_like(line.text) for line in lines if line.no < first):
        return {}
    return found


def _with_group_year(entry: RawEntry, years: dict[int, int]) -> RawEntry:
    """``entry`` with the year of the last year heading above it."""
    above = [no for no in years if no < entry.first_line]
    return replace(entry, group_year=years[max(above)]) if above else entry


def _split_lines(
    lines: list[Line],
    section: RawSection,
    after_blank: frozenset[int] = frozenset(),
    headed: frozenset[int] = frozenset(),
) -> tuple[list[RawEntry], list[Line]]:
    """Split the non-blank lines of a list into entries, and the lines that are no entry
    (``after_blank``: the lines a blank line stands above; ``headed``: the lines a year
    heading stood above, which open entries)."""
    labelled = (
        find_label_lines(lines)
        | long_numbered_lines(lines)
        | _number_lines(lines)
        | ip_label_lines(lines, section.key)
    )
    bullets = _bullets_open_entries(lines)
    anchors = sum(_is_anchor(line, bullets) or line.no in labelled for line in lines)
    if not anchors:  # no numbers, bullets or tags: entries may open with their quoted title
        titled = frozenset(line.no for line in lines if _QUOTED_START_RE.match(line.text))
        if len(titled) >= MIN_LABELS and lines[0].no in titled:
            # the list's first entry opens so too: a quoted title that a wrapped line of an
            # author-first entry brought to a line's start opens nothing
            labelled, anchors = titled, len(titled)
    if anchors >= max(1, len(lines) // 6):
        return _split_anchored(lines, section, labelled, bullets, _numbering_style(lines))
    return _split_by_roles(lines, section, after_blank, headed)


def _number_lines(lines: Sequence[Line]) -> frozenset[int]:
    """Numbers of the lines that hold only a patent's number and date, in a list whose first
    line is one: a list printed as patent offices print it, each item's number over its
    title (a number under its title, in a list that opens with a title, opens nothing).

    >>> lines = [Line(1, "US 10234567 B2"), Line(2, "Toy kite"), Line(3, "KR 10-1234567  2023")]
    >>> sorted(_number_lines(lines)), sorted(_number_lines(lines[1:]))
    ([1, 3], [])
    """
    if read_number_line(lines[0].text) is None:
        return frozenset()
    return frozenset(line.no for line in lines if read_number_line(line.text) is not None)


#: Kind labels open items when at least this many lines of a list carry them (one is
#: enough in a list under a patents heading).
MIN_IP_LABELS = 2


def ip_label_lines(lines: Sequence[Line], key: SectionKind | None) -> frozenset[int]:
    """Numbers of the lines that open with an intellectual-property kind label (``Invention
    Patent: Title``, ``软件著作权：标题``), in a list under a patents heading or one where at
    least :data:`MIN_IP_LABELS` lines carry them: each opens an item, its title wrapping over
    the lines under it.

    >>> lines = [Line(1, "Utility Model: Toy Kite"), Line(2, "Bo Wu, Ann Lee"), Line(3, "Software Copyright: Toy App")]
    >>> sorted(ip_label_lines(lines, None)), sorted(ip_label_lines(lines[:2], None))
    ([1, 3], [])
    """
    found = frozenset(line.no for line in lines if read_ip_label(line.text) is not None)
    if len(found) >= MIN_IP_LABELS or (found and key is SectionKind.PATENTS):
        return found
    return frozenset()


#: An entry label with no punctuation: a bare number (``1 Ann Lee, ...``) or a biblatex
#: author-year label (``2021a R. Chen, ...``).
NUMBER_LABEL_RE = re.compile(rf"^(\d{{1,3}})\s+(?=[A-Z{HAN}])")
YEAR_LABEL_RE = re.compile(
    rf"^((?:19|20)\d{{2}})([a-z]?)\s+(?=[A-Z{HAN}]|\[\d{{1,3}}\]|\d{{1,3}}[.)、]\s)"
)
#: A venue tag opening an entry without brackets, alone on its line or before a tab or
#: space: ``NSDI'24``, ``USENIX ATC'23`` (a left column of tags in a two-column layout); or
#: with the full year before a tab, the gap of a table's column (``ACM SIGOPS ATC 2022``).
TAG_LABEL_RE = re.compile(
    r"^((?:[A-Z][A-Za-z0-9&+\-]{1,15}(?: [A-Z][A-Za-z0-9&+\-]{1,15})?\s?'\d{2}(?=[\t ]|$))"
    r"|(?:[A-Z][A-Za-z0-9&+\-]{1,15}(?: [A-Z][A-Za-z0-9&+\-]{1,15}){0,2} (?:19|20)\d{2}(?=\t)))"
    r"[\t ]*"
)
#: Labels count only when at least this many lines of a list carry them.
MIN_LABELS = 3
#: A label of the alphabetic bibliography styles (bibtex ``alpha``, biblatex
#: ``alphabetic``): letters of the authors' names, a ``+`` for more, two digits of the year
#: and a letter for a second paper of that year (``[Lee21]``, ``[LWM19]``, ``[Lee+21a]``).
_ALPHA_LABEL_RE = re.compile(r"^\s*\[([A-Z][A-Za-z]{0,4}\+?)(\d{2})([a-z]?)\]\s*")


def alpha_label(text: str) -> re.Match[str] | None:
    """The alphabetic label that opens ``text``; None for none, and for a venue tag with a
    year (``[KDD21]``: the letters name a catalog venue).

    >>> [bool(alpha_label(t)) for t in ["[Lee+21a] Ann Lee", "[LWM19]\tAnn Lee", "[KDD21] Ann"]]
    [True, True, False]
    """
    found = _ALPHA_LABEL_RE.match(text)
    if found is None:
        return None
    letters = found.group(1)
    if "+" in letters or found.group(3) or not letters.isupper():
        return found  # a "+" or a lower-case letter: no venue's tag
    return None if names_venue(letters) else found


def find_label_lines(lines: Sequence[Line]) -> frozenset[int]:
    """Numbers of the lines that open an entry with an unpunctuated label: numbers that
    count up from 1 (restarting at 1 in each sub-list), or year labels, when a list has
    at least :data:`MIN_LABELS` of them.

    >>> lines = [Line(1, "1 Ann Lee. A Title."), Line(2, "2 in total"), Line(3, "2 Bo Wu. B."), Line(4, "3 Cy Ma. C.")]
    >>> sorted(find_label_lines(lines))
    [1, 3, 4]
    """
    numbered: list[int] = []
    expected = 1
    for line in lines:
        label = NUMBER_LABEL_RE.match(line.text)
        if label is None:
            continue
        number = int(label.group(1))
        if number == expected or (number == 1 and numbered):
            numbered.append(line.no)
            expected = number + 1
    years = [line.no for line in lines if YEAR_LABEL_RE.match(line.text)]
    tags = [line.no for line in lines if _opens_with_tag(line.text)]
    alpha = [line.no for line in lines if line.text[:1] == "[" and alpha_label(line.text)]
    found = set(numbered if len(numbered) >= MIN_LABELS else ())
    found.update(alpha if len(alpha) >= MIN_LABELS else ())
    found.update(years if len(years) >= MIN_LABELS else ())
    if len(tags) >= MIN_LABELS:
        found.update(tags)
        found = _with_bare_tags(lines, found)
    return frozenset(found)


#: A tag without a year alone on its line in a column of venue tags: ``Preprint``, ``ACL``
#: (of ``ACL`` / ``Demo'26``), ``Under Review``.
BARE_TAG_RE = re.compile(r"^[A-Z][A-Za-z&+\-]{1,15}(?: [A-Za-z][A-Za-z&+\-]{1,15})?$")


def _with_bare_tags(lines: Sequence[Line], found: set[int]) -> set[int]:
    """``found`` (the tag lines of a list labelled by venue tags) with the tags that carry no
    year: a short word alone on its line over an author list (``Preprint`` / ``Ann Lee, Bo
    Wu. "A Title."``) opens an entry too, and so does one over a year tag alone on its
    line, a tag wrapped in its narrow column (``ACL`` / ``Demo'26`` / authors), which then
    opens none.

    >>> lines = [Line(1, "Preprint"), Line(2, "Ann Lee, Bo Wu, Cy Ho. A toy."), Line(3, "ACL"),
    ...     Line(4, "Demo'26"), Line(5, "Ann Lee, Bo Wu. Kites.")]
    >>> sorted(_with_bare_tags(lines, {4}))
    [1, 3]
    """
    found = set(found)
    for line, after in pairwise(lines):
        if line.no in found or not BARE_TAG_RE.match(line.text.strip()):
            continue
        if after.no in found and TAG_LABEL_RE.fullmatch(after.text.strip()):
            found.add(line.no)
            found.discard(after.no)
        elif after.no not in found:
            start, _, spans = find_author_run(after.text)
            if start == 0 and len(spans) >= 2:
                found.add(line.no)
    return found


def long_numbered_lines(lines: Sequence[Line]) -> frozenset[int]:
    """Numbers of the lines that open with an entry number of four digits or more (``[1024]``,
    ``1024.``; :data:`ITEM_START_RE` reads three) counting on from the numbered line before
    or after it, up or down by one: a list of over 999 entries. A year in brackets
    (``[2019]``) is no entry number unless the years count like one.

    >>> lines = [Line(1, "[999] Ann Lee. A."), Line(2, "[1000] Bo Wu. B."), Line(3, "[2019]"), Line(4, "[1001] C.")]
    >>> sorted(long_numbered_lines(lines))
    [2]
    """
    numbered = [
        (line.no, _number_of(m))
        for line in lines
        if (m := _ENTRY_NUMBER_RE.match(line.text)) is not None
    ]
    return frozenset(
        no
        for i, (no, number) in enumerate(numbered)
        if number >= 1000
        and any(
            0 <= j < len(numbered) and abs(numbered[j][1] - number) == 1 for j in (i - 1, i + 1)
        )
    )


def long_entry_number(text: str) -> re.Match[str] | None:
    """An entry number of four digits or more opening ``text`` (``[1024] Ann Lee, ...``),
    unless it may be a year: a bracketed year opening an entry is its venue tag."""
    found = _ENTRY_NUMBER_RE.match(text)
    if found is None:
        return None
    number = _number_of(found)
    return found if number >= 1000 and not MIN_YEAR <= number <= MAX_YEAR else None


def _number_of(entry_number: re.Match[str]) -> int:
    """The number a match of :data:`_ENTRY_NUMBER_RE` read (one group per form)."""
    return int(next(group for group in entry_number.groups() if group))


#: An entry number in the forms of :data:`ITEM_START_RE`, of up to five digits.
_ENTRY_NUMBER_RE = re.compile(
    r"^\s*(?:\[[A-Za-z]{0,3}(\d{1,5})\]|\((\d{1,5})\)|(\d{1,5})[.)、](?!\d)|[A-Z](\d{1,5})[.)])\s*"
)


#: A line that opens with a quoted title, closed on the same line: '"Fast Things" OSDI25 ...'.
_QUOTED_START_RE = re.compile(r'^\s*["“”][^"“”]{8,}["“”]')


def _opens_with_tag(text: str) -> bool:
    """The line opens with a venue tag: ``NSDI'24``, or one in square brackets with a year
    and the entry after it (``[CoNLL 2019]: Ann Lee, ...``). A line opening with a venue in
    round brackets is more often the end of a wrapped venue text ("... Implementation /
    (NSDI 2018)").

    >>> [_opens_with_tag(t) for t in ["[CoNLL 2019]: Ann Lee", "(DSN 2018)", "[J] Ann Lee"]]
    [True, False, False]
    """
    if TAG_LABEL_RE.match(text):
        return True
    lead = LEAD_VENUE_RE.match(text)
    return (
        lead is not None
        and text.lstrip()[0] in "[【"
        and TAG_YEAR_RE.search(lead.group(1)) is not None
        and len(text) > lead.end() + 1
    )


def _split_anchored(
    lines: list[Line],
    section: RawSection,
    labelled: frozenset[int] = frozenset(),
    bullets: bool = True,
    style: str | None = None,
) -> tuple[list[RawEntry], list[Line]]:
    groups: list[list[Line]] = []
    group_years: list[int | None] = []
    strays: list[Line] = []
    anchored = False
    margin_year: int | None = None  # the year label of the group of entries the line is in
    grouped = _years_label_groups(lines, labelled)
    for line in lines:
        if _is_anchor(line, bullets, style) or line.no in labelled:
            anchored = True
            groups.append([line])
            label = YEAR_LABEL_RE.match(line.text) if grouped and line.no in labelled else None
            if label is not None:
                margin_year = int(label.group(1))
            elif not grouped:
                margin_year = None
            # a numbered entry under a margin year of its group ("2021 [3] ..." / "[4] ...")
            group_years.append(margin_year if label is None else None)
        elif (
            not anchored or (_has_year(groups[-1]) and _is_finished(groups[-1][-1].text))
        ) and _is_whole_entry(line.text):
            # an untagged full entry before, or after a finished, tagged one (the cheap test
            # first: most lines go on an unfinished entry, and need no author run)
            groups.append([line])
            group_years.append(None)
        elif (
            margin_year is not None
            and _is_finished(groups[-1][-1].text)
            and _opens_with_authors(YEAR_LABEL_RE.sub("", groups[-1][0].text, count=1))
            and _opens_with_authors(line.text)
        ):
            # a year in a left margin printed once for a group of entries (moderncv):
            # the entries after the first carry no label, and the group's year is theirs
            groups.append([line])
            group_years.append(margin_year)
        elif groups:
            groups[-1].append(line)
        else:
            strays.append(line)  # "Summary (first-author): ..." above the list
    return [
        RawEntry(tuple(g), section.lang, section.heading, group_year=year)
        for g, year in zip(groups, group_years, strict=True)
    ], strays


def _years_label_groups(lines: Sequence[Line], labelled: frozenset[int]) -> bool:
    """The list's year labels each stand once, newest or oldest first: each dates a group of
    entries (a year printed once in a left margin), not one entry (``2021  Ann Lee, ...``
    on every line, where a year comes back for every paper of that year).

    >>> lines = [Line(1, "2021 Ann Lee. A."), Line(2, "Bo Wu. B."), Line(3, "2020 Cy Ma. C.")]
    >>> _years_label_groups(lines, frozenset({1, 3})), _years_label_groups(lines[:1] * 2, frozenset({1}))
    (True, False)
    """
    years = [
        int(label.group(1))
        for line in lines
        if line.no in labelled and (label := YEAR_LABEL_RE.match(line.text)) is not None
    ]
    if len(years) < MIN_LABELS - 1:
        return False
    steps = {(b > a) - (b < a) for a, b in pairwise(years)}
    return steps in ({1}, {-1})


def _is_finished(text: str) -> bool:
    """The line ends an entry: a full stop, a closing bracket, a number (year, pages), not a
    word the next line goes on from ("... Triggered in the")."""
    end = text.rstrip()[-1:]
    return not end or end in '.。)）]】"”' or end.isdigit()


def _has_year(group: list[Line]) -> bool:
    return any(YEAR_RE.search(line.text) or SHORT_YEAR_RE.search(line.text) for line in group)


#: Roles of a line inside an untagged publication list.
TITLE, AUTHORS, VENUE, NOTE, STRAY, ENTRY = (
    "title",
    "authors",
    "venue",
    "note",
    "stray",
    "entry",
)
#: What closes an author list before a title: a full stop, a year, a quote.
_AUTHORS_CLOSED_RE = re.compile(
    r"^\s*(?:\(?(?:19|20)\d{2}[a-z]?\)?)?\s*[.。:]\s(?![-–—])|^[,，]?\s*[\"《「]"
)
#: A line this long that opens with authors and holds a year is a whole entry by itself.
MIN_ENTRY_CHARS = 60


def _is_whole_entry(text: str) -> bool:
    """``Lee, A., Wu, B. (2023). Title. Journal, 34(2).``: one line, one entry.

    >>> _is_whole_entry("Lee, A., Wu, B., & Ma, C. (2023). Learned indexes. IEEE TPDS, 34(2), 100-115.")
    True
    >>> _is_whole_entry("Ann Lee, Bo Wu, Cy Ma")
    False
    """
    if len(text) < MIN_ENTRY_CHARS or not (YEAR_RE.search(text) or SHORT_YEAR_RE.search(text)):
        return False
    start, end, spans = find_author_run(text)
    if start != 0 or not spans or end > len(text) - 20:
        return False
    return bool(_AUTHORS_CLOSED_RE.match(text[end:]))


def _opens_with_authors(text: str) -> bool:
    """The line opens with an author list, closed by a full stop or running on to the next
    line, and no venue after it (``Ann Lee, Bo Wu. Towards``, ``Ann Lee, Bo Wu, Cy Ma,``).

    >>> [_opens_with_authors(x) for x in ["Ann Lee, Bo Wu. Towards", "Ann Lee, Bo Wu, Cy Ma,"]]
    [True, True]
    >>> [_opens_with_authors(x) for x in ["Ann Lee, Bo Wu. NSDI 2024.", "In Proc. of NSDI."]]
    [False, False]
    """
    start, end, spans = find_author_run(text)
    if start != 0 or not spans:
        return False
    rest = text[end:].strip()
    if rest in ("", ","):
        return True
    closed = _AUTHORS_CLOSED_RE.match(text[end:])
    if closed is None:
        return False
    title = SENTENCE_END_RE.split(text[end + closed.end() :], maxsplit=1)[0]
    return not is_venue_text(title)


def _opens_entry(text: str) -> bool:
    """A line that opens a one-line style entry wrapped over several lines: authors closed by
    a full stop, then a title that is no venue (``Ann Lee, Bo Wu. Fast consensus for geo-``).

    >>> _opens_entry("Bo Wu and Ann Lee. Learned congestion control. IEEE/ACM")
    True
    >>> [_opens_entry(x) for x in ["Ann Lee, Bo Wu. NSDI 2024.", "Ann Lee, Bo Wu"]]
    [False, False]
    >>> _opens_entry('Lee, Ann, et al. "Quiet Toys at Scale." Wireless Toys and Mobile Kites, 2019.')
    True
    """
    start, end, spans = find_author_run(text)
    if start > 0 and text[:1].isupper() and _LIST_MARK_RE.search(text, 0, min(start, 40)):
        # 'Lee, Ann, et al. "Title." Wireless Toys and Mobile Kites': a longer run of
        # name-like words later (a venue's, a title's); the list that opens the line is the
        # authors
        start, end, spans = find_author_run(text[:start])
    if start != 0 or not spans:
        return False
    closed = _AUTHORS_CLOSED_RE.match(text[end:])
    if closed is None:
        return False
    rest = text[end + closed.end() :]
    title = SENTENCE_END_RE.split(rest, maxsplit=1)[0]
    return len(title) >= MIN_TITLE_CHARS and not is_venue_text(title)


#: What an author list that closes before a title holds: a comma, or a stop before a space.
_LIST_MARK_RE = re.compile(r",|\.\s")


#: A title and, in brackets after it, where it appeared: ``Fast Things(NSDI 2024, 第一作者)``.
_BRACKETED_VENUE_RE = re.compile(r"^([^(（]{10,}?)\s*[(（]([^)）]*)")
_OPEN_BRACKETS = "(（"
_CLOSE_BRACKETS = ")）"


def bracket_depth(text: str) -> int:
    """Round brackets the line opens and does not close (a venue bracket wrapped onto the
    next line)."""
    return sum(text.count(c) for c in _OPEN_BRACKETS) - sum(text.count(c) for c in _CLOSE_BRACKETS)


def opens_quote(text: str) -> bool:
    """The line opens a quoted title and does not close it (the title wraps onto the next
    line): an odd number of straight double quotes, or more opening curly quotes than
    closing ones.

    >>> opens_quote('"Fast Toys for'), opens_quote('"Fast Toys," in ToyConf'), opens_quote("“Fast")
    (True, False, True)
    """
    return text.count('"') % 2 == 1 or text.count("“") > text.count("”")


def _quote_open(group: Sequence[Line]) -> bool:
    """The entry's lines so far leave a quoted title open (its closing quote is yet to come:
    a line that closes one is no opening)."""
    return opens_quote(" ".join(line.text for line in group))


def _opens_bracketed_entry(text: str) -> bool:
    """A title, then its venue in round brackets, with the status and position after it:
    ``Fast Things for Slow Networks(IEEE Transactions on Networking, 已接收, 第一作者)``.
    The bracket names a venue or a year; the text before it is no author list.

    >>> _opens_bracketed_entry("虚构缓存的替换方法研究(计算机学报, 2023. 已接收)")
    True
    >>> _opens_bracketed_entry("Learning (Almost) Everything Twice")
    False
    """
    found = _BRACKETED_VENUE_RE.match(text)
    if found is None or is_venue_text(found.group(1)):
        return False
    inside = re.split(r"[,，;；]", found.group(2), maxsplit=1)[0]
    start, _, spans = find_author_run(found.group(1))
    if start == 0 and len(spans) >= 2:
        return False
    return is_venue_text(inside) or YEAR_RE.search(inside) is not None


def _closes_bracketed_entry(group: Sequence[Line]) -> bool:
    """The group is a bracketed entry (:func:`_opens_bracketed_entry`) whose brackets all
    closed at the end of its last line: whatever follows is the next entry."""
    if len(group) > MAX_BRACKETED_LINES or not group[-1].text.rstrip().endswith(_CLOSERS):
        return False
    text = " ".join(line.text for line in group).rstrip()
    found = _BRACKETED_VENUE_RE.match(text)
    return (
        found is not None
        and _closes_at_end(text, found.end(1))
        and _opens_bracketed_entry(group[0].text)
    )


def _closes_at_end(text: str, start: int) -> bool:
    """The bracket opened at or after ``start`` closes with the text's last character, not
    before: ``Toys (NSDI 2024, 已接收)``, not ``Lee, A. (2018). Toys ... (WSDM)``.

    >>> _closes_at_end("Toys (NSDI (best paper) 2024)", 4), _closes_at_end("Lee (2018). Toys (WSDM)", 3)
    (True, False)
    """
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        if char in _OPEN_BRACKETS:
            depth += 1
        elif char in _CLOSE_BRACKETS:
            depth -= 1
            if depth <= 0:
                return index == len(text) - 1
    return False


#: A bracketed entry (:func:`_opens_bracketed_entry`) is a few lines long, never more.
MAX_BRACKETED_LINES = 6
_CLOSERS = tuple(_CLOSE_BRACKETS)


#: The label of a patent's number closing the text before it: ``Patent Number:``, ``Patent
#: No.``, ``Application No.``, ``专利号：``, ``申请号``. (No title text: the words before it are.)
_NUMBER_LABEL_END_RE = re.compile(
    r"(?:\b(?:patent|application|registration|grant|publication)\s*(?:number|no\.?)"
    r"|(?:专利|申请|授权|公开|公告|登记|证书)号)\s*[:：]?\s*$",
    re.IGNORECASE,
)


def _is_patent_line(text: str) -> bool:
    """A title and its patent number on one line: one patent. The label of the number is no
    title: a title's last word and ``Patent Number: …`` (its head on the line above) is none.

    >>> _is_patent_line("一种虚构的缓存替换方法, 202010064079.X")
    True
    >>> _is_patent_line("Sampling. Patent Number: 202010064079.X (in Chinese).")
    False
    """
    patent = find_patent(text)
    if patent is None:
        return False
    before = _NUMBER_LABEL_END_RE.sub("", text[: patent.start()]).strip(" ,，;；.。")
    # (one Latin word is a title's tail, its head on the line above, not a title)
    return len(before) >= MIN_TITLE_CHARS and (" " in before or not before.isascii())


def _text_length(line: Line) -> int:
    return len(line.text)


def split_right_column(line: Line) -> tuple[Line, str | None]:
    """A line without its right column (a tab, then a venue tag or a date with a year), and
    the column's text; the line unchanged and None when it has none.

    >>> line, column = split_right_column(Line(1, "Fast Toys at Scale" + chr(9) + "NSDI 2023"))
    >>> line.text, column
    ('Fast Toys at Scale', 'NSDI 2023')
    >>> split_right_column(Line(1, "Fast Toys at Scale" + " " * 12 + "2023"))[1]
    '2023'
    """
    column = _right_column(line.text) or _after_bold_run(line)
    if column is None or _TAG_YEAR_OR_YEAR_RE.search(line.text, column.end()) is None:
        return line, None
    text = line.text[: column.start()].rstrip()
    bold = tuple((s, min(e, len(text))) for s, e in line.bold if s < len(text))
    return replace(line, text=text, bold=bold), line.text[column.end() :].strip()


def _after_bold_run(line: Line) -> re.Match[str] | None:
    """Where a right column starts that the line's type sets apart instead of a gap: a bold
    title, then a year or a venue tag with its year not in bold (``**Fast Toys** 2023``: a
    word processor's right tab stop the title reached, so the year follows after a space).

    >>> _after_bold_run(Line(1, "Fast Toys 2023", bold=((0, 9),))).end()
    10
    >>> _after_bold_run(Line(1, "Fast Toys 2023", bold=((0, 14),))) is None
    True
    """
    if not line.bold or line.bold[0][0] != 0:
        return None
    end = line.bold[-1][1]
    if not line.is_bold(0, end):
        return None
    return _BARE_COLUMN_RE.match(line.text, end)


#: A right column with nothing before it: a year alone, a venue tag with its year, or a
#: month and year, after the spaces that set it apart (``2023``, ``(2023)``, ``NSDI 2023``,
#: ``ACL'21``, ``PACM PL 2023``, ``Mar. 2023``).
_BARE_COLUMN_RE = re.compile(
    r"\s+(?=\(?(?:19|20)\d{2}\)?$"
    r"|[A-Z][A-Za-z&-]{1,15}(?: [A-Z][A-Z&]{1,10})?(?:\.? |['’-])?(?:19|20)?\d{2}$)"
)


def is_bare_column(text: str) -> bool:
    """A line that is only a right column: a year, or a venue tag and its year, which a word
    processor moved under a title that reached its right tab stop.

    >>> is_bare_column("2023"), is_bare_column("NSDI 2023"), is_bare_column("Ann Lee 2023")
    (True, True, False)
    >>> is_bare_column("PACM PL 2023"), is_bare_column("Mar. 2023"), is_bare_column("Toys 2")
    (True, True, False)
    """
    return _BARE_COLUMN_RE.match(" " + text.strip()) is not None


#: A right column after a line's text: a tab, then at most 40 characters; or a wide gap (text
#: extracted with its layout keeps a column as spaces), then a year alone or a venue tag with
#: its year ("CVPR 2023", "ACL'21"; a wider column, "Daejeon, Korea, Feb 2016", says where and
#: when a venue line's event was).
_RIGHT_COLUMN_RE = re.compile(
    r"\t(?=[^\t]{1,40}$)"
    r"|[ ]{6,}(?=\(?(?:19|20)\d{2}\)?$|[A-Z][A-Za-z&-]{1,15}[ '’-]?(?:19|20)?\d{2}$)"
    # a title that ran into its right-aligned year: no word ends in lower case and digits
    r"|(?<=[a-z]{3})(?=(?:19|20)\d{2}$)"
)


def _right_column(text: str) -> re.Match[str] | None:
    """Where a right column (:data:`_RIGHT_COLUMN_RE`) starts in ``text``, if it has one.

    Every match holds a tab, or six spaces, or is followed by a year that ends the text (a
    decimal digit last, or before one closing newline): a text with none of these is not
    scanned (the last alternative is tried at every position of a line).

    >>> _right_column("Fast Toys" + chr(9) + "NSDI 2023").start(), _right_column("Fast Toys 2023")
    (9, None)
    >>> _right_column("Fast Toys2023").start(), _right_column("Fast Toys") is None
    (9, True)
    """
    if "\t" not in text and "      " not in text and not text.rstrip("\n")[-1:].isdigit():
        return None
    return _RIGHT_COLUMN_RE.search(text)


#: A year in a right column: ``NSDI 2023``, ``SOSP'23``, ``Mar 2024``.
_TAG_YEAR_OR_YEAR_RE = re.compile(r"(?:19|20)\d{2}\b|'\d{2}\b")


@memo_short_texts(max_chars=MEMO_MAX_CHARS, maxsize=MEMO_SIZE, length=_text_length)
def line_role(line: Line) -> str:
    """What one line of an untagged list is: title, authors, venue, note or stray.

    >>> [line_role(Line(1, t)) for t in ["Fast Toy Programs for Slow Networks", "NSDI, 2025", "Ann Lee, Bo Wu, Cy Ma", "Jul. 2024"]]
    ['title', 'venue', 'authors', 'stray']
    """
    text = line.text.strip()
    if is_stray_line(text):
        return STRAY
    if is_link_line(text):
        return NOTE  # "论文链接", "PDF  Code": the entry's links
    column = _right_column(text)
    if column is None and (bold_column := _after_bold_run(line)) is not None:
        text, column = line.text.rstrip(), bold_column  # "**Fast Toys** 2023"
    if (
        column is not None
        and not is_stray_line(text[: column.start()])
        and _TAG_YEAR_OR_YEAR_RE.search(text, column.end()) is not None
    ):
        # "Title<tab>NSDI 2023": a right column (a venue tag, a date) beside the line's text;
        # the text says what the line is
        text = text[: column.start()].strip()
    if line.bold and line.is_bold(0, len(text)) and is_note(text):
        return NOTE
    if (
        _is_whole_entry(text)
        or _opens_entry(text)
        or _is_patent_line(text)
        or _opens_bracketed_entry(text)
        or row_as_citation(line) is not None  # a table row: "Title<TAB>Authors<TAB>...<TAB>2021"
    ):
        return ENTRY
    start, end, spans = find_author_run(text)
    if (
        start == 0
        and spans
        and (len(spans) >= 2 or text.rstrip().endswith(","))
        and (end >= len(text) - 1 or len(spans) >= 2)
    ):
        return AUTHORS
    if (
        is_venue_text(text)
        and not (
            end > start and has_names(text[start:end], 2) and not _names_go_on_venue(text[:start])
        )
        and not _is_initialed_name(text)
    ):
        return VENUE
    return TITLE


def _names_go_on_venue(before: str) -> bool:
    """The text before an author-like run names a venue and stops at a word that goes on
    (``In Conference on`` + ``Autonomous Agents and Multi-agent Systems``): the run is the
    rest of the venue's name, not an author list (capitalised words just before the run, as
    in ``Conference on Natural`` + ``Language Processing``, are the name's too).

    >>> _names_go_on_venue("In International Conference on Natural "), _names_go_on_venue("Fast Toys. ")
    (True, False)
    """
    stem = _TRAILING_CAPITALISED_RE.sub("", before)
    return ends_open(stem) and is_venue_text(stem)


#: Capitalised words at a text's end.
_TRAILING_CAPITALISED_RE = re.compile(r"(?:(?<!\S)[A-Z][\w-]*\s+)+$")


def _is_initialed_name(text: str) -> bool:
    """The line is one name written with initials (``J. Ruiz-Soto``, a single author's line),
    which venue words take for an abbreviated journal (``J.``); a journal abbreviates its
    last word too (``J. Toy Sci.``).

    >>> _is_initialed_name("J. Ruiz-Soto"), _is_initialed_name("J. Toy Sci."), _is_initialed_name("Ann Lee")
    (True, False, False)
    """
    last = text.rstrip("*").split()[-1]
    return (
        INITIAL_START_RE.match(text) is not None and not last.endswith(".") and is_lone_name(text)
    )


def _split_by_roles(
    lines: list[Line],
    section: RawSection,
    after_blank: frozenset[int] = frozenset(),
    headed: frozenset[int] = frozenset(),
) -> tuple[list[RawEntry], list[Line]]:
    groups: list[list[Line]] = []
    seen: list[set[str]] = []
    firsts: list[str] = []
    strays: list[Line] = []
    cues = layout_cues(lines, after_blank)
    blank_list = OPENS in cues  # blank lines part the entries (see layout_cues)
    column = column_width(lines)
    roles = [line_role(line) for line in lines]
    names = _repeated_names(lines, roles)
    plain = not all(map(is_bold_title_line, lines))  # else bold sets no title apart
    bold_opens = _bold_lines_open_entries(lines)
    # a list of titles alone, one paper per line, wrapped or not
    titles_alone = (
        len(lines) >= 2
        and all(role == TITLE for role in roles)
        and not any(is_lone_name(line.text.strip()) for line in lines)  # a sole author
        and all(split_right_column(line)[1] is None for line in lines)  # a venue or a year
    )
    rows = split_row_numbers(lines)  # table rows read cell by cell (row_cells)
    previous: Line | None = None
    for index, (line, cue, role) in enumerate(zip(lines, cues, roles, strict=True)):
        after_bold = previous is not None and _is_bold_opener(previous)
        previous = line
        if (
            groups and bold_opens and not after_bold and _is_bold_opener(line)
        ):  # "**Proc. ToyConf (TOYC)**" / title / authors: a bold line opens every entry
            groups.append([line])
            seen.append({role})
            firsts.append(role)
            continue
        if groups and line.no in rows and line.no == groups[-1][-1].no:
            groups[-1].append(line)  # a cell of the table row above (row_cells): its paper's
            seen[-1].add(role)
            continue
        if groups and line.no in rows and any(cell.no in rows for cell in groups[-1]):
            groups.append([line])  # a table row after another's: a paper a row
            seen.append({role})
            firsts.append(role)
            continue
        if role == TITLE and names and is_lone_name(line.text) and _name_key(line.text) in names:
            role = AUTHORS  # a single author, named in other entries' author lists: the owner
        if groups and _is_year_alone(line.text) and (cue == GOES_ON or not _has_year(groups[-1])):
            groups[-1].append(line)  # the entry's year, wrapped or set apart in a right column
            continue
        if role == STRAY:
            strays.append(line)
            continue
        if line.no in headed:  # the first entry under a year heading
            groups.append([line])
            seen.append({role})
            firsts.append(role)
            continue
        if groups and cue == GOES_ON:
            if groups[-1][-1].text.rstrip().endswith((",", "，")):
                # an author list wrapped after a comma ("Ann Lee," / "Bo Wu."): the rest of
                # the list ("and Cy Ma") is no title, whatever its first word
                seen[-1].add(_wrapped_list_role(groups[-1][-1], line, role))
            groups[-1].append(line)  # the rest of a line wrapped mid-sentence
            continue
        if groups and cue != OPENS and plain and _goes_on_bold_title(groups[-1], line):
            groups[-1].append(line)  # a title set in bold, wrapped: its words may read as names
            continue
        if (
            groups
            and cue != OPENS
            and len(groups[-1]) == 1
            and seen[-1] == {AUTHORS}
            and column is not None
            and is_wrapped(groups[-1][0], line, column)
        ):
            # an author list that filled a wrapped line is no entry yet: its title follows
            groups[-1].append(line)
            seen[-1].add(role)
            continue
        if cue == OPENS or (
            groups
            and role == AUTHORS
            and (firsts[0] in (AUTHORS, ENTRY) or _author_list_goes_on(groups[0][0].text))
            and _is_finished(groups[-1][-1].text)
            and (
                column is None
                or _author_list_goes_on(line.text)
                or not is_wrapped(groups[-1][-1], line, column)
            )
            and not _names_a_venue(line.text)
        ):
            # after a blank line that separates entries; or an author list after a finished
            # paragraph, in a list whose entries open with their authors (a finished line
            # that filled the column may go on with a venue whose words look like names,
            # "Wireless Toys and Mobile Computing, 9(2)": there the list must show itself)
            groups.append([line])
            seen.append({role})
            firsts.append(role)
            continue
        if groups and line.bullet and not _is_entry_like(line.text):
            role = NOTE  # a highlight under the entry ("⋄ Adopted by 26 companies")
        if (
            groups
            and line_role(groups[-1][-1]) == AUTHORS
            and continues_authors(groups[-1][-1].text, line.text)
        ):
            groups[-1].append(line)  # a name broken over two lines
            continue
        if groups and (
            line.text[:1].islower()
            or bracket_depth(groups[-1][-1].text) > 0
            or (_quote_open(groups[-1]) and not opens_quote(line.text[:1]))
        ):
            groups[-1].append(line)  # the rest of a wrapped line ("in" / "submission")
            continue
        if groups and groups[-1][-1].text.rstrip().endswith((",", "，")):
            groups[-1].append(line)  # an author list wrapped after a comma ("Ann Lee," / "Bo Wu.")
            seen[-1].add(_wrapped_list_role(groups[-1][-1], line, role))
            continue
        current = seen[-1] if seen else None
        if current is not None and blank_list and not _has_year(groups[-1]):
            # blank lines part this list's dated entries: an undated one goes on to its year
            # ("Ann Lee" / "Fast Toys for Slow" / "Networks" / "NSDI 2023"), whatever roles
            # its wrapped lines take
            groups[-1].append(line)
            current.add(role)
            continue
        if current is not None and _venue_wraps_to_year(groups, lines, roles, index):
            groups[-1].append(line)  # "Journal of Toy" / "Studies" / "2023": a venue cell, wrapped
            current.add(VENUE)
            continue
        starts = (
            current is None
            or role == ENTRY
            or (titles_alone and _title_ends(groups[-1][-1], line, column))
            or _closes_bracketed_entry(groups[-1])
            or (
                role == TITLE
                and TITLE in current
                and (
                    AUTHORS in current
                    or VENUE in current
                    or has_embedded_authors(groups[-1][0].text)
                )
            )
            or (role == AUTHORS and AUTHORS in current and VENUE in current)
            # two-column leftovers: every entry's venue line comes before its title
            or (role == VENUE and firsts[-1] == VENUE and TITLE in current)
        )
        if starts:
            groups.append([line])
            seen.append({role})
            firsts.append(role)
        else:
            groups[-1].append(line)
            assert current is not None
            current.add(role)
    return [RawEntry(tuple(g), section.lang, section.heading) for g in groups], strays


#: A venue cell's wrapped rest holds at most this many words ("Sciences", "Data Engineering").
MAX_VENUE_REST_WORDS = 4


def _venue_wraps_to_year(
    groups: Sequence[Sequence[Line]], lines: Sequence[Line], roles: Sequence[str], index: int
) -> bool:
    """``lines[index]`` is the rest of a venue wrapped in its cell, in a list whose entries
    each close with their year alone on a line (a table's venue-over-year cell, read cell
    by cell): the line before it is the entry's venue, the line after it the entry's year
    alone, then the next entry's title or the list's end; the entry has no year yet, and
    the entry before it closed with its year alone (the list shows the layout first). A
    few capitalized words, no more.

    >>> lines = [Line(1, "Fast Toys"), Line(2, "Ann Lee"), Line(3, "Journal of Toy"),
    ...          Line(4, "Studies"), Line(5, "2023"), Line(6, "Slow Toys")]
    >>> roles = ["title", "authors", "venue", "title", "title", "title"]
    >>> before = [Line(0, "2024")]
    >>> _venue_wraps_to_year([before, lines[:3]], lines, roles, 3)
    True
    >>> _venue_wraps_to_year([lines[:3]], lines, roles, 3)  # no entry closed so before
    False
    """
    group = groups[-1]
    text = lines[index].text.strip()
    if (
        roles[index] != TITLE
        or index + 1 >= len(lines)
        or roles[index - 1] != VENUE
        or group[-1] is not lines[index - 1]
        or not _is_year_alone(lines[index + 1].text.strip())
        or _has_year(list(group))
        or not text[:1].isupper()
        or len(text.split()) > MAX_VENUE_REST_WORDS
    ):
        return False
    if index + 2 < len(lines) and roles[index + 2] not in (TITLE, ENTRY):
        return False  # "2023" / "Ann Lee, Bo Wu": the year is the next entry's, over its authors
    return len(groups) >= 2 and _is_year_alone(groups[-2][-1].text.strip())


def _wrapped_list_role(previous: Line, line: Line, role: str) -> str:
    """The role of ``line``, which goes on after ``previous`` ends with a comma: an author
    line's when the two read as one author list (``..., Bo Wu,`` / ``and Cy Ma``, which
    reads as a title line by itself), else its own ``role``.

    >>> _wrapped_list_role(Line(1, "Ann Lee, Bo Wu,"), Line(2, "and Cy Ma"), TITLE)
    'authors'
    >>> _wrapped_list_role(Line(1, "Fast Toys for Slow Kites,"), Line(2, "and Other Toys"), TITLE)
    'title'
    """
    if role == AUTHORS or line_role(previous) != AUTHORS:
        return role
    return AUTHORS if continues_authors(previous.text, line.text) else role


#: A list whose entries each open with a bold line: at least this many bold runs, and the
#: plain lines between two runs at most MAX_PLAIN_RUN (a bold sub-list label heads longer runs).
MIN_BOLD_RUNS = 3
MAX_PLAIN_RUN = 6


def _bold_lines_open_entries(lines: Sequence[Line]) -> bool:
    """Every entry of the list opens with a line set wholly in bold (moderncv's banking style
    sets each ``\\cventry``'s first slot so): the list's first line is bold, bold runs
    (bold lines after a plain one) recur at least :data:`MIN_BOLD_RUNS` times, and no run of
    plain lines between them is longer than an entry.

    >>> bold = lambda t: Line(1, t, bold=((0, len(t)),))
    >>> entry = [bold("Proc. ToyConf (TOYC)"), Line(2, "Fast Toys"), Line(3, "Ann Lee, Bo Wu")]
    >>> _bold_lines_open_entries(entry * 3), _bold_lines_open_entries(entry[1:] * 3)
    (True, False)
    """
    if not lines or not _is_bold_opener(lines[0]):
        return False
    runs, plain = 0, 0
    previous_bold = False
    for line in lines:
        bold = _is_bold_opener(line)
        if bold and not previous_bold:
            runs += 1
            plain = 0
        elif not bold:
            plain += 1
            if plain > MAX_PLAIN_RUN:
                return False
        previous_bold = bold
    return runs >= MIN_BOLD_RUNS and not previous_bold


#: A Han character opening a text.
_HAN_START_RE = re.compile(rf"[{HAN}]")


def _title_ends(last: Line, line: Line, column: int | None) -> bool:
    """In a list of titles alone, ``last`` ends its title and ``line`` opens the next: the
    last line does not run on (no open end, no full line of a wrapped column) and the line
    opens with a capital or a Han character.

    >>> _title_ends(Line(1, "Fast toys for slow kites"), Line(2, "Quiet caches"), None)
    True
    >>> _title_ends(Line(1, "Fast toys for"), Line(2, "Slow kites"), None)
    False
    """
    text = line.text.lstrip()
    return (
        bool(text)
        and (text[0].isupper() or _HAN_START_RE.match(text) is not None)
        and not ends_open(last.text)
        and (column is None or not is_wrapped(last, line, column))
    )


def _is_bold_opener(line: Line) -> bool:
    """A line wholly in bold that is no lone name (the owner, bold in an author list)."""
    return is_bold_title_line(line) and not is_lone_name(line.text.strip())


def _goes_on_bold_title(group: Sequence[Line], line: Line) -> bool:
    """``line`` goes on the title of an entry whose lines so far are all in bold (a title set
    in bold and large type, which wraps often): it is in bold throughout too, and no lone
    name (a sole author, the owner in bold).

    >>> title = [Line(1, "Fast Toys for Slow", bold=((0, 18),))]
    >>> _goes_on_bold_title(title, Line(2, "Memory Budgets and Bursty Workloads", bold=((0, 35),)))
    True
    >>> _goes_on_bold_title(title, Line(2, "Ann Lee", bold=((0, 7),)))
    False
    """
    return (
        is_bold_title_line(line)
        and all(map(is_bold_title_line, group))
        and not is_lone_name(line.text.strip())
    )


def _repeated_names(lines: Sequence[Line], roles: Sequence[str]) -> frozenset[str]:
    """The names (:func:`_name_key`) that stand in at least two author lists of a list: its
    owner's, above all, as a CV names its owner in every entry.

    >>> lines = [Line(1, "Ann Lee, Bo Wu"), Line(2, "Toys"), Line(3, "Cy Ma, Ann Lee*")]
    >>> sorted(_repeated_names(lines, [AUTHORS, TITLE, AUTHORS]))
    ['ann lee']
    """
    counts: Counter[str] = Counter()
    for line, role in zip(lines, roles, strict=True):
        if role in (AUTHORS, ENTRY):
            _, _, spans = find_author_run(line.text)
            counts.update({_name_key(line.text[start:end]) for start, end in spans})
    return frozenset(name for name, n in counts.items() if n >= 2 and name)


def _name_key(text: str) -> str:
    """A name as author lists repeat it: marks (``*``, ``†``, numbers) and case left out.

    >>> _name_key(" Ann  Lee*. ")
    'ann lee'
    """
    return " ".join(text.strip(" .,*†‡∗#0123456789").split()).casefold()


def _is_year_alone(text: str) -> bool:
    """The line is a year and nothing else (``2021.``, ``(2021)``).

    >>> _is_year_alone("2021."), _is_year_alone("Jul. 2021")
    (True, False)
    """
    return _YEAR_LINE_RE.match(text.rstrip(".")) is not None


def _author_list_goes_on(text: str) -> bool:
    """The line opens with an author list of two names or more, and no number comes after
    it before a year: an author list going on to its year or title, not venue words that
    look like names and go on to a volume and pages (``Mobile Toys and Computing, 9(2)``).

    >>> _author_list_goes_on("Lee, A., Wu, B.*, & Ma, C. (2021). Toys."), _author_list_goes_on("Ann Lee, Bo Wu,")
    (True, True)
    >>> _author_list_goes_on("Wireless Toys and Mobile Computing, 9(2), 440-459.")
    False
    """
    start, end, spans = find_author_run(text)
    if start != 0 or len(spans) < 2:
        return False
    number = _NUMBER_RE.search(text, end)
    return number is None or YEAR_RE.match(text, number.start()) is not None


#: A number (a year, a volume, pages).
_NUMBER_RE = re.compile(r"\d+")


def _names_a_venue(text: str) -> bool:
    """The names the line opens with are a venue's words (``Information Systems, 18(8)``).

    >>> _names_a_venue("Lee, A., & Wu, B. (2021). Toys."), _names_a_venue("Information Systems, 18(8), 1-9.")
    (False, True)
    """
    start, end, _ = find_author_run(text)
    return is_venue_text(text[start:end])


#: A venue tag in brackets opening an entry: ``[NSDI'25]``, ``(ICML 2023)``.
LEAD_VENUE_RE = re.compile(r"^\s*[\[(【]([^\[\]()【】]{2,40})[\])】]\s*")
