"""Line breaks a PDF put in the wrong place, repaired over a document's cleaned lines.

A bullet alone on its line becomes a blank line, so does a page's number centred under its
text (:func:`blank_page_numbers`), a word hyphenated across a line end is joined
("Mobi-" / "Com"), and a year wrapped off the end of its date range is put back. A joined line
keeps the number of the line it starts on (``Line.origin``).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable

from bilingual_cv.clean.fixes import SOFT_HYPHEN
from bilingual_cv.clean.markup import BULLET_GLYPHS
from bilingual_cv.lang import depends_on_languages, languages
from bilingual_cv.lang.dates import find_date_range
from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lexicon import is_english_word, load_dates
from bilingual_cv.lines import Line

#: No word broken at a line end is longer than this (characters).
MAX_WORD_CHARS = 64
#: A word broken by a hyphen at the end of a line: ``Mobi-``, or by a soft hyphen.
_HYPHEN_END_RE = re.compile(r"([A-Za-z]+)(-|\u00ad)$")
_WORD_START_RE = re.compile(r"^([A-Za-z]+)")
#: A word of Latin letters, to list the words a document writes.
_WORD_RE = re.compile(r"[A-Za-z]+")

#: A line that is only a bullet glyph.
_LONE_BULLET_RE = re.compile(rf"\s*[{BULLET_GLYPHS}]\s*")


def blank_lone_bullets(lines: list[Line]) -> list[Line]:
    """A bullet a PDF set on a line of its own (its item's text on the next line) starts a
    new item: it becomes a blank line, which separates entries as in a text CV.

    >>> [(l.text, l.bullet) for l in blank_lone_bullets([Line(0, "•", 1), Line(0, "Acme Inc.", 2)])]
    [('', False), ('Acme Inc.', False)]
    """
    return [
        Line(0, "", line.origin) if _LONE_BULLET_RE.fullmatch(line.text) else line for line in lines
    ]


#: A running page mark (``Ann Lee · Curriculum Vitae · 2``) recurs at least a page apart:
#: at least this many lines between two of its copies.
MIN_PAGE_LINES = 15
#: Its page number is at most this.
MAX_PAGE_NUMBER = 999
#: A line longer than this is no page mark.
MAX_PAGE_MARK_CHARS = 100
_NUMBER_RE = re.compile(r"\d+")
#: An item number opening a line (``[1]``, ``1.``, ``(1)``): a list's, not a page's.
_ITEM_NUMBER_RE = re.compile(r"^\s*[\[(]?\d+[\].)]\s")
_LETTER_RE = re.compile(r"[^\W\d_]")


def blank_running_marks(lines: list[Line]) -> list[Line]:
    """Blank out a running header or footer that carries the page number: a line of words
    and numbers that recurs, a page or more apart, with the same text but for one number
    that counts the pages (1, 2, 3 or 2, 3 …), as a word processor or LaTeX prints it on
    every page (``Curriculum Vitae: Ann Lee  2``, ``June 2024 | Ann Lee | 1``).

    >>> body = [Line(0, "Toy line", 1)] * 20
    >>> lines = [Line(0, "Ann Lee, CV   1", 1), *body, Line(0, "Ann Lee, CV   2", 1), *body]
    >>> kept = blank_running_marks(lines)
    >>> [line.text for line in kept if "CV" in line.text], [i for i, line in enumerate(kept) if not line.text]
    ([], [0, 21])
    >>> years = [Line(0, "Fall 2019 Toy Design", 1), *body, Line(0, "Fall 2020 Toy Design", 1)]
    >>> [line.text for line in blank_running_marks(years) if "Fall" in line.text]
    ['Fall 2019 Toy Design', 'Fall 2020 Toy Design']
    """
    if len(lines) <= MIN_PAGE_LINES:
        return lines  # one page: no mark recurs
    texts = [line.text for line in lines]
    # every line with its numbers as "#", in one pass over the document
    keys = _NUMBER_RE.sub("#", "\n".join(texts)).split("\n")
    groups: dict[str, list[int]] = {}
    numbered = [  # (most lines hold no number: one comprehension finds those that do)
        index for index, (text, key) in enumerate(zip(texts, keys, strict=True)) if key != text
    ]
    for index in numbered:
        if len(texts[index]) <= MAX_PAGE_MARK_CHARS:
            groups.setdefault(keys[index], []).append(index)  # alike but for their numbers
    marks = {
        index
        for found in groups.values()
        if len(found) >= 2
        and _LETTER_RE.search(lines[found[0]].text) is not None
        and _ITEM_NUMBER_RE.match(lines[found[0]].text) is None
        and _counts_pages([lines[i] for i in found], found)
        for index in found
    }
    if not marks:
        return lines
    return [Line(0, "", line.origin) if i in marks else line for i, line in enumerate(lines)]


def _counts_pages(copies: list[Line], at: list[int]) -> bool:
    """The copies stand a page apart and one of their numbers counts pages from 1, 2 or 3."""
    if any(later - earlier < MIN_PAGE_LINES for earlier, later in itertools.pairwise(at)):
        return False
    numbers = [[int(n) for n in _NUMBER_RE.findall(line.text)] for line in copies]
    if len({len(each) for each in numbers}) != 1:
        return False  # "Page 1/3" and "Page 13": not one mark
    columns = list(zip(*numbers, strict=True))
    for column in (columns[0], columns[-1]):  # a page number opens or closes the mark
        if (
            column[0] <= 3
            and column[-1] <= MAX_PAGE_NUMBER
            and all(later == earlier + 1 for earlier, later in itertools.pairwise(column))
        ):
            return True
    return False


#: A page number alone on its line: one to three digits.
_PAGE_NUMBER_RE = re.compile(r"\d{1,3}")
#: A page number centred or set right under the page's text, as text extracted with its
#: layout prints it, stands at least this far in (a list's number or a count stands at the
#: margin or beside text).
MIN_PAGE_NUMBER_INDENT = 20


def blank_page_numbers(lines: list[Line]) -> list[Line]:
    """A line that holds only a number, far in from the margin, under a blank line, is the
    page's number in its footer (``pdftotext -layout``): it becomes a blank line, so that it
    joins no entry (a title wrapped across the page, the last entry of the page).

    >>> lines = [Line(1, "Toy kites over"), Line(2, ""), Line(3, "4", indent=47), Line(4, "Networks")]
    >>> [line.text for line in blank_page_numbers(lines)]
    ['Toy kites over', '', '', 'Networks']
    >>> [line.text for line in blank_page_numbers([Line(1, ""), Line(2, "4")])]
    ['', '4']
    """
    return [
        Line(0, "", line.origin)
        if line.indent >= MIN_PAGE_NUMBER_INDENT
        and index > 0
        and lines[index - 1].is_blank
        and _PAGE_NUMBER_RE.fullmatch(line.text)
        else line
        for index, line in enumerate(lines)
    ]


def _two_words(head: str, tail: str) -> bool | None:
    """Whether a word broken at a line-end hyphen is two English words joined by a hyphen
    (``low-`` / ``latency``: True) or one word a typesetter hyphenated (``net-`` /
    ``works``, ``se-`` / ``lection``: False); None when the word list does not tell (a
    name, a term it lacks).

    >>> _two_words("low", "latency"), _two_words("Deadline", "aware"), _two_words("net", "works")
    (True, True, False)
    >>> _two_words("Hier", "archical"), _two_words("QoS", "aware") is None
    (False, True)
    """
    if is_english_word(head + tail):
        return False
    if len(tail) >= 2 and is_english_word(head) and is_english_word(tail):
        return True
    return None


def join_hyphenated(lines: list[Line], is_compound: Callable[[str], bool]) -> list[Line]:
    """Join a line ending in ``word-`` with the next line that continues the word.

    The hyphen is dropped when the joined word is a known compound (``Mobi-`` + ``Com``
    is MobiCom), or when the word goes on in lower case and the document writes the joined
    word whole elsewhere (``Engi-`` + ``neering`` where "Engineering" is written), and kept
    otherwise (``fine-`` + ``grained``). A soft hyphen (a PDF's line-end mark, set for
    syllables and compounds alike) is dropped before lower case unless the part after it is
    a word the document writes elsewhere too (``QoS-`` + ``aware``, ``Coarse-`` + ``to-Fine``).

    >>> [l.text for l in join_hyphenated([Line(1, "Toy Engi-"), Line(2, "neering"), Line(3, "Engineering")], lambda w: False)]
    ['Toy Engineering', 'Engineering']
    >>> [l.text for l in join_hyphenated([Line(1, "Toy fine-"), Line(2, "grained")], lambda w: False)]
    ['Toy fine-grained']
    """
    if not any(line.text.endswith(("-", SOFT_HYPHEN)) for line in lines):
        return list(lines)  # no line ends in a hyphen: most documents
    written: Counter[str] = Counter()  # the document's words in lower case, once needed
    out: list[Line] = []
    lines = list(lines)
    index = 0
    while index < len(lines):
        line = lines[index]
        nxt = lines[index + 1] if index + 1 < len(lines) else None
        end = (
            _HYPHEN_END_RE.search(line.text[-MAX_WORD_CHARS:])  # only a line's end can hold it
            if line.text.endswith(("-", SOFT_HYPHEN))
            else None
        )
        start = _WORD_START_RE.match(nxt.text) if end and nxt is not None else None
        if end and start and nxt is not None and not nxt.bullet and len(end.group(1)) >= 2:
            word = end.group(1) + start.group(1)
            soft = end.group(2) == SOFT_HYPHEN
            lower = start.group(1)[:1].islower()
            if lower and not written:
                text = "\n".join(each.text for each in lines)
                written.update(map(str.lower, _WORD_RE.findall(text)))
            two_words = _two_words(end.group(1), start.group(1)) if lower else None
            if is_compound(word):
                head = line.text[:-1]  # "Mobi-" / "Com": a known name
            elif lower and word.lower() in written:
                head = line.text[:-1]  # "Engi-" / "neering": the word is written whole
            elif two_words is not None:
                # "low-" / "latency": two English words; "Se-" / "lection": one
                head = line.text[:-1] + ("-" if two_words else "")
            elif soft and lower and written[start.group(1).lower()] >= 2:
                head = line.text[:-1] + "-"  # "QoS" / "aware": a word of its own elsewhere too
            elif soft and lower:
                head = line.text[:-1]  # "Hier" / "archical": typesetter's hyphenation
            else:
                head = line.text[:-1] + "-"  # "Multi" / "Perspective": a real hyphen
            shift = len(head)
            bold = line.bold + tuple((s + shift, e + shift) for s, e in nxt.bold)
            italic = line.italic + tuple((s + shift, e + shift) for s, e in nxt.italic)
            # the joined line may end in a broken word too ("Ma-" / "chine ... Trans-" / "formation")
            lines[index + 1] = Line(
                0,
                head + nxt.text,
                line.origin,
                line.md_level,
                bold,
                line.bullet,
                italic,
                line.indent,
            )
            index += 1
            continue
        if line.text.endswith(SOFT_HYPHEN):  # nothing to join: the hyphen as printed
            line = line.with_text(line.text[:-1] + "-")
        out.append(line)
        index += 1
    return out


#: A line holding only the year that a PDF wrapped off the line above: "Oct 2015 - Feb" / "2017".
_YEAR_LINE_RE = re.compile(r"^\s*((?:19|20)\d{2})(?:\s*[-–—~]\s*(?:(?:19|20)\d{2}|\w+))?\s*$")


@depends_on_languages
def _open_date_re() -> re.Pattern[str]:
    """The end of a line that waits for a year: a word (a month name: the join is kept only
    when a longer date results), a range dash, or a Chinese range word (``至``, from the
    date lexicons)."""
    han = sorted(
        {
            word
            for lang in languages()
            for word in load_dates(lang.lexicon).range_words
            if CJK_RE.search(word)
        },
        key=len,
        reverse=True,
    )
    words = "".join(f"|{re.escape(w)}" for w in han)
    return re.compile(rf"(?:(?<![A-Za-z])[A-Za-z]{{3,9}}\.?|[-–—~]{words})\s*$")


def join_wrapped_dates(lines: list[Line]) -> list[Line]:
    """Put back a year that a PDF extractor wrapped onto a line of its own.

    >>> joined = join_wrapped_dates([Line(1, "Contractor Redmond, WA Oct 2015 - Feb"), Line(2, "2017")])
    >>> [line.text for line in joined]
    ['Contractor Redmond, WA Oct 2015 - Feb 2017']
    >>> len(join_wrapped_dates([Line(1, "Best Paper Award"), Line(2, "2017")]))
    2
    >>> len(join_wrapped_dates([Line(1, "B.S. in Mathematics"), Line(2, "2015 – 2020")]))
    2
    """
    out: list[Line] = []
    for line in lines:
        previous = out[-1] if out else None
        if (
            previous is not None
            and _YEAR_LINE_RE.match(line.text)
            and _open_date_re().search(previous.text)
        ):
            joined = previous.text.rstrip() + " " + line.text.strip()
            before, after = find_date_range(previous.text), find_date_range(joined)
            boundary = len(previous.text.rstrip())
            grew = (
                after is not None
                and after.span[0] < boundary
                and after.span[1] == len(joined)
                and (
                    before is None
                    or after.span[1] - after.span[0] > before.span[1] - before.span[0]
                )
            )
            if grew and after is not None and after.end is not None and after.start is not None:
                out[-1] = previous.with_text(joined)
                continue
        out.append(line)
    return out
