"""What an entry says besides its title, authors and venue.

Note lines and the notes after a venue text (awards, acceptance rates, bracketed remarks:
:func:`split_venue_notes`), the owner's place stated in words (:func:`stated_position`,
``第一作者``), and link words and trailing links (:func:`strip_links`), taken out so that the
fields are read without them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from bilingual_cv.lang.dates import YEAR_RE
from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lexicon import lexicon_key, load_ccf_unranked, load_publication_words
from bilingual_cv.lines import Line
from bilingual_cv.publications.authors import find_author_run, is_lone_name
from bilingual_cv.publications.cues import is_index_tag, is_note, kind_words, note_cues
from bilingual_cv.publications.parts import MEMO_MAX_CHARS
from bilingual_cv.publications.venue_text import is_venue_text
from bilingual_cv.venues import without_links

#: A bracketed note at the end: ``[AI分布式训练相关]``.
_BRACKET_NOTE_RE = re.compile(r"\s*\[([^\[\]]{2,60})\]\s*$")
#: A bracketed group inside a venue text: ``(SIGCOMM '23)``, ``(Spotlight)``, with the spaces
#: before it (``\s*\(([^()]{2,80})\)``, led by the class of its first characters: scanned for).
_PAREN_RE = re.compile(r"[\s(](?:(?<=\s)\s*\(|(?<=\())([^()]{2,80})\)")
#: DOIs and URLs closing an entry: ``https://doi.org/10.1145/...``, ``doi: 10.1109/...``.
_TRAILING_LINK_RE = re.compile(
    r"(?:[\s.,;]*(?:doi\s*:?\s*10\.\S+|https?://\S+|www\.\S+|10\.\d{4,}/\S+))+[\s.]*$",
    re.IGNORECASE,
)


@cache
def _position_re() -> re.Pattern[str]:
    """The owner-position words, longest first, as one pattern."""
    words = sorted(load_publication_words().owner_position_words, key=len, reverse=True)
    return re.compile("|".join(re.escape(w) for w in words) or "(?!)", re.IGNORECASE)


def stated_position(text: str) -> int | None:
    """The owner's place that an entry states in words (the first such words), else None.

    >>> stated_position("Fast Caches. FooConf 2023, 第二作者"), stated_position("共同第一作者")
    (2, 0)
    """
    found = _position_re().search(text)
    if found is None:
        return None
    table = {k.casefold(): v for k, v in load_publication_words().owner_position_words.items()}
    return table[found.group(0).casefold()]


#: Position words closing a title: "Title: 第一作者/共同第一作者".
#: (``\s*[:：,，]\s*([^:：,，]{2,40})$``, led by a character class so that it is scanned for.)
_TITLE_POSITION_RE = re.compile(
    r"[\s:：,，](?:(?<=\s)\s*[:：,，]|(?<=[:：,，]))\s*([^:：,，]{2,40})$"
)


@cache
def _patent_tail_re() -> re.Pattern[str]:
    words = sorted(load_publication_words().patent_words, key=len, reverse=True)
    word = "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + ")"
    return re.compile(
        rf"(?:\s*[,，;；]\s*|\s*[\[(（【]\s*)({word}(?:\s*[,，、/]\s*{word})*)\s*[\])）】]?[.。]?\s*$",
        re.IGNORECASE,
    )


@cache
def _patent_head_re() -> re.Pattern[str]:
    """Chinese patent words and a colon before a patent's title: ``发明专利:``. (Not the
    English ones: "Patent: A Study of Patents" may be a paper's title.)"""
    words = sorted(
        (w for w in load_publication_words().patent_words if CJK_RE.search(w)),
        key=len,
        reverse=True,
    )
    word = "(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + ")"
    return re.compile(rf"^\s*({word}(?:\s*[,，、/]\s*{word})*)\s*[:：]\s*(?=\S)", re.IGNORECASE)


@cache
def _latin_patent_ends() -> frozenset[str]:
    """The last word of every Latin patent word of the lexicon, in lower case ("patent",
    "model"): a Latin title holding none of them ends in no patent words."""
    words = load_publication_words().patent_words
    return frozenset(word.split()[-1].lower() for word in words if word.isascii() and word.split())


def split_patent_words(title: str | None) -> tuple[str | None, str | None]:
    """A title without the words that close it and say the entry is a patent, and those words.

    >>> split_patent_words("一种虚构的玩具方法 [发明,已授权]")
    ('一种虚构的玩具方法', '发明,已授权')
    >>> split_patent_words("Toy Brakes, invention patent.")
    ('Toy Brakes', 'invention patent')
    >>> split_patent_words("玩具排程装置,中华民国发明专利 I765432,2022。")
    ('玩具排程装置', '中华民国发明专利 I765432,2022')
    >>> split_patent_words("发明专利:玩具排程方法,中华民国专利证书号 I712345,2020/03/01")
    ('玩具排程方法', '发明专利, 中华民国专利证书号 I712345,2020/03/01')
    >>> split_patent_words("玩具轨迹预测方法,发明专利,授权号:ZL 2020 1 0123456.7,授权日期:2022.05")
    ('玩具轨迹预测方法', '发明专利,授权号:ZL 2020 1 0123456.7,授权日期:2022.05')
    >>> split_patent_words("玩具排程方法，申请号：CN202011234567.X，2021年")
    ('玩具排程方法', '申请号：CN202011234567.X，2021年')
    >>> split_patent_words("Patent Pools: A Toy Study")
    ('Patent Pools: A Toy Study', None)
    """
    if title is None or len(title) > MEMO_MAX_CHARS or not load_publication_words().patent_words:
        return title, None
    if title.isascii() and not any(word in title.lower() for word in _latin_patent_ends()):
        return title, None  # most titles: no patent word ends them (the other forms are Chinese)
    head = _patent_head_re().match(title)
    if head is not None:  # "发明专利:玩具排程方法": a label before the title
        rest, words = split_patent_words(title[head.end() :])
        return rest, ", ".join(filter(None, (head.group(1), words)))
    tail = _patent_tail_re().search(title)
    if tail is None or tail.start() == 0:
        tail = _PATENT_GRANT_RE.search(title)
    if tail is None or tail.start() == 0:
        tail = _PATENT_FIELDS_RE.search(title)
    if tail is None or tail.start() == 0:
        return title, None
    return title[: tail.start()].rstrip(), tail.group(1)


#: A patent's labelled fields after its title and a comma, to the end: ``玩具方法,发明专利,
#: 授权号:ZL 2020 1 0123456.7,授权日期:2022.05``. The first field is a patent's kind or a
#: number's label, the way Chinese CVs list a patent's record. (Led by the class of its first
#: characters, so that it is scanned for.)
_PATENT_FIELDS_RE = re.compile(
    r"[,，;；]\s*((?:(?:中国|美国)?(?:发明|实用新型|外观设计)专利|实用新型"
    r"|(?:专利|申请|授权|公开|授权公告|公告|专利申请)号\s*[:：]?\s*(?:ZL|CN)?\s*\d)"
    r"[^\n]*)$"
)


#: A patent's grant after its title and a comma, with its number and maybe its year:
#: ``玩具装置,中华民国发明专利 I765432,2022``, ``玩具方法,新型专利第 M612345 号``. (Led by the
#: class of its first characters, so that it is scanned for.)
_PATENT_GRANT_RE = re.compile(
    r"[,，;；]\s*((?:中华民国|中国|美国|台湾|日本|欧洲)?\s*(?:发明|新型|设计)?专利\s*(?:证书)?(?:号|第)?"
    r"\s*:?\s*[A-Z]{0,2}\s?\d[\d,.]{4,}(?:\s?[A-Z]\d?)?\s*号?(?:\s*[,，;；]\s*[^,，;；]{0,30})?)"
    r"[.。]?\s*$"
)


def split_position_words(title: str | None) -> tuple[str | None, int | None]:
    """A title without the position words a CV closed it with, and the position.

    >>> split_position_words("Deep Fictional Transforms: 第一作者")
    ('Deep Fictional Transforms', 1)
    """
    if title is None or len(title) > MEMO_MAX_CHARS:
        return title, None
    # every match holds a colon or a comma (most titles hold neither: not scanned)
    has_stop = ":" in title or "：" in title or "," in title or "，" in title
    tail = _TITLE_POSITION_RE.search(title) if has_stop else None
    if tail is None or _position_re().sub("", tail.group(1)).strip(" /、") != "":
        return title, None
    return title[: tail.start()].rstrip() or None, stated_position(tail.group(1))


@cache
def _link_re() -> re.Pattern[str]:
    words = sorted(
        (re.escape(w).replace("\\ ", r"\s+") for w in load_publication_words().link_words),
        key=len,
        reverse=True,
    )
    return re.compile(rf"\[\s*(?:{'|'.join(words)})\s*\]" if words else r"(?!)", re.IGNORECASE)


def strip_links(text: str) -> str:
    """Bracketed link words (``[PDF] [Code]``) blanked out, the text's length unchanged so
    that bold spans still line up; the entry's raw text keeps them.

    Each bracket is looked up in a set (:func:`_link_keys`), with the answer of
    :func:`_link_re`: compiling that pattern costs more than reading most CVs' links, and a
    process that reads one CV pays for it on the CV. The pattern is still used where only it
    gives its answer (see :func:`_is_plain`).

    >>> kept = strip_links("ICCV 2023. [PDF] [ Project  page ] [Oral]")
    >>> kept.split(), len(kept)
    (['ICCV', '2023.', '[Oral]'], 41)
    """
    if "[" not in text:
        return text
    return _BRACKETED_RE.sub(_blank_link, text)


#: A bracket with no bracket inside: every match of :func:`_link_re` is one.
_BRACKETED_RE = re.compile(r"\[([^\[\]]*)\]")


def _blank_link(bracket: re.Match[str]) -> str:
    """The bracket blanked out when it holds only a link word, as :func:`_link_re` says."""
    keys = _link_keys()
    inner = bracket.group(1)
    if keys is not None and (inner.isascii() or all(map(_is_plain, inner))):
        is_link = " ".join(inner.split()).lower() in keys
    else:
        is_link = _link_re().fullmatch(bracket.group(0)) is not None
    return " " * len(bracket.group(0)) if is_link else bracket.group(0)


def _is_plain(char: str) -> bool:
    """``re.IGNORECASE`` matches the character only to itself and its other ASCII case: it
    is ASCII or has no case. (Four others match an ASCII letter: İ ı ſ and the Kelvin sign.)"""
    return char.isascii() or char.lower() == char == char.upper()


@cache
def _link_keys() -> frozenset[str] | None:
    return link_keys(load_publication_words().link_words)


def link_keys(words: Sequence[str]) -> frozenset[str] | None:
    """The link words in lower case, to look a bracket's words up in (joined by single
    spaces, in lower case); None when a word is not plain (a space that is not single, a
    character :func:`_is_plain` rejects): only :func:`_link_re` matches those right.

    >>> sorted(link_keys(["pdf", "project page"])), link_keys(["ſlides"])
    (['pdf', 'project page'], None)
    """
    if not all(w == " ".join(w.split()) and all(map(_is_plain, w)) for w in words):
        return None
    return frozenset(w.lower() for w in words)


#: Separators between the labels of a link line: "PDF | Code", "论文链接 / 代码".
_LINK_SEPARATORS_RE = re.compile(r"[\s|/·•,，、\[\]()【】（）]+")
#: A link line is at most this long.
MAX_LINK_LINE_CHARS = 60


def is_link_line(text: str) -> bool:
    """A line of link labels only, as a PDF shows a CV's hyperlinks: two link words or more
    ("PDF  Code  Slides", "[Paper] [Code]", "论文链接", "项目主页"). One word alone may say
    something else ("Poster": how the paper was shown).

    >>> [is_link_line(t) for t in ["PDF | Code", "论文链接", "项目主页", "Poster", "Fast Toys"]]
    [True, True, True, False, False]
    """
    if not text.strip() or len(text) > MAX_LINK_LINE_CHARS:
        return False
    if _is_button_row(text):
        return True
    labels = [label for label in _LINK_SEPARATORS_RE.split(text.lower()) if label]
    words = _link_word_set()
    count = 0
    index = 0
    while index < len(labels):
        # the longest run of labels that is one link word ("project page")
        for size in (3, 2, 1):
            if " ".join(labels[index : index + size]) in words:
                count += 1
                index += size
                break
        else:
            parts = _unspaced_link_words(labels[index], words)
            if parts is None:
                return False
            count += parts
            index += 1
    return count >= 2


#: The gaps between the buttons of a row of links, as text keeps them: wide spaces, a tab,
#: a bar.
_BUTTON_GAP_RE = re.compile(r"\s*[|\t]\s*| {2,}")
#: A button's label is at most this many words.
MAX_BUTTON_WORDS = 3


def _is_button_row(text: str) -> bool:
    """A row of three link buttons or more set apart by wide gaps, at least half of them link
    words and two or more: a web page's buttons, some of them named after where they lead
    (``Arxiv   Toy Press   Zenodo   BibTeX``).

    >>> _is_button_row("Arxiv   Toy Press   Zenodo   BibTeX"), _is_button_row("NSDI   Toy Press   2024")
    (True, False)
    """
    cells = [cell.strip().lower() for cell in _BUTTON_GAP_RE.split(text.strip())]
    if len(cells) < 3 or any(not cell or len(cell.split()) > MAX_BUTTON_WORDS for cell in cells):
        return False
    words = _link_word_set() | _archive_names()
    links = sum(" ".join(cell.split()) in words for cell in cells)
    return links >= 2 and 2 * links >= len(cells)


@cache
def _archive_names() -> frozenset[str]:
    """The preprint archives' names in lower case: a button named after one (``arXiv``) links
    to the paper there."""
    return frozenset(
        " ".join(text.split()).lower()
        for venue in load_ccf_unranked().venues
        if venue.kind == "preprint"
        for text in (venue.abbr, venue.name, *venue.aliases)
    )


@cache
def _link_word_set() -> frozenset[str]:
    """The link words in lower case, their spaces single."""
    return frozenset(" ".join(w.split()).lower() for w in load_publication_words().link_words)


def _unspaced_link_words(label: str, words: frozenset[str]) -> int | None:
    """How many link words make up ``label`` written without spaces ("论文链接" is 论文 and
    链接), None when it is not made of them. Longest word first."""
    count = 0
    while label:
        for end in range(len(label), 0, -1):
            if label[:end] in words:
                label = label[end:]
                count += 1
                break
        else:
            return None
    return count


def blank_links(line: Line) -> Line:
    """The line with its link words blanked out (:func:`strip_links`), bold spans kept; a
    line of link labels only (:func:`is_link_line`) is blanked whole."""
    if is_link_line(line.text):
        return Line(line.no, " " * len(line.text), line.origin, line.md_level, (), line.bullet)
    text = strip_links(line.text)
    if text == line.text:
        return line
    return Line(line.no, text, line.origin, line.md_level, line.bold, line.bullet)


def split_note_lines(lines: list[Line]) -> tuple[list[Line], list[str]]:
    """The entry's body lines, and the text of its note lines: a fully bold line after two body
    lines (unless it goes on a bold title: :func:`_goes_on_bold_title`), or a short line that
    is a note and no author list or venue line.

    >>> body, notes = split_note_lines([Line(1, "Fast Toys"), Line(2, "Oral presentation.")])
    >>> [line.text for line in body], notes
    (['Fast Toys'], ['Oral presentation'])
    """
    body: list[Line] = [lines[0]]
    notes: list[str] = []
    for line in lines[1:]:
        text = line.text.strip()
        fully_bold = bool(line.bold) and line.is_bold(0, len(text))
        if fully_bold and is_lone_name(text) and not is_note(text):
            fully_bold = False  # "**Ann Lee**": a sole author, the owner in bold
        if (fully_bold and len(body) >= 2 and not _goes_on_bold_title(body)) or (
            _is_note_line(text)
            and not find_author_run(text)[2]
            and len(text) < 120
            and not _is_venue_line(text)
        ):
            notes.append(text.rstrip("."))
        else:
            body.append(line)
    return body, notes


def _goes_on_bold_title(body: Sequence[Line]) -> bool:
    """A fully bold line after ``body`` goes on a title set in bold, which a PDF gives in bold
    on every line it wrapped to: every line of ``body`` is a bold title line, or the last one
    ends in a bold run that is no name (``Ann Lee, Bo Wu. **Fast Toys for**`` /
    ``**Slow Networks under Tight**`` / ``**Budgets.** In Proc. ToyConf``; after ``Bo Wu,
    **Ann Lee**`` the owner's bold ends, and a bold line is a note).

    >>> authors = Line(1, "Ann Lee, Bo Wu")
    >>> _goes_on_bold_title([authors, Line(2, "Bo Wu. Fast Toys for", bold=((7, 20),))])
    True
    >>> _goes_on_bold_title([Line(1, "Fast Toys"), Line(2, "Bo Wu, Ann Lee", bold=((7, 14),))])
    False
    """
    if all(map(is_bold_title_line, body)):
        return True
    last = body[-1]
    text = last.text.rstrip()
    if not last.bold or last.bold[-1][1] < len(text):
        return False
    run = text[last.bold[-1][0] :].strip(" ,.;*")
    start, end, spans = find_author_run(run)
    names = bool(spans) and start == 0 and end >= len(run) - 1
    return bool(run) and not names and not is_lone_name(run)


def is_bold_title_line(line: Line) -> bool:
    """The line is bold from its start to its end, or to a right column after a tab (a title
    set in bold, ``**Fast Toys for**<TAB>NSDI 2023``): a line of a bold title, which a large
    type wraps over several lines.

    >>> is_bold_title_line(Line(1, "Fast Toys for" + chr(9) + "NSDI 2023", bold=((0, 13),)))
    True
    >>> is_bold_title_line(Line(1, "Ann Lee, Bo Wu", bold=((0, 7),)))
    False
    """
    text = line.text.split("\t", 1)[0].rstrip()
    start = len(text) - len(text.lstrip())
    return bool(text.strip()) and line.is_bold(start, len(text))


def _is_note_line(text: str) -> bool:
    """A line that is a note: it opens with a note word, or holds one and names no venue
    (``SOSP 2023, Best Paper Award`` is the venue line, with a note the venue split keeps)."""
    if not is_note(text):
        return False
    key = lexicon_key(text)
    return any(key.startswith(cue) for cue in note_cues()) or not is_venue_text(text)


def _is_venue_line(text: str) -> bool:
    """A line that says it is a venue: it opens with "In", or holds a journal, conference or
    proceedings word (``lexicons/ccf/markers.yaml``)."""
    return (
        _venue_openers_re().search(text) is not None
        or kind_words("journal").found(text)
        or kind_words("conference").found(text)
    )


@cache
def _venue_openers_re() -> re.Pattern[str]:
    """Words that open a venue text, as written (``In``, not "in" inside a title)."""
    words = sorted(load_publication_words().venue_openers, key=len, reverse=True)
    alternatives = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)" if words else "(?!)")


#: A starred remark after the venue's sentence: ". *2023 travel grant".
_STARRED_NOTE_RE = re.compile(r"[.。]\s*[*†‡]\s*")


#: A letter, and a leading "In" with what comes before it: a venue text beside its link.
_LETTER_RE = re.compile(r"[^\W\d_]")
_LEADING_IN_RE = re.compile(r"^\W*in\b", re.IGNORECASE)
#: A sentence after a venue's year: ". Best paper award."
_SENTENCE_AFTER_YEAR_RE = re.compile(r"\s*[).]*\s*[.,;]\s+(\S.*)$")


def _may_hold_link(text: str) -> bool:
    """Whether :data:`_TRAILING_LINK_RE` may find a link: every form it knows holds "://",
    "www" or a DOI's "10." (most venue texts hold none, and are not searched).

    >>> [_may_hold_link(t) for t in ["NSDI 2024", "doi: 10.1/x", "WWW.toy.org", "ToyConf, 2024"]]
    [False, True, True, False]
    """
    return "10." in text or "://" in text or "www" in text.lower()


def split_venue_notes(venue: str) -> tuple[str | None, list[str]]:
    """Venue text up to its year; sentences after it are notes (``2023. Best Paper Award.``),
    and so are bracketed remarks (``(Oral, acceptance rate: 18%)``); a DOI or URL at the end
    is dropped (the raw text keeps it).

    >>> split_venue_notes("AAAI 2023 (Oral, acceptance rate: 18%). https://doi.org/10.1/x")
    ('AAAI 2023', ['Oral, acceptance rate: 18%'])
    >>> split_venue_notes("In ToyConf (CCF-A). *2023 travel grant.")
    ('In ToyConf (CCF-A).', ['2023 travel grant'])
    """
    notes: list[str] = []
    starred = _STARRED_NOTE_RE.search(venue)
    if starred is not None and starred.start() > 0:  # "In ToyConf. *2023 travel grant."
        notes.append(venue[starred.end() :].strip().rstrip("."))
        venue = venue[: starred.start() + 1]
    if _may_hold_link(venue):  # most venue texts hold no link, and are kept as they are
        stripped = _TRAILING_LINK_RE.sub("", venue)
        if _LETTER_RE.search(_LEADING_IN_RE.sub("", without_links(stripped))):
            venue = stripped  # else the link is all there is ("url: https://arxiv.org/abs/...")
    for remark in reversed(list(_PAREN_RE.finditer(venue))):
        inner = remark.group(1).strip()
        if is_note(inner) or "%" in inner or is_index_tag(inner):
            notes.insert(0, inner)
            venue = venue[: remark.start()] + venue[remark.end() :]
    while True:
        bracket = _BRACKET_NOTE_RE.search(venue)
        if not bracket:
            break
        notes.insert(0, bracket.group(1).strip())
        venue = venue[: bracket.start()]
    year = None
    for year in YEAR_RE.finditer(venue):
        pass
    if year is not None:
        tail = venue[year.end() :]
        sentence = _SENTENCE_AFTER_YEAR_RE.match(tail)
        if sentence and is_note(sentence.group(1)):
            notes.insert(0, sentence.group(1).strip().rstrip("."))
            venue = venue[: year.end() + tail.index(sentence.group(1))].rstrip(" .,;") + "."
    venue = venue.strip()
    return (venue or None), notes
