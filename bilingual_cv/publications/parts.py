"""The pieces of one entry while it is read.

:class:`Parts` holds title, authors, venue text, notes, years and tags before they become a
Publication; :class:`Text` is the entry's lines joined (:func:`join_lines`) with their bold
spans; and the measures the readers share live here: memo sizes, the shortest title, a
sentence end inside an entry.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bilingual_cv.clean import ITALIC_RE as _ITALIC_RE
from bilingual_cv.clean import unwrap_spans
from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lines import Line, Span

#: Entries kept by the memo caches of the package's pure helpers (names and lines recur: an
#: owner's name is in every entry, a venue line in many CVs).
MEMO_SIZE = 8192
#: Longer strings are never memoized, so pathological input cannot pin memory.
MEMO_MAX_CHARS = 2000


#: A sentence end inside an entry: ``.?!`` not after a space, a point or a lone capital (an
#: initial), with the spaces after it; ``。``; spaces after ``?!``; a closing quote after
#: ``.?!`` with the spaces after it (``"Title." Venue``: the quote is cut with them). (Led by
#: the class of its first characters, so that it is scanned for; the plain form is in
#: tests/test_regex_forms.py.)
SENTENCE_END_RE = re.compile(
    r"[.?!。\s\"”](?:(?<=[.?!])(?<![\s.][.?!])(?<!\b[A-Z][.?!])\s+|(?<=。)\s*|(?<=[?!]\s)\s*"
    r"|(?<=[.?!][\"”])\s+)"
)


@dataclass(frozen=True, slots=True)
class Text:
    """A joined entry text with its bold spans, so authors in bold can be found."""

    text: str
    bold: tuple[Span, ...] = ()

    def is_bold(self, start: int, end: int) -> bool:
        return any(s <= start and end <= e and e > s for s, e in self.bold)


def join_lines(lines: Sequence[Line]) -> Text:
    """Join lines with spaces (no space after a hyphen break), keeping bold spans.

    >>> join_lines([Line(1, "Ann Lee,", bold=((0, 7),)), Line(2, "Bo Wu")]).text
    'Ann Lee, Bo Wu'
    """
    parts: list[str] = []
    bold: list[Span] = []
    length = 0
    for line in lines:
        piece = line.text.strip()
        if not piece:
            continue
        if parts:
            glued = parts[-1].endswith("-") and piece[:1].islower()
            han = bool(CJK_RE.match(parts[-1][-1])) and (
                bool(CJK_RE.match(piece[0])) or piece[0] in ",，、"
            )
            sep = "" if glued or han else " "  # Chinese lines wrap without a space
            parts.append(sep)
            length += len(sep)
        offset = length + (len(line.text) - len(line.text.lstrip()))
        bold.extend((offset + s, offset + e) for s, e in line.bold)
        parts.append(piece)
        length += len(piece)
    text = "".join(parts)
    if "*" in text:  # italics that a PDF extractor broke over two lines
        text, _, shifted = unwrap_spans(text, _ITALIC_RE, 1, tuple(bold))
        return Text(text, shifted)
    return Text(text, tuple(bold))


@dataclass(slots=True)
class Parts:
    """The pieces of one entry before they become a Publication."""

    title: str | None = None
    authors: list[str] = field(default_factory=list)
    bold_authors: list[int] = field(default_factory=list)
    venue: str | None = None
    notes: list[str] = field(default_factory=list)
    type_code: str | None = None
    patent_year: int | None = None
    leading_year: int | None = None
    #: The venue tag the entry opens with (``NSDI'24``, ``[AACL 2022]``), as written.
    venue_tag: str | None = None
    #: The venue tag stood in a left margin column: its year is the entry's only when the
    #: entry's text states none (a bracketed tag's year wins over the text's).
    tag_in_margin: bool = False
    #: The owner's place stated in words (``第一作者``), for entries with no author list;
    #: 0 when the words name no single place (``共同第一作者``).
    stated_position: int | None = None
    #: A note in brackets right after the author list (``(corresponding author)``,
    #: ``(*: equal contribution)``): what the list's marks mean for this entry.
    author_note: str | None = None
    #: The title closed with words that say the entry is a patent (``[发明,已授权]``,
    #: ``invention patent``).
    stated_patent: bool = False
    #: The kind a label of an intellectual-property item names (``Software Copyright:``).
    label_kind: str | None = None
    #: The venue text said the work was shown there as a poster (``Poster presented at:``).
    poster: bool = False
    #: The venue text as printed, when words before the venue's name were moved to the notes
    #: (``Paper presented at the Toy Meeting``): the record's ``venue.raw``.
    venue_printed: str | None = None


#: A title is at least this long (characters); shorter text after the authors is no title.
MIN_TITLE_CHARS = 10
