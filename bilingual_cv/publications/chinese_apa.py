"""Citations in the Chinese APA form (:func:`parse_chinese_apa`).

Academic CVs from Taiwan and Hong Kong (and many from the mainland) list their works as the
Chinese edition of APA writes them: the authors joined by ``、`` or commas, the year in
brackets, then full-width full stops between the parts::

    王小明、李小華（2023）。以玩具進行排程之研究。玩具科學學報，12(3)，45-67。
    王小明（2021）。〈玩具平臺之使用者研究〉。《玩具科技期刊》，8(2)，1-20。
    王小明（2020）。《玩具系統導論》。臺北市：玩具出版社。
    王小明、李小華（2022年6月）。玩具排程演算法。第27屆玩具研討會，臺中市。

An article's title may stand in ``〈〉``, ``「」`` or quotes, a book's or journal's name in
``《》``. The text arrives cleaned and folded (:mod:`bilingual_cv.clean`): brackets, commas
and colons half-width, ``、`` and ``。`` as printed, Traditional characters as Simplified.
"""

from __future__ import annotations

import re

from bilingual_cv.lang.scripts import HAN
from bilingual_cv.publications.authors import author_chunks, pair_inverted_names
from bilingual_cv.publications.names import HAN_NAME_RE, clean_author, is_name, strip_marks
from bilingual_cv.publications.parts import MEMO_MAX_CHARS, Parts, Text
from bilingual_cv.publications.venue_text import names_venue_words

#: Words a CV writes in place of the year of a work not yet out (``（印刷中）``).
_IN_PRESS = r"印刷中|付印中|出版中|in\s+press|accepted|已接受|接受刊登"

#: The date in brackets after the authors: ``(2023)``, ``(2023a)``, ``(2022年6月)``,
#: ``(2022, June 5-8)``, ``(民国105年)``, or a word for a work in press.
_DATE = (
    r"(?:(?P<year>(?:19|20)\d{2})[a-z]?(?:\s*年)?"
    r"(?:\s*[,/.-]?\s*\d{1,2}\s*月?(?:\s*[,/.-]?\s*\d{1,2}\s*日?)?(?:\s*[-–~]\s*\d{1,2}\s*日?)?"
    r"|\s*,\s*[A-Za-z]+\.?(?:\s*\d{1,2}(?:\s*[-–]\s*\d{1,2})?)?)?"
    r"|(?:民国\s*)(?P<roc>\d{2,3})(?:\s*年)?(?:\s*\d{1,2}\s*月)?"
    rf"|(?P<press>{_IN_PRESS}))"
)

#: A note in brackets on an author (``王小明(通讯作者)``): short, and no year.
_AUTHOR_NOTE = r"\((?!\s*(?:19|20)\d{2}|\s*民国)[^()]{1,16}\)"

#: The head of a Chinese APA citation: authors (no bracket, no title mark), the date in
#: brackets, then what closes it. Anchored at the start; the lazy author part is bounded.
_HEAD_RE = re.compile(
    rf"^(?P<authors>(?:[^()《》〈〉「」\"。]|{_AUTHOR_NOTE}){{1,200}}?)"
    rf"\s*\(\s*{_DATE}\s*\)\s*[。.:,]?\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)

#: The date as :data:`_HEAD_RE` writes it: a text without one is not tried.
_DATE_AT_RE = re.compile(rf"\(\s*(?:(?:19|20)\d{{2}}|民国|{_IN_PRESS})", re.IGNORECASE)

#: A title in title marks or quotes at the start of the text after the date.
_MARKED_TITLE_RE = re.compile(r'^(?:〈([^〈〉]+)〉|「([^「」]+)」|"([^"]+)"|《([^《》]+)》)')

#: A journal's or proceedings' name in ``《》`` at the start of the venue text.
_MARKED_VENUE_RE = re.compile(r"^《([^《》]+)》")

#: Words before a venue that say where the work appeared (``发表于``, ``载于``, ``In:``).
_VENUE_LEAD_RE = re.compile(r"^(?:(?:论文)?发表于|载于|收录于|刊登于|刊于|In:?)\s*", re.IGNORECASE)

#: The editors of a book before its name in marks: ``林小华(主编),``, ``Lee, A. (Ed.),``.
_EDITORS_RE = re.compile(
    r"^[^《》()]{1,60}\((?:主编|编|编著|合编|Eds?\.?)\)\s*[,，]?\s*(?=《)", re.IGNORECASE
)

#: A book's place and publisher: ``台北市:玩具出版社``, ``New York, NY: Toy Press``.
_PUBLISHER_RE = re.compile(
    r"^[^:,]{1,20}:\s*\S.*(?:出版|书局|图书|文化|Press|Publish)", re.IGNORECASE
)

#: Where the title ends when it stands in no marks: a full-width full stop, or a Latin one
#: after a word (an English title in a Chinese list).
_TITLE_END_RE = re.compile(r"。|(?<=[\w?!)])\.\s+(?=\S)")

#: The separators that may join the last two authors in words: ``王小明与李小华``.
_AND_RE = re.compile(rf"(?<=[{HAN}])(?:与|及|和|&)(?=[{HAN}])|\s+(?:and|&)\s+")

#: What stands for left-out authors: ``等``, ``等人``, ``et al.``.
_ET_AL_RE = re.compile(r"\s*(?:等人?|et\s*al\.?)\s*$", re.IGNORECASE)

#: The year of the Republic of China calendar is the Gregorian year less this.
ROC_OFFSET = 1911


def parse_chinese_apa(joined: Text, parts: Parts) -> bool:
    """Read a citation in the Chinese APA form into ``parts``; False, and nothing read, for
    any other shape (an English APA citation is left to the general reader).

    >>> parts = Parts()
    >>> parse_chinese_apa(Text("王小明、李小华(2023)。玩具排程之研究。玩具科学学报,12(3),45-67。"), parts)
    True
    >>> parts.authors, parts.leading_year, parts.title, parts.venue
    (['王小明', '李小华'], 2023, '玩具排程之研究', '玩具科学学报,12(3),45-67')
    >>> parts = Parts()
    >>> parse_chinese_apa(Text("王小明(2021)。〈玩具平台研究〉。《玩具科技期刊》,8(2),1-20。"), parts)
    True
    >>> parts.title, parts.venue
    ('玩具平台研究', '玩具科技期刊,8(2),1-20')
    >>> parse_chinese_apa(Text("Lee, A. (2021). Toy things. ToyConf."), Parts())
    False
    """
    text = joined.text
    if len(text) > MEMO_MAX_CHARS or not _DATE_AT_RE.search(text):
        return False
    found = _HEAD_RE.match(text)
    if found is None or not _is_chinese_form(found):
        return False
    spans = _author_spans(text, found.start("authors"), found.end("authors"))
    if spans is None:
        return False
    title, venue, book = _title_and_venue(found.group("rest"))
    if not title:
        return False
    parts.authors = [clean_author(_ET_AL_RE.sub("", text[s:e])) for s, e in spans]
    parts.bold_authors = [i for i, (s, e) in enumerate(spans) if joined.is_bold(s, e)]
    parts.title, parts.venue = title, venue
    if found.group("year"):
        parts.leading_year = int(found.group("year"))
    elif found.group("roc"):
        parts.leading_year = int(found.group("roc")) + ROC_OFFSET
    else:
        parts.notes.append(found.group("press"))
    if book:
        parts.type_code = "M"  # a book, as GB/T 7714 codes it
    return True


def _is_chinese_form(found: re.Match[str]) -> bool:
    """The citation is written the Chinese way: a Han character in its authors or title,
    and a full-width full stop, a title mark or a Han character right after the date."""
    rest = found.group("rest")
    if _HAN_RE.search(found.group("authors")) is None and _HAN_RE.search(rest[:40]) is None:
        return False
    closer = found.string[found.end("authors") : found.start("rest")].rpartition(")")[2]
    return "。" in closer or rest[:1] in '〈「《"' or _HAN_RE.match(rest) is not None


_HAN_RE = re.compile(f"[{HAN}]")


def _author_spans(text: str, start: int, end: int) -> list[tuple[int, int]] | None:
    """Spans (in ``text``) of the names between ``start`` and ``end``, or None when any
    piece reads as no name (then the head is no author list)."""
    head = text[start:end]
    spans: list[tuple[int, int]] = []
    for s, e in pair_inverted_names(head, author_chunks(head)):
        piece = head[s:e]
        stripped = piece.strip(" ,&")
        if not stripped or _ET_AL_RE.fullmatch(stripped):
            continue  # "王小明、李小华等": the 等 after the last comma
        offset = s + piece.find(stripped)
        names = _names_of(stripped)
        if names is None:
            return None
        spans.extend((start + offset + a, start + offset + b) for a, b in names)
    return spans or None


def _names_of(piece: str) -> list[tuple[int, int]] | None:
    """The one name in ``piece``, or the two that ``与``/``and`` join; None for no name.

    >>> _names_of("王小明"), _names_of("王小明与李小华"), _names_of("玩具排程之研究")
    ([(0, 3)], [(0, 3), (4, 7)], None)
    """
    if _is_author(piece):
        return [(0, len(piece))]
    joined = _AND_RE.search(piece)
    if joined and _is_author(piece[: joined.start()]) and _is_author(piece[joined.end() :]):
        return [(0, joined.start()), (joined.end(), len(piece))]
    return None


def _is_author(piece: str) -> bool:
    """One author: a Han name of two to four characters (marks and 等 aside), or a name in
    Latin letters."""
    bare = strip_marks(_ET_AL_RE.sub("", piece)).strip(" .")
    if _HAN_RE.search(bare):
        return HAN_NAME_RE.match(bare) is not None
    return is_name(piece)


def _title_and_venue(rest: str) -> tuple[str | None, str | None, bool]:
    """Title, venue text and whether the work is a book, from the text after the date.

    >>> _title_and_venue("《玩具系统导论》。台北市:玩具出版社。")
    ('玩具系统导论', '台北市:玩具出版社', True)
    >>> _title_and_venue("玩具算法。第27届玩具研讨会(TAAI 2022),台中市。")
    ('玩具算法', '第27届玩具研讨会(TAAI 2022),台中市', False)
    >>> _title_and_venue("〈玩具排程〉。载于林小华(主编),《玩具导论》(页45-67)。台北市:积木出版社。")
    ('玩具排程', '玩具导论(页45-67)。台北市:积木出版社', True)
    """
    marked = _MARKED_TITLE_RE.match(rest)
    if marked:
        title = next(group for group in marked.groups() if group is not None)
        tail = rest[marked.end() :]
    else:
        body = rest.rstrip(" 。")  # a full stop closing the entry ends no title
        end = _TITLE_END_RE.search(body)
        title, tail = (body[: end.start()], body[end.end() :]) if end else _split_at_venue(body)
    tail = _VENUE_LEAD_RE.sub("", tail.strip(" 。.,:;"))
    editors = _EDITORS_RE.match(tail)
    if editors:  # "载于林小华(主编),《玩具导论》(页45-67)": a chapter of an edited book
        tail = tail[editors.end() :]
    venue_mark = _MARKED_VENUE_RE.match(tail)
    if venue_mark:
        tail = venue_mark.group(1) + tail[venue_mark.end() :]
    venue = tail.strip(" 。.,;") or None
    book = bool(marked and rest.startswith("《") and venue and _PUBLISHER_RE.match(venue))
    return title.strip(" 。.") or None, venue, book or bool(editors and venue_mark)


def _split_at_venue(rest: str) -> tuple[str, str]:
    """``标题,期刊,12(3),45-67``: the title up to the first comma that a venue's name
    follows; the whole text when none does.

    >>> _split_at_venue("玩具排程,一个研究,玩具科学学报,12(3)")
    ('玩具排程,一个研究', '玩具科学学报,12(3)')
    """
    for comma in _COMMA_RE.finditer(rest):
        if names_venue_words(rest[comma.end() :].split(",", 1)[0]):
            return rest[: comma.start()], rest[comma.end() :]
    return rest, ""


_COMMA_RE = re.compile(r"\s*,\s*")
