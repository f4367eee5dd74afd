"""Cleaning of PDF-extracted text: the stage that runs every fix over a document, in order.

Per-line fixes are ``str -> str`` and run in the order of
:data:`~bilingual_cv.clean.fixes.LINE_FIXES`; a fix may break a line in two (by returning a
newline), and every resulting line keeps the number of the input line it came from
(``Line.origin``). Then markdown emphasis and headings are stripped while their positions are
kept on the :class:`~bilingual_cv.lines.Line` (``md_level``, ``bold``), bullets are removed
(``bullet``), hyphenated line breaks are joined, and Traditional Chinese is folded to
Simplified once, by OpenCC. :class:`Unfolder` gives back the printed characters for text
read from the folded copy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from bilingual_cv.clean.breaks import (
    blank_lone_bullets,
    blank_page_numbers,
    blank_running_marks,
    join_hyphenated,
    join_wrapped_dates,
)
from bilingual_cv.clean.fixes import apply_line_fixes
from bilingual_cv.clean.fold import Script, detect_script, fold_traditional
from bilingual_cv.clean.markup import strip_markup
from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lines import Line


@dataclass(frozen=True, slots=True)
class CleanText:
    """The cleaned lines of a document and what cleaning found out about it."""

    lines: tuple[Line, ...]
    script: Script
    folded: bool
    #: The lines' text as printed, before folding (empty when nothing was folded).
    printed: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


def _never_compound(word: str) -> bool:
    return False


def clean_text(text: str, is_compound: Callable[[str], bool] = _never_compound) -> CleanText:
    """Run every fix over a document and number the resulting lines.

    >>> cleaned = clean_text("## **Education**\\n學歷\\n- · Ph.D., 2019")
    >>> [(l.no, l.text, l.origin, l.md_level, l.bullet) for l in cleaned.lines]
    [(1, 'Education', 1, 2, False), (2, '学历', 2, 0, False), (3, 'Ph.D., 2019', 3, 0, True)]
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    pieces: list[Line] = []
    for origin, fixed in enumerate(apply_line_fixes(text), start=1):
        for part in fixed.split("\n") if "\n" in fixed else (fixed,):
            body, level, bold, italic, bullet = strip_markup(part)
            indent = len(part) - len(part.lstrip(" ")) if body else 0
            # numbered by position already: a line no later step moves keeps its object
            pieces.append(Line(len(pieces) + 1, body, origin, level, bold, bullet, italic, indent))
    pieces = blank_running_marks(blank_lone_bullets(blank_page_numbers(pieces)))
    pieces = join_wrapped_dates(join_hyphenated(pieces, is_compound))
    printed_lines = [line.text for line in pieces]
    original = "\n".join(printed_lines)
    folded = fold_traditional(original)
    script = detect_script(original, folded)
    changed = folded != original
    folded_lines = folded.split("\n") if changed else printed_lines
    lines = tuple(
        line if line.no == no and line.text == new_text else line.with_text(new_text, no)
        for no, (line, new_text) in enumerate(zip(pieces, folded_lines, strict=True), start=1)
    )
    printed = tuple(printed_lines) if changed else ()
    return CleanText(lines=lines, script=script, folded=changed, printed=printed)


#: Up to this size a folded document is searched for each output string (beyond, the
#: document's character pairs alone unfold, so the cost stays linear).
MAX_POSITION_UNFOLD_CHARS = 200_000


class Unfolder:
    """Gives back the characters a CV printed for text read from its folded copy.

    Matching runs on Simplified text, but every output field keeps the script the CV was
    written in (學歷 stays 學歷). A string found in the folded document is replaced by the
    printed text at the same place; any other string (a title joined from two lines) is
    mapped character by character, with the Traditional character this document folded to
    each Simplified one.

    >>> cleaned = clean_text("學歷\\n國立臺灣大學 資訊工程學系 博士")
    >>> unfold = Unfolder(cleaned)
    >>> unfold("学历"), unfold("国立台湾大学"), unfold("资讯工程 学系"), unfold("Ph.D.")
    ('學歷', '國立臺灣大學', '資訊工程 學系', 'Ph.D.')
    """

    def __init__(self, cleaned: CleanText) -> None:
        folded = [line.text for line in cleaned.lines]
        printed = list(cleaned.printed) or folded
        aligned = [len(f) == len(p) for f, p in zip(folded, printed, strict=True)]
        self._folded = "\n".join(f if ok else "" for f, ok in zip(folded, aligned, strict=True))
        self._printed = "\n".join(p if ok else "" for p, ok in zip(printed, aligned, strict=True))
        pairs: dict[str, dict[str, int]] = {}
        # every (folded, printed) character pair of the aligned lines, counted in one pass
        for (f_char, p_char), n in Counter(zip(self._folded, self._printed)).items():
            if CJK_RE.match(f_char):
                pairs.setdefault(f_char, {})[p_char] = n
        # the printed character a folded one most often stands for ("台" printed as 台 and
        # as 臺 folds to 台 both times: the more frequent wins)
        chars = {f: max(c, key=lambda k: (c[k], k)) for f, c in pairs.items()}
        self._chars = {f: p for f, p in chars.items() if f != p}
        self._table = str.maketrans(self._chars)  # the same map, for str.translate
        #: Folded characters printed otherwise somewhere: a text with none of them is the
        #: same folded and printed, wherever it stands.
        self._changed = frozenset(f for f, c in pairs.items() if any(p != f for p in c))
        self.active = bool(self._chars)

    def __call__(self, text: str) -> str:
        if not self.active or self._changed.isdisjoint(text):
            return text
        return "\n".join(self._unfold_line(piece) for piece in text.split("\n"))

    def _unfold_line(self, text: str) -> str:
        small = len(self._folded) <= MAX_POSITION_UNFOLD_CHARS
        at = self._folded.find(text) if text and small else -1
        if at >= 0:
            return self._printed[at : at + len(text)]
        return text.translate(self._table)
