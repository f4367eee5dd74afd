"""Whether a line is a section heading, and of which kind.

Shapes handled, all seen in real PDF-extracted CVs:

- a heading alone on its line, any case, with or without markdown (``## **Education**``);
- a heading followed by content on the same line (``RESEARCH INTERESTS Machine learning``,
  ``**Education** University of ...``, ``Industry Experience Microsoft Research, ...``);
- a heading split over short lines (``CONFERENCE &`` / ``JOURNAL`` / ``PUBLICATIONS``);
- a heading glued to the next text (``SERVICES**Program Committee**``; broken apart during
  cleaning, then joined with the line above like any split heading);
- headings in any registered language, folded Traditional Chinese and bilingual headings
  (``教育背景 Education``).

Whether a line is a heading is decided by the heading lexicons of the language it is written
in (:mod:`bilingual_cv.lang.headings`), never by looks alone: an employer in bold
(``## **Acme Surgical Robotics**``) is content.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice

from bilingual_cv.lang import Language, route
from bilingual_cv.lang.heading_text import (
    NUMBERING_RE,
    find_remark,
    is_caps,
    is_letter_spaced,
    match_brackets,
    strip_heading,
)
from bilingual_cv.lang.headings import (
    ASCII_WORD_RE,
    MAX_HEADING_CHARS,
    HeadingTable,
    is_heading_word,
    is_sublist_title,
    list_subheadings,
    match_heading,
    match_heading_words,
)
from bilingual_cv.lexicon import lexicon_key
from bilingual_cv.lines import Line
from bilingual_cv.schema import SectionKind

__all__ = ["HeadingMatch", "find_heading"]

#: Whole-line headings with Chinese in them are at most this long (``教育背景 Education``).
MAX_CJK_HEADING_CHARS = 30


#: A same-line heading prefix has at most this many words.
MAX_PREFIX_WORDS = 5


#: A heading split over lines uses at most this many lines of at most MAX_PIECE_WORDS words.
MAX_PIECES = 3


MAX_PIECE_WORDS = 3


#: Capitals glued to the capitalized word after them: ``SERVICESProgram Committee``.
_GLUED_CAPS_RE = re.compile(r"^([A-Z][A-Z&/\-' ]*[A-Z]{3})([A-Z][a-z].*)$")


#: Letters of an ALL-CAPS heading and the joiners allowed between its words.
CAPS_LINE_RE = re.compile(r"^[A-Z][A-Z&/\-' ]*[A-Z&]$")


#: A capitalized word opening a line before another capital: ``Education University``.
_BARE_PREFIX_RE = re.compile(r"^([A-Z][a-z]+)\s+(?=[A-Z])")


#: Any Latin letter, or any Latin letter or digit.
_LETTER_RE = re.compile(r"[A-Za-z]")


#: A run of non-space characters (a word, with its punctuation).
_WORD_RE = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class HeadingMatch:
    """A heading found at a line: its key, the text as written, and what follows it."""

    key: SectionKind
    heading: str
    lines_used: int
    rest: str = ""
    known: bool = True


def _heading_words_run(text: str, words: Sequence[str]) -> int | None:
    """How many of ``words`` (the first words of ``text``, in order) may belong to an
    English heading: a heading's every token is a heading word (:func:`is_heading_word`),
    so a text whose words run out before one that is not can be a heading only up to it.
    None when the words of ``text`` do not tell: not ASCII (NFKC and case folding are
    not read word by word), or numbered or letter-spaced (stripping changes its words).

    >>> _heading_words_run("Honors and Awards (selected)", ["Honors", "and", "Awards"])
    3
    >>> _heading_words_run("Toy Paper Awards", ["Toy", "Paper"])
    0
    """
    if not text.isascii() or NUMBERING_RE.match(text) or is_letter_spaced(text):
        return None
    for count, word in enumerate(words):
        if not is_heading_word(word):
            return count
    return len(words)


#: Keys whose one-word heading may open a line of content with no styling left (a PDF text
#: layer drops bold: ``Education University of Washington``), once per document.
BARE_PREFIX_KEYS = frozenset(
    {SectionKind.EDUCATION, SectionKind.PUBLICATIONS, SectionKind.EXPERIENCE, SectionKind.SKILLS}
)


def _is_styled_prefix(line: Line, prefix_end: int) -> bool:
    """The first ``prefix_end`` characters stand out: bold, ALL CAPS or a markdown heading."""
    prefix = line.text[:prefix_end]
    rest = line.text[prefix_end:].strip()
    if any(s == 0 and prefix_end <= e <= prefix_end + 1 for s, e in line.bold):
        return True  # the bold run is the prefix itself, not the start of a longer bold text
    if is_caps(prefix) and not is_caps(rest) and len([c for c in prefix if c.isalpha()]) >= 4:
        return True
    words = prefix.split()
    title_case = all(word[:1].isupper() for word in words if word.isalpha())
    return len(words) >= 2 and title_case and rest[:1].isupper()


#: Rules that close a heading set between two (``— Publications —``).
_RULE_ENDS = ("—", "–", "-", "=", "─", "━", "~")


def find_heading(
    lines: Sequence[Line],
    index: int,
    table: HeadingTable,
    seen: frozenset[SectionKind] = frozenset(),
) -> HeadingMatch | None:
    """The heading that starts at ``lines[index]``, if any.

    >>> from bilingual_cv.clean import clean_text
    >>> from bilingual_cv.lang.headings import heading_table
    >>> lines = clean_text("CONFERENCE &\\nJOURNAL\\nPUBLICATIONS\\n[C1] A Paper").lines
    >>> find_heading(lines, 0, heading_table())
    HeadingMatch(key=<SectionKind.PUBLICATIONS: 'publications'>, heading='CONFERENCE & JOURNAL PUBLICATIONS', lines_used=3, rest='', known=True)
    >>> lines = clean_text("RESEARCH INTERESTS Machine learning systems").lines
    >>> find_heading(lines, 0, heading_table()).rest
    'Machine learning systems'
    """
    line = lines[index]
    text = line.text.strip()
    if not text or (text.startswith("[") and not match_brackets(text)):
        return None
    if (
        line.bullet
    ):  # "■ 教育背景": a bulleted heading, only when wholly a heading in capitals or Chinese
        if text.endswith((":", "：")) and index > 0 and lines[index - 1].bullet:
            return None  # "• 2021 – 2023: 研究员" / "• 研究重点:": a field of the item above
        # "— Publications —": a dash read as the bullet, and its mirror after the words
        mirrored = text.endswith(_RULE_ENDS) and len(text) <= 40
        key = (
            match_heading(text, table)
            if mirrored or ((not route(text[:1]).spaced or is_caps(text)) and len(text) <= 20)
            else None
        )
        return (
            HeadingMatch(key, strip_heading(text, collapse=False), 1) if key is not None else None
        )
    joined = _match_split_heading(lines, index, table)
    if joined is not None:
        return joined
    typeset = _match_typeset_heading(text, table)
    if typeset is not None:
        return typeset
    if _is_heading_length(text) and _balanced(text) and _may_be_whole_heading(text):
        if is_sublist_title(text, table) and not line.md_level:
            return None  # a sub-list title, unless set as a heading ("## Current Students")
        key = match_heading(text, table)
        if key is not None:
            return HeadingMatch(key, strip_heading(text, collapse=False), 1)
        remark = find_remark(text)
        if remark and remark.start() > 0 and line.text.rstrip().endswith((")", "）")):
            key = match_heading(text[: remark.start()], table)
            if key is not None:  # "Publications (* denotes equal contribution)"
                return HeadingMatch(key, strip_heading(text, collapse=False), 1)
        if _stands_apart(line):
            key = match_heading_words(text)
            if key is not None:  # "Published Research", "近期获奖荣誉": known words only
                return HeadingMatch(key, strip_heading(text, collapse=False), 1)
    after_gap = index == 0 or lines[index - 1].is_blank
    return _match_prefix(line, table, after_gap) or _match_bare_prefix(line, table, seen)


#: A capital read apart from the small capitals after it (``E DUCATION``, ``W ORK E XPERIENCE``:
#: a PDF text layer sets small caps in a second font and puts a space between the two).
_SMALL_CAPS_RE = re.compile(r"\b([A-Z]) (?=[A-Z]{2})")


#: A section number with no dot, as LaTeX numbers sections (``1 Education``, ``2.1 Papers``).
_BARE_NUMBER_RE = re.compile(r"^\d{1,2}(?:\.\d{1,2})?\s+(?=\D)")


#: A typeset heading has at most this many characters.
MAX_TYPESET_CHARS = 40


def _match_typeset_heading(text: str, table: HeadingTable) -> HeadingMatch | None:
    """A whole-line heading as a typesetting system leaves it in a text layer: in small caps
    read apart (``E DUCATION``), or numbered with no dot (``1 Education``). Read only when
    the line is short and wholly a known heading once mended.

    >>> from bilingual_cv.lang.headings import heading_table
    >>> _match_typeset_heading("W ORK E XPERIENCE", heading_table()).heading
    'WORK EXPERIENCE'
    >>> _match_typeset_heading("2 Publications", heading_table()).heading
    'Publications'
    >>> _match_typeset_heading("3 toy papers were accepted", heading_table()) is None
    True
    """
    if len(text) > MAX_TYPESET_CHARS or not text.isascii():
        return None
    # a function, not the template r"\1": a template is parsed in Python on every call
    mended = _BARE_NUMBER_RE.sub("", _SMALL_CAPS_RE.sub(lambda found: found[1], text))
    if mended == text:
        return None
    key = match_heading(mended, table)
    return None if key is None else HeadingMatch(key, strip_heading(mended, collapse=False), 1)


def _is_heading_length(text: str) -> bool:
    """``text`` is short enough to be a whole-line heading: :data:`MAX_CJK_HEADING_CHARS`
    with Chinese in it, else :data:`MAX_HEADING_CHARS` and 8 for a rule after it. A line
    longer than both is not searched for Chinese (most lines: the search scans them whole).

    >>> _is_heading_length("教育背景 Education"), _is_heading_length("研究" + "经历" * 15)
    (True, False)
    """
    if len(text) > max(MAX_CJK_HEADING_CHARS, MAX_HEADING_CHARS + 8):
        return False
    spaced = route(text).spaced
    return len(text) <= (MAX_HEADING_CHARS + 8 if spaced else MAX_CJK_HEADING_CHARS)


def _may_be_whole_heading(text: str) -> bool:
    """False only when ``text`` is no heading and no sub-list title, by any rule of
    :func:`find_heading` that reads a whole line: one of its words is in no heading (a
    remark in brackets is cut off by those rules, so a text holding one is not judged).

    >>> _may_be_whole_heading("Honors & Awards"), _may_be_whole_heading("Ph.D. in Toy Science")
    (True, False)
    """
    if "(" in text or "（" in text:
        return True
    words = text.split()
    return _heading_words_run(text, words) in (None, len(words))


#: A plain line (no heading style) is read by its words when it has at most this many.
MAX_PLAIN_HEADING_WORDS = 4


MAX_PLAIN_HEADING_CJK = 8


def _stands_apart(line: Line) -> bool:
    """A line set like a heading: a markdown heading, wholly bold, in capitals, or short
    (a plain-text CV's heading), and not ending like a sentence or a list item.

    >>> _stands_apart(Line(1, "Academic Preparation")), _stands_apart(Line(1, "I teach courses."))
    (True, False)
    """
    text = line.text.strip()
    if line.bullet or not text or text[-1] in ".,;。，；、":
        return False
    if line.md_level or (line.bold and line.is_bold(0, len(text))) or is_caps(text):
        return True
    if not route(text).spaced:
        return len(text) <= MAX_PLAIN_HEADING_CJK
    return len(text.split()) <= MAX_PLAIN_HEADING_WORDS


def _balanced(text: str) -> bool:
    """A wrapped fragment such as ``Review)`` is not a heading.

    >>> _balanced("Review)"), _balanced("Publications (selected)")
    (False, True)
    """
    return text.count("(") + text.count("（") == text.count(")") + text.count("）")


@cache
def _heading_words(table: HeadingTable) -> frozenset[str]:
    """Every word of every English heading variant and modifier: a line whose first word is
    none of them cannot start with a heading."""
    words: set[str] = set(table.modifiers)
    for key in table.exact:
        if route(key).spaced:
            words.update(key.split())
    return frozenset(words)


def _match_bare_prefix(
    line: Line, table: HeadingTable, seen: frozenset[SectionKind]
) -> HeadingMatch | None:
    """``Education University of Washington``: a one-word heading whose styling was lost."""
    head = _BARE_PREFIX_RE.match(line.text)
    if head is None:
        return None
    key = table.exact.get(lexicon_key(head.group(1)))
    if key is None or key not in BARE_PREFIX_KEYS or key in seen:
        return None
    return HeadingMatch(key, head.group(1), 1, line.text[head.end() :].strip())


def _match_split_heading(
    lines: Sequence[Line], index: int, table: HeadingTable
) -> HeadingMatch | None:
    """A heading set over two or three consecutive short lines of one style: in capitals
    (``CONFERENCE &`` / ``JOURNAL`` / ``PUBLICATIONS``), or wholly bold or a markdown heading
    (a margin heading that a PDF broke: ``**Contact**`` / ``**Information**``). The last
    capitals piece may be glued to the text after it (``SERVICESProgram Committee``). Two
    pieces that are each a heading are two headings, unless together they are a known
    wording (``TEACHING`` / ``EXPERIENCE``)."""
    pieces: list[str] = []
    rest = ""
    style = None
    for offset in range(MAX_PIECES):
        if index + offset >= len(lines):
            break
        line = lines[index + offset]
        piece = line.text.strip()
        glued = _GLUED_CAPS_RE.match(piece)
        if glued and not CAPS_LINE_RE.match(piece):
            pieces.append(glued.group(1))
            rest = glued.group(2)
            break
        # at most MAX_PIECE_WORDS words (a long line is not split into all of its words)
        if not piece or len(piece.split(None, MAX_PIECE_WORDS)) > MAX_PIECE_WORDS:
            break
        if offset == 0:
            style = _piece_style(line)  # of the first piece, read once it may be one
        if not CAPS_LINE_RE.match(piece) and (style is None or _piece_style(line) != style):
            break
        pieces.append(piece)
    smallest = 1 if rest else 2
    for count in range(len(pieces), smallest - 1, -1):
        heading = " ".join(pieces[:count])
        if (
            count >= 2
            and lexicon_key(heading) not in table.exact
            and _is_heading_alone(pieces[0], table)
            and (
                _is_heading_alone(pieces[1], table)
                or lexicon_key(strip_heading(pieces[1])) in list_subheadings()
            )
        ):
            continue  # "Publications" / "Conference Papers" or "Conferences": a heading and its sub-heading
        key = match_heading(heading, table)
        if key is not None:
            return HeadingMatch(key, heading, count, rest if count == len(pieces) else "")
    return None


def _piece_style(line: Line) -> tuple[int, bool] | None:
    """The style of a wholly styled line (markdown level, bold), None for a plain line."""
    text = line.text.strip()
    bold = bool(line.bold) and line.is_bold(0, len(text))
    return (line.md_level, bold) if (line.md_level or bold) and not line.bullet else None


def _is_heading_alone(piece: str, table: HeadingTable) -> bool:
    return match_heading(piece, table) is not None


def _match_prefix(line: Line, table: HeadingTable, after_gap: bool = True) -> HeadingMatch | None:
    """A heading followed by content on the same line."""
    text = line.text
    lang = route(text[:1])
    if not lang.spaced:
        return _match_unspaced_prefix(line, lang, table, after_gap)
    if _first_key_word(text) not in _heading_words(table):
        return None  # no heading holds this word: most body lines stop here
    # the words a prefix can hold, and one after them (not every word of a long line)
    words = list(islice(_WORD_RE.finditer(text), MAX_PREFIX_WORDS + 1))
    longest = min(MAX_PREFIX_WORDS, len(words) - 1)
    if longest > 0:  # a prefix with a word that no heading holds is tried no more
        head = text[: words[longest - 1].end()]
        run = _heading_words_run(head, [word.group() for word in words[:longest]])
        longest = longest if run is None else run
    for count in range(longest, 0, -1):
        end = words[count - 1].end()
        prefix = text[:end].rstrip(":")
        if not _is_styled_prefix(line, end):
            continue
        key = match_heading(prefix, table)
        if key is not None:
            return HeadingMatch(
                key, strip_heading(prefix, collapse=False), 1, text[end:].strip(" :\t")
            )
    return None


def _first_key_word(text: str) -> str:
    """The first word of the lexicon key of ``text`` without its numbering (read in its first
    32 characters). On ASCII text that is the first run of letters and digits, in lower
    case: the key of a body line is not built only to be cut at its first space.

    >>> _first_key_word("2. Selected Publications"), _first_key_word("ＲＥＳＥＡＲＣＨ Ｅｘｐｅｒｉｅｎｃｅ")
    ('selected', 'research')
    """
    head = text[:32]
    numbering = NUMBERING_RE.match(head)  # anchored: what ``sub`` removes, without its list
    if numbering is not None:
        head = head[numbering.end() :]
    if head.isascii():
        word = ASCII_WORD_RE.search(head)
        return "" if word is None else word.group().lower()
    return lexicon_key(head).split(" ", 1)[0]


@cache
def _unspaced_prefix_re(lang: Language) -> re.Pattern[str]:
    """A heading in an unspaced language before content on its line: ``教育背景： 清华大学``.
    Compiled on first use (a CJK class): only a line in such a language needs it."""
    return re.compile(rf"^([{lang.script}/、]{{2,12}})\s*[:：\s]\s*(\S.*)$")


def _match_unspaced_prefix(
    line: Line, lang: Language, table: HeadingTable, after_gap: bool
) -> HeadingMatch | None:
    """A heading in an unspaced language before content on its line (``教育背景： 清华大学``).
    A plain ``label: value`` line right under other content (no blank line, no styling) is a
    field of an entry."""
    text = line.text
    head = _unspaced_prefix_re(lang).match(text)
    plain = head is not None and not (
        after_gap or line.md_level or _is_styled_prefix(line, head.end(1))
    )
    if plain and head is not None and head.group(0)[len(head.group(1)) :].lstrip()[:1] in ":：":
        return None  # "研究方向: 操作系统安全" inside an entry: a field, not a heading
    key = match_heading(head.group(1), table) if head else None
    if head and key is not None:
        return HeadingMatch(key, head.group(1), 1, head.group(2).strip())
    return None
