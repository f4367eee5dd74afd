"""One entry's fields (:func:`parse_parts`).

The label and venue tag are taken off, then title, authors, venue text and notes are read
by the entry's shape: a title with its venue in brackets, one-line styles (APA and other
author-year forms, authors first, a quoted title, GB/T 7714 type codes), or a title line
over author and venue lines in any order.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from bilingual_cv.lang import ITEM_START_RE
from bilingual_cv.lang.date_grammar import is_month_name
from bilingual_cv.lang.dates import YEAR_RE
from bilingual_cv.lexicon import load_ccf_markers
from bilingual_cv.lines import Line, RawEntry
from bilingual_cv.publications.authors import (
    INITIAL_START_RE,
    author_chunks,
    continues_authors,
    find_author_run,
    has_names,
    is_lone_name,
    name_tail,
    pair_inverted_names,
    starts_with_authors,
)
from bilingual_cv.publications.cells import is_venue_cell, split_row_numbers
from bilingual_cv.publications.chinese_apa import parse_chinese_apa
from bilingual_cv.publications.cues import Cues
from bilingual_cv.publications.ip_items import IpItem, read_ip_item
from bilingual_cv.publications.names import clean_author, is_author_note, is_name
from bilingual_cv.publications.notes import (
    blank_links,
    is_bold_title_line,
    split_note_lines,
    split_patent_words,
    split_position_words,
    split_venue_notes,
    stated_position,
)
from bilingual_cv.publications.parts import (
    MEMO_MAX_CHARS,
    MIN_TITLE_CHARS,
    SENTENCE_END_RE,
    Parts,
    Text,
    join_lines,
)
from bilingual_cv.publications.patent_numbers import NumberLine, read_number_line
from bilingual_cv.publications.split import (
    AUTHORS,
    BARE_TAG_RE,
    LEAD_VENUE_RE,
    NUMBER_LABEL_RE,
    TAG_LABEL_RE,
    TITLE,
    VENUE,
    YEAR_LABEL_RE,
    alpha_label,
    bracket_depth,
    is_bare_column,
    line_role,
    long_entry_number,
    split_right_column,
)
from bilingual_cv.publications.table_row import row_as_citation
from bilingual_cv.publications.venue_text import (
    TAG_YEAR_RE,
    TIER_RE,
    after_abbreviation,
    is_venue_text,
    names_venue,
    names_venue_words,
    tag_decides,
    tag_short_name,
)
from bilingual_cv.publications.wrap import ends_open
from bilingual_cv.publications.year import find_patent

#: How much text after a sentence end is read to decide whether a venue starts there.
VENUE_PROBE_CHARS = 300


#: A title in quotes or in Chinese title marks.
_QUOTED_RE = re.compile(r'"([^"]{8,})"|《([^《》]+)》|「([^「」]+)」')


#: A year right after the authors: ``(2023).``, ``2023.``, or a date in brackets that opens
#: with the year (``(2021, June 3).``).
_LEADING_YEAR_RE = re.compile(
    r"^(?:\(((?:19|20)\d{2})[a-z]?,\s*[^()]{1,30}\)|\(?((?:19|20)\d{2})[a-z]?\)?)[.,:]\s*"
)


#: Where an entry's author list would be, the mark of "the same authors as the entry before":
#: a long dash, or (after a number) a bare comma or stop where a drawn rule left no text.
SAME_AUTHORS_SLOT_RE = re.compile(
    r"\s*(?:([\u2014\u2015]{2,}|\u2013{3,}|-{3,}|_{3,})\s*[,.:]{0,2}\s+(?=\S)"
    r"|[,.]\s+(?=[^\W\d_]|[\"“'‘]))"
)


#: GB/T 7714 type code after a title: ``[J]``, ``[C]``, ``[P]``.
_TYPE_CODE_RE = re.compile(r"\[([JCAPMDRSZN])(?:/OL)?\]")


#: A dash between the authors and the venue (Google Scholar), left over at the venue's start.
_DASHES = "-–—"


#: A whole entry in the bracketed shape: title, then one bracket that ends the entry.
_BRACKETED_WHOLE_RE = re.compile(r"^([^(（)）]{10,}?)\s*[(（]([^()（）]+)[)）][\s.。]*$")
#: How such an entry ends: a text that does not end so is not matched (the pattern's lazy
#: title part is tried at every character up to the first bracket).
_BRACKET_AT_END_RE = re.compile(r"[)）][\s.。]*$")


def _parse_bracketed(text: str, parts: Parts) -> bool:
    """Read an entry of the bracketed shape (:func:`_opens_bracketed_entry`): the title, and
    the bracket as the venue with its notes. False, and nothing read, for any other shape.

    >>> parts = Parts()
    >>> _parse_bracketed("Slow Things Made Fast(Science Reports, 已接收, 第一作者)", parts)
    True
    >>> parts.title, parts.venue
    ('Slow Things Made Fast', 'Science Reports, 已接收, 第一作者')
    """
    found = _BRACKETED_WHOLE_RE.match(text) if _BRACKET_AT_END_RE.search(text) else None
    if found is None or not re.search(r"[,，;；]", found.group(2)):
        return False
    start, _, spans = find_author_run(found.group(1))
    if (start == 0 and len(spans) >= 2) or is_venue_text(found.group(1)):
        return False
    parts.title, parts.venue = found.group(1).strip(), found.group(2).strip()
    return True


def parse_parts(entry: RawEntry, names: frozenset[str] = frozenset()) -> Parts:
    """Split one entry into title, authors, venue text and notes. ``names``: authors as the
    other entries of its list write them, which tells a sole author's line from a title's.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("- 3. Ann Lee, **Bo Wu**. Fast Things. The 20th USENIX Symposium on NSDI (NSDI), 2023.").lines
    >>> p = parse_parts(RawEntry(lines))
    >>> p.title, p.authors, p.bold_authors, p.venue
    ('Fast Things', ['Ann Lee', 'Bo Wu'], [1], 'The 20th USENIX Symposium on NSDI (NSDI), 2023.')
    """
    lines = (
        _without_count_cells(entry.lines)
        if entry.cells
        else [
            _venue_cell_read(line) if "\t" in line.text else line
            for line in entry.lines
            if not line.is_blank
        ]
    )
    if not lines:
        return Parts()
    first = lines[0]
    tag = (
        ITEM_START_RE.match(first.text)
        or NUMBER_LABEL_RE.match(first.text)
        or long_entry_number(first.text)
        or alpha_label(first.text)
    )
    year_label = YEAR_LABEL_RE.match(first.text)
    if year_label:
        tag = year_label
    if tag:
        lines = [_drop_prefix(first, tag.end()), *lines[1:]]
        number = ITEM_START_RE.match(lines[0].text) if year_label else None
        if number is not None:  # "2021 [3] Ann Lee, ...": a margin year, then the number
            lines[0] = _drop_prefix(lines[0], number.end())
    number_line = read_number_line(lines[0].text) if len(lines) > 1 else None
    if number_line is not None:  # "[2] KR 10-2345678<gap>Jul 2022" / "TOY KITE METHOD"
        lines = lines[1:]  # the number line holds no title: the lines under it do
    ip_item = read_ip_item(lines)
    if ip_item is not None:  # "Invention Patent: Title (Granted)<TAB>Owner" / inventors
        return _ip_parts(ip_item)
    slot = SAME_AUTHORS_SLOT_RE.match(lines[0].text)
    if slot is not None and not (slot.group(1) or (tag and first.text.lstrip().startswith("["))):
        slot = None  # a bare comma or stop is a rule's only after a bracketed number
    if slot is not None:
        # "[5] ——, Title, in Proc. ...", or "[5] , Title": the same authors as the entry
        # before, as a dash or as a rule drawn where no text is left (bibtex's siam,
        # biblatex's dashed lists); the entry is read from its title on
        lines[0] = _drop_prefix(lines[0], slot.end())
    lines = [blank_links(line) for line in lines]
    lines, bare_tag = _take_bare_tag(lines) if tag is None else (lines, None)
    lead = TAG_LABEL_RE.match(lines[0].text) if tag is None else None
    if lead is not None:  # "NSDI'24<TAB>Authors. Title. Venue."
        lines[0] = _drop_prefix(lines[0], lead.end())
        lines = [line for line in lines if not line.is_blank] or lines[:1]
    else:
        lead = LEAD_VENUE_RE.match(lines[0].text)
    venue_tag = lead.group(1).strip() if lead else _margin_venue_tag(entry.label)
    lead_venue = venue_tag if venue_tag and names_venue(venue_tag) else None
    if (
        lead is not None
        and (lead_venue is not None or TAG_YEAR_RE.search(lead.group(1)))
        and lines[0].text.startswith(lead.group(0))
    ):
        # "[NSDI'25] Title. Authors.", "[FooConf 2014]: Authors. Title.": a label, not text
        lines[0] = _drop_prefix(lines[0], lead.end())
    filled = [line for line in lines if not line.is_blank]
    row = row_as_citation(filled[0]) if len(filled) == 1 else None
    if row is not None:  # "Title<TAB>Authors<TAB>Venue<TAB>2023": a table row's cells
        lines = [row]
    body, notes = split_note_lines([line for line in lines if not line.is_blank] or lines[:1])
    parts = Parts(notes=[bare_tag, *notes] if bare_tag else notes)
    joined = join_lines(body)
    if slot is not None:
        _parse_inline(joined, parts)  # no author list: the title, then the venue
    else:
        _parse_body(body, joined, parts, entry.label is not None, names)
    if parts.patent_year is None:
        patent = find_patent(joined.text)
        if patent:  # "一种缓存方法, 202010064079.X": a patent line with its number only
            parts.patent_year = int(patent.group(1) or patent.group(2) or patent.group(3))
            if parts.title and patent.group(0) in parts.title:
                parts.title = parts.title.replace(patent.group(0), "").rstrip(" ,，;；")
    parts.title, parts.stated_position = split_position_words(_clean_title(parts.title))
    if not parts.authors and parts.venue is None and parts.title is not None:
        _split_title_fields(parts)  # "题目，计算机学报，2023，第一作者": fields by commas
    parts.title, patent_words = split_patent_words(parts.title)
    if patent_words is not None:  # "一种玩具方法 [发明,已授权]": a patent, and a note on it
        parts.stated_patent = True
        parts.notes.append(patent_words)
    if parts.stated_position is None and not parts.authors:
        parts.stated_position = stated_position(joined.text) or entry.stated_position
    if year_label and parts.leading_year is None:
        parts.leading_year = int(year_label.group(1))
    parts.venue_tag = venue_tag
    parts.tag_in_margin = lead is None and venue_tag is not None
    if lead_venue is not None and tag_decides(lead_venue, parts.venue):
        parts.venue = lead_venue
    if parts.venue is not None:
        venue, extra = split_venue_notes(_without_editors(_without_date_column(parts.venue)))
        parts.venue = venue
        parts.notes[:0] = extra
        _take_poster_words(parts)
    if number_line is not None:
        _set_patent_number(parts, number_line)
    return parts


def _without_count_cells(lines: Sequence[Line]) -> list[Line]:
    """The lines of a table row's entry (:attr:`RawEntry.cells`) that are not blank, without
    the cells that are a bare number (no year): the row's number before its title, a count
    after its venue (an author's place, citations). They stay in the entry's ``raw`` text and
    are read as no field.

    >>> cells = [Line(1, "1"), Line(1, "Fast toys"), Line(1, "ToyConf 2023"), Line(1, "2"), Line(2, "3")]
    >>> [line.text for line in _without_count_cells(cells)]
    ['Fast toys', 'ToyConf 2023', '3']
    """
    filled = [line for line in lines if not line.is_blank]
    rows = split_row_numbers(filled)
    return [line for line in filled if line.no not in rows or not _COUNT_CELL_RE.match(line.text)]


#: A cell of a bare count: up to four digits that are no year.
_COUNT_CELL_RE = re.compile(r"^\s*(?!(?:19|20)\d{2}\s*$)\d{1,4}\s*$")


def _venue_cell_read(line: Line) -> Line:
    """A citation whose venue and year stand in a right cell (a table row, a column after a
    wide gap) with the cell read as its last sentence: ``Ann Lee, Bo Wu. Fast toys<TAB>ToyConf
    2023`` is ``Ann Lee, Bo Wu. Fast toys. ToyConf 2023``. A cell of a year alone, a line that
    opens with no author list (a title over its authors' line), or a cell that names no
    venue is left as it is.

    >>> _venue_cell_read(Line(1, "Ann Lee, Bo Wu. Fast toys" + chr(9) + "ToyConf 2023")).text
    'Ann Lee, Bo Wu. Fast toys. ToyConf 2023'
    >>> _venue_cell_read(Line(1, "Fast toys for slow nets" + chr(9) + "ToyConf 2023")).text.count(chr(9))
    1
    """
    if not starts_with_authors(line.text):  # (the caller sees a tab in the line)
        return line
    left, cell = split_right_column(line)
    if cell is None or not is_venue_cell(_YEAR_IN_CELL_RE.sub("", cell).strip(" ,'’")):
        return line
    text = left.text.rstrip()
    text += " " if text[-1:] in _SENTENCE_CLOSERS else ". "
    cut = len(left.text)
    italic = tuple((s, min(e, cut)) for s, e in line.italic if s < cut)
    return replace(left, text=text + cell, italic=italic)


#: A year in a right cell, with the apostrophe of a short one (``2023``, ``'23``).
_YEAR_IN_CELL_RE = re.compile(r"['’]?\b(?:(?:19|20)\d{2}|\d{2})\b")
#: Marks a text may end with before a next sentence follows after a space.
_SENTENCE_CLOSERS = ".。,，;；:："


#: A Chinese title is at least this many characters (a Latin one :data:`MIN_TITLE_CHARS`).
MIN_HAN_TITLE_CHARS = 4
#: A comma between fields, outside brackets and quotes.
_FIELD_COMMA_RE = re.compile(r"[,，](?![^(（《\[]*[)）》\]])")


def _split_title_fields(parts: Parts) -> None:
    """An entry with no author list written as fields between commas, the title first, then
    the venue and the year (``面向玩具的缓存方法，计算机学报，2023``, ``Fast Toys, NSDI
    2021``; the owner's place, ``第一作者``, already taken off): the title is what stands
    before the venue, the venue the field that holds the year or the one before a year alone.

    >>> parts = Parts(title="面向玩具的缓存方法，玩具学报，2023")
    >>> _split_title_fields(parts); parts.title, parts.venue
    ('面向玩具的缓存方法', '玩具学报, 2023')
    >>> parts = Parts(title="Fast toys for slow kites, NSDI 2021")
    >>> _split_title_fields(parts); parts.title, parts.venue
    ('Fast toys for slow kites', 'NSDI 2021')
    >>> parts = Parts(title="Toys, kites, and strings: a study")
    >>> _split_title_fields(parts); parts.title, parts.venue
    ('Toys, kites, and strings: a study', None)
    """
    title = parts.title or ""
    pieces = [piece.strip() for piece in _FIELD_COMMA_RE.split(title)]
    dated = next(
        (i for i, piece in enumerate(pieces) if i and YEAR_RE.search(piece) is not None), None
    )
    if dated is None:
        return
    year_alone = YEAR_RE.sub("", pieces[dated]).strip(" .年月-/0123456789") == ""
    venue_at = dated - 1 if year_alone else dated
    if venue_at < 1 or not names_venue_words(YEAR_RE.sub("", pieces[venue_at]).strip()):
        return
    head = ", ".join(pieces[:venue_at]).strip()
    if len(head) < (MIN_TITLE_CHARS if head.isascii() else MIN_HAN_TITLE_CHARS):
        return
    parts.title = head
    parts.venue = ", ".join(pieces[venue_at : dated + 1])
    parts.notes.extend(piece for piece in pieces[dated + 1 :] if piece)


def _ip_parts(item: IpItem) -> Parts:
    """The parts of an intellectual-property item read by its kind label."""
    parts = Parts(title=item.title, notes=item.notes, patent_year=item.year)
    parts.label_kind, parts.stated_patent = item.kind, item.kind == "patent"
    if item.author_lines:
        _set_authors(parts, item.author_lines)
    return parts


def _set_patent_number(parts: Parts, number_line: NumberLine) -> None:
    """Keep the number (and date) of a patent printed over its title as the head of the
    venue text, the printed date's year as the patent's year (else the year the number
    holds, as :func:`find_patent` reads it), and mark the entry a patent.

    >>> parts = Parts(title="Toy Kite Launcher")
    >>> _set_patent_number(parts, NumberLine("KR 10-2020-0123456", "Mar 2021", "2021-03"))
    >>> parts.venue, parts.patent_year, parts.stated_patent
    ('KR 10-2020-0123456, Mar 2021', 2021, True)
    >>> parts = Parts(title="Toy Kite Launcher")
    >>> _set_patent_number(parts, NumberLine("CN 202010123456.7", None, None))
    >>> parts.venue, parts.patent_year
    ('CN 202010123456.7', 2020)
    """
    parts.stated_patent = True
    printed = ", ".join(text for text in (number_line.number, number_line.date_text) if text)
    parts.venue = f"{printed}, {parts.venue}" if parts.venue else printed
    if number_line.date is not None:
        parts.patent_year = int(number_line.date[:4])
        return
    patent = find_patent(number_line.number)
    if patent is not None:
        parts.patent_year = int(patent.group(1) or patent.group(2) or patent.group(3))


#: A right column after a wide gap in a venue text, up to 40 characters ending in a year:
#: where and when (``Jeju, South Korea, Aug 2014``), as text extracted with its layout keeps it.
_DATE_COLUMN_RE = re.compile(r" {6,}(?=\S[^\n]{0,40}?(?:19|20)\d{2}\)?\s*$)")


def _without_date_column(venue: str) -> str:
    """The venue text without a right column of place and date after a wide gap, when a
    name (a word, a bracket) ends before the gap.

    >>> _without_date_column("Proc. of ToyConf (TOYC'14)" + " " * 20 + "Springfield, IL, Aug 2014")
    "Proc. of ToyConf (TOYC'14)"
    >>> _without_date_column("KR 10-2018-0012345" + " " * 20 + "Mar 2018").split()
    ['KR', '10-2018-0012345', 'Mar', '2018']
    """
    if "      " not in venue:
        return venue
    column = _DATE_COLUMN_RE.search(venue)
    if column is None or not re.search(r"(?:[^\W\d_]|[)）])$", venue[: column.start()]):
        return venue  # a number before the gap ("KR 10-2018-0037291"): no venue's name
    return venue[: column.start()]


#: The editors of the book a chapter is in, before its name: ``In B. Wu & C. Ma (Eds.),``.
_IN_EDITORS_RE = re.compile(r"^(In:?\s+)[^()]{1,150}?\s*\((?i:eds?\.?|editors?)\)[,.:]?\s+(?=\S)")


def _without_editors(venue: str) -> str:
    """The venue text of a chapter without the editors of its book (APA, Chicago).

    >>> _without_editors("In B. Wu & C. Ma (Eds.), Handbook of Toys (pp. 1-20). Springer.")
    'In Handbook of Toys (pp. 1-20). Springer.'
    >>> _without_editors("In Proceedings of ToyConf (Oral)")
    'In Proceedings of ToyConf (Oral)'
    """
    if "(" not in venue:
        return venue
    found = _IN_EDITORS_RE.match(venue)
    return venue if found is None else found.group(1) + venue[found.end() :]


#: "Poster presented at:", "Poster at the", "Poster session in": what shows a poster's venue.
_POSTER_AT_RE = re.compile(
    r"\s*(?:an?\s+)?posters?\s+(?:presented\s+|session\s+)?(?:at|in)\b\s*:?\s*", re.IGNORECASE
)


#: "Paper presented at the", "Oral presentation at": how APA and its kin cite a conference
#: presentation before the meeting's name.
_PRESENTED_AT_RE = re.compile(
    r"\s*(?:an?\s+)?(?:paper|talk|oral|(?:oral\s+)?presentation)\s+(?:presented\s+)?at\b\s*:?\s*",
    re.IGNORECASE,
)


def _take_poster_words(parts: Parts) -> None:
    """A venue text that says the work was a poster (or a paper presented) there: the venue
    is what follows, the words a note, and ``parts.poster`` set for a poster.

    >>> parts = Parts(venue="Paper presented at the Annual Toy Meeting, Springfield, IL")
    >>> _take_poster_words(parts)
    >>> parts.venue, parts.notes, parts.poster
    ('the Annual Toy Meeting, Springfield, IL', ['Paper presented at'], False)
    """
    venue = parts.venue or ""
    found = _POSTER_AT_RE.match(venue)
    poster = found is not None
    found = found or _PRESENTED_AT_RE.match(venue)
    if found is None or not venue[found.end() :].strip():
        return
    parts.notes.insert(0, venue[: found.end()].strip(" :"))
    parts.venue_printed = venue
    parts.venue = venue[found.end() :].strip()
    parts.poster = poster


def _parse_body(
    body: list[Line],
    joined: Text,
    parts: Parts,
    margin: bool = False,
    names: frozenset[str] = frozenset(),
) -> None:
    """Read the entry's lines (``joined``: :func:`join_lines` of them) by their shape: a title
    with its venue in brackets, one-line styles (quoted title, authors first, APA), else a
    title line over author and venue lines (``margin``: the entry's tag stood in a left
    margin column, the entry's lines in the column beside it). ``names``: the authors other
    entries of the list name (:func:`parse_parts`)."""
    if parse_chinese_apa(joined, parts) or _parse_bracketed(joined.text, parts):
        return
    author_lines = _leading_author_lines(body, names)
    if author_lines:
        # "Ann Lee, Bo Wu" / "Fast Toys" / "NSDI 2023": no stop ends the author list, so the
        # lines, not the joined text, say where the authors end
        _parse_structured(body[author_lines:], parts, margin, authors_found=True)
        _set_authors(parts, body[:author_lines])
        return
    if (
        _QUOTED_RE.search(joined.text)
        or starts_with_authors(body[0].text)
        or (len(joined.text) <= MEMO_MAX_CHARS and _apa_shaped(joined))
        or (len(body) == 1 and starts_with_authors(joined.text))
        or _authors_fill_first_line(body, joined.text)
        or _lone_author_then_commas(joined.text, body[0].text.strip())
        or _leading_names_run(joined.text) is not None
    ):
        _parse_inline(joined, parts)
    elif not _parse_title_then_authors(body, joined, parts):
        _parse_structured(body, parts, margin, names=names)


#: At most this many sentence ends are tried as the end of a title before its author list.
_MAX_TITLE_SENTENCES = 3


def _parse_title_then_authors(body: Sequence[Line], joined: Text, parts: Parts) -> bool:
    """``Title. Authors. Venue Year.`` written in one run: a title whose stop is no line's
    end (a title line over author and venue lines is read line by line), then an author list
    that a stop or comma closes, then the venue. False (and ``parts`` untouched) when the
    entry has no such shape.

    >>> parts = Parts()
    >>> line = Line(1, "Fast Toys at Scale. Ann Lee, Bo Wu. NSDI 2023.")
    >>> _parse_title_then_authors([line], join_lines([line]), parts)
    True
    >>> parts.title, parts.authors, parts.venue
    ('Fast Toys at Scale', ['Ann Lee', 'Bo Wu'], 'NSDI 2023')
    >>> line = Line(1, "Fast Toys at Scale. In Proc. of NSDI 2023.")
    >>> _parse_title_then_authors([line], join_lines([line]), Parts())
    False
    """
    text = joined.text
    if len(text) > MEMO_MAX_CHARS:
        return False
    line_ends = {line.text.rstrip()[-12:] for line in body}
    for stop in itertools.islice(SENTENCE_END_RE.finditer(text), _MAX_TITLE_SENTENCES):
        if text[: stop.start() + 1].rstrip()[-12:] in line_ends:
            return False  # a title line over author and venue lines: read line by line
        title = text[: stop.start() + 1].strip().rstrip(".").strip()
        if len(title) < MIN_TITLE_CHARS:
            continue
        rest = text[stop.end() :]
        start, end, spans = find_author_run(rest)
        after = rest[end:]
        if start != 0 or not spans or not after[:1] in (".", ","):
            continue
        venue = after.strip(" .,;:")
        if not venue or (len(spans) < 2 and not is_venue_text(venue)):
            continue  # "Ann Arbor, MI. 2023": one name-like run needs a venue after it
        parts.title = title
        parts.authors = [clean_author(rest[s:e]) for s, e in spans]
        parts.bold_authors = _bold_indexes(
            joined, [(s + stop.end(), e + stop.end()) for s, e in spans]
        )
        parts.venue = venue
        return True
    return False


def _leading_author_lines(body: Sequence[Line], names: frozenset[str] = frozenset()) -> int:
    """How many of the entry's first lines hold its author list and nothing else, closed by
    no stop or comma, before lines of other kinds (the title, the venue): each field on a line
    of its own. A long list wraps over lines (``..., and Lior`` / ``O'Dell``); a list of one
    name counts only when that name is in ``names`` (a sole author, named in the other
    entries' lists: the owner), as a short title reads as a name too. 0 for other entries.

    >>> _leading_author_lines([Line(1, "Ann Lee, Bo Wu"), Line(2, "Fast Toys"), Line(3, "NSDI 2023")])
    1
    >>> _leading_author_lines([Line(1, "Ann Lee, Bo Wu, and"), Line(2, "Cy Ma"), Line(3, "Fast Toys")])
    2
    >>> _leading_author_lines([Line(1, "Ann Lee"), Line(2, "Fast Toys at Scale"), Line(3, "NSDI 2023")])
    0
    >>> _leading_author_lines([Line(1, "Ann Lee*"), Line(2, "Fast Toys at Scale")], frozenset({"Ann Lee"}))
    1
    >>> _leading_author_lines([Line(1, "A. Lee, B. Wu"), Line(2, "Fast Toys"), Line(3, "NSDI 2023")])
    1
    >>> _leading_author_lines([Line(1, "Ann Lee, Bo Wu."), Line(2, "Fast Toys.")])
    0
    >>> _leading_author_lines([Line(1, "Ann Lee, Bo Wu, Fast Toy"), Line(2, "Kites in the Wind, Journal of Toys")])
    0
    """
    if len(body) < 2:
        return 0
    first = body[0].text.strip()
    if any(mark in first for mark in '"“《') or SENTENCE_END_RE.search(first) is not None:
        return 0  # a sentence ends on the first line: the entry reads in one run
    # each line one field: no sentence ends inside a line ("Title. Venue" reads in one run)
    if any(
        stop.end() < len(line.text.strip())
        for line in body[1:]
        for stop in SENTENCE_END_RE.finditer(line.text.strip())
    ):
        return 0
    start, end, spans = find_author_run(first)
    if start != 0 or not spans:
        return 0  # the first line opens with no names
    count = 1
    if end < len(first.rstrip("*†‡#✉ ")) or first.endswith((",", "，", "&", " and")):
        # the list may go on: "..., Gus Ibarra, and" / "Pia Ito"
        while count < len(body) - 1 and continues_authors(body[count - 1].text, body[count].text):
            count += 1
    text = " ".join(line.text.strip() for line in body[:count])
    if not text or not (text[-1].isalnum() or text[-1] in "*†‡#✉)"):
        return 0  # a stop or a comma: the joined text reads in one run
    following = body[count].text.strip()
    if not following[:1].isupper() or any(quote in following for quote in '"“”«《'):
        return 0  # "and Bo Wu", a quoted title: the list or the citation runs on
    start, end, spans = find_author_run(text)
    if start != 0 or not spans or end < len(text.rstrip("*†‡#✉ ")):
        return 0
    if len(spans) < 2 and clean_author(text[spans[0][0] : spans[0][1]]) not in names:
        return 0
    start, end, spans = find_author_run(following)
    # "Mong Goh, ...": a name broken over the line end, the list goes on
    if start == 0 and spans and (len(spans) >= 2 or following[end : end + 1] in (",", "，")):
        return 0
    if following.endswith((",", "，")) or _split_at_comma(following) is not None:
        # "Ann Lee, Bo Wu, Fast Toy" / "Kites, ACM Transactions on Toys,": a citation in one
        # run of commas, wrapped where the title's first words read as a name
        return 0
    return count


def _lone_author_then_commas(text: str, first: str) -> bool:
    """``Author, Title, Venue, Year`` with one author: a name, a comma, then a title that a
    comma and a venue's name close. The name and its comma stand on the entry's first line
    ``first`` (SIAM's ``J. Roe, Title, in Proc. ...`` wraps over lines; a name alone on its
    line is a title line over author and venue lines); ``text`` is the whole entry.

    >>> line = "Ann Lee, Quiet toys at scale, Journal of Toy Science, 2021"
    >>> _lone_author_then_commas(line, line)
    True
    >>> _lone_author_then_commas("Quiet Toys, Journal of Toy Science, 2021", "Quiet Toys,")
    False
    """
    if len(text) > MEMO_MAX_CHARS or not text.startswith(first):
        return False
    start, end, spans = find_author_run(first)  # read for starts_with_authors already
    if start != 0 or len(spans) != 1 or first[end : end + 1] not in (",", "，"):
        return False
    return _split_at_comma(text[end + 1 :].strip()) is not None


def _leading_names_run(text: str) -> tuple[int, list[tuple[int, int]]] | None:
    """The author list that opens ``Authors, Title, Venue, Year`` (commas only) when a longer
    run of name-like words stands later (a title's "... Bursty Workloads, Computer Law"):
    the names before that run, from the text's start and closed by a comma, with a title and
    a venue's name after them (:func:`_split_at_comma`). Returns the list's end and its name
    spans; None when the longest run opens the text, or no such list does.

    >>> text = "Ann Lee, Toys under Tight Memory Budgets and Bursty Workloads, Journal of Toys, 2021"
    >>> end, spans = _leading_names_run(text)
    >>> [text[s:e] for s, e in spans]
    ['Ann Lee']
    >>> _leading_names_run("Fast Toys at Scale, Ann Lee, Bo Wu. Journal of Toys, 2021") is None
    True
    """
    comma = text.find(",", 0, _MAX_FIRST_NAME_CHARS)
    if (
        len(text) > MEMO_MAX_CHARS
        or comma < 0
        or not text[:1].isupper()
        or not 1 < len(text[:comma].split()) <= _MAX_NAME_WORDS
    ):
        return None  # a list closed by a comma opens with a name and its comma
    start, _, _ = find_author_run(text)
    if start <= comma:
        return None
    lead_start, lead_end, spans = find_author_run(text[:start])
    if lead_start != 0 or not spans or text[lead_end : lead_end + 1] not in (",", "，"):
        return None
    if _split_at_comma(text[lead_end + 1 :].strip()) is None:
        return None
    return lead_end, spans


#: The first name of an author list is at most this long (its comma comes within it), in
#: at most this many words (given names, a family name).
_MAX_FIRST_NAME_CHARS = 40
_MAX_NAME_WORDS = 4


def _authors_fill_first_line(body: Sequence[Line], joined: str) -> bool:
    """The author list takes the whole first line and goes on over the next one ("CHEN J*" /
    ", XIE G, LUO K. Title[C]//..."): the entry is written in one run, authors first."""
    if len(body) < 2 or len(joined) > MEMO_MAX_CHARS:
        return False
    if not (body[0].text.rstrip().endswith((",", "，")) or body[1].text.lstrip()[:1] in ",，"):
        return False  # the list goes on visibly; "Rack-Scale Memory" over names is a title
    start, end, spans = find_author_run(joined)
    return start == 0 and len(spans) >= 2 and end >= len(body[0].text.strip())


def _margin_venue_tag(label: str | None) -> str | None:
    """The entry's margin label as its venue tag: one that names a venue (``ICML``,
    ``SOSP'23``) or a short name with its year (``ToyConf 2021``); None for an entry number
    or a year alone (``J2``, ``[C3]``, ``2023``).

    >>> _margin_venue_tag("ToyConf 2021"), _margin_venue_tag("J2"), _margin_venue_tag("2023")
    ('ToyConf 2021', None, None)
    """
    if not label:
        return None
    if tag_short_name(label) is not None or names_venue(label):
        return label
    return None


def _take_bare_tag(lines: list[Line]) -> tuple[list[Line], str | None]:
    """The entry's lines without a tag of a margin column alone on its first line: a status
    tag (``Preprint`` / ``Ann Lee, Bo Wu. "A Title."``), returned as a note, or the first
    line of a tag wrapped in its narrow column (``ACL`` / ``Demo'26``), put back before the
    rest of the tag.

    >>> lines, note = _take_bare_tag([Line(1, "Preprint"), Line(2, "Ann Lee, Bo Wu. Kites.")])
    >>> [line.text for line in lines], note
    (['Ann Lee, Bo Wu. Kites.'], 'Preprint')
    >>> lines, note = _take_bare_tag([Line(1, "ACL"), Line(2, "Demo'26"), Line(3, "Ann Lee. Kites.")])
    >>> [line.text for line in lines], note
    (["ACL Demo'26", 'Ann Lee. Kites.'], None)
    """
    if len(lines) < 2:
        return lines, None
    first = lines[0].text.strip()
    if not BARE_TAG_RE.match(first):
        return lines, None
    after = lines[1]
    if TAG_LABEL_RE.match(after.text):
        shift = len(first) + 1
        moved = tuple((s + shift, e + shift) for s, e in after.bold)
        joined = Line(after.no, f"{first} {after.text}", after.origin, after.md_level, moved)
        return [joined, *lines[2:]], None
    if _status_words().found(first):
        return lines[1:], first
    return lines, None


@cache
def _status_words() -> Cues:
    """The words that say a work is not out yet (``Preprint``, ``Under Review``)."""
    return Cues.of(load_ccf_markers().preprint)


def _drop_prefix(line: Line, shift: int) -> Line:
    """The line without its first ``shift`` characters, bold spans moved along."""
    bold = tuple((max(0, s - shift), max(0, e - shift)) for s, e in line.bold if e > shift)
    return Line(line.no, line.text[shift:], line.origin, line.md_level, bold, line.bullet)


def _bold_indexes(joined: Text, spans: list[tuple[int, int]]) -> list[int]:
    """The authors set in bold; a mark after or before a name (``**Ann Lee**✉``, ``*``,
    ``†``) may stand outside the bold.

    >>> text = Text("Bo Wu, Ann Lee✉, Cy Ma", bold=[(7, 14)])
    >>> _bold_indexes(text, [(0, 5), (7, 15), (17, 22)])
    [1]
    """
    if not joined.bold:
        return []  # plain text (most input): no span to test
    return [i for i, (s, e) in enumerate(spans) if joined.is_bold(*_name_span(joined.text, s, e))]


def _name_span(text: str, start: int, end: int) -> tuple[int, int]:
    """``text[start:end]`` without the marks around the name in it."""
    while end > start + 1 and not text[end - 1].isalpha() and text[end - 1] not in ".'’":
        end -= 1
    while start < end - 1 and not text[start].isalpha():
        start += 1
    return start, end


#: What an APA date may say instead of a year, or after it (``(in press)``, ``(2023,
#: accepted)``): the work's status, kept as a note.
_APA_STATUS = (
    r"(?i:in\s+press|forthcoming|accepted|submitted|under\s+review|to\s+appear|online\s+first)"
)
_APA_STATUS_RE = re.compile(rf"\b{_APA_STATUS}")
#: APA: ``Lee, A., Wu, B., & Ma, C. (2023). Title. Venue.``: the date in brackets ends the
#: author list. The date is a year, a year with a letter (``2021a``), a year with a month,
#: day or status after a comma (``2021, June 3``, ``2023, accepted``), a status alone
#: (``in press``) or ``n.d.``, closed by a full stop or a colon (``(2019): Title``). Editors
#: say so before the date: ``Roe, J. (Ed.). (2020).``
_APA_RE = re.compile(
    r"^(?P<authors>[^()]{3,}?)\s*(?:\((?P<role>(?i:eds?\.?|editors?))\)\.?\s*)?\((?:(?P<year>(?:19|20)\d{2})[a-z]?(?:,\s*(?P<date>[^()]{1,30}?))?"
    rf"|(?P<status>{_APA_STATUS})|n\.\s?d\.)\)(?:[.:]\s*|\s+)(?P<rest>\S.*)$"
)
#: The author-year form without brackets (Harvard, ACM): ``Lee, A., 1991. Title.``; every
#: chunk before the year must read as a name.
_BARE_YEAR_RE = re.compile(
    r"^(?P<authors>[^()]{3,}?)[,.]\s+(?P<year>(?:19|20)\d{2})[a-z]?\.\s+(?P<rest>\S.*)$"
)
#: The years as the two patterns above write them: a text without one is not matched (the
#: patterns' lazy author part is tried at every character up to the first bracket).
_APA_YEAR_RE = re.compile(rf"\((?:(?:19|20)\d{{2}}[a-z]?[,)]|{_APA_STATUS}\)|n\.\s?d\.\))")
_BARE_YEAR_AT_RE = re.compile(r"[,.]\s+(?:19|20)\d{2}[a-z]?\.\s")


def _match_apa(text: str) -> re.Match[str] | None:
    """:data:`_APA_RE` on a text that holds its bracketed year."""
    return _APA_RE.match(text) if _APA_YEAR_RE.search(text) else None


def _apa_shaped(joined: Text) -> bool:
    """The text opens as APA does: authors, then the date in brackets. A date that is not a
    year alone (``(Under Review)``, ``(2023, accepted)``) follows a title as often, so its
    author list must read (a trial :func:`_parse_apa`).

    >>> _apa_shaped(Text("Roe, J. (in press). Toys. Toy Letters.")), _apa_shaped(Text("Quiet toys for all (Under Review) Ann Lee"))
    (True, False)
    """
    found = _match_apa(joined.text)
    if found is None:
        return False
    if found.group("year") and not found.group("date"):
        return True
    return _parse_apa(joined, Parts())


def _match_bare_year(text: str) -> re.Match[str] | None:
    """:data:`_BARE_YEAR_RE` on a text that holds its year between full stops."""
    return _BARE_YEAR_RE.match(text) if _BARE_YEAR_AT_RE.search(text) else None


#: What stands for left-out authors in an APA list.
_ELLIPSIS_RE = re.compile(r"^(?:…|\.{3}|et\s*al\.?|等人?)$", re.IGNORECASE)
#: An APA author list may hold this many chunks that read as no name (a garbled co-author).
MAX_APA_GARBLED = 1
#: An ellipsis inside an author list, which separates names like a comma.
_ELLIPSIS_SPLIT_RE = re.compile(r"\s*,?\s*(?:…|\.{3})\s*")


def _parse_apa(joined: Text, parts: Parts) -> bool:
    """``Authors (2023). Title. In Venue.``: fill ``parts`` and return True, or return False.

    >>> p = Parts()
    >>> _parse_apa(Text("Roe, J., Lee, A., ... Wu, B. (2024). A Fictional Allocator. In FooSec.", ()), p)
    True
    >>> p.authors, p.title, p.venue, p.leading_year
    (['Roe, J', 'Lee, A', 'Wu, B'], 'A Fictional Allocator', 'In FooSec.', 2024)
    >>> p = Parts()
    >>> _parse_apa(Text("Roe, J. and Lee, A., 2019. Toys at Scale. In FooSec.", ()), p)
    True
    >>> p.authors, p.title, p.leading_year
    (['Roe, J', 'Lee, A'], 'Toys at Scale', 2019)
    >>> _parse_apa(Text("Ann Lee, Bo Wu. Toys of 2020. In FooSec.", ()), Parts())
    False
    """
    if len(joined.text) > MEMO_MAX_CHARS:
        return False  # no entry is this long; the lazy author pattern is kept off huge text
    found = _match_apa(joined.text)
    garbled = MAX_APA_GARBLED
    if found is None:
        found, garbled = _match_bare_year(joined.text), 0
    if found is None:
        return False
    if found.groupdict().get("date") or found.groupdict().get("status"):
        garbled = 0  # "Title (Under Review) Authors": a title before a status is no author
    head = _ELLIPSIS_SPLIT_RE.sub(", ", found.group("authors"))
    if '"' in head or "《" in head:
        return False  # a quoted title before the year: not an APA author list
    chunks = pair_inverted_names(head, author_chunks(head))
    names = [
        (s, e)
        for s, e in chunks
        if head[s:e].strip() and not _ELLIPSIS_RE.match(head[s:e].strip(" ,&"))
    ]
    readable = [c for c in names if _reads_as_name(head[c[0] : c[1]])]
    if not names or len(readable) < len(names) - garbled:
        return False
    parts.authors = [clean_author(head[s:e]) for s, e in names]
    parts.bold_authors = _bold_indexes(joined, names)
    dated = found.groupdict()
    parts.leading_year = int(dated["year"]) if dated["year"] else None
    status = dated.get("status") or dated.get("date")
    if status and _APA_STATUS_RE.search(status):  # "(in press)", "(2023, accepted)"
        parts.notes.append(status.strip())
    if dated.get("role"):  # "Roe, J. (Eds.). (2020). Handbook of Toys.": the authors edited it
        parts.notes.append(dated["role"])
    if _split_at_type_code(found.group("rest"), parts):
        return True  # GB/T 7714 author-year: "Roe J, Poe A. 2023. Title[J]. Venue, 34(2): 1-9."
    title, venue = _split_title_venue(found.group("rest"))
    if venue is None:
        title, _, rest = found.group("rest").partition(". ")
        venue = rest or None
    parts.title, parts.venue = title, venue
    return True


#: A name led by initials has at most this many words (``M. C. van der Berg``).
MAX_INITIALED_NAME_WORDS = 5


def _reads_as_name(chunk: str) -> bool:
    """A piece of an APA author list reads as a name: a name, or initials and a few words
    (not "B. Wu. Title of the paper. Venue": a title and venue after the last name).

    >>> _reads_as_name("J. K. Roe"), _reads_as_name("B. Wu. Quiet toys at scale. Toy Letters")
    (True, False)
    """
    chunk = chunk.strip()
    return is_name(chunk) or bool(
        INITIAL_START_RE.match(chunk) and len(chunk.split()) <= MAX_INITIALED_NAME_WORDS
    )


def _split_at_type_code(rest: str, parts: Parts) -> bool:
    """Title and venue of a GB/T 7714 text after its authors, cut at its type code
    (``Title[J]. Venue, 2023``, ``Title[C]//Proceedings of ...``); False, and nothing read,
    for a text with no type code.

    >>> parts = Parts()
    >>> _split_at_type_code("Fast Toys[C]//Proceedings of ToyConf. 2023: 1-9.", parts)
    True
    >>> parts.title, parts.venue, parts.type_code
    ('Fast Toys', 'Proceedings of ToyConf. 2023: 1-9', 'C')
    >>> _split_at_type_code("一种玩具方法: 中国, CN112345678A[P]. 2021-03-01.", parts)
    True
    >>> parts.title, parts.type_code
    ('一种玩具方法', 'P')
    """
    code = _TYPE_CODE_RE.search(rest)
    if code is None:
        return False
    parts.type_code = code.group(1)
    parts.title = rest[: code.start()].strip(" .")
    if parts.type_code == "P":  # "Title: 中国, CN112345678A[P]": the country and number follow
        parts.title = _GBT_PATENT_NUMBER_RE.sub("", parts.title) or parts.title
    parts.venue = rest[code.end() :].strip(" .,/") or None
    return True


#: What GB/T 7714 writes between a patent's title and its type code: a colon, the country and
#: the number (``: 中国, CN112345678A``, ``: US20210123456A1``, ``: 中国``).
_GBT_PATENT_NUMBER_RE = re.compile(
    r"\s*[:：]\s*(?:[\u4e00-\u9fff]{2,8}(?:\s*[,，]\s*(?:[A-Z]{2}\s?)?[\dX.\s]{6,}[A-Z]?\d?)?"
    r"|(?:[A-Z]{2}\s?)?\d[\dX.\s]{5,}[A-Z]?\d?)\s*$"
)


def _parse_inline(joined: Text, parts: Parts) -> None:
    """``Authors. Title. Venue`` or ``Authors, "Title". (Venue)`` or ``No《Title》Authors``."""
    if _parse_apa(joined, parts):
        return
    text = joined.text
    quoted = _QUOTED_RE.search(text)
    if quoted and quoted.group(2) is not None and _names_journal_after_title(text, quoted):
        quoted = None  # "李安、王伟：标题，《计算机学报》2017年": 《》 name the journal here
    if quoted and quoted.group(1) is not None and text[quoted.end() : quoted.end() + 1].isalnum():
        # '"Toys via a "20 questions" approach," in': that quote opens a phrase in the title
        quoted = _NESTED_QUOTED_RE.match(text, quoted.start()) or quoted
    if quoted and _quote_inside_title(text, quoted):
        quoted = None  # 'Learning toys via a "20 questions" approach.': a phrase of the title
    if quoted:
        title = next(group for group in quoted.groups() if group is not None)
        # "李安，王伟。《标题》": the stop or colon closes the author list, not a name
        before = text[: quoted.start()].rstrip(_LIST_CLOSERS)
        after = text[quoted.end() :]
        patent = find_patent(before) or find_patent(after)
        if patent:
            parts.patent_year = int(patent.group(1) or patent.group(2) or patent.group(3))
        names_before = has_names(before, 1) or _opens_with_names(before)
        pool, offset = (before, 0) if names_before else (after, quoted.end())
        start, end, spans = find_author_run(pool)
        parts.authors = [clean_author(pool[s:e]) for s, e in spans]
        parts.bold_authors = _bold_indexes(joined, [(s + offset, e + offset) for s, e in spans])
        parts.title = title
        rest = after if pool is before else pool[end:]
        rest = rest.strip(" .,，;:")
        if not rest and pool is after and spans and start > 0:
            rest = pool[:start].strip(" .,，;:")  # '"Title" OSDI25 Ann Lee, Bo Wu.'
        rest = rest.strip(" .,，;:")
        code = _TYPE_CODE_RE.search(rest)
        if code:
            parts.type_code = code.group(1)
            rest = _TYPE_CODE_RE.sub("", rest).strip(" .")
        parts.venue = rest or None
        return
    start, end, spans = find_author_run(text)
    leading = _leading_names_run(text) if start > 0 else None
    if leading is not None:  # "Ann Lee, Title ... Words Like Names, Venue": the list opens it
        end, spans = leading
    if _title_head_ends_run(text, spans):
        spans.pop()  # "Ann Lee, Bo Wu, Fast Toy Gist: A Study of Kites, In: ...": a title's head
        end = spans[-1][1]
    parts.authors = [clean_author(text[s:e]) for s, e in spans]
    parts.bold_authors = _bold_indexes(joined, spans)
    rest = _take_author_note(text[end:].lstrip(" .,:;。，" + _DASHES), parts)
    role = _EDITOR_ROLE_RE.match(rest)
    if role is not None:  # "Ann Lee and Bo Wu (Eds.). Handbook of Toys.": the authors edited it
        parts.notes.append(role.group(1) or role.group(2))
        rest = rest[role.end() :]
    year = _LEADING_YEAR_RE.match(rest)
    if year:  # APA "(2023). Title.", ACM "2023. Title." and GB/T "李安, 等. 2023. 标题[J]."
        parts.leading_year = int(year.group(1) or year.group(2))
        rest = rest[year.end() :]
    if _split_at_type_code(rest, parts):
        return
    patent = find_patent(rest)
    if patent:
        parts.patent_year = int(patent.group(1) or patent.group(2) or patent.group(3))
    title, venue = _split_title_venue(rest)
    if venue is not None:  # "《计算机学报》2017年第3期": the journal's name in 《》
        venue = _GUILLEMET_HEAD_RE.sub(r"\1, ", venue, count=1)
    parts.title, parts.venue = title, venue


def _title_head_ends_run(text: str, spans: Sequence[tuple[int, int]]) -> bool:
    """The last name-like piece of an author run is the head of a title before its colon:
    a comma, not "and", sets it off from the names before it, a colon and a capital follow
    it, and the text after the colon runs with no stop to a comma that the venue follows.
    Entries written with commas only ("Authors, Title: Subtitle, In: Venue, 2020") put a
    title's colon there; lists that close their authors with a colon (DBLP, LNCS) close
    the title with a stop.

    >>> text = "Ann Lee, Bo Wu, Fast Toy Gist: A Study of Kites, In: Proceedings of ToyConf, 2020."
    >>> _title_head_ends_run(text, [(0, 7), (9, 14), (16, 29)])
    True
    >>> text = "Ann Lee, Bo Wu: A Study of Kites. In: Proceedings of ToyConf, 2020."
    >>> _title_head_ends_run(text, [(0, 7), (9, 14)])
    False
    """
    if len(spans) < 2:
        return False
    start, end = spans[-1]
    colon = _COLON_THEN_CAPITAL_RE.match(text, end)
    if colon is None or text[spans[-2][1] : start].strip() != ",":
        return False
    after = text[colon.end() : colon.end() + MEMO_MAX_CHARS]
    split = _split_at_comma(after)
    return split is not None and SENTENCE_END_RE.search(after, 0, len(split[0])) is None


#: A colon, then a capital (a subtitle's or a title's first word).
_COLON_THEN_CAPITAL_RE = re.compile(r"\s*:\s+(?=[A-Z])")


#: A venue text opened by a name in 《》.
_GUILLEMET_HEAD_RE = re.compile(r"^《([^《》]{2,40})》[\s,，]*")


#: What may close an author list before a quoted title: spaces, Chinese stops, commas, colons.
_LIST_CLOSERS = " \t,;:。，；：、"  # not ".": "Lee, Ann B." keeps its initial


def _names_journal_after_title(text: str, quoted: re.Match[str]) -> bool:
    """The 《》 of ``quoted`` hold a venue the catalogs know, and a title-like text stands
    between the author list and them: Chinese writes journal names in 《》 too.

    >>> text = "李安、王伟：玩具图划分的近似算法，《计算机学报》2017年第3期"
    >>> _names_journal_after_title(text, _QUOTED_RE.search(text))
    True
    >>> text = "李安, 王伟. 《面向玩具的缓存机制》. 软件学报, 2022."
    >>> _names_journal_after_title(text, _QUOTED_RE.search(text))
    False
    """
    if not names_venue(quoted.group(2)):
        return False
    before = text[: quoted.start()]
    _, end, spans = find_author_run(before)
    between = before[end:].strip(_LIST_CLOSERS) if spans else before.strip(_LIST_CLOSERS)
    return len(between) >= MIN_TITLE_CHARS


def _quote_inside_title(text: str, quoted: re.Match[str]) -> bool:
    """The quotes of ``quoted`` hold a phrase inside a title, not the title: words run into
    the opening quote and on from the closing one with no stop or comma, and title words
    that read as no name stand between the author list and the quote. A quoted title is
    closed off from what is around it ('Ann Lee, Bo Wu. "Fast Toys". In ...', '"Fast
    Toys," in Proc. ...').

    >>> text = 'Ann Lee, Bo Wu. Learning toys via a "20 questions" approach. In ToyConf, 2023.'
    >>> _quote_inside_title(text, _QUOTED_RE.search(text))
    True
    >>> text = 'Ann Lee and Bo Wu "Fast toys at scale" in Proc. of ToyConf, 2023.'
    >>> _quote_inside_title(text, _QUOTED_RE.search(text))
    False
    >>> text = 'Ann Lee, Bo Wu, Ng, Cy Ma "Fast toys at scale" Book chapter of "Toys".'
    >>> _quote_inside_title(text, _QUOTED_RE.search(text))
    False
    """
    if quoted.group(1) is None:
        return False  # 《》 and 「」 set a Chinese title off, or a journal's name
    if not _WORD_THEN_SPACE_RE.search(text, 0, quoted.start()):
        return False
    if not _SPACE_THEN_WORD_RE.match(text, quoted.end()):
        return False
    before = text[: quoted.start()]
    _, end, spans = find_author_run(before)
    between = (before[end:] if spans else before).strip(_LIST_CLOSERS + ".")
    return len(between) >= MIN_TITLE_CHARS and not has_names(between, 1)


#: A quoted title that holds a quoted phrase in the same quotes: its own closing quote is
#: the third after its opening one, and no word is glued to it.
_NESTED_QUOTED_RE = re.compile(r'"([^"]{2,}"[^"\s][^"]*"[^"]*)"(?!\w)')
#: A word, then the spaces up to where it is searched to (an opening quote).
_WORD_THEN_SPACE_RE = re.compile(r"\w\s+$")
#: Spaces, then a word.
_SPACE_THEN_WORD_RE = re.compile(r"\s+\w")


#: An editors' role right after the author list: ``(Eds.)``, ``(editor)``, ``eds.``.
_EDITOR_ROLE_RE = re.compile(
    r"^(?:\(((?i:eds?\.?|editors?))\)|(eds?\.|editors?)(?=[\s.,:]))[\s.,:]*"
)


def _opens_with_names(text: str) -> bool:
    """The text opens with an author list that :func:`has_names` does not see: a name
    written family name first (MLA's ``Roe, Jane, et al.``, ``Roe, Jane.``).

    >>> _opens_with_names("Roe, Jane, et al. "), _opens_with_names("Fast toys for all, 2023. ")
    (True, False)
    """
    start, _, spans = find_author_run(text)
    return start == 0 and bool(spans)


#: A bracketed note opening the text after an author list: ``(corresponding author)``.
_LEAD_BRACKET_RE = re.compile(r"^[(（\[]([^()（）\[\]]{1,80})[)）\]][\s.,;:]*")


def _take_author_note(rest: str, parts: Parts) -> str:
    """``rest`` (the text after an author list) without the note in brackets that opens it
    when the note speaks of the authors ("(corresponding author)", "(*: equal
    contribution)"); the note goes to ``parts.author_note``.

    >>> parts = Parts()
    >>> _take_author_note("(corresponding author) Fast Toys. NSDI 2024.", parts), parts.author_note
    ('Fast Toys. NSDI 2024.', 'corresponding author')
    >>> _take_author_note("(Invited Paper) Fast Toys.", Parts())
    '(Invited Paper) Fast Toys.'
    """
    note = _LEAD_BRACKET_RE.match(rest)
    if note is None or not is_author_note(note.group(1)):
        return rest
    parts.author_note = note.group(1).strip()
    return rest[note.end() :]


def _split_title_venue(rest: str) -> tuple[str, str | None]:
    """Title up to the first sentence end that a venue follows; failing that, up to the first
    sentence end that a citation's tail follows (a year, a volume, pages, "to appear"), as
    in "Toy Optics, 11 (8), 2237-2255": a venue no word and no catalog names.

    >>> _split_title_venue("Fast toy algorithms for toy networks. Toy Optics, to appear.")
    ('Fast toy algorithms for toy networks', 'Toy Optics, to appear.')
    >>> _split_title_venue("Toys. And more toys.")
    ('Toys. And more toys.', None)
    >>> _split_title_venue("Fast toys at scale, in Proceedings of ToyConf, Mar. 2024, pp. 1-9.")[0]
    'Fast toys at scale'
    """
    fallback: tuple[str, str] | None = None
    for end in SENTENCE_END_RE.finditer(rest):
        if after_abbreviation(rest, end.start()):
            continue  # "in Proc. of NSDI": the stop of an abbreviated word ends no sentence
        if _MONTH_CUT_RE.search(rest, max(0, end.start() - 5), end.start() + 1):
            continue  # "(FSE), Mar. 2024": a month's stop, inside the venue's date
        if rest[end.start()] in "?!" and _title_goes_on_after_mark(rest, end.end()):
            continue  # "Why Toys? A Study of Kites. Venue": a question mid-title
        after = rest[end.end() : end.end() + VENUE_PROBE_CHARS]
        title = rest[: end.start() + (1 if rest[end.start()] in "?!" else 0)]
        if is_venue_text(after) or find_patent(after):
            return title, after
        if fallback is None and len(title) >= MIN_TITLE_CHARS and _CITATION_TAIL_RE.search(after):
            fallback = title, after
    split = _split_at_comma(rest) or fallback or _split_at_named_tail(rest)
    return _cut_at_venue_opener(rest, split or (_without_closing_date(rest), None))


#: A date that closes a citation after a comma: ", 2020.", ", Sept. 2021".
_CLOSING_DATE_RE = re.compile(r"[,，]\s*(?:([A-Za-z]{3,9})\.?\s+)?(?:19|20)\d{2}\.?$")


def _without_closing_date(rest: str) -> str:
    """``rest`` without the year (or month and year) that closes it after a comma: the
    entry's date, no part of its title.

    >>> _without_closing_date("Kites, rivers and lakes, 2020."), _without_closing_date("Kites in the rain, Sept. 2021")
    ('Kites, rivers and lakes', 'Kites in the rain')
    >>> _without_closing_date("Kites for Toys 2020"), _without_closing_date("Kites, Toys 2020")
    ('Kites for Toys 2020', 'Kites, Toys 2020')
    """
    if not rest[-1:].isdigit() and not rest.endswith("."):
        return rest
    found = _CLOSING_DATE_RE.search(rest)
    if found is None or found.start() < MIN_TITLE_CHARS:
        return rest
    if found.group(1) is not None and not is_month_name(found.group(1)):
        return rest  # "Kites, Toys 2020": a word that is no month
    return rest[: found.start()]


def _cut_at_venue_opener(rest: str, split: tuple[str, str | None]) -> tuple[str, str | None]:
    """``split`` (a title and venue of ``rest``), with the title cut where words that only
    open a venue ("Proceedings of", "In Proc.", "Journal of", "Transactions on") follow a
    title word with no stop or comma between: a title run into its venue, as HTML prints a
    title beside its venue in italics, or a PDF line wraps.

    >>> rest = "Fast Toy Models for Kites Proceedings of the Toy Conference (TC 2017)"
    >>> _cut_at_venue_opener(rest, (rest, None))
    ('Fast Toy Models for Kites', 'Proceedings of the Toy Conference (TC 2017)')
    >>> _cut_at_venue_opener("Fast toys. In Proc. of TC.", ("Fast toys", "In Proc. of TC."))
    ('Fast toys', 'In Proc. of TC.')
    """
    title = split[0]
    opener = _VENUE_OPENER_RE.search(rest, MIN_TITLE_CHARS, len(title))
    if opener is None or not rest.startswith(title):
        return split
    return title[: opener.start()].rstrip(), rest[opener.start() :]


#: Words that open a venue and no title, after a title word and a space: "Proceedings of",
#: "In Proc.", "Journal of", "IEEE Transactions on", each maybe after "In".
_VENUE_OPENER_RE = re.compile(
    r"(?<=[^\W\d]\s)(?:[Ii]n:?\s+)?(?:Proceedings\s+of|Proc\.\s|(?:(?:IEEE|ACM)\s+)?Transactions\s+on"
    r"|Journal\s+of)\b"
)


def _title_goes_on_after_mark(rest: str, start: int) -> bool:
    """The words from ``start``, right after a ``?`` or ``!`` and its spaces, still belong to
    the title: they open with a capital or a digit, run over two words or more to the next
    sentence end, hold no year, name no venue and are no author list, and a venue, the
    authors or a citation's tail follows that sentence end. A title asks a question or
    exclaims mid-way ("No! Not Another Toy Framework"); its real end is where the venue or
    the authors start.

    >>> rest = "Why Toys? A Study of Kites. Toy Letters, 2023."
    >>> _title_goes_on_after_mark(rest, 10), _title_goes_on_after_mark(rest, 28)
    (True, False)
    >>> _title_goes_on_after_mark("Why Toys? Ann Lee, Bo Wu. ToyConf 2023.", 10)
    False
    >>> _title_goes_on_after_mark("Why Toys? In Toy Learning. Springer.", 10)
    False
    >>> _title_goes_on_after_mark("Why Toys? The Toy Times: Extra, p. 6.", 10)
    False
    """
    head = rest[start : start + 1]
    if not (head.isupper() or head.isdigit()) or _IN_VENUE_RE.match(rest, start):
        return False
    following = SENTENCE_END_RE.search(rest, start)
    if following is None:
        return False  # nothing after to end the title at: the mark is weighed as before
    words = rest[start : following.start()]
    if len(words.split()) < 2 or is_venue_text(words) or find_patent(words):
        return False
    if starts_with_authors(rest[start:]):
        return False
    after = rest[following.end() : following.end() + VENUE_PROBE_CHARS]
    return bool(
        is_venue_text(after)
        or starts_with_authors(after)
        or _CITATION_TAIL_RE.search(after, 0, MAX_TAIL_PROBE)
    )


#: How far into what follows a title's end its citation tail (a year, pages) is looked for.
MAX_TAIL_PROBE = 40


#: "In" (or "In:") before a capital: how most styles open the venue of a paper in a book.
_IN_VENUE_RE = re.compile(r"In:?\s+[A-Z]")


#: An English month cut short with a stop (``Mar.``, ``Sept.``), ending where it is searched
#: up to: dates in a citation's tail (SIAM, IEEE: ``in Proc. of ToyConf, Mar. 2024``).
_MONTH_CUT_RE = re.compile(r"\b(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.$")


def _split_at_comma(rest: str) -> tuple[str, str] | None:
    """Title and venue of ``Title, Venue, Year`` (IEEE without quotes, and the usual Chinese
    form ``标题, 期刊, 2021``): the first comma after which a venue's name follows, itself a
    venue name and not a year alone.

    >>> _split_at_comma("Toys, games and more, Proceedings of the Toy Conference, 2019.")
    ('Toys, games and more', 'Proceedings of the Toy Conference, 2019.')
    >>> _split_at_comma("Toys, games and more, 2019.") is None
    True
    """
    for comma in itertools.islice(_COMMA_RE.finditer(rest), MAX_TITLE_COMMAS):
        if comma.start() < MIN_TITLE_CHARS:
            continue
        after = rest[comma.end() : comma.end() + VENUE_PROBE_CHARS]
        if names_venue_words(_COMMA_RE.split(after, maxsplit=1)[0]):
            return rest[: comma.start()].strip(), after
    return None


#: A title holds at most this many commas before its venue (a bound on any input).
MAX_TITLE_COMMAS = 12


#: The last piece of ``Title, Venue Year``: two to six capitalized words (joined by the
#: small words of names), then a year that closes the entry: "ACS Toys 2023.", "Toy Sensors
#: (2021)". No comma before the year: "Stuttgart, 1990", "Kluwer, 1989" are a place or a
#: publisher and a year.
_NAMED_TAIL_RE = re.compile(
    r"[,，]\s*((?:[A-Z][\w&'’.-]*)(?:\s+(?:[A-Z][\w&'’.-]*|of|on|and|for|in|the|&)){1,5})"
    r"\s+\(?(?:19|20)\d{2}\)?\.?$"
)


def _split_at_named_tail(rest: str) -> tuple[str, str] | None:
    """Title and venue of ``Title, Venue Year`` whose venue no word and no catalog names:
    the last comma, when a few capitalized words and a year that ends the entry follow it
    (a title's own comma is followed by more words, or by lower-case ones; a month and a
    year are a date).

    >>> _split_at_named_tail("Toy models of quiet rivers, Toy Sensors 2023.")
    ('Toy models of quiet rivers', 'Toy Sensors 2023.')
    >>> _split_at_named_tail("Toys, games and more, 2019."), _split_at_named_tail("Toys and kites, Stuttgart, 1990")
    (None, None)
    >>> _split_at_named_tail("Toys and kites at scale, Sept. 2013."), _split_at_named_tail("Toys, and kites 2019")
    (None, None)
    """
    if not rest[-1:].isdigit() and not rest.endswith((".", ")")):
        return None  # the year closes the entry
    found = _NAMED_TAIL_RE.search(rest)
    if found is None or found.start() < MIN_TITLE_CHARS or is_month_name(found.group(1).split()[0]):
        return None
    return rest[: found.start()].strip(), rest[found.start(1) :]


_COMMA_RE = re.compile(r"\s*[,，]\s*")


#: What follows a title in a citation even when its venue is unknown: a year, a volume and
#: issue, pages, or a status ("to appear", "in press").
_CITATION_TAIL_RE = re.compile(
    r"(?<!\d)(?:19|20)\d{2}(?!\d)|\d\s?\(\d{1,3}\)|\bpp?\.\s?\d|\bpages?\s\d|\d+\s?[-–]\s?\d+"
    r"|\bto appear\b|\bin press\b|\bforthcoming\b",
    re.IGNORECASE,
)


@dataclass(slots=True)
class _Pieces:
    """The lines of a structured entry, sorted into its fields while it is read."""

    title: list[str] = field(default_factory=list)
    authors: list[Line] = field(default_factory=list)
    venue: list[str] = field(default_factory=list)


def _parse_structured(
    lines: list[Line],
    parts: Parts,
    margin: bool = False,
    authors_found: bool = False,
    names: frozenset[str] = frozenset(),
) -> None:
    """Title first, then author and venue lines in any order (``margin``: as for
    :func:`_structured_roles`); with ``authors_found``, the author lines were read above
    these lines (no names are looked for in the title line). ``names``: authors the list's
    other entries name (see :func:`_sole_author_opens`)."""
    lines, roles = _structured_roles(lines, margin)
    if names and AUTHORS not in roles:
        for position in range(1, len(lines)):
            if _sole_author_opens(lines[position].text, names):
                roles[position] = AUTHORS  # "Fast Toys" / "Ann Lee. NSDI 2023."
                break
    has_author_line = authors_found or AUTHORS in roles
    pieces = _Pieces()
    columns: list[str] = []  # venue tags and years in a right column beside title lines
    for position, line in enumerate(lines):
        if roles[position] == TITLE and not pieces.authors and not pieces.venue:
            line, column = split_right_column(line)
            columns += [column] if column else []
        text = line.text.strip()
        if (
            position
            and pieces.title
            and not pieces.authors
            and not pieces.venue
            and roles[position] != AUTHORS
            and is_bare_column(text)
        ):
            columns.append(text)  # "Fast Toys at Scale" / "2023": the title's column
            continue
        role = roles[position]
        previous_was_authors = position > 0 and roles[position - 1] == AUTHORS
        if (
            role != AUTHORS
            and pieces.authors
            and previous_was_authors
            and continues_authors(pieces.authors[-1].text, text)
        ):
            role = roles[position] = AUTHORS  # a name broken over two lines ("Gilbert" / …)
        elif (
            role == AUTHORS
            and pieces.authors
            and _list_closed(pieces.authors[-1].text)
            and is_venue_text(text)
            and not continues_authors(pieces.authors[-1].text, text)
        ):
            role = roles[position] = VENUE  # "Ann Lee" / "Data Mining and Knowledge ..."
        if position == 0:
            following = lines[1] if len(lines) > 1 else None
            if _read_first_line(line, following, has_author_line, pieces):
                roles[1] = AUTHORS  # the list goes on over the next line
        elif not pieces.authors and not pieces.venue and bracket_depth(pieces.title[-1]) > 0:
            pieces.title.append(text)  # "Fast Toys (Under" / "Review)": the bracket goes on
        elif role == AUTHORS:
            _, end, _ = find_author_run(text)
            tail = text[end:].strip(" ,." + _DASHES) if end else ""
            if tail and (is_venue_text(tail) or tail.startswith("(")):
                pieces.authors.append(_slice_line(line, 0, end))
                pieces.venue.append(tail)
            else:
                pieces.authors.append(line)
        elif role == VENUE or pieces.venue or pieces.authors:
            wrapped = _title_wraps_into(pieces, columns, text) if position == 1 else None
            if wrapped is not None:  # "Fast Toys for<gap>2025" / "Slow Networks, NSDI 2025"
                pieces.title.append(wrapped[0])
                text = wrapped[1]
            pieces.venue.append(text)
        else:
            pieces.title.append(text)
    parts.title = " ".join(pieces.title).strip() or None
    if pieces.authors:
        _set_authors(parts, pieces.authors)
    parts.venue = " ".join([*columns, *pieces.venue]).strip() or None


def _sole_author_opens(text: str, names: frozenset[str]) -> bool:
    """The line opens with one name that the list's other entries name, closed by a full
    stop (``Ann Lee. NSDI 2023.`` under a title): a sole author and the venue, which reads
    like a title and its venue but for the name.

    >>> _sole_author_opens("Ann Lee*. NSDI 2023.", frozenset({"Ann Lee"}))
    True
    >>> _sole_author_opens("Fast Toys. NSDI 2023.", frozenset({"Ann Lee"}))
    False
    """
    start, end, spans = find_author_run(text)
    return (
        start == 0
        and len(spans) == 1
        and text[end : end + 1] == "."
        and clean_author(text[spans[0][0] : spans[0][1]]) in names
    )


def _title_wraps_into(pieces: _Pieces, columns: list[str], text: str) -> tuple[str, str] | None:
    """The end of a title and the venue, on the line after a title line that a right column
    (a year, a venue tag) cut short: the title line ends with no stop or comma, and this line
    is ``rest of the title, Venue``. None for other lines.

    >>> _title_wraps_into(_Pieces(title=["Fast Toys for"]), ["2025"], "Slow Networks, NSDI 2025")
    ('Slow Networks', 'NSDI 2025')
    >>> _title_wraps_into(_Pieces(title=["Fast Toys."]), ["2025"], "Slow Networks, NSDI 2025") is None
    True
    """
    if not columns or len(pieces.title) != 1 or pieces.authors or pieces.venue:
        return None
    if pieces.title[0].rstrip()[-1:] in (".", ",", ";", ":", "，", "。", ")"):
        return None
    split = _split_at_comma(text)
    if split is None or not split[0] or len(split[0]) > MAX_WRAPPED_TITLE_CHARS:
        return None
    return split


#: The part of a title wrapped onto the venue's line is at most this long.
MAX_WRAPPED_TITLE_CHARS = 80


def _list_closed(text: str) -> bool:
    """An author line that does not go on: no comma, "and" or "&" at its end."""
    return not re.search(r"(?:[,，、;；&]|\band)\s*$", text)


def _structured_roles(lines: list[Line], margin: bool = False) -> tuple[list[Line], list[str]]:
    """The entry's lines in reading order and the role of each (the first is the title's).
    A venue line printed before its title (two-column leftovers) moves to the end; a lone
    name between the title and a venue line is the author line, unless the line above runs
    on into it ("... An Empirical Study of" / "Near-Optimal Sparse Graphs"). In an entry
    beside a margin tag (``margin``), which names the venue, a lone name closing the entry
    under its title is the author line too."""
    roles = [TITLE] + [line_role(line) for line in lines[1:]]
    went_on = [False] * len(lines)  # the line is the rest of the part above it
    for position in range(1, len(lines)):
        above = lines[position - 1].text.rstrip()
        # (the first line is the title's by position: it passes its role on only when it
        # reads as a title by itself, not when it opens with the authors or names a venue)
        role = roles[position - 1] if position > 1 else line_role(lines[0])
        if (
            role in (TITLE, VENUE)
            and ends_open(above)
            and above[-1] not in ",，"
            and not (role == TITLE and is_bare_column(lines[position].text))
        ):
            # a title or venue wrapped mid-sentence ("... Programmable Switches under" /
            # "Tight Memory Budgets"): the rest is the same part, whatever its words look like
            roles[position] = role
            went_on[position] = True
        elif _bold_title_goes_on(lines, roles, position):
            roles[position] = TITLE
            went_on[position] = True
    if (
        len(lines) >= 2
        and roles[1] == TITLE
        and line_role(lines[0]) == VENUE
        and bold_title_end(lines[0]) is None  # "**Title**, Journal of": the title comes first
    ):
        lines = [*lines[1:], lines[0]]
        roles = [TITLE, *roles[2:], VENUE]
        went_on = [False, *went_on[2:], False]
    if (
        len(lines) >= 2
        and all(role == TITLE for role in roles[1:])
        and (
            # a whole title (not one run on: "... Study of" / "Toy Networks") of two lines
            # ("Kite Flight Control" / "Bo Kite"), or beside a margin tag ("TOYC'23<gap>Fast
            # Toys." / "<gap>Ann Lee.": the tag is the venue)
            (not went_on[-1] and (len(lines) == 2 or margin))
            # a title beside a right column, on its first or last line ("Fast Toys<TAB>NSDI
            # 2021" / "Ann Lee", "Fast Toys for Slow" / "Networks<TAB>NSDI 2021" / "Ann Lee")
            or any(split_right_column(line)[1] is not None for line in lines[:-1])
        )
        and is_lone_name(lines[-1].text)
    ):
        roles[-1] = AUTHORS  # the lone name under the title is the author line
    if AUTHORS not in roles and VENUE in roles[2:]:
        for position in range(1, roles.index(VENUE, 2)):
            if is_lone_name(lines[position].text) and not went_on[position]:
                roles[position] = AUTHORS  # "Verified Schedulers" / "Ann Lee" / "EuroSys 2021"
                break
    return lines, roles


def _bold_title_goes_on(lines: Sequence[Line], roles: Sequence[str], position: int) -> bool:
    """The line at ``position`` goes on a title set in bold: it is in bold throughout, as are
    the title's lines above it, however its words read (a large bold title wraps often, and
    its last line may look like names: "... under Tight" / "Memory Budgets and Bursty
    Workloads"). A lone name in bold is the author line (a sole author, the owner in bold)
    when no other author line follows it.

    >>> bold = [Line(1, "Fast Toys for Slow", bold=((0, 18),)), Line(2, "Wide-Area Networks", bold=((0, 18),))]
    >>> _bold_title_goes_on([*bold, Line(3, "Ann Lee, Bo Wu")], ["title", "authors", "authors"], 1)
    True
    >>> _bold_title_goes_on([*bold, Line(3, "NSDI 2023")], ["title", "authors", "venue"], 1)
    False
    """
    if not all(
        role == TITLE and is_bold_title_line(line)
        for line, role in zip(lines[:position], roles, strict=False)
    ) or not is_bold_title_line(lines[position]):
        return False
    return not is_lone_name(lines[position].text.strip()) or AUTHORS in roles[position + 1 :]


def _read_first_line(
    line: Line, following: Line | None, has_author_line: bool, pieces: _Pieces
) -> bool:
    """Read the title line, which may also hold the start of the author list (and the venue
    after a whole list); True when the author list goes on over the next line."""
    text = line.text.strip()
    cut = bold_title_end(line)
    if cut is not None:  # "**Fast Toys**, Proc. ToyConf": the title set in bold
        pieces.title.append(line.text[:cut].strip())
        pieces.venue.append(line.text[cut:].strip(" ,.;:"))
        return False
    run_on = _title_runs_on(line, following) if following is not None else None
    if run_on is not None:  # "Fast Toys Ann Lee, Bo" / "Wu, Cy Ma": a lost line break
        pieces.title.append(text[:run_on].strip())
        pieces.authors.append(_slice_line(line, run_on, len(text)))
        return True
    start, end, spans = find_author_run(text)
    trailing = name_tail(text, author_chunks(text.rstrip(","))[-1]) if text.endswith(",") else None
    if trailing is not None and following is not None and not has_names(following.text, 1):
        trailing = None  # "... in Football Games," / "ToyConf Accepted": no list goes on
    if trailing is not None and (start == 0 or not spans):
        pieces.title.append(text[: trailing[0]].strip())
        pieces.authors.append(_slice_line(line, trailing[0], len(text)))
    elif start > 0 and len(spans) >= 2 and not has_author_line:
        title, venue = _title_then_venue(text[:start].strip())
        pieces.title.append(title)  # "Fast Toys. NSDI 2024. Ann Lee, Bo Wu.": authors last
        pieces.venue.extend([venue] if venue else [])
        pieces.authors.append(_slice_line(line, start, end))
        tail = text[end:].strip(" ,.")
        if tail:
            pieces.venue.append(tail)
    else:
        pieces.title.append(text)
    return False


def _title_then_venue(text: str) -> tuple[str, str | None]:
    """A title and the venue after it, at the first full stop that a venue text follows
    (``Fast Toys for Slow Kites. NSDI 2024.``); the text and None when none does.

    >>> _title_then_venue("Fast Toys for Slow Kites. In Proc. of NSDI, 2024.")
    ('Fast Toys for Slow Kites', 'In Proc. of NSDI, 2024')
    >>> _title_then_venue("Fast Toys for Slow Kites.")
    ('Fast Toys for Slow Kites.', None)
    """
    for stop in re.finditer(r"\.\s+", text):
        head, rest = text[: stop.start()].strip(), text[stop.end() :].strip(" .,;")
        if len(head) >= MIN_TITLE_CHARS and rest and is_venue_text(rest):
            return head, rest
    return text, None


def bold_title_end(line: Line) -> int | None:
    """Where the title ends on an entry's first line that opens with its title in bold and
    goes on, after a comma or a stop, with the venue (moderncv's ``\\cventry{2023}{Title}
    {Venue}``, hand-made entry macros): the bold run is the title, however its words read.
    None when the line does not open in bold, is bold throughout, or the bold run is short or
    a name, or the text after it opens with an author list.

    >>> bold_title_end(Line(1, "Fast Toys at Scale, Proc. ToyConf (TOYC)", bold=((0, 18),)))
    18
    >>> bold_title_end(Line(1, "Ann Lee, Bo Wu. Fast Toys. ToyConf.", bold=((0, 7),))) is None
    True
    >>> bold_title_end(Line(1, "Fast Toys at Scale, Ann Lee, Bo Wu, ToyConf", bold=((0, 18),))) is None
    True
    """
    text = line.text
    if not line.bold or line.bold[0][0] != len(text) - len(text.lstrip()):
        return None
    end = line.bold[0][1]
    rest = text[end:]
    if not rest[:1] in (",", ".", ";", ":") or not rest[1:].strip(" ,.;:"):
        return None  # bold throughout, or no separator: some other shape
    title = text[:end].strip()
    start, names_end, _ = find_author_run(title)
    if len(title) < MIN_TITLE_CHARS or (start == 0 and names_end >= len(title) - 1):
        return None  # a short label, or bold names (the owner's)
    if starts_with_authors(rest[1:].strip()):
        return None
    return end


def _set_authors(parts: Parts, author_lines: list[Line]) -> None:
    """The authors of the author lines (their names, else every comma part) and which of
    them are bold."""
    joined = join_lines(author_lines)
    spans = find_author_run(joined.text)[2]
    if not spans:
        spans = [
            (m.start(), m.end())
            for m in re.finditer(r"[^,，、]+", joined.text)
            if m.group(0).strip()
        ]
    parts.authors = [clean_author(joined.text[s:e]) for s, e in spans]
    parts.bold_authors = _bold_indexes(joined, spans)


def _title_runs_on(line: Line, following: Line) -> int | None:
    """Where the author list starts in a title line that runs on into it, the list going on
    over the next line (a PDF lost the line break after the title); None for other lines.

    >>> _title_runs_on(Line(1, "Fast Toys on the Fly Ann Lee, Bo"), Line(2, "Wu, Cy Ma, Di Xu"))
    21
    >>> _title_runs_on(Line(1, "Fast Toys on the Fly"), Line(2, "Ann Lee, Bo Wu, Cy Ma")) is None
    True
    >>> _title_runs_on(Line(1, "When Toys Meet Performance and Resilience"), Line(2, "Ann Lee, Bo Wu")) is None
    True
    >>> _title_runs_on(Line(1, "一种虚构的玩具方法 [发明],李安,吴"), Line(2, "波,马丁,申请号:CN2018"))
    15
    """
    first = line.text.strip()
    if "," not in first and "，" not in first:
        return None  # no comma in the line, so none after a list's start (tested below)
    joined = join_lines([line, following]).text  # a Chinese name wraps without a space
    start, end, spans = find_author_run(joined)
    if not (0 < start < len(first) and end > len(first) and len(spans) >= 3):
        return None
    if not any(mark in first[start:] for mark in ",，"):
        return None  # a whole name and its comma before the break, not Title-Case words
    title = first[:start].strip()
    if len(title) < MIN_TITLE_CHARS or is_venue_text(title):
        return None
    return start


def _slice_line(line: Line, start: int, end: int) -> Line:
    bold = tuple(
        (max(0, s - start), min(e, end) - start) for s, e in line.bold if e > start and s < end
    )
    return Line(line.no, line.text[start:end], line.origin, 0, bold, False)


#: A web address inside a title: the target of a link set on the title, which the markdown
#: and HTML readers keep after the link's text.
_TITLE_URL_RE = re.compile(r"\s*(?:https?://|www\.)\S+")


def _clean_title(title: str | None) -> str | None:
    if title is None:
        return None
    title = title.strip().strip('"').strip()
    if "://" in title or "www." in title:  # a linked title: "[Title](https://...)" in markdown
        title = _TITLE_URL_RE.sub("", title).strip()
    title = re.sub(
        r"\s*\((?:under review|in submission|submitted|to appear)\)\s*$",
        "",
        title,
        flags=re.IGNORECASE,
    )
    if "区" in title or "Q" in title:  # "Title (SCI 三区)": a claim, kept in the raw
        title = _TRAILING_TIER_RE.sub("", title)
    title = title.rstrip(" .,;:：，；")
    return title or None


#: A journal tier claimed in brackets at a title's end: ``(SCI 三区)``, ``（中科院一区 Top）``.
_TRAILING_TIER_RE = re.compile(
    r"\s*[(（]\s*(?:" + TIER_RE.pattern + r")\s*[)）]\s*$", re.IGNORECASE
)
