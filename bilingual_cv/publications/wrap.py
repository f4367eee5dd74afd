"""Where a publication list's lines go on, and where its entries start, from the layout.

A PDF's text layer wraps every entry at the column's edge, and cleaning drops the hanging
indent, so the one cue left on a wrapped line is how the line before it looks:

- a line that ends in the middle of a sentence (a comma, ``&``, a function word such as
  ``of`` or ``In``) goes on over the next line (:func:`ends_open`);
- a line that fills the column and ends in a word was wrapped there (:func:`column_width`
  finds the column when the list is wrapped);
- a blank line ends an entry in a list whose blank-separated blocks each hold an entry
  (:func:`blank_separated`).

:func:`layout_cues` gives one decision per line of an untagged list: it goes on the entry
above (:data:`GOES_ON`), it opens an entry (:data:`OPENS`), or the layout says nothing
(None) and the line's role decides.
"""

from __future__ import annotations

import re
import string
import unicodedata
from bisect import bisect_right
from collections.abc import Sequence
from itertools import pairwise

from bilingual_cv.lang.dates import YEAR_RE
from bilingual_cv.lang.scripts import HAN
from bilingual_cv.lines import Line
from bilingual_cv.publications.year import SHORT_YEAR_RE

#: What the layout says of a line: it goes on the entry above, or it opens an entry.
GOES_ON, OPENS = "goes_on", "opens"

#: A line ending with one of these goes on over the next line (an author list or a title cut
#: at a comma, an ``&`` before the last author, a colon before a subtitle or pages, an opened
#: bracket or quote, a range's dash).
_OPEN_END_CHARS = ",，、;；:：&(（[“‘-–—"
#: Words no sentence ends with: a line ending with one was wrapped mid-sentence
#: (``... (pp. 154–169). In`` / ``Proceedings of the ...``).
_OPEN_END_WORDS = frozenset(
    ("a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "the", "to", "via", "with")
    + ("under", "using", "towards", "toward")
)
#: The letters that end a text (before spaces). Led by a letter that follows no letter, and
#: possessive: the plain ``([A-Za-z]+)\s*$`` is tried at every letter of the text.
_LAST_WORD_RE = re.compile(r"([A-Za-z](?<![A-Za-z][A-Za-z])[A-Za-z]*+)\s*$")
#: A letter run glued after one of these ends a code (``64079.X``, ``12b``), not a word.
_CODE_CHARS = ".0123456789"
_LAST_HAN_RE = re.compile(rf"[{HAN}]\s*$")


def _last_word(text: str) -> re.Match[str] | None:
    """:data:`_LAST_WORD_RE` in ``text``, searched for only where a match can start.

    A match's letters end where the text's closing spaces begin (``\\s`` and ``str.rstrip``
    take the same characters as spaces) and start after the last character before them that
    is no Latin letter: the one place to try, instead of every word of the text.

    >>> _last_word("Toys in").group(1), _last_word("Toy Kites  ").group(1), _last_word("Toys 2") is None
    ('in', 'Kites', True)
    """
    return _LAST_WORD_RE.search(text, len(text.rstrip().rstrip(string.ascii_letters)))


def ends_open(text: str) -> bool:
    """The line stops in the middle of a sentence: the next line goes on with it.

    >>> [ends_open(t) for t in ["Lee, A., Wu, B., &", "(pp. 1–9). In", "Ann Lee, Bo Wu,"]]
    [True, True, True]
    >>> [ends_open(t) for t in ["IEEE TPDS, 2023.", "Fast Toys for Slow Networks", "SOSP'23"]]
    [False, False, False]
    """
    text = text.rstrip()
    if not text:
        return False
    if text[-1] in _OPEN_END_CHARS:
        return True
    word = _last_word(text)
    return word is not None and word.group(1).casefold() in _OPEN_END_WORDS


def ends_in_word(text: str) -> bool:
    """The line ends in a word: letters after a space (or Han characters), with no full
    stop, bracket or number closing it (the line may have been wrapped there). A letter
    glued to a number or a stop (``202010064079.X``, ``No. 3b``) ends a code, not a word.

    >>> [ends_in_word(t) for t in ["Formal Techniques for Distributed", "(ALT).", "2023", "64079.X"]]
    [True, False, False, False]
    """
    word = _last_word(text)
    if word is not None:
        glued = text[word.start() - 1 : word.start()]
        return not glued or glued not in _CODE_CHARS
    # a match is the last character before the closing spaces, and those spaces (see _last_word)
    return _LAST_HAN_RE.match(text, max(0, len(text.rstrip()) - 1)) is not None


def display_width(text: str) -> int:
    """Columns the text takes: two for a wide (CJK) character, one for any other.

    >>> display_width("Ann Lee"), display_width("李安")
    (7, 4)
    """
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


#: A line wrapped at the column's edge could not take the next line's first word within this
#: share of the column's width (character counts only estimate a proportional font's widths).
WRAP_SHARE = 0.9
#: A column is narrower than this many characters nowhere in a wrapped list.
MIN_COLUMN = 40
#: The first word of a line: a Han character alone (Chinese wraps between any two), or the
#: characters up to a space or a Han character.
_FIRST_WORD_RE = re.compile(rf"[{HAN}]|[^\s{HAN}]+")


#: A line over this many times its column's width is no line of that column.
MAX_JOINED_SHARE = 2.5


def is_wrapped(before: Line, line: Line, column: int) -> bool:
    """``before`` was full: the first word of ``line`` would not have fitted on it (within
    :data:`WRAP_SHARE` of the column), so the break may be the column's edge.

    >>> is_wrapped(Line(1, "Ann Lee, Bo Wu. Fast toys for"), Line(2, "slow networks."), 30)
    True
    >>> is_wrapped(Line(1, "Ann Lee. Toys."), Line(2, "Bo Wu. Games."), 30)
    False
    """
    width = display_width(before.text.rstrip())
    if width > MAX_JOINED_SHARE * column:
        # a whole entry on one line: no line of this column (two full lines that a broken
        # word joined are about twice its width, and wrapped still)
        return False
    word = _FIRST_WORD_RE.search(line.text)
    following = display_width(word.group(0)) if word else 0
    return width + 1 + following > WRAP_SHARE * column


def column_width(lines: Sequence[Line]) -> int | None:
    """The width of the column a wrapped list was set in (:func:`_full_width` of its distinct
    lines); None when the list is not wrapped.

    A list is wrapped when its lines that end in a word end there because they were full
    (:func:`is_wrapped`) more than twice as often as they end short, and at least two do: a wrapped paragraph breaks in a word only
    at the column's edge, while a list of one line per entry that ends its entries without a
    full stop does so at every length.

    >>> wrapped = ["Ann Lee, Bo Wu. Fast toys for slow networks. In Proceedings of",
    ...            "the Symposium on Toys (SoT), 2023.",
    ...            "Cy Ma. Learned toys. In Proceedings of the International Conference",
    ...            "on Toys (ICT), 2021."]
    >>> column_width([Line(i, t) for i, t in enumerate(wrapped)])
    67
    >>> column_width([Line(1, "Ann Lee. Fast toys. SoT, 2023."), Line(2, "Cy Ma. Toys. ICT")]) is None
    True
    """
    # a line written again and again (the same author list under every title) is one line
    widest = _full_width([display_width(text) for text in {line.text for line in lines}])
    if widest < MIN_COLUMN:
        return None
    full = short = 0
    for before, line in zip(lines, [*lines[1:], None], strict=True):
        if ends_in_word(before.text) or ends_open(before.text):
            if line is not None and is_wrapped(before, line, widest):
                full += 1
            else:
                short += 1  # the last line ends a paragraph whatever its length
    return widest if full >= 2 and full > 2 * short else None


#: Lines at least this share of a width are set full to it.
_FULL_SHARE = 0.9


def _full_width(widths: Sequence[int]) -> int:
    """The column's edge: of the widest widths, the one that most lines reach (within
    :data:`_FULL_SHARE` of it). Some lines are wider than the column they were set in: a line
    that a word broken at its end was joined to ("Privacy-" / "preserving ..."), a line in
    smaller type, a line with a right column; they set no edge. A list with no three lines at
    one width keeps its widest (and a line over twice the edge is a whole entry: see
    :func:`is_wrapped`).

    >>> _full_width([60, 58, 59, 30, 95, 61]), _full_width([60, 20]), _full_width([])
    (61, 60, 0)
    >>> _full_width([250, 120, 90, 180, 66, 64, 65]), _full_width([100, 90, 70, 66])
    (66, 100)
    """
    ordered = sorted(widths, reverse=True)
    if not ordered:
        return 0
    negated = [-width for width in ordered]  # ascending, for bisect
    best, best_count = ordered[0], 1
    for index, width in enumerate(ordered[:_WIDTH_PROBES]):
        count = bisect_right(negated, -_FULL_SHARE * width) - index  # lines in [0.9 w, w]
        if count > best_count:
            best, best_count = width, count
    return best if best_count >= _MIN_FULL_LINES else ordered[0]


#: An edge is where at least this many lines end.
_MIN_FULL_LINES = 3
#: Only the widest lines are tried as the column's edge.
_WIDTH_PROBES = 8


def blank_separated(blocks: Sequence[Sequence[Line]]) -> bool:
    """The list's blank lines separate its entries: there are at least three blocks, and
    most of them hold a year, as a whole entry does (blank lines inside entries, between a
    title and its authors, leave blocks without one).

    >>> entry = [Line(1, "Ann Lee. Toys. SoT, 2023.")]
    >>> blank_separated([entry, entry, entry]), blank_separated([[Line(1, "Toys")], entry, [Line(3, "Toys")]])
    (True, False)
    """
    if len(blocks) < 3:
        return False
    dated = sum(
        any(YEAR_RE.search(line.text) or SHORT_YEAR_RE.search(line.text) for line in block)
        for block in blocks
    )
    return 3 * dated >= 2 * len(blocks)


#: What ends a sentence at a line's end.
_SENTENCE_ENDS = ".。!?！？"


def _goes_on_in_brackets(before: str, text: str) -> bool:
    """After a full line that ended without a full stop (``... Analysis (ISSTA)``), a line
    that opens with a bracket or a number (``(pp. 416–432).``) is the rest of the sentence:
    no entry of an untagged list opens like that.

    >>> _goes_on_in_brackets("Symposium on Toys (SoT)", "(pp. 1–9)."), _goes_on_in_brackets("(SoT).", "(pp. 1–9).")
    (True, False)
    """
    return not before.rstrip().endswith(tuple(_SENTENCE_ENDS)) and text.lstrip()[:1] in _OPENERS


#: A line opening with one of these is the rest of a sentence after a full line.
_OPENERS = "(（0123456789"


def layout_cues(lines: Sequence[Line], after_blank: frozenset[int]) -> list[str | None]:
    """One cue per line of an untagged list: :data:`GOES_ON`, :data:`OPENS` or None.

    ``after_blank`` holds the numbers of the lines a blank line stands above.

    >>> text = ["Ann Lee, Bo Wu. Fast toys for slow networks. In Proceedings of the",
    ...         "Objects, Components, and Systems Conference (OCS), 2023.",
    ...         "Cy Ma. Learned toys. In Proceedings of the International Conference on",
    ...         "Toys (ICT), 2021."]
    >>> layout_cues([Line(i, t) for i, t in enumerate(text)], frozenset())
    [None, 'goes_on', None, 'goes_on']
    """
    column = column_width(lines)
    blocks: list[list[Line]] = []
    for line in lines:
        if not blocks or line.no in after_blank:
            blocks.append([])
        blocks[-1].append(line)
    blanks = blank_separated(blocks)
    cues: list[str | None] = [None]
    for before, line in pairwise(lines):
        if blanks and line.no in after_blank:
            cues.append(OPENS)  # blank lines separate this list's entries, whatever the widths
        elif ends_open(before.text) or (
            column is not None
            and is_wrapped(before, line, column)
            and (ends_in_word(before.text) or _goes_on_in_brackets(before.text, line.text))
        ):
            cues.append(GOES_ON)
        else:
            cues.append(None)
    return cues
