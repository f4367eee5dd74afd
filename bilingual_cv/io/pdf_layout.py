"""What a PDF's fonts and positions say about its lines, written as light markup.

A PDF text layer gives characters in reading order, but the cues a reader uses to see a CV's
structure are typographic: headings are set larger or bold, the owner's name is bold in an
author list, headings sit in a left margin column beside the body. Plain text drops all of
that. This module reads each character's font (PDFium text objects) and position, and writes
the cues back as the markdown that text inputs already carry and the rest of the pipeline
already reads:

- a line set at least :data:`HEADING_SIZE_RATIO` times the body's font size is a markdown
  heading (``# `` for the largest size on the page, ``## `` otherwise);
- a run of bold characters (a bold font name or weight) is wrapped in ``**``, unless most of
  the document is bold, where bold says nothing;
- a line whose first words stand in a left margin column, with the body column starting
  after a gap (``Education    Beijing University ...``), is broken in two there, so that a
  margin heading becomes a line of its own.

Everything here is a pure function of the characters and their font facts
(:class:`Glyph`); :func:`read_page_glyphs` is the only code that calls PDFium.
"""

from __future__ import annotations

import ctypes
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from math import isfinite
from operator import itemgetter
from typing import Any, NamedTuple

from bilingual_cv.io.pdf_order import (
    in_reading_order,
    is_wide,
    join_raised_marks,
    join_right_fragments,
    join_table_rows,
)
from bilingual_cv.lang.scripts import is_cjk

#: What a hyphen the typesetter added at a line end becomes (cleaning joins the word).
SOFT_HYPHEN = "\u00ad"
#: A line whose main font is at least this many times the body size is a heading.
HEADING_SIZE_RATIO = 1.12
#: Sizes closer than this (points) are one size.
SIZE_TOLERANCE = 0.3
#: A heading line is at most this many characters (a long large line is a title block).
MAX_HEADING_CHARS = 80
#: When more than this share of a document's letters is bold, bold marks nothing.
MAX_BOLD_SHARE = 0.5
#: A bold run needs at least this many letters to be marked (a bold digit or bullet is not).
MIN_BOLD_LETTERS = 2
#: A margin column ends at least this many points left of the body column's start.
MIN_MARGIN_POINTS = 30.0
#: A space wider than this many ems between two words separates columns.
COLUMN_GAP_EMS = 2.0
#: A left edge where this many lines start is a column.
MIN_COLUMN_LINES = 3
#: Font names that mean bold (subset prefixes such as ``ABCDEF+`` are ignored). ``Hei``
#: (SimHei, STHeiti, Adobe Heiti) is the heavy face Chinese CVs set headings and names in;
#: ``CMBX``/``CMB`` are TeX's bold faces.
_BOLD_NAME_RE = re.compile(
    r"bold|black|heavy|semibold|demi|[-,](?:b|bd|sb)$|^cmbx|^cmb\d|^sfbx|hei(?:ti)?\b|heiti|simhei",
    re.IGNORECASE,
)
#: Font names of icon fonts, whose glyphs are pictograms (a phone, an envelope), not text.
_ICON_FONT_RE = re.compile(
    r"awesome|icon|dingbat|wingding|fontello|symbol|marvosym|academicons", re.IGNORECASE
)
#: TeX's math symbol fonts (Latin Modern's ``LMMathSymbols``): bullets and separators, but
#: also the marks set after an author's name (a co-first ``*``, a corresponding ``†``).
_MATH_SYMBOL_FONT_RE = re.compile(r"mathsymbol", re.IGNORECASE)
#: The characters of a math symbol font that are text: the marks CVs set after a name.
AUTHOR_MARKS = frozenset("\u2217*\u2020\u2021")
#: Kinds of font for :attr:`Glyph.font_kind`: a text font, a named icon font, a font with no
#: name, a math symbol font.
NOT_ICON, ICON_FONT, NAMELESS_FONT, MATH_SYMBOL_FONT = 0, 1, 2, 3
#: Font weight (PDF font descriptor, 100-900) from which a face is bold.
BOLD_WEIGHT = 600
#: A CJK character repeated less than this many ems from where it was just printed is the
#: same character printed again (fake bold by overprinting); a real repeat (天天) stands
#: a full em further.
OVERPRINT_EMS = 0.4


class Glyph(NamedTuple):
    """One character of a page's text layer and the font facts that matter here.

    ``x`` is the left edge in points of the word the glyph starts or belongs to; for a space
    after a word, the right edge of that word (spaces and line breaks carry no font: ``size``
    0; a line break's ``x`` is 0). ``size`` is in points, rounded to a tenth. ``y`` is the
    height on the page (PDF space: up is larger) of the middle of the word's first character,
    which :mod:`~bilingual_cv.io.pdf_order` puts lines in reading order by; 0 for a break.

    A named tuple, not a dataclass: a page has thousands of glyphs, and a tuple is made in a
    third of the time a frozen dataclass takes.
    """

    char: str
    size: float = 0.0
    bold: bool = False
    x: float = 0.0
    #: :data:`ICON_FONT` for a glyph of an icon font (FontAwesome), a pictogram;
    #: :data:`NAMELESS_FONT` for a font with no name (how TeX templates embed icons).
    font_kind: int = 0
    y: float = 0.0


def is_bold_font(name: str, weight: int) -> bool:
    """True for a bold face, by weight or by name.

    >>> is_bold_font("ABCDEF+LMRoman10-Bold", -1), is_bold_font("CMBX12", -1)
    (True, True)
    >>> is_bold_font("CMR10", 400), is_bold_font("AdobeSongStd-Light", -1)
    (False, False)
    """
    base = name.split("+", 1)[-1]
    return weight >= BOLD_WEIGHT or bool(_BOLD_NAME_RE.search(base))


def split_lines(glyphs: Sequence[Glyph]) -> list[list[Glyph]]:
    """The page's glyphs cut into lines at the line breaks PDFium writes (``\\r\\n``).

    PDFium folds a hyphen that a typesetter added at a line end into U+FFFE (or U+0002) and
    drops the break; the break is put back, the hyphen as a soft hyphen (U+00AD), which
    cleaning joins without a hyphen (``Hier`` / ``archical``).

    >>> [len(line) for line in split_lines([Glyph("a"), Glyph("\\r"), Glyph("\\n"), Glyph("b")])]
    [1, 1]
    """
    glyphs = decode_tex_codes(drop_icons(glyphs))
    text = _text(glyphs)
    if "\ufffe" not in text and "\x02" not in text and text.count("\r") == text.count("\r\n"):
        return _split_at_breaks(glyphs, text)  # the usual page: every break is "\r\n"
    lines: list[list[Glyph]] = [[]]
    for glyph in glyphs:
        if glyph.char == "\n":
            lines.append([])
        elif glyph.char == "\r":
            continue
        elif glyph.char in "\ufffe\x02":  # a hyphen the typesetter added: a soft hyphen
            lines[-1].append(glyph._replace(char=SOFT_HYPHEN))
            lines.append([])
        else:
            lines[-1].append(glyph)
    return lines


def _split_at_breaks(glyphs: list[Glyph], text: str) -> list[list[Glyph]]:
    """:func:`split_lines` of a page whose only breaks are ``\\n`` and ``\\r\\n``: the glyphs
    sliced at the newlines of their text (found in C), each ``\\r`` dropped with its line's
    end.

    >>> page = [Glyph(c) for c in "ab\\r\\nc\\nd"]
    >>> ["".join(g.char for g in line) for line in _split_at_breaks(page, "ab\\r\\nc\\nd")]
    ['ab', 'c', 'd']
    """
    lines: list[list[Glyph]] = []
    start = 0
    for piece in text.split("\n"):
        end = start + len(piece)
        lines.append(glyphs[start : end - 1] if piece.endswith("\r") else glyphs[start:end])
        start = end + 1
    return lines


#: What the control codes of LaTeX's T1 (Cork) encoding stand for: ligatures, dashes and
#: quotes. A font embedded without a map to Unicode (the bitmap Type 3 fonts pdfTeX makes
#: where no Type 1 font of the T1 encoding is installed) gives its codes as they are; no text
#: holds these control characters otherwise.
TEX_CODES = {
    "\x10": "\u201c",
    "\x11": "\u201d",
    "\x15": "\u2013",
    "\x16": "\u2014",
    "\x1b": "ff",
    "\x1c": "fi",
    "\x1d": "fl",
    "\x1e": "ffi",
    "\x1f": "ffl",
}
_TEX_CODES_RE = re.compile("[" + "".join(TEX_CODES) + "]")


def decode_tex_codes(glyphs: list[Glyph]) -> list[Glyph]:
    """The glyphs with the T1 codes of a font with no name (:data:`TEX_CODES`) read as the
    characters they stand for, a ligature as its letters (``classi\\x1ccation`` is
    ``classification``, ``2014\\x152019`` is ``2014–2019``).

    >>> word = [Glyph(c, 10.0, font_kind=NAMELESS_FONT) for c in "e\x1bort 2014\x152019"]
    >>> "".join(g.char for g in decode_tex_codes(word))
    'effort 2014–2019'
    >>> word = [Glyph("a", 10.0, font_kind=NAMELESS_FONT), Glyph("\x1c"), Glyph("x", 10.0)]
    >>> [(g.char, g.size) for g in decode_tex_codes(word)]
    [('a', 10.0), ('f', 10.0), ('i', 10.0), ('x', 10.0)]
    """
    if not _TEX_CODES_RE.search(_text(glyphs)):
        return glyphs  # most pages
    out: list[Glyph] = []
    for glyph in glyphs:
        code = TEX_CODES.get(glyph.char)
        if code is None or (glyph.size and glyph.font_kind != NAMELESS_FONT):
            out.append(glyph)
            continue
        if not glyph.size and out and out[-1].size:
            # (codes 0x1c-0x1f are spaces to Python and so came as breaks, with no font:
            # the ligature takes the font and place of the word it stands in)
            glyph = out[-1]
        out.extend(glyph._replace(char=char) for char in code)
    return out


#: A page whose glyphs are at least this share in fonts with no name sets its text in them
#: (bitmap Type 3 fonts): its one-character words (``a``, ``,``) are text, not icons.
NAMELESS_TEXT_SHARE = 0.5


def drop_icons(glyphs: Sequence[Glyph]) -> list[Glyph]:
    """The glyphs without pictograms: characters of an icon font, and one-character words of
    a font with no name (icon fonts that TeX templates embed as Type 3 fonts) other than CJK
    characters, and the characters of a math symbol font but the marks set after an
    author's name (:data:`AUTHOR_MARKS`).

    >>> text = [Glyph(" ")] + [Glyph(c, 14.0) for c in "论文"]
    >>> "".join(g.char for g in drop_icons([Glyph("5", 14.0, font_kind=NAMELESS_FONT)] + text))
    ' 论文'
    >>> "".join(g.char for g in drop_icons([Glyph("5", 14.0, font_kind=NOT_ICON)] + text))
    '5 论文'
    >>> "".join(g.char for g in drop_icons([Glyph("计", 10.0, font_kind=NAMELESS_FONT)] + text))
    '计 论文'
    >>> page = [Glyph(c, 10.0, font_kind=NAMELESS_FONT) for c in "Toys , a study"]  # Type 3 text
    >>> "".join(g.char for g in drop_icons(page))
    'Toys , a study'
    >>> marks = [Glyph(c, 7.0, font_kind=MATH_SYMBOL_FONT) for c in "\u2022\u2217"]
    >>> "".join(g.char for g in drop_icons([Glyph("A", 10.0), *marks]))
    'A\u2217'
    """
    kinds = list(map(_FONT_KIND, glyphs))
    if not any(kinds):  # no icon font and no nameless font: most pages
        return list(glyphs)
    sized = sum(1 for glyph in glyphs if glyph.size)
    nameless_text = kinds.count(NAMELESS_FONT) >= NAMELESS_TEXT_SHARE * sized
    out: list[Glyph] = []
    for index, glyph in enumerate(glyphs):
        if glyph.font_kind == ICON_FONT:
            continue
        if glyph.font_kind == MATH_SYMBOL_FONT and glyph.char not in AUTHOR_MARKS:
            continue  # a bullet or a separator (``$\\bullet$``, ``$\\cdot$``), as icons are
        if glyph.font_kind == NAMELESS_FONT and not nameless_text and not _is_cjk(glyph.char):
            # (a CJK character alone between a space and a line end is text: Chinese wraps
            # between any two characters, and a font embedded without a name, as Chromium
            # embeds its CJK fallback font, is no icon font then)
            before = glyphs[index - 1] if index else None
            after = glyphs[index + 1] if index + 1 < len(glyphs) else None
            if (before is None or not before.size) and (after is None or not after.size):
                continue
        out.append(glyph)
    return out


@dataclass(frozen=True, slots=True)
class DocumentFonts:
    """Facts about a whole document's typography, measured once."""

    #: The font size most letters are set in.
    body_size: float
    #: Whether bold is rare enough to mark emphasis: in Latin text, and in CJK text (a CV may
    #: set all its Chinese in a heavy face and only its Latin headings in bold).
    bold_marks: bool
    #: The size section headings are set in (0 when headings are not set larger).
    heading_size: float = 0.0
    #: Whether bold marks emphasis in CJK text.
    bold_marks_cjk: bool = True
    #: Left edges (points) where at least :data:`MIN_COLUMN_LINES` lines start.
    columns: tuple[float, ...] = ()


def measure_document(pages: Sequence[Sequence[Sequence[Glyph]]]) -> DocumentFonts:
    """The body font size, whether bold is emphasis, and the body column's left edge.

    >>> line = [Glyph("a", 10.0, False, 72.0), Glyph("b", 10.0, False, 78.0)]
    >>> measure_document([[line, line]])
    DocumentFonts(body_size=10.0, bold_marks=True, heading_size=0.0, bold_marks_cjk=True, columns=())
    """
    line_starts: Counter[float] = Counter()
    for page in pages:
        for line in page:
            first = next((g for g in line if g.size and not g.char.isspace()), None)
            if first is not None:
                line_starts[round(first.x)] += 1
    # (size, CJK?, bold) of every letter and digit: the glyphs counted by (size, character,
    # bold) in C, then each distinct one looked at (the same counts, in the same order)
    glyphs = chain.from_iterable(line for page in pages for line in page)
    facts: Counter[tuple[float, bool, bool]] = Counter()
    for (size, char, is_bold), n in Counter(map(_SIZE_CHAR_BOLD, glyphs)).items():
        if size and char.isalnum():
            facts[size, _is_cjk(char), is_bold] += n
    sizes: Counter[float] = Counter()  # sizes are already rounded to a tenth
    letters = bold = cjk_letters = cjk_bold = 0
    for (size, cjk, is_bold), n in facts.items():
        sizes[size] += n
        if cjk:
            cjk_letters += n
            cjk_bold += n * is_bold
        else:
            letters += n
            bold += n * is_bold
    body_size = sizes.most_common(1)[0][0] if sizes else 0.0
    bold_marks = bold <= MAX_BOLD_SHARE * letters
    bold_marks_cjk = cjk_bold <= MAX_BOLD_SHARE * cjk_letters
    heading_size = _heading_size(pages, body_size)
    columns = tuple(sorted(float(x) for x, n in line_starts.items() if n >= MIN_COLUMN_LINES))
    return DocumentFonts(body_size, bold_marks, heading_size, bold_marks_cjk, columns)


def _is_cjk(char: str) -> bool:
    return is_cjk(char)


def _heading_size(pages: Sequence[Sequence[Sequence[Glyph]]], body_size: float) -> float:
    """The largest font size, clearly above the body's, that at least two short lines use:
    the size of section headings (a larger size used once is the owner's name)."""
    lines_at: Counter[float] = Counter()
    for page in pages:
        for line in page:
            text = _text(line).strip()
            if not text or len(text) > MAX_HEADING_CHARS:
                continue
            size = _main_size(line)
            if size >= body_size * HEADING_SIZE_RATIO:
                lines_at[size] += 1
    sizes = sorted((size for size, n in lines_at.items() if n >= 2), reverse=True)
    return sizes[0] if sizes else 0.0


def _text(line: Sequence[Glyph]) -> str:
    """The characters of a line of glyphs."""
    return "".join(map(_CHAR, line))


#: Characters with no font: every one that ``str.isspace`` holds, and PDFium's marks of a
#: hyphen the typesetter added at a line end.
_BREAKS = frozenset(
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufffe\x02"
)
#: The character, the boldness and the font kind of a glyph, as C-level getters.
_CHAR = itemgetter(0)
_BOLD = itemgetter(2)
_FONT_KIND = itemgetter(4)
_SIZE_CHAR_BOLD = itemgetter(1, 0, 2)


def _main_size(line: Sequence[Glyph]) -> float:
    sizes = Counter(g.size for g in line if g.size and not g.char.isspace())
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _margin_split(line: Sequence[Glyph], fonts: DocumentFonts) -> int | None:
    """Index where the body starts on a line that opens with a heading in a left margin.

    The line must start left of a column where other lines start (at least
    :data:`MIN_MARGIN_POINTS` further right), a word must start exactly at that column, and
    what stands before it must look like a heading (bold letters, no digits), not a column
    of dates or venue tags (``ASPLOS'25``).
    """
    first = next((g for g in line if g.size and not g.char.isspace()), None)
    if first is None:
        return None
    columns = [x for x in fonts.columns if x >= first.x + MIN_MARGIN_POINTS]
    if not columns:
        return None
    for index, glyph in enumerate(line):
        at_word = index > 0 and line[index - 1].char.isspace()
        if at_word and glyph.size and any(abs(glyph.x - x) <= 2 for x in columns):
            margin = [g for g in line[:index] if g.size and not g.char.isspace()]
            letters = [g for g in margin if g.char.isalpha()]
            if letters and all(g.bold and not g.char.isdigit() for g in margin):
                return index
            return None
    return None


def mark_line(line: Sequence[Glyph], fonts: DocumentFonts) -> str:
    """One line's text with its typographic cues as markdown.

    >>> fonts = DocumentFonts(body_size=10.0, bold_marks=True, heading_size=14.0)
    >>> big = [Glyph(c, 14.0, True, 72.0) for c in "Education"]
    >>> mark_line(big, fonts)
    '## **Education**'
    >>> plain = [Glyph(c, 10.0, False, 72.0) for c in "Ann Lee, "] + [Glyph(c, 10.0, True, 72.0) for c in "Bo Li"]
    >>> mark_line(plain, fonts)
    'Ann Lee, **Bo Li**'
    """
    line = _tabs_at_gaps(_word_gaps_in_spaced_letters(line))
    text = _text(line)
    if not text.strip():
        return ""
    out = _mark_bold(line, fonts) if fonts.bold_marks or fonts.bold_marks_cjk else text
    size = _main_size(line) if fonts.heading_size else 0.0
    heading = fonts.heading_size and size >= fonts.heading_size - SIZE_TOLERANCE
    if heading and len(text.strip()) <= MAX_HEADING_CHARS:
        level = "## " if size <= fonts.heading_size + SIZE_TOLERANCE else "# "
        return level + out.strip()
    return out


#: Letters set apart by single spaces (``E D U C A T I O N``), four or more in a run.
_SPACED_LETTERS_RE = re.compile(r"(?<!\S)\w(?: \w){3,}(?!\S)")
#: In letter-spaced text, a space at least this many ems wider than the usual gap between
#: letters is a gap between words.
WORD_GAP_EMS = 0.25


def _word_gaps_in_spaced_letters(line: Sequence[Glyph]) -> Sequence[Glyph]:
    """The line with three spaces at each gap between words of a letter-spaced run, as text
    CVs write ``W O R K   E X P E R I E N C E``: PDFium writes one space at every gap, the
    word gaps are only wider on the page.

    >>> def at(chars: str, x: float) -> list[Glyph]:
    ...     return [Glyph(chars[0], 10.0, x=x), Glyph(" ", x=x + 7.0)]
    >>> run = at("A", 0) + at("B", 11) + at("C", 22) + at("D", 41) + at("E", 52) + [Glyph("F", 10.0, x=63)]
    >>> "".join(g.char for g in _word_gaps_in_spaced_letters(run))
    'A B C   D E F'
    """
    text = _text(line)
    runs = [m.span() for m in _SPACED_LETTERS_RE.finditer(text)]
    if not runs:
        return line  # most lines
    out = list(line)
    for start, end in reversed(runs):
        spaces = [i for i in range(start + 1, end, 2) if line[i].x and line[i + 1].size]
        gaps = sorted(line[i + 1].x - line[i].x for i in spaces)
        if len(gaps) < 3:
            continue
        usual = gaps[len(gaps) // 2]
        for i in reversed(spaces):
            if line[i + 1].x - line[i].x >= usual + WORD_GAP_EMS * line[i + 1].size:
                out[i : i + 1] = [line[i]] * 3
    return out


def _tabs_at_gaps(line: Sequence[Glyph]) -> list[Glyph]:
    """The line with a tab for each space that spans a column gap (a location or a date set
    flush right: ``Auburn University`` ... ``Auburn, Alabama``), as text CVs write columns.

    >>> gap = [Glyph("A", 10, x=72), Glyph(" ", x=80), Glyph("B", 10, x=300)]
    >>> "".join(g.char for g in _tabs_at_gaps(gap)).split("\\t")
    ['A', 'B']
    """
    out = list(line)
    text = _text(line)
    index = text.find(" ", 1)
    while 0 < index < len(out) - 1:  # only the spaces are looked at
        space, after = out[index], out[index + 1]
        wide = after.size and after.x - space.x >= COLUMN_GAP_EMS * after.size
        if space.x and wide:
            out[index] = Glyph("\t", x=space.x)
        index = text.find(" ", index + 1)
    return out


def _mark_bold(line: Sequence[Glyph], fonts: DocumentFonts) -> str:
    """Wrap runs of bold glyphs (with at least two letters) in ``**``; spaces at a run's
    edges stay outside it. Bold in a script that is mostly bold marks nothing."""
    marked = _bold_marks(line, fonts)
    if not any(marked):  # most lines: nothing to wrap
        return _text(line)
    out: list[str] = []
    index = 0
    while index < len(line):
        if not marked[index] or line[index].char.isspace():
            out.append(line[index].char)
            index += 1
            continue
        end = index
        while end < len(line) and (marked[end] or (line[end].char == " " and not line[end].size)):
            end += 1
        run = _text(line[index:end])
        body = run.rstrip()
        if sum(ch.isalpha() for ch in body) >= MIN_BOLD_LETTERS and "*" not in body:
            out.append(f"**{body}**" + run[len(body) :])
        else:
            out.append(run)
        index = end
    return "".join(out)


def _bold_marks(line: Sequence[Glyph], fonts: DocumentFonts) -> list[bool]:
    """For each glyph, whether its boldness marks emphasis (it is bold, in a script whose
    bold means something in this document)."""
    if fonts.bold_marks and fonts.bold_marks_cjk:
        return list(map(_BOLD, line))
    return [
        glyph.bold and (fonts.bold_marks_cjk if _is_cjk(glyph.char) else fonts.bold_marks)
        for glyph in line
    ]


def without_page_number(page: list[list[Glyph]], number: int) -> list[list[Glyph]]:
    """The page's lines without its last line when that line is the page's number alone, as
    LaTeX's page styles set it at the foot of every page (read as text, a lone ``1`` would
    open the first entry of the next page).

    >>> page = [[Glyph(c, 10.0) for c in "Toy title"], [Glyph("2", 10.0)]]
    >>> [len(line) for line in without_page_number(page, 2)], len(without_page_number(page, 3))
    ([9], 2)
    """
    last = len(page) - 1
    while last >= 0 and not _text(page[last]).strip():
        last -= 1
    if last >= 0 and _text(page[last]).strip() == str(number):
        return page[:last] + page[last + 1 :]
    return page


#: A running header or footer is at most this long.
MAX_RUNNING_MARK_CHARS = 100


def _mark_key(line: Sequence[Glyph]) -> str | None:
    """The text of a line that may be a running mark; None for a line too long for one or
    without a letter. Copies must match whole: a mark whose page number changes is found
    after cleaning (``clean.breaks.blank_running_marks``), and two pages may well end with
    two venue lines alike but for their numbers."""
    text = " ".join(_text(line).split())
    if not text or len(text) > MAX_RUNNING_MARK_CHARS or not any(c.isalpha() for c in text):
        return None
    return text


def without_running_marks(pages: list[list[list[Glyph]]]) -> list[list[list[Glyph]]]:
    """The pages without the running footer and header a word processor or LaTeX repeats on
    every page (``Curriculum Vitae · updated May 2026``, ``Ann Lee — CV``): the last line of
    two pages or more with the same text, on every page that ends with it;
    and the first line of a page after the first that another page after the first, or the
    first page, opens with too (the first page keeps it: there it is the CV's own head).
    Each is left out, so that it joins no entry and an entry that runs over the page break
    reads on (a footer's "updated May 2026" is no year of the last paper on its page).

    >>> def page(*texts): return [[Glyph(c, 10.0) for c in t] for t in texts]
    >>> pages = [page("Ann Lee", "Toy kites", "CV 2026"), page("Ann Lee", "Fast toys", "CV 2026")]
    >>> [[_text(line) for line in p] for p in without_running_marks(pages)]
    [['Ann Lee', 'Toy kites'], ['Fast toys']]
    >>> one = [page("Ann Lee", "Toy kites", "Ann Lee")]
    >>> without_running_marks(one) == one
    True
    """
    if len(pages) < 2:
        return pages
    lasts = [_edge(page, -1) for page in pages]
    firsts = [_edge(page, 0) for page in pages]
    last_keys = Counter(key for _, key in lasts if key is not None)
    later_first_keys = Counter(key for _, key in firsts[1:] if key is not None)
    drop: list[set[int]] = [set() for _ in pages]
    for number, (index, key) in enumerate(lasts):
        if key is not None and last_keys[key] >= 2:
            drop[number].add(index)
    for number, (index, key) in enumerate(firsts[1:], 1):
        if key is not None and (later_first_keys[key] >= 2 or key == firsts[0][1]):
            drop[number].add(index)
    if not any(drop):
        return pages
    return [
        [line for i, line in enumerate(page) if i not in dropped]
        for page, dropped in zip(pages, drop, strict=True)
    ]


def _edge(page: Sequence[Sequence[Glyph]], end: int) -> tuple[int, str | None]:
    """The index and mark key of the page's first (``end`` 0) or last (-1) line with text."""
    order = range(len(page)) if end == 0 else range(len(page) - 1, -1, -1)
    for index in order:
        if _text(page[index]).strip():
            return index, _mark_key(page[index])
    return -1, None


def mark_pages(pages: Sequence[Sequence[Glyph]]) -> list[str]:
    """Every page's text, line by line, with fonts and margins written as markup.

    Returns one string per page, its lines joined by ``\\n``.
    """
    split = [
        join_right_fragments(
            join_table_rows(in_reading_order(join_raised_marks(split_lines(page))))
        )
        for page in pages
    ]
    fonts = measure_document(split)
    split = without_running_marks(
        [without_page_number(page, number) for number, page in enumerate(split, 1)]
    )
    out: list[str] = []
    for page in split:
        lines: list[str] = []
        for line in page:
            cut = _margin_split(line, fonts)
            if cut is not None:
                lines.append(mark_line(line[:cut], fonts).rstrip())
                lines.append(mark_line(line[cut:], fonts))
            else:
                lines.append(mark_line(line, fonts))
        out.append("\n".join(lines))
    return out


def read_page_glyphs(textpage: object) -> list[Glyph]:
    """The glyphs of one PDFium text page with their font size, boldness and left edge.

    One PDFium call per character finds its text object; the font facts of each text object
    are read once, and the name of each font once. Every call goes through pypdfium2's own
    bindings (``pypdfium2.raw``) with the types they declare; :mod:`ctypes` makes only the
    numbers PDFium writes back (the ``c_double`` edges here, see :class:`_FontFacts`), for
    which pypdfium2's raw calls take pointers. (Its ``PdfTextPage.get_charbox`` makes four
    numbers per call and raises where PDFium has no box.) A text object's identity is the
    bytes of the pointer pypdfium2 returns, the address it holds: each call returns a new
    pointer object (``PdfTextPage.get_textobj`` a new helper), and neither compares by the
    object it points to.
    """
    import pypdfium2.raw as pdfium_c  # heavy: imported with the first PDF

    raw = textpage.raw  # type: ignore[attr-defined]
    text = str(textpage.get_text_range())  # type: ignore[attr-defined]
    count = pdfium_c.FPDFText_CountChars(raw)
    fonts: dict[bytes, tuple[float, bool, int]] = {}
    left, right = ctypes.c_double(), ctypes.c_double()
    bottom, top = ctypes.c_double(), ctypes.c_double()
    box = [ctypes.pointer(edge) for edge in (left, right, bottom, top)]
    glyphs: list[Glyph] = []
    chars: Iterable[str] = text if len(text) == count else _unicode_chars(pdfium_c, raw, count)
    previous_key: bytes | None = None  # the text object whose left edge x is
    facts_key = b""  # the text object whose facts size, bold and kind are
    x = y = size = 0.0
    bold, kind = False, NOT_ICON
    last = ""  # the character of the glyph last kept, "" after a break
    text_object, char_box = pdfium_c.FPDFText_GetTextObject, pdfium_c.FPDFText_GetCharBox
    font_facts = _FontFacts(pdfium_c)
    make = tuple.__new__  # Glyph(...) without the named tuple's Python-level constructor
    for index, char in enumerate(chars):
        if char in _BREAKS:
            end = 0.0
            if char == " " and previous_key is not None:  # a space after a word: where it ends
                char_box(raw, index - 1, *box)
                end = right.value if isfinite(right.value) else 0.0
            glyphs.append(make(Glyph, (char, 0.0, False, end, NOT_ICON, 0.0)))
            previous_key = None  # the next word's left edge is read
            last = ""
            continue
        obj = text_object(raw, index)
        key = bytes(obj)  # the address it holds (zeros for none)
        if key != facts_key:  # a run of characters of one text object shares its facts
            facts = fonts.get(key)
            if facts is None:
                facts = fonts[key] = font_facts(obj)
            size, bold, kind = facts
            facts_key = key
        if char == last and is_wide(char):  # rare: a repeated CJK character
            near = OVERPRINT_EMS * size
            char_box(raw, index - 1, *box)
            before_x, before_y = left.value, bottom.value
            char_box(raw, index, *box)
            if abs(left.value - before_x) < near and abs(bottom.value - before_y) < near:
                continue  # printed over the one before it (a fake bold): one character
        if key != previous_key:  # a word or a text object starts: where is it?
            char_box(raw, index, *box)
            x = left.value if isfinite(left.value) else 0.0  # NaN from a damaged file
            y = (top.value + bottom.value) / 2
            y = y if isfinite(y) else 0.0
            previous_key = key
        glyphs.append(make(Glyph, (char, size, bold, x, kind, y)))
        last = char
    return glyphs


def _unicode_chars(pdfium_c: object, raw: object, count: int) -> list[str]:
    """Each character's code point as PDFium reads it; a space for none or for a number past
    Unicode's last (a damaged font's map)."""
    get = pdfium_c.FPDFText_GetUnicode  # type: ignore[attr-defined]
    return [
        chr(code) if 0 < (code := get(raw, index)) <= sys.maxunicode else " "
        for index in range(count)
    ]


class _FontFacts:
    """(size in points, bold, icon kind) of a text object; zeros when PDFium has none. A
    font's name is read once: a page sets many text objects in a few fonts.

    The raw calls, not pypdfium2's ``PdfTextObj``/``PdfFont`` helpers: those raise where
    PDFium has no size or weight, and read a name of any length as UTF-8, where a font name
    here is at most :data:`_FONT_NAME_BYTES` bytes of Latin-1 and a missing fact is a zero.
    :mod:`ctypes` makes what PDFium writes into (a ``c_float``, the matrix, a name buffer),
    which those raw calls take pointers to.
    """

    def __init__(self, pdfium_c: Any) -> None:
        self._pdfium = pdfium_c
        self._size = ctypes.c_float()
        self._matrix = pdfium_c.FS_MATRIX()
        self._size_at, self._matrix_at = ctypes.pointer(self._size), ctypes.pointer(self._matrix)
        self._name = ctypes.create_string_buffer(_FONT_NAME_BYTES)
        self._by_font: dict[bytes, tuple[bool, int]] = {}

    def __call__(self, obj: Any) -> tuple[float, bool, int]:
        pdfium_c = self._pdfium
        if not obj or not pdfium_c.FPDFTextObj_GetFontSize(obj, self._size_at):
            return 0.0, False, NOT_ICON
        scale = 1.0
        if pdfium_c.FPDFPageObj_GetMatrix(obj, self._matrix_at):
            matrix = self._matrix
            scale = (matrix.a * matrix.a + matrix.b * matrix.b) ** 0.5 or 1.0
        font = pdfium_c.FPDFTextObj_GetFont(obj)
        key = bytes(font)  # the address it holds
        named = self._by_font.get(key)
        if named is None:
            name, weight = "", -1
            if font:
                ctypes.memset(self._name, 0, _FONT_NAME_BYTES)  # a name too long is not written
                pdfium_c.FPDFFont_GetBaseFontName(font, self._name, _FONT_NAME_BYTES)
                name = self._name.value.decode("latin-1", "replace")
                weight = pdfium_c.FPDFFont_GetWeight(font)
            base = name.split("+", 1)[-1]
            icon = (
                MATH_SYMBOL_FONT
                if _MATH_SYMBOL_FONT_RE.search(base)
                else ICON_FONT
                if _ICON_FONT_RE.search(base)
                else NAMELESS_FONT
                if not base
                else NOT_ICON
            )
            named = self._by_font[key] = (is_bold_font(name, weight), icon)
        return _finite(round(self._size.value * scale, 1)), named[0], named[1]


#: Bytes read of a font's name (a longer name reads as none).
_FONT_NAME_BYTES = 128


def _finite(value: float) -> float:
    """``value``, or 0.0 (unknown) when it is not a finite number: a damaged file's text
    matrix can be NaN, which no position or size comparison may meet."""
    return value if isfinite(value) else 0.0
