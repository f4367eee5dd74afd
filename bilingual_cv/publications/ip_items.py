"""Intellectual-property items printed with a kind label (:func:`read_ip_label`,
:func:`split_ip_tail`) and a status in brackets (:func:`split_ip_status`).

Patent and software-copyright lists often open each item with its kind (``Invention Patent:
Title``, ``软件著作权：标题``) or close the title with it (``标题-软件著作权(2024.3.1)``), add a
status in brackets (``(Application Pending)``, ``（已授权）``) and set the owner in a right
column. The label gives the item's kind (``lexicons/publications/words.yaml`` ``ip_labels``);
label, status and owner are notes, not title text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lexicon import lexicon_key, load_publication_words
from bilingual_cv.lines import Line
from bilingual_cv.publications.authors import find_author_run, is_lone_name
from bilingual_cv.publications.notes import split_patent_words
from bilingual_cv.publications.parts import join_lines
from bilingual_cv.publications.year import find_patent


@dataclass(frozen=True, slots=True)
class IpLabel:
    """A kind label as printed, the kind it names (``patent``, ``other``) and where the
    text after it starts."""

    word: str
    kind: str
    end: int
    #: A generic word (``Patent``), a label only where it opens an item.
    head_only: bool = False


def _alternatives(words: list[str]) -> str:
    """Words as one regex group, longest first, any run of spaces or dots between words."""
    ordered = sorted(words, key=len, reverse=True)
    return "(?:" + "|".join(r"[\s.]*".join(map(re.escape, w.split())) for w in ordered) + ")"


@cache
def _kinds() -> dict[str, tuple[str, bool]]:
    """Label word (as :func:`lexicon_key` gives it) -> kind, and whether it is generic."""
    return {lexicon_key(w.word): (w.kind, w.head_only) for w in load_publication_words().ip_labels}


@cache
def _head_re() -> re.Pattern[str]:
    words = [w.word for w in load_publication_words().ip_labels]
    return re.compile(
        rf"^\s*({_alternatives(words) if words else '(?!)'})\s*[:：]\s*(?=\S)", re.IGNORECASE
    )


@cache
def _tail_re() -> re.Pattern[str]:
    words = [w.word for w in load_publication_words().ip_labels if not w.head_only]
    label = _alternatives(words) if words else "(?!)"
    return re.compile(
        rf"\s*(?:[-–—－]+|[,，;；])\s*({label})\s*(?=[(（\[【,，;；。.]|$)(.*)$",
        re.IGNORECASE | re.DOTALL,
    )


def read_ip_label(text: str) -> IpLabel | None:
    """The kind label that opens ``text`` before a colon, else None.

    >>> read_ip_label("Invention Patent: Toy Kite Launcher")
    IpLabel(word='Invention Patent', kind='patent', end=18, head_only=False)
    >>> read_ip_label("软件著作权：玩具调度平台").kind, read_ip_label("Patentability: A Toy Study")
    ('other', None)
    """
    found = _head_re().match(text)
    if found is None:
        return None
    kind, head_only = _kinds()[lexicon_key(found.group(1))]
    return IpLabel(found.group(1), kind, found.end(), head_only)


#: A year in a date or a registration number (``2024.2.29``, ``2023SR0123456``).
_YEAR_RE = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")


def split_ip_tail(text: str) -> tuple[str, IpLabel, str, int | None] | None:
    """A Chinese title closed by a kind label after a dash or comma: the title, the label,
    the text after the label (a date, a number, a description) and the first year in it;
    else None.

    >>> title, label, rest, year = split_ip_tail("玩具调度平台-软件著作权(2024.3.1),可在线使用")
    >>> title, label.kind, rest, year
    ('玩具调度平台', 'other', '(2024.3.1),可在线使用', 2024)
    >>> split_ip_tail("玩具方法，软件著作权，登记号：2023SR0123456")[3]
    2023
    >>> split_ip_tail("Toy Patent Pools, 2021"), split_ip_tail("Bo Wu, Ann Lee. 玩具方法, 发明专利")
    (None, None)
    """
    if text.isascii():
        return None  # the tail labels are Chinese words (an O(1) test: most entries)
    found = _tail_re().search(text)
    if found is None or found.start() == 0 or len(text[: found.start()].strip()) < 2:
        return None
    if not CJK_RE.search(text[: found.start()]):
        return None  # an English title closed so is read as a citation ("..., invention patent")
    start, _, spans = find_author_run(text)
    if start == 0 and len(spans) >= 2:
        return None  # "Bo Wu, Ann Lee. 玩具方法, 发明专利": a citation, its authors first
    word = found.group(1)
    label = IpLabel(word, _kinds()[lexicon_key(word)][0], found.end(1))
    rest = found.group(2).strip()
    year = _YEAR_RE.search(rest)
    return text[: found.start()].rstrip(), label, rest, int(year.group(1)) if year else None


@cache
def _status_re() -> re.Pattern[str]:
    words = load_publication_words().ip_status
    status = _alternatives(words) if words else "(?!)"
    return re.compile(rf"\s*[(（\[【]\s*({status})\s*[)）\]】][\s.。]*$", re.IGNORECASE)


def split_ip_status(title: str) -> tuple[str, str | None]:
    """A title without the status in brackets that closes it, and the status.

    >>> split_ip_status("Toy Kite Launcher (Application Pending)")
    ('Toy Kite Launcher', 'Application Pending')
    >>> split_ip_status("玩具调度方法（已授权）"), split_ip_status("Toys (Kites)")
    (('玩具调度方法', '已授权'), ('Toys (Kites)', None))
    """
    found = _status_re().search(title)
    if found is None or found.start() == 0:
        return title, None
    return title[: found.start()].rstrip(), found.group(1)


#: A right column after a tab or a wide gap: the owner or assignee beside a title line.
_RIGHT_COLUMN_RE = re.compile(r"(?:\t+| {4,})(?=\S[^\t]{0,80}$)")


def split_owner_column(text: str) -> tuple[str, str | None]:
    """A title line without the right column after a tab or wide gap, and the column.

    >>> split_owner_column("Toy Kite Launcher (Granted)" + chr(9) + "Northfield University")
    ('Toy Kite Launcher (Granted)', 'Northfield University')
    >>> split_owner_column("Toy Kite Launcher")
    ('Toy Kite Launcher', None)
    """
    found = _RIGHT_COLUMN_RE.search(text)
    if found is None or found.start() == 0:
        return text, None
    return text[: found.start()].rstrip(), text[found.end() :].strip()


@dataclass(slots=True)
class IpItem:
    """What an intellectual-property item holds besides its authors: the title, the kind its
    label names, the year its date or number gives, notes (label, number, status, owner),
    and the lines of its inventors."""

    title: str
    kind: str
    year: int | None
    notes: list[str]
    author_lines: list[Line]


def _is_author_line(text: str) -> bool:
    """A line that holds only an author list (``BO WU, ANN LEE, CY HO``)."""
    start, end, spans = find_author_run(text)
    return start == 0 and len(spans) >= 2 and end >= len(text.rstrip(" .;；")) - 1


#: The most lines a labelled item's title wraps over.
MAX_TITLE_LINES = 3


def read_ip_item(lines: Sequence[Line]) -> IpItem | None:
    """An item that opens with a kind label (its title wrapping over the lines up to its
    inventors, a right column beside them) or closes its first line's title with one; None
    for any other entry.

    >>> item = read_ip_item([Line(1, "Invention Patent: Toy Kite Launching Method Based"),
    ...     Line(2, "on Wind Sampling (CN202311234567.8)" + chr(9) + "Northfield University"),
    ...     Line(3, "BO WU, ANN LEE, CY HO")])
    >>> item.title, item.kind, item.year, item.notes, [a.no for a in item.author_lines]
    ('Toy Kite Launching Method Based on Wind Sampling', 'patent', 2023, ['Invention Patent', 'CN202311234567.8', 'Northfield University'], [3])
    >>> read_ip_item([Line(1, "玩具调度平台-软件著作权（2024.3.1），可在线使用")]).title
    '玩具调度平台'
    >>> read_ip_item([Line(1, "Ann Lee. Patent: A Toy Study. ToyConf 2021.")]) is None
    True
    """
    label = read_ip_label(lines[0].text)
    if label is not None and label.head_only and not _reads_as_ip(lines[0].text, label):
        return None  # "Patent: A Toy Study of Patents. Journal of Toys": a paper's title
    if label is None:
        tail = split_ip_tail(lines[0].text)
        if tail is None:
            return None
        title, label, after, year = tail
        notes = [label.word, after] if after else [label.word]
        return _finish(title, label.kind, year, notes, list(lines[1:]))
    notes = [label.word]
    texts: list[Line] = []
    rest = [Line(lines[0].no, lines[0].text[label.end :]), *lines[1:]]
    while rest and len(texts) < MAX_TITLE_LINES and not (texts and _is_author_line(rest[0].text)):
        # the label's own line is title ("Software Copyright: A Toy and Kite System" reads
        # as two names joined by "and"); a line of names under it opens the inventors
        text, owner = split_owner_column(rest.pop(0).text)
        texts.append(Line(0, text))
        if owner:
            notes.append(owner)
        if owner or split_ip_status(text)[1] or find_patent(text):
            break  # a status, a number or an owner column closes the title
    title = join_lines(texts).text.strip()
    year = None
    number = find_patent(title)
    if number is not None:
        year = int(number.group(1) or number.group(2) or number.group(3))
        notes.insert(1, number.group(0).strip())
        title = (title[: number.start()] + title[number.end() :]).strip()
        title = re.sub(r"\s*[(（\[【]\s*[)）\]】]", "", title).rstrip(" ,，;；")
    cut, words = split_patent_words(title)  # "标题，中华民国专利证书号 I712345，2020"
    title = cut or ""
    if words:
        notes.append(words)
        found = _YEAR_RE.search(words)
        year = year if year is not None or found is None else int(found.group(1))
    return _finish(title, label.kind, year, notes, rest)


def _reads_as_ip(text: str, label: IpLabel) -> bool:
    """Whether a line a generic label opens (``Patent:``, ``专利：``) is an item of its own:
    a Chinese label, or a patent number or a status after it.

    >>> label = read_ip_label("Patent: Toy Kite (US 10234567 B2)")
    >>> _reads_as_ip("Patent: Toy Kite (US 10234567 B2)", label), _reads_as_ip("Patent: Toys. J. Toys", label)
    (True, False)
    """
    rest = text[label.end :]
    return bool(CJK_RE.search(label.word) or find_patent(rest) or split_ip_status(rest.strip())[1])


def _finish(
    title: str, kind: str, year: int | None, notes: list[str], rest: list[Line]
) -> IpItem | None:
    """The item with its status taken out of the title, its inventor lines, and the lines
    after them as notes; None when no title is left."""
    title, status = split_ip_status(title)
    if status:
        notes.append(status)
    title = title.strip(" ,，;；:：")
    if len(title) < 2:
        return None
    authors: list[Line] = []
    while rest and (_is_author_line(rest[0].text) or is_lone_name(rest[0].text)):
        authors.append(rest.pop(0))  # (one inventor alone on a line, under the title)
    notes.extend(line.text.strip() for line in rest if line.text.strip())
    return IpItem(title, kind, year, notes, authors)
